/**
 * The optimizer's "service" projections on the full nfl data in the memory store (nfl ingested
 * from SPORTS_DATA_DIR, default ../shared/data, with the DraftKings 2025 week 1 slate, 720
 * players): the time of the service's projection of every linked player of the slate read one
 * player at a time (Analytics `projection` per player: the baseline, what the optimizer did
 * before) against a 1-lineup optimize with projections "service" (one batched read of the lines
 * before the slate and one of the injury reports, then the solve) and a 1-lineup optimize with a
 * projections map of the same players (the solve alone). Times are reported, never asserted.
 *
 * Run: `npx tsx bench/dfs-projections.ts`.
 * @module
 */
import { Analytics, Dfs } from "@sports-data/app"
import { DfsReader } from "@sports-data/domain"
import { Progress, Runner } from "@sports-data/ingest"
import { layer as memoryStore } from "@sports-data/store-memory"
import { HighsSolverLive } from "@sports-data/wiring"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const dataDir = resolve(process.env["SPORTS_DATA_DIR"] ?? resolve(root, "../shared/data"))
const out = (text: string) => Effect.sync(() => void process.stdout.write(`${text}\n`))
const SLATE = "draftkings-nfl-2025-09-07-classic"

const program = Effect.gen(function*() {
  const t0 = performance.now()
  yield* Runner.runIngest({ sports: ["nfl"], dataDir })
  yield* out(`nfl ingested from ${dataDir} in ${((performance.now() - t0) / 1000).toFixed(0)} s`)
  const rows = yield* (yield* DfsReader).salaries(SLATE)
  const linked = rows.filter((r) => r.player_id !== null)
  const analytics = yield* Analytics
  const dfs = yield* Dfs
  const t1 = performance.now()
  const perPlayer = yield* Effect.forEach(linked, (r) =>
    analytics.projection("nfl", r.player_id!, 1, undefined).pipe(
      Effect.map((p) => p.weeks[0]?.projected_points ?? null),
      Effect.catchTag("ResourceNotFound", () => Effect.succeed(null))
    ))
  const baseline = performance.now() - t1
  const request = { slate_id: SLATE, lineups: 1, locks: [], excludes: [], max_exposure: 1, min_salary: undefined }
  const t2 = performance.now()
  const service = yield* dfs.optimize({ ...request, projections: "service" })
  const batched = performance.now() - t2
  const map = Object.fromEntries(rows.map((r) => [r.platform_player_id, r.avg_points_per_game ?? 0]))
  const t3 = performance.now()
  yield* dfs.optimize({ ...request, projections: map })
  const solveOnly = performance.now() - t3
  yield* out(
    `slate ${SLATE}: ${rows.length} players, ${linked.length} linked (${
      perPlayer.filter((p) => p !== null).length
    } with a projection as of today); ${service.without_projection.length} without a projection as of the slate`
  )
  yield* out(
    `per-player projections (baseline): ${baseline.toFixed(0)} ms; optimize with "service" (batched read + solve): ${
      batched.toFixed(0)
    } ms; optimize with a map (solve only): ${solveOnly.toFixed(0)} ms; ratio service / baseline = ${
      (batched / baseline).toFixed(3)
    }`
  )
})

program.pipe(
  Effect.provide(
    Layer.mergeAll(Analytics.Default, Dfs.Default).pipe(Layer.provide(HighsSolverLive), Layer.provideMerge(memoryStore))
  ),
  Effect.provide(Progress.silent),
  Logger.withMinimumLogLevel(LogLevel.Warning),
  Effect.runPromise
).catch((e) => {
  process.stderr.write(`${String(e)}\n`)
  process.exit(1)
})

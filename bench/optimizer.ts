/**
 * The lineup optimizer on the real DraftKings slates: the nfl 2025 week 1 Classic slate
 * (uruley_4horsemendfs/DKSalaries.csv, 720 players) and the golf Rocket Classic Classic slate of
 * 2026-07-30 (925sports_pga_tour_data/dk_salaries_history.csv), read by the DFS ingest's parsers
 * from SPORTS_DATA_DIR (default ../shared/data). Times the solve of 1 lineup (the baseline) and of
 * 20 distinct lineups (HiGHS, exact 0-1 programs) and prints 20 lineups against 20 times the
 * baseline, and the longest event-loop stall during the 20 lineups (the longest gap between
 * the ticks of a 5 ms interval timer), each with the solver in the calling thread (the
 * baseline, HighsSolverInThread) and in its worker thread (HighsSolverLive, what the server
 * runs). Projections: nfl uses DraftKings' own AvgPointsPerGame of each row; the service holds
 * no golf projections, so golf uses a stand-in spread (salary / 1000 times 1 + (draftable id mod 7)
 * / 20) that only exercises the solver. Times are reported, never asserted.
 *
 * Run: `npx tsx bench/optimizer.ts` (or `npm run bench -- optimizer`).
 * @module
 */
import { Optimizer } from "@sports-data/app"
import { Dfs } from "@sports-data/domain"
import { MipSolver } from "@sports-data/domain"
import { Dfs as DfsIngest, Progress } from "@sports-data/ingest"
import { HighsSolverInThread, HighsSolverLive } from "@sports-data/wiring"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const dataDir = resolve(process.env["SPORTS_DATA_DIR"] ?? resolve(root, "../shared/data"))
const out = (text: string) => Effect.sync(() => void process.stdout.write(`${text}\n`))
const ms = (start: number) => performance.now() - start

/** Times 1 lineup, then 20, of `pool` under `rules`; prints both and the ratio. */
const run = (label: string, pool: ReadonlyArray<Dfs.PoolPlayer>, rules: Dfs.RosterRules) =>
  Effect.gen(function*() {
    const request = { pool, rules, locks: [], maxExposure: 1, minSalary: undefined }
    yield* Optimizer.optimize({ ...request, lineups: 1 }) // warm the WebAssembly module
    const t1 = performance.now()
    const one = yield* Optimizer.optimize({ ...request, lineups: 1 })
    const single = ms(t1)
    let last = performance.now()
    let stall = 0
    const sampler = setInterval(() => {
      const now = performance.now()
      stall = Math.max(stall, now - last)
      last = now
    }, 5)
    const t20 = performance.now()
    const twenty = yield* Optimizer.optimize({ ...request, lineups: 20 })
    const all = ms(t20)
    // let the sampler fire once more: a loop blocked to the end shows as one long gap
    yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 20)))
    clearInterval(sampler)
    const found = twenty._tag === "Solved" ? twenty.lineups.length : 0
    const best = one._tag === "Solved" ? one.lineups[0]?.points : undefined
    const kept = Dfs.prunePool({ ...request, lineups: 20 }).length
    yield* out(
      `${label}: ${pool.length} players (${kept} after dominance pruning for 20 lineups); 1 lineup ${
        single.toFixed(0)
      } ms (best ${best} points); ` +
        `20 lineups ${all.toFixed(0)} ms (${found} found, ${(all / 20).toFixed(0)} ms each); ` +
        `ratio 20 lineups / (20 x 1 lineup) = ${(all / (20 * single)).toFixed(2)}; ` +
        `longest event-loop stall during the 20: ${stall.toFixed(0)} ms`
    )
  })

/** The solvers compared: in the calling thread (baseline) and in a worker thread (the server's). */
const solvers: ReadonlyArray<readonly [string, Layer.Layer<MipSolver>]> = [
  ["in-thread", HighsSolverInThread],
  ["worker", HighsSolverLive]
]

const program = Effect.gen(function*() {
  yield* out(`data: ${dataDir}`)
  const nflFile = join(dataDir, "uruley_4horsemendfs", "DKSalaries.csv")
  const nflRows = yield* DfsIngest.readNfl(nflFile)
  const nfl = DfsIngest.buildNflSlate(nflRows, [], 1)
  const nflPool = nfl.salaries.map((s) => ({
    key: s.platform_player_id,
    position: s.position,
    salary: s.salary,
    game: s.game,
    projection: s.avg_points_per_game ?? 0
  }))
  const golfRows = yield* DfsIngest.readGolf(join(dataDir, "925sports_pga_tour_data", "dk_salaries_history.csv"))
  const golf = DfsIngest.buildGolfSlates(golfRows, [])
  const slate = golf.slates.find((s) => s.id === "draftkings-golf-2026-07-30-rocket-classic-classic")!
  const golfPool = golf.salaries.filter((s) => s.slate_id === slate.id).map((s) => ({
    key: s.platform_player_id,
    position: s.position,
    salary: s.salary,
    game: s.game,
    projection: (s.salary / 1000) * (1 + (Number(s.platform_player_id) % 7) / 20)
  }))
  for (const [name, layer] of solvers) {
    yield* Effect.scoped(
      Effect.gen(function*() {
        const solver = yield* Layer.build(layer)
        yield* run(`[${name}] nfl 2025 week 1 Classic`, nflPool, Dfs.draftKingsNflClassic).pipe(
          Effect.provide(solver)
        )
        yield* run(`[${name}] golf Rocket Classic Classic`, golfPool, Dfs.draftKingsGolfClassic).pipe(
          Effect.provide(solver)
        )
      })
    )
  }
})

program.pipe(
  Effect.provide(Progress.silent),
  Logger.withMinimumLogLevel(LogLevel.Warning),
  Effect.runPromise
).catch((e) => {
  process.stderr.write(`${String(e)}\n`)
  process.exit(1)
})

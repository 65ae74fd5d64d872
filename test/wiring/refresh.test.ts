/**
 * Keeping the store current (packages/wiring/src/Refresh.ts): a sport is stale until ingested,
 * and again when one of its source files changes; the background loop picks the change up.
 */
import { describe, expect, it } from "@effect/vitest"
import { CatalogReader, PlayerMetricsReader, PlayerMetricsWriter, PlayerReader } from "@sports-data/domain"
import { Progress, Runner } from "@sports-data/ingest"
import * as StoreMemory from "@sports-data/store-memory"
import { backfillMetrics, RefreshLive, staleSports } from "@sports-data/wiring"
import { Effect, Layer, Option, Schedule } from "effect"
import { cpSync, mkdtempSync, rmSync, utimesSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const fixtures = fileURLToPath(new URL("../fixtures/nfl", import.meta.url))

/** A private copy of the nfl fixtures (their modification times are changed by the tests). */
const copyOfFixtures = Effect.acquireRelease(
  Effect.sync(() => {
    const dir = mkdtempSync(join(tmpdir(), "refresh-"))
    cpSync(fixtures, dir, { recursive: true })
    return dir
  }),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
)

/** Marks a source file of the nfl adapter as modified one minute from now. */
const touch = (dir: string) => {
  const later = new Date(Date.now() + 60_000)
  utimesSync(join(dir, "spreadspoke_nfl", "spreadspoke_scores.csv"), later, later)
}

describe("staleSports", () => {
  it.scoped("a sport is stale until ingested, then again when a source file changes", () =>
    Effect.gen(function*() {
      const dir = yield* copyOfFixtures
      const before = yield* staleSports(dir)
      expect(before.stale.find((s) => s.sport === "nfl")).toEqual({ sport: "nfl", reason: "never ingested" })

      yield* Runner.runIngest({ sports: ["nfl"], dataDir: dir }).pipe(Effect.provide(Progress.silent))
      const after = yield* staleSports(dir)
      expect(after.stale.map((s) => s.sport)).not.toContain("nfl")

      touch(dir)
      const changed = yield* staleSports(dir)
      expect(changed.stale.find((s) => s.sport === "nfl")).toEqual({ sport: "nfl", reason: "source files changed" })
    }).pipe(Effect.provide(StoreMemory.layer)))
})

describe("RefreshLive", () => {
  it.scopedLive(
    "ingests at start when immediate, and again after a source file changes (unchanged content: no new finished_at)",
    () =>
      Effect.gen(function*() {
        const dir = yield* copyOfFixtures
        const context = yield* Layer.build(
          RefreshLive({ dataDir: dir, interval: "100 millis", immediate: true }).pipe(
            Layer.provideMerge(StoreMemory.layer)
          )
        )
        const catalog = yield* Effect.provide(CatalogReader, context)
        const players = yield* Effect.provide(PlayerReader, context)
        const state = catalog.ingestState("nfl").pipe(
          Effect.flatMap(Option.match({ onNone: () => Effect.fail("not yet" as const), onSome: Effect.succeed }))
        )
        const poll = Schedule.intersect(Schedule.spaced("50 millis"), Schedule.recurs(400))

        const first = yield* Effect.retry(state, poll)
        expect((yield* players.find({ sport: "nfl", limit: 1, offset: 0 })).total).toBeGreaterThan(0)

        touch(dir)
        const second = yield* Effect.retry(
          Effect.filterOrFail(state, (s) => s.source_mtime_ms > first.source_mtime_ms, () => "not yet" as const),
          poll
        )
        // the files were read again; they held nothing new, so the sport keeps the time of its last change
        expect(second.finished_at).toEqual(first.finished_at)
      }),
    { timeout: 60_000 }
  )
})

describe("backfillMetrics", () => {
  it.scoped("computes the player metrics of an ingested sport that has none, and only then", () =>
    Effect.gen(function*() {
      const dir = yield* copyOfFixtures
      expect(yield* backfillMetrics).toEqual([]) // nothing ingested
      yield* Runner.runIngest({ sports: ["nfl"], dataDir: dir }).pipe(Effect.provide(Progress.silent))
      const metrics = yield* PlayerMetricsReader
      const computed = (yield* metrics.find({ sport: "nfl" })).length
      expect(computed).toBeGreaterThan(0) // the ingest computed them
      expect(yield* backfillMetrics).toEqual([])
      // a store ingested before the metrics existed: none stored, so they are computed
      yield* (yield* PlayerMetricsWriter).replaceSport("nfl", [])
      expect(yield* backfillMetrics).toEqual(["nfl"])
      expect((yield* metrics.find({ sport: "nfl" })).length).toBe(computed)
    }).pipe(Effect.provide(StoreMemory.layer)))
})

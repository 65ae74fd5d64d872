/**
 * The golf, Formula 1 and NASCAR services over every store (memory, PGlite and PostgreSQL when a
 * server answers): the fixture cuts ingested by the real adapters give the same published
 * results on each, and a re-run writes nothing.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { F1, Golf, Nascar } from "@sports-data/app"
import { Progress, Runner } from "@sports-data/ingest"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { join } from "node:path"
import { storeLayers } from "../harness/stores.js"

const entries = await storeLayers()
const fixtures = join(import.meta.dirname, "..", "fixtures")
const now = new Date("2026-11-23T00:00:00Z")

describe("golf, f1 and nascar services on every store", () => {
  for (const [label, store] of entries) {
    const services = Layer.mergeAll(Golf.Default, F1.Default, Nascar.Default, Progress.silent).pipe(
      Layer.provideMerge(store)
    )
    layerSuite(services, { timeout: "120 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("ingest twice; the Masters, the 2023 F1 tables and the 2024 Cup table read the same", () =>
        Effect.gen(function*() {
          for (const sport of ["golf", "f1", "nascar"] as const) {
            const ingest = Runner.ingesters[sport]!.ingest(join(fixtures, sport))
            yield* ingest
            const again = yield* ingest
            for (const c of Object.values(again.counts)) expect(c.inserted + c.updated).toBe(0)
          }
          const masters = yield* (yield* Golf).leaderboard({ tour: "pga", event: "401703504", limit: 6 }, now)
          expect(masters.rows.map((r) => r.position)).toEqual(["1", "2", "3", "4", "T5", "T5"])
          const f1 = yield* (yield* F1).standings({ season: 2023 })
          expect(f1.drivers.slice(0, 5).map((d) => d.points)).toEqual([575, 285, 234, 206, 206])
          expect(f1.constructors.slice(0, 3).map((c) => [c.constructor_id, c.points])).toEqual([
            ["red-bull", 860],
            ["mercedes", 409],
            ["ferrari", 406]
          ])
          const races = yield* (yield* F1).races({ season: 2023, limit: 30 }, now)
          expect(races.rows).toHaveLength(22)
          const cup = yield* (yield* Nascar).standings({ series: "cup" })
          expect(cup).toMatchObject({ season: 2024, races: 36 })
          const results = yield* (yield* Nascar).results({ series: "cup", event: "cup-2024-01" }, now)
          expect(results.rows[0]?.driver_name).toBe("William Byron")
        }).pipe(Logger.withMinimumLogLevel(LogLevel.Error)))
    })
  }
})

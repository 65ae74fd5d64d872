/**
 * The ingest runner: IngestState per sport, source modification times and staleness.
 */
import { describe, expect, it } from "@effect/vitest"
import { CatalogReader, type IngestState } from "@sports-data/domain"
import { Progress, Runner } from "@sports-data/ingest"
import { layer as memoryStore } from "@sports-data/store-memory"
import { Effect, Exit, Layer, Option, TestClock } from "effect"
import { cpSync, mkdtempSync, rmSync, statSync, utimesSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const fixture = join(import.meta.dirname, "..", "fixtures", "nfl")
const TestLayer = Layer.mergeAll(memoryStore, Progress.silent)

const fixtureCopy = Effect.acquireRelease(
  Effect.sync(() => {
    const dir = mkdtempSync(join(tmpdir(), "runner-fixture-"))
    cpSync(fixture, dir, { recursive: true, preserveTimestamps: true })
    return dir
  }),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
)

describe("runIngest", () => {
  it.scoped("ingests each sport and records when it finished and how new its files were", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      yield* TestClock.setTime(Date.parse("2026-03-01T12:00:00Z"))
      const results = yield* Runner.runIngest({ sports: ["nfl"], dataDir: dir })
      expect(results.map((r) => r.sport)).toEqual(["nfl"])
      expect(results[0]!.counts.stat_lines?.inserted).toBeGreaterThan(0)
      const files = yield* Runner.sourceFiles(dir, "nfl")
      const newest = Math.floor(Math.max(...files.map((f) => statSync(f).mtimeMs)))
      const state = yield* Effect.flatMap(CatalogReader, (s) => s.ingestState("nfl"))
      expect(Option.getOrThrow(state)).toEqual({
        sport: "nfl",
        finished_at: new Date("2026-03-01T12:00:00Z"),
        source_mtime_ms: newest
      })
      expect(yield* Effect.flatMap(CatalogReader, (s) => s.ingestState("nba"))).toEqual(Option.none())
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("a sport is stale until ingested, fresh after, and stale again when a source file changes", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      expect(yield* Runner.checkStale(dir, "nfl")).toBe(true)
      yield* Runner.runIngest({ sports: ["nfl"], dataDir: dir })
      expect(yield* Runner.checkStale(dir, "nfl")).toBe(false)
      const later = new Date(Date.now() + 60_000)
      utimesSync(join(dir, "jtyran_nfl_team_fantasy_dashboard", "injuries.csv"), later, later)
      expect(yield* Runner.checkStale(dir, "nfl")).toBe(true)
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("a sport whose files cannot be read fails the run and records no state", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      rmSync(join(dir, "jtyran_nfl_team_fantasy_dashboard", "player_ids.csv"))
      const exit = yield* Effect.exit(Runner.runIngest({ sports: ["nfl"], dataDir: dir }))
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) expect(JSON.stringify(exit.cause)).toContain("CsvFileError")
      expect(yield* Effect.flatMap(CatalogReader, (s) => s.ingestState("nfl"))).toEqual(Option.none())
    }).pipe(Effect.provide(TestLayer)))

  it.effect("sources of a sport absent from the data directory are none (mtime 0)", () =>
    Effect.gen(function*() {
      expect(yield* Runner.sourceFiles(fixture, "nba")).toEqual([])
      expect(yield* Runner.sourceMtime(fixture, "mlb")).toBe(0)
    }))
})

describe("isStale", () => {
  const state = (ms: number): Option.Option<IngestState> =>
    Option.some({ sport: "nfl", finished_at: new Date(0), source_mtime_ms: ms })
  it("is stale when never ingested or when a file is newer than the recorded time", () => {
    expect(Runner.isStale(Option.none(), 0)).toBe(true)
    expect(Runner.isStale(state(1000), 1000)).toBe(false)
    expect(Runner.isStale(state(1000), 999)).toBe(false)
    expect(Runner.isStale(state(1000), 1001)).toBe(true)
  })
})

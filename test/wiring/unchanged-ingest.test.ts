/**
 * A second ingestion of unchanged source files writes nothing (issues 22 and 24): the mlb stat
 * lines keep their `last_updated` (the sport's IngestState `finished_at`), the data version does
 * not move, no service event is written and the models are not trained again; the sport is no
 * longer stale afterwards. A changed file still counts as a change.
 */
import { describe, expect, it } from "@effect/vitest"
import { CatalogReader, ModelRegistryReader, ServiceEventReader } from "@sports-data/domain"
import { Progress, Runner } from "@sports-data/ingest"
import { layer as memoryStore } from "@sports-data/store-memory"
import { layerPglite } from "@sports-data/store-sql"
import { ingestTracked } from "@sports-data/wiring"
import { Effect, Layer, Logger, LogLevel, Option } from "effect"
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const fixture = join(import.meta.dirname, "..", "fixtures", "mlb")

const fixtureCopy = Effect.acquireRelease(
  Effect.sync(() => {
    const dir = mkdtempSync(join(tmpdir(), "unchanged-ingest-"))
    cpSync(fixture, dir, { recursive: true })
    return dir
  }),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
)

/** Every file under `dir`, recursively. */
const filesUnder = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]
  )

/** What a reader of the store sees of mlb: its IngestState, the data version, the last event, its model versions. */
const observed = Effect.gen(function*() {
  const catalog = yield* CatalogReader
  return {
    state: Option.getOrThrow(yield* catalog.ingestState("mlb")),
    version: yield* catalog.dataVersion,
    lastEvent: yield* Effect.flatMap(ServiceEventReader, (r) => r.lastId),
    models: (yield* Effect.flatMap(ModelRegistryReader, (r) => r.versions({ sport: "mlb" }))).length
  }
})

const ingestMlb = (dir: string) =>
  ingestTracked({ sports: ["mlb"], dataDir: dir, retryAfterFailed: "1 minute", reporter: () => Progress.silent })

const stores = [["memory", memoryStore], ["pglite", layerPglite({})]] as const

describe.each(stores)("an ingestion of unchanged files (%s)", (_label, store) => {
  const TestLayer = Layer.mergeAll(store, Logger.minimumLogLevel(LogLevel.Warning))

  it.scopedLive(
    "writes nothing: last_updated, data version, events and models stay; the sport is current",
    () =>
      Effect.gen(function*() {
        const dir = yield* fixtureCopy
        yield* ingestMlb(dir)
        const first = yield* observed
        expect(first.models).toBeGreaterThan(0)
        // the files are rewritten with the same content (a sync that got the same bytes)
        const later = new Date(Date.now() + 60_000)
        for (const file of filesUnder(dir)) utimesSync(file, later, later)
        expect(yield* Runner.checkStale(dir, "mlb")).toBe(true)
        yield* Effect.sleep("20 millis") // a new finished_at would differ from the first
        yield* ingestMlb(dir)
        const second = yield* observed
        expect(second.state.finished_at).toEqual(first.state.finished_at)
        expect(second.version).toBe(first.version)
        expect(second.lastEvent).toBe(first.lastEvent)
        expect(second.models).toBe(first.models)
        expect(yield* Runner.checkStale(dir, "mlb")).toBe(false)
      }).pipe(Effect.provide(TestLayer)),
    120_000
  )

  it.scopedLive("a changed file is a change: a new finished_at and data version", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      yield* ingestMlb(dir)
      const first = yield* observed
      // one more strikeout in the first pitching line of 2024
      const file = join(dir, "ehv6_retrosheet_mlb_2024", "2024pitching.csv")
      const lines = readFileSync(file, "utf8").split("\n")
      const at = lines[0]!.split(",").indexOf("p_k")
      const row = lines[1]!.split(",")
      row[at] = String(Number(row[at]) + 1)
      writeFileSync(file, [lines[0], row.join(","), ...lines.slice(2)].join("\n"))
      yield* Effect.sleep("20 millis")
      yield* ingestMlb(dir)
      const second = yield* observed
      expect(second.state.finished_at.getTime()).toBeGreaterThan(first.state.finished_at.getTime())
      expect(second.version).not.toBe(first.version)
    }).pipe(Effect.provide(TestLayer)), 120_000)
})

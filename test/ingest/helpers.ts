/**
 * What the per-sport ingestion suites share: the fixture folders, the memory-store layer, reading
 * the store back, a private copy of a fixture to edit, and recording progress events.
 */
import { expect } from "@effect/vitest"
import {
  GameReader,
  PlayerReader,
  SignalReader,
  type SportKey,
  type SportsReaders,
  type SportsWriter,
  StatLineReader,
  type TeamSport
} from "@sports-data/domain"
import { Progress, type Report, Runner } from "@sports-data/ingest"
import { layer as memoryStore } from "@sports-data/store-memory"
import { Effect, Layer, Logger, LogLevel, Option } from "effect"
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** The fixture folder of `sport` (test/fixtures/<sport>, laid out like the data directory). */
export const fixtureDir = (sport: SportKey): string => join(import.meta.dirname, "..", "fixtures", sport)

/** A fresh memory store and no progress output. */
export const TestLayer = Layer.mergeAll(memoryStore, Progress.silent)

/** A private copy of `sport`'s fixture folder, removed when the test's scope closes. */
export const fixtureCopy = (sport: SportKey) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const dir = mkdtempSync(join(tmpdir(), `${sport}-fixture-`))
      cpSync(fixtureDir(sport), dir, { recursive: true })
      return dir
    }),
    (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
  )

/** Reading `sport`'s rows back from the store: all of a kind, or one by id (failing the test when absent). */
export const storeReader = (sport: TeamSport) => {
  const page = { limit: 10_000, offset: 0 }
  const allLines = Effect.flatMap(
    StatLineReader,
    (s) => s.find({ sport, ...page, order: "recent" }).pipe(Effect.map((p) => p.rows))
  )
  const allGames = Effect.flatMap(
    GameReader,
    (s) => s.find({ sport, ...page, order: "asc" }).pipe(Effect.map((p) => p.rows))
  )
  const allPlayers = Effect.flatMap(PlayerReader, (s) => s.find({ sport, ...page }).pipe(Effect.map((p) => p.rows)))
  const byId =
    <A extends { readonly id: string }>(all: Effect.Effect<ReadonlyArray<A>, unknown, SportsReaders>, kind: string) =>
    (id: string) =>
      Effect.map(all, (rows) => {
        const row = rows.find((r) => r.id === id)
        if (row === undefined) throw new Error(`no ${kind} ${id}`)
        return row
      })
  return {
    allLines,
    allGames,
    allPlayers,
    line: byId(allLines, "stat line"),
    game: byId(allGames, "game"),
    player: (id: string) => Effect.flatMap(PlayerReader, (s) => s.get(id)).pipe(Effect.map(Option.getOrThrow))
  }
}

/** Rows written per entity (inserted + updated + unchanged). */
export const totals = (r: Report.SportIngestResult) =>
  Object.fromEntries(Object.entries(r.counts).map(([k, c]) => [k, c.inserted + c.updated + c.unchanged]))

/** Asserts that `second` (a re-run over the same files) wrote the rows of `first` and inserted or updated none. */
export const expectNothingChanged = (first: Report.SportIngestResult, second: Report.SportIngestResult) => {
  expect(totals(second)).toEqual(totals(first))
  for (const [entity, c] of Object.entries(second.counts)) {
    expect({ entity, inserted: c.inserted, updated: c.updated }).toEqual({ entity, inserted: 0, updated: 0 })
  }
}

/** Appends CSV rows to a file with the file's own line ending (some sources use CRLF). */
export const appendRows = (file: string, rows: ReadonlyArray<string>) => {
  const text = readFileSync(file, "utf8")
  const eol = text.includes("\r\n") ? "\r\n" : "\n"
  appendFileSync(file, (text.endsWith("\n") ? "" : eol) + rows.map((r) => `${r}${eol}`).join(""))
}

/** The number of lines of a text file (ignoring a final line break). */
export const lineCount = (file: string): number => readFileSync(file, "utf8").trimEnd().split("\n").length

/** Replaces the first `from` in a file with `to`, asserting that the file holds `from`. */
export const replaceInFile = (file: string, from: string, to: string) => {
  const text = readFileSync(file, "utf8")
  expect(text).toContain(from)
  writeFileSync(file, text.replace(from, to))
}

/**
 * Runs `ingest` on a fresh memory store with a reporter that records progress: the files started
 * (in order) and the rows each finished file reported.
 */
export const withRecordedProgress = <A, E>(ingest: Effect.Effect<A, E, SportsWriter | Progress.ProgressReporter>) =>
  Effect.gen(function*() {
    const started: Array<string> = []
    const finished = new Map<string, number>()
    const reporter = Layer.succeed(Progress.ProgressReporter, {
      fileStarted: (file) => Effect.sync(() => void started.push(file)),
      fileProgress: () => Effect.void,
      fileFinished: (file, rows) => Effect.sync(() => void finished.set(file, rows))
    })
    const result = yield* ingest.pipe(Effect.provide(Layer.merge(memoryStore, reporter)))
    /** Rows reported for the file whose path ends with `name`. */
    const rowsOf = (name: string) => [...finished].find(([f]) => f.endsWith(name))?.[1]
    return { result, started, rowsOf }
  })

/**
 * The signals `sport`'s ingest derives from its fixture folder, every one, newest first (an
 * ingest into a fresh memory store, read back).
 */
export const ingestedSignals = (sport: "nfl" | "nba") =>
  Effect.gen(function*() {
    yield* Runner.ingesters[sport]!.ingest(fixtureDir(sport))
    const reader = yield* SignalReader
    return (yield* reader.find({ order: "recent", limit: 100_000, offset: 0 })).rows
  }).pipe(Effect.provide(TestLayer), Logger.withMinimumLogLevel(LogLevel.Error), Effect.orDie)

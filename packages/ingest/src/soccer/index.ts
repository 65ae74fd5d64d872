/**
 * Soccer ingestion: reads the openfootball football.json files (JSON) and the football-datasets
 * CSV files of the data directory, merges them (see {@link ./Build.ts} for ids and rules) and
 * upserts teams and games through the SportsWriter. No source has players.
 * @module
 */
import { SportsWriter, type StoreError } from "@sports-data/domain"
import { Effect, Either } from "effect"
import { readFile, stat } from "node:fs/promises"
import { join } from "node:path"
import { CsvFileError } from "../Csv.js"
import { ProgressReporter } from "../Progress.js"
import { type Entity, type EntityCounts, entityCounts, type SportIngestResult, upsertAll } from "../Report.js"
import type { SkippedRow } from "../Report.js"
import { allListed, type FileRows, keptRows, listFiles, readEach, sourceCounts } from "../Rows.js"
import { buildSoccer, type SourceDifference } from "./Build.js"
import {
  datasetsFileOf,
  matchLines,
  openfootballFileOf,
  type OpenfootballMatch,
  parseDatasetsRow,
  parseOpenfootballFile,
  parseOpenfootballMatch
} from "./Sources.js"

export { buildSoccer, soccerGameId } from "./Build.js"
export { matchLines } from "./Sources.js"

/** The soccer source files found under `dataDir`, by source (each list sorted by path). */
export interface SoccerFiles {
  readonly openfootball: ReadonlyArray<string>
  readonly datasets: ReadonlyArray<string>
}

/**
 * Finds the soccer files under `dataDir`: `openfootball_football_json/json/<season>/<code>.json`
 * for the six competitions and `datasets_football_datasets/<league>_season-<YYZZ>.csv` for the
 * four leagues. A missing folder gives no files.
 */
export const soccerFiles = (dataDir: string): Effect.Effect<SoccerFiles> =>
  Effect.gen(function*() {
    const jsonDir = join(dataDir, "openfootball_football_json", "json")
    const seasons = yield* listFiles(jsonDir, /^\d{4}(-\d{2})?$/)
    const openfootball = (yield* Effect.forEach(seasons, (dir) => listFiles(dir, /\.json$/))).flat()
      .filter((f) => openfootballFileOf(f) !== undefined)
    const datasets = (yield* listFiles(join(dataDir, "datasets_football_datasets"), /\.csv$/))
      .filter((f) => datasetsFileOf(f) !== undefined)
    return { openfootball: [...openfootball].sort(), datasets }
  })

/** Every soccer source file under `dataDir`, sorted (for freshness checks such as `sourceMtime`). */
export const soccerSourceFiles = (dataDir: string): Effect.Effect<ReadonlyArray<string>> =>
  Effect.map(soccerFiles(dataDir), allListed)

/**
 * Reads one openfootball JSON file: each element of `matches` through the match parser, a
 * malformed one reported with its line (see `matchLines`). A file that is not JSON or not an
 * openfootball file is reported as one skipped row (line 1) and gives no matches. Reports
 * `fileStarted` / `fileFinished` to the ProgressReporter. Fails with CsvFileError (the adapters'
 * file error) only when the file cannot be read.
 */
export const readOpenfootball = (
  file: string
): Effect.Effect<FileRows<OpenfootballMatch>, CsvFileError, ProgressReporter> =>
  Effect.gen(function*() {
    const progress = yield* ProgressReporter
    const where = openfootballFileOf(file)
    const text = yield* Effect.tryPromise({
      try: () => readFile(file, "utf8"),
      catch: (e) => new CsvFileError({ file, reason: String(e) })
    })
    yield* progress.fileStarted(file, yield* Effect.promise(() => stat(file).then((s) => s.size, () => 0)))
    const matches = where === undefined
      ? Either.left("not an openfootball competition file (json/<season>/<code>.json)")
      : parseOpenfootballFile(text)
    if (Either.isLeft(matches)) {
      yield* progress.fileFinished(file, 0)
      return { file, rows: [], read: 0, skipped: [{ file, line: 1, reason: matches.left }] }
    }
    const lines = matchLines(text)
    const parse = parseOpenfootballMatch({ ...where!, file })
    const rows: Array<OpenfootballMatch> = []
    const skipped: Array<SkippedRow> = []
    matches.right.forEach((raw, i) => {
      const line = lines[i] ?? 1
      const verdict = parse(raw, line)
      if (Either.isLeft(verdict)) skipped.push({ file, line, reason: verdict.left })
      else rows.push(verdict.right)
    })
    yield* progress.fileFinished(file, matches.right.length)
    return { file, rows, read: matches.right.length, skipped }
  })

/** Logs the differences between the sources: one warning per league season and kind, with examples. */
const logDifferences = (differences: ReadonlyArray<SourceDifference>) => {
  const groups = new Map<string, Array<SourceDifference>>()
  for (const d of differences) {
    const k = `${d.league}|${d.season}|${d.kind}`
    groups.set(k, [...(groups.get(k) ?? []), d])
  }
  return Effect.forEach(
    [...groups.values()],
    (ds) =>
      Effect.logWarning("soccer sources differ; the complete source is used").pipe(
        Effect.annotateLogs({
          league: ds[0]!.league,
          season: ds[0]!.season,
          kind: ds[0]!.kind,
          count: ds.length,
          examples: ds.slice(0, 3).map((d) => `${d.file}:${d.line}: ${d.reason}`)
        })
      ),
    { discard: true }
  )
}

/**
 * Ingests the soccer data under `dataDir` through the SportsWriter: teams and games of the six
 * leagues. Malformed matches (an unknown team name, a bad date or score, a repeated game) are
 * reported in `skipped` (file, line, reason) and not written; differences between the sources
 * are logged as warnings and returned in `differences` (each with the file and line of the match
 * not followed). Rows are written only after every file is read. Re-running over unchanged files
 * reports every row unchanged. Fails with CsvFileError when a file cannot be read, StoreError
 * when the store fails.
 */
export const ingestSoccer = (
  dataDir: string
): Effect.Effect<
  SportIngestResult & { readonly differences: ReadonlyArray<SourceDifference> },
  CsvFileError | StoreError,
  SportsWriter | ProgressReporter
> =>
  Effect.gen(function*() {
    const writer = yield* SportsWriter
    const files = yield* soccerFiles(dataDir)

    const openfootball = yield* Effect.forEach(files.openfootball, readOpenfootball)
    const datasets = yield* readEach(files.datasets, (file) => parseDatasetsRow(datasetsFileOf(file)!))

    const built = buildSoccer({ openfootball: keptRows(openfootball), datasets: keptRows(datasets) })
    yield* logDifferences(built.differences)

    const src = sourceCounts([openfootball, datasets])
    const teamsResult = yield* upsertAll(built.teams, writer.upsertTeams)
    const gamesResult = yield* upsertAll(built.games, writer.upsertGames)

    const skipped = [...src.skipped, ...built.skipped]
    const result = {
      sport: "soccer" as const,
      counts: {
        teams: entityCounts(built.teams.length, 0, teamsResult),
        games: entityCounts(src.read, skipped.length, gamesResult)
      } satisfies Partial<Record<Entity, EntityCounts>>,
      skipped,
      files: allListed(files),
      differences: built.differences
    }
    yield* Effect.logInfo("soccer ingested").pipe(
      Effect.annotateLogs({
        teams: built.teams.length,
        games: built.games.length,
        skipped: skipped.length,
        differences: built.differences.length
      })
    )
    return result
  }).pipe(Effect.withSpan("Ingest.soccer"))

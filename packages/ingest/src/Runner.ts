/**
 * Runs the sport adapters and records, per sport, when the ingestion finished and how new its
 * input files were, so `serve` can tell whether the data directory changed since.
 * @module
 */
import {
  type AnomalyWriter,
  CatalogReader,
  type DfsWriter,
  type EventReader,
  type EventSport,
  type GameReader,
  type IngestState,
  type PlayerMetricsWriter,
  type PlayerReader,
  type SportKey,
  SportsWriter,
  type StatLineReader,
  type StoreError,
  type TeamSport
} from "@sports-data/domain"
import { Clock, Effect, Option } from "effect"
import { stat } from "node:fs/promises"
import { recomputeAnomalies } from "./Anomaly.js"
import { cfbSourceFiles, ingestCfb } from "./cfb/index.js"
import { CsvFileError } from "./Csv.js"
import { dfsSourceFiles, ingestDfs } from "./Dfs.js"
import { f1Ingester } from "./f1/index.js"
import { golfIngester } from "./golf/index.js"
import { allStatLines, recomputeMetrics } from "./Metrics.js"
import { ingestMlb, mlbSourceFiles } from "./mlb/index.js"
import { nascarIngester } from "./nascar/index.js"
import { ingestNba, nbaSourceFiles } from "./nba/index.js"
import { allFiles, ingestNfl, nflFiles } from "./nfl/index.js"
import { nhlIngester } from "./nhl/index.js"
import { ingestOdds, type OddsIngestServices, oddsSourceFiles } from "./odds/index.js"
import type { ProgressReporter } from "./Progress.js"
import type { SportIngestResult } from "./Report.js"
import { soccerIngester } from "./soccer/index.js"
import { tennisIngester } from "./tennis/index.js"
import { ufcIngester } from "./ufc/index.js"

/**
 * One sport's adapter: `ingest` reads the data directory and upserts canonical rows; `sourceFiles`
 * lists the input files it reads under `dataDir` (a missing folder gives none), whose
 * modification times decide whether the sport is stale.
 */
export interface SportIngester {
  readonly ingest: (
    dataDir: string
  ) => Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsWriter | ProgressReporter>
  readonly sourceFiles: (dataDir: string) => Effect.Effect<ReadonlyArray<string>>
}

/**
 * The adapter of each sport: every team sport has one; an event sport has one once its adapter
 * exists ({@link ingestedSports} lists those that do).
 */
export const ingesters: Readonly<Record<TeamSport, SportIngester> & Partial<Record<EventSport, SportIngester>>> = {
  nfl: { ingest: ingestNfl, sourceFiles: (dir) => Effect.map(nflFiles(dir), allFiles) },
  nba: { ingest: ingestNba, sourceFiles: nbaSourceFiles },
  mlb: { ingest: ingestMlb, sourceFiles: mlbSourceFiles },
  nhl: nhlIngester,
  cfb: { ingest: ingestCfb, sourceFiles: cfbSourceFiles },
  soccer: soccerIngester,
  tennis: tennisIngester,
  ufc: ufcIngester,
  golf: golfIngester,
  f1: f1Ingester,
  nascar: nascarIngester
}

/** The sports with an ingest adapter, team sports first, in the order the service lists them. */
export const ingestedSports: ReadonlyArray<SportKey> = Object.keys(ingesters) as ReadonlyArray<SportKey>

const ingesterOf = (sport: SportKey): SportIngester | undefined => ingesters[sport]

/**
 * The input files `sport`'s adapter reads under `dataDir`, with its DFS salary files (Dfs.ts)
 * (missing folders, or no adapter, give none).
 */
export const sourceFiles = (dataDir: string, sport: SportKey): Effect.Effect<ReadonlyArray<string>> =>
  Effect.zipWith(
    ingesterOf(sport)?.sourceFiles(dataDir) ?? Effect.succeed([]),
    Effect.zipWith(oddsSourceFiles(dataDir, sport), dfsSourceFiles(dataDir, sport), (odds, dfs) => [...odds, ...dfs]),
    (own, extra) => [...new Set([...own, ...extra])]
  )

/**
 * The newest modification time (ms since the epoch) among the files `sport` reads under
 * `dataDir`; 0 when there are none. Fails with CsvFileError when a listed file cannot be
 * stat'ed (e.g. a fixed file of the sport is missing).
 */
export const sourceMtime = (dataDir: string, sport: SportKey): Effect.Effect<number, CsvFileError> =>
  Effect.flatMap(sourceFiles(dataDir, sport), (files) =>
    Effect.forEach(files, (file) =>
      Effect.tryPromise({
        try: () => stat(file).then((s) => s.mtimeMs),
        catch: (e) => new CsvFileError({ file, reason: String(e) })
      })).pipe(Effect.map((times) => Math.floor(times.reduce((a, b) => Math.max(a, b), 0)))))

/**
 * True when a sport needs ingesting: it never was (`state` none), or a source file changed after
 * the recorded ingestion (`mtimeMs` newer than `source_mtime_ms`).
 */
export const isStale = (state: Option.Option<IngestState>, mtimeMs: number): boolean =>
  Option.match(state, { onNone: () => true, onSome: (s) => mtimeMs > s.source_mtime_ms })

/** {@link isStale} for `sport` against the store's recorded state and the files under `dataDir`. */
export const checkStale = (
  dataDir: string,
  sport: SportKey
): Effect.Effect<boolean, CsvFileError | StoreError, CatalogReader> =>
  Effect.gen(function*() {
    const catalog = yield* CatalogReader
    const state = yield* catalog.ingestState(sport)
    return isStale(state, yield* sourceMtime(dataDir, sport))
  })

/**
 * Ingests `sports` in order from `dataDir` and records each sport's IngestState (finished_at from
 * the Clock; source_mtime_ms taken before reading, so a file changed during the run makes the
 * sport stale again), after its DFS slates (Dfs.ts `ingestDfs`, nfl and golf, linked to the rows
 * just written; counted as `dfs_salaries`) and after recomputing its stored player metrics and
 * anomaly scores (Metrics.ts `recomputeMetrics`, Anomaly.ts `recomputeAnomalies`, from one read
 * of its stat lines; before the state, so a failed recompute leaves the sport stale). Stops at
 * the first sport whose files cannot be read (CsvFileError) or whose store fails (StoreError);
 * A sport ingested before whose files held nothing new (its writes left the data version where
 * it was) writes nothing more: no recompute, and its IngestState keeps its `finished_at` (the
 * `last_updated` of its rows) with the new `source_mtime_ms`.
 * sports already done keep their rows and state.
 */
export const runIngest = (options: {
  readonly sports: ReadonlyArray<SportKey>
  readonly dataDir: string
}): Effect.Effect<
  ReadonlyArray<SportIngestResult>,
  CsvFileError | StoreError,
  | SportsWriter
  | CatalogReader
  | ProgressReporter
  | StatLineReader
  | PlayerMetricsWriter
  | OddsIngestServices
  | PlayerReader
  | AnomalyWriter
  | DfsWriter
  | EventReader
  | GameReader
> =>
  Effect.forEach(options.sports, (sport) =>
    Effect.gen(function*() {
      const writer = yield* SportsWriter
      const catalog = yield* CatalogReader
      const mtime = yield* sourceMtime(options.dataDir, sport)
      const before = yield* catalog.ingestState(sport)
      const versionBefore = yield* catalog.dataVersion
      const ingester = ingesterOf(sport)
      if (ingester === undefined) return { sport, counts: {}, skipped: [], files: [] } satisfies SportIngestResult
      const own = yield* ingester.ingest(options.dataDir)
      const odds = yield* ingestOdds(sport, options.dataDir)
      const dfs = yield* ingestDfs(sport, options.dataDir)
      const result: SportIngestResult = {
        ...own,
        counts: {
          ...own.counts,
          ...(odds === undefined ? {} : { odds: odds.counts }),
          ...(dfs.read === 0 ? {} : {
            dfs_salaries: {
              read: dfs.read,
              inserted: dfs.salaries,
              updated: 0,
              unchanged: 0,
              skipped: dfs.skipped.length
            }
          })
        },
        skipped: [...own.skipped, ...(odds?.skipped ?? []), ...dfs.skipped],
        files: [...new Set([...own.files, ...(odds?.files ?? [])])]
      }
      // nothing written moved the data version: the files held what the store holds, so nothing
      // derived from it changes and the sport keeps the time of its last change (only the files'
      // time is recorded, so that it is no longer stale)
      if (Option.isSome(before) && (yield* catalog.dataVersion) === versionBefore) {
        yield* writer.setIngestState({ ...before.value, source_mtime_ms: mtime })
        return result
      }
      // both jobs work from the sport's stat lines: read them from the store once
      const statLines = yield* Effect.cachedFunction(allStatLines)
      yield* recomputeMetrics(sport, statLines)
      yield* recomputeAnomalies(sport, statLines)
      const now = yield* Clock.currentTimeMillis
      yield* writer.setIngestState({ sport, finished_at: new Date(now), source_mtime_ms: mtime })
      return result
    }).pipe(Effect.withSpan("Runner.ingest", { attributes: { sport } })))

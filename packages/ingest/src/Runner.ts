/**
 * Runs the sport adapters and records, per sport, when the ingestion finished and how new its
 * input files were, so `serve` can tell whether the data directory changed since.
 * @module
 */
import { type CoreSport, type IngestState, SportsStore, type StoreError } from "@sports-data/domain"
import { Clock, Effect, Option } from "effect"
import { stat } from "node:fs/promises"
import { CsvFileError } from "./Csv.js"
import { ingestMlb, mlbSourceFiles } from "./mlb/index.js"
import { ingestNba, nbaSourceFiles } from "./nba/index.js"
import { allFiles, ingestNfl, nflFiles } from "./nfl/index.js"
import type { ProgressReporter } from "./Progress.js"
import type { SportIngestResult } from "./Report.js"

/** One sport's adapter: reads the data directory and upserts canonical rows. */
export type SportIngester = (
  dataDir: string
) => Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsStore | ProgressReporter>

/** The adapter of each core sport. */
export const ingesters: Readonly<Record<CoreSport, SportIngester>> = {
  nfl: ingestNfl,
  nba: ingestNba,
  mlb: ingestMlb
}

/** The input files each sport's adapter reads under `dataDir` (missing folders give none). */
export const sourceFiles = (dataDir: string, sport: CoreSport): Effect.Effect<ReadonlyArray<string>> => {
  switch (sport) {
    case "nfl":
      return Effect.map(nflFiles(dataDir), allFiles)
    case "nba":
      return nbaSourceFiles(dataDir)
    case "mlb":
      return mlbSourceFiles(dataDir)
  }
}

/**
 * The newest modification time (ms since the epoch) among the files `sport` reads under
 * `dataDir`; 0 when there are none. Fails with CsvFileError when a listed file cannot be
 * stat'ed (e.g. a fixed file of the sport is missing).
 */
export const sourceMtime = (dataDir: string, sport: CoreSport): Effect.Effect<number, CsvFileError> =>
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
  sport: CoreSport
): Effect.Effect<boolean, CsvFileError | StoreError, SportsStore> =>
  Effect.gen(function*() {
    const store = yield* SportsStore
    const state = yield* store.getIngestState(sport)
    return isStale(state, yield* sourceMtime(dataDir, sport))
  })

/**
 * Ingests `sports` in order from `dataDir` and records each sport's IngestState (finished_at from
 * the Clock; source_mtime_ms taken before reading, so a file changed during the run makes the
 * sport stale again). Stops at the first sport whose files cannot be read (CsvFileError) or
 * whose store fails (StoreError); sports already done keep their rows and state.
 */
export const runIngest = (options: {
  readonly sports: ReadonlyArray<CoreSport>
  readonly dataDir: string
}): Effect.Effect<ReadonlyArray<SportIngestResult>, CsvFileError | StoreError, SportsStore | ProgressReporter> =>
  Effect.forEach(options.sports, (sport) =>
    Effect.gen(function*() {
      const store = yield* SportsStore
      const mtime = yield* sourceMtime(options.dataDir, sport)
      const result = yield* ingesters[sport](options.dataDir)
      const now = yield* Clock.currentTimeMillis
      yield* store.setIngestState({ sport, finished_at: new Date(now), source_mtime_ms: mtime })
      return result
    }).pipe(Effect.withSpan("Runner.ingest", { attributes: { sport } })))

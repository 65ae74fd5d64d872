/**
 * Runs the sport adapters and records, per sport, when the ingestion finished and how new its
 * input files were, so `serve` can tell whether the data directory changed since.
 * @module
 */
import {
  type AnomalyWriter,
  CatalogReader,
  type IngestState,
  type PlayerMetricsWriter,
  type SportKey,
  SportsWriter,
  type StackWriter,
  type StatLineReader,
  type StoreError
} from "@sports-data/domain"
import { Clock, Effect, Option } from "effect"
import { stat } from "node:fs/promises"
import { recomputeAnomalies } from "./Anomaly.js"
import { CsvFileError } from "./Csv.js"
import type { Ingester, PhaseServices } from "./Ingester.js"
import { registrations } from "./Ingesters.js"
import { allStatLines, recomputeMetrics } from "./Metrics.js"
import type { ProgressReporter } from "./Progress.js"
import type { SportIngestResult } from "./Report.js"
import { recomputeStacks } from "./Stacks.js"

export type { Ingester, Phase, PhaseResult, PhaseServices } from "./Ingester.js"

/** Each registered sport's adapter (Ingesters.ts), by sport. */
export const ingesters: Readonly<Partial<Record<SportKey, Ingester>>> = Object.fromEntries(
  registrations.map((i) => [i.sport, i])
)

/** The sports with an ingest adapter, team sports first, in the order the service lists them. */
export const ingestedSports: ReadonlyArray<SportKey> = registrations.map((i) => i.sport)

/** The registered sports that read any of the dataset `folders` (e.g. those a sync changed), in listing order. */
export const sportsReading = (folders: ReadonlyArray<string>): ReadonlyArray<SportKey> =>
  registrations.filter((i) => i.sources.some((f) => folders.includes(f))).map((i) => i.sport)

const ingesterOf = (sport: SportKey): Ingester | undefined => ingesters[sport]

/** The optional phases of `ingester`, in running order (odds, then DFS). */
const phasesOf = (ingester: Ingester | undefined) =>
  ingester === undefined ? [] : [ingester.odds, ingester.dfs].filter((p) => p !== undefined)

/**
 * The input files `sport`'s adapter reads under `dataDir`, with those of its optional phases (odds,
 * DFS) (missing folders, or no adapter, give none).
 */
export const sourceFiles = (dataDir: string, sport: SportKey): Effect.Effect<ReadonlyArray<string>> =>
  Effect.zipWith(
    ingesterOf(sport)?.sourceFiles(dataDir) ?? Effect.succeed([]),
    Effect.forEach(phasesOf(ingesterOf(sport)), (p) => p.files(dataDir)),
    (own, extra) => [...new Set([...own, ...extra.flat()])]
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
 * sport stale again), after its registered optional phases (Ingester.ts: odds, DFS; linked to the
 * rows just written; counted as `odds`, `dfs_salaries`) and after recomputing its stored player
 * metrics, anomaly scores and (nfl) stacks (Metrics.ts `recomputeMetrics`, Anomaly.ts
 * `recomputeAnomalies`, Stacks.ts `recomputeStacks`, from one read of its stat lines; before the
 * state, so a failed recompute leaves the sport stale). Stops at
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
  | AnomalyWriter
  | StackWriter
  | PhaseServices
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
      const phases = yield* Effect.forEach(phasesOf(ingester), (p) => p.run(options.dataDir))
      const result: SportIngestResult = phases.reduce<SportIngestResult>((acc, p) => ({
        ...acc,
        counts: { ...acc.counts, ...p.counts },
        skipped: [...acc.skipped, ...p.skipped],
        files: [...new Set([...acc.files, ...p.files])]
      }), own)
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
      yield* recomputeStacks(sport, statLines)
      const now = yield* Clock.currentTimeMillis
      yield* writer.setIngestState({ sport, finished_at: new Date(now), source_mtime_ms: mtime })
      return result
    }).pipe(Effect.withSpan("Runner.ingest", { attributes: { sport } })))

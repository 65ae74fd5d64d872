/**
 * Keeping the store current with the source datasets: which sports are stale (never ingested, or
 * their source files changed since), and a background loop that ingests them on an interval.
 * `serve` refreshes once at start (with progress on the terminal) and then runs the loop; the
 * worker runtime runs only the loop.
 * @module
 */
import {
  Analytics,
  CatalogReader,
  type MetricsStores,
  PlayerMetricsReader,
  type SportKey,
  type SportsWriter,
  type StatLineReader,
  type StoreError
} from "@sports-data/domain"
import { type Csv, Metrics, Progress, Runner } from "@sports-data/ingest"
import { type Duration, Effect, Either, Layer, Option } from "effect"
import { existsSync } from "node:fs"

/** A sport to ingest again and why. */
export interface StaleSport {
  readonly sport: SportKey
  readonly reason: "never ingested" | "source files changed"
}

/** What {@link staleSports} found: sports to ingest, and sports whose source files cannot be read. */
export interface Staleness {
  readonly stale: ReadonlyArray<StaleSport>
  readonly unreadable: ReadonlyArray<{ readonly sport: SportKey; readonly error: Csv.CsvFileError }>
}

/**
 * The sports (each with an ingest adapter) whose stored data is missing or older than their source files (the ingest
 * Runner's `isStale` over the recorded IngestState and `sourceMtime`, the newest modification time
 * of the files the sport reads in `dataDir`). A sport whose files cannot be read (a dataset
 * folder missing from `dataDir`) is reported apart, so the other sports still refresh.
 */
export const staleSports = (dataDir: string): Effect.Effect<Staleness, StoreError, CatalogReader> =>
  Effect.gen(function*() {
    const catalog = yield* CatalogReader
    const stale: Array<StaleSport> = []
    const unreadable: Array<{ readonly sport: SportKey; readonly error: Csv.CsvFileError }> = []
    for (const sport of Runner.ingestedSports) {
      const state = yield* catalog.ingestState(sport)
      const mtime = yield* Effect.either(Runner.sourceMtime(dataDir, sport))
      if (Either.isLeft(mtime)) unreadable.push({ sport, error: mtime.left })
      else if (Runner.isStale(state, mtime.right)) {
        stale.push({ sport, reason: Option.isNone(state) ? "never ingested" : "source files changed" })
      }
    }
    return { stale, unreadable }
  }).pipe(Effect.withSpan("Refresh.staleSports"))

/**
 * Recomputes the stored player metrics of every sport that was ingested but has none (a store
 * ingested before the metrics table existed), so they appear without waiting for its source
 * files to change. Returns the sports recomputed.
 */
export const backfillMetrics = Effect.gen(function*() {
  const catalog = yield* CatalogReader
  const metrics = yield* PlayerMetricsReader
  const done: Array<SportKey> = []
  for (const sport of Analytics.metricSports) {
    if (Option.isNone(yield* catalog.ingestState(sport))) continue
    if ((yield* metrics.find({ sport })).length > 0) continue
    yield* Metrics.recomputeMetrics(sport)
    done.push(sport)
  }
  return done
}).pipe(Effect.withSpan("Refresh.backfillMetrics"))

/**
 * One pass: recomputes missing player metrics ({@link backfillMetrics}), then ingests the stale
 * sports (if any) without progress output and logs what it did.
 */
export const refreshOnce = (dataDir: string) =>
  Effect.gen(function*() {
    yield* backfillMetrics
    if (!existsSync(dataDir)) {
      return yield* Effect.logWarning("data directory not found").pipe(Effect.annotateLogs({ dataDir }))
    }
    const { stale, unreadable } = yield* staleSports(dataDir)
    for (const u of unreadable) {
      yield* Effect.logWarning("source files unreadable").pipe(
        Effect.annotateLogs({ sport: u.sport, file: u.error.file, reason: u.error.reason })
      )
    }
    if (stale.length === 0) return
    yield* Effect.logInfo("refreshing stale sports").pipe(
      Effect.annotateLogs({ sports: stale.map((s) => s.sport).join(",") })
    )
    const results = yield* Runner.runIngest({ sports: stale.map((s) => s.sport), dataDir }).pipe(
      Effect.provide(Progress.silent)
    )
    for (const result of results) {
      yield* Effect.logInfo("sport refreshed").pipe(
        Effect.annotateLogs({ sport: result.sport, skipped: result.skipped.length, files: result.files.length })
      )
    }
  }).pipe(Effect.withSpan("Refresh.refreshOnce"))

/**
 * A background fiber that runs {@link refreshOnce} every `interval` for as long as the layer lives:
 * the first pass at once when `immediate`, else after one interval. A failed pass is logged and the
 * next one runs as planned.
 */
export const RefreshLive = (options: {
  readonly dataDir: string
  readonly interval: Duration.DurationInput
  readonly immediate?: boolean | undefined
}): Layer.Layer<never, never, CatalogReader | SportsWriter | StatLineReader | MetricsStores> => {
  const pass = refreshOnce(options.dataDir).pipe(
    Effect.catchAllCause((cause) => Effect.logWarning("refresh failed", cause))
  )
  const wait = Effect.sleep(options.interval)
  const loop = options.immediate === true
    ? Effect.forever(Effect.zipRight(pass, wait))
    : Effect.forever(Effect.zipRight(wait, pass))
  return Layer.scopedDiscard(Effect.forkScoped(loop))
}

/**
 * Keeping the store current with the source datasets: which sports are stale (never ingested, or
 * their source files changed since), ingesting them sport by sport while recording the progress
 * of each (`IngestProgress`, which the HTTP runtime reads to answer 503 for a sport still loading
 * and to show progress in `/v1/data/status`), and a background loop that ingests them on an
 * interval. After each sport is ingested, the jobs that follow an ingestion run (Jobs.ts
 * `postIngestJobs`: model training). Each pass holds the `refresh` job lease (Jobs.ts), so that of
 * several workers on one store one refreshes at a time. `serve` checks staleness before it
 * listens, then ingests in the background and runs the loop after that first pass; the worker
 * runtime runs only the loop.
 * @module
 */
import {
  type AllStores,
  Analytics,
  Anomaly as AnomalyRules,
  AnomalyReader,
  CatalogReader,
  IngestProgress,
  type IngestProgressService,
  pendingProgress,
  PlayerMetricsReader,
  type SportKey,
  StackReader,
  type StoreError
} from "@sports-data/domain"
import { Anomaly, type Csv, Metrics, Progress, type Report, Runner, StoredStacks } from "@sports-data/ingest"
import { Clock, Duration, Effect, Either, Layer, Option } from "effect"
import { existsSync } from "node:fs"
import { basename } from "node:path"
import { catchUpPostIngest, holdingLease, newOwner, REFRESH_JOB, runPostIngest } from "./Jobs.js"
import { releaseMemory } from "./Memory.js"
import { DEFAULT_WORKER_LEASE } from "./Settings.js"

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
 * Recomputes the anomaly scores (ingest Anomaly.ts) of every sport that was ingested but has
 * none (a store ingested before migration 16), so they appear without waiting for its source
 * files to change. Returns the sports recomputed.
 */
export const backfillAnomalies = Effect.gen(function*() {
  const catalog = yield* CatalogReader
  const anomalies = yield* AnomalyReader
  const done: Array<SportKey> = []
  for (const sport of AnomalyRules.anomalySports) {
    if (Option.isNone(yield* catalog.ingestState(sport))) continue
    if ((yield* anomalies.find({ sport, limit: 1 })).length > 0) continue
    yield* Anomaly.recomputeAnomalies(sport)
    done.push(sport)
  }
  return done
}).pipe(Effect.withSpan("Refresh.backfillAnomalies"))

/**
 * Recomputes the stored nfl stacks (ingest Stacks.ts) when nfl was ingested but no set is stored
 * (a store ingested before migration 30), so that `/v1/nfl/stacks` reads them without waiting for
 * its source files to change. Returns the sports recomputed (nfl or none).
 */
export const backfillStacks = Effect.gen(function*() {
  const catalog = yield* CatalogReader
  if (Option.isNone(yield* catalog.ingestState("nfl"))) return []
  if ((yield* (yield* StackReader).sets) > 0) return []
  yield* StoredStacks.recomputeStacks("nfl")
  return ["nfl" as const]
}).pipe(Effect.withSpan("Refresh.backfillStacks"))

/**
 * Seconds a caller is asked to wait (Retry-After) for a sport that is pending or being ingested:
 * long enough not to poll a loading sport hard, short next to an ingest of a minute or more.
 */
export const LOADING_RETRY_AFTER_SECONDS = 15

/**
 * Records, in the process's IngestProgress (when there is one), the sports `staleness` found: a
 * stale sport becomes `pending`, served meanwhile only when an earlier ingestion of it finished
 * (`source files changed`); a sport whose files cannot be read becomes `failed`, served only when
 * it was ingested before, and asked to retry after `retryAfterFailed` (the next refresh pass).
 */
export const trackStaleness = (staleness: Staleness, retryAfterFailed: Duration.DurationInput) =>
  Effect.gen(function*() {
    const progress = yield* Effect.serviceOption(IngestProgress)
    if (Option.isNone(progress)) return
    const catalog = yield* CatalogReader
    for (const s of staleness.stale) {
      yield* progress.value.set(
        pendingProgress(s.sport, s.reason === "source files changed", LOADING_RETRY_AFTER_SECONDS)
      )
    }
    const failedRetry = retryAfterSecondsOf(retryAfterFailed)
    for (const u of staleness.unreadable) {
      const ingested = Option.isSome(yield* catalog.ingestState(u.sport))
      yield* progress.value.set({
        ...pendingProgress(u.sport, ingested, failedRetry),
        state: "failed",
        error: describeIngestFailure(u.error)
      })
    }
  })

/** Whole seconds of a duration, at least 1 (a Retry-After). */
const retryAfterSecondsOf = (d: Duration.DurationInput) => Math.max(1, Math.ceil(Duration.toSeconds(d)))

/** What went wrong in one sport's ingestion, for `/v1/data/status` (a file name, never a path or SQL). */
const describeIngestFailure = (error: Csv.CsvFileError | StoreError): string => {
  switch (error._tag) {
    case "CsvFileError":
      return `source file cannot be read: ${basename(error.file)}`
    case "StoreUnavailable":
      return "the store was unreachable"
    case "StoreFailure":
      return "the store failed while writing"
  }
}

/**
 * Wraps the ProgressReporter of the context so that it also counts, in `progress`, the files
 * and rows read of `sport`. A file that two phases read (the build, then odds) counts once in
 * `files_read`, which so never passes `files_total` (distinct files); its rows count each time.
 */
const countingReporter = (progress: IngestProgressService, sport: SportKey) =>
  Layer.effect(
    Progress.ProgressReporter,
    Effect.map(Progress.ProgressReporter, (outer) => {
      let rowsOfFinishedFiles = 0
      const filesFinished = new Set<string>()
      return {
        fileStarted: outer.fileStarted,
        fileProgress: (file, bytesRead, rows) =>
          Effect.zipRight(
            outer.fileProgress(file, bytesRead, rows),
            progress.update(sport, (p) => ({ ...p, rows_read: rowsOfFinishedFiles + rows }))
          ),
        fileFinished: (file, rows) =>
          Effect.zipRight(
            outer.fileFinished(file, rows),
            Effect.suspend(() => {
              rowsOfFinishedFiles += rows
              filesFinished.add(file)
              return progress.update(sport, (p) => ({
                ...p,
                files_read: filesFinished.size,
                rows_read: rowsOfFinishedFiles
              }))
            })
          )
      }
    })
  )

/**
 * Ingests `sports` one by one (Runner.runIngest for each), recording each one's progress in the
 * process's IngestProgress when there is one: `ingesting` (with its source files' count), then
 * `ready` and served, or `failed` with the reason and asked to retry after `retryAfterFailed`
 * (a sport served before stays served). A failed sport does not stop the others. `onSport` runs
 * after each sport (for a line on the terminal); then, for a sport ingested whose data changed, the
 * jobs that follow an ingestion (Jobs.ts `runPostIngest`; it is served meanwhile). Then the memory the
 * ingestion left is given back (Memory.ts `releaseMemory`). Returns each sport's result or error, in order.
 * Progress events go to the ProgressReporter of the context.
 */
export const ingestTracked = <R = never>(options: {
  readonly sports: ReadonlyArray<SportKey>
  readonly dataDir: string
  readonly retryAfterFailed: Duration.DurationInput
  /** The reporter of one sport's files (e.g. a progress bar per file, closed after the sport). */
  readonly reporter: (sport: SportKey) => Layer.Layer<Progress.ProgressReporter>
  readonly onSport?:
    | ((
      sport: SportKey,
      outcome: Either.Either<Report.SportIngestResult, Csv.CsvFileError | StoreError>,
      millis: number
    ) => Effect.Effect<void, never, R>)
    | undefined
}) =>
  Effect.forEach(options.sports, (sport) =>
    Effect.gen(function*() {
      const tracker = yield* Effect.serviceOption(IngestProgress)
      const started = yield* Clock.currentTimeMillis
      if (Option.isSome(tracker)) {
        const filesTotal = (yield* Runner.sourceFiles(options.dataDir, sport)).length
        const current = yield* tracker.value.get(sport)
        yield* tracker.value.set({
          ...Option.getOrElse(current, () => pendingProgress(sport, false, LOADING_RETRY_AFTER_SECONDS)),
          state: "ingesting",
          files_read: 0,
          files_total: filesTotal,
          rows_read: 0,
          started_at: new Date(started),
          finished_at: null,
          error: null,
          retry_after_seconds: LOADING_RETRY_AFTER_SECONDS
        })
      }
      const reporter = Option.isSome(tracker)
        ? countingReporter(tracker.value, sport).pipe(Layer.provide(options.reporter(sport)))
        : options.reporter(sport)
      const catalog = yield* CatalogReader
      const before = yield* catalog.ingestState(sport)
      const outcome = yield* Runner.runIngest({ sports: [sport], dataDir: options.dataDir }).pipe(
        Effect.map((results) => results[0]!),
        Effect.provide(reporter),
        Effect.either
      )
      const finished = yield* Clock.currentTimeMillis
      if (Option.isSome(tracker)) {
        yield* tracker.value.update(sport, (p) =>
          Either.isRight(outcome)
            ? { ...p, state: "ready", serving: true, finished_at: new Date(finished) }
            : {
              ...p,
              state: "failed",
              finished_at: new Date(finished),
              error: describeIngestFailure(outcome.left),
              retry_after_seconds: retryAfterSecondsOf(options.retryAfterFailed)
            })
      }
      if (options.onSport !== undefined) yield* options.onSport(sport, outcome, finished - started)
      // an ingestion that changed nothing keeps the sport's finished_at (Runner.runIngest): the jobs
      // after it would only write again what they wrote last time
      const changed = Option.isNone(before) ||
        Option.exists(
          yield* catalog.ingestState(sport),
          (after) => after.finished_at.getTime() !== before.value.finished_at.getTime()
        )
      if (Either.isRight(outcome) && changed) yield* runPostIngest(sport, options.dataDir)
      return outcome
    }).pipe(Effect.withSpan("Refresh.ingestTracked", { attributes: { sport } }))).pipe(Effect.tap(() => releaseMemory))

/**
 * One pass: recomputes missing player metrics ({@link backfillMetrics}), anomaly scores
 * ({@link backfillAnomalies}) and stored stacks ({@link backfillStacks}), then ingests the stale
 * sports (if any) sport by sport without progress output ({@link ingestTracked}, so that
 * `/v1/data/status` shows the pass), and logs what it did. `interval` is the time to the next
 * pass (the Retry-After of a sport that failed). Returns the sports ingested successfully.
 */
export const refreshOnce = (dataDir: string, interval: Duration.DurationInput = "5 minutes") =>
  Effect.gen(function*() {
    yield* backfillMetrics
    yield* backfillAnomalies
    yield* backfillStacks
    if (!existsSync(dataDir)) {
      yield* Effect.logWarning("data directory not found").pipe(Effect.annotateLogs({ dataDir }))
      return []
    }
    const staleness = yield* staleSports(dataDir)
    const { stale, unreadable } = staleness
    for (const u of unreadable) {
      yield* Effect.logWarning("source files unreadable").pipe(
        Effect.annotateLogs({ sport: u.sport, file: u.error.file, reason: u.error.reason })
      )
    }
    yield* trackStaleness(staleness, interval)
    if (stale.length === 0) return []
    yield* Effect.logInfo("refreshing stale sports").pipe(
      Effect.annotateLogs({ sports: stale.map((s) => s.sport).join(",") })
    )
    const outcomes = yield* ingestTracked({
      sports: stale.map((s) => s.sport),
      dataDir,
      retryAfterFailed: interval,
      reporter: () => Progress.silent,
      onSport: (sport, outcome) =>
        Either.match(outcome, {
          onLeft: (error) =>
            Effect.logWarning("sport refresh failed").pipe(
              Effect.annotateLogs({ sport, reason: describeIngestFailure(error) })
            ),
          onRight: (result) =>
            Effect.logInfo("sport refreshed").pipe(
              Effect.annotateLogs({ sport, skipped: result.skipped.length, files: result.files.length })
            )
        })
    })
    return stale.flatMap((s, i) => Either.isRight(outcomes[i]!) ? [s.sport] : [])
  }).pipe(Effect.withSpan("Refresh.refreshOnce"))

/** Options of {@link refreshPass} and {@link refreshLoop}. */
export interface RefreshOptions {
  readonly dataDir: string
  /** Time between passes. */
  readonly interval: Duration.DurationInput
  /** The first pass at once (else after one interval). */
  readonly immediate?: boolean | undefined
  /** The lease of the pass (SPORTS_DATA_WORKER_LEASE; default 60 s). */
  readonly lease?: Duration.DurationInput | undefined
  /** Who holds the lease (default: a new id per loop). */
  readonly owner?: string | undefined
}

/**
 * One pass of a worker: {@link refreshOnce} (ingestion, then the post-ingest jobs), then the
 * post-ingest jobs lost earlier (Jobs.ts `catchUpPostIngest`), while holding the `refresh` lease. `Option.none()` when another worker holds it (this pass is skipped; that
 * worker refreshes), else the sports ingested. Interrupted (SIGTERM), it stops and releases the lease;
 * a sport whose ingestion was cut short stays stale, so the next pass ingests it again.
 */
export const refreshPass = (options: RefreshOptions & { readonly owner: string }) =>
  holdingLease(
    { job: REFRESH_JOB, owner: options.owner, lease: options.lease ?? DEFAULT_WORKER_LEASE },
    Effect.zipLeft(refreshOnce(options.dataDir, options.interval), catchUpPostIngest(options.dataDir))
  )

/**
 * The refresh loop: {@link refreshPass} every `interval`, forever, the first pass at once when
 * `immediate`, else after one interval. A failed pass is logged and the next one runs as planned.
 */
export const refreshLoop = (options: RefreshOptions) => {
  const owner = options.owner ?? newOwner()
  const pass = refreshPass({ ...options, owner }).pipe(
    Effect.catchAllCause((cause) => Effect.logWarning("refresh failed", cause))
  )
  const wait = Effect.sleep(options.interval)
  return options.immediate === true
    ? Effect.forever(Effect.zipRight(pass, wait))
    : Effect.forever(Effect.zipRight(wait, pass))
}

/**
 * A background fiber that runs {@link refreshLoop} for as long as the layer lives.
 */
export const RefreshLive = (options: RefreshOptions): Layer.Layer<never, never, AllStores> =>
  Layer.scopedDiscard(Effect.forkScoped(refreshLoop(options)))

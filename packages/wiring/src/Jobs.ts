/**
 * The worker's jobs beside the webhook deliveries: named leases that keep several workers on one
 * store from running one job at once ({@link holdingLease}, over the JobLeases port), and the
 * jobs that follow the ingestion of a sport ({@link postIngestJobs}).
 *
 * The ingestion itself (Runner.runIngest) already writes the sport's signals and events and
 * recomputes its player metrics (alpha metrics, similarity vectors; ingest Metrics.ts); the jobs
 * here run after it, in the same refresh pass and under the same lease (Refresh.ts).
 * @module
 */
import type { AllStores, SportKey, StoreError, TeamSport } from "@sports-data/domain"
import { CatalogReader, JobLeases, ModelRegistryReader } from "@sports-data/domain"
import { Models, Runner } from "@sports-data/ingest"
import { Clock, Duration, Effect, Option, Schedule } from "effect"
import { randomUUID } from "node:crypto"

/** Name of the lease of the refresh pass (ingestion of changed sports and the jobs after it). */
export const REFRESH_JOB = "refresh"

/** Who holds leases: one id per worker loop (a UUID). */
export const newOwner = (): string => randomUUID()

const isModelSport = (sport: SportKey): sport is TeamSport =>
  (Models.modelSports as ReadonlyArray<SportKey>).includes(sport)

/** A job run after a sport was ingested. */
export interface PostIngestJob {
  /** Its name in logs, e.g. `models.train`. */
  readonly name: string
  /**
   * Runs it for `sport` (a sport it does not concern is a no-op), reading source files under
   * `dataDir` where it needs them. Fails with StoreError.
   */
  readonly run: (sport: SportKey, dataDir: string) => Effect.Effect<unknown, StoreError, AllStores>
  /**
   * Whether its output for `sport` is older than the sport's last ingestion (`ingestedAt`), so
   * that a refresh pass runs it even without a new ingestion: the job was lost (its worker was
   * killed or stopped after the ingestion). Without it the job runs only right after an ingestion.
   */
  readonly due?: ((sport: SportKey, ingestedAt: Date) => Effect.Effect<boolean, StoreError, AllStores>) | undefined
}

/**
 * The jobs run, in order, after each sport is ingested (by a worker's refresh pass and by `serve`).
 * ADD A JOB HERE: one entry, e.g. the anomaly scores of ingest Anomaly.ts.
 */
export const postIngestJobs: ReadonlyArray<PostIngestJob> = [
  {
    // models: train, validate on held-out data, record (ACTIVE only when validated; as `models train`)
    name: "models.train",
    run: (sport, dataDir) => isModelSport(sport) ? Models.trainModels(sport, { dataDir }) : Effect.void,
    // due when no version of the sport's models was trained since its last ingestion
    due: (sport, ingestedAt) =>
      isModelSport(sport) ?
        Effect.map(
          Effect.flatMap(ModelRegistryReader, (registry) => registry.versions({ sport })),
          (versions) => !versions.some((v) => new Date(v.trained_at).getTime() >= ingestedAt.getTime())
        ) :
        Effect.succeed(false)
  }
]

/**
 * Runs `jobs` for `sport` in order; a job that fails is logged (with the job and the sport) and
 * the next one runs. Never fails.
 */
export const runPostIngest = (
  sport: SportKey,
  dataDir: string,
  jobs: ReadonlyArray<PostIngestJob> = postIngestJobs
) => Effect.forEach(jobs, (job) => runJob(job, sport, dataDir), { discard: true })

const runJob = (job: PostIngestJob, sport: SportKey, dataDir: string) =>
  job.run(sport, dataDir).pipe(
    Effect.tap(() => Effect.logInfo("post-ingest job done").pipe(Effect.annotateLogs({ job: job.name, sport }))),
    Effect.catchAllCause((cause) =>
      Effect.logWarning("post-ingest job failed", cause).pipe(Effect.annotateLogs({ job: job.name, sport }))
    ),
    Effect.withSpan("Jobs.postIngest", { attributes: { job: job.name, sport } })
  )

/**
 * Runs the post-ingest jobs that are `due` (see {@link PostIngestJob}) for every ingested sport:
 * the jobs a worker lost when it was killed or stopped between an ingestion and its jobs.
 * Returns `[job, sport]` of each job run. A failed check or job is logged; never fails.
 */
export const catchUpPostIngest = (dataDir: string, jobs: ReadonlyArray<PostIngestJob> = postIngestJobs) =>
  Effect.gen(function*() {
    const catalog = yield* CatalogReader
    const ran: Array<readonly [string, SportKey]> = []
    for (const sport of Runner.ingestedSports) {
      const state = yield* catalog.ingestState(sport)
      if (Option.isNone(state)) continue
      for (const job of jobs) {
        if (job.due === undefined || !(yield* job.due(sport, state.value.finished_at))) continue
        yield* runJob(job, sport, dataDir)
        ran.push([job.name, sport])
      }
    }
    return ran as ReadonlyArray<readonly [string, SportKey]>
  }).pipe(
    Effect.catchAllCause((cause) =>
      Effect.as(
        Effect.logWarning("post-ingest catch-up failed", cause),
        [] as ReadonlyArray<readonly [string, SportKey]>
      )
    ),
    Effect.withSpan("Jobs.catchUpPostIngest")
  )

/** Options of {@link holdingLease}. */
export interface LeaseOptions {
  /** The job's name. */
  readonly job: string
  /** The holder (see {@link newOwner}). */
  readonly owner: string
  /** How long the lease holds unrenewed (SPORTS_DATA_WORKER_LEASE); renewed every third of it. */
  readonly lease: Duration.DurationInput
}

/**
 * Runs `effect` while holding the lease `options.job`: `Option.none()` at once (without running it)
 * when another owner holds the lease; else `Option.some` of its result. While it runs the lease is
 * renewed every third of its length; if a renewal finds the lease taken (this process stalled past
 * it), `effect` is interrupted and a warning logged (the other holder runs the job). The lease is
 * released when `effect` ends, fails or is interrupted (SIGTERM), so another worker can take the
 * job at once. Fails with `effect`'s error or a StoreError of the claim.
 */
export const holdingLease = <A, E, R>(
  options: LeaseOptions,
  effect: Effect.Effect<A, E, R>
): Effect.Effect<Option.Option<A>, E | StoreError, R | JobLeases> =>
  Effect.gen(function*() {
    const leases = yield* JobLeases
    const leaseMs = Duration.toMillis(Duration.decode(options.lease))
    const claim = Effect.flatMap(
      Clock.currentTimeMillis,
      (now) => leases.claim({ job: options.job, owner: options.owner, now: new Date(now), leaseMs })
    )
    if (!(yield* claim)) return Option.none()
    const renew = claim.pipe(
      Effect.filterOrFail((held) => held, () => "lost" as const),
      Effect.repeat(Schedule.spaced(Duration.millis(Math.max(1, Math.floor(leaseMs / 3))))),
      Effect.catchAll((e) =>
        e === "lost" ?
          Effect.logWarning("job lease lost to another worker; stopping the job").pipe(
            Effect.annotateLogs({ job: options.job })
          ) :
          // a store error while renewing: keep the job running, the lease may lapse
          Effect.zipRight(Effect.logWarning("job lease renewal failed", e), Effect.never)
      )
    )
    const result = yield* Effect.raceFirst(
      Effect.map(effect, Option.some),
      Effect.as(Effect.delay(renew, Duration.millis(Math.floor(leaseMs / 3))), Option.none<A>())
    ).pipe(Effect.ensuring(Effect.ignore(leases.release(options.job, options.owner))))
    return result
  }).pipe(Effect.withSpan("Jobs.holdingLease", { attributes: { job: options.job } }))

/**
 * The JobLeases port: named leases that let several workers sharing one store run each
 * background job (the refresh pass, the jobs after an ingestion) in one worker at a time.
 *
 * A worker `claim`s a job's lease before running it and renews it (`claim` again, as the same
 * owner) while it runs, at a fraction of the lease; it `release`s it when done or at shutdown.
 * A worker that dies stops renewing: its lease expires and the next claim by another worker
 * succeeds, and the job runs again there. Jobs are written so that running one again does only
 * what is still to do (the refresh ingests only the sports whose source files are newer than
 * their last ingestion).
 *
 * Adapters: store-memory (one map; exact in one process) and store-sql (table `job_leases`,
 * migration 19, one conditional upsert per claim: exact across processes on one server).
 * @module
 */
import { Context, type Effect } from "effect"
import type { StoreError } from "../Errors.js"

/** A claim of a job's lease. */
export interface LeaseClaim {
  /** The job's name, e.g. `refresh`. */
  readonly job: string
  /** Who claims: one id per worker process (a UUID). */
  readonly owner: string
  /** The claimant's current time (its Clock). */
  readonly now: Date
  /** How long the lease holds without renewal, in milliseconds. */
  readonly leaseMs: number
}

/** The {@link JobLeases} port. */
export interface JobLeasesService {
  /**
   * Takes or renews the lease of `job` for `owner` until `now + leaseMs`: true when `owner` holds
   * it now (it was free, expired at `now`, or already `owner`'s), false when another owner holds
   * an unexpired lease. Atomic: of concurrent claims on a free lease exactly one gets true.
   */
  readonly claim: (claim: LeaseClaim) => Effect.Effect<boolean, StoreError>
  /** Gives up `owner`'s lease of `job` (nothing when `owner` does not hold it). */
  readonly release: (job: string, owner: string) => Effect.Effect<void, StoreError>
}

/** The {@link JobLeasesService} port. */
export class JobLeases extends Context.Tag("@sports-data/JobLeases")<JobLeases, JobLeasesService>() {}

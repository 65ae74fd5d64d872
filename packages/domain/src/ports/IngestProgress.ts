/**
 * The port of ingestion progress in this process: per sport, whether its data is being loaded and
 * whether requests for it can be answered yet. `serve` ingests in the background after it starts
 * listening (@sports-data/wiring Refresh.ts `ingestInBackground`); the HTTP runtime answers a
 * request for a sport that is not yet served with 503 SERVICE_UNAVAILABLE and Retry-After, and
 * `/v1/data/status` shows each sport's progress. Without this service (a library, a test, the
 * `ingest` command) every sport is served from whatever the store holds.
 *
 * The in-memory implementation ({@link makeIngestProgress}) is the only one: progress belongs to the
 * process that ingests.
 * @module
 */
import { Context, Effect, HashMap, Option, Ref } from "effect"
import type { SportKey } from "../Sport.js"

/**
 * Where a sport's ingestion stands in this process:
 * - `pending`: queued, not started;
 * - `ingesting`: its files are being read;
 * - `ready`: ingested (or current at start);
 * - `failed`: the last attempt failed (its files cannot be read, or the store failed); the
 *   refresh loop tries again on its next pass.
 */
export type LoadState = "pending" | "ingesting" | "ready" | "failed"

/** The load states, in the order a sport goes through them. */
export const loadStates: ReadonlyArray<LoadState> = ["pending", "ingesting", "ready", "failed"]

/**
 * One sport's progress.
 * - `serving`: requests for the sport are answered from the store. True once it is ready, and
 *   all along for a sport ingested completely at an earlier start that is merely re-ingested
 *   (its source files changed); false for a sport never ingested until its ingestion finishes.
 * - `files_read` / `files_total`: source files read so far in the current (or last) attempt, of
 *   those its adapter lists (null when not known yet).
 * - `rows_read`: source rows read so far in that attempt.
 * - `started_at` / `finished_at`: the attempt's start and end (null before).
 * - `error`: why the last attempt failed (null unless `failed`).
 * - `retry_after_seconds`: for a sport not served, how long a caller should wait before asking
 *   again (the Retry-After of the 503).
 */
export interface SportProgress {
  readonly sport: SportKey
  readonly state: LoadState
  readonly serving: boolean
  readonly files_read: number
  readonly files_total: number | null
  readonly rows_read: number
  readonly started_at: Date | null
  readonly finished_at: Date | null
  readonly error: string | null
  readonly retry_after_seconds: number
}

/** The progress of a sport about to be ingested: pending, served only when `serving`. */
export const pendingProgress = (sport: SportKey, serving: boolean, retryAfterSeconds: number): SportProgress => ({
  sport,
  state: "pending",
  serving,
  files_read: 0,
  files_total: null,
  rows_read: 0,
  started_at: null,
  finished_at: null,
  error: null,
  retry_after_seconds: retryAfterSeconds
})

/** The {@link IngestProgress} service: a snapshot of every tracked sport and its updates. */
export interface IngestProgressService {
  /** The tracked sports (a sport never tracked is served from the store as it is). */
  readonly all: Effect.Effect<ReadonlyArray<SportProgress>>
  /** One sport's progress, none when it is not tracked. */
  readonly get: (sport: SportKey) => Effect.Effect<Option.Option<SportProgress>>
  /** Replaces a sport's progress (starts tracking it). */
  readonly set: (progress: SportProgress) => Effect.Effect<void>
  /** Changes a tracked sport's progress (no-op for a sport not tracked). */
  readonly update: (sport: SportKey, f: (progress: SportProgress) => SportProgress) => Effect.Effect<void>
}

/** The ingestion progress of this process (see the module description). */
export class IngestProgress extends Context.Tag("@sports-data/IngestProgress")<
  IngestProgress,
  IngestProgressService
>() {}

/** A fresh, empty progress tracker held in memory (a `Ref` of a map by sport). */
export const makeIngestProgress: Effect.Effect<IngestProgressService> = Effect.map(
  Ref.make(HashMap.empty<SportKey, SportProgress>()),
  (ref) => ({
    all: Effect.map(Ref.get(ref), (m) => [...HashMap.values(m)]),
    get: (sport) => Effect.map(Ref.get(ref), HashMap.get(sport)),
    set: (progress) => Ref.update(ref, HashMap.set(progress.sport, progress)),
    update: (sport, f) => Ref.update(ref, HashMap.modify(sport, f))
  })
)

/**
 * True when requests for `sport` must wait: it is tracked and not yet served. Gives the progress
 * of such a sport (for the 503's message and Retry-After), none when it is served.
 */
export const loadingOf = (
  progress: IngestProgressService,
  sport: SportKey
): Effect.Effect<Option.Option<SportProgress>> => Effect.map(progress.get(sport), Option.filter((p) => !p.serving))

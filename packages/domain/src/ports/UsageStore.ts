/**
 * The port of usage counters (exact, atomic per admission, shared by every instance) and usage
 * analytics (per-endpoint calls and latency). Every method returns `Effect<A, StoreError>`;
 * adapters in store-memory and store-sql. Time is passed in by the caller (from Effect's `Clock`).
 * @module
 */
import { Context, type Effect } from "effect"
import type { StoreError } from "../Errors.js"

/** Ceilings to enforce on one admission; null = no ceiling. */
export interface UsageLimits {
  readonly per_minute: number | null
  readonly per_day: number | null
  readonly per_month: number | null
}

/**
 * Counters of one key at an instant.
 * - `minute`: admitted calls in the sliding window (now - 60 s, now].
 * - `day`: admitted calls since 00:00 UTC today; `month`: since 00:00 UTC on the 1st.
 * - `minute_oldest`: the oldest call still inside the minute window (null when none), from
 *   which a per-minute Retry-After is derived.
 */
export interface UsageCounts {
  readonly minute: number
  readonly day: number
  readonly month: number
  readonly minute_oldest: Date | null
}

/**
 * Result of one atomic admission. When `admitted`, the call was counted and `counts` include it;
 * otherwise nothing was counted, `blocked_by` names the first ceiling hit in the order minute,
 * day, month, and `counts` are the current values.
 */
export interface ConsumeOutcome {
  readonly admitted: boolean
  readonly blocked_by: "minute" | "day" | "month" | null
  readonly counts: UsageCounts
}

/** One batch of per-endpoint usage analytics for a key (flushed from memory, about each second). */
export interface EndpointCalls {
  readonly key_hash: string
  readonly endpoint: string
  readonly calls: number
  readonly total_ms: number
  readonly last_call: Date
}

/** A row of `endpoint_breakdown` in `/daas/usage`: calls and mean latency (ms) per endpoint. */
export interface EndpointUsage {
  readonly endpoint: string
  readonly calls: number
  readonly avg_ms: number
  readonly last_call: Date
}

/** Calls of one key on one UTC day (`day`: `YYYY-MM-DD`). */
export interface DailyCalls {
  readonly day: string
  readonly calls: number
}

/** Calls of one key in the UTC minute that starts at `minute`. */
export interface MinuteCalls {
  readonly minute: Date
  readonly calls: number
}

/**
 * How long the per-minute analytics are kept: 2 hours (the dashboard charts the last hour).
 * Older minutes are dropped as new calls are recorded.
 */
export const MINUTE_CALLS_RETENTION_MS = 2 * 60 * 60 * 1000

/** Usage counters that enforce limits, and usage analytics. */
export interface UsageStoreService {
  /**
   * Atomically checks every ceiling of `limits` and, only if none is reached, counts one call.
   * Exact across every instance sharing the store: with a per-minute limit N, of any number of
   * concurrent calls exactly N are admitted within a minute.
   */
  readonly consume: (keyHash: string, limits: UsageLimits, now: Date) => Effect.Effect<ConsumeOutcome, StoreError>
  /**
   * Optional, for the hot path: `consume` without an Effect. Calls `done` with the outcome at once
   * when the adapter holds the key's exact counter in this process's memory (the write-behind
   * store once the key is loaded), or when the store answers (PostgreSQL's batched statement).
   * `done` gets undefined, with nothing counted, when it cannot decide that way (counter not
   * loaded, the statement failed): then call `consume`, which reports the error.
   */
  readonly consumeInline?:
    | ((keyHash: string, limits: UsageLimits, now: Date, done: (outcome: ConsumeOutcome | undefined) => void) => void)
    | undefined
  /** The counters at `now` without counting a call. */
  readonly peek: (keyHash: string, now: Date) => Effect.Effect<UsageCounts, StoreError>
  /**
   * Adds a batch of analytics rows (summed into one row per key, endpoint and UTC day, and into
   * one row per key and UTC minute of `last_call`, kept {@link MINUTE_CALLS_RETENTION_MS}).
   */
  readonly recordCalls: (rows: ReadonlyArray<EndpointCalls>) => Effect.Effect<void, StoreError>
  /** Per-endpoint calls of a key since `since`, most called first. */
  readonly endpointBreakdown: (
    keyHash: string,
    since: Date
  ) => Effect.Effect<ReadonlyArray<EndpointUsage>, StoreError>
  /** Calls of a key per UTC day, the days from `since`'s UTC date on, oldest first; days without calls absent. */
  readonly callsPerDay: (keyHash: string, since: Date) => Effect.Effect<ReadonlyArray<DailyCalls>, StoreError>
  /**
   * Calls of a key per UTC minute, the minutes from `since`'s minute on (at most
   * {@link MINUTE_CALLS_RETENTION_MS} back), oldest first; minutes without calls absent.
   */
  readonly callsPerMinute: (keyHash: string, since: Date) => Effect.Effect<ReadonlyArray<MinuteCalls>, StoreError>
}

/** The {@link UsageStoreService} port. */
export class UsageStore extends Context.Tag("@sports-data/UsageStore")<UsageStore, UsageStoreService>() {}

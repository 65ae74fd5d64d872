/**
 * {@link UsageStore} on @effect/sql. Limits hold exactly across every process sharing the
 * database: admissions are decided by `usage_consume_many(...)` (migration "21_consume_many"),
 * which locks each key's row and decides on its latest version.
 *
 * Group commit: concurrent `consume` calls of one store share a statement. At most one
 * admission statement per store is in flight; calls made meanwhile wait and go together in the
 * next one (up to {@link MAX_BATCH} per statement, the rest in the following ones), and a call
 * made when none is in flight is sent at once. The function decides the calls of a key one after
 * another in call order, each seeing the ones before it, so every caller gets the outcome it
 * would get alone; one transaction per batch instead of one per call is what makes a hot key fast.
 *
 * Windows: the domain's `UsageCounter` (sliding minute at one-second resolution in 61 per-second
 * slots, day since 00:00 UTC, month since the 1st); peeks decode the row with it.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import {
  type ConsumeOutcome,
  type StoreError,
  UsageCounter,
  type UsageLimits,
  type UsageStoreService
} from "@sports-data/domain"
import { Effect, Exit, Runtime } from "effect"
import { orStoreError } from "./Errors.js"

/** UTC date of the timestamptz parameter `$2`. */
const DAY = `(($2::timestamptz) AT TIME ZONE 'UTC')::date`

/** Most calls sent in one admission statement. */
const MAX_BATCH = 500

/**
 * Parallel arrays, one element per call: $1 key hashes, $2 nows, $3 per-minute, $4 per-day, $5
 * per-month limits (null = none). One row per call; `ord` is its 1-based position.
 */
const CONSUME_MANY = `SELECT ord, admitted, blocked_by, minute, minute_oldest, day, month
  FROM usage_consume_many($1::text[], $2::timestamptz[], $3::integer[], $4::integer[], $5::integer[])`

/** $1 key hash: the stored counter, decoded by {@link counterOf}. */
const COUNTER = `SELECT minute_head, minute_slots, to_char(day, 'YYYY-MM-DD') AS day, day_count,
  to_char(month, 'YYYY-MM') AS month, month_count FROM usage_counters WHERE key_hash = $1`

/** Sums a batch per (key, UTC day of last_call, endpoint) and adds it to the stored rows. */
const RECORD_CALLS = `
INSERT INTO usage_analytics AS u (key_hash, day, endpoint, calls, total_ms, last_call)
SELECT key_hash, (last_call AT TIME ZONE 'UTC')::date, endpoint, sum(calls), sum(total_ms), max(last_call)
FROM jsonb_to_recordset($1::jsonb) AS r(key_hash text, endpoint text, calls bigint, total_ms double precision,
  last_call timestamptz)
GROUP BY 1, 2, 3
ON CONFLICT (key_hash, day, endpoint) DO UPDATE SET
  calls = u.calls + EXCLUDED.calls,
  total_ms = u.total_ms + EXCLUDED.total_ms,
  last_call = GREATEST(u.last_call, EXCLUDED.last_call)`

/** $1 key hash, $2 since: per endpoint, the days from since's UTC date on; most called first. */
const BREAKDOWN = `
SELECT endpoint, sum(calls) AS calls, sum(total_ms) AS total_ms, max(last_call) AS last_call
FROM usage_analytics
WHERE key_hash = $1 AND day >= ${DAY}
GROUP BY endpoint
ORDER BY sum(calls) DESC, endpoint COLLATE "C"`

interface ConsumeRow {
  readonly ord: number
  readonly admitted: boolean
  readonly blocked_by: "minute" | "day" | "month" | null
  readonly minute: number | string
  readonly minute_oldest: Date | null
  readonly day: number | string
  readonly month: number | string
}

/** The outcome a row of {@link CONSUME_MANY} reports. */
const outcomeOf = (row: ConsumeRow): ConsumeOutcome => ({
  admitted: row.admitted,
  blocked_by: row.blocked_by,
  counts: {
    minute: Number(row.minute),
    minute_oldest: row.minute_oldest,
    day: Number(row.day),
    month: Number(row.month)
  }
})

/** A `consume` call waiting for its statement. */
interface Call {
  readonly keyHash: string
  readonly limits: UsageLimits
  readonly now: Date
  /** Called once with the call's outcome, or the failure of its statement. */
  readonly done: (exit: Exit.Exit<ConsumeOutcome, StoreError>) => void
}

/** A row of `usage_counters` as {@link COUNTER} reads it. */
interface CounterRow {
  readonly minute_head: number | string
  readonly minute_slots: ReadonlyArray<number>
  readonly day: string
  readonly day_count: number | string
  readonly month: string
  readonly month_count: number | string
}

/** The domain counter of a stored row (int8 arrives as a string from node-postgres). */
const counterOf = (row: CounterRow): UsageCounter.UsageCounter => ({
  minute_head: Number(row.minute_head),
  minute_slots: row.minute_slots.map(Number),
  day: row.day,
  day_count: Number(row.day_count),
  month: row.month,
  month_count: Number(row.month_count)
})

/** The stored counter of a key, if any. */
export const readCounter = (sql: SqlClient.SqlClient, keyHash: string) =>
  Effect.map(
    sql.unsafe<CounterRow>(COUNTER, [keyHash]),
    (rows) => rows[0] === undefined ? undefined : counterOf(rows[0])
  )

/** Makes the SQL UsageStore over the current SqlClient (migrations applied). */
export const makeUsageStore: Effect.Effect<UsageStoreService, never, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  /**
   * Runs a fiber in the runtime the store was made in: batches run in its context, not in the
   * context of the call that happened to start them (whose transaction connection or span they
   * must not borrow).
   */
  const runFork = Runtime.runFork(yield* Effect.runtime<never>())
  /** Calls not yet sent, in call order. */
  const waiting: Array<Call> = []
  /** Whether a statement is in flight (its fiber sends the waiting calls when it is done). */
  let sending = false

  /** One statement for `batch`; every call of it gets its outcome, or all the same failure. */
  const send = (batch: ReadonlyArray<Call>) =>
    sql.unsafe<ConsumeRow>(CONSUME_MANY, [
      batch.map((c) => c.keyHash),
      batch.map((c) => c.now),
      batch.map((c) => c.limits.per_minute),
      batch.map((c) => c.limits.per_day),
      batch.map((c) => c.limits.per_month)
    ]).pipe(
      Effect.flatMap((rows) =>
        rows.length === batch.length
          ? Effect.succeed(rows)
          : Effect.dieMessage(`usage_consume_many returned ${rows.length} rows for ${batch.length} calls`)
      ),
      orStoreError("UsageStore.consume"),
      Effect.exit,
      Effect.flatMap((exit) =>
        Effect.sync(() => {
          if (Exit.isSuccess(exit)) {
            for (const row of exit.value) batch[Number(row.ord) - 1]!.done(Exit.succeed(outcomeOf(row)))
          } else {
            for (const call of batch) call.done(Exit.failCause(exit.cause))
          }
        })
      )
    )

  /** Sends the waiting calls, batch after batch, until none is left. */
  const drain: Effect.Effect<void> = Effect.suspend(() => {
    const batch = waiting.splice(0, MAX_BATCH)
    if (batch.length === 0) {
      sending = false
      return Effect.void
    }
    return Effect.zipRight(send(batch), drain)
  })

  /** Queues `call`; starts sending (in the store's context) when no statement is in flight. */
  const enqueue = (call: Call) => {
    waiting.push(call)
    if (sending) return
    sending = true
    runFork(drain)
  }

  return {
    consume: (keyHash, limits, now) =>
      Effect.async<ConsumeOutcome, StoreError>((resume) => {
        const call: Call = { keyHash, limits, now, done: resume }
        enqueue(call)
        // A caller interrupted while waiting leaves the queue; once sent, its outcome is dropped.
        return Effect.sync(() => {
          const at = waiting.indexOf(call)
          if (at >= 0) waiting.splice(at, 1)
        })
      }),
    consumeInline: (keyHash, limits, now, done) =>
      enqueue({ keyHash, limits, now, done: (exit) => done(Exit.isSuccess(exit) ? exit.value : undefined) }),
    peek: (keyHash, now) =>
      readCounter(sql, keyHash).pipe(
        Effect.map((counter) => UsageCounter.countsAt(counter, now)),
        orStoreError("UsageStore.peek")
      ),
    recordCalls: (rows) =>
      rows.length === 0
        ? Effect.void
        : sql.unsafe(RECORD_CALLS, [JSON.stringify(rows)]).pipe(Effect.asVoid, orStoreError("UsageStore.recordCalls")),
    endpointBreakdown: (keyHash, since) =>
      sql.unsafe<{ endpoint: string; calls: string | number; total_ms: number | string; last_call: Date }>(BREAKDOWN, [
        keyHash,
        since
      ]).pipe(
        Effect.map((rows) =>
          rows.map((r) => {
            const calls = Number(r.calls)
            return {
              endpoint: r.endpoint,
              calls,
              avg_ms: calls === 0 ? 0 : Number(r.total_ms) / calls,
              last_call: r.last_call
            }
          })
        ),
        orStoreError("UsageStore.endpointBreakdown")
      )
  }
})

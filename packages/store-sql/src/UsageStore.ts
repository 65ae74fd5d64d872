/**
 * {@link UsageStore} on @effect/sql. Limits hold exactly across every process sharing the
 * database: an admission is ONE statement, `SELECT ... FROM usage_consume(...)` (migration
 * "18_counters"), which locks the key's row and decides on its latest version.
 *
 * Windows: the domain's `UsageCounter` (sliding minute at one-second resolution in 61 per-second
 * slots, day since 00:00 UTC, month since the 1st); peeks decode the row with it.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { type ConsumeOutcome, UsageCounter, type UsageStoreService } from "@sports-data/domain"
import { Effect } from "effect"
import { orStoreError } from "./Errors.js"

/** UTC date of the timestamptz parameter `$2`. */
const DAY = `(($2::timestamptz) AT TIME ZONE 'UTC')::date`

/** $1 key hash, $2 now, $3 per-minute, $4 per-day, $5 per-month limit (null = none). */
const CONSUME = `SELECT admitted, blocked_by, minute, minute_oldest, day, month FROM usage_consume($1, $2, $3, $4, $5)`

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
  readonly admitted: boolean
  readonly blocked_by: "minute" | "day" | "month" | null
  readonly minute: number | string
  readonly minute_oldest: Date | null
  readonly day: number | string
  readonly month: number | string
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

  return {
    consume: (keyHash, limits, now) =>
      sql.unsafe<ConsumeRow>(CONSUME, [keyHash, now, limits.per_minute, limits.per_day, limits.per_month]).pipe(
        Effect.flatMap((rows) =>
          rows[0] === undefined
            ? Effect.dieMessage("usage_consume returned no row")
            : Effect.succeed<ConsumeOutcome>({
              admitted: rows[0].admitted,
              blocked_by: rows[0].blocked_by,
              counts: {
                minute: Number(rows[0].minute),
                minute_oldest: rows[0].minute_oldest,
                day: Number(rows[0].day),
                month: Number(rows[0].month)
              }
            })
        ),
        orStoreError("UsageStore.consume")
      ),
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

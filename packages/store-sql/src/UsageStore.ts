/**
 * {@link UsageStore} on @effect/sql. Limits hold exactly across every process sharing the
 * database: an admission is ONE statement (`INSERT ... ON CONFLICT DO UPDATE ... WHERE <every
 * ceiling below its limit>`), and PostgreSQL evaluates that WHERE on the latest version of the
 * locked row.
 *
 * Windows (decisions.md, "Admission order and counting"), as the memory adapter:
 * - minute: sliding, admitted call instants in (now - 60 s, now], kept in `minute_log`;
 * - day: since 00:00 UTC of `now`'s date; month: since 00:00 UTC on the 1st;
 * - a bucket never moves backwards (a skewed `now` in an earlier day counts into the stored day).
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import {
  Admission,
  type ConsumeOutcome,
  type UsageCounts,
  type UsageLimits,
  type UsageStoreService
} from "@sports-data/domain"
import { Effect } from "effect"
import { orStoreError } from "./Errors.js"

/** UTC date and first day of the UTC month of the timestamptz parameter `$2`. */
const DAY = `(($2::timestamptz) AT TIME ZONE 'UTC')::date`
const MONTH = `date_trunc('month', ($2::timestamptz) AT TIME ZONE 'UTC')::date`
const WINDOW_START = `($2::timestamptz - interval '60 seconds')`

/**
 * $1 key hash, $2 now, $3 per-minute, $4 per-day, $5 per-month limit (null = none).
 * The INSERT branch (first call of a key) runs only when no limit is 0; the UPDATE branch only
 * when every ceiling is below its limit. A returned row means admitted.
 */
const CONSUME = `
INSERT INTO usage_counters AS c (key_hash, minute_log, day, day_count, month, month_count)
SELECT $1, ARRAY[$2::timestamptz], ${DAY}, 1, ${MONTH}, 1
WHERE coalesce($3::int, 1) > 0 AND coalesce($4::int, 1) > 0 AND coalesce($5::int, 1) > 0
ON CONFLICT (key_hash) DO UPDATE SET
  minute_log = ARRAY(SELECT t FROM unnest(c.minute_log) AS t WHERE t > ${WINDOW_START} ORDER BY t) || $2::timestamptz,
  day_count = CASE WHEN c.day >= EXCLUDED.day THEN c.day_count + 1 ELSE 1 END,
  day = GREATEST(c.day, EXCLUDED.day),
  month_count = CASE WHEN c.month >= EXCLUDED.month THEN c.month_count + 1 ELSE 1 END,
  month = GREATEST(c.month, EXCLUDED.month)
WHERE ($3::int IS NULL OR (SELECT count(*) FROM unnest(c.minute_log) AS t WHERE t > ${WINDOW_START}) < $3::int)
  AND ($4::int IS NULL OR (CASE WHEN c.day >= EXCLUDED.day THEN c.day_count ELSE 0 END) < $4::int)
  AND ($5::int IS NULL OR (CASE WHEN c.month >= EXCLUDED.month THEN c.month_count ELSE 0 END) < $5::int)
RETURNING cardinality(c.minute_log) AS minute, (SELECT min(t) FROM unnest(c.minute_log) AS t) AS minute_oldest,
  c.day_count AS day, c.month_count AS month`

/** $1 key hash, $2 now: the counters seen at now (a stored bucket other than now's reads 0). */
const PEEK = `
SELECT (SELECT count(*)::int FROM unnest(minute_log) AS t WHERE t > ${WINDOW_START}) AS minute,
  (SELECT min(t) FROM unnest(minute_log) AS t WHERE t > ${WINDOW_START}) AS minute_oldest,
  CASE WHEN day = ${DAY} THEN day_count ELSE 0 END AS day,
  CASE WHEN month = ${MONTH} THEN month_count ELSE 0 END AS month
FROM usage_counters WHERE key_hash = $1`

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

interface CountsRow {
  readonly minute: number | string
  readonly minute_oldest: Date | null
  readonly day: number | string
  readonly month: number | string
}

const toCounts = (row: CountsRow | undefined): UsageCounts =>
  row === undefined
    ? { minute: 0, day: 0, month: 0, minute_oldest: null }
    : { minute: Number(row.minute), day: Number(row.day), month: Number(row.month), minute_oldest: row.minute_oldest }

/** Rounds of consume when a refusal cannot be explained by a reread (a bucket moved in between). */
const MAX_ATTEMPTS = 3

/** Makes the SQL UsageStore over the current SqlClient (migrations applied). */
export const makeUsageStore: Effect.Effect<UsageStoreService, never, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const peekRow = (keyHash: string, now: Date) =>
    Effect.map(sql.unsafe<CountsRow>(PEEK, [keyHash, now]), (rows) => toCounts(rows[0]))

  const attempt = (
    keyHash: string,
    limits: UsageLimits,
    now: Date,
    left: number
  ): Effect.Effect<ConsumeOutcome, SqlError> =>
    Effect.gen(function*() {
      const admitted = yield* sql.unsafe<CountsRow>(CONSUME, [
        keyHash,
        now,
        limits.per_minute,
        limits.per_day,
        limits.per_month
      ])
      if (admitted.length > 0) return { admitted: true, blocked_by: null, counts: toCounts(admitted[0]) }
      const counts = yield* peekRow(keyHash, now)
      const blocked = Admission.ceilingReached(limits, counts)
      if (blocked === null && left > 1) return yield* attempt(keyHash, limits, now, left - 1)
      return { admitted: false, blocked_by: blocked ?? "minute", counts }
    })

  return {
    consume: (keyHash, limits, now) =>
      attempt(keyHash, limits, now, MAX_ATTEMPTS).pipe(orStoreError("UsageStore.consume")),
    peek: (keyHash, now) => peekRow(keyHash, now).pipe(orStoreError("UsageStore.peek")),
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

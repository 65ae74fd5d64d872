/**
 * {@link UsageStore} for the embedded store (PGlite): one process owns the store folder (see
 * Pglite.ts, the folder lock), so the exact counters live in this process's memory and an
 * admission makes no store round trip once its key is loaded.
 *
 * - A key's counter (domain UsageCounter.ts) is read from `usage_counters` on its first use in
 *   this process (concurrent first uses share one read), then decided in memory: a `consume` is
 *   one synchronous step, so exactness holds under any concurrency within the process.
 * - Write-behind: the counters changed since the last write are written back (their whole state,
 *   one statement for the batch) every `flushInterval` (default 1 s) and once more when the
 *   store's scope closes (a graceful stop). A crash loses at most the counts of the last
 *   interval: the calls counted then are not charged again after the restart.
 * - Analytics (`recordCalls`, `endpointBreakdown`) go to the SQL store as before.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { UsageCounter, type UsageLimits, type UsageStoreService } from "@sports-data/domain"
import { Duration, Effect, Schedule, type Scope } from "effect"
import { orStoreError } from "./Errors.js"
import * as SingleFlight from "./SingleFlight.js"
import { readCounter, usageAnalytics } from "./UsageStore.js"

/** Writes a batch of counters (their whole state); `$1` is a JSON array of rows. */
const WRITE = `
INSERT INTO usage_counters AS c (key_hash, minute_head, minute_slots, day, day_count, month, month_count)
SELECT key_hash, minute_head, ARRAY(SELECT jsonb_array_elements_text(minute_slots)::int), day::date, day_count,
  (month || '-01')::date, month_count
FROM jsonb_to_recordset($1::jsonb) AS r(key_hash text, minute_head bigint, minute_slots jsonb, day text,
  day_count integer, month text, month_count integer)
ON CONFLICT (key_hash) DO UPDATE SET minute_head = EXCLUDED.minute_head, minute_slots = EXCLUDED.minute_slots,
  day = EXCLUDED.day, day_count = EXCLUDED.day_count, month = EXCLUDED.month, month_count = EXCLUDED.month_count`

/**
 * Makes the write-behind UsageStore over the current SqlClient (migrations applied); its flush
 * loop and final flush belong to the current scope. `flushInterval`: how often changed counters
 * are written (default 1 s), the most counting a crash can lose.
 */
export const makeWriteBehindUsageStore = (
  options: { readonly flushInterval?: Duration.DurationInput | undefined } = {}
): Effect.Effect<UsageStoreService, never, SqlClient.SqlClient | Scope.Scope> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const counters = new Map<string, UsageCounter.UsageCounter | undefined>()
    const loading = SingleFlight.make<void, SqlError>()
    const dirty = new Set<string>()

    /** Makes sure the key's counter is in memory (read once from the store). */
    const load = (keyHash: string): Effect.Effect<void, SqlError> =>
      Effect.suspend(() => {
        if (counters.has(keyHash)) return Effect.void
        return loading.run(
          keyHash,
          Effect.flatMap(readCounter(sql, keyHash), (counter) =>
            Effect.sync(() => {
              if (!counters.has(keyHash)) counters.set(keyHash, counter)
            }))
        )
      })

    const flush = Effect.suspend(() => {
      if (dirty.size === 0) return Effect.void
      const keys = [...dirty]
      dirty.clear()
      const rows = keys.flatMap((key_hash) => {
        const counter = counters.get(key_hash)
        return counter === undefined ? [] : [{ key_hash, ...counter }]
      })
      return sql.unsafe(WRITE, [JSON.stringify(rows)]).pipe(
        Effect.asVoid,
        // not written: written with the next flush
        Effect.tapError(() => Effect.sync(() => keys.forEach((key) => dirty.add(key)))),
        Effect.catchAll((error) => Effect.logWarning("usage counters not written; retrying", error))
      )
    })

    const interval = options.flushInterval ?? Duration.seconds(1)
    yield* Effect.forkScoped(Effect.repeat(flush, Schedule.spaced(interval)))
    yield* Effect.addFinalizer(() => flush)

    /**
     * `decide` on the key's counter: at once when it is in memory, else after reading it (the
     * only step that reaches the store, so the only one traced as `operation`).
     */
    const withCounter = <A>(keyHash: string, operation: string, decide: () => A) =>
      counters.has(keyHash)
        ? Effect.sync(decide)
        : load(keyHash).pipe(Effect.zipRight(Effect.sync(decide)), orStoreError(operation))

    /** Decides one call on the key's counter in memory (loaded). */
    const decide = (keyHash: string, limits: UsageLimits, now: Date) => {
      const [outcome, next] = UsageCounter.decide(counters.get(keyHash), limits, now)
      if (outcome.admitted) {
        counters.set(keyHash, next)
        dirty.add(keyHash)
      }
      return outcome
    }

    return {
      consume: (keyHash, limits, now) => withCounter(keyHash, "UsageStore.consume", () => decide(keyHash, limits, now)),
      consumeInline: (keyHash, limits, now, done) =>
        done(counters.has(keyHash) ? decide(keyHash, limits, now) : undefined),
      peek: (keyHash, now) =>
        withCounter(keyHash, "UsageStore.peek", () => UsageCounter.countsAt(counters.get(keyHash), now)),
      ...usageAnalytics(sql)
    }
  })

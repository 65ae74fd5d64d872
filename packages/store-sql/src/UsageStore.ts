/**
 * {@link UsageStore} on @effect/sql. Limits hold exactly across every process sharing the
 * database: admissions are decided by `usage_consume_reserve(...)` (migration "22_reservations",
 * the batch form of "21_consume_many"), which locks each key's row and decides on its latest
 * version.
 *
 * Group commit: concurrent `consume` calls of one store share a statement. At most one
 * admission statement per store is in flight; calls made meanwhile wait and go together in the
 * next one (up to {@link MAX_BATCH} per statement, the rest in the following ones), and a call
 * made when none is in flight is sent at once. The function decides the calls of a key one after
 * another in call order, each seeing the ones before it, so every caller gets the outcome it
 * would get alone; one transaction per batch instead of one per call is what makes a hot key fast.
 *
 * Reservations: a key that made at least {@link RESERVE_FROM} calls in this process in the
 * previous and the current second asks, with its next call sent, for as many more calls in the
 * current second (less those already reserved for it). The statement counts the granted calls at
 * once (at most half of what is left under each ceiling), and this process admits the key's
 * calls of that second from them in memory, without a round trip, each with the counts it would
 * have got alone here (the grant's counts plus the calls admitted from it; the counts this
 * process reports leave out its own reserved calls not used yet). About {@link HOLD_MS} after the grant, the unused calls are
 * given back (`usage_release`; on a graceful stop, at once). While they are out, another
 * instance's call that finds the key at a ceiling is not refused: the row reports reservations
 * pending, and that call is decided again once they are back ({@link RETRY_MS}, at most
 * {@link RETRIES} times). So no call is admitted over a ceiling, and none is refused for calls
 * another instance reserved and did not use. If an instance dies holding a reservation, its
 * calls stay counted (another instance stops waiting for them after 3 s): at most one second of
 * that instance's calls of the key, refused early, never over a ceiling. Counts read meanwhile by
 * other instances include the reserved calls.
 *
 * Windows: the domain's `UsageCounter` (sliding minute at one-second resolution in 61 per-second
 * slots, day since 00:00 UTC, month since the 1st); peeks decode the row with it.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import {
  type ConsumeOutcome,
  MINUTE_CALLS_RETENTION_MS,
  type StoreError,
  UsageCounter,
  type UsageCounts,
  type UsageLimits,
  type UsageStoreService
} from "@sports-data/domain"
import { Effect, Exit, Fiber, Runtime, Schedule, type Scope } from "effect"
import { orStoreError } from "./Errors.js"

/** UTC date of the timestamptz parameter `$2`. */
const DAY = `(($2::timestamptz) AT TIME ZONE 'UTC')::date`

/** Most calls sent in one admission statement. */
const MAX_BATCH = 500

/** Calls a key must have made in this process in the previous and current second before it asks for a reservation. */
const RESERVE_FROM = 4

/** Most calls one reservation asks for. */
const MAX_RESERVE = 10_000

/** Milliseconds (wall clock) a reservation is held before its unused calls are given back. */
const HOLD_MS = 1000

/** How often (ms) held reservations are checked for release. */
const SWEEP_MS = 200

/** Milliseconds a refusal met by pending reservations waits before it is decided again. */
const RETRY_MS = 1300

/** Times a refusal met by pending reservations is decided again before it stands. */
const RETRIES = 2

/**
 * Parallel arrays, one element per call: $1 key hashes, $2 nows, $3 per-minute, $4 per-day, $5
 * per-month limits (null = none), $6 calls to reserve after the call (0 = none). One row per
 * call; `ord` is its 1-based position.
 */
const CONSUME_MANY = `SELECT ord, admitted, blocked_by, minute, minute_oldest, day, month, pending, reserved
  FROM usage_consume_reserve($1::text[], $2::timestamptz[], $3::integer[], $4::integer[], $5::integer[],
    $6::integer[])`

/** Parallel arrays, one element per reservation: $1 key hashes, $2 seconds, $3 UTC days, $4 granted, $5 unused. */
const RELEASE = `SELECT usage_release($1::text[], $2::bigint[], $3::date[], $4::integer[], $5::integer[])`

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

/** $1 the batch as JSON, $2 the oldest minute to keep: per key and UTC minute of last_call; drops older minutes. */
const RECORD_MINUTES = `
WITH added AS (
  INSERT INTO usage_minutes AS u (key_hash, minute, calls)
  SELECT key_hash, date_trunc('minute', last_call), sum(calls)
  FROM jsonb_to_recordset($1::jsonb) AS r(key_hash text, calls bigint, last_call timestamptz)
  GROUP BY 1, 2
  ON CONFLICT (key_hash, minute) DO UPDATE SET calls = u.calls + EXCLUDED.calls
)
DELETE FROM usage_minutes WHERE minute < $2`

/** $1 key hash, $2 since: calls per UTC day from since's UTC date on, oldest first. */
const PER_DAY = `
SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(calls) AS calls FROM usage_analytics
WHERE key_hash = $1 AND day >= ${DAY}
GROUP BY day ORDER BY day`

/** $1 key hash, $2 since: calls per UTC minute from since's minute on, oldest first. */
const PER_MINUTE = `
SELECT minute, calls FROM usage_minutes
WHERE key_hash = $1 AND minute >= date_trunc('minute', $2::timestamptz)
ORDER BY minute`

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
  readonly pending: boolean
  readonly reserved: number
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
  /** The call's time; moved on when a refusal met by pending reservations is decided again. */
  now: Date
  /** Times it was decided again (at most {@link RETRIES}). */
  retries: number
  /** Its caller was interrupted before it was sent: it is not sent (nor decided again). */
  cancelled: boolean
  /** Called once with the call's outcome, or the failure of its statement. */
  readonly done: (exit: Exit.Exit<ConsumeOutcome, StoreError>) => void
}

/** Calls of a key counted in the store ahead of use, admitted from in this process. */
interface Reservation {
  readonly keyHash: string
  /** Epoch second the calls are counted in (a call at `t` ms counts in `ceil(t / 1000)`). */
  readonly second: number
  /** UTC date of the calls (`YYYY-MM-DD`). */
  readonly day: string
  /** The ceilings it was granted under; a call under other ceilings does not use it. */
  readonly limits: UsageLimits
  readonly granted: number
  /** Calls admitted from it so far. */
  used: number
  /** The counts of the call the grant came with. */
  readonly counts: UsageCounts
  /** Wall-clock ms after which the unused calls are given back. */
  readonly releaseAt: number
  /** No call is admitted from it any more; its unused calls are to be given back. */
  ended: boolean
}

/** Calls a key made in this process: in `second` so far, and in the second before it. */
interface Demand {
  second: number
  count: number
  previous: number
}

/** The second a call at `now` is counted in (UsageCounter.ts). */
const secondOf = (now: Date): number => UsageCounter.callSecond(now.getTime())

const sameLimits = (a: UsageLimits, b: UsageLimits): boolean =>
  a.per_minute === b.per_minute && a.per_day === b.per_day && a.per_month === b.per_month

/**
 * `counts` (read from the store at `now`) less the calls this process reserved in `reservations`
 * and has not used: the store counts them until they are given back.
 */
const withoutUnused = (counts: UsageCounts, reservations: ReadonlyArray<Reservation>, now: Date): UsageCounts => {
  let { day, minute, month } = counts
  const low = UsageCounter.windowLow(now.getTime())
  for (const r of reservations) {
    const unused = r.granted - r.used
    if (r.second >= low && r.second <= secondOf(now)) minute -= unused
    if (r.day === UsageCounter.utcDay(now)) day -= unused
    if (r.day.slice(0, 7) === UsageCounter.utcMonth(now)) month -= unused
  }
  return {
    minute: Math.max(0, minute),
    minute_oldest: counts.minute_oldest,
    day: Math.max(0, day),
    month: Math.max(0, month)
  }
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

/** The usage analytics half of the UsageStore (`recordCalls`, `endpointBreakdown`) on `sql`. */
export const usageAnalytics = (
  sql: SqlClient.SqlClient
): Pick<UsageStoreService, "recordCalls" | "endpointBreakdown" | "callsPerDay" | "callsPerMinute"> => ({
  recordCalls: (rows) => {
    if (rows.length === 0) return Effect.void
    const batch = JSON.stringify(rows)
    const newest = rows.reduce((t, r) => Math.max(t, r.last_call.getTime()), 0)
    return sql.unsafe(RECORD_CALLS, [batch]).pipe(
      Effect.zipRight(sql.unsafe(RECORD_MINUTES, [batch, new Date(newest - MINUTE_CALLS_RETENTION_MS)])),
      Effect.asVoid,
      orStoreError("UsageStore.recordCalls")
    )
  },
  callsPerDay: (keyHash, since) =>
    sql.unsafe<{ day: string; calls: string | number }>(PER_DAY, [keyHash, since]).pipe(
      Effect.map((rows) => rows.map((r) => ({ day: r.day, calls: Number(r.calls) }))),
      orStoreError("UsageStore.callsPerDay")
    ),
  callsPerMinute: (keyHash, since) =>
    sql.unsafe<{ minute: Date | string; calls: string | number }>(PER_MINUTE, [keyHash, since]).pipe(
      Effect.map((rows) => rows.map((r) => ({ minute: new Date(r.minute), calls: Number(r.calls) }))),
      orStoreError("UsageStore.callsPerMinute")
    ),
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
})

/**
 * Makes the SQL UsageStore over the current SqlClient (migrations applied). Its reservation
 * sweep belongs to the current scope, and closing the scope gives back the unused reserved calls.
 */
export const makeUsageStore: Effect.Effect<UsageStoreService, never, SqlClient.SqlClient | Scope.Scope> = Effect
  .gen(function*() {
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
    /**
     * This process's reservations not yet given back, per key, oldest first: calls are admitted
     * from the newest one while it has not ended.
     */
    const reservations = new Map<string, Array<Reservation>>()
    /** The reservation calls of `keyHash` are admitted from, if any. */
    const current = (keyHash: string): Reservation | undefined => {
      const r = reservations.get(keyHash)?.at(-1)
      return r === undefined || r.ended ? undefined : r
    }
    /** `counts` of `keyHash` (as the store reports them at `now`) less this process's reserved calls not used. */
    const ownCounts = (keyHash: string, counts: UsageCounts, now: Date): UsageCounts => {
      const mine = reservations.get(keyHash)
      return mine === undefined ? counts : withoutUnused(counts, mine, now)
    }
    /** Calls per key in this process, by second (for the size of the next reservation). */
    const demand = new Map<string, Demand>()

    /** Counts a call of `keyHash` at `second` in its demand. */
    const noteDemand = (keyHash: string, second: number) => {
      const d = demand.get(keyHash)
      if (d === undefined) demand.set(keyHash, { second, count: 1, previous: 0 })
      else if (second === d.second) d.count++
      else if (second > d.second) {
        d.previous = second === d.second + 1 ? d.count : 0
        d.second = second
        d.count = 1
      }
    }

    /**
     * Calls to reserve with the call of `keyHash` at `second`: as many as the key made in this
     * process in the second before and in this one so far (the batch's calls included), less
     * those already reserved for this one; none below {@link RESERVE_FROM}.
     */
    const wanted = (keyHash: string, second: number): number => {
      const d = demand.get(keyHash)
      if (d === undefined || d.second !== second || d.previous + d.count < RESERVE_FROM) return 0
      const r = current(keyHash)
      const reserved = r !== undefined && r.second === second ? r.granted : 0
      return Math.min(MAX_RESERVE, Math.max(0, d.previous + d.count - reserved))
    }

    /** Admits `call` from its key's reservation, or answers undefined (nothing counted). */
    const fromReservation = (keyHash: string, limits: UsageLimits, now: Date): ConsumeOutcome | undefined => {
      const r = current(keyHash)
      if (
        r === undefined || r.used >= r.granted || r.second !== secondOf(now) ||
        r.day !== UsageCounter.utcDay(now) || !sameLimits(r.limits, limits)
      ) return undefined
      r.used++
      return {
        admitted: true,
        blocked_by: null,
        counts: {
          minute: r.counts.minute + r.used,
          minute_oldest: r.counts.minute_oldest,
          day: r.counts.day + r.used,
          month: r.counts.month + r.used
        }
      }
    }

    /** Holds a new reservation for its key; the one it replaces ends. */
    const hold = (r: Reservation) => {
      const mine = reservations.get(r.keyHash)
      if (mine === undefined) reservations.set(r.keyHash, [r])
      else {
        const before = mine.at(-1)
        if (before !== undefined) before.ended = true
        mine.push(r)
      }
    }

    /** A refusal met by pending reservations: decided again once they are given back. */
    const retry = (call: Call) => {
      call.retries++
      setTimeout(() => {
        call.now = new Date(call.now.getTime() + RETRY_MS)
        if (!call.cancelled) enqueue(call)
      }, RETRY_MS).unref()
    }

    /** One statement for `batch`; every call of it gets its outcome, or all the same failure. */
    const send = (batch: ReadonlyArray<Call>) => {
      // the last call of each key asks for the key's reservation
      const reserve = new Array<number>(batch.length).fill(0)
      const asked = new Set<string>()
      for (let i = batch.length - 1; i >= 0; i--) {
        const call = batch[i]!
        if (asked.has(call.keyHash)) continue
        asked.add(call.keyHash)
        reserve[i] = wanted(call.keyHash, secondOf(call.now))
      }
      return sql.unsafe<ConsumeRow>(CONSUME_MANY, [
        batch.map((c) => c.keyHash),
        batch.map((c) => c.now),
        batch.map((c) => c.limits.per_minute),
        batch.map((c) => c.limits.per_day),
        batch.map((c) => c.limits.per_month),
        reserve
      ]).pipe(
        Effect.flatMap((rows) =>
          rows.length === batch.length
            ? Effect.succeed(rows)
            : Effect.dieMessage(`usage_consume_reserve returned ${rows.length} rows for ${batch.length} calls`)
        ),
        orStoreError("UsageStore.consume"),
        Effect.exit,
        Effect.flatMap((exit) =>
          Effect.sync(() => {
            if (Exit.isFailure(exit)) {
              for (const call of batch) call.done(Exit.failCause(exit.cause))
              return
            }
            for (const row of exit.value) {
              const call = batch[Number(row.ord) - 1]!
              if (!row.admitted && row.pending && call.retries < RETRIES) {
                retry(call)
                continue
              }
              // the store also counts this process's reserved calls not used yet (the key's
              // rows come before the one the grant is on, which excludes its own grant)
              const stored = outcomeOf(row)
              const outcome = { ...stored, counts: ownCounts(call.keyHash, stored.counts, call.now) }
              const granted = Number(row.reserved)
              if (granted > 0) {
                hold({
                  keyHash: call.keyHash,
                  second: secondOf(call.now),
                  day: UsageCounter.utcDay(call.now),
                  limits: call.limits,
                  granted,
                  used: 0,
                  counts: outcome.counts,
                  releaseAt: Date.now() + HOLD_MS,
                  ended: false
                })
              }
              call.done(Exit.succeed(outcome))
            }
          })
        )
      )
    }

    /** Takes the next batch off the queue; calls a reservation now covers are admitted at once instead. */
    const takeBatch = (): Array<Call> => {
      const batch: Array<Call> = []
      while (batch.length < MAX_BATCH && waiting.length > 0) {
        const call = waiting.shift()!
        if (call.cancelled) continue
        const local = fromReservation(call.keyHash, call.limits, call.now)
        if (local === undefined) batch.push(call)
        else call.done(Exit.succeed(local))
      }
      return batch
    }

    /** Sends the waiting calls, batch after batch, until none is left. */
    const drain: Effect.Effect<void> = Effect.suspend(() => {
      const batch = takeBatch()
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

    /** The outcome of a call admitted from a reservation, or undefined after queueing it. */
    const admit = (call: Call): ConsumeOutcome | undefined => {
      noteDemand(call.keyHash, secondOf(call.now))
      const local = fromReservation(call.keyHash, call.limits, call.now)
      if (local === undefined) enqueue(call)
      return local
    }

    /**
     * Gives back the unused calls of the ended reservations, after ending those held past
     * {@link HOLD_MS} (all of them when `all`, on close). One statement, not interrupted midway
     * (its reservations leave the lists only once it succeeded; a failed one is tried again at
     * the next sweep).
     */
    const release = (all: boolean): Effect.Effect<void> =>
      Effect.uninterruptible(Effect.suspend(() => {
        const wall = Date.now()
        const batch: Array<Reservation> = []
        for (const mine of reservations.values()) {
          for (const r of mine) {
            if (all || r.releaseAt <= wall) r.ended = true
            if (r.ended) batch.push(r)
          }
        }
        const old = secondOf(new Date(wall)) - 5
        for (const [keyHash, d] of demand) if (d.second < old) demand.delete(keyHash)
        if (batch.length === 0) return Effect.void
        return sql.unsafe(RELEASE, [
          batch.map((r) => r.keyHash),
          batch.map((r) => r.second),
          batch.map((r) => r.day),
          batch.map((r) => r.granted),
          batch.map((r) => r.granted - r.used)
        ]).pipe(
          Effect.zipRight(Effect.sync(() => {
            for (const r of batch) {
              const left = reservations.get(r.keyHash)?.filter((other) => other !== r) ?? []
              if (left.length === 0) reservations.delete(r.keyHash)
              else reservations.set(r.keyHash, left)
            }
          })),
          Effect.catchAll((error) => Effect.logWarning("UsageStore: giving back reserved calls failed; retried", error))
        )
      }))

    const sweep = yield* Effect.forkScoped(Effect.repeat(release(false), Schedule.spaced(SWEEP_MS)))
    yield* Effect.addFinalizer(() => Effect.zipRight(Fiber.interrupt(sweep), release(true)))

    return {
      consume: (keyHash, limits, now) =>
        Effect.suspend(() => {
          let resume: ((exit: Exit.Exit<ConsumeOutcome, StoreError>) => void) | undefined
          let early: Exit.Exit<ConsumeOutcome, StoreError> | undefined
          const call: Call = {
            keyHash,
            limits,
            now,
            retries: 0,
            cancelled: false,
            done: (exit) => resume === undefined ? early = exit : resume(exit)
          }
          const local = admit(call)
          if (local !== undefined) return Effect.succeed(local)
          return Effect.async<ConsumeOutcome, StoreError>((cb) => {
            if (early !== undefined) return cb(early)
            resume = cb
            // A caller interrupted while its call waits (to be sent, or to be decided again) is
            // not counted; once sent, its outcome is dropped.
            return Effect.sync(() => {
              call.cancelled = true
            })
          })
        }),
      consumeInline: (keyHash, limits, now, done) => {
        const local = admit({
          keyHash,
          limits,
          now,
          retries: 0,
          cancelled: false,
          done: (exit) => done(Exit.isSuccess(exit) ? exit.value : undefined)
        })
        if (local !== undefined) done(local)
      },
      peek: (keyHash, now) =>
        readCounter(sql, keyHash).pipe(
          Effect.map((counter) => ownCounts(keyHash, UsageCounter.countsAt(counter, now), now)),
          orStoreError("UsageStore.peek")
        ),
      ...usageAnalytics(sql)
    }
  })

/**
 * In-memory {@link UsageStore}: exact counters in one `Ref`, so a `consume` is a single atomic
 * `Ref.modify` however many fibers call it at once.
 *
 * Windows (decisions.md, "Admission order and counting"):
 * - minute: sliding, the calls admitted in (now - 60 s, now], kept as a log of call instants;
 * - day: calls since 00:00 UTC of `now`'s date; month: since 00:00 UTC on the 1st.
 * A bucket never moves backwards: a call whose `now` falls in an earlier day or month than the
 * stored bucket (clock skew between instances) counts into the stored bucket.
 * @module
 */
import {
  Admission,
  type ConsumeOutcome,
  type EndpointUsage,
  type UsageCounts,
  type UsageLimits,
  type UsageStoreService
} from "@sports-data/domain"
import { Effect, HashMap, Option, Ref } from "effect"

/** Length of the sliding minute window, ms. */
const MINUTE_MS = 60_000

/** `YYYY-MM-DD` of the UTC date of `now`. */
const utcDay = (now: Date): string => now.toISOString().slice(0, 10)
/** `YYYY-MM` of the UTC month of `now`. */
const utcMonth = (now: Date): string => now.toISOString().slice(0, 7)

interface Counter {
  /** Instants (ms) of admitted calls still inside some minute window, ascending. */
  readonly log: ReadonlyArray<number>
  readonly day: string
  readonly day_count: number
  readonly month: string
  readonly month_count: number
}

interface AnalyticsRow {
  readonly key_hash: string
  readonly day: string
  readonly endpoint: string
  readonly calls: number
  readonly total_ms: number
  readonly last_call: Date
}

const inWindow = (log: ReadonlyArray<number>, now: Date): ReadonlyArray<number> => {
  const from = now.getTime() - MINUTE_MS
  return log.filter((t) => t > from)
}

const oldest = (log: ReadonlyArray<number>): Date | null => log.length === 0 ? null : new Date(Math.min(...log))

const zero: UsageCounts = { minute: 0, day: 0, month: 0, minute_oldest: null }

/** The counters of `counter` as seen at `now` (a bucket other than now's reads 0). */
const countsAt = (counter: Counter | undefined, now: Date): UsageCounts => {
  if (counter === undefined) return zero
  const log = inWindow(counter.log, now)
  return {
    minute: log.length,
    minute_oldest: oldest(log),
    day: counter.day === utcDay(now) ? counter.day_count : 0,
    month: counter.month === utcMonth(now) ? counter.month_count : 0
  }
}

/** The admission decision on one counter; pure, run inside `Ref.modify`. */
const decide = (
  counter: Counter | undefined,
  limits: UsageLimits,
  now: Date
): readonly [ConsumeOutcome, Counter | undefined] => {
  const day = utcDay(now)
  const month = utcMonth(now)
  const log = counter === undefined ? [] : inWindow(counter.log, now)
  const dayCount = counter !== undefined && counter.day >= day ? counter.day_count : 0
  const monthCount = counter !== undefined && counter.month >= month ? counter.month_count : 0
  const blocked_by = Admission.ceilingReached(limits, { minute: log.length, day: dayCount, month: monthCount })
  if (blocked_by !== null) {
    return [{ admitted: false, blocked_by, counts: countsAt(counter, now) }, counter]
  }
  const t = now.getTime()
  const nextLog = [...log, t].sort((a, b) => a - b)
  const next: Counter = {
    log: nextLog,
    day: counter !== undefined && counter.day > day ? counter.day : day,
    day_count: dayCount + 1,
    month: counter !== undefined && counter.month > month ? counter.month : month,
    month_count: monthCount + 1
  }
  return [
    {
      admitted: true,
      blocked_by: null,
      counts: { minute: nextLog.length, minute_oldest: oldest(nextLog), day: next.day_count, month: next.month_count }
    },
    next
  ]
}

const analyticsKey = (keyHash: string, day: string, endpoint: string): string =>
  `${keyHash}\u0000${day}\u0000${endpoint}`

/**
 * Makes an empty in-memory UsageStore. Analytics rows are summed per key, endpoint and UTC day
 * of `last_call`; `endpointBreakdown(key, since)` reads the days from `since`'s UTC date on,
 * most called first (ties by endpoint), with `avg_ms` = total ms / calls.
 */
export const makeUsageStore: Effect.Effect<UsageStoreService> = Effect.gen(function*() {
  const counters = yield* Ref.make(HashMap.empty<string, Counter>())
  const analytics = yield* Ref.make(HashMap.empty<string, AnalyticsRow>())

  const consume: UsageStoreService["consume"] = (keyHash, limits, now) =>
    Ref.modify(counters, (map) => {
      const [outcome, next] = decide(Option.getOrUndefined(HashMap.get(map, keyHash)), limits, now)
      return [outcome, next === undefined ? map : HashMap.set(map, keyHash, next)]
    })

  const peek: UsageStoreService["peek"] = (keyHash, now) =>
    Effect.map(Ref.get(counters), (map) => countsAt(Option.getOrUndefined(HashMap.get(map, keyHash)), now))

  const recordCalls: UsageStoreService["recordCalls"] = (rows) =>
    Ref.update(analytics, (map) =>
      rows.reduce((acc, row) => {
        const day = utcDay(row.last_call)
        const key = analyticsKey(row.key_hash, day, row.endpoint)
        const stored = Option.getOrUndefined(HashMap.get(acc, key))
        return HashMap.set(acc, key, {
          key_hash: row.key_hash,
          day,
          endpoint: row.endpoint,
          calls: (stored?.calls ?? 0) + row.calls,
          total_ms: (stored?.total_ms ?? 0) + row.total_ms,
          last_call: stored !== undefined && stored.last_call.getTime() > row.last_call.getTime()
            ? stored.last_call
            : row.last_call
        })
      }, map))

  const endpointBreakdown: UsageStoreService["endpointBreakdown"] = (keyHash, since) =>
    Effect.map(Ref.get(analytics), (map) => {
      const from = utcDay(since)
      const byEndpoint = new Map<string, { calls: number; total_ms: number; last_call: Date }>()
      for (const row of HashMap.values(map)) {
        if (row.key_hash !== keyHash || row.day < from) continue
        const acc = byEndpoint.get(row.endpoint)
        byEndpoint.set(row.endpoint, {
          calls: (acc?.calls ?? 0) + row.calls,
          total_ms: (acc?.total_ms ?? 0) + row.total_ms,
          last_call: acc !== undefined && acc.last_call.getTime() > row.last_call.getTime()
            ? acc.last_call
            : row.last_call
        })
      }
      return Array.from(byEndpoint, ([endpoint, acc]): EndpointUsage => ({
        endpoint,
        calls: acc.calls,
        avg_ms: acc.calls === 0 ? 0 : acc.total_ms / acc.calls,
        last_call: acc.last_call
      })).sort((a, b) => b.calls - a.calls || (a.endpoint < b.endpoint ? -1 : a.endpoint > b.endpoint ? 1 : 0))
    })

  return { consume, peek, recordCalls, endpointBreakdown }
})

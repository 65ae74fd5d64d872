/**
 * In-memory {@link UsageStore}: exact counters in one `Ref`, so a `consume` is a single atomic
 * `Ref.modify` however many fibers call it at once.
 *
 * Windows (decisions.md, "Admission order and counting"):
 * the domain's `UsageCounter` (sliding minute at one-second resolution in fixed per-second
 * slots, day since 00:00 UTC, month since the 1st), so memory per key is fixed.
 * @module
 */
import {
  type EndpointUsage,
  MINUTE_CALLS_RETENTION_MS,
  UsageCounter,
  type UsageStoreService
} from "@sports-data/domain"
import { Effect, HashMap, Option, Ref } from "effect"

interface AnalyticsRow {
  readonly key_hash: string
  readonly day: string
  readonly endpoint: string
  readonly calls: number
  readonly total_ms: number
  readonly last_call: Date
}

const analyticsKey = (keyHash: string, day: string, endpoint: string): string =>
  `${keyHash}\u0000${day}\u0000${endpoint}`

/**
 * Makes an empty in-memory UsageStore. Analytics rows are summed per key, endpoint and UTC day
 * of `last_call`; `endpointBreakdown(key, since)` reads the days from `since`'s UTC date on,
 * most called first (ties by endpoint), with `avg_ms` = total ms / calls. Per-minute calls are
 * kept per key and minute start (ms), dropped once older than MINUTE_CALLS_RETENTION_MS.
 */
export const makeUsageStore: Effect.Effect<UsageStoreService> = Effect.gen(function*() {
  const counters = yield* Ref.make(HashMap.empty<string, UsageCounter.UsageCounter>())
  const analytics = yield* Ref.make(HashMap.empty<string, AnalyticsRow>())
  /** key hash -> minute start (ms) -> calls */
  const minutes = yield* Ref.make(new Map<string, ReadonlyMap<number, number>>())

  const consume: UsageStoreService["consume"] = (keyHash, limits, now) =>
    Ref.modify(counters, (map) => {
      const [outcome, next] = UsageCounter.decide(Option.getOrUndefined(HashMap.get(map, keyHash)), limits, now)
      return [outcome, next === undefined ? map : HashMap.set(map, keyHash, next)]
    })

  const peek: UsageStoreService["peek"] = (keyHash, now) =>
    Effect.map(Ref.get(counters), (map) => UsageCounter.countsAt(Option.getOrUndefined(HashMap.get(map, keyHash)), now))

  const recordMinutes = (rows: Parameters<UsageStoreService["recordCalls"]>[0]) =>
    Ref.update(minutes, (all) => {
      const next = new Map(all)
      const newest = rows.reduce((t, r) => Math.max(t, r.last_call.getTime()), 0)
      for (const row of rows) {
        const minute = Math.floor(row.last_call.getTime() / 60_000) * 60_000
        const perKey = new Map(next.get(row.key_hash))
        perKey.set(minute, (perKey.get(minute) ?? 0) + row.calls)
        next.set(row.key_hash, perKey)
      }
      for (const [key, perKey] of next) {
        const kept = new Map([...perKey].filter(([m]) => m >= newest - MINUTE_CALLS_RETENTION_MS))
        if (kept.size === 0) next.delete(key)
        else next.set(key, kept)
      }
      return next
    })

  const recordCalls: UsageStoreService["recordCalls"] = (rows) =>
    rows.length === 0 ? Effect.void : Effect.zipRight(recordMinutes(rows), recordDays(rows))

  const recordDays = (rows: Parameters<UsageStoreService["recordCalls"]>[0]) =>
    Ref.update(analytics, (map) =>
      rows.reduce((acc, row) => {
        const day = UsageCounter.utcDay(row.last_call)
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
      const from = UsageCounter.utcDay(since)
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

  const callsPerDay: UsageStoreService["callsPerDay"] = (keyHash, since) =>
    Effect.map(Ref.get(analytics), (map) => {
      const from = UsageCounter.utcDay(since)
      const byDay = new Map<string, number>()
      for (const row of HashMap.values(map)) {
        if (row.key_hash === keyHash && row.day >= from) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.calls)
      }
      return [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, calls]) => ({ day, calls }))
    })

  const callsPerMinute: UsageStoreService["callsPerMinute"] = (keyHash, since) =>
    Effect.map(Ref.get(minutes), (all) => {
      const from = Math.floor(since.getTime() / 60_000) * 60_000
      return [...(all.get(keyHash) ?? new Map<number, number>())]
        .filter(([m]) => m >= from)
        .sort(([a], [b]) => a - b)
        .map(([m, calls]) => ({ minute: new Date(m), calls }))
    })

  return { consume, peek, recordCalls, endpointBreakdown, callsPerDay, callsPerMinute }
})

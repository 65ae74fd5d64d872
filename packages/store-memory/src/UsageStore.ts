/**
 * In-memory {@link UsageStore}: exact counters in one `Ref`, so a `consume` is a single atomic
 * `Ref.modify` however many fibers call it at once.
 *
 * Windows (decisions.md, "Admission order and counting"):
 * the domain's `UsageCounter` (sliding minute at one-second resolution in fixed per-second
 * slots, day since 00:00 UTC, month since the 1st), so memory per key is fixed.
 * @module
 */
import { type EndpointUsage, UsageCounter, type UsageStoreService } from "@sports-data/domain"
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
 * most called first (ties by endpoint), with `avg_ms` = total ms / calls.
 */
export const makeUsageStore: Effect.Effect<UsageStoreService> = Effect.gen(function*() {
  const counters = yield* Ref.make(HashMap.empty<string, UsageCounter.UsageCounter>())
  const analytics = yield* Ref.make(HashMap.empty<string, AnalyticsRow>())

  const consume: UsageStoreService["consume"] = (keyHash, limits, now) =>
    Ref.modify(counters, (map) => {
      const [outcome, next] = UsageCounter.decide(Option.getOrUndefined(HashMap.get(map, keyHash)), limits, now)
      return [outcome, next === undefined ? map : HashMap.set(map, keyHash, next)]
    })

  const peek: UsageStoreService["peek"] = (keyHash, now) =>
    Effect.map(Ref.get(counters), (map) => UsageCounter.countsAt(Option.getOrUndefined(HashMap.get(map, keyHash)), now))

  const recordCalls: UsageStoreService["recordCalls"] = (rows) =>
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

  return { consume, peek, recordCalls, endpointBreakdown }
})

/**
 * UsageStore contract: limits per minute (sliding 60 s), day (00:00 UTC) and month (the 1st,
 * 00:00 UTC) with explicit `now` values, the counts returned, and usage analytics. One suite,
 * run on every adapter; each test uses its own random key.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { type UsageLimits, UsageStore } from "@sports-data/domain"
import { Effect } from "effect"
import { storeLayers } from "../harness/stores.js"
import { randomKeyHash } from "./fixtures.js"

const entries = await storeLayers()

const at = (iso: string): Date => new Date(iso)
const plusSeconds = (d: Date, s: number): Date => new Date(d.getTime() + s * 1000)
const limits = (l: Partial<UsageLimits>): UsageLimits => ({ per_minute: null, per_day: null, per_month: null, ...l })

describe("UsageStore contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("the minute window slides: a call leaves it exactly 60 s after it was made", () =>
        Effect.gen(function*() {
          const usage = yield* UsageStore
          const key = randomKeyHash()
          const perMinute = limits({ per_minute: 3 })
          const t = at("2024-05-01T12:00:00.000Z")
          const first = yield* usage.consume(key, perMinute, t)
          expect(first).toEqual({
            admitted: true,
            blocked_by: null,
            counts: { minute: 1, day: 1, month: 1, minute_oldest: t }
          })
          expect((yield* usage.consume(key, perMinute, plusSeconds(t, 10))).counts.minute).toBe(2)
          expect((yield* usage.consume(key, perMinute, plusSeconds(t, 20))).counts.minute).toBe(3)

          const blocked = yield* usage.consume(key, perMinute, plusSeconds(t, 59))
          expect(blocked).toEqual({
            admitted: false,
            blocked_by: "minute",
            counts: { minute: 3, day: 3, month: 3, minute_oldest: t }
          })

          const freed = yield* usage.consume(key, perMinute, plusSeconds(t, 60))
          expect(freed.admitted).toBe(true)
          expect(freed.counts).toEqual({ minute: 3, day: 4, month: 4, minute_oldest: plusSeconds(t, 10) })
          expect((yield* usage.consume(key, perMinute, plusSeconds(t, 61))).blocked_by).toBe("minute")
        }))

      it.effect("a refused call is not counted", () =>
        Effect.gen(function*() {
          const usage = yield* UsageStore
          const key = randomKeyHash()
          const t = at("2024-05-02T08:00:00Z")
          yield* usage.consume(key, limits({ per_minute: 1 }), t)
          for (let i = 1; i <= 5; i++) {
            expect((yield* usage.consume(key, limits({ per_minute: 1 }), plusSeconds(t, i))).admitted).toBe(false)
          }
          expect(yield* usage.peek(key, plusSeconds(t, 6))).toEqual({ minute: 1, day: 1, month: 1, minute_oldest: t })
          // Once the first call has left the window, a single slot is free again.
          expect((yield* usage.consume(key, limits({ per_minute: 1 }), plusSeconds(t, 60))).counts.day).toBe(2)
        }))

      it.effect("the day resets at 00:00 UTC; the month keeps counting", () =>
        Effect.gen(function*() {
          const usage = yield* UsageStore
          const key = randomKeyHash()
          const perDay = limits({ per_day: 2 })
          yield* usage.consume(key, perDay, at("2024-05-14T23:58:00Z"))
          yield* usage.consume(key, perDay, at("2024-05-14T23:59:00Z"))
          const blocked = yield* usage.consume(key, perDay, at("2024-05-14T23:59:59.999Z"))
          expect(blocked.admitted).toBe(false)
          expect(blocked.blocked_by).toBe("day")
          expect(blocked.counts.day).toBe(2)

          const nextDay = yield* usage.consume(key, perDay, at("2024-05-15T00:00:00Z"))
          expect(nextDay.admitted).toBe(true)
          expect(nextDay.counts.day).toBe(1)
          expect(nextDay.counts.month).toBe(3)
          expect(nextDay.counts.minute).toBe(1)
          expect(yield* usage.peek(key, at("2024-05-16T09:00:00Z"))).toEqual({
            minute: 0,
            day: 0,
            month: 3,
            minute_oldest: null
          })
        }))

      it.effect("the month resets at 00:00 UTC on the 1st", () =>
        Effect.gen(function*() {
          const usage = yield* UsageStore
          const key = randomKeyHash()
          const perMonth = limits({ per_month: 2 })
          yield* usage.consume(key, perMonth, at("2024-01-03T10:00:00Z"))
          yield* usage.consume(key, perMonth, at("2024-01-31T22:00:00Z"))
          const blocked = yield* usage.consume(key, perMonth, at("2024-01-31T23:59:59Z"))
          expect(blocked).toMatchObject({ admitted: false, blocked_by: "month", counts: { month: 2, day: 1 } })

          const february = yield* usage.consume(key, perMonth, at("2024-02-01T00:00:00Z"))
          expect(february.admitted).toBe(true)
          expect(february.counts).toMatchObject({ day: 1, month: 1 })
          expect(yield* usage.peek(key, at("2024-03-01T00:00:00Z"))).toMatchObject({ day: 0, month: 0 })
        }))

      it.effect("the first ceiling reached is reported in the order minute, day, month", () =>
        Effect.gen(function*() {
          const usage = yield* UsageStore
          const key = randomKeyHash()
          const all = limits({ per_minute: 1, per_day: 1, per_month: 1 })
          const t = at("2024-07-10T10:00:00Z")
          expect((yield* usage.consume(key, all, t)).admitted).toBe(true)
          expect((yield* usage.consume(key, all, plusSeconds(t, 1))).blocked_by).toBe("minute")
          expect((yield* usage.consume(key, all, plusSeconds(t, 61))).blocked_by).toBe("day")
          expect((yield* usage.consume(key, all, at("2024-07-11T10:00:00Z"))).blocked_by).toBe("month")
          expect((yield* usage.consume(key, all, at("2024-08-01T00:00:00Z"))).admitted).toBe(true)
        }))

      it.effect("without ceilings every call is admitted and counted; keys are counted apart", () =>
        Effect.gen(function*() {
          const usage = yield* UsageStore
          const key = randomKeyHash()
          const other = randomKeyHash()
          const t = at("2024-07-20T10:00:00Z")
          for (let i = 0; i < 25; i++) {
            expect((yield* usage.consume(key, limits({}), plusSeconds(t, i))).admitted).toBe(true)
          }
          yield* usage.consume(other, limits({}), t)
          expect(yield* usage.peek(key, plusSeconds(t, 30))).toEqual({
            minute: 25,
            day: 25,
            month: 25,
            minute_oldest: t
          })
          expect(yield* usage.peek(other, plusSeconds(t, 30))).toEqual({
            minute: 1,
            day: 1,
            month: 1,
            minute_oldest: t
          })
          expect(yield* usage.peek(randomKeyHash(), t)).toEqual({ minute: 0, day: 0, month: 0, minute_oldest: null })
        }))

      it.effect("a ceiling of 0 admits nothing, even the first call of a key", () =>
        Effect.gen(function*() {
          const usage = yield* UsageStore
          const key = randomKeyHash()
          const t = at("2024-07-21T10:00:00Z")
          expect(yield* usage.consume(key, limits({ per_day: 0 }), t)).toEqual({
            admitted: false,
            blocked_by: "day",
            counts: { minute: 0, day: 0, month: 0, minute_oldest: null }
          })
        }))

      it.effect("analytics sum calls per endpoint, average latency, newest call; most called first", () =>
        Effect.gen(function*() {
          const usage = yield* UsageStore
          const key = randomKeyHash()
          const other = randomKeyHash()
          yield* usage.recordCalls([
            {
              key_hash: key,
              endpoint: "/v1/nfl/players",
              calls: 3,
              total_ms: 150,
              last_call: at("2024-06-10T10:00:00Z")
            },
            {
              key_hash: key,
              endpoint: "/v1/nba/games",
              calls: 6,
              total_ms: 600,
              last_call: at("2024-06-10T10:00:01Z")
            },
            {
              key_hash: other,
              endpoint: "/v1/nfl/players",
              calls: 50,
              total_ms: 50,
              last_call: at("2024-06-10T10:00:00Z")
            }
          ])
          yield* usage.recordCalls([
            {
              key_hash: key,
              endpoint: "/v1/nfl/players",
              calls: 1,
              total_ms: 50,
              last_call: at("2024-06-11T09:00:00Z")
            },
            {
              key_hash: key,
              endpoint: "/v1/nba/games",
              calls: 4,
              total_ms: 200,
              last_call: at("2024-06-10T11:00:00Z")
            },
            { key_hash: key, endpoint: "/v1/mlb/games", calls: 2, total_ms: 10, last_call: at("2024-04-01T00:00:00Z") }
          ])
          yield* usage.recordCalls([])
          const breakdown = yield* usage.endpointBreakdown(key, at("2024-05-12T00:00:00Z"))
          expect(breakdown).toEqual([
            { endpoint: "/v1/nba/games", calls: 10, avg_ms: 80, last_call: at("2024-06-10T11:00:00Z") },
            { endpoint: "/v1/nfl/players", calls: 4, avg_ms: 50, last_call: at("2024-06-11T09:00:00Z") }
          ])
          const all = yield* usage.endpointBreakdown(key, at("2024-01-01T00:00:00Z"))
          expect(all.map((r) => r.endpoint)).toEqual(["/v1/nba/games", "/v1/nfl/players", "/v1/mlb/games"])
          expect(yield* usage.endpointBreakdown(randomKeyHash(), at("2024-01-01T00:00:00Z"))).toEqual([])
        }))

      it.effect("calls per UTC day and per minute (the dashboard's charts); minutes older than two hours are dropped", () =>
        Effect.gen(function*() {
          const usage = yield* UsageStore
          const key = randomKeyHash()
          const row = (endpoint: string, calls: number, iso: string) => ({
            key_hash: key,
            endpoint,
            calls,
            total_ms: calls * 10,
            last_call: at(iso)
          })
          yield* usage.recordCalls([
            row("/v1/nfl/players", 2, "2030-03-01T23:59:30Z"),
            row("/v1/nba/games", 3, "2030-03-02T08:00:10Z"),
            { ...row("/v1/nfl/players", 9, "2030-03-02T08:00:20Z"), key_hash: randomKeyHash() }
          ])
          yield* usage.recordCalls([
            row("/v1/nfl/players", 4, "2030-03-02T08:00:50Z"),
            row("/v1/nfl/players", 1, "2030-03-02T08:02:05Z")
          ])
          expect(yield* usage.callsPerDay(key, at("2030-02-01T12:00:00Z"))).toEqual([
            { day: "2030-03-01", calls: 2 },
            { day: "2030-03-02", calls: 8 }
          ])
          expect(yield* usage.callsPerDay(key, at("2030-03-02T12:00:00Z"))).toEqual([{ day: "2030-03-02", calls: 8 }])
          // the minute of 23:59 on the 1st is more than two hours older than the newest call: dropped
          expect(yield* usage.callsPerMinute(key, at("2030-03-01T00:00:00Z"))).toEqual([
            { minute: at("2030-03-02T08:00:00Z"), calls: 7 },
            { minute: at("2030-03-02T08:02:00Z"), calls: 1 }
          ])
          expect(yield* usage.callsPerMinute(key, at("2030-03-02T08:01:30Z"))).toEqual([
            { minute: at("2030-03-02T08:02:00Z"), calls: 1 }
          ])
          expect(yield* usage.callsPerMinute(randomKeyHash(), at("2030-03-01T00:00:00Z"))).toEqual([])
        }))
    })
  }
})

/**
 * Reservations of calls on PostgreSQL (store-sql UsageStore.ts, migration "22_reservations"): a
 * key busy on an instance is admitted there from calls counted ahead, and limits stay exact
 * across instances in both directions.
 * - a busy key gets a reservation: each admitted call reports the counts it would get alone, the
 *   other instance sees the reserved calls until they are given back, then exactly the calls made;
 * - a call that finds the key at its ceiling while another instance holds unused reserved calls
 *   is not refused: it is decided again once they are back, and admitted;
 * - a caller interrupted while its call waits for them is not counted;
 * - every call still stops at the ceiling: no more than the limit is ever admitted;
 * - a graceful stop gives the unused calls back at once;
 * - reserved calls of an instance that vanished stop holding refusals back after a few seconds.
 * PostgreSQL only: skipped when no server is available (test/harness/postgres.ts).
 */
import { describe, expect, it } from "@effect/vitest"
import { type UsageLimits, UsageStore, type UsageStoreService } from "@sports-data/domain"
import { layerPostgres } from "@sports-data/store-sql"
import { Context, Effect, Exit, Fiber, Layer, Option, Scope } from "effect"
import { postgresAvailable, testDatabaseUrl } from "../harness/postgres.js"
import { randomKeyHash } from "./fixtures.js"

const withPostgres = await Effect.runPromise(postgresAvailable)
const range = (n: number) => Array.from({ length: n }, (_, i) => i)
const none: UsageLimits = { per_minute: null, per_day: null, per_month: null }

/** A UsageStore of its own pool (a separate instance) on the database `url`, and the scope that stops it. */
const instance = (url: string) =>
  Effect.gen(function*() {
    const scope = yield* Scope.make()
    const usage = Context.get(yield* Layer.buildWithScope(layerPostgres({ url }), scope), UsageStore)
    yield* Effect.addFinalizer(() => Scope.close(scope, Exit.void))
    return { usage, stop: Scope.close(scope, Exit.void) }
  })

/** Two instances on one fresh database, and its url. */
const twoInstances = Effect.gen(function*() {
  const url = Option.getOrThrow(yield* testDatabaseUrl)
  return { url, a: yield* instance(url), b: yield* instance(url) }
})

/**
 * The instant `seconds` after the current wall-clock second's start (so that a test's calls
 * fall in the seconds it names while the reservations' wall-clock hold runs).
 */
const wallSecond = () => Math.floor(Date.now() / 1000) * 1000
const at = (base: number, seconds: number) => new Date(base + seconds * 1000)

/** `n` calls of `key` on `usage` at `now`, one after another; their outcomes. */
const calls = (usage: UsageStoreService, key: string, limits: UsageLimits, now: Date, n: number) =>
  Effect.forEach(range(n), () => usage.consume(key, limits, now))

/** `n` concurrent calls of `key` at `now`, every other one on each of the two instances; their outcomes. */
const overBoth = (
  [a, b]: readonly [UsageStoreService, UsageStoreService],
  key: string,
  limits: UsageLimits,
  now: Date,
  n: number
) => Effect.all(range(n).map((i) => (i % 2 === 0 ? a : b).consume(key, limits, now)), { concurrency: "unbounded" })

/** 10 calls of a key in one second, one after another (from the 4th on, it reserves calls). */
const busySecond = (usage: UsageStoreService, key: string, limits: UsageLimits, now: Date) =>
  calls(usage, key, limits, now, 10)

/**
 * Two instances on one fresh database, and a key that instance `a` made 10 calls of in one second
 * and 1 in the next (at `base` + 0.5 s and + 1.5 s): `a` then holds reserved calls it has not used.
 */
const aHoldsUnused = (limits: UsageLimits) =>
  Effect.gen(function*() {
    const { a, b } = yield* twoInstances
    const key = randomKeyHash()
    const base = wallSecond()
    yield* busySecond(a.usage, key, limits, at(base, 0.5))
    const carrier = yield* a.usage.consume(key, limits, at(base, 1.5))
    return { a, b, key, base, carrier }
  })

describe("reservations of calls (postgres)", () => {
  it.live.skipIf(!withPostgres)(
    "a busy key is admitted from reservations with the counts it would get alone; the other instance sees the calls made once they are back",
    () =>
      Effect.gen(function*() {
        const { a, b } = yield* twoInstances
        const key = randomKeyHash()
        const base = wallSecond()
        const first = yield* busySecond(a.usage, key, none, at(base, 0.5))
        const second = yield* calls(a.usage, key, none, at(base, 1.5), 6)
        expect(first.map((o) => o.counts.day)).toEqual(range(10).map((i) => i + 1))
        expect(second.map((o) => o.counts.day)).toEqual([11, 12, 13, 14, 15, 16])
        expect(second.map((o) => o.counts.minute)).toEqual([11, 12, 13, 14, 15, 16])
        // The store counts the reserved calls until they are given back (the other instance
        // sees them); this instance knows which of its reserved calls are unused.
        expect((yield* b.usage.peek(key, at(base, 1.6))).day).toBeGreaterThan(16)
        expect((yield* a.usage.peek(key, at(base, 1.6))).day).toBe(16)
        // About a second later the unused calls are back.
        yield* Effect.sleep("1600 millis")
        expect(yield* b.usage.peek(key, at(base, 1.6))).toEqual({
          minute: 16,
          day: 16,
          month: 16,
          minute_oldest: new Date(base + 1000)
        })
      }).pipe(Effect.scoped),
    30_000
  )

  it.live.skipIf(!withPostgres)(
    "a call at the ceiling while another instance holds unused reserved calls is admitted once they are back",
    () =>
      Effect.gen(function*() {
        const limits: UsageLimits = { ...none, per_minute: 40 }
        const { a, b, base, carrier, key } = yield* aHoldsUnused(limits)
        expect(carrier.counts.minute).toBe(11)
        // a holds reserved calls it will not use: the store counts more than the 11 calls made.
        expect((yield* b.usage.peek(key, at(base, 1.5))).minute).toBeGreaterThan(11)
        // b makes 20 calls: with a's unused calls counted some would be refused; they wait
        // for those calls to come back and are admitted.
        const made = yield* calls(b.usage, key, limits, at(base, 1.6), 20)
        expect(made.every((o) => o.admitted)).toBe(true)
        expect(made[19]!.counts.minute).toBe(31)
        // The ceiling still holds exactly: 31 calls so far, so 9 of 30 more are admitted.
        const rest = yield* overBoth([a.usage, b.usage], key, limits, at(base, 4), 30)
        expect(rest.filter((o) => o.admitted)).toHaveLength(9)
        expect(rest.filter((o) => o.blocked_by === "minute")).toHaveLength(21)
        expect((yield* b.usage.peek(key, at(base, 4))).minute).toBe(40)
      }).pipe(Effect.scoped),
    30_000
  )

  it.live.skipIf(!withPostgres)(
    "a caller interrupted while its call waits for reserved calls to come back is not counted",
    () =>
      Effect.gen(function*() {
        const limits: UsageLimits = { ...none, per_minute: 40 }
        const { b, base, key } = yield* aHoldsUnused(limits)
        // b's calls past the ceiling as the store counts it wait for a's unused calls
        const fibers = yield* Effect.forEach(range(30), () => Effect.fork(b.usage.consume(key, limits, at(base, 1.6))))
        yield* Effect.sleep("300 millis")
        const answered = yield* Effect.forEach(fibers, Fiber.poll)
        const admitted = answered.filter((o) => Option.isSome(o) && Exit.isSuccess(o.value) && o.value.value.admitted)
        expect(admitted.length).toBeLessThan(29)
        yield* Effect.forEach(fibers, Fiber.interrupt)
        // after a's calls are back and the waiting calls' time to be decided again has passed
        yield* Effect.sleep("3 seconds")
        expect((yield* b.usage.peek(key, at(base, 4))).minute).toBe(11 + admitted.length)
      }).pipe(Effect.scoped),
    30_000
  )

  it.live.skipIf(!withPostgres)(
    "reservations never admit over a ceiling: two busy instances on one key admit exactly the limit",
    () =>
      Effect.gen(function*() {
        const { a, b } = yield* twoInstances
        const key = randomKeyHash()
        const limits: UsageLimits = { ...none, per_day: 100 }
        const base = wallSecond()
        yield* Effect.all([
          busySecond(a.usage, key, limits, at(base, 0.5)),
          busySecond(b.usage, key, limits, at(base, 0.5))
        ])
        // Both instances hold reservations now; 120 more concurrent calls over both.
        const rest = yield* overBoth([a.usage, b.usage], key, limits, at(base, 1.5), 120)
        expect(rest.filter((o) => o.admitted)).toHaveLength(80)
        expect(rest.filter((o) => o.blocked_by === "day")).toHaveLength(40)
        expect((yield* b.usage.peek(key, at(base, 1.5))).day).toBe(100)
      }).pipe(Effect.scoped),
    30_000
  )

  it.live.skipIf(!withPostgres)(
    "a graceful stop gives the unused reserved calls back at once",
    () =>
      Effect.gen(function*() {
        const { a, b, base, key } = yield* aHoldsUnused(none)
        expect((yield* b.usage.peek(key, at(base, 1.5))).day).toBeGreaterThan(11)
        yield* a.stop
        expect((yield* b.usage.peek(key, at(base, 1.5))).day).toBe(11)
      }).pipe(Effect.scoped),
    30_000
  )

  it.live.skipIf(!withPostgres)(
    "reserved calls of an instance that vanished hold refusals back only for a few seconds",
    () =>
      Effect.gen(function*() {
        const { b, url } = yield* twoInstances
        const key = randomKeyHash()
        const limits: UsageLimits = { ...none, per_minute: 3 }
        const base = wallSecond()
        // An instance that reserved 1 call and died: its reservation is on the row, never given back.
        yield* Effect.promise(async () => {
          const { default: pg } = await import("pg")
          const client = new pg.Client({ connectionString: url })
          await client.connect()
          await client.query(
            "SELECT * FROM usage_consume_reserve($1::text[], $2::timestamptz[], $3::integer[], $4::integer[], $5::integer[], $6::integer[])",
            [[key], [at(base, 0.5)], [3], [null], [null], [5]]
          )
          await client.end()
        })
        expect((yield* b.usage.peek(key, at(base, 0.5))).minute).toBe(2)
        yield* calls(b.usage, key, limits, at(base, 0.6), 1)
        // At the ceiling with the dead reservation pending: decided again twice, then refused.
        const started = Date.now()
        const refused = yield* b.usage.consume(key, limits, at(base, 0.7))
        expect(refused).toMatchObject({ admitted: false, blocked_by: "minute" })
        expect(Date.now() - started).toBeGreaterThanOrEqual(2000)
        // Past 3 s the dead reservation no longer holds refusals back.
        const later = Date.now()
        expect((yield* b.usage.consume(key, limits, at(base, 5))).admitted).toBe(false)
        expect(Date.now() - later).toBeLessThan(1000)
      }).pipe(Effect.scoped),
    30_000
  )
})

/**
 * Fair under load (runtimes/http/src/Fairness.ts) on the real server over the memory store, with
 * the caches off and `PlayerReader.find` held at a gate that only the test opens: a request
 * whose store read never answers is answered 503 with Retry-After at the deadline and its read is
 * interrupted (the server's clock is the TestClock, moved past the deadline by the test); a key's requests beyond the cap are refused with 429 while the others are held, and
 * accepted again once they have answered. Nothing here orders events by time: held reads are
 * counted as they arrive at the gate, and the test waits for that count.
 */
import { describe, expect, it } from "@effect/vitest"
import { PlayerReader } from "@sports-data/domain"
import { ApiLiveWith } from "@sports-data/http"
import { make as makeMemoryStores } from "@sports-data/store-memory"
import { Context, Deferred, Effect, Fiber, Layer, Ref, TestClock } from "effect"
import { Harness } from "./harness.js"

/** The gate of `PlayerReader.find`, the reads waiting at it, and the reads interrupted there. */
interface Gate {
  readonly open: Deferred.Deferred<void>
  readonly waiting: Ref.Ref<number>
  readonly interrupted: Ref.Ref<number>
}

let gate: Gate | undefined

const heldStores = Layer.effectContext(Effect.map(makeMemoryStores, (ctx) => {
  const players = Context.get(ctx, PlayerReader)
  return Context.add(ctx, PlayerReader, {
    ...players,
    find: (query) =>
      Effect.suspend(() => {
        const g = gate
        if (g === undefined) return players.find(query)
        return Ref.update(g.waiting, (n) => n + 1).pipe(
          Effect.zipRight(Deferred.await(g.open)),
          Effect.onInterrupt(() => Ref.update(g.interrupted, (n) => n + 1)),
          Effect.zipRight(players.find(query))
        )
      })
  })
}))

const newGate = Effect.gen(function*() {
  const g: Gate = {
    open: yield* Deferred.make<void>(),
    waiting: yield* Ref.make(0),
    interrupted: yield* Ref.make(0)
  }
  gate = g
  return g
})

/** Waits `ms` of real time (the server's Clock is the TestClock). */
const realSleep = (ms: number) => Effect.promise(() => new Promise((ok) => setTimeout(ok, ms)))

/** Polls `ref` (every 5 ms of real time) until it reaches `n`: no assumption on how long that takes. */
const reaches = (ref: Ref.Ref<number>, n: number): Effect.Effect<void> =>
  Effect.flatMap(Ref.get(ref), (v) => v >= n ? Effect.void : Effect.zipRight(realSleep(5), reaches(ref, n)))

const KC = "/v1/nfl/players?team=KC&limit=10"

describe("fairness", () => {
  it.layer(Harness.layer({
    stores: heldStores,
    apiLive: ApiLiveWith({
      cache: false,
      bodyCache: false,
      fairness: { deadline: "300 millis", maxInFlightPerKey: 0 }
    })
  }))("deadline", (it) => {
    it.effect("a request whose store read does not answer is cancelled and answered 503 with Retry-After", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const g = yield* newGate
        const pending = yield* Effect.fork(h.request("GET", KC, { key: h.keys.growth }))
        yield* reaches(g.waiting, 1)
        // the server's clock passes the deadline while the read is still held
        yield* TestClock.adjust("1 second")
        const res = yield* Fiber.join(pending)
        expect(res.status).toBe(503)
        expect(res.body).toMatchObject({ error_code: "SERVICE_UNAVAILABLE" })
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0)
        // the held read was interrupted, not left waiting
        yield* reaches(g.interrupted, 1)
        expect(yield* Ref.get(g.interrupted)).toBe(1)
        gate = undefined
        const after = yield* h.request("GET", KC, { key: h.keys.growth })
        expect(after.status).toBe(200)
      }))
  })

  it.layer(Harness.layer({
    stores: heldStores,
    apiLive: ApiLiveWith({
      cache: false,
      bodyCache: false,
      fairness: { deadline: "10 minutes", maxInFlightPerKey: 3 }
    })
  }))("in-flight cap", (it) => {
    it.effect("a key's 4th request in flight is refused with 429; another key is served; freed when they answer", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const g = yield* newGate
        const held = yield* Effect.forkAll(
          Array.from({ length: 3 }, () => h.request("GET", KC, { key: h.keys.growth }))
        )
        yield* reaches(g.waiting, 3)
        const refused = yield* h.request("GET", KC, { key: h.keys.growth })
        expect(refused.status).toBe(429)
        expect(refused.body).toMatchObject({
          error_code: "TOO_MANY_REQUESTS_IN_FLIGHT",
          in_flight: 3,
          max_in_flight: 3
        })
        expect(refused.headers.get("retry-after")).toBe("1")
        // another key is not held back by this one
        const other = yield* Effect.fork(h.request("GET", KC, { key: h.keys.pro_insights }))
        yield* reaches(g.waiting, 4)
        yield* Deferred.succeed(g.open, undefined)
        const answered = yield* Fiber.join(held)
        expect(answered.map((r) => r.status)).toEqual([200, 200, 200])
        expect((yield* Fiber.join(other)).status).toBe(200)
        gate = undefined
        expect((yield* h.request("GET", KC, { key: h.keys.growth })).status).toBe(200)
      }))
  })
})

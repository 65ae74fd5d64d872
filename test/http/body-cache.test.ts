/**
 * The cache of encoded response bodies (runtimes/http/src/BodyCache.ts) on the real server over
 * the memory store, with the read cache off and the player reads counted, so that an answer
 * served from the body cache is one that did not reach the store: callers of different tiers get
 * the same data with their own meta, a new data version is served on the next request, a
 * per-caller route is never served from the cache, and eviction keeps the byte budget.
 */
import { describe, expect, it } from "@effect/vitest"
import { type Player, PlayerReader, SportsWriter } from "@sports-data/domain"
import { ApiLiveWith, splitEnvelope } from "@sports-data/http"
import { make as makeMemoryStores } from "@sports-data/store-memory"
import { Context, type Duration, Effect, Fiber, Layer, TestClock } from "effect"
import { Harness, seedPlayers } from "./harness.js"

/** Calls of `PlayerReader.find` that reached the store. */
const reads = { find: 0 }

/** While set, every `PlayerReader.find` waits for this promise before reading. */
let gate: Promise<void> | undefined

/**
 * The memory stores with `PlayerReader.find` counted, each read taking `delayMs` (real time)
 * and waiting for the {@link gate} when one is set.
 */
const countedStores = (delayMs = 0) =>
  Layer.effectContext(Effect.map(makeMemoryStores, (ctx) => {
    const players = Context.get(ctx, PlayerReader)
    return Context.add(ctx, PlayerReader, {
      ...players,
      find: (query) =>
        Effect.suspend(() => (reads.find++,
          Effect.zipRight(
            Effect.promise(() => Promise.all([gate, new Promise((ok) => setTimeout(ok, delayMs))])),
            players.find(query)
          ))
        )
    })
  }))

const harness = (maxBytes: number, delayMs?: number, timeToLive: Duration.DurationInput = "10 minutes") =>
  Harness.layer({
    stores: countedStores(delayMs),
    apiLive: ApiLiveWith({
      cache: false,
      // the version read on every request, entries kept 10 minutes: a hit is the cache's doing
      bodyCache: { maxBytes, versionInterval: 0, timeToLive }
    })
  })

const KC = "/v1/nfl/players?team=KC&limit=10"

describe("body cache", () => {
  it.layer(harness(64 * 1024 * 1024))("one budget that holds everything", (it) => {
    it.effect("two callers of different tiers get the same data, each with their own tier and calls remaining", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const starter = yield* h.issueKey({ tier: "starter" })
        const alpha = yield* h.issueKey({ tier: "syndicate_alpha" })
        const before = reads.find
        const first = yield* h.request("GET", KC, { key: starter })
        const second = yield* h.request("GET", KC, { key: alpha })
        // the same query in another parameter order is the same entry
        const third = yield* h.request("GET", "/v1/nfl/players?limit=10&team=KC", { key: starter })
        expect([first.status, second.status, third.status]).toEqual([200, 200, 200])
        expect(reads.find - before).toBe(1)

        expect(first.body.data.map((p: { full_name: string }) => p.full_name).sort()).toEqual(
          [seedPlayers.kelce.full_name, seedPlayers.mahomes.full_name].sort()
        )
        expect(second.body.data).toEqual(first.body.data)
        const plans = Object.fromEntries(h.plans.map((p) => [p.tier, p]))
        expect(first.body.meta).toMatchObject({
          sport: "nfl",
          tier: "starter",
          calls_remaining_today: plans.starter!.per_day! - 1,
          calls_remaining_this_month: plans.starter!.per_month! - 1
        })
        expect(second.body.meta).toMatchObject({
          sport: "nfl",
          tier: "syndicate_alpha",
          calls_remaining_today: null,
          calls_remaining_this_month: null
        })
        expect(third.body.meta).toMatchObject({
          tier: "starter",
          calls_remaining_today: plans.starter!.per_day! - 2,
          calls_remaining_this_month: plans.starter!.per_month! - 2
        })
        // the rate-limit headers are the caller's, on a hit as on a miss
        expect(second.headers.get("x-ratelimit-limit")).not.toEqual(first.headers.get("x-ratelimit-limit"))
        expect(third.headers.get("x-ratelimit-limit")).toEqual(first.headers.get("x-ratelimit-limit"))
        expect(Number(third.headers.get("x-ratelimit-remaining"))).toBe(
          Number(first.headers.get("x-ratelimit-remaining")) - 1
        )
        expect(third.headers.get("content-type")).toEqual(first.headers.get("content-type"))
      }))

    it.effect("a write (new data version) is served on the next request", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const names = (body: { data: ReadonlyArray<{ full_name: string }> }) => body.data.map((p) => p.full_name)
        const path = "/v1/nfl/players?team=BUF"
        expect(names((yield* h.request("GET", path, { key: h.keys.growth })).body)).toEqual(["Josh Allen"])
        expect(names((yield* h.request("GET", path, { key: h.keys.growth })).body)).toEqual(["Josh Allen"])
        const diggs: Player = {
          ...seedPlayers.allen,
          id: "svc_nfl_00-0031588",
          full_name: "Stefon Diggs",
          position: "WR"
        }
        yield* Effect.orDie(Context.get(h.stores, SportsWriter).upsertPlayers([diggs]))
        expect(names((yield* h.request("GET", path, { key: h.keys.growth })).body).sort()).toEqual([
          "Josh Allen",
          "Stefon Diggs"
        ])
      }))

    it.effect("a per-caller route is never served from the cache: the usage counts move", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const key = yield* h.issueKey({ tier: "growth" })
        const first = yield* h.request("GET", "/daas/usage", { key })
        const second = yield* h.request("GET", "/daas/usage", { key })
        expect([first.status, second.status]).toEqual([200, 200])
        expect(second.text).not.toEqual(first.text)
      }))

    it.effect("errors are not kept: a bad parameter is refused every time, the store never asked", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const before = reads.find
        for (let i = 0; i < 2; i++) {
          const res = yield* h.request("GET", "/v1/nfl/players?limit=-4", { key: h.keys.growth })
          expect(res.status).toBe(400)
          expect(res.body.error_code).toBe("INVALID_PARAMETER")
        }
        const keyless = yield* h.request("GET", KC)
        expect(keyless.status).toBe(401)
        expect(reads.find).toBe(before)
      }))
  })

  // a budget holding one answer of the KC list (about 600 bytes) but not two
  it.layer(harness(1_000))("a small budget", (it) => {
    it.effect("eviction keeps the byte budget: the least recently used answer is read again", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const get = (path: string) => h.request("GET", path, { key: h.keys.growth })
        const kc = yield* get(KC)
        expect(kc.text.length + 2 * KC.length + 100).toBeLessThan(1_000) // one entry: body and key
        expect(kc.text.length * 2).toBeGreaterThan(1_000) // two do not fit
        const before = reads.find
        yield* get(KC) // a hit
        expect(reads.find).toBe(before)
        yield* get("/v1/nfl/players?team=KC&limit=9") // another answer evicts the first
        yield* get(KC)
        expect(reads.find).toBe(before + 2)
      }))
  })
})

describe("body cache under concurrency", () => {
  // every store read takes 300 ms, so the concurrent requests below all arrive during the first
  it.layer(harness(64 * 1024 * 1024, 300))("a slow store", (it) => {
    it.effect("concurrent requests for an answer not yet kept: one reaches the store, all get it", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const before = reads.find
        const answers = yield* Effect.all(
          Array.from({ length: 8 }, () => h.request("GET", "/v1/nfl/players?team=KC&limit=7", { key: h.keys.growth })),
          { concurrency: "unbounded" }
        )
        expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 8 }, () => 200))
        expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1)
        expect(reads.find - before).toBe(1)
      }))
  })
})

/** Waits `ms` of real time (the server's Clock is the TestClock: entries age by TestClock.adjust). */
const realSleep = (ms: number) => Effect.promise(() => new Promise((ok) => setTimeout(ok, ms)))

describe("body cache refilled ahead of expiry", () => {
  // entries live 4 s: past 2 s, the next request refills the entry
  it.layer(harness(64 * 1024 * 1024, 0, "4 seconds"))("entries living 4 s", (it) => {
    it.effect("past half its life, one request refills the entry while the others are still answered from it", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const url = "/v1/nfl/players?team=KC&limit=6"
        const before = reads.find
        expect((yield* h.request("GET", url, { key: h.keys.growth })).status).toBe(200)
        expect(reads.find - before).toBe(1)
        yield* TestClock.adjust("2200 millis")

        // the store now answers only when the test says so
        let open = () => {}
        gate = new Promise<void>((ok) => (open = ok))
        const refill = yield* Effect.fork(h.request("GET", url, { key: h.keys.growth }))
        // the refill reaches the store (within 5 s of real time, else the entry was not refilled)
        for (let i = 0; i < 500 && reads.find - before < 2; i++) yield* realSleep(10)
        expect(reads.find - before).toBe(2)
        // the refill waits at the store; the other callers are answered from the entry meanwhile
        const others = yield* Effect.all(
          Array.from({ length: 6 }, () => h.request("GET", url, { key: h.keys.starter })),
          { concurrency: "unbounded" }
        )
        expect(others.map((a) => a.status)).toEqual(Array.from({ length: 6 }, () => 200))
        expect(others.every((a) => a.body.data.length === 2 && a.body.meta.tier === "starter")).toBe(true)
        expect(reads.find - before).toBe(2)

        gate = undefined
        open()
        const refilled = yield* Fiber.join(refill)
        expect(refilled.status).toBe(200)
        expect(refilled.body.data).toEqual(others[0]!.body.data)
        // the refilled entry answers the next caller: no further read
        expect((yield* h.request("GET", url, { key: h.keys.growth })).status).toBe(200)
        expect(reads.find - before).toBe(2)
      }))
  })
})

describe("splitEnvelope", () => {
  it("splits an envelope around its meta's per-caller fields and refuses anything else", () => {
    const body = JSON.stringify({
      success: true,
      data: [{ tier: "x" }],
      meta: {
        sport: "nfl",
        tier: "build",
        calls_remaining_this_month: 5,
        calls_remaining_today: null,
        documentation_url: "u"
      }
    })
    const split = splitEnvelope(body)
    expect(split?.head).toBe(`{"success":true,"data":[{"tier":"x"}],"meta":{"sport":"nfl",`)
    expect(split?.tail).toBe(`,"documentation_url":"u"}}`)
    // a field after meta (the odds envelopes' method) is kept in the tail
    const odds = JSON.stringify({
      data: [],
      meta: { tier: "growth", calls_remaining_this_month: 1, calls_remaining_today: 2 },
      method: "tier: no-vig"
    })
    expect(splitEnvelope(odds)).toEqual({ head: `{"data":[],"meta":{`, tail: `},"method":"tier: no-vig"}` })
    expect(splitEnvelope(JSON.stringify({ meta: { tier: "build" }, data: [] }))).toBeUndefined()
    expect(splitEnvelope(JSON.stringify({ error_code: "NOT_FOUND" }))).toBeUndefined()
    expect(splitEnvelope("not json")).toBeUndefined()
  })
})

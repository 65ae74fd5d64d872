/**
 * The node:http front (runtimes/http/src/FastPath.ts), which answers the body cache's hits
 * without the HTTP app: what a caller gets from it is what the app would have answered (same
 * status, bytes and headers as a server without the cache), refusals on a cached answer are the
 * app's refusals with nothing counted, a revoked key is refused on the next request, and the
 * calls it answers are in the caller's usage analytics.
 */
import { describe, expect, it } from "@effect/vitest"
import { ApiKey, KeyStore, Plans, UsageStore } from "@sports-data/domain"
import { ApiLiveWith } from "@sports-data/http"
import { layerPglite, layerPostgres } from "@sports-data/store-sql"
import { Context, Effect, Layer, Option } from "effect"
import { postgresAvailable, testDatabaseUrl } from "../harness/postgres.js"
import { type HttpHarness, start, type TestResponse } from "./harness.js"

const KC = "/v1/nfl/players?team=KC&limit=10"

// entries kept 10 minutes: a second request is a hit whatever the machine's speed
const cached = { maxBytes: 1024 * 1024, versionInterval: "10 minutes", timeToLive: "10 minutes" } as const

/** A catalog whose growth plan allows 2 calls a minute. */
const plans = Plans.defaultPlans.map((p) => (p.tier === "growth" ? { ...p, per_minute: 2 } : p))

const withPostgres = await Effect.runPromise(postgresAvailable)

/**
 * The stores: memory (every hit admitted through Effects); PGlite, whose key cache and in-memory
 * counters let a hit be admitted without one; PostgreSQL (a fresh database each, when a server
 * is available), whose hits are counted inline by the batched statement (Admission.ts
 * `makeAdmitCall`'s `inline`).
 */
const storeLayers = [
  ["memory", undefined],
  ["pglite", () => layerPglite({})],
  ...(withPostgres
    ? [
      [
        "postgres",
        () => Layer.unwrapScoped(Effect.map(testDatabaseUrl, (url) => layerPostgres({ url: Option.getOrThrow(url) })))
      ] as const
    ]
    : [])
] as const

/** The headers of a response except those that differ between any two answers (the date). */
const headersOf = (res: TestResponse) => {
  const out: Record<string, string> = {}
  res.headers.forEach((value, name) => {
    if (name !== "date") out[name] = value
  })
  return out
}

for (const [label, stores] of storeLayers) {
  const serve = (bodyCache: typeof cached | false) =>
    start({
      plans,
      apiLive: ApiLiveWith({ plans, cache: false, bodyCache }),
      ...(stores === undefined ? {} : { stores: stores() })
    })

  describe(`fast path (${label})`, () => {
    it.live("a cached answer has the status, bytes and headers of the same call to a server without the cache", () =>
      Effect.gen(function*() {
        const servers: ReadonlyArray<HttpHarness> = [yield* serve(cached), yield* serve(false)]
        const answers: Array<Array<TestResponse>> = []
        for (const h of servers) {
          const key = yield* h.issueKey({ tier: "syndicate_alpha" })
          const starter = yield* h.issueKey({ tier: "starter" })
          answers.push([
            yield* h.request("GET", KC, { key }),
            yield* h.request("GET", KC, { key }),
            yield* h.request("GET", KC, { key: starter })
          ])
        }
        const [withCache, without] = answers as [Array<TestResponse>, Array<TestResponse>]
        for (let i = 0; i < 3; i++) {
          expect(withCache[i]!.status).toBe(200)
          expect(withCache[i]!.text).toBe(without[i]!.text)
          expect(headersOf(withCache[i]!)).toEqual(headersOf(without[i]!))
        }
        // the starter caller gets its own meta, not the alpha caller's
        expect(withCache[2]!.body.meta.tier).toBe("starter")
        expect(withCache[2]!.body.meta.calls_remaining_today).toBeTypeOf("number")
      }).pipe(Effect.scoped))

    it.live("a cached answer over the minute ceiling is refused 429 with Retry-After, and not counted", () =>
      Effect.gen(function*() {
        const h = yield* serve(cached)
        const key = yield* h.issueKey({ tier: "growth" })
        const statuses: Array<number> = []
        let refused: TestResponse | undefined
        for (let i = 0; i < 4; i++) {
          const res = yield* h.request("GET", KC, { key })
          statuses.push(res.status)
          if (res.status === 429) refused = res
        }
        expect(statuses).toEqual([200, 200, 429, 429])
        expect(refused?.body.error_code).toBe("RATE_LIMIT_EXCEEDED")
        expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0)
        expect(refused?.headers.get("x-service-tier")).toBe("growth")
        const usage = Context.get(h.stores, UsageStore)
        expect((yield* Effect.orDie(usage.peek(yield* ApiKey.hashKey(key), new Date()))).minute).toBe(2)
      }).pipe(Effect.scoped))

    it.live("a key revoked after its answer was cached is refused 401 on its next request", () =>
      Effect.gen(function*() {
        const h = yield* serve(cached)
        const key = yield* h.issueKey({ tier: "syndicate_alpha" })
        expect((yield* h.request("GET", KC, { key })).status).toBe(200)
        expect((yield* h.request("GET", KC, { key })).status).toBe(200)
        yield* Effect.orDie(Context.get(h.stores, KeyStore).revoke(ApiKey.keyPrefix(key), new Date()))
        const after = yield* h.request("GET", KC, { key })
        expect(after.status).toBe(401)
        expect(after.body.error_code).toBe("INVALID_API_KEY")
      }).pipe(Effect.scoped))

    it.live("the calls answered from the cache are in the caller's usage analytics", () =>
      Effect.gen(function*() {
        const h = yield* serve(cached)
        const key = yield* h.issueKey({ tier: "syndicate_alpha" })
        for (let i = 0; i < 5; i++) expect((yield* h.request("GET", KC, { key })).status).toBe(200)
        // analytics are flushed about every second
        const callsOf = Effect.map(
          h.request("GET", "/daas/usage", { key }),
          (res) =>
            (res.body.endpoint_breakdown as ReadonlyArray<{ endpoint: string; calls: number }>)
              .find((row) => row.endpoint === "/v1/nfl/players")?.calls ?? 0
        )
        let calls = 0
        for (let tries = 0; tries < 40 && calls < 5; tries++) {
          calls = yield* callsOf
          if (calls < 5) yield* Effect.sleep("100 millis")
        }
        expect(calls).toBe(5)
      }).pipe(Effect.scoped))
  })
}

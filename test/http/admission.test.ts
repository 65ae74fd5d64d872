/**
 * Admission over HTTP (decisions.md, "Admission order and counting"): every branch as a client
 * sees it, the rate-limit headers on successes and errors, Retry-After on every 429, and that
 * refused requests are not counted.
 *
 * Endpoints used: GET /v1/nfl/players (every tier) and the first served endpoint without path
 * parameters whose lowest tier is above sandbox (GATED, its tier REQUIRED).
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { Api, Security } from "@sports-data/api"
import { Admission, ApiKey, Plans, UsageStore } from "@sports-data/domain"
import { ApiLiveWith, PlanCatalogError } from "@sports-data/http"
import { layer as memoryStore } from "@sports-data/store-memory"
import { Cause, ConfigProvider, Context, Effect, Exit, Layer, Option, Schedule } from "effect"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Harness, start, type TestResponse } from "./harness.js"

const OPEN = "/v1/nfl/players"
const gated = Security.endpointTiers(Api).find((e) =>
  e.guarded && !e.path.includes(":") && Option.isSome(e.tier) && e.tier.value !== "sandbox" && e.tier.value !== "none"
)
if (gated === undefined) throw new Error("the API has no endpoint above sandbox to test tiers with")
const GATED = gated.path
const REQUIRED = Option.getOrThrow(gated.tier) as Plans.Tier
const rank = (tier: Plans.Tier) => Plans.planOf(Plans.defaultPlans, tier).rank
const below = Plans.Tier.literals.filter((t) => rank(t) < rank(REQUIRED))
const atOrAbove = Plans.Tier.literals.filter((t) => rank(t) >= rank(REQUIRED))
const DAY_MS = 86_400_000

const standardError = (res: TestResponse, status: number, code: string) => {
  expect(res.status).toBe(status)
  expect(res.body.error_code).toBe(code)
  expect(typeof res.body.message).toBe("string")
  expect(res.body.documentation_url).toMatch(/^https:\/\//)
  expect(res.body).toHaveProperty("upgrade_url")
  expect(res.body).not.toHaveProperty("_tag")
}

const RATE_HEADERS = [
  "x-service-tier",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "x-ratelimit-policy"
]

const expectRateHeaders = (res: TestResponse) => {
  for (const h of RATE_HEADERS) expect(res.headers.get(h), h).not.toBeNull()
  const reset = Number(res.headers.get("x-ratelimit-reset"))
  // the next 00:00 UTC, in epoch seconds
  expect(reset % 86_400).toBe(0)
  expect(reset * 1000).toBeGreaterThan(Date.now())
  expect(reset * 1000 - Date.now()).toBeLessThanOrEqual(DAY_MS)
}

describe("admission: who may call", () => {
  layer(Harness.layer(), { excludeTestServices: true })((it) => {
    it.effect("a request without the header is 401 MISSING_API_KEY, without rate-limit headers", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const res = yield* h.request("GET", OPEN)
        standardError(res, 401, "MISSING_API_KEY")
        expect(res.body.upgrade_url).toBeNull()
        expect(res.headers.get("x-service-tier")).toBeNull()
      }))

    it.effect("an empty header is a missing key", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        standardError(yield* h.request("GET", OPEN, { headers: { "x-service-key": "" } }), 401, "MISSING_API_KEY")
      }))

    it.effect("a valid key in the query string is ignored: the request is keyless", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        for (const name of ["key", "api_key", "x-service-key", "X-Service-Key"]) {
          const res = yield* h.request("GET", `${OPEN}?${name}=${h.keys.syndicate_alpha}`)
          standardError(res, 401, "MISSING_API_KEY")
        }
      }))

    it.effect("unknown, revoked and pending keys are 401 INVALID_API_KEY", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const revoked = yield* h.issueKey({ tier: "build", revoked: true })
        const pending = yield* h.issueKey({ tier: "sandbox", state: "pending_activation" })
        const unknown = "svc_pri_" + "A".repeat(43)
        for (const key of [unknown, revoked, pending, "not-a-key", h.keys.build + "x"]) {
          const res = yield* h.request("GET", OPEN, { key })
          standardError(res, 401, "INVALID_API_KEY")
          expect(res.headers.get("x-service-tier")).toBeNull()
        }
      }))

    it.effect("a sandbox key whose 14 days ended is 402 TRIAL_EXPIRED with trial_ended_at, upgrade_url and headers", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const issuedAt = new Date(Date.now() - 15 * DAY_MS)
        const key = yield* h.issueKey({ tier: "sandbox", issuedAt })
        const res = yield* h.request("GET", OPEN, { key })
        standardError(res, 402, "TRIAL_EXPIRED")
        expect(res.body.trial_ended_at).toBe(new Date(issuedAt.getTime() + 14 * DAY_MS).toISOString())
        expect(res.body.upgrade_url).toMatch(/^https:\/\//)
        expectRateHeaders(res)
        expect(res.headers.get("x-service-tier")).toBe("sandbox")
        expect(res.headers.get("x-service-sandbox-days-remaining")).toBe("0")
        expect(res.headers.get("x-service-sandbox-expires")).toBe(res.body.trial_ended_at)
      }))

    it.effect("a tier below the endpoint's is 403 TIER_INSUFFICIENT naming both tiers, with headers", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        expect(below.length).toBeGreaterThan(0)
        for (const tier of below) {
          const res = yield* h.request("GET", GATED, { key: h.keys[tier] })
          standardError(res, 403, "TIER_INSUFFICIENT")
          expect(res.body.current_tier).toBe(tier)
          expect(res.body.required_tier).toBe(REQUIRED)
          expect(res.body.upgrade_url).toMatch(/^https:\/\//)
          expectRateHeaders(res)
          expect(res.headers.get("x-service-tier")).toBe(tier)
        }
      }))

    it.effect("a tier at or above the endpoint's passes; legacy tiers rank as their current tier and report their own name", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        expect(atOrAbove).toContain("syndicate_alpha")
        for (const tier of atOrAbove) {
          const res = yield* h.request("GET", GATED, { key: h.keys[tier] })
          expect(res.status, tier).toBe(200)
          expect(res.headers.get("x-service-tier")).toBe(tier)
        }
      }))

    it.effect("a successful call carries every rate-limit header with the plan's numbers", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const key = yield* h.issueKey({ tier: "build" })
        const first = yield* h.request("GET", OPEN, { key })
        expect(first.status).toBe(200)
        expectRateHeaders(first)
        expect(first.headers.get("x-service-tier")).toBe("build")
        expect(first.headers.get("x-ratelimit-limit")).toBe("2000")
        expect(first.headers.get("x-ratelimit-remaining")).toBe("1999")
        expect(first.headers.get("x-ratelimit-policy")).toBe("2000/day;w=86400, 60/min;w=60")
        expect(first.headers.get("x-service-sandbox-expires")).toBeNull()
        const second = yield* h.request("GET", OPEN, { key })
        expect(second.headers.get("x-ratelimit-remaining")).toBe("1998")
      }))

    it.effect("sandbox keys also get X-Service-Sandbox-Expires and X-Service-Sandbox-Days-Remaining", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const issuedAt = new Date(Date.now() - 3.5 * DAY_MS)
        const key = yield* h.issueKey({ tier: "sandbox", issuedAt })
        const res = yield* h.request("GET", OPEN, { key })
        expect(res.status).toBe(200)
        expect(res.headers.get("x-service-sandbox-expires")).toBe(
          new Date(issuedAt.getTime() + 14 * DAY_MS).toISOString()
        )
        expect(res.headers.get("x-service-sandbox-days-remaining")).toBe("11")
        expect(res.headers.get("x-ratelimit-policy")).toBe("200/day;w=86400, 20/min;w=60")
      }))

    it.effect("syndicate_alpha reports unlimited ceilings", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const res = yield* h.request("GET", OPEN, { key: h.keys.syndicate_alpha })
        expect(res.status).toBe(200)
        expect(res.headers.get("x-ratelimit-limit")).toBe("unlimited")
        expect(res.headers.get("x-ratelimit-remaining")).toBe("unlimited")
        expect(res.headers.get("x-ratelimit-policy")).toBe("unlimited/day;w=86400, unlimited/min;w=60")
      }))

    it.effect("errors after admission (400, 404) still carry the headers, and count", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const key = yield* h.issueKey({ tier: "starter" })
        const bad = yield* h.request("GET", `${OPEN}?limit=0`, { key })
        standardError(bad, 400, "INVALID_PARAMETER")
        expect(bad.headers.get("x-ratelimit-remaining")).toBe("499")
        const missing = yield* h.request("GET", "/v1/nfl/players/svc_nfl_nobody", { key })
        standardError(missing, 404, "RESOURCE_NOT_FOUND")
        expect(missing.headers.get("x-ratelimit-remaining")).toBe("498")
        expect(missing.headers.get("x-service-tier")).toBe("starter")
      }))
  })
})

describe("admission: limits", () => {
  it.live("the per-minute limit: N pass, N+1 is 429 with Retry-After; refused requests are not counted", () =>
    Effect.gen(function*() {
      const h = yield* start({ seed: false })
      const key = yield* h.issueKey({ tier: "sandbox" })
      const perMinute = Plans.planOf(h.plans, "sandbox").per_minute!
      const passed = yield* Effect.forEach(
        Array.from({ length: perMinute }, () => h.request("GET", OPEN, { key })),
        (e) => e,
        { concurrency: 5 }
      )
      expect(passed.map((r) => r.status)).toEqual(Array(perMinute).fill(200))

      for (let i = 0; i < 3; i++) {
        const refused = yield* h.request("GET", OPEN, { key })
        standardError(refused, 429, "RATE_LIMIT_EXCEEDED")
        expect(refused.body.limit_per_minute).toBe(perMinute)
        expect(refused.body.calls_this_minute).toBe(perMinute)
        expect(refused.body.retry_after_seconds).toBeGreaterThanOrEqual(1)
        // one-second resolution of the minute window (domain UsageCounter.ts): at most 61 s
        expect(refused.body.retry_after_seconds).toBeLessThanOrEqual(61)
        expect(refused.headers.get("retry-after")).toBe(String(refused.body.retry_after_seconds))
        expectRateHeaders(refused)
        // the daily counter did not move: refusals are not counted
        expect(refused.headers.get("x-ratelimit-remaining")).toBe(String(200 - perMinute))
      }
      const usage = Context.get(h.stores, UsageStore)
      const hash = yield* hashOf(key)
      const counts = yield* usage.peek(hash, new Date()).pipe(Effect.orDie)
      expect(counts.minute).toBe(perMinute)
      expect(counts.day).toBe(perMinute)
    }).pipe(Effect.scoped))

  it.live("the daily ceiling: 429 DAILY_LIMIT_EXCEEDED with calls_today, daily_limit, resets_on and Retry-After", () =>
    Effect.gen(function*() {
      const plans = Plans.defaultPlans.map((p) => p.tier === "starter" ? { ...p, per_day: 3 } : p)
      const h = yield* start({ seed: false, plans })
      const key = yield* h.issueKey({ tier: "starter" })
      for (let i = 0; i < 3; i++) expect((yield* h.request("GET", OPEN, { key })).status).toBe(200)
      const refused = yield* h.request("GET", OPEN, { key })
      standardError(refused, 429, "DAILY_LIMIT_EXCEEDED")
      expect(refused.body.calls_today).toBe(3)
      expect(refused.body.daily_limit).toBe(3)
      expect(refused.body.resets_on).toBe(Admission.nextDailyReset(new Date()).toISOString())
      expect(Number(refused.headers.get("retry-after"))).toBe(refused.body.retry_after_seconds)
      expect(refused.body.retry_after_seconds).toBeGreaterThan(0)
      expect(refused.body.retry_after_seconds).toBeLessThanOrEqual(86_400)
      expect(refused.headers.get("x-ratelimit-remaining")).toBe("0")
      expect(refused.headers.get("x-ratelimit-limit")).toBe("3")
    }).pipe(Effect.scoped))

  it.live("the monthly quota: 429 MONTHLY_QUOTA_EXCEEDED with calls_used, calls_limit, resets_on and Retry-After", () =>
    Effect.gen(function*() {
      const plans = Plans.defaultPlans.map((p) => p.tier === "build" ? { ...p, per_month: 2 } : p)
      const h = yield* start({ seed: false, plans })
      const key = yield* h.issueKey({ tier: "build" })
      for (let i = 0; i < 2; i++) expect((yield* h.request("GET", OPEN, { key })).status).toBe(200)
      const refused = yield* h.request("GET", OPEN, { key })
      standardError(refused, 429, "MONTHLY_QUOTA_EXCEEDED")
      expect(refused.body.calls_used).toBe(2)
      expect(refused.body.calls_limit).toBe(2)
      expect(refused.body.resets_on).toBe(Admission.nextMonthlyReset(new Date()).toISOString())
      expect(refused.body.upgrade_url).toMatch(/^https:\/\//)
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
      expectRateHeaders(refused)
    }).pipe(Effect.scoped))

  it.live("a tier refusal (403) is not counted either", () =>
    Effect.gen(function*() {
      const h = yield* start({ seed: false })
      const key = yield* h.issueKey({ tier: "starter" })
      for (let i = 0; i < 3; i++) expect((yield* h.request("GET", GATED, { key })).status).toBe(403)
      const ok = yield* h.request("GET", OPEN, { key })
      expect(ok.status).toBe(200)
      expect(ok.headers.get("x-ratelimit-remaining")).toBe("499")
    }).pipe(Effect.scoped))

  it.live("usage analytics: admitted calls are recorded per endpoint within about a second", () =>
    Effect.gen(function*() {
      const h = yield* start({ seed: false })
      const key = yield* h.issueKey({ tier: "syndicate_alpha" })
      for (let i = 0; i < 3; i++) yield* h.request("GET", OPEN, { key })
      yield* h.request("GET", GATED, { key })
      yield* h.request("GET", OPEN) // keyless: not recorded
      const usage = Context.get(h.stores, UsageStore)
      const hash = yield* hashOf(key)
      // flushed about every second: poll until the four calls are there
      const rows = yield* usage.endpointBreakdown(hash, new Date(Date.now() - DAY_MS)).pipe(
        Effect.orDie,
        Effect.filterOrFail((rows) => rows.reduce((n, r) => n + r.calls, 0) >= 4, () => "not flushed yet"),
        Effect.retry({ schedule: Schedule.spaced("100 millis"), times: 100 }),
        Effect.orDie
      )
      const byEndpoint = Object.fromEntries(rows.map((r) => [r.endpoint, r.calls]))
      expect(byEndpoint).toEqual({ [OPEN]: 3, [GATED]: 1 })
    }).pipe(Effect.scoped))
})

describe("admission: plans are data", () => {
  const catalogFile = (catalog: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), "plans-"))
    const file = join(dir, "plans.json")
    writeFileSync(file, JSON.stringify(catalog))
    return file
  }

  it.live("SPORTS_DATA_PLANS replaces the default plans without a release", () =>
    Effect.gen(function*() {
      const file = catalogFile(
        Plans.defaultPlans.map((p) => p.tier === "sandbox" ? { ...p, per_minute: 2, per_day: 50 } : p)
      )
      const h = yield* start({ seed: false }).pipe(
        Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["SPORTS_DATA_PLANS", file]])))
      )
      const key = yield* h.issueKey({ tier: "sandbox" })
      const first = yield* h.request("GET", OPEN, { key })
      expect(first.headers.get("x-ratelimit-policy")).toBe("50/day;w=86400, 2/min;w=60")
      expect((yield* h.request("GET", OPEN, { key })).status).toBe(200)
      const third = yield* h.request("GET", OPEN, { key })
      standardError(third, 429, "RATE_LIMIT_EXCEEDED")
      expect(third.body.limit_per_minute).toBe(2)
    }).pipe(Effect.scoped))

  it.live("an unusable catalog stops the server from starting, saying why", () =>
    Effect.gen(function*() {
      const missingTier = catalogFile(Plans.defaultPlans.filter((p) => p.tier !== "growth"))
      const exit = yield* Layer.build(ApiLiveWith()).pipe(
        Effect.provide(memoryStore),
        Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["SPORTS_DATA_PLANS", missingTier]]))),
        Effect.exit
      )
      expect(Exit.isFailure(exit)).toBe(true)
      const error = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
      expect(error).toBeInstanceOf(PlanCatalogError)
      expect(String((error as PlanCatalogError).message)).toContain("growth")
    }).pipe(Effect.scoped))
})

const hashOf = ApiKey.hashKey

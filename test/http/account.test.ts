/**
 * The account endpoints end to end: `/daas/usage` reports what admission counted and never the
 * key; `/daas/rate-limit-status` the headroom of each window; `/daas/key-info` the caller's own
 * key by prefix, and 404 for a key of another owner.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Plans } from "@sports-data/domain"
import { Effect } from "effect"
import { Harness } from "./harness.js"

/** A JSON request body. */
const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { "content-type": "application/json" } })

describe("account endpoints", () => {
  layer(Harness.layer(), { excludeTestServices: true, timeout: 60_000 })((it) => {
    it.effect("usage: the counters admission kept, the plan's limits, trial fields, never the key", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const key = yield* h.issueKey({ tier: "build" })
        for (let i = 0; i < 3; i++) expect((yield* h.request("GET", "/v1/nfl/teams", { key })).status).toBe(200)
        const res = yield* h.request("GET", "/daas/usage", { key })
        expect(res.status).toBe(200)
        const plan = Plans.planOf(h.plans, "build")
        // The three calls and this one were admitted and counted.
        expect(res.body).toMatchObject({
          success: true,
          key_prefix: `${key.slice(0, 12)}...`,
          tier: "build",
          is_trial: false,
          trial_days_remaining: null,
          requests_today: 4,
          daily_limit: plan.per_day,
          daily_remaining: plan.per_day! - 4,
          calls_this_month: 4,
          calls_limit_month: plan.per_month,
          calls_remaining: plan.per_month! - 4,
          rate_limit_per_min: plan.per_minute,
          rate_limit_remaining: plan.per_minute! - 4
        })
        expect(res.body.tier_limits.hobbyist).toEqual({
          requests_per_minute: 30,
          daily_calls: 1000,
          monthly_calls: 15000
        })
        expect(Array.isArray(res.body.endpoint_breakdown)).toBe(true)
        expect(JSON.stringify(res.body)).not.toContain(key)
        // The daily header agrees with the body.
        expect(res.headers.get("x-ratelimit-remaining")).toBe(String(plan.per_day! - 4))
      }))

    it.effect("usage: a sandbox key reports its trial; an unlimited key reports null ceilings", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const sandbox = (yield* h.request("GET", "/daas/usage", { key: yield* h.issueKey({ tier: "sandbox" }) })).body
        expect(sandbox).toMatchObject({ tier: "sandbox", is_trial: true, trial_days_remaining: 14 })
        const unlimited = (yield* h.request("GET", "/daas/usage", { key: h.keys.syndicate_alpha })).body
        expect(unlimited).toMatchObject({ daily_limit: null, calls_limit_month: null, reset_at: null })
      }))

    it.effect("usage lists the calls per endpoint once the analytics are flushed", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const key = yield* h.issueKey({ tier: "growth" })
        yield* h.request("GET", "/v1/nba/teams", { key })
        yield* Effect.sleep("1500 millis")
        const rows = (yield* h.request("GET", "/daas/usage", { key })).body.endpoint_breakdown
        expect(rows).toContainEqual(expect.objectContaining({ calls: 1 }))
      }))

    it.effect("rate-limit-status: used, remaining and reset of the minute, day and month windows", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const key = yield* h.issueKey({ tier: "starter" })
        yield* h.request("GET", "/v1/sports", { key })
        const res = yield* h.request("GET", "/daas/rate-limit-status", { key })
        const plan = Plans.planOf(h.plans, "starter")
        expect(res.body.minute).toMatchObject({ limit: plan.per_minute, used: 2, remaining: plan.per_minute! - 2 })
        expect(res.body.day).toMatchObject({ limit: plan.per_day, used: 2 })
        expect(res.body.month.resets_at).toMatch(/^\d{4}-\d{2}-01T00:00:00.000Z$/)
        // the minute window has one-second resolution (domain UsageCounter.ts): a call leaves it
        // at the end of its second plus 60 s, so at most 61 s from now
        expect(Date.parse(res.body.minute.resets_at) - Date.now()).toBeLessThanOrEqual(61_000)
      }))

    it.effect("start-trial: an active sandbox key at once, usable, shown once; bad addresses 400; 3 a day per address", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const email = `trial-${Date.now()}@example.com`
        const res = yield* h.request("POST", "/mcp/start-trial", json({ email }))
        expect(res.status).toBe(200)
        expect(res.body).toMatchObject({ success: true, tier: "sandbox" })
        expect(res.body.key).toMatch(/^svc_sbx_[0-9A-Za-z]{40,}$/)
        expect(res.body.key_prefix).toBe(res.body.key.slice(0, 12))
        expect(Date.parse(res.body.trial_ends_at) - Date.parse(res.body.trial_starts_at)).toBe(14 * 86_400_000)
        // The key works at once, as a sandbox key.
        const used = yield* h.request("GET", "/v1/nfl/teams", { key: res.body.key })
        expect([used.status, used.headers.get("x-service-tier")]).toEqual([200, "sandbox"])
        // The key is never shown again: usage shows the prefix only.
        const usage = yield* h.request("GET", "/daas/usage", { key: res.body.key })
        expect(JSON.stringify(usage.body)).not.toContain(res.body.key)
        for (const bad of ["not-an-address", "a b@example.com", "x@y"]) {
          const r = yield* h.request("POST", "/mcp/start-trial", json({ email: bad }))
          expect([r.status, r.body.parameter]).toEqual([400, "email"])
        }
        // The same address (any case) twice more is allowed, then the daily limit answers 429.
        for (const e of [email.toUpperCase(), email]) {
          expect((yield* h.request("POST", "/mcp/start-trial", json({ email: e }))).status).toBe(200)
        }
        const over = yield* h.request("POST", "/mcp/start-trial", json({ email }))
        expect([over.status, over.body.error_code]).toEqual([429, "DAILY_LIMIT_EXCEEDED"])
        expect(over.headers.get("retry-after")).not.toBeNull()
      }))

    it.effect("register-key: links an owner to the calling key once; a second time is 409", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const key = yield* h.issueKey({ tier: "starter" })
        const first = yield* h.request("POST", "/daas/register-key", { key, ...json({ email: "owner@example.com" }) })
        expect(first.status).toBe(200)
        expect(first.body).toMatchObject({ key_prefix: `${key.slice(0, 12)}...`, email: "owner@example.com" })
        const again = yield* h.request("POST", "/daas/register-key", { key, ...json({ email: "other@example.com" }) })
        expect([again.status, again.body.error_code]).toEqual([409, "CONFLICT"])
        const bad = yield* h.request("POST", "/daas/register-key", {
          key: yield* h.issueKey({ tier: "starter" }),
          ...json({ email: "nope" })
        })
        expect([bad.status, bad.body.parameter]).toEqual([400, "email"])
        // Keys of one owner see each other in key-info.
        const second = yield* h.issueKey({ tier: "growth" })
        yield* h.request("POST", "/daas/register-key", { key: second, ...json({ email: "owner@example.com" }) })
        const info = yield* h.request("GET", `/daas/key-info?key=${key.slice(0, 12)}`, { key: second })
        expect([info.status, info.body.tier]).toEqual([200, "starter"])
      }))

    it.effect("key-info: the caller's own key by prefix; another owner's prefix is 404; a malformed one 400", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const key = yield* h.issueKey({ tier: "growth" })
        const own = yield* h.request("GET", `/daas/key-info?key=${key.slice(0, 12)}`, { key })
        expect(own.status).toBe(200)
        expect(own.body).toMatchObject({ key_prefix: `${key.slice(0, 12)}...`, tier: "growth", state: "active" })
        expect(JSON.stringify(own.body)).not.toContain(key)
        const other = yield* h.issueKey({ tier: "growth" })
        const res = yield* h.request("GET", `/daas/key-info?key=${other.slice(0, 12)}`, { key })
        expect(res.status).toBe(404)
        expect(res.body.error_code).toBe("RESOURCE_NOT_FOUND")
        const bad = yield* h.request("GET", "/daas/key-info?key=svc", { key })
        expect([bad.status, bad.body.parameter]).toEqual([400, "key"])
      }))
  })
})

/**
 * The pure admission decision (packages/domain/src/Admission.ts), branch by branch, against
 * decisions.md "Admission order and counting". Time is the TestClock's: each case sets the clock
 * and reads `now` from `Clock.currentTimeMillis`, as the server does.
 */
import { describe, expect, it } from "@effect/vitest"
import { Admission, ApiKey, type ConsumeOutcome, Plans, type UsageCounts } from "@sports-data/domain"
import { Clock, Duration, Effect, Either, Option, TestClock } from "effect"

const catalog = Plans.defaultPlans
const DAY = 86_400_000
const T0 = Date.UTC(2024, 2, 10, 9, 30, 0) // 2024-03-10T09:30:00Z

/** The TestClock's current time as a Date. */
const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/** Sets the TestClock to `ms` and returns it as a Date. */
const at = (ms: number) => Effect.zipRight(TestClock.setTime(ms), now)

/** An active key record of `tier`, issued at the clock's current time. */
const activeKey = (tier: Plans.Tier) =>
  Effect.flatMap(now, (n) => ApiKey.issueKey({ catalog, tier, now: n })).pipe(Effect.map((k) => k.record))

const authorize = (key: ApiKey.ApiKeyRecord | undefined, required: Plans.Tier, n: Date, presented = "svc_test_key") =>
  Admission.authorize({ catalog, presented, key: Option.fromNullable(key), required, now: n })

const counts = (c: Partial<UsageCounts>): UsageCounts => ({ minute: 0, day: 0, month: 0, minute_oldest: null, ...c })

const blocked = (blocked_by: ConsumeOutcome["blocked_by"], c: Partial<UsageCounts>): ConsumeOutcome => ({
  admitted: false,
  blocked_by,
  counts: counts(c)
})

const leftTag = <A, E extends { _tag: string }>(e: Either.Either<A, E>) => Either.isLeft(e) ? e.left._tag : "Right"

describe("Admission.authorize", () => {
  it.effect("an absent or blank header is MissingApiKey, before the key is even looked at", () =>
    Effect.gen(function*() {
      const n = yield* at(T0)
      const key = yield* activeKey("growth")
      for (const presented of [undefined, "", "   "]) {
        const result = Admission.authorize({ catalog, presented, key: Option.some(key), required: "sandbox", now: n })
        expect(leftTag(result)).toBe("MissingApiKey")
      }
    }))

  it.effect("an unknown, revoked or not yet activated key is InvalidApiKey", () =>
    Effect.gen(function*() {
      const n = yield* at(T0)
      const key = yield* activeKey("growth")
      expect(leftTag(authorize(undefined, "sandbox", n))).toBe("InvalidApiKey")
      expect(leftTag(authorize({ ...key, state: "revoked", revoked_at: n }, "sandbox", n))).toBe("InvalidApiKey")
      const pending = yield* ApiKey.issueKey({ catalog, tier: "sandbox", now: n, state: "pending_activation" })
      expect(leftTag(authorize(pending.record, "sandbox", n))).toBe("InvalidApiKey")
    }))

  it.effect("a sandbox trial admits until day 14 and expires at day 14 exactly", () =>
    Effect.gen(function*() {
      yield* at(T0)
      const key = yield* activeKey("sandbox")
      expect(key.trial_starts_at?.getTime()).toBe(T0)
      expect(key.trial_ends_at?.getTime()).toBe(T0 + 14 * DAY)

      yield* TestClock.adjust(Duration.millis(14 * DAY - 1))
      expect(Either.isRight(authorize(key, "sandbox", yield* now))).toBe(true)

      yield* TestClock.adjust(Duration.millis(1))
      const expired = authorize(key, "sandbox", yield* now)
      expect(leftTag(expired)).toBe("TrialExpired")
      if (Either.isLeft(expired) && expired.left._tag === "TrialExpired") {
        expect(expired.left.trial_ended_at).toBe(new Date(T0 + 14 * DAY).toISOString())
      }
    }))

  it.effect("an expired trial is reported before an insufficient tier", () =>
    Effect.gen(function*() {
      yield* at(T0)
      const key = yield* activeKey("sandbox")
      const n = yield* at(T0 + 15 * DAY)
      expect(leftTag(authorize(key, "syndicate_alpha", n))).toBe("TrialExpired")
    }))

  it.effect("a tier below the endpoint's is TierInsufficient naming both tiers; equal or higher passes", () =>
    Effect.gen(function*() {
      const n = yield* at(T0)
      const build = yield* activeKey("build")
      const result = authorize(build, "growth", n)
      expect(leftTag(result)).toBe("TierInsufficient")
      if (Either.isLeft(result) && result.left._tag === "TierInsufficient") {
        expect(result.left.current_tier).toBe("build")
        expect(result.left.required_tier).toBe("growth")
      }
      expect(Either.isRight(authorize(build, "build", n))).toBe(true)
      expect(Either.isRight(authorize(build, "starter", n))).toBe(true)
      expect(Either.isRight(authorize(build, "sandbox", n))).toBe(true)
    }))

  it.effect("legacy tiers rank as their current tier", () =>
    Effect.gen(function*() {
      const n = yield* at(T0)
      const hobbyist = yield* activeKey("hobbyist")
      expect(Either.isRight(authorize(hobbyist, "starter", n))).toBe(true)
      expect(leftTag(authorize(hobbyist, "build", n))).toBe("TierInsufficient")
      const pro = yield* activeKey("pro")
      expect(Either.isRight(authorize(pro, "pro_insights", n))).toBe(true)
      expect(leftTag(authorize(pro, "syndicate_alpha", n))).toBe("TierInsufficient")
      const enterprise = yield* activeKey("enterprise")
      expect(Either.isRight(authorize(enterprise, "syndicate_alpha", n))).toBe(true)
      // legacy keys have no trial, whatever the date
      expect(Either.isRight(authorize(enterprise, "sandbox", new Date(T0 + 400 * DAY)))).toBe(true)
    }))

  it.effect("the grant carries the key's own plan", () =>
    Effect.gen(function*() {
      const n = yield* at(T0)
      const pro = yield* activeKey("pro")
      const grant = authorize(pro, "starter", n)
      expect(Either.isRight(grant) && grant.right.plan.tier).toBe("pro")
      expect(Either.isRight(grant) && grant.right.key.key_hash).toBe(pro.key_hash)
    }))
})

describe("Admission.decideLimits", () => {
  const starter = Plans.planOf(catalog, "starter")

  it.effect("an admitted outcome passes its counts through", () =>
    Effect.gen(function*() {
      const n = yield* at(T0)
      const c = counts({ minute: 3, day: 10, month: 50 })
      expect(Admission.decideLimits(starter, { admitted: true, blocked_by: null, counts: c }, n)).toEqual(
        Either.right(c)
      )
    }))

  it.effect("minute: Retry-After is the wait until the oldest call leaves the 60 s window", () =>
    Effect.gen(function*() {
      const n = yield* at(T0)
      const oldest = new Date(T0 - 45_500) // 14.5 s left in the window: 15 whole seconds
      const result = Admission.decideLimits(starter, blocked("minute", { minute: 30, minute_oldest: oldest }), n)
      expect(Either.isLeft(result) && result.left).toMatchObject({
        _tag: "RateLimitExceeded",
        calls_this_minute: 30,
        limit_per_minute: 30,
        retry_after_seconds: 15
      })
      // a window whose oldest call is leaving right now, or unknown: at least 1 second
      const edge = Admission.decideLimits(
        starter,
        blocked("minute", { minute: 30, minute_oldest: new Date(T0 - 60_000) }),
        n
      )
      expect(Either.isLeft(edge) && edge.left.retry_after_seconds).toBe(1)
      const unknown = Admission.decideLimits(starter, blocked("minute", { minute: 30 }), n)
      expect(Either.isLeft(unknown) && unknown.left.retry_after_seconds).toBe(1)
    }))

  it.effect("day: resets at the next 00:00 UTC with the seconds until then", () =>
    Effect.gen(function*() {
      const n = yield* at(Date.UTC(2024, 2, 10, 23, 30, 0))
      const result = Admission.decideLimits(starter, blocked("day", { minute: 1, day: 500, month: 900 }), n)
      expect(Either.isLeft(result) && result.left).toMatchObject({
        _tag: "DailyLimitExceeded",
        calls_today: 500,
        daily_limit: 500,
        resets_on: "2024-03-11T00:00:00.000Z",
        retry_after_seconds: 1800
      })
      // at midnight exactly, the day that just began resets at the following midnight
      const midnight = yield* at(Date.UTC(2024, 2, 11))
      const next = Admission.decideLimits(starter, blocked("day", { day: 500 }), midnight)
      expect(Either.isLeft(next) && next.left).toMatchObject({
        resets_on: "2024-03-12T00:00:00.000Z",
        retry_after_seconds: 86_400
      })
    }))

  it.effect("month: resets at 00:00 UTC on the 1st, across a year end", () =>
    Effect.gen(function*() {
      const n = yield* at(Date.UTC(2024, 0, 31, 12, 0, 0))
      const result = Admission.decideLimits(starter, blocked("month", { month: 15_000 }), n)
      expect(Either.isLeft(result) && result.left).toMatchObject({
        _tag: "MonthlyQuotaExceeded",
        calls_used: 15_000,
        calls_limit: 15_000,
        resets_on: "2024-02-01T00:00:00.000Z",
        retry_after_seconds: 12 * 3600
      })
      const december = yield* at(Date.UTC(2024, 11, 15))
      const yearEnd = Admission.decideLimits(starter, blocked("month", { month: 15_000 }), december)
      expect(Either.isLeft(yearEnd) && yearEnd.left).toMatchObject({ resets_on: "2025-01-01T00:00:00.000Z" })
    }))

  it("next resets are computed in UTC", () => {
    expect(Admission.nextDailyReset(new Date("2024-02-28T23:59:59.999Z")).toISOString()).toBe(
      "2024-02-29T00:00:00.000Z"
    )
    expect(Admission.nextMonthlyReset(new Date("2024-02-01T00:00:00.000Z")).toISOString()).toBe(
      "2024-03-01T00:00:00.000Z"
    )
  })

  it("limitsOf passes the plan's ceilings, null for unlimited", () => {
    expect(Admission.limitsOf(starter)).toEqual({ per_minute: 30, per_day: 500, per_month: 15_000 })
    expect(Admission.limitsOf(Plans.planOf(catalog, "syndicate_alpha"))).toEqual({
      per_minute: null,
      per_day: null,
      per_month: null
    })
  })
})

describe("Admission.rateLimitHeaders", () => {
  const grantOf = (key: ApiKey.ApiKeyRecord): Admission.Grant => ({ key, plan: Plans.planOf(catalog, key.tier) })

  it.effect("a paid tier: daily limit, remaining, next UTC midnight in epoch seconds, policy; no sandbox headers", () =>
    Effect.gen(function*() {
      const n = yield* at(T0)
      const key = yield* activeKey("starter")
      const headers = Admission.rateLimitHeaders(grantOf(key), counts({ minute: 2, day: 120, month: 400 }), n)
      expect(headers).toEqual({
        "x-service-tier": "starter",
        "x-ratelimit-limit": "500",
        "x-ratelimit-remaining": "380",
        "x-ratelimit-reset": String(Date.UTC(2024, 2, 11) / 1000),
        "x-ratelimit-policy": "500/day;w=86400, 30/min;w=60"
      })
    }))

  it.effect("remaining is never negative", () =>
    Effect.gen(function*() {
      const n = yield* at(T0)
      const key = yield* activeKey("build")
      const headers = Admission.rateLimitHeaders(grantOf(key), counts({ day: 2_500 }), n)
      expect(headers["x-ratelimit-remaining"]).toBe("0")
    }))

  it.effect("syndicate_alpha reports unlimited", () =>
    Effect.gen(function*() {
      const n = yield* at(T0)
      const key = yield* activeKey("syndicate_alpha")
      const headers = Admission.rateLimitHeaders(grantOf(key), counts({ day: 1_000_000 }), n)
      expect(headers["x-ratelimit-limit"]).toBe("unlimited")
      expect(headers["x-ratelimit-remaining"]).toBe("unlimited")
      expect(headers["x-ratelimit-policy"]).toBe("unlimited/day;w=86400, unlimited/min;w=60")
    }))

  it.effect("legacy tiers report their own name and their reference limits", () =>
    Effect.gen(function*() {
      const n = yield* at(T0)
      const hobbyist = Admission.rateLimitHeaders(grantOf(yield* activeKey("hobbyist")), counts({ day: 1 }), n)
      expect(hobbyist["x-service-tier"]).toBe("hobbyist")
      expect(hobbyist["x-ratelimit-limit"]).toBe("1000")
      expect(hobbyist["x-ratelimit-policy"]).toBe("1000/day;w=86400, 30/min;w=60")
      const enterprise = Admission.rateLimitHeaders(grantOf(yield* activeKey("enterprise")), counts({}), n)
      expect(enterprise["x-service-tier"]).toBe("enterprise")
      expect(enterprise["x-ratelimit-limit"]).toBe("unlimited")
      expect(enterprise["x-ratelimit-policy"]).toBe("unlimited/day;w=86400, 1000/min;w=60")
    }))

  it.effect("sandbox keys add the trial end and whole days remaining (rounded up, 0 once ended)", () =>
    Effect.gen(function*() {
      yield* at(T0)
      const key = yield* activeKey("sandbox")
      const headersAt = (ms: number) => Admission.rateLimitHeaders(grantOf(key), counts({ day: 5 }), new Date(ms))

      const first = headersAt(T0 + 3_600_000)
      expect(first["x-service-sandbox-expires"]).toBe(new Date(T0 + 14 * DAY).toISOString())
      expect(first["x-service-sandbox-days-remaining"]).toBe("14")
      expect(first["x-ratelimit-limit"]).toBe("200")
      expect(first["x-ratelimit-remaining"]).toBe("195")
      expect(first["x-ratelimit-policy"]).toBe("200/day;w=86400, 20/min;w=60")
      expect(headersAt(T0 + 13 * DAY)["x-service-sandbox-days-remaining"]).toBe("1")
      expect(headersAt(T0 + 14 * DAY)["x-service-sandbox-days-remaining"]).toBe("0")
      expect(headersAt(T0 + 20 * DAY)["x-service-sandbox-days-remaining"]).toBe("0")
    }))

  it.effect("trialDaysRemaining is null for a key without a trial", () =>
    Effect.gen(function*() {
      const n = yield* at(T0)
      expect(Admission.trialDaysRemaining(yield* activeKey("growth"), n)).toBeNull()
    }))
})

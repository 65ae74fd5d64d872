/**
 * The admission decision, pure (decisions.md, "Admission order and counting").
 *
 * Two steps around one atomic store call:
 * 1. {@link authorize}: header present? key known and active? sandbox trial running? tier high
 *    enough? (401 MISSING_API_KEY, 401 INVALID_API_KEY, 402 TRIAL_EXPIRED, 403 TIER_INSUFFICIENT)
 * 2. the caller runs `UsageStore.consume` with {@link limitsOf} the plan, then
 *    {@link decideLimits} maps the outcome to admitted, or 429 RATE_LIMIT_EXCEEDED /
 *    DAILY_LIMIT_EXCEEDED / MONTHLY_QUOTA_EXCEEDED with the Retry-After seconds.
 * {@link rateLimitHeaders} gives the headers every authenticated response carries, errors too.
 * @module
 */
import { Either, Option } from "effect"
import { activationExpired, type ApiKeyRecord } from "./ApiKey.js"
import {
  DailyLimitExceeded,
  InvalidApiKey,
  MissingApiKey,
  MonthlyQuotaExceeded,
  RateLimitExceeded,
  TierInsufficient,
  TrialExpired
} from "./Errors.js"
import { type Plan, type PlanCatalog, planOf, type Tier } from "./Plans.js"
import type { ConsumeOutcome, UsageCounts, UsageLimits } from "./ports/UsageStore.js"

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

/** A key that passed authorization, with its plan. */
export interface Grant {
  readonly key: ApiKeyRecord
  readonly plan: Plan
}

/**
 * Step 1 of admission.
 * - `presented`: the X-Service-Key header value (empty or undefined = absent).
 * - `key`: the stored record found by the hash of the presented key.
 * - `required`: the endpoint's lowest tier (endpoints.json `tier_resolved`).
 * Fails, in this order, with MissingApiKey, InvalidApiKey (unknown, revoked, pending activation
 * or whose activation link expired), TrialExpired (sandbox at or after `trial_ends_at`), or
 * TierInsufficient (plan rank below the required tier's rank).
 */
export const authorize = (input: {
  readonly catalog: PlanCatalog
  readonly presented: string | undefined
  readonly key: Option.Option<ApiKeyRecord>
  readonly required: Tier
  readonly now: Date
}): Either.Either<Grant, MissingApiKey | InvalidApiKey | TrialExpired | TierInsufficient> => {
  if (input.presented === undefined || input.presented.trim() === "") return Either.left(new MissingApiKey())
  if (Option.isNone(input.key)) return Either.left(new InvalidApiKey())
  const key = input.key.value
  if (key.state !== "active" || activationExpired(key, input.now)) return Either.left(new InvalidApiKey())
  if (key.trial_ends_at !== null && input.now.getTime() >= key.trial_ends_at.getTime()) {
    return Either.left(new TrialExpired({ trial_ended_at: key.trial_ends_at.toISOString() }))
  }
  const plan = planOf(input.catalog, key.tier)
  const required = planOf(input.catalog, input.required)
  if (plan.rank < required.rank) {
    return Either.left(new TierInsufficient({ current_tier: key.tier, required_tier: input.required }))
  }
  return Either.right({ key, plan })
}

/** The ceilings of a plan, as the UsageStore takes them. */
export const limitsOf = (plan: Plan): UsageLimits => ({
  per_minute: plan.per_minute,
  per_day: plan.per_day,
  per_month: plan.per_month
})

/** Calls left under a ceiling after `used` calls, never negative; null when there is no ceiling. */
export const remaining = (ceiling: number | null, used: number): number | null =>
  ceiling === null ? null : Math.max(0, ceiling - used)

/**
 * The first ceiling of `limits` that `counts` have reached, in the order minute, day, month, or
 * null when a call may still be counted. Both UsageStore adapters decide with this.
 */
export const ceilingReached = (
  limits: UsageLimits,
  counts: { readonly minute: number; readonly day: number; readonly month: number }
): "minute" | "day" | "month" | null =>
  limits.per_minute !== null && counts.minute >= limits.per_minute
    ? "minute"
    : limits.per_day !== null && counts.day >= limits.per_day
    ? "day"
    : limits.per_month !== null && counts.month >= limits.per_month
    ? "month"
    : null

/** Start of the next UTC day after `now`. */
export const nextDailyReset = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))

/** 00:00 UTC on the 1st of the month after `now`. */
export const nextMonthlyReset = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))

/** Whole seconds from `now` until `then`, at least 1. */
const secondsUntil = (now: Date, then: Date): number => Math.max(1, Math.ceil((then.getTime() - now.getTime()) / 1000))

/**
 * Seconds until the sliding minute window frees a slot: the oldest call in the window leaves it
 * 60 s after it was made.
 */
export const minuteRetryAfter = (counts: UsageCounts, now: Date): number =>
  counts.minute_oldest === null ? 1 : secondsUntil(now, new Date(counts.minute_oldest.getTime() + MINUTE_MS))

/** An error of the limits step. */
export type LimitError = RateLimitExceeded | DailyLimitExceeded | MonthlyQuotaExceeded

/**
 * Step 2 of admission: maps the store's outcome to admitted (the counts) or the 429 error of the
 * first ceiling hit, with `retry_after_seconds` (minute: until the oldest call leaves the window;
 * day: until 00:00 UTC; month: until 00:00 UTC on the 1st).
 */
export const decideLimits = (
  plan: Plan,
  outcome: ConsumeOutcome,
  now: Date
): Either.Either<UsageCounts, LimitError> => {
  const c = outcome.counts
  if (outcome.admitted) return Either.right(c)
  switch (outcome.blocked_by) {
    case "minute":
      return Either.left(
        new RateLimitExceeded({
          calls_this_minute: c.minute,
          limit_per_minute: plan.per_minute ?? c.minute,
          retry_after_seconds: minuteRetryAfter(c, now)
        })
      )
    case "day": {
      const reset = nextDailyReset(now)
      return Either.left(
        new DailyLimitExceeded({
          calls_today: c.day,
          daily_limit: plan.per_day ?? c.day,
          resets_on: reset.toISOString(),
          retry_after_seconds: secondsUntil(now, reset)
        })
      )
    }
    case "month":
    case null: {
      const reset = nextMonthlyReset(now)
      return Either.left(
        new MonthlyQuotaExceeded({
          calls_used: c.month,
          calls_limit: plan.per_month ?? c.month,
          resets_on: reset.toISOString(),
          retry_after_seconds: secondsUntil(now, reset)
        })
      )
    }
  }
}

/**
 * Headers of every authenticated response, errors included (decisions.md):
 * X-Service-Tier; X-RateLimit-Limit (daily ceiling or `unlimited`); X-RateLimit-Remaining (daily);
 * X-RateLimit-Reset (epoch seconds of the next 00:00 UTC); X-RateLimit-Policy
 * (`<n>/day;w=86400, <n>/min;w=60`, `unlimited` for a missing ceiling); and for keys on a trial,
 * X-Service-Sandbox-Expires (ISO) and X-Service-Sandbox-Days-Remaining (whole days, rounded up).
 */
export const rateLimitHeaders = (grant: Grant, counts: UsageCounts, now: Date): Record<string, string> => {
  const { key, plan } = grant
  const headers: Record<string, string> = {
    "x-service-tier": key.tier,
    "x-ratelimit-limit": plan.per_day === null ? "unlimited" : String(plan.per_day),
    "x-ratelimit-remaining": String(remaining(plan.per_day, counts.day) ?? "unlimited"),
    "x-ratelimit-reset": String(Math.floor(nextDailyReset(now).getTime() / 1000)),
    "x-ratelimit-policy": `${plan.per_day ?? "unlimited"}/day;w=86400, ${plan.per_minute ?? "unlimited"}/min;w=60`
  }
  if (key.trial_ends_at !== null) {
    headers["x-service-sandbox-expires"] = key.trial_ends_at.toISOString()
    headers["x-service-sandbox-days-remaining"] = String(trialDaysRemaining(key, now) ?? 0)
  }
  return headers
}

/** Whole days left in a trial, rounded up, 0 once ended; null when the key has no trial. */
export const trialDaysRemaining = (key: ApiKeyRecord, now: Date): number | null =>
  key.trial_ends_at === null
    ? null
    : Math.max(0, Math.ceil((key.trial_ends_at.getTime() - now.getTime()) / DAY_MS))

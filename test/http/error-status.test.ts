/**
 * The HTTP status of every API error is declared once, on its schema (`HttpApiSchema.annotations
 * ({ status })`); `statusOf` reads it there and Retry-After comes from `retry_after_seconds`.
 */
import { ApiErrors } from "@sports-data/api"
import { Conflict as DomainConflict, isDomainError, StoreFailure } from "@sports-data/domain"
import { describe, expect, it } from "vitest"

describe("API error status", () => {
  it("answers each error code with the status the specification gives it", () => {
    const expected: Record<string, number> = {
      INVALID_PARAMETER: 400,
      MISSING_API_KEY: 401,
      INVALID_API_KEY: 401,
      TRIAL_EXPIRED: 402,
      TIER_INSUFFICIENT: 403,
      NOT_FOUND: 404,
      RESOURCE_NOT_FOUND: 404,
      METHOD_NOT_ALLOWED: 405,
      CONFLICT: 409,
      PAYLOAD_TOO_LARGE: 413,
      RATE_LIMIT_EXCEEDED: 429,
      DAILY_LIMIT_EXCEEDED: 429,
      MONTHLY_QUOTA_EXCEEDED: 429,
      TOO_MANY_STREAMS: 429,
      TOO_MANY_REQUESTS_IN_FLIGHT: 429,
      INTERNAL_ERROR: 500,
      SERVICE_UNAVAILABLE: 503
    }
    const sample = [
      new ApiErrors.InvalidParameterError({ parameter: "season", reason: "not a year" }),
      new ApiErrors.MissingApiKeyError(),
      new ApiErrors.InvalidApiKeyError(),
      new ApiErrors.TrialExpiredError({ trial_ended_at: "2024-01-01T00:00:00Z" }),
      new ApiErrors.TierInsufficientError({ current_tier: "free", required_tier: "pro" }),
      new ApiErrors.NotFoundError({ path: "/x" }),
      new ApiErrors.ResourceNotFoundError({ resource: "player", id: "x" }),
      new ApiErrors.MethodNotAllowedError({ allowed: ["GET"] }),
      new ApiErrors.ConflictError(),
      new ApiErrors.PayloadTooLargeError(),
      new ApiErrors.RateLimitExceededError({ calls_this_minute: 61, limit_per_minute: 60, retry_after_seconds: 7 }),
      new ApiErrors.DailyLimitExceededError({ calls_today: 1, daily_limit: 1, resets_on: "x", retry_after_seconds: 8 }),
      new ApiErrors.MonthlyQuotaExceededError({
        calls_used: 1,
        calls_limit: 1,
        resets_on: "x",
        retry_after_seconds: 9
      }),
      new ApiErrors.TooManyStreamsError({ open_streams: 2, max_streams: 2, retry_after_seconds: 5 }),
      new ApiErrors.TooManyRequestsInFlightError({ in_flight: 9, max_in_flight: 8, retry_after_seconds: 1 }),
      new ApiErrors.InternalError({ request_id: "r" }),
      new ApiErrors.ServiceUnavailableError({ retry_after_seconds: 3 })
    ]
    expect(sample.map((e) => e.error_code).sort()).toEqual(Object.keys(expected).sort())
    for (const e of sample) {
      expect([e.error_code, ApiErrors.statusOf(e)]).toEqual([e.error_code, expected[e.error_code]])
    }
  })

  it("gives Retry-After exactly for the errors that carry retry_after_seconds", () => {
    expect(ApiErrors.retryAfterOf(new ApiErrors.ServiceUnavailableError({ retry_after_seconds: 3 }))).toBe(3)
    expect(ApiErrors.retryAfterOf(new ApiErrors.ConflictError())).toBeUndefined()
  })

  it("recognises domain errors by class, not by a list of tags", () => {
    expect(isDomainError(new DomainConflict({ message: "x" }))).toBe(true)
    expect(isDomainError(new StoreFailure({ operation: "o", detail: "d" }))).toBe(true)
    expect(isDomainError({ _tag: "Conflict", message: "x" })).toBe(false)
  })
})

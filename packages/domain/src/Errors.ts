/**
 * Domain errors. Each carries the extra fields that the standard error object of the
 * specification ("Errors") and decisions.md ("Errors not shown") list for it; the HTTP
 * status and `error_code` are attached at the api edge, not here.
 * @module
 */
import { Schema } from "effect"

/** 401 MISSING_API_KEY: the X-Service-Key header is absent or empty. */
export class MissingApiKey extends Schema.TaggedError<MissingApiKey>()("MissingApiKey", {}) {}

/** 401 INVALID_API_KEY: the key is unknown, revoked, or not yet activated. */
export class InvalidApiKey extends Schema.TaggedError<InvalidApiKey>()("InvalidApiKey", {}) {}

/** 402 TRIAL_EXPIRED: the 14-day sandbox ended at `trial_ended_at` (ISO 8601, UTC). */
export class TrialExpired extends Schema.TaggedError<TrialExpired>()("TrialExpired", {
  trial_ended_at: Schema.String
}) {}

/** 403 TIER_INSUFFICIENT: the endpoint needs `required_tier`; the key has `current_tier`. */
export class TierInsufficient extends Schema.TaggedError<TierInsufficient>()("TierInsufficient", {
  current_tier: Schema.String,
  required_tier: Schema.String
}) {}

/** 429 RATE_LIMIT_EXCEEDED: the per-minute (sliding 60 s) limit is used up. */
export class RateLimitExceeded extends Schema.TaggedError<RateLimitExceeded>()("RateLimitExceeded", {
  calls_this_minute: Schema.Int,
  limit_per_minute: Schema.Int,
  retry_after_seconds: Schema.Int
}) {}

/** 429 DAILY_LIMIT_EXCEEDED: the daily ceiling is used up until `resets_on` (next 00:00 UTC). */
export class DailyLimitExceeded extends Schema.TaggedError<DailyLimitExceeded>()("DailyLimitExceeded", {
  calls_today: Schema.Int,
  daily_limit: Schema.Int,
  resets_on: Schema.String,
  retry_after_seconds: Schema.Int
}) {}

/** 429 MONTHLY_QUOTA_EXCEEDED: the monthly quota is used up until `resets_on` (00:00 UTC on the 1st). */
export class MonthlyQuotaExceeded extends Schema.TaggedError<MonthlyQuotaExceeded>()("MonthlyQuotaExceeded", {
  calls_used: Schema.Int,
  calls_limit: Schema.Int,
  resets_on: Schema.String,
  retry_after_seconds: Schema.Int
}) {}

/** 400 INVALID_PARAMETER: a parameter or body field is malformed, out of range or missing. */
export class InvalidParameter extends Schema.TaggedError<InvalidParameter>()("InvalidParameter", {
  parameter: Schema.String,
  reason: Schema.String
}) {}

/**
 * 404 RESOURCE_NOT_FOUND: no `resource` (player, team, game, webhook, delivery) with this id;
 * `reason`, when given, says why none can exist (no source has soccer players), and the message
 * of the answer states it.
 */
export class ResourceNotFound extends Schema.TaggedError<ResourceNotFound>()("ResourceNotFound", {
  resource: Schema.String,
  id: Schema.String,
  reason: Schema.optional(Schema.String)
}) {}

/** 409 CONFLICT: the thing already exists (for example a key registered twice). */
export class Conflict extends Schema.TaggedError<Conflict>()("Conflict", {
  message: Schema.String
}) {}

/**
 * 503 SERVICE_UNAVAILABLE: the store cannot be reached (connection refused, pool exhausted).
 * `detail` is for logs only and is never sent to a client.
 */
export class StoreUnavailable extends Schema.TaggedError<StoreUnavailable>()("StoreUnavailable", {
  retry_after_seconds: Schema.Int,
  detail: Schema.String
}) {}

/**
 * 500 INTERNAL_ERROR: the store answered with an error that is not the caller's fault
 * (a failed statement, a row that does not decode). `detail` is for logs only.
 */
export class StoreFailure extends Schema.TaggedError<StoreFailure>()("StoreFailure", {
  operation: Schema.String,
  detail: Schema.String
}) {}

/** Errors of admission, in the order of decisions.md ("Admission order and counting"). */
export type AdmissionError =
  | MissingApiKey
  | InvalidApiKey
  | TrialExpired
  | TierInsufficient
  | RateLimitExceeded
  | DailyLimitExceeded
  | MonthlyQuotaExceeded

/** What a storage port may fail with. */
export type StoreError = StoreUnavailable | StoreFailure

/** Every domain error. */
export type DomainError = AdmissionError | InvalidParameter | ResourceNotFound | Conflict | StoreError

/** Every domain error class (the members of {@link DomainError}), for {@link isDomainError}. */
const DOMAIN_ERRORS = [
  MissingApiKey,
  InvalidApiKey,
  TrialExpired,
  TierInsufficient,
  RateLimitExceeded,
  DailyLimitExceeded,
  MonthlyQuotaExceeded,
  InvalidParameter,
  ResourceNotFound,
  Conflict,
  StoreUnavailable,
  StoreFailure
] as const

/** True for a value that is one of the domain error classes ({@link DomainError}). */
export const isDomainError = (u: unknown): u is DomainError => DOMAIN_ERRORS.some((E) => u instanceof E)

/**
 * The API error schemas: each encodes to exactly the standard error object of the
 * specification ("Errors") and decisions.md ("Errors not shown in the specification"):
 *
 * ```json
 * { "error_code": "...", "message": "...", "documentation_url": "https://...", "upgrade_url": null, ...extras }
 * ```
 *
 * with no `_tag`: the discriminator is `error_code`, a literal filled in by the constructor.
 * Each schema carries its HTTP status (`HttpApiSchema.annotations({ status })`), so attaching one
 * to an endpoint with `.addError(E)` both maps the failure to that status and documents it in the
 * OpenAPI document. {@link fromDomain} maps the domain errors of `@sports-data/domain` to them
 * (one table, whose type is {@link ApiErrorOf}).
 *
 * `message`, `documentation_url` and `upgrade_url` have constructor defaults; pass a `message`
 * when a more specific one helps the caller.
 * @module
 */
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import type {
  Conflict,
  DailyLimitExceeded,
  DomainError,
  InvalidApiKey,
  InvalidParameter,
  MissingApiKey,
  MonthlyQuotaExceeded,
  RateLimitExceeded,
  ResourceNotFound,
  StoreFailure,
  StoreUnavailable,
  TierInsufficient,
  TrialExpired
} from "@sports-data/domain"
import { Schema } from "effect"

/** Base of every `documentation_url`: the error reference, one anchor per error code. */
export const DOCUMENTATION_URL = "https://docs.sports-data.dev/errors"

/** Where a caller can move to a higher plan; the `upgrade_url` of tier, trial and limit errors. */
export const UPGRADE_URL = "https://sports-data.dev/pricing"

/** The documentation link of an error code (`<DOCUMENTATION_URL>#<code in lower case>`). */
export const documentationUrl = (errorCode: string): string => `${DOCUMENTATION_URL}#${errorCode.toLowerCase()}`

const defaulted = <S extends Schema.Schema.Any>(schema: S, value: () => Schema.Schema.Type<S>) =>
  Schema.propertySignature(schema).pipe(Schema.withConstructorDefault(value))

/**
 * The four fields of the standard error object. `error_code` is a literal with a constructor
 * default, so `new X({...extras})` fills it; decoding requires it, which is how a client tells two
 * errors of one status apart.
 */
const standard = <const Code extends string>(code: Code, message: string, upgrade: boolean) => ({
  error_code: Schema.tag(code),
  message: defaulted(Schema.String, () => message),
  documentation_url: defaulted(Schema.String, () => documentationUrl(code)),
  upgrade_url: defaulted(Schema.NullOr(Schema.String), () => (upgrade ? UPGRADE_URL : null))
})

/** 400 INVALID_PARAMETER: `parameter` is malformed, out of range or missing; `reason` says how. */
export class InvalidParameterError extends Schema.Class<InvalidParameterError>("InvalidParameterError")(
  {
    ...standard("INVALID_PARAMETER", "A parameter is malformed, out of range or missing.", false),
    parameter: Schema.String,
    reason: Schema.String
  },
  HttpApiSchema.annotations({
    status: 400,
    description: "INVALID_PARAMETER: a parameter or body field is malformed, out of range or missing"
  })
) {}

/** 401 MISSING_API_KEY: the X-Service-Key header is absent or empty (a key in the query string does not count). */
export class MissingApiKeyError extends Schema.Class<MissingApiKeyError>("MissingApiKeyError")({
  ...standard("MISSING_API_KEY", "The X-Service-Key header is required.", false)
}, HttpApiSchema.annotations({ status: 401, description: "MISSING_API_KEY or INVALID_API_KEY" })) {}

/** 401 INVALID_API_KEY: the key is unknown, revoked or not yet activated. */
export class InvalidApiKeyError extends Schema.Class<InvalidApiKeyError>("InvalidApiKeyError")({
  ...standard("INVALID_API_KEY", "The API key is unknown, revoked or not yet activated.", false)
}, HttpApiSchema.annotations({ status: 401, description: "MISSING_API_KEY or INVALID_API_KEY" })) {}

/** 402 TRIAL_EXPIRED: the 14-day sandbox ended at `trial_ended_at` (ISO 8601, UTC). */
export class TrialExpiredError extends Schema.Class<TrialExpiredError>("TrialExpiredError")({
  ...standard("TRIAL_EXPIRED", "The sandbox trial has ended; choose a plan to continue.", true),
  trial_ended_at: Schema.String
}, HttpApiSchema.annotations({ status: 402, description: "TRIAL_EXPIRED: the sandbox trial ended" })) {}

/** 403 TIER_INSUFFICIENT: the endpoint needs `required_tier`; the key is on `current_tier`. */
export class TierInsufficientError extends Schema.Class<TierInsufficientError>("TierInsufficientError")({
  ...standard("TIER_INSUFFICIENT", "This endpoint needs a higher tier.", true),
  current_tier: Schema.String,
  required_tier: Schema.String
}, HttpApiSchema.annotations({ status: 403, description: "TIER_INSUFFICIENT: the endpoint needs a higher tier" })) {}

/** 404 NOT_FOUND: no such path (answered before any key check). */
export class NotFoundError extends Schema.Class<NotFoundError>("NotFoundError")({
  ...standard("NOT_FOUND", "No such path.", false),
  path: Schema.String
}, HttpApiSchema.annotations({ status: 404, description: "NOT_FOUND or RESOURCE_NOT_FOUND" })) {}

/** 404 RESOURCE_NOT_FOUND: no `resource` (player, team, game, webhook, delivery) with id `id`. */
export class ResourceNotFoundError extends Schema.Class<ResourceNotFoundError>("ResourceNotFoundError")({
  ...standard("RESOURCE_NOT_FOUND", "No such resource.", false),
  resource: Schema.String,
  id: Schema.String
}, HttpApiSchema.annotations({ status: 404, description: "NOT_FOUND or RESOURCE_NOT_FOUND" })) {}

/** 405 METHOD_NOT_ALLOWED: the path exists but not with this method; `allowed` lists the methods it has. */
export class MethodNotAllowedError extends Schema.Class<MethodNotAllowedError>("MethodNotAllowedError")({
  ...standard("METHOD_NOT_ALLOWED", "This path does not accept this method.", false),
  allowed: Schema.Array(Schema.String)
}, HttpApiSchema.annotations({ status: 405, description: "METHOD_NOT_ALLOWED: known path, other method" })) {}

/** 409 CONFLICT: the thing already exists (for example a key registered twice). */
export class ConflictError extends Schema.Class<ConflictError>("ConflictError")({
  ...standard("CONFLICT", "The resource already exists.", false)
}, HttpApiSchema.annotations({ status: 409, description: "CONFLICT: already exists" })) {}

/** 413 PAYLOAD_TOO_LARGE: the request body is over {@link MAX_BODY_BYTES} bytes. */
export class PayloadTooLargeError extends Schema.Class<PayloadTooLargeError>("PayloadTooLargeError")({
  ...standard("PAYLOAD_TOO_LARGE", "The request body is larger than 1 MiB.", false)
}, HttpApiSchema.annotations({ status: 413, description: "PAYLOAD_TOO_LARGE: body over 1 MiB" })) {}

/** The largest request body accepted, in bytes (1 MiB, decisions.md). */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * 429 RATE_LIMIT_EXCEEDED: the per-minute limit (sliding 60 s window) is used up. The response
 * also carries the header Retry-After = `retry_after_seconds`.
 */
export class RateLimitExceededError extends Schema.Class<RateLimitExceededError>("RateLimitExceededError")(
  {
    ...standard("RATE_LIMIT_EXCEEDED", "Per-minute rate limit exceeded.", true),
    calls_this_minute: Schema.Int,
    limit_per_minute: Schema.Int,
    retry_after_seconds: Schema.Int
  },
  HttpApiSchema.annotations({
    status: 429,
    description: "RATE_LIMIT_EXCEEDED, DAILY_LIMIT_EXCEEDED or MONTHLY_QUOTA_EXCEEDED; header Retry-After"
  })
) {}

/** 429 DAILY_LIMIT_EXCEEDED: the daily ceiling is used up until `resets_on` (next 00:00 UTC). Header Retry-After. */
export class DailyLimitExceededError extends Schema.Class<DailyLimitExceededError>("DailyLimitExceededError")(
  {
    ...standard("DAILY_LIMIT_EXCEEDED", "Daily call limit exceeded.", true),
    calls_today: Schema.Int,
    daily_limit: Schema.Int,
    resets_on: Schema.String,
    retry_after_seconds: Schema.Int
  },
  HttpApiSchema.annotations({
    status: 429,
    description: "RATE_LIMIT_EXCEEDED, DAILY_LIMIT_EXCEEDED or MONTHLY_QUOTA_EXCEEDED; header Retry-After"
  })
) {}

/**
 * 429 MONTHLY_QUOTA_EXCEEDED: the monthly quota is used up until `resets_on` (00:00 UTC on the
 * 1st). `retry_after_seconds` (seconds until then) is an extra beyond the specification's fields,
 * as on every 429; it is also the Retry-After header.
 */
export class MonthlyQuotaExceededError extends Schema.Class<MonthlyQuotaExceededError>("MonthlyQuotaExceededError")(
  {
    ...standard("MONTHLY_QUOTA_EXCEEDED", "Monthly quota used up.", true),
    calls_used: Schema.Int,
    calls_limit: Schema.Int,
    resets_on: Schema.String,
    retry_after_seconds: Schema.Int
  },
  HttpApiSchema.annotations({
    status: 429,
    description: "RATE_LIMIT_EXCEEDED, DAILY_LIMIT_EXCEEDED or MONTHLY_QUOTA_EXCEEDED; header Retry-After"
  })
) {}

/**
 * 429 TOO_MANY_STREAMS: the key already holds `max_streams` open event streams
 * (`GET /v1/events/stream`); close one first. Header Retry-After.
 */
export class TooManyStreamsError extends Schema.Class<TooManyStreamsError>("TooManyStreamsError")(
  {
    ...standard("TOO_MANY_STREAMS", "Too many concurrent event streams for this key.", true),
    open_streams: Schema.Int,
    max_streams: Schema.Int,
    retry_after_seconds: Schema.Int
  },
  HttpApiSchema.annotations({
    status: 429,
    description: "TOO_MANY_STREAMS: the key's concurrent event streams are at their cap; header Retry-After"
  })
) {}

/**
 * 429 TOO_MANY_REQUESTS_IN_FLIGHT: the caller (its key, or its address when it presents none)
 * already has `max_in_flight` requests being answered (the SPORTS_DATA_MAX_IN_FLIGHT_PER_KEY
 * setting); wait for one to finish. Nothing is counted against the quota. Header Retry-After.
 */
export class TooManyRequestsInFlightError
  extends Schema.Class<TooManyRequestsInFlightError>("TooManyRequestsInFlightError")(
    {
      ...standard("TOO_MANY_REQUESTS_IN_FLIGHT", "Too many requests in flight for this key.", false),
      in_flight: Schema.Int,
      max_in_flight: Schema.Int,
      retry_after_seconds: Schema.Int
    },
    HttpApiSchema.annotations({
      status: 429,
      description: "TOO_MANY_REQUESTS_IN_FLIGHT: the key's concurrent requests are at their cap; header Retry-After"
    })
  )
{}

/** 500 INTERNAL_ERROR: anything else. `request_id` finds the logged cause; no stack or SQL is ever sent. */
export class InternalError extends Schema.Class<InternalError>("InternalError")(
  {
    ...standard("INTERNAL_ERROR", "Internal error; retry with exponential backoff.", false),
    request_id: Schema.String
  },
  HttpApiSchema.annotations({
    status: 500,
    description: "INTERNAL_ERROR: server error; retry with exponential backoff"
  })
) {}

/** 503 SERVICE_UNAVAILABLE: storage unreachable; retry after `retry_after_seconds` (also the Retry-After header). */
export class ServiceUnavailableError extends Schema.Class<ServiceUnavailableError>("ServiceUnavailableError")(
  {
    ...standard("SERVICE_UNAVAILABLE", "The service is temporarily unavailable.", false),
    retry_after_seconds: Schema.Int
  },
  HttpApiSchema.annotations({
    status: 503,
    description: "SERVICE_UNAVAILABLE: storage unreachable; header Retry-After"
  })
) {}

/** Every API error. */
export type ApiError =
  | InvalidParameterError
  | MissingApiKeyError
  | InvalidApiKeyError
  | TrialExpiredError
  | TierInsufficientError
  | NotFoundError
  | ResourceNotFoundError
  | MethodNotAllowedError
  | ConflictError
  | PayloadTooLargeError
  | RateLimitExceededError
  | DailyLimitExceededError
  | MonthlyQuotaExceededError
  | TooManyStreamsError
  | TooManyRequestsInFlightError
  | InternalError
  | ServiceUnavailableError

/** Every API error schema, for registering them all at once and for tests. */
export const all = [
  InvalidParameterError,
  MissingApiKeyError,
  InvalidApiKeyError,
  TrialExpiredError,
  TierInsufficientError,
  NotFoundError,
  ResourceNotFoundError,
  MethodNotAllowedError,
  ConflictError,
  PayloadTooLargeError,
  RateLimitExceededError,
  DailyLimitExceededError,
  MonthlyQuotaExceededError,
  TooManyStreamsError,
  TooManyRequestsInFlightError,
  InternalError,
  ServiceUnavailableError
] as const

/** The failures of admission (the `Authorization` middleware), including a store that cannot answer. */
export const AdmissionFailure = Schema.Union(
  MissingApiKeyError,
  InvalidApiKeyError,
  TrialExpiredError,
  TierInsufficientError,
  RateLimitExceededError,
  DailyLimitExceededError,
  MonthlyQuotaExceededError,
  ServiceUnavailableError,
  InternalError
)
export type AdmissionFailure = typeof AdmissionFailure.Type

/** True for a value that is one of the API error classes. */
export const isApiError = (u: unknown): u is ApiError => all.some((E) => u instanceof E)

/** The HTTP status of each API error class, read once from its schema's `status` annotation. */
const STATUS: ReadonlyMap<unknown, number> = new Map(all.map((E) => [E, HttpApiSchema.getStatusError(E)]))

/**
 * The HTTP status of an API error: the `status` annotation of its schema (the one place a status
 * is declared; `.addError(E)` reads the same annotation for the OpenAPI document).
 */
export const statusOf = (error: ApiError): number => STATUS.get(error.constructor) ?? 500

/**
 * Seconds a caller should wait before retrying (the Retry-After header): the error's
 * `retry_after_seconds` field, which every 429 and 503 carries. Undefined for the others.
 */
export const retryAfterOf = (error: ApiError): number | undefined =>
  "retry_after_seconds" in error ? error.retry_after_seconds : undefined

/**
 * The API error of each domain error, by the domain error's tag: the one mapping from the
 * domain's errors to the API's. {@link fromDomain} applies it and {@link ApiErrorOf} is its
 * type, so the two cannot disagree; the compiler checks that every domain error has an entry.
 * `requestId` is the id logged with the cause of a StoreFailure, reported as INTERNAL_ERROR's
 * `request_id`; the failure's `detail` is never copied into the body.
 */
const FROM_DOMAIN = {
  MissingApiKey: (_e: MissingApiKey) => new MissingApiKeyError(),
  InvalidApiKey: (_e: InvalidApiKey) => new InvalidApiKeyError(),
  TrialExpired: (e: TrialExpired) =>
    new TrialExpiredError({
      trial_ended_at: e.trial_ended_at,
      message: `The sandbox trial ended at ${e.trial_ended_at}; choose a plan to continue.`
    }),
  TierInsufficient: (e: TierInsufficient) =>
    new TierInsufficientError({
      current_tier: e.current_tier,
      required_tier: e.required_tier,
      message: `This endpoint needs the ${e.required_tier} tier or higher; this key is on ${e.current_tier}.`
    }),
  RateLimitExceeded: (e: RateLimitExceeded) =>
    new RateLimitExceededError({
      calls_this_minute: e.calls_this_minute,
      limit_per_minute: e.limit_per_minute,
      retry_after_seconds: e.retry_after_seconds,
      message: `Per-minute rate limit of ${e.limit_per_minute} exceeded; retry in ${e.retry_after_seconds} s.`
    }),
  DailyLimitExceeded: (e: DailyLimitExceeded) =>
    new DailyLimitExceededError({
      calls_today: e.calls_today,
      daily_limit: e.daily_limit,
      resets_on: e.resets_on,
      retry_after_seconds: e.retry_after_seconds,
      message: `Daily limit of ${e.daily_limit} calls reached; it resets at ${e.resets_on}.`
    }),
  MonthlyQuotaExceeded: (e: MonthlyQuotaExceeded) =>
    new MonthlyQuotaExceededError({
      calls_used: e.calls_used,
      calls_limit: e.calls_limit,
      resets_on: e.resets_on,
      retry_after_seconds: e.retry_after_seconds,
      message: `Monthly quota of ${e.calls_limit} calls used up; it resets at ${e.resets_on}.`
    }),
  InvalidParameter: (e: InvalidParameter) =>
    new InvalidParameterError({
      parameter: e.parameter,
      reason: e.reason,
      message: `Invalid parameter ${e.parameter}: ${e.reason}`
    }),
  ResourceNotFound: (e: ResourceNotFound) =>
    new ResourceNotFoundError({
      resource: e.resource,
      id: e.id,
      message: `No ${e.resource} with id ${e.id}${e.reason === undefined ? "" : `: ${e.reason}`}.`
    }),
  Conflict: (e: Conflict) => new ConflictError({ message: e.message }),
  StoreUnavailable: (e: StoreUnavailable) =>
    new ServiceUnavailableError({ retry_after_seconds: e.retry_after_seconds }),
  StoreFailure: (_e: StoreFailure, requestId: string) => new InternalError({ request_id: requestId })
} satisfies {
  readonly [T in DomainError["_tag"]]: (
    error: Extract<DomainError, { readonly _tag: T }>,
    requestId: string
  ) => ApiError
}

/** The API error the domain error `E` (a member or union of {@link DomainError}) becomes ({@link fromDomain}). */
export type ApiErrorOf<E extends DomainError> = E extends DomainError ? ReturnType<(typeof FROM_DOMAIN)[E["_tag"]]>
  : never

/**
 * The domain errors that become one of the API errors `A` ({@link ApiErrorOf}): what a handler
 * of an endpoint that declares `A` may fail with, besides `A` itself.
 */
export type DomainErrorOf<A> = {
  readonly [T in DomainError["_tag"]]: ApiErrorOf<Extract<DomainError, { readonly _tag: T }>> extends A
    ? Extract<DomainError, { readonly _tag: T }>
    : never
}[DomainError["_tag"]]

/** Maps a domain error to its API error (pure; see {@link FROM_DOMAIN}, the one mapping). */
export const fromDomain = <E extends DomainError>(error: E, requestId: string): ApiErrorOf<E> =>
  (FROM_DOMAIN[error._tag] as (e: E, requestId: string) => ApiErrorOf<E>)(error, requestId)

/**
 * Admission in the contract: the X-Service-Key security scheme, the `Authorization` middleware
 * tag, the service it provides to handlers ({@link Caller}), and how each endpoint declares its
 * lowest tier ({@link requiredTier}, {@link noKey}).
 *
 * Declaring a tier on an endpoint:
 *
 * ```ts
 * HttpApiEndpoint.get("rankings", "/v1/nfl/players/rankings")
 *   .addSuccess(...)
 *   .pipe(requiredTier("growth"))   // guarded by Authorization, needs growth or higher
 *
 * HttpApiEndpoint.get("publicStats", "/api/public/stats").pipe(noKey)   // no key needed
 * ```
 *
 * The tier is an endpoint annotation ({@link RequiredTier}): the middleware implementation
 * (runtimes/http Admission.ts) reads it through {@link endpointTiers}, and the OpenAPI document
 * shows it as the operation extension `x-required-tier`. Values follow endpoints.json
 * `tier_resolved` ("all" there is `sandbox` here, the lowest rank).
 * @module
 */
import type { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import * as HttpApi from "@effect/platform/HttpApi"
import * as HttpApiMiddleware from "@effect/platform/HttpApiMiddleware"
import * as HttpApiSecurity from "@effect/platform/HttpApiSecurity"
import type { HttpMethod } from "@effect/platform/HttpMethod"
import * as OpenApi from "@effect/platform/OpenApi"
import { Admission, type ApiKey, type Plans, type UsageCounts } from "@sports-data/domain"
import { Context, Option } from "effect"
import {
  AdmissionFailure,
  InternalError,
  InvalidParameterError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  ServiceUnavailableError
} from "./Errors.js"

/** Name of the header that carries the API key (specification, "Authentication" item 1). */
export const SERVICE_KEY_HEADER = "X-Service-Key"

/**
 * The security scheme: an API key in the X-Service-Key header. Query-string keys are not
 * supported (specification, "Authentication" item 2): a key in the query is ignored and the
 * request is treated as keyless.
 */
export const serviceKey = HttpApiSecurity.apiKey({ key: SERVICE_KEY_HEADER, in: "header" }).pipe(
  HttpApiSecurity.annotate(
    OpenApi.Description,
    "API key in the X-Service-Key header. Each operation's lowest tier is in its x-required-tier extension; " +
      "tiers rank sandbox < starter (hobbyist) < build < growth < pro_insights (pro) < syndicate_alpha (enterprise)."
  )
)

/**
 * The admitted caller, provided by {@link Authorization} to every guarded handler.
 * - `key`, `plan`: the key record and its plan.
 * - `counts`: the usage counters after this call was counted (minute, day, month).
 * - `now`: the admission instant (UTC).
 * - `calls_remaining_today` / `calls_remaining_this_month`: what is left of the daily and monthly
 *   ceilings after this call, null when the plan has no such ceiling (ResponseMeta fields).
 */
export interface CallerService {
  readonly key: ApiKey.ApiKeyRecord
  readonly plan: Plans.Plan
  readonly counts: UsageCounts
  readonly now: Date
  readonly calls_remaining_today: number | null
  readonly calls_remaining_this_month: number | null
}

/** The admitted caller of the current request (see {@link CallerService}). */
export class Caller extends Context.Tag("@sports-data/api/Caller")<Caller, CallerService>() {
  /** Builds the service from a key, its plan and the counts after admission. */
  static make(key: ApiKey.ApiKeyRecord, plan: Plans.Plan, counts: UsageCounts, now: Date): CallerService {
    return {
      key,
      plan,
      counts,
      now,
      calls_remaining_today: Admission.remaining(plan.per_day, counts.day),
      calls_remaining_this_month: Admission.remaining(plan.per_month, counts.month)
    }
  }
}

/**
 * The admission middleware (decisions.md, "Admission order and counting"): key header →
 * 401 MISSING_API_KEY / INVALID_API_KEY → 402 TRIAL_EXPIRED → 403 TIER_INSUFFICIENT (against the
 * endpoint's {@link RequiredTier}) → 429 per minute / day / month, then counts the call.
 * Provides {@link Caller}. Implemented in runtimes/http (Admission.ts).
 */
export class Authorization extends HttpApiMiddleware.Tag<Authorization>()("Authorization", {
  failure: AdmissionFailure,
  provides: Caller,
  security: { serviceKey }
}) {}

/** The lowest tier of an endpoint, or "none" for an endpoint that needs no key. */
export type EndpointTier = Plans.Tier | "none"

/** Endpoint annotation holding its {@link EndpointTier}. */
export class RequiredTier extends Context.Tag("@sports-data/api/RequiredTier")<RequiredTier, EndpointTier>() {}

/**
 * Declares an endpoint's lowest tier and guards it with {@link Authorization}: the middleware
 * answers 403 TIER_INSUFFICIENT to a key of lower rank. Shown in OpenAPI as `x-required-tier`.
 */
export const requiredTier = (tier: Plans.Tier) =>
<
  Name extends string,
  Method extends HttpMethod,
  Path,
  UrlParams,
  Payload,
  Headers,
  Success,
  Error,
  R,
  RE
>(
  self: HttpApiEndpoint.HttpApiEndpoint<Name, Method, Path, UrlParams, Payload, Headers, Success, Error, R, RE>
) =>
  self.middleware(Authorization).annotate(RequiredTier, tier).annotate(OpenApi.Override, {
    "x-required-tier": tier
  })

/** Declares that an endpoint needs no key (endpoints.json `tier_resolved` "none"). */
export const noKey = <
  Name extends string,
  Method extends HttpMethod,
  Path,
  UrlParams,
  Payload,
  Headers,
  Success,
  Error,
  R,
  RE
>(
  self: HttpApiEndpoint.HttpApiEndpoint<Name, Method, Path, UrlParams, Payload, Headers, Success, Error, R, RE>
) => self.annotate(RequiredTier, "none").annotate(OpenApi.Override, { "x-required-tier": "none" })

/**
 * One endpoint of an API as admission sees it.
 * - `method`, `path`: as declared (`/v1/nfl/players/:id`).
 * - `tier`: the {@link RequiredTier} annotation, none when the endpoint has no annotation.
 * - `guarded`: whether {@link Authorization} runs for it (endpoint or group middleware).
 */
export interface EndpointAdmission {
  readonly group: string
  readonly name: string
  readonly method: HttpMethod
  readonly path: string
  readonly tier: Option.Option<EndpointTier>
  readonly guarded: boolean
}

/** Every endpoint of an API with its declared tier and whether it is guarded. */
export const endpointTiers = <Id extends string, Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(
  api: HttpApi.HttpApi<Id, Groups, E, R>
): ReadonlyArray<EndpointAdmission> => {
  const out: Array<EndpointAdmission> = []
  HttpApi.reflect(api, {
    onGroup: () => {},
    onEndpoint: ({ endpoint, group, middleware }) => {
      out.push({
        group: group.identifier,
        name: endpoint.name,
        method: endpoint.method,
        path: endpoint.path,
        tier: Context.getOption(endpoint.annotations, RequiredTier),
        guarded: middleware.has(Authorization as never)
      })
    }
  })
  return out
}

/** `x-required-tier` in OpenAPI terms: the path with `{param}` instead of `:param`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)\??/g, "{$1}")

/** The version of the interface (specification, "Versioning" item 1). */
export const API_VERSION = "1.4.0"

/**
 * Finishes the HttpApi: adds the errors any endpoint may answer (400 INVALID_PARAMETER,
 * 404 NOT_FOUND, 405 METHOD_NOT_ALLOWED, 413 PAYLOAD_TOO_LARGE, 500 INTERNAL_ERROR,
 * 503 SERVICE_UNAVAILABLE) so that the OpenAPI document and the typed client know them, sets the
 * document's title and version {@link API_VERSION}, and drops the library's default 400
 * `HttpApiDecodeError` from the document (the server answers decode failures with
 * INVALID_PARAMETER instead; see runtimes/http Errors.ts).
 *
 * ```ts
 * export const Api = HttpApi.make("sports-data").add(NflGroup).add(...).pipe(serviceContract)
 * ```
 */
export const serviceContract = <Id extends string, Groups extends HttpApiGroup.HttpApiGroup.Any, E, R>(
  api: HttpApi.HttpApi<Id, Groups, E, R>
) =>
  api
    .addError(InvalidParameterError)
    .addError(NotFoundError)
    .addError(MethodNotAllowedError)
    .addError(PayloadTooLargeError)
    .addError(InternalError)
    .addError(ServiceUnavailableError)
    .annotateContext(OpenApi.annotations({
      title: "Sports Data Service",
      version: API_VERSION,
      description: "Current and historical sports data and derived intelligence. " +
        "Errors use the standard error object {error_code, message, documentation_url, upgrade_url, ...}.",
      transform: dropDecodeError
    }))

/** Removes the library's HttpApiDecodeError (and its Issue schema) from an OpenAPI document. */
const dropDecodeError = (spec: Record<string, any>): Record<string, any> => {
  const isDecodeRef = (s: unknown) =>
    typeof s === "object" && s !== null && "$ref" in s &&
    String((s as { $ref: unknown }).$ref).endsWith("/HttpApiDecodeError")
  for (const item of Object.values(spec.paths ?? {}) as Array<Record<string, any>>) {
    for (const op of Object.values(item)) {
      const content = op?.responses?.["400"]?.content?.["application/json"]
      if (content === undefined) continue
      const schema = content.schema
      if (Array.isArray(schema?.anyOf)) {
        const rest = schema.anyOf.filter((s: unknown) => !isDecodeRef(s))
        content.schema = rest.length === 1 ? rest[0] : { ...schema, anyOf: rest }
      }
      if (op.responses["400"].description === "The request did not match the expected schema") {
        op.responses["400"].description =
          "INVALID_PARAMETER: a parameter or body field is malformed, out of range or missing"
      }
    }
  }
  const schemas = spec.components?.schemas
  if (schemas !== undefined) {
    delete schemas.HttpApiDecodeError
    delete schemas.Issue
  }
  return spec
}

/**
 * The admission middleware (`Security.Authorization`) over KeyStore and UsageStore, using the
 * pure steps of `@sports-data/domain` Admission (decisions.md, "Admission order and counting"):
 *
 * 1. the X-Service-Key header (only the header: a key in the query string is ignored, so such a
 *    request is keyless) → `authorize`: 401 MISSING_API_KEY, 401 INVALID_API_KEY,
 *    402 TRIAL_EXPIRED, 403 TIER_INSUFFICIENT against the endpoint's `requiredTier`;
 * 2. one atomic `UsageStore.consume(limitsOf(plan))` → `decideLimits`: admitted, or
 *    429 RATE_LIMIT_EXCEEDED / DAILY_LIMIT_EXCEEDED / MONTHLY_QUOTA_EXCEEDED. Only admitted calls
 *    are counted (the store counts nothing when it refuses).
 *
 * Every response to a known key (402, 403, 429 and whatever the handler answers, errors
 * included) carries the rate-limit headers of `rateLimitHeaders`; 429 adds Retry-After (see
 * Errors.ts). Admitted calls are recorded for usage analytics when their response is sent.
 *
 * Plans are data: `PlanCatalogService` (@sports-data/wiring) holds the catalog, by default
 * `Plans.defaultPlans`, replaced by the JSON file named in the SPORTS_DATA_PLANS setting.
 * @module
 */
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { ApiErrors, Security } from "@sports-data/api"
import { Admission, type ConsumeOutcome, KeyStore, Plans, type UsageCounts, UsageStore } from "@sports-data/domain"
import { PlanCatalogService } from "@sports-data/wiring"
import { Clock, type Context, Effect, Either, Layer, Option, Redacted } from "effect"
import * as crypto from "node:crypto"
import { mapDomainErrors } from "./Errors.js"
import { UsageRecorder } from "./Usage.js"

// The plan catalog (PlanCatalogService, SPORTS_DATA_PLANS) is a setting: it lives in
// @sports-data/wiring, re-exported here for the users of this runtime.
export {
  checkCatalog,
  PlanCatalogError,
  PlanCatalogFromEnv,
  planCatalogLayer,
  PlanCatalogService,
  plansFileConfig
} from "@sports-data/wiring"

// ---------------------------------------------------------------------------------------------
// The middleware
// ---------------------------------------------------------------------------------------------

const setHeaders = (headers: Record<string, string>) =>
  HttpApp.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeaders(response, headers))
  )

/**
 * The stored hash of a presented key: the digest of `ApiKey.hashKey` (SHA-256 of its UTF-8
 * bytes, lowercase hex), computed synchronously with node:crypto's one-shot `hash` (Node 20.12
 * and later; about a third of the time of a `createHash` object per call) or `createHash`. The
 * domain's Web Crypto digest is asynchronous and costs the event loop far more per call than the
 * digest itself, which under load with many distinct keys queued up faster than it completed
 * (measured: bench/http-compare.ts).
 */
const hashOf: (presented: string) => string = typeof crypto.hash === "function"
  ? (presented) => crypto.hash("sha256", presented, "hex")
  : (presented) => crypto.createHash("sha256").update(presented, "utf8").digest("hex")

/** What admission reads and counts with: the key and usage stores and the plan catalog. */
export interface AdmissionServices {
  readonly keys: Context.Tag.Service<KeyStore>
  readonly usage: Context.Tag.Service<UsageStore>
  readonly catalog: Plans.PlanCatalog
}

/** The {@link AdmissionServices} of the context (taken once, when a server is built). */
export const admissionServices: Effect.Effect<AdmissionServices, never, KeyStore | UsageStore | PlanCatalogService> =
  Effect.all({ keys: KeyStore, usage: UsageStore, catalog: PlanCatalogService })

/**
 * Step 1 of admission for a presented key (the X-Service-Key value, trimmed here) against the
 * tier `required`: the key's hash, its stored record (none when absent or unknown) and the
 * verdict (`Admission.authorize`). For a known key refused with 402 or 403 the verdict comes with
 * the rate-limit headers its response carries (counts read, nothing counted).
 * Shared by the REST middleware and the MCP tool server (mcp/Server.ts).
 */
export const checkKey = (
  { catalog, keys, usage }: AdmissionServices,
  presentedKey: string,
  required: Plans.Tier,
  now: Date
) =>
  Effect.gen(function*() {
    const presented = presentedKey.trim()
    const keyHash = presented === "" ? "" : hashOf(presented)
    const record = presented === "" ? Option.none() : yield* keys.findByHash(keyHash)
    const verdict = Admission.authorize({ catalog, presented, key: record, required, now })
    let headers: Record<string, string> = {}
    if (Either.isLeft(verdict) && Option.isSome(record)) {
      const error = verdict.left
      if (error._tag === "TrialExpired" || error._tag === "TierInsufficient") {
        const grant = { key: record.value, plan: Plans.planOf(catalog, record.value.tier) }
        headers = Admission.rateLimitHeaders(grant, yield* usage.peek(keyHash, now), now)
      }
    }
    return { keyHash, record, verdict, headers }
  })

/**
 * Step 2 of admission: counts one call of the granted key with one atomic
 * `UsageStore.consume`, then `Admission.decideLimits`: the counts after the call, or the 429 error
 * of the first ceiling hit (nothing counted then). `headers`: the rate-limit headers of the
 * response either way.
 */
export const countCall = ({ usage }: AdmissionServices, keyHash: string, grant: Admission.Grant, now: Date) =>
  Effect.map(usage.consume(keyHash, Admission.limitsOf(grant.plan), now), (outcome) => counted(grant, outcome, now))

/** Step 2's decision on the store's outcome (see {@link countCall}). */
const counted = (grant: Admission.Grant, outcome: ConsumeOutcome, now: Date) => ({
  verdict: Admission.decideLimits(grant.plan, outcome, now),
  counts: outcome.counts,
  headers: Admission.rateLimitHeaders(grant, outcome.counts, now)
})

/** The outcome of admitting one call (see {@link makeAdmitCall}). */
export type Admitted =
  | {
    readonly _tag: "Admitted"
    readonly caller: Security.CallerService
    /** The rate-limit headers of the response. */
    readonly headers: Record<string, string>
    readonly keyHash: string
    /** The endpoint as usage analytics names it (the OpenAPI path, e.g. `/v1/nfl/players/{id}`). */
    readonly endpoint: string
  }
  | {
    readonly _tag: "Refused"
    readonly error: ApiErrors.ApiError
    /** The rate-limit headers of the response (none for a keyless or unknown key). */
    readonly headers: Record<string, string>
  }

/** An admitted call (see {@link Admitted}). */
export type AdmittedCall = Extract<Admitted, { readonly _tag: "Admitted" }>

/**
 * Both steps of admission for one call to the route (`method`, path template `path`) of an API
 * whose endpoints are `routes` (`Security.endpointTiers(Api)`), with the presented key (the
 * X-Service-Key value, "" when absent), at `started` (epoch ms). Dies at construction when a
 * guarded endpoint declares no tier, so an endpoint cannot be served open by mistake. Needs no
 * HTTP context: shared by the Authorization middleware ({@link makeAdmit}), the response-body
 * cache (BodyCache.ts) and the node front of the server (FastPath.ts). Two forms:
 * - `call`: {@link Admitted}, counted when admitted. Fails with 503 SERVICE_UNAVAILABLE when a
 *   store is unavailable (a StoreFailure is a defect); dies for a route not guarded.
 * - `inline`: the same admission without an Effect, when the key's record is in this process's
 *   memory (`KeyStore.findCached`) and the usage store can count inline
 *   (`UsageStore.consumeInline`: at once from memory, or when its batched statement answers).
 *   `done` gets the admitted call, or undefined with nothing counted (then use `call`, which
 *   also answers every refusal and error).
 */
export const makeAdmitCall = (routes: ReadonlyArray<Security.EndpointAdmission>) =>
  Effect.gen(function*() {
    const services = yield* admissionServices

    const tiers = new Map<string, { readonly tier: Plans.Tier; readonly endpoint: string }>()
    for (const route of routes) {
      if (!route.guarded) continue
      const tier = Option.getOrUndefined(route.tier)
      if (tier === undefined || tier === "none") {
        return yield* Effect.dieMessage(
          `endpoint ${route.group}.${route.name} (${route.method} ${route.path}) is guarded by Authorization ` +
            `but declares no tier: use Security.requiredTier(tier)`
        )
      }
      tiers.set(`${route.method} ${route.path}`, { tier, endpoint: Security.openApiPath(route.path) })
    }

    /** The admitted call of a grant counted at `now`. */
    const admittedOf = (
      target: { readonly endpoint: string },
      keyHash: string,
      grant: Admission.Grant,
      counts: UsageCounts,
      headers: Record<string, string>,
      now: Date
    ): AdmittedCall => ({
      _tag: "Admitted",
      caller: Security.Caller.make(grant.key, grant.plan, counts, now),
      headers,
      keyHash,
      endpoint: target.endpoint
    })

    const { findCached } = services.keys
    const { consumeInline } = services.usage
    const inline = (
      method: string,
      path: string,
      presentedKey: string,
      started: number,
      done: (admitted: AdmittedCall | undefined) => void
    ): void => {
      const target = tiers.get(`${method} ${path}`)
      const presented = presentedKey.trim()
      if (findCached === undefined || consumeInline === undefined || target === undefined || presented === "") {
        return done(undefined)
      }
      const keyHash = hashOf(presented)
      const record = findCached(keyHash)
      if (record === undefined) return done(undefined)
      const at = new Date(started)
      const verdict = Admission.authorize({
        catalog: services.catalog,
        presented,
        key: record,
        required: target.tier,
        now: at
      })
      if (Either.isLeft(verdict)) return done(undefined)
      const grant = verdict.right
      consumeInline(keyHash, Admission.limitsOf(grant.plan), at, (outcome) => {
        const decided = outcome === undefined ? undefined : counted(grant, outcome, at)
        if (decided === undefined || Either.isLeft(decided.verdict)) return done(undefined)
        done(admittedOf(target, keyHash, grant, decided.verdict.right, decided.headers, at))
      })
    }

    const call = (method: string, path: string, presentedKey: string, started: number) =>
      Effect.gen(function*() {
        const target = tiers.get(`${method} ${path}`)
        if (target === undefined) {
          return yield* Effect.dieMessage(`no tier known for ${method} ${path}`)
        }
        const now = new Date(started)
        const checked = yield* checkKey(services, presentedKey, target.tier, now)
        const { keyHash } = checked
        if (Either.isLeft(checked.verdict)) {
          return {
            _tag: "Refused",
            error: ApiErrors.fromDomain(checked.verdict.left, ""),
            headers: checked.headers
          } satisfies Admitted
        }
        const grant = checked.verdict.right
        const decided = yield* countCall(services, keyHash, grant, now)
        if (Either.isLeft(decided.verdict)) {
          return {
            _tag: "Refused",
            error: ApiErrors.fromDomain(decided.verdict.left, ""),
            headers: decided.headers
          } satisfies Admitted
        }
        return admittedOf(target, keyHash, grant, decided.verdict.right, decided.headers, now)
      }).pipe(mapDomainErrors)

    return { call, inline }
  })

/**
 * {@link makeAdmitCall} inside a request of the HTTP app: sets the rate-limit headers of the
 * response, records the admitted call for usage analytics when its response is sent
 * (pre-response handlers of the current request), and yields the admitted caller, or fails with
 * the API error of the refusal. Used by the Authorization middleware.
 */
export const makeAdmit = (routes: ReadonlyArray<Security.EndpointAdmission>) =>
  Effect.gen(function*() {
    const admitCall = (yield* makeAdmitCall(routes)).call
    const recorder = yield* UsageRecorder
    return (method: string, path: string, presentedKey: string) =>
      Effect.gen(function*() {
        const started = yield* Clock.currentTimeMillis
        const admitted = yield* admitCall(method, path, presentedKey, started)
        yield* setHeaders(admitted.headers)
        if (admitted._tag === "Refused") return yield* Effect.fail(admitted.error)
        yield* HttpApp.appendPreResponseHandler((_request, response) =>
          Effect.flatMap(
            Clock.currentTimeMillis,
            (finished) =>
              Effect.as(
                recorder.record(admitted.keyHash, admitted.endpoint, finished - started, new Date(finished)),
                response
              )
          )
        )
        return admitted.caller
      })
  })

/**
 * The `Authorization` implementation for an API whose endpoints are `routes`
 * (`Security.endpointTiers(Api)`): {@link makeAdmit} for the route of the request. Dies at
 * construction when a guarded endpoint declares no tier.
 */
export const makeAuthorization = (routes: ReadonlyArray<Security.EndpointAdmission>) =>
  Effect.map(makeAdmit(routes), (admitTo) =>
    Security.Authorization.of({
      serviceKey: (presentedKey: Redacted.Redacted<string>) =>
        Effect.flatMap(
          HttpRouter.RouteContext,
          ({ route }) => admitTo(route.method, String(route.path), Redacted.value(presentedKey))
        )
    }))

/** {@link makeAuthorization} as a layer. */
export const AuthorizationLive = (routes: ReadonlyArray<Security.EndpointAdmission>) =>
  Layer.effect(Security.Authorization, makeAuthorization(routes))

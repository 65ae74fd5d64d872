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
 * Plans are data: {@link PlanCatalogService} holds the catalog, by default `Plans.defaultPlans`,
 * replaced by the JSON file named in the SPORTS_DATA_PLANS setting.
 * @module
 */
import { HttpApp, HttpRouter, HttpServerResponse } from "@effect/platform"
import { ApiErrors, Security } from "@sports-data/api"
import { Admission, ApiKey, KeyStore, Plans, UsageStore } from "@sports-data/domain"
import { Clock, Config, Context, Effect, Either, Layer, Option, Redacted, Schema } from "effect"
import { readFile } from "node:fs/promises"
import { mapStoreErrors } from "./Errors.js"
import { UsageRecorder } from "./Usage.js"

// ---------------------------------------------------------------------------------------------
// Plans
// ---------------------------------------------------------------------------------------------

/** The plan catalog in force (one plan per tier). */
export class PlanCatalogService extends Context.Tag("@sports-data/http/PlanCatalog")<
  PlanCatalogService,
  Plans.PlanCatalog
>() {}

/** An operator-supplied plan catalog that cannot be used; `problems` says why. */
export class PlanCatalogError extends Schema.TaggedError<PlanCatalogError>()("PlanCatalogError", {
  source: Schema.String,
  problems: Schema.Array(Schema.String)
}) {
  override get message(): string {
    return `plan catalog ${this.source} is not usable: ${this.problems.join("; ")}`
  }
}

/**
 * Checks a catalog (schema and `Plans.validateCatalog`). `source` names it in the error.
 */
export const checkCatalog = (
  input: unknown,
  source: string
): Effect.Effect<Plans.PlanCatalog, PlanCatalogError> =>
  Schema.decodeUnknown(Plans.PlanCatalog)(input).pipe(
    Effect.mapError((e) => new PlanCatalogError({ source, problems: [e.message] })),
    Effect.flatMap((catalog) => {
      const problems = Plans.validateCatalog(catalog)
      return problems.length === 0 ? Effect.succeed(catalog) : Effect.fail(new PlanCatalogError({ source, problems }))
    })
  )

/** The catalog given in code (checked). */
export const planCatalogLayer = (catalog: Plans.PlanCatalog): Layer.Layer<PlanCatalogService, PlanCatalogError> =>
  Layer.effect(PlanCatalogService, checkCatalog(catalog, "given in code"))

/** The operator setting naming a JSON file that replaces the default plan catalog. */
export const plansFileConfig = Config.option(
  Config.string("SPORTS_DATA_PLANS").pipe(
    Config.withDescription(
      "Path to a JSON file with the plan catalog (an array of plans: tier, rank, key_prefix, per_minute, " +
        "per_day, per_month, trial_days, ranks_as; null = no ceiling). Unset: the default plans of decisions.md."
    )
  )
)

/**
 * The catalog from the SPORTS_DATA_PLANS setting, or `Plans.defaultPlans` when unset. Fails with
 * PlanCatalogError when the file cannot be read, is not JSON, or is not a valid catalog.
 */
export const PlanCatalogFromEnv = Layer.effect(
  PlanCatalogService,
  Effect.gen(function*() {
    const file = yield* plansFileConfig
    if (Option.isNone(file)) return Plans.defaultPlans
    const path = file.value
    const text = yield* Effect.tryPromise({
      try: () => readFile(path, "utf8"),
      catch: (e) => new PlanCatalogError({ source: path, problems: [`cannot read: ${String(e)}`] })
    })
    const json = yield* Effect.try({
      try: () => JSON.parse(text) as unknown,
      catch: () => new PlanCatalogError({ source: path, problems: ["not JSON"] })
    })
    const catalog = yield* checkCatalog(json, path)
    yield* Effect.logInfo("plan catalog loaded from SPORTS_DATA_PLANS").pipe(
      Effect.annotateLogs({ plans: catalog.length })
    )
    return catalog
  })
)

// ---------------------------------------------------------------------------------------------
// The middleware
// ---------------------------------------------------------------------------------------------

const setHeaders = (headers: Record<string, string>) =>
  HttpApp.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeaders(response, headers))
  )

/**
 * The `Authorization` implementation for an API whose endpoints are `routes`
 * (`Security.endpointTiers(Api)`). Dies at construction when a guarded endpoint declares no tier,
 * so an endpoint cannot be served open by mistake.
 */
export const makeAuthorization = (routes: ReadonlyArray<Security.EndpointAdmission>) =>
  Effect.gen(function*() {
    const keys = yield* KeyStore
    const usage = yield* UsageStore
    const catalog = yield* PlanCatalogService
    const recorder = yield* UsageRecorder

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

    const admit = (presentedKey: Redacted.Redacted<string>) =>
      Effect.gen(function*() {
        const { route } = yield* HttpRouter.RouteContext
        const target = tiers.get(`${route.method} ${route.path}`)
        if (target === undefined) {
          return yield* Effect.dieMessage(`no tier known for ${route.method} ${String(route.path)}`)
        }
        const started = yield* Clock.currentTimeMillis
        const now = new Date(started)
        const presented = Redacted.value(presentedKey).trim()
        const keyHash = presented === "" ? "" : yield* ApiKey.hashKey(presented)
        const record = presented === "" ? Option.none() : yield* keys.findByHash(keyHash)

        const authorized = Admission.authorize({ catalog, presented, key: record, required: target.tier, now })
        if (Either.isLeft(authorized)) {
          const error = authorized.left
          if (Option.isSome(record) && (error._tag === "TrialExpired" || error._tag === "TierInsufficient")) {
            // A known key: its response carries the headers too (counts unchanged, nothing counted).
            const grant = { key: record.value, plan: Plans.planOf(catalog, record.value.tier) }
            const counts = yield* usage.peek(keyHash, now)
            yield* setHeaders(Admission.rateLimitHeaders(grant, counts, now))
          }
          return yield* Effect.fail(ApiErrors.fromDomain(error, ""))
        }
        const grant = authorized.right
        const outcome = yield* usage.consume(keyHash, Admission.limitsOf(grant.plan), now)
        yield* setHeaders(Admission.rateLimitHeaders(grant, outcome.counts, now))
        const decided = Admission.decideLimits(grant.plan, outcome, now)
        if (Either.isLeft(decided)) return yield* Effect.fail(ApiErrors.fromDomain(decided.left, ""))

        yield* HttpApp.appendPreResponseHandler((_request, response) =>
          Effect.flatMap(
            Clock.currentTimeMillis,
            (finished) =>
              Effect.as(recorder.record(keyHash, target.endpoint, finished - started, new Date(finished)), response)
          )
        )
        return Security.Caller.make(grant.key, grant.plan, decided.right, now)
      }).pipe(mapStoreErrors)

    return Security.Authorization.of({ serviceKey: admit })
  })

/** {@link makeAuthorization} as a layer. */
export const AuthorizationLive = (routes: ReadonlyArray<Security.EndpointAdmission>) =>
  Layer.effect(Security.Authorization, makeAuthorization(routes))

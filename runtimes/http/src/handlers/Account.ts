/**
 * Handlers of the account group (`/daas/usage`, `/daas/rate-limit-status`, `/daas/key-info`) over
 * the application's Account service, for the admitted caller.
 * @module
 */
import { HttpApiBuilder } from "@effect/platform"
import { Api, ApiErrors, Security } from "@sports-data/api"
import { Account, type AccountCaller, Keys } from "@sports-data/app"
import { PlanCatalogService } from "@sports-data/wiring"
import { Effect, Option, Redacted } from "effect"
import { mapDomainErrors } from "../Errors.js"

/** The admitted caller (Security.Caller) with the plan catalog in force. */
const caller = Effect.gen(function*() {
  const c = yield* Security.Caller
  const catalog = yield* PlanCatalogService
  return { key: c.key, plan: c.plan, catalog, counts: c.counts, now: c.now } satisfies AccountCaller
})

/** The account handlers. Requires the application services and the plan catalog. */
export const AccountLive = HttpApiBuilder.group(Api, "account", (handlers) =>
  handlers
    .handle("usage", () =>
      Effect.gen(function*() {
        const upgrade = ApiErrors.UPGRADE_URL
        return yield* (yield* Account).usage(yield* caller, upgrade)
      }).pipe(mapDomainErrors))
    .handle("rateLimitStatus", () =>
      Effect.gen(function*() {
        return yield* (yield* Account).rateLimitStatus(yield* caller)
      }).pipe(mapDomainErrors))
    .handle("keyInfo", ({ urlParams }) =>
      Effect.gen(function*() {
        return yield* (yield* Account).keyInfo(yield* caller, urlParams.key)
      }).pipe(mapDomainErrors))
    .handle("registerKey", ({ payload }) =>
      Effect.gen(function*() {
        const c = yield* Security.Caller
        const updated = yield* Keys.registerKey(c.key, payload.email)
        return { success: true, key_prefix: `${updated.key_prefix}...`, tier: updated.tier, email: updated.email ?? "" }
      }).pipe(mapDomainErrors))
    .handle("startTrial", ({ payload, request }) =>
      Effect.gen(function*() {
        const catalog = yield* PlanCatalogService
        const created = yield* Keys.startTrial({
          catalog,
          email: payload.email,
          client: Option.getOrUndefined(request.remoteAddress)
        })
        return {
          success: true,
          key: Redacted.value(created.key),
          key_prefix: created.record.key_prefix,
          tier: created.record.tier,
          trial_starts_at: created.record.trial_starts_at?.toISOString() ?? null,
          trial_ends_at: created.record.trial_ends_at?.toISOString() ?? null
        }
      }).pipe(mapDomainErrors)))

/**
 * Handlers of the account group (`/daas/usage`, `/daas/rate-limit-status`, `/daas/key-info`,
 * `/daas/register-key`, `/v1/audit/events` for the admitted caller; `/daas/trial/start` and
 * `/mcp/start-trial` without a key) over the application's Account service and Keys. The
 * activation page of the e-mailed link is Activation.ts.
 * @module
 */
import { Api, ApiErrors, Params, Security } from "@sports-data/api"
import { Account, type AccountCaller, Keys } from "@sports-data/app"
import { ApiKey, StoreUnavailable } from "@sports-data/domain"
import { PlanCatalogService, PublicUrl } from "@sports-data/wiring"
import { Effect, Option, Redacted } from "effect"
import { activationLink } from "../Activation.js"
import { requestPath } from "../Errors.js"
import { envelope } from "./Common.js"
import { group } from "./Group.js"

/** How long a failed e-mail hand-over asks the caller to wait before trying again, seconds. */
const MAIL_RETRY_AFTER_SECONDS = 60

/** The admitted caller (Security.Caller) with the plan catalog in force. */
const caller = Effect.gen(function*() {
  const c = yield* Security.Caller
  const catalog = yield* PlanCatalogService
  return { key: c.key, plan: c.plan, catalog, counts: c.counts, now: c.now } satisfies AccountCaller
})

/** The account handlers. Requires the application services and the plan catalog. */
export const AccountLive = group(Api, "account", (handlers) =>
  handlers
    .handle("usage", () =>
      Effect.gen(function*() {
        const upgrade = ApiErrors.UPGRADE_URL
        return yield* (yield* Account).usage(yield* caller, upgrade)
      }))
    .handle("rateLimitStatus", () =>
      Effect.gen(function*() {
        return yield* (yield* Account).rateLimitStatus(yield* caller)
      }))
    .handle("keyInfo", ({ urlParams }) =>
      Effect.gen(function*() {
        return yield* (yield* Account).keyInfo(yield* caller, urlParams.key)
      }))
    .handle("registerKey", ({ payload }) =>
      Effect.gen(function*() {
        const c = yield* Security.Caller
        const updated = yield* Keys.registerKey(c.key, payload.email)
        return { success: true, key_prefix: `${updated.key_prefix}...`, tier: updated.tier, email: updated.email ?? "" }
      }))
    .handle("trialStart", ({ payload, request }) =>
      Effect.gen(function*() {
        const catalog = yield* PlanCatalogService
        const base = yield* PublicUrl
        yield* Keys.startEmailTrial({
          catalog,
          email: payload.email,
          client: Option.getOrUndefined(request.remoteAddress),
          activationLink: (token) => activationLink(base, token)
        })
        return {
          success: true,
          message: "An activation link is on its way to this address. Follow it within 24 hours to " +
            "activate your 14-day sandbox key and see it (shown once).",
          tier: "sandbox",
          activation_link_valid_hours: ApiKey.ACTIVATION_WINDOW_MS / 3_600_000
        }
      }).pipe(
        // the mail server refused or is unreachable: a temporary outage (503 with Retry-After), like a store's
        Effect.catchTag("MailFailure", (error) =>
          Effect.zipRight(
            Effect.logWarning("activation e-mail not sent").pipe(Effect.annotateLogs({ reason: error.message })),
            Effect.fail(new StoreUnavailable({ retry_after_seconds: MAIL_RETRY_AFTER_SECONDS, detail: error.message }))
          ))
      ))
    .handle("auditEvents", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const { events, next_cursor } = yield* (yield* Account).auditEvents(yield* caller, {
          limit: Params.withDefault(urlParams.limit, Params.AuditLimit),
          before: urlParams.before,
          action: urlParams.action,
          cursor: urlParams.cursor
        })
        return yield* envelope(
          { endpoint: requestPath(request), sport: "all", operation: "account.auditEvents" },
          events,
          { next_cursor }
        )
      }))
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
      })))

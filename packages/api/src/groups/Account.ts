/**
 * Account endpoints (specification, "Account"): the caller's usage, its live rate-limit headroom,
 * the keys of its owner and its audit trail (build tier and up), each admitted and counted like
 * any other call; and the sign-ups that need no key (`/daas/trial/start` by e-mail with an
 * activation link, `/mcp/start-trial` at once). The activation page the link opens,
 * `GET /daas/trial/activate`, is an HTML route beside the API (runtimes/http Activation.ts).
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ConflictError, DailyLimitExceededError, InvalidParameterError, ResourceNotFoundError } from "../Errors.js"
import { AuditLimit, cursorParam, DateTimeParam, isPlainText, limitParam, NOT_PLAIN_TEXT } from "../params/Common.js"
import { noKey, requiredTier } from "../Security.js"
import { everyTier } from "./Shared.js"

/** `key`: a 12-character key prefix (`svc_grw_abcd`), as `keys list` and `key_prefix` show it. */
export const KeyInfoParams = Schema.Struct({
  key: Schema.String.pipe(
    Schema.filter((s) => isPlainText(s) ? s.length === 12 || "must be the 12-character key prefix" : NOT_PLAIN_TEXT, {
      jsonSchema: { type: "string", minLength: 12, maxLength: 12 }
    })
  )
})

/** The body of the sign-up and registration calls: `{email}` (validated by the operation). */
export const EmailBody = Schema.Struct({
  email: Schema.String.pipe(
    Schema.filter((s) => isPlainText(s) ? s.length <= 254 || "must be at most 254 characters" : NOT_PLAIN_TEXT)
  )
})

/**
 * `/v1/audit/events` parameters: `limit` (1-200, default 50), `before` (an ISO 8601 instant:
 * only events strictly older), `action` (one action name, e.g. `key.revoked`) and `cursor` (the
 * answer's `next_cursor`, for the next page: exact even when events share an instant).
 */
export const AuditEventsParams = Schema.Struct({
  limit: limitParam(AuditLimit),
  cursor: cursorParam,
  before: Schema.optional(DateTimeParam),
  action: Schema.optional(
    Schema.String.pipe(
      Schema.filter(
        (s) =>
          isPlainText(s) ? /^[a-z_]+\.[a-z_]+$/.test(s) || "must be an action such as key.created" : NOT_PLAIN_TEXT,
        {
          jsonSchema: { type: "string", examples: ["key.created", "key.activated", "key.revoked", "webhook.created"] }
        }
      )
    )
  )
})

/** The `account` group: `/daas/*` and the sign-up of `/mcp/start-trial`. */
export class AccountGroup extends HttpApiGroup.make("account")
  .add(
    HttpApiEndpoint.get("usage", "/daas/usage")
      .addSuccess(Resources.UsageStats)
      .annotate(OpenApi.Summary, "The caller's usage: limits, counters, trial, and calls per endpoint over 30 days")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("rateLimitStatus", "/daas/rate-limit-status")
      .addSuccess(Resources.RateLimitStatus)
      .annotate(OpenApi.Summary, "Live headroom of each window (minute, day, month) with its reset")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("keyInfo", "/daas/key-info")
      .setUrlParams(KeyInfoParams)
      .addSuccess(Resources.KeyInfo)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "One key of the caller's owner by its 12-character prefix; never the key")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.post("registerKey", "/daas/register-key")
      .setPayload(EmailBody)
      .addSuccess(Resources.RegisteredKey)
      .addError(ConflictError)
      .addError(InvalidParameterError)
      .annotate(OpenApi.Summary, "Links an owner e-mail address to the calling key; 409 when it has one")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.post("trialStart", "/daas/trial/start")
      .setPayload(EmailBody)
      .addSuccess(Resources.TrialStarted)
      .addError(InvalidParameterError)
      .addError(DailyLimitExceededError)
      .addError(ConflictError)
      .annotate(OpenApi.Summary, "Starts a 14-day sandbox by e-mail: sends an activation link valid 24 hours")
      .annotate(
        OpenApi.Description,
        "Creates a sandbox key pending activation and e-mails a link to GET /daas/trial/activate?token=...; " +
          "following it once within 24 hours activates the key and shows it, once, on a small HTML page. " +
          "The response never contains the key and is the same whether or not the address has a key. " +
          "At most 3 trials per e-mail address and 10 per client address per UTC day, shared with " +
          "/mcp/start-trial (429 DAILY_LIMIT_EXCEEDED)."
      )
      .pipe(noKey)
  )
  .add(
    HttpApiEndpoint.get("auditEvents", "/v1/audit/events")
      .setUrlParams(AuditEventsParams)
      .addSuccess(Resources.CursorEnvelope(Schema.Array(Resources.AuditEventResource)))
      .annotate(OpenApi.Summary, "The calling key's audit trail, newest first: key and webhook changes")
      .pipe(requiredTier("build"))
  )
  .add(
    HttpApiEndpoint.post("startTrial", "/mcp/start-trial")
      .setPayload(EmailBody)
      .addSuccess(Resources.TrialKey)
      .addError(InvalidParameterError)
      .addError(DailyLimitExceededError)
      .addError(ConflictError)
      .annotate(OpenApi.Summary, "An active 14-day sandbox key at once, shown this once; no key needed")
      .annotate(
        OpenApi.Description,
        "At most 3 trials per e-mail address and 10 per client address per UTC day (429 DAILY_LIMIT_EXCEEDED)."
      )
      .pipe(noKey)
  )
  .annotate(OpenApi.Title, "Account")
{}

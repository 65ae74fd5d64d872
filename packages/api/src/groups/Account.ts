/**
 * Account endpoints (specification, "Account"): the caller's usage, its live rate-limit headroom,
 * and the keys of its owner. Every tier; each call is admitted and counted like any other.
 * @module
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import { isPlainText, NOT_PLAIN_TEXT } from "../params/Common.js"
import { everyTier } from "./Shared.js"

/** `key`: a 12-character key prefix (`svc_grw_abcd`), as `keys list` and `key_prefix` show it. */
export const KeyInfoParams = Schema.Struct({
  key: Schema.String.pipe(
    Schema.filter((s) => isPlainText(s) ? s.length === 12 || "must be the 12-character key prefix" : NOT_PLAIN_TEXT, {
      jsonSchema: { type: "string", minLength: 12, maxLength: 12 }
    })
  )
})

/** The `account` group, under `/daas`. */
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
  .annotate(OpenApi.Title, "Account")
{}

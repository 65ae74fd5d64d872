/**
 * Webhooks (specification, "Webhooks" and "Webhook registration result"; syndicate_alpha):
 * register (the secret is returned once), list the active ones, deactivate, read a webhook's
 * delivery log (every attempt: time, status code or network error, duration) and replay one
 * delivery. Another key's webhook or delivery → 404 RESOURCE_NOT_FOUND.
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Webhooks } from "@sports-data/domain"
import { Schema } from "effect"
import { InvalidParameterError, ResourceNotFoundError } from "../Errors.js"
import {
  DeliveriesLimit,
  isPlainText,
  limitParam,
  ListLimits,
  listPageFields,
  NOT_PLAIN_TEXT,
  Text
} from "../params/Common.js"
import { requiredTier } from "../Security.js"

/** `POST /daas/webhooks` body: `url` (https, at most 2,048 characters) and `events` (1 to 4 distinct names). */
export const WebhookBody = Schema.Struct({
  url: Schema.String.pipe(
    Schema.filter((s) => isPlainText(s) ? s.length <= 2048 || "must be at most 2048 characters" : NOT_PLAIN_TEXT)
  ),
  events: Schema.Array(Schema.Literal(...Webhooks.WebhookEvents)).pipe(
    Schema.minItems(1),
    Schema.filter((list) => new Set(list).size === list.length || "must not repeat an event")
  )
})

/** A webhook as listed (never its secret). Times ISO 8601 UTC. */
export const WebhookView = Schema.Struct({
  id: Schema.String,
  url: Schema.String,
  events: Schema.Array(Schema.String),
  active: Schema.Boolean,
  consecutive_failures: Schema.Int,
  created_at: Schema.String,
  deactivated_at: Schema.NullOr(Schema.String),
  deactivation_reason: Schema.NullOr(Schema.String)
}).annotations({ identifier: "Webhook" })

/** The registration result: id, url, events, and the signing secret, returned this once only. */
export const WebhookCreated = Schema.Struct({
  id: Schema.String,
  url: Schema.String,
  events: Schema.Array(Schema.String),
  secret: Schema.String
}).annotations({ identifier: "WebhookRegistration" })

/** One attempt of a delivery: when, the status code or the network error, how long in milliseconds. */
export const AttemptView = Schema.Struct({
  attempt: Schema.Int,
  attempted_at: Schema.String,
  status_code: Schema.NullOr(Schema.Int),
  error: Schema.NullOr(Schema.String),
  duration_ms: Schema.Int
})

/** A delivery with its retry history. `next_attempt_at` is null once it succeeded or failed. */
export const DeliveryView = Schema.Struct({
  id: Schema.String,
  webhook_id: Schema.String,
  event: Schema.String,
  event_id: Schema.NullOr(Schema.Number),
  state: Schema.Literal("pending", "succeeded", "failed"),
  attempts: Schema.Int,
  created_at: Schema.String,
  next_attempt_at: Schema.NullOr(Schema.String),
  completed_at: Schema.NullOr(Schema.String),
  history: Schema.Array(AttemptView)
}).annotations({ identifier: "WebhookDelivery" })

const ListOf = <S extends Schema.Schema.Any>(item: S) =>
  Schema.Struct({ success: Schema.Boolean, endpoint: Schema.String, count: Schema.Int, data: Schema.Array(item) })

/**
 * `GET /daas/webhooks` parameters: `limit` (ListLimits.webhooks: default 50, max 100; a key holds
 * at most `Webhooks.MAX_WEBHOOKS_PER_KEY` active ones) and `offset`.
 */
export const WebhookListParams = Schema.Struct(listPageFields(ListLimits.webhooks))

/** `GET /daas/webhooks/{id}/deliveries` parameters: `limit` (default 50, max 100), newest first. */
export const DeliveriesParams = Schema.Struct({ limit: limitParam(DeliveriesLimit) })

/** A webhook id in the path: plain text, 1 to 100 characters (control characters → 400). */
const IdPath = Schema.Struct({ id: Text })

/** The webhooks group. */
export class WebhooksGroup extends HttpApiGroup.make("webhooks")
  .add(
    HttpApiEndpoint.post("create", "/daas/webhooks")
      .setPayload(WebhookBody)
      .addSuccess(WebhookCreated, { status: 201 })
      .addError(InvalidParameterError)
      .annotate(OpenApi.Summary, "Registers a webhook; the signing secret is returned once")
      .pipe(requiredTier("syndicate_alpha"))
  )
  .add(
    HttpApiEndpoint.get("list", "/daas/webhooks")
      .setUrlParams(WebhookListParams)
      .addSuccess(
        Schema.Struct({ ...ListOf(WebhookView).fields, total: Schema.Int, offset: Schema.Int, limit: Schema.Int })
      )
      .annotate(OpenApi.Summary, "The key's active webhooks")
      .pipe(requiredTier("syndicate_alpha"))
  )
  .add(
    HttpApiEndpoint.del("remove", "/daas/webhooks/:id")
      .setPath(IdPath)
      .addSuccess(WebhookView)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Deactivates a webhook of the key")
      .pipe(requiredTier("syndicate_alpha"))
  )
  .add(
    HttpApiEndpoint.get("deliveries", "/daas/webhooks/:id/deliveries")
      .setPath(IdPath)
      .setUrlParams(DeliveriesParams)
      .addSuccess(ListOf(DeliveryView))
      .addError(ResourceNotFoundError)
      .annotate(
        OpenApi.Summary,
        "The webhook's latest deliveries (limit: default 50, at most 100), newest first, with status codes and retries"
      )
      .pipe(requiredTier("syndicate_alpha"))
  )
  .add(
    HttpApiEndpoint.post("replay", "/daas/webhooks/:id/deliveries/:deliveryId/replay")
      .setPath(Schema.Struct({ id: Text, deliveryId: Text }))
      .addSuccess(DeliveryView, { status: 202 })
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Queues one delivery again (same id and body, a fresh retry schedule)")
      .pipe(requiredTier("syndicate_alpha"))
  )
  .annotate(OpenApi.Title, "Webhooks")
{}

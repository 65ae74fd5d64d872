/**
 * Handlers of the webhooks group over the WebhookStore: registration checks the url (https, every
 * resolved address public, unless SPORTS_DATA_WEBHOOK_ALLOW_HOSTS allows the host; wiring
 * Webhooks.ts `checkTarget`) and answers 400 INVALID_PARAMETER `url` with the reason; the secret is
 * generated here and returned once. Each change writes an audit entry (`webhook.created`,
 * `webhook.deleted`, `webhook.delivery_replayed`). A webhook of another key is a 404.
 * @module
 */
import { Api, Params, Security } from "@sports-data/api"
import {
  auditEventId,
  AuditStore,
  type DeliveryLog,
  InvalidParameter,
  ResourceNotFound,
  type Webhook,
  WebhookStore
} from "@sports-data/domain"
import { registerWebhook, replayDelivery, Settings } from "@sports-data/wiring"
import { Effect, Option } from "effect"
import { listPage } from "./Common.js"
import { group } from "./Group.js"

const iso = (d: Date | null) => d === null ? null : d.toISOString()

const view = (h: Webhook) => ({
  id: h.id,
  url: h.url,
  events: h.events,
  active: h.active,
  consecutive_failures: h.consecutive_failures,
  created_at: h.created_at.toISOString(),
  deactivated_at: iso(h.deactivated_at),
  deactivation_reason: h.deactivation_reason
})

const deliveryView = (d: DeliveryLog) => ({
  id: d.id,
  webhook_id: d.webhook_id,
  event: d.event_name,
  event_id: d.event_id,
  state: d.state,
  attempts: d.attempts,
  created_at: d.created_at.toISOString(),
  next_attempt_at: d.state === "pending" ? d.run_at.toISOString() : null,
  completed_at: iso(d.completed_at),
  history: d.history.map((a) => ({ ...a, attempted_at: a.attempted_at.toISOString() }))
})

const notFound = (resource: string, id: string) => new ResourceNotFound({ resource, id })

/** The webhooks handlers. Requires WebhookStore and AuditStore; reads SPORTS_DATA_WEBHOOK_ALLOW_HOSTS once. */
export const WebhooksLive = group(Api, "webhooks", (handlers) =>
  Effect.gen(function*() {
    const store = yield* WebhookStore
    const audit = yield* AuditStore
    const allowHosts = yield* Effect.orDie(Settings.webhookAllowHosts)
    const trail = (keyHash: string, action: string, at: Date, details: Record<string, string>) =>
      audit.record([{ id: auditEventId(), key_hash: keyHash, action, occurred_at: at, actor: "owner", details }])
    const owned = (keyHash: string, id: string) =>
      Effect.flatMap(
        store.get(keyHash, id),
        Option.match({ onNone: () => Effect.fail(notFound("webhook", id)), onSome: Effect.succeed })
      )
    return handlers
      .handle("create", ({ payload }) =>
        Effect.gen(function*() {
          const caller = yield* Security.Caller
          const hook = yield* registerWebhook({
            keyHash: caller.key.key_hash,
            url: payload.url,
            events: payload.events,
            now: caller.now,
            allowHosts
          }).pipe(
            Effect.catchTag(
              "TargetRefused",
              (e) => Effect.fail(new InvalidParameter({ parameter: "url", reason: e.reason }))
            )
          )
          return { id: hook.id, url: hook.url, events: hook.events, secret: hook.secret }
        }))
      .handle("list", ({ urlParams }) =>
        Effect.gen(function*() {
          const caller = yield* Security.Caller
          const { paging, rows } = listPage(
            yield* store.listActive(caller.key.key_hash),
            urlParams,
            Params.ListLimits.webhooks
          )
          return { success: true, endpoint: "/daas/webhooks", count: rows.length, ...paging, data: rows.map(view) }
        }))
      .handle("remove", ({ path }) =>
        Effect.gen(function*() {
          const caller = yield* Security.Caller
          const hook = yield* owned(caller.key.key_hash, path.id)
          if (!hook.active) return yield* Effect.fail(notFound("webhook", path.id))
          yield* store.deactivate(hook.id, caller.now, "deleted by its owner")
          yield* trail(caller.key.key_hash, "webhook.deleted", caller.now, { webhook_id: hook.id })
          return view({
            ...hook,
            active: false,
            deactivated_at: caller.now,
            deactivation_reason: "deleted by its owner"
          })
        }))
      .handle("deliveries", ({ path, urlParams }) =>
        Effect.gen(function*() {
          const caller = yield* Security.Caller
          const hook = yield* owned(caller.key.key_hash, path.id)
          const rows = yield* store.deliveries(hook.id, Params.withDefault(urlParams.limit, Params.DeliveriesLimit))
          return {
            success: true,
            endpoint: "/daas/webhooks/{id}/deliveries",
            count: rows.length,
            data: rows.map(deliveryView)
          }
        }))
      .handle("replay", ({ path }) =>
        Effect.gen(function*() {
          const caller = yield* Security.Caller
          const queued = yield* replayDelivery({
            keyHash: caller.key.key_hash,
            webhookId: path.id,
            deliveryId: path.deliveryId,
            now: caller.now
          })
          return deliveryView(queued)
        }))
  }))

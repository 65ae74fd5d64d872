/**
 * What a key's owner does with its webhooks, shared by the REST handlers (`/daas/webhooks`) and
 * the dashboard: register (the url checked by {@link checkTarget}, a new secret), replay a
 * delivery, and send a signed test delivery. Each change writes an audit entry (`webhook.created`,
 * `webhook.delivery_replayed`), actor `owner`.
 * @module
 */
import {
  auditEventId,
  AuditStore,
  type DeliveryLog,
  ResourceNotFound,
  type StoreError,
  type Webhook,
  Webhooks,
  WebhookStore
} from "@sports-data/domain"
import { Effect, Option } from "effect"
import { randomBytes, randomUUID } from "node:crypto"
import { checkTarget, newSecret, send, TargetRefused } from "./Webhooks.js"

const trail = (keyHash: string, action: string, at: Date, details: Record<string, string>) =>
  Effect.flatMap(
    AuditStore,
    (audit) =>
      audit.record([{ id: auditEventId(), key_hash: keyHash, action, occurred_at: at, actor: "owner", details }])
  )

/**
 * Registers a webhook of the key `keyHash` for `events` at `url`: at most
 * `Webhooks.MAX_WEBHOOKS_PER_KEY` active per key, the url checked against server-side request
 * forgery. Returns the stored webhook (its `secret` is to be shown once). Fails with
 * TargetRefused (reason: the url, or the limit) or a StoreError.
 */
export const registerWebhook = (options: {
  readonly keyHash: string
  readonly url: string
  readonly events: ReadonlyArray<string>
  readonly now: Date
  readonly allowHosts: ReadonlyArray<string>
}): Effect.Effect<Webhook, TargetRefused | StoreError, WebhookStore | AuditStore> =>
  Effect.gen(function*() {
    const store = yield* WebhookStore
    const active = yield* store.listActive(options.keyHash)
    if (active.length >= Webhooks.MAX_WEBHOOKS_PER_KEY) {
      return yield* new TargetRefused({
        reason: `at most ${Webhooks.MAX_WEBHOOKS_PER_KEY} active webhooks per key; delete one first`
      })
    }
    const url = yield* checkTarget(options.url, options.allowHosts)
    const hook: Webhook = {
      id: `wh_${randomBytes(12).toString("hex")}`,
      key_hash: options.keyHash,
      url: url.href,
      events: options.events,
      secret: newSecret(),
      active: true,
      consecutive_failures: 0,
      created_at: options.now,
      deactivated_at: null,
      deactivation_reason: null
    }
    yield* store.create(hook)
    yield* trail(options.keyHash, "webhook.created", options.now, { webhook_id: hook.id, host: url.host })
    return hook
  }).pipe(Effect.withSpan("WebhookOwner.register"))

/**
 * Queues delivery `deliveryId` of the key's webhook `webhookId` again (same id and body, a fresh
 * attempt budget, due at `now`). Fails with ResourceNotFound (webhook or delivery) when either is
 * not the key's, or a StoreError.
 */
export const replayDelivery = (options: {
  readonly keyHash: string
  readonly webhookId: string
  readonly deliveryId: string
  readonly now: Date
}): Effect.Effect<DeliveryLog, ResourceNotFound | StoreError, WebhookStore | AuditStore> =>
  Effect.gen(function*() {
    const store = yield* WebhookStore
    const hook = yield* store.get(options.keyHash, options.webhookId)
    if (Option.isNone(hook)) return yield* new ResourceNotFound({ resource: "webhook", id: options.webhookId })
    const queued = yield* store.replay(options.webhookId, options.deliveryId, options.now)
    if (Option.isNone(queued)) return yield* new ResourceNotFound({ resource: "delivery", id: options.deliveryId })
    yield* trail(options.keyHash, "webhook.delivery_replayed", options.now, {
      webhook_id: options.webhookId,
      delivery_id: options.deliveryId
    })
    return queued.value
  }).pipe(Effect.withSpan("WebhookOwner.replay"))

/** The result of a test delivery: the receiver's status (null when none), the error, and how long it took (ms). */
export interface TestDelivery {
  readonly status_code: number | null
  readonly error: string | null
  readonly duration_ms: number
}

/**
 * Sends one signed test delivery to `hook` now, as every delivery is sent ({@link send}: same
 * headers, signature, timeout and address checks), with event `webhook.test` and data
 * `{"webhook_id": ...}`. Not stored and not retried: the owner sees at once whether the receiver
 * answers 2xx. Never fails.
 */
export const testDelivery = (
  hook: Webhook,
  allowHosts: ReadonlyArray<string>,
  now: Date
): Effect.Effect<TestDelivery> => {
  const id = randomUUID()
  const body = Webhooks.deliveryBody(id, { name: "webhook.test", created_at: now, payload: { webhook_id: hook.id } })
  const started = performance.now()
  return send({
    url: hook.url,
    secret: hook.secret,
    delivery: {
      id,
      webhook_id: hook.id,
      event_id: null,
      event_name: "webhook.test",
      body,
      state: "pending",
      attempts: 0,
      run_at: now,
      created_at: now,
      completed_at: null
    }
  }, allowHosts).pipe(
    Effect.map((result) => ({ ...result, duration_ms: Math.round(performance.now() - started) })),
    Effect.withSpan("WebhookOwner.testDelivery")
  )
}

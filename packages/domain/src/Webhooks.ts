/**
 * Webhooks (specification, "Webhooks"; decisions.md, "Delivery"): records, the delivery body and
 * the rules that do not need I/O. Signing (HMAC-SHA256) and address checks after DNS resolution
 * live in @sports-data/wiring (Webhooks.ts), which has node:crypto and node:dns.
 * @module
 */
import { EventName } from "./Signals.js"

/** Event names a webhook may subscribe to (every name the outbox writes). */
export const WebhookEvents = EventName.literals

/** Consecutive failed deliveries (each after all its attempts) that deactivate a webhook (specification). */
export const MAX_CONSECUTIVE_FAILURES = 3

/** Most active webhooks per key (the specification leaves it open, "Limits": not shown). */
export const MAX_WEBHOOKS_PER_KEY = 10

/** A response within this many milliseconds with a 2xx status is a success (issue 13). */
export const DELIVERY_TIMEOUT_MS = 10_000

/**
 * A registered webhook. `secret` signs each delivery (stored as issued: an HMAC key cannot be
 * hashed; the store is the trust boundary, as for the database credentials). `events`: names
 * subscribed. `consecutive_failures`: failed deliveries in a row, reset by a success.
 */
export interface Webhook {
  readonly id: string
  readonly key_hash: string
  readonly url: string
  readonly events: ReadonlyArray<string>
  readonly secret: string
  readonly active: boolean
  readonly consecutive_failures: number
  readonly created_at: Date
  readonly deactivated_at: Date | null
  readonly deactivation_reason: string | null
}

/** One attempt of a delivery: when, the HTTP status (null on a network error), the error, how long (ms). */
export interface DeliveryAttempt {
  readonly attempt: number
  readonly attempted_at: Date
  readonly status_code: number | null
  readonly error: string | null
  readonly duration_ms: number
}

/** State of a delivery: waiting for an attempt, delivered (2xx), or failed after every attempt. */
export type DeliveryState = "pending" | "succeeded" | "failed"

/**
 * One delivery of one event to one webhook. `id` is a UUID, the same on every attempt and replay
 * (X-Service-Delivery-Id); `body` the exact JSON sent (signed as is); `attempts` made so far;
 * `run_at` when the next attempt is due.
 */
export interface WebhookDelivery {
  readonly id: string
  readonly webhook_id: string
  readonly event_id: number | null
  readonly event_name: string
  readonly body: string
  readonly state: DeliveryState
  readonly attempts: number
  readonly run_at: Date
  readonly created_at: Date
  readonly completed_at: Date | null
}

/** A delivery with its attempts, oldest first. */
export interface DeliveryLog extends WebhookDelivery {
  readonly history: ReadonlyArray<DeliveryAttempt>
}

/** A delivery claimed by a worker, with what it needs to send it. */
export interface ClaimedDelivery {
  readonly delivery: WebhookDelivery
  readonly url: string
  readonly secret: string
}

/**
 * The body of a delivery (decisions.md): `{"id": delivery uuid, "event": name, "created_at": ISO
 * time, "data": payload}`, serialised once and stored, so every retry signs the same bytes.
 */
export const deliveryBody = (
  id: string,
  event: { readonly name: string; readonly created_at: Date; readonly payload: unknown }
): string => JSON.stringify({ id, event: event.name, created_at: event.created_at.toISOString(), data: event.payload })

/**
 * What follows an attempt: `succeeded`; or, on failure, the next attempt after
 * `schedule[attempts]` (milliseconds, `attempts` = attempts made so far), else `failed` when the
 * schedule is used up. `schedule[0]` is the delay of the first attempt (0 = at once).
 */
export const afterAttempt = (
  ok: boolean,
  attempts: number,
  schedule: ReadonlyArray<number>,
  now: number
): { readonly state: DeliveryState; readonly run_at: Date } =>
  ok ?
    { state: "succeeded", run_at: new Date(now) } :
    attempts < schedule.length ?
    { state: "pending", run_at: new Date(now + schedule[attempts]!) } :
    { state: "failed", run_at: new Date(now) }

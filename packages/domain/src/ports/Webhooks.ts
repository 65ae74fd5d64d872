/**
 * The webhook store: webhooks, their deliveries (jobs) and attempts, and the fan-out of the
 * outbox into deliveries. Adapters in store-memory (one Ref, atomic) and store-sql (tables of
 * migration 10; claims with `FOR UPDATE SKIP LOCKED`, fan-out under a row lock on the cursor),
 * so that several workers never send one attempt twice and a crashed worker's lease expires.
 * @module
 */
import { Context, type Effect, type Option } from "effect"
import type { StoreError } from "../Errors.js"
import type { ClaimedDelivery, DeliveryAttempt, DeliveryLog, Webhook } from "../Webhooks.js"

/** The outcome of one attempt as recorded. */
export interface AttemptOutcome {
  readonly attempt: DeliveryAttempt
  /** True for a 2xx within the timeout. */
  readonly ok: boolean
  /** Delays of the attempts (ms), SPORTS_DATA_WEBHOOK_RETRY_SCHEDULE. */
  readonly schedule: ReadonlyArray<number>
  /** Failures in a row that deactivate the webhook. */
  readonly maxFailures: number
}

/** Stores webhooks and runs their delivery jobs. */
export interface WebhookStoreService {
  /** Stores a new webhook. */
  readonly create: (webhook: Webhook) => Effect.Effect<void, StoreError>
  /** The ACTIVE webhooks of a key, oldest first. */
  readonly listActive: (keyHash: string) => Effect.Effect<ReadonlyArray<Webhook>, StoreError>
  /** A webhook of the key by id (active or not); none when absent or another key's. */
  readonly get: (keyHash: string, id: string) => Effect.Effect<Option.Option<Webhook>, StoreError>
  /** Deactivates an active webhook; false when it was not active. Its pending deliveries are dropped. */
  readonly deactivate: (id: string, at: Date, reason: string) => Effect.Effect<boolean, StoreError>
  /**
   * Turns outbox events after the fan-out cursor into deliveries (one per active webhook
   * subscribed to the event's name, due at `now + firstDelayMs`), at most `limit` events, and
   * moves the cursor; exactly once across workers. Waits `graceMs` at a gap in the event ids (as
   * Delivery.advance). Returns the number of deliveries created.
   */
  readonly fanOut: (options: {
    readonly now: Date
    readonly firstDelayMs: number
    readonly graceMs: number
    readonly limit: number
    readonly newId: () => string
  }) => Effect.Effect<number, StoreError>
  /**
   * Claims up to `limit` pending deliveries due at `now` of active webhooks, whose lease is free
   * or expired, leasing them until `now + leaseMs`. A claimed delivery is not claimed again
   * before its lease expires.
   */
  readonly claim: (
    now: Date,
    leaseMs: number,
    limit: number
  ) => Effect.Effect<ReadonlyArray<ClaimedDelivery>, StoreError>
  /**
   * Records an attempt of a claimed delivery and frees its lease: succeeded, retried later, or
   * failed; a failed delivery counts one consecutive failure of its webhook (a success resets
   * the count); at `maxFailures` the webhook is deactivated. Returns the webhook when this call
   * deactivated it (to notify the owner).
   */
  readonly record: (deliveryId: string, outcome: AttemptOutcome) => Effect.Effect<Option.Option<Webhook>, StoreError>
  /** Frees the leases of deliveries claimed but not attempted (a worker shutting down). */
  readonly release: (deliveryIds: ReadonlyArray<string>) => Effect.Effect<void, StoreError>
  /** A webhook's deliveries, newest first, with their attempts. */
  readonly deliveries: (webhookId: string, limit: number) => Effect.Effect<ReadonlyArray<DeliveryLog>, StoreError>
  /**
   * Queues a delivery of the webhook again, due at `now`, with a fresh attempt budget and the
   * same id and body (receivers de-duplicate by id). None when no such delivery of that webhook.
   */
  readonly replay: (
    webhookId: string,
    deliveryId: string,
    now: Date
  ) => Effect.Effect<Option.Option<DeliveryLog>, StoreError>
}
/** The {@link WebhookStoreService} port. */
export class WebhookStore extends Context.Tag("@sports-data/WebhookStore")<WebhookStore, WebhookStoreService>() {}

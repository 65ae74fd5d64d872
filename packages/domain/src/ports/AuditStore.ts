/**
 * The port of the audit trail (`GET /v1/audit/events`): what happened to a key and to what it
 * owns, one event per change, written by the application services that make the change.
 * Adapters in store-memory and store-sql (table `audit_events`).
 * @module
 */
import { Context, type Effect, Schema } from "effect"
import type { StoreError } from "../Errors.js"
import { column, type KeySpec, type SortKey } from "../Paging.js"

/**
 * The actions the service records today:
 * - `key.created`: a key was issued (by an operator, `serve`'s demo keys, or a sign-up);
 * - `key.activated`: a key pending activation was activated from its e-mailed link;
 * - `key.registered`: an owner e-mail address was linked to the key (`/daas/register-key`);
 * - `key.revoked`: the key was revoked;
 * - `webhook.created`, `webhook.deleted`, `webhook.deactivated` (after repeated failed
 *   deliveries), `webhook.delivery_replayed`: the key's webhooks.
 */
export const KnownAuditAction = Schema.Literal(
  "key.created",
  "key.activated",
  "key.registered",
  "key.revoked",
  "webhook.created",
  "webhook.deleted",
  "webhook.deactivated",
  "webhook.delivery_replayed"
)
export type KnownAuditAction = typeof KnownAuditAction.Type

/**
 * An audit action: one of {@link KnownAuditAction}, or another `<resource>.<verb>` name that a
 * later feature records. The set is open: stores keep any such name and readers filter by it;
 * `(string & {})` keeps the known names in editor completion.
 */
export type AuditAction = KnownAuditAction | (string & {})

/** Who made a change: an operator (CLI, admin endpoint), the key's owner (an API call), or the service itself. */
export type AuditActor = "operator" | "owner" | "system"

/**
 * One audit event.
 * - `id`: `aud_` and 32 hex characters, unique.
 * - `key_hash`: the SHA-256 of the key whose trail holds it (never the key).
 * - `occurred_at`: UTC instant of the change (Effect `Clock`).
 * - `details`: flat facts of the change (tier, state, how it was issued, a webhook id...),
 *   never a key, a secret or an e-mail address.
 */
export interface AuditEvent {
  readonly id: string
  readonly key_hash: string
  readonly action: AuditAction
  readonly occurred_at: Date
  readonly actor: AuditActor
  readonly details: Readonly<Record<string, string | number | boolean | null>>
}

/**
 * A page of one key's trail: at most `limit` events, newest first, older than `before` when
 * given, of `action` when given, and strictly after the sort key `after` ({@link auditEventKey})
 * when given (keyset paging).
 */
export interface AuditQuery {
  readonly key_hash: string
  readonly limit: number
  readonly before?: Date | undefined
  readonly action?: string | undefined
  readonly after?: SortKey | undefined
}

/** The order of a trail as a sort key: `occurred_at` (ISO 8601, UTC, ms), then id, both descending. */
export const auditEventKey: KeySpec<AuditEvent> = {
  columns: [column("string", "desc"), column("string", "desc")],
  of: (e) => [e.occurred_at.toISOString(), e.id]
}

/** A new event id: `aud_` and 32 hex characters from a CSPRNG. */
export const auditEventId = (): string => `aud_${crypto.randomUUID().replace(/-/g, "")}`

/** Stores the audit trail. */
export interface AuditStoreService {
  /** Appends events (already carrying their id and instant). */
  readonly record: (events: ReadonlyArray<AuditEvent>) => Effect.Effect<void, StoreError>
  /**
   * The events of `query.key_hash`, newest first (by `occurred_at`, then by id descending),
   * filtered as the query says, at most `query.limit`.
   */
  readonly list: (query: AuditQuery) => Effect.Effect<ReadonlyArray<AuditEvent>, StoreError>
}

/** The {@link AuditStoreService} port. */
export class AuditStore extends Context.Tag("@sports-data/AuditStore")<AuditStore, AuditStoreService>() {}

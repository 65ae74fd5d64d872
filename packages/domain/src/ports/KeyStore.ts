/**
 * The port of API key records: stored by the SHA-256 of the key, never the key itself. Every
 * method returns `Effect<A, StoreError>` (plus Conflict on `create`); adapters in store-memory
 * and store-sql. Time is passed in by the caller (from Effect's `Clock`).
 * @module
 */
import { Context, type Effect, type Option } from "effect"
import type { ApiKeyRecord, ClaimedActivation, PendingActivation } from "../ApiKey.js"
import type { Conflict, StoreError } from "../Errors.js"

/** Stores API key records by the SHA-256 of the key. The key itself is never stored. */
export interface KeyStoreService {
  /** Stores a new record; fails with Conflict when the hash is already stored. */
  readonly create: (record: ApiKeyRecord) => Effect.Effect<void, Conflict | StoreError>
  /**
   * Stores a key pending activation (`record.state` is `pending_activation`) together with its
   * activation (`activation.key_hash` is `record.key_hash`), both or neither. Fails with Conflict
   * when the key's hash or the token's hash is already stored.
   */
  readonly createPending: (
    record: ApiKeyRecord,
    activation: PendingActivation
  ) => Effect.Effect<void, Conflict | StoreError>
  /**
   * Follows an activation link, at most once, atomically: when an activation with `tokenHash`
   * exists, is unused and `now` is before its `expires_at`, marks it used at `now`, drops its
   * sealed key, replaces the key's lifecycle fields with `activate(record)` (the domain's
   * `ApiKey.activate`) and returns the new record with the sealed key. None for an unknown,
   * used or expired link, or when the key is gone; a concurrent second claim gets None.
   */
  readonly claimActivation: (
    tokenHash: string,
    now: Date,
    activate: (record: ApiKeyRecord) => ApiKeyRecord
  ) => Effect.Effect<Option.Option<ClaimedActivation>, StoreError>
  /** The record with this hash, if any. */
  readonly findByHash: (keyHash: string) => Effect.Effect<Option.Option<ApiKeyRecord>, StoreError>
  /** Records whose 12-character display prefix equals `prefix`, oldest first. */
  readonly findByPrefix: (prefix: string) => Effect.Effect<ReadonlyArray<ApiKeyRecord>, StoreError>
  /** Records whose owner address equals `email` without regard to case, oldest first (the dashboard's keys of an owner). */
  readonly findByEmail: (email: string) => Effect.Effect<ReadonlyArray<ApiKeyRecord>, StoreError>
  /**
   * Replaces the lifecycle fields of a stored record (state, activated_at, activation_expires_at,
   * trial window, revoked_at, email) with those of `record`, matched by hash. The caller computes
   * the new record with the domain's `activate` or revocation rules. Returns false when no record
   * has the hash.
   */
  readonly update: (record: ApiKeyRecord) => Effect.Effect<boolean, StoreError>
  /**
   * Optional: what `findByHash` would answer, when this process holds it in memory and it is fresh
   * (e.g. a cache whose changes are pushed to it); undefined otherwise (call `findByHash`). For
   * the hot path.
   */
  readonly findCached?: ((keyHash: string) => Option.Option<ApiKeyRecord> | undefined) | undefined
  /** Marks every non-revoked key with this prefix revoked at `now`; returns how many changed. */
  readonly revoke: (prefix: string, now: Date) => Effect.Effect<number, StoreError>
  /**
   * Sets the last_used_at of each (key hash, time) of `uses`, in one store call (best effort; used
   * by usage analytics, about once a second for every key used since). Unknown hashes are ignored.
   */
  readonly touch: (uses: ReadonlyArray<readonly [keyHash: string, at: Date]>) => Effect.Effect<void, StoreError>
  /** Every record, oldest first. */
  readonly list: Effect.Effect<ReadonlyArray<ApiKeyRecord>, StoreError>
}

/** The {@link KeyStoreService} port. */
export class KeyStore extends Context.Tag("@sports-data/KeyStore")<KeyStore, KeyStoreService>() {}

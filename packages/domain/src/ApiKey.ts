/**
 * API keys (decisions.md, "Tiers, plans and keys"; specification, "Authentication" and
 * "Key and webhook lifecycle").
 *
 * A key is its tier's prefix followed by 32 bytes from a CSPRNG in base62. Only the SHA-256 of the
 * key (lowercase hex) is stored, with the first 12 characters as a display prefix; the key itself
 * is returned once, at issue, as a `Redacted` value.
 * @module
 */
import { Effect, Option, Redacted, Schema } from "effect"
import { type PlanCatalog, planOf, Tier } from "./Plans.js"

/** Lifecycle states: a key pending activation becomes active when its link is followed; revoked is final. */
export const KeyState = Schema.Literal("pending_activation", "active", "revoked")
export type KeyState = typeof KeyState.Type

/**
 * A stored key. Timestamps are UTC instants.
 * - `key_hash`: SHA-256 of the full key, 64 lowercase hex characters (the primary key).
 * - `key_prefix`: the first 12 characters of the key, for display and for `/daas/key-info?key=`.
 * - `trial_starts_at` / `trial_ends_at`: set for sandbox keys (14 days apart), else null.
 * - `activation_expires_at`: for a key pending activation, when its link stops working (24 h).
 */
export const ApiKeyRecord = Schema.Struct({
  key_hash: Schema.String,
  key_prefix: Schema.String,
  tier: Tier,
  state: KeyState,
  email: Schema.NullOr(Schema.String),
  created_at: Schema.DateFromSelf,
  activated_at: Schema.NullOr(Schema.DateFromSelf),
  activation_expires_at: Schema.NullOr(Schema.DateFromSelf),
  revoked_at: Schema.NullOr(Schema.DateFromSelf),
  trial_starts_at: Schema.NullOr(Schema.DateFromSelf),
  trial_ends_at: Schema.NullOr(Schema.DateFromSelf),
  last_used_at: Schema.NullOr(Schema.DateFromSelf)
})
export type ApiKeyRecord = typeof ApiKeyRecord.Type

/** Length of the display prefix (specification, UsageStats.key_prefix). */
export const KEY_PREFIX_LENGTH = 12
/** Random bytes in a key (decisions.md). */
export const KEY_RANDOM_BYTES = 32
/** Validity of an activation link (specification, "Authentication" item 5). */
export const ACTIVATION_WINDOW_MS = 24 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
/** 62^43 > 2^256, so 43 digits hold any 32-byte value; keys are padded to this width. */
const BASE62_WIDTH = 43

/** Encodes bytes as a fixed-width (43 digits) big-endian base62 string. */
export const base62 = (bytes: Uint8Array): string => {
  let n = 0n
  for (const b of bytes) n = (n << 8n) | BigInt(b)
  let out = ""
  while (n > 0n) {
    out = BASE62[Number(n % 62n)]! + out
    n /= 62n
  }
  return out.padStart(BASE62_WIDTH, "0")
}

/** SHA-256 of a key, lowercase hex. */
export const hashKey = (key: string): Effect.Effect<string> =>
  Effect.promise(() => crypto.subtle.digest("SHA-256", new TextEncoder().encode(key))).pipe(
    Effect.map((buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join(""))
  )

/** The display prefix of a key (first 12 characters). */
export const keyPrefix = (key: string): string => key.slice(0, KEY_PREFIX_LENGTH)

/** A newly issued key: the secret, shown once, and the record to store. */
export interface IssuedKey {
  readonly key: Redacted.Redacted<string>
  readonly record: ApiKeyRecord
}

/**
 * Issues a key for `tier`: the tier's prefix plus 32 CSPRNG bytes in base62. Sandbox plans (those
 * with `trial_days`) get a trial starting at `now` when issued active; a key issued
 * `pending_activation` starts its trial when activated (see {@link activate}).
 */
export const issueKey = (options: {
  readonly catalog: PlanCatalog
  readonly tier: Tier
  readonly now: Date
  readonly email?: string | null | undefined
  readonly state?: "active" | "pending_activation" | undefined
}): Effect.Effect<IssuedKey> =>
  Effect.gen(function*() {
    const plan = planOf(options.catalog, options.tier)
    const random = crypto.getRandomValues(new Uint8Array(KEY_RANDOM_BYTES))
    const key = plan.key_prefix + base62(random)
    const key_hash = yield* hashKey(key)
    const state = options.state ?? "active"
    const base: ApiKeyRecord = {
      key_hash,
      key_prefix: keyPrefix(key),
      tier: options.tier,
      state,
      email: options.email ?? null,
      created_at: options.now,
      activated_at: null,
      activation_expires_at: state === "pending_activation"
        ? new Date(options.now.getTime() + ACTIVATION_WINDOW_MS)
        : null,
      revoked_at: null,
      trial_starts_at: null,
      trial_ends_at: null,
      last_used_at: null
    }
    return {
      key: Redacted.make(key),
      record: state === "active" ? activated(options.catalog, base, options.now) : base
    }
  })

/**
 * The record after activation at `now`: state active and, for a trial plan, the trial window
 * `[now, now + trial_days)`. Returns the record unchanged when it is not pending (an active key
 * keeps its running trial; a revoked key stays revoked) or when its activation link has expired
 * (see {@link activationExpired}); callers tell these cases apart by the returned `state`.
 */
export const activate = (catalog: PlanCatalog, record: ApiKeyRecord, now: Date): ApiKeyRecord =>
  record.state !== "pending_activation" || activationExpired(record, now) ? record : activated(catalog, record, now)

/** The lifecycle fields of a key that becomes active at `now` (no state check). */
const activated = (catalog: PlanCatalog, record: ApiKeyRecord, now: Date): ApiKeyRecord => {
  const trialDays = planOf(catalog, record.tier).trial_days
  return {
    ...record,
    state: "active",
    activated_at: now,
    activation_expires_at: null,
    trial_starts_at: trialDays === null ? null : now,
    trial_ends_at: trialDays === null ? null : new Date(now.getTime() + trialDays * DAY_MS)
  }
}

/** True when a pending key's activation link has expired at `now`. */
export const activationExpired = (record: ApiKeyRecord, now: Date): boolean =>
  record.state === "pending_activation" && record.activation_expires_at !== null &&
  now.getTime() >= record.activation_expires_at.getTime()

// ---------------------------------------------------------------------------------------------
// Activation by e-mail (`POST /daas/trial/start`, then the link)
// ---------------------------------------------------------------------------------------------

/**
 * The activation of a key pending activation, as stored: the SHA-256 of the link's token
 * (lowercase hex; the token itself is only in the e-mail), the key it activates, the key sealed
 * with the token (see {@link sealKey}; null once the link was used), when the link stops
 * working (24 hours after issue) and when it was used (null until then).
 */
export interface PendingActivation {
  readonly token_hash: string
  readonly key_hash: string
  readonly sealed_key: string | null
  readonly expires_at: Date
  readonly used_at: Date | null
}

/** What a followed link yields, once: the activated record and the key sealed for the token. */
export interface ClaimedActivation {
  readonly record: ApiKeyRecord
  readonly sealed_key: string
}

/** A fresh activation token: 32 CSPRNG bytes in base62 (43 URL-safe characters). */
export const activationToken = (): Redacted.Redacted<string> =>
  Redacted.make(base62(crypto.getRandomValues(new Uint8Array(KEY_RANDOM_BYTES))))

/**
 * The AES-256-GCM key that seals a key for `token`: SHA-256 of a label and the token. The label
 * keeps it distinct from the token's stored hash ({@link hashKey} of the token alone), so the
 * stored hash cannot open the sealed key.
 */
const sealingKey = (token: string) =>
  Effect.promise(async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`sports-data/activation/${token}`))
    return crypto.subtle.importKey("raw", digest, "AES-GCM", false, ["encrypt", "decrypt"])
  })

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/**
 * Seals `key` for the holder of `token` (AES-256-GCM, random 96-bit IV): base64 of IV then
 * ciphertext. Stored until the link is used, so that the activation page can show the key once
 * although only its hash is kept; without the token (only in the e-mail) it cannot be opened.
 */
export const sealKey = (key: Redacted.Redacted<string>, token: Redacted.Redacted<string>): Effect.Effect<string> =>
  Effect.flatMap(sealingKey(Redacted.value(token)), (aes) =>
    Effect.promise(async () => {
      const iv = crypto.getRandomValues(new Uint8Array(12))
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: "AES-GCM", iv }, aes, new TextEncoder().encode(Redacted.value(key)))
      )
      const out = new Uint8Array(iv.length + sealed.length)
      out.set(iv)
      out.set(sealed, iv.length)
      return toBase64(out)
    }))

/** Opens what {@link sealKey} sealed; None when `token` is not the one it was sealed for or `sealed` is damaged. */
export const openSealedKey = (
  sealed: string,
  token: Redacted.Redacted<string>
): Effect.Effect<Option.Option<Redacted.Redacted<string>>> =>
  Effect.flatMap(sealingKey(Redacted.value(token)), (aes) =>
    Effect.promise(async () => {
      try {
        const bytes = fromBase64(sealed)
        const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, aes, bytes.slice(12))
        return Option.some(Redacted.make(new TextDecoder().decode(plain)))
      } catch {
        return Option.none()
      }
    }))

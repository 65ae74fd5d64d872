/**
 * API keys (packages/domain/src/ApiKey.ts): format per tier, what is stored, and the activation
 * lifecycle (decisions.md "Tiers, plans and keys"; specification "Authentication").
 */
import { describe, expect, it } from "@effect/vitest"
import { Admission, ApiKey, Plans } from "@sports-data/domain"
import { Clock, Effect, Either, Option, Redacted, TestClock } from "effect"
import { createHash } from "node:crypto"

const catalog = Plans.defaultPlans
const T0 = Date.UTC(2024, 5, 1, 8, 0, 0)
const HOUR = 3_600_000
const DAY = 24 * HOUR

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
/** Independent decoding of a base62 string to its integer value. */
const fromBase62 = (s: string): bigint => [...s].reduce((n, ch) => n * 62n + BigInt(BASE62.indexOf(ch)), 0n)

describe("ApiKey.issueKey", () => {
  it.effect("every tier's key is its prefix followed by 43 base62 digits", () =>
    Effect.gen(function*() {
      for (const plan of catalog) {
        const issued = yield* ApiKey.issueKey({ catalog, tier: plan.tier, now: new Date(T0) })
        const key = Redacted.value(issued.key)
        expect(key.startsWith(plan.key_prefix)).toBe(true)
        expect(key.slice(plan.key_prefix.length)).toMatch(/^[0-9A-Za-z]{43}$/)
        expect(Plans.tierOfKey(catalog, key)).toBe(plan.tier)
        expect(issued.record.tier).toBe(plan.tier)
        expect(issued.record.key_prefix).toBe(key.slice(0, 12))
      }
    }))

  it.effect("the random part carries 32 bytes: distinct keys, values below 2^256 using the full width", () =>
    Effect.gen(function*() {
      const keys = new Set<string>()
      let widest = 0n
      for (let i = 0; i < 200; i++) {
        const issued = yield* ApiKey.issueKey({ catalog, tier: "growth", now: new Date(T0) })
        const random = Redacted.value(issued.key).slice("svc_grw_".length)
        const value = fromBase62(random)
        expect(value < 2n ** 256n).toBe(true)
        if (value > widest) widest = value
        keys.add(random)
      }
      expect(keys.size).toBe(200)
      // with 200 draws of 256 bits, the largest is above 2^248 with overwhelming probability
      expect(widest > 2n ** 248n).toBe(true)
    }))

  it("base62 is fixed-width big-endian", () => {
    expect(ApiKey.base62(new Uint8Array(32))).toBe("0".repeat(43))
    const one = new Uint8Array(32)
    one[31] = 61
    expect(ApiKey.base62(one)).toBe("0".repeat(42) + "z")
    const max = new Uint8Array(32).fill(255)
    expect(ApiKey.base62(max)).toHaveLength(43)
    expect(fromBase62(ApiKey.base62(max))).toBe(2n ** 256n - 1n)
  })

  it.effect("only the SHA-256 hex of the key is stored, never the key", () =>
    Effect.gen(function*() {
      const issued = yield* ApiKey.issueKey({ catalog, tier: "pro_insights", now: new Date(T0), email: "a@b.test" })
      const key = Redacted.value(issued.key)
      const expected = createHash("sha256").update(key).digest("hex")
      expect(issued.record.key_hash).toBe(expected)
      expect(issued.record.key_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(yield* ApiKey.hashKey(key)).toBe(expected)
      const stored = JSON.stringify(issued.record)
      expect(stored).not.toContain(key)
      expect(stored).not.toContain(key.slice(12))
      // the secret does not leak through printing either
      expect(String(issued.key)).not.toContain(key)
      expect(issued.record.email).toBe("a@b.test")
    }))

  it.effect("an active paid key has no trial; an active sandbox key starts its 14-day trial at issue", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      const paid = yield* ApiKey.issueKey({ catalog, tier: "build", now: yield* now })
      expect(paid.record).toMatchObject({ state: "active", trial_starts_at: null, trial_ends_at: null })
      expect(paid.record.activated_at?.getTime()).toBe(T0)
      const sandbox = yield* ApiKey.issueKey({ catalog, tier: "sandbox", now: yield* now })
      expect(sandbox.record.state).toBe("active")
      expect(sandbox.record.trial_starts_at?.getTime()).toBe(T0)
      expect(sandbox.record.trial_ends_at?.getTime()).toBe(T0 + 14 * DAY)
    }))
})

describe("activation", () => {
  it.effect("a key pending activation is refused until activated; activation starts the trial", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      const issued = yield* ApiKey.issueKey({ catalog, tier: "sandbox", now: yield* now, state: "pending_activation" })
      const pending = issued.record
      expect(pending).toMatchObject({ state: "pending_activation", trial_starts_at: null, trial_ends_at: null })
      expect(pending.activation_expires_at?.getTime()).toBe(T0 + 24 * HOUR)

      const authorize = (record: ApiKey.ApiKeyRecord, n: Date) =>
        Admission.authorize({
          catalog,
          presented: Redacted.value(issued.key),
          key: Option.some(record),
          required: "sandbox",
          now: n
        })
      expect(Either.isLeft(authorize(pending, yield* now))).toBe(true)

      yield* TestClock.adjust("3 hours")
      const activatedAt = yield* now
      const active = ApiKey.activate(catalog, pending, activatedAt)
      expect(active.state).toBe("active")
      expect(active.activated_at).toEqual(activatedAt)
      expect(active.activation_expires_at).toBeNull()
      expect(active.trial_starts_at).toEqual(activatedAt)
      expect(active.trial_ends_at?.getTime()).toBe(activatedAt.getTime() + 14 * DAY)
      expect(Either.isRight(authorize(active, activatedAt))).toBe(true)
    }))

  it.effect("the activation link expires 24 hours after issue", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      const { record } = yield* ApiKey.issueKey({
        catalog,
        tier: "sandbox",
        now: yield* now,
        state: "pending_activation"
      })
      expect(ApiKey.activationExpired(record, new Date(T0 + 24 * HOUR - 1))).toBe(false)
      expect(ApiKey.activationExpired(record, new Date(T0 + 24 * HOUR))).toBe(true)

      yield* TestClock.setTime(T0 + 24 * HOUR)
      const late = ApiKey.activate(catalog, record, yield* now)
      expect(late.state).toBe("pending_activation")
      expect(late.trial_starts_at).toBeNull()
      const refused = Admission.authorize({
        catalog,
        presented: "svc_sbx_x",
        key: Option.some(late),
        required: "sandbox",
        now: yield* now
      })
      expect(Either.isLeft(refused) && refused.left._tag).toBe("InvalidApiKey")
    }))

  it.effect("activation does not restart a running trial or revive a revoked key", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      const { record } = yield* ApiKey.issueKey({ catalog, tier: "sandbox", now: yield* now })
      const later = new Date(T0 + 10 * DAY)
      expect(ApiKey.activate(catalog, record, later)).toEqual(record)
      const revoked: ApiKey.ApiKeyRecord = { ...record, state: "revoked", revoked_at: later }
      expect(ApiKey.activate(catalog, revoked, later)).toEqual(revoked)
    }))

  it("an active key's activation link never counts as expired", () => {
    const record = {
      state: "active",
      activation_expires_at: new Date(T0)
    } as unknown as ApiKey.ApiKeyRecord
    expect(ApiKey.activationExpired(record, new Date(T0 + DAY))).toBe(false)
  })
})

/**
 * KeyStore contract: one suite, run on every adapter (memory, PGlite, PostgreSQL when available).
 * Tests share one store per adapter, so each uses its own random hashes and prefixes.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { ApiKey, KeyStore, Plans } from "@sports-data/domain"
import { Effect, Option, Redacted } from "effect"
import { storeLayers } from "../harness/stores.js"
import { keyRecord } from "./fixtures.js"

const entries = await storeLayers()

/**
 * A sandbox key issued pending activation at 2024-06-10T08:00Z, its activation token, and the
 * activation row (the token's hash, the key sealed with the token, the key's activation expiry).
 */
const pendingActivation = Effect.gen(function*() {
  const issued = yield* ApiKey.issueKey({
    catalog: Plans.defaultPlans,
    tier: "sandbox",
    now: new Date("2024-06-10T08:00:00Z"),
    state: "pending_activation"
  })
  const token = ApiKey.activationToken()
  const activation: ApiKey.PendingActivation = {
    token_hash: yield* ApiKey.hashKey(Redacted.value(token)),
    key_hash: issued.record.key_hash,
    sealed_key: yield* ApiKey.sealKey(issued.key, token),
    expires_at: issued.record.activation_expires_at!,
    used_at: null
  }
  return { issued, token, activation }
})

describe("KeyStore contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("a created key is found by its hash, with every field as stored", () =>
        Effect.gen(function*() {
          const store = yield* KeyStore
          const record = keyRecord({ email: "owner@example.com", trial_starts_at: new Date("2024-06-01T10:00:00Z") })
          yield* store.create(record)
          expect(yield* store.findByHash(record.key_hash)).toEqual(Option.some(record))
          expect(yield* store.findByHash(keyRecord().key_hash)).toEqual(Option.none())
        }))

      it.effect("creating a key whose hash is stored fails with Conflict and keeps the first record", () =>
        Effect.gen(function*() {
          const store = yield* KeyStore
          const record = keyRecord()
          yield* store.create(record)
          const error = yield* Effect.flip(store.create({ ...record, tier: "syndicate_alpha" }))
          expect(error._tag).toBe("Conflict")
          const stored = yield* store.findByHash(record.key_hash)
          expect(Option.map(stored, (r) => r.tier)).toEqual(Option.some("build"))
        }))

      it.effect("findByPrefix returns the keys of one prefix, oldest first", () =>
        Effect.gen(function*() {
          const store = yield* KeyStore
          const prefix = keyRecord().key_prefix
          const newer = keyRecord({ key_prefix: prefix, created_at: new Date("2024-07-02T00:00:00Z") })
          const older = keyRecord({ key_prefix: prefix, created_at: new Date("2024-07-01T00:00:00Z") })
          const other = keyRecord()
          yield* Effect.forEach([newer, other, older], store.create)
          const found = yield* store.findByPrefix(prefix)
          expect(found.map((r) => r.key_hash)).toEqual([older.key_hash, newer.key_hash])
          expect(yield* store.findByPrefix("svc_none_000")).toEqual([])
        }))

      it.effect("findByEmail returns the keys of one owner address, without regard to case, oldest first", () =>
        Effect.gen(function*() {
          const store = yield* KeyStore
          const owner = `Owner-${crypto.randomUUID()}@Example.com`
          const newer = keyRecord({ email: owner, created_at: new Date("2024-07-02T00:00:00Z") })
          const older = keyRecord({ email: owner.toLowerCase(), created_at: new Date("2024-07-01T00:00:00Z") })
          yield* Effect.forEach([newer, keyRecord({ email: `x${owner}` }), keyRecord(), older], store.create)
          const found = yield* store.findByEmail(owner.toUpperCase())
          expect(found.map((r) => r.key_hash)).toEqual([older.key_hash, newer.key_hash])
          expect(yield* store.findByEmail("nobody@example.com")).toEqual([])
        }))

      it.effect("update activates a pending key: state, activation and trial window change, tier and creation do not", () =>
        Effect.gen(function*() {
          const store = yield* KeyStore
          const created = new Date("2024-06-10T08:00:00Z")
          const pending = keyRecord({
            tier: "sandbox",
            state: "pending_activation",
            created_at: created,
            activated_at: null,
            activation_expires_at: new Date("2024-06-11T08:00:00Z")
          })
          yield* store.create(pending)
          const now = new Date("2024-06-10T09:30:00Z")
          const activated = ApiKey.activate(Plans.defaultPlans, pending, now)
          expect(yield* store.update({ ...activated, tier: "syndicate_alpha", created_at: now })).toBe(true)
          const stored = Option.getOrThrow(yield* store.findByHash(pending.key_hash))
          expect(stored).toEqual({ ...activated, tier: "sandbox", created_at: created })
          expect(stored.state).toBe("active")
          expect(stored.trial_ends_at).toEqual(new Date("2024-06-24T09:30:00Z"))
          expect(yield* store.update(keyRecord())).toBe(false)
        }))

      it.effect("revoke marks every live key of a prefix revoked at now, once", () =>
        Effect.gen(function*() {
          const store = yield* KeyStore
          const prefix = keyRecord().key_prefix
          const a = keyRecord({ key_prefix: prefix })
          const b = keyRecord({ key_prefix: prefix, created_at: new Date("2024-06-02T00:00:00Z") })
          const untouched = keyRecord()
          yield* Effect.forEach([a, b, untouched], store.create)
          const now = new Date("2024-08-01T12:00:00Z")
          expect(yield* store.revoke(prefix, now)).toBe(2)
          expect(yield* store.revoke(prefix, new Date("2024-08-02T12:00:00Z"))).toBe(0)
          for (const r of yield* store.findByPrefix(prefix)) {
            expect(r.state).toBe("revoked")
            expect(r.revoked_at).toEqual(now)
          }
          const other = Option.getOrThrow(yield* store.findByHash(untouched.key_hash))
          expect(other.state).toBe("active")
          expect(other.revoked_at).toBeNull()
        }))

      it.effect("touch records the last use", () =>
        Effect.gen(function*() {
          const store = yield* KeyStore
          const record = keyRecord()
          yield* store.create(record)
          const now = new Date("2024-09-01T00:00:01Z")
          const other = keyRecord()
          yield* store.create(other)
          const later = new Date("2024-09-01T00:00:07Z")
          // one call for many keys; an unknown hash: no error, nothing created
          const unknown = keyRecord().key_hash
          yield* store.touch([[record.key_hash, now], [other.key_hash, later], [unknown, now]])
          expect(Option.map(yield* store.findByHash(record.key_hash), (r) => r.last_used_at)).toEqual(Option.some(now))
          expect(Option.map(yield* store.findByHash(other.key_hash), (r) => r.last_used_at)).toEqual(Option.some(later))
          expect(Option.isNone(yield* store.findByHash(unknown))).toBe(true)
        }))

      it.effect("list returns every record oldest first and never holds the key itself", () =>
        Effect.gen(function*() {
          const store = yield* KeyStore
          const issued = yield* ApiKey.issueKey({
            catalog: Plans.defaultPlans,
            tier: "growth",
            now: new Date("2020-01-01T00:00:00Z")
          })
          const later = keyRecord({ created_at: new Date("2020-01-02T00:00:00Z") })
          yield* store.create(later)
          yield* store.create(issued.record)
          const list = yield* store.list
          const ours = list.filter((r) => r.key_hash === issued.record.key_hash || r.key_hash === later.key_hash)
          expect(ours.map((r) => r.key_hash)).toEqual([issued.record.key_hash, later.key_hash])
          const times = list.map((r) => r.created_at.getTime())
          expect(times).toEqual([...times].sort((x, y) => x - y))
          const secret = Redacted.value(issued.key)
          expect(JSON.stringify(list)).not.toContain(secret)
          expect(JSON.stringify(list)).toContain(issued.record.key_hash)
        }))

      it.effect("an activation link is claimed once, before it expires, and activates its pending key", () =>
        Effect.gen(function*() {
          const store = yield* KeyStore
          const { activation, issued, token } = yield* pendingActivation
          yield* store.createPending(issued.record, activation)
          expect(Option.map(yield* store.findByHash(issued.record.key_hash), (r) => r.state)).toEqual(
            Option.some("pending_activation")
          )
          const activate = (r: ApiKey.ApiKeyRecord) => ApiKey.activate(Plans.defaultPlans, r, later)
          const later = new Date("2024-06-10T20:00:00Z")
          const claimed = yield* store.claimActivation(activation.token_hash, later, activate)
          expect(Option.isSome(claimed)).toBe(true)
          const got = Option.getOrThrow(claimed)
          expect(got.record).toMatchObject({ state: "active", activated_at: later, trial_starts_at: later })
          const opened = yield* ApiKey.openSealedKey(got.sealed_key, token)
          expect(Option.map(opened, Redacted.value)).toEqual(Option.some(Redacted.value(issued.key)))
          // stored as activated; the second claim yields nothing
          expect(Option.map(yield* store.findByHash(issued.record.key_hash), (r) => r.state)).toEqual(
            Option.some("active")
          )
          expect(yield* store.claimActivation(activation.token_hash, later, activate)).toEqual(Option.none())
          // the same activation row again is a Conflict; an unknown token yields nothing
          const again = yield* Effect.flip(store.createPending(keyRecord(), activation))
          expect(again._tag).toBe("Conflict")
          expect(yield* store.claimActivation("0".repeat(64), later, activate)).toEqual(Option.none())
        }))

      it.effect("an activation link claimed at or after its expiry yields nothing and leaves the key pending", () =>
        Effect.gen(function*() {
          const store = yield* KeyStore
          const { activation, issued } = yield* pendingActivation
          yield* store.createPending(issued.record, activation)
          const expiry = issued.record.activation_expires_at!
          const claimed = yield* store.claimActivation(
            activation.token_hash,
            expiry,
            (r) => ApiKey.activate(Plans.defaultPlans, r, expiry)
          )
          expect(claimed).toEqual(Option.none())
          expect(Option.map(yield* store.findByHash(issued.record.key_hash), (r) => r.state)).toEqual(
            Option.some("pending_activation")
          )
        }))
    })
  }
})

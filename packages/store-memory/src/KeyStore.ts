/**
 * In-memory {@link KeyStore}: records in a `Ref<HashMap>` keyed by the key's SHA-256.
 * @module
 */
import { type ApiKey, Conflict, type KeyStoreService } from "@sports-data/domain"
import { Effect, HashMap, Option, Ref } from "effect"

type ApiKeyRecord = ApiKey.ApiKeyRecord

/** Oldest first: by `created_at`, then by hash so equal instants have a stable order. */
const byAge = (a: ApiKeyRecord, b: ApiKeyRecord): number =>
  a.created_at.getTime() - b.created_at.getTime() || (a.key_hash < b.key_hash ? -1 : a.key_hash > b.key_hash ? 1 : 0)

/** The fields `update` replaces. */
const lifecycle = (record: ApiKeyRecord) => ({
  state: record.state,
  email: record.email,
  activated_at: record.activated_at,
  activation_expires_at: record.activation_expires_at,
  revoked_at: record.revoked_at,
  trial_starts_at: record.trial_starts_at,
  trial_ends_at: record.trial_ends_at
})

const sorted = (records: Iterable<ApiKeyRecord>): ReadonlyArray<ApiKeyRecord> => Array.from(records).sort(byAge)

/**
 * Makes an empty in-memory KeyStore. Never fails with a StoreError; `create` fails with
 * Conflict when the hash is already stored.
 */
export const makeKeyStore: Effect.Effect<KeyStoreService> = Effect.gen(function*() {
  const ref = yield* Ref.make(HashMap.empty<string, ApiKeyRecord>())
  // activations by token hash; createPending and claimActivation change both maps under `lock`
  const activations = yield* Ref.make(HashMap.empty<string, ApiKey.PendingActivation>())
  const lock = yield* Effect.makeSemaphore(1)

  const createPending: KeyStoreService["createPending"] = (record, activation) =>
    lock.withPermits(1)(Effect.gen(function*() {
      const keys = yield* Ref.get(ref)
      const pending = yield* Ref.get(activations)
      if (HashMap.has(keys, record.key_hash) || HashMap.has(pending, activation.token_hash)) {
        return yield* Effect.fail(
          new Conflict({ message: "An API key or activation with this hash is already stored" })
        )
      }
      yield* Ref.set(ref, HashMap.set(keys, record.key_hash, record))
      yield* Ref.set(activations, HashMap.set(pending, activation.token_hash, activation))
    }))

  const claimActivation: KeyStoreService["claimActivation"] = (tokenHash, now, activate) =>
    lock.withPermits(1)(Effect.gen(function*() {
      const found = HashMap.get(yield* Ref.get(activations), tokenHash)
      if (Option.isNone(found)) return Option.none()
      const activation = found.value
      if (activation.used_at !== null || activation.sealed_key === null) return Option.none()
      if (now.getTime() >= activation.expires_at.getTime()) return Option.none()
      const stored = HashMap.get(yield* Ref.get(ref), activation.key_hash)
      if (Option.isNone(stored)) return Option.none()
      const next = activate(stored.value)
      const used: ApiKey.PendingActivation = { ...activation, used_at: now, sealed_key: null }
      yield* Ref.update(activations, HashMap.set(tokenHash, used))
      yield* update(next)
      return Option.some({ record: { ...stored.value, ...lifecycle(next) }, sealed_key: activation.sealed_key })
    }))

  const create: KeyStoreService["create"] = (record) =>
    Ref.modify(ref, (map) =>
      HashMap.has(map, record.key_hash)
        ? [false, map] as const
        : [true, HashMap.set(map, record.key_hash, record)] as const).pipe(
        Effect.flatMap((created) =>
          created ? Effect.void : Effect.fail(new Conflict({ message: "An API key with this hash is already stored" }))
        )
      )

  function update(record: ApiKeyRecord) {
    return Ref.modify(ref, (map) => {
      const stored = HashMap.get(map, record.key_hash)
      if (Option.isNone(stored)) return [false, map] as const
      const next: ApiKeyRecord = { ...stored.value, ...lifecycle(record) }
      return [true, HashMap.set(map, record.key_hash, next)] as const
    })
  }

  const revoke: KeyStoreService["revoke"] = (prefix, now) =>
    Ref.modify(ref, (map) => {
      let changed = 0
      const next = HashMap.map(map, (record) => {
        if (record.key_prefix !== prefix || record.state === "revoked") return record
        changed++
        return { ...record, state: "revoked" as const, revoked_at: now }
      })
      return [changed, next] as const
    })

  const touch: KeyStoreService["touch"] = (uses) =>
    Ref.update(ref, (map) =>
      uses.reduce(
        (next, [keyHash, at]) => HashMap.modify(next, keyHash, (record) => ({ ...record, last_used_at: at })),
        map
      ))

  return {
    create,
    createPending,
    claimActivation,
    findByHash: (keyHash) => Effect.map(Ref.get(ref), (map) => HashMap.get(map, keyHash)),
    findByPrefix: (prefix) =>
      Effect.map(Ref.get(ref), (map) => sorted(HashMap.values(HashMap.filter(map, (r) => r.key_prefix === prefix)))),
    findByEmail: (email) =>
      Effect.map(
        Ref.get(ref),
        (map) => sorted(HashMap.values(HashMap.filter(map, (r) => r.email?.toLowerCase() === email.toLowerCase())))
      ),
    update,
    revoke,
    touch,
    list: Effect.map(Ref.get(ref), (map) => sorted(HashMap.values(map)))
  }
})

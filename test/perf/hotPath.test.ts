/**
 * Issue 9's hot path, behaviour only (no timing):
 * - key records are cached in process, yet a revocation is seen by every instance: on one
 *   PostgreSQL by the other instance within an upper wait of 1 s (LISTEN/NOTIFY), and on the
 *   embedded store and memory at once by the instance itself; a record in steady use is read
 *   again in the background past half its time to live, so it stays in memory past that time
 *   and picks up a change whose notice was lost; concurrent first lookups of a key share one read;
 * - the embedded store's write-behind counters survive a graceful restart, also when the stop
 *   comes before the periodic write;
 * - the minute window slides at one-second resolution: a call made inside a second leaves it at
 *   the end of that second plus 60 s, never earlier.
 */
import { describe, expect, it } from "@effect/vitest"
import { type AllStores, KeyStore, UsageStore } from "@sports-data/domain"
import * as MemoryStore from "@sports-data/store-memory"
import { cachedKeyStore, layerPglite, layerPostgres } from "@sports-data/store-sql"
import { Context, Deferred, Effect, Fiber, Layer, Option } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { keyRecord, randomKeyHash } from "../contract/fixtures.js"
import { postgresAvailable, testDatabaseUrl } from "../harness/postgres.js"
import { postgresLayer } from "../harness/stores.js"

const withPostgres = await Effect.runPromise(postgresAvailable)
const now = new Date("2024-11-05T15:30:00Z")
const noCeilings = { per_minute: null, per_day: null, per_month: null }
const range = (n: number) => Array.from({ length: n }, (_, i) => i)

/** Reads the key on `store` every 50 ms until it is revoked, for at most 1 s; its last state. */
const stateWithin1s = (store: Context.Tag.Service<KeyStore>, keyHash: string) =>
  Effect.gen(function*() {
    let state = "unknown"
    for (let i = 0; i <= 20; i++) {
      state = Option.match(yield* store.findByHash(keyHash), { onNone: () => "none", onSome: (r) => r.state })
      if (state === "revoked") return state
      yield* Effect.sleep("50 millis")
    }
    return state
  })

describe("key records cached in process", () => {
  it.live.skipIf(!withPostgres)(
    "postgres: a key revoked on one instance is refused by the other within 1 s",
    () =>
      Effect.gen(function*() {
        const url = Option.getOrThrow(yield* testDatabaseUrl)
        const [a, b] = yield* Effect.all([Layer.build(layerPostgres({ url })), Layer.build(layerPostgres({ url }))])
        const [keysA, keysB] = [Context.get(a, KeyStore), Context.get(b, KeyStore)]
        const record = keyRecord()
        yield* keysA.create(record)
        // both instances have read (and cached) the active key
        expect(Option.map(yield* keysB.findByHash(record.key_hash), (r) => r.state)).toEqual(Option.some("active"))
        expect(Option.map(yield* keysA.findByHash(record.key_hash), (r) => r.state)).toEqual(Option.some("active"))
        expect(yield* keysA.revoke(record.key_prefix, now)).toBe(1)
        expect(yield* stateWithin1s(keysB, record.key_hash)).toBe("revoked")
        // a key created on one instance after the other looked it up in vain is found there too
        const later = keyRecord()
        expect(yield* keysB.findByHash(later.key_hash)).toEqual(Option.none())
        yield* keysA.create(later)
        let found = false
        for (let i = 0; i <= 20 && !found; i++) {
          found = Option.isSome(yield* keysB.findByHash(later.key_hash))
          if (!found) yield* Effect.sleep("50 millis")
        }
        expect(found).toBe(true)
      }).pipe(Effect.scoped),
    60_000
  )

  it.live(
    "a record in steady use is read again in the background before it expires, changes included",
    () =>
      Effect.gen(function*() {
        const store = yield* KeyStore
        let reads = 0
        // the cache's change notices are lost (none are given): only its own reads see a change
        const keys = yield* cachedKeyStore(
          { ...store, findByHash: (hash) => Effect.suspend(() => (reads++, store.findByHash(hash))) },
          { timeToLive: "2 seconds" }
        )
        const record = keyRecord()
        yield* store.create(record)
        const filled = Date.now()
        expect(Option.map(yield* keys.findByHash(record.key_hash), (r) => r.state)).toEqual(Option.some("active"))
        expect(reads).toBe(1)
        // revoked behind the cache's back
        yield* store.revoke(record.key_prefix, now)
        yield* Effect.sleep("1100 millis")
        // past half its life: answered from memory (still active), read again in the background
        expect(Option.map(keys.findCached!(record.key_hash)!, (r) => r.state)).toEqual(Option.some("active"))
        for (let i = 0; i < 500 && reads < 2; i++) yield* Effect.sleep("10 millis")
        expect(reads).toBe(2)
        yield* Effect.sleep(Math.max(0, filled + 2200 - Date.now()))
        // past the first read's time to live, the record is in memory, with the change
        expect(Option.map(keys.findCached!(record.key_hash)!, (r) => r.state)).toEqual(Option.some("revoked"))
      }).pipe(Effect.scoped, Effect.provide(MemoryStore.layer)),
    60_000
  )

  it.live(
    "concurrent first lookups of a key share one read; a write meanwhile makes later lookups read again",
    () =>
      Effect.gen(function*() {
        const store = yield* KeyStore
        let reads = 0
        const gate = yield* Deferred.make<void>()
        // each read waits at the gate, as a store round trip under load would
        const keys = yield* cachedKeyStore({
          ...store,
          findByHash: (hash) =>
            Effect.suspend(() => (reads++, Effect.zipRight(Deferred.await(gate), store.findByHash(hash))))
        })
        const record = keyRecord()
        yield* store.create(record)
        const lookups = yield* Effect.forkAll(range(50).map(() => keys.findByHash(record.key_hash)))
        yield* Effect.sleep("50 millis")
        expect(reads).toBe(1)
        // revoked through the cache while the read is in flight: a lookup from now on reads again
        yield* keys.revoke(record.key_prefix, now)
        const after = yield* Effect.fork(keys.findByHash(record.key_hash))
        yield* Effect.sleep("50 millis")
        expect(reads).toBe(2)
        yield* Deferred.succeed(gate, undefined)
        const answers = yield* Fiber.join(lookups)
        expect(answers).toHaveLength(50)
        expect(answers.every(Option.isSome)).toBe(true)
        expect(Option.map(yield* Fiber.join(after), (r) => r.state)).toEqual(Option.some("revoked"))
      }).pipe(Effect.scoped, Effect.provide(MemoryStore.layer)),
    60_000
  )

  for (const [label, layer] of [["memory", MemoryStore.layer], ["pglite", layerPglite({})]] as const) {
    it.live(`${label}: a revoked key is refused at once by the instance that revoked it`, () =>
      Effect.gen(function*() {
        const keys = yield* KeyStore
        const record = keyRecord()
        yield* keys.create(record)
        expect(Option.map(yield* keys.findByHash(record.key_hash), (r) => r.state)).toEqual(Option.some("active"))
        yield* keys.revoke(record.key_prefix, now)
        expect(Option.map(yield* keys.findByHash(record.key_hash), (r) => r.state)).toEqual(Option.some("revoked"))
      }).pipe(Effect.provide(layer)), 60_000)
  }
})

describe("write-behind counters on the embedded store", () => {
  it.live("counts survive a graceful restart, even one before the periodic write", () =>
    Effect.gen(function*() {
      const dir = mkdtempSync(join(tmpdir(), "write-behind-"))
      const key = randomKeyHash()
      const limits = { per_minute: 10, per_day: null, per_month: null }
      const open = () => Layer.build(layerPglite({ dataDir: dir }))
      try {
        yield* Effect.scoped(Effect.gen(function*() {
          const usage = Context.get(yield* open(), UsageStore)
          for (let i = 0; i < 7; i++) expect((yield* usage.consume(key, limits, now)).admitted).toBe(true)
        }))
        const after = yield* Effect.scoped(Effect.gen(function*() {
          const usage: Context.Tag.Service<UsageStore> = Context.get(yield* open(), UsageStore)
          const counts = yield* usage.peek(key, now)
          // the limit still holds across the restart: 3 more are admitted, then refused
          const outcomes = yield* Effect.forEach(Array.from({ length: 5 }), () => usage.consume(key, limits, now))
          return { counts, admitted: outcomes.filter((o) => o.admitted).length }
        }))
        expect(after.counts).toEqual({ minute: 7, day: 7, month: 7, minute_oldest: now })
        expect(after.admitted).toBe(3)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }), 60_000)
})

describe("minute window at one-second resolution", () => {
  const stores: ReadonlyArray<readonly [string, Layer.Layer<AllStores, unknown>]> = [
    ["memory", MemoryStore.layer],
    ["pglite", layerPglite({})],
    ...(withPostgres ? [["postgres", postgresLayer] as const] : [])
  ]
  for (const [label, layer] of stores) {
    it.live(
      `${label}: a call at .400 s stays counted until the end of its second plus 60 s`,
      () =>
        Effect.gen(function*() {
          const usage = yield* UsageStore
          const key = randomKeyHash()
          const t = new Date("2024-11-05T15:30:00.400Z")
          const at = (ms: number) => new Date(t.getTime() + ms)
          yield* usage.consume(key, noCeilings, t)
          expect((yield* usage.peek(key, at(60_000))).minute).toBe(1) // 60.0 s later: its second ends at .000+1 s
          expect((yield* usage.peek(key, at(60_599))).minute).toBe(1)
          expect(yield* usage.peek(key, at(60_600))).toEqual({ minute: 0, day: 1, month: 1, minute_oldest: null })
          expect((yield* usage.peek(key, at(100))).minute_oldest).toEqual(new Date("2024-11-05T15:30:01Z"))
        }).pipe(Effect.provide(layer)),
      60_000
    )
  }
})

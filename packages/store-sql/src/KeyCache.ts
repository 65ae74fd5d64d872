/**
 * A KeyStore decorator that answers `findByHash` from this process's memory, so that admission
 * makes no store round trip for a key it has seen (DESIGN.md, "Hot path").
 *
 * - Entries: the answer for a hash (the record, or none for an unknown hash), at most `capacity`
 *   of them (default 100,000; the oldest filled goes first), each read again after `timeToLive`
 *   (default 10 s: the bound on staleness should a change notice be lost, e.g. while the LISTEN
 *   connection is re-opened). An entry past half its life is read again in the background when it
 *   is next asked for and answered from memory meanwhile, so a key in steady use never waits for
 *   that read.
 * - Every write through the decorator (create, createPending, claimActivation, update, revoke)
 *   empties this process's cache once the write has returned, then runs `announce` (on
 *   PostgreSQL: `SELECT pg_notify(KEYS_CHANNEL, ...)`) so that every other instance empties its
 *   cache when `changes` delivers the notice (on PostgreSQL: LISTEN on KEYS_CHANNEL; on the
 *   embedded store one process owns the store and the local emptying is enough).
 * - With `changes`, the decorator is ready only once it has heard its own probe notice (for at
 *   most 5 s), so that no change made after the store is up can be missed.
 * - A key is read by one statement at a time: concurrent lookups of a key not in the cache, and
 *   a background read, share it (a key's first use under load sends one statement, not one per
 *   request in flight).
 * - A lookup that started before an emptying does not fill the cache with what it read.
 * - `touch` (batched last-use times) updates the cached record's `last_used_at` here; other
 *   instances see it after `timeToLive`.
 * @module
 */
import { type ApiKey, type KeyStoreService, type StoreError } from "@sports-data/domain"
import { Deferred, Duration, Effect, Option, Runtime, type Scope, Stream } from "effect"
import * as SingleFlight from "./SingleFlight.js"

/** The PostgreSQL channel on which key changes are announced. */
export const KEYS_CHANNEL = "sports_data_keys"

interface Entry {
  readonly record: Option.Option<ApiKey.ApiKeyRecord>
  readonly filled: number
}

/**
 * Decorates `inner` with the cache. `announce`: tells the other instances that keys changed;
 * `changes`: notices from the other instances (each empties the cache). The listener runs in
 * the current scope.
 */
export const cachedKeyStore = (
  inner: KeyStoreService,
  options: {
    readonly announce?: ((payload: string) => Effect.Effect<void>) | undefined
    readonly changes?: Stream.Stream<string> | undefined
    readonly capacity?: number | undefined
    readonly timeToLive?: Duration.DurationInput | undefined
  } = {}
): Effect.Effect<KeyStoreService, never, Scope.Scope> =>
  Effect.gen(function*() {
    const capacity = options.capacity ?? 100_000
    const ttl = Duration.toMillis(options.timeToLive ?? Duration.seconds(10))
    const entries = new Map<string, Entry>()
    /** Reads in flight, by key, since the last emptying. */
    const reading = SingleFlight.make<Option.Option<ApiKey.ApiKeyRecord>, StoreError>()
    let generation = 0

    const empty = Effect.sync(() => {
      generation++
      entries.clear()
      reading.clear()
    })
    const announce = options.announce ?? (() => Effect.void)
    if (options.changes !== undefined) {
      const probe = `probe-${crypto.randomUUID()}`
      const heard = yield* Deferred.make<void>()
      yield* Effect.forkScoped(
        Stream.runForEach(options.changes, (payload) => payload === probe ? Deferred.succeed(heard, undefined) : empty)
      )
      // announced again every 100 ms until the LISTEN, opened in the background, hears it
      for (let i = 0; i < 50; i++) {
        yield* announce(probe)
        if (Option.isSome(yield* Effect.timeoutOption(Deferred.await(heard), Duration.millis(100)))) break
      }
    }

    /** Runs a write, then empties the cache here and announces the change. */
    const writing = <A, E>(write: Effect.Effect<A, E>): Effect.Effect<A, E> =>
      Effect.ensuring(write, Effect.zipRight(empty, announce("changed")))

    /** Reads the key's record from the store and keeps it, unless the cache was emptied meanwhile. */
    const load = (keyHash: string, now: number) => {
      const started = generation
      return Effect.tap(inner.findByHash(keyHash), (record) =>
        Effect.sync(() => {
          if (generation !== started) return
          entries.delete(keyHash)
          if (entries.size >= capacity) {
            const oldest = entries.keys().next()
            if (oldest.done !== true) entries.delete(oldest.value)
          }
          entries.set(keyHash, { record, filled: now })
        }))
    }

    /** Reads the key (see {@link load}), or joins the read of it in flight. */
    const read = (keyHash: string, now: number) => reading.run(keyHash, load(keyHash, now))

    const runFork = Runtime.runFork(yield* Effect.runtime<never>())

    const findCached = (keyHash: string, now = Date.now()): Option.Option<ApiKey.ApiKeyRecord> | undefined => {
      const hit = entries.get(keyHash)
      if (hit === undefined || now - hit.filled >= ttl) return undefined
      // past half its life: read again in the background (a failed read leaves the entry to expire)
      if (now - hit.filled >= ttl / 2 && !reading.has(keyHash)) runFork(Effect.ignore(read(keyHash, now)))
      return hit.record
    }

    const findByHash: KeyStoreService["findByHash"] = (keyHash) =>
      Effect.suspend(() => {
        const now = Date.now()
        const cached = findCached(keyHash, now)
        return cached !== undefined ? Effect.succeed(cached) : read(keyHash, now)
      })

    return {
      create: (record) => writing(inner.create(record)),
      createPending: (record, activation) => writing(inner.createPending(record, activation)),
      claimActivation: (tokenHash, now, activate) => writing(inner.claimActivation(tokenHash, now, activate)),
      update: (record) => writing(inner.update(record)),
      revoke: (prefix, now) => writing(inner.revoke(prefix, now)),
      findByHash,
      findCached,
      findByPrefix: inner.findByPrefix,
      findByEmail: inner.findByEmail,
      list: inner.list,
      touch: (uses) =>
        Effect.tap(inner.touch(uses), () =>
          Effect.sync(() => {
            for (const [keyHash, now] of uses) {
              const hit = entries.get(keyHash)
              if (hit === undefined || Option.isNone(hit.record)) continue
              const last = hit.record.value.last_used_at
              if (last !== null && last.getTime() >= now.getTime()) continue
              entries.set(keyHash, { ...hit, record: Option.some({ ...hit.record.value, last_used_at: now }) })
            }
          }))
    }
  })

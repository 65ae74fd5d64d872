/**
 * One run at a time per key: while an effect runs for a key, other callers for that key wait for
 * its outcome instead of running their own (the key cache's reads of a key record, the
 * write-behind store's first read of a key's counter).
 * @module
 */
import { Deferred, Effect } from "effect"

/** The runs in flight of one {@link make}. */
export interface SingleFlight<A, E> {
  /**
   * Runs `effect` for `key`, or, when a run for `key` is in flight, waits for that run's outcome
   * (`effect` is then not run). A run is not interrupted by its caller, so the callers waiting on
   * it always get an outcome.
   */
  readonly run: (key: string, effect: Effect.Effect<A, E>) => Effect.Effect<A, E>
  /** Whether a run for `key` is in flight. */
  readonly has: (key: string) => boolean
  /** Forgets the runs in flight: callers from now on start their own (the earlier ones still finish). */
  readonly clear: () => void
}

/** A fresh {@link SingleFlight}, with no run in flight. */
export const make = <A, E>(): SingleFlight<A, E> => {
  const running = new Map<string, Deferred.Deferred<A, E>>()
  return {
    run: (key, effect) =>
      Effect.suspend(() => {
        const pending = running.get(key)
        if (pending !== undefined) return Deferred.await(pending)
        return Effect.uninterruptible(Effect.gen(function*() {
          const done = yield* Deferred.make<A, E>()
          running.set(key, done)
          const exit = yield* Effect.exit(effect)
          if (running.get(key) === done) running.delete(key)
          yield* Deferred.done(done, exit)
          return yield* exit
        }))
      }),
    has: (key) => running.has(key),
    clear: () => running.clear()
  }
}

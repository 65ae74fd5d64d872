/**
 * Ports of delivery: the wake-up signal of the service event outbox ({@link EventWake}), read by
 * the event stream and the webhook fan-out so that they do not poll the store in a tight loop.
 * Adapters: store-memory and PGlite publish on an in-process PubSub after every write of the
 * SportsWriter; the PostgreSQL adapter also LISTENs on the channel that migration 10's trigger
 * NOTIFYs after each insert into `service_events`, so that every instance on one server wakes.
 * A wake-up means "new events MAY exist": a reader reads the outbox after its last id; a lost
 * wake-up only delays (readers also poll at a slow interval).
 * @module
 */
import { Context, Effect, PubSub, Stream } from "effect"

/** The wake-ups of the outbox readers. */
export interface EventWakeService {
  /**
   * An endless stream of wake-ups, one subscription per run. Bounded: a subscriber that does not
   * keep up holds at most one pending wake-up (wake-ups carry no data, so none is lost in meaning).
   */
  readonly wakes: Stream.Stream<void>
  /** Wakes the subscribers of this process (the writers call it after a write). */
  readonly wake: Effect.Effect<void>
}
/** The {@link EventWakeService} port. */
export class EventWake extends Context.Tag("@sports-data/EventWake")<EventWake, EventWakeService>() {}

/**
 * An in-process {@link EventWakeService} over a PubSub: each subscriber has a sliding buffer of
 * one wake-up. `extra` is merged into every subscription (the PostgreSQL LISTEN stream).
 */
export const makeLocalEventWake = (extra?: Stream.Stream<void>): Effect.Effect<EventWakeService> =>
  Effect.map(PubSub.sliding<void>(1), (hub) => {
    const local = Stream.fromPubSub(hub)
    return {
      wakes: (extra === undefined ? local : Stream.merge(local, extra)).pipe(
        Stream.buffer({ capacity: 1, strategy: "sliding" })
      ),
      wake: Effect.asVoid(PubSub.publish(hub, undefined))
    }
  })

/**
 * `service` with every member that is a function returning an Effect wrapped so that its success
 * is followed by `wake` (the writers: any write may have appended outbox events).
 */
export const wakeAfterWrites = <S extends object>(service: S, wake: Effect.Effect<void>): S => {
  const out: Record<string, unknown> = {}
  for (const [name, member] of Object.entries(service)) {
    out[name] = typeof member === "function" ?
      (...args: Array<unknown>) => {
        const result: unknown = (member as (...a: Array<unknown>) => unknown).apply(service, args)
        return Effect.isEffect(result) ? Effect.tap(result, () => wake) : result
      } :
      Effect.isEffect(member) ?
      Effect.tap(member, () => wake) :
      member
  }
  return out as S
}

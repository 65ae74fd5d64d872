/**
 * In-memory {@link LiveGameStore} over the shared state (SportsData.ts): `apply` is one
 * uninterruptible step that rewrites the polled games, appends their events to the outbox
 * (Signals.ts `appendEvents`), moves the data version and wakes the stream's readers; the feed
 * health is a map by sport. No method fails.
 * @module
 */
import {
  type AppliedUpdate,
  type EventWakeService,
  type FeedHealth,
  Live,
  type LiveGameStoreService,
  type NewServiceEvent,
  type TeamSport
} from "@sports-data/domain"
import { Effect, HashMap, Option, Ref } from "effect"
import { appendEvents } from "./Signals.js"
import type { SportsData } from "./SportsData.js"

/** The LiveGameStore over `data`, waking `wake` after each apply that wrote an event. */
export const makeLiveGameStore = (data: SportsData, wake: EventWakeService): Effect.Effect<LiveGameStoreService> =>
  Effect.map(Ref.make(new Map<TeamSport, FeedHealth>()), (health) => ({
    apply: (updates, now) =>
      Effect.uninterruptible(Effect.gen(function*() {
        const applied = yield* Ref.modify(data.games, (games) => {
          const out: Array<AppliedUpdate> = []
          let next = games
          for (const u of updates) {
            const stored = HashMap.get(next, u.game_id)
            if (Option.isNone(stored) || Live.isFinal(stored.value.state)) continue
            const before = stored.value
            out.push({ game_id: u.game_id, event: Live.eventOfUpdate(before, u) })
            next = HashMap.set(next, u.game_id, {
              ...before,
              state: u.state,
              home_score: u.home_score,
              away_score: u.away_score,
              attributes: { ...before.attributes, [Live.LIVE_ATTRIBUTE]: { ...u.live } }
            })
          }
          return [out, next] as const
        })
        if (applied.length === 0) return applied
        yield* Ref.update(data.version, (n) => n + 1)
        const events = applied.flatMap((a): ReadonlyArray<NewServiceEvent> => a.event === undefined ? [] : [a.event])
        yield* appendEvents(data, events)
        if (events.length > 0) yield* wake.wake
        return applied
      })).pipe(Effect.withSpan("LiveGameStore.apply", { attributes: { at: now.toISOString() } })),
    health: Effect.map(Ref.get(health), (m) => [...m.values()].sort((a, b) => a.sport.localeCompare(b.sport))),
    setHealth: (h) => Ref.update(health, (m) => new Map(m).set(h.sport, h))
  }))

/**
 * The LiveGameStore port: what the live pollers write, and the feed health every instance shows.
 *
 * `apply` writes one poll's updates (Live.ts `LiveUpdate`) atomically: for each game it sets the
 * state, scores and `attributes.live` (period, clock, inning, lineup, last_polled), and for each
 * game whose state or score changed it appends ONE outbox event (Live.ts `eventOfUpdate`) in the
 * same transaction, so the stream and webhooks carry it. A game already final in the store is
 * left as it is (the feed never overrides a final result; a later full ingest's result wins).
 * Concurrent `apply`s of the same change write its event once (each compares against the row it
 * locked). Adapters: store-memory (one uninterruptible step) and store-sql (one transaction with
 * the rows locked, table `live_feeds` of migration 24 for the health).
 * @module
 */
import { Context, type Effect } from "effect"
import type { StoreError } from "../Errors.js"
import type { FeedHealth, LiveUpdate } from "../Live.js"
import type { NewServiceEvent } from "../Signals.js"

/** One game `apply` changed, with the event it wrote (none for a clock- or period-only change). */
export interface AppliedUpdate {
  readonly game_id: string
  readonly event: NewServiceEvent | undefined
}

/** The {@link LiveGameStore} service. */
export interface LiveGameStoreService {
  /**
   * Writes `updates` (see the module description) stamped `now`; answers the games written (a
   * stored final game, or an unknown id, is skipped and not listed).
   */
  readonly apply: (
    updates: ReadonlyArray<LiveUpdate>,
    now: Date
  ) => Effect.Effect<ReadonlyArray<AppliedUpdate>, StoreError>
  /** The stored health of every sport's feed polled at least once, by sport. */
  readonly health: Effect.Effect<ReadonlyArray<FeedHealth>, StoreError>
  /** Replaces the stored health of `health.sport`'s feed. */
  readonly setHealth: (health: FeedHealth) => Effect.Effect<void, StoreError>
}

/** The {@link LiveGameStoreService} port. */
export class LiveGameStore extends Context.Tag("@sports-data/LiveGameStore")<LiveGameStore, LiveGameStoreService>() {}

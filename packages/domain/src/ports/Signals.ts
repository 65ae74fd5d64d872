/**
 * Read ports of signals and of the service event outbox. Signals are written through
 * `SportsWriter.upsertSignals` (Writer.ts), which writes each new signal's events (Signals.ts
 * `eventsOfSignal`) in the same transaction. Every method returns `Effect<A, StoreError>`;
 * adapters in store-memory and store-sql implement the filters and orders identically.
 * @module
 */
import { Context, type Effect } from "effect"
import type { StoreError } from "../Errors.js"
import type { Severity, SignalType } from "../Resources.js"
import type { ServiceEvent, SignalSport, StoredSignal } from "../Signals.js"
import type { Paged } from "./Queries.js"

/**
 * Signal filters; every given filter must hold. `types` and `severities` match any listed value;
 * `team` and `position` match exactly, case-insensitive; `player` is a case-insensitive substring
 * of player_name; `player_id` exact; `since` keeps signals whose effective_at is at or after it,
 * `until` before it; `chart` as its field says.
 * Order `severity`: severity (high, medium, low), then effective_at newest first, then id.
 * Order `recent`: effective_at newest first, then id.
 */
export interface SignalQuery {
  readonly sports?: ReadonlyArray<SignalSport> | undefined
  readonly types?: ReadonlyArray<SignalType> | undefined
  readonly severities?: ReadonlyArray<Severity> | undefined
  readonly team?: string | undefined
  readonly position?: string | undefined
  readonly player?: string | undefined
  readonly player_id?: string | undefined
  readonly since?: Date | undefined
  readonly until?: Date | undefined
  /**
   * Only signals whose details record a depth chart change (string `change_type` and `position`,
   * as the nfl depth chart rule writes them; news items of that type carry none), of
   * `change_type` (exact) and `position` (case-insensitive) when given.
   */
  readonly chart?: { readonly change_type?: string | undefined; readonly position?: string | undefined } | undefined
  readonly order: "severity" | "recent"
  readonly limit: number
  readonly offset: number
}

/** The filters of {@link SignalQuery}, without order or page (SignalReader `nameCounts`). */
export type SignalFilter = Omit<SignalQuery, "order" | "limit" | "offset">

/**
 * The signals of one player name and one type among those matching a {@link SignalFilter}
 * (SignalReader `nameCounts`): what `/v1/trending` ranks, one row per name and type instead of
 * every signal.
 */
export interface SignalNameCount {
  readonly player_name: string
  readonly signal_type: SignalType
  /** Signals of this name and type (≥ 1). */
  readonly count: number
  /** Their newest effective_at. */
  readonly newest: Date
  /** 0-based rank of their newest among every matching signal in the `recent` order of {@link SignalQuery}. */
  readonly first: number
}

/**
 * A {@link SignalQuery} read without its total: the first `limit` matching rows in its order,
 * every matching row when `limit` is undefined.
 */
export type SignalRowsQuery = Omit<SignalQuery, "limit" | "offset"> & { readonly limit?: number | undefined }

/** Stored signals. */
export interface SignalReaderService {
  /** The page of signals matching `query`, in its order, with the total before paging. */
  readonly find: (query: SignalQuery) => Effect.Effect<Paged<StoredSignal>, StoreError>
  /**
   * The signals matching `filter` counted per (player_name, signal_type), ordered by `first`: one
   * aggregate computed by the store, however many signals match.
   */
  readonly nameCounts: (filter: SignalFilter) => Effect.Effect<ReadonlyArray<SignalNameCount>, StoreError>
  /**
   * The rows {@link find} would answer from offset 0 (all of them when `limit` is undefined),
   * without counting the matches: one read where a caller needs no total.
   */
  readonly rows: (query: SignalRowsQuery) => Effect.Effect<ReadonlyArray<StoredSignal>, StoreError>
  /** Per sport holding signals, the newest effective_at. */
  readonly lastUpdate: Effect.Effect<ReadonlyArray<{ readonly sport: SignalSport; readonly at: Date }>, StoreError>
}
/** The {@link SignalReaderService} port. */
export class SignalReader extends Context.Tag("@sports-data/SignalReader")<SignalReader, SignalReaderService>() {}

/** The service event outbox (table `service_events`), read in id order. */
export interface ServiceEventReaderService {
  /** Up to `limit` events with id greater than `afterId`, in increasing id order. */
  readonly after: (afterId: number, limit: number) => Effect.Effect<ReadonlyArray<ServiceEvent>, StoreError>
  /** The id of the newest event, 0 when the outbox is empty. */
  readonly lastId: Effect.Effect<number, StoreError>
}
/** The {@link ServiceEventReaderService} port. */
export class ServiceEventReader
  extends Context.Tag("@sports-data/ServiceEventReader")<ServiceEventReader, ServiceEventReaderService>()
{}

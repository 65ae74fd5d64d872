/**
 * Storage ports. Every method returns `Effect<A, DomainError>`; adapters (store-memory,
 * store-sql) never let a driver error through untyped. Time is passed in by the caller (taken
 * from Effect's `Clock`), so adapters hold no clock of their own.
 * @module
 */
import { Context, type Effect, type Option } from "effect"
import type { ApiKeyRecord } from "./ApiKey.js"
import type {
  DepthChartEntry,
  Game,
  InjuryReport,
  Player,
  PlayerStatus,
  PollRanking,
  SportSummary,
  StatLine,
  Team,
  UpsertResult
} from "./Canonical.js"
import type { Conflict, StoreError } from "./Errors.js"
import type { TeamSport } from "./Sport.js"

// ---------------------------------------------------------------------------------------------
// KeyStore
// ---------------------------------------------------------------------------------------------

/** Stores API key records by the SHA-256 of the key. The key itself is never stored. */
export interface KeyStoreService {
  /** Stores a new record; fails with Conflict when the hash is already stored. */
  readonly create: (record: ApiKeyRecord) => Effect.Effect<void, Conflict | StoreError>
  /** The record with this hash, if any. */
  readonly findByHash: (keyHash: string) => Effect.Effect<Option.Option<ApiKeyRecord>, StoreError>
  /** Records whose 12-character display prefix equals `prefix`, oldest first. */
  readonly findByPrefix: (prefix: string) => Effect.Effect<ReadonlyArray<ApiKeyRecord>, StoreError>
  /**
   * Replaces the lifecycle fields of a stored record (state, activated_at, activation_expires_at,
   * trial window, revoked_at, email) with those of `record`, matched by hash. The caller computes
   * the new record with the domain's `activate` or revocation rules. Returns false when no record
   * has the hash.
   */
  readonly update: (record: ApiKeyRecord) => Effect.Effect<boolean, StoreError>
  /** Marks every non-revoked key with this prefix revoked at `now`; returns how many changed. */
  readonly revoke: (prefix: string, now: Date) => Effect.Effect<number, StoreError>
  /** Sets last_used_at (best effort; used by admission). */
  readonly touch: (keyHash: string, now: Date) => Effect.Effect<void, StoreError>
  /** Every record, oldest first. */
  readonly list: Effect.Effect<ReadonlyArray<ApiKeyRecord>, StoreError>
}

export class KeyStore extends Context.Tag("@sports-data/KeyStore")<KeyStore, KeyStoreService>() {}

// ---------------------------------------------------------------------------------------------
// UsageStore
// ---------------------------------------------------------------------------------------------

/** Ceilings to enforce on one admission; null = no ceiling. */
export interface UsageLimits {
  readonly per_minute: number | null
  readonly per_day: number | null
  readonly per_month: number | null
}

/**
 * Counters of one key at an instant.
 * - `minute`: admitted calls in the sliding window (now - 60 s, now].
 * - `day`: admitted calls since 00:00 UTC today; `month`: since 00:00 UTC on the 1st.
 * - `minute_oldest`: the oldest call still inside the minute window (null when none), from
 *   which a per-minute Retry-After is derived.
 */
export interface UsageCounts {
  readonly minute: number
  readonly day: number
  readonly month: number
  readonly minute_oldest: Date | null
}

/**
 * Result of one atomic admission. When `admitted`, the call was counted and `counts` include it;
 * otherwise nothing was counted, `blocked_by` names the first ceiling hit in the order minute,
 * day, month, and `counts` are the current values.
 */
export interface ConsumeOutcome {
  readonly admitted: boolean
  readonly blocked_by: "minute" | "day" | "month" | null
  readonly counts: UsageCounts
}

/** One batch of per-endpoint usage analytics for a key (flushed from memory, about each second). */
export interface EndpointCalls {
  readonly key_hash: string
  readonly endpoint: string
  readonly calls: number
  readonly total_ms: number
  readonly last_call: Date
}

/** A row of `endpoint_breakdown` in `/daas/usage`: calls and mean latency (ms) per endpoint. */
export interface EndpointUsage {
  readonly endpoint: string
  readonly calls: number
  readonly avg_ms: number
  readonly last_call: Date
}

/** Usage counters that enforce limits, and usage analytics. */
export interface UsageStoreService {
  /**
   * Atomically checks every ceiling of `limits` and, only if none is reached, counts one call.
   * Exact across every instance sharing the store: with a per-minute limit N, of any number of
   * concurrent calls exactly N are admitted within a minute.
   */
  readonly consume: (keyHash: string, limits: UsageLimits, now: Date) => Effect.Effect<ConsumeOutcome, StoreError>
  /** The counters at `now` without counting a call. */
  readonly peek: (keyHash: string, now: Date) => Effect.Effect<UsageCounts, StoreError>
  /** Adds a batch of analytics rows (summed into one row per key, endpoint and UTC day). */
  readonly recordCalls: (rows: ReadonlyArray<EndpointCalls>) => Effect.Effect<void, StoreError>
  /** Per-endpoint calls of a key since `since`, most called first. */
  readonly endpointBreakdown: (
    keyHash: string,
    since: Date
  ) => Effect.Effect<ReadonlyArray<EndpointUsage>, StoreError>
}

export class UsageStore extends Context.Tag("@sports-data/UsageStore")<UsageStore, UsageStoreService>() {}

// ---------------------------------------------------------------------------------------------
// SportsStore
// ---------------------------------------------------------------------------------------------

/** Paging of every list query; `limit` rows from `offset` (0-based). */
export interface Page {
  readonly limit: number
  readonly offset: number
}

/** A page of rows and the total that matched before paging. */
export interface Paged<A> {
  readonly total: number
  readonly rows: ReadonlyArray<A>
}

/**
 * Player filters. `search` matches when its `nameKey` (Canonical.ts) is a substring of the name key of
 * `full_name` (accents and case ignored: "doncic" finds "Luka Dončić"); `team` and `position`
 * match exactly (case-insensitive); `platform` matches `platform_ids[name] = id`.
 * Rows are ordered by the name key of full_name, then full_name (code units), then id.
 */
export interface PlayerQuery extends Page {
  readonly sport?: TeamSport | undefined
  readonly search?: string | undefined
  readonly position?: string | undefined
  readonly team?: string | undefined
  readonly status?: PlayerStatus | undefined
  readonly ids?: ReadonlyArray<string> | undefined
  readonly platform?: { readonly name: string; readonly id: string } | undefined
}

/**
 * Game filters. `date` is a `YYYY-MM-DD` game date; `team` matches home or away. Rows are ordered
 * by game_date then id, ascending or descending.
 */
export interface GameQuery extends Page {
  readonly sport: TeamSport
  /** League key (soccer); the sport key matches every game of a single-league sport. */
  readonly league?: string | undefined
  readonly season?: number | undefined
  readonly week?: number | undefined
  readonly date?: string | undefined
  readonly state?: string | undefined
  readonly team?: string | undefined
  readonly ids?: ReadonlyArray<string> | undefined
  readonly order: "asc" | "desc"
}

/**
 * Stat line filters. Ordered by (season, week, game_date, id) descending when `order` is
 * "recent", or by `fantasy_points` descending (nulls last) when "fantasy_points".
 */
export interface StatLineQuery extends Page {
  readonly sport: TeamSport
  readonly player_id?: string | undefined
  readonly season?: number | undefined
  readonly week?: number | undefined
  readonly date?: string | undefined
  readonly team?: string | undefined
  readonly position?: string | undefined
  readonly order: "recent" | "fantasy_points"
}

/** Injury report filters, newest (season, week) first. */
export interface InjuryQuery extends Page {
  readonly sport: TeamSport
  readonly player_id?: string | undefined
  readonly team?: string | undefined
  readonly season?: number | undefined
  readonly week?: number | undefined
}

/** Depth chart filters, newest (season, week) first, then team, position, depth. */
export interface DepthChartQuery extends Page {
  readonly sport: TeamSport
  readonly player_id?: string | undefined
  readonly team?: string | undefined
  readonly season?: number | undefined
  readonly week?: number | undefined
}

/**
 * Poll ranking filters (cfb polls). Rows are ordered by (season, poll, week, rank), then team
 * (code units); unpaged (a season of every poll is a few thousand rows).
 */
export interface RankingQuery {
  readonly sport: TeamSport
  readonly season?: number | undefined
  /** Poll key as stored (`ap`, `coaches`, `cfp`, ...). */
  readonly poll?: string | undefined
  readonly week?: number | undefined
}

/**
 * Record of the last ingestion of a sport: when it finished and the newest modification time
 * (ms since epoch) of the input files it read, so `serve` can tell whether the data changed.
 */
export interface IngestState {
  readonly sport: TeamSport
  readonly finished_at: Date
  readonly source_mtime_ms: number
}

/**
 * Canonical sports data. Upserts are idempotent: a row identical to the stored one is counted
 * `unchanged` and not rewritten; a changed row is updated in place. A batch is written atomically.
 */
export interface SportsStoreService {
  readonly upsertPlayers: (rows: ReadonlyArray<Player>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertTeams: (rows: ReadonlyArray<Team>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertGames: (rows: ReadonlyArray<Game>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertStatLines: (rows: ReadonlyArray<StatLine>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertInjuries: (rows: ReadonlyArray<InjuryReport>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertDepthCharts: (rows: ReadonlyArray<DepthChartEntry>) => Effect.Effect<UpsertResult, StoreError>
  /** Poll rankings, keyed by `id` (`<season>:<poll>:<week>:<team>`). */
  readonly upsertRankings: (rows: ReadonlyArray<PollRanking>) => Effect.Effect<UpsertResult, StoreError>

  readonly findPlayers: (query: PlayerQuery) => Effect.Effect<Paged<Player>, StoreError>
  readonly getPlayer: (id: string) => Effect.Effect<Option.Option<Player>, StoreError>
  readonly findTeams: (sport: TeamSport) => Effect.Effect<ReadonlyArray<Team>, StoreError>
  readonly findGames: (query: GameQuery) => Effect.Effect<Paged<Game>, StoreError>
  readonly findStatLines: (query: StatLineQuery) => Effect.Effect<Paged<StatLine>, StoreError>
  readonly findInjuries: (query: InjuryQuery) => Effect.Effect<Paged<InjuryReport>, StoreError>
  readonly findDepthCharts: (query: DepthChartQuery) => Effect.Effect<Paged<DepthChartEntry>, StoreError>
  /** Poll rankings matching `query`, ordered by (season, poll, week, rank, team). */
  readonly findRankings: (query: RankingQuery) => Effect.Effect<ReadonlyArray<PollRanking>, StoreError>

  /** Per-sport counts, seasons, game date range and last update, for every core sport. */
  readonly summary: Effect.Effect<ReadonlyArray<SportSummary>, StoreError>
  readonly getIngestState: (sport: TeamSport) => Effect.Effect<Option.Option<IngestState>, StoreError>
  readonly setIngestState: (state: IngestState) => Effect.Effect<void, StoreError>

  /**
   * An opaque version of the canonical rows (players, teams, games, stat lines, injuries, depth
   * charts). It changes whenever an upsert inserts or changes at least one row, and only then: an
   * upsert whose rows are all unchanged leaves it as it was. Seen by every instance sharing the
   * store (on PostgreSQL it moves in the same transaction as the rows, so a reader that sees the
   * new version sees the new rows). Ingest state is not part of it (`setIngestState` leaves it).
   * Callers compare versions for equality only; a cache of query results keys on it.
   */
  readonly dataVersion: Effect.Effect<string, StoreError>
}

export class SportsStore extends Context.Tag("@sports-data/SportsStore")<SportsStore, SportsStoreService>() {}

/**
 * Read ports of the sports data, one per aggregate: what the application services ask. Every
 * method returns `Effect<A, StoreError>`; adapters (store-memory, store-sql) never let a driver
 * error through untyped. Writes are apart, in {@link SportsWriter} (Writer.ts), and only ingest
 * uses them. Filters and orders are documented on each query type; both adapters implement them
 * identically (strings compare by code unit; a null sorts last in either direction).
 * @module
 */
import { Context, type Effect, type Option } from "effect"
import type {
  Athlete,
  AthleteRanking,
  DepthChartEntry,
  EventEntry,
  Game,
  InjuryReport,
  Player,
  PollRanking,
  SportEvent,
  SportSummary,
  StatLine,
  Team
} from "../Canonical.js"
import type { StoreError } from "../Errors.js"
import type { EventSport, SportKey, TeamSport } from "../Sport.js"
import type { TeamStanding } from "../Standings.js"
import type {
  DepthChartQuery,
  GameQuery,
  IngestState,
  InjuryQuery,
  LineLeaders,
  LineLeadersQuery,
  NewestLinesQuery,
  Paged,
  PlayerQuery,
  RecentBeforeQuery,
  StatLineQuery
} from "./Queries.js"
import type { ServiceEventReader, SignalReader } from "./Signals.js"

/** Players: a page of a filtered list, or one by canonical id. */
export interface PlayerReaderService {
  /** The page of players matching `query`, in the order of {@link PlayerQuery}, with the total. */
  readonly find: (query: PlayerQuery) => Effect.Effect<Paged<Player>, StoreError>
  /** The player with canonical id `id` (`svc_<sport>_<id>`), or none. */
  readonly get: (id: string) => Effect.Effect<Option.Option<Player>, StoreError>
  /**
   * The players with these canonical ids (any sports; an id not held has no row, a repeated id
   * one row), in no set order: one keyed read, no count.
   */
  readonly getMany: (ids: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<Player>, StoreError>
  /**
   * The distinct platform names of every player's `platform_ids` (all sports), in code-unit
   * order: one read computed by the store, not every player.
   */
  readonly platformNames: Effect.Effect<ReadonlyArray<string>, StoreError>
  /**
   * Each team's roster of `sport` summed up ({@link TeamRoster}), by the team as the players name
   * it lower-cased (players without a team left out): one aggregate computed by the store, not
   * every player.
   */
  readonly teamRosters: (sport: TeamSport) => Effect.Effect<ReadonlyMap<string, TeamRoster>, StoreError>
}

/** A team's players summed up (PlayerReader `teamRosters`). */
export interface TeamRoster {
  /** Its players. */
  readonly players: number
  /** Those whose `status` is `active`. */
  readonly active: number
  /** The distinct positions of its players (none for a player without one), in code-unit order. */
  readonly positions: ReadonlyArray<string>
}
/** The {@link PlayerReaderService} port. */
export class PlayerReader extends Context.Tag("@sports-data/PlayerReader")<PlayerReader, PlayerReaderService>() {}

/** Teams of a sport, ordered by abbreviation (code units). */
export interface TeamReaderService {
  /** Every team of `sport` (no paging: a league has at most a few hundred). */
  readonly find: (sport: TeamSport) => Effect.Effect<ReadonlyArray<Team>, StoreError>
}
/** The {@link TeamReaderService} port. */
export class TeamReader extends Context.Tag("@sports-data/TeamReader")<TeamReader, TeamReaderService>() {}

/** Games of a team sport, and the standings tables computed from them. */
export interface GameReaderService {
  /** The page of games matching `query`, in the order of {@link GameQuery}, with the total. */
  readonly find: (query: GameQuery) => Effect.Effect<Paged<Game>, StoreError>
  /**
   * The greatest of the seasons of the newest game (in the descending {@link GameQuery} order) of
   * `league` of `sport` in each of `states`, or null when no game of the league is in any of
   * them (the standings' default season: `["final", "completed"]`). No total is counted.
   */
  readonly latestSeason: (
    query: { readonly sport: TeamSport; readonly league: string; readonly states: ReadonlyArray<string> }
  ) => Effect.Effect<number | null, StoreError>
  /**
   * The standings table of `league` of `sport` for `season`, ranked: exactly what the domain's
   * `Sports.leagueTable` computes over the sport's teams and every game of that league's season
   * (read in the ascending {@link GameQuery} order); empty when no such game is held. Adapters may
   * keep it (store-sql: table `standings_tables`, recomputed where the games or teams change) as
   * long as a read never answers a table older than the games and teams it sees.
   */
  readonly standings: (
    query: { readonly sport: TeamSport; readonly league: string; readonly season: number }
  ) => Effect.Effect<ReadonlyArray<TeamStanding>, StoreError>
}
/** The {@link GameReaderService} port. */
export class GameReader extends Context.Tag("@sports-data/GameReader")<GameReader, GameReaderService>() {}

/** Per-game (or per-week) player stat lines. */
export interface StatLineReaderService {
  /** The page of stat lines matching `query`, in the order of {@link StatLineQuery}, with the total. */
  readonly find: (query: StatLineQuery) => Effect.Effect<Paged<StatLine>, StoreError>
  /**
   * Each of `query.player_ids`' newest `query.per_player` lines of `query.sport` whose game date
   * is strictly before `query.before` (`YYYY-MM-DD`; lines without a date excluded), newest
   * first per player in the "recent" order of {@link StatLineQuery}; players grouped by id. One
   * read however many players (the batched input of as-of projections).
   */
  readonly recentBefore: (query: RecentBeforeQuery) => Effect.Effect<ReadonlyArray<StatLine>, StoreError>
  /**
   * The lines matching `query` summed per player (see {@link LineLeaders}): their count, seasons
   * and positions, and the first `query.limit` players ranked. One read computed by the store
   * (the stored groups of a whole season while fresh, else an indexed aggregate), however many
   * lines match; at most `limit` player rows come back.
   */
  readonly leaders: (query: LineLeadersQuery) => Effect.Effect<LineLeaders, StoreError>
  /**
   * The newest lines matching `query` (see {@link NewestLinesQuery}), in the "recent" order: one
   * indexed read (per player, when `per_player` is given), no count.
   */
  readonly newest: (query: NewestLinesQuery) => Effect.Effect<ReadonlyArray<StatLine>, StoreError>
}
/** The {@link StatLineReaderService} port. */
export class StatLineReader
  extends Context.Tag("@sports-data/StatLineReader")<StatLineReader, StatLineReaderService>()
{}

/** Official reports: injury reports and depth charts. */
export interface ReportReaderService {
  /** The page of injury reports matching `query`, in the order of {@link InjuryQuery}. */
  readonly injuries: (query: InjuryQuery) => Effect.Effect<Paged<InjuryReport>, StoreError>
  /** The page of depth chart slots matching `query`, in the order of {@link DepthChartQuery}. */
  readonly depthCharts: (query: DepthChartQuery) => Effect.Effect<Paged<DepthChartEntry>, StoreError>
}
/** The {@link ReportReaderService} port. */
export class ReportReader extends Context.Tag("@sports-data/ReportReader")<ReportReader, ReportReaderService>() {}

/**
 * Poll ranking filters; rows ordered by season, poll (code units), week (ascending), then rank,
 * then id. `team` matches the team key exactly (case-insensitive); `poll` matches exactly.
 */
export interface RankingQuery {
  readonly sport: TeamSport
  readonly season?: number | undefined
  readonly poll?: string | undefined
  readonly week?: number | undefined
  readonly team?: string | undefined
}

/** Published polls (cfb AP, Coaches, CFP). */
export interface RankingReaderService {
  /** Every poll row matching `query` (no paging: a poll week has 25 rows), in its order. */
  readonly find: (query: RankingQuery) => Effect.Effect<ReadonlyArray<PollRanking>, StoreError>
  /**
   * The newest week of poll `poll` of `sport` held (the greatest season, then its greatest week;
   * within `season` when given), or null when none is held. One indexed probe, no rows read.
   */
  readonly latestWeek: (
    query: { readonly sport: TeamSport; readonly poll: string; readonly season?: number | undefined }
  ) => Effect.Effect<{ readonly season: number; readonly week: number } | null, StoreError>
}
/** The {@link RankingReaderService} port. */
export class RankingReader extends Context.Tag("@sports-data/RankingReader")<RankingReader, RankingReaderService>() {}

/**
 * Event filters (individual and event sports). `date` (`YYYY-MM-DD`; not a calendar date matches
 * nothing) matches events whose [start_date, end_date ?? start_date] contains it (never an undated
 * one); `ids`, `league`, `season` and `state` match exactly; `participant_id` keeps the events
 * where that participant has an entry (a player's record). Rows ordered by season, start_date
 * (undated last), then id (code units), ascending
 * or descending; `limit` rows from `offset`, with the total before paging.
 */
export interface EventQuery {
  readonly sport: EventSport
  readonly league?: string | undefined
  readonly season?: number | undefined
  readonly date?: string | undefined
  readonly state?: string | undefined
  readonly ids?: ReadonlyArray<string> | undefined
  readonly participant_id?: string | undefined
  readonly limit: number
  readonly offset: number
  readonly order: "asc" | "desc"
}

/**
 * Entry filters: the entries of some events, or one participant's entries (both may be given);
 * `position` keeps the entries at that place only (1: the winners); `shares_event_with` keeps
 * the entries of the events where that participant also has an entry (a head to head);
 * `shares_position_with` keeps the entries at the same event and finishing position as one of that
 * participant's entries, theirs included (who shared a place with them: a tie; an entry without a
 * position shares none).
 * Rows ordered by event_id (code units), then position (nulls last), then participant_id;
 * `limit` rows from `offset`, with the total before paging.
 */
export interface EventEntryQuery {
  readonly sport: EventSport
  readonly event_ids?: ReadonlyArray<string> | undefined
  readonly participant_id?: string | undefined
  readonly position?: number | undefined
  readonly shares_event_with?: string | undefined
  readonly shares_position_with?: string | undefined
  readonly limit: number
  readonly offset: number
}

/**
 * One participant's entries in a set of events, summed by the store (EventReader
 * `participantTotals`).
 */
export interface ParticipantTotals {
  readonly participant_id: string
  /** The name on the participant's last entry in the entries' order (event id, then position). */
  readonly participant_name: string
  /** The finishing position of each of the entries, ascending, nulls last (one per entry). */
  readonly positions: ReadonlyArray<number | null>
  /** The sum of the entries' scores (an entry without one counts 0). */
  readonly score: number
  /** The sum of the entries' values of the asked stat (an entry without it counts 0). */
  readonly stat: number
}

/** Events of individual and event sports and their participants' results. */
export interface EventReaderService {
  /** The page of events matching `query`, in the order of {@link EventQuery}, with the total. */
  readonly events: (query: EventQuery) => Effect.Effect<Paged<SportEvent>, StoreError>
  /** The page of entries matching `query`, in the order of {@link EventEntryQuery}, with the total. */
  readonly entries: (query: EventEntryQuery) => Effect.Effect<Paged<EventEntry>, StoreError>
  /**
   * The number of entries of each of `event_ids` of `sport` (an event without entries, or not
   * held, is absent): one indexed aggregate, not the entries (a golf field is about 150).
   */
  readonly entryCounts: (
    sport: EventSport,
    event_ids: ReadonlyArray<string>
  ) => Effect.Effect<ReadonlyMap<string, number>, StoreError>
  /**
   * The entries of `event_ids` of `sport` summed per participant (a points table's input: one
   * aggregate, not the entries; a NASCAR season is about 1,400), with `stat` the key of the
   * entries' stats to sum (e.g. `laps_led`); ordered by participant id (code units).
   */
  readonly participantTotals: (query: {
    readonly sport: EventSport
    readonly event_ids: ReadonlyArray<string>
    readonly stat: string
  }) => Effect.Effect<ReadonlyArray<ParticipantTotals>, StoreError>
}
/** The {@link EventReaderService} port. */
export class EventReader extends Context.Tag("@sports-data/EventReader")<EventReader, EventReaderService>() {}

/**
 * Athlete filters (individual and event sports). `search` matches names containing it by the
 * domain's `nameKey` (accents and case ignored); `name` matches the whole name's `nameKey`
 * exactly; `league` and `ids` match exactly. Rows ordered by name key, then name, then id (code
 * units); `limit` rows from `offset`, with the total before paging.
 */
export interface AthleteQuery {
  readonly sport: EventSport
  readonly league?: string | undefined
  readonly search?: string | undefined
  readonly name?: string | undefined
  readonly ids?: ReadonlyArray<string> | undefined
  readonly limit: number
  readonly offset: number
}

/**
 * Ranking-list filters: one league's lists; `date` (`YYYY-MM-DD`) one list exactly (not a calendar
 * date matches nothing); `athlete_id` one athlete's places. Rows ordered by ranking_date
 * descending, then rank, then athlete_id (code units); `limit` rows from `offset`, with the total.
 */
export interface AthleteRankingQuery {
  readonly sport: EventSport
  readonly league: string
  readonly date?: string | undefined
  readonly athlete_id?: string | undefined
  readonly limit: number
  readonly offset: number
}

/** The athlete directory of the individual and event sports, and their ranking lists. */
export interface AthleteReaderService {
  /** The page of athletes matching `query`, in the order of {@link AthleteQuery}, with the total. */
  readonly find: (query: AthleteQuery) => Effect.Effect<Paged<Athlete>, StoreError>
  /** The athlete with canonical id `id`, or none. */
  readonly get: (id: string) => Effect.Effect<Option.Option<Athlete>, StoreError>
  /** The page of ranking rows matching `query`, in the order of {@link AthleteRankingQuery}. */
  readonly rankings: (query: AthleteRankingQuery) => Effect.Effect<Paged<AthleteRanking>, StoreError>
  /** The dates of `league`'s ranking lists, newest first (no paging: one per week at most). */
  readonly rankingDates: (
    sport: EventSport,
    league: string
  ) => Effect.Effect<ReadonlyArray<string>, StoreError>
}
/** The {@link AthleteReaderService} port. */
export class AthleteReader extends Context.Tag("@sports-data/AthleteReader")<AthleteReader, AthleteReaderService>() {}

/** What the store holds as a whole: per-sport summary, ingest records and the data version. */
export interface CatalogReaderService {
  /** Per-sport counts, seasons, game date range and last update, for every team sport. */
  readonly summary: Effect.Effect<ReadonlyArray<SportSummary>, StoreError>
  /** The record of the last ingestion of a sport, if any. */
  readonly ingestState: (sport: SportKey) => Effect.Effect<Option.Option<IngestState>, StoreError>
  /** The record of the last ingestion of every sport ingested, in one read, by sport. */
  readonly ingestStates: Effect.Effect<ReadonlyMap<SportKey, IngestState>, StoreError>
  /**
   * An opaque version of every canonical row. It changes whenever a write inserts or changes
   * at least one row, and only then; seen by every instance sharing the store (on PostgreSQL it
   * moves in the same transaction as the rows). Ingest records are not part of it. Callers
   * compare versions for equality only; a cache of reads keys on it.
   */
  readonly dataVersion: Effect.Effect<string, StoreError>
}
/** The {@link CatalogReaderService} port. */
export class CatalogReader extends Context.Tag("@sports-data/CatalogReader")<CatalogReader, CatalogReaderService>() {}

/** Every read port: what an application service may ask of the store. */
export type SportsReaders =
  | PlayerReader
  | TeamReader
  | GameReader
  | StatLineReader
  | ReportReader
  | RankingReader
  | EventReader
  | AthleteReader
  | CatalogReader
  | SignalReader
  | ServiceEventReader

/**
 * The query types of the read ports (Readers.ts) and the ingest record the write port stores
 * (Writer.ts): filters, paging and the order each adapter returns rows in. Strings compare by
 * code unit; a null sorts last in either direction.
 * @module
 */
import { type Game, nameKey, type Player, type PlayerStatus, type StatLine } from "../Canonical.js"
import { column, type KeySpec, type SortKey } from "../Paging.js"
import type { SportKey, TeamSport } from "../Sport.js"

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
 * Rows are ordered by the name key of full_name, then full_name (code units), then id
 * ({@link playerKey}); `after` keeps the rows strictly after that key (keyset paging; `total`
 * still counts every match).
 */
export interface PlayerQuery extends Page {
  readonly after?: SortKey | undefined
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
 * by game_date (undated last) then id, ascending or descending ({@link gameKey}); `after` keeps
 * the rows strictly after that key (keyset paging; `total` still counts every match).
 */
export interface GameQuery extends Page {
  readonly after?: SortKey | undefined
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
 * "recent", or by `fantasy_points` descending (nulls last) then id when "fantasy_points"
 * ({@link statLineKey}); `after` keeps the rows strictly after that key (keyset paging; `total`
 * still counts every match).
 */
export interface StatLineQuery extends Page {
  readonly after?: SortKey | undefined
  readonly sport: TeamSport
  readonly player_id?: string | undefined
  readonly season?: number | undefined
  readonly week?: number | undefined
  readonly date?: string | undefined
  readonly team?: string | undefined
  readonly position?: string | undefined
  /** Lines of these players only (one read however many). */
  readonly player_ids?: ReadonlyArray<string> | undefined
  readonly order: "recent" | "fantasy_points"
}

/** The order of {@link PlayerQuery} as a sort key: name key, full name, id (ascending). */
export const playerKey: KeySpec<Player> = {
  columns: [column("string"), column("string"), column("string")],
  of: (p) => [nameKey(p.full_name), p.full_name, p.id]
}

/** The order of {@link GameQuery} as a sort key: game_date (undated last), then id, in `order`. */
export const gameKey = (order: "asc" | "desc"): KeySpec<Game> => ({
  columns: [column("string", order, true), column("string", order)],
  of: (g) => [g.game_date, g.id]
})

/** The orders of {@link StatLineQuery} as sort keys. */
export const statLineKey = (order: "recent" | "fantasy_points"): KeySpec<StatLine> =>
  order === "recent"
    ? {
      columns: [
        column("number", "desc"),
        column("number", "desc", true),
        column("string", "desc", true),
        column("string", "desc")
      ],
      of: (s) => [s.season, s.week, s.game_date, s.id]
    }
    : { columns: [column("number", "desc", true), column("string")], of: (s) => [s.fantasy_points, s.id] }
/** The filters of {@link StatLineQuery} that StatLineReader `leaders` and `newest` take. */
export interface LineGroupQuery {
  readonly sport: TeamSport
  readonly season?: number | undefined
  readonly week?: number | undefined
  readonly team?: string | undefined
  readonly player_ids?: ReadonlyArray<string> | undefined
}

/**
 * StatLineReader `leaders`: the lines of `sport` matching the filters of {@link LineGroupQuery}
 * and, when `positions` is given, whose position (the line's, else its stored player's) is one
 * of `positions` exactly (a line with neither matches none); `limit` players ranked (≥ 0).
 */
export interface LineLeadersQuery extends LineGroupQuery {
  readonly positions?: ReadonlyArray<string> | undefined
  readonly limit: number
}

/** One player's lines among those matching a {@link LineLeadersQuery}. */
export interface LineLeader {
  readonly player_id: string
  /** The player's `full_name`, null when the player is not stored. */
  readonly player_name: string | null
  /** Lines of the player (≥ 1). */
  readonly lines: number
  /** Sum of the lines' fantasy points (default format), a line without points counting 0. */
  readonly fantasy_points: number
  /** 0-based rank of the player's newest line among every matching line, in the "recent" order. */
  readonly first: number
}

/**
 * The answer of StatLineReader `leaders`: what trends and game history read instead of every
 * line (one row per player at most, from the stored groups of a whole season or of one team's
 * season when fresh).
 */
export interface LineLeaders {
  /** Lines matching the query. */
  readonly total: number
  /** The distinct seasons of those lines, ascending. */
  readonly seasons: ReadonlyArray<number>
  /**
   * The distinct positions (the line's, else its stored player's) of the lines matching the
   * query without its `positions`, in code-unit order: what a position filter chooses from.
   */
  readonly positions: ReadonlyArray<string>
  /**
   * The first `limit` players in {@link leaderOrder}.
   */
  readonly leaders: ReadonlyArray<LineLeader>
}

/**
 * A leader's mean fantasy points per line rounded to 9 decimals: the ranking value of
 * StatLineReader `leaders`, rounded so that equal means tie whatever order the sums were added
 * in (a store sums exactly, JavaScript in binary floating point).
 */
export const leaderMean = (l: Pick<LineLeader, "fantasy_points" | "lines">): number =>
  Math.round((l.fantasy_points / l.lines) * 1e9) / 1e9

/**
 * The order of StatLineReader `leaders`: {@link leaderMean} descending, then the name (the
 * player's id when he is not stored) in code-unit order, then `first`.
 */
export const leaderOrder = (a: LineLeader, b: LineLeader): number => {
  const an = a.player_name ?? a.player_id
  const bn = b.player_name ?? b.player_id
  return leaderMean(b) - leaderMean(a) || (an < bn ? -1 : an > bn ? 1 : 0) || a.first - b.first
}

/**
 * StatLineReader `newest`: the lines of `sport` matching the filters of {@link LineGroupQuery}
 * (`team` case-insensitive, the others exactly) and, when `positions` is given, whose position
 * (the line's, else its stored player's) is one of `positions` exactly (a line with neither
 * matches none); in the "recent" order of {@link StatLineQuery}, at most `per_player` lines of
 * each player (his newest; every one when undefined) and at most `limit` lines in all (every one
 * when undefined). A page without a total: what trends, game history and "the latest season"
 * read, so that the store reads the rows answered and counts none.
 */
export interface NewestLinesQuery extends LineGroupQuery {
  readonly positions?: ReadonlyArray<string> | undefined
  readonly per_player?: number | undefined
  readonly limit?: number | undefined
}

/** StatLineReader `recentBefore`: players, the exclusive `YYYY-MM-DD` bound, lines per player (≥ 0). */
export interface RecentBeforeQuery {
  readonly sport: TeamSport
  readonly player_ids: ReadonlyArray<string>
  readonly before: string
  readonly per_player: number
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
 * Record of the last ingestion of a sport: when it finished and the newest modification time
 * (ms since epoch) of the input files it read, so `serve` can tell whether the data changed.
 */
export interface IngestState {
  readonly sport: SportKey
  readonly finished_at: Date
  readonly source_mtime_ms: number
}

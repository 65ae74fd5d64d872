/**
 * The shape of a team sport's module: everything sport-specific, as data and pure functions.
 * Code outside `sports/` asks the registry (`Registry.ts`) instead of branching on a sport key.
 * @module
 */
import type { Game, Team } from "../Canonical.js"
import type { Format } from "../Scoring.js"
import type { TeamSport } from "../Sport.js"
import type { TeamStanding } from "../Standings.js"

/**
 * Standings rules of one league: a pure function from the league's teams and one season's games
 * (any games may be passed; the rules pick those that count) to ordered standing rows, following
 * the league's published procedure (each rules module documents its source).
 */
export interface StandingsRules {
  /** `nfl-wlt`, `nba-wl`, `nhl-points`, ... (shown nowhere; for docs and tests). */
  readonly name: string
  /** The group rows are ranked in: `division`, `conference` or the whole `league`. */
  readonly rankedBy: "division" | "conference" | "league"
  /** Records are written `W-L-T` (nfl, soccer) instead of `W-L`. */
  readonly withTies: boolean
  /**
   * An association football table (docs/vocabulary.md): rows add played, draws, goals and goal
   * difference, records are written W-D-L, and conference, division records and games back are null.
   */
  readonly football?: boolean
  /** Computes the standings of one season (`season` is the season key the games carry). */
  readonly compute: (input: StandingsInput) => ReadonlyArray<TeamStanding>
  /**
   * Why computed rows lack what the league counts, for the answer's `meta.coverage.reason`
   * (nhl: a season whose source has no overtime flag leaves `ot_losses` null); undefined when
   * the rows are complete or the rules have no such gap.
   */
  readonly incomplete?: (rows: ReadonlyArray<TeamStanding>) => string | undefined
}

/** Input of {@link StandingsRules.compute}: the teams of the league and games of one season. */
export interface StandingsInput {
  readonly league: string
  readonly season: number
  readonly teams: ReadonlyArray<Team>
  readonly games: ReadonlyArray<Game>
}

/**
 * One team of a sport's static directory: the canonical abbreviation (the team id `/teams` and
 * games use), the name, and the other names sources write for it (case-insensitive matches).
 */
export interface TeamDirectoryEntry {
  readonly abbr: string
  readonly name: string
  readonly aliases: ReadonlyArray<string>
  readonly conference: string | null
  readonly division: string | null
  /** League keys the team plays in (soccer: epl, champions_league, ...); the sport key otherwise. */
  readonly leagues: ReadonlyArray<string>
}

/**
 * What a team sport serves and computes beyond what every team sport has (teams, players,
 * games, standings). Every list of sports the service uses (parameter value sets, jobs, MCP tool
 * arguments) is derived from these flags (Registry.ts `sportsWith`), never written out.
 */
export interface Capabilities {
  /** Per-game player stat lines are served (`/v1/<sport>/players/{id}/stats`, MCP get_player_stats). */
  readonly stats: boolean
  /**
   * The metrics job stores a row per player (alpha window, average fantasy points, similarity
   * vector; domain Analytics.ts), so `/players/{id}/alpha`, `/players/filter` and
   * `/articles/waiver` accept the sport; without {@link alpha} they answer with `meta.coverage`.
   */
  readonly metrics: boolean
  /**
   * Alpha metrics have their inputs (a playing-time share and an opportunity share beside
   * fantasy points), so consistency_score, momentum_delta and opportunity_ceiling are computed,
   * waiver priority ranks the sport and waiver articles are written.
   */
  readonly alpha: boolean
  /** Players get a similarity vector (`/v1/players/similar/{id}`; Analytics.similarityDimensions). */
  readonly similarity: boolean
  /** Trailing-average projections (`/players/{id}/projection`, MCP get_player_projections). */
  readonly projection: boolean
  /** Trends and game history over the stat lines (`/analytics/trends`, `/games/history`). */
  readonly history: boolean
  /** The newest game of each player gets an anomaly score (its lines carry fantasy points; Anomaly.ts). */
  readonly anomaly: boolean
  /** The model registry trains models of the sport (packages/ingest Models.ts). */
  readonly models: boolean
  /** Signals (news, injuries, trending) are stored and served (domain Signals.ts). */
  readonly signals: boolean
  /** `/v1/<sport>/ecr`, expert consensus rankings, is served (no source has them: it answers with meta.coverage). */
  readonly ecr: boolean
  /** `/v1/<sport>/games/{gameId}/plays`, play-by-play, is served. */
  readonly plays: boolean
  /** `/v1/<sport>/teams/{team}/schedule` is served (teams keyed by a 2-3 letter abbreviation). */
  readonly schedule: boolean
  /** DFS slates and salaries are held (`/v1/<sport>/dfs/...`, the lineup optimizer). */
  readonly dfs: boolean
}

/** Everything sport-specific about one team sport. */
export interface SportModule<S extends TeamSport = TeamSport> {
  readonly key: S
  /** The league's display name, e.g. "National Football League". */
  readonly name: string
  /** The name `/v1/sports` shows, e.g. "NFL", "College Football". */
  readonly shortName: string
  /** What the sport serves and computes beyond every team sport's endpoints. */
  readonly capabilities: Capabilities
  /** League keys of the sport: soccer has six; every other sport one, equal to its key. */
  readonly leagues: ReadonlyArray<string>
  /** The position value set of the sport's player filters (specification). */
  readonly positions: ReadonlyArray<string>
  /**
   * Stored positions (upper case) that cover filter positions other than themselves, e.g. nba
   * `G` covers PG and SG. A stored position always covers itself; hyphenated or slashed mixes
   * ("Guard-Forward") cover what each part covers.
   */
  readonly positionAliases: Readonly<Record<string, ReadonlyArray<string>>>
  /** Keys of `StatLine.stats` for the sport, with units in the module's docs. */
  readonly statKeys: ReadonlyArray<string>
  /** Fantasy scoring formats, the default first; empty when the sport has none. */
  readonly scoring: ReadonlyArray<Format>
  /**
   * Fills stats derivable from others before scoring (mlb singles and quality starts); identity
   * for most sports.
   */
  readonly deriveStats?: (stats: Readonly<Record<string, number | null | undefined>>) => Readonly<
    Record<string, number | null | undefined>
  >
  /** The game states of the sport's value set (specification, "Value sets"). */
  readonly gameStates: ReadonlyArray<string>
  /** Standings rules per league key (every key of `leagues`). */
  readonly standings: Readonly<Record<string, StandingsRules>>
  /** A static team directory where sources disagree on names (soccer); empty when the data has the teams. */
  readonly teams: ReadonlyArray<TeamDirectoryEntry>
}

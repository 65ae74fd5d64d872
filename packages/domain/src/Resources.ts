/**
 * Response resources of the interface specification ("Resources and their fields"), as schemas.
 *
 * Field names, types and nullability follow the specification, with shared/spec/decisions.md
 * winning where they differ. Where the ingested data cannot fill a field the specification types
 * as a plain value, the schema says `NullOr` and the field's docstring says why (for example mlb
 * batting lines, which no source holds). Instants are ISO 8601 strings in UTC (`date-time`); plain
 * dates are `YYYY-MM-DD`.
 *
 * Shapes the specification leaves "not shown" (nfl games and standings extras, team rows,
 * compare profiles, sports list, data status, coverage) are defined here once, additively, so the
 * api contract, the handlers and the typed client share them.
 * @module
 */
import { Schema } from "effect"
import { PlayerStatus, StatValues } from "./Canonical.js"
import { MetaCoverage } from "./Coverage.js"
import { SportKey, TeamSport } from "./Sport.js"

// ---------------------------------------------------------------------------------------------
// Scalars
// ---------------------------------------------------------------------------------------------

/** An ISO 8601 instant in UTC, e.g. `2024-09-08T17:00:00.000Z`. */
export const DateTimeString = Schema.String.annotations({
  identifier: "DateTimeString",
  description: "ISO 8601 date-time (UTC)",
  jsonSchema: { type: "string", format: "date-time" }
})

/** A calendar date `YYYY-MM-DD`. */
export const DateString = Schema.String.pipe(
  Schema.pattern(/^\d{4}-\d{2}-\d{2}$/, { message: () => "expected a date YYYY-MM-DD" })
).annotations({ identifier: "DateString", description: "calendar date YYYY-MM-DD" })

/** An absolute URI. */
export const UriString = Schema.String.annotations({
  identifier: "UriString",
  jsonSchema: { type: "string", format: "uri" }
})

// ---------------------------------------------------------------------------------------------
// The canonical vocabulary (docs/vocabulary.md): the same fields on every row, beside the
// specification's own names for them
// ---------------------------------------------------------------------------------------------

/**
 * The canonical player fields of a row that names one player: `player_id`, the `svc_<sport>_<id>`
 * id every player endpoint of that sport accepts, and `player_name`, the full name.
 */
export const PlayerRef = {
  player_id: Schema.String.annotations({
    description: "Canonical player id (svc_<sport>_<id>), accepted by the sport's player endpoints"
  }),
  player_name: Schema.String.annotations({ description: "The player's full name" })
}

/**
 * The canonical team fields of a row that names one team: `team_id`, the key `/v1/<sport>/teams`
 * lists and `/v1/<sport>/teams/{team}/roster` accepts, and `team_abbr`, the team's real
 * abbreviation (equal to `team_id` where the key is the abbreviation); both null for a player
 * without a team.
 */
export const TeamRef = {
  team_id: Schema.NullOr(Schema.String).annotations({
    description: "The team's key: what /v1/<sport>/teams lists and /v1/<sport>/teams/{team}/roster accepts"
  }),
  team_abbr: Schema.NullOr(Schema.String).annotations({ description: "The team's abbreviation (e.g. KC, LAD, UGA)" })
}

/** The canonical game field of a row that names one game: `game_id`, accepted by odds history, plays and bulk export. */
export const GameRef = {
  game_id: Schema.String.annotations({
    description:
      "The game's id, accepted by /v1/<sport>/odds/history/{gameId}, /v1/<sport>/games/{gameId}/plays and bulk export"
  })
}

// ---------------------------------------------------------------------------------------------
// Envelope and meta
// ---------------------------------------------------------------------------------------------

/**
 * ResponseMeta (specification). `calls_remaining_this_month` and `calls_remaining_today` are the
 * caller's remaining calls after this one; null when the caller's plan has no such ceiling
 * (syndicate_alpha, or the monthly side of enterprise), since no integer is true then.
 * `league` appears only on multi-league endpoints (not served yet).
 */
export const ResponseMeta = Schema.Struct({
  sport: Schema.String,
  league: Schema.optional(Schema.String),
  /** Present when the endpoint's data is not supplied (or only partly) by any source (Coverage.ts). */
  coverage: Schema.optional(MetaCoverage),
  tier: Schema.String,
  calls_remaining_this_month: Schema.NullOr(Schema.Int),
  calls_remaining_today: Schema.NullOr(Schema.Int),
  documentation_url: UriString
}).annotations({ identifier: "ResponseMeta" })
export type ResponseMeta = typeof ResponseMeta.Type

/**
 * The list/detail envelope `{success, endpoint, count, data, meta}` (decisions.md: the
 * `{status: ...}` variant is not used). `count` is the number of rows in `data` (1 for an object).
 */
export const Envelope = <S extends Schema.Schema.Any>(data: S) =>
  Schema.Struct({
    success: Schema.Boolean,
    endpoint: Schema.String,
    count: Schema.Int,
    data,
    meta: ResponseMeta
  })

/**
 * The paginated player-list envelope: the {@link Envelope} plus `total` (rows matching before
 * paging), `offset` and `limit` (echo of the request).
 */
export const PagedEnvelope = <S extends Schema.Schema.Any>(data: S) =>
  Schema.Struct({
    success: Schema.Boolean,
    endpoint: Schema.String,
    count: Schema.Int,
    total: Schema.Int,
    offset: Schema.Int,
    limit: Schema.Int,
    data,
    meta: ResponseMeta
  })

/**
 * `next_cursor` of a list that pages by cursor (domain Paging): pass it as `cursor` for the page
 * after this one; null on the last page. Opaque; bound to the list and its filters.
 */
export const NextCursor = Schema.NullOr(Schema.String).annotations({
  description:
    "pass as cursor to get the page after this one (same filters); null on the last page. Opaque, keyed on the list's order: rows written meanwhile are neither repeated nor skipped"
})

/** The paginated envelope ({@link PagedEnvelope}) of a list that also pages by cursor: plus `next_cursor`. */
export const CursorPagedEnvelope = <S extends Schema.Schema.Any>(data: S) =>
  Schema.Struct({ ...PagedEnvelope(data).fields, next_cursor: NextCursor })

/** The {@link Envelope} of a list that pages by cursor: plus `next_cursor`. */
export const CursorEnvelope = <S extends Schema.Schema.Any>(data: S) =>
  Schema.Struct({ ...Envelope(data).fields, next_cursor: NextCursor })

/**
 * The standard error object (specification, "Errors"): `error_code`, `message`,
 * `documentation_url` always; `upgrade_url` (uri or null); plus the extra fields each error code
 * lists (decisions.md, "Errors not shown").
 */
export const ErrorObject = Schema.Struct(
  {
    error_code: Schema.String,
    message: Schema.String,
    documentation_url: UriString,
    upgrade_url: Schema.optional(Schema.NullOr(UriString))
  },
  Schema.Record({ key: Schema.String, value: Schema.Unknown })
).annotations({ identifier: "ErrorObject" })
export type ErrorObject = typeof ErrorObject.Type

// ---------------------------------------------------------------------------------------------
// Players
// ---------------------------------------------------------------------------------------------

/**
 * PlayerIdentity (specification). Required: playcaller_id (`svc_<sport>_<id>`), full_name,
 * position, team (abbreviation), sport_key. A player without a position or team (free agent)
 * carries an empty string there, as the specification does for unresolved teams in Signal.
 * `team_name`, `conference` and `division` are added on the nfl player detail endpoint.
 */
export const PlayerIdentity = Schema.Struct({
  ...PlayerRef,
  ...TeamRef,
  playcaller_id: Schema.String,
  full_name: Schema.String,
  position: Schema.String,
  team: Schema.String,
  sport_key: TeamSport,
  status: PlayerStatus,
  platform_ids: Schema.Record({ key: Schema.String, value: Schema.String }),
  team_name: Schema.optional(Schema.String),
  conference: Schema.optional(Schema.String),
  division: Schema.optional(Schema.String)
}).annotations({ identifier: "PlayerIdentity" })
export type PlayerIdentity = typeof PlayerIdentity.Type

/** Cross-sport search row (specification): playcaller_id, full_name, position, team, sport, status. */
export const PlayerSearchRow = Schema.Struct({
  ...PlayerRef,
  ...TeamRef,
  playcaller_id: Schema.String,
  full_name: Schema.String,
  position: Schema.String,
  team: Schema.String,
  sport: TeamSport,
  status: PlayerStatus
}).annotations({ identifier: "PlayerSearchRow" })
export type PlayerSearchRow = typeof PlayerSearchRow.Type

/**
 * MLBPlayer (specification). Required: id (`svc_mlb_<id>`), full_name, position (SP, RP, C, 1B,
 * 2B, 3B, SS, OF, DH as the source gives it), team (3-letter), status. `first_name` and
 * `last_name` are present when the source has them.
 */
export const MLBPlayer = Schema.Struct({
  ...PlayerRef,
  ...TeamRef,
  id: Schema.String,
  full_name: Schema.String,
  first_name: Schema.optional(Schema.String),
  last_name: Schema.optional(Schema.String),
  position: Schema.String,
  team: Schema.String,
  status: PlayerStatus
}).annotations({ identifier: "MLBPlayer" })
export type MLBPlayer = typeof MLBPlayer.Type

/**
 * Batting object of an mlb stat line. The specification types h, r, hr, rbi, sb, bb as integers;
 * no ingested source has per-batter game lines (shared/data README, "Coverage by need"), so each
 * is null where the line lacks it. `ab` and `pa` appear on the player-stats endpoint only.
 */
export const MLBBatting = Schema.Struct({
  h: Schema.NullOr(Schema.Int),
  r: Schema.NullOr(Schema.Int),
  hr: Schema.NullOr(Schema.Int),
  rbi: Schema.NullOr(Schema.Int),
  sb: Schema.NullOr(Schema.Int),
  bb: Schema.NullOr(Schema.Int),
  ab: Schema.optional(Schema.NullOr(Schema.Int)),
  pa: Schema.optional(Schema.NullOr(Schema.Int))
}).annotations({ identifier: "MLBBatting" })
export type MLBBatting = typeof MLBBatting.Type

/**
 * Pitching object of an mlb stat line: `ip` in baseball notation as a string ("6.2" = 6 innings
 * and 2 outs); w, k, sv, hld, er integers. `hld` is null: no ingested source records holds.
 */
export const MLBPitching = Schema.Struct({
  ip: Schema.String,
  w: Schema.NullOr(Schema.Int),
  k: Schema.NullOr(Schema.Int),
  sv: Schema.NullOr(Schema.Int),
  hld: Schema.NullOr(Schema.Int),
  er: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "MLBPitching" })
export type MLBPitching = typeof MLBPitching.Type

/**
 * MLBPlayerStats (specification): a per-game stat line (player-stats endpoint) or a leaders row.
 * - `rank`, `id`, `player_name`: leaders endpoint only (null on player stats).
 * - `game_pk`, `is_starter`, `last_updated`: player-stats endpoint only (null on leaders).
 * - `stat_date`: the game date as a date-time at 00:00 UTC.
 * - `fantasy_points`: FanDuel points (decisions.md) as a decimal string, null when the line lacks
 *   a stat the format needs.
 * - `pitching`: null when the player did not pitch in the game.
 */
export const MLBPlayerStats = Schema.Struct({
  ...PlayerRef,
  ...TeamRef,
  game_id: Schema.NullOr(Schema.String),
  rank: Schema.NullOr(Schema.Int),
  id: Schema.NullOr(Schema.String),
  player_name: Schema.NullOr(Schema.String),
  team: Schema.String,
  position: Schema.String,
  stat_date: DateTimeString,
  game_pk: Schema.NullOr(Schema.String),
  fantasy_points: Schema.NullOr(Schema.String),
  is_final: Schema.Boolean,
  is_starter: Schema.NullOr(Schema.Boolean),
  last_updated: Schema.NullOr(DateTimeString),
  batting: MLBBatting,
  pitching: Schema.NullOr(MLBPitching)
}).annotations({ identifier: "MLBPlayerStats" })
export type MLBPlayerStats = typeof MLBPlayerStats.Type

/** Player summary that accompanies `/v1/mlb/players/{id}/stats` (full_name, team, position). */
export const PlayerSummary = Schema.Struct({
  ...PlayerRef,
  ...TeamRef,
  id: Schema.String,
  full_name: Schema.String,
  team: Schema.String,
  position: Schema.String
}).annotations({ identifier: "PlayerSummary" })
export type PlayerSummary = typeof PlayerSummary.Type

/**
 * Mlb category row (specification): rank, id, player_name, team, position, value, stat_date;
 * up to 10 per category. `value` is a count, except innings pitched, given in baseball notation
 * as a number (6.2 = 6 innings and 2 outs) and ranked by outs.
 */
export const MLBCategoryRow = Schema.Struct({
  ...PlayerRef,
  ...TeamRef,
  rank: Schema.Int,
  id: Schema.String,
  player_name: Schema.String,
  team: Schema.String,
  position: Schema.String,
  value: Schema.Number,
  stat_date: DateTimeString
}).annotations({ identifier: "MLBCategoryRow" })
export type MLBCategoryRow = typeof MLBCategoryRow.Type

/** `/v1/mlb/scoring/categories` payload: the date and the top rows of each category. */
export const MLBScoringCategories = Schema.Struct({
  stat_date: Schema.NullOr(DateTimeString),
  home_runs: Schema.Array(MLBCategoryRow),
  rbi: Schema.Array(MLBCategoryRow),
  stolen_bases: Schema.Array(MLBCategoryRow),
  runs: Schema.Array(MLBCategoryRow),
  walks: Schema.Array(MLBCategoryRow),
  innings_pitched: Schema.Array(MLBCategoryRow),
  strikeouts: Schema.Array(MLBCategoryRow),
  saves: Schema.Array(MLBCategoryRow)
}).annotations({ identifier: "MLBScoringCategories" })
export type MLBScoringCategories = typeof MLBScoringCategories.Type

/**
 * Nfl per-game stats row (specification, under HistoricalGameRecord): season, week, yards and
 * touchdowns, receptions, `snap_pct` (percent 0-100), `target_share` (fraction 0-1), `air_yards`
 * (yards), `fantasy_points` (ppr, null when the line lacks a stat ppr needs). `game_id`, `team`,
 * `opponent` and `fantasy_points_formats` (points by every format) are additive.
 */
export const NflStatsRow = Schema.Struct({
  ...TeamRef,
  game_id: Schema.NullOr(Schema.String),
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  team: Schema.NullOr(Schema.String),
  opponent: Schema.NullOr(Schema.String),
  passing_yards: Schema.NullOr(Schema.Int),
  passing_tds: Schema.NullOr(Schema.Int),
  rushing_yards: Schema.NullOr(Schema.Int),
  rushing_tds: Schema.NullOr(Schema.Int),
  receiving_yards: Schema.NullOr(Schema.Int),
  receiving_tds: Schema.NullOr(Schema.Int),
  receptions: Schema.NullOr(Schema.Int),
  snap_pct: Schema.NullOr(Schema.Number),
  target_share: Schema.NullOr(Schema.Number),
  air_yards: Schema.NullOr(Schema.Number),
  passing_completions: Schema.NullOr(Schema.Int),
  passing_attempts: Schema.NullOr(Schema.Int),
  interceptions: Schema.NullOr(Schema.Int),
  rushing_attempts: Schema.NullOr(Schema.Int).annotations({ description: "Carries" }),
  targets: Schema.NullOr(Schema.Int),
  fumbles_lost: Schema.NullOr(Schema.Int),
  fantasy_points: Schema.NullOr(Schema.Number),
  fantasy_points_formats: Schema.Record({ key: Schema.String, value: Schema.Number })
}).annotations({ identifier: "NflStatsRow" })
export type NflStatsRow = typeof NflStatsRow.Type

/**
 * Nba per-game row (specification, under HistoricalGameRecord): game_date, season (the year the
 * season starts: 2023 = 2023-24), counting stats, `minutes_played` (minutes), `usage_rate`
 * (percent 0-100 or null), `is_starter` (null: no source records starters), `is_back_to_back`
 * (played the previous calendar day), `fantasy_points` (FanDuel, decisions.md).
 */
export const NbaStatsRow = Schema.Struct({
  ...TeamRef,
  game_id: Schema.NullOr(Schema.String),
  game_date: Schema.NullOr(DateString),
  season: Schema.Int,
  team: Schema.NullOr(Schema.String),
  opponent: Schema.NullOr(Schema.String),
  points: Schema.NullOr(Schema.Int),
  rebounds: Schema.NullOr(Schema.Int),
  assists: Schema.NullOr(Schema.Int),
  steals: Schema.NullOr(Schema.Int),
  blocks: Schema.NullOr(Schema.Int),
  turnovers: Schema.NullOr(Schema.Int),
  minutes_played: Schema.NullOr(Schema.Number),
  usage_rate: Schema.NullOr(Schema.Number),
  is_starter: Schema.NullOr(Schema.Boolean),
  is_back_to_back: Schema.Boolean,
  fantasy_points: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "NbaStatsRow" })
export type NbaStatsRow = typeof NbaStatsRow.Type

/**
 * Nba game-log row: the per-game row with the shooting lines and the game's result from the
 * team's side (`result` W or L, `team_score`, `opponent_score`; null when the game is not in the
 * store), `home` (true at home, null when unknown) and `plus_minus`.
 */
export const NbaGameLogRow = Schema.Struct({
  ...NbaStatsRow.fields,
  home: Schema.NullOr(Schema.Boolean),
  result: Schema.NullOr(Schema.Literal("W", "L")),
  team_score: Schema.NullOr(Schema.Int),
  opponent_score: Schema.NullOr(Schema.Int),
  field_goals_made: Schema.NullOr(Schema.Int),
  field_goals_attempted: Schema.NullOr(Schema.Int),
  three_pointers_made: Schema.NullOr(Schema.Int),
  three_pointers_attempted: Schema.NullOr(Schema.Int),
  free_throws_made: Schema.NullOr(Schema.Int),
  free_throws_attempted: Schema.NullOr(Schema.Int),
  offensive_rebounds: Schema.NullOr(Schema.Int),
  defensive_rebounds: Schema.NullOr(Schema.Int),
  personal_fouls: Schema.NullOr(Schema.Int),
  plus_minus: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "NbaGameLogRow" })
export type NbaGameLogRow = typeof NbaGameLogRow.Type

/**
 * NHL per-game row (not shown in the specification; named after the NHL's box score): skater
 * counts, `toi_minutes` (time on ice, minutes), and goalie `shots_against`, `saves`,
 * `goals_against`, `save_pct` (fraction 0-1); null where the line lacks the value (a goalie has
 * no faceoffs, a skater no saves).
 */
export const NhlStatsRow = Schema.Struct({
  ...TeamRef,
  game_id: Schema.NullOr(Schema.String),
  game_date: Schema.NullOr(Schema.String),
  season: Schema.Int,
  team: Schema.NullOr(Schema.String),
  opponent: Schema.NullOr(Schema.String),
  position: Schema.NullOr(Schema.String),
  goals: Schema.NullOr(Schema.Int),
  assists: Schema.NullOr(Schema.Int),
  points: Schema.NullOr(Schema.Int),
  shots: Schema.NullOr(Schema.Int),
  hits: Schema.NullOr(Schema.Int),
  blocked_shots: Schema.NullOr(Schema.Int),
  pp_points: Schema.NullOr(Schema.Int),
  toi_minutes: Schema.NullOr(Schema.Number),
  shots_against: Schema.NullOr(Schema.Int),
  saves: Schema.NullOr(Schema.Int),
  goals_against: Schema.NullOr(Schema.Int),
  save_pct: Schema.NullOr(Schema.Number),
  fantasy_points: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "NhlStatsRow" })
export type NhlStatsRow = typeof NhlStatsRow.Type

/**
 * A game-log row of a sport without a specified shape (cfb; not shown in the specification): the
 * game, the result from the player's team's side when the game is held, and every stat of the
 * line under the sport's stat keys (units in the sport module; null where the source lacks it).
 */
export const GameLogRow = Schema.Struct({
  ...TeamRef,
  game_id: Schema.NullOr(Schema.String),
  game_date: Schema.NullOr(Schema.String),
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  team: Schema.NullOr(Schema.String),
  opponent: Schema.NullOr(Schema.String),
  position: Schema.NullOr(Schema.String),
  home: Schema.NullOr(Schema.Boolean),
  result: Schema.NullOr(Schema.Literal("W", "L", "T")),
  team_score: Schema.NullOr(Schema.Int),
  opponent_score: Schema.NullOr(Schema.Int),
  stats: StatValues
}).annotations({ identifier: "GameLogRow" })
export type GameLogRow = typeof GameLogRow.Type

// ---------------------------------------------------------------------------------------------
// Games
// ---------------------------------------------------------------------------------------------

/**
 * MLBGame side: MLBAM team id (integer; null when the store holds no MLBAM id for the team),
 * team name, runs (null before the game is scored).
 */
export const MLBGameTeam = Schema.Struct({
  ...TeamRef,
  id: Schema.NullOr(Schema.Int),
  name: Schema.String,
  score: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "MLBGameTeam" })

/** MLB game state value set (specification, "Value sets"). */
export const MLBGameState = Schema.Literal("pre_game", "scheduled", "in_progress", "final", "completed", "postponed")
export type MLBGameState = typeof MLBGameState.Type

/** Game state of the other sports (specification, "Value sets"). */
export const GameState = Schema.Literal("scheduled", "in_progress", "final")
export type GameState = typeof GameState.Type

/**
 * MLBGame (specification).
 * - `game_pk` as a string; `game_date` the game's date at 00:00 UTC (null when unknown); `game_time` the first pitch
 *   (null when the source has no start time).
 * - `inning`, `inning_state`: null outside live games (no live feed is ingested).
 * - `lineup_posted`: true once lineups are known; a final game had its lineups.
 * - `status_code`: MLB Stats API abstract code (S scheduled, P pre-game, I in progress,
 *   F final, O completed / game over, D postponed).
 * - `last_polled`: when the data was last ingested.
 */
export const MLBGame = Schema.Struct({
  ...GameRef,
  game_pk: Schema.String,
  game_date: Schema.NullOr(DateTimeString),
  game_time: Schema.NullOr(DateTimeString),
  state: Schema.String,
  home_team: MLBGameTeam,
  away_team: MLBGameTeam,
  inning: Schema.NullOr(Schema.Int),
  inning_state: Schema.NullOr(Schema.String),
  lineup_posted: Schema.Boolean,
  is_final: Schema.Boolean,
  status_code: Schema.String,
  last_polled: DateTimeString
}).annotations({ identifier: "MLBGame" })
export type MLBGame = typeof MLBGame.Type

/**
 * Game side (nba, cfb, soccer; used for nfl too): team id (the league's id, or the abbreviation
 * when unknown), name, abbr, logo (null: no logo source is ingested), score (null until scored).
 */
export const GameTeam = Schema.Struct({
  ...TeamRef,
  id: Schema.String,
  name: Schema.String,
  abbr: Schema.String,
  logo: Schema.NullOr(UriString),
  score: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "GameTeam" })

/**
 * Game (specification; nba, cfb, soccer). `game_date` is the game's date at 00:00 UTC (null
 * where no source has it: cfb 2022);
 * `game_time` the start instant, null when the source has none. `period`, `period_label`,
 * `clock`, `broadcast` are null outside live games (no live feed is ingested); `league` is null
 * (soccer only).
 */
export const Game = Schema.Struct({
  ...GameRef,
  event_id: Schema.String,
  league: Schema.NullOr(Schema.String),
  game_date: Schema.NullOr(DateTimeString),
  game_time: Schema.NullOr(DateTimeString),
  state: Schema.String,
  home_team: GameTeam,
  away_team: GameTeam,
  period: Schema.NullOr(Schema.Int),
  period_label: Schema.NullOr(Schema.String),
  clock: Schema.NullOr(Schema.String),
  venue: Schema.NullOr(Schema.String),
  broadcast: Schema.NullOr(Schema.String),
  is_final: Schema.Boolean,
  last_polled: DateTimeString
}).annotations({ identifier: "Game" })
export type Game = typeof Game.Type

/**
 * Nfl game row (fields "not shown" in the specification): the {@link Game} shape plus `season`,
 * `week`, `season_type` (REG, POST, PRE) and the closing `spread_line` / `total_line` (points,
 * home-team perspective as nflverse gives it) when the source has them.
 */
export const NflGame = Schema.Struct({
  ...Game.fields,
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  season_type: Schema.NullOr(Schema.String),
  spread_line: Schema.NullOr(Schema.Number),
  total_line: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "NflGame" })
export type NflGame = typeof NflGame.Type

// ---------------------------------------------------------------------------------------------
// Teams and standings
// ---------------------------------------------------------------------------------------------

/**
 * Nfl or nba team row: abbreviation, full_name, conference, division, `player_count` (players on
 * the roster in the store) and `roster_url` (path of the roster endpoint; nba row per the
 * specification, nfl rows take the same shape).
 */
export const TeamRow = Schema.Struct({
  ...TeamRef,
  abbreviation: Schema.String,
  full_name: Schema.String,
  conference: Schema.NullOr(Schema.String),
  division: Schema.NullOr(Schema.String),
  player_count: Schema.Int,
  roster_url: Schema.String
}).annotations({ identifier: "TeamRow" })
export type TeamRow = typeof TeamRow.Type

/**
 * Mlb team row (specification): abbreviation, full_name, roster_size (players in the store),
 * active_players (status active), positions (distinct positions on the roster, sorted); plus
 * `league` (AL, NL) and `division` when known.
 */
export const MLBTeamRow = Schema.Struct({
  ...TeamRef,
  abbreviation: Schema.String,
  full_name: Schema.String,
  league: Schema.NullOr(Schema.String),
  division: Schema.NullOr(Schema.String),
  roster_size: Schema.Int,
  active_players: Schema.Int,
  positions: Schema.Array(Schema.String)
}).annotations({ identifier: "MLBTeamRow" })
export type MLBTeamRow = typeof MLBTeamRow.Type

/**
 * Standing (specification; nba, cfb, soccer; nfl and mlb take the same shape).
 * - `rank`: place in the group the sport's standings are listed by (nfl and mlb: division;
 *   nba: conference), after the league's tiebreakers (see Standings.ts).
 * - `ties`: nfl only (tie games); absent elsewhere.
 * - `win_pct`: 0-1, three decimals; nfl counts a tie as half a win and half a loss.
 * - `games_back`: games behind the group leader, "-" for the leader.
 * - `streak`: current run, e.g. W3, L1 (T for an nfl tie).
 * - `home_record`, `away_record`, `conf_record`: "W-L" ("W-L-T" for nfl); mlb's conference is its
 *   league. `div_record` is additive.
 * - `points_for`, `points_against`: points (runs for mlb) in the games counted.
 * - `tiebreaker`: additive; the tiebreak step that placed the team above the next team with the
 *   same win_pct, null when no tie had to be broken.
 * - Leagues ranked by points (additive): `points` (nhl 2 per win and 1 per overtime or shootout
 *   loss; soccer 3 per win and 1 per draw, after deductions), `ot_losses` and `regulation_wins`
 *   (nhl; null where the source cannot tell overtime from regulation), `points_deducted` (soccer:
 *   points taken off by the league body; 0 when none). `league` on soccer rows.
 * - Soccer in soccer terms (additive, docs/vocabulary.md): `played`, `draws` (also in `ties`),
 *   `goals_for`, `goals_against` (also `points_for`, `points_against`), `goal_difference`, and
 *   `record`, `home_record`, `away_record` written W-D-L; `conf_record`, `div_record` and
 *   `games_back` are null (a league table has no conferences and ranks by points).
 */
export const Standing = Schema.Struct({
  rank: Schema.Int,
  league: Schema.optional(Schema.String),
  ties: Schema.optional(Schema.NullOr(Schema.Int)),
  team_id: Schema.String,
  team_name: Schema.String,
  team_abbr: Schema.String,
  team_logo: Schema.NullOr(UriString),
  conference: Schema.NullOr(Schema.String),
  division: Schema.NullOr(Schema.String),
  wins: Schema.Int,
  losses: Schema.Int,
  win_pct: Schema.Number,
  games_back: Schema.NullOr(Schema.String),
  streak: Schema.NullOr(Schema.String),
  home_record: Schema.NullOr(Schema.String),
  away_record: Schema.NullOr(Schema.String),
  conf_record: Schema.NullOr(Schema.String),
  div_record: Schema.NullOr(Schema.String),
  points_for: Schema.NullOr(Schema.Number),
  points_against: Schema.NullOr(Schema.Number),
  points: Schema.optional(Schema.NullOr(Schema.Int)),
  ot_losses: Schema.optional(Schema.NullOr(Schema.Int)),
  regulation_wins: Schema.optional(Schema.NullOr(Schema.Int)),
  points_deducted: Schema.optional(Schema.Int),
  played: Schema.optional(Schema.Int),
  draws: Schema.optional(Schema.Int),
  goals_for: Schema.optional(Schema.Int),
  goals_against: Schema.optional(Schema.Int),
  goal_difference: Schema.optional(Schema.Int),
  record: Schema.optional(Schema.String),
  tiebreaker: Schema.NullOr(Schema.String),
  last_updated: Schema.NullOr(DateTimeString)
}).annotations({ identifier: "Standing" })
export type Standing = typeof Standing.Type

/** CFBRanking (specification). */
export const CFBRanking = Schema.Struct({
  rank: Schema.Int,
  team_id: Schema.String,
  team_name: Schema.String,
  team_abbr: Schema.String,
  record: Schema.String,
  points: Schema.NullOr(Schema.Int),
  first_place_votes: Schema.NullOr(Schema.Int),
  prev_rank: Schema.NullOr(Schema.Int),
  week: Schema.Int
}).annotations({ identifier: "CFBRanking" })
export type CFBRanking = typeof CFBRanking.Type

// ---------------------------------------------------------------------------------------------
// History and signals
// ---------------------------------------------------------------------------------------------

/**
 * HistoricalGameRecord (specification). `week` nfl and nba only (null for mlb); `game_date` real
 * for mlb, always null for nfl; `fantasy_points` numeric as a string; batting fields mlb only.
 */
export const HistoricalGameRecord = Schema.Struct({
  ...PlayerRef,
  ...TeamRef,
  game_id: Schema.NullOr(Schema.String),
  id: Schema.Int,
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  game_date: Schema.NullOr(DateTimeString),
  sport_key: Schema.String,
  player_name: Schema.String,
  team: Schema.String,
  position: Schema.String,
  opponent: Schema.NullOr(Schema.String),
  fantasy_points: Schema.String,
  passing_yards: Schema.NullOr(Schema.Int),
  passing_tds: Schema.NullOr(Schema.Int),
  rushing_yards: Schema.NullOr(Schema.Int),
  rushing_tds: Schema.NullOr(Schema.Int),
  receiving_yards: Schema.NullOr(Schema.Int),
  receiving_tds: Schema.NullOr(Schema.Int),
  receptions: Schema.NullOr(Schema.Int),
  snap_pct: Schema.NullOr(Schema.Int),
  target_share: Schema.NullOr(Schema.Number),
  air_yards: Schema.NullOr(Schema.Number),
  batting_h: Schema.NullOr(Schema.Int),
  batting_r: Schema.NullOr(Schema.Int),
  batting_hr: Schema.NullOr(Schema.Int),
  batting_rbi: Schema.NullOr(Schema.Int),
  batting_sb: Schema.NullOr(Schema.Int),
  batting_bb: Schema.NullOr(Schema.Int),
  batting_ab: Schema.NullOr(Schema.Int),
  pitching_ip: Schema.NullOr(Schema.Number),
  pitching_w: Schema.NullOr(Schema.Int),
  pitching_k: Schema.NullOr(Schema.Int),
  pitching_sv: Schema.NullOr(Schema.Int),
  pitching_hld: Schema.NullOr(Schema.Int),
  pitching_er: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "HistoricalGameRecord" })
export type HistoricalGameRecord = typeof HistoricalGameRecord.Type

/** HistoricalTrend (specification), one per player. */
export const HistoricalTrend = Schema.Struct({
  ...PlayerRef,
  ...TeamRef,
  team: Schema.String,
  position: Schema.String,
  sport: Schema.String,
  games_in_sample: Schema.Int,
  avg_fantasy_points: Schema.Number,
  recent_game: HistoricalGameRecord,
  all_games: Schema.Array(HistoricalGameRecord)
}).annotations({ identifier: "HistoricalTrend" })
export type HistoricalTrend = typeof HistoricalTrend.Type

/** Stored signal types (decisions.md, "Signals"). */
export const SignalType = Schema.Literal(
  "injury_update",
  "ir_placement",
  "return_from_injury",
  "depth_chart_change",
  "role_expansion",
  "role_reduction",
  "practice_report"
)
export type SignalType = typeof SignalType.Type

/** Signal severity, reflecting fantasy impact (specification, "Value sets"). */
export const Severity = Schema.Literal("high", "medium", "low")
export type Severity = typeof Severity.Type

/**
 * Signal (beat reporter signal; specification). Required: id, player_name, team (often an empty
 * string), signal_type, severity, title, summary, source. `published_at` is returned by
 * /intelligence/news only, `reported_at` by /intelligence/injuries only; `confidence_score` is an
 * integer 0..75 for nfl signals, null otherwise (decisions.md, "Models").
 */
export const Signal = Schema.Struct({
  id: Schema.Int,
  /** The canonical id of the player the signal names; null when it names no player the service holds. */
  player_id: Schema.NullOr(Schema.String),
  player_name: Schema.String,
  ...TeamRef,
  team: Schema.String,
  sport: Schema.optional(TeamSport),
  signal_type: SignalType,
  severity: Severity,
  title: Schema.String,
  summary: Schema.String,
  source: Schema.String,
  source_url: Schema.optional(Schema.NullOr(UriString)),
  published_at: Schema.optional(Schema.NullOr(DateTimeString)),
  reported_at: Schema.optional(Schema.NullOr(DateTimeString)),
  confidence_score: Schema.optional(Schema.NullOr(Schema.Int.pipe(Schema.between(0, 75))))
}).annotations({ identifier: "Signal" })
export type Signal = typeof Signal.Type

// ---------------------------------------------------------------------------------------------
// Account and platform
// ---------------------------------------------------------------------------------------------

/** Reference limits of one tier in `tier_limits` (null = no ceiling). */
export const TierLimits = Schema.Struct({
  requests_per_minute: Schema.NullOr(Schema.Int),
  daily_calls: Schema.NullOr(Schema.Int),
  monthly_calls: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "TierLimits" })

/** One row of `endpoint_breakdown`: calls and mean latency (ms) of an endpoint over 30 days. */
export const EndpointBreakdownRow = Schema.Struct({
  endpoint: Schema.String,
  calls: Schema.Int,
  avg_ms: Schema.Number,
  last_call: DateTimeString
}).annotations({ identifier: "EndpointBreakdownRow" })

/**
 * UsageStats (GET /daas/usage; specification). `key_prefix` is the first 12 characters of the key
 * and three dots; the full key is never returned. `endpoint_breakdown` is an array. The counts
 * are the ones admission keeps (the call reading them included); a ceiling the plan does not
 * have (syndicate_alpha: none) is null, and so is what remains of it.
 */
export const UsageStats = Schema.Struct({
  success: Schema.Boolean,
  key_prefix: Schema.String,
  tier: Schema.String,
  tier_limits: Schema.Record({ key: Schema.String, value: TierLimits }),
  is_trial: Schema.Boolean,
  trial_starts_at: Schema.NullOr(DateTimeString),
  trial_ends_at: Schema.NullOr(DateTimeString),
  trial_days_remaining: Schema.NullOr(Schema.Int),
  requests_today: Schema.Int,
  daily_limit: Schema.NullOr(Schema.Int),
  daily_remaining: Schema.NullOr(Schema.Int),
  calls_this_period: Schema.Int,
  calls_this_month: Schema.Int,
  calls_limit_month: Schema.NullOr(Schema.Int),
  calls_remaining: Schema.NullOr(Schema.Int),
  rate_limit_per_min: Schema.NullOr(Schema.Int),
  rate_limit_remaining: Schema.NullOr(Schema.Int),
  reset_at: Schema.NullOr(DateTimeString),
  upgrade_url: Schema.NullOr(UriString),
  endpoint_breakdown: Schema.Array(EndpointBreakdownRow)
}).annotations({ identifier: "UsageStats" })
export type UsageStats = typeof UsageStats.Type

/**
 * One window of `/daas/rate-limit-status`: its ceiling (null = none), calls counted in it, what
 * remains (null = unlimited), and when it resets (the minute window is sliding: when its oldest
 * call leaves it; day at 00:00 UTC; month at 00:00 UTC on the 1st).
 */
export const RateLimitWindow = Schema.Struct({
  limit: Schema.NullOr(Schema.Int),
  used: Schema.Int,
  remaining: Schema.NullOr(Schema.Int),
  resets_at: Schema.NullOr(DateTimeString)
}).annotations({ identifier: "RateLimitWindow" })

/** `/daas/rate-limit-status`: the live headroom of the caller's key in each window. */
export const RateLimitStatus = Schema.Struct({
  success: Schema.Boolean,
  key_prefix: Schema.String,
  tier: Schema.String,
  minute: RateLimitWindow,
  day: RateLimitWindow,
  month: RateLimitWindow
}).annotations({ identifier: "RateLimitStatus" })
export type RateLimitStatus = typeof RateLimitStatus.Type

/**
 * `/daas/key-info`: one key of the caller's owner by its 12-character prefix (decisions.md): tier,
 * state, trial dates, created and last used. Never the key or its hash.
 */
export const KeyInfo = Schema.Struct({
  success: Schema.Boolean,
  key_prefix: Schema.String,
  tier: Schema.String,
  state: Schema.String,
  is_trial: Schema.Boolean,
  trial_starts_at: Schema.NullOr(DateTimeString),
  trial_ends_at: Schema.NullOr(DateTimeString),
  created_at: DateTimeString,
  last_used_at: Schema.NullOr(DateTimeString)
}).annotations({ identifier: "KeyInfo" })
export type KeyInfo = typeof KeyInfo.Type

/**
 * PublicStats (GET /api/public/stats; specification): active_users (active, unexpired API keys),
 * active_signals (signals held), players_tracked (players in the store), sports_covered (sports
 * with ingested players), platforms (distinct external platforms in player id maps).
 */
export const PublicStats = Schema.Struct({
  active_users: Schema.Int,
  active_signals: Schema.Int,
  players_tracked: Schema.Int,
  sports_covered: Schema.Int,
  platforms: Schema.Int
}).annotations({ identifier: "PublicStats" })
export type PublicStats = typeof PublicStats.Type

/**
 * A row of `/v1/sports`: the sport key, its display name, whether this service holds its data,
 * and the endpoint paths served for it (empty when not available).
 */
export const SportInfo = Schema.Struct({
  sport: Schema.String,
  name: Schema.String,
  available: Schema.Boolean,
  endpoints: Schema.Array(Schema.String)
}).annotations({ identifier: "SportInfo" })
export type SportInfo = typeof SportInfo.Type

/**
 * The health of a sport's live feed in `/v1/data/status` (domain Live.ts `FeedHealth`):
 * `upstream` (`nhl-web`, `mlb-statsapi`, `espn`), `status` (`idle`: no game watched, nothing
 * polled; `ok`; `degraded`: failing, retried with backoff; `open`: circuit open after repeated
 * failures, no poll before `circuit_open_until`), `consecutive_failures`, `last_error`, the last
 * success, failure and poll, the next poll allowed, counts of polls and failures, and the upstream
 * games of the last successful poll that matched no stored game (`unmatched`, never guessed).
 */
export const LiveFeedStatus = Schema.Struct({
  upstream: Schema.String,
  status: Schema.Literal("idle", "ok", "degraded", "open"),
  consecutive_failures: Schema.Int,
  last_error: Schema.NullOr(Schema.String),
  last_success_at: Schema.NullOr(DateTimeString),
  last_failure_at: Schema.NullOr(DateTimeString),
  last_polled_at: Schema.NullOr(DateTimeString),
  next_poll_at: Schema.NullOr(DateTimeString),
  circuit_open_until: Schema.NullOr(DateTimeString),
  polls: Schema.Int,
  failures: Schema.Int,
  unmatched: Schema.Array(Schema.Struct({
    upstream_id: Schema.String,
    date: Schema.String,
    away: Schema.String,
    home: Schema.String,
    reason: Schema.String
  }))
}).annotations({ identifier: "LiveFeedStatus" })
export type LiveFeedStatus = typeof LiveFeedStatus.Type

/**
 * A row of `/v1/data/status`: per-sport counts and freshness. `last_ingested_at` is when the
 * sport's last ingestion finished (null if never); `source_updated_at` the newest modification
 * time of its input files at that ingestion; `last_game_date` the newest game date held;
 * `last_signal_update` the time of the sport's newest signal (null when it has none).
 *
 * Loading (the server ingests in the background after it starts listening): `state` is
 * `pending` (queued), `ingesting`, `ready` or `failed` (the last attempt failed; the next refresh
 * pass tries again); `serving` says whether requests for the sport are answered (false only while
 * a sport never ingested before is loading: those answer 503 SERVICE_UNAVAILABLE with
 * Retry-After). `ingest` is the progress of this process's current or last ingestion of the
 * sport (source files read of those listed, source rows read, start and end, the error of a
 * failed attempt); null when this process has not ingested it. Where nothing tracks progress (a
 * library), `state` is `ready` for an ingested sport and `pending` for one never ingested.
 * `live` is the health of the sport's live feed (null for a sport never polled).
 */
export const DataStatusRow = Schema.Struct({
  sport: SportKey,
  players: Schema.Int,
  teams: Schema.Int,
  games: Schema.Int,
  stat_lines: Schema.Int,
  last_ingested_at: Schema.NullOr(DateTimeString),
  source_updated_at: Schema.NullOr(DateTimeString),
  last_game_date: Schema.NullOr(DateString),
  last_signal_update: Schema.NullOr(DateTimeString),
  state: Schema.Literal("pending", "ingesting", "ready", "failed"),
  serving: Schema.Boolean,
  ingest: Schema.NullOr(Schema.Struct({
    files_read: Schema.Int,
    files_total: Schema.NullOr(Schema.Int),
    rows_read: Schema.Int,
    started_at: Schema.NullOr(DateTimeString),
    finished_at: Schema.NullOr(DateTimeString),
    error: Schema.NullOr(Schema.String)
  })),
  live: Schema.NullOr(LiveFeedStatus)
}).annotations({ identifier: "DataStatusRow" })
export type DataStatusRow = typeof DataStatusRow.Type

/**
 * What one endpoint of a sport answers (Coverage.ts): `endpoint` is the path, `available` false
 * when no source supplies it (`reason` says why), else `reason` a known limit or null, and
 * `seasons` the seasons it covers where narrower than the sport's.
 */
export const EndpointCoverageRow = Schema.Struct({
  endpoint: Schema.String,
  available: Schema.Boolean,
  reason: Schema.NullOr(Schema.String),
  seasons: Schema.NullOr(Schema.Array(Schema.Int))
}).annotations({ identifier: "EndpointCoverageRow" })
export type EndpointCoverageRow = typeof EndpointCoverageRow.Type

/**
 * The last download of one file of a dataset (`sources sync`, recorded in the data directory's
 * `.sources-sync.json`): the validators the server sent with it (`etag`, `last_modified`, an HTTP
 * date; null when not sent), the SHA-256 of the stored bytes (hex), and `synced_at`, when that
 * content was received (a later check answered 304 Not Modified records nothing). The URL it came
 * from is not shown (a mirror may be an operator's private host); `upstream` names the publisher's.
 */
export const SourceFileSync = Schema.Struct({
  file: Schema.String,
  etag: Schema.NullOr(Schema.String),
  last_modified: Schema.NullOr(Schema.String),
  sha256: Schema.String,
  synced_at: DateTimeString
}).annotations({ identifier: "SourceFileSync" })
export type SourceFileSync = typeof SourceFileSync.Type

/**
 * What `sources sync` recorded of a dataset: `last_synced_at`, the newest download of its files;
 * `sha256`, the dataset's content hash (SHA-256, hex, of one line `<file> <file sha256>` per
 * recorded file, sorted by name: it changes when any file's content changes); and each recorded file.
 */
export const SourceSync = Schema.Struct({
  last_synced_at: DateTimeString,
  sha256: Schema.String,
  files: Schema.Array(SourceFileSync)
}).annotations({ identifier: "SourceSync" })
export type SourceSync = typeof SourceSync.Type

/**
 * A source dataset a sport reads (the source registry, SourceRegistry.ts): `id` is its folder in
 * the data directory; its `publisher`, `repository`, and `upstream`, the URL pattern of the
 * publisher's public distribution; `licence` as the publisher states it ("none stated" when it
 * states none), `attribution` the credit line, `attribution_required` when the licence asks for
 * credit (CC BY, ODC-By, ODbL), `commercial_use` false when the licence forbids it (CC BY-NC),
 * null when no licence is stated (rights unknown), true otherwise; `cadence`, the hours between
 * checks of the upstream while a sport reading it is in season and off season; `manual`, why the
 * publisher's copy cannot be fetched as is (null when it can, or from a mirror); `sync`, what the
 * last sync recorded, null when the data directory holds no record of it (then `sync_reason` says
 * why, e.g. a data directory assembled by hand).
 */
export const SourceRow = Schema.Struct({
  id: Schema.String,
  publisher: Schema.String,
  repository: Schema.String,
  upstream: Schema.String,
  licence: Schema.String,
  attribution: Schema.String,
  attribution_required: Schema.Boolean,
  commercial_use: Schema.NullOr(Schema.Boolean),
  cadence: Schema.Struct({ in_season_hours: Schema.Number, off_season_hours: Schema.Number }).annotations({
    identifier: "SourceCadence"
  }),
  manual: Schema.NullOr(Schema.String),
  sync: Schema.NullOr(SourceSync),
  sync_reason: Schema.NullOr(Schema.String)
}).annotations({ identifier: "SourceRow" })
export type SourceRow = typeof SourceRow.Type

/**
 * A row of `/v1/meta/coverage`: the historical coverage held for a sport, what each of its
 * endpoints can answer, and each source dataset it reads with its licence and last sync.
 */
export const CoverageRow = Schema.Struct({
  sport: SportKey,
  endpoints: Schema.Array(EndpointCoverageRow),
  sources: Schema.Array(SourceRow),
  seasons: Schema.Array(Schema.Int),
  first_game_date: Schema.NullOr(DateString),
  last_game_date: Schema.NullOr(DateString),
  games: Schema.Int,
  stat_lines: Schema.Int,
  players: Schema.Int,
  teams: Schema.Int
}).annotations({ identifier: "CoverageRow" })
export type CoverageRow = typeof CoverageRow.Type

/**
 * One side of `/v1/players/compare`: the player's identity and a summary of the most recent
 * season with stat lines: `season` (null when no lines), `games`, `fantasy_points_total` and
 * `fantasy_points_avg` (default format of the sport, over lines that have points; null when none),
 * and `averages`: per-game mean of each stat key of the sport over the lines that have it.
 */
export const ComparedPlayer = Schema.Struct({
  player: PlayerSearchRow,
  season: Schema.NullOr(Schema.Int),
  games: Schema.Int,
  fantasy_points_total: Schema.NullOr(Schema.Number),
  fantasy_points_avg: Schema.NullOr(Schema.Number),
  averages: Schema.Record({ key: Schema.String, value: Schema.Number })
}).annotations({ identifier: "ComparedPlayer" })
export type ComparedPlayer = typeof ComparedPlayer.Type

/**
 * A depth-chart change (specification lists the endpoint; fields not shown): a player's move on a
 * team's depth chart at `position` (the slot: QB, RB, WR...), from `previous_depth` to `depth`
 * (1 = starter; null when the player entered or left the chart), with the date range the source
 * supports: `range_start` the last day the old slot was seen, `range_end` the day of the chart
 * that shows the change; `changed_at` is the time of that chart. `change_type`: dropped, added,
 * promoted, demoted. `id` is the signal's.
 */
export const DepthChartChange = Schema.Struct({
  id: Schema.Int,
  player_id: Schema.NullOr(Schema.String),
  player_name: Schema.String,
  ...TeamRef,
  team: Schema.String,
  position: Schema.NullOr(Schema.String),
  formation: Schema.NullOr(Schema.String),
  change_type: Schema.Literal("dropped", "added", "promoted", "demoted"),
  previous_depth: Schema.NullOr(Schema.Int),
  depth: Schema.NullOr(Schema.Int),
  range_start: DateString,
  range_end: DateString,
  changed_at: DateTimeString,
  severity: Severity,
  summary: Schema.String
}).annotations({ identifier: "DepthChartChange" })
export type DepthChartChange = typeof DepthChartChange.Type

/**
 * `POST /mcp/start-trial`: a new active sandbox key, shown this once (only its hash is stored),
 * with its 12-character prefix and the 14-day trial window.
 */
export const TrialKey = Schema.Struct({
  success: Schema.Boolean,
  key: Schema.String,
  key_prefix: Schema.String,
  tier: Schema.String,
  trial_starts_at: Schema.NullOr(DateTimeString),
  trial_ends_at: Schema.NullOr(DateTimeString)
}).annotations({ identifier: "TrialKey" })
export type TrialKey = typeof TrialKey.Type

/**
 * `POST /daas/trial/start`: the sign-up was accepted; an activation link is on its way to the
 * address, valid `activation_link_valid_hours` (24). Never the key, and the same answer whether or
 * not the address already has a key.
 */
export const TrialStarted = Schema.Struct({
  success: Schema.Boolean,
  message: Schema.String,
  tier: Schema.String,
  activation_link_valid_hours: Schema.Int
}).annotations({ identifier: "TrialStarted" })
export type TrialStarted = typeof TrialStarted.Type

/**
 * One event of a key's audit trail (`GET /v1/audit/events`): `id` (`aud_...`), `action`
 * (domain ports/AuditStore.ts: key.created, key.activated, key.registered, key.revoked,
 * webhook.created, webhook.deleted, webhook.deactivated, webhook.delivery_replayed; the set may
 * grow), `occurred_at` (UTC), `actor` (operator, owner or system), `key_prefix` (12 characters
 * and "...") and flat `details` (no key, secret or e-mail address).
 */
export const AuditEventResource = Schema.Struct({
  id: Schema.String,
  action: Schema.String,
  occurred_at: DateTimeString,
  actor: Schema.String,
  key_prefix: Schema.String,
  details: Schema.Record({
    key: Schema.String,
    value: Schema.Union(Schema.String, Schema.Number, Schema.Boolean, Schema.Null)
  })
}).annotations({ identifier: "AuditEvent" })
export type AuditEventResource = typeof AuditEventResource.Type

/** `POST /daas/register-key`: the caller's key (by prefix) and the owner address now linked to it. */
export const RegisteredKey = Schema.Struct({
  success: Schema.Boolean,
  key_prefix: Schema.String,
  tier: Schema.String,
  email: Schema.String
}).annotations({ identifier: "RegisteredKey" })
export type RegisteredKey = typeof RegisteredKey.Type

// ---------------------------------------------------------------------------------------------
// Intelligence views over signals (app Signals.ts)
// ---------------------------------------------------------------------------------------------

/**
 * Trending row (specification): `tag` the player the signals name, `category` the news filter
 * group of most of them (injury, depth_chart, role_shift, practice_report, return_to_practice),
 * `relevance_score` 0-1 (this tag's signal count over the top tag's), `scraped_at` the newest of
 * its signals, `expires_at` two hours later (the specification's refresh period), and
 * `signal_count` the signals counted.
 */
export const TrendingTopic = Schema.Struct({
  tag: Schema.String,
  sport: Schema.String,
  category: Schema.String,
  relevance_score: Schema.Number,
  scraped_at: DateTimeString,
  expires_at: DateTimeString,
  signal_count: Schema.Int
}).annotations({ identifier: "TrendingTopic" })
export type TrendingTopic = typeof TrendingTopic.Type

/**
 * A row of `/v1/players/trending`: a recent role shift (snap share in percent 0-100 against the
 * mean of the three games before, `delta_points` the difference in percentage points) and the
 * game's fantasy points (default format).
 */
export const TrendingPlayer = Schema.Struct({
  player_id: Schema.NullOr(Schema.String),
  player_name: Schema.String,
  ...TeamRef,
  team: Schema.String,
  position: Schema.NullOr(Schema.String),
  sport: Schema.String,
  direction: Schema.Literal("up", "down"),
  snap_pct: Schema.Number,
  trailing_snap_pct: Schema.Number,
  delta_points: Schema.Number,
  fantasy_points: Schema.NullOr(Schema.Number),
  season: Schema.NullOr(Schema.Int),
  week: Schema.NullOr(Schema.Int),
  game_at: DateTimeString,
  signal_id: Schema.Int
}).annotations({ identifier: "TrendingPlayer" })
export type TrendingPlayer = typeof TrendingPlayer.Type

/**
 * `/v1/{sport}/teams/{team}/roster-pulse`: the team's injured players (as in team injuries), and
 * its role shifts and depth chart moves of the 28 days up to its newest signal
 * (`window_start`..`window_end`), each list by severity then newest first.
 */
export const RosterPulse = Schema.Struct({
  ...TeamRef,
  team: Schema.String,
  sport: Schema.String,
  window_start: Schema.NullOr(DateTimeString),
  window_end: Schema.NullOr(DateTimeString),
  injuries: Schema.Array(Signal),
  role_shifts: Schema.Array(Signal),
  depth_moves: Schema.Array(Signal)
}).annotations({ identifier: "RosterPulse" })
export type RosterPulse = typeof RosterPulse.Type

/**
 * Canonical rows that ingestion writes and the API reads, one shape for every sport.
 *
 * Sport-specific numbers live in `stats` under the keys of {@link StatKeys}; values are plain
 * numbers in the unit the key names (yards, points, outs, percent 0-100 or fraction 0-1 as
 * stated) or null when the source does not have them. Dates without a time are `YYYY-MM-DD`
 * strings (the local date of the game as the league lists it); instants are `Date` (UTC).
 * @module
 */
import { Schema } from "effect"
import { EventSport, type SportKey, TeamSport } from "./Sport.js"

/**
 * True when `value` is a real calendar date written `YYYY-MM-DD` (2024-02-30 is not). The one
 * check of the `YYYY-MM-DD` convention above, used by ingestion, the stores and the API params.
 */
export const isCalendarDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const time = Date.parse(`${value}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value
}

/** Player status value set (specification, "Value sets"). */
export const PlayerStatus = Schema.Literal("active", "injured", "inactive")
export type PlayerStatus = typeof PlayerStatus.Type

/** True for a plain object whose every own value is a number or null (see {@link StatValues}). */
const isStatValues = (u: unknown): u is { readonly [stat: string]: number | null } => {
  if (typeof u !== "object" || u === null || Array.isArray(u)) return false
  for (const value of Object.values(u)) if (value !== null && typeof value !== "number") return false
  return true
}

/**
 * Stat values by stat name, `{ [stat]: number | null }` (a stat line's or an event entry's
 * `stats`): what `Schema.Record({ key: Schema.String, value: Schema.NullOr(Schema.Number) })`
 * accepts, documented the same way, but checked in one pass over the values instead of one parse
 * per key: a line carries about 50 stats and a read decodes hundreds of lines (456 nfl lines:
 * 8-9 ms with the record, about 2 ms with this).
 */
export const StatValues = Schema.declare(isStatValues, {
  description: "stat values by stat name (numbers, null where the source lacks the value)",
  jsonSchema: {
    type: "object",
    required: [],
    properties: {},
    additionalProperties: { anyOf: [{ type: "number" }, { type: "null" }] }
  }
})

/** Free-form sport-specific attributes (height, college, jersey, game lines...), JSON-serialisable. */
export const Attributes = Schema.Record({ key: Schema.String, value: Schema.Unknown })
export type Attributes = typeof Attributes.Type

/**
 * A canonical player identity.
 * - `id`: `svc_<sport>_<id>`, stable across runs and sources (see each ingest adapter for `<id>`).
 * - `platform_ids`: platform name (sleeper, espn, yahoo, mfl, fantasypros, nfl, pfr, gsis,
 *   sportradar, mlbam, retro, bbref, fangraphs, nba, ...) to that platform's id, as a string.
 * - `team`: current team abbreviation, or null for a free agent or unknown.
 */
export const Player = Schema.Struct({
  id: Schema.String,
  sport: TeamSport,
  full_name: Schema.String,
  first_name: Schema.NullOr(Schema.String),
  last_name: Schema.NullOr(Schema.String),
  position: Schema.NullOr(Schema.String),
  team: Schema.NullOr(Schema.String),
  status: PlayerStatus,
  birth_date: Schema.NullOr(Schema.String),
  platform_ids: Schema.Record({ key: Schema.String, value: Schema.String }),
  attributes: Attributes
})
export type Player = typeof Player.Type

/**
 * The key players are searched and ordered by: Unicode NFD, combining diacritical marks
 * (U+0300–U+036F) removed, then each character lowercased on its own. So "Luka Dončić",
 * "LUKA DONCIC" and "luka doncic" share the key `luka doncic`, and "Óscar" sorts with "oscar".
 *
 * Lowercasing character by character (no context rules such as the final sigma) is what
 * PostgreSQL's `lower()` does under a UTF-8 LC_CTYPE; the SQL adapter computes the same key as
 * `lower(regexp_replace(normalize(full_name, NFD), '[\u0300-\u036f]', '', 'g'))`. Letters that
 * do not decompose (Ø, Ł, Đ, ß) stay distinct from their base letter.
 */
export const nameKey = (name: string): string =>
  Array.from(name.normalize("NFD").replace(/[\u0300-\u036f]/g, ""), (c) => c.toLowerCase()).join("")

/**
 * A hyphenated slug of a name for ids: accents removed, lower case, the characters `dropped`
 * matches removed, every other run of characters outside a-z and 0-9 one hyphen, none at the
 * ends ("Auger-Aliassime F." -> "auger-aliassime-f"; with `dropped` /['.’]/g, "A.J. Allmendinger"
 * -> "aj-allmendinger").
 */
export const slugOf = (text: string, dropped?: RegExp): string => {
  const plain = text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
  return (dropped === undefined ? plain : plain.replace(dropped, "")).replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")
}

/** A team of a sport, keyed by (sport, abbr). `external_id` is the league's own id when known. */
export const Team = Schema.Struct({
  sport: TeamSport,
  abbr: Schema.String,
  name: Schema.String,
  conference: Schema.NullOr(Schema.String),
  division: Schema.NullOr(Schema.String),
  external_id: Schema.NullOr(Schema.String),
  attributes: Attributes
})
export type Team = typeof Team.Type

/**
 * A game.
 * - `id`: the league's game id as a string (nfl `2024_01_BAL_KC`, nba `0022300061`, mlb game_pk).
 * - `state`: mlb pre_game | scheduled | in_progress | final | completed | postponed; other sports
 *   scheduled | in_progress | final (specification, "Value sets").
 * - `league`: the league key where the sport has several (soccer: epl, mls, la_liga, bundesliga,
 *   serie_a, champions_league); the sport key otherwise.
 * - `season`: the year the season starts (nba 2024 = 2024-25, soccer 2024 = 2024-25, mls 2025).
 * - `week`: nfl and cfb week, soccer matchday; null where the sport has none.
 * - `game_date`: the local date of the game, or null where no source has it (cfb 2022 results
 *   come without dates); such games sort after dated ones.
 * - `season_type`: REG, POST or PRE where the source distinguishes them, else null.
 * - `home_team`, `away_team`: the team abbreviations `/teams` lists (Team.abbr).
 * - `attributes`: extras such as `spread_line`, `total_line` (points), `overtime`, `neutral_site`;
 *   nhl `result_type` ("regulation" | "overtime" | "shootout", absent when the source cannot tell);
 *   `live`, on a game a live feed polled: period, clock, inning, lineup and `last_polled` (Live.ts
 *   `LiveDetails`; written by the pollers, kept by the ingest).
 */
export const Game = Schema.Struct({
  id: Schema.String,
  sport: TeamSport,
  league: Schema.String,
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  season_type: Schema.NullOr(Schema.String),
  game_date: Schema.NullOr(Schema.String),
  start_time: Schema.NullOr(Schema.DateFromSelf),
  state: Schema.String,
  home_team: Schema.String,
  away_team: Schema.String,
  home_score: Schema.NullOr(Schema.Int),
  away_score: Schema.NullOr(Schema.Int),
  venue: Schema.NullOr(Schema.String),
  attributes: Attributes
})
export type Game = typeof Game.Type

/**
 * One player's line in one game (or one week, for nfl sources keyed by week).
 * - `id`: deterministic, `<player_id>:<game_id>` or `<player_id>:<season>:<week>` when the
 *   source has no game id, so a re-ingest updates the same row.
 * - `stats`: keys of {@link StatKeys} for the sport; null where the source lacks the value.
 * - `fantasy_points`: points in the sport's default format (nfl ppr, nba and mlb FanDuel), or
 *   null when the line lacks a stat the format needs.
 * - `fantasy_points_formats`: points by every format of the sport (see Scoring).
 */
export const StatLine = Schema.Struct({
  id: Schema.String,
  sport: TeamSport,
  player_id: Schema.String,
  game_id: Schema.NullOr(Schema.String),
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  game_date: Schema.NullOr(Schema.String),
  team: Schema.NullOr(Schema.String),
  opponent: Schema.NullOr(Schema.String),
  position: Schema.NullOr(Schema.String),
  is_starter: Schema.NullOr(Schema.Boolean),
  stats: StatValues,
  fantasy_points: Schema.NullOr(Schema.Number),
  fantasy_points_formats: Schema.Record({ key: Schema.String, value: Schema.Number })
})
export type StatLine = typeof StatLine.Type

/**
 * An official injury report entry (nfl weekly reports). `report_status` is the game status
 * (Out, Doubtful, Questionable, ...); `practice_status` the practice participation.
 */
export const InjuryReport = Schema.Struct({
  id: Schema.String,
  sport: TeamSport,
  player_id: Schema.String,
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  team: Schema.NullOr(Schema.String),
  report_status: Schema.NullOr(Schema.String),
  practice_status: Schema.NullOr(Schema.String),
  primary_injury: Schema.NullOr(Schema.String),
  secondary_injury: Schema.NullOr(Schema.String),
  reported_at: Schema.NullOr(Schema.DateFromSelf)
})
export type InjuryReport = typeof InjuryReport.Type

/** A depth chart slot: `depth` 1 is the starter at `depth_position` in that week's chart. */
export const DepthChartEntry = Schema.Struct({
  id: Schema.String,
  sport: TeamSport,
  player_id: Schema.String,
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  team: Schema.String,
  position: Schema.NullOr(Schema.String),
  depth_position: Schema.NullOr(Schema.String),
  depth: Schema.NullOr(Schema.Int),
  formation: Schema.NullOr(Schema.String)
})
export type DepthChartEntry = typeof DepthChartEntry.Type

/**
 * One team's place in one published poll of one week (cfb AP, Coaches, CFP).
 * - `id`: `<season>:<poll>:<week>:<team>`, stable across runs.
 * - `poll`: `ap`, `coaches` or `cfp`; `week`: the poll week (the final poll has the source's week).
 * - `team`: Team.abbr of the sport; `points` and `first_place_votes` null where the poll has none.
 * - `record`: the team's W-L record as the poll shows it, or derived from games; null if unknown.
 * - `prev_rank`: the team's rank in the same poll the previous week, null when unranked then.
 */
export const PollRanking = Schema.Struct({
  id: Schema.String,
  sport: TeamSport,
  season: Schema.Int,
  poll: Schema.String,
  week: Schema.Int,
  rank: Schema.Int,
  team: Schema.String,
  team_name: Schema.String,
  points: Schema.NullOr(Schema.Int),
  first_place_votes: Schema.NullOr(Schema.Int),
  record: Schema.NullOr(Schema.String),
  prev_rank: Schema.NullOr(Schema.Int)
})
export type PollRanking = typeof PollRanking.Type

/**
 * An event of an individual or event sport: a tennis match, a golf tournament, a UFC fight, a
 * Formula 1 or NASCAR race. Its participants and their results are {@link EventEntry} rows.
 * - `id`: the source's event id, or a stable id derived from it (`<tour>:<season>:<...>`).
 * - `league`: tour or series (atp, wta, pga, ufc, f1, cup); `season` the year.
 * - `start_date`, `end_date`: `YYYY-MM-DD` (end null for one-day events); `start_date` null where
 *   the source has no date (NASCAR races); `state` as games.
 * - `attributes`: surface, round, course, circuit, weight class, laps...
 */
export const SportEvent = Schema.Struct({
  id: Schema.String,
  sport: EventSport,
  league: Schema.String,
  season: Schema.Int,
  name: Schema.String,
  start_date: Schema.NullOr(Schema.String),
  end_date: Schema.NullOr(Schema.String),
  state: Schema.String,
  venue: Schema.NullOr(Schema.String),
  attributes: Attributes
})
export type SportEvent = typeof SportEvent.Type

/**
 * One participant of an event and their result.
 * - `id`: `<event_id>:<participant_id>`.
 * - `participant_id`: canonical player id (`svc_<sport>_<id>`) of the athlete or driver.
 * - `position`: finishing place (1 = winner; tennis: 1 winner, 2 loser), null when none (a DNF
 *   without a classification, a cut golfer where the source gives no place).
 * - `status`: `finished`, `won`, `lost`, `cut`, `withdrawn`, `dnf`, `disqualified`... as the sport names it.
 * - `score`: the sport's headline number (golf total strokes, race points), null when none.
 * - `stats`: sport-specific numbers (aces, rounds, laps led...), null where the source lacks them.
 */
export const EventEntry = Schema.Struct({
  id: Schema.String,
  sport: EventSport,
  event_id: Schema.String,
  participant_id: Schema.String,
  participant_name: Schema.String,
  team: Schema.NullOr(Schema.String),
  position: Schema.NullOr(Schema.Int),
  status: Schema.NullOr(Schema.String),
  score: Schema.NullOr(Schema.Number),
  stats: StatValues
})
export type EventEntry = typeof EventEntry.Type

/**
 * A participant of an individual or event sport (a tennis player, a UFC fighter): the athlete
 * directory that events' entries point at (`EventEntry.participant_id`).
 * - `id`: `svc_<sport>_<id>`, the source's most stable id (tennis `atp-104925`, the tour then the
 *   Sackmann player id; UFC the ufcstats fighter hash). A name that no source id could be linked
 *   to keeps an id of its own derived from the name as written (see each ingest adapter).
 * - `league`: the tour the athlete plays (tennis atp | wta), the sport key otherwise.
 * - `name`: the full name as the source writes it; `first_name`, `last_name` null when unknown.
 * - `country`: IOC or ISO alpha-3 code as the source gives it, null when unknown.
 * - `birth_date`: `YYYY-MM-DD` or null.
 * - `attributes`: sport-specific facts: tennis `hand` (R | L | U), `height_cm`, `wikidata_id`;
 *   UFC `nickname`, `height_in`, `reach_in`, `weight_lb`, `stance`, `url`; `linked_by` on a
 *   name linked across sources (how it was linked).
 */
export const Athlete = Schema.Struct({
  id: Schema.String,
  sport: EventSport,
  league: Schema.String,
  name: Schema.String,
  first_name: Schema.NullOr(Schema.String),
  last_name: Schema.NullOr(Schema.String),
  country: Schema.NullOr(Schema.String),
  birth_date: Schema.NullOr(Schema.String),
  attributes: Attributes
})
export type Athlete = typeof Athlete.Type

/**
 * One athlete's place in one published ranking list (tennis ATP / WTA singles rankings).
 * - `id`: `<league>:<ranking_date>:<rank>:<athlete_id>`, stable across runs.
 * - `ranking_date`: `YYYY-MM-DD`, the Monday the list was published (or the date of the snapshot
 *   the source took, see Coverage).
 * - `points`: ranking points, null when the list has none.
 */
export const AthleteRanking = Schema.Struct({
  id: Schema.String,
  sport: EventSport,
  league: Schema.String,
  ranking_date: Schema.String,
  rank: Schema.Int,
  athlete_id: Schema.String,
  points: Schema.NullOr(Schema.Number)
})
export type AthleteRanking = typeof AthleteRanking.Type

/**
 * Per-sport summary of what the store holds, for `/v1/data/status` and `/v1/meta/coverage`. For
 * an event sport, `games` counts its events (matches, tournaments, fights, races), `stat_lines`
 * their result entries, `players` the distinct participants with a result, `teams` the distinct
 * teams entries name (F1 constructors, NASCAR teams; 0 where none), and the dates are the
 * events' start dates.
 */
export interface SportSummary {
  readonly sport: SportKey
  readonly players: number
  readonly teams: number
  readonly games: number
  readonly stat_lines: number
  readonly seasons: ReadonlyArray<number>
  readonly first_game_date: string | null
  readonly last_game_date: string | null
  readonly last_updated: Date | null
}

/** Counts of one batch upsert: rows new, rows changed in place, rows identical to what was stored. */
export interface UpsertResult {
  readonly inserted: number
  readonly updated: number
  readonly unchanged: number
}

/**
 * Tennis response resources (the specification leaves their fields "not shown"; these follow its
 * style: snake_case, ISO 8601 dates, ids `svc_tennis_<id>`).
 * @module
 */
import { Schema } from "effect"
import { DateString, GameRef, PlayerRef } from "../Resources.js"

/** `tournament_week`: `date` is the tournament's start date (2022-2024); `day`: the match day. */
export const DatePrecision = Schema.Literal("tournament_week", "day")

/** A player as a match names them: canonical id, name, country (IOC), rank and seed then. */
export const MatchPlayer = Schema.Struct({
  ...PlayerRef,
  id: Schema.String,
  name: Schema.String,
  country: Schema.NullOr(Schema.String),
  rank: Schema.NullOr(Schema.Int),
  seed: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "TennisMatchPlayer" })
export type MatchPlayer = typeof MatchPlayer.Type

/**
 * A tour-level singles match. `date` with `date_precision`; `score` winner first ("7-6(5) 6-4"),
 * null when the source has none; `outcome` completed | retired | walkover | default.
 */
export const Match = Schema.Struct({
  ...GameRef,
  id: Schema.String,
  tour: Schema.String,
  season: Schema.Int,
  date: Schema.NullOr(DateString),
  date_precision: DatePrecision,
  state: Schema.String,
  tournament: Schema.String,
  tournament_id: Schema.NullOr(Schema.String),
  level: Schema.NullOr(Schema.String),
  surface: Schema.NullOr(Schema.String),
  round: Schema.NullOr(Schema.String),
  best_of: Schema.NullOr(Schema.Int),
  venue: Schema.NullOr(Schema.String),
  winner: MatchPlayer,
  loser: MatchPlayer,
  score: Schema.NullOr(Schema.String),
  outcome: Schema.String,
  minutes: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "TennisMatch" })
export type Match = typeof Match.Type

/** One place of a ranking list. */
export const Ranking = Schema.Struct({
  rank: Schema.Int,
  player_id: Schema.String,
  player_name: Schema.String,
  country: Schema.NullOr(Schema.String),
  points: Schema.NullOr(Schema.Number),
  tour: Schema.String,
  ranking_date: DateString
}).annotations({ identifier: "TennisRanking" })
export type Ranking = typeof Ranking.Type

/** A player of the directory. `hand` R | L | U (unknown); `height_cm` null when unknown. */
export const Player = Schema.Struct({
  ...PlayerRef,
  id: Schema.String,
  name: Schema.String,
  tour: Schema.String,
  country: Schema.NullOr(Schema.String),
  birth_date: Schema.NullOr(DateString),
  hand: Schema.NullOr(Schema.String),
  height_cm: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "TennisPlayer" })
export type Player = typeof Player.Type

/** Wins of each player on one surface. */
export const SurfaceSplit = Schema.Struct({
  surface: Schema.String,
  player1_wins: Schema.Int,
  player2_wins: Schema.Int
}).annotations({ identifier: "TennisSurfaceSplit" })

/** Head to head of two players: wins each (every match held), by surface, and the matches newest first (up to `limit`). */
export const HeadToHead = Schema.Struct({
  player1: Player,
  player2: Player,
  total_matches: Schema.Int,
  player1_wins: Schema.Int,
  player2_wins: Schema.Int,
  by_surface: Schema.Array(SurfaceSplit),
  matches: Schema.Array(Match)
}).annotations({ identifier: "TennisHeadToHead" })
export type HeadToHead = typeof HeadToHead.Type

/** One match of a player's game log, from the player's side: result won | lost, the opponent. */
export const GameLogRow = Schema.Struct({
  ...GameRef,
  match_id: Schema.String,
  date: Schema.NullOr(DateString),
  date_precision: DatePrecision,
  tour: Schema.String,
  tournament: Schema.String,
  surface: Schema.NullOr(Schema.String),
  round: Schema.NullOr(Schema.String),
  result: Schema.Literal("won", "lost"),
  opponent: MatchPlayer,
  rank: Schema.NullOr(Schema.Int),
  score: Schema.NullOr(Schema.String),
  outcome: Schema.String
}).annotations({ identifier: "TennisGameLogRow" })
export type GameLogRow = typeof GameLogRow.Type

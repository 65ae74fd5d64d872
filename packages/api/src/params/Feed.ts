/**
 * Parameters of the dossier endpoints (specification, "Cross-sport, intelligence, DFS and bulk"):
 * `/v1/feed` (player, team, sport), `/v1/articles/waiver` (sport, week, season, limit) and the
 * body of `POST /v1/batch/signals` (ids, as `POST /v1/batch/players`).
 * @module
 */
import { Sports, TeamSport } from "@sports-data/domain"
import { Schema } from "effect"
import { intBetween, limitParam, type LimitSpec, oneOf, seasonParam, TeamKey, Text } from "./Common.js"

/**
 * `GET /v1/feed`: player (required: name or canonical id), team (to tell players of one name
 * apart: the sport's team key, an abbreviation, a cfb CFBD id or a soccer slug), sport.
 */
export const FeedParams = Schema.Struct({
  player: Text,
  team: Schema.optional(TeamKey),
  sport: Schema.optional(oneOf(TeamSport.literals))
})

/** Waiver articles per call: default 10, at most 50. */
export const ArticlesLimit: LimitSpec = { default: 10, max: 50 }

/**
 * `GET /v1/articles/waiver`: sport (required: a sport with stored metrics, the registry's
 * `metrics`: nfl, mlb, nba as the specification names them, and nhl; a sport without `alpha`,
 * mlb, answers with meta.coverage), week (nfl, 1 to 18; default the newest), season, limit.
 */
export const ArticlesParams = Schema.Struct({
  sport: oneOf(Sports.sportsWith("metrics")),
  week: Schema.optional(intBetween(1, 18, { description: "nfl week, 1 to 18 (default: the newest stored)" })),
  season: seasonParam,
  limit: limitParam(ArticlesLimit)
})

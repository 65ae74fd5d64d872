/**
 * Parameters of the mlb endpoints (specification, "Endpoints / MLB" and "Parameter limits").
 * @module
 */
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import {
  cursorParam,
  DateParam,
  limitParam,
  type LimitSpec,
  offsetParam,
  oneOf,
  seasonParam,
  SportLimits,
  StatusParam,
  TeamAbbr,
  Text
} from "./Common.js"

/**
 * Limits (specification, "Parameter limits"): players 1 to 200, default 50; player stats default
 * 30, max 200; games default 30, max 100; scoring leaders default 25, max 100.
 */
export const MlbLimits = {
  players: SportLimits.players,
  stats: { default: 30, max: SportLimits.statsMax },
  games: { default: 30, max: SportLimits.gamesMax },
  leaders: { default: 25, max: 100 }
} as const satisfies Record<string, LimitSpec>

/** Rows per category of `/v1/mlb/scoring/categories` (specification: up to 10). */
export const MLB_CATEGORY_ROWS = 10

/** Positions of the mlb player filter (specification). */
export const MlbPosition = oneOf(["SP", "RP", "C", "1B", "2B", "3B", "SS", "OF", "DH"])

/** MLB game states (specification, "Value sets"; the domain's Resources.MLBGameState). */
export const MlbGameState = oneOf(Resources.MLBGameState.literals)

/** `GET /v1/mlb/players`: position, team, status, search, limit (1 to 200, default 50), offset. */
export const MlbPlayersParams = Schema.Struct({
  position: Schema.optional(MlbPosition),
  team: Schema.optional(TeamAbbr),
  status: Schema.optional(StatusParam),
  search: Schema.optional(Text),
  limit: limitParam(MlbLimits.players),
  offset: offsetParam,
  cursor: cursorParam
})

/** `GET /v1/mlb/players/{id}/stats`: date (YYYY-MM-DD); limit (default 30, max 200). */
export const MlbPlayerStatsParams = Schema.Struct({
  date: Schema.optional(DateParam),
  limit: limitParam(MlbLimits.stats),
  cursor: cursorParam
})

/** `GET /v1/mlb/teams/{team}/roster`: position. */
export const MlbRosterParams = Schema.Struct({ position: Schema.optional(MlbPosition) })

/** `GET /v1/mlb/games`: date (default all available); state; limit (default 30, max 100). */
export const MlbGamesParams = Schema.Struct({
  date: Schema.optional(DateParam),
  state: Schema.optional(MlbGameState),
  limit: limitParam(MlbLimits.games),
  cursor: cursorParam
})

/** `GET /v1/mlb/standings`: season (default: the latest season held); division (e.g. AL East). */
export const MlbStandingsParams = Schema.Struct({
  season: seasonParam,
  division: Schema.optional(Text)
})

/** `GET /v1/mlb/scoring/leaders`: date (default most recent); position; team; limit (default 25, max 100). */
export const MlbLeadersParams = Schema.Struct({
  date: Schema.optional(DateParam),
  position: Schema.optional(MlbPosition),
  team: Schema.optional(TeamAbbr),
  limit: limitParam(MlbLimits.leaders)
})

/** `GET /v1/mlb/scoring/categories`: date (default most recent). */
export const MlbCategoriesParams = Schema.Struct({ date: Schema.optional(DateParam) })

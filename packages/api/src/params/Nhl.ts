/**
 * Parameters of the nhl endpoints (specification, "Endpoints / NHL, CFB, soccer ..."). Limits the
 * specification does not state follow the other sports ({@link SportLimits}).
 * @module
 */
import { Sports } from "@sports-data/domain"
import { Schema } from "effect"
import {
  cursorParam,
  DateParam,
  GameDateParam,
  GameStateParam,
  limitParam,
  type LimitSpec,
  oneOf,
  playersParams,
  seasonParam,
  SportLimits,
  TeamAbbr,
  Text
} from "./Common.js"

/** Limits: players default 50, max 200; stats default 30; games default 30; changes default 50. */
export const NhlLimits = {
  players: SportLimits.players,
  stats: { default: 30, max: SportLimits.statsMax },
  games: { default: 30, max: SportLimits.gamesMax },
  changes: { default: 50, max: 200 }
} as const satisfies Record<string, LimitSpec>

/** Positions of the nhl player filter (the nhl module's value set: C, LW, RW, D, G). */
export const NhlPosition = oneOf(Sports.modules.nhl.positions)

/** Conferences (Eastern, Western), case-insensitive, a prefix suffices (east, west). */
export const NhlConference = oneOf(["east", "west"])

/** `GET /v1/nhl/games`: date (a date or today); state; limit. */
export const NhlGamesParams = Schema.Struct({
  date: Schema.optional(GameDateParam),
  state: Schema.optional(GameStateParam),
  limit: limitParam(NhlLimits.games),
  cursor: cursorParam
})

/** `GET /v1/nhl/standings`: season (default: the latest season with results); division. */
export const NhlStandingsParams = Schema.Struct({ season: seasonParam, division: Schema.optional(Text) })

/** `GET /v1/nhl/teams`: conference; division. */
export const NhlTeamsParams = Schema.Struct({
  conference: Schema.optional(NhlConference),
  division: Schema.optional(Text)
})

/** `GET /v1/nhl/players`: search, position, team, limit (default 50, max 200), offset. */
export const NhlPlayersParams = playersParams(NhlPosition)

/** `GET /v1/nhl/players/{id}/stats`: season (omit for all); limit (default 30). */
export const NhlPlayerStatsParams = Schema.Struct({
  season: seasonParam,
  limit: limitParam(NhlLimits.stats),
  cursor: cursorParam
})

/** `GET /v1/nhl/teams/{team}/roster`: position. */
export const NhlRosterParams = Schema.Struct({ position: Schema.optional(NhlPosition) })

/** `GET /v1/nhl/depth-chart/changes`: since (a date), team, player, limit. */
export const NhlDepthChartChangesParams = Schema.Struct({
  since: Schema.optional(DateParam),
  team: Schema.optional(TeamAbbr),
  player: Schema.optional(Text),
  limit: limitParam(NhlLimits.changes)
})

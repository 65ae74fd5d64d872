/**
 * Parameters of the nba endpoints (specification, "Endpoints / NBA" and "Parameter limits").
 * @module
 */
import { Schema } from "effect"
import {
  cursorParam,
  GameDateParam,
  GameStateParam,
  limitParam,
  type LimitSpec,
  oneOf,
  playersParams,
  seasonParam,
  SportLimits
} from "./Common.js"

/**
 * Limits: players default 50, max 200; player stats default 30 (specification); games default 30
 * (not stated; as mlb games); the unstated maxima from {@link SportLimits}.
 */
export const NbaLimits = {
  players: SportLimits.players,
  stats: { default: 30, max: SportLimits.statsMax },
  games: { default: 30, max: SportLimits.gamesMax }
} as const satisfies Record<string, LimitSpec>

/**
 * Positions of the nba player filter: the specification's (PG, SG, SF, PF, C) and the NBA.com
 * codes the data holds (G, F, C and the mixes G-F, F-G, F-C, C-F). The data knows guards and
 * forwards, not their kinds, so PG and SG are aliases of G and SF and PF of F; a mix matches a
 * player listed at both (any order); a single position matches every player listed at it, mixes
 * included (G covers F-G). Any other value answers 400 listing these.
 */
export const NbaPosition = oneOf(["PG", "SG", "SF", "PF", "C", "G", "F", "G-F", "F-G", "F-C", "C-F"])

/** Conferences, case-insensitive (specification example: east). */
export const NbaConference = oneOf(["east", "west"])

/** `GET /v1/nba/games`: date (a date or today); state; limit (default 30, max 100). */
export const NbaGamesParams = Schema.Struct({
  date: Schema.optional(GameDateParam),
  state: Schema.optional(GameStateParam),
  limit: limitParam(NbaLimits.games),
  cursor: cursorParam
})

/** `GET /v1/nba/standings`: season (default: the latest season held); conference. */
export const NbaStandingsParams = Schema.Struct({
  season: seasonParam,
  conference: Schema.optional(NbaConference)
})

/** `GET /v1/nba/teams`: conference (east, west). */
export const NbaTeamsParams = Schema.Struct({ conference: Schema.optional(NbaConference) })

/** `GET /v1/nba/players`: search, position, team, limit (default 50, max 200), offset. */
export const NbaPlayersParams = playersParams(NbaPosition)

/** `GET /v1/nba/players/{id}/stats`: season (omit for all); limit (default 30). */
export const NbaPlayerStatsParams = Schema.Struct({
  season: seasonParam,
  limit: limitParam(NbaLimits.stats),
  cursor: cursorParam
})

/** `GET /v1/nba/players/{id}/game-log`: season (default: the player's latest season). */
export const NbaGameLogParams = Schema.Struct({ season: seasonParam })

/** `GET /v1/nba/teams/{team}/roster`: position. */
export const NbaRosterParams = Schema.Struct({ position: Schema.optional(NbaPosition) })

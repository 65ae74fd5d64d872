/**
 * Parameters of the nfl endpoints (specification, "Endpoints / NFL" and "Parameter limits").
 * @module
 */
import { Schema } from "effect"
import {
  cursorParam,
  GameStateParam,
  intBetween,
  limitParam,
  type LimitSpec,
  oneOf,
  playersParams,
  seasonParam,
  SportLimits,
  Text
} from "./Common.js"

/**
 * Limits: players default 50, max 200 (specification); player stats default 20 and games
 * default 16 (specification), whose maxima are not stated ({@link SportLimits}).
 */
export const NflLimits = {
  players: SportLimits.players,
  stats: { default: 20, max: SportLimits.statsMax },
  games: { default: 16, max: SportLimits.gamesMax }
} as const satisfies Record<string, LimitSpec>

/** Fantasy positions of the nfl player filter (specification). */
export const NflPosition = oneOf(["QB", "RB", "WR", "TE", "K", "DEF"])

/** Conferences. */
export const NflConference = oneOf(["AFC", "NFC"])

/** `GET /v1/nfl/teams`: conference (AFC, NFC); division (e.g. East or AFC East). */
export const NflTeamsParams = Schema.Struct({
  conference: Schema.optional(NflConference),
  division: Schema.optional(Text)
})

/** `GET /v1/nfl/teams/{team}/roster`: position (any position code, case-insensitive). */
export const RosterParams = Schema.Struct({ position: Schema.optional(Text) })

/** `GET /v1/nfl/players`: search, position, team, limit (default 50, max 200), offset. */
export const NflPlayersParams = playersParams(NflPosition)

/** `GET /v1/nfl/players/{id}/stats`: season; week (1 to 18); limit (default 20). */
export const NflPlayerStatsParams = Schema.Struct({
  season: seasonParam,
  week: Schema.optional(intBetween(1, 18)),
  limit: limitParam(NflLimits.stats),
  cursor: cursorParam
})

/**
 * `GET /v1/nfl/games`: season; week (1 to 22: 18 regular-season weeks and 4 playoff rounds, as
 * nflverse numbers them); status (scheduled, in_progress, final); limit (default 16).
 */
export const NflGamesParams = Schema.Struct({
  season: seasonParam,
  week: Schema.optional(intBetween(1, 22)),
  status: Schema.optional(GameStateParam),
  limit: limitParam(NflLimits.games),
  cursor: cursorParam
})

/** `GET /v1/nfl/standings`: conference; division; season (default: the latest season held). */
export const NflStandingsParams = Schema.Struct({
  conference: Schema.optional(NflConference),
  division: Schema.optional(Text),
  season: seasonParam
})

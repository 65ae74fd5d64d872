/**
 * Parameters of the nba endpoints (specification, "Endpoints / NBA" and "Parameter limits").
 * @module
 */
import { isCalendarDate } from "@sports-data/domain"
import { ParseResult, Schema } from "effect"
import { GameStateParam, limitParam, type LimitSpec, oneOf, playersParams, seasonParam, SportLimits } from "./Common.js"

/**
 * Limits: players default 50, max 200; player stats default 30 (specification); games default 30
 * (not stated; as mlb games); the unstated maxima from {@link SportLimits}.
 */
export const NbaLimits = {
  players: SportLimits.players,
  stats: { default: 30, max: SportLimits.statsMax },
  games: { default: 30, max: SportLimits.gamesMax }
} as const satisfies Record<string, LimitSpec>

/** Positions of the nba player filter (specification). */
export const NbaPosition = oneOf(["PG", "SG", "SF", "PF", "C"])

/** Conferences, case-insensitive (specification example: east). */
export const NbaConference = oneOf(["east", "west"])

/**
 * `date` of nba games: a date YYYY-MM-DD or the word `today` (UTC, any case; decoded as `today`).
 * One schema rather than a union, so that a bad value is told what is expected.
 */
export const NbaGameDate = Schema.transformOrFail(Schema.String, Schema.String, {
  strict: true,
  decode: (s, _, ast) => {
    const v = s.trim()
    if (v.toLowerCase() === "today") return ParseResult.succeed("today")
    return isCalendarDate(v)
      ? ParseResult.succeed(v)
      : ParseResult.fail(new ParseResult.Type(ast, s, "must be a date YYYY-MM-DD or today"))
  },
  encode: ParseResult.succeed
}).annotations({
  identifier: "NbaGameDate",
  jsonSchema: {
    anyOf: [{ type: "string", format: "date" }, { type: "string", enum: ["today"] }],
    description: "a date YYYY-MM-DD or today (UTC), case-insensitive"
  }
})

/** `GET /v1/nba/games`: date (a date or today); state; limit (default 30, max 100). */
export const NbaGamesParams = Schema.Struct({
  date: Schema.optional(NbaGameDate),
  state: Schema.optional(GameStateParam),
  limit: limitParam(NbaLimits.games)
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
  limit: limitParam(NbaLimits.stats)
})

/** `GET /v1/nba/players/{id}/game-log`: season (default: the player's latest season). */
export const NbaGameLogParams = Schema.Struct({ season: seasonParam })

/** `GET /v1/nba/teams/{team}/roster`: position. */
export const NbaRosterParams = Schema.Struct({ position: Schema.optional(NbaPosition) })

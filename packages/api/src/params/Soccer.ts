/**
 * Parameters of the soccer endpoints (specification, "Endpoints / NHL, CFB, soccer ..."). Teams
 * are keyed by a slug ({@link TeamKey}); `league` takes the specification's league keys.
 * @module
 */
import { SoccerLeague, Sports } from "@sports-data/domain"
import { Schema } from "effect"
import {
  cursorParam,
  GameDateParam,
  GameStateParam,
  limitParam,
  type LimitSpec,
  offsetParam,
  oneOf,
  seasonParam,
  SportLimits,
  TeamKey,
  Text
} from "./Common.js"

/** Limits: players default 50, max 200; games default 30 (max 100). */
export const SoccerLimits = {
  players: SportLimits.players,
  games: { default: 30, max: SportLimits.gamesMax }
} as const satisfies Record<string, LimitSpec>

/** League keys (specification): epl, mls, la_liga, bundesliga, serie_a, champions_league. */
export const SoccerLeagueParam = oneOf(SoccerLeague.literals)

/** Positions of the soccer player filter (the soccer module's value set). */
export const SoccerPosition = oneOf(Sports.modules.soccer.positions)

/** `GET /v1/soccer/games`: league; date (a date or today); state; season; limit. */
export const SoccerGamesParams = Schema.Struct({
  league: Schema.optional(SoccerLeagueParam),
  date: Schema.optional(GameDateParam),
  state: Schema.optional(GameStateParam),
  season: seasonParam,
  limit: limitParam(SoccerLimits.games),
  cursor: cursorParam
})

/** `GET /v1/soccer/standings`: league (default epl); season (default: the latest with results). */
export const SoccerStandingsParams = Schema.Struct({ league: Schema.optional(SoccerLeagueParam), season: seasonParam })

/** `GET /v1/soccer/teams`: league. */
export const SoccerTeamsParams = Schema.Struct({ league: Schema.optional(SoccerLeagueParam) })

/** `GET /v1/soccer/players`: search, team, league, position, limit, offset. */
export const SoccerPlayersParams = Schema.Struct({
  search: Schema.optional(Text),
  team: Schema.optional(TeamKey),
  league: Schema.optional(SoccerLeagueParam),
  position: Schema.optional(SoccerPosition),
  limit: limitParam(SoccerLimits.players),
  offset: offsetParam,
  cursor: cursorParam
})

/** `GET /v1/soccer/teams/{team}/roster`: position. */
export const SoccerRosterParams = Schema.Struct({ position: Schema.optional(SoccerPosition) })

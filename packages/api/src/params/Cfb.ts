/**
 * Parameters of the cfb endpoints (specification, "Endpoints / NHL, CFB, soccer ..."). Teams are
 * keyed by their CFBD id ({@link TeamKey}). `season` and `week` on games are additive filters.
 * @module
 */
import { Sports } from "@sports-data/domain"
import { Schema } from "effect"
import {
  cursorParam,
  GameDateParam,
  GameStateParam,
  intBetween,
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
export const CfbLimits = {
  players: SportLimits.players,
  games: { default: 30, max: SportLimits.gamesMax }
} as const satisfies Record<string, LimitSpec>

/** Positions of the cfb player filter (the cfb module's value set). */
export const CfbPosition = oneOf(Sports.modules.cfb.positions)

/** Polls of `/v1/cfb/rankings` (specification: AP, coaches, CFP), case-insensitive. */
export const CfbPoll = oneOf(["ap", "coaches", "cfp"])

const weekParam = Schema.optional(intBetween(0, 20, { description: "week of the season" }))

/** `GET /v1/cfb/games`: date (a date or today); state; season; week; limit. */
export const CfbGamesParams = Schema.Struct({
  date: Schema.optional(GameDateParam),
  state: Schema.optional(GameStateParam),
  season: seasonParam,
  week: weekParam,
  limit: limitParam(CfbLimits.games),
  cursor: cursorParam
})

/** `GET /v1/cfb/standings`: season (default: the latest season with results); conference. */
export const CfbStandingsParams = Schema.Struct({ season: seasonParam, conference: Schema.optional(Text) })

/** `GET /v1/cfb/rankings`: season (default latest), poll (default ap), week (default latest). */
export const CfbRankingsParams = Schema.Struct({
  season: seasonParam,
  poll: Schema.optional(CfbPoll),
  week: weekParam
})

/** `GET /v1/cfb/players`: search, position, team, limit, offset. */
export const CfbPlayersParams = Schema.Struct({
  search: Schema.optional(Text),
  position: Schema.optional(CfbPosition),
  team: Schema.optional(TeamKey),
  limit: limitParam(CfbLimits.players),
  offset: offsetParam,
  cursor: cursorParam
})

/** `GET /v1/cfb/players/{id}/game-log`: season (default: the player's latest season). */
export const CfbGameLogParams = Schema.Struct({ season: seasonParam })

/** `GET /v1/cfb/teams/{team}/roster`: position. */
export const CfbRosterParams = Schema.Struct({ position: Schema.optional(CfbPosition) })

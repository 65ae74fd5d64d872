/**
 * Parameters of the intelligence endpoints (specification, "Intelligence and analytics" and
 * "Cross-sport"; decisions.md, "Signals" and "Paths and parameters").
 * @module
 */
import { Resources, Signals, Sports } from "@sports-data/domain"
import { Schema } from "effect"
import {
  DateParam,
  GameStateParam,
  limitParam,
  type LimitSpec,
  offsetParam,
  oneOf,
  PlayerIdPath,
  seasonParam,
  TeamAbbr,
  Text
} from "./Common.js"

/** Limits of the intelligence endpoints (specification, "Parameter limits"; max where unstated: 100). */
export const IntelligenceLimits = {
  news: { default: 25, max: 100 },
  injuries: { default: 50, max: 100 },
  signals: { default: 25, max: 100 },
  playerNews: { default: 25, max: 100 },
  teamInjuries: { default: 50, max: 100 },
  trending: { default: 20, max: 50 },
  trendingPlayers: { default: 20, max: 50 },
  depthChanges: { default: 50, max: 200 },
  schedule: { default: 20, max: 100 }
} as const satisfies Record<string, LimitSpec>

/** Severity: high, medium or low (case-insensitive). */
export const SeverityParam = oneOf(Resources.Severity.literals)

/** A signal sport (nfl, mlb, nba). */
export const SignalSportParam = oneOf(Signals.SignalSport.literals)

/** A signal sport (the registry's `signals`) or `all`. */
export const SignalSportOrAll = oneOf([...Sports.sportsWith("signals"), "all"])

/**
 * `position` of the news endpoint: any string; it never answers 400 for it (decisions.md). A value
 * a store cannot compare (control characters, over 100 characters) matches no signal.
 */
export const NewsPosition = Schema.String.annotations({ description: "position, matched case-insensitively" })

/** `GET /intelligence/news`: severity, sport (default all), team, position, signal_type (news group), limit (default 25, max 100). */
export const NewsParams = Schema.Struct({
  severity: Schema.optional(SeverityParam),
  sport: Schema.optional(SignalSportOrAll),
  team: Schema.optional(TeamAbbr),
  position: Schema.optional(NewsPosition),
  signal_type: Schema.optional(
    oneOf(Object.keys(Signals.newsTypeGroups) as [Signals.NewsTypeGroup, ...Array<Signals.NewsTypeGroup>])
  ),
  limit: limitParam(IntelligenceLimits.news)
})

/** `GET /intelligence/injuries`: severity (a minimum), sport (default nfl), team, player (part of a name), limit (default 50, max 100). */
export const InjuriesParams = Schema.Struct({
  severity: Schema.optional(SeverityParam),
  sport: Schema.optional(SignalSportOrAll),
  team: Schema.optional(TeamAbbr),
  player: Schema.optional(Text),
  limit: limitParam(IntelligenceLimits.injuries)
})

/** `GET /v1/intelligence/signals`: sport, severity, type (a stored signal_type), since (a date, UTC), limit, offset. */
export const SignalsParams = Schema.Struct({
  sport: Schema.optional(SignalSportParam),
  severity: Schema.optional(SeverityParam),
  type: Schema.optional(oneOf(Resources.SignalType.literals)),
  since: Schema.optional(DateParam),
  limit: limitParam(IntelligenceLimits.signals),
  offset: offsetParam
})

/** A `{sport}` path segment of the signal sports, with a player id. */
export const SportPlayerPath = Schema.Struct({ sport: SignalSportParam, id: PlayerIdPath.fields.id })

/** A `{sport}` path segment of the signal sports, with a team abbreviation. */
export const SportTeamPath = Schema.Struct({ sport: SignalSportParam, team: TeamAbbr })

/** `GET /v1/{sport}/players/{id}/news`: limit (default 25, max 100). */
export const PlayerNewsParams = Schema.Struct({ limit: limitParam(IntelligenceLimits.playerNews) })

/** `GET /v1/{sport}/teams/{team}/injuries`: limit (default 50, max 100). */
export const TeamInjuriesParams = Schema.Struct({ limit: limitParam(IntelligenceLimits.teamInjuries) })

/** `GET /v1/{sport}/teams/{team}/schedule`: status (a game state), season, limit (default 20, max 100). */
export const ScheduleParams = Schema.Struct({
  status: Schema.optional(GameStateParam),
  season: seasonParam,
  limit: limitParam(IntelligenceLimits.schedule)
})

/** `GET /v1/nfl/depth-chart/changes`: since (a date), team, position (the slot: QB, RB, WR, TE, PK), change_type, limit. */
export const DepthChangesParams = Schema.Struct({
  since: Schema.optional(DateParam),
  team: Schema.optional(TeamAbbr),
  position: Schema.optional(Text),
  change_type: Schema.optional(oneOf(["dropped", "added", "promoted", "demoted"] as const)),
  limit: limitParam(IntelligenceLimits.depthChanges)
})

/** `GET /v1/trending`: sport (nfl, mlb, nba), limit (default 20, max 50). */
export const TrendingParams = Schema.Struct({
  sport: Schema.optional(SignalSportParam),
  limit: limitParam(IntelligenceLimits.trending)
})

/** `GET /v1/players/trending`: sport, limit (default 20, max 50). */
export const TrendingPlayersParams = Schema.Struct({
  sport: Schema.optional(SignalSportParam),
  limit: limitParam(IntelligenceLimits.trendingPlayers)
})

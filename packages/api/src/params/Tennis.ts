/**
 * Parameters of the tennis endpoints (specification, "Endpoints / NHL, CFB, soccer, tennis ...").
 * `tour` is atp or wta (the tennis module's leagues, case-insensitive; default atp); players are
 * named by canonical id (`svc_tennis_<tour>-<id>`) or by name.
 * @module
 */
import { Sports } from "@sports-data/domain"
import { Schema } from "effect"
import {
  DateParam,
  GameDateParam,
  isPlainText,
  limitParam,
  type LimitSpec,
  NOT_PLAIN_TEXT,
  oneOf,
  Text
} from "./Common.js"

/** Limits: matches default 50 (max 200), rankings default 100 (max 2,000), h2h and game log default 50 (max 500). */
export const TennisLimits = {
  matches: { default: 50, max: 200 },
  rankings: { default: 100, max: 2000 },
  h2h: { default: 50, max: 500 },
  gameLog: { default: 50, max: 500 }
} as const satisfies Record<string, LimitSpec>

/** `tour`: atp or wta. */
export const TourParam = oneOf(Sports.eventModules.tennis.leagues as readonly ["atp", "wta"])

/** Match state of the specification's tennis filter (in_progress, final; scheduled too). */
export const TennisStateParam = oneOf(Sports.eventModules.tennis.eventStates as readonly [string, ...Array<string>])

/** `GET /v1/tennis/matches`: tour (default atp), date (a date or today), state, limit. */
export const TennisMatchesParams = Schema.Struct({
  tour: Schema.optional(TourParam),
  date: Schema.optional(GameDateParam),
  state: Schema.optional(TennisStateParam),
  limit: limitParam(TennisLimits.matches)
})

/** `GET /v1/tennis/rankings`: tour (default atp), date (a list's date; default the latest list), limit. */
export const TennisRankingsParams = Schema.Struct({
  tour: Schema.optional(TourParam),
  date: Schema.optional(DateParam),
  limit: limitParam(TennisLimits.rankings)
})

/** `GET /v1/tennis/players/h2h`: player1 and player2 (required; id or name), tour, limit. */
export const TennisH2HParams = Schema.Struct({
  player1: Text,
  player2: Text,
  tour: Schema.optional(TourParam),
  limit: limitParam(TennisLimits.h2h)
})

/** `GET /v1/tennis/players/{name}/game-log`: tour, limit. */
export const TennisGameLogParams = Schema.Struct({
  tour: Schema.optional(TourParam),
  limit: limitParam(TennisLimits.gameLog)
})

/** A participant path parameter: a name or a canonical id (1 to 100 characters). */
export const ParticipantPath = Schema.Struct({
  name: Schema.String.pipe(
    Schema.filter(
      (s) => isPlainText(s) ? (s.length >= 1 && s.length <= 100) || "must be 1 to 100 characters" : NOT_PLAIN_TEXT,
      {
        jsonSchema: { description: "a name (accents and case ignored) or a canonical id svc_<sport>_<id>" }
      }
    )
  )
})

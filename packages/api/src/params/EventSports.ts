/**
 * Parameters of the golf, Formula 1 and NASCAR endpoints (specification, "Endpoints / NHL, CFB,
 * soccer, tennis, golf, ufc, f1, nascar"; golf leaderboard `limit` max 156).
 * @module
 */
import { F1, Golf, Nascar } from "@sports-data/domain"
import { Schema } from "effect"
import {
  intBetween,
  isPlainText,
  limitParam,
  type LimitSpec,
  ListLimits,
  listPageFields,
  oneOf,
  seasonParam
} from "./Common.js"

/**
 * An event id: the canonical `svc_<sport>_<id>` the list endpoints return, or the source's id
 * alone (`401703504`, `1102`, `cup-2024-01`): 1 to 80 letters, digits, `_`, `-` or `:`.
 */
export const EventIdParam = Schema.String.pipe(
  Schema.filter(
    (s) => (isPlainText(s) && /^[A-Za-z0-9_:-]{1,80}$/.test(s)) || "must be an event id (letters, digits, _ - :)",
    { jsonSchema: { type: "string", pattern: "^[A-Za-z0-9_:-]{1,80}$", description: "event id as listed" } }
  )
).annotations({ identifier: "EventId" })

/** Limits of the event sports' lists. */
export const RaceLimits = {
  tournaments: { default: 50, max: 100 },
  // the specification's max 156 (a full field, asked with limit=156); the default fits a screen (issue 26)
  leaderboard: { default: 100, max: 156 },
  scoringAverage: { default: 10, max: 50 },
  f1Races: { default: 30, max: 100 },
  nascarRaces: { default: 40, max: 100 }
} as const satisfies Record<string, LimitSpec>

/** Golf tour keys (specification): pga, lpga; default pga. */
export const GolfTourParam = oneOf(Golf.GolfTour.literals)

/** `GET /v1/golf/tournaments`: tour, season (the tour's season year, 2021-22 = 2022), limit. */
export const GolfTournamentsParams = Schema.Struct({
  tour: Schema.optional(GolfTourParam),
  season: seasonParam,
  limit: limitParam(RaceLimits.tournaments)
})

/**
 * `GET /v1/golf/leaderboard`: tour, event (default: the tour's latest completed), limit (default
 * 100, max 156: the whole field).
 */
export const GolfLeaderboardParams = Schema.Struct({
  tour: Schema.optional(GolfTourParam),
  event: Schema.optional(EventIdParam),
  limit: limitParam(RaceLimits.leaderboard)
})

/** `GET /v1/golf/players/{id}/scoring-average`: tournaments = how many recent events (1-50, default 10). */
export const GolfScoringAverageParams = Schema.Struct({
  tournaments: Schema.optional(
    intBetween(1, RaceLimits.scoringAverage.max, {
      description: "how many of the golfer's most recent tournaments (default 10)",
      default: RaceLimits.scoringAverage.default
    })
  )
})

/**
 * F1 sessions of `/v1/f1/results`: the four with results, and the practice sessions, which no
 * source has (answered empty with meta.coverage).
 */
export const F1SessionParam = oneOf([...F1.F1Session.literals, "practice", "fp1", "fp2", "fp3"])

/** `GET /v1/f1/races`: season (default: the latest held), limit. */
export const F1RacesParams = Schema.Struct({ season: seasonParam, limit: limitParam(RaceLimits.f1Races) })

/**
 * `GET /v1/f1/results`: event (default: the latest race with results), session (default race),
 * limit (ListLimits.results) and offset.
 */
export const F1ResultsParams = Schema.Struct({
  event: Schema.optional(EventIdParam),
  session: Schema.optional(F1SessionParam),
  ...listPageFields(ListLimits.results)
})

/** `GET /v1/f1/standings`: season (default: the latest with results), round (default: the last held). */
export const F1StandingsParams = Schema.Struct({
  season: seasonParam,
  round: Schema.optional(intBetween(1, 30, { description: "the standings after this round (default: the last held)" }))
})

/** NASCAR series keys: cup (default), xfinity, truck. */
export const NascarSeriesParam = oneOf(Nascar.NascarSeries.literals)

/** `GET /v1/nascar/races`: season (default: the series' latest), series, limit. */
export const NascarRacesParams = Schema.Struct({
  season: seasonParam,
  series: Schema.optional(NascarSeriesParam),
  limit: limitParam(RaceLimits.nascarRaces)
})

/**
 * `GET /v1/nascar/results`: event (default: the series' latest race), series, limit
 * (ListLimits.results) and offset.
 */
export const NascarResultsParams = Schema.Struct({
  event: Schema.optional(EventIdParam),
  series: Schema.optional(NascarSeriesParam),
  ...listPageFields(ListLimits.results)
})

/**
 * `GET /v1/nascar/standings`: season (default: the series' latest), series, limit
 * (ListLimits.driverStandings) and offset.
 */
export const NascarStandingsParams = Schema.Struct({
  season: seasonParam,
  series: Schema.optional(NascarSeriesParam),
  ...listPageFields(ListLimits.driverStandings)
})

/**
 * Golf data endpoints (specification, "Endpoints / NHL, CFB, soccer, tennis, golf ..."), under
 * `/v1/golf`: tournaments and leaderboards (every tier), a golfer's scoring average (growth).
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Golf, Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import { PlayerIdPath } from "../params/Common.js"
import { GolfLeaderboardParams, GolfScoringAverageParams, GolfTournamentsParams } from "../params/EventSports.js"
import { requiredTier } from "../Security.js"
import { everyTier } from "./Shared.js"

/** Tournaments: the envelope plus the tour, the season asked (null: every season) and the total held. */
export const GolfTournamentsEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(Golf.GolfTournament)).fields,
  tour: Golf.GolfTour,
  season: Schema.NullOr(Schema.Int),
  total: Schema.Int
}).annotations({ identifier: "GolfTournamentsResponse" })

/** Leaderboard: the envelope plus the tournament shown (null when the tour has none with results). */
export const GolfLeaderboardEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(Golf.GolfLeaderboardRow)).fields,
  tournament: Schema.NullOr(Golf.GolfTournament)
}).annotations({ identifier: "GolfLeaderboardResponse" })

/** The `golf` group, under `/v1/golf`. */
export class GolfGroup extends HttpApiGroup.make("golf")
  .add(
    HttpApiEndpoint.get("tournaments", "/tournaments")
      .setUrlParams(GolfTournamentsParams)
      .addSuccess(GolfTournamentsEnvelope)
      .annotate(OpenApi.Summary, "Golf tournaments of a tour (PGA 2021-22, 2025, 2026 DFS slates)")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("leaderboard", "/leaderboard")
      .setUrlParams(GolfLeaderboardParams)
      .addSuccess(GolfLeaderboardEnvelope)
      .addError(ResourceNotFoundError)
      .annotate(
        OpenApi.Summary,
        "Final leaderboard: positions with ties, missed cuts, total strokes, score to par (no round scores)"
      )
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("scoringAverage", "/players/:id/scoring-average")
      .setPath(PlayerIdPath)
      .setUrlParams(GolfScoringAverageParams)
      .addSuccess(Resources.Envelope(Golf.GolfScoringAverage))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "A golfer's strokes per round over recent tournaments")
      .pipe(requiredTier("growth"))
  )
  .prefix("/v1/golf")
  .annotate(OpenApi.Title, "Golf")
{}

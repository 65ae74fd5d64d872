/**
 * Tennis endpoints (specification, "Endpoints / NHL, CFB, soccer, tennis ..."), under
 * `/v1/tennis`: matches (every tier), rankings (growth), head to head and game log (build).
 * Sackmann data (2022-2024 matches, 2024 lists) is CC BY-NC-SA 4.0: non-commercial use only.
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources, TennisResources } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import {
  ParticipantPath,
  TennisGameLogParams,
  TennisH2HParams,
  TennisMatchesParams,
  TennisRankingsParams
} from "../params/Tennis.js"
import { requiredTier } from "../Security.js"
import { everyTier } from "./Shared.js"

/** Rankings: the envelope plus `tour` and `ranking_date` (null when the tour has no such list). */
export const TennisRankingsEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(TennisResources.Ranking)).fields,
  tour: Schema.String,
  ranking_date: Schema.NullOr(Schema.String)
}).annotations({ identifier: "TennisRankingsResponse" })

/** Game log: the envelope plus the player. */
export const TennisGameLogEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(TennisResources.GameLogRow)).fields,
  player: TennisResources.Player
}).annotations({ identifier: "TennisGameLogResponse" })

const licence = "Sackmann data (2022-2024): CC BY-NC-SA 4.0, non-commercial use only."

/** The `tennis` group, under `/v1/tennis`. */
export class TennisGroup extends HttpApiGroup.make("tennis")
  .add(
    HttpApiEndpoint.get("matches", "/matches")
      .setUrlParams(TennisMatchesParams)
      .addSuccess(Resources.Envelope(Schema.Array(TennisResources.Match)))
      .annotate(OpenApi.Summary, "ATP and WTA matches, 2022 to February 2026, newest first")
      .annotate(
        OpenApi.Description,
        "2022-2024 matches carry the tournament's start date (date_precision tournament_week); 2025-2026 " +
          `matches the match day. ${licence}`
      )
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("rankings", "/rankings")
      .setUrlParams(TennisRankingsParams)
      .addSuccess(TennisRankingsEnvelope)
      .annotate(OpenApi.Summary, "ATP or WTA ranking list: the latest (February 2026), or a 2024 weekly list by date")
      .annotate(OpenApi.Description, licence)
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.get("h2h", "/players/h2h")
      .setUrlParams(TennisH2HParams)
      .addSuccess(Resources.Envelope(TennisResources.HeadToHead))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Head to head of two players: wins each, by surface, and the matches")
      .annotate(
        OpenApi.Description,
        `Players by canonical id or name; the same player twice, or an ambiguous name, is 400. ${licence}`
      )
      .pipe(requiredTier("build"))
  )
  .add(
    HttpApiEndpoint.get("gameLog", "/players/:name/game-log")
      .setPath(ParticipantPath)
      .setUrlParams(TennisGameLogParams)
      .addSuccess(TennisGameLogEnvelope)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "A player's matches, newest first (player by canonical id or name)")
      .annotate(OpenApi.Description, licence)
      .pipe(requiredTier("build"))
  )
  .prefix("/v1/tennis")
  .annotate(OpenApi.Title, "Tennis")
{}

/**
 * Model registry endpoints: the cards of the registry and a player's stored predictions. Tiers
 * from endpoints.json `tier_resolved` (both pro_insights). The rules (ACTIVE only after beating
 * the naive baseline on held-out data) are in the domain's Models.ts.
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Models, Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import { ConfidenceParams, ModelMetadataParams, PredictionsParams, PredictionsPath } from "../params/Models.js"
import { requiredTier } from "../Security.js"

/** A served model card: the version record with its card's fields. */
export const ModelCardRow = Schema.Struct({
  id: Models.ModelVersion.fields.id,
  sport: Models.ModelVersion.fields.sport,
  model_type: Models.ModelVersion.fields.model_type,
  version: Models.ModelVersion.fields.version,
  status: Models.ModelVersion.fields.status,
  trained_at: Models.ModelVersion.fields.trained_at,
  ...Models.ModelCard.fields
}).annotations({ identifier: "ModelCard" })

/** One stored prediction as served, with the outcome beside it for a past game. */
export const PredictionRow = Schema.Struct({
  game_id: Schema.String,
  game_date: Schema.NullOr(Schema.String),
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int).annotations({ description: "the game's week (nfl projection); null otherwise" }),
  model_type: Models.ModelType,
  model_version: Schema.String,
  as_of: Schema.NullOr(Schema.String),
  probability: Schema.NullOr(Schema.Number),
  confidence_score: Schema.NullOr(Schema.Int),
  heat_signal: Schema.NullOr(Models.HeatSignal),
  expected: Schema.NullOr(Schema.Number),
  threshold: Schema.NullOr(Schema.Number),
  actual: Schema.NullOr(Schema.Number),
  projection: Schema.NullOr(Models.ProjectedPoints).annotations({
    description:
      "model_type projection: predicted points per scoring format (standard, half_ppr, ppr), the 80% interval of each and the actual points per format (null for a game not yet played); null for the other model types"
  })
}).annotations({ identifier: "ModelPrediction" })

/** `/v1/model/predictions/{playerId}` response: the envelope plus the player's id and name. */
export const PredictionsEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(PredictionRow)).fields,
  player_id: Schema.String,
  player_name: Schema.String
}).annotations({ identifier: "ModelPredictionsResponse" })

/** One player's newest confidence of an ACTIVE model, with the game it was about. */
export const ConfidenceRow = Schema.Struct({
  player_id: Schema.String,
  player_name: Schema.String,
  ...Resources.TeamRef,
  team: Schema.NullOr(Schema.String),
  position: Schema.NullOr(Schema.String),
  ...PredictionRow.fields
}).annotations({ identifier: "PlayerConfidence" })

/** The `models` group. */
export class ModelsGroup extends HttpApiGroup.make("models")
  .add(
    HttpApiEndpoint.get("metadata", "/v1/model/metadata")
      .setUrlParams(ModelMetadataParams)
      .addSuccess(Resources.PagedEnvelope(Schema.Array(ModelCardRow)))
      .annotate(OpenApi.Summary, "Model cards of the registry: ACTIVE models, or every version with status=all")
      .annotate(
        OpenApi.Description,
        "Each card: target, features, training and held-out windows, metric, naive baseline, pass rule and the measured result of both. A version is ACTIVE only when it beat its baseline on the held-out window by its pass rule; REJECTED cards are served with status=all and feed no field."
      )
      .pipe(requiredTier("pro_insights"))
  )
  .add(
    HttpApiEndpoint.get("predictions", "/v1/model/predictions/:playerId")
      .setPath(PredictionsPath)
      .setUrlParams(PredictionsParams)
      .addSuccess(PredictionsEnvelope)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "A player's stored predictions of ACTIVE models, each made before its game")
      .annotate(
        OpenApi.Description,
        "Newest game first. as_of is the date of the last game the prediction's features used (always before game_date); actual is the fantasy points scored, beside the threshold the prediction was about. model_type=projection (nfl): expected is the predicted half-PPR points, threshold the trailing-8 mean, projection the points per scoring format with their 80% intervals and actuals; the held-out weeks were each predicted by a fit on earlier weeks only, and the team's next three games after the newest stored line have actual null. Empty when no model of the player's sport is ACTIVE."
      )
      .pipe(requiredTier("pro_insights"))
  )
  .add(
    HttpApiEndpoint.get("nbaConfidence", "/v1/nba/confidence")
      .setUrlParams(ConfidenceParams)
      .addSuccess(Resources.Envelope(Schema.Array(ConfidenceRow)))
      .annotate(
        OpenApi.Summary,
        "nba players by confidence: each one's newest prediction of the ACTIVE nba confidence model"
      )
      .annotate(
        OpenApi.Description,
        "confidence_score = round(75 x P(FanDuel points >= the night's top-100 threshold)), from the player's earlier games only; highest first. The game each prediction was about is beside it (game_id, game_date, actual). Empty, with meta.coverage saying why, while no nba confidence model is ACTIVE."
      )
      .pipe(requiredTier("pro_insights"))
  )
  .annotate(OpenApi.Title, "Models")
{}

/**
 * Dossier endpoints: the player dossier feed, waiver articles and the signals batch. Tiers from
 * endpoints.json `tier_resolved` (all pro_insights); the feed is also capped at 60 calls per
 * minute for pro_insights (decisions.md), answered with 429 RATE_LIMIT_EXCEEDED. Model fields
 * are null unless an ACTIVE model of the registry produced them.
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { AnalyticsResources, Models, Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { InvalidParameterError, RateLimitExceededError, ResourceNotFoundError } from "../Errors.js"
import { BatchPlayersBody } from "../params/Analytics.js"
import { ArticlesParams, FeedParams } from "../params/Feed.js"
import { requiredTier } from "../Security.js"

/** A stored figure: its name, value and where it was read from (table.field). */
export const Figure = Schema.Struct({ name: Schema.String, value: Schema.Number, source: Schema.String })
  .annotations({ identifier: "Figure" })

/** A signal of the dossier: the Signal row plus its weight (null: no ACTIVE model weighs signals). */
export const DossierSignal = Schema.Struct({
  ...Resources.Signal.fields,
  weight: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "DossierSignal" })

/** The feed dossier (specification, "Feed dossier"). */
export const Dossier = Schema.Struct({
  ...Resources.PlayerRef,
  ...Resources.TeamRef,
  playcaller_id: Schema.String,
  sport: Schema.String,
  player_name: Schema.String,
  team: Schema.NullOr(Schema.String),
  position: Schema.NullOr(Schema.String),
  status: Schema.NullOr(Schema.String),
  confidence_score: Schema.NullOr(Schema.Int.pipe(Schema.between(0, 75))),
  heat_signal: Schema.NullOr(Models.HeatSignal),
  synthesis: Schema.NullOr(Schema.String),
  synthesis_figures: Schema.Array(Figure),
  signals: Schema.Array(DossierSignal),
  _audit: Schema.Struct({
    model_version: Schema.NullOr(Schema.String),
    observations_used: Schema.Int,
    generated_at: Schema.String,
    signals_validated: Schema.Boolean
  })
}).annotations({ identifier: "Dossier" })

/** A waiver article (specification): every number in title and content is in signals_used. */
export const WaiverArticle = Schema.Struct({
  title: Schema.String,
  content: Schema.String,
  sport: Schema.String,
  week: Schema.NullOr(Schema.Int),
  season: Schema.NullOr(Schema.Int),
  published_at: Schema.String,
  player_id: Schema.String,
  signals_used: Schema.Array(Figure)
}).annotations({ identifier: "WaiverArticle" })

/** `/v1/articles/waiver` response: the envelope plus the season and week the articles are of. */
export const ArticlesEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(WaiverArticle)).fields,
  season: Schema.NullOr(Schema.Int),
  week: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "WaiverArticlesResponse" })

/** A row of `POST /v1/batch/signals`. */
export const BatchSignalRow = Schema.Struct({
  player_id: Schema.String,
  sport: Schema.String,
  player_name: Schema.String,
  confidence_score: Schema.NullOr(Schema.Int.pipe(Schema.between(0, 75))),
  heat_signal: Schema.NullOr(Models.HeatSignal),
  model_version: Schema.NullOr(Schema.String),
  alpha: Schema.NullOr(AnalyticsResources.AlphaMetrics),
  projection: Schema.NullOr(AnalyticsResources.Projection)
}).annotations({ identifier: "BatchSignalRow" })

/** `POST /v1/batch/signals` response: the rows found, and the ids not found. */
export const BatchSignalsEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(BatchSignalRow)).fields,
  not_found: Schema.Array(Schema.String)
}).annotations({ identifier: "BatchSignalsResponse" })

/** The `feed` group. */
/**
 * The feed response: the envelope of a dossier, plus `warnings` when the request was answered
 * by reading it differently (a `team` no player of the name plays for, ignored because the name
 * names one player of another team).
 */
export const FeedEnvelope = Schema.Struct({
  ...Resources.Envelope(Dossier).fields,
  warnings: Schema.optional(Schema.Array(Schema.String))
}).annotations({ identifier: "FeedResponse" })

export class FeedGroup extends HttpApiGroup.make("feed")
  .add(
    HttpApiEndpoint.get("feed", "/v1/feed")
      .setUrlParams(FeedParams)
      .addSuccess(FeedEnvelope)
      .addError(InvalidParameterError)
      .addError(ResourceNotFoundError)
      .addError(RateLimitExceededError)
      .annotate(OpenApi.Summary, "A player's dossier: model fields, signals, a synthesis checked against the data")
      .annotate(
        OpenApi.Description,
        "player: a name (case and accents ignored) or a canonical id; team and sport narrow a name. A name matching several players answers 400 INVALID_PARAMETER listing the candidates. confidence_score and heat_signal come only from an ACTIVE model of the registry (null otherwise). The synthesis sentence is built from the stored metrics and anomaly score, and served only when every number in it equals a stored figure (listed in synthesis_figures); otherwise null. pro_insights keys are capped at 60 feed calls per minute (429 RATE_LIMIT_EXCEEDED); syndicate_alpha is not."
      )
      .pipe(requiredTier("pro_insights"))
  )
  .add(
    HttpApiEndpoint.get("waiverArticles", "/v1/articles/waiver")
      .setUrlParams(ArticlesParams)
      .addSuccess(ArticlesEnvelope)
      .annotate(OpenApi.Summary, "Waiver articles composed from stored metrics; every number listed in signals_used")
      .annotate(
        OpenApi.Description,
        "One article per rising player of /v1/{sport}/waiver-priority (momentum_delta > 0, injured players left out). mlb has no momentum: no articles, with meta.coverage. week (nfl) and season must be the newest stored (metrics are kept for the newest games only); another gives no articles."
      )
      .pipe(requiredTier("pro_insights"))
  )
  .add(
    HttpApiEndpoint.post("batchSignals", "/v1/batch/signals")
      .setPayload(BatchPlayersBody)
      .addSuccess(BatchSignalsEnvelope)
      .addError(ResourceNotFoundError)
      .annotate(
        OpenApi.Summary,
        "Up to 50 players by canonical id: confidence (ACTIVE model or null), alpha and projection"
      )
      .pipe(requiredTier("pro_insights"))
  )
  .annotate(OpenApi.Title, "Feed")
{}

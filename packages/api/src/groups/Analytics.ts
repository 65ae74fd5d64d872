/**
 * Analytics endpoints (formulas, not models): alpha metrics, similar players, trends and game
 * history, the player filter, projections (a trailing average, not a prediction), waiver
 * priority, and the players batch. Tiers from endpoints.json `tier_resolved`. Formulas and
 * constants are documented in the domain (Analytics.ts) and in each endpoint's description.
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { AnalyticsResources, Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { InvalidParameterError, ResourceNotFoundError } from "../Errors.js"
import {
  AlphaPath,
  BatchPlayersBody,
  FilterParams,
  HistoryParams,
  HistoryPath,
  ProjectionParams,
  ProjectionPath,
  SimilarParams,
  TrendsParams,
  WaiverParams,
  WaiverPath
} from "../params/Analytics.js"
import { PlayerIdPath } from "../params/Common.js"
import { requiredTier } from "../Security.js"

/** `/v1/players/similar/{id}` response: the envelope plus `method` (dimensions, standardisation, pool). */
export const SimilarEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(AnalyticsResources.SimilarPlayerRow)).fields,
  method: AnalyticsResources.SimilarityMethod
}).annotations({ identifier: "SimilarPlayersResponse" })

/** `/analytics/trends` response (specification): success, endpoint, sport, seasons, total_records, trends, meta. */
export const TrendsResponse = Schema.Struct({
  success: Schema.Boolean,
  endpoint: Schema.String,
  sport: Schema.String,
  seasons: Schema.Array(Schema.Int),
  total_records: Schema.Int,
  trends: Schema.Array(Resources.HistoricalTrend),
  meta: Resources.ResponseMeta
}).annotations({ identifier: "TrendsResponse" })

/** `/v1/{sport}/games/history` response: the envelope plus `total` (rows matched) and `seasons`. */
export const HistoryEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(Resources.HistoricalGameRecord)).fields,
  total: Schema.Int,
  seasons: Schema.Array(Schema.Int)
}).annotations({ identifier: "GameHistoryResponse" })

/** An envelope plus `season`: the season the stored metrics answered from (null when none). */
const SeasonEnvelope = <S extends Schema.Schema.Any>(data: S, identifier: string) =>
  Schema.Struct({ ...Resources.Envelope(data).fields, season: Schema.NullOr(Schema.Int) }).annotations({ identifier })

/** `POST /v1/batch/players` response: the players found, and the ids not found. */
export const BatchPlayersEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(Resources.PlayerIdentity)).fields,
  not_found: Schema.Array(Schema.String)
}).annotations({ identifier: "BatchPlayersResponse" })

const trends = <const Name extends string>(name: Name, path: `/${string}`) =>
  HttpApiEndpoint.get(name, path)
    .setUrlParams(TrendsParams)
    .addSuccess(TrendsResponse)
    .annotate(OpenApi.Summary, "Per-player trends over stored game lines (HistoricalTrend)")
    .annotate(
      OpenApi.Description,
      "Game lines of the season (default: the latest held) grouped by player, highest average fantasy points first; total_records counts the lines before grouping. limit players (default 50, at most 500); each trend's all_games holds its newest games_limit games (default 5, at most 100), while games_in_sample and avg_fantasy_points count every game (/v1/{sport}/games/history lists them all)."
    )
    .pipe(requiredTier("pro_insights"))

/** The `analytics` group (paths absolute: they span `/analytics`, `/v1/players` and `/v1/{sport}`). */
export class AnalyticsGroup extends HttpApiGroup.make("analytics")
  .add(
    HttpApiEndpoint.get("alpha", "/v1/:sport/players/:id/alpha")
      .setPath(AlphaPath)
      .addSuccess(Resources.Envelope(AnalyticsResources.AlphaMetrics))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Alpha metrics of a player: consistency, momentum, opportunity ceiling (stored)")
      .annotate(
        OpenApi.Description,
        "Over the player's last 8 games: consistency_score = 100 x (1 - sd/mean) of snap % (nfl) or minutes (nba, nhl), clamped 0-100; momentum_delta = mean fantasy points of the last 3 games minus games 4-6 back; opportunity_ceiling = 90th percentile (linear interpolation) of target share (nfl), per-game usage rate (nba) or shot share (nhl), percent. Recomputed after each ingest; week_computed is the ISO week of that batch. mlb has no playing-time share: its metrics are null with meta.coverage."
      )
      .pipe(requiredTier("pro_insights"))
  )
  .add(
    HttpApiEndpoint.get("similar", "/v1/players/similar/:id")
      .setPath(PlayerIdPath)
      .setUrlParams(SimilarParams)
      .addSuccess(SimilarEnvelope)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Players most similar to a player: cosine similarity of standardised stat vectors")
      .annotate(
        OpenApi.Description,
        "Each player's vector holds per-game means over his last 8 games (nfl: average fantasy points, snap %, target share, rushing yards, receiving yards, consistency, momentum, ceiling; nba and mlb: their own, listed in method.dimensions). Every dimension is standardised (z-score) over the compared players (same sport, same latest season, at least 4 games) before the cosine."
      )
      .pipe(requiredTier("pro_insights"))
  )
  .add(trends("trends", "/analytics/trends"))
  .add(trends("trendsV1", "/v1/analytics/trends"))
  .add(
    HttpApiEndpoint.get("gamesHistory", "/v1/:sport/games/history")
      .setPath(HistoryPath)
      .setUrlParams(HistoryParams)
      .addSuccess(HistoryEnvelope)
      .annotate(OpenApi.Summary, "Player game lines as HistoricalGameRecord rows, newest first")
      .pipe(requiredTier("pro_insights"))
  )
  .add(
    HttpApiEndpoint.get("filter", "/v1/players/filter")
      .setUrlParams(FilterParams)
      .addSuccess(SeasonEnvelope(Schema.Array(AnalyticsResources.FilteredPlayerRow), "PlayerFilterResponse"))
      .annotate(OpenApi.Summary, "Players by snap share, target share and fantasy point ranges (last 8 games)")
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.get("projection", "/v1/:sport/players/:id/projection")
      .setPath(ProjectionPath)
      .setUrlParams(ProjectionParams)
      .addSuccess(Resources.Envelope(AnalyticsResources.Projection))
      .addError(ResourceNotFoundError)
      .addError(InvalidParameterError)
      .annotate(
        OpenApi.Summary,
        "Trailing 10-game fantasy point average with the injury overlay (not a prediction); model: the ACTIVE projection model's next-game points per scoring format with an 80% interval, null while none is ACTIVE"
      )
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.get("waiverPriority", "/v1/:sport/waiver-priority")
      .setPath(WaiverPath)
      .setUrlParams(WaiverParams)
      .addSuccess(SeasonEnvelope(Schema.Array(AnalyticsResources.WaiverPriorityRow), "WaiverPriorityResponse"))
      .annotate(OpenApi.Summary, "Rising players by momentum (no roster ownership source: not availability)")
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.post("batchPlayers", "/v1/batch/players")
      .setPayload(BatchPlayersBody)
      .addSuccess(BatchPlayersEnvelope)
      .annotate(OpenApi.Summary, "Up to 50 players by canonical id, any sports; unknown ids listed in not_found")
      .pipe(requiredTier("growth"))
  )
  .annotate(OpenApi.Title, "Analytics")
{}

/**
 * Endpoints of the specification that no ingested source answers: play-by-play, expert consensus
 * rankings (ecr), nfl draft rankings and camp intel, mlb pitch-type splits and transactions, mlb
 * and nba depth-chart changes. Each is routed with its tier (endpoints.json `tier_resolved`) and
 * its parameters validated; it answers empty `data` with `meta.coverage = {available: false,
 * reason}` (Coverage.ts), and 404 RESOURCE_NOT_FOUND for a player or game the service does not hold.
 *
 * Rows of these endpoints are "not shown" by the specification; `data` is always empty, so the
 * row schema is left open ({@link UnavailableRow}), except depth-chart changes (the nfl resource)
 * and plays (the domain's `Play`, the nflverse play-by-play columns).
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Play, Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import { PlayerIdPath } from "../params/Common.js"
import { NhlDepthChartChangesParams } from "../params/Nhl.js"
import {
  EcrParams,
  EcrPath,
  MlbSplitsParams,
  MlbTransactionsParams,
  NflPlayerRankingsParams,
  PlaysParams,
  PlaysPath,
  SplitsParams,
  SplitsPath
} from "../params/Unavailable.js"
import { requiredTier } from "../Security.js"

/** A row no source supplies: `data` is always empty (its fields are not shown by the specification). */
export const UnavailableRow = Schema.Unknown.annotations({
  identifier: "UnavailableRow",
  description: "no source supplies these rows: data is always empty, with meta.coverage saying why"
})

/** The envelope of a list no source supplies: `data` always empty (`maxItems` 0 in the contract). */
const empty = Resources.Envelope(
  Schema.Array(UnavailableRow).pipe(
    Schema.filter((rows) => rows.length === 0 || "no source supplies these rows", { jsonSchema: { maxItems: 0 } })
  )
)

/** The `unavailable` group (absolute paths: they span `/v1/{sport}`, `/v1/nfl`, `/v1/mlb`, `/v1/nba`). */
export class UnavailableGroup extends HttpApiGroup.make("unavailable")
  .add(
    HttpApiEndpoint.get("plays", "/v1/:sport/games/:gameId/plays")
      .setPath(PlaysPath)
      .setUrlParams(PlaysParams)
      .addSuccess(Resources.PagedEnvelope(Schema.Array(Play)))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Play-by-play of a game (no source: empty data with meta.coverage)")
      .pipe(requiredTier("pro_insights"))
  )
  .add(
    HttpApiEndpoint.get("ecr", "/v1/:sport/ecr")
      .setPath(EcrPath)
      .setUrlParams(EcrParams)
      .addSuccess(empty)
      .annotate(OpenApi.Summary, "Expert consensus rankings (no source: empty data with meta.coverage)")
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.get("playerRankings", "/v1/nfl/players/rankings")
      .setUrlParams(NflPlayerRankingsParams)
      .addSuccess(empty)
      .annotate(OpenApi.Summary, "NFL consensus draft rankings (no source: empty data with meta.coverage)")
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.get("campIntel", "/v1/nfl/players/:id/camp-intel")
      .setPath(PlayerIdPath)
      .addSuccess(empty)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Training camp reports of an NFL player (no source: empty data with meta.coverage)")
      .pipe(requiredTier("build"))
  )
  .add(
    HttpApiEndpoint.get("mlbSplits", "/v1/mlb/players/:id/splits")
      .setPath(PlayerIdPath)
      .setUrlParams(MlbSplitsParams)
      .addSuccess(empty)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Pitch-type mix splits of an MLB player (no source: empty data with meta.coverage)")
      .pipe(requiredTier("build"))
  )
  .add(
    HttpApiEndpoint.get("splits", "/v1/:sport/players/:id/splits")
      .setPath(SplitsPath)
      .setUrlParams(SplitsParams)
      .addSuccess(empty)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Splits of a player, mlb only (no source: empty data with meta.coverage)")
      .pipe(requiredTier("build"))
  )
  .add(
    HttpApiEndpoint.get("mlbTransactions", "/v1/mlb/transactions")
      .setUrlParams(MlbTransactionsParams)
      .addSuccess(empty)
      .annotate(OpenApi.Summary, "MLB transactions (no source: empty data with meta.coverage)")
      .pipe(requiredTier("build"))
  )
  .add(
    HttpApiEndpoint.get("mlbDepthChartChanges", "/v1/mlb/depth-chart/changes")
      .setUrlParams(NhlDepthChartChangesParams)
      .addSuccess(Resources.Envelope(Schema.Array(Resources.DepthChartChange)))
      .annotate(OpenApi.Summary, "MLB depth-chart changes (no source: empty data with meta.coverage)")
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.get("nbaDepthChartChanges", "/v1/nba/depth-chart/changes")
      .setUrlParams(NhlDepthChartChangesParams)
      .addSuccess(Resources.Envelope(Schema.Array(Resources.DepthChartChange)))
      .annotate(OpenApi.Summary, "NBA depth-chart changes (no source: empty data with meta.coverage)")
      .pipe(requiredTier("growth"))
  )
  .annotate(OpenApi.Title, "Endpoints without a source")
{}

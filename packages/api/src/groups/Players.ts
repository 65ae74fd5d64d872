/**
 * Cross-sport player endpoints (specification, "Cross-sport"): search and compare.
 * Not served here: similar (needs the similarity vectors), trending, filter (growth; not yet).
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import { PlayerCompareParams, PlayerSearchParams } from "../params/Players.js"
import { everyTier } from "./Shared.js"

/** `/v1/players/search` response: success, endpoint, count, query, data, meta (specification). */
export const SearchEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(Resources.PlayerSearchRow)).fields,
  query: Schema.String
}).annotations({ identifier: "PlayerSearchResponse" })

export class PlayersGroup extends HttpApiGroup.make("players")
  .add(
    HttpApiEndpoint.get("search", "/search")
      .setUrlParams(PlayerSearchParams)
      .addSuccess(SearchEnvelope)
      .annotate(OpenApi.Summary, "Players of every sport whose name contains q, alphabetical")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("compare", "/compare")
      .setUrlParams(PlayerCompareParams)
      .addSuccess(Resources.Envelope(Schema.Array(Resources.ComparedPlayer).pipe(Schema.itemsCount(2))))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Two players side by side: identity and latest-season summary")
      .pipe(everyTier)
  )
  .prefix("/v1/players")
  .annotate(OpenApi.Title, "Players")
{}

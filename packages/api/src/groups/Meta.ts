/**
 * Service metadata endpoints: `/v1/sports`, `/v1/data/status`, `/v1/meta/coverage`
 * (specification, "Cross-sport"), and the unauthenticated `/api/public/stats`.
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ListLimits, listPageFields } from "../params/Common.js"
import { noKey } from "../Security.js"
import { everyTier } from "./Shared.js"

/** The meta lists' paging: `limit` (Params.ListLimits.meta) and `offset`. */
const MetaListParams = Schema.Struct(listPageFields(ListLimits.meta))

/** The `meta` group: `/v1/sports`, `/v1/data/status`, `/v1/meta/coverage`, every tier. */
export class MetaGroup extends HttpApiGroup.make("meta")
  .add(
    HttpApiEndpoint.get("sports", "/v1/sports")
      .setUrlParams(MetaListParams)
      .addSuccess(Resources.PagedEnvelope(Schema.Array(Resources.SportInfo)))
      .annotate(OpenApi.Summary, "Sports and the endpoint families served for each")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("dataStatus", "/v1/data/status")
      .setUrlParams(MetaListParams)
      .addSuccess(Resources.PagedEnvelope(Schema.Array(Resources.DataStatusRow)))
      .annotate(OpenApi.Summary, "Per-sport freshness timestamps and player counts")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("coverage", "/v1/meta/coverage")
      .setUrlParams(MetaListParams)
      .addSuccess(Resources.PagedEnvelope(Schema.Array(Resources.CoverageRow)))
      .annotate(OpenApi.Summary, "Historical coverage by sport: seasons, date range, counts")
      .pipe(everyTier)
  )
  .annotate(OpenApi.Title, "Meta")
{}

/** The `public` group: `/api/public/stats`, served without a key. */
export class PublicGroup extends HttpApiGroup.make("public")
  .add(
    HttpApiEndpoint.get("stats", "/api/public/stats")
      .addSuccess(Resources.PublicStats)
      .annotate(OpenApi.Summary, "Platform counters; no key needed")
      .pipe(noKey)
  )
  .annotate(OpenApi.Title, "Public")
{}

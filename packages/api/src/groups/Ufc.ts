/**
 * UFC endpoints (specification, "Endpoints / NHL, CFB, soccer, tennis, golf, ufc ..."), under
 * `/v1/ufc`: events and fighters (every tier), fighter record (build), rankings (growth; no
 * source: empty data with meta.coverage unavailable).
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources, UfcResources } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import { ParticipantPath } from "../params/Tennis.js"
import { UfcEventsParams, UfcFightersParams, UfcRankingsParams } from "../params/Ufc.js"
import { requiredTier } from "../Security.js"
import { everyTier } from "./Shared.js"

/** The `ufc` group, under `/v1/ufc`. */
export class UfcGroup extends HttpApiGroup.make("ufc")
  .add(
    HttpApiEndpoint.get("events", "/events")
      .setUrlParams(UfcEventsParams)
      .addSuccess(Resources.Envelope(Schema.Array(UfcResources.Event)))
      .annotate(OpenApi.Summary, "UFC cards, newest first, with their bouts and results")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("fighters", "/fighters")
      .setUrlParams(UfcFightersParams)
      .addSuccess(
        Schema.Struct({
          ...Resources.Envelope(Schema.Array(UfcResources.Fighter)).fields,
          total: Schema.Int
        }).annotations({ identifier: "UfcFightersResponse" })
      )
      .annotate(OpenApi.Summary, "UFC fighters by name, with the tale of the tape")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("rankings", "/rankings")
      .setUrlParams(UfcRankingsParams)
      .addSuccess(Resources.PagedEnvelope(Schema.Array(Schema.Unknown)))
      .annotate(OpenApi.Summary, "UFC rankings: no source has them (empty data, meta.coverage unavailable)")
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.get("record", "/fighters/:name/record")
      .setPath(ParticipantPath)
      .addSuccess(Resources.Envelope(UfcResources.FighterRecord))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "A fighter's UFC record: wins, losses, draws, no contests and each fight")
      .annotate(
        OpenApi.Description,
        "Fighter by canonical id or name; a name several fighters share is 400 with the candidates."
      )
      .pipe(requiredTier("build"))
  )
  .prefix("/v1/ufc")
  .annotate(OpenApi.Title, "UFC")
{}

/**
 * Formula 1 data endpoints (specification, "Endpoints / ... f1, nascar"), under `/v1/f1`: races,
 * session results and the championships (every tier).
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { F1, Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import { F1RacesParams, F1ResultsParams, F1StandingsParams } from "../params/EventSports.js"
import { everyTier, withPaging } from "./Shared.js"

/** Races: the envelope plus the season listed (null when none is held). */
export const F1RacesEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(F1.F1Race)).fields,
  season: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "F1RacesResponse" })

/** Results: the envelope plus the grand prix and the session asked, and `total`, `offset`, `limit`. */
export const F1ResultsEnvelope = Schema.Struct({
  ...withPaging(Resources.Envelope(Schema.Array(F1.F1Result))).fields,
  race: Schema.NullOr(F1.F1Race),
  session: Schema.String
}).annotations({ identifier: "F1ResultsResponse" })

/** The `f1` group, under `/v1/f1`. */
export class F1Group extends HttpApiGroup.make("f1")
  .add(
    HttpApiEndpoint.get("races", "/races")
      .setUrlParams(F1RacesParams)
      .addSuccess(F1RacesEnvelope)
      .annotate(OpenApi.Summary, "Grands prix of a season (2022-2026) with circuit and sessions held")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("results", "/results")
      .setUrlParams(F1ResultsParams)
      .addSuccess(F1ResultsEnvelope)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Results of a race, qualifying, sprint or sprint qualifying session")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("standings", "/standings")
      .setUrlParams(F1StandingsParams)
      .addSuccess(Resources.Envelope(F1.F1Standings))
      .annotate(OpenApi.Summary, "Drivers' and constructors' championships after any round")
      .pipe(everyTier)
  )
  .prefix("/v1/f1")
  .annotate(OpenApi.Title, "Formula 1")
{}

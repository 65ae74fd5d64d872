/**
 * NASCAR data endpoints (specification, "Endpoints / ... f1, nascar"), under `/v1/nascar`:
 * races, results and the points table of a series (cup, xfinity, truck; every tier).
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Nascar, Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import { NascarRacesParams, NascarResultsParams, NascarStandingsParams } from "../params/EventSports.js"
import { everyTier, withPaging } from "./Shared.js"

/** Races: the envelope plus the series and season listed. */
export const NascarRacesEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(Nascar.NascarRace)).fields,
  series: Nascar.NascarSeries,
  season: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "NascarRacesResponse" })

/** Results: the envelope plus the race, and `total`, `offset`, `limit`. */
export const NascarResultsEnvelope = Schema.Struct({
  ...withPaging(Resources.Envelope(Schema.Array(Nascar.NascarResult))).fields,
  race: Schema.NullOr(Nascar.NascarRace)
}).annotations({ identifier: "NascarResultsResponse" })

/**
 * Standings: the envelope plus series, season, races counted and how the table is computed, and
 * `total`, `offset`, `limit`.
 */
export const NascarStandingsEnvelope = Schema.Struct({
  ...withPaging(Resources.Envelope(Schema.Array(Nascar.NascarStanding))).fields,
  series: Nascar.NascarSeries,
  season: Schema.NullOr(Schema.Int),
  races: Schema.Int,
  basis: Schema.String
}).annotations({ identifier: "NascarStandingsResponse" })

/** The `nascar` group, under `/v1/nascar`. */
export class NascarGroup extends HttpApiGroup.make("nascar")
  .add(
    HttpApiEndpoint.get("races", "/races")
      .setUrlParams(NascarRacesParams)
      .addSuccess(NascarRacesEnvelope)
      .annotate(OpenApi.Summary, "Races of a series season (2022-2025; no dates in the source)")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("results", "/results")
      .setUrlParams(NascarResultsParams)
      .addSuccess(NascarResultsEnvelope)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Results of a race")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("standings", "/standings")
      .setUrlParams(NascarStandingsParams)
      .addSuccess(NascarStandingsEnvelope)
      .annotate(OpenApi.Summary, "Sum of race points of a series season (not the playoff-reset standings)")
      .pipe(everyTier)
  )
  .prefix("/v1/nascar")
  .annotate(OpenApi.Title, "NASCAR")
{}

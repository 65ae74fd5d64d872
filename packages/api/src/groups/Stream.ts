/**
 * The event stream (specification, "Events"; decisions.md, "Delivery"): `GET /v1/events/stream`,
 * pro_insights and above. A Server-Sent Events body (`text/event-stream`): each event has `id:`
 * (the outbox id, increasing), `event:` (player.injured, game.score_updated, game.state_changed,
 * game.final, anomaly.detected, signal.created) and `data:` (the event's payload, JSON); a
 * comment line is sent as a heartbeat. Optional `sport` filter; a `Last-Event-ID` header resumes after that id.
 * Opening a stream counts one call; above the key's concurrent stream cap → 429 TOO_MANY_STREAMS.
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import * as OpenApi from "@effect/platform/OpenApi"
import { SportKey } from "@sports-data/domain"
import { Schema } from "effect"
import { TooManyStreamsError } from "../Errors.js"
import { oneOf } from "../params/Common.js"
import { requiredTier } from "../Security.js"

/** Query of the stream: `sport` (any sport key, case-insensitive) keeps that sport's events only. */
export const StreamParams = Schema.Struct({ sport: Schema.optional(oneOf(SportKey.literals)) })

/**
 * Headers of the stream: `Last-Event-ID`, the id of the last event received (a non-negative
 * integer, as a standard EventSource sends on reconnect); the stream replays every later event.
 */
export const StreamHeaders = Schema.Struct({ "last-event-id": Schema.optional(Schema.String) })

/** The body: a text event stream. */
export const EventStreamBody = Schema.String.pipe(
  HttpApiSchema.withEncoding({ kind: "Text", contentType: "text/event-stream" })
).annotations({ description: "Server-Sent Events: id, event, data (JSON) per event; `:` comment heartbeats" })

/** The stream group. */
export class StreamGroup extends HttpApiGroup.make("stream")
  .add(
    HttpApiEndpoint.get("events", "/v1/events/stream")
      .setUrlParams(StreamParams)
      .setHeaders(StreamHeaders)
      .addSuccess(EventStreamBody)
      .addError(TooManyStreamsError)
      .annotate(OpenApi.Summary, "Server-Sent Events of injuries, score updates, anomalies and signals")
      .pipe(requiredTier("pro_insights"))
  )
  .annotate(OpenApi.Title, "Stream")
{}

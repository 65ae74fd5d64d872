/**
 * Handler of the bulk group (`GET /v1/bulk/export`): the application's export lines streamed as
 * the response body (HttpApiBuilder passes a streaming `HttpServerResponse` through unencoded),
 * through a gzip stream (node:zlib) when the request's Accept-Encoding prefers gzip to identity
 * (negotiated by `negotiator`, q-values honoured). The body pulls the store page by page as the
 * socket drains; a client that disconnects interrupts the stream, so no further page is read.
 * An `include` kind that does not apply to the sport is 400 INVALID_PARAMETER before any byte.
 * @module
 */
import * as NodeStream from "@effect/platform-node/NodeStream"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Api } from "@sports-data/api"
import { Bulk } from "@sports-data/app"
import { Effect, Stream } from "effect"
import Negotiator from "negotiator"
import { createGzip } from "node:zlib"
import { group } from "./Group.js"

const encoder = new TextEncoder()

/** Whether `acceptEncoding` (the request header, possibly absent) prefers gzip to identity. */
export const acceptsGzip = (acceptEncoding: string | undefined): boolean =>
  acceptEncoding !== undefined &&
  new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encoding(["gzip", "identity"]) === "gzip"

/** The bulk handlers. Requires the application's Bulk service. */
export const BulkLive = group(
  Api,
  "bulk",
  (handlers) =>
    handlers.handle("export", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const bulk = yield* Bulk
        const exported = yield* bulk.exportLines(urlParams.sport, urlParams.include)
        const lines = exported.pipe(
          Stream.map((line) => encoder.encode(line)),
          Stream.tapErrorCause((cause) => Effect.logWarning("bulk export: reading the store failed", cause))
        )
        const gzip = acceptsGzip(request.headers["accept-encoding"])
        const body = gzip ? NodeStream.pipeThroughSimple(lines, () => createGzip()) : lines
        return HttpServerResponse.stream(body, {
          contentType: "application/x-ndjson; charset=utf-8",
          headers: {
            "cache-control": "no-store",
            vary: "accept-encoding",
            ...(gzip ? { "content-encoding": "gzip" } : {})
          }
        })
      }))
)

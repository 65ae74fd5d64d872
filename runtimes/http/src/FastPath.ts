/**
 * The node:http front of the server: answers the hits of the response-body cache (BodyCache.ts)
 * straight on the node response, without the HTTP app (router, middleware chain, response
 * conversion), and hands every other request to the app unchanged (DESIGN.md, "Hot path").
 *
 * A GET request is looked up in the body cache with its X-Service-Key value: a hit has been
 * admitted and counted exactly as the app would (Admission.ts `makeAdmitCall`), and is written
 * with the same status, body bytes and headers the app's middleware would write for it (the kept
 * answer's headers and the caller's rate-limit headers), then recorded for usage analytics with
 * its latency. A miss, a refused admission (nothing counted) or any other request goes to the
 * app's handler, which serves it as if the front did not exist (and fills the cache).
 *
 * The front replaces the app's `request` listener on the node server: it is installed after the
 * app is served (`HttpApiBuilder.serve`) and puts the app's listener back when its scope closes.
 * @module
 */
import { Effect, Exit, Layer, Option, Runtime } from "effect"
import type { IncomingMessage, Server, ServerResponse } from "node:http"
import { BodyCache, type Hit } from "./BodyCache.js"
import { HttpMetrics } from "./Metrics.js"

type Listener = (request: IncomingMessage, response: ServerResponse) => void

/**
 * Installs the front on `server`, whose only `request` listener is the served app's (dies
 * otherwise). Without a body cache (SPORTS_DATA_BODY_CACHE_BYTES=0) nothing is installed.
 * `tracing`: whether the stores' spans of a hit are traced (only when an exporter is configured,
 * as for the app's requests: Server.ts).
 */
export const fastPathLayer = (server: Server, options: { readonly tracing: boolean }) =>
  Layer.scopedDiscard(Effect.gen(function*() {
    const found = yield* Effect.serviceOption(BodyCache)
    if (Option.isNone(found)) return
    const cache = found.value
    const listeners = server.listeners("request") as Array<Listener>
    if (listeners.length !== 1) {
      return yield* Effect.dieMessage(`the fast path expects one request listener, found ${listeners.length}`)
    }
    const app = listeners[0]!
    const runCallback = Runtime.runCallback(yield* Effect.runtime<never>())

    const metrics = Option.getOrUndefined(yield* Effect.serviceOption(HttpMetrics))
    const write = (response: ServerResponse, hit: Hit, started: number) => {
      metrics?.request("GET", hit.route, 200, (performance.now() - started) / 1000)
      response.writeHead(200, hit.headers)
      const [head, fields, tail] = hit.body
      response.cork()
      response.write(head)
      response.write(fields)
      response.end(tail)
    }

    const front: Listener = (request, response) => {
      const url = request.url
      if (request.method !== "GET" || url === undefined) return app(request, response)
      const header = request.headers["x-service-key"]
      const key = typeof header === "string" ? header : ""
      const started = performance.now()
      cache.lookupInline(url, key, (hit) => {
        if (hit === "refresh") return app(request, response)
        if (hit !== undefined) return write(response, hit, started)
        // a miss is answered (and the entry filled) by the app, behind its own lookup
        const lookup = cache.lookup("GET", url, key, false)
        runCallback(options.tracing ? lookup : Effect.withTracerEnabled(lookup, false), {
          onExit: (exit) => {
            if (!Exit.isSuccess(exit) || exit.value._tag !== "Hit") return app(request, response)
            write(response, exit.value, started)
          }
        })
      })
    }

    yield* Effect.acquireRelease(
      Effect.sync(() => {
        server.off("request", app)
        server.on("request", front)
      }),
      () =>
        Effect.sync(() => {
          server.off("request", front)
          server.on("request", app)
        })
    )
  }))

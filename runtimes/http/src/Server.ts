/**
 * Composition of the HTTP runtime.
 *
 * - {@link makeApiLive}: an HttpApi with its handlers, the admission middleware, the error
 *   middleware, usage analytics, the documents and the developer dashboard (dashboard/Routes.ts), as one layer providing `HttpApi.Api` (what
 *   `HttpApiBuilder.serve` and `HttpApiBuilder.toWebHandler` take). Needs the stores. The
 *   handlers read the read ports through a cache keyed by the data version (StoreCache.ts);
 *   admission and usage go to their stores on every request. Repeated reads of the team-sport
 *   routes are answered from the cache of encoded bodies (BodyCache.ts), admitted as usual; on
 *   node:http its hits are answered in front of the app (FastPath.ts).
 * - {@link makeHttpServer}: serves such a layer on node:http. The API is built first and the
 *   listener after it, so no request reaches a half-built service. On interruption (SIGTERM under
 *   `NodeRuntime.runMain`) the server stops accepting connections, lets in-flight requests finish,
 *   flushes usage analytics, then releases the stores.
 * - Per-request tracing costs 25-40% of throughput (DESIGN.md), so it is off unless
 *   OTEL_EXPORTER_OTLP_ENDPOINT is set.
 * @module
 */
import type { HttpApi, HttpApiGroup } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpMiddleware from "@effect/platform/HttpMiddleware"
import * as HttpServer from "@effect/platform/HttpServer"
import { Api, Security } from "@sports-data/api"
import * as App from "@sports-data/app"
import { IngestProgress, type IngestProgressService, type Mailer, type Plans } from "@sports-data/domain"
import { HighsSolverLive, MailFromEnv, type PublicUrl } from "@sports-data/wiring"
import { Config, Effect, Layer, Option } from "effect"
import { createServer, type Server } from "node:http"
import { ActivationLive, activationRoutes } from "./Activation.js"
import { AuthorizationLive, PlanCatalogFromEnv, planCatalogLayer } from "./Admission.js"
import { BodyCacheLive, type BodyCacheOptions } from "./BodyCache.js"
import { DashboardLive, dashboardRoutes } from "./dashboard/Routes.js"
import { DocsLive, docsRoutes } from "./Docs.js"
import { ErrorsMiddlewareLive } from "./Errors.js"
import { type EventStreamOptions, EventStreams, eventStreamsLayer } from "./EventStream.js"
import { FairnessMiddlewareLive, type FairnessOptions } from "./Fairness.js"
import { fastPathLayer } from "./FastPath.js"
import { HandlersLive } from "./handlers/index.js"
import { LoadingMiddlewareLive } from "./Loading.js"
import { McpLive, mcpRoutes } from "./mcp/Server.js"
import type { ThreadMemorySources } from "./Memory.js"
import { HttpMetrics, makeMetrics, MetricsLive, metricsRoutes } from "./Metrics.js"
import { storeCacheLayer, type StoreCacheOptions } from "./StoreCache.js"
import { UsageRecorderLive } from "./Usage.js"

/** Options of the API layer. */
export interface ApiOptions {
  /** A plan catalog to use instead of the SPORTS_DATA_PLANS setting / the default plans. */
  readonly plans?: Plans.PlanCatalog | undefined
  /**
   * The cache of the read ports in front of the handlers (StoreCache.ts): its options, or
   * false to read the store on every request. Default: on, with the default options (the data
   * version read at most once a second).
   */
  readonly cache?: StoreCacheOptions | false | undefined
  /**
   * The cache of encoded response bodies (BodyCache.ts): its options, or false for none.
   * Default: on, its byte budget from SPORTS_DATA_BODY_CACHE_BYTES.
   */
  readonly bodyCache?: BodyCacheOptions | false | undefined
  /**
   * The mailer and public address of the activation e-mail (`mailLayer` of @sports-data/wiring).
   * Default: what the settings choose (SMTP_URL, else .eml files in SPORTS_DATA_MAIL_DIR;
   * SPORTS_DATA_PUBLIC_URL, else http://localhost:<PORT>).
   */
  readonly mail?: Layer.Layer<Mailer | PublicUrl> | undefined
  /**
   * The ingestion progress of this process, when it ingests in the background (`serve`): a
   * sport not served yet answers 503 SERVICE_UNAVAILABLE (Loading.ts) and `/v1/data/status`
   * shows each sport's progress. Default: none, every sport is served from the store.
   */
  readonly progress?: IngestProgressService | undefined
  /**
   * The threads of the process whose memory `/metrics` reports (Memory.ts; `serve` adds its
   * background and store threads). Default: the HTTP thread only.
   */
  readonly threads?: ThreadMemorySources | undefined
  /** The request deadline and the cap of requests in flight per key (Fairness.ts); default: the settings. */
  readonly fairness?: FairnessOptions | undefined
  /** Options of `GET /v1/events/stream` (EventStream.ts); default: the settings. */
  readonly stream?: EventStreamOptions | undefined
}

/**
 * The layer serving `api` with `handlers` (a layer of every group's handlers, which may require
 * `Security.Authorization`): admission, error mapping, usage analytics, `/openapi.json`, `/docs`.
 * The handlers' read ports are the context's, behind the read cache unless `options.cache` is false.
 */
export const makeApiLive = <Id extends string, Groups extends HttpApiGroup.HttpApiGroup.Any, E, R, HE, HR>(
  api: HttpApi.HttpApi<Id, Groups, E, R>,
  handlers: Layer.Layer<HttpApiGroup.HttpApiGroup.ToService<Id, Groups>, HE, HR>,
  options?: ApiOptions
) => {
  const endpoints = Security.endpointTiers(api)
  const progress = options?.progress
  const metrics = makeMetrics(progress, options?.threads)
  const metricsLayer = Layer.succeed(HttpMetrics, metrics)
  const services = App.layer.pipe(
    Layer.provide(HighsSolverLive),
    Layer.provide(
      progress === undefined
        ? storeCacheLayer(options?.cache)
        : Layer.merge(storeCacheLayer(options?.cache), Layer.succeed(IngestProgress, progress))
    ),
    Layer.provide(metricsLayer)
  )
  const apiLayer = HttpApiBuilder.api(api).pipe(Layer.provide(Layer.provide(handlers, services)))
  const routes = [...endpoints, ...docsRoutes, ...activationRoutes, ...mcpRoutes, ...dashboardRoutes, ...metricsRoutes]
  return Layer.mergeAll(
    ErrorsMiddlewareLive(routes),
    MetricsLive(routes, metrics),
    LoadingMiddlewareLive(endpoints, progress),
    FairnessMiddlewareLive(options?.fairness),
    options?.bodyCache === false
      ? Layer.empty
      : BodyCacheLive(endpoints, options?.bodyCache).pipe(Layer.provide(metricsLayer)),
    DocsLive,
    ActivationLive,
    McpLive.pipe(Layer.provide(services)),
    DashboardLive.pipe(Layer.provide(services))
  ).pipe(
    Layer.provideMerge(apiLayer),
    Layer.provideMerge(eventStreamsLayer(options?.stream)),
    Layer.provide(AuthorizationLive(endpoints)),
    Layer.provide(UsageRecorderLive()),
    Layer.provide(options?.mail ?? MailFromEnv),
    Layer.provide(options?.plans === undefined ? PlanCatalogFromEnv : planCatalogLayer(options.plans))
  )
}

/** The setting that turns per-request tracing on. */
export const otelEndpointConfig = Config.option(
  Config.string("OTEL_EXPORTER_OTLP_ENDPOINT").pipe(
    Config.withDescription("OpenTelemetry collector endpoint; when set, per-request tracing is on.")
  )
)

/**
 * While the server drains at shutdown, ends the open event streams (EventStream.ts) and closes
 * keep-alive connections as soon as they are idle (node's `close()` closes the idle ones once,
 * then waits for the others' keep-alive timeout). Built after the node server, so its finalizer
 * runs before the server's close.
 */
const closeIdleOnShutdown = (server: Server) =>
  Layer.scopedDiscard(
    Effect.zipRight(
      HttpServer.HttpServer,
      Effect.addFinalizer(() =>
        Effect.serviceOption(EventStreams).pipe(
          Effect.flatMap(Option.match({ onNone: () => Effect.void, onSome: (streams) => streams.shutdown }))
        ).pipe(Effect.zipRight(Effect.sync(() => {
          const timer = setInterval(() => server.closeIdleConnections(), 50)
          timer.unref()
          server.once("close", () => clearInterval(timer))
        })))
      )
    )
  )

/** Options of the server. */
export interface ServerOptions extends ApiOptions {
  /** TCP port; 0 picks a free one (read it from `HttpServer.HttpServer`'s address). */
  readonly port: number
  /** Interface to listen on (default: all). */
  readonly host?: string | undefined
}

/**
 * Serves `apiLive` (from {@link makeApiLive}) on node:http until interrupted. Outputs the
 * `HttpServer` (its address tells the port chosen for port 0).
 */
export const makeHttpServer = <E, R>(apiLive: Layer.Layer<HttpApi.Api, E, R>, options: ServerOptions) =>
  Layer.unwrapEffect(Effect.gen(function*() {
    const otel = yield* otelEndpointConfig
    const server = createServer()
    // the fast path takes over the app's request listener, so it is built after the app is served
    const serve = Layer.merge(
      fastPathLayer(server, { tracing: Option.isSome(otel) }).pipe(Layer.provideMerge(HttpApiBuilder.serve())),
      closeIdleOnShutdown(server)
    ).pipe(
      HttpServer.withLogAddress,
      Layer.provideMerge(
        NodeHttpServer.layer(() => server, {
          port: options.port,
          ...(options.host === undefined ? {} : { host: options.host })
        })
      )
    )
    if (Option.isSome(otel)) {
      yield* Effect.logInfo("OTEL_EXPORTER_OTLP_ENDPOINT is set: an exporter is configured, per-request tracing on")
      return serve
    }
    return HttpMiddleware.withTracerDisabledWhen(serve, () => true)
  })).pipe(Layer.provide(apiLive))

// ---------------------------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------------------------

/**
 * The service's API layer with options: `Api` with every handler (see {@link makeApiLive}).
 * Requires KeyStore, UsageStore and every read port; fails with PlanCatalogError when the
 * SPORTS_DATA_PLANS catalog is not usable.
 */
export const ApiLiveWith = (options?: ApiOptions) => makeApiLive(Api, HandlersLive, options)

/**
 * The service's API layer (plans from SPORTS_DATA_PLANS or the defaults), for
 * `HttpApiBuilder.toWebHandler(Layer.mergeAll(ApiLive, HttpServer.layerContext).pipe(Layer.provide(stores)))`.
 */
export const ApiLive = ApiLiveWith()

/**
 * The HTTP server of the service on `port` (0 = a free port, see the `HttpServer` address),
 * serving until interrupted, then draining in-flight requests. Requires the stores; build
 * the stores first (provide them to this layer) so the listener opens on a ready service.
 */
export const HttpServerLive = (options: ServerOptions) => makeHttpServer(ApiLiveWith(options), options)

/**
 * Metrics an operator can scrape: `GET /metrics` in the Prometheus text exposition format, made
 * with prom-client (the Prometheus client of Node.js) over a registry of this server's own.
 *
 * - `http_requests_total{method,route,status}` and `http_request_duration_seconds{...}` (a
 *   histogram): every request, by its route template (`/v1/{sport}/odds`, never the concrete
 *   path, and `unmatched` for a path no route takes), answered by the app or by the node front
 *   from the body cache (FastPath.ts);
 * - `cache_lookups_total{cache,result}`: hits and misses of the response-body cache (`body`) and
 *   of the read cache of the store ports (`read`), whose ratio is the hit ratio;
 * - `store_query_duration_seconds{port,method}`: the store reads behind the read cache's misses;
 * - `ingest_sport_state{sport,state}` (1 for the sport's current state) and
 *   `ingest_sport_serving{sport}` when the server ingests in the background;
 * - `cache_bytes{cache}` and `cache_entries{cache}`: what the body cache (`body`) and the read
 *   cache (`read`, `read_short` for its short-lived catalog reads) hold now (estimated bytes, the
 *   figure their byte budgets bound);
 * - memory per thread (Memory.ts; the process's `process_resident_memory_bytes` is the sum of
 *   every thread's and of the native code's): `thread_heap_used_bytes{thread}`,
 *   `thread_heap_total_bytes{thread}`, `thread_heap_limit_bytes{thread}`,
 *   `thread_external_bytes{thread}`, `thread_array_buffers_bytes{thread}` and
 *   `thread_wasm_memory_bytes{thread}` (PGlite's WebAssembly memory), for the HTTP thread (`http`)
 *   and the threads `serve` adds (`background`, `pglite`);
 * - the process metrics of prom-client's `collectDefaultMetrics`: CPU, resident memory, heap,
 *   garbage collection and the event loop's delay (`nodejs_eventloop_lag_seconds` and its
 *   percentiles, from `perf_hooks.monitorEventLoopDelay`).
 *
 * Never per-key data: no label names a key, a caller or an address.
 *
 * Access (the SPORTS_DATA_METRICS_TOKEN setting): with a token, a scrape must send
 * `Authorization: Bearer <token>`; without one, only a scrape from the loopback address
 * (127.0.0.1, ::1) is answered. Anything else answers 404 NOT_FOUND, as an unknown path does.
 * @module
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { ApiErrors } from "@sports-data/api"
import type { IngestProgressService } from "@sports-data/domain"
import { loadStates } from "@sports-data/domain"
import { Cause, Config, Context, Effect, Exit, Layer, Option, Redacted } from "effect"
import { timingSafeEqual } from "node:crypto"
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client"
import { errorResponse, type RouteShape, templatePattern } from "./Errors.js"
import {
  makeThreadMemorySources,
  type NamedThreadMemory,
  type ThreadMemory,
  type ThreadMemorySources
} from "./Memory.js"

/** Path of the metrics. */
export const METRICS_PATH = "/metrics"

/** The route the metrics add (for telling 405 from 404). */
export const metricsRoutes: ReadonlyArray<RouteShape> = [{ method: "GET", path: METRICS_PATH }]

/** The setting of the scrape token. */
export const metricsTokenConfig = Config.option(
  Config.redacted("SPORTS_DATA_METRICS_TOKEN").pipe(
    Config.withDescription(
      "Bearer token a scrape of GET /metrics must send; unset: /metrics answers only from the loopback address."
    )
  )
)

/** What the server's parts report. */
export interface MetricsService {
  /** The registry (its `metrics()` is the exposition text). */
  readonly registry: Registry
  /** A request answered: method, route template, status, seconds taken. */
  readonly request: (method: string, route: string, status: number, seconds: number) => void
  /** A lookup of the `body` or `read` cache. */
  readonly cache: (cache: "body" | "read", hit: boolean) => void
  /** A store read of `port`.`method` that took `seconds`. */
  readonly storeQuery: (port: string, method: string, seconds: number) => void
  /**
   * Registers the size of the cache `cache` (`body`, `read`, ...): `read` answers its estimated
   * bytes and entries now, read at each scrape (a later registration under the same name replaces it).
   */
  readonly cacheSize: (cache: string, read: () => { readonly bytes: number; readonly entries: number }) => void
  /** The threads whose memory the scrape reports (Memory.ts). */
  readonly threads: ThreadMemorySources
}

/** The metrics of the running server. */
export class HttpMetrics extends Context.Tag("@sports-data/http/HttpMetrics")<HttpMetrics, MetricsService>() {}

/** Latency buckets, seconds: 1 ms to 10 s (the default deadline). */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** The gauges of the memory per thread: metric name, help, the field of ThreadMemory. */
const THREAD_GAUGES: ReadonlyArray<readonly [string, string, keyof ThreadMemory]> = [
  ["thread_heap_used_bytes", "V8 heap in use, by thread (http, background, pglite).", "heapUsed"],
  ["thread_heap_total_bytes", "V8 heap reserved from the system, by thread.", "heapTotal"],
  ["thread_heap_limit_bytes", "Ceiling of the V8 heap, by thread.", "heapLimit"],
  ["thread_external_bytes", "Memory outside the V8 heap owned by the thread's objects, by thread.", "external"],
  ["thread_array_buffers_bytes", "ArrayBuffers and Buffers (part of external), by thread.", "arrayBuffers"],
  ["thread_wasm_memory_bytes", "WebAssembly memory (PGlite's Postgres), by thread.", "wasm"]
]

/**
 * The metrics service over a fresh registry; `progress`, when the server ingests, is read at each
 * scrape for the ingest gauges; `threads` (default: this thread only) for the memory per thread.
 */
export const makeMetrics = (
  progress: IngestProgressService | undefined,
  threads: ThreadMemorySources = makeThreadMemorySources()
): MetricsService => {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 })
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route template and status.",
    labelNames: ["method", "route", "status"],
    registers: [registry]
  })
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route template and status.",
    labelNames: ["method", "route", "status"],
    buckets: BUCKETS,
    registers: [registry]
  })
  const lookups = new Counter({
    name: "cache_lookups_total",
    help: "Lookups of the response-body cache (body) and of the store read cache (read), by result.",
    labelNames: ["cache", "result"],
    registers: [registry]
  })
  const queries = new Histogram({
    name: "store_query_duration_seconds",
    help: "Store reads (the read cache's misses), by port and method.",
    labelNames: ["port", "method"],
    buckets: BUCKETS,
    registers: [registry]
  })
  if (progress !== undefined) {
    const sports = () => Effect.runSync(progress.all)
    new Gauge({
      name: "ingest_sport_state",
      help: "1 for each sport's current ingestion state (pending, ingesting, ready, failed).",
      labelNames: ["sport", "state"],
      registers: [registry],
      collect() {
        this.reset()
        for (const p of sports()) {
          for (const state of loadStates) this.set({ sport: p.sport, state }, p.state === state ? 1 : 0)
        }
      }
    })
    new Gauge({
      name: "ingest_sport_serving",
      help: "1 when the sport is served, 0 while a sport never ingested loads.",
      labelNames: ["sport"],
      registers: [registry],
      collect() {
        this.reset()
        for (const p of sports()) this.set({ sport: p.sport }, p.serving ? 1 : 0)
      }
    })
  }
  const cacheSizes = new Map<string, () => { readonly bytes: number; readonly entries: number }>()
  new Gauge({
    name: "cache_bytes",
    help: "Estimated bytes held by each cache (body: encoded response bodies; read: store answers).",
    labelNames: ["cache"],
    registers: [registry],
    collect() {
      this.reset()
      for (const [cache, read] of cacheSizes) this.set({ cache }, read().bytes)
    }
  })
  new Gauge({
    name: "cache_entries",
    help: "Entries held by each cache.",
    labelNames: ["cache"],
    registers: [registry],
    collect() {
      this.reset()
      for (const [cache, read] of cacheSizes) this.set({ cache }, read().entries)
    }
  })
  // one reading of every thread per scrape, shared by the gauges of that scrape (a scrape starts
  // every gauge's collect before any of them settles)
  let reading: Promise<ReadonlyArray<NamedThreadMemory>> | undefined
  const sampled = () => {
    if (reading === undefined) {
      reading = threads.sampleAll()
      void reading.finally(() => (reading = undefined))
    }
    return reading
  }
  for (const [name, help, field] of THREAD_GAUGES) {
    new Gauge({
      name,
      help,
      labelNames: ["thread"],
      registers: [registry],
      async collect() {
        const all = await sampled()
        this.reset()
        for (const { memory, thread } of all) {
          const value = memory[field]
          if (value !== undefined) this.set({ thread }, value)
        }
      }
    })
  }
  return {
    registry,
    threads,
    cacheSize: (cache, read) => void cacheSizes.set(cache, read),
    request: (method, route, status, seconds) => {
      const labels = { method, route, status: String(status) }
      requests.inc(labels)
      latency.observe(labels, seconds)
    },
    cache: (cache, hit) => lookups.inc({ cache, result: hit ? "hit" : "miss" }),
    storeQuery: (port, method, seconds) => queries.observe({ port: port.split("/").at(-1) ?? port, method }, seconds)
  }
}

/**
 * The route template of a request, per method, over `routes` (the first template that matches;
 * `unmatched` when none does), remembered for up to 10,000 distinct method and path pairs.
 */
export const makeRouteTemplates = (routes: ReadonlyArray<RouteShape>) => {
  const compiled = routes.map((r) => ({ ...r, regex: new RegExp("^" + templatePattern(r.path) + "/?$") }))
  const known = new Map<string, string>()
  return (method: string, url: string): string => {
    const q = url.indexOf("?")
    const path = q === -1 ? url : url.slice(0, q)
    const id = `${method} ${path}`
    const found = known.get(id)
    if (found !== undefined) return found
    const route = compiled.find((c) => c.method === method && c.regex.test(path))?.path ?? "unmatched"
    if (known.size >= 10_000) known.clear()
    known.set(id, route)
    return route
  }
}

/** Whether `address` is the loopback address (IPv4, IPv6 or IPv4-mapped). */
const isLoopback = (address: string) => address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1"

/** Whether `presented` equals `token` (in constant time). */
const sameToken = (presented: string, token: string) => {
  const a = Buffer.from(presented)
  const b = Buffer.from(token)
  return a.byteLength === b.byteLength && timingSafeEqual(a, b)
}

/**
 * The metrics as a layer: the {@link HttpMetrics} service, `GET /metrics` (see the module
 * documentation for its access) and a middleware recording every request the app answers, by
 * route template over `routes`.
 */
export const MetricsLive = (routes: ReadonlyArray<RouteShape>, service: MetricsService) => {
  const templateOf = makeRouteTemplates([...routes, ...metricsRoutes])
  const scrape = HttpApiBuilder.Router.use((router) =>
    Effect.gen(function*() {
      const token = yield* Effect.orDie(metricsTokenConfig)
      yield* router.get(
        METRICS_PATH,
        Effect.gen(function*() {
          const request = yield* HttpServerRequest.HttpServerRequest
          const allowed = Option.match(token, {
            onNone: () => isLoopback(Option.getOrElse(request.remoteAddress, () => "")),
            onSome: (t) => sameToken(request.headers["authorization"] ?? "", `Bearer ${Redacted.value(t)}`)
          })
          if (!allowed) return errorResponse(new ApiErrors.NotFoundError({ path: METRICS_PATH }))
          const text = yield* Effect.promise(() => service.registry.metrics())
          return HttpServerResponse.text(text, { contentType: service.registry.contentType })
        })
      )
    })
  )
  const record = HttpApiBuilder.middleware((app) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
      const started = performance.now()
      return Effect.onExit(app, (exit) =>
        Effect.sync(() => {
          const status = Exit.isSuccess(exit)
            ? exit.value.status
            : Option.match(Cause.failureOption(exit.cause), {
              onNone: () => 500,
              onSome: (e) => ApiErrors.isApiError(e) ? ApiErrors.statusOf(e) : 500
            })
          service.request(
            request.method,
            templateOf(request.method, request.url),
            status,
            (performance.now() - started) / 1000
          )
        }))
    })
  )
  return Layer.mergeAll(Layer.succeed(HttpMetrics, service), scrape, record)
}

/**
 * `sports-data serve`: one process that migrates the store, ensures one demo key per current tier,
 * starts serving the HTTP API at once, and then ingests the source datasets that are new or
 * changed in the background, sport by sport, with progress on the terminal: a sport never ingested
 * answers 503 SERVICE_UNAVAILABLE (Retry-After) until it is in, a sport ingested at an earlier
 * start is served from the store while it is ingested again, and `/v1/data/status` shows each
 * sport's progress (@sports-data/http Loading.ts). It serves until interrupted (Ctrl+C shuts the
 * server down gracefully). After that first ingestion it looks for changed source files every
 * SPORTS_DATA_REFRESH_INTERVAL (see @sports-data/wiring Refresh.ts), and syncs the datasets on
 * their cadence when there is an upstream (wiring SourceSync.ts). It runs the worker's jobs
 * (that refresh with the jobs after each ingestion: model training, wiring Jobs.ts; the webhook
 * deliveries; the live game pollers) on a background thread (Background.ts), and PGlite on a
 * store thread (store-sql PgliteThread.ts), so that neither shares the HTTP event loop.
 * On a PGlite folder it also serves the loopback admin endpoint that `sports-data keys` uses
 * while the server holds the folder (Admin.ts).
 *
 * Memory: V8 lets a heap grow by up to four times what survived its last full collection before
 * it collects again (on a machine with 2 GiB of heap limit or more), so a busy server holds
 * mostly garbage; `serve` can set V8's heap growing factor for every thread of the process
 * ({@link heapGrowingPercentConfig}, off by default: it costs throughput) and caps the PGlite
 * store thread's old space ({@link pgliteThreadHeapConfig}). Measured with bench/mixed.ts (RSS after the mix, per thread
 * in `/metrics`, Memory.ts of @sports-data/http).
 * @module
 */
import * as HttpServer from "@effect/platform/HttpServer"
import { Keys } from "@sports-data/app"
import { IngestProgress, makeIngestProgress, type Plans, type StoreUnavailable } from "@sports-data/domain"
import { HttpServerLive, makeThreadMemorySources } from "@sports-data/http"
import { NflversePlays, Runner, Sync } from "@sports-data/ingest"
import { layerPgliteThread, PgliteThread } from "@sports-data/store-sql"
import {
  backfillMetrics,
  backfillStacks,
  collectGarbage,
  describeStore,
  mailFromSettings,
  Settings,
  staleSports,
  storeChoice,
  storeLayer,
  type Stores,
  trackStaleness
} from "@sports-data/wiring"
import { Config, Context, type Duration, Effect, Layer, Logger, LogLevel, Option, Redacted } from "effect"
import { existsSync } from "node:fs"
import { setFlagsFromString } from "node:v8"
import { AdminServerLive, pgliteFolder } from "./Admin.js"
import { startBackground } from "./Background.js"
import { line } from "./Output.js"

/**
 * The setting of V8's heap growing factor (`--heap-growing-percent`, process-wide: every thread's
 * heap): after a full collection a heap may grow by this percent of what survived before the next
 * one. 0 (the default) leaves V8's own factor (1.1 to 4 by its measure of the collector's speed).
 * Measured on bench/mixed.ts (RSS after the mix; HTTP thread heap used/reserved): PGlite, V8's
 * factor 1,229 MiB (469/496 MiB), 40 → 799 MiB (155/202); PostgreSQL, V8's factor 650 MiB
 * (315/349) at 419 req/s, 40 → 541 MiB (143/233) but 138 req/s in the same conditions (collections
 * of the whole heap every few hundred requests): a memory-for-throughput trade left to the operator.
 */
export const heapGrowingPercentConfig = Config.integer("SPORTS_DATA_HEAP_GROWING_PERCENT").pipe(
  Config.withDescription(
    "V8 heap growing factor of every thread of serve, percent past the live heap of the last full collection (0: V8's own, up to 300)."
  ),
  Config.withDefault(0)
)

/**
 * The setting of the PGlite store thread's V8 old-space cap (MiB; 0: V8's default). The thread
 * copies every statement's rows to its clients; with V8's default cap (4 GiB here) its heap grew
 * to 149 MiB reserved under the mix, with 512 to 54 MiB. A statement whose rows alone exceed it
 * ends the thread (the store then answers StoreUnavailable): the answers are bounded lists and
 * the bulk export pages.
 */
export const pgliteThreadHeapConfig = Config.integer("SPORTS_DATA_PGLITE_THREAD_HEAP_MB").pipe(
  Config.withDescription("Cap of the PGlite store thread's V8 old space, MiB (0: V8's default)."),
  Config.withDefault(512)
)

/** Sets V8's heap growing factor of the process from {@link heapGrowingPercentConfig} (unless 0). */
const applyHeapGrowing = Effect.flatMap(Effect.orDie(heapGrowingPercentConfig), (percent) =>
  Effect.sync(() => {
    if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`)
  }))

/**
 * Looks at the data before the server listens: recomputes missing player metrics and stored
 * stacks, finds the
 * stale sports and records them as pending in the process's IngestProgress (trackStaleness),
 * printing a line for each unreadable sport, or one line when all is current. Returns the stale
 * sports (none when the data directory is missing: the store is served as it is).
 */
const checkData = (dataDir: string, interval: Duration.DurationInput) =>
  Effect.gen(function*() {
    const backfilled = yield* backfillMetrics
    if (backfilled.length > 0) yield* line(`data: player metrics computed for ${backfilled.join(", ")}`)
    const stacked = yield* backfillStacks
    if (stacked.length > 0) yield* line(`data: stored stacks computed for ${stacked.join(", ")}`)
    if (!existsSync(dataDir)) {
      yield* line(`data directory not found: ${dataDir} (set SPORTS_DATA_DIR); serving what the store holds`)
      return []
    }
    const staleness = yield* staleSports(dataDir)
    for (const u of staleness.unreadable) {
      yield* line(`data: ${u.sport} skipped, its source files cannot be read (${u.error.file})`)
    }
    yield* trackStaleness(staleness, interval)
    if (staleness.stale.length === 0 && staleness.unreadable.length < Runner.ingestedSports.length) {
      yield* line("data: the store is current with the source files")
    }
    return staleness.stale
  })

/** Ensures the demo keys and prints them: the keys themselves only when they were just created. */
const demoKeys = (catalog: Plans.PlanCatalog) =>
  Effect.gen(function*() {
    const demo = yield* Keys.ensureDemoKeys(catalog)
    const created = demo.filter((d) => d._tag === "Created")
    const existing = demo.filter((d) => d._tag === "Existing")
    if (created.length > 0) {
      yield* line("demo keys (shown once; only their hashes are stored):")
      for (const d of created) yield* line(`  ${d.info.tier.padEnd(16)} ${Redacted.value(d.key)}`)
    }
    if (existing.length > 0) {
      yield* line(
        `demo keys from an earlier start: ${existing.map((d) => `${d.info.tier} ${d.info.prefix}...`).join(", ")}`
      )
      yield* line(
        "  (a key is shown only when created; issue another with `sports-data keys create --tier <tier>`)"
      )
    }
  })

/**
 * Runs the server with the given settings until interrupted. Fails with StoreUnavailable when the
 * store cannot be opened, or with the server's error when the port cannot be bound.
 */
export const serve = (options: { readonly settings: Settings.Settings; readonly catalog: Plans.PlanCatalog }) => {
  const choice = storeChoice(options.settings)
  const folder = pgliteFolder(choice)
  const program: Effect.Effect<never, unknown, Stores> = Effect.gen(function*() {
    yield* line(`store: ${describeStore(choice)} (migrated)`)
    const { dataDir, refreshInterval: interval } = options.settings
    const progress = yield* makeIngestProgress
    const stale = yield* checkData(dataDir, interval).pipe(Effect.provideService(IngestProgress, progress))
    yield* demoKeys(options.catalog)
    // the memory of every thread of the process, in /metrics: this one, the store thread on
    // PGlite, the background thread (below)
    const threads = makeThreadMemorySources()
    const thread = yield* Effect.serviceOption(PgliteThread)
    if (Option.isSome(thread)) threads.add("pglite", thread.value.memory)
    const context = yield* Layer.build(
      HttpServerLive({
        port: options.settings.port,
        ...Option.match(options.settings.host, { onNone: () => ({}), onSome: (host) => ({ host }) }),
        plans: options.catalog,
        mail: mailFromSettings(options.settings),
        progress,
        threads
      }).pipe(
        Layer.provide(NflversePlays.layer(dataDir)), // plays from <data dir>/nflverse_pbp when present
        Layer.provide(Sync.syncRecordsLayer(dataDir)), // the datasets' last sync, in /v1/meta/coverage
        // on a PGlite folder, `sports-data keys ...` cannot open the store: it goes through this server
        Layer.merge(
          folder === undefined ? Layer.empty : AdminServerLive({ dir: folder, catalog: options.catalog })
        )
      )
    )
    // the garbage of starting (migrations read, the API and its schemas built; 25 of the 106 MB
    // this heap held) collected now, not under one of the first requests: V8 first marked this
    // heap fully only once it had grown to some 100 MB, 57 ms of marking and pause under a
    // request (--trace-gc with bench/mixed.ts); here it blocks the start for some 40 ms
    yield* collectGarbage
    const address = Context.get(context, HttpServer.HttpServer).address
    const port = address._tag === "TcpAddress" ? address.port : options.settings.port
    const where = Option.match(options.settings.host, {
      onNone: () => `http://localhost:${port} (every interface)`,
      onSome: (host) => `http://${host.includes(":") ? `[${host}]` : host}:${port}`
    })
    yield* line(`listening on ${where} (Ctrl+C to stop)`)
    yield* line(
      Option.isSome(options.settings.smtpUrl)
        ? "e-mail: sent through the SMTP server of SMTP_URL"
        : `e-mail: written as .eml files to ${options.settings.mailDir} (set SMTP_URL to send it)`
    )
    if (stale.length > 0) {
      yield* line(
        `data: ingesting ${stale.map((s) => `${s.sport} (${s.reason})`).join(", ")} from ${dataDir} in the ` +
          "background; each sport is served as soon as it is in (progress: /v1/data/status)"
      )
    }
    // ingestion, model training, webhook deliveries and live polling run on the background
    // thread, never on this event loop (Background.ts)
    yield* startBackground(
      {
        stale,
        progress: yield* progress.all,
        port: options.settings.port,
        store: Option.isSome(thread) ? thread.value.connect() : undefined
      },
      progress,
      dataDir,
      threads
    )
    return yield* Effect.never
  }).pipe(Effect.scoped)
  // PGlite runs on a store thread, so that no statement runs on the HTTP event loop (the layer
  // also provides the PgliteThread that the background thread connects to)
  const stores: Layer.Layer<Stores, StoreUnavailable> = choice !== "memory" && "pglite" in choice
    ? Layer.unwrapEffect(
      Effect.map(
        Effect.orDie(pgliteThreadHeapConfig),
        (heapMb) => layerPgliteThread({ dataDir: choice.pglite, heapMb: heapMb > 0 ? heapMb : undefined })
      )
    )
    : storeLayer(choice)
  return Effect.zipRight(
    Effect.zipRight(applyHeapGrowing, line(`opening ${describeStore(choice)}...`)),
    program.pipe(Effect.provide(Layer.merge(stores, Logger.minimumLogLevel(LogLevel.Info))))
  )
}

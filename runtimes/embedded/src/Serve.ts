/**
 * `sports-data serve`: one process that migrates the store, ensures one demo key per current tier,
 * starts serving the HTTP API at once, and then ingests the source datasets that are new or
 * changed in the background, sport by sport, with progress on the terminal: a sport never ingested
 * answers 503 SERVICE_UNAVAILABLE (Retry-After) until it is in, a sport ingested at an earlier
 * start is served from the store while it is ingested again, and `/v1/data/status` shows each
 * sport's progress (@sports-data/http Loading.ts). It serves until interrupted (Ctrl+C shuts the
 * server down gracefully). After that first ingestion it looks for changed source files every
 * SPORTS_DATA_REFRESH_INTERVAL (see @sports-data/wiring Refresh.ts). It runs the worker's jobs
 * in-process: that refresh with the jobs after each ingestion (model training; wiring Jobs.ts)
 * and the webhook deliveries, and the live game pollers (@sports-data/wiring Live.ts).
 * On a PGlite folder it also serves the loopback admin endpoint that `sports-data keys` uses
 * while the server holds the folder (Admin.ts).
 * @module
 */
import { HttpServer } from "@effect/platform"
import { Keys } from "@sports-data/app"
import { IngestProgress, makeIngestProgress, type Plans } from "@sports-data/domain"
import { HttpServerLive } from "@sports-data/http"
import { NflversePlays, Runner } from "@sports-data/ingest"
import {
  backfillMetrics,
  DeliveryFromSettings,
  describeStore,
  holdingLease,
  ingestTracked,
  LivePollingLive,
  mailFromSettings,
  newOwner,
  REFRESH_JOB,
  refreshLoop,
  Settings,
  type StaleSport,
  staleSports,
  storeChoice,
  storeLayer,
  type Stores,
  trackStaleness
} from "@sports-data/wiring"
import {
  Cause,
  Clock,
  Context,
  type Duration,
  Effect,
  Either,
  Layer,
  Logger,
  LogLevel,
  Option,
  Redacted,
  Schedule
} from "effect"
import { existsSync } from "node:fs"
import { AdminServerLive, pgliteFolder } from "./Admin.js"
import { describeFailure, ingestTable, line, progressLayer, skippedLines } from "./Output.js"

/**
 * Looks at the data before the server listens: recomputes missing player metrics, finds the
 * stale sports and records them as pending in the process's IngestProgress (trackStaleness),
 * printing a line for each unreadable sport, or one line when all is current. Returns the stale
 * sports (none when the data directory is missing: the store is served as it is).
 */
const checkData = (dataDir: string, interval: Duration.DurationInput) =>
  Effect.gen(function*() {
    const backfilled = yield* backfillMetrics
    if (backfilled.length > 0) yield* line(`data: player metrics computed for ${backfilled.join(", ")}`)
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

const seconds = (millis: number) => `${(millis / 1000).toFixed(1)} s`

/**
 * Ingests the stale sports one by one in the background, once the server listens: a progress
 * bar per file, a line when each sport is in (from then on it is served), then the closing table
 * and the skipped rows, and a last line with the time the whole ingestion took.
 */
const ingestInBackground = (dataDir: string, stale: ReadonlyArray<StaleSport>, interval: Duration.DurationInput) =>
  Effect.gen(function*() {
    const started = yield* Clock.currentTimeMillis
    const outcomes = yield* ingestTracked({
      sports: stale.map((s) => s.sport),
      dataDir,
      retryAfterFailed: interval,
      reporter: () => progressLayer({ baseDir: dataDir }),
      onSport: (sport, outcome, millis) =>
        Either.match(outcome, {
          onRight: () => line(`data: ${sport} ingested in ${seconds(millis)}, now served`),
          onLeft: (error) =>
            line(`data: ${sport} failed after ${seconds(millis)}: ${describeFailure(error)} (tried again later)`)
        })
    })
    const results = outcomes.flatMap((o) => Either.isRight(o) ? [o.right] : [])
    yield* line(ingestTable(results))
    for (const s of skippedLines(results, dataDir, 5)) yield* line(s)
    const failed = stale.filter((_, i) => Either.isLeft(outcomes[i]!)).map((s) => s.sport)
    const took = seconds((yield* Clock.currentTimeMillis) - started)
    yield* line(
      failed.length === 0
        ? `data: all sports ingested in ${took}`
        : `data: ${results.length} of ${stale.length} sports ingested in ${took}; failed: ${failed.join(", ")}`
    )
  })

/**
 * Marks the sports of `stale` that are no longer stale (ingested meanwhile by another instance on
 * the same PostgreSQL) ready and served, printing a line for each; answers the sports still stale.
 */
const servedMeanwhile = (dataDir: string, stale: ReadonlyArray<StaleSport>) =>
  Effect.gen(function*() {
    const now = (yield* staleSports(dataDir)).stale.map((s) => s.sport)
    const progress = yield* IngestProgress
    for (const { sport } of stale) {
      if (now.includes(sport)) continue
      const tracked = yield* progress.get(sport)
      if (Option.isNone(tracked) || tracked.value.state === "ready") continue
      const finished = new Date(yield* Clock.currentTimeMillis)
      yield* progress.update(sport, (p) => ({ ...p, state: "ready", serving: true, finished_at: finished }))
      yield* line(`data: ${sport} was ingested by another instance, now served`)
    }
    return now
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
    const context = yield* Layer.build(
      Layer.merge(
        HttpServerLive({
          port: options.settings.port,
          plans: options.catalog,
          mail: mailFromSettings(options.settings),
          progress
        }).pipe(Layer.provide(NflversePlays.layer(dataDir))), // plays from <data dir>/nflverse_pbp when present
        // webhook deliveries and the live game pollers run in-process on the embedded store
        Layer.merge(
          DeliveryFromSettings(options.settings),
          LivePollingLive(options.settings.live, options.settings.workerLease)
        )
      ).pipe(
        // on a PGlite folder, `sports-data keys ...` cannot open the store: it goes through this server
        Layer.merge(
          folder === undefined ? Layer.empty : AdminServerLive({ dir: folder, catalog: options.catalog })
        )
      )
    )
    const address = Context.get(context, HttpServer.HttpServer).address
    const port = address._tag === "TcpAddress" ? address.port : options.settings.port
    yield* line(`listening on http://localhost:${port} (Ctrl+C to stop)`)
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
    // the first ingestion, then the refresh loop (never both at once: they would ingest one sport
    // twice), each holding the refresh lease (a worker or another instance on the same PostgreSQL
    // may hold it: then wait for it, serving each sport it puts in meanwhile at once, and ingest
    // only what it left stale)
    const lease = { job: REFRESH_JOB, owner: newOwner(), lease: options.settings.workerLease }
    const firstIngestion = Effect.zipRight(
      servedMeanwhile(dataDir, stale),
      holdingLease(
        lease,
        Effect.gen(function*() {
          const now = yield* servedMeanwhile(dataDir, stale)
          const still = stale.filter((s) => now.includes(s.sport))
          if (still.length > 0) yield* ingestInBackground(dataDir, still, interval)
        })
      )
    ).pipe(Effect.repeat({ until: Option.isSome, schedule: Schedule.spaced("1 second") }))
    yield* Effect.forkScoped(
      Effect.zipRight(
        stale.length === 0 ? Effect.void : firstIngestion.pipe(
          // a defect (not a failed sport, which is reported per sport) must not end the refresh loop unseen
          Effect.catchAllCause((cause) =>
            Cause.isInterruptedOnly(cause)
              ? Effect.failCause(cause)
              : Effect.logError("background ingestion stopped", cause)
          )
        ),
        refreshLoop({ dataDir, interval, lease: lease.lease, owner: lease.owner })
      ).pipe(Effect.provideService(IngestProgress, progress))
    )
    return yield* Effect.never
  }).pipe(Effect.scoped)
  return Effect.zipRight(
    line(`opening ${describeStore(choice)}...`),
    program.pipe(Effect.provide(Layer.merge(storeLayer(choice), Logger.minimumLogLevel(LogLevel.Info))))
  )
}

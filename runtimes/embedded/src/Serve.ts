/**
 * `sports-data serve`: one process that migrates the store, ingests the source datasets when the
 * store is empty or older than the files, ensures one demo key per current tier, and serves the
 * HTTP API until interrupted (Ctrl+C shuts the server down gracefully). While it serves, it looks
 * for changed source files every SPORTS_DATA_REFRESH_INTERVAL (see @sports-data/wiring Refresh.ts).
 * On a PGlite folder it also serves the loopback admin endpoint that `sports-data keys` uses
 * while the server holds the folder (Admin.ts).
 * @module
 */
import { HttpServer } from "@effect/platform"
import { Keys } from "@sports-data/app"
import type { Plans } from "@sports-data/domain"
import { HttpServerLive } from "@sports-data/http"
import { Runner } from "@sports-data/ingest"
import {
  backfillMetrics,
  DeliveryFromSettings,
  describeStore,
  mailerLayer,
  mailLayer,
  RefreshLive,
  Settings,
  staleSports,
  storeChoice,
  storeLayer,
  type Stores
} from "@sports-data/wiring"
import { Context, Effect, Layer, Logger, LogLevel, Option, Redacted } from "effect"
import { existsSync } from "node:fs"
import { AdminServerLive, pgliteFolder } from "./Admin.js"
import { ingestTable, line, progressLayer, skippedLines } from "./Output.js"

/** Ingests what is stale, printing progress and the closing table; prints a line when all is current. */
const refresh = (dataDir: string) =>
  Effect.gen(function*() {
    const backfilled = yield* backfillMetrics
    if (backfilled.length > 0) yield* line(`data: player metrics computed for ${backfilled.join(", ")}`)
    if (!existsSync(dataDir)) {
      yield* line(`data directory not found: ${dataDir} (set SPORTS_DATA_DIR); serving what the store holds`)
      return
    }
    const { stale, unreadable } = yield* staleSports(dataDir)
    for (const u of unreadable) {
      yield* line(`data: ${u.sport} skipped, its source files cannot be read (${u.error.file})`)
    }
    if (stale.length === 0) {
      if (unreadable.length < Runner.ingestedSports.length) {
        yield* line("data: the store is current with the source files")
      }
      return
    }
    yield* line(`data: ingesting ${stale.map((s) => `${s.sport} (${s.reason})`).join(", ")} from ${dataDir}`)
    const results = yield* Runner.runIngest({ sports: stale.map((s) => s.sport), dataDir }).pipe(
      Effect.provide(progressLayer({ baseDir: dataDir }))
    )
    yield* line(ingestTable(results))
    const skipped = skippedLines(results, dataDir, 5)
    for (const s of skipped) yield* line(s)
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
    yield* refresh(options.settings.dataDir)
    yield* demoKeys(options.catalog)
    const context = yield* Layer.build(
      Layer.merge(
        HttpServerLive({
          port: options.settings.port,
          plans: options.catalog,
          mail: mailLayer({ mailer: mailerLayer(options.settings), publicUrl: Settings.publicUrlOf(options.settings) })
        }),
        Layer.merge(
          RefreshLive({ dataDir: options.settings.dataDir, interval: options.settings.refreshInterval }),
          // webhook deliveries run in-process on the embedded store
          DeliveryFromSettings(options.settings)
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
    return yield* Effect.never
  }).pipe(Effect.scoped)
  return Effect.zipRight(
    line(`opening ${describeStore(choice)}...`),
    program.pipe(Effect.provide(Layer.merge(storeLayer(choice), Logger.minimumLogLevel(LogLevel.Info))))
  )
}

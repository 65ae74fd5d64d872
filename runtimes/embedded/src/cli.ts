/**
 * The `sports-data` command line (bin/sports-data.mjs runs this module through tsx).
 *
 * ```
 * sports-data migrate                               create or update the database schema
 * sports-data keys create --tier growth [--email E]  issue a key; the key alone is the last line of stdout
 * sports-data keys list                             prefix, tier, state, dates (never the key or its hash)
 * sports-data keys revoke svc_grw_AbCd              revoke by 12-character prefix
 * sports-data ingest [--sport nfl|nba|mlb|all] [--data-dir DIR]
 * sports-data metrics [--sport nfl|nba|nhl|mlb|all]  recompute stored player metrics from stored lines
 * sports-data models train [--sport nfl|nba|mlb|all]  train, validate and record the registry's models
 * sports-data sources sync [--sport S] [--source FOLDER] [--force]  fetch the datasets (SPORTS_DATA_MIRROR or publishers), re-ingest what changed
 * sports-data serve [--port N]                      migrate, demo keys, HTTP server, ingest if stale (background)
 * sports-data worker                                refresh, model training and webhook deliveries until SIGTERM (exit 0)
 * ```
 *
 * The store is PGlite in SPORTS_DATA_STORE unless DATABASE_URL names a PostgreSQL server (see
 * @sports-data/wiring Settings.ts). A failure prints one line, `error: ...`, on stderr and exits with status 1.
 * @module
 */
import { Args, Command, Options, ValidationError } from "@effect/cli"
import { NodeContext, NodeRuntime } from "@effect/platform-node"
import { Keys } from "@sports-data/app"
import { Analytics, ApiKey, Plans, SourceRegistry, type SportKey } from "@sports-data/domain"
import { Metrics, Models, Runner } from "@sports-data/ingest"
import {
  describeStore,
  migrateStore,
  PlanCatalogFromEnv,
  PlanCatalogService,
  Settings,
  sourceSyncEnabled,
  storeChoice,
  storeLayer,
  type Stores,
  WorkerJobs
} from "@sports-data/wiring"
import { Cause, Effect, Layer, Logger, LogLevel, Option, Redacted } from "effect"
import { existsSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { type KeyOperations, pgliteFolder, remoteKeys, runningServer } from "./Admin.js"
import {
  describeFailure,
  errorLine,
  ingestTable,
  line,
  progressLayer,
  skippedLines,
  stderrLogger,
  table
} from "./Output.js"
import { syncWithProgress } from "./Sources.js"

/**
 * The plan catalog keys are issued against: the one the HTTP server admits with (SPORTS_DATA_PLANS
 * or the default plans).
 */
const planCatalog = Effect.provide(PlanCatalogService, PlanCatalogFromEnv)

/**
 * The key operations: through the running server when a live `serve` holds the embedded PGlite
 * folder (its loopback admin endpoint, Admin.ts), else on the store the settings choose.
 */
const withKeys = <A, E>(f: (keys: KeyOperations) => Effect.Effect<A, E>) =>
  Effect.gen(function*() {
    const settings = yield* Settings.settings
    const folder = pgliteFolder(storeChoice(settings))
    const admin = folder === undefined ? Option.none() : yield* runningServer(folder)
    if (Option.isSome(admin)) return yield* f(remoteKeys(admin.value))
    const catalog = yield* planCatalog
    return yield* withStore(Effect.flatMap(Effect.context<Stores>(), (context) =>
      f({
        create: (tier, email) => Effect.provide(Keys.createKey({ catalog, tier, email }), context),
        list: Effect.provide(Keys.listKeys, context),
        revoke: (prefix) => Effect.provide(Keys.revokeKey(prefix), context)
      })))
  })

/** Runs `effect` with the store the settings choose (built once, closed at the end). */
const withStore = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Settings.settings, (settings) => Effect.provide(effect, storeLayer(storeChoice(settings))))

// --- migrate ------------------------------------------------------------------------------------

const migrate = Command.make("migrate", {}, () =>
  Effect.gen(function*() {
    const settings = yield* Settings.settings
    const choice = storeChoice(settings)
    const applied = yield* migrateStore(choice)
    yield* line(
      applied.length === 0
        ? `${describeStore(choice)}: schema is up to date`
        : `${describeStore(choice)}: applied ${applied.length} migration(s): ${applied.join(", ")}`
    )
  })).pipe(Command.withDescription("Create or update the database schema (a no-op when it is up to date)."))

// --- keys ---------------------------------------------------------------------------------------

/** Checked against the plan catalog by `Keys.createKey`, which names the tiers when the value is not one. */
const tierOption = Options.text("tier").pipe(
  Options.withDescription(`Tier of the new key: ${Plans.Tier.literals.join(", ")}`)
)
const emailOption = Options.text("email").pipe(
  Options.optional,
  Options.withDescription("Owner e-mail, for notices (optional)")
)

const keysCreate = Command.make(
  "create",
  { tier: tierOption, email: emailOption },
  ({ email, tier }) =>
    withKeys((keys) =>
      Effect.gen(function*() {
        const created = yield* keys.create(tier, Option.getOrUndefined(email))
        const trial = created.info.trial_ends_at === null
          ? ""
          : `, trial ends ${created.info.trial_ends_at.toISOString()}`
        yield* line(`created ${created.info.tier} key ${created.info.prefix}...${trial}`)
        yield* line("the key is shown once, below; only its hash is stored:")
        yield* line(Redacted.value(created.key))
      })
    )
).pipe(Command.withDescription("Issue an API key; the key is printed once, alone on the last line."))

const keysList = Command.make("list", {}, () =>
  withKeys((ops) =>
    Effect.gen(function*() {
      const keys = yield* ops.list
      if (keys.length === 0) return yield* line("no keys")
      const date = (d: Date | null) => d === null ? "-" : d.toISOString().replace(/\.\d{3}Z$/, "Z")
      yield* line(
        table(
          ["prefix", "tier", "state", "created", "trial ends", "last used"],
          keys.map((k) => [k.prefix, k.tier, k.state, date(k.created_at), date(k.trial_ends_at), date(k.last_used_at)])
        )
      )
    })
  )).pipe(Command.withDescription("List keys: prefix, tier, state and dates (never the key or its hash)."))

const keysRevoke = Command.make(
  "revoke",
  {
    prefix: Args.text({ name: "prefix" }).pipe(
      Args.withDescription("The key's 12-character prefix (or the whole key: only its prefix is used)")
    )
  },
  ({ prefix }) =>
    withKeys((keys) =>
      Effect.gen(function*() {
        const count = yield* keys.revoke(prefix)
        yield* line(`revoked ${count} key(s) with prefix ${ApiKey.keyPrefix(prefix.trim())}`)
      })
    )
).pipe(Command.withDescription("Revoke the key(s) with this prefix."))

const keys = Command.make("keys").pipe(
  Command.withDescription("Manage API keys."),
  Command.withSubcommands([keysCreate, keysList, keysRevoke])
)

// --- ingest -------------------------------------------------------------------------------------

const sportOption = Options.choice("sport", ["all", ...Runner.ingestedSports]).pipe(
  Options.withDefault("all"),
  Options.withDescription("Sport to ingest (default all)")
)
const dataDirOption = Options.text("data-dir").pipe(
  Options.optional,
  Options.withDescription("Folder of the source datasets (default SPORTS_DATA_DIR)")
)

/** The data folder, checked to exist. */
const resolveDataDir = (flag: Option.Option<string>) =>
  Effect.gen(function*() {
    const dir = Option.isSome(flag) ? resolve(flag.value) : yield* Settings.dataDir
    if (!existsSync(dir)) {
      return yield* Effect.fail(new UsageError({ message: `data directory not found: ${dir}` }))
    }
    return dir
  })

const ingest = Command.make(
  "ingest",
  { sport: sportOption, dataDir: dataDirOption },
  ({ dataDir, sport }) =>
    Effect.gen(function*() {
      const dir = yield* resolveDataDir(dataDir)
      const sports: ReadonlyArray<SportKey> = sport === "all" ? Runner.ingestedSports : [sport]
      const results = yield* withStore(
        Runner.runIngest({ sports, dataDir: dir }).pipe(Effect.provide(progressLayer({ baseDir: dir })))
      ).pipe(
        // the skipped rows are listed below the table: the ingesters' warnings about them would repeat it
        Effect.provide(Logger.minimumLogLevel(LogLevel.Error))
      )
      yield* line("")
      yield* line(ingestTable(results))
      const skipped = skippedLines(results, dir)
      if (skipped.length > 0) {
        yield* line("")
        yield* line("skipped rows:")
        for (const s of skipped) yield* line(s)
      }
    })
).pipe(Command.withDescription("Read the source datasets into the store (idempotent)."))

// --- sources ------------------------------------------------------------------------------------

const syncSport = Options.choice("sport", Runner.ingestedSports).pipe(
  Options.optional,
  Options.withDescription("Only the datasets this sport reads")
)
const syncSource = Options.choice("source", SourceRegistry.datasets.map((d) => d.folder)).pipe(
  Options.optional,
  Options.withDescription("Only this dataset folder")
)
const forceOption = Options.boolean("force").pipe(
  Options.withDescription("Accept files that lose more than a fifth of their rows")
)

const sourcesSync = Command.make(
  "sync",
  { sport: syncSport, source: syncSource, force: forceOption, dataDir: dataDirOption },
  ({ dataDir, force, source, sport }) =>
    Effect.gen(function*() {
      const dir = Option.isSome(dataDir) ? resolve(dataDir.value) : yield* Settings.dataDir
      const folders = Option.isSome(source)
        ? [source.value]
        : Option.isSome(sport)
        ? Runner.ingesters[sport.value]?.sources
        : undefined
      const mirror = Option.getOrUndefined(yield* Settings.mirror)
      const synced = syncWithProgress({ dataDir: dir, mirror, folders, force })
      // on PostgreSQL the records go to the store too, where every HTTP instance reads them; a
      // PGlite folder is the store of a server on this machine, which reads this data directory
      // itself (and may hold the folder open), so the sync does not open it
      const choice = storeChoice(yield* Settings.settings)
      const shared = typeof choice === "object" && "postgres" in choice
      const { report, sports } = yield* (shared ? withStore(synced) : synced)
      if (sports.length > 0) {
        yield* line(`re-ingesting ${sports.join(", ")}`)
        const results = yield* withStore(
          Runner.runIngest({ sports, dataDir: dir }).pipe(Effect.provide(progressLayer({ baseDir: dir })))
        ).pipe(Effect.provide(Logger.minimumLogLevel(LogLevel.Error)))
        yield* line(ingestTable(results))
      }
      if (report.files.some((f) => f.status === "rejected" || f.status === "failed")) {
        return yield* Effect.fail(
          new UsageError({ message: "some files were not synced; the old ones are kept" })
        )
      }
    })
).pipe(Command.withDescription(
  "Fetch the datasets of the source registry into the data directory (conditional GET: unchanged files cost a 304), then re-ingest the sports whose files changed."
))

const sources = Command.make("sources").pipe(
  Command.withDescription("The source datasets: where they come from, and syncing them."),
  Command.withSubcommands([sourcesSync])
)

// --- metrics ------------------------------------------------------------------------------------

const metricsSportOption = Options.choice("sport", ["all", ...Analytics.metricSports]).pipe(
  Options.withDefault("all"),
  Options.withDescription("Sport to recompute (default all)")
)

const metrics = Command.make("metrics", { sport: metricsSportOption }, ({ sport }) =>
  Effect.gen(function*() {
    const sports: ReadonlyArray<SportKey> = sport === "all" ? Analytics.metricSports : [sport]
    const counts = yield* withStore(
      Effect.forEach(sports, (s) => Effect.map(Metrics.recomputeMetrics(s), (players) => [s, players] as const))
    ).pipe(Effect.provide(Logger.minimumLogLevel(LogLevel.Error)))
    for (const [s, players] of counts) yield* line(`${s}: metrics of ${players} players`)
  })).pipe(
    Command.withDescription(
      "Recompute the stored player metrics (alpha metrics, similarity vectors) from the stored stat lines."
    )
  )

// --- models -------------------------------------------------------------------------------------

const modelsSportOption = Options.choice("sport", ["all", ...Models.modelSports]).pipe(
  Options.withDefault("all"),
  Options.withDescription("Sport whose models to train (default all)")
)

const modelsTrain = Command.make(
  "train",
  { sport: modelsSportOption, dataDir: dataDirOption },
  ({ dataDir, sport }) =>
    Effect.gen(function*() {
      const sports = sport === "all" ? Models.modelSports : [sport]
      // pitcher_form reads the starts file of the data folder; without the default folder its card
      // says it was not trained, while a --data-dir that does not exist is an error
      const dir = Option.isSome(dataDir)
        ? yield* resolveDataDir(dataDir)
        : Option.getOrUndefined(yield* Effect.option(resolveDataDir(dataDir)))
      const versions = yield* withStore(Effect.forEach(sports, (s) => Models.trainModels(s, { dataDir: dir }))).pipe(
        Effect.provide(Logger.minimumLogLevel(LogLevel.Error))
      )
      for (const v of versions.flat()) {
        const r = v.card.result
        yield* line(
          r === null
            ? `${v.id} ${v.status}: ${v.card.note ?? "not trained"}`
            : `${v.id} ${v.status}: held-out ${r.metric_model} vs baseline ${r.metric_baseline} (${r.improvement_pct}% better), calibration error ${r.calibration_error}, n=${r.observations_held_out}${
              (v.card.additional_results ?? []).map((a) =>
                `; ${a.held_out_window}: ${
                  a.result === null
                    ? "not measured"
                    : `${a.result.metric_model} vs ${a.result.metric_baseline}, calibration error ${a.result.calibration_error}, passed=${a.result.passed}`
                }`
              ).join("")
            }`
        )
      }
    })
).pipe(
  Command.withDescription(
    "Train each model on its training window, validate it against its naive baseline on its held-out window, and record the version (ACTIVE only when it passes) with its card and predictions."
  )
)

const models = Command.make("models").pipe(
  Command.withDescription("The model registry."),
  Command.withSubcommands([modelsTrain])
)

// --- serve --------------------------------------------------------------------------------------

const portOption = Options.integer("port").pipe(
  Options.optional,
  Options.withDescription("TCP port (default PORT, else 8080)")
)

const serveCommand = Command.make("serve", { port: portOption }, ({ port }) =>
  Effect.gen(function*() {
    const settings = yield* Settings.settings
    const mirror = Option.getOrUndefined(settings.mirror)
    if (!existsSync(settings.dataDir)) {
      // no data directory: fetch it first, with progress; failures leave what is there
      yield* syncWithProgress({ dataDir: settings.dataDir, mirror }).pipe(
        Effect.catchAll((e) => line(`sources sync failed (${e.reason}); serving ${settings.dataDir} as it is`))
      )
    } else if (settings.sourceSync && sourceSyncEnabled(settings.dataDir, mirror)) {
      yield* line(
        `data directory ${settings.dataDir}: synced from ${
          mirror ?? "the publishers"
        } in the background, each dataset on its cadence (SPORTS_DATA_SYNC=false turns it off)`
      )
    } else {
      yield* line(`serving the local data directory ${settings.dataDir} (no upstream set: SPORTS_DATA_MIRROR syncs it)`)
    }
    // loaded on demand: the other commands start faster without the HTTP stack
    const { serve } = yield* Effect.promise(() => import("./Serve.js"))
    yield* serve({
      settings: Option.isSome(port) ? { ...settings, port: port.value } : settings,
      catalog: yield* planCatalog
    })
  })).pipe(
    Command.withDescription(
      "Serve the API: migrate, ensure demo keys, listen, then ingest what changed in the background."
    )
  )

// --- worker -------------------------------------------------------------------------------------

const workerCommand = Command.make("worker", {}, () =>
  Effect.gen(function*() {
    const settings = yield* Settings.settings
    yield* line(
      `worker: ${describeStore(storeChoice(settings))}; refresh, model training and webhook deliveries (Ctrl+C to stop)`
    )
    yield* Layer.launch(WorkerJobs(settings))
  })).pipe(
    Command.withDescription(
      "Run the background jobs: refresh from the data directory (then model training), webhook deliveries. Several workers may share one PostgreSQL. SIGTERM stops cleanly."
    )
  )

// --- root ---------------------------------------------------------------------------------------

const root = Command.make("sports-data").pipe(
  Command.withDescription("Sports data and intelligence service: store, ingestion, keys and the HTTP API."),
  Command.withSubcommands([migrate, keys, ingest, sources, metrics, models, serveCommand, workerCommand])
)

/** A mistake in how the command was called (a bad flag value, a missing folder). */
class UsageError extends Error {
  readonly _tag = "UsageError"
  constructor(options: { readonly message: string }) {
    super(options.message)
  }
}

/** The version of the root package.json. */
const version = (() => {
  try {
    const manifest = JSON.parse(readFileSync(join(Settings.projectRoot(), "package.json"), "utf8")) as {
      version?: unknown
    }
    return typeof manifest.version === "string" ? manifest.version : "unknown"
  } catch {
    return "unknown"
  }
})()

const cli = Command.run(root, { name: "sports-data", version })

/** Runs the CLI on `argv` (without node and script); failures become one `error:` line on stderr. */
export const main = (argv: ReadonlyArray<string>): Effect.Effect<void, "failed"> =>
  cli(["node", "sports-data", ...argv]).pipe(
    Effect.catchAllCause((cause) => {
      if (Cause.isInterruptedOnly(cause)) return Effect.void
      const failure = Cause.squash(cause)
      // @effect/cli has already printed its own message for a bad command line
      if (ValidationError.isValidationError(failure)) return Effect.fail("failed" as const)
      const message = failure !== null && typeof failure === "object" && "_tag" in failure &&
          failure._tag === "ConfigError"
        ? `invalid setting: ${String(failure)}`
        : describeFailure(failure)
      return Effect.zipRight(errorLine(`error: ${message}`), Effect.fail("failed" as const))
    }),
    Effect.provide(Layer.mergeAll(NodeContext.layer, stderrLogger, Logger.minimumLogLevel(LogLevel.Warning)))
  )

/**
 * Runs the CLI as the process's main program: exit status 0 on success, 1 on failure, and
 * Ctrl+C interrupts the running command (the server drains and closes its store).
 */
export const runCli = (argv: ReadonlyArray<string>): void =>
  NodeRuntime.runMain(main(argv), { disableErrorReporting: true, disablePrettyLogger: true })

// `node --import tsx runtimes/embedded/src/cli.ts ...` (bin/sports-data.mjs calls runCli itself)
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCli(process.argv.slice(2))
}

/**
 * The in-process library: `createEngine(options)` opens a store inside a ManagedRuntime and
 * exposes typed async functions over it, for applications that embed the service without HTTP.
 *
 * ```ts
 * import { createEngine } from "@sports-data/embedded"
 *
 * const engine = createEngine({ store: { pglite: "./.data/pglite" } })
 * await engine.ingest({ sports: ["nfl"] })
 * const { rows } = await engine.players({ sport: "nfl", team: "KC", limit: 10 })
 * await engine.dispose()
 * ```
 *
 * Every function rejects with the typed error of the failing step (a `StoreUnavailable`,
 * `StoreFailure`, `UnknownTier`, `KeyNotFound`, `CsvFileError`, ...), never a wrapped fiber failure.
 * @module
 */
import { Keys } from "@sports-data/app"
import type {
  DepthChartEntry,
  DepthChartQuery,
  EventEntry,
  EventEntryQuery,
  EventQuery,
  Game,
  GameQuery,
  IngestState,
  InjuryQuery,
  InjuryReport,
  Paged,
  Player,
  PlayerQuery,
  PollRanking,
  RankingQuery,
  SportEvent,
  SportKey,
  SportSummary,
  StatLine,
  StatLineQuery,
  Team,
  TeamSport
} from "@sports-data/domain"
import {
  CatalogReader,
  EventReader,
  GameReader,
  Plans,
  PlayerReader,
  RankingReader,
  ReportReader,
  StatLineReader,
  type StoreUnavailable,
  TeamReader
} from "@sports-data/domain"
import { Progress, type Report, Runner, Sync } from "@sports-data/ingest"
import { Settings, type StoreChoice, storeLayer, type Stores } from "@sports-data/wiring"
import { Cause, type Context, Effect, Exit, Layer, Logger, LogLevel, ManagedRuntime, Option, Redacted } from "effect"

/** Options of {@link createEngine}. */
export interface EngineOptions {
  /** Which store to open (see StoreChoice); default PGlite in SPORTS_DATA_STORE. */
  readonly store?: StoreChoice | undefined
  /** Folder of the source datasets for {@link Engine.ingest}; default SPORTS_DATA_DIR. */
  readonly dataDir?: string | undefined
  /** The plan catalog keys are issued against; default the catalog of decisions.md. */
  readonly plans?: Plans.PlanCatalog | undefined
  /** The least severe Effect log level that is written (default Warning: a library stays quiet). */
  readonly logLevel?: LogLevel.LogLevel | undefined
}

/** Paging made optional: `limit` defaults to 50, `offset` to 0. */
type Paging<Q> = Omit<Q, "limit" | "offset"> & {
  readonly limit?: number | undefined
  readonly offset?: number | undefined
}

/** The embedded engine. Every function is safe to call concurrently; call `dispose` once when done. */
export interface Engine {
  /** Players matching the query, ordered by name; `total` counts all matches before paging. */
  readonly players: (query?: Paging<PlayerQuery>) => Promise<Paged<Player>>
  /** One player by canonical id (`svc_<sport>_<id>`), or undefined. */
  readonly player: (id: string) => Promise<Player | undefined>
  /** Teams of a sport. */
  readonly teams: (sport: TeamSport) => Promise<ReadonlyArray<Team>>
  /** Games of a sport; `order` defaults to "asc" (by date). */
  readonly games: (query: Paging<Omit<GameQuery, "order">> & { readonly order?: GameQuery["order"] }) => Promise<
    Paged<Game>
  >
  /** Stat lines of a sport; `order` defaults to "recent". */
  readonly statLines: (
    query: Paging<Omit<StatLineQuery, "order">> & { readonly order?: StatLineQuery["order"] }
  ) => Promise<Paged<StatLine>>
  /** Injury reports, newest first. */
  readonly injuries: (query: Paging<InjuryQuery>) => Promise<Paged<InjuryReport>>
  /** Depth chart entries, newest first. */
  readonly depthCharts: (query: Paging<DepthChartQuery>) => Promise<Paged<DepthChartEntry>>
  /** Poll rankings (cfb AP, Coaches, CFP) of a season, ordered by week then rank. */
  readonly rankings: (query: RankingQuery) => Promise<ReadonlyArray<PollRanking>>
  /** Events of an individual or event sport (matches, tournaments, fights, races); `order` defaults to "asc". */
  readonly events: (query: Paging<Omit<EventQuery, "order">> & { readonly order?: EventQuery["order"] }) => Promise<
    Paged<SportEvent>
  >
  /** Participants' results of events, or one participant's results. */
  readonly eventEntries: (query: Paging<EventEntryQuery>) => Promise<Paged<EventEntry>>
  /** What the store holds per sport. */
  readonly summary: () => Promise<ReadonlyArray<SportSummary>>
  /** The last ingestion of a sport, or undefined if it was never ingested. */
  readonly ingestState: (sport: SportKey) => Promise<IngestState | undefined>
  /**
   * Reads the source datasets of `sports` (default every team sport) from `dataDir` (default the
   * engine's) into the store; idempotent. `progress` receives per-file events (default: none).
   */
  readonly ingest: (options?: {
    readonly sports?: ReadonlyArray<SportKey> | undefined
    readonly dataDir?: string | undefined
    readonly progress?: Progress.ProgressReporterService | undefined
  }) => Promise<ReadonlyArray<Report.SportIngestResult>>
  /** API key management. The key is returned once, by `create`; `list` never shows keys or hashes. */
  readonly keys: {
    readonly create: (options: { readonly tier: string; readonly email?: string | undefined }) => Promise<{
      readonly key: string
      readonly info: Keys.KeyInfo
    }>
    readonly list: () => Promise<ReadonlyArray<Keys.KeyInfo>>
    /** Revokes the keys with this 12-character prefix; rejects with KeyNotFound when none was active. */
    readonly revoke: (prefix: string) => Promise<number>
  }
  /**
   * The HTTP API as a web handler (`Request` in, `Response` out), over the engine's store, for
   * hosting the API inside another server (a framework route, a serverless function). Admission,
   * limits and errors are the same as the HTTP server's; the plan catalog is the engine's.
   */
  readonly webHandler: (request: Request) => Promise<Response>
  /** The runtime holding the store, to run your own Effects against the storage ports. */
  readonly runtime: ManagedRuntime.ManagedRuntime<Stores, StoreUnavailable>
  /** Closes the store (and its database connection). */
  readonly dispose: () => Promise<void>
}

const page = <Q extends { readonly limit?: number | undefined; readonly offset?: number | undefined }>(query: Q) => ({
  ...query,
  limit: query.limit ?? 50,
  offset: query.offset ?? 0
})

/**
 * Creates an engine over `options.store`. The store opens lazily, on the first call (PGlite takes
 * a few seconds to start; SQL stores run their migrations then).
 */
export const createEngine = (options: EngineOptions = {}): Engine => {
  const choice: StoreChoice = options.store ?? { pglite: Effect.runSync(Settings.storeDir) }
  const dataDir = options.dataDir ?? Effect.runSync(Settings.dataDir)
  const catalog = options.plans ?? Plans.defaultPlans
  const stores = storeLayer(choice)
  const runtime = ManagedRuntime.make(
    Layer.merge(stores, Logger.minimumLogLevel(options.logLevel ?? LogLevel.Warning))
  )

  /**
   * The web handler, made on first use (so an engine that never serves HTTP never loads the HTTP
   * modules). The store is built in the engine's runtime first and the handler shares its memo
   * map, so the handler runs on the very store the engine opened.
   */
  const makeWebHandler = async () => {
    await runtime.runtime()
    const [platform, http] = await Promise.all([import("@effect/platform"), import("@sports-data/http")])
    const api = Layer.mergeAll(http.ApiLiveWith({ plans: catalog }), platform.HttpServer.layerContext).pipe(
      Layer.provide(stores),
      // the datasets' last sync (the store's records, else the data directory's), in /v1/meta/coverage
      Layer.provide(Sync.syncRecordsLayer(dataDir).pipe(Layer.provide(stores))),
      Layer.provide(Logger.minimumLogLevel(options.logLevel ?? LogLevel.Warning))
    )
    return platform.HttpApiBuilder.toWebHandler(api, { memoMap: runtime.memoMap })
  }
  let web: ReturnType<typeof makeWebHandler> | undefined
  const webHandler = (request: Request): Promise<Response> => {
    web ??= makeWebHandler()
    return web.then((w) => w.handler(request))
  }

  /** Runs an effect on the engine's runtime; rejects with the failure itself (not a FiberFailure). */
  const run = <A, E>(effect: Effect.Effect<A, E, Stores>): Promise<A> =>
    runtime.runPromiseExit(effect).then((exit) => {
      if (Exit.isSuccess(exit)) return exit.value
      throw Cause.squash(exit.cause)
    })
  /** Runs `f` over the read port of `tag`. */
  const read = <I extends Stores, S, A, E>(tag: Context.Tag<I, S>, f: (reader: S) => Effect.Effect<A, E>) =>
    run(Effect.flatMap(tag, f))

  return {
    players: (query = {}) => read(PlayerReader, (r) => r.find(page(query))),
    player: (id) => read(PlayerReader, (r) => Effect.map(r.get(id), Option.getOrUndefined)),
    teams: (sport) => read(TeamReader, (r) => r.find(sport)),
    games: (query) => read(GameReader, (r) => r.find({ order: "asc", ...page(query) })),
    statLines: (query) => read(StatLineReader, (r) => r.find({ order: "recent", ...page(query) })),
    injuries: (query) => read(ReportReader, (r) => r.injuries(page(query))),
    depthCharts: (query) => read(ReportReader, (r) => r.depthCharts(page(query))),
    rankings: (query) => read(RankingReader, (r) => r.find(query)),
    events: (query) => read(EventReader, (r) => r.events({ order: "asc", ...page(query) })),
    eventEntries: (query) => read(EventReader, (r) => r.entries(page(query))),
    summary: () => read(CatalogReader, (r) => r.summary),
    ingestState: (sport) => read(CatalogReader, (r) => Effect.map(r.ingestState(sport), Option.getOrUndefined)),
    ingest: (o = {}) =>
      run(
        Runner.runIngest({ sports: o.sports ?? Runner.ingestedSports, dataDir: o.dataDir ?? dataDir }).pipe(
          Effect.provide(
            o.progress === undefined ? Progress.silent : Layer.succeed(Progress.ProgressReporter, o.progress)
          )
        )
      ),
    keys: {
      create: (o) =>
        run(
          Effect.map(Keys.createKey({ catalog, tier: o.tier, email: o.email }), (c) => ({
            key: Redacted.value(c.key),
            info: c.info
          }))
        ),
      list: () => run(Keys.listKeys),
      revoke: (prefix) => run(Keys.revokeKey(prefix))
    },
    webHandler,
    runtime,
    dispose: async () => {
      if (web !== undefined) await web.then((w) => w.dispose())
      await runtime.dispose()
    }
  }
}

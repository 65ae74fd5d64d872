/**
 * SQL adapters of every storage port (KeyStore, UsageStore, the sports read ports and
 * SportsWriter) on @effect/sql, in the PostgreSQL dialect, with two drivers:
 * - {@link layerPostgres}: a PostgreSQL server through @effect/sql-pg (node-postgres pool);
 * - {@link layerPglite}: PGlite, PostgreSQL embedded in the process, in a folder or in memory.
 * Both run the migrations when built and fail with StoreUnavailable when the database cannot be
 * reached or migrated. No driver error leaves the adapters (see Errors.ts).
 *
 * Modules: Tables.ts (the sports tables and their upsert), Readers.ts (one reader per read
 * port), Writer.ts (the writer), KeyStore.ts, UsageStore.ts, Migrations.ts, Pglite.ts.
 * @module
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import * as PgClient from "@effect/sql-pg/PgClient"
import * as SqlClient from "@effect/sql/SqlClient"
import {
  type AllStores,
  AuditStore,
  DashboardStore,
  EventWake,
  ExportReader,
  JobLeases,
  KeyStore,
  LiveGameStore,
  makeLocalEventWake,
  SourceSyncStore,
  SportsWriter,
  type StoreUnavailable,
  UsageStore,
  wakeAfterWrites,
  WebhookStore
} from "@sports-data/domain"
import { Context, Deferred, Duration, Effect, Layer, Redacted, Schedule, type Scope, Stream } from "effect"
import type { MessagePort } from "node:worker_threads"
import { makeAnomalyStore } from "./Anomaly.js"
import { makeAuditStore } from "./AuditStore.js"
import { makeDashboardStore } from "./Dashboard.js"
import { makeDfsStore } from "./Dfs.js"
import { unavailable } from "./Errors.js"
import { makeExportReader } from "./Export.js"
import { makeJobLeases } from "./Jobs.js"
import { cachedKeyStore, KEYS_CHANNEL } from "./KeyCache.js"
import { makeKeyStore } from "./KeyStore.js"
import { refreshLineGroups } from "./LineGroups.js"
import { makeLiveGameStore } from "./Live.js"
import { makeMetricsStore } from "./Metrics.js"
import { migrate, SERVICE_EVENTS_CHANNEL } from "./Migrations.js"
import { makeModelStore } from "./Models.js"
import { makeOddsStore } from "./Odds.js"
import { makePgliteClient, openPglite } from "./Pglite.js"
import { makePortClient, openPgliteThread, PgliteThread } from "./PgliteThread.js"
import { makeReaders, refreshStandingsTables } from "./Readers.js"
import { makeSourceSyncStore } from "./SourceSync.js"
import { makeStackStore } from "./Stacks.js"
import { analyzeNeverAnalyzed } from "./Statistics.js"
import { refreshSummaries } from "./Summaries.js"
import { makeUsageStore } from "./UsageStore.js"
import { makeWebhookStore } from "./Webhooks.js"
import { makeWriteBehindUsageStore } from "./WriteBehindUsage.js"
import { makeWriter } from "./Writer.js"

export { makeAnomalyStore } from "./Anomaly.js"
export { makeAuditStore } from "./AuditStore.js"
export { makeDashboardStore } from "./Dashboard.js"
export { makeDfsStore } from "./Dfs.js"
export { isConnectionError, orStoreError, toStoreError } from "./Errors.js"
export { makeExportReader } from "./Export.js"
export { makeJobLeases } from "./Jobs.js"
export { cachedKeyStore, KEYS_CHANNEL } from "./KeyCache.js"
export { makeKeyStore } from "./KeyStore.js"
export { makeMetricsStore } from "./Metrics.js"
export { migrate, migrations, SERVICE_EVENTS_CHANNEL } from "./Migrations.js"
export { makeModelStore } from "./Models.js"
export { makeOddsStore } from "./Odds.js"
export {
  lockFileOf,
  lockFolder,
  lockHolder,
  type LockRecord,
  makePgliteClient,
  openPglite,
  pgliteParsers,
  SHARED_BUFFERS
} from "./Pglite.js"
export { makePortClient, openPgliteThread, PgliteThread, type PgliteThreadService } from "./PgliteThread.js"
export {
  JSON_PAGE_MAX,
  makeAthleteReader,
  makeCatalogReader,
  makeEventReader,
  makeGameReader,
  makePlayerReader,
  makeRankingReader,
  makeReaders,
  makeReportReader,
  makeStatLineReader,
  makeTeamReader
} from "./Readers.js"
export { makeServiceEventReader, makeSignalReader, makeUpsertSignals } from "./Signals.js"
export { makeSourceSyncStore } from "./SourceSync.js"
export { makeStackStore } from "./Stacks.js"
export { storedStandings, type TableKey } from "./Standings.js"
export { makeUsageStore } from "./UsageStore.js"
export { makeWebhookStore } from "./Webhooks.js"
export { makeWriteBehindUsageStore } from "./WriteBehindUsage.js"
export { makeWriter } from "./Writer.js"

/** Every port this package adapts. */
export type Stores = AllStores

/** How a SQL store is built: see {@link makeWith}. */
export interface MakeOptions {
  /** Key changes announced to / heard from other instances (KeyCache.ts); none = this process only. */
  readonly keyChanges?: {
    readonly announce: (payload: string) => Effect.Effect<void>
    readonly changes: Stream.Stream<string>
  } | undefined
  /**
   * `"write-behind"`: exact counters in this process's memory, written back each second
   * (WriteBehindUsage.ts; only where one process owns the store, so key records are also cached
   * without a time to live: every key change goes through this process); `"shared"` (default):
   * atomic statements shared by the admissions in flight (UsageStore.ts, group commit), exact
   * across instances.
   */
  readonly usage?: "shared" | "write-behind" | undefined
  /**
   * Outbox wake-ups shared with other clients of the same store (the PGlite store thread's other
   * threads, PgliteThread.ts): `announce` tells them after each local wake-up, `wakes` hears theirs.
   */
  readonly wake?: {
    readonly announce: Effect.Effect<void>
    readonly wakes: Stream.Stream<void>
  } | undefined
}

/**
 * Every SQL store over the current SqlClient (migrations already applied). Never fails. Key
 * records are cached in process (KeyCache.ts); the cache's listener and the write-behind
 * counters' flush belong to the current scope.
 */
export const makeWith = (
  options: MakeOptions = {}
): Effect.Effect<Context.Context<Stores>, never, SqlClient.SqlClient | Scope.Scope> =>
  Effect.gen(function*() {
    const keys = yield* cachedKeyStore(yield* makeKeyStore, {
      ...options.keyChanges,
      ...(options.usage === "write-behind" ? { timeToLive: Duration.infinity } : {})
    })
    const usage = options.usage === "write-behind" ? yield* makeWriteBehindUsageStore() : yield* makeUsageStore
    const local = yield* makeLocalEventWake(options.wake?.wakes)
    const wake = options.wake === undefined
      ? local
      : { wakes: local.wakes, wake: Effect.zipRight(local.wake, options.wake.announce) }
    const writer = wakeAfterWrites(yield* makeWriter, wake.wake)
    const audit = yield* makeAuditStore
    const readers = yield* makeReaders
    const metrics = yield* makeMetricsStore
    const models = yield* makeModelStore
    const odds = yield* makeOddsStore
    return Context.add(readers, SportsWriter, writer).pipe(
      Context.add(KeyStore, keys),
      Context.add(UsageStore, usage),
      Context.add(AuditStore, audit),
      Context.add(DashboardStore, yield* makeDashboardStore),
      Context.add(EventWake, wake),
      Context.add(WebhookStore, yield* makeWebhookStore),
      Context.merge(metrics),
      Context.merge(models),
      Context.add(JobLeases, yield* makeJobLeases),
      Context.add(SourceSyncStore, yield* makeSourceSyncStore),
      Context.add(ExportReader, yield* makeExportReader),
      Context.merge(odds),
      Context.add(LiveGameStore, wakeAfterWrites(yield* makeLiveGameStore, wake.wake)),
      Context.merge(yield* makeAnomalyStore(wake)),
      Context.merge(yield* makeDfsStore),
      Context.merge(yield* makeStackStore)
    )
  })

/**
 * The migrations, then the stale line groups (LineGroups.ts), the stale standings tables
 * (Standings.ts) and the statistics of the tables never analyzed (Statistics.ts).
 */
const migrated = Effect.mapError(migrate, (error) => unavailable("migrations failed", error)).pipe(
  Effect.tap(() =>
    Effect.zipRight(Effect.all([refreshLineGroups, refreshStandingsTables, refreshSummaries]), analyzeNeverAnalyzed)
  )
)

/**
 * Every store over a SqlClient layer, after running the migrations, for a store one process owns
 * (PGlite): woken in-process only, counters in memory, written behind.
 */
const layerOwnedStores: Layer.Layer<Stores, StoreUnavailable, SqlClient.SqlClient> = Layer.scopedContext(
  Effect.zipRight(migrated, makeWith({ usage: "write-behind" }))
)

/**
 * The PostgreSQL LISTEN on {@link SERVICE_EVENTS_CHANNEL} as wake-ups (one dedicated connection);
 * a dropped connection is re-opened after 1 s, never failing the subscriber.
 */
const listenWakes = (pg: PgClient.PgClient): Stream.Stream<void> =>
  pg.listen(SERVICE_EVENTS_CHANNEL).pipe(
    Stream.as(undefined),
    Stream.retry(Schedule.spaced(Duration.seconds(1))),
    Stream.catchAll(() => Stream.empty)
  )

/** Payload of the NOTIFY with which a store checks that its own LISTEN is in place. */
const LISTENING_PROBE = "listening"

/**
 * Forks (for the scope) ONE LISTEN of this store that wakes the in-process subscribers of
 * `wake`, and waits until it is in place: it NOTIFYs a probe every 100 ms until its own LISTEN
 * hears a notification (at most 5 s, then it logs and goes on; readers still poll). Waiting
 * matters: a LISTEN issued lazily by each subscriber could miss the NOTIFY of a write made just
 * after the stream opened (the reader would then wait for its slow poll).
 */
const listenInto = (pg: PgClient.PgClient, wake: Effect.Effect<void>) =>
  Effect.gen(function*() {
    const heard = yield* Deferred.make<void>()
    yield* listenWakes(pg).pipe(
      Stream.runForEach(() => Effect.zipRight(Deferred.succeed(heard, undefined), wake)),
      Effect.forkScoped
    )
    const probe = pg`SELECT pg_notify(${SERVICE_EVENTS_CHANNEL}, ${LISTENING_PROBE})`.pipe(Effect.ignore)
    yield* Effect.raceFirst(
      Deferred.await(heard),
      Effect.forever(Effect.zipRight(probe, Effect.sleep(Duration.millis(100))))
    ).pipe(
      Effect.timeout(Duration.seconds(5)),
      Effect.catchAll(() => Effect.logWarning("PostgreSQL LISTEN not confirmed; event readers fall back to polling"))
    )
  })

/**
 * Key changes on PostgreSQL: announced by `SELECT pg_notify(...)` (PgClient.notify is broken,
 * DESIGN.md; PgClient.listen drops an empty payload, so the payload is never empty), heard by
 * LISTEN on {@link KEYS_CHANNEL}. Each (re)opened LISTEN first delivers one notice (payload ""),
 * so that a change missed while the connection was down empties the cache too.
 */
const pgKeyChanges = (pg: PgClient.PgClient) => ({
  announce: (payload: string) =>
    pg.unsafe(`SELECT pg_notify($1, $2)`, [KEYS_CHANNEL, payload]).pipe(
      Effect.asVoid,
      Effect.catchAll((error) => Effect.logWarning("key change not announced", error))
    ),
  changes: Stream.concat(Stream.make(""), pg.listen(KEYS_CHANNEL)).pipe(
    Stream.retry(Schedule.spaced(Duration.seconds(1))),
    Stream.catchAll(() => Stream.empty)
  )
})

/** Every store over a PostgreSQL client, after the migrations, woken by LISTEN/NOTIFY too. */
const layerPgStores: Layer.Layer<Stores, StoreUnavailable, SqlClient.SqlClient | PgClient.PgClient> = Layer
  .scopedContext(
    Effect.gen(function*() {
      yield* migrated
      const pg = yield* PgClient.PgClient
      const stores = yield* makeWith({ keyChanges: pgKeyChanges(pg) })
      yield* listenInto(pg, Context.get(stores, EventWake).wake)
      return stores
    })
  )

/** Everything a store layer exposes: the ports and the SqlClient it runs on. */
export type SqlStores = Stores | SqlClient.SqlClient

/**
 * The stores on a PostgreSQL server at `url` (`postgres://user:password@host:port/database`),
 * through a node-postgres pool of at most `maxConnections` (default 10) connections. Fails
 * with StoreUnavailable when the server cannot be reached within `connectTimeout` (default 5 s)
 * or the migrations fail.
 */
export const layerPostgres = (options: {
  readonly url: string
  readonly maxConnections?: number | undefined
  readonly connectTimeout?: Duration.DurationInput | undefined
}): Layer.Layer<SqlStores, StoreUnavailable> =>
  layerPgStores.pipe(
    Layer.provideMerge(
      PgClient.layer({
        url: Redacted.make(options.url),
        maxConnections: options.maxConnections,
        connectTimeout: options.connectTimeout ?? Duration.seconds(5),
        applicationName: "sports-data"
      }).pipe(Layer.mapError((error) => unavailable("PostgreSQL unreachable", error)))
    )
  )

/**
 * The stores on PGlite in the folder `dataDir` (created when missing), or in memory when
 * `dataDir` is undefined. One session, guarded by a semaphore. Fails with StoreUnavailable
 * when the folder cannot be opened or the migrations fail. Cold start: 2-4 s.
 */
export const layerPglite = (
  options: { readonly dataDir?: string | undefined }
): Layer.Layer<SqlStores, StoreUnavailable> =>
  layerOwnedStores.pipe(
    Layer.provideMerge(
      Layer.scoped(
        SqlClient.SqlClient,
        Effect.flatMap(openPglite(options.dataDir), makePgliteClient)
      ).pipe(
        Layer.provide(Reactivity.layer),
        Layer.mapError((error) => unavailable("PGlite unavailable", error))
      )
    )
  )

/**
 * The stores on PGlite run by a store thread (PgliteThread.ts) in the folder `dataDir` (created
 * when missing; undefined = in memory), for a process that serves HTTP: no statement runs on the
 * caller's event loop. Also provides the {@link PgliteThread}, whose `connect` gives other threads
 * of this process a port to the same store ({@link layerPglitePort}). Counters are written behind
 * as with {@link layerPglite}. Fails with StoreUnavailable when the folder cannot be opened or
 * the migrations fail.
 */
export const layerPgliteThread = (
  options: {
    readonly dataDir?: string | undefined
    /** Cap of the store thread's V8 old space, MiB (PgliteThread.ts `openPgliteThread`); default V8's. */
    readonly heapMb?: number | undefined
  }
): Layer.Layer<SqlStores | PgliteThread, StoreUnavailable> =>
  Layer.scopedContext(
    Effect.gen(function*() {
      const thread = yield* openPgliteThread(options.dataDir, options.heapMb).pipe(
        Effect.mapError((error) => unavailable("PGlite unavailable", error))
      )
      const { client, wake, wakes } = yield* makePortClient(thread.connect())
      const stores = yield* Effect.zipRight(
        migrated,
        makeWith({ usage: "write-behind", wake: { announce: wake, wakes } })
      ).pipe(Effect.provideService(SqlClient.SqlClient, client))
      return Context.add(stores, SqlClient.SqlClient, client).pipe(Context.add(PgliteThread, thread))
    })
  ).pipe(Layer.provide(Reactivity.layer))

/**
 * The stores over a `port` of a PGlite store thread that another thread of this process opened
 * ({@link layerPgliteThread}'s `connect`), for a second thread working on the same store (the
 * background jobs of `serve`). Its outbox wake-ups reach the store thread's other clients. Fails
 * with StoreUnavailable when the migrations fail.
 */
export const layerPglitePort = (port: MessagePort): Layer.Layer<SqlStores, StoreUnavailable> =>
  Layer.scopedContext(
    Effect.gen(function*() {
      const { client, wake, wakes } = yield* makePortClient(port)
      const stores = yield* Effect.zipRight(migrated, makeWith({ wake: { announce: wake, wakes } })).pipe(
        Effect.provideService(SqlClient.SqlClient, client)
      )
      return Context.add(stores, SqlClient.SqlClient, client)
    })
  ).pipe(Layer.provide(Reactivity.layer))

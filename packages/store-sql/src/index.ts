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
  EventWake,
  KeyStore,
  makeLocalEventWake,
  SportsWriter,
  type StoreUnavailable,
  UsageStore,
  wakeAfterWrites,
  WebhookStore
} from "@sports-data/domain"
import { Context, Duration, Effect, Layer, Redacted, Schedule, Stream } from "effect"
import { makeAuditStore } from "./AuditStore.js"
import { makeDfsStore } from "./Dfs.js"
import { unavailable } from "./Errors.js"
import { makeKeyStore } from "./KeyStore.js"
import { makeMetricsStore } from "./Metrics.js"
import { migrate, SERVICE_EVENTS_CHANNEL } from "./Migrations.js"
import { makeModelStore } from "./Models.js"
import { makePgliteClient, openPglite } from "./Pglite.js"
import { makeReaders } from "./Readers.js"
import { makeUsageStore } from "./UsageStore.js"
import { makeWebhookStore } from "./Webhooks.js"
import { makeWriter } from "./Writer.js"

export { makeAuditStore } from "./AuditStore.js"
export { makeDfsStore } from "./Dfs.js"
export { isConnectionError, orStoreError, toStoreError } from "./Errors.js"
export { makeKeyStore } from "./KeyStore.js"
export { makeMetricsStore } from "./Metrics.js"
export { migrate, migrations, SERVICE_EVENTS_CHANNEL } from "./Migrations.js"
export { makeModelStore } from "./Models.js"
export {
  lockFileOf,
  lockFolder,
  lockHolder,
  type LockRecord,
  makePgliteClient,
  openPglite,
  pgliteParsers
} from "./Pglite.js"
export {
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
export { makeUsageStore } from "./UsageStore.js"
export { makeWebhookStore } from "./Webhooks.js"
export { makeWriter } from "./Writer.js"

/** Every port this package adapts. */
export type Stores = AllStores

/**
 * Every SQL store over the current SqlClient (migrations already applied). Never fails.
 * `wakes`: wake-ups from other processes merged into the EventWake (the PostgreSQL LISTEN
 * stream); the writer wakes this process's subscribers after each write in any case.
 */
export const makeWith = (
  wakes?: Stream.Stream<void>
): Effect.Effect<Context.Context<Stores>, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const keys = yield* makeKeyStore
    const usage = yield* makeUsageStore
    const wake = yield* makeLocalEventWake(wakes)
    const writer = wakeAfterWrites(yield* makeWriter, wake.wake)
    const audit = yield* makeAuditStore
    const readers = yield* makeReaders
    const metrics = yield* makeMetricsStore
    const models = yield* makeModelStore
    return Context.add(readers, SportsWriter, writer).pipe(
      Context.add(KeyStore, keys),
      Context.add(UsageStore, usage),
      Context.add(AuditStore, audit),
      Context.add(EventWake, wake),
      Context.add(WebhookStore, yield* makeWebhookStore),
      Context.merge(metrics),
      Context.merge(models),
      Context.merge(yield* makeDfsStore)
    )
  })

/** Every SQL store over the current SqlClient (migrations already applied), woken in-process only. */
export const make: Effect.Effect<Context.Context<Stores>, never, SqlClient.SqlClient> = makeWith()

const migrated = Effect.mapError(migrate, (error) => unavailable("migrations failed", error))

/** Every store over a SqlClient layer, after running the migrations. */
export const layerStores: Layer.Layer<Stores, StoreUnavailable, SqlClient.SqlClient> = Layer.effectContext(
  Effect.zipRight(migrated, make)
)

/**
 * The PostgreSQL LISTEN on {@link SERVICE_EVENTS_CHANNEL} as wake-ups (one dedicated connection
 * per subscription); a dropped connection is re-opened after 1 s, never failing the subscriber.
 */
const listenWakes = (pg: PgClient.PgClient): Stream.Stream<void> =>
  pg.listen(SERVICE_EVENTS_CHANNEL).pipe(
    Stream.as(undefined),
    Stream.retry(Schedule.spaced(Duration.seconds(1))),
    Stream.catchAll(() => Stream.empty)
  )

/** Every store over a PostgreSQL client, after the migrations, woken by LISTEN/NOTIFY too. */
const layerPgStores: Layer.Layer<Stores, StoreUnavailable, SqlClient.SqlClient | PgClient.PgClient> = Layer
  .effectContext(
    Effect.zipRight(migrated, Effect.flatMap(PgClient.PgClient, (pg) => makeWith(listenWakes(pg))))
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
  layerStores.pipe(
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

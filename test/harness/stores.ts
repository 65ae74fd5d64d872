/**
 * The store layers every contract suite runs on: memory, PGlite (in memory, in process and on its
 * store thread) and, when
 * {@link testDatabaseUrl} gives one, a PostgreSQL database created for the suite and dropped
 * after it. Each build of a layer starts with an empty store.
 * @module
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { AllStores, StoreUnavailable } from "@sports-data/domain"
import * as MemoryStore from "@sports-data/store-memory"
import { layerPglite, layerPgliteThread, layerPostgres } from "@sports-data/store-sql"
import { Effect, Layer, Option } from "effect"
import { postgresAvailable, testDatabaseUrl } from "./postgres.js"

/** A layer of every storage port, empty when built. */
export type StoreLayer = Layer.Layer<AllStores, StoreUnavailable>

/** `[label, layer]`, as in Effect's cluster SqlMessageStorage suite. */
export type StoreEntry = readonly [label: string, layer: StoreLayer]

/** A layer of every storage port and the SqlClient under them (the SQL stores), empty when built. */
export type SqlStoreLayer = Layer.Layer<AllStores | SqlClient.SqlClient, StoreUnavailable>

/**
 * The stores (and their SqlClient) on a fresh PostgreSQL database, dropped when the layer is
 * released. Dies without a server.
 */
const postgresSqlLayer: SqlStoreLayer = Layer.unwrapScoped(
  Effect.map(
    testDatabaseUrl,
    Option.match({
      onNone: () => Layer.die(new Error("PostgreSQL: no server (set TEST_DATABASE_URL)")),
      onSome: (url) => layerPostgres({ url })
    })
  )
)

/** The stores on a fresh PostgreSQL database, dropped when the layer is released. Dies without a server. */
export const postgresLayer: StoreLayer = postgresSqlLayer

/**
 * The SQL stores with their SqlClient, for suites that look at the tables: PGlite and, when a
 * server answers, PostgreSQL.
 */
export const sqlStoreLayers = async (): Promise<ReadonlyArray<readonly [label: string, layer: SqlStoreLayer]>> => [
  ["pglite", layerPglite({})],
  ...(await Effect.runPromise(postgresAvailable) ? [["postgres", postgresSqlLayer] as const] : [])
]

let announced = false

/**
 * The entries to run a contract suite over: memory, PGlite and, when a server answers,
 * PostgreSQL. Without one, prints once "PostgreSQL: not available, ran on memory and PGlite only".
 */
export const storeLayers = async (): Promise<ReadonlyArray<StoreEntry>> => {
  const entries: Array<StoreEntry> = [
    ["memory", MemoryStore.layer],
    ["pglite", layerPglite({})],
    ["pglite thread", layerPgliteThread({})]
  ]
  if (await Effect.runPromise(postgresAvailable)) {
    entries.push(["postgres", postgresLayer])
  } else if (!announced) {
    announced = true
    console.log("PostgreSQL: not available, ran on memory and PGlite only")
  }
  return entries
}

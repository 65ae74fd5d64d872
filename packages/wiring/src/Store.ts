/**
 * Which store backs a runtime: memory (tests, throwaway embedding), PGlite (an embedded
 * PostgreSQL in a folder, the default), or a PostgreSQL server (DATABASE_URL; many instances).
 * @module
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import * as PgClient from "@effect/sql-pg/PgClient"
import * as SqlClient from "@effect/sql/SqlClient"
import type { AllStores, StoreError, StoreUnavailable } from "@sports-data/domain"
import * as StoreMemory from "@sports-data/store-memory"
import * as StoreSql from "@sports-data/store-sql"
import { Duration, Effect, Layer, Option, Redacted } from "effect"
import type { Settings } from "./Settings.js"

/**
 * A store choice.
 * - `"memory"`: fresh in-process maps, lost on exit.
 * - `{ pglite: dir }`: PGlite in the folder `dir` (created if missing); `undefined` = in memory.
 * - `{ postgres: url }`: a PostgreSQL server, e.g. `postgres://user@host:5432/db`.
 */
export type StoreChoice =
  | "memory"
  | { readonly pglite: string | undefined }
  | { readonly postgres: string | Redacted.Redacted<string> }

/** The storage ports every runtime needs: keys, usage, the sports writer, every read port and the outbox wake-ups. */
export type Stores = AllStores

/** The choice the settings make: PostgreSQL when DATABASE_URL is set, else PGlite in SPORTS_DATA_STORE. */
export const storeChoice = (settings: Pick<Settings, "databaseUrl" | "storeDir">): StoreChoice =>
  Option.match(settings.databaseUrl, {
    onNone: () => ({ pglite: settings.storeDir }),
    onSome: (url) => ({ postgres: url })
  })

/**
 * The layer of the chosen store. SQL stores run their migrations when the layer is built; building
 * fails with StoreUnavailable when the database cannot be opened or reached.
 */
export const storeLayer = (choice: StoreChoice): Layer.Layer<Stores, StoreUnavailable> => {
  if (choice === "memory") return StoreMemory.layer
  if ("pglite" in choice) return StoreSql.layerPglite({ dataDir: choice.pglite })
  return StoreSql.layerPostgres({ url: urlOf(choice.postgres) })
}

const urlOf = (url: string | Redacted.Redacted<string>): string => Redacted.isRedacted(url) ? Redacted.value(url) : url

/**
 * Applies the pending migrations of a SQL store and returns their names (`<id>_<name>`), empty
 * when the schema is up to date; the memory store has no schema and returns empty. Unlike
 * {@link storeLayer}, opens only the SQL client, so that it can report what it applied.
 * Fails with StoreUnavailable (cannot connect) or StoreFailure (a migration failed).
 */
export const migrateStore = (choice: StoreChoice): Effect.Effect<ReadonlyArray<string>, StoreError> => {
  if (choice === "memory") return Effect.succeed([])
  const client: Layer.Layer<SqlClient.SqlClient, unknown> = "pglite" in choice
    ? Layer.scoped(SqlClient.SqlClient, Effect.flatMap(StoreSql.openPglite(choice.pglite), StoreSql.makePgliteClient))
      .pipe(Layer.provide(Reactivity.layer))
    : PgClient.layer({
      url: Redacted.make(urlOf(choice.postgres)),
      connectTimeout: Duration.seconds(5),
      applicationName: "sports-data"
    })
  return StoreSql.migrate.pipe(
    Effect.map((applied) => applied.map(([id, name]) => `${id}_${name}`)),
    Effect.provide(client),
    Effect.mapError((error) => StoreSql.toStoreError("migrate", error))
  )
}

/** A description of the choice for people: the folder, or the server without user or password. */
export const describeStore = (choice: StoreChoice): string => {
  if (choice === "memory") return "in-memory store"
  if ("pglite" in choice) return choice.pglite === undefined ? "PGlite (in memory)" : `PGlite at ${choice.pglite}`
  const raw = urlOf(choice.postgres)
  try {
    const url = new URL(raw)
    return `PostgreSQL at ${url.hostname}${url.port === "" ? "" : `:${url.port}`}${url.pathname}`
  } catch {
    return "PostgreSQL (DATABASE_URL)"
  }
}

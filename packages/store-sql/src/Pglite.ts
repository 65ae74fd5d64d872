/**
 * A @effect/sql `SqlClient` over PGlite (PostgreSQL compiled to WebAssembly, in process).
 *
 * PGlite is ONE session, so the client guards it with a semaphore of one permit: a statement
 * holds the permit while it runs, and a transaction holds it from BEGIN until COMMIT or
 * ROLLBACK, so no other statement interleaves with a transaction. Statements are compiled with
 * @effect/sql-pg's compiler (PostgreSQL dialect, `$n` placeholders). int8 and numeric come
 * back as strings, as with node-postgres, so the adapters convert them the same way on both
 * drivers.
 * @module
 */
import type * as Reactivity from "@effect/experimental/Reactivity"
import * as PgClient from "@effect/sql-pg/PgClient"
import * as SqlClient from "@effect/sql/SqlClient"
import type { Connection } from "@effect/sql/SqlConnection"
import { SqlError } from "@effect/sql/SqlError"
import { PGlite, type Results, types } from "@electric-sql/pglite"
import { Effect, Stream } from "effect"
import { mkdir } from "node:fs/promises"

const keepText = (value: string): string => value

/** Result parsers: int8 and numeric stay strings (as node-postgres), the rest PGlite's defaults. */
export const pgliteParsers = { [types.INT8]: keepText, [types.NUMERIC]: keepText }

const statementError = (cause: unknown) => new SqlError({ cause, message: "Failed to execute statement" })

/** The Connection of @effect/sql over one PGlite instance; callers hold the session's permit. */
const makeConnection = (db: PGlite): Connection => {
  const query = (sql: string, params: ReadonlyArray<unknown>, rowMode?: "array") =>
    Effect.tryPromise({
      try: () => db.query<Record<string, unknown>>(sql, params as Array<unknown>, rowMode ? { rowMode } : undefined),
      catch: statementError
    })
  const execute: Connection["execute"] = (sql, params, transformRows) =>
    Effect.map(query(sql, params), (result) => transformRows ? transformRows(result.rows) : result.rows)
  return {
    execute,
    executeRaw: (sql, params) => query(sql, params),
    executeValues: (sql, params) =>
      Effect.map(
        query(sql, params, "array"),
        (result) => result.rows as unknown as ReadonlyArray<ReadonlyArray<unknown>>
      ),
    // Without parameters, the simple protocol: several statements at once (BEGIN, COMMIT, scripts).
    executeUnprepared: (sql, params, transformRows) =>
      params.length > 0
        ? execute(sql, params, transformRows)
        : Effect.tryPromise({ try: () => db.exec(sql), catch: statementError }).pipe(
          Effect.map((results: Array<Results>) => {
            const rows = (results[results.length - 1]?.rows ?? []) as ReadonlyArray<Record<string, unknown>>
            return transformRows ? transformRows(rows) : rows
          })
        ),
    executeStream: (sql, params, transformRows) => Stream.fromIterableEffect(execute(sql, params, transformRows))
  }
}

/**
 * A SqlClient over `db`. Every statement outside a transaction takes the session's single
 * permit for its duration; a transaction takes it for its whole length. Never fails; statement
 * errors surface as SqlError.
 */
export const makePgliteClient = (db: PGlite): Effect.Effect<SqlClient.SqlClient, never, Reactivity.Reactivity> =>
  Effect.gen(function*() {
    const session = yield* Effect.makeSemaphore(1)
    const connection = makeConnection(db)
    const acquirer: Connection.Acquirer = Effect.acquireRelease(session.take(1), () => session.release(1)).pipe(
      Effect.as(connection)
    )
    return yield* SqlClient.make({
      acquirer,
      transactionAcquirer: acquirer,
      compiler: PgClient.makeCompiler(),
      spanAttributes: [["db.system.name", "postgresql"], ["db.namespace", "pglite"]]
    })
  })

/**
 * Opens PGlite in the folder `dataDir` (created with its parents when missing; undefined = in
 * memory) with the parsers of {@link pgliteParsers}, and closes it when the scope closes.
 * Fails with SqlError when the folder cannot be opened. Cold start takes 2-4 s. One process
 * at a time may open a folder.
 */
export const openPglite = (dataDir: string | undefined) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        // A plain folder path (not memory:// or another PGlite scheme): create it and its parents.
        if (dataDir !== undefined && !/^[a-z]+:\/\//.test(dataDir)) await mkdir(dataDir, { recursive: true })
        return PGlite.create({ ...(dataDir === undefined ? {} : { dataDir }), parsers: pgliteParsers })
      },
      catch: (cause) => new SqlError({ cause, message: "Failed to connect: PGlite could not open its data folder" })
    }),
    (db) => Effect.tryPromise(() => db.close()).pipe(Effect.ignore)
  )

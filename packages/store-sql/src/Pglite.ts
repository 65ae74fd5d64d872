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
import type { PGlite, Results } from "@electric-sql/pglite"
import { Effect, type Scope, Stream } from "effect"
import { mkdir, open, readFile, unlink } from "node:fs/promises"
import { hostname } from "node:os"
import { createPglite } from "./pglite-options.mjs"

export {
  /** Result parsers: int8 and numeric stay strings (as node-postgres), the rest PGlite's defaults. */
  pgliteParsers,
  /** PostgreSQL's shared_buffers in PGlite (pglite-options.mjs). */
  SHARED_BUFFERS
} from "./pglite-options.mjs"

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
 * The lock file of a PGlite folder: beside it (`<folder>.lock`), not inside, because PGlite
 * initialises only an empty folder.
 */
export const lockFileOf = (dir: string): string => `${dir.replace(/[\\/]+$/, "")}.lock`

/** What a lock file records: the holder's pid, host and when it took the folder. */
export interface LockRecord {
  readonly pid: number
  readonly host: string
  readonly since: string
}

/** True when process `pid` is alive on this host (signal 0 probes without signalling). */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

/**
 * The live process holding the PGlite folder `dir`, from its lock file: its pid, host and since
 * when; undefined when there is no lock, an unreadable one, or one left by a process of this host
 * that is no longer alive. A lock of another host is reported as held (its liveness cannot be probed).
 */
export const lockHolder = async (dir: string): Promise<LockRecord | undefined> => {
  const held: Partial<LockRecord> = await readFile(lockFileOf(dir), "utf8")
    .then((t) => JSON.parse(t) as Partial<LockRecord>)
    .catch(() => ({}))
  if (typeof held.pid !== "number" || typeof held.host !== "string") return undefined
  if (held.host === hostname() && !alive(held.pid)) return undefined
  return { pid: held.pid, host: held.host, since: typeof held.since === "string" ? held.since : "" }
}

/**
 * Takes the lock of the PGlite folder `dir` for this process: creates {@link lockFileOf}
 * exclusively with this pid, host and time. A lock left by a process that is no longer alive (on this host) is
 * taken over; a lock of a live process, or of another host, refuses with an Error naming the
 * holder (two processes writing one PGlite folder corrupt it). A lock of this very process is
 * kept (the folder may be reopened after a close). Returns the release, which removes the file.
 */
export const lockFolder = async (dir: string): Promise<() => Promise<void>> => {
  const path = lockFileOf(dir)
  const mine: LockRecord = { pid: process.pid, host: hostname(), since: new Date().toISOString() }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(path, "wx")
      await handle.writeFile(JSON.stringify(mine))
      await handle.close()
      return () => unlink(path).catch(() => undefined)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e
    }
    const held: Partial<LockRecord> = await readFile(path, "utf8")
      .then((t) => JSON.parse(t) as Partial<LockRecord>)
      .catch(() => ({}))
    if (held.pid === process.pid && held.host === mine.host) return async () => {}
    if (typeof held.pid === "number" && (held.host !== mine.host || alive(held.pid))) {
      throw new Error(
        `the PGlite folder ${dir} is in use by process ${held.pid} on ${held.host ?? "this host"} since ${
          held.since ?? "an unknown time"
        }; stop that process first`
      )
    }
    await unlink(path).catch(() => undefined) // stale: its process is gone
  }
  throw new Error(`the PGlite folder ${dir} could not be locked`)
}

/**
 * Opens a store in the folder `dataDir` under the folder's lock ({@link lockFolder}): creates the
 * folder and its parents when missing (a plain path; undefined = in memory, and a `memory://` or
 * other PGlite scheme is not a folder), takes the lock, runs `open`, and when the scope closes
 * runs `close` and then releases the lock. A failed `open` releases the lock at once. Fails with
 * SqlError: the lock's message when another live process holds the folder, else "PGlite could
 * not open its data folder" with the cause.
 */
export const openLocked = <A>(
  dataDir: string | undefined,
  open: () => Promise<A>,
  close: (opened: A) => Promise<unknown>
): Effect.Effect<A, SqlError, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        const folder = dataDir !== undefined && !/^[a-z]+:\/\//.test(dataDir) ? dataDir : undefined
        if (folder !== undefined) await mkdir(folder, { recursive: true })
        const release = folder === undefined ? async () => {} : await lockFolder(folder)
        try {
          return { opened: await open(), release }
        } catch (e) {
          await release()
          throw e
        }
      },
      catch: (cause) => {
        const message = String((cause as { message?: unknown } | null)?.message)
        return message.startsWith("the PGlite folder")
          ? new SqlError({ message })
          : new SqlError({ cause, message: "Failed to connect: PGlite could not open its data folder" })
      }
    }),
    ({ opened, release }) => Effect.promise(() => close(opened).catch(() => undefined).finally(release))
  ).pipe(Effect.map(({ opened }) => opened))

/**
 * Opens PGlite in the folder `dataDir` (created with its parents when missing; undefined = in
 * memory) as pglite-options.mjs `createPglite` does (the parsers of {@link pgliteParsers},
 * shared_buffers = {@link SHARED_BUFFERS}), and closes it when the scope closes.
 * Fails with SqlError when the folder cannot be opened, or when another live process holds it
 * ({@link lockFolder}: the message names the holder). Cold start takes 2-4 s.
 */
export const openPglite = (dataDir: string | undefined) =>
  openLocked(
    dataDir,
    () => createPglite(dataDir),
    (db) => db.close()
  )

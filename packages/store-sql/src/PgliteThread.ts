/**
 * PGlite on its own thread: the store thread (pglite-thread.mjs, a worker_threads Worker) owns
 * the PGlite instance and runs every statement; each client (the HTTP thread, the background
 * jobs thread of `serve`) talks to it over its own MessagePort with a @effect/sql `SqlClient`
 * ({@link makePortClient}). PGlite's WebAssembly runs synchronously, so in the thread that serves
 * HTTP a long statement (an ingest's batch upsert) would stop every request for its duration;
 * on the store thread it only delays the statements queued behind it.
 *
 * Session: PGlite is one session. The store thread runs one statement at a time in arrival
 * order; a transaction takes a lease (`acquire`) under which only its own statements run until
 * `release` (COMMIT or ROLLBACK then release). Parameters and rows cross threads by structured
 * clone (strings, numbers, booleans, null, Date, arrays, plain objects, Uint8Array).
 * @module
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import * as SqlClient from "@effect/sql/SqlClient"
import type { Connection } from "@effect/sql/SqlConnection"
import { SqlError } from "@effect/sql/SqlError"
import { Context, Effect, Stream } from "effect"
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads"
import { openLocked } from "./Pglite.js"

/** The store thread's memory, bytes (the fields of @sports-data/http Memory.ts `ThreadMemory`). */
export interface PgliteThreadMemory {
  /** V8 heap in use. */
  readonly heapUsed: number
  /** V8 heap reserved from the system. */
  readonly heapTotal: number
  /** Ceiling of the V8 heap. */
  readonly heapLimit: number
  /** Memory outside the V8 heap owned by the thread's objects. */
  readonly external: number
  /** ArrayBuffers and Buffers (part of external). */
  readonly arrayBuffers: number
  /** PGlite's WebAssembly memory (Postgres' shared buffers, caches, work memory); it never shrinks. */
  readonly wasm: number | undefined
}

/** The running store thread: hands out client ports. */
export interface PgliteThreadService {
  /** A new client port of the store thread (for a client in another thread: transfer it). */
  readonly connect: () => MessagePort
  /** The store thread's memory now (rejects when the thread does not answer within 2 s). */
  readonly memory: () => Promise<PgliteThreadMemory>
}

/** The store thread of a `layerPgliteThread` store (see index.ts). */
export class PgliteThread extends Context.Tag("@sports-data/store-sql/PgliteThread")<
  PgliteThread,
  PgliteThreadService
>() {}

/** What the store thread answers: a statement's rows (and its raw result), or an error. */
type Answer =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: { readonly message: string } }

/**
 * Starts the store thread on the folder `dataDir` (created with its parents when missing; the
 * folder's lock, Pglite.ts `lockFolder`, is held by this process; undefined = in memory) and
 * stops it when the scope closes (the statement running ends, PGlite closes, the lock is
 * released). `heapMb` caps the thread's V8 old space (MiB; worker_threads `resourceLimits`;
 * undefined: V8's default, a quarter of the machine's memory up to 4 GiB): V8 grows a heap by a
 * smaller factor past each collection the lower its cap, so the rows the thread copies to its
 * clients are collected before they pile up; a statement whose rows do not fit ends the thread.
 * Fails with SqlError when the folder is held by another process or PGlite cannot open it.
 */
export const openPgliteThread = (dataDir: string | undefined, heapMb?: number | undefined) =>
  openLocked(
    dataDir,
    async () => {
      const worker = new Worker(new URL("./pglite-thread.mjs", import.meta.url), {
        workerData: { dataDir },
        ...(heapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: heapMb } })
      })
      const opened = await new Promise<{ readonly type: string; readonly message?: string }>((done) => {
        worker.once("message", done)
        worker.once("error", (e) => done({ type: "failed", message: e.message }))
      })
      if (opened.type !== "ready") {
        await worker.terminate()
        throw new Error(opened.message ?? "the store thread did not start")
      }
      return worker
    },
    async (worker) => {
      const exited = new Promise((done) => worker.once("exit", done))
      worker.postMessage({ op: "close" })
      const timer = setTimeout(() => void worker.terminate(), 30_000)
      await exited
      clearTimeout(timer)
    }
  ).pipe(
    Effect.map((worker): PgliteThreadService => {
      const pending = new Map<number, (memory: PgliteThreadMemory) => void>()
      let nextId = 1
      worker.on(
        "message",
        (message: { readonly type?: string; readonly id?: number; readonly memory?: PgliteThreadMemory }) => {
          if (message.type !== "memory" || message.id === undefined || message.memory === undefined) return
          pending.get(message.id)?.(message.memory)
          pending.delete(message.id)
        }
      )
      return {
        connect: () => {
          const { port1, port2 } = new MessageChannel()
          worker.postMessage({ op: "connect", port: port2 }, [port2])
          return port1
        },
        memory: () =>
          new Promise<PgliteThreadMemory>((done, fail) => {
            const id = nextId++
            const timer = setTimeout(() => {
              pending.delete(id)
              fail(new Error("the store thread did not answer"))
            }, 2_000)
            pending.set(id, (memory) => {
              clearTimeout(timer)
              done(memory)
            })
            worker.postMessage({ op: "memory", id })
          })
      }
    })
  )

const statementError = (error: { readonly message: string }) =>
  new SqlError({ cause: Object.assign(new Error(error.message), error), message: "Failed to execute statement" })

/** A client port's requests: `call` posts one and answers its reply; `wakes` are the wake-ups of other clients. */
const portRequests = (port: MessagePort) => {
  const pending = new Map<number, (answer: Answer) => void>()
  const wakeListeners = new Set<() => void>()
  let nextId = 1
  port.on("message", (message: Answer | { readonly type: "wake" }) => {
    if ("type" in message) {
      for (const listener of wakeListeners) listener()
      return
    }
    const reply = pending.get(message.id)
    pending.delete(message.id)
    reply?.(message)
  })
  const call = (request: Record<string, unknown>) =>
    Effect.async<unknown, SqlError>((resume) => {
      const id = nextId++
      pending.set(id, (answer) =>
        resume(answer.ok ? Effect.succeed(answer.value) : Effect.fail(statementError(answer.error))))
      port.postMessage({ ...request, id })
    })
  return { call, wakeListeners }
}

/**
 * A SqlClient over a client `port` of the store thread, and the outbox wake-ups between its
 * clients: `wake` tells the other clients, `wakes` hears theirs. The port is closed with the
 * scope. Statements fail with SqlError (the cause carries PostgreSQL's message and SQLSTATE `code`).
 */
export const makePortClient = (port: MessagePort) =>
  Effect.gen(function*() {
    const { call, wakeListeners } = portRequests(port)
    yield* Effect.addFinalizer(() => Effect.sync(() => port.close()))
    const run = (kind: "query" | "values" | "exec", sql: string, params: ReadonlyArray<unknown>, lease?: number) =>
      Effect.map(
        call({ op: "run", kind, sql, params, lease }),
        (value) => value as { readonly rows: ReadonlyArray<any> }
      )
    const connection = (lease?: number): Connection => {
      const execute: Connection["execute"] = (sql, params, transformRows) =>
        Effect.map(run("query", sql, params, lease), (r) => transformRows ? transformRows(r.rows) : r.rows)
      return {
        execute,
        executeRaw: (sql, params) => run("query", sql, params, lease),
        executeValues: (sql, params) => Effect.map(run("values", sql, params, lease), (r) => r.rows),
        executeUnprepared: (sql, params, transformRows) =>
          params.length > 0
            ? execute(sql, params, transformRows)
            : Effect.map(run("exec", sql, [], lease), (r) => transformRows ? transformRows(r.rows) : r.rows),
        executeStream: (sql, params, transformRows) => Stream.fromIterableEffect(execute(sql, params, transformRows))
      }
    }
    const leased: Connection.Acquirer = Effect.acquireRelease(
      Effect.map(call({ op: "acquire" }), (lease) => lease as number),
      (lease) => Effect.ignore(call({ op: "release", lease }))
    ).pipe(Effect.map(connection))
    const client: SqlClient.SqlClient = yield* SqlClient.make({
      acquirer: Effect.succeed(connection()),
      transactionAcquirer: leased,
      compiler: PgClient.makeCompiler(),
      spanAttributes: [["db.system.name", "postgresql"], ["db.namespace", "pglite"]]
    })
    const wakes = Stream.async<void>((emit) => {
      const listener = () => void emit.single(undefined)
      wakeListeners.add(listener)
      return Effect.sync(() => wakeListeners.delete(listener))
    })
    return {
      client,
      wake: Effect.sync(() => port.postMessage({ op: "wake" })),
      wakes
    }
  })

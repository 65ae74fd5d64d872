/**
 * The PGlite store thread (a worker_threads entry; plain JavaScript so that it loads without a
 * TypeScript loader): opens PGlite once (`workerData.dataDir`, undefined = in memory; as
 * pglite-options.mjs `createPglite` does: its parsers and shared_buffers) and runs
 * the statements of every connected client in turn, off the event loop of the threads that send
 * them. Protocol and the client side: PgliteThread.ts.
 *
 * - Parent port: `{ op: "connect", port }` adds a client (a MessagePort); `{ op: "close" }` waits
 *   for the statement running, closes PGlite and ends the thread; `{ op: "memory", id }` answers
 *   `{ type: "memory", id, memory }`: this thread's heap figures and the size of PGlite's
 *   WebAssembly memory, bytes (PgliteThread.ts `PgliteThreadMemory`). The thread posts
 *   `{ type: "ready" }` once PGlite is open, or `{ type: "failed", message }`.
 * - Client port: `{ id, op: "run", kind: "query" | "values" | "exec", sql, params, lease? }`,
 *   `{ id, op: "acquire" }` (answers a lease: the session is this client's until `release`),
 *   `{ id, op: "release", lease }`; answers `{ id, ok: true, value }` or
 *   `{ id, ok: false, error: { message, code, ... } }`. `{ op: "wake" }` is passed to every other
 *   client (the outbox wake-ups of EventWake).
 */
import { getHeapStatistics } from "node:v8"
import { parentPort, workerData } from "node:worker_threads"
import { createPglite } from "./pglite-options.mjs"

/** The tail of the session's queue: one statement or lease at a time, in arrival order. */
let tail = Promise.resolve()
/** Runs `f` when the session is free; the session is held until the promise `f` returns settles. */
const exclusive = (f) => {
  const run = tail.then(f, f)
  tail = run.then(() => undefined, () => undefined)
  return run
}

/** Held leases: id → the function that frees the session. */
const leases = new Map()
let nextLease = 1
const clients = new Set()

const plainError = (e) => {
  const error = { message: String(e?.message ?? e) }
  for (const field of ["code", "detail", "hint", "severity", "constraint", "table", "column", "schema"]) {
    if (typeof e?.[field] === "string") error[field] = e[field]
  }
  return error
}

let db
try {
  db = await createPglite(workerData?.dataDir)
} catch (e) {
  parentPort.postMessage({ type: "failed", message: String(e?.message ?? e) })
  process.exit(1)
}

const statement = (message) => {
  if (message.kind === "exec") {
    return db.exec(message.sql).then((results) => ({ rows: results[results.length - 1]?.rows ?? [] }))
  }
  return db.query(message.sql, message.params, message.kind === "values" ? { rowMode: "array" } : undefined)
    .then((result) => ({ rows: result.rows, affectedRows: result.affectedRows, fields: result.fields }))
}

const answer = (client, message) => {
  switch (message.op) {
    case "run":
      return message.lease !== undefined && leases.has(message.lease)
        ? statement(message)
        : exclusive(() => statement(message))
    case "acquire":
      return new Promise((granted) =>
        exclusive(() =>
          new Promise((free) => {
            const lease = nextLease++
            leases.set(lease, free)
            granted(lease)
          })
        )
      )
    case "release": {
      const free = leases.get(message.lease)
      leases.delete(message.lease)
      free?.()
      return Promise.resolve(null)
    }
  }
  return Promise.reject(new Error(`unknown operation ${message.op}`))
}

const connect = (client) => {
  clients.add(client)
  client.on("message", (message) => {
    if (message.op === "wake") {
      for (const other of clients) if (other !== client) other.postMessage({ type: "wake" })
      return
    }
    answer(client, message).then(
      (value) => client.postMessage({ id: message.id, ok: true, value }),
      (e) => client.postMessage({ id: message.id, ok: false, error: plainError(e) })
    )
  })
  client.on("close", () => clients.delete(client))
}

/** This thread's memory figures, bytes (the shape of PgliteThread.ts `PgliteThreadMemory`). */
const memory = () => {
  const usage = process.memoryUsage()
  return {
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    heapLimit: getHeapStatistics().heap_size_limit,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    wasm: db.Module?.HEAP8?.buffer.byteLength
  }
}

parentPort.on("message", (message) => {
  if (message.op === "connect") connect(message.port)
  if (message.op === "memory") parentPort.postMessage({ type: "memory", id: message.id, memory: memory() })
  if (message.op === "close") {
    exclusive(() => db.close()).finally(() => {
      parentPort.postMessage({ type: "closed" })
      process.exit(0)
    })
  }
})
parentPort.postMessage({ type: "ready" })

/**
 * How this project starts PGlite, in one place for the in-process client (Pglite.ts
 * `openPglite`) and the store thread (pglite-thread.mjs); plain JavaScript so that the store
 * thread loads it without a TypeScript loader. Typings: pglite-options.d.mts.
 *
 * - Parsers: int8 and numeric come back as strings, as with node-postgres.
 * - Shared buffers: PGlite 0.3's pglite.wasm starts Postgres with `-c shared_buffers=128MB`
 *   built in (a command-line setting: it outranks postgresql.conf and ALTER SYSTEM, and 0.3 has
 *   no option to pass another one). The buffer pool lives in the WebAssembly memory, which never
 *   shrinks, so once a busy server has touched it the whole pool stays resident. The module is
 *   therefore compiled from pglite.wasm with that built-in text replaced by
 *   {@link SHARED_BUFFERS} (same length, so nothing else in the binary moves); a page not in
 *   the pool is read from the data folder's file (the operating system's page cache), as
 *   PostgreSQL does. When the text is not found (another PGlite build), PGlite's own module is
 *   used unchanged. PGlite 0.4 and later take `startParams` instead (`-c shared_buffers=...`).
 * - Statistics target: ANALYZE (Statistics.ts, after each sport's ingest) samples 300 rows per
 *   unit of `default_statistics_target` and holds the sample in the WebAssembly memory, which
 *   keeps whatever it grew to. At PostgreSQL's default (100: 30,000 rows) ANALYZE of the real
 *   stat_lines grew it from 56 to 117 MiB (a fresh ingest of the eleven sports: to 140 MiB, RSS
 *   about 75 MiB higher than a store opened already ingested); at {@link STATISTICS_TARGET}
 *   (9,000 rows) to 67.5 MiB, in a third of the time. The setting is the session's (SET at
 *   open; PGlite is one session), so it also holds for `ANALYZE` typed by hand.
 * @module
 */
import { PGlite, types } from "@electric-sql/pglite"
import { Buffer } from "node:buffer"
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"

/** PostgreSQL's shared_buffers in PGlite (PostgreSQL's size syntax; 5 characters at most). */
export const SHARED_BUFFERS = "32MB"

/** The built-in setting of PGlite 0.3's pglite.wasm that {@link SHARED_BUFFERS} replaces. */
const BUILT_IN = "shared_buffers=128MB"

/** PostgreSQL's default_statistics_target in PGlite (PostgreSQL's default: 100). */
export const STATISTICS_TARGET = 30

const keepText = (value) => value

/** Result parsers: int8 and numeric stay strings (as node-postgres), the rest PGlite's defaults. */
export const pgliteParsers = { [types.INT8]: keepText, [types.NUMERIC]: keepText }

/**
 * pglite.wasm's bytes with {@link BUILT_IN} replaced by `shared_buffers=<size>` (`size`
 * left-padded with spaces to the built-in's length, which PostgreSQL's number parsing skips);
 * undefined when the built-in text is not in `bytes` exactly once or `size` is longer. `bytes`
 * is left as it is (the answer is a copy).
 */
export const withSharedBuffers = (bytes, size) => {
  const patched = Buffer.from(bytes)
  const at = patched.indexOf(BUILT_IN, 0, "latin1")
  const value = `shared_buffers=${size.padStart(BUILT_IN.length - "shared_buffers=".length, " ")}`
  if (at < 0 || patched.indexOf(BUILT_IN, at + 1, "latin1") >= 0 || value.length !== BUILT_IN.length) return undefined
  patched.write(value, at, "latin1")
  return patched
}

/** The compiled module of this process (compiled once, shared by every PGlite it opens). */
let compiled

/**
 * PGlite's WebAssembly module with shared_buffers = {@link SHARED_BUFFERS}
 * ({@link withSharedBuffers}), compiled once per thread; undefined when pglite.wasm does not carry
 * the built-in setting (PGlite then compiles its own).
 */
export const pgliteWasmModule = () => {
  compiled ??= (async () => {
    const path = createRequire(import.meta.url).resolve("@electric-sql/pglite").replace(/index\.c?js$/, "pglite.wasm")
    const patched = withSharedBuffers(await readFile(path), SHARED_BUFFERS)
    return patched === undefined ? undefined : globalThis.WebAssembly.compile(patched)
  })()
  return compiled
}

/**
 * Opens PGlite in the folder `dataDir` (undefined = in memory) with {@link pgliteParsers} and
 * the module of {@link pgliteWasmModule}, its session's default_statistics_target set to
 * {@link STATISTICS_TARGET}. Rejects as `PGlite.create` does.
 */
export const createPglite = async (dataDir) => {
  const wasmModule = await pgliteWasmModule()
  const db = await PGlite.create({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(wasmModule === undefined ? {} : { wasmModule }),
    parsers: pgliteParsers
  })
  await db.exec(`SET default_statistics_target = ${STATISTICS_TARGET}`)
  return db
}

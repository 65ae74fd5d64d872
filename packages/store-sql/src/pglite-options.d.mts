/** Typings of pglite-options.mjs (how this project starts PGlite; see that module). */
import type { PGlite } from "@electric-sql/pglite"

/** PostgreSQL's shared_buffers in PGlite (PostgreSQL's size syntax; 5 characters at most). */
export declare const SHARED_BUFFERS: string

/** PostgreSQL's default_statistics_target in PGlite (ANALYZE's sample: 300 rows per unit). */
export declare const STATISTICS_TARGET: number

/** Result parsers: int8 and numeric stay strings (as node-postgres), the rest PGlite's defaults. */
export declare const pgliteParsers: Record<number, (value: string) => unknown>

/**
 * pglite.wasm's bytes with the built-in `shared_buffers=128MB` replaced by
 * `shared_buffers=<size>`; undefined when the built-in is not there exactly once or `size` is
 * longer than 5 characters.
 */
export declare const withSharedBuffers: (bytes: Uint8Array, size: string) => Uint8Array | undefined

/** PGlite's WebAssembly module with shared_buffers = SHARED_BUFFERS, compiled once per thread; undefined when not patchable. */
export declare const pgliteWasmModule: () => Promise<WebAssembly.Module | undefined>

/**
 * Opens PGlite in the folder `dataDir` (undefined = in memory) with these parsers and that module,
 * default_statistics_target = STATISTICS_TARGET.
 */
export declare const createPglite: (dataDir: string | undefined) => Promise<PGlite>

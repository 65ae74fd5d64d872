/**
 * Giving back the memory an ingestion leaves behind. An ingestion parses and writes hundreds of MiB
 * of rows; once it ends, that memory is garbage, but neither V8 nor the C allocator returns it to
 * the system on its own while the thread is idle, so a server that ingested at start kept it for
 * good (issue 26 bounds the RSS after the mixed bench at 768 MiB). {@link releaseMemory} runs at the
 * end of every ingestion (Refresh.ts `ingestTracked`) and once when `serve` starts with nothing to
 * ingest (runtimes/embedded Background.ts).
 * @module
 */
import { Effect } from "effect"
import { load } from "koffi"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"

/** V8's full collection (the `gc` function of `--expose-gc`), fetched on first use. */
let fullCollection: (() => void) | undefined

/**
 * A full garbage collection of this thread's V8 heap, which also gives the emptied heap pages back
 * to the system. Measured with bench/mixed.ts after a first ingestion on PostgreSQL: serve's
 * background thread kept 295 MiB reserved (257 used); after this, 82 (79 used).
 * The function is V8's own `gc` (its `--expose-gc` flag, set for the moment of creating a context
 * that holds it, then cleared, so nothing else sees it; Node's `v8.setFlagsFromString`,
 * `vm.runInNewContext`). It blocks this thread for the collection (tens of ms).
 */
export const collectGarbage: Effect.Effect<void> = Effect.sync(() => {
  if (fullCollection === undefined) {
    setFlagsFromString("--expose-gc")
    fullCollection = runInNewContext("gc") as () => void
    setFlagsFromString("--no-expose-gc")
  }
  fullCollection()
})

/** glibc's `malloc_trim`, bound on first use (koffi); null where there is none (not Linux, or not glibc). */
let mallocTrim: ((pad: number) => number) | null | undefined

/**
 * glibc's `malloc_trim(0)`: the free pages inside the C heap of every thread (its arenas) go back
 * to the system. Memory that V8 and Node take with malloc (buffers, messages between threads, the
 * ingestion's small allocations) stays mapped after it is freed, scattered between live blocks,
 * which only this call releases; it was about 128 MiB after a first ingestion on PGlite (measured
 * by calling it through gdb on an idle server: RSS 595 → 467 MiB). A no-op where the C library is
 * not glibc (macOS, musl). Bound with koffi, the FFI library with prebuilt binaries for every
 * platform, since Node has no binding of its own.
 */
export const trimMalloc: Effect.Effect<void> = Effect.sync(() => {
  if (mallocTrim === undefined) {
    try {
      mallocTrim = process.platform === "linux" ? load("libc.so.6").func("int malloc_trim(size_t)") : null
    } catch {
      mallocTrim = null
    }
  }
  mallocTrim?.(0)
})

/** {@link collectGarbage}, then {@link trimMalloc} (which returns what the collection freed of the C heap). */
export const releaseMemory: Effect.Effect<void> = Effect.zipRight(collectGarbage, trimMalloc)

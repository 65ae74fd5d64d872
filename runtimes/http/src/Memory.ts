/**
 * Memory per thread: what each JavaScript thread of the process holds (its V8 heap, the memory
 * outside the heap that its objects own, the WebAssembly memory of the PGlite store thread), so
 * that an operator can tell which thread the resident set size (RSS, process-wide) comes from.
 *
 * - {@link sampleThisThread}: the figures of the calling thread (main thread or a worker).
 * - {@link ThreadMemorySources}: the threads of the process that report their figures; the HTTP
 *   thread itself is always one (`http`); `serve` adds its background thread (`background`) and,
 *   on PGlite, its store thread (`pglite`). The metrics (Metrics.ts) read every source at each
 *   scrape: `thread_heap_used_bytes{thread}` and its siblings.
 * @module
 */
import { getHeapStatistics } from "node:v8"

/** What one thread holds, in bytes. */
export interface ThreadMemory {
  /** V8 heap in use (live objects and garbage not yet collected). */
  readonly heapUsed: number
  /** V8 heap reserved from the system (committed pages of all spaces). */
  readonly heapTotal: number
  /** Ceiling of the V8 heap (`heap_size_limit`; a worker's `resourceLimits` lower it). */
  readonly heapLimit: number
  /** Memory outside the heap owned by this thread's objects (Buffers, ArrayBuffers, native objects). */
  readonly external: number
  /** The part of `external` that is ArrayBuffers and Buffers. */
  readonly arrayBuffers: number
  /**
   * Size of the thread's WebAssembly memory (PGlite's Postgres: its shared buffers, caches and
   * work memory; it only grows while the instance lives); absent for a thread without one.
   */
  readonly wasm?: number | undefined
}

/** The memory figures of the calling thread (its own isolate; RSS is the process's and not here). */
export const sampleThisThread = (): ThreadMemory => {
  const usage = process.memoryUsage()
  return {
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    heapLimit: getHeapStatistics().heap_size_limit,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers
  }
}

/** One thread's figures, by its name. */
export interface NamedThreadMemory {
  readonly thread: string
  readonly memory: ThreadMemory
}

/** The threads of the process that report their memory. */
export interface ThreadMemorySources {
  /**
   * Adds the thread `thread` whose figures `sample` answers (a thread that does not answer
   * within {@link SAMPLE_TIMEOUT_MS} is left out of that reading). Answers the function that
   * removes it (call it when the thread ends).
   */
  readonly add: (thread: string, sample: () => Promise<ThreadMemory>) => () => void
  /** The figures of every thread (the HTTP thread first), read now. */
  readonly sampleAll: () => Promise<ReadonlyArray<NamedThreadMemory>>
}

/** How long (ms) a reading waits for a thread's answer. */
export const SAMPLE_TIMEOUT_MS = 2_000

/** A new set of sources holding the calling thread as `http`. */
export const makeThreadMemorySources = (): ThreadMemorySources => {
  const sources = new Map<string, () => Promise<ThreadMemory>>([["http", () => Promise.resolve(sampleThisThread())]])
  const within = (p: Promise<ThreadMemory>) =>
    new Promise<ThreadMemory | undefined>((done) => {
      const timer = setTimeout(() => done(undefined), SAMPLE_TIMEOUT_MS)
      p.then(
        (m) => {
          clearTimeout(timer)
          done(m)
        },
        () => {
          clearTimeout(timer)
          done(undefined)
        }
      )
    })
  return {
    add: (thread, sample) => {
      sources.set(thread, sample)
      return () => {
        if (sources.get(thread) === sample) sources.delete(thread)
      }
    },
    sampleAll: async () => {
      const read = await Promise.all(
        [...sources.entries()].map(async ([thread, sample]) => ({ thread, memory: await within(sample()) }))
      )
      return read.flatMap((r) => r.memory === undefined ? [] : [{ thread: r.thread, memory: r.memory }])
    }
  }
}

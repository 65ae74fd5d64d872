/**
 * The background jobs of `sports-data serve`, on a thread of their own (worker_threads) so that
 * they never share the HTTP event loop: the first ingestion of the stale sports, then the refresh
 * loop (ingestion of changed sports and the jobs after it: model training; wiring Refresh.ts,
 * Jobs.ts), the sync of the datasets on their cadence (wiring SourceSync.ts), the webhook
 * deliveries (wiring Webhooks.ts) and the live game pollers (wiring Live.ts).
 * A new background job goes in {@link backgroundLayer}.
 *
 * - Store: on PostgreSQL the thread opens its own pool on DATABASE_URL; on PGlite it works over a
 *   port of the store thread that the HTTP side opened (store-sql PgliteThread.ts), since one
 *   process owns a PGlite folder.
 * - Priority: on Linux the thread lowers its own scheduling priority (nice {@link BACKGROUND_NICE};
 *   Linux keeps nice values per thread), so that on a busy machine serving comes first and the
 *   ingestion takes the CPU left over.
 * - Pacing: nice does not reach the work the thread causes elsewhere at normal priority (the
 *   store's side of its statements: PostgreSQL backends, the PGlite store thread; V8's GC helper
 *   threads, shared by the process). So while the HTTP event loop is busy (its event loop
 *   utilization over the last {@link LOAD_SAMPLE_MS} ms above {@link BUSY_UTILIZATION}), the thread
 *   runs on a duty cycle: after each {@link RUN_MS} ms of running it blocks for {@link PAUSE_MS} ms
 *   (woken at once when serving goes quiet), so that a background job under a serving load moves at
 *   no less than a quarter of its pace, and at full pace otherwise.
 * - Messages to the HTTP side ({@link BackgroundMessage}): each change of a sport's progress
 *   (which the HTTP side keeps in its IngestProgress for the 503s and `/v1/data/status`) and the
 *   progress events of the files read (drawn as bars by the HTTP side, which owns the terminal).
 * - Stop: the HTTP side posts `{ op: "stop" }`; the jobs are interrupted (the refresh lease is
 *   released, a sport cut short stays stale, webhook attempts in flight finish) and the thread ends.
 * @module
 */
import { IngestProgress, type IngestProgressService, makeIngestProgress, type SportProgress } from "@sports-data/domain"
import type { ThreadMemory, ThreadMemorySources } from "@sports-data/http"
import { Progress } from "@sports-data/ingest"
import { layerPglitePort } from "@sports-data/store-sql"
import {
  DeliveryFromSettings,
  holdingLease,
  ingestTracked,
  LivePollingLive,
  newOwner,
  REFRESH_JOB,
  refreshLoop,
  releaseMemory,
  Settings,
  sourceSyncJob,
  type StaleSport,
  staleSports,
  storeChoice,
  storeLayer
} from "@sports-data/wiring"
import {
  Cause,
  Clock,
  Context,
  type Duration,
  Effect,
  Either,
  Exit,
  Fiber,
  Layer,
  Logger,
  LogLevel,
  Option,
  Schedule,
  Scope
} from "effect"
import { setPriority } from "node:os"
import { performance } from "node:perf_hooks"
import { getHeapStatistics } from "node:v8"
import { type MessagePort, Worker } from "node:worker_threads"
import { describeFailure, ingestTable, line, progressLayer, skippedLines } from "./Output.js"

/** The nice value of the background thread on Linux (19: the lowest priority). */
export const BACKGROUND_NICE = 19

/** The period (ms) at which the HTTP side samples its event loop utilization for the pacing. */
export const LOAD_SAMPLE_MS = 100

/** The event loop utilization (0 to 1) of the HTTP side above which the background thread paces itself. */
export const BUSY_UTILIZATION = 0.5

/** While serving is busy: how long (ms) the background thread runs between two pauses. */
export const RUN_MS = 25

/** How often (ms) the background thread checks, between its tasks, whether to pause. */
export const PACE_CHECK_MS = 5

/** While serving is busy: how long (ms) each pause of the background thread lasts. */
export const PAUSE_MS = 75

/**
 * The background thread's V8 old-space cap (MiB): V8's default on a machine with much memory,
 * given explicitly so that a cap of the HTTP thread (`npm start` runs node with
 * `--max-old-space-size=1024`, a flag every thread would inherit) does not bound an ingestion.
 */
export const BACKGROUND_HEAP_MB = 4096

/** What `serve` hands the background thread. */
export interface BackgroundData {
  /** The sports found stale before the server listened, ingested first. */
  readonly stale: ReadonlyArray<StaleSport>
  /** The HTTP side's IngestProgress records when the thread starts. */
  readonly progress: ReadonlyArray<SportProgress>
  /** The HTTP port (`--port` overrides PORT; the public URL of e-mailed links defaults to it). */
  readonly port: number
  /** A port of the PGlite store thread; undefined on PostgreSQL. */
  readonly store: MessagePort | undefined
  /**
   * Shared with the HTTP side (one Int32 over a SharedArrayBuffer): 1 while serving is busy, 0
   * otherwise (set by {@link startBackground}); undefined: never paced.
   */
  readonly busy?: Int32Array | undefined
}

/** What the background thread posts to the HTTP side. */
export type BackgroundMessage =
  | { readonly type: "progress"; readonly progress: SportProgress }
  | { readonly type: "memory"; readonly id: number; readonly memory: ThreadMemory }
  | { readonly type: "files"; readonly op: "open" | "close" }
  | {
    readonly type: "file"
    readonly op: "started" | "progress" | "finished"
    readonly file: string
    readonly a: number
    readonly b: number
  }

type Post = (message: BackgroundMessage) => void

/** An IngestProgress whose every change is also posted to the HTTP side. */
const forwardingProgress = (inner: IngestProgressService, post: Post): IngestProgressService => {
  const forward = (sport: SportProgress["sport"]) =>
    Effect.flatMap(
      inner.get(sport),
      Option.match({
        onNone: () => Effect.void,
        onSome: (progress) => Effect.sync(() => post({ type: "progress", progress }))
      })
    )
  return {
    ...inner,
    set: (progress) => Effect.zipRight(inner.set(progress), forward(progress.sport)),
    update: (sport, f) => Effect.zipRight(inner.update(sport, f), forward(sport))
  }
}

/** A reporter of one sport's files that posts its events to the HTTP side (which draws the bars). */
const forwardingReporter = (post: Post): Layer.Layer<Progress.ProgressReporter> =>
  Layer.scoped(
    Progress.ProgressReporter,
    Effect.as(
      Effect.acquireRelease(
        Effect.sync(() => post({ type: "files", op: "open" })),
        () => Effect.sync(() => post({ type: "files", op: "close" }))
      ),
      {
        fileStarted: (file, totalBytes) =>
          Effect.sync(() => post({ type: "file", op: "started", file, a: totalBytes, b: 0 })),
        fileProgress: (file, bytesRead, rows) =>
          Effect.sync(() => post({ type: "file", op: "progress", file, a: bytesRead, b: rows })),
        fileFinished: (file, rows) => Effect.sync(() => post({ type: "file", op: "finished", file, a: rows, b: 0 }))
      }
    )
  )

const seconds = (millis: number) => `${(millis / 1000).toFixed(1)} s`

/**
 * Ingests the stale sports one by one: a progress bar per file, a line when each sport is in (from
 * then on it is served), then the closing table and the skipped rows, and a last line with the
 * time the whole ingestion took.
 */
const ingestStale = (
  dataDir: string,
  stale: ReadonlyArray<StaleSport>,
  interval: Duration.DurationInput,
  post: Post
) =>
  Effect.gen(function*() {
    const started = yield* Clock.currentTimeMillis
    const outcomes = yield* ingestTracked({
      sports: stale.map((s) => s.sport),
      dataDir,
      retryAfterFailed: interval,
      reporter: () => forwardingReporter(post),
      onSport: (sport, outcome, millis) =>
        Either.match(outcome, {
          onRight: () => line(`data: ${sport} ingested in ${seconds(millis)}, now served`),
          onLeft: (error) =>
            line(`data: ${sport} failed after ${seconds(millis)}: ${describeFailure(error)} (tried again later)`)
        })
    })
    const results = outcomes.flatMap((o) => Either.isRight(o) ? [o.right] : [])
    yield* line(ingestTable(results))
    for (const s of skippedLines(results, dataDir, 5)) yield* line(s)
    const failed = stale.filter((_, i) => Either.isLeft(outcomes[i]!)).map((s) => s.sport)
    const took = seconds((yield* Clock.currentTimeMillis) - started)
    yield* line(
      failed.length === 0
        ? `data: all sports ingested in ${took}`
        : `data: ${results.length} of ${stale.length} sports ingested in ${took}; failed: ${failed.join(", ")}`
    )
  })

/**
 * Marks the sports of `stale` that are no longer stale (ingested meanwhile by another instance on
 * the same PostgreSQL) ready and served, printing a line for each; answers the sports still stale.
 */
const servedMeanwhile = (dataDir: string, stale: ReadonlyArray<StaleSport>) =>
  Effect.gen(function*() {
    const now = (yield* staleSports(dataDir)).stale.map((s) => s.sport)
    const progress = yield* IngestProgress
    for (const { sport } of stale) {
      if (now.includes(sport)) continue
      const tracked = yield* progress.get(sport)
      if (Option.isNone(tracked) || tracked.value.state === "ready") continue
      const finished = new Date(yield* Clock.currentTimeMillis)
      yield* progress.update(sport, (p) => ({ ...p, state: "ready", serving: true, finished_at: finished }))
      yield* line(`data: ${sport} was ingested by another instance, now served`)
    }
    return now
  })

/**
 * The first ingestion, then the refresh loop (never both at once: they would ingest one sport
 * twice), each holding the refresh lease (a worker or another instance on the same PostgreSQL
 * may hold it: then wait for it, serving each sport it puts in meanwhile at once, and ingest
 * only what it left stale).
 */
const refreshing = (settings: Settings.Settings, stale: ReadonlyArray<StaleSport>, post: Post) => {
  const { dataDir, refreshInterval: interval } = settings
  const lease = { job: REFRESH_JOB, owner: newOwner(), lease: settings.workerLease }
  const firstIngestion = Effect.zipRight(
    servedMeanwhile(dataDir, stale),
    holdingLease(
      lease,
      Effect.gen(function*() {
        const now = yield* servedMeanwhile(dataDir, stale)
        const still = stale.filter((s) => now.includes(s.sport))
        if (still.length > 0) yield* ingestStale(dataDir, still, interval, post)
      })
    )
  ).pipe(Effect.repeat({ until: Option.isSome, schedule: Schedule.spaced("1 second") }))
  return Effect.zipRight(
    // nothing to ingest: give back at once the memory the start left freed (Memory.ts; an
    // ingestion gives it back when it ends). bench/mixed on a PGlite store opened already
    // ingested: RSS once every sport is served 654 -> 550 MiB, after the mix 729 -> 617
    stale.length === 0 ? releaseMemory : firstIngestion.pipe(
      // a defect (not a failed sport, which is reported per sport) must not end the refresh loop unseen
      Effect.catchAllCause((cause) =>
        Cause.isInterruptedOnly(cause)
          ? Effect.failCause(cause)
          : Effect.logError("background ingestion stopped", cause)
      )
    ),
    refreshLoop({ dataDir, interval, lease: lease.lease, owner: lease.owner })
  )
}

/**
 * Every background job of `serve` with `settings` over the store of `data`: the refresh
 * (first ingestion, then the loop), the webhook deliveries and the live game pollers. Runs until
 * interrupted; fails with StoreUnavailable when the store cannot be opened.
 */
export const backgroundLayer = (settings: Settings.Settings, data: BackgroundData, post: Post) =>
  Layer.mergeAll(
    Layer.scopedDiscard(
      Effect.gen(function*() {
        const progress = forwardingProgress(yield* makeIngestProgress, post)
        for (const p of data.progress) yield* progress.set(p)
        yield* Effect.forkScoped(
          refreshing(settings, data.stale, post).pipe(Effect.provideService(IngestProgress, progress))
        )
        yield* Effect.forkScoped(sourceSyncJob(settings).pipe(Effect.provideService(IngestProgress, progress)))
      })
    ),
    DeliveryFromSettings(settings),
    LivePollingLive(settings.live, settings.workerLease)
  ).pipe(
    Layer.provide(data.store === undefined ? storeLayer(storeChoice(settings)) : layerPglitePort(data.store)),
    Layer.provide(Logger.minimumLogLevel(LogLevel.Info))
  )

/**
 * The background thread's duty cycle: checks `busy` every {@link PACE_CHECK_MS} ms between the thread's tasks and,
 * while it is 1, blocks the thread for {@link PAUSE_MS} ms after each {@link RUN_MS} ms of running
 * (Atomics.wait, ended early by the HTTP side's notify when serving goes quiet). A task that runs
 * longer than RUN_MS without yielding is paused only after it.
 */
const pace = (busy: Int32Array) => {
  let ranSince = performance.now()
  const timer = setInterval(() => {
    if (Atomics.load(busy, 0) !== 1) {
      ranSince = performance.now()
      return
    }
    if (performance.now() - ranSince < RUN_MS) return
    Atomics.wait(busy, 0, 1, PAUSE_MS)
    ranSince = performance.now()
  }, PACE_CHECK_MS)
  timer.unref()
}

/**
 * Sets `busy[0]` to 1 while this thread's event loop utilization over the last
 * {@link LOAD_SAMPLE_MS} ms is above {@link BUSY_UTILIZATION}, to 0 (and wakes the paused
 * background thread) otherwise. Answers the function that stops the sampling.
 */
const sampleLoad = (busy: Int32Array) => {
  let last = performance.eventLoopUtilization()
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization()
    const loaded = performance.eventLoopUtilization(now, last).utilization > BUSY_UTILIZATION
    last = now
    if (Atomics.exchange(busy, 0, loaded ? 1 : 0) === 1 && !loaded) Atomics.notify(busy, 0)
  }, LOAD_SAMPLE_MS)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * This thread's memory figures (those of @sports-data/http Memory.ts `sampleThisThread`, written
 * here so that the background thread does not load the HTTP runtime).
 */
const memory = (): ThreadMemory => {
  const usage = process.memoryUsage()
  return {
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    heapLimit: getHeapStatistics().heap_size_limit,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers
  }
}

/**
 * The thread's side (background-thread.mjs): lowers the thread's priority (Linux), runs
 * {@link backgroundLayer} with the settings of the environment, and ends the thread when the HTTP
 * side posts `{ op: "stop" }` (or the jobs end).
 */
export const runInThread = (data: BackgroundData, parent: MessagePort): void => {
  if (process.platform === "linux") {
    try {
      setPriority(BACKGROUND_NICE)
    } catch {
      // not permitted here: run at the normal priority
    }
  }
  if (data.busy !== undefined) pace(data.busy)
  const post: Post = (message) => parent.postMessage(message)
  const program = Effect.flatMap(
    Settings.settings,
    (settings) => Layer.launch(backgroundLayer({ ...settings, port: data.port }, data, post))
  ).pipe(
    Effect.catchAllCause((cause) =>
      Cause.isInterruptedOnly(cause) ? Effect.void : Effect.logError("background jobs stopped", cause)
    )
  )
  const fiber = Effect.runFork(program)
  parent.on("message", (message: { readonly op?: string; readonly id?: number }) => {
    if (message.op === "stop") Effect.runFork(Fiber.interrupt(fiber))
    if (message.op === "memory" && message.id !== undefined) post({ type: "memory", id: message.id, memory: memory() })
  })
  fiber.addObserver(() => process.exit(0))
}

/**
 * Starts the background thread (background-thread.mjs) with `data` for the scope: applies its
 * progress records to `progress` and draws its files' progress bars on this terminal (Output.ts
 * `progressLayer`, over `dataDir`); when the scope closes, asks it to stop and waits for it (at
 * most 60 s, then it is terminated). A thread that dies is logged; serving goes on. Its memory
 * is reported among `threads` as `background` while it runs.
 */
export const startBackground = (
  data: BackgroundData,
  progress: IngestProgressService,
  dataDir: string,
  threads?: ThreadMemorySources
) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const busy = new Int32Array(new SharedArrayBuffer(4))
      const stopSampling = sampleLoad(busy)
      const worker = new Worker(new URL("./background-thread.mjs", import.meta.url), {
        workerData: { ...data, busy },
        transferList: data.store === undefined ? [] : [data.store],
        resourceLimits: { maxOldGenerationSizeMb: BACKGROUND_HEAP_MB }
      })
      let bars:
        | { readonly scope: Scope.CloseableScope; readonly reporter: Progress.ProgressReporterService }
        | undefined
      const closeBars = () => {
        if (bars !== undefined) Effect.runSync(Scope.close(bars.scope, Exit.void))
        bars = undefined
      }
      // memory readings asked of the thread: id → the reading's answer
      const readings = new Map<number, (memory: ThreadMemory) => void>()
      let nextReading = 1
      const removeSource = threads?.add("background", () =>
        new Promise<ThreadMemory>((done) => {
          const id = nextReading++
          // a reading the thread never answers is given up by the sources after their timeout
          const timer = setTimeout(() => readings.delete(id), 10_000)
          readings.set(id, (memory) => {
            clearTimeout(timer)
            done(memory)
          })
          worker.postMessage({ op: "memory", id })
        }))
      worker.on("message", (message: BackgroundMessage) => {
        switch (message.type) {
          case "memory": {
            const answered = readings.get(message.id)
            readings.delete(message.id)
            return answered?.(message.memory)
          }
          case "progress":
            return Effect.runSync(progress.set(message.progress))
          case "files": {
            closeBars()
            if (message.op === "close") return
            const scope = Effect.runSync(Scope.make())
            const context = Effect.runSync(Layer.buildWithScope(progressLayer({ baseDir: dataDir }), scope))
            bars = { scope, reporter: Context.get(context, Progress.ProgressReporter) }
            return
          }
          case "file": {
            if (bars === undefined) return
            const r = bars.reporter
            return Effect.runSync(
              message.op === "started"
                ? r.fileStarted(message.file, message.a)
                : message.op === "progress"
                ? r.fileProgress(message.file, message.a, message.b)
                : r.fileFinished(message.file, message.a)
            )
          }
        }
      })
      worker.on("error", (error) => Effect.runFork(Effect.logError("background jobs stopped", error)))
      const exited = new Promise<void>((done) =>
        worker.once("exit", () => {
          removeSource?.()
          stopSampling()
          closeBars()
          done()
        })
      )
      return { worker, exited }
    }),
    ({ exited, worker }) =>
      Effect.promise(async () => {
        worker.postMessage({ op: "stop" })
        const timer = setTimeout(() => void worker.terminate(), 60_000)
        await exited
        clearTimeout(timer)
      })
  )

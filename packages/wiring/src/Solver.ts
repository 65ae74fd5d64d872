/**
 * The MipSolver port (domain ports/Dfs.ts) on HiGHS (https://highs.dev), the `highs` npm package:
 * HiGHS compiled to WebAssembly. Each solve reads the CPLEX LP text with relative gap 0 (proven
 * optimal) and its console output off.
 *
 * `HighsSolverLive` solves off the main thread: one node:worker_threads worker, started by the
 * first solve (and ended when idle for SOLVER_IDLE_MS, or with the layer's scope), loads the
 * WebAssembly module once and solves the LP texts posted to it one at a time, so a long solve
 * (seconds for many nfl lineups; see bench/optimizer.ts) never blocks the event loop that serves
 * the other requests. The worker is referenced only while a solve is pending, so an idle solver
 * does not keep a process alive.
 * `makeHighsSolver` solves in the calling thread over an already loaded module.
 * @module
 */
import { type MipSolution, MipSolver, SolverFailure } from "@sports-data/domain"
import { Effect, Layer } from "effect"
import highsLoader from "highs"
import { createRequire } from "node:module"
import { Worker } from "node:worker_threads"

type Highs = Awaited<ReturnType<typeof highsLoader>>
type Options = NonNullable<Parameters<Highs["solve"]>[1]>

/** HiGHS options of every solve: exact optimum, no console output. */
const OPTIONS = { mip_rel_gap: 0, output_flag: false } as unknown as Options

/** The port's status of a HiGHS model status ("Optimal" → optimal, "Infeasible" → infeasible, else HiGHS's words). */
const statusOf = (status: string): string =>
  status === "Optimal" ? "optimal" : status === "Infeasible" ? "infeasible" : status

/** The MipSolver over a loaded HiGHS module, solving in the calling thread (it blocks while it runs). */
export const makeHighsSolver = (highs: Highs): MipSolver["Type"] => ({
  solve: (lp) =>
    Effect.try({
      try: () => {
        const result = highs.solve(lp, OPTIONS)
        const status = statusOf(result.Status)
        const values = new Map<string, number>()
        if (status === "optimal") {
          for (const [name, col] of Object.entries(result.Columns)) values.set(name, col.Primal)
        }
        return { status, values }
      },
      catch: (e) => new SolverFailure({ detail: e instanceof Error ? e.message : String(e) })
    }).pipe(Effect.withSpan("MipSolver.solve"))
})

/**
 * The worker's program (CommonJS, run with `eval`): loads HiGHS from `workerData.highs` once,
 * answers each `{id, lp, options}` with `{id, status, columns}` (column name → primal value, when
 * optimal) or `{id, error}`; after an error it loads a fresh module (a failed WebAssembly
 * instance may be left in a bad state).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads")
const load = require(workerData.highs)
let ready = load()
parentPort.on("message", async ({ id, lp, options }) => {
  try {
    const highs = await ready
    const result = highs.solve(lp, options)
    const columns = {}
    if (result.Status === "Optimal") {
      for (const [name, col] of Object.entries(result.Columns)) columns[name] = col.Primal
    }
    parentPort.postMessage({ id, status: result.Status, columns })
  } catch (e) {
    ready = load()
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) })
  }
})
`

/** A worker's answer to one solve. */
type Answer =
  | { readonly id: number; readonly status: string; readonly columns: Record<string, number> }
  | { readonly id: number; readonly error: string }

/**
 * How long (ms) the solver's worker stays after its last solve: then it ends and its memory (an
 * isolate and the HiGHS WebAssembly instance, about 30 MiB) goes back to the system; the next
 * solve starts another (loading HiGHS again, tens of milliseconds).
 */
export const SOLVER_IDLE_MS = 30_000

/** A started worker and its solves awaiting an answer. */
interface Running {
  readonly worker: Worker
  readonly pending: Map<number, (answer: Answer) => void>
}

/**
 * The MipSolver on HiGHS in a worker thread (see the module doc). The worker is started by the
 * first solve and ends {@link SOLVER_IDLE_MS} after the last answer (or when the layer's scope
 * closes); a worker that fails or exits fails its pending solves and the next solve starts a new one.
 */
export const HighsSolverLive: Layer.Layer<MipSolver> = Layer.scoped(
  MipSolver,
  Effect.gen(function*() {
    const highs = createRequire(import.meta.url).resolve("highs")
    let running: Running | undefined
    let idleTimer: ReturnType<typeof setTimeout> | undefined
    let next = 0
    /** After the last pending solve of `r`: unreferenced, and ended once idle for SOLVER_IDLE_MS. */
    const idle = (r: Running) => {
      r.worker.unref()
      clearTimeout(idleTimer)
      idleTimer = setTimeout(() => {
        if (running !== r || r.pending.size > 0) return
        running = undefined
        void r.worker.terminate()
      }, SOLVER_IDLE_MS)
      idleTimer.unref()
    }
    const start = (): Running => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { highs } })
      const r: Running = { worker, pending: new Map() }
      const settle = (answer: Answer) => {
        const resume = r.pending.get(answer.id)
        r.pending.delete(answer.id)
        if (r.pending.size === 0) idle(r)
        resume?.(answer)
      }
      const failAll = (detail: string) => {
        if (running === r) running = undefined
        for (const id of [...r.pending.keys()]) settle({ id, error: detail })
      }
      worker.on("message", settle)
      worker.on("error", (e) => failAll(`solver worker failed: ${e.message}`))
      worker.on("exit", (code) => failAll(`solver worker exited (code ${code})`))
      running = r
      return r
    }
    yield* Effect.addFinalizer(() =>
      Effect.promise(async () => {
        clearTimeout(idleTimer)
        const r = running
        running = undefined
        if (r !== undefined) await r.worker.terminate()
      })
    )
    return {
      solve: (lp) =>
        Effect.async<MipSolution, SolverFailure>((resume) => {
          clearTimeout(idleTimer)
          const r = running ?? start()
          const id = next++
          r.pending.set(id, (answer) => {
            if ("error" in answer) {
              resume(Effect.fail(new SolverFailure({ detail: answer.error })))
              return
            }
            const status = statusOf(answer.status)
            resume(Effect.succeed({
              status,
              values: new Map(status === "optimal" ? Object.entries(answer.columns) : [])
            }))
          })
          r.worker.ref()
          r.worker.postMessage({ id, lp, options: OPTIONS })
          return Effect.sync(() => {
            r.pending.delete(id)
            if (r.pending.size === 0) idle(r)
          })
        }).pipe(Effect.withSpan("MipSolver.solve"))
    }
  })
)

/**
 * The MipSolver on HiGHS in the calling thread (each solve blocks the event loop while it runs):
 * the baseline of bench/optimizer.ts. The WebAssembly module loads when the layer is built.
 */
export const HighsSolverInThread: Layer.Layer<MipSolver> = Layer.effect(
  MipSolver,
  Effect.map(Effect.promise(() => highsLoader()), makeHighsSolver)
)

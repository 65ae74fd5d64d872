/**
 * The MipSolver port (domain ports/Dfs.ts) on HiGHS (https://highs.dev), the `highs` npm package:
 * HiGHS compiled to WebAssembly, loaded once per layer. Each solve is a fresh HiGHS instance
 * reading the CPLEX LP text, with relative gap 0 (proven optimal) and its console output off.
 * A solve is synchronous: it blocks the event loop while it runs (milliseconds to a few hundred
 * for a DraftKings slate; see bench/optimizer.ts).
 * @module
 */
import { MipSolver, SolverFailure } from "@sports-data/domain"
import { Effect, Layer } from "effect"
import highsLoader from "highs"

type Highs = Awaited<ReturnType<typeof highsLoader>>
type Options = NonNullable<Parameters<Highs["solve"]>[1]>

/** HiGHS options of every solve: exact optimum, no console output. */
const OPTIONS = { mip_rel_gap: 0, output_flag: false } as unknown as Options

/** The MipSolver over a loaded HiGHS module. */
export const makeHighsSolver = (highs: Highs): MipSolver["Type"] => ({
  solve: (lp) =>
    Effect.try({
      try: () => {
        const result = highs.solve(lp, OPTIONS)
        const status = result.Status === "Optimal"
          ? "optimal"
          : result.Status === "Infeasible"
          ? "infeasible"
          : result.Status
        const values = new Map<string, number>()
        if (status === "optimal") {
          for (const [name, col] of Object.entries(result.Columns)) values.set(name, col.Primal)
        }
        return { status, values }
      },
      catch: (e) => new SolverFailure({ detail: e instanceof Error ? e.message : String(e) })
    }).pipe(Effect.withSpan("MipSolver.solve"))
})

/** The MipSolver on HiGHS; the WebAssembly module loads when the layer is built (dies if it cannot). */
export const HighsSolverLive: Layer.Layer<MipSolver> = Layer.effect(
  MipSolver,
  Effect.map(Effect.promise(() => highsLoader()), makeHighsSolver)
)

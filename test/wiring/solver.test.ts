/**
 * The HiGHS adapter of the MipSolver port: a small 0-1 program solved to its optimum (worked out
 * by hand), an infeasible one reported as a status, and the solve running off the main thread (the event loop turns while it runs).
 */
import { describe, expect, it } from "@effect/vitest"
import { MipSolver } from "@sports-data/domain"
import { HighsSolverInThread, HighsSolverLive } from "@sports-data/wiring"
import { Effect, type Layer } from "effect"

// at most 2 of a (value 5, weight 4), b (4, 3), c (3, 2) within weight 6: a + b weighs 7 (too
// heavy); a + c weighs 6 and is worth 8, b + c is worth 7: the optimum is a + c
const KNAPSACK = `Maximize
 obj: 5 a + 4 b + 3 c
Subject To
 weight: 4 a + 3 b + 2 c <= 6
 count: a + b + c <= 2
Binary
 a b c
End
`

const INFEASIBLE = `Maximize
 obj: a + b
Subject To
 both: a + b >= 3
Binary
 a b
End
`

describe("HiGHS solver (worker thread)", () => {
  it.scoped("solves a 0-1 program to its optimum; an infeasible one is a status", () =>
    Effect.gen(function*() {
      const solver = yield* MipSolver
      const best = yield* solver.solve(KNAPSACK)
      expect(best.status).toBe("optimal")
      expect([best.values.get("a"), best.values.get("b"), best.values.get("c")]).toEqual([1, 0, 1])
      expect((yield* solver.solve(INFEASIBLE)).status).toBe("infeasible")
    }).pipe(Effect.provide(HighsSolverLive)))

  /**
   * The order of a solve's answer and a callback queued just before it, with `solver`: a
   * microtask queued before the solve runs as soon as the calling fiber waits. A solve in the
   * calling thread answers before the fiber waits at all; a solve in the worker can only answer
   * through a message, which the event loop delivers after the microtasks. No timing is involved:
   * the order follows from where each callback is queued.
   */
  const orderWith = (layer: Layer.Layer<MipSolver>) =>
    Effect.gen(function*() {
      const solver = yield* MipSolver
      yield* solver.solve(KNAPSACK) // HiGHS is loaded
      const order: Array<string> = []
      queueMicrotask(() => order.push("queued before"))
      yield* solver.solve(KNAPSACK)
      order.push("solved")
      yield* Effect.promise(() => new Promise<void>((done) => queueMicrotask(done)))
      return order
    }).pipe(Effect.provide(layer))

  it.scoped("a solve does not block the event loop: a callback queued before it runs before it returns", () =>
    Effect.gen(function*() {
      expect(yield* orderWith(HighsSolverLive)).toEqual(["queued before", "solved"])
      // the same check tells a solve in the calling thread apart
      expect(yield* orderWith(HighsSolverInThread)).toEqual(["solved", "queued before"])
    }))
})

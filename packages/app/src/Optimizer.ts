/**
 * The lineup optimizer: the best lineups of a DFS slate under a contest type's roster rules,
 * each an optimal solution of the 0-1 program of domain Dfs.ts `lineupModel` solved by the
 * MipSolver port (HiGHS in the runtimes). Not a heuristic.
 *
 * Several lineups: the n-th lineup is the optimum of the program with one more constraint per
 * earlier lineup (differ from it by one player at least), so lineups come best first. Exposure:
 * a player already in floor(max_exposure × lineups) lineups (at least 1) is left out of the later
 * ones; locked players are exempt (they are in every lineup). The "2 games or more" rule is added
 * lazily: when an optimum puts the whole lineup in one game, that game's limit joins the program
 * and it is solved again (an optimum that breaks no rule is optimal for the full program).
 * Players no optimal lineup needs are dropped first (Dfs.prunePool: exact dominance pruning).
 * @module
 */
import { Dfs, MipSolver, type SolverFailure } from "@sports-data/domain"
import { Effect } from "effect"

/** Why the program of `req` has no solution, in the caller's terms. */
const infeasibleReason = (req: Dfs.OptimizeRequest): string =>
  "no lineup satisfies the roster slots (" +
  req.rules.slots.map((s) => `${s.count} ${s.slot}`).join(", ") +
  `), the salary cap ${Dfs.dollars(req.rules.salary_cap)}` +
  (req.minSalary === undefined ? "" : `, min_salary ${Dfs.dollars(req.minSalary)}`) +
  (req.rules.min_games > 1 ? `, players from at least ${req.rules.min_games} games` : "") +
  (req.locks.length === 0 ? "" : " and the locks")

/** One program of the next lineup (Dfs.lineupModel) solved. */
const solveOnce = (
  req: Dfs.OptimizeRequest,
  earlier: ReadonlyArray<ReadonlyArray<number>>,
  banned: ReadonlySet<number>,
  crowded: ReadonlyArray<string>
) =>
  Effect.gen(function*() {
    const { text, vars } = Dfs.lineupModel(req, earlier, banned, crowded)
    return { result: yield* (yield* MipSolver).solve(text), vars }
  })

/**
 * Solves up to `req.lineups` lineups (see the module doc). Infeasible (with the reason) when the
 * first lineup does not exist; later lineups stop, with `stopped` saying why, when the rules, the
 * distinctness and the exposure cap leave none. Fails with SolverFailure when the solver breaks.
 */
export const optimize = (asked: Dfs.OptimizeRequest): Effect.Effect<Dfs.OptimizeOutcome, SolverFailure, MipSolver> =>
  Effect.gen(function*() {
    const problem = Dfs.countProblem(asked)
    if (problem !== undefined) return { _tag: "Infeasible", reason: problem } as const
    const req = { ...asked, pool: Dfs.prunePool(asked) }
    const size = Dfs.rosterSize(req.rules)
    const cap = Math.max(1, Math.floor(req.maxExposure * req.lineups))
    const locked = new Set(req.locks)
    const used = new Map<number, number>()
    const lineups: Array<Dfs.SolvedLineup> = []
    const earlier: Array<ReadonlyArray<number>> = []
    for (let n = 0; n < req.lineups; n++) {
      const banned = new Set(
        [...used].filter(([p, count]) => count >= cap && !locked.has(req.pool[p]!.key)).map(([p]) => p)
      )
      const crowded: Array<string> = []
      let solved = yield* solveOnce(req, earlier, banned, crowded)
      for (;;) {
        const { result, vars } = solved
        if (result.status !== "optimal") break
        const game = Dfs.crowdedGame(
          req.rules,
          vars.filter((v) => (result.values.get(v.name) ?? 0) > 0.5).map((v) => req.pool[v.p]!)
        )
        if (game === undefined) break
        crowded.push(game)
        solved = yield* solveOnce(req, earlier, banned, crowded)
      }
      const { result, vars } = solved
      if (result.status !== "optimal") {
        const why = result.status === "infeasible"
          ? infeasibleReason(req)
          : `the solver stopped with status ${result.status}`
        if (n === 0) return { _tag: "Infeasible", reason: why } as const
        return {
          _tag: "Solved",
          lineups,
          stopped: `${lineups.length} of ${req.lineups} lineups: ${why}` +
            (result.status === "infeasible" ? ", differing from every earlier lineup within max_exposure" : "")
        } as const
      }
      const chosen = vars.filter((v) => (result.values.get(v.name) ?? 0) > 0.5)
      chosen.sort((a, b) => a.s - b.s || req.pool[b.p]!.salary - req.pool[a.p]!.salary)
      const players = chosen.map((v) => v.p)
      if (players.length !== size) {
        return {
          _tag: "Solved",
          lineups,
          stopped: `the solver returned a lineup of ${players.length} players`
        } as const
      }
      for (const p of players) used.set(p, (used.get(p) ?? 0) + 1)
      earlier.push(players)
      lineups.push({
        slots: chosen.map((v) => ({ slot: req.rules.slots[v.s]!.slot, key: req.pool[v.p]!.key })),
        salary: players.reduce((t, p) => t + req.pool[p]!.salary, 0),
        points: Math.round(players.reduce((t, p) => t + req.pool[p]!.projection, 0) * 100) / 100
      })
    }
    return { _tag: "Solved", lineups, stopped: null } as const
  }).pipe(Effect.withSpan("Optimizer.optimize"))

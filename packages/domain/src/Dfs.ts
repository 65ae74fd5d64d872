/**
 * Daily fantasy (DFS): slates and salaries as the platforms publish them, and each contest type's
 * roster rules as data (what the lineup optimizer must satisfy).
 *
 * A slate is one contest's player pool on one platform (DraftKings) for one set of games or one
 * golf tournament round; salaries are in whole US dollars of the platform's virtual cap.
 * @module
 */
import { Schema } from "effect"
import { dfsSports as registered } from "./sports/Registry.js"

/** Sports that have DFS slates held by the service (the sport modules' `dfs`: nfl, golf). */
export const DfsSport = Schema.Literal(...registered)
export type DfsSport = typeof DfsSport.Type

/** Every {@link DfsSport}. */
export const dfsSports: ReadonlyArray<DfsSport> = DfsSport.literals

/** Platforms with slates held by the service. */
export const DfsPlatform = Schema.Literal("draftkings")
export type DfsPlatform = typeof DfsPlatform.Type

/**
 * A DFS slate.
 * - `id`: `<platform>-<sport>-<start_date>-<slug>` (stable across runs).
 * - `game_type`: the platform's contest type, snake case (`classic`, `showdown_captain_mode`).
 * - `start_date`: `YYYY-MM-DD` of the first game or round (the platform's local date, US Eastern);
 *   `start_time`: that first kickoff as a UTC instant, null when the source gives no time zone.
 * - `season`, `week`: the league season and week (week null where the sport has none).
 * - `salary_cap`: US dollars, null when the service does not know the contest type's cap.
 * - `player_count`: salary rows of the slate; `linked_count`: those linked to a canonical id.
 */
export const DfsSlate = Schema.Struct({
  id: Schema.String,
  sport: DfsSport,
  platform: DfsPlatform,
  name: Schema.String,
  game_type: Schema.String,
  start_date: Schema.String,
  start_time: Schema.NullOr(Schema.DateFromSelf),
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  salary_cap: Schema.NullOr(Schema.Int),
  player_count: Schema.Int,
  linked_count: Schema.Int,
  source: Schema.String
})
export type DfsSlate = typeof DfsSlate.Type

/**
 * One player's salary on a slate.
 * - `platform_player_id`: the platform's id of the player on this slate (DraftKings draftable id
 *   for golf, DraftKings `ID` for nfl), unique within the slate.
 * - `player_id`: the canonical id (`svc_nfl_...` player, `svc_golf_...` golfer), null when the
 *   row could not be linked (for example a team defense, or a name the service does not hold).
 * - `position`: the platform's position (QB, RB, WR, TE, DST; G for a golfer);
 *   `roster_positions`: the lineup slots the player may fill (e.g. `["WR", "FLEX"]`).
 * - `salary`: US dollars. `team`: team abbreviation (nfl), null for golf. `game`: the matchup as
 *   the platform writes it (`CIN@CLE`), null for golf.
 * - `avg_points_per_game`: the platform's own season average of its fantasy points, as published
 *   with the slate (null when not given).
 */
export const DfsSalary = Schema.Struct({
  slate_id: Schema.String,
  platform_player_id: Schema.String,
  player_id: Schema.NullOr(Schema.String),
  name: Schema.String,
  position: Schema.String,
  roster_positions: Schema.Array(Schema.String),
  salary: Schema.Int,
  team: Schema.NullOr(Schema.String),
  game: Schema.NullOr(Schema.String),
  avg_points_per_game: Schema.NullOr(Schema.Number)
})
export type DfsSalary = typeof DfsSalary.Type

/** One lineup slot: its name, the positions that may fill it, and how many of it a lineup has. */
export interface RosterSlot {
  readonly slot: string
  readonly eligible: ReadonlyArray<string>
  readonly count: number
}

/**
 * The roster rules of one contest type: the slots, the salary cap (US dollars) and the fewest
 * distinct games the lineup's players must come from (1 when the contest has no such rule).
 */
export interface RosterRules {
  readonly platform: DfsPlatform
  readonly sport: DfsSport
  readonly game_type: string
  readonly salary_cap: number
  readonly slots: ReadonlyArray<RosterSlot>
  readonly min_games: number
}

/**
 * DraftKings NFL Classic (DraftKings rules and scoring, "NFL Classic"): QB, 2 RB, 3 WR, TE, one
 * FLEX (RB, WR or TE) and DST, $50,000 salary cap, players from at least 2 different NFL games.
 */
export const draftKingsNflClassic: RosterRules = {
  platform: "draftkings",
  sport: "nfl",
  game_type: "classic",
  salary_cap: 50_000,
  slots: [
    { slot: "QB", eligible: ["QB"], count: 1 },
    { slot: "RB", eligible: ["RB"], count: 2 },
    { slot: "WR", eligible: ["WR"], count: 3 },
    { slot: "TE", eligible: ["TE"], count: 1 },
    { slot: "FLEX", eligible: ["RB", "WR", "TE"], count: 1 },
    { slot: "DST", eligible: ["DST"], count: 1 }
  ],
  min_games: 2
}

/** DraftKings PGA TOUR Classic (DraftKings rules, "Golf Classic"): 6 golfers, $50,000 salary cap. */
export const draftKingsGolfClassic: RosterRules = {
  platform: "draftkings",
  sport: "golf",
  game_type: "classic",
  salary_cap: 50_000,
  slots: [{ slot: "G", eligible: ["G"], count: 6 }],
  min_games: 1
}

/** Every contest type the optimizer knows, by platform, sport and game type. */
export const rosterRules: ReadonlyArray<RosterRules> = [draftKingsNflClassic, draftKingsGolfClassic]

/** The roster rules of a slate's contest type, or undefined when the optimizer does not know it. */
export const rulesOf = (
  slate: Pick<DfsSlate, "platform" | "sport" | "game_type">
): RosterRules | undefined =>
  rosterRules.find((r) => r.platform === slate.platform && r.sport === slate.sport && r.game_type === slate.game_type)

/** Players in a lineup of `rules` (the sum of its slot counts). */
export const rosterSize = (rules: RosterRules): number => rules.slots.reduce((n, s) => n + s.count, 0)

// ---------------------------------------------------------------------------------------------
// The lineup optimizer's integer program (pure; solved through the MipSolver port, ports/Dfs.ts)
// ---------------------------------------------------------------------------------------------

/** One player of the pool: `key` unique in the pool (the platform player id); salary US$; projection points. */
export interface PoolPlayer {
  readonly key: string
  readonly position: string
  readonly salary: number
  readonly game: string | null
  readonly projection: number
}

/** What to optimise: the pool, the rules, how many lineups, locks (pool keys), exposure cap (0-1], salary floor. */
export interface OptimizeRequest {
  readonly pool: ReadonlyArray<PoolPlayer>
  readonly rules: RosterRules
  readonly lineups: number
  readonly locks: ReadonlyArray<string>
  readonly maxExposure: number
  readonly minSalary: number | undefined
}

/** A solved lineup: each slot with the pool key filling it (slot order of the rules), salary US$, points. */
export interface SolvedLineup {
  readonly slots: ReadonlyArray<{ readonly slot: string; readonly key: string }>
  readonly salary: number
  readonly points: number
}

/**
 * The outcome: the lineups found in order (best first), and why fewer than asked were found (null
 * when all were); or `infeasible` with the reason when not even the first lineup exists.
 */
export type OptimizeOutcome =
  | { readonly _tag: "Solved"; readonly lineups: ReadonlyArray<SolvedLineup>; readonly stopped: string | null }
  | { readonly _tag: "Infeasible"; readonly reason: string }

/** A coefficient as the LP format reads it (fixed point, no exponent). */
const coef = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(6))

/** `terms` joined as an LP expression, a few terms per line (the format allows any line breaks). */
const sum = (terms: ReadonlyArray<string>): string => {
  const lines: Array<string> = []
  for (let i = 0; i < terms.length; i += 12) lines.push(terms.slice(i, i + 12).join(" + "))
  return lines.join("\n + ")
}

/** An amount of US dollars as written in reasons (`$50,000`). */
export const dollars = (n: number): string => `$${n.toLocaleString("en-US")}`

/**
 * Why no lineup of `req` can exist, from counts alone (locks against roster size, eligible players
 * per slot, pool size, min_salary against the cap), or undefined when counts allow one.
 */
export const countProblem = (req: OptimizeRequest): string | undefined => {
  const size = rosterSize(req.rules)
  if (req.locks.length > size) return `${req.locks.length} players are locked but a lineup has ${size}`
  for (const slot of req.rules.slots) {
    const eligible = req.pool.filter((p) => slot.eligible.includes(p.position)).length
    if (eligible < slot.count) {
      return `slot ${slot.slot} needs ${slot.count} of ${slot.eligible.join("/")} but the pool has ${eligible}`
    }
  }
  if (req.pool.length < size) return `a lineup has ${size} players but the pool has ${req.pool.length}`
  if (req.minSalary !== undefined && req.minSalary > req.rules.salary_cap) {
    return `min_salary ${dollars(req.minSalary)} is above the salary cap ${dollars(req.rules.salary_cap)}`
  }
  return undefined
}

/**
 * The 0-1 program of the next lineup of `req` in the CPLEX LP format, and its player-slot
 * variables (`x<p>_<s>`: pool index p fills slot index s). `earlier` are the pool indexes of each
 * lineup already found (the next must differ from each by one player at least); `banned` are pool
 * indexes left out (exposure cap reached). Model:
 * - maximise the sum of projection[p] * x[p][s];
 * - each slot s: sum over p of x[p][s] = count(s); each player: sum over s of x[p][s] <= 1
 *   (= 1 for a locked player);
 * - salary: sum of salary[p] * x[p][s] <= salary cap, and >= min_salary when given;
 * - games: for min_games = 2, no game holds the whole lineup: sum of x over game k <= size - 1 for
 *   each game of `crowded` (the games a solution of an earlier round filled alone; the caller
 *   re-solves with the game added, see {@link crowdedGame}); for more, g[k] <= sum of x over the
 *   players of game k and sum of g[k] >= min_games;
 * - distinct: for every earlier lineup L, sum over p in L of x[p][s] <= |L| - 1.
 */
export const lineupModel = (
  req: OptimizeRequest,
  earlier: ReadonlyArray<ReadonlyArray<number>>,
  banned: ReadonlySet<number>,
  crowded: ReadonlyArray<string> = []
): { readonly text: string; readonly vars: ReadonlyArray<{ name: string; p: number; s: number }> } => {
  const vars: Array<{ name: string; p: number; s: number }> = []
  const locked = new Set(req.locks)
  req.pool.forEach((player, p) => {
    if (banned.has(p)) return
    req.rules.slots.forEach((slot, s) => {
      if (slot.eligible.includes(player.position)) vars.push({ name: `x${p}_${s}`, p, s })
    })
  })
  const byPlayer = new Map<number, Array<string>>()
  for (const v of vars) byPlayer.set(v.p, [...(byPlayer.get(v.p) ?? []), v.name])
  const rows: Array<string> = []
  req.rules.slots.forEach((slot, s) => {
    const names = vars.filter((v) => v.s === s).map((v) => v.name)
    rows.push(`slot${s}: ${sum(names)} = ${slot.count}`)
  })
  for (const [p, names] of byPlayer) {
    rows.push(`one${p}: ${sum(names)} ${locked.has(req.pool[p]!.key) ? "=" : "<="} 1`)
  }
  const salary = vars.map((v) => `${coef(req.pool[v.p]!.salary)} ${v.name}`)
  rows.push(`cap: ${sum(salary)} <= ${req.rules.salary_cap}`)
  if (req.minSalary !== undefined && req.minSalary > 0) rows.push(`floor: ${sum(salary)} >= ${req.minSalary}`)
  const gameVars: Array<string> = []
  if (req.rules.min_games > 2) {
    const games = [...new Set(req.pool.map((p) => p.game ?? ""))]
    games.forEach((game, k) => {
      const names = vars.filter((v) => (req.pool[v.p]!.game ?? "") === game).map((v) => v.name)
      if (names.length === 0) return
      gameVars.push(`g${k}`)
      rows.push(`game${k}: g${k} - ${names.join(" - ")} <= 0`)
    })
    rows.push(`games: ${sum(gameVars)} >= ${req.rules.min_games}`)
  } else if (req.rules.min_games === 2) {
    // at least 2 games <=> no game holds the whole lineup; added per game only once a solution
    // broke it (`crowded`), which keeps the program small: the optimum that breaks no rule is exact
    const size = rosterSize(req.rules)
    let k = 0
    for (const game of crowded) {
      const names = vars.filter((v) => (req.pool[v.p]!.game ?? "") === game).map((v) => v.name)
      if (names.length > 0) rows.push(`crowd${k++}: ${sum(names)} <= ${size - 1}`)
    }
  }
  earlier.forEach((lineup, l) => {
    const inLineup = new Set(lineup)
    const names = vars.filter((v) => inLineup.has(v.p)).map((v) => v.name)
    if (names.length > 0) rows.push(`diff${l}: ${sum(names)} <= ${lineup.length - 1}`)
  })
  const objective = vars.map((v) => `${coef(req.pool[v.p]!.projection)} ${v.name}`)
  const text = [
    "Maximize",
    ` points: ${objective.length === 0 ? "0 x_none" : sum(objective)}`,
    "Subject To",
    ...rows.map((r) => ` ${r}`),
    "Binary",
    ...[...vars.map((v) => v.name), ...gameVars].map((n) => ` ${n}`),
    "End"
  ].join("\n")
  return { text, vars }
}

/**
 * The game (`""` for players without one) that holds every player of a solution of `rules` with
 * `min_games` 2, or undefined when the players come from 2 games or more (or the rule is not 2).
 */
export const crowdedGame = (
  rules: RosterRules,
  players: ReadonlyArray<Pick<PoolPlayer, "game">>
): string | undefined => {
  if (rules.min_games !== 2) return undefined
  const games = new Set(players.map((p) => p.game ?? ""))
  return games.size === 1 ? [...games][0] : undefined
}

/**
 * The pool of `req` without the players no optimal lineup needs (dominance pruning), or the pool
 * unchanged when the request has a salary floor or a binding exposure cap (then a cheaper or a
 * capped substitute may not be allowed). Player p (not locked) is dropped when, for every game A,
 * at least U + N - 1 players of p's position outside A have salary <= p's and projection >= p's
 * (and come before p in the order projection descending, salary ascending, pool order), where U
 * is how many players of that position a lineup can hold and N the lineups asked. Why it is exact:
 * a lineup holding p can swap p for one of those players that is not in it (at most U - 1 are),
 * keeps its slots, salary cap and points, is not one of the N - 1 other lineups, and does not put
 * the lineup in one game; a dropped substitute is itself dominated by earlier players, so the
 * swaps end on kept players.
 */
export const prunePool = (req: OptimizeRequest): ReadonlyArray<PoolPlayer> => {
  const cap = Math.max(1, Math.floor(req.maxExposure * req.lineups))
  if (req.minSalary !== undefined || cap < req.lineups || req.rules.min_games > 2) return req.pool
  const locked = new Set(req.locks)
  const order = req.pool.map((p, i) => ({ p, i })).sort((a, b) =>
    b.p.projection - a.p.projection || a.p.salary - b.p.salary || a.i - b.i
  )
  const rank = new Map(order.map((o, r) => [o.i, r]))
  const uses = (position: string) =>
    req.rules.slots.reduce((n, s) => n + (s.eligible.includes(position) ? s.count : 0), 0)
  return req.pool.filter((p, i) => {
    if (locked.has(p.key)) return true
    const need = uses(p.position) + req.lineups - 1
    const byGame = new Map<string, number>()
    let total = 0
    for (const q of order) {
      if (rank.get(q.i)! >= rank.get(i)!) break
      if (q.p.position !== p.position || q.p.salary > p.salary || q.p.projection < p.projection) continue
      total++
      const g = q.p.game ?? ""
      byGame.set(g, (byGame.get(g) ?? 0) + 1)
    }
    const crowd = req.rules.min_games === 2 ? Math.max(0, ...byGame.values()) : 0
    return total - crowd < need
  })
}

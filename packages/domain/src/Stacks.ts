/**
 * NFL stacks and custom-scoring rankings: pure computations over stored stat lines.
 *
 * - A stack is a quarterback and a pass-catcher of the same team; its strength is the Pearson
 *   correlation of their weekly fantasy points (PPR, the nfl default format, decisions.md
 *   "Fantasy scoring") over the games both played for that team.
 * - A custom ranking sums, over a player's lines, each stat times the points the caller gives it.
 * @module
 */
import { mean, round } from "./Analytics.js"
import type { StatLine } from "./Canonical.js"
import { round2 } from "./Scoring.js"

/** Positions a quarterback may stack with (`position` of `/v1/nfl/stacks`); WR and TE by default. */
export const stackPositions = ["WR", "TE", "RB"] as const
export type StackPosition = typeof stackPositions[number]

/** Pass-catcher positions of a stack when `position` is not given. */
export const DEFAULT_STACK_POSITIONS: ReadonlyArray<StackPosition> = ["WR", "TE"]

/**
 * Default fewest shared games of a pair: half a regular season. Fewer points make r mostly
 * noise (with two it is always -1 or 1), and a backup quarterback's three games with a depth
 * receiver would otherwise rank above every starting pair. `min_games` can lower it to 2.
 */
export const MIN_STACK_GAMES = 8

/**
 * Pearson's product-moment correlation of the paired samples `x` and `y` (same length):
 * r = Σ(x−x̄)(y−ȳ) / √(Σ(x−x̄)² · Σ(y−ȳ)²), from -1 to 1. Null when fewer than 2 pairs or when
 * either sample has no variance (r is undefined). Throws nothing.
 */
export const pearson = (x: ReadonlyArray<number>, y: ReadonlyArray<number>): number | null => {
  const n = Math.min(x.length, y.length)
  if (n < 2) return null
  const mx = mean(x.slice(0, n))!
  const my = mean(y.slice(0, n))!
  let sxy = 0
  let sxx = 0
  let syy = 0
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx
    const dy = y[i]! - my
    sxy += dx * dy
    sxx += dx * dx
    syy += dy * dy
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy)
}

/**
 * One quarterback / pass-catcher pair of a team and season: `correlation` (Pearson r of their
 * PPR points, 4 decimals; null when either had the same points every game), `games` (games both
 * played for `team`, each with PPR points), and each player's mean PPR points over those games.
 */
export interface Stack {
  readonly team: string
  readonly season: number
  readonly qb_id: string
  readonly pass_catcher_id: string
  readonly pass_catcher_position: string
  readonly games: number
  readonly correlation: number | null
  readonly qb_fantasy_points_avg: number
  readonly pass_catcher_fantasy_points_avg: number
}

/** The game a line belongs to: its game id, else its season and week (sources keyed by week). */
const gameKey = (l: StatLine): string => l.game_id ?? `${l.season}:${l.week ?? ""}`

/**
 * Every stack of `lines` (nfl lines of one season): for each team, each quarterback (line
 * position QB) with each pass-catcher whose line position is in `positions`, paired on the games
 * both have a line for that team with PPR points (`fantasy_points`; lines without points are
 * left out). Pairs with fewer than `minGames` shared games are dropped. Ordered by correlation
 * descending (nulls last), then games descending, then team, qb_id, pass_catcher_id.
 */
export const stacksOf = (
  lines: ReadonlyArray<StatLine>,
  positions: ReadonlyArray<string>,
  minGames: number
): ReadonlyArray<Stack> => {
  // team -> player -> game -> points, and each player's position on that team
  const byTeam = new Map<string, Map<string, Map<string, number>>>()
  const positionOf = new Map<string, string>()
  let season = 0
  for (const l of lines) {
    if (l.team === null || l.position === null || l.fantasy_points === null) continue
    const pos = l.position.toUpperCase()
    if (pos !== "QB" && !positions.includes(pos)) continue
    season = l.season
    const team = byTeam.get(l.team) ?? new Map<string, Map<string, number>>()
    byTeam.set(l.team, team)
    const games = team.get(l.player_id) ?? new Map<string, number>()
    team.set(l.player_id, games)
    games.set(gameKey(l), l.fantasy_points)
    positionOf.set(`${l.team}\u0000${l.player_id}`, pos)
  }
  const out: Array<Stack> = []
  for (const [team, players] of byTeam) {
    const pos = (id: string) => positionOf.get(`${team}\u0000${id}`)!
    const qbs = [...players.keys()].filter((id) => pos(id) === "QB")
    const catchers = [...players.keys()].filter((id) => pos(id) !== "QB")
    for (const qb of qbs) {
      const qbGames = players.get(qb)!
      for (const pc of catchers) {
        const pcGames = players.get(pc)!
        const shared = [...qbGames.keys()].filter((g) => pcGames.has(g))
        if (shared.length < minGames) continue
        const x = shared.map((g) => qbGames.get(g)!)
        const y = shared.map((g) => pcGames.get(g)!)
        const r = pearson(x, y)
        out.push({
          team,
          season,
          qb_id: qb,
          pass_catcher_id: pc,
          pass_catcher_position: pos(pc),
          games: shared.length,
          correlation: r === null ? null : round(r, 4),
          qb_fantasy_points_avg: round2(mean(x)!),
          pass_catcher_fantasy_points_avg: round2(mean(y)!)
        })
      }
    }
  }
  const code = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return out.sort((a, b) =>
    (a.correlation === null ? 1 : 0) - (b.correlation === null ? 1 : 0) ||
    (b.correlation ?? 0) - (a.correlation ?? 0) ||
    b.games - a.games ||
    code(a.team, b.team) ||
    code(a.qb_id, b.qb_id) ||
    code(a.pass_catcher_id, b.pass_catcher_id)
  )
}

/** A custom scoring: points per unit of each stat key (keys of the sport's `statKeys`). */
export type CustomScoring = Readonly<Record<string, number>>

/** The keys of `scoring` that are not in `known` (the sport's stat keys), in the caller's order. */
export const unknownStatKeys = (scoring: CustomScoring, known: ReadonlyArray<string>): ReadonlyArray<string> =>
  Object.keys(scoring).filter((k) => !known.includes(k))

/**
 * Points of one stat line under `scoring`: Σ stats[key] × points over the keys of `scoring`; a
 * stat the line lacks (absent or null) counts as 0. Not rounded.
 */
export const customPoints = (line: StatLine, scoring: CustomScoring): number => {
  let total = 0
  for (const [key, points] of Object.entries(scoring)) {
    const v = line.stats[key]
    if (typeof v === "number" && Number.isFinite(v)) total += v * points
  }
  return total
}

/**
 * A player's total under a custom scoring: `fantasy_points` (sum over his lines, 2 decimals),
 * `games` (lines counted) and `fantasy_points_per_game` (2 decimals).
 */
export interface CustomTotal {
  readonly player_id: string
  readonly team: string | null
  readonly position: string | null
  readonly games: number
  readonly fantasy_points: number
  readonly fantasy_points_per_game: number
}

/**
 * Totals of every player of `lines` under `scoring`, highest `fantasy_points` first, then more
 * games, then player id. `team` and `position` are those of the player's latest line (by season,
 * week, then game date).
 */
export const customTotals = (lines: ReadonlyArray<StatLine>, scoring: CustomScoring): ReadonlyArray<CustomTotal> => {
  const acc = new Map<string, { sum: number; games: number; last: StatLine }>()
  const later = (a: StatLine, b: StatLine) =>
    a.season !== b.season
      ? a.season > b.season
      : (a.week ?? 0) !== (b.week ?? 0)
      ? (a.week ?? 0) > (b.week ?? 0)
      : (a.game_date ?? "") > (b.game_date ?? "")
  for (const l of lines) {
    const cur = acc.get(l.player_id)
    const pts = customPoints(l, scoring)
    if (cur === undefined) acc.set(l.player_id, { sum: pts, games: 1, last: l })
    else acc.set(l.player_id, { sum: cur.sum + pts, games: cur.games + 1, last: later(l, cur.last) ? l : cur.last })
  }
  return [...acc.entries()]
    .map(([player_id, a]): CustomTotal => ({
      player_id,
      team: a.last.team,
      position: a.last.position,
      games: a.games,
      fantasy_points: round2(a.sum),
      fantasy_points_per_game: round2(a.sum / a.games)
    }))
    .sort((a, b) =>
      b.fantasy_points - a.fantasy_points || b.games - a.games ||
      (a.player_id < b.player_id ? -1 : a.player_id > b.player_id ? 1 : 0)
    )
}

/**
 * Fewest shared games of the stored stacks (the read model the stacks job keeps after each nfl
 * ingest): the lowest `min_games` a caller may ask (2), so that any larger one is a filter of them.
 */
export const STORED_MIN_GAMES = 2

/**
 * The pass-catcher position sets the stacks job stores for each season: the default (WR and TE)
 * and each position `/v1/nfl/stacks` takes alone. Another set is computed per request.
 */
export const STORED_POSITION_SETS: ReadonlyArray<ReadonlyArray<StackPosition>> = [
  DEFAULT_STACK_POSITIONS,
  ...stackPositions.map((p) => [p])
]

/** The key of a position set in the stored stacks: its positions upper-cased, sorted, comma-joined. */
export const positionsKey = (positions: ReadonlyArray<string>): string =>
  [...new Set(positions.map((p) => p.toUpperCase()))].sort().join(",")

/** One stored set of stacks: a season's {@link stacksOf} for `positions` at {@link STORED_MIN_GAMES}. */
export interface StackSet {
  readonly season: number
  /** {@link positionsKey} of the pass-catcher positions. */
  readonly positions: string
  /** In the order of {@link stacksOf}. */
  readonly stacks: ReadonlyArray<Stack>
}

/**
 * The stored sets of `lines` (nfl lines of any seasons): for each season holding a line, one
 * {@link StackSet} per {@link STORED_POSITION_SETS}, each {@link stacksOf} that season's lines.
 */
export const stackSetsOf = (lines: ReadonlyArray<StatLine>): ReadonlyArray<StackSet> => {
  const bySeason = new Map<number, Array<StatLine>>()
  for (const l of lines) {
    const list = bySeason.get(l.season)
    if (list === undefined) bySeason.set(l.season, [l])
    else list.push(l)
  }
  return [...bySeason.entries()].sort(([a], [b]) => a - b).flatMap(([season, ofSeason]) =>
    STORED_POSITION_SETS.map((positions): StackSet => ({
      season,
      positions: positionsKey(positions),
      stacks: stacksOf(ofSeason, positions, STORED_MIN_GAMES)
    }))
  )
}

/**
 * The stacks of a stored set that a query keeps, in the set's order: those of `team` when given
 * (case ignored, as the stat line reader's team filter), with at least `minGames` shared games,
 * the first `limit`. Equal to {@link stacksOf} over the season's (team's) lines for any
 * `minGames` of at least {@link STORED_MIN_GAMES}.
 */
export const keptStacks = (
  stacks: ReadonlyArray<Stack>,
  q: { readonly team?: string | undefined; readonly minGames: number; readonly limit: number }
): ReadonlyArray<Stack> => {
  const team = q.team?.toLowerCase()
  const out: Array<Stack> = []
  for (const s of stacks) {
    if (out.length >= q.limit) break
    if (s.games < q.minGames || (team !== undefined && s.team.toLowerCase() !== team)) continue
    out.push(s)
  }
  return out
}

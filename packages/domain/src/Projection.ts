/**
 * The nfl projection model's pure parts (issue 23): the features of a player-week from what is
 * known before its kickoff, the walk-forward windows, the NFL.com benchmark's player-weeks and the
 * comparison of a set of predictions against it. The fit itself (a numeric library) runs in
 * ingest Projection.ts (the training job in ingest Models.ts); this module imports types only.
 *
 * Known before kickoff, and so allowed as features (each from games dated strictly before the
 * predicted game): the player's earlier lines (points, targets, receptions, carries, yards,
 * touchdowns, snap share, target share, carry share), his team's and his opponent's earlier games
 * (points scored, fantasy points allowed to his position group), and the predicted game's own
 * closing spread and total (nflverse schedules; the closing line is posted before kickoff) and
 * home or away. The predicted game's stats and score are never an input. The NFL.com projections
 * (`hvpkod_nfl_data/nfl_weekly_projected_offense_<season>.csv`) are the benchmark only, never a
 * feature.
 * @module
 */
import type { Game, StatLine } from "./Canonical.js"
import type { BenchmarkResult } from "./Models.js"

/** The scoring formats a projection predicts (keys of `fantasy_points_formats`). */
export const projectionFormats = ["standard", "half_ppr", "ppr"] as const
export type ProjectionFormat = typeof projectionFormats[number]

/** Position groups of the projection model; FB and HB count as RB. */
export const projectionPositions = ["QB", "RB", "WR", "TE"] as const
export type ProjectionPosition = typeof projectionPositions[number]

/** The position group of a listed position, or null for a position the model does not project. */
export const projectionPosition = (position: string | null): ProjectionPosition | null => {
  const p = position?.toUpperCase() ?? ""
  return p === "FB" || p === "HB" ? "RB" : (projectionPositions as ReadonlyArray<string>).includes(p)
    ? p as ProjectionPosition
    : null
}

/** Highest week of the regular season predicted (later weeks and playoffs are history only). */
export const PROJECTION_MAX_WEEK = 18

/**
 * Settings of the feature builder: `window` games of the long trailing means (the baseline's
 * too), `recent` games of the short ones, `share` games of the snap, target and carry shares,
 * `team` games of the team and opponent means.
 */
export interface ProjectionWindows {
  readonly window: number
  readonly recent: number
  readonly share: number
  readonly team: number
  /** Games of the exponentially weighted means (his last `ewGames` games). */
  readonly ewGames: number
  /** Half-life of the exponentially weighted means, in games (weight 0.5^(age / halfLife), age 0 for his previous game). */
  readonly halfLife: number
}

/** The windows of the model (chosen on the 2023 validation split; see the card). */
export const projectionWindows: ProjectionWindows = {
  window: 8,
  recent: 3,
  share: 4,
  team: 8,
  ewGames: 12,
  halfLife: 3
}

/** Names of the features, in the order of {@link ProjectionExample.features}; N etc. per {@link ProjectionWindows}. */
export const projectionFeatureNames = (w: ProjectionWindows): ReadonlyArray<string> => [
  `mean half-PPR points over his last ${w.window} games`,
  `mean half-PPR points over his last ${w.recent} games`,
  `mean half-PPR points over his earlier games this season (his last ${w.window} when none)`,
  `mean receptions over his last ${w.window} games`,
  `mean targets over his last ${w.window} games`,
  `mean targets over his last ${w.recent} games`,
  `mean carries over his last ${w.window} games`,
  `mean carries over his last ${w.recent} games`,
  `mean passing yards / 25 over his last ${w.window} games`,
  `mean passing touchdowns over his last ${w.window} games`,
  `mean rushing yards / 10 over his last ${w.window} games`,
  `mean receiving yards / 10 over his last ${w.window} games`,
  `mean rushing and receiving touchdowns over his last ${w.window} games`,
  `mean snap share (offense, 0-1) over his last ${w.share} games with snaps`,
  `mean target share (0-1) over his last ${w.share} games`,
  `mean carry share (his carries / his team's, 0-1) over his last ${w.share} games`,
  `games in his last-${w.window} window / ${w.window}`,
  "weeks since his previous game this season, capped at 8 (0 when none this season)",
  "1 when he has no earlier game, else 0",
  "1 when his previous game was for another team, else 0",
  "1 when he has no earlier game this season, else 0",
  "the game's implied team total: (total_line ± spread_line) / 2, points (closing line, nflverse schedules)",
  "the game's spread from his team's side (points his team is favoured by)",
  "1 at home, else 0",
  `his opponent's mean half-PPR points allowed to his position group over its last ${w.team} games`,
  `his team's mean points scored over its last ${w.team} games`,
  `mean half-PPR points over his last ${w.window} × implied team total / his team's mean points scored`,
  `mean half-PPR points over his last ${w.window} × opponent's allowed to his position / the league's mean allowed`,
  `exponentially weighted mean (half-life ${w.halfLife} games, his last ${w.ewGames}) of half-PPR points`,
  `exponentially weighted mean (half-life ${w.halfLife}, last ${w.ewGames}) of targets`,
  `exponentially weighted mean (half-life ${w.halfLife}, last ${w.ewGames}) of carries`,
  `exponentially weighted mean (half-life ${w.halfLife}, last ${w.ewGames}) of snap share (games with snaps)`,
  `exponentially weighted mean (half-life ${w.halfLife}, last ${w.ewGames}) of carry share`,
  `exponentially weighted mean (half-life ${w.halfLife}, last ${w.ewGames}) of target share`,
  "snap share (0-1) of his previous game (0 when none or not known)",
  "mean half-PPR points per game in the previous season (0 when none)",
  "his games in the previous season / 17",
  "exponentially weighted carry share × the game's implied team total",
  "exponentially weighted target share × the game's implied team total",
  "exponentially weighted snap share × the game's implied team total",
  `exponentially weighted mean (half-life ${w.halfLife}, last ${w.ewGames}) of pass attempts`,
  `exponentially weighted mean (half-life ${w.halfLife}, last ${w.ewGames}) of rushing plus receiving yards / 10`,
  `exponentially weighted mean (half-life ${w.halfLife}, last ${w.ewGames}) of receiving air yards / 10`,
  "(exponentially weighted half-PPR points)² / 10",
  `(mean half-PPR points over his last ${w.window})² / 10`,
  "(exponentially weighted snap share)²",
  "exponentially weighted half-PPR points × exponentially weighted snap share",
  "√(exponentially weighted half-PPR points)",
  `mean half-PPR points over his last ${w.window} × implied team total / 22`
]

/**
 * One predicted player-week: who, which game, the newest date the features used (`as_of`, before
 * the game's date), his position group, the features (see {@link projectionFeatureNames}), the
 * trailing baseline (mean half-PPR points over his last `window` games; null with no earlier
 * game) and the actual points per format (null for a game he has not played).
 */
export interface ProjectionExample {
  readonly player_id: string
  readonly game_id: string
  readonly season: number
  readonly week: number
  readonly game_date: string
  readonly as_of: string | null
  readonly position: ProjectionPosition
  readonly team: string
  readonly features: ReadonlyArray<number>
  readonly baseline: number | null
  readonly actual: Readonly<Record<ProjectionFormat, number>> | null
}

/** A player-week to predict: the player, his team, position and the game; the line is absent for a future game. */
export interface ProjectionTarget {
  readonly player_id: string
  readonly team: string
  readonly position: ProjectionPosition
  readonly game: Game
}

const num = (v: number | null | undefined): number => (typeof v === "number" && Number.isFinite(v) ? v : 0)
const mean = (xs: ReadonlyArray<number>): number => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length)
const meanOr = (xs: ReadonlyArray<number>, fallback: number): number => (xs.length === 0 ? fallback : mean(xs))
/**
 * The exponentially weighted mean of `xs` (oldest first): weight 0.5^(age / halfLife), age 0 for
 * the last element; 0 when empty.
 */
const ewMean = (xs: ReadonlyArray<number>, halfLife: number): number => {
  let sum = 0
  let weights = 0
  for (let i = 0; i < xs.length; i++) {
    const weight = 0.5 ** ((xs.length - 1 - i) / halfLife)
    sum += weight * xs[i]!
    weights += weight
  }
  return weights === 0 ? 0 : sum / weights
}
const attr = (g: Game, key: string): number | null => {
  const v = g.attributes[key]
  return typeof v === "number" && Number.isFinite(v) ? v : null
}

/** The half-PPR points of a line (0 when the line lacks them). */
const halfPpr = (l: StatLine): number => num(l.fantasy_points_formats["half_ppr"])

/**
 * The implied points of `team` in game `g` from its closing lines: home (total + spread) / 2,
 * away (total − spread) / 2 (nflverse: a positive `spread_line` favours the home team); with no
 * total 22 (about half a 2022-2025 mean total), with no spread 0.
 */
export const impliedTotal = (g: Game, team: string): { readonly implied: number; readonly spread: number } => {
  const total = attr(g, "total_line") ?? 44
  const homeSpread = attr(g, "spread_line") ?? 0
  const spread = g.home_team === team ? homeSpread : -homeSpread
  return { implied: (total + spread) / 2, spread }
}

/** Orders dated rows by date, then id (ISO date strings compare as text). */
export const byDate = <A extends { readonly date: string; readonly id: string }>(a: A, b: A) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

/** Index of the first element of `xs` (sorted by date) dated on or after `date` (binary search). */
export const firstOnOrAfter = (xs: ReadonlyArray<{ readonly date: string }>, date: string): number => {
  let lo = 0
  let hi = xs.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (xs[mid]!.date < date) lo = mid + 1
    else hi = mid
  }
  return lo
}

interface PlayerGame {
  readonly date: string
  readonly id: string
  readonly line: StatLine
  readonly carryShare: number | null
}

interface TeamGame {
  readonly date: string
  readonly id: string
  readonly scored: number
  readonly allowed: Readonly<Record<ProjectionPosition, number>>
}

/**
 * The history every feature reads, built once from all stored lines and games: each player's
 * dated lines, each team's dated games (points scored, half-PPR points its opponents' players
 * scored per position group), and every team-game's allowed points per group in date order (the
 * league mean). Lines without a game id, date or known game are left out.
 */
export interface ProjectionHistory {
  readonly players: ReadonlyMap<string, ReadonlyArray<PlayerGame>>
  readonly teams: ReadonlyMap<string, ReadonlyArray<TeamGame>>
  readonly league: ReadonlyArray<TeamGame>
  readonly games: ReadonlyMap<string, Game>
}

/** Builds the {@link ProjectionHistory} of nfl `lines` and `games`. */
export const projectionHistory = (lines: ReadonlyArray<StatLine>, games: ReadonlyArray<Game>): ProjectionHistory => {
  const gameById = new Map(games.map((g) => [g.id, g] as const))
  const teamCarries = new Map<string, number>()
  const allowed = new Map<string, Record<ProjectionPosition, number>>()
  for (const l of lines) {
    if (l.game_id === null || l.team === null) continue
    const k = `${l.game_id}|${l.team}`
    teamCarries.set(k, (teamCarries.get(k) ?? 0) + num(l.stats["rushing_attempts"]))
    const group = projectionPosition(l.position)
    if (group !== null && l.opponent !== null) {
      const ok = `${l.game_id}|${l.opponent}`
      const row = allowed.get(ok) ?? { QB: 0, RB: 0, WR: 0, TE: 0 }
      row[group] += halfPpr(l)
      allowed.set(ok, row)
    }
  }
  const players = new Map<string, Array<PlayerGame>>()
  for (const l of lines) {
    const g = l.game_id === null ? undefined : gameById.get(l.game_id)
    if (g === undefined || g.game_date === null || l.team === null) continue
    const carries = teamCarries.get(`${g.id}|${l.team}`) ?? 0
    const list = players.get(l.player_id) ?? []
    list.push({
      date: g.game_date,
      id: g.id,
      line: l,
      carryShare: carries > 0 ? num(l.stats["rushing_attempts"]) / carries : null
    })
    players.set(l.player_id, list)
  }
  for (const list of players.values()) list.sort(byDate)
  const teams = new Map<string, Array<TeamGame>>()
  const league: Array<TeamGame> = []
  for (const g of games) {
    if (g.game_date === null || g.home_score === null || g.away_score === null) continue
    for (const [team, scored] of [[g.home_team, g.home_score], [g.away_team, g.away_score]] as const) {
      const row: TeamGame = {
        date: g.game_date,
        id: g.id,
        scored,
        allowed: allowed.get(`${g.id}|${team}`) ?? { QB: 0, RB: 0, WR: 0, TE: 0 }
      }
      const list = teams.get(team) ?? []
      list.push(row)
      teams.set(team, list)
      league.push(row)
    }
  }
  for (const list of teams.values()) list.sort(byDate)
  league.sort(byDate)
  return { players, teams, league, games: gameById }
}

/**
 * The features of one player-week (see {@link projectionFeatureNames}) from `history`, reading
 * only what is dated strictly before the game's date, with the baseline and `as_of` (the newest
 * date read). Pure.
 */
export const projectionFeatures = (
  history: ProjectionHistory,
  target: ProjectionTarget,
  w: ProjectionWindows = projectionWindows
): { readonly features: ReadonlyArray<number>; readonly baseline: number | null; readonly as_of: string | null } => {
  const date = target.game.game_date ?? ""
  const all = history.players.get(target.player_id) ?? []
  const earlier = all.slice(0, firstOnOrAfter(all, date))
  const last = earlier.slice(-w.window)
  const recent = earlier.slice(-w.recent)
  const season = earlier.filter((p) => p.line.season === target.game.season)
  const stat = (games: ReadonlyArray<PlayerGame>, key: string) => mean(games.map((p) => num(p.line.stats[key])))
  const pts = (games: ReadonlyArray<PlayerGame>) => mean(games.map((p) => halfPpr(p.line)))
  const shares = earlier.slice(-w.share)
  const snaps = shares.flatMap((p) => {
    const s = p.line.stats["snap_pct"]
    return typeof s === "number" ? [s / 100] : []
  })
  const targetShares = shares.flatMap((p) => {
    const s = p.line.stats["target_share"]
    return typeof s === "number" ? [s] : []
  })
  const carryShares = shares.flatMap((p) => (p.carryShare === null ? [] : [p.carryShare]))
  const previous = earlier[earlier.length - 1]
  const ewGames = earlier.slice(-w.ewGames)
  const ew = (xs: ReadonlyArray<number>) => ewMean(xs, w.halfLife)
  const snapOf = (p: PlayerGame) => {
    const s = p.line.stats["snap_pct"]
    return typeof s === "number" ? s / 100 : null
  }
  const ewPts = ew(ewGames.map((p) => halfPpr(p.line)))
  const ewSnap = ew(ewGames.flatMap((p) => {
    const s = snapOf(p)
    return s === null ? [] : [s]
  }))
  const ewCarryShare = ew(ewGames.flatMap((p) => (p.carryShare === null ? [] : [p.carryShare])))
  const ewTargetShare = ew(ewGames.flatMap((p) => {
    const s = p.line.stats["target_share"]
    return typeof s === "number" ? [s] : []
  }))
  const ewStat = (key: string) => ew(ewGames.map((p) => num(p.line.stats[key])))
  const previousSeason = earlier.filter((p) => p.line.season === target.game.season - 1)
  const { implied, spread } = impliedTotal(target.game, target.team)
  const opponent = target.game.home_team === target.team ? target.game.away_team : target.game.home_team
  const teamGames = history.teams.get(target.team) ?? []
  const teamEarlier = teamGames.slice(0, firstOnOrAfter(teamGames, date)).slice(-w.team)
  const oppGames = history.teams.get(opponent) ?? []
  const oppEarlier = oppGames.slice(0, firstOnOrAfter(oppGames, date)).slice(-w.team)
  const leagueEarlier = history.league.slice(0, firstOnOrAfter(history.league, date)).slice(-32 * w.team)
  const group = target.position
  const leagueAllowed = meanOr(leagueEarlier.map((t) => t.allowed[group]), 0)
  const oppAllowed = meanOr(oppEarlier.map((t) => t.allowed[group]), leagueAllowed)
  const teamScored = meanOr(teamEarlier.map((t) => t.scored), implied)
  const m = pts(last)
  const lastThisSeason = season[season.length - 1]
  const weeksSince = lastThisSeason === undefined
    ? 0
    : Math.min(8, (Date.parse(date) - Date.parse(lastThisSeason.date)) / 604_800_000)
  const dates = [
    previous?.date,
    teamEarlier[teamEarlier.length - 1]?.date,
    oppEarlier[oppEarlier.length - 1]?.date,
    leagueEarlier[leagueEarlier.length - 1]?.date
  ]
    .filter((d): d is string => d !== undefined)
    .sort()
  return {
    baseline: last.length === 0 ? null : m,
    as_of: dates[dates.length - 1] ?? null,
    features: [
      m,
      pts(recent),
      season.length === 0 ? m : pts(season),
      stat(last, "receptions"),
      stat(last, "targets"),
      stat(recent, "targets"),
      stat(last, "rushing_attempts"),
      stat(recent, "rushing_attempts"),
      stat(last, "passing_yards") / 25,
      stat(last, "passing_tds"),
      stat(last, "rushing_yards") / 10,
      stat(last, "receiving_yards") / 10,
      stat(last, "rushing_tds") + stat(last, "receiving_tds"),
      mean(snaps),
      mean(targetShares),
      mean(carryShares),
      last.length / w.window,
      weeksSince,
      earlier.length === 0 ? 1 : 0,
      previous !== undefined && previous.line.team !== target.team ? 1 : 0,
      season.length === 0 ? 1 : 0,
      implied,
      spread,
      target.game.home_team === target.team ? 1 : 0,
      oppAllowed,
      teamScored,
      teamScored > 0 ? m * implied / teamScored : m,
      leagueAllowed > 0 ? m * oppAllowed / leagueAllowed : m,
      ewPts,
      ewStat("targets"),
      ewStat("rushing_attempts"),
      ewSnap,
      ewCarryShare,
      ewTargetShare,
      previous === undefined ? 0 : snapOf(previous) ?? 0,
      pts(previousSeason),
      previousSeason.length / 17,
      ewCarryShare * implied,
      ewTargetShare * implied,
      ewSnap * implied,
      ewStat("passing_attempts"),
      ew(ewGames.map((p) => num(p.line.stats["rushing_yards"]) + num(p.line.stats["receiving_yards"]))) / 10,
      ewStat("air_yards") / 10,
      ewPts ** 2 / 10,
      m ** 2 / 10,
      ewSnap ** 2,
      ewPts * ewSnap,
      Math.sqrt(Math.max(0, ewPts)),
      m * implied / 22
    ]
  }
}

/**
 * Every regular-season player-week (week ≤ {@link PROJECTION_MAX_WEEK}) of a QB, RB, WR or TE
 * line in `lines` whose game is in `games`, with its features from earlier data only
 * ({@link projectionFeatures}) and its actual points per format. Ordered by season, week, then
 * player id.
 */
export const buildProjectionExamples = (
  history: ProjectionHistory,
  w: ProjectionWindows = projectionWindows
): ReadonlyArray<ProjectionExample> => {
  const out: Array<ProjectionExample> = []
  for (const [player_id, games] of history.players) {
    for (const p of games) {
      const group = projectionPosition(p.line.position)
      const game = history.games.get(p.id)
      if (group === null || game === undefined || game.week === null || game.week > PROJECTION_MAX_WEEK) continue
      if (game.season_type !== null && game.season_type !== "REG") continue
      const f = projectionFeatures(history, { player_id, team: p.line.team!, position: group, game }, w)
      out.push({
        player_id,
        game_id: game.id,
        season: game.season,
        week: game.week,
        game_date: p.date,
        as_of: f.as_of,
        position: group,
        team: p.line.team!,
        features: f.features,
        baseline: f.baseline,
        actual: {
          standard: num(p.line.fantasy_points_formats["standard"]),
          half_ppr: halfPpr(p.line),
          ppr: num(p.line.fantasy_points_formats["ppr"])
        }
      })
    }
  }
  return out.sort((a, b) =>
    a.season - b.season || a.week - b.week || (a.player_id < b.player_id ? -1 : a.player_id > b.player_id ? 1 : 0)
  )
}

/** A week of a season; weeks compare by season then week. */
export interface SeasonWeek {
  readonly season: number
  readonly week: number
}

/** Whether `a` is strictly before `b` (season, then week). */
export const weekBefore = (a: SeasonWeek, b: SeasonWeek): boolean =>
  a.season < b.season || (a.season === b.season && a.week < b.week)

/**
 * A walk-forward window: every week of `season` from 1 to `maxWeek`, each predicted by a model
 * fitted only on the examples of weeks before it.
 */
export interface WalkForward {
  readonly season: number
  readonly maxWeek: number
  readonly label: string
  readonly role: "validation" | "held_out"
}

/** The validation split (settings chosen here only): 2023 weeks 1-17, history from 2022 on. */
export const projectionValidation: WalkForward = {
  season: 2023,
  maxWeek: 17,
  label: "nfl 2023 weeks 1-17",
  role: "validation"
}

/** The held-out windows, frozen settings: 2024 weeks 1-17 and 2025 weeks 1-14 (issue 23). */
export const projectionHeldOut: ReadonlyArray<WalkForward> = [
  { season: 2024, maxWeek: 17, label: "nfl 2024 weeks 1-17", role: "held_out" },
  { season: 2025, maxWeek: 14, label: "nfl 2025 weeks 1-14", role: "held_out" }
]

/**
 * One row of the NFL.com benchmark (`nfl_weekly_projected_offense_<season>.csv`): the NFL.com
 * fantasy id, season, week, NFL.com's projected half-PPR points (`PlayerWeekProjectedPts`), and
 * whether the row's own stat columns (the actual stats, for weeks already played) show a game.
 */
export interface BenchmarkRow {
  readonly nfl_id: string
  readonly season: number
  readonly week: number
  readonly projected: number
  readonly recorded: boolean
}

/** NFL.com projections at or above this (half-PPR points) are the benchmark's player-weeks (issue 23). */
export const BENCHMARK_MIN_PROJECTED = 5

/** One model prediction of a held-out player-week, with the baseline and actual points of its example. */
export interface ScoredWeek {
  readonly player_id: string
  readonly season: number
  readonly week: number
  readonly points: Readonly<Record<ProjectionFormat, number>>
  readonly actual: Readonly<Record<ProjectionFormat, number>>
  readonly baseline: number | null
}

const r3 = (x: number) => Math.round(x * 1000) / 1000

/**
 * Compares `predicted` (a window's predictions; see Models `BenchmarkResult` for the result) with NFL.com's `benchmark` rows of the same
 * window: a benchmark row (projected ≥ {@link BENCHMARK_MIN_PROJECTED}) counts when its player
 * recorded a game (a stored line matched by `playerOf`, the stored player of an NFL.com id, or
 * the row's own actual stats); it is predicted when the model has a prediction of that player's
 * week. The trailing MAE is over the predicted rows that have a baseline (a player with no earlier
 * game has none). MAE in points, rounded to 3 decimals.
 */
export const compareWithBenchmark = (
  window: WalkForward,
  predicted: ReadonlyArray<ScoredWeek>,
  benchmark: ReadonlyArray<BenchmarkRow>,
  playerOf: (nflId: string) => string | undefined,
  played: (playerId: string, season: number, week: number) => boolean
): BenchmarkResult => {
  const byKey = new Map(predicted.map((p) => [`${p.player_id}|${p.season}|${p.week}`, p] as const))
  let total = 0
  const model: Array<number> = []
  const ppr: Array<number> = []
  const standard: Array<number> = []
  const nflCom: Array<number> = []
  const trailing: Array<number> = []
  for (const b of benchmark) {
    if (b.season !== window.season || b.week > window.maxWeek || b.projected < BENCHMARK_MIN_PROJECTED) continue
    const player = playerOf(b.nfl_id)
    const stored = player !== undefined && played(player, b.season, b.week)
    if (!stored && !b.recorded) continue
    total++
    const p = player === undefined ? undefined : byKey.get(`${player}|${b.season}|${b.week}`)
    if (p === undefined) continue
    model.push(Math.abs(p.points.half_ppr - p.actual.half_ppr))
    ppr.push(Math.abs(p.points.ppr - p.actual.ppr))
    standard.push(Math.abs(p.points.standard - p.actual.standard))
    nflCom.push(Math.abs(b.projected - p.actual.half_ppr))
    if (p.baseline !== null) trailing.push(Math.abs(p.baseline - p.actual.half_ppr))
  }
  return {
    window: window.label,
    role: window.role,
    player_weeks: total,
    predicted: model.length,
    coverage: total === 0 ? 0 : r3(model.length / total),
    mae_model: r3(mean(model)),
    mae_nfl_com: r3(mean(nflCom)),
    mae_trailing: trailing.length === 0 ? null : r3(mean(trailing)),
    mae_model_ppr: r3(mean(ppr)),
    mae_model_standard: r3(mean(standard))
  }
}

/**
 * The projection pass rule (issue 23): on every held-out window the model's half-PPR MAE is below
 * NFL.com's on the same player-weeks, and it predicts at least 95% of them.
 */
export const projectionPasses = (results: ReadonlyArray<BenchmarkResult>): boolean =>
  results.length > 0 && results.every((r) => r.coverage >= 0.95 && r.mae_model < r.mae_nfl_com)

/** The pass rule as the card states it. */
export const projectionRule = {
  metric:
    "mean absolute error of half-PPR points per player-week (lower is better), on the player-weeks NFL.com projected at >= 5 points and the player recorded a game",
  naive_baseline:
    "the player's trailing-8 mean of half-PPR points; and NFL.com's published projection (PlayerWeekProjectedPts, hvpkod_nfl_data), the benchmark to beat",
  pass_rule:
    "half-PPR MAE below NFL.com's on the same player-weeks in both 2024 weeks 1-17 and 2025 weeks 1-14, predicting at least 95% of them"
}

/**
 * Analytics from formulas (no models): alpha metrics, the similarity vectors and their cosine
 * similarity, and the trailing fantasy-point average of projections. Pure functions over plain
 * numbers; the stored rows are {@link PlayerMetrics} (ports/Metrics.ts), recomputed after each
 * ingest (packages/ingest Metrics.ts).
 *
 * ## Alpha metrics (specification, "Alpha metrics")
 * Over a player's WINDOW = his last {@link ALPHA_WINDOW} (8) stat lines, newest first
 * (season, week, game date, id descending: the StatLineReader's "recent" order):
 * - `consistency_score` (0-100, higher = steadier floor) = 100 × (1 − CV) clamped to [0, 100],
 *   CV = population standard deviation / mean of the playing-time share over the window's lines
 *   that have it (nfl `snap_pct`; nba `minutes_played`; nhl `toi_minutes`). The specification
 *   says "from spread of snap_pct or minutes over the last 8 games"; the coefficient of
 *   variation is that spread made unit-free, so a 90 % snap player and a 35-minute player are
 *   scored on one scale. A mean of 0 scores 0 (no floor); no value → null.
 * - `momentum_delta` (signed, fantasy points in the sport's default format) = mean of the 3
 *   newest lines' fantasy points − mean of the 4th to 6th newest (specification, verbatim);
 *   null when the window has fewer than 6 lines with fantasy points.
 * - `opportunity_ceiling` (percent 0-100) = 90th percentile ({@link percentile}, linear
 *   interpolation between closest ranks, the "type 7" of Hyndman & Fan 1996, NumPy's default)
 *   of the per-game opportunity share over the window: nfl target share (stored fraction × 100);
 *   nba usage rate computed per game ({@link nbaUsageRate}); nhl shot share, the player's shots
 *   on goal / his team's shots on goal in that game × 100 (hockey has neither targets nor a
 *   usage rate; shots are its usage analogue). Null when no line has it.
 * - `sample_size` = lines in the window; `week_computed` = ISO 8601 week (`YYYY-Www`) of the
 *   batch that computed it ({@link isoWeek}).
 *
 * ## Similarity (specification, "Similar player row")
 * Each player of a sport gets a vector of per-game means over the same window; nfl has the
 * specification's 8 dimensions, nba and mlb their own ({@link similarityDimensions}). Before the
 * cosine, each dimension is standardised (z-score: minus the mean, over the population standard
 * deviation, of the players compared); a missing value becomes 0 (the mean) and a dimension
 * with no spread is 0 for everyone. Without standardising, the dimension with the largest unit
 * (yards) would decide every cosine.
 * @module
 */
import type { StatLine } from "./Canonical.js"
import type { TeamSport } from "./Sport.js"
import { hasCapability, type SportsWith, sportsWith } from "./sports/Registry.js"

/** Stat lines in the alpha window (specification: "over the last 8 games"). */
export const ALPHA_WINDOW = 8
/** Newest games on each side of the momentum difference (specification: last 3 vs 4 to 6 back). */
export const MOMENTUM_SPAN = 3
/** The percentile of the opportunity ceiling (specification: "90th percentile"). */
export const CEILING_PERCENTILE = 0.9
/**
 * Fewest lines in the window for a player to be offered as similar to another: a vector over
 * 1-3 games is mostly noise (service choice, documented in the endpoint's meta).
 */
export const MIN_SIMILARITY_SAMPLE = 4
/** Games in the trailing fantasy-point average of projections (specification, get_player_projections). */
export const PROJECTION_WINDOW = 10

/** The arithmetic mean of `values`, or null when empty. */
export const mean = (values: ReadonlyArray<number>): number | null =>
  values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length

/** The population standard deviation (divides by n) of `values`, or null when empty. */
export const populationSd = (values: ReadonlyArray<number>): number | null => {
  const m = mean(values)
  if (m === null) return null
  return Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / values.length)
}

/**
 * The `p`-th quantile (0 ≤ p ≤ 1) of `values` by linear interpolation between closest ranks:
 * sorted ascending x₀..xₙ₋₁, h = (n − 1)·p, result x⌊h⌋ + (h − ⌊h⌋)(x⌊h⌋₊₁ − x⌊h⌋)
 * (Hyndman & Fan 1996, definition 7; NumPy `percentile` default). Null when empty.
 */
export const percentile = (values: ReadonlyArray<number>, p: number): number | null => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const h = (sorted.length - 1) * p
  const lo = Math.floor(h)
  const hi = Math.min(lo + 1, sorted.length - 1)
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!)
}

/** `consistency_score` of playing-time values (see the module doc): 100·(1 − sd/mean) in [0, 100]. */
export const consistencyScore = (playingTime: ReadonlyArray<number>): number | null => {
  const m = mean(playingTime)
  const sd = populationSd(playingTime)
  if (m === null || sd === null) return null
  if (m <= 0) return 0
  return Math.min(100, Math.max(0, 100 * (1 - sd / m)))
}

/**
 * `momentum_delta` of fantasy points ordered newest first: mean of the first 3 − mean of the
 * 4th to 6th; null with fewer than 6 values.
 */
export const momentumDelta = (pointsNewestFirst: ReadonlyArray<number>): number | null => {
  if (pointsNewestFirst.length < 2 * MOMENTUM_SPAN) return null
  return mean(pointsNewestFirst.slice(0, MOMENTUM_SPAN))! -
    mean(pointsNewestFirst.slice(MOMENTUM_SPAN, 2 * MOMENTUM_SPAN))!
}

/** `opportunity_ceiling`: the 90th percentile of opportunity shares (percent 0-100). */
export const opportunityCeiling = (shares: ReadonlyArray<number>): number | null =>
  percentile(shares, CEILING_PERCENTILE)

/**
 * NBA usage rate of one game, percent 0-100 (Basketball-Reference's USG%):
 * 100 × (FGA + 0.44·FTA + TOV) × (team minutes / 5) / (minutes × (team FGA + 0.44·team FTA +
 * team TOV)). 0.44 is the share of free-throw attempts that end a possession (Hollinger).
 * Null when minutes or a team total is 0.
 */
export const nbaUsageRate = (
  player: { readonly fga: number; readonly fta: number; readonly tov: number; readonly minutes: number },
  team: { readonly fga: number; readonly fta: number; readonly tov: number; readonly minutes: number }
): number | null => {
  const teamPossessions = team.fga + 0.44 * team.fta + team.tov
  if (player.minutes <= 0 || teamPossessions <= 0 || team.minutes <= 0) return null
  return (100 * (player.fga + 0.44 * player.fta + player.tov) * (team.minutes / 5)) /
    (player.minutes * teamPossessions)
}

/**
 * The ISO 8601 week of an instant (UTC), `YYYY-Www`: weeks start on Monday and week 1 holds the
 * year's first Thursday, so 2026-01-01 (a Thursday) is `2026-W01` and 2027-01-01 (a Friday) `2026-W53`.
 */
export const isoWeek = (at: Date): string => {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
  const day = d.getUTCDay() === 0 ? 7 : d.getUTCDay()
  d.setUTCDate(d.getUTCDate() + 4 - day) // the Thursday of this week decides the year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1)
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7)
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`
}

// ---------------------------------------------------------------------------------------------
// Per-game inputs, per sport
// ---------------------------------------------------------------------------------------------

/**
 * Sports with alpha metrics (the registry's `alpha` capability: nfl, nba, nhl; mlb lines have
 * no playing-time or opportunity share, so its rows hold no alpha values).
 */
export const alphaSports = sportsWith("alpha")
export type AlphaSport = SportsWith<"alpha">
/** Sports with similarity vectors (the registry's `similarity`; specification: sport nfl, mlb, nba). */
export const similaritySports = sportsWith("similarity")
export type SimilaritySport = SportsWith<"similarity">
/** Sports the metrics job computes rows for (the registry's `metrics`). */
export const metricSports = sportsWith("metrics")
export type MetricSport = SportsWith<"metrics">

/** The per-game inputs of a line: playing time (snap % or minutes) and opportunity share (percent). */
export interface GameInputs {
  readonly playingTime: number | null
  readonly opportunity: number | null
}

const stat = (line: StatLine, key: string): number | null => {
  const v = line.stats[key]
  return typeof v === "number" && Number.isFinite(v) ? v : null
}

/** Team totals of one game's lines: sums of `keys` over the team's lines in that game. */
export type TeamTotals = (line: StatLine, key: string) => number

/**
 * Per-game inputs of a line of `sport` (see the module doc for each sport's choice); `team`
 * sums a stat over the line's team in the same game.
 */
export const gameInputs = (sport: MetricSport, line: StatLine, team: TeamTotals): GameInputs => {
  switch (sport) {
    case "nfl": {
      const share = stat(line, "target_share")
      return { playingTime: stat(line, "snap_pct"), opportunity: share === null ? null : share * 100 }
    }
    case "nba": {
      const minutes = stat(line, "minutes_played")
      const fga = stat(line, "field_goals_attempted")
      const fta = stat(line, "free_throws_attempted")
      const tov = stat(line, "turnovers")
      const computed = minutes === null || fga === null || fta === null || tov === null
        ? null
        : nbaUsageRate({ fga, fta, tov, minutes }, {
          fga: team(line, "field_goals_attempted"),
          fta: team(line, "free_throws_attempted"),
          tov: team(line, "turnovers"),
          minutes: team(line, "minutes_played")
        })
      return { playingTime: minutes, opportunity: computed ?? stat(line, "usage_rate") }
    }
    case "nhl": {
      const shots = stat(line, "shots")
      const teamShots = team(line, "shots")
      return {
        playingTime: stat(line, "toi_minutes"),
        opportunity: shots === null || teamShots <= 0 ? null : (100 * shots) / teamShots
      }
    }
    case "mlb":
      return { playingTime: null, opportunity: null }
  }
}

/** The alpha metrics of one window (newest first), unrounded. */
export interface AlphaValues {
  readonly consistency_score: number | null
  readonly momentum_delta: number | null
  readonly opportunity_ceiling: number | null
  readonly sample_size: number
}

/** Alpha metrics of a window of lines (newest first, at most {@link ALPHA_WINDOW}) and their inputs. */
export const alphaOf = (
  window: ReadonlyArray<{ readonly line: StatLine; readonly inputs: GameInputs }>
): AlphaValues => {
  const present = <A>(xs: ReadonlyArray<A | null>): Array<A> => xs.filter((x): x is A => x !== null)
  return {
    consistency_score: consistencyScore(present(window.map((w) => w.inputs.playingTime))),
    momentum_delta: momentumDelta(present(window.map((w) => w.line.fantasy_points))),
    opportunity_ceiling: opportunityCeiling(present(window.map((w) => w.inputs.opportunity))),
    sample_size: window.length
  }
}

// ---------------------------------------------------------------------------------------------
// Similarity
// ---------------------------------------------------------------------------------------------

/**
 * The dimensions of each sport's similarity vector, in order. Stat dimensions are per-game
 * means over the alpha window (lines lacking the stat skipped); `consistency`, `momentum` and
 * `ceiling` are the alpha metrics.
 * - nfl (the specification's 8): average fantasy points (ppr), usage = mean snap % , opportunity =
 *   mean target share (percent), rushing yards, receiving yards, consistency, momentum, ceiling.
 * - nba: average fantasy points (FanDuel), usage = mean per-game usage rate, opportunity = mean
 *   minutes, points, rebounds, assists, consistency (minutes), momentum, ceiling (usage).
 * - mlb (hitters and pitchers in one space): average fantasy points (FanDuel), plate
 *   appearances, hits, home runs, runs batted in, stolen bases, pitching outs, strikeouts
 *   (pitching), momentum.
 */
export const similarityDimensions = {
  nfl: [
    "avg_fantasy_points",
    "usage",
    "opportunity",
    "rushing_yards",
    "receiving_yards",
    "consistency",
    "momentum",
    "ceiling"
  ],
  nba: [
    "avg_fantasy_points",
    "usage",
    "opportunity",
    "points",
    "rebounds",
    "assists",
    "consistency",
    "momentum",
    "ceiling"
  ],
  mlb: [
    "avg_fantasy_points",
    "batting_pa",
    "batting_h",
    "batting_hr",
    "batting_rbi",
    "batting_sb",
    "pitching_outs",
    "pitching_k",
    "momentum"
  ]
} as const satisfies Record<SimilaritySport, ReadonlyArray<string>>

/** The similarity vector of a window (see {@link similarityDimensions}), or null for a sport without one. */
export const similarityVector = (
  sport: TeamSport,
  window: ReadonlyArray<{ readonly line: StatLine; readonly inputs: GameInputs }>,
  alpha: AlphaValues
): ReadonlyArray<number | null> | null => {
  if (!hasCapability(sport, "similarity")) return null
  const meanOf = (f: (w: { readonly line: StatLine; readonly inputs: GameInputs }) => number | null) =>
    mean(window.map(f).filter((x): x is number => x !== null))
  const dims: ReadonlyArray<string> = similarityDimensions[sport]
  return dims.map((dim) => {
    switch (dim) {
      case "avg_fantasy_points":
        return meanOf((w) => w.line.fantasy_points)
      case "usage":
        return sport === "nfl" ? meanOf((w) => w.inputs.playingTime) : meanOf((w) => w.inputs.opportunity)
      case "opportunity":
        return sport === "nfl" ? meanOf((w) => w.inputs.opportunity) : meanOf((w) => w.inputs.playingTime)
      case "consistency":
        return alpha.consistency_score
      case "momentum":
        return alpha.momentum_delta
      case "ceiling":
        return alpha.opportunity_ceiling
      default:
        return meanOf((w) => stat(w.line, dim))
    }
  })
}

/**
 * Standardises each dimension over `vectors` (z-score with the population standard deviation);
 * a null becomes 0, a dimension with no spread (or no values) is 0 for everyone.
 */
export const standardise = (
  vectors: ReadonlyArray<ReadonlyArray<number | null>>
): ReadonlyArray<ReadonlyArray<number>> => {
  const dims = vectors[0]?.length ?? 0
  const stats = Array.from({ length: dims }, (_, d) => {
    const values = vectors.map((v) => v[d] ?? null).filter((x): x is number => x !== null)
    return { mean: mean(values) ?? 0, sd: populationSd(values) ?? 0 }
  })
  return vectors.map((v) =>
    stats.map(({ mean: m, sd }, d) => {
      const x = v[d] ?? null
      return x === null || sd === 0 ? 0 : (x - m) / sd
    })
  )
}

/** Cosine similarity of two vectors of one length, in [−1, 1]; 0 when either has zero length. */
export const cosine = (a: ReadonlyArray<number>, b: ReadonlyArray<number>): number => {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * (b[i] ?? 0)
    na += a[i]! ** 2
    nb += (b[i] ?? 0) ** 2
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}

/** Rounds to `digits` decimals (half away from zero on the decimal value as printed). */
export const round = (x: number, digits: number): number => {
  const f = 10 ** digits
  return Math.sign(x) * Math.round(Math.abs(x) * f + Number.EPSILON) / f
}

/**
 * A stored metrics row of one player (the table `player_metrics`, migration 9): the alpha
 * metrics rounded to 2 decimals, the mean fantasy points (default format) over the window, the season of his newest line, his similarity vector
 * (raw per-game means in {@link similarityDimensions} order, null for a sport without one), and
 * when and in which ISO week the batch ran.
 */
export interface PlayerMetrics {
  readonly player_id: string
  readonly sport: TeamSport
  readonly season: number
  readonly last_game_date: string | null
  readonly avg_fantasy_points: number | null
  readonly consistency_score: number | null
  readonly momentum_delta: number | null
  readonly opportunity_ceiling: number | null
  readonly sample_size: number
  readonly vector: ReadonlyArray<number | null> | null
  readonly week_computed: string
  readonly computed_at: Date
}

/**
 * The metrics rows of a sport from all its stat lines (any order): each player's window of his
 * {@link ALPHA_WINDOW} newest lines (season, week, game date, id descending), the per-game
 * inputs of each line (team totals summed over the lines sharing its game and team), alpha
 * (rounded to 2 decimals) and the vector. Players without lines get no row.
 */
export const computeSportMetrics = (
  sport: MetricSport,
  lines: ReadonlyArray<StatLine>,
  now: Date
): ReadonlyArray<PlayerMetrics> => {
  const totals = new Map<string, Map<string, number>>()
  const teamKey = (l: StatLine) => `${l.game_id ?? `${l.season}:${l.week}:${l.game_date}`}|${l.team ?? ""}`
  for (const line of lines) {
    const key = teamKey(line)
    const sums = totals.get(key) ?? new Map<string, number>()
    for (const [k, v] of Object.entries(line.stats)) if (typeof v === "number") sums.set(k, (sums.get(k) ?? 0) + v)
    totals.set(key, sums)
  }
  const team: TeamTotals = (line, key) => totals.get(teamKey(line))?.get(key) ?? 0
  const byPlayer = new Map<string, Array<StatLine>>()
  for (const line of lines) {
    const list = byPlayer.get(line.player_id) ?? []
    list.push(line)
    byPlayer.set(line.player_id, list)
  }
  const week = isoWeek(now)
  const withAlpha = hasCapability(sport, "alpha")
  const out: Array<PlayerMetrics> = []
  for (const [player_id, list] of byPlayer) {
    const window = [...list].sort(newestFirst).slice(0, ALPHA_WINDOW).map((line) => ({
      line,
      inputs: gameInputs(sport, line, team)
    }))
    const alpha = alphaOf(window)
    const r2 = (x: number | null) => (x === null ? null : round(x, 2))
    const newest = window[0]!.line
    out.push({
      player_id,
      sport,
      season: newest.season,
      last_game_date: newest.game_date,
      avg_fantasy_points: r2(
        mean(window.flatMap((w) => (w.line.fantasy_points === null ? [] : [w.line.fantasy_points])))
      ),
      consistency_score: withAlpha ? r2(alpha.consistency_score) : null,
      momentum_delta: withAlpha ? r2(alpha.momentum_delta) : null,
      opportunity_ceiling: withAlpha ? r2(alpha.opportunity_ceiling) : null,
      sample_size: alpha.sample_size,
      vector: similarityVector(sport, window, alpha)?.map((x) => (x === null ? null : round(x, 4))) ?? null,
      week_computed: week,
      computed_at: now
    })
  }
  return out.sort((a, b) => (a.player_id < b.player_id ? -1 : a.player_id > b.player_id ? 1 : 0))
}

/** Descending order with nulls last. */
const desc = <A extends string | number>(a: A | null, b: A | null): number =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a > b ? -1 : 1

/** Newest first: season, week, game date, id, each descending (nulls last), as the "recent" reads. */
export const newestFirst = (a: StatLine, b: StatLine): number =>
  desc(a.season, b.season) || desc(a.week, b.week) || desc(a.game_date, b.game_date) || desc(a.id, b.id)

/** One player's similarity to a target. */
export interface SimilarityScore {
  readonly player_id: string
  readonly similarity_score: number
}

/**
 * The `limit` players most similar to `target` among `candidates` (same sport): vectors of the
 * candidates and the target standardised together, cosine similarity, highest first (ties by
 * player id); the target itself excluded; scores rounded to 4 decimals.
 */
export const mostSimilar = (
  target: { readonly player_id: string; readonly vector: ReadonlyArray<number | null> },
  candidates: ReadonlyArray<{ readonly player_id: string; readonly vector: ReadonlyArray<number | null> }>,
  limit: number
): ReadonlyArray<SimilarityScore> => {
  const others = candidates.filter((c) => c.player_id !== target.player_id)
  const z = standardise([target.vector, ...others.map((c) => c.vector)])
  const t = z[0]!
  return others
    .map((c, i) => ({ player_id: c.player_id, similarity_score: round(cosine(t, z[i + 1]!), 4) }))
    .sort((a, b) =>
      b.similarity_score - a.similarity_score || (a.player_id < b.player_id ? -1 : a.player_id > b.player_id ? 1 : 0)
    )
    .slice(0, limit)
}

/**
 * Availability for the next game by injury status, the injury overlay of projections. Source:
 * the NFL's injury report definitions used through 2015 (Probable 75 %, Questionable 50 %,
 * Doubtful 25 % chance to play), with Out, injured reserve (IR), PUP, NFI and suspended as 0.
 * Statuses not listed (Active, Probable after 2016 is gone) read as fully available.
 */
export const AVAILABILITY: Readonly<Record<string, number>> = {
  out: 0,
  ir: 0,
  "injured reserve": 0,
  pup: 0,
  nfi: 0,
  suspended: 0,
  doubtful: 0.25,
  questionable: 0.5,
  probable: 0.75
}

/** The injury overlay of a projection: the status read, where it came from, availability 0-1. */
export interface ProjectionInjury {
  readonly status: string | null
  readonly source: "injury_report" | "player_status" | "none"
  readonly availability: number
}

/** The numbers of a trailing-average projection (see {@link trailingProjection}); points unrounded. */
export interface TrailingProjection {
  readonly games_used: number
  readonly trailing_average: number | null
  readonly injury: ProjectionInjury
  /** trailing_average × injury availability: the next game's projected points; null without lines. */
  readonly next_game: number | null
}

/** An injury report's when and status, as the overlay reads it. */
export interface ReportAt {
  readonly season: number
  readonly week: number | null
  readonly report_status: string | null
}

/** (season, week) of `a` at or after that of `b` (a null week reads as 0). */
const notOlder = (a: { season: number; week: number | null }, b: { season: number; week: number | null }) =>
  a.season > b.season || (a.season === b.season && (a.week ?? 0) >= (b.week ?? 0))

/** The StatLineReader's "recent" order: season, week (nulls last), game date (nulls last), id, all descending. */
const recentFirst = (a: StatLine, b: StatLine): number =>
  b.season - a.season ||
  (a.week === null ? (b.week === null ? 0 : 1) : b.week === null ? -1 : b.week - a.week) ||
  (a.game_date === null
    ? (b.game_date === null ? 0 : 1)
    : b.game_date === null
    ? -1
    : b.game_date < a.game_date
    ? -1
    : b.game_date > a.game_date
    ? 1
    : 0) ||
  (b.id < a.id ? -1 : b.id > a.id ? 1 : 0)

/**
 * A player's trailing-average projection (specification, get_player_projections): the mean of
 * the fantasy points of his {@link PROJECTION_WINDOW} (10) newest `lines` in the "recent" order
 * (points in `format`; the line's default points when `format` is the sport's default; lines
 * without points in it are skipped, not replaced), times the availability ({@link AVAILABILITY})
 * of his newest injury report among `reports` when that report is not older (season, week)
 * than his newest line; else of `status` (`injured` → 0); else 1.
 *
 * `asOf` projects as of a date without hindsight: only lines with a game date strictly before
 * `asOf.date` count (lines without a date do not), only reports of (season, week) up to
 * `asOf.season` / `asOf.week` (the week's own report is published before its games), and the
 * player status is not read (it is today's, not the date's). `lines` and `reports` may come in
 * any order and hold more than the window.
 */
export const trailingProjection = (input: {
  readonly lines: ReadonlyArray<StatLine>
  readonly format: string
  readonly isDefaultFormat: boolean
  readonly reports: ReadonlyArray<ReportAt>
  readonly status: string | null
  readonly asOf?: { readonly date: string; readonly season: number; readonly week: number | null } | undefined
}): TrailingProjection => {
  const asOf = input.asOf
  const recent = (asOf === undefined
    ? [...input.lines]
    : input.lines.filter((l) => l.game_date !== null && l.game_date.slice(0, 10) < asOf.date))
    .sort(recentFirst)
    .slice(0, PROJECTION_WINDOW)
  const points = recent.flatMap((l) => {
    const v = l.fantasy_points_formats[input.format] ?? (input.isDefaultFormat ? l.fantasy_points : null)
    return v === null || v === undefined ? [] : [v]
  })
  const avg = mean(points)
  const report = input.reports
    .filter((r) => asOf === undefined || notOlder({ season: asOf.season, week: asOf.week }, r))
    .reduce<ReportAt | undefined>((newest, r) => (newest === undefined || !notOlder(newest, r) ? r : newest), undefined)
  const newest = recent[0]
  const injury: ProjectionInjury =
    report !== undefined && report.report_status !== null && (newest === undefined || notOlder(report, newest))
      ? {
        status: report.report_status,
        source: "injury_report",
        availability: AVAILABILITY[report.report_status.toLowerCase()] ?? 1
      }
      : asOf === undefined && input.status === "injured"
      ? { status: "injured", source: "player_status", availability: 0 }
      : { status: null, source: "none", availability: 1 }
  return {
    games_used: points.length,
    trailing_average: avg,
    injury,
    next_game: avg === null ? null : avg * injury.availability
  }
}

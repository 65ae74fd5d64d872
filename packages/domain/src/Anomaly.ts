/**
 * Anomaly scores (a formula, not a model): how far a player's newest game sits from his own
 * history, as a robust z-score mapped to 0-100.
 *
 * For the player's newest stat line (fantasy points x, default format) and his
 * {@link ANOMALY_HISTORY} previous lines with fantasy points (any season):
 * - median m and MAD = median(|xi - m|) of the previous games;
 * - scale s = {@link MAD_CONSISTENCY} x MAD (the MAD made consistent with the standard deviation
 *   of a normal distribution: 1.4826 = 1 / Φ⁻¹(3/4); Rousseeuw & Croux, "Alternatives to the
 *   Median Absolute Deviation", JASA 88 (1993) 1273-1283). When MAD is 0 (half the games equal),
 *   s = {@link MEAN_AD_CONSISTENCY} x the mean absolute deviation from the median (1.2533 =
 *   sqrt(π/2), the same consistency for the mean absolute deviation; the fallback of the
 *   modified z-score in IBM SPSS); when that is 0 too, there is no spread and no score;
 * - robust z = (x - m) / s;
 * - anomaly_score = 100 · |z| / (|z| + {@link SCORE_HALF_Z}), rounded to 1 decimal: 0 for a game at
 *   the median, 50 at |z| = 1.5, 70 at |z| = 3.5 (Iglewicz & Hoaglin's cut-off for a potential
 *   outlier on the modified z-score, "How to Detect and Handle Outliers", ASQC 1993), tending to
 *   100. So "above 70 is meaningful" (specification, get_anomaly_scores) means an outlier by
 *   that rule.
 * @module
 */
import { newestFirst, round } from "./Analytics.js"
import type { StatLine } from "./Canonical.js"
import type { NewServiceEvent } from "./Signals.js"
import type { TeamSport } from "./Sport.js"
import { type SportsWith, sportsWith } from "./sports/Registry.js"

/** Consistency constant of the MAD for a normal distribution, 1/Φ⁻¹(0.75) (Rousseeuw & Croux 1993). */
export const MAD_CONSISTENCY = 1.4826

/** Consistency constant of the mean absolute deviation for a normal distribution, sqrt(π/2). */
export const MEAN_AD_CONSISTENCY = 1.2533

/** Previous games (newest first) the history holds at most. */
export const ANOMALY_HISTORY = 20

/** Previous games with fantasy points needed for a score. */
export const MIN_ANOMALY_HISTORY = 5

/** |z| at which the score is 50; with it, 70 falls at |z| = 3.5 (Iglewicz & Hoaglin's cut-off). */
export const SCORE_HALF_Z = 1.5

/** Score at and above which a player's newest game writes `anomaly.detected` (specification: above 70 is meaningful). */
export const ANOMALY_THRESHOLD = 70

/** Sports scored: those whose stat lines carry per-game fantasy points (the registry's `anomaly`). */
export const anomalySports = sportsWith("anomaly")
export type AnomalySport = SportsWith<"anomaly">

/** The median of `values` (mean of the two middle ones for an even count); null when empty. */
export const median = (values: ReadonlyArray<number>): number | null => {
  if (values.length === 0) return null
  const s = [...values].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/** A robust z-score with what it was computed from. */
export interface RobustZ {
  /** (x - median) / scale. */
  readonly z: number
  readonly median: number
  /** Median absolute deviation from the median (unscaled). */
  readonly mad: number
  /** The scale used: 1.4826·MAD, or 1.2533·mean absolute deviation when MAD is 0. */
  readonly scale: number
  readonly scale_method: "mad" | "mean_absolute_deviation"
}

/**
 * The robust z of `x` against `history` (see the module doc); null when `history` is empty or
 * has no spread at all (every value equal).
 */
export const robustZ = (x: number, history: ReadonlyArray<number>): RobustZ | null => {
  const m = median(history)
  if (m === null) return null
  const deviations = history.map((v) => Math.abs(v - m))
  const mad = median(deviations)!
  if (mad > 0) {
    return { z: (x - m) / (MAD_CONSISTENCY * mad), median: m, mad, scale: MAD_CONSISTENCY * mad, scale_method: "mad" }
  }
  const meanAd = deviations.reduce((a, b) => a + b, 0) / deviations.length
  if (meanAd === 0) return null
  const scale = MEAN_AD_CONSISTENCY * meanAd
  return { z: (x - m) / scale, median: m, mad, scale, scale_method: "mean_absolute_deviation" }
}

/** The 0-100 score of a robust z: 100·|z| / (|z| + 1.5), rounded to 1 decimal. */
export const scoreOfZ = (z: number): number => round((100 * Math.abs(z)) / (Math.abs(z) + SCORE_HALF_Z), 1)

/**
 * A stored anomaly score (table `anomaly_scores`, migration 16): one per player, of his newest
 * game. `line_id` is that game's stat line id (the player-game key of `anomaly.detected`);
 * fantasy points in the sport's default format; `baseline_median`, `mad`, `scale` in fantasy
 * points; `robust_z` rounded to 3 decimals; `direction` the sign of z.
 */
export interface AnomalyScore {
  readonly player_id: string
  readonly sport: TeamSport
  readonly season: number
  readonly line_id: string
  readonly game_id: string | null
  readonly game_date: string | null
  readonly week: number | null
  readonly team: string | null
  readonly fantasy_points: number
  readonly baseline_median: number
  readonly mad: number
  readonly scale: number
  readonly scale_method: "mad" | "mean_absolute_deviation"
  readonly robust_z: number
  readonly anomaly_score: number
  readonly direction: "above" | "below" | "at"
  readonly games_used: number
  readonly computed_at: Date
}

/**
 * The anomaly scores of a sport from all its stat lines (any order): one per player whose
 * newest line is in the sport's latest season (the newest season holding a line) and has
 * fantasy points, with at least {@link MIN_ANOMALY_HISTORY} earlier lines with fantasy points
 * and a spread (see {@link robustZ}); ordered by player_id (code units).
 */
export const computeSportAnomalies = (
  sport: TeamSport,
  lines: ReadonlyArray<StatLine>,
  now: Date
): ReadonlyArray<AnomalyScore> => {
  const latestSeason = lines.reduce((m, l) => Math.max(m, l.season), -Infinity)
  const byPlayer = new Map<string, Array<StatLine>>()
  for (const l of lines) {
    const list = byPlayer.get(l.player_id)
    if (list === undefined) byPlayer.set(l.player_id, [l])
    else list.push(l)
  }
  const out: Array<AnomalyScore> = []
  for (const [player_id, list] of byPlayer) {
    const sorted = [...list].sort(newestFirst)
    const newest = sorted[0]!
    if (newest.season !== latestSeason || newest.fantasy_points === null) continue
    const history = sorted.slice(1).flatMap((l) => (l.fantasy_points === null ? [] : [l.fantasy_points]))
      .slice(0, ANOMALY_HISTORY)
    if (history.length < MIN_ANOMALY_HISTORY) continue
    const r = robustZ(newest.fantasy_points, history)
    if (r === null) continue
    out.push({
      player_id,
      sport,
      season: newest.season,
      line_id: newest.id,
      game_id: newest.game_id,
      game_date: newest.game_date,
      week: newest.week,
      team: newest.team,
      fantasy_points: round(newest.fantasy_points, 2),
      baseline_median: round(r.median, 2),
      mad: round(r.mad, 2),
      scale: round(r.scale, 3),
      scale_method: r.scale_method,
      robust_z: round(r.z, 3),
      anomaly_score: scoreOfZ(r.z),
      direction: r.z > 0 ? "above" : r.z < 0 ? "below" : "at",
      games_used: history.length,
      computed_at: now
    })
  }
  return out.sort((a, b) => (a.player_id < b.player_id ? -1 : a.player_id > b.player_id ? 1 : 0))
}

/** The plain-language advice of an anomaly event, every figure read from the score row. */
export const recommendationOf = (s: AnomalyScore): string =>
  `${s.fantasy_points} fantasy points against a median of ${s.baseline_median} over his previous ${s.games_used} games: ` +
  (s.direction === "above"
    ? "check for a change of role or usage before treating it as his new level"
    : "check for an injury or a reduced role before dropping him")

/**
 * The `anomaly.detected` event of a score at or above {@link ANOMALY_THRESHOLD} (payload per
 * the specification: player, team, anomaly_score, recommendation; plus player_id, line_id,
 * game_date and direction to identify the player-game). `player` is the canonical name.
 */
export const anomalyEvent = (s: AnomalyScore, player: string): NewServiceEvent => ({
  name: "anomaly.detected",
  sport: s.sport,
  payload: {
    player,
    team: s.team,
    anomaly_score: s.anomaly_score,
    recommendation: recommendationOf(s),
    player_id: s.player_id,
    line_id: s.line_id,
    game_date: s.game_date,
    direction: s.direction
  }
})

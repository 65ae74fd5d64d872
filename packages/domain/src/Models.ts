/**
 * The model registry (issue 12, decisions.md "Models"): model versions with their cards, the
 * per player-game predictions of ACTIVE models, and the pure parts of training and validation of
 * each model of the registry (confidence: nfl, nba, nhl; heat: nfl, nba; mlb pitcher_form; the
 * nfl projection's parts are in Projection.ts, the nba projection's in ProjectionNba.ts): the slate start lines, the leakage-free features,
 * the naive baselines, the metrics (Brier score and calibration error, Spearman rank correlation,
 * mean absolute error) and the pass rules. The fit itself (a numeric library) runs outside the
 * domain (ingest Models.ts); this module imports `effect` only.
 *
 * A model feeds an output only while its version is ACTIVE, and a version becomes ACTIVE only by
 * beating its naive baseline on a held-out window by its pass rule; otherwise it is REJECTED (and
 * a superseded ACTIVE one RETIRED). confidence_score = round(75·p) (decisions.md: integer 0..75).
 * @module
 */
import { Schema } from "effect"
import type { StatLine } from "./Canonical.js"
import { TeamSport } from "./Sport.js"

/** Registry status of a model version. */
export const ModelStatus = Schema.Literal("ACTIVE", "REJECTED", "RETIRED")
export type ModelStatus = typeof ModelStatus.Type

/** The kinds of model in the registry (issue 12's table). */
export const ModelType = Schema.Literal("confidence", "heat", "pitcher_form", "projection")
export type ModelType = typeof ModelType.Type

/** Heat classes (decisions.md). */
export const HeatSignal = Schema.Literal("Cold", "Warming", "Hot", "Surging")
export type HeatSignal = typeof HeatSignal.Type

/**
 * The measured validation of a version on its held-out window: the metric of the model and of the
 * naive baseline on the same observations (lower is better for Brier), the relative improvement
 * in percent ((baseline − model) / baseline · 100), the model's calibration error (expected
 * calibration error over 10 equal-width probability bins, fraction 0-1), the observation counts,
 * and whether the pass rule held.
 */
export const ModelResult = Schema.Struct({
  metric_model: Schema.Number,
  metric_baseline: Schema.Number,
  improvement_pct: Schema.Number,
  calibration_error: Schema.NullOr(Schema.Number),
  observations_train: Schema.Int,
  observations_held_out: Schema.Int,
  passed: Schema.Boolean
})
export type ModelResult = typeof ModelResult.Type

/**
 * A further measured window of the same model (issue 12: nfl "then retrain through 2024 and report
 * 2025 weeks 1-14"): the model refitted on `training_window` and measured on `held_out_window`
 * by the same metric, baseline and pass rule. Reported only; the status follows the card's
 * primary `result`.
 */
export const AdditionalResult = Schema.Struct({
  training_window: Schema.String,
  held_out_window: Schema.String,
  result: Schema.NullOr(ModelResult)
})
export type AdditionalResult = typeof AdditionalResult.Type

/**
 * A projection model's comparison with a published benchmark on one window (domain Projection.ts
 * `compareWithBenchmark`): the benchmark player-weeks, how many the model predicted and the
 * coverage (fraction 0-1), and the mean absolute errors in points of the model (half-PPR, and
 * its PPR and standard errors on the same player-weeks), of NFL.com's projection and of the
 * trailing-8 mean (null when no predicted player-week has one). `role`: "validation" (settings
 * chosen here) or "held_out" (frozen settings).
 */
export const BenchmarkResult = Schema.Struct({
  window: Schema.String,
  role: Schema.Literal("validation", "held_out"),
  player_weeks: Schema.Int,
  predicted: Schema.Int,
  coverage: Schema.Number,
  mae_model: Schema.Number,
  mae_nfl_com: Schema.Number,
  mae_trailing: Schema.NullOr(Schema.Number),
  mae_model_ppr: Schema.Number,
  mae_model_standard: Schema.Number
})
export type BenchmarkResult = typeof BenchmarkResult.Type

/**
 * A confidence model's Brier score beside that of a probability derived from a published
 * projection, on the same player-weeks (Refit.ts `compareProbabilities`): the window, how the
 * benchmark probability is made (`benchmark`: σ(intercept + slope·(projection − line)), a
 * logistic fitted on `fitted_on`), the player-weeks (those the model predicts and the benchmark
 * projects; the player played), the Brier of the model, of the benchmark and of the trailing
 * baseline there, and the fitted intercept and slope (per point of projection − line). Brier
 * rounded to 5 decimals.
 */
export const ProbabilityBenchmark = Schema.Struct({
  window: Schema.String,
  benchmark: Schema.String,
  fitted_on: Schema.String,
  player_weeks: Schema.Int,
  brier_model: Schema.Number,
  brier_benchmark: Schema.Number,
  brier_baseline: Schema.Number,
  intercept: Schema.Number,
  slope: Schema.Number
})
export type ProbabilityBenchmark = typeof ProbabilityBenchmark.Type

/**
 * One row of the comparison of a model's candidate versions on the same held-out windows (issue
 * 23: the refit with pre-kickoff features beside the current one): the candidate (`candidate`:
 * "current" or "refit", `major` its version's major number, `features` how many), the window, its
 * measured result there (null when it could not be fitted) and whether this candidate is the one
 * recorded ACTIVE (`chosen`; false for both when neither passed its rule). The same table is on
 * every candidate's card.
 */
export const VersionComparison = Schema.Struct({
  candidate: Schema.String,
  major: Schema.Int,
  features: Schema.Int,
  held_out_window: Schema.String,
  result: Schema.NullOr(ModelResult),
  chosen: Schema.Boolean
})
export type VersionComparison = typeof VersionComparison.Type

/**
 * A model card: what the model predicts (`target`), from which `features` (each computed only
 * from games before the predicted one), the training and held-out windows, the `metric`, the
 * `naive_baseline` it must beat and the `pass_rule`, the measured `result` of both (null when the
 * model could not be trained: `note` says why), the numeric `library` of the fit, the fitted
 * `coefficients` (intercept first, then one per feature, on standardised features), and, when
 * present, `additional_results` (further windows measured the same way; reported only),
 * `benchmark_results` (a projection model against NFL.com's published projections),
 * `probability_benchmarks` (a confidence model's Brier beside a probability derived from NFL.com's
 * projection) and `version_comparison` (candidate versions side by side on the same windows).
 */
export const ModelCard = Schema.Struct({
  target: Schema.String,
  features: Schema.Array(Schema.String),
  training_window: Schema.String,
  held_out_window: Schema.String,
  metric: Schema.String,
  naive_baseline: Schema.String,
  pass_rule: Schema.String,
  result: Schema.NullOr(ModelResult),
  note: Schema.NullOr(Schema.String),
  library: Schema.NullOr(Schema.String),
  coefficients: Schema.NullOr(Schema.Array(Schema.Number)),
  additional_results: Schema.optionalWith(Schema.Array(AdditionalResult), { exact: true }),
  benchmark_results: Schema.optionalWith(Schema.Array(BenchmarkResult), { exact: true }),
  probability_benchmarks: Schema.optionalWith(Schema.Array(ProbabilityBenchmark), { exact: true }),
  version_comparison: Schema.optionalWith(Schema.Array(VersionComparison), { exact: true })
})
export type ModelCard = typeof ModelCard.Type

/**
 * A model version record. `id` = `<sport>.<model_type>.<version>`; `version` is derived from the
 * training data and the fit (same data, same version: training is deterministic). `trained_at` is
 * an ISO 8601 UTC time.
 */
export const ModelVersion = Schema.Struct({
  id: Schema.String,
  sport: TeamSport,
  model_type: ModelType,
  version: Schema.String,
  status: ModelStatus,
  trained_at: Schema.String,
  card: ModelCard
})
export type ModelVersion = typeof ModelVersion.Type

/** An 80% interval of points: `low` the 10th and `high` the 90th percentile (points). */
export const Interval80 = Schema.Struct({ low: Schema.Number, high: Schema.Number })
export type Interval80 = typeof Interval80.Type

/**
 * A projection's points: predicted fantasy points per scoring format (nfl `standard`, `half_ppr`,
 * `ppr`; nba `fanduel`), the 80% interval per format ({@link Interval80}) and the actual points per format
 * (null for a game not yet played).
 */
export const ProjectedPoints = Schema.Struct({
  points: Schema.Record({ key: Schema.String, value: Schema.Number }),
  interval_80: Schema.Record({ key: Schema.String, value: Interval80 }),
  actual_points: Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.Number }))
})
export type ProjectedPoints = typeof ProjectedPoints.Type

/**
 * One stored prediction of an ACTIVE model for one player-game, made as of before the game
 * (`as_of` = the date of the player's last game before it, the newest data the features used).
 * By model_type: confidence: `probability` fraction 0-1, `confidence_score` integer 0..75,
 * `threshold` the start line (points), `expected` null; heat: `heat_signal`, `expected` the
 * expected points, `threshold` the trailing mean (points), probability and score null;
 * pitcher_form: `expected` strikeouts, threshold null; projection: `expected` half-PPR points
 * (nba: FanDuel points), `threshold` the trailing-8 mean (nba: trailing-10; null without an
 * earlier game), `week` the game's week (nba: null) and `projection` the points per format with
 * their intervals. `actual` the points (strikeouts) he
 * scored, null for a game not yet played. `heat_signal` is null unless an ACTIVE heat model produced it.
 */
export const ModelPrediction = Schema.Struct({
  model_id: Schema.String,
  sport: TeamSport,
  player_id: Schema.String,
  season: Schema.Int,
  game_id: Schema.String,
  game_date: Schema.NullOr(Schema.String),
  model_type: ModelType,
  model_version: Schema.String,
  as_of: Schema.NullOr(Schema.String),
  probability: Schema.NullOr(Schema.Number),
  confidence_score: Schema.NullOr(Schema.Int),
  heat_signal: Schema.NullOr(HeatSignal),
  expected: Schema.NullOr(Schema.Number),
  threshold: Schema.NullOr(Schema.Number),
  actual: Schema.NullOr(Schema.Number),
  week: Schema.optionalWith(Schema.NullOr(Schema.Int), { exact: true }),
  projection: Schema.optionalWith(Schema.NullOr(ProjectedPoints), { exact: true })
})
export type ModelPrediction = typeof ModelPrediction.Type

// --- the confidence models -----------------------------------------------------------------------

/**
 * A confidence model's definition: the points it uses (`format` key of `fantasy_points_formats`,
 * or the default `fantasy_points` when null), how lines group into slates (nfl: season and week;
 * nba: the game date), the start line rank per position group (`lineRanks`: position → rank k, the
 * line being the k-th highest points of that group on the slate; key "*" = every position), the
 * trailing window of the baseline, and the train and held-out seasons.
 */
export interface ConfidenceSpec {
  readonly sport: TeamSport
  readonly format: string | null
  readonly slate: "week" | "date"
  readonly lineRanks: Readonly<Record<string, number>>
  readonly window: number
  readonly minHistory: number
  /** Highest week of a slate (nfl: 18, the regular season); null for no limit. */
  readonly maxWeek: number | null
  readonly trainSeasons: ReadonlyArray<number>
  readonly heldOutSeasons: ReadonlyArray<number>
  readonly trainingWindow: string
  readonly heldOutWindow: string
  readonly target: string
  /** The points are this key of `stats` instead of fantasy points (nhl: "points", goals + assists). */
  readonly stat?: string
  /** One line for every game instead of a slate rank (nhl: 1 point); `lineRanks` keys then only name the groups. */
  readonly fixedLine?: number
  /** Windows by date instead of `trainSeasons` / `heldOutSeasons` (nhl's in-season hold-out). */
  readonly train?: Window
  readonly heldOut?: Window
  /** A further window reported on the card (nfl: retrain through 2024, measure 2025 weeks 1-14). */
  readonly retrain?: Retrain
  /**
   * Adds {@link extraConfidenceFeatures} after the base features: an indicator per position group
   * but the last of `lineRanks`, and the squares of the trailing clear rate and of the signed mean
   * (points − line) (nfl: lines and clear rates differ by position; the squares let the logit bend).
   */
  readonly extraFeatures?: boolean
  /**
   * Recalibrates the fitted probabilities by Platt scaling (Platt 1999): a logistic regression of
   * the label on logit(p), fitted on out-of-fold predictions of the training window (2 folds:
   * week parity, else day-of-month parity), training data only.
   */
  readonly platt?: boolean
  /** The L2 penalty of the logistic fit per observation on standardised features (default 1e-3). */
  readonly ridge?: number
}

/**
 * A window of player-games: of `seasons`, dated from `from` to `until` inclusive (ISO dates) and
 * of week at most `maxWeek` when given. A game without a date (or week) is outside a window that
 * bounds it.
 */
export interface Window {
  readonly seasons: ReadonlyArray<number>
  readonly from?: string
  readonly until?: string
  readonly maxWeek?: number
}

/** A further training and held-out window of a model, with the card's wording of each. */
export interface Retrain {
  readonly train: Window
  readonly heldOut: Window
  readonly trainingWindow: string
  readonly heldOutWindow: string
}

/** Whether a player-game falls in window `w` (see {@link Window}). */
export const inWindow = (
  w: Window,
  e: { readonly season: number; readonly game_date: string | null; readonly week: number | null }
): boolean =>
  w.seasons.includes(e.season) &&
  (w.from === undefined || (e.game_date !== null && e.game_date >= w.from)) &&
  (w.until === undefined || (e.game_date !== null && e.game_date <= w.until)) &&
  (w.maxWeek === undefined || (e.week !== null && e.week <= w.maxWeek))

/** The training and held-out windows of a spec: its date windows, else its seasons. */
export const windowsOf = (spec: ConfidenceSpec): { readonly train: Window; readonly heldOut: Window } => ({
  train: spec.train ?? { seasons: spec.trainSeasons },
  heldOut: spec.heldOut ?? { seasons: spec.heldOutSeasons }
})

/**
 * Why nfl's 2022 games are history only (features of later games) and not training examples: the
 * stored nfl lines start in 2022, so a 2022 game's trailing window is cut short by the data's
 * start and only players with three 2022 games qualify; their clear rate (0.33) is not that of
 * later seasons (0.20), measured on the training seasons alone.
 */
const NFL_HISTORY_ONLY =
  "2022 games serve as history only (the data starts in 2022: 2022's trailing windows are cut short, and its examples' clear rate, 0.33, is not that of 2023, 0.20)"

/**
 * nfl confidence (issue 12): P(PPR points ≥ the week's positional start line: 12th QB, 24th RB,
 * 24th WR, 12th TE of that week's lines), train 2022-2023, validate 2024, baseline trailing-8.
 */
export const nflConfidence: ConfidenceSpec = {
  sport: "nfl",
  format: "ppr",
  slate: "week",
  lineRanks: { QB: 12, RB: 24, WR: 24, TE: 12 },
  window: 8,
  minHistory: 3,
  maxWeek: 18,
  trainSeasons: [2022, 2023],
  heldOutSeasons: [2024],
  train: { seasons: [2023] },
  trainingWindow: `nfl seasons 2022-2023; ${NFL_HISTORY_ONLY}`,
  heldOutWindow: "nfl season 2024",
  target: "P(next game's PPR points >= the week's positional start line: 12th QB, 24th RB, 24th WR, 12th TE)",
  retrain: {
    train: { seasons: [2023, 2024] },
    heldOut: { seasons: [2025], maxWeek: 14 },
    trainingWindow: `nfl seasons 2022-2024; ${NFL_HISTORY_ONLY}`,
    heldOutWindow: "nfl season 2025 weeks 1-14"
  },
  extraFeatures: true,
  platt: true
}

/**
 * nba confidence (issue 12): P(FanDuel points ≥ the night's top-100 threshold: the 100th highest
 * FanDuel points of that date), train 2022-23 and 2023-24, validate 2024-25 (seasons by their
 * starting year), baseline trailing-10.
 */
export const nbaConfidence: ConfidenceSpec = {
  sport: "nba",
  format: null,
  slate: "date",
  lineRanks: { "*": 100 },
  window: 10,
  minHistory: 3,
  maxWeek: null,
  trainSeasons: [2022, 2023],
  heldOutSeasons: [2024],
  trainingWindow: "nba seasons 2022-23 and 2023-24",
  heldOutWindow: "nba season 2024-25",
  target: "P(next game's FanDuel points >= the night's top-100 threshold (100th highest of that date))"
}

/**
 * nhl confidence (issue 12): P(next game's points (goals + assists) >= 1, the standard 0.5-point
 * player prop line), skaters only (C, LW, RW, D; goalies have no such line), season 2025-26 (start
 * year 2025): train on games through 2025-12-31, validate on 2026-01-01 to 2026-02-20, an
 * in-season hold-out (the only nhl player game lines in the data are of 2025-26). Baseline
 * trailing-10.
 */
export const nhlConfidence: ConfidenceSpec = {
  sport: "nhl",
  format: null,
  stat: "points",
  fixedLine: 1,
  slate: "date",
  lineRanks: { C: 1, LW: 1, RW: 1, D: 1 },
  window: 10,
  minHistory: 3,
  maxWeek: null,
  trainSeasons: [2025],
  heldOutSeasons: [2025],
  train: { seasons: [2025], until: "2025-12-31" },
  heldOut: { seasons: [2025], from: "2026-01-01", until: "2026-02-20" },
  trainingWindow: "nhl season 2025-26 games through 2025-12-31",
  heldOutWindow:
    "nhl season 2025-26 games 2026-01-01 to 2026-02-20 (an in-season hold-out: later games of the same season)",
  target: "P(next game's points (goals + assists) >= 1, the 0.5-point player prop line), skaters"
}

/** Every trainable confidence model, by sport. */
export const confidenceSpecs: ReadonlyArray<ConfidenceSpec> = [nflConfidence, nbaConfidence, nhlConfidence]

/** Names of the features, in the order of {@link Example.features}. */
export const confidenceFeatures: ReadonlyArray<string> = [
  "trailing clear rate (share of his last N games at or above their slate's line)",
  "mean of (points - line) over his last N games",
  "mean of (points - line) over his last 3 games",
  "standard deviation of his points over his last N games",
  "games in the window / N",
  "days since his previous game, capped at 280, / 7"
]

/** The metric, baseline and pass rule of a confidence model, as its card states them. */
export const confidenceRule = (spec: ConfidenceSpec) => ({
  metric: "Brier score (mean squared error of the probability; lower is better)",
  naive_baseline: `the player's trailing-${spec.window} rate of clearing the line`,
  pass_rule:
    "Brier score at least 3% lower than the baseline's on the held-out window AND expected calibration error (10 bins) <= 0.03"
})

/** Names of the features {@link ConfidenceSpec.extraFeatures} adds, for the groups of `spec`. */
export const extraConfidenceFeatures = (spec: ConfidenceSpec): ReadonlyArray<string> => [
  ...Object.keys(spec.lineRanks).slice(0, -1).map((g) => `1 when he is listed at ${g}, else 0`),
  "square of the trailing clear rate",
  "signed square of the mean of (points - line) over his last N games"
]

/** A player-game with its features (from earlier games only), label and baseline. */
export interface Example {
  readonly player_id: string
  readonly game_id: string
  readonly season: number
  readonly week: number | null
  readonly game_date: string | null
  readonly as_of: string | null
  readonly threshold: number
  readonly actual: number
  readonly label: 0 | 1
  readonly baseline: number
  readonly features: ReadonlyArray<number>
}

const pointsOf = (spec: ConfidenceSpec, line: StatLine): number | null =>
  spec.stat !== undefined
    ? (line.stats[spec.stat] ?? null)
    : spec.format === null
    ? line.fantasy_points
    : (line.fantasy_points_formats[spec.format] ?? null)

const groupOf = (spec: ConfidenceSpec, line: StatLine): string | null =>
  "*" in spec.lineRanks
    ? "*"
    : line.position !== null && line.position.toUpperCase() in spec.lineRanks
    ? line.position.toUpperCase()
    : null

const slateOf = (spec: ConfidenceSpec, line: StatLine): string | null =>
  spec.maxWeek !== null && (line.week === null || line.week > spec.maxWeek)
    ? null
    : spec.slate === "week"
    ? (line.week === null ? null : `${line.season}-${line.week}`)
    : line.game_date

/**
 * The start line of every (slate, group): the k-th highest points of that group's lines on that
 * slate (k from `lineRanks`); no line when the slate has fewer than k lines of the group. Key
 * `<slate>|<group>`.
 */
export const slateLines = (spec: ConfidenceSpec, lines: ReadonlyArray<StatLine>): Map<string, number> => {
  const bySlate = new Map<string, Array<number>>()
  for (const line of lines) {
    const slate = slateOf(spec, line)
    const group = groupOf(spec, line)
    const points = pointsOf(spec, line)
    if (slate === null || group === null || points === null) continue
    const key = `${slate}|${group}`
    const list = bySlate.get(key) ?? []
    list.push(points)
    bySlate.set(key, list)
  }
  const out = new Map<string, number>()
  for (const [key, list] of bySlate) {
    const k = spec.lineRanks[key.slice(key.indexOf("|") + 1)]
    if (k === undefined || list.length < k) continue
    list.sort((a, b) => b - a)
    out.set(key, list[k - 1]!)
  }
  return out
}

/** Order of a player's lines: season, week, date, id (code units). */
const chronological = (a: StatLine, b: StatLine): number =>
  a.season - b.season || (a.week ?? 0) - (b.week ?? 0) ||
  (a.game_date ?? "").localeCompare(b.game_date ?? "") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const mean = (xs: ReadonlyArray<number>): number => xs.reduce((s, x) => s + x, 0) / xs.length

/** Days from the newest history game to the predicted game, capped at 280, in weeks (1 when a date is missing). */
const gapWeeks = (window: ReadonlyArray<{ readonly date: string | null }>, gameDate: string | null): number => {
  const last = window[window.length - 1]?.date ?? null
  if (last === null || gameDate === null) return 1
  const days = (Date.parse(gameDate) - Date.parse(last)) / 86_400_000
  return Math.min(280, Math.max(0, days)) / 7
}

/**
 * The features of one game from the player's `history` (his earlier games, oldest first, each
 * with its points and its slate's line): see {@link confidenceFeatures}. Pure; the predicted
 * game's own points and line are not an input, so they cannot leak. Returns the baseline (the
 * trailing clear rate) too; null when the history is shorter than `minHistory`.
 */
export const featuresOf = (
  spec: ConfidenceSpec,
  history: ReadonlyArray<{ readonly points: number; readonly line: number; readonly date: string | null }>,
  gameDate: string | null
): { readonly features: ReadonlyArray<number>; readonly baseline: number } | null => {
  const window = history.slice(-spec.window)
  if (window.length < spec.minHistory) return null
  const clears = window.map((g) => (g.points >= g.line ? 1 : 0))
  const diffs = window.map((g) => g.points - g.line)
  const pts = window.map((g) => g.points)
  const m = mean(pts)
  const sd = Math.sqrt(mean(pts.map((p) => (p - m) ** 2)))
  const rate = mean(clears)
  return {
    baseline: rate,
    features: [rate, mean(diffs), mean(diffs.slice(-3)), sd, window.length / spec.window, gapWeeks(window, gameDate)]
  }
}

/**
 * Each player's games of the model's groups (and slates), oldest first ({@link chronological}),
 * with their points; lines without points are left out. Players in id order (code units).
 */
export const playerGames = (
  spec: ConfidenceSpec,
  lines: ReadonlyArray<StatLine>
): ReadonlyArray<{ readonly player_id: string; readonly games: ReadonlyArray<{ line: StatLine; points: number }> }> => {
  const byPlayer = new Map<string, Array<StatLine>>()
  for (const line of lines) {
    if (line.sport !== spec.sport || slateOf(spec, line) === null || groupOf(spec, line) === null) continue
    const list = byPlayer.get(line.player_id) ?? []
    list.push(line)
    byPlayer.set(line.player_id, list)
  }
  return [...byPlayer.keys()].sort().map((player_id) => ({
    player_id,
    games: byPlayer.get(player_id)!.slice().sort(chronological).flatMap((line) => {
      const points = pointsOf(spec, line)
      return points === null ? [] : [{ line, points }]
    })
  }))
}

/**
 * Every player-game of the model's groups with a slate line (or the spec's fixed line) and at
 * least `minHistory` earlier games with lines, with its features from the earlier games only
 * ({@link featuresOf}), its label (points ≥ line) and baseline. Games are keyed by `game_id`
 * (the line id when the source has no game id). Ordered by player id then chronologically.
 */
export const buildExamples = (spec: ConfidenceSpec, lines: ReadonlyArray<StatLine>): ReadonlyArray<Example> => {
  const lineOf = spec.fixedLine === undefined ? slateLines(spec, lines) : new Map<string, number>()
  const out: Array<Example> = []
  for (const { games, player_id } of playerGames(spec, lines)) {
    const history: Array<{ points: number; line: number; date: string | null }> = []
    for (const { line: game, points } of games) {
      const threshold = spec.fixedLine ?? lineOf.get(`${slateOf(spec, game)}|${groupOf(spec, game)}`)
      if (threshold === undefined) continue
      const f = featuresOf(spec, history, game.game_date)
      if (f !== null) {
        const group = groupOf(spec, game)
        const extra = spec.extraFeatures !== true ? [] : [
          ...Object.keys(spec.lineRanks).slice(0, -1).map((g) => (g === group ? 1 : 0)),
          f.features[0]! ** 2,
          Math.sign(f.features[1]!) * f.features[1]! ** 2
        ]
        out.push({
          player_id,
          game_id: game.game_id ?? game.id,
          season: game.season,
          week: game.week,
          game_date: game.game_date,
          as_of: history[history.length - 1]?.date ?? null,
          threshold,
          actual: points,
          label: points >= threshold ? 1 : 0,
          baseline: f.baseline,
          features: [...f.features, ...extra]
        })
      }
      history.push({ points, line: threshold, date: game.game_date })
    }
  }
  return out
}

/** Brier score: mean of (p − y)²; NaN for no observations. */
export const brier = (p: ReadonlyArray<number>, y: ReadonlyArray<number>): number =>
  mean(p.map((pi, i) => (pi - y[i]!) ** 2))

/** One bin of a reliability diagram: probabilities in [low, high), their count, mean and the observed rate. */
export interface CalibrationBin {
  readonly low: number
  readonly high: number
  readonly observations: number
  /** Mean predicted probability in the bin (fraction 0-1); null for an empty bin. */
  readonly mean_probability: number | null
  /** Fraction of the bin's observations whose outcome happened (0-1); null for an empty bin. */
  readonly observed_rate: number | null
}

/**
 * The 10 equal-width bins of p ([0,0.1), ..., [0.9,1]) of a reliability diagram: per bin, the
 * count, the mean of p and the mean of the outcomes y (0 or 1) (DeGroot and Fienberg 1983).
 */
export const calibrationBins = (p: ReadonlyArray<number>, y: ReadonlyArray<number>): ReadonlyArray<CalibrationBin> => {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }))
  p.forEach((pi, i) => {
    const b = bins[Math.min(9, Math.max(0, Math.floor(pi * 10)))]!
    b.n += 1
    b.p += pi
    b.y += y[i]!
  })
  return bins.map((b, i) => ({
    low: i / 10,
    high: (i + 1) / 10,
    observations: b.n,
    mean_probability: b.n === 0 ? null : b.p / b.n,
    observed_rate: b.n === 0 ? null : b.y / b.n
  }))
}

/**
 * Expected calibration error: over the 10 bins of {@link calibrationBins}, the
 * observation-weighted mean of |mean p − mean y| per bin (Naeini, Cooper and Hauskrecht 2015).
 */
export const calibrationError = (p: ReadonlyArray<number>, y: ReadonlyArray<number>): number =>
  calibrationBins(p, y).reduce(
    (s, b) =>
      b.observations === 0 ? s : s + (b.observations / p.length) * Math.abs(b.mean_probability! - b.observed_rate!),
    0
  )

/** confidence_score = round(75·p), an integer 0..75 (issue 12, decisions.md). */
export const confidenceScore = (p: number): number => Math.round(75 * p)

/**
 * The validation of a confidence model on its held-out observations: Brier of the model's
 * probabilities and of the baseline, improvement in percent, calibration error, and the pass rule
 * (Brier ≥ 3% lower and calibration error ≤ 0.03). Metrics rounded to 5 decimals.
 */
export const validateConfidence = (
  heldOut: ReadonlyArray<{ readonly probability: number; readonly baseline: number; readonly label: number }>,
  observationsTrain: number
): ModelResult => {
  const y = heldOut.map((e) => e.label)
  const model = brier(heldOut.map((e) => e.probability), y)
  const base = brier(heldOut.map((e) => e.baseline), y)
  const cal = calibrationError(heldOut.map((e) => e.probability), y)
  const improvement = ((base - model) / base) * 100
  const r5 = (x: number) => Math.round(x * 1e5) / 1e5
  return {
    metric_model: r5(model),
    metric_baseline: r5(base),
    improvement_pct: Math.round(improvement * 100) / 100,
    calibration_error: r5(cal),
    observations_train: observationsTrain,
    observations_held_out: heldOut.length,
    passed: heldOut.length > 0 && improvement >= 3 && cal <= 0.03
  }
}

/**
 * The mlb confidence card: never trained, because no source carries a per-batter game line to
 * predict against (issue 12); REJECTED, with the note saying so.
 */
export const mlbConfidenceCard: ModelCard = {
  target: "P(next game's fantasy points >= a per-batter game line)",
  features: [],
  training_window: "none",
  held_out_window: "none",
  metric: "Brier score",
  naive_baseline: "trailing-10 rate of clearing the line",
  pass_rule: "Brier score at least 3% lower than the baseline's and calibration error <= 0.03",
  result: null,
  note:
    "no per-batter game lines exist in any source, so there is no target to train or validate against; the fields stay null",
  library: null,
  coefficients: null
}

// --- the heat models -----------------------------------------------------------------------------

/**
 * Heat cut points (issue 12, decisions.md classes), on the relative change r = (points −
 * trailing mean) / trailing mean: Cold r < −0.10 (falling), Warming −0.10 ≤ r < 0.10 (level),
 * Hot 0.10 ≤ r < 0.25 (rising), Surging r ≥ 0.25. Chosen as round fractions of the trailing
 * mean before any measurement; the same cuts bin the model's predicted change and the baseline's
 * momentum_delta.
 */
export const heatCuts: ReadonlyArray<number> = [-0.1, 0.1, 0.25]

/** The heat classes in order, coldest first (ordinal 0..3 for the rank correlation). */
export const heatClasses: ReadonlyArray<HeatSignal> = ["Cold", "Warming", "Hot", "Surging"]

/** The heat class of a relative change r = change / trailing mean (see {@link heatCuts}). */
export const heatClassOfRelative = (r: number): HeatSignal => heatClasses[heatCuts.filter((c) => r >= c).length]!

/** The heat class of a change of `change` points against a trailing mean `trailingMean` (> 0). */
export const heatClassOf = (change: number, trailingMean: number): HeatSignal =>
  heatClassOfRelative(change / trailingMean)

/**
 * The heat model's fitted target: the realised relative change (points − trailing mean) /
 * trailing mean, clipped to [−1, 2] so that a few huge ratios of low-scoring players (a 1-point
 * mean and a 10-point game: +900%) do not drive a least-squares fit that is judged by ranks.
 */
export const heatTarget = (e: { readonly change: number; readonly trailing_mean: number }): number =>
  Math.max(-1, Math.min(2, e.change / e.trailing_mean))

/** Games of history a heat example needs: 6, the span of momentum_delta (Analytics.ts). */
export const HEAT_MIN_HISTORY = 6

/** Games of the long-run mean feature of the heat model. */
export const HEAT_LONG_WINDOW = 20

/** Names of the heat model's features, in the order of {@link HeatExample.features}. */
export const heatFeatures: ReadonlyArray<string> = [
  "ln(1 + trailing mean of his points over his last N games)",
  "(mean of his last 3 games - trailing mean) / trailing mean",
  "momentum_delta / trailing mean (momentum_delta: mean of his last 3 games minus the mean of games 4 to 6 back)",
  "standard deviation of his points over his last N games / trailing mean",
  "(mean of his last 20 games - trailing mean) / trailing mean",
  "days since his previous game, capped at 280, / 7"
]

/**
 * A player-game of a heat model: the trailing mean of his last `window` earlier games (the
 * `threshold`), the realised change (`actual` − trailing mean), the baseline's momentum_delta and
 * the features, all from earlier games only.
 */
export interface HeatExample {
  readonly player_id: string
  readonly game_id: string
  readonly season: number
  readonly week: number | null
  readonly game_date: string | null
  readonly as_of: string | null
  readonly trailing_mean: number
  readonly actual: number
  readonly change: number
  readonly momentum_delta: number
  readonly features: ReadonlyArray<number>
}

/**
 * Every player-game of the spec's groups (and slates) with at least {@link HEAT_MIN_HISTORY}
 * earlier games and a positive trailing mean, with its heat features (see {@link heatFeatures})
 * computed from the earlier games only. Ordered by player id then chronologically.
 */
export const buildHeatExamples = (
  spec: ConfidenceSpec,
  lines: ReadonlyArray<StatLine>
): ReadonlyArray<HeatExample> => {
  const out: Array<HeatExample> = []
  for (const { games, player_id } of playerGames(spec, lines)) {
    for (let i = HEAT_MIN_HISTORY; i < games.length; i++) {
      const earlier = games.slice(Math.max(0, i - HEAT_LONG_WINDOW), i).map((g) => g.points)
      const window = earlier.slice(-spec.window)
      const m = mean(window)
      if (!(m > 0)) continue
      const game = games[i]!
      const recent = mean(window.slice(-3))
      const momentum = recent - mean(window.slice(-6, -3))
      const sd = Math.sqrt(mean(window.map((p) => (p - m) ** 2)))
      const previous = games[i - 1]!.line.game_date
      out.push({
        player_id,
        game_id: game.line.game_id ?? game.line.id,
        season: game.line.season,
        week: game.line.week,
        game_date: game.line.game_date,
        as_of: previous,
        trailing_mean: m,
        actual: game.points,
        change: game.points - m,
        momentum_delta: momentum,
        features: [
          Math.log(1 + m),
          (recent - m) / m,
          momentum / m,
          sd / m,
          (mean(earlier) - m) / m,
          gapWeeks([{ date: previous }], game.line.game_date)
        ]
      })
    }
  }
  return out
}

/** Ranks 1..n of `xs`, ties sharing their average rank. */
const ranks = (xs: ReadonlyArray<number>): Array<number> => {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0])
  const out = new Array<number>(xs.length)
  for (let i = 0; i < order.length;) {
    let j = i
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++
    for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2 + 1
    i = j + 1
  }
  return out
}

/**
 * Spearman's rank correlation of `a` and `b` (equal lengths): the Pearson correlation of their
 * ranks, ties at their average rank (Spearman 1904); 0 when either has no spread.
 */
export const spearman = (a: ReadonlyArray<number>, b: ReadonlyArray<number>): number => {
  const ra = ranks(a)
  const rb = ranks(b)
  const ma = mean(ra)
  const mb = mean(rb)
  let cov = 0
  let va = 0
  let vb = 0
  ra.forEach((x, i) => {
    cov += (x - ma) * (rb[i]! - mb)
    va += (x - ma) ** 2
    vb += (rb[i]! - mb) ** 2
  })
  return va === 0 || vb === 0 ? 0 : cov / Math.sqrt(va * vb)
}

/** The metric, baseline and pass rule of a heat model, as its card states them. */
export const heatRule = {
  metric:
    "Spearman rank correlation of the heat class (Cold < Warming < Hot < Surging) with the realised relative change (points − trailing mean) / trailing mean; higher is better",
  naive_baseline:
    "momentum_delta binned by the same cut points (momentum_delta / trailing mean: < -0.10 Cold, < 0.10 Warming, < 0.25 Hot, else Surging)",
  pass_rule: "Spearman rank correlation higher than the baseline's on the held-out window"
}

/**
 * The validation of a heat model on its held-out observations: Spearman correlation of the
 * model's class ordinal and of the baseline's with the realised relative change; improvement in
 * percent ((model − baseline) / |baseline| · 100); passes when the model's is higher. Metrics
 * rounded to 5 decimals; calibration_error null (no probability).
 */
export const validateHeat = (
  heldOut: ReadonlyArray<{ readonly model: HeatSignal; readonly baseline: HeatSignal; readonly realised: number }>,
  observationsTrain: number
): ModelResult => {
  const ordinal = (h: HeatSignal) => heatClasses.indexOf(h)
  const realised = heldOut.map((e) => e.realised)
  const model = spearman(heldOut.map((e) => ordinal(e.model)), realised)
  const base = spearman(heldOut.map((e) => ordinal(e.baseline)), realised)
  const r5 = (x: number) => Math.round(x * 1e5) / 1e5
  return {
    metric_model: r5(model),
    metric_baseline: r5(base),
    improvement_pct: base === 0 ? 0 : Math.round(((model - base) / Math.abs(base)) * 10_000) / 100,
    calibration_error: null,
    observations_train: observationsTrain,
    observations_held_out: heldOut.length,
    passed: heldOut.length > 0 && model > base
  }
}

// --- mlb pitcher_form ----------------------------------------------------------------------------

/** One start of a pitcher: MLBAM game_pk, date, season and his strikeouts. */
export interface Start {
  readonly pitcher: string
  readonly game_pk: string
  readonly date: string
  readonly season: number
  readonly strikeouts: number
}

/** Starts of the trailing baseline (issue 12: trailing-5). */
export const PITCHER_BASELINE_WINDOW = 5
/** Starts of the longer mean feature. */
export const PITCHER_LONG_WINDOW = 15
/** Earlier starts a pitcher_form example needs. */
export const PITCHER_MIN_HISTORY = 3

/** Names of the pitcher_form features, in the order of {@link StartExample.features}. */
export const pitcherFormFeatures: ReadonlyArray<string> = [
  "mean strikeouts of his last 5 starts",
  "mean strikeouts of his last 15 starts",
  "strikeouts in his previous start",
  "standard deviation of strikeouts over his last 15 starts",
  "starts in the last-15 window / 15",
  "days since his previous start, capped at 280, / 7"
]

/** A start with its features from the pitcher's earlier starts only, the baseline and the outcome. */
export interface StartExample {
  readonly pitcher: string
  readonly game_pk: string
  readonly season: number
  readonly date: string
  readonly as_of: string
  readonly actual: number
  readonly baseline: number
  readonly features: ReadonlyArray<number>
}

/**
 * Every start with at least {@link PITCHER_MIN_HISTORY} earlier starts of the same pitcher (over
 * every season given), with its features (see {@link pitcherFormFeatures}) and baseline (mean of
 * his last 5 earlier starts) from earlier starts only. Starts are ordered by date then game_pk;
 * output by pitcher id then date.
 */
export const buildStartExamples = (starts: ReadonlyArray<Start>): ReadonlyArray<StartExample> => {
  const byPitcher = new Map<string, Array<Start>>()
  for (const s of starts) {
    const list = byPitcher.get(s.pitcher) ?? []
    list.push(s)
    byPitcher.set(s.pitcher, list)
  }
  const out: Array<StartExample> = []
  for (const pitcher of [...byPitcher.keys()].sort()) {
    const list = byPitcher.get(pitcher)!.slice().sort((a, b) =>
      a.date.localeCompare(b.date) || a.game_pk.localeCompare(b.game_pk)
    )
    for (let i = PITCHER_MIN_HISTORY; i < list.length; i++) {
      const start = list[i]!
      const long = list.slice(Math.max(0, i - PITCHER_LONG_WINDOW), i).map((s) => s.strikeouts)
      const short = long.slice(-PITCHER_BASELINE_WINDOW)
      const m = mean(long)
      const previous = list[i - 1]!
      out.push({
        pitcher,
        game_pk: start.game_pk,
        season: start.season,
        date: start.date,
        as_of: previous.date,
        actual: start.strikeouts,
        baseline: mean(short),
        features: [
          mean(short),
          m,
          previous.strikeouts,
          Math.sqrt(mean(long.map((k) => (k - m) ** 2))),
          long.length / PITCHER_LONG_WINDOW,
          gapWeeks([{ date: previous.date }], start.date)
        ]
      })
    }
  }
  return out
}

/** The metric, baseline and pass rule of pitcher_form, as its card states them. */
export const pitcherFormRule = {
  metric: "mean absolute error of the expected strikeouts (strikeouts per start; lower is better)",
  naive_baseline: "the pitcher's mean strikeouts over his last 5 starts",
  pass_rule: "mean absolute error at least 3% lower than the baseline's on the held-out window"
}

/**
 * The validation of pitcher_form on its held-out starts: MAE of the model's expected strikeouts
 * and of the baseline, improvement in percent ((baseline − model) / baseline · 100), passing at
 * ≥ 3%. Metrics rounded to 5 decimals; calibration_error null.
 */
export const validateMae = (
  heldOut: ReadonlyArray<{ readonly expected: number; readonly baseline: number; readonly actual: number }>,
  observationsTrain: number
): ModelResult => {
  const model = mean(heldOut.map((e) => Math.abs(e.expected - e.actual)))
  const base = mean(heldOut.map((e) => Math.abs(e.baseline - e.actual)))
  const improvement = ((base - model) / base) * 100
  const r5 = (x: number) => Math.round(x * 1e5) / 1e5
  return {
    metric_model: r5(model),
    metric_baseline: r5(base),
    improvement_pct: Math.round(improvement * 100) / 100,
    calibration_error: null,
    observations_train: observationsTrain,
    observations_held_out: heldOut.length,
    passed: heldOut.length > 0 && improvement >= 3
  }
}

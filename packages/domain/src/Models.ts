/**
 * The model registry (issue 12, decisions.md "Models"): model versions with their cards, the
 * per player-game predictions of ACTIVE models, and the pure parts of training and validation:
 * the slate start lines, the leakage-free features, the naive baseline, the Brier score, the
 * calibration error and the pass rule. The fit itself (a numeric library) runs outside the domain
 * (ingest Models.ts); this module imports `effect` only.
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
export const ModelType = Schema.Literal("confidence", "heat", "pitcher_form")
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
 * A model card: what the model predicts (`target`), from which `features` (each computed only
 * from games before the predicted one), the training and held-out windows, the `metric`, the
 * `naive_baseline` it must beat and the `pass_rule`, the measured `result` of both (null when the
 * model could not be trained: `note` says why), the numeric `library` of the fit, and the fitted
 * `coefficients` (intercept first, then one per feature, on standardised features).
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
  coefficients: Schema.NullOr(Schema.Array(Schema.Number))
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

/**
 * One stored prediction of an ACTIVE model for one player-game, made as of before the game
 * (`as_of` = the date of the player's last game before it, the newest data the features used).
 * `probability` fraction 0-1, `confidence_score` integer 0..75, `threshold` the slate's start line
 * (fantasy points), `actual` the fantasy points he scored (null for a game not yet played),
 * `expected` the model's expected points (null: the confidence model does not predict points),
 * `heat_signal` null unless an ACTIVE heat model produced it.
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
  actual: Schema.NullOr(Schema.Number)
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
}

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
  trainingWindow: "nfl seasons 2022-2023",
  heldOutWindow: "nfl season 2024",
  target: "P(next game's PPR points >= the week's positional start line: 12th QB, 24th RB, 24th WR, 12th TE)"
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

/** Every trainable confidence model, by sport. */
export const confidenceSpecs: ReadonlyArray<ConfidenceSpec> = [nflConfidence, nbaConfidence]

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

/** A player-game with its features (from earlier games only), label and baseline. */
export interface Example {
  readonly player_id: string
  readonly game_id: string
  readonly season: number
  readonly game_date: string | null
  readonly as_of: string | null
  readonly threshold: number
  readonly actual: number
  readonly label: 0 | 1
  readonly baseline: number
  readonly features: ReadonlyArray<number>
}

const pointsOf = (spec: ConfidenceSpec, line: StatLine): number | null =>
  spec.format === null ? line.fantasy_points : (line.fantasy_points_formats[spec.format] ?? null)

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
 * Every player-game of the model's groups with a slate line and at least `minHistory` earlier
 * games with lines, with its features from the earlier games only ({@link featuresOf}), its label
 * (points ≥ line) and baseline. Games are keyed by `game_id` (the line id when the source has no
 * game id). Ordered by player id then chronologically.
 */
export const buildExamples = (spec: ConfidenceSpec, lines: ReadonlyArray<StatLine>): ReadonlyArray<Example> => {
  const lineOf = slateLines(spec, lines)
  const byPlayer = new Map<string, Array<StatLine>>()
  for (const line of lines) {
    if (line.sport !== spec.sport) continue
    const list = byPlayer.get(line.player_id) ?? []
    list.push(line)
    byPlayer.set(line.player_id, list)
  }
  const out: Array<Example> = []
  for (const player of [...byPlayer.keys()].sort()) {
    const games = byPlayer.get(player)!.slice().sort(chronological)
    const history: Array<{ points: number; line: number; date: string | null }> = []
    for (const game of games) {
      const slate = slateOf(spec, game)
      const group = groupOf(spec, game)
      const points = pointsOf(spec, game)
      const threshold = slate === null || group === null ? undefined : lineOf.get(`${slate}|${group}`)
      if (points === null || threshold === undefined) continue
      const f = featuresOf(spec, history, game.game_date)
      if (f !== null) {
        out.push({
          player_id: player,
          game_id: game.game_id ?? game.id,
          season: game.season,
          game_date: game.game_date,
          as_of: history[history.length - 1]?.date ?? null,
          threshold,
          actual: points,
          label: points >= threshold ? 1 : 0,
          baseline: f.baseline,
          features: f.features
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

/**
 * Expected calibration error: over 10 equal-width bins of p ([0,0.1), ..., [0.9,1]), the
 * observation-weighted mean of |mean p − mean y| per bin (Naeini, Cooper and Hauskrecht 2015).
 */
export const calibrationError = (p: ReadonlyArray<number>, y: ReadonlyArray<number>): number => {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }))
  p.forEach((pi, i) => {
    const b = bins[Math.min(9, Math.floor(pi * 10))]!
    b.n += 1
    b.p += pi
    b.y += y[i]!
  })
  return bins.reduce((s, b) => (b.n === 0 ? s : s + (b.n / p.length) * Math.abs(b.p / b.n - b.y / b.n)), 0)
}

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

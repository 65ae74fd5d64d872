/**
 * The nba projection model's fit and walk-forward evaluation (issue 23; the features, windows and
 * comparison with the trailing mean are domain ProjectionNba.ts).
 *
 * The fit is ridge least squares on standardised features, as nfl's (ingest Projection.ts), its
 * normal equations solved by ml-matrix's `solve` (mljs, MIT, maintained, typed; the registry's
 * library). Closed form, no random start: the same examples give the same coefficients. nba dates
 * are daily, so a walk-forward refit per date would redo nfl's row-by-row accumulation some 170
 * times a season; instead the sums the normal equations are made of (count, Σx, Σxxᵀ, Σxy, Σy)
 * are accumulated as the dates pass, and each date's fit is solved from them: the same
 * coefficients as a fit on the rows before that date, at the cost of one small solve.
 *
 * The fitted target is the points to the power {@link NBA_TARGET_POWER} (0.75), the prediction
 * that power's inverse of the fitted value: the model is judged by absolute error, whose best
 * guess is the median, and FanDuel points are skewed to the right, so a least-squares fit on a
 * compressed scale lands nearer the median than one on the points (on the 2023-24 validation
 * split, 7.618 against 7.648 for the plain points and 7.663 for the square root).
 *
 * The 80% interval: the 10th and 90th percentiles of the fit's training residuals (actual −
 * predicted points) divided by √max(1, predicted) (a player's spread grows with his points), times
 * √max(1, predicted).
 * @module
 */
import { type Game, type Models, type Player, ProjectionNba as N, type StatLine } from "@sports-data/domain"
import { Matrix, solve } from "ml-matrix"
import { failedNote, type Trained, versionOf } from "./ModelVersion.js"

/**
 * The L2 penalty per observation on standardised features (intercept unpenalised), chosen on the
 * 2023-24 validation split only (see the card).
 */
export const NBA_PROJECTION_RIDGE = 0.01

/** The power of the points the ridge fits (chosen on the 2023-24 validation split from 1, 0.75 and 0.5). */
export const NBA_TARGET_POWER = 0.75

const toTarget = (points: number): number => Math.pow(Math.max(0, points), NBA_TARGET_POWER)
const fromTarget = (fitted: number): number => Math.pow(Math.max(0, fitted), 1 / NBA_TARGET_POWER)

/** Player-games a training example needs before it: his first game (no history) teaches nothing. */
export const NBA_TRAIN_MIN_GAMES = 1

/** A fitted linear model (of the points to the power {@link NBA_TARGET_POWER}) on standardised features with its scaled residual percentiles. */
export interface NbaFit {
  readonly coefficients: ReadonlyArray<number>
  readonly means: ReadonlyArray<number>
  readonly scales: ReadonlyArray<number>
  /** The 10th and 90th percentiles of (actual − predicted points) / √max(1, predicted) over the training rows. */
  readonly scaled10: number
  readonly scaled90: number
}

/**
 * The sums of the normal equations of rows seen so far: count, Σx, Σxxᵀ (upper triangle kept
 * whole), Σxy, Σy. Mutable; {@link addRow} adds one row.
 */
export interface RidgeSums {
  n: number
  readonly k: number
  readonly sx: Array<number>
  readonly sxx: Array<Array<number>>
  readonly sxy: Array<number>
  sy: number
}

/** Empty {@link RidgeSums} of `k` features. */
export const ridgeSums = (k: number): RidgeSums => ({
  n: 0,
  k,
  sx: new Array<number>(k).fill(0),
  sxx: Array.from({ length: k }, () => new Array<number>(k).fill(0)),
  sxy: new Array<number>(k).fill(0),
  sy: 0
})

/** Adds the row `x` with target `y` to `s`. */
export const addRow = (s: RidgeSums, x: ReadonlyArray<number>, y: number): void => {
  s.n += 1
  s.sy += y
  for (let a = 0; a < s.k; a++) {
    const xa = x[a]!
    s.sx[a]! += xa
    s.sxy[a]! += xa * y
    const row = s.sxx[a]!
    for (let b = a; b < s.k; b++) row[b]! += xa * x[b]!
  }
}

/**
 * The ridge coefficients from `s`: y ≈ b0 + Σ bj·(xj − mean_j)/sd_j with penalty `lambda`·n·Σ bj²
 * (intercept unpenalised), the standardised normal equations derived from the sums and solved by
 * ml-matrix. A constant feature has scale 1. A singular system (never with a positive penalty)
 * gives the mean. Requires s.n > 0.
 */
export const solveSums = (
  s: RidgeSums,
  lambda: number
): {
  readonly coefficients: ReadonlyArray<number>
  readonly means: ReadonlyArray<number>
  readonly scales: ReadonlyArray<number>
} => {
  const { k, n } = s
  const means = s.sx.map((v) => v / n)
  const cov = (a: number, b: number) => {
    const [i, j] = a <= b ? [a, b] : [b, a]
    return s.sxx[i]![j]! / n - means[i]! * means[j]!
  }
  const scales = means.map((_, j) => {
    const v = cov(j, j)
    return v > 1e-12 ? Math.sqrt(v) : 1
  })
  const d = k + 1
  const gram = Array.from({ length: d }, () => new Array<number>(d).fill(0))
  const rhs = new Array<number>(d).fill(0)
  gram[0]![0] = n
  rhs[0] = s.sy
  const meanY = s.sy / n
  for (let a = 0; a < k; a++) {
    rhs[a + 1] = (s.sxy[a]! - n * means[a]! * meanY) / scales[a]!
    for (let b = 0; b < k; b++) gram[a + 1]![b + 1] = (n * cov(a, b)) / (scales[a]! * scales[b]!)
    gram[a + 1]![a + 1] = gram[a + 1]![a + 1]! + lambda * n
  }
  try {
    return { coefficients: solve(new Matrix(gram), Matrix.columnVector(rhs)).getColumn(0), means, scales }
  } catch {
    return { coefficients: [meanY, ...new Array<number>(k).fill(0)], means, scales }
  }
}

/** The fitted value of one feature row under a fit's coefficients, means and scales. */
export const predictNba = (
  fit: {
    readonly coefficients: ReadonlyArray<number>
    readonly means: ReadonlyArray<number>
    readonly scales: ReadonlyArray<number>
  },
  row: ReadonlyArray<number>
): number => {
  let z = fit.coefficients[0]!
  for (let j = 0; j < row.length; j++) z += fit.coefficients[j + 1]! * ((row[j]! - fit.means[j]!) / fit.scales[j]!)
  return z
}

const quantile = (sorted: ReadonlyArray<number>, q: number): number => {
  if (sorted.length === 0) return 0
  const i = Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))
  return sorted[i]!
}

/** Training rows the residual percentiles read at most (every k-th row, deterministic). */
const RESIDUAL_SAMPLE = 5_000

/** The {@link NbaFit} of sums `s` with the residual percentiles over `train` (the rows of `s`). */
const finishFit = (s: RidgeSums, train: ReadonlyArray<N.NbaProjectionExample>, lambda: number): NbaFit => {
  const fit = solveSums(s, lambda)
  const step = Math.max(1, Math.ceil(train.length / RESIDUAL_SAMPLE))
  const scaled: Array<number> = []
  for (let i = 0; i < train.length; i += step) {
    const e = train[i]!
    const f = fromTarget(predictNba(fit, e.features))
    scaled.push((e.actual!.fanduel - f) / Math.sqrt(Math.max(1, f)))
  }
  scaled.sort((a, b) => a - b)
  return { ...fit, scaled10: quantile(scaled, 0.1), scaled90: quantile(scaled, 0.9) }
}

/** Whether an example trains the model: he played (a line with minutes > 0) and has an earlier game. */
export const trains = (e: N.NbaProjectionExample): boolean =>
  e.actual !== null && (e.minutes ?? 0) > 0 && e.prior_games >= NBA_TRAIN_MIN_GAMES

/** Fits the model on every training example of `train` ({@link trains}); undefined with no more rows than features. */
export const fitNbaProjection = (
  train: ReadonlyArray<N.NbaProjectionExample>,
  lambda: number = NBA_PROJECTION_RIDGE
): NbaFit | undefined => {
  const rows = train.filter(trains)
  const k = rows[0]?.features.length ?? 0
  if (rows.length <= k) return undefined
  const s = ridgeSums(k)
  for (const e of rows) addRow(s, e.features, toTarget(e.actual!.fanduel))
  return finishFit(s, rows, lambda)
}

/** A projection of one example: FanDuel points (at least 0) and the 80% interval. */
export interface NbaProjected {
  readonly example: N.NbaProjectionExample
  readonly points: Readonly<Record<N.NbaProjectionFormat, number>>
  readonly interval: Readonly<Record<N.NbaProjectionFormat, { readonly low: number; readonly high: number }>>
}

const r2 = (x: number) => Math.round(x * 100) / 100

/** The projection of `e` under `fit`. */
export const projectNba = (fit: NbaFit, e: N.NbaProjectionExample): NbaProjected => {
  const v = fromTarget(predictNba(fit, e.features))
  const root = Math.sqrt(Math.max(1, v))
  return {
    example: e,
    points: { fanduel: r2(v) },
    interval: {
      fanduel: { low: r2(Math.max(0, v + fit.scaled10 * root)), high: r2(Math.max(0, v + fit.scaled90 * root)) }
    }
  }
}

/**
 * Walk-forward predictions of `window`: every example of its season (`examples` in date order,
 * as domain `buildNbaProjectionExamples` gives them), each game date predicted by the fit on the
 * training examples dated before it ({@link trains}; every earlier season and the earlier dates of
 * its own). Ordered as `examples`. No prediction before the first date with a fit.
 */
export const walkForwardNba = (
  examples: ReadonlyArray<N.NbaProjectionExample>,
  window: N.NbaWalkForward,
  lambda: number = NBA_PROJECTION_RIDGE
): ReadonlyArray<NbaProjected> => {
  const k = examples[0]?.features.length ?? 0
  const s = ridgeSums(k)
  const seen: Array<N.NbaProjectionExample> = []
  const out: Array<NbaProjected> = []
  let i = 0
  while (i < examples.length) {
    const date = examples[i]!.game_date
    let j = i
    while (j < examples.length && examples[j]!.game_date === date) j++
    if (examples[i]!.season === window.season && s.n > k) {
      const fit = finishFit(s, seen, lambda)
      for (let t = i; t < j; t++) out.push(projectNba(fit, examples[t]!))
    }
    if (examples[i]!.season > window.season) break
    for (let t = i; t < j; t++) {
      const e = examples[t]!
      if (!trains(e)) continue
      addRow(s, e.features, toTarget(e.actual!.fanduel))
      seen.push(e)
    }
    i = j
  }
  return out
}

/** The predicted FanDuel points by `<player_id>|<game_id>` (domain `compareNbaWindow`'s input). */
export const predictedPoints = (projected: ReadonlyArray<NbaProjected>): ReadonlyMap<string, number> =>
  new Map(projected.map((p) => [`${p.example.player_id}|${p.example.game_id}`, p.points.fanduel] as const))

// --- the training job's nba projection (issue 23) -----------------------------------------------

/** Games of the future predictions: each active player's team's next games after the newest stored line. */
export const NBA_FUTURE_GAMES = 3

/**
 * The examples of the future games (issue 23 "beyond the data"): for each player of `players`
 * who is active, on a team and has a line in the newest season, his team's next
 * {@link NBA_FUTURE_GAMES} games dated after the newest stored line (of any player), with features
 * from the data up to that line only (a later game's score is not read). Actual points null. The
 * newest stored line's date is returned beside them (null with no line).
 */
export const futureNbaProjectionExamples = (
  lines: ReadonlyArray<StatLine>,
  games: ReadonlyArray<Game>,
  players: ReadonlyArray<Player>
): { readonly cutoff: string | null; readonly examples: ReadonlyArray<N.NbaProjectionExample> } => {
  let cutoff: string | undefined
  for (const l of lines) {
    if (l.game_date !== null && (cutoff === undefined || l.game_date > cutoff)) cutoff = l.game_date
  }
  if (cutoff === undefined) return { cutoff: null, examples: [] }
  const newestSeason = Math.max(...lines.map((l) => l.season))
  const known = games.map((g) =>
    g.game_date !== null && g.game_date > cutoff ? { ...g, home_score: null, away_score: null } : g
  )
  const history = N.nbaProjectionHistory(lines, known)
  const upcoming = games
    .filter((g) => g.game_date !== null && g.game_date > cutoff)
    .sort((a, b) => a.game_date!.localeCompare(b.game_date!) || a.id.localeCompare(b.id))
  const out: Array<N.NbaProjectionExample> = []
  for (const player of N.activeOnTeam(players)) {
    const own = history.players.get(player.id)
    const newest = own?.[own.length - 1]
    if (newest === undefined || newest.line.season !== newestSeason) continue
    const team = player.team!
    for (
      const game of upcoming.filter((g) => g.home_team === team || g.away_team === team).slice(0, NBA_FUTURE_GAMES)
    ) {
      const f = N.nbaProjectionFeatures(history, { player_id: player.id, team, game })
      out.push({
        player_id: player.id,
        game_id: game.id,
        season: game.season,
        game_date: game.game_date!,
        as_of: f.as_of,
        team,
        features: f.features,
        baseline: f.baseline,
        prior_games: f.prior_games,
        minutes: null,
        actual: null
      })
    }
  }
  return { cutoff, examples: out }
}

const r2c = (x: number) => Math.round(x * 100) / 100

/** A stored prediction of a projected example under `version` (FanDuel points; week null). */
const nbaPrediction = (version: Models.ModelVersion, p: NbaProjected): Models.ModelPrediction => ({
  model_id: version.id,
  sport: "nba",
  player_id: p.example.player_id,
  season: p.example.season,
  game_id: p.example.game_id,
  game_date: p.example.game_date,
  model_type: "projection",
  model_version: version.version,
  as_of: p.example.as_of,
  probability: null,
  confidence_score: null,
  heat_signal: null,
  expected: p.points.fanduel,
  threshold: p.example.baseline === null ? null : r2c(p.example.baseline),
  actual: p.example.actual?.fanduel ?? null,
  week: null,
  projection: { points: p.points, interval_80: p.interval, actual_points: p.example.actual }
})

/**
 * Trains and validates nba.projection (issue 23) on the stored nba `lines`, `games` and
 * `players`: the walk-forward predictions of the validation window (2023-24, where the features,
 * the target's power and the ridge penalty were chosen) and of the held-out window (2024-25),
 * each game date fitted on the player-games before it only ({@link walkForwardNba}), compared with
 * the trailing 10-game mean on the judged player-games (domain ProjectionNba `compareNbaWindow`).
 * ACTIVE only when the held-out window passes; its predictions are then the held-out window's
 * (with actual points) and the future games' ({@link futureNbaProjectionExamples}, fitted on every
 * played game; actual null). REJECTED with no prediction otherwise. Pure but for `trainedAt`.
 */
export const trainNbaProjection = (
  lines: ReadonlyArray<StatLine>,
  games: ReadonlyArray<Game>,
  players: ReadonlyArray<Player>,
  trainedAt: string
): Trained => {
  const history = N.nbaProjectionHistory(lines, games)
  const examples = N.buildNbaProjectionExamples(history)
  const windows = [N.nbaProjectionValidation, N.nbaProjectionHeldOut]
  const projected = windows.map((w) => walkForwardNba(examples, w))
  const results = windows.map((w, i) => N.compareNbaWindow(w, examples, predictedPoints(projected[i]!)))
  const trainCount = (w: N.NbaWalkForward) => examples.filter((e) => e.season < w.season && trains(e)).length
  const [validation, held] = [results[0]!, results[1]!]
  const final = fitNbaProjection(examples)
  const future = final === undefined
    ? { cutoff: null, examples: [] }
    : futureNbaProjectionExamples(lines, games, players)
  const r = (b: N.NbaWindowResult, w: N.NbaWalkForward) => {
    const hindsight = N.hindsightSeasonMae(w, examples)
    const pct = b.mae_trailing === 0 ? 0 : Math.round(((b.mae_trailing - hindsight) / b.mae_trailing) * 10_000) / 100
    return `${b.window}: model ${b.mae_model} vs trailing-10 ${b.mae_trailing} (${b.improvement_pct}% better, ${b.predicted} of ${b.player_games} judged player-games; for scale, each player's mean over the whole season, that game and later ones included, not a feature: ${hindsight}, ${pct}% better)`
  }
  const futureNote = future.cutoff === null
    ? "no nba line is stored, so no future game is projected"
    : future.examples.length === 0
    ? `no game after the newest stored line (${future.cutoff}) is stored, so no future game is projected (none is invented)`
    : `the future games: ${future.examples.length} player-games of the active players' teams' next ${NBA_FUTURE_GAMES} games after the newest stored line (${future.cutoff}), made as of that line`
  const card: Models.ModelCard = {
    target:
      "next game's FanDuel points of an nba player (one fit for every position), with an 80% interval; FanDuel only: the service has no nba DraftKings format and the 2022-23 to 2024-25 lines carry no three-pointers made, which DraftKings scores",
    features: [...N.nbaProjectionFeatureNames(N.nbaProjectionWindows)],
    training_window:
      `walk-forward: each predicted date fitted on every nba player-game (every game type) dated before it, from 2022-23 on, of players with an earlier game who played (minutes > 0)`,
    held_out_window: N.nbaProjectionHeldOut.label,
    ...N.nbaProjectionRule,
    result: held.player_games === 0 ? null : N.nbaProjectionResult(held, trainCount(N.nbaProjectionHeldOut)),
    note: held.player_games === 0
      ? `not trained: no judged player-game of ${N.nbaProjectionHeldOut.label} in the store; the fields stay null`
      : `The features, the windows, the target's power (${NBA_TARGET_POWER}) and the ridge penalty (${NBA_PROJECTION_RIDGE}) were chosen on ${N.nbaProjectionValidation.label} only, then frozen for 2024-25. ${
        results.map((b, i) => r(b, windows[i]!)).join("; ")
      }. ${
        N.nbaProjectionResult(held, 0).passed ? "Passed on 2024-25." : `It ${failedNote}.`
      } Not features: closing lines (the stored nba odds are of 2026 only) and injury reports (2026 only). The interval is the fit's 10th to 90th percentile of training residuals, scaled by the square root of the points. ${
        futureNote.charAt(0).toUpperCase()
      }${futureNote.slice(1)}.`,
    library:
      `ml-matrix (ridge least squares of the FanDuel points to the power ${NBA_TARGET_POWER}, L2 ${NBA_PROJECTION_RIDGE} per observation on standardised features, solved per game date from accumulated normal-equation sums; coefficients: the final fit's, intercept first)`,
    coefficients: final === undefined ? null : final.coefficients.map((c) => Math.round(c * 1e6) / 1e6),
    additional_results: validation.player_games === 0 ? [] : [{
      training_window: "walk-forward, every date before the predicted one (validation: the settings were chosen here)",
      held_out_window: validation.window,
      result: N.nbaProjectionResult(validation, trainCount(N.nbaProjectionValidation))
    }]
  }
  const version = versionOf("nba", "projection", card, trainedAt)
  if (version.status !== "ACTIVE" || final === undefined) return { version, predictions: [] }
  const futureProjected = future.examples.map((e) => projectNba(final, e))
  return { version, predictions: [...projected[1]!, ...futureProjected].map((p) => nbaPrediction(version, p)) }
}

/**
 * The model training job (issue 12): fits each model of the registry (domain Models.ts: the
 * confidence models of `confidenceSpecs`, the nfl and nba heat models, mlb pitcher_form; and the
 * nfl projection of issue 23, {@link trainProjection}, fitted by ingest Projection.ts; the nba
 * projection, ProjectionNba.ts `trainNbaProjection`) on its
 * training window, validates it on its held-out window against its naive baseline, and records
 * the version (ACTIVE only when the pass rule holds) with its card and, for an ACTIVE version, its
 * predictions of every player-game after the training window (each made from the player's earlier
 * games only). The mlb confidence card is recorded REJECTED, untrained, with the reason.
 *
 * The heat and pitcher_form models are ridge least-squares regressions solved by ml-matrix's
 * `solve` on the normal equations (closed form, deterministic).
 *
 * The fit is an L2-regularised logistic regression by iteratively reweighted least squares
 * (Newton's method), each Newton step solved by ml-matrix's `solve` (mljs, MIT, maintained,
 * typed). It has no random start, so it is deterministic: the same lines give the same version.
 * (ml-logistic-regression of the same family was tried first: fixed-step gradient descent on a
 * summed gradient, 50,000 steps, no probabilities in its typed surface, and no types at all.)
 * @module
 */
import {
  type Game,
  GameReader,
  ModelRegistryWriter,
  Models,
  Paging,
  type Player,
  PlayerReader,
  Projection as P,
  Refit,
  type SportKey,
  Sports,
  type StatLine,
  StatLineReader,
  type StoreError,
  type TeamSport
} from "@sports-data/domain"
import { Chunk, Clock, Effect, Option, Stream } from "effect"
import { Matrix, solve } from "ml-matrix"
import { join } from "node:path"
import { CsvFileError, field, int, num, readCsv } from "./Csv.js"
import { allStatLines } from "./Metrics.js"
import { failedNote, fnv, type Trained, versionOf } from "./ModelVersion.js"
import * as Walk from "./Projection.js"
import { trainNbaProjection } from "./ProjectionNba.js"

/** The version record and the shared names of every training job (ModelVersion.ts). */
export { failedNote, type Trained, versionOf } from "./ModelVersion.js"

/** L2 penalty of the fit (on standardised features, intercept unpenalised). */
const RIDGE = 1e-3
/** Newton steps at most; stops earlier when no coefficient moves more than 1e-8. */
const MAX_STEPS = 50

/** A fitted logistic model on standardised features: intercept first, then one weight per feature. */
export interface Fit {
  readonly coefficients: ReadonlyArray<number>
  readonly means: ReadonlyArray<number>
  readonly scales: ReadonlyArray<number>
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))

/**
 * The design matrix of `x` on standardised features: a leading 1 (the intercept), then each
 * feature minus its mean over the rows, divided by its population standard deviation (1 for a
 * constant feature). `k`: features per row.
 */
const standardized = (x: ReadonlyArray<ReadonlyArray<number>>) => {
  const k = x[0]?.length ?? 0
  const means = Array.from({ length: k }, (_, j) => x.reduce((s, r) => s + r[j]!, 0) / x.length)
  const scales = Array.from({ length: k }, (_, j) => {
    const sd = Math.sqrt(x.reduce((s, r) => s + (r[j]! - means[j]!) ** 2, 0) / x.length)
    return sd > 0 ? sd : 1
  })
  const design = new Matrix(x.map((r) => [1, ...r.map((v, j) => (v - means[j]!) / scales[j]!)]))
  return { design, k, means, scales }
}

/**
 * Fits P(y = 1 | x) = σ(b0 + Σ bj·(xj − mean_j)/sd_j) by IRLS with ridge `ridge` (default
 * {@link RIDGE}; the penalty is ridge·n·Σ bj², intercept unpenalised). `x` rows of equal length,
 * `y` 0/1. Deterministic. Throws nothing: a singular step stops the iteration.
 */
export const fitLogistic = (
  x: ReadonlyArray<ReadonlyArray<number>>,
  y: ReadonlyArray<number>,
  ridge: number = RIDGE
): Fit => {
  const { design, k, means, scales } = standardized(x)
  let beta = Matrix.zeros(k + 1, 1)
  for (let step = 0; step < MAX_STEPS; step++) {
    const p = design.mmul(beta).to1DArray().map(sigmoid)
    const w = p.map((pi) => Math.max(pi * (1 - pi), 1e-10))
    const weighted = design.clone()
    for (let i = 0; i < weighted.rows; i++) for (let j = 0; j <= k; j++) weighted.set(i, j, weighted.get(i, j) * w[i]!)
    const hessian = design.transpose().mmul(weighted)
    for (let j = 1; j <= k; j++) hessian.set(j, j, hessian.get(j, j) + ridge * x.length)
    const residual = Matrix.columnVector(p.map((pi, i) => y[i]! - pi))
    const gradient = design.transpose().mmul(residual)
    for (let j = 1; j <= k; j++) gradient.set(j, 0, gradient.get(j, 0) - ridge * x.length * beta.get(j, 0))
    let delta: Matrix
    try {
      delta = solve(hessian, gradient)
    } catch {
      break
    }
    beta = beta.add(delta)
    if (delta.abs().max() < 1e-8) break
  }
  return { coefficients: beta.to1DArray(), means, scales }
}

/**
 * Fits y ≈ b0 + Σ bj·(xj − mean_j)/sd_j by least squares with ridge {@link RIDGE} (intercept
 * unpenalised), solving the normal equations with ml-matrix. `x` rows of equal length. Deterministic.
 */
export const fitLinear = (x: ReadonlyArray<ReadonlyArray<number>>, y: ReadonlyArray<number>): Fit => {
  const { design, k, means, scales } = standardized(x)
  const gram = design.transpose().mmul(design)
  for (let j = 1; j <= k; j++) gram.set(j, j, gram.get(j, j) + RIDGE * x.length)
  const beta = solve(gram, design.transpose().mmul(Matrix.columnVector([...y])))
  return { coefficients: beta.to1DArray(), means, scales }
}

/** The linear prediction of one feature row under `fit` (a {@link fitLinear} fit). */
export const predictLinear = (fit: Fit, row: ReadonlyArray<number>): number =>
  row.reduce((z, v, j) => z + fit.coefficients[j + 1]! * ((v - fit.means[j]!) / fit.scales[j]!), fit.coefficients[0]!)

/** P(y = 1) of one feature row under `fit`, fraction 0-1. */
export const predictLogistic = (fit: Fit, row: ReadonlyArray<number>): number => sigmoid(predictLinear(fit, row))

const r4 = (x: number) => Math.round(x * 1e4) / 1e4

const roundCoefficients = (fit: Fit) => fit.coefficients.map((c) => Math.round(c * 1e6) / 1e6)

const notTrained = (train: number, heldOut: number) =>
  `not trained: ${train} training and ${heldOut} held-out observations in the store`

/**
 * The card's `additional_results` for `spec`'s `retrain` window, measured by `measure` (result
 * null when it cannot be fitted); no field when the spec has no `retrain`.
 */
const additionalResults = (
  spec: Models.ConfidenceSpec,
  measure: (
    train: Models.Window,
    heldOut: Models.Window
  ) => { readonly result: Models.ModelResult } | { readonly train: number; readonly heldOut: number }
): { readonly additional_results?: ReadonlyArray<Models.AdditionalResult> } => {
  const retrain = spec.retrain
  if (retrain === undefined) return {}
  const m = measure(retrain.train, retrain.heldOut)
  return {
    additional_results: [{
      training_window: retrain.trainingWindow,
      held_out_window: retrain.heldOutWindow,
      result: "result" in m ? m.result : null
    }]
  }
}

/** Whether an example comes after the training window (a game the fitted model may predict). */
const afterTraining = (
  train: Models.Window,
  e: { readonly season: number; readonly game_date: string | null }
): boolean =>
  train.until === undefined
    ? e.season > Math.max(...train.seasons)
    : e.game_date !== null && e.game_date > train.until && e.season >= Math.min(...train.seasons)

/** A fitted confidence model: the logistic fit and, when the spec asks for it, its Platt recalibration. */
interface ConfidenceFit {
  readonly fit: Fit
  readonly platt: Fit | null
}

const logit = (p: number) => Math.log(Math.max(1e-9, p) / Math.max(1e-9, 1 - p))

/**
 * The stored prediction of heat example `e` under heat `version` with `relative`, the predicted
 * change over the trailing mean (fraction): its heat class, the expected points = trailing mean ×
 * (1 + relative) and the trailing mean as threshold, both rounded to 2 places.
 */
const heatPrediction = (
  version: Models.ModelVersion,
  e: Models.HeatExample,
  relative: number
): Models.ModelPrediction => ({
  model_id: version.id,
  sport: version.sport,
  player_id: e.player_id,
  season: e.season,
  game_id: e.game_id,
  game_date: e.game_date,
  model_type: "heat",
  model_version: version.version,
  as_of: e.as_of,
  probability: null,
  confidence_score: null,
  heat_signal: Models.heatClassOfRelative(relative),
  expected: Math.round(e.trailing_mean * (1 + relative) * 100) / 100,
  threshold: Math.round(e.trailing_mean * 100) / 100,
  actual: e.actual
})

/**
 * The stored prediction of `e` under confidence `version` with probability `p` (fraction 0-1,
 * rounded to 4 places): confidence_score = round(75·p), the example's line as threshold.
 */
const confidencePrediction = (version: Models.ModelVersion, e: Models.Example, p: number): Models.ModelPrediction => ({
  model_id: version.id,
  sport: version.sport,
  player_id: e.player_id,
  season: e.season,
  game_id: e.game_id,
  game_date: e.game_date,
  model_type: "confidence",
  model_version: version.version,
  as_of: e.as_of,
  probability: r4(p),
  confidence_score: Models.confidenceScore(p),
  heat_signal: null,
  expected: null,
  threshold: e.threshold,
  actual: e.actual
})

/** P(clear) of an example under a fitted confidence model. */
const probabilityOf = (model: ConfidenceFit, e: Models.Example): number => {
  const p = predictLogistic(model.fit, e.features)
  return model.platt === null ? p : predictLogistic(model.platt, [logit(p)])
}

/** The fold of a training example for Platt scaling: week parity, else day-of-month parity. */
const foldOf = (e: Models.Example): number => (e.week ?? Number(e.game_date?.slice(8, 10) ?? 0)) % 2

/**
 * Fits a confidence model on `train`: the logistic fit and, when `spec.platt`, Platt scaling
 * fitted on 2-fold out-of-fold predictions of `train` (training data only).
 */
const fitConfidence = (spec: Models.ConfidenceSpec, train: ReadonlyArray<Models.Example>): ConfidenceFit => {
  const fitOf = (set: ReadonlyArray<Models.Example>) =>
    fitLogistic(set.map((e) => e.features), set.map((e) => e.label), spec.ridge ?? RIDGE)
  const fit = fitOf(train)
  if (spec.platt !== true) return { fit, platt: null }
  const oof = new Map<Models.Example, number>()
  for (const k of [0, 1]) {
    const fk = fitOf(train.filter((e) => foldOf(e) !== k))
    for (const e of train) if (foldOf(e) === k) oof.set(e, predictLogistic(fk, e.features))
  }
  return { fit, platt: fitLogistic(train.map((e) => [logit(oof.get(e)!)]), train.map((e) => e.label)) }
}

/** The fit and held-out result of a confidence model on one pair of windows (counts when it cannot be fitted). */
const measureConfidence = (
  spec: Models.ConfidenceSpec,
  examples: ReadonlyArray<Models.Example>,
  train: Models.Window,
  heldOut: Models.Window
):
  | { readonly model: ConfidenceFit; readonly result: Models.ModelResult }
  | { readonly train: number; readonly heldOut: number } =>
{
  const trainSet = examples.filter((e) => Models.inWindow(train, e))
  const heldSet = examples.filter((e) => Models.inWindow(heldOut, e))
  if (trainSet.length === 0 || heldSet.length === 0 || new Set(trainSet.map((e) => e.label)).size < 2) {
    return { train: trainSet.length, heldOut: heldSet.length }
  }
  const model = fitConfidence(spec, trainSet)
  const result = Models.validateConfidence(
    heldSet.map((e) => ({ probability: probabilityOf(model, e), baseline: e.baseline, label: e.label })),
    trainSet.length
  )
  return { model, result }
}

/**
 * Trains and validates one confidence model on `lines` (every stat line of its sport). Pure but
 * for the time `trainedAt` (ISO 8601). The card's result is null, and the version REJECTED, when
 * either window has no observation (the note says which). A spec's `retrain` window is measured
 * the same way and reported in `additional_results`; the status and predictions follow the
 * primary window's fit.
 */
export const trainConfidence = (
  spec: Models.ConfidenceSpec,
  lines: ReadonlyArray<StatLine>,
  trainedAt: string
): Trained => {
  const examples = Models.buildExamples(spec, lines)
  const windows = Models.windowsOf(spec)
  const base = {
    target: spec.target,
    features: [
      ...Models.confidenceFeatures,
      ...(spec.extraFeatures === true ? Models.extraConfidenceFeatures(spec) : [])
    ]
      .map((f) => f.replace(/last N/g, `last ${spec.window}`)),
    training_window: spec.trainingWindow,
    held_out_window: spec.heldOutWindow,
    ...Models.confidenceRule(spec),
    library: `ml-matrix (IRLS logistic regression, L2 1e-3 on standardised features${
      spec.platt === true
        ? "; then Platt scaling fitted on 2-fold out-of-fold training predictions, its intercept and slope last in coefficients"
        : ""
    })`
  }
  const additional = additionalResults(spec, (train, heldOut) => measureConfidence(spec, examples, train, heldOut))
  const measured = measureConfidence(spec, examples, windows.train, windows.heldOut)
  if (!("result" in measured)) {
    const card: Models.ModelCard = {
      ...base,
      result: null,
      note: notTrained(measured.train, measured.heldOut),
      coefficients: null,
      ...additional
    }
    return { version: versionOf(spec.sport, "confidence", card, trainedAt), predictions: [] }
  }
  const { model, result } = measured
  const heldDates = examples.filter((e) => Models.inWindow(windows.heldOut, e)).flatMap((e) =>
    e.game_date === null ? [] : [e.game_date]
  ).sort()
  const card: Models.ModelCard = {
    ...base,
    result,
    note: !result.passed
      ? failedNote
      : spec.heldOut?.until === undefined
      ? null
      : `held-out games in the store are dated ${heldDates[0]} to ${heldDates[heldDates.length - 1]}`,
    coefficients: [...roundCoefficients(model.fit), ...(model.platt === null ? [] : roundCoefficients(model.platt))],
    ...additional
  }
  const version = versionOf(spec.sport, "confidence", card, trainedAt)
  const predictions = version.status !== "ACTIVE" ? [] : examples.filter((e) => afterTraining(windows.train, e)).map(
    (e) => {
      return confidencePrediction(version, e, probabilityOf(model, e))
    }
  )
  return { version, predictions }
}

/** The heat models (issue 12): nfl and nba, on the points, groups and windows of their confidence specs. */
export const heatSpecs: ReadonlyArray<Models.ConfidenceSpec> = [Models.nflConfidence, Models.nbaConfidence]

const heatTarget = (spec: Models.ConfidenceSpec) =>
  `heat class of the predicted change of next game's ${
    spec.sport === "nfl" ? "PPR" : "FanDuel"
  } points vs his trailing-${spec.window} mean (cut points on the relative change: < -0.10 Cold, < 0.10 Warming, < 0.25 Hot, else Surging)`

/** The ridge fit and held-out result of a heat model on one pair of windows. */
const measureHeat = (
  examples: ReadonlyArray<Models.HeatExample>,
  train: Models.Window,
  heldOut: Models.Window
): { readonly fit: Fit; readonly result: Models.ModelResult } | {
  readonly train: number
  readonly heldOut: number
} => {
  const trainSet = examples.filter((e) => Models.inWindow(train, e))
  const heldSet = examples.filter((e) => Models.inWindow(heldOut, e))
  if (trainSet.length <= Models.heatFeatures.length || heldSet.length === 0) {
    return { train: trainSet.length, heldOut: heldSet.length }
  }
  const fit = fitLinear(trainSet.map((e) => e.features), trainSet.map(Models.heatTarget))
  const result = Models.validateHeat(
    heldSet.map((e) => ({
      model: Models.heatClassOfRelative(predictLinear(fit, e.features)),
      baseline: Models.heatClassOf(e.momentum_delta, e.trailing_mean),
      realised: e.change / e.trailing_mean
    })),
    trainSet.length
  )
  return { fit, result }
}

/**
 * Trains and validates the heat model of `spec`'s sport on `lines`: a ridge least-squares
 * regression of the clipped relative change (domain `heatTarget`) on the heat features, classed
 * by the heat cut points; validated by Spearman correlation against the momentum_delta bins. Its
 * predictions (ACTIVE only) carry `heat_signal`, `expected` = trailing mean · (1 + predicted
 * relative change) (points),
 * `threshold` = the trailing mean and `actual` = his points.
 */
export const trainHeat = (spec: Models.ConfidenceSpec, lines: ReadonlyArray<StatLine>, trainedAt: string): Trained => {
  const examples = Models.buildHeatExamples(spec, lines)
  const windows = Models.windowsOf(spec)
  const base = {
    target: heatTarget(spec),
    features: Models.heatFeatures.map((f) => f.replace(/last N/g, `last ${spec.window}`)),
    training_window: spec.trainingWindow,
    held_out_window: spec.heldOutWindow,
    ...Models.heatRule,
    library: "ml-matrix (ridge least squares, L2 1e-3 on standardised features)"
  }
  const additional = additionalResults(spec, (train, heldOut) => measureHeat(examples, train, heldOut))
  const measured = measureHeat(examples, windows.train, windows.heldOut)
  if (!("result" in measured)) {
    const card: Models.ModelCard = {
      ...base,
      result: null,
      note: notTrained(measured.train, measured.heldOut),
      coefficients: null,
      ...additional
    }
    return { version: versionOf(spec.sport, "heat", card, trainedAt), predictions: [] }
  }
  const { fit, result } = measured
  const card: Models.ModelCard = {
    ...base,
    result,
    note: result.passed ? null : failedNote,
    coefficients: roundCoefficients(fit),
    ...additional
  }
  const version = versionOf(spec.sport, "heat", card, trainedAt)
  const predictions = version.status !== "ACTIVE" ? [] : examples.filter((e) => afterTraining(windows.train, e)).map(
    (e) => {
      return heatPrediction(version, e, predictLinear(fit, e.features))
    }
  )
  return { version, predictions }
}

// --- nfl confidence and heat refit with the pre-kickoff features (issue 23 point 4) --------------

/**
 * The refit of nfl confidence: the current spec with an L2 penalty of 0.01 (Platt scaling kept).
 * Chosen inside the training season only: 2-fold cross-validation on 2023 (fit weeks 1-9, score
 * weeks 10-18, and the reverse), over penalties 0.001, 0.01, 0.03, 0.1 with and without Platt
 * scaling; Brier 0.11677, 0.11630, 0.11650, 0.11708 with Platt (0.11697, 0.11646, 0.11661,
 * 0.11710 without). Reproduce with {@link confidenceSettingsCv}.
 */
export const nflConfidenceRefit: Models.ConfidenceSpec = { ...Models.nflConfidence, ridge: 0.01 }

/** The settings grid of {@link confidenceSettingsCv}. */
export const REFIT_GRID: ReadonlyArray<{ readonly ridge: number; readonly platt: boolean }> = [0.001, 0.01, 0.03, 0.1]
  .flatMap((ridge) => [{ ridge, platt: true }, { ridge, platt: false }])

/**
 * The 2-fold cross-validated Brier score of each setting of {@link REFIT_GRID} for the nfl
 * confidence refit, inside the training window (2023): fitted on weeks 1-9 and scored on weeks
 * 10-18, and the reverse (the held-out seasons are not read). How {@link nflConfidenceRefit}'s
 * settings were chosen.
 */
export const confidenceSettingsCv = (
  lines: ReadonlyArray<StatLine>,
  games: ReadonlyArray<Game>
): ReadonlyArray<{ readonly ridge: number; readonly platt: boolean; readonly brier: number }> => {
  const train = Refit.withPreKickoff(
    Models.buildExamples(Models.nflConfidence, lines).filter((e) =>
      Models.inWindow(Models.windowsOf(Models.nflConfidence).train, e)
    ),
    lines,
    games
  )
  const half = (e: Models.Example) => ((e.week ?? 0) <= 9 ? 0 : 1)
  return REFIT_GRID.map(({ platt, ridge }) => {
    const spec = { ...Models.nflConfidence, ridge, platt }
    const scored = [0, 1].flatMap((k) => {
      const model = fitConfidence(spec, train.filter((e) => half(e) !== k))
      return train.filter((e) => half(e) === k).map((e) => [probabilityOf(model, e), e.label] as const)
    })
    return { ridge, platt, brier: Models.brier(scored.map((s) => s[0]), scored.map((s) => s[1])) }
  })
}

/** The training seasons of the NFL.com benchmark logistic (issue 23: fitted on 2022-2023). */
const NFL_COM_FIT_SEASONS: ReadonlyArray<number> = [2022, 2023]

/** The seasons of NFL.com projection files read for the confidence benchmark. */
export const PROJECTION_ROW_SEASONS: ReadonlyArray<number> = [2022, 2023, 2024, 2025]

/**
 * Reads NFL.com's weekly projections of `seasons` for the confidence benchmark (domain Refit
 * `ProjectionRow`): rows with a PlayerId, week and `PlayerWeekProjectedPts`; the PPR projection
 * adds 0.5 × `ReceivingRec` in the seasons whose stat columns are projections (Refit
 * `PROJECTED_COMPONENT_SEASONS`). A missing file has no rows. The benchmark only, never a feature.
 * Fails with CsvFileError when a present file cannot be read.
 */
export const readProjectionRows = (
  dataDir: string,
  seasons: ReadonlyArray<number> = PROJECTION_ROW_SEASONS
): Effect.Effect<ReadonlyArray<Refit.ProjectionRow>, CsvFileError> =>
  Effect.map(
    Effect.forEach(seasons, (season) =>
      Stream.runCollect(readCsv(join(dataDir, Walk.benchmarkFile(season)))).pipe(
        Effect.map((rows) =>
          Chunk.toReadonlyArray(rows).flatMap((row): ReadonlyArray<Refit.ProjectionRow> => {
            const nfl_id = field(row, "PlayerId")
            const week = int(row, "week")
            const projected = num(row, "PlayerWeekProjectedPts")
            if (nfl_id === undefined || week === undefined || projected === undefined) return []
            const s = int(row, "season") ?? season
            return [{
              nfl_id,
              season: s,
              week,
              projected,
              projected_ppr: Refit.PROJECTED_COMPONENT_SEASONS.includes(s)
                ? projected + 0.5 * (num(row, "ReceivingRec") ?? 0)
                : null
            }]
          })
        ),
        Effect.catchTag("CsvFileError", (e) => e.reason.includes("ENOENT") ? Effect.succeed([]) : Effect.fail(e))
      )),
    (all) => all.flat()
  )

/**
 * The NFL.com benchmark logistic: P(cleared) = σ(a + b·x) with x = projection − line (points),
 * fitted by {@link fitLogistic} on `weeks`; null without both outcomes. Returns the probability
 * function and a, b on raw points.
 */
export const fitProbabilityBenchmark = (
  weeks: ReadonlyArray<Refit.BenchmarkWeek<Models.Example>>
): {
  readonly p: (w: Refit.BenchmarkWeek<Models.Example>) => number
  readonly intercept: number
  readonly slope: number
} | null => {
  if (new Set(weeks.map((w) => w.example.label)).size < 2) return null
  const x = (w: Refit.BenchmarkWeek<Models.Example>) => w.projected - w.example.threshold
  const fit = fitLogistic(weeks.map((w) => [x(w)]), weeks.map((w) => w.example.label))
  const slope = fit.coefficients[1]! / fit.scales[0]!
  return {
    p: (w) => predictLogistic(fit, [x(w)]),
    intercept: fit.coefficients[0]! - slope * fit.means[0]!,
    slope
  }
}

/** The windows of a spec with a retrain: the primary pair, then the retrain's. */
const windowPairs = (spec: Models.ConfidenceSpec) => {
  const w = Models.windowsOf(spec)
  return [
    { train: w.train, heldOut: w.heldOut, label: spec.heldOutWindow },
    ...(spec.retrain === undefined
      ? []
      : [{ train: spec.retrain.train, heldOut: spec.retrain.heldOut, label: spec.retrain.heldOutWindow }])
  ]
}

/** The fit of the newest window pair whose training window a game is after (its prediction's model). */
const fitFor = <F>(
  pairs: ReadonlyArray<{ readonly train: Models.Window }>,
  fits: ReadonlyArray<F | null>,
  e: { readonly season: number; readonly game_date: string | null }
): F | null => {
  for (let i = pairs.length - 1; i >= 0; i--) if (afterTraining(pairs[i]!.train, e)) return fits[i] ?? null
  return null
}

/**
 * `trained` with the ACTIVE version last (order otherwise kept), so that the registry, which
 * records versions in order, records the winner after the loser.
 */
const activeLast = (trained: ReadonlyArray<Trained>): ReadonlyArray<Trained> =>
  trained.slice().sort((a, b) => (a.version.status === "ACTIVE" ? 1 : 0) - (b.version.status === "ACTIVE" ? 1 : 0))

const statusOf = (
  candidate: "current" | "refit",
  chosen: "current" | "refit" | null,
  result: Models.ModelResult | null
): Models.ModelStatus => chosen === candidate ? "ACTIVE" : result?.passed === true ? "RETIRED" : "REJECTED"

const choiceNote = (chosen: "current" | "refit" | null, metric: string) =>
  chosen === null
    ? "neither the current version nor the refit passed its rule: the fields stay null"
    : chosen === "refit"
    ? `the refit (major 2, with the pre-kickoff features) is ACTIVE: it passed its rule and its ${metric} is better than the current version's in every held-out window (version_comparison)`
    : `the current version (major 1) stays ACTIVE: the refit did not beat it in every held-out window, or did not pass its rule (version_comparison)`

/**
 * Trains nfl confidence twice on the same examples and windows (2023 → 2024, 2023-2024 → 2025
 * weeks 1-14): the current version (major 1, the trailing-points features) and the refit (major
 * 2: the same features plus the 28 pre-kickoff features, domain Refit `withPreKickoff`, settings
 * {@link nflConfidenceRefit}); the ACTIVE one by domain Refit `chooseCandidate` (lower Brier in
 * every held-out window), the other RETIRED when it passed its rule, else REJECTED. Each card
 * carries the comparison table and the Brier of a probability derived from NFL.com's projection
 * on the same player-weeks (those the model predicts and NFL.com projects; the player played):
 * σ(a + b·(NFL.com half-PPR projection − the PPR line)) fitted on 2022-2023 (the only NFL.com
 * projection those files hold), scored on both held-out windows; and, for 2025, the same with
 * NFL.com's PPR projection (half-PPR + 0.5 × projected receptions) fitted on 2024. The ACTIVE
 * version's predictions are of every game after its first training window, each by the fit of
 * the newest window whose training it follows (2024 by the 2023 fit, 2025 by the 2023-2024
 * fit), so each window's card numbers are recomputable from them. Returned loser first (record
 * in order). Pure but for `trainedAt`.
 */
export const trainNflConfidence = (
  lines: ReadonlyArray<StatLine>,
  games: ReadonlyArray<Game>,
  players: ReadonlyArray<Player>,
  rows: ReadonlyArray<Refit.ProjectionRow>,
  trainedAt: string
): ReadonlyArray<Trained> => {
  const spec = Models.nflConfidence
  const pairs = windowPairs(spec)
  const current = Models.buildExamples(spec, lines)
  const refit = Refit.withPreKickoff(current, lines, games)
  const byNfl = new Map(
    players.flatMap((p) => (p.platform_ids["nfl"] === undefined ? [] : [[p.platform_ids["nfl"], p.id] as const]))
  )
  const playerOf = (id: string) => byNfl.get(id)
  const half = (r: Refit.ProjectionRow) => r.projected
  const ppr = (r: Refit.ProjectionRow) => r.projected_ppr
  const halfFit = fitProbabilityBenchmark(
    Refit.benchmarkWeeks(current.filter((e) => NFL_COM_FIT_SEASONS.includes(e.season)), rows, playerOf, half)
  )
  const lastTrain = Math.max(...(spec.retrain?.train.seasons ?? [0]))
  const pprFit = fitProbabilityBenchmark(
    Refit.benchmarkWeeks(current.filter((e) => e.season === lastTrain), rows, playerOf, ppr)
  )
  const candidates = [
    { name: "current" as const, major: 1, spec, examples: current },
    { name: "refit" as const, major: 2, spec: nflConfidenceRefit, examples: refit }
  ].map((c) => {
    const measured = pairs.map((w) => measureConfidence(c.spec, c.examples, w.train, w.heldOut))
    return { ...c, measured, models: measured.map((m) => ("model" in m ? m.model : null)) }
  })
  const asCandidate = (c: typeof candidates[number]): Refit.Candidate => ({
    candidate: c.name,
    major: c.major,
    features: c.examples[0]?.features.length ?? 0,
    windows: c.measured.map((m, i) => ({ held_out_window: pairs[i]!.label, result: "result" in m ? m.result : null }))
  })
  const [cur, ref] = candidates as [typeof candidates[number], typeof candidates[number]]
  const chosen = Refit.chooseCandidate(asCandidate(cur), asCandidate(ref), (a, b) => a.metric_model < b.metric_model)
  const comparison = Refit.comparisonOf([asCandidate(cur), asCandidate(ref)], chosen)
  const trained = candidates.map((c): Trained => {
    const benchmarks = pairs.flatMap((w, i): ReadonlyArray<Models.ProbabilityBenchmark> => {
      const model = c.models[i]
      if (model === null || model === undefined) return []
      const held = c.examples.filter((e) => Models.inWindow(w.heldOut, e))
      const p = (e: Models.Example) => probabilityOf(model, e)
      return [
        ...(halfFit === null ? [] : [Refit.compareProbabilities(
          w.label,
          {
            benchmark:
              "σ(a + b·(NFL.com projection − line)): NFL.com's PlayerWeekProjectedPts (half-PPR, the only NFL.com projection of the 2022-2023 files) against the PPR line",
            fitted_on: "nfl 2022-2023 player-weeks of the model's examples that NFL.com projects",
            ...halfFit
          },
          Refit.benchmarkWeeks(held, rows, playerOf, half),
          p,
          halfFit.p
        )]),
        ...(pprFit === null || !w.heldOut.seasons.every((s) => s > lastTrain) ? [] : [Refit.compareProbabilities(
          w.label,
          {
            benchmark:
              "σ(a + b·(NFL.com PPR projection − line)): PlayerWeekProjectedPts + 0.5 × NFL.com's projected receptions (2024-2025 files only)",
            fitted_on:
              `nfl ${lastTrain} player-weeks of the model's examples that NFL.com projects (no PPR projection before 2024)`,
            ...pprFit
          },
          Refit.benchmarkWeeks(held, rows, playerOf, ppr),
          p,
          pprFit.p
        )])
      ]
    })
    const first = c.measured[0]!
    const result = "result" in first ? first.result : null
    const card: Models.ModelCard = {
      target: spec.target,
      features: [
        ...Models.confidenceFeatures,
        ...Models.extraConfidenceFeatures(spec),
        ...(c.name === "refit" ? Refit.preKickoffFeatureNames : [])
      ].map((f) => f.replace(/last N/g, `last ${spec.window}`)),
      training_window: spec.trainingWindow,
      held_out_window: spec.heldOutWindow,
      ...Models.confidenceRule(spec),
      result,
      note: result === null
        ? notTrained("train" in first ? first.train : 0, "heldOut" in first ? first.heldOut : 0)
        : `${
          c.name === "refit"
            ? "settings (L2 0.01, Platt scaling) chosen by 2-fold cross-validation inside 2023 (weeks 1-9 / 10-18) only; "
            : ""
        }${choiceNote(chosen, "Brier score")}; the ${
          pairs[1]?.label ?? "further"
        } predictions come from the fit through 2024`,
      library: `ml-matrix (IRLS logistic regression, L2 ${
        c.spec.ridge ?? RIDGE
      } on standardised features; then Platt scaling fitted on 2-fold out-of-fold training predictions, its intercept and slope last in coefficients)`,
      coefficients: c.models[0] === null || c.models[0] === undefined
        ? null
        : [
          ...roundCoefficients(c.models[0].fit),
          ...(c.models[0].platt === null ? [] : roundCoefficients(c.models[0].platt))
        ],
      additional_results: pairs.slice(1).map((w, i) => {
        const m = c.measured[i + 1]!
        return {
          training_window: spec.retrain!.trainingWindow,
          held_out_window: w.label,
          result: "result" in m ? m.result : null
        }
      }),
      probability_benchmarks: benchmarks,
      version_comparison: comparison
    }
    const version = versionOf("nfl", "confidence", card, trainedAt, c.major, statusOf(c.name, chosen, result))
    const predictions = version.status !== "ACTIVE" ? [] : c.examples.flatMap((e) => {
      const model = fitFor(pairs, c.models, e)
      if (model === null) return []
      return [confidencePrediction(version, e, probabilityOf(model, e))]
    })
    return { version, predictions }
  })
  return activeLast(trained)
}

/**
 * Trains nfl heat twice on the same examples and windows (as {@link trainNflConfidence}): the
 * current version (major 1, the six trailing-points features) and the refit (major 2: plus the
 * 28 pre-kickoff features; the same ridge 1e-3, nothing else chosen); the ACTIVE one has the
 * higher Spearman correlation in every held-out window (domain Refit `chooseCandidate`), the
 * other RETIRED when it passed its rule, else REJECTED. Each card carries the comparison table;
 * predictions as {@link trainNflConfidence}'s. Returned loser first. Pure but for `trainedAt`.
 */
export const trainNflHeat = (
  lines: ReadonlyArray<StatLine>,
  games: ReadonlyArray<Game>,
  trainedAt: string
): ReadonlyArray<Trained> => {
  const spec = Models.nflConfidence
  const pairs = windowPairs(spec)
  const current = Models.buildHeatExamples(spec, lines)
  const refit = Refit.withPreKickoff(current, lines, games)
  const candidates = [
    { name: "current" as const, major: 1, examples: current },
    { name: "refit" as const, major: 2, examples: refit }
  ].map((c) => {
    const measured = pairs.map((w) => measureHeat(c.examples, w.train, w.heldOut))
    return { ...c, measured, fits: measured.map((m) => ("fit" in m ? m.fit : null)) }
  })
  const asCandidate = (c: typeof candidates[number]): Refit.Candidate => ({
    candidate: c.name,
    major: c.major,
    features: c.examples[0]?.features.length ?? 0,
    windows: c.measured.map((m, i) => ({ held_out_window: pairs[i]!.label, result: "result" in m ? m.result : null }))
  })
  const [cur, ref] = candidates as [typeof candidates[number], typeof candidates[number]]
  const chosen = Refit.chooseCandidate(asCandidate(cur), asCandidate(ref), (a, b) => a.metric_model > b.metric_model)
  const comparison = Refit.comparisonOf([asCandidate(cur), asCandidate(ref)], chosen)
  const trained = candidates.map((c): Trained => {
    const first = c.measured[0]!
    const result = "result" in first ? first.result : null
    const card: Models.ModelCard = {
      target: heatTarget(spec),
      features: [...Models.heatFeatures, ...(c.name === "refit" ? Refit.preKickoffFeatureNames : [])].map((f) =>
        f.replace(/last N/g, `last ${spec.window}`)
      ),
      training_window: spec.trainingWindow,
      held_out_window: spec.heldOutWindow,
      ...Models.heatRule,
      result,
      note: result === null
        ? notTrained("train" in first ? first.train : 0, "heldOut" in first ? first.heldOut : 0)
        : `${choiceNote(chosen, "rank correlation")}; the ${
          pairs[1]?.label ?? "further"
        } predictions come from the fit through 2024`,
      library: "ml-matrix (ridge least squares, L2 1e-3 on standardised features)",
      coefficients: c.fits[0] === null || c.fits[0] === undefined ? null : roundCoefficients(c.fits[0]),
      additional_results: pairs.slice(1).map((w, i) => {
        const m = c.measured[i + 1]!
        return {
          training_window: spec.retrain!.trainingWindow,
          held_out_window: w.label,
          result: "result" in m ? m.result : null
        }
      }),
      version_comparison: comparison
    }
    const version = versionOf("nfl", "heat", card, trainedAt, c.major, statusOf(c.name, chosen, result))
    const predictions = version.status !== "ACTIVE" ? [] : c.examples.flatMap((e) => {
      const fit = fitFor(pairs, c.fits, e)
      if (fit === null) return []
      return [heatPrediction(version, e, predictLinear(fit, e.features))]
    })
    return { version, predictions }
  })
  return activeLast(trained)
}

/** The file of starting pitchers' strikeouts under the data directory (kxmplin_mlb_k_model). */
export const STARTS_FILE = join("kxmplin_mlb_k_model", "historical_ks.csv")

/**
 * Reads the starts of `historical_ks.csv` (PROVENANCE.md: one row per game per side; the six
 * suspended-and-resumed game_pks appear twice per side, so starts are de-duplicated on (game_pk,
 * side), the earlier date kept). Rows without a pitcher, date, season or strikeouts are skipped.
 * Fails with CsvFileError when the file cannot be read.
 */
export const readStarts = (dataDir: string): Effect.Effect<ReadonlyArray<Models.Start>, CsvFileError> =>
  Effect.map(Stream.runCollect(readCsv(join(dataDir, STARTS_FILE))), (rows) => {
    const byKey = new Map<string, Models.Start>()
    for (const row of Chunk.toReadonlyArray(rows)) {
      const gamePk = field(row, "game_pk")
      const side = field(row, "side")
      const pitcher = field(row, "pitcher_id")
      const date = field(row, "date")
      const season = int(row, "season")
      const strikeouts = int(row, "k_actual")
      if (
        gamePk === undefined || side === undefined || pitcher === undefined || date === undefined ||
        season === undefined || strikeouts === undefined
      ) continue
      const key = `${gamePk}|${side}`
      const prior = byKey.get(key)
      if (prior === undefined || date < prior.date) {
        byKey.set(key, { pitcher, game_pk: gamePk, date, season, strikeouts })
      }
    }
    return [...byKey.values()]
  })

/** The pitcher_form windows: train 2024 starts, validate 2025 starts (issue 12). */
const PITCHER_TRAIN = 2024
const PITCHER_HELD_OUT = 2025

/**
 * Trains and validates mlb pitcher_form on `starts`: a ridge least-squares regression of a
 * start's strikeouts on the pitcher_form features, trained on 2024 starts, validated on 2025
 * starts by MAE against the trailing-5 mean. Its predictions (ACTIVE only) are of the 2025 starts
 * of pitchers in `knownPlayers` (canonical ids `svc_mlb_<MLBAM id>`; the card's note counts the
 * others): `expected` strikeouts, `actual` strikeouts, no probability or line.
 */
export const trainPitcherForm = (
  starts: ReadonlyArray<Models.Start>,
  knownPlayers: ReadonlySet<string>,
  trainedAt: string
): Trained => {
  const examples = Models.buildStartExamples(starts)
  const trainSet = examples.filter((e) => e.season === PITCHER_TRAIN)
  const heldSet = examples.filter((e) => e.season === PITCHER_HELD_OUT)
  const base = {
    target: "expected strikeouts of the starting pitcher in his next start",
    features: [...Models.pitcherFormFeatures],
    training_window: "mlb 2024 regular-season starts (kxmplin_mlb_k_model)",
    held_out_window: "mlb 2025 starts to 2025-07-10 (kxmplin_mlb_k_model)",
    ...Models.pitcherFormRule,
    library: "ml-matrix (ridge least squares, L2 1e-3 on standardised features)"
  }
  if (trainSet.length <= Models.pitcherFormFeatures.length || heldSet.length === 0) {
    const card: Models.ModelCard = {
      ...base,
      result: null,
      note: `not trained: ${trainSet.length} training and ${heldSet.length} held-out starts in ${STARTS_FILE}`,
      coefficients: null
    }
    return { version: versionOf("mlb", "pitcher_form", card, trainedAt), predictions: [] }
  }
  const fit = fitLinear(trainSet.map((e) => e.features), trainSet.map((e) => e.actual))
  const expectedOf = (e: Models.StartExample) => Math.max(0, predictLinear(fit, e.features))
  const result = Models.validateMae(
    heldSet.map((e) => ({ expected: expectedOf(e), baseline: e.baseline, actual: e.actual })),
    trainSet.length
  )
  const linked = heldSet.filter((e) => knownPlayers.has(`svc_mlb_${e.pitcher}`))
  const pitchers = new Set(heldSet.map((e) => e.pitcher))
  const linkedPitchers = new Set(linked.map((e) => e.pitcher))
  const card: Models.ModelCard = {
    ...base,
    result,
    note: `${
      result.passed ? "" : `${failedNote}; `
    }${linkedPitchers.size} of ${pitchers.size} held-out pitchers (${linked.length} of ${heldSet.length} starts) link to a stored mlb player by MLBAM id`,
    coefficients: roundCoefficients(fit)
  }
  const version = versionOf("mlb", "pitcher_form", card, trainedAt)
  const predictions = version.status !== "ACTIVE" ? [] : linked.map((e) => ({
    model_id: version.id,
    sport: "mlb" as const,
    player_id: `svc_mlb_${e.pitcher}`,
    season: e.season,
    game_id: e.game_pk,
    game_date: e.date,
    model_type: "pitcher_form" as const,
    model_version: version.version,
    as_of: e.as_of,
    probability: null,
    confidence_score: null,
    heat_signal: null,
    expected: Math.round(expectedOf(e) * 100) / 100,
    threshold: null,
    actual: e.actual
  }))
  return { version, predictions }
}

// --- nfl projection (issue 23) -------------------------------------------------------------------

/** Games of the future predictions: each active player's team's next games after the newest stored line. */
const FUTURE_GAMES = 3

/** The {@link Models.ModelResult} of one benchmark window: the model's MAE beside the trailing-8's. */
const projectionResult = (b: Models.BenchmarkResult, observationsTrain: number): Models.ModelResult => {
  const base = b.mae_trailing ?? 0
  return {
    metric_model: b.mae_model,
    metric_baseline: base,
    improvement_pct: base === 0 ? 0 : Math.round(((base - b.mae_model) / base) * 10_000) / 100,
    calibration_error: null,
    observations_train: observationsTrain,
    observations_held_out: b.predicted,
    passed: P.projectionPasses([b])
  }
}

/** A stored prediction of a projected example under `version`. */
const projectionPrediction = (version: Models.ModelVersion, p: Walk.Projected): Models.ModelPrediction => ({
  model_id: version.id,
  sport: "nfl",
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
  expected: p.points.half_ppr,
  threshold: p.example.baseline === null ? null : Math.round(p.example.baseline * 100) / 100,
  actual: p.example.actual?.half_ppr ?? null,
  week: p.example.week,
  projection: { points: p.points, interval_80: p.interval, actual_points: p.example.actual }
})

/**
 * The examples of the future games (issue 23 "beyond the data"): for each player of `players`
 * who is active, on a team, at a projected position and has a line in the newest season, his
 * team's next {@link FUTURE_GAMES} games dated after the newest stored line, with features from
 * the data up to that line only (later scores are not read). Actual points null.
 */
export const futureProjectionExamples = (
  lines: ReadonlyArray<StatLine>,
  games: ReadonlyArray<Game>,
  players: ReadonlyArray<Player>
): ReadonlyArray<P.ProjectionExample> => {
  const dates = lines.flatMap((l) => (l.game_date === null ? [] : [l.game_date])).sort()
  const cutoff = dates[dates.length - 1]
  if (cutoff === undefined) return []
  const newestSeason = Math.max(...lines.map((l) => l.season))
  const known = games.map((g) =>
    g.game_date !== null && g.game_date > cutoff ? { ...g, home_score: null, away_score: null } : g
  )
  const history = P.projectionHistory(lines, known)
  const upcoming = games
    .filter((g) => g.game_date !== null && g.game_date > cutoff)
    .sort((a, b) => a.game_date!.localeCompare(b.game_date!) || a.id.localeCompare(b.id))
  const out: Array<P.ProjectionExample> = []
  for (const player of players) {
    if (player.status !== "active" || player.team === null) continue
    const own = history.players.get(player.id)
    const newest = own?.[own.length - 1]
    if (newest === undefined || newest.line.season !== newestSeason) continue
    const position = P.projectionPosition(newest.line.position ?? player.position)
    if (position === null) continue
    const team = player.team
    for (const game of upcoming.filter((g) => g.home_team === team || g.away_team === team).slice(0, FUTURE_GAMES)) {
      const f = P.projectionFeatures(history, { player_id: player.id, team, position, game })
      out.push({
        player_id: player.id,
        game_id: game.id,
        season: game.season,
        week: game.week ?? 0,
        game_date: game.game_date!,
        as_of: f.as_of,
        position,
        team,
        features: f.features,
        baseline: f.baseline,
        actual: null
      })
    }
  }
  return out
}

/**
 * Trains and validates nfl.projection (issue 23) on the stored `lines`, `games` and `players`
 * against NFL.com's `benchmark` (read from the data files; the benchmark only, never a feature):
 * the walk-forward predictions of the validation window (2023, where the ridge penalty was
 * chosen) and of the held-out windows (2024 weeks 1-17, 2025 weeks 1-14), each week fitted on the
 * weeks before it only (ingest Projection.ts), compared with NFL.com and the trailing-8 mean on
 * the benchmark's player-weeks (domain Projection `compareWithBenchmark`). ACTIVE only when the
 * pass rule holds in both held-out windows; its predictions are then the held-out windows' and
 * the future games' ({@link futureProjectionExamples}, fitted on every played week). With no
 * benchmark rows the card is REJECTED with the reason. Pure but for `trainedAt`.
 */
export const trainProjection = (
  lines: ReadonlyArray<StatLine>,
  games: ReadonlyArray<Game>,
  players: ReadonlyArray<Player>,
  benchmark: ReadonlyArray<P.BenchmarkRow>,
  trainedAt: string
): Trained => {
  const history = P.projectionHistory(lines, games)
  const examples = P.buildProjectionExamples(history)
  const byNfl = new Map(
    players.flatMap((p) => (p.platform_ids["nfl"] === undefined ? [] : [[p.platform_ids["nfl"], p.id] as const]))
  )
  const played = new Set(lines.map((l) => `${l.player_id}|${l.season}|${l.week}`))
  const windows = [P.projectionValidation, ...P.projectionHeldOut]
  const projected = windows.map((w) => Walk.walkForward(examples, w))
  const results = windows.map((w, i) =>
    P.compareWithBenchmark(
      w,
      Walk.scored(projected[i]!),
      benchmark,
      (id) => byNfl.get(id),
      (player, season, week) => played.has(`${player}|${season}|${week}`)
    )
  )
  const trainCount = (w: P.WalkForward) => examples.filter((e) => P.weekBefore(e, { season: w.season, week: 1 })).length
  const held = results.filter((r) => r.role === "held_out")
  const passed = benchmark.length > 0 && P.projectionPasses(held)
  const final = Walk.fitProjection(examples)
  const r = (b: Models.BenchmarkResult) =>
    `${b.window}: model ${b.mae_model} vs NFL.com ${b.mae_nfl_com} vs trailing-8 ${b.mae_trailing} (coverage ${b.coverage})`
  const card: Models.ModelCard = {
    target:
      "next game's fantasy points of a QB, RB, WR or TE under standard, half-PPR and PPR scoring (one fit per position group and format), with an 80% interval",
    features: [...P.projectionFeatureNames(P.projectionWindows)],
    training_window:
      "walk-forward: each predicted week fitted on every nfl regular-season player-week (weeks 1-18) before it, from 2022 on (2022 week 1 has no history: the data start)",
    held_out_window: P.projectionHeldOut.map((w) => w.label).join(" and "),
    ...P.projectionRule,
    result: held[0] === undefined || benchmark.length === 0
      ? null
      : { ...projectionResult(held[0], trainCount(P.projectionHeldOut[0]!)), passed },
    note: benchmark.length === 0
      ? "not validated: the NFL.com benchmark files (hvpkod_nfl_data/nfl_weekly_projected_offense_<season>.csv) were not read, so the pass rule cannot be checked; the fields stay null"
      : `settings chosen on ${P.projectionValidation.label} only (walk-forward, 2022 as history; inside the training seasons of both held-out windows), then frozen before the held-out windows were scored: the ridge penalty (${Walk.PROJECTION_RIDGE}, from 0.05 to 2), the exponentially weighted usage, previous-season, share × implied-total and squared features (validation MAE 5.178 without them, 5.136 with), the QB fit on starters only (trailing ${Walk.QB_MIN_PASSING_YARDS}+ passing yards a game); a median regression and square-root or log targets were worse there. ${
        results.map(r).join("; ")
      }. ${
        passed ? "Passed in both held-out windows." : `${failedNote}.`
      } The interval is the fit's 10th to 90th percentile of training residuals.`,
    library:
      `ml-matrix (ridge least squares per position group and format, L2 ${Walk.PROJECTION_RIDGE} per observation on standardised features, QB fit on starters, refitted every week; coefficients: the final fit's half-PPR model of QB, RB, WR, TE in turn, intercept first)`,
    coefficients: P.projectionPositions.flatMap((g) =>
      (final.get(g)?.half_ppr.coefficients ?? []).map((c) => Math.round(c * 1e6) / 1e6)
    ),
    additional_results: [
      ...held.slice(1).map((b, i) => ({
        training_window: "walk-forward, every week before the predicted one",
        held_out_window: b.window,
        result: projectionResult(b, trainCount(P.projectionHeldOut[i + 1]!))
      })),
      ...results.filter((b) => b.role === "validation").map((b) => ({
        training_window:
          "walk-forward, every week before the predicted one (validation: the features, the ridge penalty and the QB training rule were chosen here)",
        held_out_window: b.window,
        result: projectionResult(b, trainCount(P.projectionValidation))
      }))
    ],
    benchmark_results: results
  }
  const version = versionOf("nfl", "projection", card, trainedAt)
  if (version.status !== "ACTIVE") return { version, predictions: [] }
  const future = futureProjectionExamples(lines, games, players).flatMap((e) => {
    const p = Walk.project(final, e)
    return p === undefined ? [] : [p]
  })
  const heldProjected = projected.filter((_, i) => windows[i]!.role === "held_out").flat()
  return { version, predictions: [...heldProjected, ...future].map((p) => projectionPrediction(version, p)) }
}

/** Sports with a model in the registry (the sport registry's `models` capability). */
export const modelSports: ReadonlyArray<TeamSport> = Sports.sportsWith("models")

const recordTrained = (trained: Trained) =>
  Effect.gen(function*() {
    yield* (yield* ModelRegistryWriter).record(trained.version, trained.predictions)
    yield* Effect.logInfo("model trained").pipe(Effect.annotateLogs({
      model: trained.version.id,
      status: trained.version.status,
      predictions: trained.predictions.length
    }))
    return trained.version
  })

/**
 * Trains every model of `sport` from the stored lines (and, for mlb pitcher_form, the starts file
 * under `options.dataDir`; without it, or when the file cannot be read, its card is recorded
 * REJECTED with the reason) and records each version (ModelRegistryWriter `record`); returns the
 * versions recorded. nfl confidence and heat are trained twice, the current version and the refit
 * with the pre-kickoff features ({@link trainNflConfidence}, {@link trainNflHeat}; the NFL.com
 * projections for the confidence benchmark read from `options.dataDir`), the ACTIVE one recorded
 * last. `trained_at` comes from the Clock. Fails with StoreError.
 */
export const trainModels = (
  sport: SportKey,
  options: { readonly dataDir?: string | undefined } = {}
): Effect.Effect<
  ReadonlyArray<Models.ModelVersion>,
  StoreError,
  StatLineReader | ModelRegistryWriter | PlayerReader | GameReader
> =>
  Effect.gen(function*() {
    const writer = yield* ModelRegistryWriter
    const trainedAt = new Date(yield* Clock.currentTimeMillis).toISOString()
    const out: Array<Models.ModelVersion> = []
    if (sport === "mlb") {
      const card = Models.mlbConfidenceCard
      const version = `0.${fnv(JSON.stringify(card))}`
      const record: Models.ModelVersion = {
        id: `mlb.confidence.${version}`,
        sport: "mlb",
        model_type: "confidence",
        version,
        status: "REJECTED",
        trained_at: trainedAt,
        card
      }
      yield* writer.record(record, [])
      out.push(record)
      const starts = options.dataDir === undefined
        ? ([] as ReadonlyArray<Models.Start>)
        : yield* readStarts(options.dataDir).pipe(
          Effect.tapError((e) => Effect.logWarning("pitcher_form: starts file not read", e.reason)),
          Effect.orElseSucceed((): ReadonlyArray<Models.Start> => [])
        )
      const known = new Set<string>()
      const players = yield* PlayerReader
      for (const id of new Set(starts.map((s) => `svc_mlb_${s.pitcher}`))) {
        if (Option.isSome(yield* players.get(id))) known.add(id)
      }
      out.push(yield* recordTrained(trainPitcherForm(starts, known, trainedAt)))
    }
    const specs = Models.confidenceSpecs.filter((s) => s.sport === sport)
    const heat = heatSpecs.filter((s) => s.sport === sport)
    if (specs.length === 0 && heat.length === 0) return out
    const lines = yield* allStatLines(sport as TeamSport)
    if (sport !== "nfl") {
      for (const spec of specs) out.push(yield* recordTrained(trainConfidence(spec, lines, trainedAt)))
      for (const spec of heat) out.push(yield* recordTrained(trainHeat(spec, lines, trainedAt)))
    }
    if (sport === "nfl") {
      const gameReader = yield* GameReader
      const playerReader = yield* PlayerReader
      const games = yield* Paging.allRows((page) => gameReader.find({ sport: "nfl", order: "asc", ...page }))
      const players = yield* Paging.allRows((page) => playerReader.find({ sport: "nfl", ...page }))
      const projections = options.dataDir === undefined
        ? ([] as ReadonlyArray<Refit.ProjectionRow>)
        : yield* readProjectionRows(options.dataDir).pipe(
          Effect.tapError((e) => Effect.logWarning("confidence: NFL.com projections not read", e.reason)),
          Effect.orElseSucceed((): ReadonlyArray<Refit.ProjectionRow> => [])
        )
      // the current and the refit version of each, loser first (the ACTIVE one recorded last)
      for (const t of trainNflConfidence(lines, games, players, projections, trainedAt)) {
        out.push(yield* recordTrained(t))
      }
      for (const t of trainNflHeat(lines, games, trainedAt)) out.push(yield* recordTrained(t))
      const benchmark = options.dataDir === undefined
        ? ([] as ReadonlyArray<P.BenchmarkRow>)
        : yield* Walk.readBenchmark(options.dataDir, [2023, 2024, 2025]).pipe(
          Effect.tapError((e) => Effect.logWarning("projection: NFL.com benchmark not read", e.reason)),
          Effect.orElseSucceed((): ReadonlyArray<P.BenchmarkRow> => [])
        )
      out.push(yield* recordTrained(trainProjection(lines, games, players, benchmark, trainedAt)))
    }
    if (sport === "nba") {
      const gameReader = yield* GameReader
      const playerReader = yield* PlayerReader
      const games = yield* Paging.allRows((page) => gameReader.find({ sport: "nba", order: "asc", ...page }))
      const players = yield* Paging.allRows((page) => playerReader.find({ sport: "nba", ...page }))
      out.push(yield* recordTrained(trainNbaProjection(lines, games, players, trainedAt)))
    }
    return out
  }).pipe(Effect.withSpan("Models.train", { attributes: { sport } }))

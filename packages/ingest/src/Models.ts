/**
 * The model training job (issue 12): fits each confidence model of the registry (domain
 * Models.ts `confidenceSpecs`) on its training seasons, validates it on its held-out seasons
 * against its naive baseline, and records the version (ACTIVE only when the pass rule holds) with
 * its card and, for an ACTIVE version, its predictions of every player-game after the training
 * window (each made from the player's earlier games only). The mlb confidence card is recorded
 * REJECTED, untrained, with the reason.
 *
 * The fit is an L2-regularised logistic regression by iteratively reweighted least squares
 * (Newton's method), each Newton step solved by ml-matrix's `solve` (mljs, MIT, maintained,
 * typed). It has no random start, so it is deterministic: the same lines give the same version.
 * (ml-logistic-regression of the same family was tried first: fixed-step gradient descent on a
 * summed gradient, 50,000 steps, no probabilities in its typed surface, and no types at all.)
 * @module
 */
import {
  ModelRegistryWriter,
  Models,
  type SportKey,
  type StatLine,
  StatLineReader,
  type StoreError,
  type TeamSport
} from "@sports-data/domain"
import { Clock, Effect } from "effect"
import { Matrix, solve } from "ml-matrix"
import { allStatLines } from "./Metrics.js"

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
 * Fits P(y = 1 | x) = σ(b0 + Σ bj·(xj − mean_j)/sd_j) by IRLS with ridge {@link RIDGE}. `x` rows
 * of equal length, `y` 0/1. Deterministic. Throws nothing: a singular step stops the iteration.
 */
export const fitLogistic = (x: ReadonlyArray<ReadonlyArray<number>>, y: ReadonlyArray<number>): Fit => {
  const k = x[0]?.length ?? 0
  const means = Array.from({ length: k }, (_, j) => x.reduce((s, r) => s + r[j]!, 0) / x.length)
  const scales = Array.from({ length: k }, (_, j) => {
    const sd = Math.sqrt(x.reduce((s, r) => s + (r[j]! - means[j]!) ** 2, 0) / x.length)
    return sd > 0 ? sd : 1
  })
  const design = new Matrix(x.map((r) => [1, ...r.map((v, j) => (v - means[j]!) / scales[j]!)]))
  let beta = Matrix.zeros(k + 1, 1)
  for (let step = 0; step < MAX_STEPS; step++) {
    const p = design.mmul(beta).to1DArray().map(sigmoid)
    const w = p.map((pi) => Math.max(pi * (1 - pi), 1e-10))
    const weighted = design.clone()
    for (let i = 0; i < weighted.rows; i++) for (let j = 0; j <= k; j++) weighted.set(i, j, weighted.get(i, j) * w[i]!)
    const hessian = design.transpose().mmul(weighted)
    for (let j = 1; j <= k; j++) hessian.set(j, j, hessian.get(j, j) + RIDGE * x.length)
    const residual = Matrix.columnVector(p.map((pi, i) => y[i]! - pi))
    const gradient = design.transpose().mmul(residual)
    for (let j = 1; j <= k; j++) gradient.set(j, 0, gradient.get(j, 0) - RIDGE * x.length * beta.get(j, 0))
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

/** P(y = 1) of one feature row under `fit`, fraction 0-1. */
export const predictLogistic = (fit: Fit, row: ReadonlyArray<number>): number =>
  sigmoid(
    row.reduce((z, v, j) => z + fit.coefficients[j + 1]! * ((v - fit.means[j]!) / fit.scales[j]!), fit.coefficients[0]!)
  )

/** FNV-1a 32-bit of a string, 8 hex digits: the content part of a version. */
const fnv = (text: string): string => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h.toString(16).padStart(8, "0")
}

/** What one training run produced: the version record and its predictions (empty unless ACTIVE). */
export interface Trained {
  readonly version: Models.ModelVersion
  readonly predictions: ReadonlyArray<Models.ModelPrediction>
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4

/**
 * Trains and validates one confidence model on `lines` (every stat line of its sport). Pure but
 * for the time `trainedAt` (ISO 8601). The card's result is null, and the version REJECTED, when
 * either window has no observation (the note says which).
 */
export const trainConfidence = (
  spec: Models.ConfidenceSpec,
  lines: ReadonlyArray<StatLine>,
  trainedAt: string
): Trained => {
  const examples = Models.buildExamples(spec, lines)
  const train = examples.filter((e) => spec.trainSeasons.includes(e.season))
  const heldOut = examples.filter((e) => spec.heldOutSeasons.includes(e.season))
  const lastTrain = Math.max(...spec.trainSeasons)
  const rule = Models.confidenceRule(spec)
  const base = {
    target: spec.target,
    features: Models.confidenceFeatures.map((f) => f.replace(/last N/g, `last ${spec.window}`)),
    training_window: spec.trainingWindow,
    held_out_window: spec.heldOutWindow,
    ...rule,
    library: "ml-matrix (IRLS logistic regression, L2 1e-3 on standardised features)"
  }
  if (train.length === 0 || heldOut.length === 0 || new Set(train.map((e) => e.label)).size < 2) {
    const card: Models.ModelCard = {
      ...base,
      result: null,
      note: `not trained: ${train.length} training and ${heldOut.length} held-out observations in the store`,
      coefficients: null
    }
    const version = `1.${fnv(JSON.stringify(card))}`
    return {
      version: {
        id: `${spec.sport}.confidence.${version}`,
        sport: spec.sport,
        model_type: "confidence",
        version,
        status: "REJECTED",
        trained_at: trainedAt,
        card
      },
      predictions: []
    }
  }
  const fit = fitLogistic(train.map((e) => e.features), train.map((e) => e.label))
  const result = Models.validateConfidence(
    heldOut.map((e) => ({ probability: predictLogistic(fit, e.features), baseline: e.baseline, label: e.label })),
    train.length
  )
  const card: Models.ModelCard = {
    ...base,
    result,
    note: result.passed ? null : "did not pass its rule on the held-out window: its fields stay null",
    coefficients: fit.coefficients.map((c) => Math.round(c * 1e6) / 1e6)
  }
  const version = `1.${fnv(JSON.stringify(card))}`
  const id = `${spec.sport}.confidence.${version}`
  const status = result.passed ? "ACTIVE" : "REJECTED"
  const predictions = status !== "ACTIVE" ? [] : examples.filter((e) => e.season > lastTrain).map((e) => {
    const p = predictLogistic(fit, e.features)
    return {
      model_id: id,
      sport: spec.sport,
      player_id: e.player_id,
      season: e.season,
      game_id: e.game_id,
      game_date: e.game_date,
      model_type: "confidence" as const,
      model_version: version,
      as_of: e.as_of,
      probability: r4(p),
      confidence_score: Models.confidenceScore(p),
      heat_signal: null,
      expected: null,
      threshold: e.threshold,
      actual: e.actual
    }
  })
  return {
    version: { id, sport: spec.sport, model_type: "confidence", version, status, trained_at: trainedAt, card },
    predictions
  }
}

/** Sports with a model in the registry. */
export const modelSports: ReadonlyArray<TeamSport> = ["nfl", "nba", "mlb"]

/**
 * Trains every model of `sport` from the stored lines and records each version (ModelRegistryWriter
 * `record`); returns the versions recorded. `trained_at` comes from the Clock. Fails with StoreError.
 */
export const trainModels = (
  sport: SportKey
): Effect.Effect<ReadonlyArray<Models.ModelVersion>, StoreError, StatLineReader | ModelRegistryWriter> =>
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
    }
    const specs = Models.confidenceSpecs.filter((s) => s.sport === sport)
    if (specs.length === 0) return out
    const lines = yield* allStatLines(specs[0]!.sport)
    for (const spec of specs) {
      const trained = trainConfidence(spec, lines, trainedAt)
      yield* writer.record(trained.version, trained.predictions)
      yield* Effect.logInfo("model trained").pipe(Effect.annotateLogs({
        sport,
        model: trained.version.id,
        status: trained.version.status,
        predictions: trained.predictions.length
      }))
      out.push(trained.version)
    }
    return out
  }).pipe(Effect.withSpan("Models.train", { attributes: { sport } }))

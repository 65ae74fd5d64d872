/**
 * The nfl projection model's fit and walk-forward evaluation (issue 23; the features, windows and
 * benchmark comparison are domain Projection.ts).
 *
 * The fit is a ridge least-squares regression per position group and scoring format on
 * standardised features, its normal equations solved by ml-matrix's `solve` (mljs, MIT,
 * maintained, typed; already the registry's library). Closed form, no random start: the same
 * examples give the same coefficients. A median regression (least absolute deviations by
 * iteratively reweighted least squares, the loss matching the MAE the model is judged by) was
 * measured on the 2023 validation split and lost to least squares (5.28-5.41 against 5.18-5.34):
 * the judged player-weeks (NFL.com projected >= 5) are players whose outcome sits above the
 * median of players with the same features. Gradient boosting ports on npm were not used:
 * ml-xgboost is a 2019 WebAssembly build, unmaintained, and the LightGBM ports download native
 * binaries at install.
 *
 * Walk-forward: each week of a window is predicted by fits on the examples of weeks before it
 * only (every earlier season and the earlier weeks of its own).
 * @module
 */
import { Projection as P } from "@sports-data/domain"
import { Chunk, Effect, Stream } from "effect"
import { Matrix, solve } from "ml-matrix"
import { join } from "node:path"
import { type CsvFileError, field, int, num, readCsv } from "./Csv.js"

/**
 * The L2 penalty per observation on standardised features (intercept unpenalised), chosen on the
 * 2023 validation split only: 0.2 among 0.001-1 with the first 28 features; with the 21 added
 * (exponentially weighted usage, previous season, share × implied total, squares) 1 among 0.05,
 * 0.2, 0.5, 1 and 2 (2 measured as 1 there, with a larger low bias).
 */
export const PROJECTION_RIDGE = 1

/**
 * The QB fit learns from starters only: QB examples with no earlier game or a trailing mean of at
 * least this many passing yards per game (the benchmark's QBs are starters; backups' mop-up games
 * pulled the fit low). Chosen on the 2023 validation split from none, 100 and 150 (QB MAE 6.23,
 * 6.17, 6.16). Every QB is still predicted.
 */
export const QB_MIN_PASSING_YARDS = 150

const featureNames = P.projectionFeatureNames(P.projectionWindows)
const noHistory = featureNames.indexOf("1 when he has no earlier game, else 0")
const passingYards = featureNames.findIndex((n) => n.startsWith("mean passing yards / 25"))

/** Whether a played example trains its group's fit (see {@link QB_MIN_PASSING_YARDS}). */
export const trainsFit = (e: P.ProjectionExample): boolean =>
  e.actual !== null &&
  (e.position !== "QB" || e.features[noHistory] === 1 || e.features[passingYards]! * 25 >= QB_MIN_PASSING_YARDS)

/** A fitted linear model on standardised features: intercept first, then one weight per feature. */
export interface LinearFit {
  readonly coefficients: ReadonlyArray<number>
  readonly means: ReadonlyArray<number>
  readonly scales: ReadonlyArray<number>
  /** The 10th and 90th percentiles of the training residuals (actual − fitted), points. */
  readonly residual10: number
  readonly residual90: number
}

/** The fitted value of one feature row. */
export const predictFit = (fit: LinearFit, row: ReadonlyArray<number>): number =>
  row.reduce((z, v, j) => z + fit.coefficients[j + 1]! * ((v - fit.means[j]!) / fit.scales[j]!), fit.coefficients[0]!)

const quantile = (sorted: ReadonlyArray<number>, q: number): number => {
  if (sorted.length === 0) return 0
  const i = Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))))
  return sorted[i]!
}

/**
 * Fits each target of `ys` as y ≈ b0 + Σ bj·(xj − mean_j)/sd_j by ridge least squares (penalty
 * `lambda`·n·Σ bj², intercept unpenalised): the normal equations' matrix accumulated once, row by
 * row, and solved by ml-matrix for every target at once. `x` rows of equal length, at least one;
 * each of `ys` one value per row. Deterministic. A singular system (never with a positive
 * penalty) gives the mean.
 */
export const fitRidge = (
  x: ReadonlyArray<ReadonlyArray<number>>,
  ys: ReadonlyArray<ReadonlyArray<number>>,
  lambda: number
): ReadonlyArray<LinearFit> => {
  const n = x.length
  const k = x[0]?.length ?? 0
  const means = Array.from({ length: k }, (_, j) => x.reduce((s, r) => s + r[j]!, 0) / n)
  const scales = Array.from({ length: k }, (_, j) => {
    const sd = Math.sqrt(x.reduce((s, r) => s + (r[j]! - means[j]!) ** 2, 0) / n)
    return sd > 0 ? sd : 1
  })
  const rows = x.map((r) => [1, ...r.map((v, j) => (v - means[j]!) / scales[j]!)])
  const d = k + 1
  const gram = Array.from({ length: d }, () => new Array<number>(d).fill(0))
  const rhs = Array.from({ length: d }, () => new Array<number>(ys.length).fill(0))
  for (let i = 0; i < n; i++) {
    const r = rows[i]!
    for (let a = 0; a < d; a++) {
      const ra = rhs[a]!
      for (let t = 0; t < ys.length; t++) ra[t] = ra[t]! + r[a]! * ys[t]![i]!
      const ga = gram[a]!
      for (let b = a; b < d; b++) ga[b] = ga[b]! + r[a]! * r[b]!
    }
  }
  for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) gram[a]![b] = gram[b]![a]!
  for (let j = 1; j < d; j++) gram[j]![j] = gram[j]![j]! + lambda * n
  let betas: ReadonlyArray<ReadonlyArray<number>>
  try {
    const solved = solve(new Matrix(gram), new Matrix(rhs))
    betas = ys.map((_, t) => solved.getColumn(t))
  } catch {
    betas = ys.map((_, t) => [rhs[0]![t]! / n, ...new Array<number>(k).fill(0)])
  }
  return betas.map((beta, t) => {
    const y = ys[t]!
    const residuals = rows.map((r, i) => y[i]! - r.reduce((z, v, j) => z + v * beta[j]!, 0)).sort((a, b) => a - b)
    return {
      coefficients: beta,
      means,
      scales,
      residual10: quantile(residuals, 0.1),
      residual90: quantile(residuals, 0.9)
    }
  })
}

/** The fits of one walk-forward week (or of the final model): position group → format → fit. */
export type ProjectionFits = ReadonlyMap<P.ProjectionPosition, Readonly<Record<P.ProjectionFormat, LinearFit>>>

/**
 * Fits every position group and format on `train` (its played examples of each group that
 * {@link trainsFit}) by
 * {@link fitRidge} with `lambda`. A group with no more examples than features has no fit.
 */
export const fitProjection = (
  train: ReadonlyArray<P.ProjectionExample>,
  lambda: number = PROJECTION_RIDGE
): ProjectionFits => {
  const out = new Map<P.ProjectionPosition, Record<P.ProjectionFormat, LinearFit>>()
  for (const group of P.projectionPositions) {
    const set = train.filter((e) => e.position === group && trainsFit(e))
    if (set.length <= (set[0]?.features.length ?? 0)) continue
    const fitted = fitRidge(
      set.map((e) => e.features),
      P.projectionFormats.map((format) => set.map((e) => e.actual![format])),
      lambda
    )
    const fits = {} as Record<P.ProjectionFormat, LinearFit>
    P.projectionFormats.forEach((format, t) => fits[format] = fitted[t]!)
    out.set(group, fits)
  }
  return out
}

/** A projection of one example: points per format (at least 0) and the 80% interval per format. */
export interface Projected {
  readonly example: P.ProjectionExample
  readonly points: Readonly<Record<P.ProjectionFormat, number>>
  readonly interval: Readonly<Record<P.ProjectionFormat, { readonly low: number; readonly high: number }>>
}

const r2 = (x: number) => Math.round(x * 100) / 100

/** The projection of `e` under `fits`, or undefined when its group has no fit. */
export const project = (fits: ProjectionFits, e: P.ProjectionExample): Projected | undefined => {
  const f = fits.get(e.position)
  if (f === undefined) return undefined
  const points = {} as Record<P.ProjectionFormat, number>
  const interval = {} as Record<P.ProjectionFormat, { readonly low: number; readonly high: number }>
  for (const format of P.projectionFormats) {
    const fit = f[format]
    const v = predictFit(fit, e.features)
    points[format] = r2(Math.max(0, v))
    interval[format] = { low: r2(Math.max(0, v + fit.residual10)), high: r2(Math.max(0, v + fit.residual90)) }
  }
  return { example: e, points, interval }
}

/**
 * Walk-forward predictions of `window`: for each of its weeks, the fits on the examples of weeks
 * strictly before it, applied to that week's examples. Ordered by week, then as `examples`.
 */
export const walkForward = (
  examples: ReadonlyArray<P.ProjectionExample>,
  window: P.WalkForward,
  lambda: number = PROJECTION_RIDGE
): ReadonlyArray<Projected> => {
  const out: Array<Projected> = []
  for (let week = 1; week <= window.maxWeek; week++) {
    const at = { season: window.season, week }
    const held = examples.filter((e) => e.season === window.season && e.week === week)
    if (held.length === 0) continue
    const fits = fitProjection(examples.filter((e) => P.weekBefore(e, at)), lambda)
    for (const e of held) {
      const p = project(fits, e)
      if (p !== undefined) out.push(p)
    }
  }
  return out
}

/** The {@link P.ScoredWeek}s of projected examples (those with actual points). */
export const scored = (projected: ReadonlyArray<Projected>): ReadonlyArray<P.ScoredWeek> =>
  projected.flatMap((p) =>
    p.example.actual === null ? [] : [{
      player_id: p.example.player_id,
      season: p.example.season,
      week: p.example.week,
      points: p.points,
      actual: p.example.actual,
      baseline: p.example.baseline
    }]
  )

/** The NFL.com projection file of a season under the data directory (the benchmark, never a feature). */
export const benchmarkFile = (season: number): string =>
  join("hvpkod_nfl_data", `nfl_weekly_projected_offense_${season}.csv`)

/** The actual-stat columns of a projected file (PROVENANCE.md: they hold the actual stats of played weeks). */
const actualColumns = [
  "PassingYDS",
  "PassingTD",
  "PassingInt",
  "RushingYDS",
  "RushingTD",
  "ReceivingRec",
  "ReceivingYDS",
  "ReceivingTD",
  "RetTD",
  "FumTD",
  "2PT",
  "Fum"
]

/**
 * Reads NFL.com's projections of `seasons` (the benchmark rows, {@link P.BenchmarkRow}): rows
 * with a PlayerId, season, week and `PlayerWeekProjectedPts`; `recorded` when one of the row's
 * actual-stat columns is non-zero. A season whose file is missing has no rows. Fails with
 * CsvFileError when a present file cannot be read.
 */
export const readBenchmark = (
  dataDir: string,
  seasons: ReadonlyArray<number>
): Effect.Effect<ReadonlyArray<P.BenchmarkRow>, CsvFileError> =>
  Effect.map(
    Effect.forEach(seasons, (season) =>
      Stream.runCollect(readCsv(join(dataDir, benchmarkFile(season)))).pipe(
        Effect.map((rows) =>
          Chunk.toReadonlyArray(rows).flatMap((row): ReadonlyArray<P.BenchmarkRow> => {
            const nfl_id = field(row, "PlayerId")
            const week = int(row, "week")
            const projected = num(row, "PlayerWeekProjectedPts")
            if (nfl_id === undefined || week === undefined || projected === undefined) return []
            return [{
              nfl_id,
              season: int(row, "season") ?? season,
              week,
              projected,
              recorded: actualColumns.some((c) => (num(row, c) ?? 0) !== 0)
            }]
          })
        ),
        Effect.catchTag("CsvFileError", (e) => e.reason.includes("ENOENT") ? Effect.succeed([]) : Effect.fail(e))
      )),
    (all) => all.flat()
  )

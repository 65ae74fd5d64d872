/**
 * The refit of nfl confidence and heat with the pre-kickoff features of the projection model
 * (issue 23 point 4), and the benchmark probability of nfl confidence: a logistic of "cleared the
 * line" on NFL.com's projection minus the line. Pure; the fits run in ingest Models.ts.
 *
 * The refit's examples are the current model's examples (the same player-games, labels,
 * baselines and windows) with the 28 features of Projection.ts `projectionFeatures` appended,
 * each computed from what is dated before the game's kickoff (his earlier lines, his team's and
 * opponent's earlier games, the game's closing spread and total, home or away). NFL.com's
 * projections are the benchmark only, never a feature.
 * @module
 */
import type { Game, StatLine } from "./Canonical.js"
import type { ModelResult, ProbabilityBenchmark, VersionComparison } from "./Models.js"
import * as P from "./Projection.js"

/**
 * How many of Projection.ts's features the refit appends: its first 28, the set the refit's
 * settings were chosen with on the 2023 cross-validation. The projection model's later features
 * (exponentially weighted usage, previous season, products) were chosen for points, not for the
 * clear probability, and were not cross-validated for it.
 */
const REFIT_FEATURE_COUNT = 28

/** Names of the pre-kickoff features appended by {@link withPreKickoff} (Projection.ts's first 28, in order). */
export const preKickoffFeatureNames: ReadonlyArray<string> = P.projectionFeatureNames(P.projectionWindows).slice(
  0,
  REFIT_FEATURE_COUNT
)

/**
 * `examples` (of nfl lines) with the pre-kickoff features of each player-game appended to its
 * `features`: Projection.ts `projectionFeatures` of the player, his team and position group on
 * that line, and its game, from `lines` and `games` dated before the game only. An example whose
 * line has no team, no projected position group or no stored game gets zeros (so the example set
 * stays that of the current model). Order and every other field kept.
 */
export const withPreKickoff = <
  E extends { readonly player_id: string; readonly game_id: string; readonly features: ReadonlyArray<number> }
>(
  examples: ReadonlyArray<E>,
  lines: ReadonlyArray<StatLine>,
  games: ReadonlyArray<Game>
): ReadonlyArray<E> => {
  const history = P.projectionHistory(lines, games)
  const lineOf = new Map(lines.map((l) => [`${l.game_id ?? l.id}|${l.player_id}`, l] as const))
  const zeros = preKickoffFeatureNames.map(() => 0)
  return examples.map((e) => {
    const l = lineOf.get(`${e.game_id}|${e.player_id}`)
    const game = history.games.get(e.game_id)
    const position = P.projectionPosition(l?.position ?? null)
    const extra = l?.team === null || l === undefined || game === undefined || position === null
      ? zeros
      : P.projectionFeatures(history, { player_id: e.player_id, team: l.team, position, game }).features.slice(
        0,
        REFIT_FEATURE_COUNT
      )
    return { ...e, features: [...e.features, ...extra] }
  })
}

/**
 * One row of NFL.com's weekly projections for the confidence benchmark: the NFL.com fantasy id,
 * season, week, the projected half-PPR points (`PlayerWeekProjectedPts`) and, where the file's
 * stat columns are NFL.com's projected components (2024 and 2025; in 2022-2023 they hold the
 * actual stats), the projected PPR points = half-PPR + 0.5 × projected receptions; else null.
 */
export interface ProjectionRow {
  readonly nfl_id: string
  readonly season: number
  readonly week: number
  readonly projected: number
  readonly projected_ppr: number | null
}

/**
 * Seasons whose projected files carry NFL.com's projected components in the stat columns
 * (checked: half-PPR from the components reproduces `PlayerWeekProjectedPts` within 0.05 points on
 * 99.9% of 2024 rows and 99.4% of 2025 rows, against 54-58% of 2022-2023 rows, whose columns hold
 * the actual stats).
 */
export const PROJECTED_COMPONENT_SEASONS: ReadonlyArray<number> = [2024, 2025]

/** An example with its NFL.com projection (points). */
export interface BenchmarkWeek<E> {
  readonly example: E
  readonly projected: number
}

/**
 * The examples that NFL.com projects: those whose player (`playerOf`: the stored player id of an
 * NFL.com id, `platform_ids.nfl`) has a row for the example's season and week, with that row's
 * projection (`pick`: half-PPR or PPR; rows where it is null are left out). Examples are of
 * played games (a stored line), so "the player played" holds. Order of `examples`.
 */
export const benchmarkWeeks = <
  E extends { readonly player_id: string; readonly season: number; readonly week: number | null }
>(
  examples: ReadonlyArray<E>,
  rows: ReadonlyArray<ProjectionRow>,
  playerOf: (nflId: string) => string | undefined,
  pick: (row: ProjectionRow) => number | null
): ReadonlyArray<BenchmarkWeek<E>> => {
  const byKey = new Map<string, number>()
  for (const r of rows) {
    const player = playerOf(r.nfl_id)
    const v = pick(r)
    if (player !== undefined && v !== null) byKey.set(`${player}|${r.season}|${r.week}`, v)
  }
  return examples.flatMap((example) => {
    const v = byKey.get(`${example.player_id}|${example.season}|${example.week}`)
    return v === undefined ? [] : [{ example, projected: v }]
  })
}

const r5 = (x: number) => Math.round(x * 1e5) / 1e5
const brierOf = (p: ReadonlyArray<number>, y: ReadonlyArray<number>) =>
  p.reduce((s, pi, i) => s + (pi - y[i]!) ** 2, 0) / p.length

/**
 * The {@link ProbabilityBenchmark} of one window: over `weeks` (label 0/1, baseline, the model's
 * probability `model(example)` and the benchmark's `bench(week)`), the three Brier scores. The
 * intercept and slope are the benchmark logistic's on raw points of (projection − line).
 */
export const compareProbabilities = <E extends { readonly label: number; readonly baseline: number }>(
  window: string,
  description: {
    readonly benchmark: string
    readonly fitted_on: string
    readonly intercept: number
    readonly slope: number
  },
  weeks: ReadonlyArray<BenchmarkWeek<E>>,
  model: (example: E) => number,
  bench: (week: BenchmarkWeek<E>) => number
): ProbabilityBenchmark => {
  const y = weeks.map((w) => w.example.label)
  return {
    window,
    benchmark: description.benchmark,
    fitted_on: description.fitted_on,
    player_weeks: weeks.length,
    brier_model: r5(brierOf(weeks.map((w) => model(w.example)), y)),
    brier_benchmark: r5(brierOf(weeks.map(bench), y)),
    brier_baseline: r5(brierOf(weeks.map((w) => w.example.baseline), y)),
    intercept: Math.round(description.intercept * 1e6) / 1e6,
    slope: Math.round(description.slope * 1e6) / 1e6
  }
}

/** A candidate version's measured windows: its results (primary window first). */
export interface Candidate {
  readonly candidate: "current" | "refit"
  readonly major: number
  readonly features: number
  readonly windows: ReadonlyArray<{ readonly held_out_window: string; readonly result: ModelResult | null }>
}

/**
 * Which candidate is ACTIVE (issue 23: "the better one is ACTIVE"): a candidate is eligible when
 * its primary window's result passed its rule; with both eligible, the refit wins only when it
 * is better than the current one in every window both measured (`better(refit, current)`:
 * lower Brier, or higher rank correlation); with one eligible, that one; with none, neither
 * (null).
 */
export const chooseCandidate = (
  current: Candidate,
  refit: Candidate,
  better: (a: ModelResult, b: ModelResult) => boolean
): "current" | "refit" | null => {
  const eligible = (c: Candidate) => c.windows[0]?.result?.passed === true
  if (!eligible(refit)) return eligible(current) ? "current" : null
  if (!eligible(current)) return "refit"
  const pairs = refit.windows.flatMap((w, i) => {
    const a = w.result
    const b = current.windows[i]?.result ?? null
    return a === null || b === null ? [] : [[a, b] as const]
  })
  return pairs.length > 0 && pairs.every(([a, b]) => better(a, b)) ? "refit" : "current"
}

/** The comparison table of two candidates ({@link VersionComparison}), the same on both cards. */
export const comparisonOf = (
  candidates: ReadonlyArray<Candidate>,
  chosen: "current" | "refit" | null
): ReadonlyArray<VersionComparison> =>
  candidates.flatMap((c) =>
    c.windows.map((w) => ({
      candidate: c.candidate,
      major: c.major,
      features: c.features,
      held_out_window: w.held_out_window,
      result: w.result,
      chosen: c.candidate === chosen
    }))
  )

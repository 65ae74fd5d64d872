/**
 * The model registry on real data: ingests nfl, nba, mlb and nhl from SPORTS_DATA_DIR (default
 * ../shared/data) into the memory store (not timed), then for each sport times the whole training
 * job (`Models.trainModels`: reading the lines, features, fits, validation, predictions, recording)
 * and, per model, the training alone (features, fit, validation and predictions from lines already
 * read) and the scoring of its held-out window (the features of every player-game of the window,
 * the dominant cost of a prediction; the fitted dot product adds little). Prints each model's
 * held-out metric beside its naive baseline, any further window of its card, the pass rule's
 * outcome and the status it was recorded with; for nfl.projection each window's half-PPR error
 * beside NFL.com's and the trailing-8 mean's on the same player-weeks, with the coverage; for nfl
 * confidence each window's Brier beside a logistic on NFL.com's projection minus the line (the
 * card's `probability_benchmarks`), and for nfl confidence and heat the current version beside the
 * refit with the pre-kickoff features (`version_comparison`). `BENCH_CV=1` also prints the 2023
 * cross-validation that chose the confidence refit's settings; for nba.projection each window's
 * FanDuel MAE beside the trailing 10-game mean's on the same judged player-games (players with at
 * least 10 earlier games who played). Times are reported, never asserted.
 *
 * Then, for nfl.projection, the same walk-forward windows split by position group (model, NFL.com
 * and trailing-8 half-PPR MAE on the predicted benchmark player-weeks of each group).
 *
 * Run: `npx tsx bench/models.ts` (BENCH_SPORTS=nfl for one sport; default nfl,nba,mlb,nhl).
 * @module
 */
import {
  type Game,
  GameReader,
  ModelRegistryReader,
  Models,
  type Player,
  PlayerReader,
  Projection,
  type StatLine,
  type TeamSport
} from "@sports-data/domain"
import {
  Metrics,
  Models as Training,
  Progress,
  Projection as Walk,
  ProjectionNba as WalkNba,
  Runner
} from "@sports-data/ingest"
import * as StoreMemory from "@sports-data/store-memory"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const dataDir = resolve(process.env["SPORTS_DATA_DIR"] ?? resolve(root, "../shared/data"))
/** The sports benchmarked: `BENCH_SPORTS` (comma-separated, e.g. "nfl"), default nfl, nba, mlb and nhl. */
const sports: ReadonlyArray<TeamSport> = (process.env["BENCH_SPORTS"]?.split(",") ?? ["nfl", "nba", "mlb", "nhl"])
  .map((s) => s.trim() as TeamSport)

const seconds = (start: number) => ((performance.now() - start) / 1000).toFixed(2)
const out = (text: string) => Effect.sync(() => void process.stdout.write(`${text}\n`))

/** One line of a measured result: metric of the model beside the baseline's. */
const resultLine = (r: Models.ModelResult) =>
  `model ${r.metric_model} vs baseline ${r.metric_baseline} (${r.improvement_pct}% better)${
    r.calibration_error === null ? "" : `, calibration error ${r.calibration_error}`
  }, held-out n=${r.observations_held_out}, train n=${r.observations_train}, passed=${r.passed}`

/**
 * nfl.projection's walk-forward windows by position group: per group the predicted benchmark
 * player-weeks (NFL.com projected >= 5, the player played, matched by platform_ids.nfl) and the
 * half-PPR MAE of the model, NFL.com and the trailing-8 mean on them.
 */
const positionSplit = (
  lines: ReadonlyArray<StatLine>,
  games: ReadonlyArray<Game>,
  players: ReadonlyArray<Player>,
  benchmark: ReadonlyArray<Projection.BenchmarkRow>
): ReadonlyArray<string> => {
  const examples = Projection.buildProjectionExamples(Projection.projectionHistory(lines, games))
  const byNfl = new Map(
    players.flatMap((p) => (p.platform_ids["nfl"] === undefined ? [] : [[p.platform_ids["nfl"], p.id] as const]))
  )
  const played = new Set(lines.map((l) => `${l.player_id}|${l.season}|${l.week}`))
  return [Projection.projectionValidation, ...Projection.projectionHeldOut].flatMap((w) => {
    const projected = Walk.walkForward(examples, w)
    return Projection.projectionPositions.map((group) => {
      const r = Projection.compareWithBenchmark(
        w,
        Walk.scored(projected.filter((p) => p.example.position === group)),
        benchmark,
        (id) => byNfl.get(id),
        (player, season, week) => played.has(`${player}|${season}|${week}`)
      )
      return `    ${w.label} ${group}: n=${r.predicted} half-PPR MAE model ${r.mae_model} vs NFL.com ${r.mae_nfl_com} vs trailing-8 ${r.mae_trailing}`
    })
  })
}

/** Times `f` (synchronous), returning its value and the seconds it took. */
const timed = <A>(f: () => A): readonly [A, string] => {
  const t = performance.now()
  const a = f()
  return [a, seconds(t)]
}

const program = Effect.gen(function*() {
  yield* out(`data: ${dataDir}`)
  for (const sport of sports) {
    const t0 = performance.now()
    yield* Runner.runIngest({ sports: [sport], dataDir })
    yield* out(`${sport}: ingested in ${seconds(t0)} s (not part of the model times)`)
    const t1 = performance.now()
    const versions = yield* Training.trainModels(sport, { dataDir })
    yield* out(`${sport}: the training job (read, train, validate, record every model) took ${seconds(t1)} s`)
    const lines = yield* Metrics.allStatLines(sport)
    const trainedAt = new Date(0).toISOString()
    for (const spec of Models.confidenceSpecs.filter((s) => s.sport === sport && s.sport !== "nfl")) {
      const [, train] = timed(() => Training.trainConfidence(spec, lines, trainedAt))
      const held = Models.windowsOf(spec).heldOut
      const [examples, score] = timed(() => Models.buildExamples(spec, lines).filter((e) => Models.inWindow(held, e)))
      yield* out(`  ${sport} confidence: train ${train} s; score the held-out window (${examples.length}) ${score} s`)
    }
    for (const spec of Training.heatSpecs.filter((s) => s.sport === sport && s.sport !== "nfl")) {
      const [, train] = timed(() => Training.trainHeat(spec, lines, trainedAt))
      const held = Models.windowsOf(spec).heldOut
      const [examples, score] = timed(() =>
        Models.buildHeatExamples(spec, lines).filter((e) => Models.inWindow(held, e))
      )
      yield* out(`  ${sport} heat: train ${train} s; score the held-out window (${examples.length}) ${score} s`)
    }
    if (sport === "nfl") {
      const all = { limit: 1_000_000, offset: 0 }
      const games = (yield* (yield* GameReader).find({ sport: "nfl", order: "asc", ...all })).rows
      const players = (yield* (yield* PlayerReader).find({ sport: "nfl", ...all })).rows
      const benchmark = yield* Walk.readBenchmark(dataDir, [2023, 2024, 2025])
      const rows = yield* Training.readProjectionRows(dataDir)
      const [, conf] = timed(() => Training.trainNflConfidence(lines, games, players, rows, trainedAt))
      const [, heat] = timed(() => Training.trainNflHeat(lines, games, trainedAt))
      yield* out(
        `  nfl confidence: train ${conf} s; nfl heat: train ${heat} s (each: the current version and the refit, both windows)`
      )
      if (process.env["BENCH_CV"] === "1") {
        for (const c of Training.confidenceSettingsCv(lines, games)) {
          yield* out(`    refit settings CV inside 2023: L2 ${c.ridge}, Platt ${c.platt}: Brier ${c.brier.toFixed(5)}`)
        }
      }
      const [, train] = timed(() => Training.trainProjection(lines, games, players, benchmark, trainedAt))
      yield* out(
        `  nfl projection: train ${train} s (features, three walk-forward windows refitted every week, the final fit)`
      )
      yield* out(positionSplit(lines, games, players, benchmark).join("\n"))
    }
    if (sport === "nba") {
      const all = { limit: 1_000_000, offset: 0 }
      const games = (yield* (yield* GameReader).find({ sport: "nba", order: "asc", ...all })).rows
      const players = (yield* (yield* PlayerReader).find({ sport: "nba", ...all })).rows
      const [, train] = timed(() => WalkNba.trainNbaProjection(lines, games, players, trainedAt))
      yield* out(
        `  nba projection: train ${train} s (features, two walk-forward windows refitted every game date, the final fit)`
      )
    }
    if (sport === "mlb") {
      const starts = yield* Training.readStarts(dataDir)
      const [, train] = timed(() => Training.trainPitcherForm(starts, new Set(), trainedAt))
      const [examples, score] = timed(() => Models.buildStartExamples(starts).filter((e) => e.season === 2025))
      yield* out(`  mlb pitcher_form: train ${train} s; score the held-out window (${examples.length}) ${score} s`)
    }
    for (const v of versions) {
      const r = v.card.result
      yield* out(r === null ? `  ${v.id} ${v.status}: ${v.card.note}` : `  ${v.id} ${v.status}: ${resultLine(r)}`)
      for (const b of v.card.benchmark_results ?? []) {
        yield* out(
          `    ${b.window} (${b.role}): half-PPR MAE model ${b.mae_model} vs NFL.com ${b.mae_nfl_com} vs trailing-8 ${b.mae_trailing}; model PPR ${b.mae_model_ppr}, standard ${b.mae_model_standard}; predicted ${b.predicted} of ${b.player_weeks} player-weeks (coverage ${b.coverage})`
        )
      }
      for (const b of v.card.probability_benchmarks ?? []) {
        yield* out(
          `    ${b.window}: Brier model ${b.brier_model} vs NFL.com logistic ${b.brier_benchmark} vs trailing rate ${b.brier_baseline} on ${b.player_weeks} player-weeks (${
            b.benchmark.split(":")[0]
          }, a=${b.intercept}, b=${b.slope}, fitted on ${b.fitted_on.split(" player-weeks")[0]})`
        )
      }
      for (const c of v.card.version_comparison ?? []) {
        yield* out(
          `    compared: ${c.candidate} (major ${c.major}, ${c.features} features) on ${c.held_out_window}: ${
            c.result === null ? "not measured" : resultLine(c.result)
          }${c.chosen ? " [ACTIVE]" : ""}`
        )
      }
      if (v.sport === "nba" && v.model_type === "projection") {
        const windows: ReadonlyArray<readonly [string, Models.ModelResult | null]> = [
          [v.card.held_out_window, r],
          ...(v.card.additional_results ?? []).map((a) => [a.held_out_window, a.result] as const)
        ]
        for (const [label, w] of windows) {
          if (w === null) continue
          yield* out(
            `    nba.projection ${label}: FanDuel MAE model ${w.metric_model} vs trailing-10 ${w.metric_baseline} (${w.improvement_pct}% better; the rule asks 8%) on ${w.observations_held_out} judged player-games`
          )
        }
      }
      for (const a of v.card.additional_results ?? []) {
        yield* out(
          `    also trained on ${a.training_window.split(";")[0]}, held out ${a.held_out_window}: ${
            a.result === null ? "not measured" : resultLine(a.result)
          }`
        )
      }
    }
  }
  const active = yield* (yield* ModelRegistryReader).versions({ status: "ACTIVE" })
  yield* out(`ACTIVE: ${active.map((v) => v.id).join(", ") || "none"}`)
})

program.pipe(
  Effect.provide(Layer.mergeAll(StoreMemory.layer, Progress.silent)),
  Logger.withMinimumLogLevel(LogLevel.Warning),
  Effect.runPromise
).catch((e) => {
  process.stderr.write(`${String(e)}\n`)
  process.exit(1)
})

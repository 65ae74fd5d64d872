/**
 * The model registry on real data: ingests nfl, nba and mlb from SPORTS_DATA_DIR (default
 * ../shared/data) into the memory store (not timed), then for each sport times the training job
 * (`Models.trainModels`: features, fit, validation, predictions) and the scoring of one held-out
 * season (features and probabilities of every player-game of it under the fitted model), and
 * prints each model's held-out metric beside its naive baseline, the pass rule's outcome and the
 * status it was recorded with. Times are reported, never asserted.
 *
 * Run: `npx tsx bench/models.ts`.
 * @module
 */
import { ModelRegistryReader, Models, type TeamSport } from "@sports-data/domain"
import { Metrics, Models as Training, Progress, Runner } from "@sports-data/ingest"
import * as StoreMemory from "@sports-data/store-memory"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const dataDir = resolve(process.env["SPORTS_DATA_DIR"] ?? resolve(root, "../shared/data"))
const sports: ReadonlyArray<TeamSport> = ["nfl", "nba", "mlb"]

const seconds = (start: number) => ((performance.now() - start) / 1000).toFixed(2)
const out = (text: string) => Effect.sync(() => void process.stdout.write(`${text}\n`))

const program = Effect.gen(function*() {
  yield* out(`data: ${dataDir}`)
  for (const sport of sports) {
    const t0 = performance.now()
    yield* Runner.runIngest({ sports: [sport], dataDir })
    yield* out(`${sport}: ingested in ${seconds(t0)} s (not part of the model times)`)
    const t1 = performance.now()
    const versions = yield* Training.trainModels(sport)
    yield* out(`${sport}: trained and recorded every model in ${seconds(t1)} s`)
    for (const spec of Models.confidenceSpecs.filter((s) => s.sport === sport)) {
      const lines = yield* Metrics.allStatLines(sport)
      const t2 = performance.now()
      const trained = Training.trainConfidence(spec, lines, new Date(0).toISOString())
      const train = seconds(t2)
      const t3 = performance.now()
      const examples = Models.buildExamples(spec, lines).filter((e) => spec.heldOutSeasons.includes(e.season))
      const fit = trained.version.card.coefficients
      yield* out(
        `  ${sport} confidence: fit alone ${train} s; scoring the held-out season (${examples.length} player-games): ${
          seconds(t3)
        } s${fit === null ? " (no fit)" : ""}`
      )
    }
    for (const v of versions) {
      const r = v.card.result
      yield* out(
        r === null
          ? `  ${v.id} ${v.status}: ${v.card.note}`
          : `  ${v.id} ${v.status}: ${
            v.card.metric.split(" (")[0]
          } model ${r.metric_model} vs baseline ${r.metric_baseline} (${r.improvement_pct}% better), calibration error ${r.calibration_error}, held-out n=${r.observations_held_out}, train n=${r.observations_train}, passed=${r.passed}`
      )
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

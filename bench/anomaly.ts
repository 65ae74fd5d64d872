/**
 * Anomaly scores on real data: ingests each team sport from SPORTS_DATA_DIR (default
 * ../shared/data) into the memory store (the ingest runs the anomaly job once, writing the
 * `anomaly.detected` events), then times the job again (it writes no event the second time:
 * once per player-game) and prints how many players were scored, how many at or above 70, and
 * the score's quartiles. Times are reported, never asserted.
 *
 * Run: `npx tsx bench/anomaly.ts [sport...]`.
 * @module
 */
import { Anomaly as A, AnomalyReader, ServiceEventReader, type TeamSport } from "@sports-data/domain"
import { Anomaly, Metrics, Progress, Runner } from "@sports-data/ingest"
import * as StoreMemory from "@sports-data/store-memory"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const dataDir = resolve(process.env["SPORTS_DATA_DIR"] ?? resolve(root, "../shared/data"))
const asked = process.argv.slice(2) as ReadonlyArray<TeamSport>
const sports: ReadonlyArray<TeamSport> = asked.length > 0 ? asked : A.anomalySports

const seconds = (start: number) => ((performance.now() - start) / 1000).toFixed(2)
const out = (text: string) => Effect.sync(() => void process.stdout.write(`${text}\n`))
const quantile = (sorted: ReadonlyArray<number>, q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? null

const program = Effect.gen(function*() {
  yield* out(`data: ${dataDir}`)
  for (const sport of sports) {
    const t0 = performance.now()
    yield* Runner.runIngest({ sports: [sport], dataDir })
    yield* out(`${sport}: ingested (with metrics and the anomaly job) in ${seconds(t0)} s`)
    const t1 = performance.now()
    const lines = yield* Metrics.allStatLines(sport)
    const read = seconds(t1)
    const t2 = performance.now()
    const computed = A.computeSportAnomalies(sport, lines, new Date())
    yield* out(
      `  reading ${lines.length} stat lines: ${read} s; formula: ${seconds(t2)} s (${computed.length} players)`
    )
    const t3 = performance.now()
    const again = yield* Anomaly.recomputeAnomalies(sport)
    yield* out(
      `  anomaly job (read, formula, store): ${
        seconds(t3)
      } s; ${again.scores} players; events on re-run: ${again.events}`
    )
    const rows = yield* (yield* AnomalyReader).find({ sport, limit: 1_000_000 })
    const scores = rows.map((r) => r.anomaly_score).sort((a, b) => a - b)
    const events = (yield* (yield* ServiceEventReader).after(0, 1_000_000)).filter(
      (e) => e.name === "anomaly.detected" && e.sport === sport
    )
    yield* out(
      `  scores >= ${A.ANOMALY_THRESHOLD}: ${
        scores.filter((s) => s >= A.ANOMALY_THRESHOLD).length
      } of ${scores.length}; ` +
        `quartiles ${quantile(scores, 0.25)} / ${quantile(scores, 0.5)} / ${quantile(scores, 0.75)}; ` +
        `anomaly.detected events: ${events.length}`
    )
  }
})

program.pipe(
  Effect.provide(Layer.merge(StoreMemory.layer, Progress.silent)),
  Logger.withMinimumLogLevel(LogLevel.Warning),
  Effect.runPromise
).catch((e) => {
  process.stderr.write(`${String(e)}\n`)
  process.exitCode = 1
})

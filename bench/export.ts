/**
 * The bulk export's memory and speed on PGlite: writes N nfl stat lines (synthetic rows shaped
 * like the ingested ones; not timed), then in the same run
 * - baseline: reads every line into memory through the StatLineReader (offset pages of 1000, the
 *   way a service reads "all rows"), and
 * - export: streams every line as NDJSON through `Bulk.exportLines` (keyset pages of 500) into a
 *   sink that only counts bytes,
 * sampling the live heap every 50 ms (a full collection first); prints each one's time and peak heap growth, and the ratios
 * export / baseline; then exports twice the rows and prints the ratio of peak heap 2N / N (near 1
 * when memory does not grow with the table). Nothing is asserted. Run with `--expose-gc` for
 * steadier heap numbers.
 *
 * Run: `npx tsx bench/export.ts [rows]` (default 40000).
 * @module
 */
import { Bulk, Reads } from "@sports-data/app"
import { SportsWriter, type StatLine, StatLineReader } from "@sports-data/domain"
import { layerPglite } from "@sports-data/store-sql"
import { Effect, Layer, Stream } from "effect"

const rows = Number(process.argv[2] ?? 40_000)
const out = (text: string) => Effect.sync(() => void process.stdout.write(`${text}\n`))

const line = (i: number): StatLine => ({
  id: `svc_nfl_p${String(i % 2000).padStart(5, "0")}:2024_${String(1 + (i % 18)).padStart(2, "0")}_${i}`,
  sport: "nfl",
  player_id: `svc_nfl_p${String(i % 2000).padStart(5, "0")}`,
  game_id: `2024_${String(1 + (i % 18)).padStart(2, "0")}_G${i}`,
  season: 2024,
  week: 1 + (i % 18),
  game_date: "2024-09-08",
  team: "BUF",
  opponent: "ARI",
  position: "WR",
  is_starter: true,
  stats: { receptions: i % 9, receiving_yards: i % 140, receiving_tds: i % 2, targets: i % 12, snap_pct: 60 },
  fantasy_points: 10,
  fantasy_points_formats: { ppr: 10, half_ppr: 8, standard: 6 }
})

/** Runs `effect`, sampling heapUsed every 10 ms: its result, seconds, and peak heap growth in MB. */
const measured = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    global.gc?.()
    const base = process.memoryUsage().heapUsed
    let peak = base
    // live heap: a full collection before each sample (with --expose-gc), so garbage not yet
    // collected does not count
    const timer = setInterval(() => {
      global.gc?.()
      peak = Math.max(peak, process.memoryUsage().heapUsed)
    }, 50)
    const t0 = performance.now()
    const result = yield* effect
    const seconds = (performance.now() - t0) / 1000
    global.gc?.()
    peak = Math.max(peak, process.memoryUsage().heapUsed)
    clearInterval(timer)
    return { result, seconds, peakMb: (peak - base) / 2 ** 20 }
  })

const program = Effect.gen(function*() {
  const writer = yield* SportsWriter
  for (let start = 0; start < rows; start += 5000) {
    yield* writer.upsertStatLines(Array.from({ length: Math.min(5000, rows - start) }, (_, k) => line(start + k)))
  }
  yield* out(`PGlite (in memory), ${rows} nfl stat lines written`)
  const reader = yield* StatLineReader
  const baseline = yield* measured(
    Reads.allRows((page) => reader.find({ sport: "nfl", order: "recent", ...page }))
  )
  yield* out(
    `baseline (every line into memory): ${baseline.result.length} lines in ${baseline.seconds.toFixed(2)} s, ` +
      `peak heap +${baseline.peakMb.toFixed(1)} MB`
  )
  const bulk = yield* Bulk
  const exported = yield* measured(
    Stream.unwrap(bulk.exportLines("nfl", ["stat_lines"])).pipe(
      Stream.runFold({ lines: 0, bytes: 0 }, (acc, l) => ({ lines: acc.lines + 1, bytes: acc.bytes + l.length }))
    )
  )
  yield* out(
    `export (NDJSON stream): ${exported.result.lines} lines, ${(exported.result.bytes / 2 ** 20).toFixed(1)} MB ` +
      `in ${exported.seconds.toFixed(2)} s, peak heap +${exported.peakMb.toFixed(1)} MB`
  )
  yield* out(
    `ratios export / baseline: time ${(exported.seconds / baseline.seconds).toFixed(2)}, ` +
      `peak heap ${(exported.peakMb / Math.max(baseline.peakMb, 0.1)).toFixed(2)}`
  )
  // twice the rows: the export's peak heap should not double (one page at a time)
  for (let start = rows; start < 2 * rows; start += 5000) {
    yield* writer.upsertStatLines(Array.from({ length: Math.min(5000, 2 * rows - start) }, (_, k) => line(start + k)))
  }
  const doubled = yield* measured(
    Stream.unwrap(bulk.exportLines("nfl", ["stat_lines"])).pipe(Stream.runFold(0, (n) => n + 1))
  )
  yield* out(
    `export of ${doubled.result} lines: ${doubled.seconds.toFixed(2)} s, peak heap +${doubled.peakMb.toFixed(1)} MB; ` +
      `ratio of peak heap 2N / N ${(doubled.peakMb / Math.max(exported.peakMb, 0.1)).toFixed(2)}`
  )
})

Effect.runPromise(
  program.pipe(Effect.provide(Bulk.Default.pipe(Layer.provideMerge(layerPglite({})))), Effect.scoped)
).catch((e) => {
  process.stderr.write(`${String(e)}\n`)
  process.exit(1)
})

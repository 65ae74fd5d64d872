/**
 * The metrics job: after a sport is ingested, recompute every player's stored metrics (alpha
 * metrics and similarity vector, domain Analytics.ts `computeSportMetrics`) from all of the
 * sport's stat lines, and replace the sport's rows at once. Sports without metrics
 * (`Analytics.metricSports` lists those with) are skipped.
 * @module
 */
import {
  Analytics,
  PlayerMetricsWriter,
  type SportKey,
  type StatLine,
  StatLineReader,
  type StoreError,
  type TeamSport
} from "@sports-data/domain"
import { Clock, Effect } from "effect"

/** Stat lines fetched per store call. */
const PAGE = 5000

/** Every stored stat line of `sport`, newest first, read in pages of 5000. Fails with StoreError. */
export const allStatLines = (sport: TeamSport): Effect.Effect<ReadonlyArray<StatLine>, StoreError, StatLineReader> =>
  Effect.gen(function*() {
    const reader = yield* StatLineReader
    const lines: Array<StatLine> = []
    for (let offset = 0;; offset += PAGE) {
      const page = yield* reader.find({ sport, order: "recent", limit: PAGE, offset })
      lines.push(...page.rows)
      if (page.rows.length < PAGE || lines.length >= page.total) break
    }
    return lines
  })

const isMetricSport = (sport: SportKey): sport is Analytics.MetricSport =>
  (Analytics.metricSports as ReadonlyArray<SportKey>).includes(sport)

/**
 * Recomputes and stores the metrics of `sport`; returns the number of player rows written (0 for
 * a sport without metrics). `week_computed` and `computed_at` come from the Clock.
 * Fails with StoreError.
 */
export const recomputeMetrics = (
  sport: SportKey
): Effect.Effect<number, StoreError, StatLineReader | PlayerMetricsWriter> =>
  Effect.gen(function*() {
    if (!isMetricSport(sport)) return 0
    const lines = yield* allStatLines(sport)
    const now = new Date(yield* Clock.currentTimeMillis)
    const rows = Analytics.computeSportMetrics(sport, lines, now)
    yield* (yield* PlayerMetricsWriter).replaceSport(sport, rows)
    yield* Effect.logInfo("player metrics recomputed").pipe(Effect.annotateLogs({ sport, players: rows.length }))
    return rows.length
  }).pipe(Effect.withSpan("Metrics.recompute", { attributes: { sport } }))

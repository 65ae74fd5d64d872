/**
 * The metrics job: after a sport is ingested, recompute every player's stored metrics (alpha
 * metrics and similarity vector, domain Analytics.ts `computeSportMetrics`) from all of the
 * sport's stat lines, and replace the sport's rows at once. Sports without metrics
 * (`Analytics.metricSports` lists those with) are skipped.
 * @module
 */
import {
  Analytics,
  Paging,
  PlayerMetricsWriter,
  type SportKey,
  type StatLine,
  StatLineReader,
  type StoreError,
  type TeamSport
} from "@sports-data/domain"
import { Clock, Effect } from "effect"

/** Every stored stat line of `sport`, newest first (domain Paging `allRows`). Fails with StoreError. */
export const allStatLines = (sport: TeamSport): Effect.Effect<ReadonlyArray<StatLine>, StoreError, StatLineReader> =>
  Effect.flatMap(StatLineReader, (reader) => Paging.allRows((page) => reader.find({ sport, order: "recent", ...page })))

/** How a recompute job gets the stat lines of a sport: {@link allStatLines}, or a cached read of them. */
export type StatLinesOf = (sport: TeamSport) => Effect.Effect<ReadonlyArray<StatLine>, StoreError, StatLineReader>

const isMetricSport = (sport: SportKey): sport is Analytics.MetricSport =>
  (Analytics.metricSports as ReadonlyArray<SportKey>).includes(sport)

/**
 * Recomputes and stores the metrics of `sport`; returns the number of player rows written (0 for
 * a sport without metrics). The stat lines come from `statLines` (default: read from the store;
 * the Runner passes a cached read it shares with the anomaly job). `week_computed` and
 * `computed_at` come from the Clock. Fails with StoreError.
 */
export const recomputeMetrics = (
  sport: SportKey,
  statLines: StatLinesOf = allStatLines
): Effect.Effect<number, StoreError, StatLineReader | PlayerMetricsWriter> =>
  Effect.gen(function*() {
    if (!isMetricSport(sport)) return 0
    const lines = yield* statLines(sport)
    const now = new Date(yield* Clock.currentTimeMillis)
    const rows = Analytics.computeSportMetrics(sport, lines, now)
    yield* (yield* PlayerMetricsWriter).replaceSport(sport, rows)
    yield* Effect.logInfo("player metrics recomputed").pipe(Effect.annotateLogs({ sport, players: rows.length }))
    return rows.length
  }).pipe(Effect.withSpan("Metrics.recompute", { attributes: { sport } }))

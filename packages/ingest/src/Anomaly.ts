/**
 * The anomaly job: after a sport is ingested (and its metrics recomputed), recompute the anomaly
 * score of every player's newest game (domain Anomaly.ts `computeSportAnomalies`, a formula, not
 * a model) from all of the sport's stat lines, store them, and write `anomaly.detected` for each
 * score at or above `Anomaly.ANOMALY_THRESHOLD`, once per player-game (the store keeps the stat
 * line ids already alerted). Sports without per-game fantasy points are skipped.
 * @module
 */
import {
  Anomaly,
  AnomalyWriter,
  Paging,
  PlayerReader,
  type SportKey,
  StatLineReader,
  type StoreError
} from "@sports-data/domain"
import { Clock, Effect } from "effect"
import { allStatLines, type StatLinesOf } from "./Metrics.js"

const isAnomalySport = (sport: SportKey): sport is Anomaly.AnomalySport =>
  (Anomaly.anomalySports as ReadonlyArray<SportKey>).includes(sport)

/**
 * Recomputes and stores the anomaly scores of `sport`; returns the scores written and the
 * `anomaly.detected` events newly written (0 and 0 for a sport without scores). The stat lines
 * come from `statLines` (default: read from the store; the Runner passes the cached read of the
 * metrics job). `computed_at` from the Clock. Fails with StoreError.
 */
export const recomputeAnomalies = (
  sport: SportKey,
  statLines: StatLinesOf = allStatLines
): Effect.Effect<
  { readonly scores: number; readonly events: number },
  StoreError,
  StatLineReader | PlayerReader | AnomalyWriter
> =>
  Effect.gen(function*() {
    if (!isAnomalySport(sport)) return { scores: 0, events: 0 }
    const lines = yield* statLines(sport)
    const now = new Date(yield* Clock.currentTimeMillis)
    const rows = Anomaly.computeSportAnomalies(sport, lines, now)
    const flagged = rows.filter((r) => r.anomaly_score >= Anomaly.ANOMALY_THRESHOLD)
    // the flagged players' names, in one read (a player no longer stored is named by its id)
    const players = yield* PlayerReader
    const ids = [...new Set(flagged.map((r) => r.player_id))]
    const names = new Map(
      ids.length === 0
        ? []
        : (yield* Paging.allRows((page) => players.find({ ids, ...page }))).map((p) => [p.id, p.full_name])
    )
    const alerts = flagged.map((r) => ({
      line_id: r.line_id,
      event: Anomaly.anomalyEvent(r, names.get(r.player_id) ?? r.player_id)
    }))
    const events = yield* (yield* AnomalyWriter).replaceSport(sport, rows, alerts)
    yield* Effect.logInfo("anomaly scores recomputed").pipe(
      Effect.annotateLogs({ sport, players: rows.length, events })
    )
    return { scores: rows.length, events }
  }).pipe(Effect.withSpan("Anomaly.recompute", { attributes: { sport } }))

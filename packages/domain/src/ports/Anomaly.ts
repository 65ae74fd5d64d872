/**
 * Ports of the stored anomaly scores (Anomaly.ts `AnomalyScore`): recomputed by the anomaly job
 * after each ingest, read by the MCP tool get_anomaly_scores and the feed. Reads and writes apart.
 * @module
 */
import { Context, type Effect, type Option } from "effect"
import type { AnomalyScore } from "../Anomaly.js"
import type { StoreError } from "../Errors.js"
import type { NewServiceEvent } from "../Signals.js"
import type { TeamSport } from "../Sport.js"

/** Reads of the stored anomaly scores. */
export interface AnomalyReaderService {
  /** The score of the player with canonical id `player_id`, or none. */
  readonly get: (player_id: string) => Effect.Effect<Option.Option<AnomalyScore>, StoreError>
  /**
   * Scores of `sport` (every sport when undefined) with anomaly_score at least `min_score` (0-100),
   * ordered by anomaly_score descending, then player_id (code units); at most `limit`.
   */
  readonly find: (query: {
    readonly sport?: TeamSport | undefined
    readonly min_score?: number | undefined
    readonly limit: number
  }) => Effect.Effect<ReadonlyArray<AnomalyScore>, StoreError>
}
/** The {@link AnomalyReaderService} port. */
export class AnomalyReader extends Context.Tag("@sports-data/AnomalyReader")<AnomalyReader, AnomalyReaderService>() {}

/** An `anomaly.detected` event for one player-game, keyed by that game's stat line id. */
export interface AnomalyAlert {
  readonly line_id: string
  readonly event: NewServiceEvent
}

/** Writes of the anomaly scores: only the anomaly job uses it. */
export interface AnomalyWriterService {
  /**
   * Replaces every score of `sport` by `rows` and, in the same transaction, appends to the
   * outbox (`service_events`, stamped with the Clock) each alert whose `line_id` never wrote one
   * before (once per player-game, however often the job runs). Returns the events written.
   */
  readonly replaceSport: (
    sport: TeamSport,
    rows: ReadonlyArray<AnomalyScore>,
    alerts: ReadonlyArray<AnomalyAlert>
  ) => Effect.Effect<number, StoreError>
}
/** The {@link AnomalyWriterService} port. */
export class AnomalyWriter extends Context.Tag("@sports-data/AnomalyWriter")<AnomalyWriter, AnomalyWriterService>() {}

/** Both anomaly ports, as a store provides them. */
export type AnomalyStores = AnomalyReader | AnomalyWriter

/**
 * Ports of the stored player metrics (Analytics.ts `PlayerMetrics`): alpha metrics and
 * similarity vectors, recomputed by the metrics job after each ingest and read by the analytics
 * service, never computed per request. Reads and writes apart.
 * @module
 */
import { Context, type Effect, type Option } from "effect"
import type { PlayerMetrics } from "../Analytics.js"
import type { StoreError } from "../Errors.js"
import type { TeamSport } from "../Sport.js"

/** Reads of the stored player metrics. */
export interface PlayerMetricsReaderService {
  /** The metrics of the player with canonical id `id`, or none when the job has not computed any. */
  readonly get: (id: string) => Effect.Effect<Option.Option<PlayerMetrics>, StoreError>
  /**
   * Every metrics row of `sport` (of `season` when given; `"latest"`: of the greatest season the
   * sport's rows hold), ordered by player_id (code units); with `order: "avg_fantasy_points"`,
   * by avg_fantasy_points descending (nulls last), then player_id; with `order:
   * "momentum_delta"`, by momentum_delta descending (nulls last), then avg_fantasy_points
   * descending (nulls last), then player_id (the waiver priority's order). With an order, only the
   * rows from `offset` (default 0), at most `limit` (default all). `player_ids` keeps the rows of those
   * players only (the latest season stays the sport's). `rising`: only the rows whose
   * momentum_delta is above 0 (the waiver priority's candidates).
   */
  readonly find: (
    query: {
      readonly sport: TeamSport
      readonly season?: number | "latest" | undefined
      readonly order?: "avg_fantasy_points" | "momentum_delta" | undefined
      readonly offset?: number | undefined
      readonly limit?: number | undefined
      readonly player_ids?: ReadonlyArray<string> | undefined
      readonly rising?: boolean | undefined
    }
  ) => Effect.Effect<ReadonlyArray<PlayerMetrics>, StoreError>
  /**
   * The similarity vectors of `sport`'s `season`: the player id and vector of each metrics row
   * that has a vector and a `sample_size` of at least `min_sample`, ordered by player_id (code
   * units). The pool `/v1/players/similar/{id}` compares against, read as one value instead of
   * every metrics row decoded (nfl 2025: 1,588 of 1,674 rows).
   */
  readonly vectors: (query: {
    readonly sport: TeamSport
    readonly season: number
    readonly min_sample: number
  }) => Effect.Effect<ReadonlyArray<SimilarityVector>, StoreError>
}

/** One player's similarity vector (PlayerMetricsReader `vectors`; domain Analytics `similarityDimensions`). */
export interface SimilarityVector {
  readonly player_id: string
  readonly vector: ReadonlyArray<number | null>
}

/** The {@link PlayerMetricsReaderService} port. */
export class PlayerMetricsReader
  extends Context.Tag("@sports-data/PlayerMetricsReader")<PlayerMetricsReader, PlayerMetricsReaderService>()
{}

/** Writes of the stored player metrics: only the metrics job uses it. */
export interface PlayerMetricsWriterService {
  /**
   * Replaces every metrics row of `sport` by `rows` (all of that sport), atomically: a reader sees
   * the old batch or the new one, never a mix. Does not move the data version of the canonical
   * rows (metrics are derived from them).
   */
  readonly replaceSport: (sport: TeamSport, rows: ReadonlyArray<PlayerMetrics>) => Effect.Effect<void, StoreError>
}
/** The {@link PlayerMetricsWriterService} port. */
export class PlayerMetricsWriter
  extends Context.Tag("@sports-data/PlayerMetricsWriter")<PlayerMetricsWriter, PlayerMetricsWriterService>()
{}

/** Both metrics ports, as a store provides them. */
export type MetricsStores = PlayerMetricsReader | PlayerMetricsWriter

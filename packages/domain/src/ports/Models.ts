/**
 * Ports of the model registry (Models.ts): model versions with their cards, and the stored per
 * player-game predictions of ACTIVE versions. Reads and writes apart; only the training job writes.
 * @module
 */
import { Context, type Effect } from "effect"
import type { StoreError } from "../Errors.js"
import type { ModelPrediction, ModelStatus, ModelType, ModelVersion } from "../Models.js"
import type { TeamSport } from "../Sport.js"

/** Reads of the model registry. */
export interface ModelRegistryReaderService {
  /**
   * Model versions, filtered by `sport` and `status` when given, ordered by sport, model_type,
   * then trained_at newest first, then id (code units).
   */
  readonly versions: (
    query: { readonly sport?: TeamSport | undefined; readonly status?: ModelStatus | undefined }
  ) => Effect.Effect<ReadonlyArray<ModelVersion>, StoreError>
  /**
   * Stored predictions of the player with canonical id `player_id` made by ACTIVE versions only,
   * filtered by `season` and `model_type` when given, newest game first (game_date descending,
   * nulls last, then game_id descending), at most `limit`.
   */
  readonly predictions: (query: {
    readonly player_id: string
    readonly season?: number | undefined
    readonly model_type?: ModelType | undefined
    readonly limit: number
  }) => Effect.Effect<ReadonlyArray<ModelPrediction>, StoreError>
  /**
   * The newest stored prediction (by game_date, then game_id) of each player of `sport` made by
   * the ACTIVE version of `model_type`, ordered by player_id (code units). With `top`, only the
   * rows ranked at most `top` by confidence_score (highest first, nulls last; tied rows share
   * their rank, so every row level with the `top`th is kept): a board's head, not every player.
   */
  readonly latest: (query: {
    readonly sport: TeamSport
    readonly model_type: ModelType
    readonly top?: number | undefined
  }) => Effect.Effect<ReadonlyArray<ModelPrediction>, StoreError>
  /**
   * Of each player of `player_ids` (canonical ids, any sports), the newest stored prediction made
   * by an ACTIVE version of `model_type`: the row `predictions({ player_id, model_type, limit: 1 })`
   * answers. Players without one are absent; ordered by player_id (code units). One read for
   * the players of a whole list.
   */
  readonly newest: (query: {
    readonly model_type: ModelType
    readonly player_ids: ReadonlyArray<string>
  }) => Effect.Effect<ReadonlyArray<ModelPrediction>, StoreError>
  /**
   * The stored predictions of the ACTIVE version of `model_type` of `sport` whose outcome is
   * known (`probability`, `threshold` and `actual` all non-null), as those three numbers, in no
   * particular order: the material of a reliability diagram (a confidence model's outcome is
   * `actual >= threshold`).
   */
  readonly outcomes: (query: {
    readonly sport: TeamSport
    readonly model_type: ModelType
  }) => Effect.Effect<
    ReadonlyArray<{ readonly probability: number; readonly threshold: number; readonly actual: number }>,
    StoreError
  >
}
/** The {@link ModelRegistryReaderService} port. */
export class ModelRegistryReader
  extends Context.Tag("@sports-data/ModelRegistryReader")<ModelRegistryReader, ModelRegistryReaderService>()
{}

/** Writes of the model registry: only the training job uses it. */
export interface ModelRegistryWriterService {
  /**
   * Records a trained `version` (upserted by id) and, atomically with it: when it is ACTIVE, every
   * other ACTIVE version of its sport and model_type becomes RETIRED and the stored predictions of
   * that sport and model_type are replaced by `predictions`; when it is not ACTIVE, the
   * predictions are ignored and the current ACTIVE version (if any) stays as it is.
   */
  readonly record: (
    version: ModelVersion,
    predictions: ReadonlyArray<ModelPrediction>
  ) => Effect.Effect<void, StoreError>
}
/** The {@link ModelRegistryWriterService} port. */
export class ModelRegistryWriter
  extends Context.Tag("@sports-data/ModelRegistryWriter")<ModelRegistryWriter, ModelRegistryWriterService>()
{}

/** Both registry ports, as a store provides them. */
export type ModelStores = ModelRegistryReader | ModelRegistryWriter

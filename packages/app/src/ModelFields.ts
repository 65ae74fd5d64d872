/**
 * The model-derived fields of a player (confidence_score, heat_signal), read only through the
 * model registry port: each is the value of the player's newest stored prediction made by the
 * ACTIVE version of its model type ("confidence", "heat"), so it stays null while no such model
 * is ACTIVE (the store serves predictions of ACTIVE versions only) and fills in by itself once
 * one is. Used by the feed, the batch and the Signal rows; {@link projectionModelOf} likewise for
 * the projection model's block of `/v1/{sport}/players/{id}/projection`.
 * @module
 */
import {
  type AnalyticsResources,
  type ModelRegistryReaderService,
  type Models as M,
  parseCanonicalPlayerId,
  type StoreError,
  type TeamSport
} from "@sports-data/domain"
import { Effect } from "effect"

/** The model-derived fields of one player and the versions that produced them. */
export interface ModelFields {
  /** Integer 0..75 (decisions.md), or null. */
  readonly confidence_score: number | null
  /** Cold, Warming, Hot or Surging, or null. */
  readonly heat_signal: M.HeatSignal | null
  /** `<model_id>` of each ACTIVE version that produced a field, e.g. ["nba.confidence.v3"]; empty when none. */
  readonly model_versions: ReadonlyArray<string>
  /** The game the newest confidence prediction is for, or null. */
  readonly game_id: string | null
}

/** No ACTIVE model fed anything. */
export const NO_MODEL_FIELDS: ModelFields = {
  confidence_score: null,
  heat_signal: null,
  model_versions: [],
  game_id: null
}

/**
 * The {@link ModelFields} of player `playerId` (canonical id): his newest prediction (newest
 * game first) of the ACTIVE confidence model and of the ACTIVE heat model. Fails with StoreError.
 */
export const modelFieldsOf = (
  registry: ModelRegistryReaderService,
  playerId: string
): Effect.Effect<ModelFields, StoreError> =>
  Effect.map(
    Effect.all([
      registry.predictions({ player_id: playerId, model_type: "confidence", limit: 1 }),
      registry.predictions({ player_id: playerId, model_type: "heat", limit: 1 })
    ]),
    ([[confidence], [heat]]) => ({
      confidence_score: confidence?.confidence_score ?? null,
      heat_signal: heat?.heat_signal ?? null,
      model_versions: [
        ...(confidence?.confidence_score !== null && confidence !== undefined ? [confidence.model_id] : []),
        ...(heat?.heat_signal !== null && heat !== undefined ? [heat.model_id] : [])
      ],
      game_id: confidence?.game_id ?? null
    })
  )

/**
 * The confidence_score of each player of `playerIds` (distinct ids read once), as
 * {@link modelFieldsOf} reads it; players without one are absent from the map. Reads only the
 * registry's ACTIVE versions, and predictions only for players of a sport whose confidence model
 * is ACTIVE (one read for them all, the registry's `newest`). Fails with StoreError.
 */
export const confidenceScores = (
  registry: ModelRegistryReaderService,
  playerIds: ReadonlyArray<string>
): Effect.Effect<ReadonlyMap<string, number>, StoreError> =>
  Effect.gen(function*() {
    const ids = [...new Set(playerIds)]
    if (ids.length === 0) return new Map()
    const active = new Set(
      (yield* registry.versions({ status: "ACTIVE" })).flatMap((v) => (v.model_type === "confidence" ? [v.sport] : []))
    )
    const scored = ids.filter((id) => {
      const sport = parseCanonicalPlayerId(id)?.sport
      return sport !== undefined && active.has(sport as TeamSport)
    })
    if (scored.length === 0) return new Map()
    const found = yield* registry.newest({ model_type: "confidence", player_ids: scored })
    return new Map(
      found.flatMap((p) => (p.confidence_score === null ? [] : [[p.player_id, p.confidence_score] as const]))
    )
  })

/** Stored predictions read to find the next game's: the model predicts a team's next three games. */
const UPCOMING_READ = 3

/**
 * The ACTIVE projection model's prediction of player `playerId`'s next game (AnalyticsResources
 * `ProjectionModel`): of his newest stored projection predictions, the earliest one not yet
 * played (`actual` null); null when no projection model of his sport is ACTIVE (the store serves
 * ACTIVE versions only) or it holds no upcoming game of his. Fails with StoreError.
 */
export const projectionModelOf = (
  registry: ModelRegistryReaderService,
  playerId: string
): Effect.Effect<AnalyticsResources.ProjectionModel | null, StoreError> =>
  Effect.map(registry.predictions({ player_id: playerId, model_type: "projection", limit: UPCOMING_READ }), (rows) => {
    const next = rows.filter((p) => p.actual === null && p.projection != null).at(-1)
    return next === undefined || next.projection == null ? null : {
      model_id: next.model_id,
      model_version: next.model_version,
      as_of: next.as_of,
      game_id: next.game_id,
      game_date: next.game_date,
      season: next.season,
      week: next.week ?? null,
      points: next.projection.points,
      interval_80: next.projection.interval_80
    }
  })

/**
 * The model registry's application service: the cards of the registry (`/v1/model/metadata`)
 * and a player's stored predictions (`/v1/model/predictions/{playerId}`). Predictions come only
 * from ACTIVE versions (the store's read joins on status), so a REJECTED model's fields never
 * reach a response. Fails with the domain's ResourceNotFound for an unknown player, StoreError
 * from the store.
 * @module
 */
import {
  isTeamSport,
  ModelRegistryReader,
  type Models as M,
  parseCanonicalPlayerId,
  PlayerReader,
  type TeamSport
} from "@sports-data/domain"
import { Effect } from "effect"
import { allRows, notFound, playersById, requirePlayer } from "./Reads.js"
import { playerRef } from "./Rows.js"

/** A card as served: the version record with the card's fields at the top level. */
export type ServedCard = Omit<M.ModelVersion, "card"> & M.ModelCard

/** A stored prediction as served: the game, the model version and the outcome beside it. */
const served = (p: M.ModelPrediction) => ({
  game_id: p.game_id,
  game_date: p.game_date,
  season: p.season,
  week: p.week ?? null,
  model_type: p.model_type,
  model_version: p.model_version,
  as_of: p.as_of,
  probability: p.probability,
  confidence_score: p.confidence_score,
  heat_signal: p.heat_signal,
  expected: p.expected,
  threshold: p.threshold,
  actual: p.actual,
  projection: p.projection ?? null
})

/** The model registry service. */
export class Models extends Effect.Service<Models>()("@sports-data/app/Models", {
  effect: Effect.gen(function*() {
    const registry = yield* ModelRegistryReader
    const players = yield* PlayerReader

    /**
     * Cards of the registry: of ACTIVE versions only, or every version (`all`: REJECTED and
     * RETIRED too), of `sport` when given; ordered by sport, model_type, newest first.
     */
    const metadata = Effect.fn("Models.metadata")(function*(options: {
      readonly sport?: TeamSport | undefined
      readonly all: boolean
    }) {
      const versions = yield* registry.versions({ sport: options.sport, status: options.all ? undefined : "ACTIVE" })
      return versions.map(({ card, ...version }): ServedCard => ({ ...version, ...card }))
    })

    /**
     * Stored predictions of ACTIVE models for player `id` (canonical `svc_<sport>_<id>`), newest
     * game first, at most `limit`, of `season` and `model_type` when given. ResourceNotFound for
     * an id that names no stored player.
     */
    const predictions = Effect.fn("Models.predictions")(function*(id: string, options: {
      readonly limit: number
      readonly season?: number | undefined
      readonly model_type?: M.ModelType | undefined
    }) {
      const sport = parseCanonicalPlayerId(id)?.sport
      if (sport === undefined || !isTeamSport(sport)) return yield* Effect.fail(notFound("player", id))
      const player = yield* requirePlayer(players, sport, id)
      const rows = yield* registry.predictions({ player_id: player.id, ...options })
      return {
        player,
        rows: rows.map(served)
      }
    })

    /**
     * Players of `sport` by confidence: each one's newest prediction of the ACTIVE confidence
     * model, filtered by partial name (`player`) and team, highest confidence_score first (then
     * name), at most `limit`. `active` is false when no confidence model of the sport is ACTIVE
     * (rows empty). Without a filter, the store answers the board's head only (the predictions
     * ranked within 64 or twice `limit`, ties kept: ModelRegistryReader `latest` with `top`) and
     * the players of those are read; every prediction is read only when too few of the head's
     * players are held. With a name or team filter, the sport's matching players are read at
     * once, then their newest predictions (ModelRegistryReader `newest`).
     */
    const confidence = Effect.fn("Models.confidence")(function*(sport: TeamSport, options: {
      readonly player?: string | undefined
      readonly team?: string | undefined
      readonly limit: number
    }) {
      const active = (yield* registry.versions({ sport, status: "ACTIVE" })).some((v) => v.model_type === "confidence")
      // a name or team filter reads the sport's matching players at once (an indexed read of a few)
      const filtered = options.player === undefined && options.team === undefined
        ? undefined
        : new Map(
          (yield* allRows((page) => players.find({ sport, search: options.player, team: options.team, ...page })))
            .map((p) => [p.id, p] as const)
        )
      const board = (latest: ReadonlyArray<M.ModelPrediction>) =>
        Effect.gen(function*() {
          const byId = filtered ?? (yield* playersById(players, latest.map((p) => p.player_id)))
          return latest.flatMap((p) => {
            const player = byId.get(p.player_id)
            return player === undefined
              ? []
              : [{ ...playerRef(player), team: player.team, position: player.position, ...served(p) }]
          }).sort((a, b) =>
            (b.confidence_score ?? -1) - (a.confidence_score ?? -1) || a.player_name.localeCompare(b.player_name)
          )
        })
      const head = filtered === undefined ? Math.max(64, 2 * options.limit) : undefined
      const latest = filtered === undefined
        ? yield* registry.latest({ sport, model_type: "confidence", top: head })
        : yield* registry.newest({ model_type: "confidence", player_ids: [...filtered.keys()] })
      let rows = yield* board(latest)
      if (head !== undefined && rows.length < options.limit && latest.length >= head) {
        rows = yield* board(yield* registry.latest({ sport, model_type: "confidence" }))
      }
      return { active, rows: rows.slice(0, options.limit) }
    })

    return { metadata, predictions, confidence } as const
  })
}) {}

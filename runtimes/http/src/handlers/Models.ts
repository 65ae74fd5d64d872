/**
 * Handlers of the models group: decode, call the Models application service, encode.
 * @module
 */
import { HttpApiBuilder } from "@effect/platform"
import { Api, Params } from "@sports-data/api"
import { Models } from "@sports-data/app"
import { Effect } from "effect"
import { mapDomainErrors } from "../Errors.js"
import { envelope } from "./Common.js"

/** The model registry handlers. Requires the application services. */
export const ModelsLive = HttpApiBuilder.group(Api, "models", (handlers) =>
  handlers
    .handle("metadata", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const cards = yield* (yield* Models).metadata({ sport: urlParams.sport, all: urlParams.status === "all" })
        return yield* envelope({ request, sport: urlParams.sport ?? "all", operation: "models.metadata" }, cards)
      }).pipe(mapDomainErrors))
    .handle("predictions", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const { player, rows } = yield* (yield* Models).predictions(path.playerId, {
          limit: Params.withDefault(urlParams.limit, Params.PredictionsLimit),
          season: urlParams.season,
          model_type: urlParams.model_type
        })
        return yield* envelope({ request, sport: player.sport, operation: "models.predictions" }, rows, {
          player_id: player.id,
          player_name: player.full_name
        })
      }).pipe(mapDomainErrors))
    .handle("nbaConfidence", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const { active, rows } = yield* (yield* Models).confidence("nba", {
          player: urlParams.player,
          team: urlParams.team,
          limit: Params.withDefault(urlParams.limit, Params.ConfidenceLimit)
        })
        const ctx = { request, sport: "nba", operation: "models.nbaConfidence" }
        return yield* envelope(
          ctx,
          rows,
          undefined,
          undefined,
          active ? undefined : {
            available: false,
            reason:
              "no nba confidence model is ACTIVE: none has passed its validation (see /v1/model/metadata?status=all)"
          }
        )
      }).pipe(mapDomainErrors)))

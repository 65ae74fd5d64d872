/**
 * Handlers of the models group: decode, call the Models application service, encode.
 * @module
 */
import { Api, Params } from "@sports-data/api"
import { Models } from "@sports-data/app"
import { Effect } from "effect"
import { requestPath } from "../Errors.js"
import { envelope, listPage } from "./Common.js"
import { group } from "./Group.js"

/** The model registry handlers. Requires the application services. */
export const ModelsLive = group(Api, "models", (handlers) =>
  handlers
    .handle("metadata", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const cards = yield* (yield* Models).metadata({ sport: urlParams.sport, all: urlParams.status === "all" })
        const { paging, rows } = listPage(cards, urlParams, Params.ListLimits.models)
        return yield* envelope(
          {
            endpoint: requestPath(request),
            sport: urlParams.sport ?? "all",
            operation: "models.metadata"
          },
          rows,
          paging
        )
      }))
    .handle("predictions", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const { player, rows } = yield* (yield* Models).predictions(path.playerId, {
          limit: Params.withDefault(urlParams.limit, Params.PredictionsLimit),
          season: urlParams.season,
          model_type: urlParams.model_type
        })
        return yield* envelope(
          { endpoint: requestPath(request), sport: player.sport, operation: "models.predictions" },
          rows,
          {
            player_id: player.id,
            player_name: player.full_name
          }
        )
      }))
    .handle("nbaConfidence", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const { active, rows } = yield* (yield* Models).confidence("nba", {
          player: urlParams.player,
          team: urlParams.team,
          limit: Params.withDefault(urlParams.limit, Params.ConfidenceLimit)
        })
        const ctx = { endpoint: requestPath(request), sport: "nba", operation: "models.nbaConfidence" }
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
      })))

/**
 * Handlers of the nflExtras group (`/v1/nfl/stacks`, `POST /v1/nfl/rankings/custom`) over the
 * application's Stacks service.
 * @module
 */
import type { HttpServerRequest } from "@effect/platform"
import { Api, Params } from "@sports-data/api"
import { Stacks } from "@sports-data/app"
import { Stacks as S } from "@sports-data/domain"
import { Effect } from "effect"
import { requestPath } from "../Errors.js"
import { envelope, type EnvelopeContext } from "./Common.js"
import { group } from "./Group.js"

const ctx = (request: HttpServerRequest.HttpServerRequest, name: string): EnvelopeContext => ({
  endpoint: requestPath(request),
  sport: "nfl",
  operation: `nflExtras.${name}`
})

/** The nflExtras handlers. Requires the application's Stacks service. */
export const NflExtrasLive = group(Api, "nflExtras", (handlers) =>
  handlers
    .handle("stacks", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const { rows, season } = yield* (yield* Stacks).stacks({
          season: urlParams.season,
          team: urlParams.team,
          positions: urlParams.position === undefined ? S.DEFAULT_STACK_POSITIONS : [urlParams.position],
          minGames: urlParams.min_games ?? S.MIN_STACK_GAMES,
          limit: Params.withDefault(urlParams.limit, Params.StacksLimit)
        })
        return yield* envelope(ctx(request, "stacks"), rows, { season, scoring: "ppr" as const })
      }))
    .handle("customRankings", ({ payload, request }) =>
      Effect.gen(function*() {
        const { rows, season } = yield* (yield* Stacks).customRanking({
          scoring: payload.scoring,
          season: payload.season,
          weeks: payload.weeks,
          position: payload.position,
          seasonType: payload.season_type ?? "REG",
          limit: Params.withDefault(payload.limit, Params.CustomRankingLimit)
        })
        return yield* envelope(ctx(request, "customRankings"), rows, {
          season,
          season_type: payload.season_type ?? "REG",
          weeks: payload.weeks ?? null
        })
      })))

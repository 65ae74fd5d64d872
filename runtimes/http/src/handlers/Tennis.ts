/**
 * Handlers of the tennis group (`/v1/tennis`) over the Tennis application service.
 * @module
 */
import { Api, Params } from "@sports-data/api"
import { Tennis } from "@sports-data/app"
import { Sports } from "@sports-data/domain"
import { Effect } from "effect"
import { envelope, eventSportContext, gameDate } from "./Common.js"
import { group } from "./Group.js"

const ctx = eventSportContext("tennis")
const defaultTour = Sports.eventModules.tennis.defaultLeague

/** The tennis handlers. Requires the Tennis service. */
export const TennisLive = group(Api, "tennis", (handlers) =>
  handlers
    .handle("matches", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const tour = urlParams.tour ?? defaultTour
        const rows = yield* (yield* Tennis).matches({
          tour,
          date: yield* gameDate(urlParams.date),
          state: urlParams.state,
          limit: Params.withDefault(urlParams.limit, Params.TennisLimits.matches)
        })
        return yield* envelope(ctx(request, "matches"), rows, undefined, tour)
      }))
    .handle("rankings", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const tour = urlParams.tour ?? defaultTour
        const list = yield* (yield* Tennis).rankings({
          tour,
          date: urlParams.date,
          limit: Params.withDefault(urlParams.limit, Params.TennisLimits.rankings)
        })
        return yield* envelope(ctx(request, "rankings"), list.rows, { tour, ranking_date: list.ranking_date }, tour)
      }))
    .handle("h2h", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const h2h = yield* (yield* Tennis).headToHead({
          player1: urlParams.player1,
          player2: urlParams.player2,
          tour: urlParams.tour,
          limit: Params.withDefault(urlParams.limit, Params.TennisLimits.h2h)
        })
        return yield* envelope(ctx(request, "h2h"), h2h, undefined, urlParams.tour)
      }))
    .handle("gameLog", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const log = yield* (yield* Tennis).gameLog(path.name, {
          tour: urlParams.tour,
          limit: Params.withDefault(urlParams.limit, Params.TennisLimits.gameLog)
        })
        return yield* envelope(ctx(request, "gameLog"), log.rows, { player: log.player }, log.player.tour)
      })))

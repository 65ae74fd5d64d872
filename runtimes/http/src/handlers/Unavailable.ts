/**
 * Handlers of the unavailable group: endpoints no ingested source answers. Each validates its
 * parameters (the contract), checks the player or game it names exists (404 RESOURCE_NOT_FOUND
 * otherwise), and answers empty `data` with `meta.coverage = {available: false, reason}` from the
 * sport's coverage (Coverage.ts).
 * @module
 */
import type { HttpServerRequest } from "@effect/platform"
import { Api, Params, Security } from "@sports-data/api"
import { Games, Players } from "@sports-data/app"
import { Coverage, Paging, PlayReader, ResourceNotFound, type TeamSport } from "@sports-data/domain"
import { Effect, Option } from "effect"
import { requestPath } from "../Errors.js"
import { envelope } from "./Common.js"
import { group } from "./Group.js"

/**
 * Empty `data` for operation `unavailable.<name>` of `sport`, with the coverage recorded for the
 * sport's `key` (an operation no source answers, so never available), with `extra` fields
 * (the paging echo of a paged list) before `data`.
 */
const noSource = <X extends Record<string, unknown> = {}>(
  request: HttpServerRequest.HttpServerRequest,
  sport: TeamSport,
  name: string,
  key: string,
  extra?: X
) => {
  const c = Coverage.coverageOf(sport, key)
  return envelope(
    { endpoint: requestPath(request), sport, operation: `unavailable.${name}` },
    [] as Array<never>,
    extra,
    undefined,
    {
      available: false,
      reason: c.reason
    }
  )
}

/** The game `id` of `sport`; ResourceNotFound (game) when it is not held. */
const requireGame = (sport: TeamSport, id: string) =>
  Effect.gen(function*() {
    const caller = yield* Security.Caller
    const { games } = yield* (yield* Games).list(sport, { ids: [id], limit: 1 }, caller.now)
    const game = games[0]
    return game === undefined ? yield* Effect.fail(new ResourceNotFound({ resource: "game", id })) : game
  })

/**
 * The unavailable handlers. Requires the application's Players and Games services; reads plays
 * through the PlayReader when the runtime provides one (an operator's play-by-play files), and
 * answers plays as unavailable for a sport and season it does not cover.
 */
export const UnavailableLive = group(
  Api,
  "unavailable",
  (handlers) =>
    Effect.map(Effect.serviceOption(PlayReader), (playReader) =>
      handlers
        .handle("plays", ({ path, request, urlParams }) =>
          Effect.gen(function*() {
            const game = yield* requireGame(path.sport, path.gameId)
            const plays = Option.isSome(playReader)
              ? yield* playReader.value.game(path.sport, game.season, game.id)
              : Option.none()
            const limit = Params.withDefault(urlParams.limit, Params.PlaysLimit)
            const offset = Params.withDefault(urlParams.offset, 0)
            if (Option.isNone(plays)) {
              return yield* noSource(request, path.sport, "plays", "plays", { total: 0, offset, limit })
            }
            const page = Paging.offsetPage(plays.value, { limit, offset })
            return yield* envelope(
              { endpoint: requestPath(request), sport: path.sport, operation: "unavailable.plays" },
              page.rows,
              { total: page.total, offset, limit },
              undefined,
              plays.value.length > 0
                ? undefined
                : { available: true, reason: "the play-by-play file of this season has no play of this game" }
            )
          }))
        .handle("ecr", ({ path, request }) => noSource(request, path.sport, "ecr", "ecr"))
        .handle("playerRankings", ({ request }) => noSource(request, "nfl", "playerRankings", "playerRankings"))
        .handle("campIntel", ({ path, request }) =>
          Effect.gen(function*() {
            yield* (yield* Players).get("nfl", path.id)
            return yield* noSource(request, "nfl", "campIntel", "campIntel")
          }))
        .handle("mlbSplits", ({ path, request }) =>
          Effect.gen(function*() {
            yield* (yield* Players).get("mlb", path.id)
            return yield* noSource(request, "mlb", "mlbSplits", "splits")
          }))
        .handle("splits", ({ path, request }) =>
          Effect.gen(function*() {
            yield* (yield* Players).get(path.sport, path.id)
            return yield* noSource(request, path.sport, "splits", "splits")
          }))
        .handle("mlbTransactions", ({ request }) => noSource(request, "mlb", "mlbTransactions", "transactions"))
        .handle(
          "mlbDepthChartChanges",
          ({ request }) => noSource(request, "mlb", "mlbDepthChartChanges", "depthChartChanges")
        )
        .handle(
          "nbaDepthChartChanges",
          ({ request }) => noSource(request, "nba", "nbaDepthChartChanges", "depthChartChanges")
        ))
)

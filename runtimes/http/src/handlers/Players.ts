/**
 * Handlers of the cross-sport players group (`/v1/players`): search and compare.
 * @module
 */
import type { HttpServerRequest } from "@effect/platform"
import { Api, Params } from "@sports-data/api"
import { Players, Rows } from "@sports-data/app"
import { Effect } from "effect"
import { requestPath } from "../Errors.js"
import { envelope } from "./Common.js"
import { group } from "./Group.js"

const ctx = (request: HttpServerRequest.HttpServerRequest, sport: string, operation: string) => ({
  endpoint: requestPath(request),
  sport,
  operation: `players.${operation}`
})

/** The players handlers. Requires the application services. */
export const PlayersLive = group(Api, "players", (handlers) =>
  handlers
    .handle("search", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const q = urlParams.q.trim()
        const rows = yield* (yield* Players).search({
          q,
          sport: urlParams.sport,
          position: urlParams.position,
          limit: Params.withDefault(urlParams.limit, Params.SearchLimit)
        })
        return yield* envelope(ctx(request, urlParams.sport ?? "all", "search"), rows.map(Rows.searchRow), { query: q })
      }))
    .handle("compare", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const { rows, sport } = yield* (yield* Players).compare(urlParams.player1, urlParams.player2, urlParams.sport)
        return yield* envelope(ctx(request, sport, "compare"), rows)
      })))

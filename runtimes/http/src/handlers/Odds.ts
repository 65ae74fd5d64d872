/**
 * Handlers of the odds group (`/v1/{sport}/odds`, `/v1/{sport}/odds/history/{gameId}`): decode,
 * call the Odds application service, encode. `meta.coverage` of an empty answer comes from
 * domain Coverage.ts (`odds`, `history` of each sport): unavailable with its reason for a sport
 * no source has lines for.
 * @module
 */
import type { HttpServerRequest } from "@effect/platform"
import { Api, Params, Security } from "@sports-data/api"
import { Odds } from "@sports-data/app"
import { Coverage, Odds as O, type SportKey } from "@sports-data/domain"
import { Effect } from "effect"
import { requestPath } from "../Errors.js"
import { envelope, type EnvelopeContext } from "./Common.js"
import { group } from "./Group.js"

const ctx = (request: HttpServerRequest.HttpServerRequest, sport: SportKey, name: string): EnvelopeContext => ({
  endpoint: requestPath(request),
  sport,
  operation: `odds.${name}`
})

/** The odds handlers. Requires the application services. */
export const OddsLive = group(Api, "odds", (handlers) =>
  handlers
    .handle("odds", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const today = (yield* Security.Caller).now.toISOString().slice(0, 10)
        const rows = yield* (yield* Odds).list(path.sport, {
          date: urlParams.date,
          season: urlParams.season,
          week: urlParams.week,
          today,
          limit: Params.withDefault(urlParams.limit, Params.OddsLimit),
          linesLimit: Params.withDefault(urlParams.lines_limit, Params.OddsLinesLimit),
          bookmaker: urlParams.bookmaker,
          market: urlParams.market
        })
        const upcoming = urlParams.date === undefined && urlParams.season === undefined && urlParams.week === undefined
        const source = Coverage.coverageOf(path.sport, "odds")
        // no upcoming line where the sport has lines: say that the held lines end before today
        const coverage = upcoming && rows.length === 0 && source.available ?
          {
            available: false,
            reason:
              `no game from ${today} on has a line; the lines held: ${source.reason ?? "see /v1/meta/coverage"}. ` +
              "Pass date, season or week to look back"
          } :
          undefined
        return yield* envelope(ctx(request, path.sport, "odds"), rows, { method: O.VIG_METHOD }, undefined, coverage)
      }))
    .handle("history", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const hasSource = Coverage.coverageOf(path.sport, "history").available
        const offset = Params.withDefault(urlParams.offset, 0)
        const limit = Params.withDefault(urlParams.limit, Params.OddsHistoryLimit)
        const page = yield* (yield* Odds).history(path.sport, path.gameId, hasSource, {
          bookmaker: urlParams.bookmaker,
          market: urlParams.market,
          limit,
          offset,
          cursor: urlParams.cursor
        })
        return yield* envelope(ctx(request, path.sport, "history"), page.lines, {
          total: page.total,
          offset,
          limit,
          next_cursor: page.next_cursor,
          game: page.game,
          method: O.VIG_METHOD
        })
      })))

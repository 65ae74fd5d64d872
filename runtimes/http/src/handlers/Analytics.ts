/**
 * Handlers of the analytics group: decode, call the Analytics application service, encode.
 * @module
 */
import type { HttpServerRequest } from "@effect/platform"
import { Api, Params, TrendsResponse } from "@sports-data/api"
import { Analytics, type HistorySport, historySports, Rows } from "@sports-data/app"
import { Analytics as Formulas, InvalidParameter, Sports } from "@sports-data/domain"
import { Effect } from "effect"
import { requestPath } from "../Errors.js"
import { envelope, meta } from "./Common.js"
import { group } from "./Group.js"

const ctx = (request: HttpServerRequest.HttpServerRequest, sport: string, operation: string) => ({
  endpoint: requestPath(request),
  sport,
  operation: `analytics.${operation}`
})

/** Why mlb has no alpha metrics (meta.coverage of `/v1/mlb/players/{id}/alpha`). */
const MLB_ALPHA_REASON =
  "mlb lines carry no snap share, minutes, target share or usage rate: alpha metrics are defined for nfl, nba and nhl"

const isAlphaSport = (sport: string): sport is typeof Formulas.alphaSports[number] =>
  (Formulas.alphaSports as ReadonlyArray<string>).includes(sport)

/** The analytics handlers. Requires the application services. */
export const AnalyticsLive = group(Api, "analytics", (handlers) =>
  handlers
    .handle("alpha", ({ path, request }) =>
      Effect.gen(function*() {
        const service = yield* Analytics
        const row = yield* service.alpha(path.sport, path.id)
        const c = ctx(request, path.sport, "alpha")
        if (isAlphaSport(path.sport)) return yield* envelope(c, row)
        return {
          success: true,
          endpoint: requestPath(request),
          count: 1,
          data: row,
          meta: yield* meta(path.sport, c.operation, { coverage: { available: false, reason: MLB_ALPHA_REASON } })
        }
      }))
    .handle("similar", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const { method, rows } = yield* (yield* Analytics).similar(
          urlParams.sport,
          path.id,
          Params.withDefault(urlParams.limit, Params.SimilarLimit)
        )
        return yield* envelope(ctx(request, urlParams.sport, "similar"), rows, { method })
      }))
    .handle("trends", ({ request, urlParams }) => trends(request, urlParams))
    .handle("trendsV1", ({ request, urlParams }) => trends(request, urlParams))
    .handle("gamesHistory", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const { rows, seasons, total } = yield* (yield* Analytics).history(path.sport, {
          player: urlParams.player ?? urlParams.player_name,
          team: urlParams.team,
          season: urlParams.season,
          limit: Params.withDefault(urlParams.limit, Params.TrendsLimit)
        })
        return yield* envelope(ctx(request, path.sport, "gamesHistory"), rows, { total, seasons })
      }))
    .handle("filter", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const sport = urlParams.sport ?? "nfl"
        const { rows, season } = yield* (yield* Analytics).filter({
          ...urlParams,
          sport,
          limit: Params.withDefault(urlParams.limit, Params.FilterLimit)
        })
        return yield* envelope(ctx(request, sport, "filter"), rows, { season })
      }))
    .handle("projection", ({ path, request, urlParams }) =>
      projection(requestPath(request), path.sport, path.id, urlParams.weeks ?? 1, urlParams.scoring))
    .handle("waiverPriority", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const { rows, season } = yield* (yield* Analytics).waiverPriority(path.sport, {
          position: urlParams.position,
          excludeInjured: urlParams.exclude_injured === "true",
          limit: Params.withDefault(urlParams.limit, Params.WaiverLimit)
        })
        return yield* envelope(ctx(request, path.sport, "waiverPriority"), rows, { season })
      }))
    .handle("batchPlayers", ({ payload, request }) =>
      Effect.gen(function*() {
        const { found, notFound } = yield* (yield* Analytics).batchPlayers(payload.ids)
        return yield* envelope(
          ctx(request, "all", "batchPlayers"),
          found.map((p) =>
            Rows.playerIdentity(p)
          ),
          {
            not_found: notFound
          }
        )
      })))

/**
 * `/v1/{sport}/players/{id}/projection` (REST and the MCP tool get_player_projections): the
 * projection of player `id` over `weeks` in `scoring` (a format of the sport, any case; the
 * sport's default when undefined) in the envelope. InvalidParameter (scoring) for a format the
 * sport lacks; ResourceNotFound for an unknown player.
 */
export const projection = (
  endpoint: string,
  sport: Parameters<Analytics["projection"]>[0],
  id: string,
  weeks: number,
  scoringParam: string | undefined
) =>
  Effect.gen(function*() {
    const formats = Sports.formatNames(sport)
    const scoring = scoringParam?.toLowerCase()
    if (scoring !== undefined && !formats.includes(scoring)) {
      return yield* Effect.fail(
        new InvalidParameter({ parameter: "scoring", reason: `must be one of ${formats.join(", ")}` })
      )
    }
    const row = yield* (yield* Analytics).projection(sport, id, weeks, scoring)
    return yield* envelope({ endpoint, sport, operation: "analytics.projection" }, row)
  })

const trends = (
  request: HttpServerRequest.HttpServerRequest,
  urlParams: typeof Params.TrendsParams.Type
) =>
  Effect.gen(function*() {
    const sport = urlParams.sport ?? "nfl"
    const sports: ReadonlyArray<HistorySport> = sport === "all" ? historySports : [sport]
    const result = yield* (yield* Analytics).trends(sports, {
      player: urlParams.player_name,
      team: urlParams.team,
      position: urlParams.position,
      season: urlParams.season,
      week: urlParams.week,
      limit: Params.withDefault(urlParams.limit, Params.TrendsLimit),
      gamesLimit: Params.withDefault(urlParams.games_limit, Params.TrendGamesLimit)
    })
    const response: typeof TrendsResponse.Type = {
      success: true,
      endpoint: requestPath(request),
      sport,
      ...result,
      meta: yield* meta(sport, "analytics.trends")
    }
    return response
  })

/**
 * Handlers of the nascar group (`/v1/nascar`) over the application's Nascar service.
 * @module
 */
import { Api, Params } from "@sports-data/api"
import { Nascar } from "@sports-data/app"
import { Nascar as NascarRules } from "@sports-data/domain"
import { Effect } from "effect"
import { envelope, listPage } from "./Common.js"
import { eventSportContext } from "./Common.js"
import { callTime, limitNote } from "./EventSports.js"
import { group } from "./Group.js"

const ctx = eventSportContext("nascar")

/** The nascar handlers. Requires the application services. */
export const NascarLive = group(Api, "nascar", (handlers) =>
  handlers
    .handle("races", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const series = urlParams.series ?? "cup"
        const { rows, season } = yield* (yield* Nascar).races({
          series,
          season: urlParams.season,
          limit: Params.withDefault(urlParams.limit, Params.RaceLimits.nascarRaces)
        }, yield* callTime)
        return yield* envelope(ctx(request, "races"), rows, { series, season }, series, limitNote("nascar", "races"))
      }))
    .handle("results", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const series = urlParams.series ?? "cup"
        const { race, rows: all } = yield* (yield* Nascar).results({ series, event: urlParams.event }, yield* callTime)
        const { paging, rows } = listPage(all, urlParams, Params.ListLimits.results)
        return yield* envelope(
          ctx(request, "results"),
          rows,
          { race, ...paging },
          race?.series ?? series,
          limitNote("nascar", "results")
        )
      }))
    .handle("standings", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const series = urlParams.series ?? "cup"
        const table = yield* (yield* Nascar).standings({ series, season: urlParams.season })
        const { paging, rows } = listPage(table.rows, urlParams, Params.ListLimits.driverStandings)
        return yield* envelope(
          ctx(request, "standings"),
          rows,
          { series, season: table.season, races: table.races, basis: NascarRules.STANDINGS_BASIS, ...paging },
          series,
          limitNote("nascar", "standings")
        )
      })))

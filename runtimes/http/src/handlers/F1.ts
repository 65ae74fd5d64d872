/**
 * Handlers of the f1 group (`/v1/f1`) over the application's F1 service.
 * @module
 */
import { Api, Params } from "@sports-data/api"
import { F1 } from "@sports-data/app"
import { F1 as F1Rules } from "@sports-data/domain"
import { Effect, Schema } from "effect"
import { envelope, listPage } from "./Common.js"
import { eventSportContext } from "./Common.js"
import { callTime, limitNote, unavailable } from "./EventSports.js"
import { group } from "./Group.js"

const ctx = eventSportContext("f1")

/** Why practice sessions answer empty. */
export const PRACTICE_NO_SOURCE = "free practice results: no source has them"

const isSession = Schema.is(F1Rules.F1Session)

/** The f1 handlers. Requires the application services. */
export const F1Live = group(Api, "f1", (handlers) =>
  handlers
    .handle("races", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const { rows, season } = yield* (yield* F1).races({
          season: urlParams.season,
          limit: Params.withDefault(urlParams.limit, Params.RaceLimits.f1Races)
        }, yield* callTime)
        return yield* envelope(ctx(request, "races"), rows, { season })
      }))
    .handle("results", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const session = urlParams.session ?? "race"
        const c = ctx(request, "results")
        if (!isSession(session)) {
          const none = listPage([], urlParams, Params.ListLimits.results)
          return yield* envelope(
            c,
            none.rows,
            { race: null, session, ...none.paging },
            undefined,
            unavailable(PRACTICE_NO_SOURCE)
          )
        }
        const found = yield* (yield* F1).results({ event: urlParams.event, session }, yield* callTime)
        const coverage = found.rows.length > 0
          ? undefined
          : unavailable(
            found.race === null
              ? "no Formula 1 results are held"
              : `no ${session.replace("_", " ")} results for this grand prix (not run that weekend, or not yet held)`
          )
        const { paging, rows } = listPage(found.rows, urlParams, Params.ListLimits.results)
        return yield* envelope(c, rows, { race: found.race, session, ...paging }, undefined, coverage)
      }))
    .handle("standings", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const tables = yield* (yield* F1).standings({ season: urlParams.season, round: urlParams.round })
        return yield* envelope(ctx(request, "standings"), tables, {}, undefined, limitNote("f1", "standings"))
      })))

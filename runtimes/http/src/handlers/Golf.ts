/**
 * Handlers of the golf group (`/v1/golf`) over the application's Golf service.
 * @module
 */
import { Api, Params } from "@sports-data/api"
import { Golf } from "@sports-data/app"
import { Effect } from "effect"
import { envelope } from "./Common.js"
import { eventSportContext } from "./Common.js"
import { callTime, limitNote, unavailable } from "./EventSports.js"
import { group } from "./Group.js"

const ctx = eventSportContext("golf")

/** Why the LPGA has no leaderboard. */
export const LPGA_NO_RESULTS = "LPGA: no results in any source (only the 2026 AIG Women's Open DFS slate is held)"

/** The golf handlers. Requires the application services. */
export const GolfLive = group(Api, "golf", (handlers) =>
  handlers
    .handle("tournaments", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const tour = urlParams.tour ?? "pga"
        const { rows, total } = yield* (yield* Golf).tournaments({
          tour,
          season: urlParams.season,
          limit: Params.withDefault(urlParams.limit, Params.RaceLimits.tournaments)
        }, yield* callTime)
        return yield* envelope(
          ctx(request, "tournaments"),
          rows,
          { tour, season: urlParams.season ?? null, total },
          tour,
          limitNote("golf", "tournaments")
        )
      }))
    .handle("leaderboard", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const tour = urlParams.tour ?? "pga"
        const board = yield* (yield* Golf).leaderboard({
          tour,
          event: urlParams.event,
          limit: Params.withDefault(urlParams.limit, Params.RaceLimits.leaderboard)
        }, yield* callTime)
        const coverage = board.rows.length > 0
          ? limitNote("golf", "leaderboard")
          : tour === "lpga"
          ? unavailable(LPGA_NO_RESULTS)
          : unavailable("no leaderboard is held for this tournament (scheduled, or no source has its results)")
        return yield* envelope(
          ctx(request, "leaderboard"),
          board.rows,
          { tournament: board.tournament },
          tour,
          coverage
        )
      }))
    .handle("scoringAverage", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const average = yield* (yield* Golf).scoringAverage(
          path.id,
          Params.withDefault(urlParams.tournaments, Params.RaceLimits.scoringAverage)
        )
        return yield* envelope(
          ctx(request, "scoringAverage"),
          average,
          {},
          undefined,
          limitNote("golf", "scoringAverage")
        )
      })))

/**
 * Handlers of the nba group (`/v1/nba`) over the application services: the shared team-sport
 * handlers (TeamSport.ts) with nba's limits and rows, and the game log.
 * @module
 */
import { Api, Params } from "@sports-data/api"
import { Games, Players, Rows } from "@sports-data/app"
import { Effect } from "effect"
import { envelope, listPage, sportContext } from "./Common.js"
import { group } from "./Group.js"
import { handleTeamSport, statsSportHandlers, teamSports } from "./TeamSport.js"

const ctx = sportContext("nba")

/** The nba handlers shared with the other team sports. */
const nba = statsSportHandlers(teamSports.nba)

/** The nba handlers. Requires the application services. */
export const NbaLive = group(Api, "nba", (handlers) =>
  handleTeamSport(handlers, nba)
    .handle("gameLog", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const log = yield* (yield* Players).gameLog("nba", path.id, urlParams.season)
        const { paging, rows: lines } = listPage(log.lines, urlParams, Params.ListLimits.gameLog)
        const gameOf = yield* (yield* Games).ofLines("nba", lines)
        const rows = lines.map((l) => Rows.nbaGameLogRow(l, gameOf(l)))
        return yield* envelope(ctx(request, "gameLog"), rows, {
          player: Rows.playerSummary(log.player),
          season: log.season,
          ...paging
        })
      })))

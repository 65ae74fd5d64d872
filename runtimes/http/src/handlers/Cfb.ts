/**
 * Handlers of the cfb group (`/v1/cfb`) over the application services: the shared team-sport
 * handlers (TeamSport.ts) with cfb's limits and rows, the polls and the game log.
 * @module
 */
import { Api, Params } from "@sports-data/api"
import { Games, Players, Rankings, Rows } from "@sports-data/app"
import { Effect } from "effect"
import { envelope, listPage, sportContext } from "./Common.js"
import { group } from "./Group.js"
import { handleTeamSport, teamSportHandlers, teamSports } from "./TeamSport.js"

const ctx = sportContext("cfb")

/** The poll `/v1/cfb/rankings` lists when none is asked for. */
export const DEFAULT_POLL = "ap"

/** The cfb handlers shared with the other team sports. */
const cfb = teamSportHandlers(teamSports.cfb)

/** The cfb handlers. Requires the application services. */
export const CfbLive = group(Api, "cfb", (handlers) =>
  handleTeamSport(handlers, cfb)
    .handle("rankings", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const poll = yield* (yield* Rankings).poll("cfb", {
          poll: urlParams.poll ?? DEFAULT_POLL,
          season: urlParams.season,
          week: urlParams.week
        })
        const { paging, rows } = listPage(poll.rows, urlParams, Params.ListLimits.poll)
        return yield* envelope(ctx(request, "rankings"), rows.map((r) => Rows.rankingRow(r, poll.teams)), {
          season: poll.season,
          poll: poll.poll,
          week: poll.week,
          ...paging
        })
      }))
    .handle("gameLog", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const log = yield* (yield* Players).gameLog("cfb", path.id, urlParams.season)
        const { paging, rows: lines } = listPage(log.lines, urlParams, Params.ListLimits.gameLog)
        const gameOf = yield* (yield* Games).ofLines("cfb", lines)
        const rows = lines.map((l) => Rows.gameLogRow(l, gameOf(l)))
        return yield* envelope(ctx(request, "gameLog"), rows, {
          player: Rows.playerSummary(log.player),
          season: log.season,
          ...paging
        })
      })))

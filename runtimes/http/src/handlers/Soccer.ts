/**
 * Handlers of the soccer group (`/v1/soccer`) over the application services: the shared
 * team-sport handlers (TeamSport.ts) with soccer's limits and rows (standings default to the
 * epl), and the game log. No source has soccer players: the player endpoints answer from the
 * store like any sport (so they are empty, with `meta.coverage`, and a player id answers 404).
 * @module
 */
import { Api, Params } from "@sports-data/api"
import { Players, Rows } from "@sports-data/app"
import { Effect } from "effect"
import { envelope, listPage, sportContext } from "./Common.js"
import { group } from "./Group.js"
import { handleTeamSport, teamSportHandlers, teamSports } from "./TeamSport.js"

const ctx = sportContext("soccer")

/** The soccer handlers shared with the other team sports. */
const soccer = teamSportHandlers(teamSports.soccer)

/** The soccer handlers. Requires the application services. */
export const SoccerLive = group(Api, "soccer", (handlers) =>
  handleTeamSport(handlers, soccer)
    .handle("gameLog", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const { lines, player, season } = yield* (yield* Players).gameLog("soccer", path.id)
        const { paging, rows } = listPage(lines, urlParams, Params.ListLimits.gameLog)
        return yield* envelope(ctx(request, "gameLog"), rows.map((l) => Rows.gameLogRow(l, undefined)), {
          player: Rows.playerSummary(player),
          season,
          ...paging
        })
      })))

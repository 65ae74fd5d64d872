/**
 * Handlers of the nfl group (`/v1/nfl`) over the application services.
 * @module
 */
import { Api, Params } from "@sports-data/api"
import { Rows } from "@sports-data/app"
import { sportContext } from "./Common.js"
import { group } from "./Group.js"
import { gameList, playerDetail, playerList, playerStats, roster, standings, teamFilter, teamList } from "./Sport.js"

const ctx = sportContext("nfl")

/** The nfl handlers. Requires the application services. */
export const NflLive = group(Api, "nfl", (handlers) =>
  handlers
    .handle("teams", ({ request, urlParams }) => teamList(ctx(request, "teams"), { keep: teamFilter(urlParams) }))
    .handle("roster", ({ path, request, urlParams }) =>
      roster(ctx(request, "roster"), path.team, urlParams.position, (p) =>
        Rows.playerIdentity(p)))
    .handle("players", ({ request, urlParams }) =>
      playerList(ctx(request, "players"), urlParams, Params.NflLimits.players, (p) =>
        Rows.playerIdentity(p)))
    .handle("player", ({ path, request }) =>
      playerDetail(ctx(request, "player"), path.id, Rows.playerIdentity))
    .handle("playerStats", ({ path, request, urlParams }) =>
      playerStats(ctx(request, "playerStats"), "nfl", path.id, {
        season: urlParams.season,
        week: urlParams.week,
        limit: Params.withDefault(urlParams.limit, Params.NflLimits.stats)
      }))
    .handle("games", ({ request, urlParams }) =>
      gameList(ctx(request, "games"), {
        season: urlParams.season,
        week: urlParams.week,
        state: urlParams.status,
        limit: Params.withDefault(urlParams.limit, Params.NflLimits.games)
      }, Rows.nflGameRow))
    .handle("standings", ({ request, urlParams }) =>
      standings(ctx(request, "standings"), { season: urlParams.season, keep: teamFilter(urlParams) })))

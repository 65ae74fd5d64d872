/**
 * Handlers of the nhl group (`/v1/nhl`) over the application services.
 * @module
 */
import { Api, Params } from "@sports-data/api"
import { Rows } from "@sports-data/app"
import { Effect } from "effect"
import { envelope, gameDate, sportContext } from "./Common.js"
import { group } from "./Group.js"
import { gameList, playerDetail, playerList, playerStats, roster, standings, teamFilter, teamList } from "./Sport.js"

const ctx = sportContext("nhl")

/** The nhl handlers. Requires the application services. */
export const NhlLive = group(Api, "nhl", (handlers) =>
  handlers
    .handle("games", ({ request, urlParams }) =>
      Effect.gen(function*() {
        return yield* gameList(ctx(request, "games"), {
          date: yield* gameDate(urlParams.date),
          state: urlParams.state,
          limit: Params.withDefault(urlParams.limit, Params.NhlLimits.games)
        }, Rows.gameRow)
      }))
    .handle("standings", ({ request, urlParams }) =>
      standings(ctx(request, "standings"), { season: urlParams.season, keep: teamFilter(urlParams) }))
    .handle("teams", ({ request, urlParams }) =>
      teamList(ctx(request, "teams"), { keep: teamFilter(urlParams) }))
    .handle("roster", ({ path, request, urlParams }) =>
      roster(ctx(request, "roster"), path.team, urlParams.position, (p) =>
        Rows.playerIdentity(p)))
    .handle("players", ({ request, urlParams }) =>
      playerList(ctx(request, "players"), urlParams, Params.NhlLimits.players, (p) =>
        Rows.playerIdentity(p)))
    .handle("player", ({ path, request }) =>
      playerDetail(ctx(request, "player"), path.id, (p) =>
        Rows.playerIdentity(p)))
    .handle("playerStats", ({ path, request, urlParams }) =>
      playerStats(ctx(request, "playerStats"), "nhl", path.id, {
        season: urlParams.season,
        limit: Params.withDefault(urlParams.limit, Params.NhlLimits.stats)
      }))
    .handle("depthChartChanges", ({ request }) =>
      envelope(ctx(request, "depthChartChanges"), [])))

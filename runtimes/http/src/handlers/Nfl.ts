/**
 * Handlers of the nfl group (`/v1/nfl`) over the application services.
 * @module
 */
import { HttpApiBuilder } from "@effect/platform"
import { Api, Params } from "@sports-data/api"
import { Rows } from "@sports-data/app"
import { mapDomainErrors } from "../Errors.js"
import { sportContext } from "./Common.js"
import { gameList, playerDetail, playerList, playerStats, roster, standings, teamFilter, teamList } from "./Sport.js"

const ctx = sportContext("nfl")

/** The nfl handlers. Requires the application services. */
export const NflLive = HttpApiBuilder.group(Api, "nfl", (handlers) =>
  handlers
    .handle("teams", ({ request, urlParams }) =>
      teamList(ctx(request, "teams"), { keep: teamFilter(urlParams) }, urlParams).pipe(mapDomainErrors))
    .handle("roster", ({ path, request, urlParams }) =>
      roster(ctx(request, "roster"), path.team, urlParams.position, (p) =>
        Rows.playerIdentity(p)).pipe(
          mapDomainErrors
        ))
    .handle("players", ({ request, urlParams }) =>
      playerList(ctx(request, "players"), urlParams, Params.NflLimits.players, (p) =>
        Rows.playerIdentity(p)).pipe(
          mapDomainErrors
        ))
    .handle("player", ({ path, request }) =>
      playerDetail(ctx(request, "player"), path.id, Rows.playerIdentity).pipe(mapDomainErrors))
    .handle("playerStats", ({ path, request, urlParams }) =>
      playerStats(ctx(request, "playerStats"), "nfl", path.id, {
        season: urlParams.season,
        week: urlParams.week,
        limit: Params.withDefault(urlParams.limit, Params.NflLimits.stats),
        cursor: urlParams.cursor
      }).pipe(mapDomainErrors))
    .handle("games", ({ request, urlParams }) =>
      gameList(ctx(request, "games"), {
        season: urlParams.season,
        week: urlParams.week,
        state: urlParams.status,
        limit: Params.withDefault(urlParams.limit, Params.NflLimits.games),
        cursor: urlParams.cursor
      }, Rows.nflGameRow).pipe(mapDomainErrors))
    .handle("standings", ({ request, urlParams }) =>
      standings(ctx(request, "standings"), {
        season: urlParams.season,
        keep: teamFilter(urlParams),
        limit: urlParams.limit,
        offset: urlParams.offset
      }).pipe(
        mapDomainErrors
      )))

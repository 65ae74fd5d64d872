/**
 * Handlers of the nba group (`/v1/nba`) over the application services.
 * @module
 */
import { HttpApiBuilder } from "@effect/platform"
import { Api, Params } from "@sports-data/api"
import { Games, Players, Rows } from "@sports-data/app"
import { Effect } from "effect"
import { mapDomainErrors } from "../Errors.js"
import { envelope, gameDate, sportContext } from "./Common.js"
import { gameList, playerDetail, playerList, playerStats, roster, standings, teamFilter, teamList } from "./Sport.js"

const ctx = sportContext("nba")

/** The nba handlers. Requires the application services. */
export const NbaLive = HttpApiBuilder.group(Api, "nba", (handlers) =>
  handlers
    .handle("games", ({ request, urlParams }) =>
      Effect.gen(function*() {
        return yield* gameList(ctx(request, "games"), {
          date: yield* gameDate(urlParams.date),
          state: urlParams.state,
          limit: Params.withDefault(urlParams.limit, Params.NbaLimits.games),
          cursor: urlParams.cursor
        }, Rows.gameRow)
      }).pipe(mapDomainErrors))
    .handle("standings", ({ request, urlParams }) =>
      standings(ctx(request, "standings"), {
        season: urlParams.season,
        keep: teamFilter(urlParams),
        limit: urlParams.limit,
        offset: urlParams.offset
      })
        .pipe(mapDomainErrors))
    .handle("teams", ({ request, urlParams }) =>
      teamList(ctx(request, "teams"), { keep: teamFilter(urlParams) }, urlParams).pipe(mapDomainErrors))
    .handle("players", ({ request, urlParams }) =>
      playerList(ctx(request, "players"), urlParams, Params.NbaLimits.players, (p) =>
        Rows.playerIdentity(p)).pipe(
          mapDomainErrors
        ))
    .handle("player", ({ path, request }) =>
      playerDetail(ctx(request, "player"), path.id, (p) =>
        Rows.playerIdentity(p)).pipe(mapDomainErrors))
    .handle("playerStats", ({ path, request, urlParams }) =>
      playerStats(ctx(request, "playerStats"), "nba", path.id, {
        season: urlParams.season,
        limit: Params.withDefault(urlParams.limit, Params.NbaLimits.stats),
        cursor: urlParams.cursor
      }).pipe(mapDomainErrors))
    .handle("gameLog", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const { lines, player, season } = yield* (yield* Players).gameLog("nba", path.id, urlParams.season)
        const gameOf = yield* (yield* Games).ofLines("nba", lines)
        const rows = lines.map((l) =>
          Rows.nbaGameLogRow(l, gameOf(l))
        )
        return yield* envelope(ctx(request, "gameLog"), rows, { player: Rows.playerSummary(player), season })
      }).pipe(mapDomainErrors))
    .handle("roster", ({ path, request, urlParams }) =>
      roster(ctx(request, "roster"), path.team, urlParams.position, (p) =>
        Rows.playerIdentity(p)).pipe(
          mapDomainErrors
        )))

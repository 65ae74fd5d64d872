/**
 * Handlers of the cfb group (`/v1/cfb`) over the application services.
 * @module
 */
import { HttpApiBuilder } from "@effect/platform"
import { Api, Params } from "@sports-data/api"
import { Games, Players, Rankings, Rows } from "@sports-data/app"
import { Effect } from "effect"
import { mapDomainErrors } from "../Errors.js"
import { envelope, gameDate, sportContext } from "./Common.js"
import { gameList, playerDetail, playerList, roster, standings, teamFilter, teamList } from "./Sport.js"

const ctx = sportContext("cfb")

/** The poll `/v1/cfb/rankings` lists when none is asked for. */
export const DEFAULT_POLL = "ap"

/** The cfb handlers. Requires the application services. */
export const CfbLive = HttpApiBuilder.group(Api, "cfb", (handlers) =>
  handlers
    .handle("games", ({ request, urlParams }) =>
      Effect.gen(function*() {
        return yield* gameList(ctx(request, "games"), {
          date: yield* gameDate(urlParams.date),
          state: urlParams.state,
          season: urlParams.season,
          week: urlParams.week,
          limit: Params.withDefault(urlParams.limit, Params.CfbLimits.games),
          cursor: urlParams.cursor
        }, Rows.gameRow)
      }).pipe(mapDomainErrors))
    .handle("standings", ({ request, urlParams }) =>
      standings(ctx(request, "standings"), {
        season: urlParams.season,
        keep: teamFilter(urlParams),
        limit: urlParams.limit,
        offset: urlParams.offset
      }).pipe(mapDomainErrors))
    .handle("rankings", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const poll = yield* (yield* Rankings).poll("cfb", {
          poll: urlParams.poll ?? DEFAULT_POLL,
          season: urlParams.season,
          week: urlParams.week
        })
        return yield* envelope(ctx(request, "rankings"), poll.rows.map((r) => Rows.rankingRow(r, poll.teams)), {
          season: poll.season,
          poll: poll.poll,
          week: poll.week
        })
      }).pipe(mapDomainErrors))
    .handle("teams", ({ request, urlParams }) => teamList(ctx(request, "teams"), {}, urlParams).pipe(mapDomainErrors))
    .handle("roster", ({ path, request, urlParams }) =>
      roster(ctx(request, "roster"), path.team, urlParams.position, (p) =>
        Rows.playerIdentity(p)).pipe(
          mapDomainErrors
        ))
    .handle("players", ({ request, urlParams }) =>
      playerList(ctx(request, "players"), urlParams, Params.CfbLimits.players, (p) =>
        Rows.playerIdentity(p)).pipe(
          mapDomainErrors
        ))
    .handle("player", ({ path, request }) =>
      playerDetail(ctx(request, "player"), path.id, (p) =>
        Rows.playerIdentity(p)).pipe(mapDomainErrors))
    .handle("gameLog", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const { lines, player, season } = yield* (yield* Players).gameLog("cfb", path.id, urlParams.season)
        const gameOf = yield* (yield* Games).ofLines("cfb", lines)
        const rows = lines.map((l) =>
          Rows.gameLogRow(l, gameOf(l))
        )
        return yield* envelope(ctx(request, "gameLog"), rows, { player: Rows.playerSummary(player), season })
      }).pipe(mapDomainErrors)))

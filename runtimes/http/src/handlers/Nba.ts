/**
 * Handlers of the nba group (`/v1/nba`) over the SportsStore.
 * @module
 */
import { HttpApiBuilder, HttpApp, HttpServerResponse } from "@effect/platform"
import { Security } from "@sports-data/api"
import { Api } from "@sports-data/api/Api"
import { withDefault } from "@sports-data/api/params/Common"
import { NbaLimits } from "@sports-data/api/params/Nba"
import { Effect } from "effect"
import { mapStoreErrors } from "../Errors.js"
import { envelope, gamesOfLines, requirePlayer, sportContext } from "./Common.js"
import { LegacyStore } from "./LegacyStore.js"
import { conferenceMatches, gameRow, nbaGameLogRow, nbaStatsRow, playerIdentity, playerSummary } from "./Rows.js"
import { gameList, playerLines, playerList, roster, standings, teamRows } from "./Sport.js"

const sport = "nba" as const
const ctx = sportContext(sport)

/**
 * Cache-Control of `/v1/nba/games` (specification): 30 seconds while a listed game is in
 * progress, 120 seconds otherwise.
 */
export const nbaGamesMaxAge = (states: ReadonlyArray<string>): number => (states.includes("in_progress") ? 30 : 120)

/** Games in a season hold about 82 lines per player; one page of 200 holds a season with playoffs. */
const GAME_LOG_MAX = 200

/** The nba handlers. Requires the readers of LegacyStore when built. */
export const NbaLive = HttpApiBuilder.group(Api, "nba", (handlers) =>
  Effect.gen(function*() {
    const store = yield* LegacyStore
    return handlers
      .handle("games", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const caller = yield* Security.Caller
          const date = urlParams.date === "today" ? caller.now.toISOString().slice(0, 10) : urlParams.date
          const res = yield* gameList(store, ctx(request, "games"), {
            date,
            state: urlParams.state,
            limit: withDefault(urlParams.limit, NbaLimits.games)
          }, gameRow)
          const maxAge = nbaGamesMaxAge(res.data.map((g) => g.state))
          yield* HttpApp.appendPreResponseHandler((_req, r) =>
            Effect.succeed(HttpServerResponse.setHeader(r, "cache-control", `max-age=${maxAge}`))
          )
          return res
        }).pipe(mapStoreErrors))
      .handle("standings", ({ request, urlParams }) =>
        standings(store, ctx(request, "standings"), urlParams.season, (t) =>
          urlParams.conference === undefined || conferenceMatches(t, urlParams.conference)).pipe(mapStoreErrors))
      .handle("teams", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const teams = (yield* store.findTeams(sport)).filter((t) =>
            urlParams.conference === undefined || conferenceMatches(t, urlParams.conference)
          )
          return yield* envelope(ctx(request, "teams"), yield* teamRows(store, sport, teams))
        }).pipe(mapStoreErrors))
      .handle("players", ({ request, urlParams }) =>
        playerList(store, ctx(request, "players"), urlParams, NbaLimits.players, (p) =>
          playerIdentity(p)).pipe(
            mapStoreErrors
          ))
      .handle("player", ({ path, request }) =>
        Effect.gen(function*() {
          const player = yield* requirePlayer(store, sport, path.id)
          return yield* envelope(ctx(request, "player"), playerIdentity(player))
        }).pipe(mapStoreErrors))
      .handle("playerStats", ({ path, request, urlParams }) =>
        Effect.gen(function*() {
          const { lines, player } = yield* playerLines(store, sport, path.id, {
            season: urlParams.season,
            limit: withDefault(urlParams.limit, NbaLimits.stats)
          })
          return yield* envelope(ctx(request, "playerStats"), lines.map(nbaStatsRow), { player: playerSummary(player) })
        }).pipe(mapStoreErrors))
      .handle("gameLog", ({ path, request, urlParams }) =>
        Effect.gen(function*() {
          const player = yield* requirePlayer(store, sport, path.id)
          const lines = (limit: number, season?: number) =>
            Effect.map(
              store.findStatLines({ sport, player_id: player.id, season, order: "recent", limit, offset: 0 }),
              (page) =>
                page.rows
            )
          const season = urlParams.season ?? (yield* lines(1))[0]?.season ?? null
          const inOrder = season === null ? [] : (yield* lines(GAME_LOG_MAX, season)).slice().reverse()
          const gameOf = yield* gamesOfLines(store, sport, inOrder)
          const rows = inOrder.map((l) =>
            nbaGameLogRow(l, gameOf(l))
          )
          return yield* envelope(ctx(request, "gameLog"), rows, { player: playerSummary(player), season })
        }).pipe(mapStoreErrors))
      .handle("roster", ({ path, request, urlParams }) =>
        roster(store, ctx(request, "roster"), path.team, urlParams.position, (p) =>
          playerIdentity(p))
          .pipe(mapStoreErrors))
  }))

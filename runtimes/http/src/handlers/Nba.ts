/**
 * Handlers of the nba group (`/v1/nba`) over the SportsStore.
 * @module
 */
import { HttpApiBuilder, HttpApp, type HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Security } from "@sports-data/api"
import { Api } from "@sports-data/api/Api"
import { withDefault } from "@sports-data/api/params/Common"
import { NbaLimits } from "@sports-data/api/params/Nba"
import { type Player, SportsStore, Standings } from "@sports-data/domain"
import { Effect } from "effect"
import { mapStoreErrors } from "../Errors.js"
import {
  allRows,
  envelope,
  gamesById,
  lastIngested,
  lastRefreshed,
  latestResultSeason,
  pageOf,
  requirePlayer,
  requireTeam,
  seasonGames,
  teamMap,
  teamPlayers
} from "./Common.js"
import {
  conferenceMatches,
  gameRow,
  nbaGameLogRow,
  nbaStatsRow,
  playerIdentity,
  playerSummary,
  positionMatches,
  standingRow
} from "./Rows.js"

const sport = "nba" as const
const ctx = (request: HttpServerRequest.HttpServerRequest, operation: string) => ({
  request,
  sport,
  operation: `nba.${operation}`
})

/**
 * Cache-Control of `/v1/nba/games` (specification): 30 seconds while a listed game is in
 * progress, 120 seconds otherwise.
 */
export const nbaGamesMaxAge = (states: ReadonlyArray<string>): number => (states.includes("in_progress") ? 30 : 120)

/** Games in a season hold about 82 lines per player; one page of 200 holds a season with playoffs. */
const GAME_LOG_MAX = 200

/** The nba handlers. Requires SportsStore when built. */
export const NbaLive = HttpApiBuilder.group(Api, "nba", (handlers) =>
  Effect.gen(function*() {
    const store = yield* SportsStore
    return handlers
      .handle("games", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const caller = yield* Security.Caller
          const date = urlParams.date === "today" ? caller.now.toISOString().slice(0, 10) : urlParams.date
          const page = yield* store.findGames({
            sport,
            date,
            state: urlParams.state,
            order: "desc",
            limit: withDefault(urlParams.limit, NbaLimits.games),
            offset: 0
          })
          const teams = yield* teamMap(store, sport)
          const polled = yield* lastRefreshed(store, sport, caller.now)
          const maxAge = nbaGamesMaxAge(page.rows.map((g) => g.state))
          yield* HttpApp.appendPreResponseHandler((_req, res) =>
            Effect.succeed(HttpServerResponse.setHeader(res, "cache-control", `max-age=${maxAge}`))
          )
          return yield* envelope(ctx(request, "games"), page.rows.map((g) => gameRow(g, teams, polled)))
        }).pipe(mapStoreErrors))
      .handle("standings", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const season = urlParams.season ?? (yield* latestResultSeason(store, sport))
          const teams = yield* store.findTeams(sport)
          const games = season === null ? [] : yield* seasonGames(store, sport, season)
          const updated = yield* lastIngested(store, sport)
          const rows = Standings.computeStandings(sport, teams, games)
            .filter((s) => urlParams.conference === undefined || conferenceMatches(s.team, urlParams.conference))
            .map((s) => standingRow(sport, s, updated))
          return yield* envelope(ctx(request, "standings"), rows, { season })
        }).pipe(mapStoreErrors))
      .handle("teams", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const teams = (yield* store.findTeams(sport)).filter((t) =>
            urlParams.conference === undefined || conferenceMatches(t, urlParams.conference)
          )
          const rows = yield* Effect.forEach(teams, (t) =>
            Effect.map(store.findPlayers({ sport, team: t.abbr, limit: 1, offset: 0 }), (page) => ({
              abbreviation: t.abbr,
              full_name: t.name,
              conference: t.conference,
              division: t.division,
              player_count: page.total,
              roster_url: `/v1/nba/teams/${t.abbr}/roster`
            })), { concurrency: 4 })
          return yield* envelope(ctx(request, "teams"), rows)
        }).pipe(mapStoreErrors))
      .handle("players", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const limit = withDefault(urlParams.limit, NbaLimits.players)
          const offset = withDefault(urlParams.offset, 0)
          const query = { sport, search: urlParams.search?.trim(), team: urlParams.team }
          let total: number
          let rows: ReadonlyArray<Player>
          if (urlParams.position === undefined) {
            const page = yield* store.findPlayers({ ...query, limit, offset })
            total = page.total
            rows = page.rows
          } else {
            // Sources write Guard / Forward / Center: match the filter's PG..C in memory.
            const position = urlParams.position
            const all = (yield* allRows((page) => store.findPlayers({ ...query, ...page }))).filter((p) =>
              positionMatches(sport, position, p.position)
            )
            total = all.length
            rows = pageOf(all, limit, offset)
          }
          return yield* envelope(ctx(request, "players"), rows.map((p) => playerIdentity(p)), { total, offset, limit })
        }).pipe(mapStoreErrors))
      .handle("player", ({ path, request }) =>
        Effect.gen(function*() {
          const player = yield* requirePlayer(store, sport, path.id)
          return yield* envelope(ctx(request, "player"), playerIdentity(player))
        }).pipe(mapStoreErrors))
      .handle("playerStats", ({ path, request, urlParams }) =>
        Effect.gen(function*() {
          const player = yield* requirePlayer(store, sport, path.id)
          const page = yield* store.findStatLines({
            sport,
            player_id: player.id,
            season: urlParams.season,
            order: "recent",
            limit: withDefault(urlParams.limit, NbaLimits.stats),
            offset: 0
          })
          return yield* envelope(ctx(request, "playerStats"), page.rows.map(nbaStatsRow), {
            player: playerSummary(player)
          })
        }).pipe(mapStoreErrors))
      .handle("gameLog", ({ path, request, urlParams }) =>
        Effect.gen(function*() {
          const player = yield* requirePlayer(store, sport, path.id)
          const season = urlParams.season ??
            (yield* store.findStatLines({ sport, player_id: player.id, order: "recent", limit: 1, offset: 0 })).rows[0]
              ?.season ??
            null
          const lines = season === null
            ? []
            : (yield* store.findStatLines({
              sport,
              player_id: player.id,
              season,
              order: "recent",
              limit: GAME_LOG_MAX,
              offset: 0
            })).rows.slice().reverse()
          const games = yield* gamesById(store, sport, lines.flatMap((l) => (l.game_id === null ? [] : [l.game_id])))
          const rows = lines.map((l) => nbaGameLogRow(l, l.game_id === null ? undefined : games.get(l.game_id)))
          return yield* envelope(ctx(request, "gameLog"), rows, { player: playerSummary(player), season })
        }).pipe(mapStoreErrors))
      .handle("roster", ({ path, request, urlParams }) =>
        Effect.gen(function*() {
          const team = yield* requireTeam(store, sport, path.team)
          const position = urlParams.position
          const players = (yield* teamPlayers(store, sport, team)).filter((p) =>
            position === undefined || positionMatches(sport, position, p.position)
          )
          return yield* envelope(ctx(request, "roster"), players.map((p) => playerIdentity(p)))
        }).pipe(mapStoreErrors))
  }))

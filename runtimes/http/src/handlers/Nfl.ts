/**
 * Handlers of the nfl group (`/v1/nfl`) over the SportsStore.
 * @module
 */
import { HttpApiBuilder } from "@effect/platform"
import { Security } from "@sports-data/api"
import { Api } from "@sports-data/api/Api"
import { withDefault } from "@sports-data/api/params/Common"
import { NflLimits } from "@sports-data/api/params/Nfl"
import { SportsStore, Standings } from "@sports-data/domain"
import { Effect } from "effect"
import { mapStoreErrors } from "../Errors.js"
import {
  envelope,
  lastIngested,
  lastRefreshed,
  latestResultSeason,
  requirePlayer,
  requireTeam,
  seasonGames,
  teamMap,
  teamPlayers
} from "./Common.js"
import { divisionMatches, nflGameRow, nflStatsRow, playerIdentity, playerSummary, standingRow } from "./Rows.js"

const sport = "nfl" as const
const ctx = (request: Parameters<typeof envelope>[0]["request"], operation: string) => ({
  request,
  sport,
  operation: `nfl.${operation}`
})

/** The nfl handlers. Requires SportsStore when built. */
export const NflLive = HttpApiBuilder.group(Api, "nfl", (handlers) =>
  Effect.gen(function*() {
    const store = yield* SportsStore
    return handlers
      .handle("teams", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const teams = (yield* store.findTeams(sport)).filter((t) =>
            (urlParams.conference === undefined || t.conference?.toUpperCase() === urlParams.conference) &&
            (urlParams.division === undefined || divisionMatches(t, urlParams.division))
          )
          const rows = yield* Effect.forEach(teams, (t) =>
            Effect.map(store.findPlayers({ sport, team: t.abbr, limit: 1, offset: 0 }), (page) => ({
              abbreviation: t.abbr,
              full_name: t.name,
              conference: t.conference,
              division: t.division,
              player_count: page.total,
              roster_url: `/v1/nfl/teams/${t.abbr}/roster`
            })), { concurrency: 4 })
          return yield* envelope(ctx(request, "teams"), rows)
        }).pipe(mapStoreErrors))
      .handle("roster", ({ path, request, urlParams }) =>
        Effect.gen(function*() {
          const team = yield* requireTeam(store, sport, path.team)
          const players = (yield* teamPlayers(store, sport, team)).filter((p) =>
            urlParams.position === undefined || p.position?.toUpperCase() === urlParams.position.toUpperCase()
          )
          return yield* envelope(ctx(request, "roster"), players.map((p) => playerIdentity(p)))
        }).pipe(mapStoreErrors))
      .handle("players", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const limit = withDefault(urlParams.limit, NflLimits.players)
          const offset = withDefault(urlParams.offset, 0)
          const page = yield* store.findPlayers({
            sport,
            search: urlParams.search?.trim(),
            position: urlParams.position,
            team: urlParams.team,
            limit,
            offset
          })
          return yield* envelope(ctx(request, "players"), page.rows.map((p) => playerIdentity(p)), {
            total: page.total,
            offset,
            limit
          })
        }).pipe(mapStoreErrors))
      .handle("player", ({ path, request }) =>
        Effect.gen(function*() {
          const player = yield* requirePlayer(store, sport, path.id)
          const teams = yield* teamMap(store, sport)
          const team = player.team === null ? undefined : teams.get(player.team)
          return yield* envelope(ctx(request, "player"), playerIdentity(player, team))
        }).pipe(mapStoreErrors))
      .handle("playerStats", ({ path, request, urlParams }) =>
        Effect.gen(function*() {
          const player = yield* requirePlayer(store, sport, path.id)
          const page = yield* store.findStatLines({
            sport,
            player_id: player.id,
            season: urlParams.season,
            week: urlParams.week,
            order: "recent",
            limit: withDefault(urlParams.limit, NflLimits.stats),
            offset: 0
          })
          return yield* envelope(ctx(request, "playerStats"), page.rows.map(nflStatsRow), {
            player: playerSummary(player)
          })
        }).pipe(mapStoreErrors))
      .handle("games", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const caller = yield* Security.Caller
          const page = yield* store.findGames({
            sport,
            season: urlParams.season,
            week: urlParams.week,
            state: urlParams.status,
            order: "desc",
            limit: withDefault(urlParams.limit, NflLimits.games),
            offset: 0
          })
          const teams = yield* teamMap(store, sport)
          const polled = yield* lastRefreshed(store, sport, caller.now)
          return yield* envelope(ctx(request, "games"), page.rows.map((g) => nflGameRow(g, teams, polled)))
        }).pipe(mapStoreErrors))
      .handle("standings", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const season = urlParams.season ?? (yield* latestResultSeason(store, sport))
          const teams = yield* store.findTeams(sport)
          const games = season === null ? [] : yield* seasonGames(store, sport, season)
          const updated = yield* lastIngested(store, sport)
          const rows = Standings.computeStandings(sport, teams, games)
            .filter((s) =>
              (urlParams.conference === undefined || s.team.conference?.toUpperCase() === urlParams.conference) &&
              (urlParams.division === undefined || divisionMatches(s.team, urlParams.division))
            )
            .map((s) => standingRow(sport, s, updated))
          return yield* envelope(ctx(request, "standings"), rows, { season })
        }).pipe(mapStoreErrors))
  }))

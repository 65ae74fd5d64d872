/**
 * Handlers of the nfl group (`/v1/nfl`) over the SportsStore.
 * @module
 */
import { HttpApiBuilder } from "@effect/platform"
import { Api } from "@sports-data/api/Api"
import { withDefault } from "@sports-data/api/params/Common"
import { NflLimits } from "@sports-data/api/params/Nfl"
import type { Team } from "@sports-data/domain"
import { Effect } from "effect"
import { mapStoreErrors } from "../Errors.js"
import { envelope, requirePlayer, sportContext, teamMap } from "./Common.js"
import { LegacyStore } from "./LegacyStore.js"
import { divisionMatches, nflGameRow, nflStatsRow, playerIdentity, playerSummary } from "./Rows.js"
import { gameList, playerLines, playerList, roster, standings, teamRows } from "./Sport.js"

const sport = "nfl" as const
const ctx = sportContext(sport)

/**
 * The team filter of `/teams` and `/standings`: `conference` as decoded (AFC or NFC) against the
 * stored conference in upper case, `division` by {@link divisionMatches}; an absent filter keeps all.
 */
const teamFilter =
  (params: { readonly conference?: string | undefined; readonly division?: string | undefined }) =>
  (t: Team): boolean =>
    (params.conference === undefined || t.conference?.toUpperCase() === params.conference) &&
    (params.division === undefined || divisionMatches(t, params.division))

/** The nfl handlers. Requires the readers of LegacyStore when built. */
export const NflLive = HttpApiBuilder.group(Api, "nfl", (handlers) =>
  Effect.gen(function*() {
    const store = yield* LegacyStore
    return handlers
      .handle("teams", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const teams = (yield* store.findTeams(sport)).filter(teamFilter(urlParams))
          return yield* envelope(ctx(request, "teams"), yield* teamRows(store, sport, teams))
        }).pipe(mapStoreErrors))
      .handle("roster", ({ path, request, urlParams }) =>
        roster(store, ctx(request, "roster"), path.team, urlParams.position, (p) =>
          playerIdentity(p)).pipe(
            mapStoreErrors
          ))
      .handle("players", ({ request, urlParams }) =>
        playerList(store, ctx(request, "players"), urlParams, NflLimits.players, (p) =>
          playerIdentity(p)).pipe(
            mapStoreErrors
          ))
      .handle("player", ({ path, request }) =>
        Effect.gen(function*() {
          const player = yield* requirePlayer(store, sport, path.id)
          const team = player.team === null ? undefined : (yield* teamMap(store, sport)).get(player.team)
          return yield* envelope(ctx(request, "player"), playerIdentity(player, team))
        }).pipe(mapStoreErrors))
      .handle("playerStats", ({ path, request, urlParams }) =>
        Effect.gen(function*() {
          const { lines, player } = yield* playerLines(store, sport, path.id, {
            season: urlParams.season,
            week: urlParams.week,
            limit: withDefault(urlParams.limit, NflLimits.stats)
          })
          return yield* envelope(ctx(request, "playerStats"), lines.map(nflStatsRow), { player: playerSummary(player) })
        }).pipe(mapStoreErrors))
      .handle("games", ({ request, urlParams }) =>
        gameList(store, ctx(request, "games"), {
          season: urlParams.season,
          week: urlParams.week,
          state: urlParams.status,
          limit: withDefault(urlParams.limit, NflLimits.games)
        }, nflGameRow).pipe(mapStoreErrors))
      .handle("standings", ({ request, urlParams }) =>
        standings(store, ctx(request, "standings"), urlParams.season, teamFilter(urlParams)).pipe(mapStoreErrors))
  }))

/**
 * Handlers of the soccer group (`/v1/soccer`) over the application services. No source has soccer
 * players: the player endpoints answer from the store like any sport (so they are empty, with
 * `meta.coverage`, and a player id answers 404).
 * @module
 */
import { HttpApiBuilder } from "@effect/platform"
import { Api, Params } from "@sports-data/api"
import { Players, Rows } from "@sports-data/app"
import { Effect } from "effect"
import { mapDomainErrors } from "../Errors.js"
import { envelope, gameDate, sportContext } from "./Common.js"
import { gameList, playerDetail, playerList, roster, standings, teamList } from "./Sport.js"

const ctx = sportContext("soccer")

/** The league `/v1/soccer/standings` computes when none is asked for. */
export const DEFAULT_LEAGUE = "epl"

/** The soccer handlers. Requires the application services. */
export const SoccerLive = HttpApiBuilder.group(Api, "soccer", (handlers) =>
  handlers
    .handle("games", ({ request, urlParams }) =>
      Effect.gen(function*() {
        return yield* gameList(ctx(request, "games"), {
          league: urlParams.league,
          date: yield* gameDate(urlParams.date),
          state: urlParams.state,
          season: urlParams.season,
          limit: Params.withDefault(urlParams.limit, Params.SoccerLimits.games),
          cursor: urlParams.cursor
        }, Rows.gameRow)
      }).pipe(mapDomainErrors))
    .handle("standings", ({ request, urlParams }) =>
      standings(ctx(request, "standings"), {
        league: urlParams.league ?? DEFAULT_LEAGUE,
        season: urlParams.season,
        limit: urlParams.limit,
        offset: urlParams.offset
      }).pipe(mapDomainErrors))
    .handle("teams", ({ request, urlParams }) =>
      teamList(ctx(request, "teams"), { league: urlParams.league }, urlParams).pipe(mapDomainErrors))
    .handle("roster", ({ path, request, urlParams }) =>
      roster(ctx(request, "roster"), path.team, urlParams.position, (p) =>
        Rows.playerIdentity(p)).pipe(
          mapDomainErrors
        ))
    .handle("players", ({ request, urlParams }) =>
      playerList(ctx(request, "players"), urlParams, Params.SoccerLimits.players, (p) =>
        Rows.playerIdentity(p)).pipe(
          mapDomainErrors
        ))
    .handle("player", ({ path, request }) =>
      playerDetail(ctx(request, "player"), path.id, (p) =>
        Rows.playerIdentity(p)).pipe(mapDomainErrors))
    .handle("gameLog", ({ path, request }) =>
      Effect.gen(function*() {
        const { lines, player, season } = yield* (yield* Players).gameLog("soccer", path.id)
        return yield* envelope(
          ctx(request, "gameLog"),
          lines.map((l) =>
            Rows.gameLogRow(l, undefined)
          ),
          {
            player: Rows.playerSummary(player),
            season
          }
        )
      }).pipe(mapDomainErrors)))

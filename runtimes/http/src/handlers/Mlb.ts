/**
 * Handlers of the mlb group (`/v1/mlb`) over the application services.
 * @module
 */
import { HttpApiBuilder } from "@effect/platform"
import { Api, Params } from "@sports-data/api"
import { Leaders, Players, Rows, Teams } from "@sports-data/app"
import { Paging } from "@sports-data/domain"
import { Effect } from "effect"
import { mapDomainErrors } from "../Errors.js"
import { envelope, sportContext } from "./Common.js"
import { gameList, leaguePage, playerDetail, playerList, playerStats, roster, standings, teamFilter } from "./Sport.js"

const ctx = sportContext("mlb")

/** The mlb handlers. Requires the application services. */
export const MlbLive = HttpApiBuilder.group(Api, "mlb", (handlers) =>
  handlers
    .handle("players", ({ request, urlParams }) =>
      playerList(ctx(request, "players"), urlParams, Params.MlbLimits.players, Rows.mlbPlayer).pipe(mapDomainErrors))
    .handle("player", ({ path, request }) =>
      playerDetail(ctx(request, "player"), path.id, (p) =>
        Rows.mlbPlayer(p)).pipe(mapDomainErrors))
    .handle("playerStats", ({ path, request, urlParams }) =>
      playerStats(ctx(request, "playerStats"), "mlb", path.id, {
        date: urlParams.date,
        limit: Params.withDefault(urlParams.limit, Params.MlbLimits.stats),
        cursor: urlParams.cursor
      }).pipe(mapDomainErrors))
    .handle("teams", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const { limit, offset } = leaguePage(urlParams)
        const teams = Paging.offsetPage(yield* (yield* Teams).list("mlb"), { limit, offset })
        const rosters = yield* (yield* Players).rostersOf("mlb", teams.rows)
        return yield* envelope(
          ctx(request, "teams"),
          rosters.map(([t, players]) =>
            Rows.mlbTeamRow(t, players)
          ),
          { total: teams.total, offset, limit }
        )
      }).pipe(mapDomainErrors))
    .handle("roster", ({ path, request, urlParams }) =>
      roster(ctx(request, "roster"), path.team, urlParams.position, Rows.mlbPlayer).pipe(mapDomainErrors))
    .handle("games", ({ request, urlParams }) =>
      gameList(ctx(request, "games"), {
        date: urlParams.date,
        state: urlParams.state,
        limit: Params.withDefault(urlParams.limit, Params.MlbLimits.games),
        cursor: urlParams.cursor
      }, Rows.mlbGameRow).pipe(mapDomainErrors))
    .handle("standings", ({ request, urlParams }) =>
      standings(ctx(request, "standings"), {
        season: urlParams.season,
        keep: teamFilter(urlParams),
        limit: urlParams.limit,
        offset: urlParams.offset
      }).pipe(mapDomainErrors))
    .handle("scoringLeaders", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const { date, rows } = yield* (yield* Leaders).mlbLeaders({
          date: urlParams.date,
          team: urlParams.team,
          position: urlParams.position,
          limit: Params.withDefault(urlParams.limit, Params.MlbLimits.leaders)
        })
        return yield* envelope(ctx(request, "scoringLeaders"), rows, {
          stat_date: date === null ? null : Rows.dateTime(date)
        })
      }).pipe(mapDomainErrors))
    .handle("scoringCategories", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const data = yield* (yield* Leaders).mlbCategories(urlParams.date, Params.MLB_CATEGORY_ROWS)
        return yield* envelope(ctx(request, "scoringCategories"), data)
      }).pipe(mapDomainErrors)))

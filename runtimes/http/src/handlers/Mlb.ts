/**
 * Handlers of the mlb group (`/v1/mlb`) over the application services: the shared team-sport
 * handlers (TeamSport.ts) with mlb's limits and rows (MLBPlayer), its own teams list (with
 * rosters) and the scoring leaders and categories.
 * @module
 */
import { Api, Params } from "@sports-data/api"
import { Leaders, Players, Rows, Teams } from "@sports-data/app"
import { Paging } from "@sports-data/domain"
import { Effect } from "effect"
import { envelope, sportContext } from "./Common.js"
import { group } from "./Group.js"
import { leaguePage } from "./Sport.js"
import { handleTeamSport, statsSportHandlers, teamSports } from "./TeamSport.js"

const ctx = sportContext("mlb")

/** The mlb handlers shared with the other team sports. */
const mlb = statsSportHandlers(teamSports.mlb)

const { teams: _teams, ...shared } = mlb

/** The mlb handlers. Requires the application services. */
export const MlbLive = group(Api, "mlb", (handlers) =>
  handleTeamSport(handlers, shared)
    .handle("teams", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const { limit, offset } = leaguePage(urlParams)
        const teams = Paging.offsetPage(yield* (yield* Teams).list("mlb"), { limit, offset })
        const rosters = yield* (yield* Players).rosters("mlb", teams.rows)
        return yield* envelope(
          ctx(request, "teams"),
          rosters.map(([t, roster]) => Rows.mlbTeamRow(t, roster)),
          { total: teams.total, offset, limit }
        )
      }))
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
      }))
    .handle("scoringCategories", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const data = yield* (yield* Leaders).mlbCategories(urlParams.date, Params.MLB_CATEGORY_ROWS)
        return yield* envelope(ctx(request, "scoringCategories"), data)
      })))

/**
 * NBA data endpoints (specification, "Endpoints / NBA"), under `/v1/nba`.
 *
 * Served: games, standings, teams, players, player detail, player stats, game log, roster.
 * `/v1/nba/confidence` is in the models group (groups/Models.ts). Depth-chart changes (no nba
 * depth chart source: empty data with meta.coverage) are in groups/Unavailable.ts.
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources } from "@sports-data/domain"
import { ResourceNotFoundError } from "../Errors.js"
import { ListLimits, PlayerIdPath } from "../params/Common.js"
import {
  NbaGameLogParams,
  NbaGamesParams,
  NbaPlayersParams,
  NbaPlayerStatsParams,
  NbaRosterParams,
  NbaStandingsParams,
  NbaTeamsParams
} from "../params/Nba.js"
import { requiredTier } from "../Security.js"
import {
  GameLogEnvelope,
  gamesEndpoint,
  playerEndpoint,
  playersEndpoint,
  playerStatsEndpoint,
  rosterEndpoint,
  standingsEndpoint,
  teamsEndpoint,
  withLeaguePage,
  withListPage
} from "./Shared.js"

/** The `nba` group: the endpoints of the module description, under `/v1/nba`. */
export class NbaGroup extends HttpApiGroup.make("nba")
  .add(
    gamesEndpoint(NbaGamesParams, Resources.Game, "NBA games by date (or today) and state, most recent first")
      .annotate(OpenApi.Description, "Cache-Control: max-age=30 while a listed game is in progress, 120 otherwise.")
  )
  .add(standingsEndpoint(withLeaguePage(NbaStandingsParams), "NBA standings computed from game results, by conference"))
  .add(teamsEndpoint(withLeaguePage(NbaTeamsParams), "NBA teams with player_count and roster_url"))
  .add(
    playersEndpoint(
      NbaPlayersParams,
      Resources.PlayerIdentity,
      "NBA players: search by name, filter by position and team, paginated"
    )
  )
  .add(playerEndpoint(Resources.PlayerIdentity, "One NBA player"))
  .add(
    playerStatsEndpoint(
      NbaPlayerStatsParams,
      Resources.NbaStatsRow,
      "Per-game lines of an NBA player, most recent first"
    )
  )
  .add(
    HttpApiEndpoint.get("gameLog", "/players/:id/game-log")
      .setPath(PlayerIdPath)
      .setUrlParams(withListPage(NbaGameLogParams, ListLimits.gameLog))
      .addSuccess(GameLogEnvelope)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Full game log of an NBA player for one season, in date order")
      .pipe(requiredTier("build"))
  )
  .add(
    rosterEndpoint(
      withListPage(NbaRosterParams, ListLimits.roster),
      Resources.PlayerIdentity,
      "Players of an NBA team, by position; 404 for an unknown team"
    )
  )
  .prefix("/v1/nba")
  .annotate(OpenApi.Title, "NBA")
{}

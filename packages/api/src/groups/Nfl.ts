/**
 * NFL data endpoints (specification, "Endpoints / NFL"), under `/v1/nfl`.
 *
 * Served here: teams, roster, players, player detail, player stats, games, standings. Stacks and
 * custom rankings are in groups/NflExtras.ts, depth-chart changes in groups/Intelligence.ts, and
 * players/rankings and players/{id}/camp-intel (no source: empty data with meta.coverage) in
 * groups/Unavailable.ts.
 * @module
 */
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources } from "@sports-data/domain"
import { ListLimits } from "../params/Common.js"
import {
  NflGamesParams,
  NflPlayersParams,
  NflPlayerStatsParams,
  NflStandingsParams,
  NflTeamsParams,
  RosterParams
} from "../params/Nfl.js"
import {
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

/** The `nfl` group: the endpoints of the module description, under `/v1/nfl`. */
export class NflGroup extends HttpApiGroup.make("nfl")
  .add(teamsEndpoint(withLeaguePage(NflTeamsParams), "NFL teams, filtered by conference and division"))
  .add(
    rosterEndpoint(
      withListPage(RosterParams, ListLimits.roster),
      Resources.PlayerIdentity,
      "Players of an NFL team, by position; 404 for an unknown team"
    )
  )
  .add(
    playersEndpoint(
      NflPlayersParams,
      Resources.PlayerIdentity,
      "NFL players: search by name, filter by position and team, paginated"
    )
  )
  .add(playerEndpoint(Resources.PlayerIdentity, "One NFL player with team_name, conference and division"))
  .add(
    playerStatsEndpoint(
      NflPlayerStatsParams,
      Resources.NflStatsRow,
      "Per-game stat lines of an NFL player, most recent first"
    )
  )
  .add(gamesEndpoint(NflGamesParams, Resources.NflGame, "NFL games by season, week and status, most recent first"))
  .add(
    standingsEndpoint(
      withLeaguePage(NflStandingsParams),
      "NFL standings computed from game results, by conference and division"
    )
      .annotate(
        OpenApi.Description,
        "Win/loss/tie records grouped by conference and division; rank is the division place after the NFL's " +
          "division tiebreakers (see the tiebreaker field)."
      )
  )
  .prefix("/v1/nfl")
  .annotate(OpenApi.Title, "NFL")
{}

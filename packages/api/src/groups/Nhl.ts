/**
 * NHL data endpoints (specification, "Endpoints / NHL, CFB, soccer ..."), under `/v1/nhl`: games,
 * standings, teams, roster, players, player detail, player stats, and depth-chart changes (no
 * source has NHL depth charts: it answers empty data with `meta.coverage`).
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ListLimits } from "../params/Common.js"
import {
  NhlDepthChartChangesParams,
  NhlGamesParams,
  NhlPlayersParams,
  NhlPlayerStatsParams,
  NhlRosterParams,
  NhlStandingsParams,
  NhlTeamsParams
} from "../params/Nhl.js"
import { requiredTier } from "../Security.js"
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

/** The `nhl` group, under `/v1/nhl`. */
export class NhlGroup extends HttpApiGroup.make("nhl")
  .add(gamesEndpoint(NhlGamesParams, Resources.Game, "NHL games by date (or today) and state, most recent first"))
  .add(
    standingsEndpoint(
      withLeaguePage(NhlStandingsParams),
      "NHL standings by division: 2 points a win, 1 an overtime or shootout loss, NHL tiebreakers"
    )
  )
  .add(teamsEndpoint(withLeaguePage(NhlTeamsParams), "NHL teams with player_count and roster_url"))
  .add(
    rosterEndpoint(
      withListPage(NhlRosterParams, ListLimits.roster),
      Resources.PlayerIdentity,
      "Players of an NHL team, by position"
    )
  )
  .add(playersEndpoint(NhlPlayersParams, Resources.PlayerIdentity, "NHL players: search, position, team, paginated"))
  .add(playerEndpoint(Resources.PlayerIdentity, "One NHL player"))
  .add(playerStatsEndpoint(NhlPlayerStatsParams, Resources.NhlStatsRow, "Per-game lines of an NHL player (2025-26)"))
  .add(
    HttpApiEndpoint.get("depthChartChanges", "/depth-chart/changes")
      .setUrlParams(NhlDepthChartChangesParams)
      .addSuccess(Resources.Envelope(Schema.Array(Resources.DepthChartChange)))
      .annotate(OpenApi.Summary, "NHL depth-chart changes (no source: empty data with meta.coverage)")
      .pipe(requiredTier("growth"))
  )
  .prefix("/v1/nhl")
  .annotate(OpenApi.Title, "NHL")
{}

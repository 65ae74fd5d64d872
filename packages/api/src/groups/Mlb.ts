/**
 * MLB data endpoints (specification, "Endpoints / MLB"), under `/v1/mlb`.
 *
 * Served: players, player detail, player stats, teams, roster, games, standings, scoring leaders
 * and categories. Per-batter game lines exist in no ingested source, so batting fields are null
 * and the batting categories are empty; pitching lines (2024) drive leaders and categories.
 * players/{id}/splits (pitch-type mix), depth-chart/changes and transactions have no source: they are
 * in groups/Unavailable.ts (empty data with meta.coverage).
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { leagueListFields, ListLimits } from "../params/Common.js"
import {
  MlbCategoriesParams,
  MlbGamesParams,
  MlbLeadersParams,
  MlbPlayersParams,
  MlbPlayerStatsParams,
  MlbRosterParams,
  MlbStandingsParams
} from "../params/Mlb.js"
import { requiredTier } from "../Security.js"
import {
  everyTier,
  gamesEndpoint,
  playerEndpoint,
  playersEndpoint,
  playerStatsEndpoint,
  rosterEndpoint,
  standingsEndpoint,
  withLeaguePage,
  withListPage
} from "./Shared.js"

/** Scoring leaders: the envelope plus `stat_date`, the date ranked (null when no lines are held). */
export const LeadersEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(Resources.MLBPlayerStats)).fields,
  stat_date: Schema.NullOr(Resources.DateTimeString)
}).annotations({ identifier: "MLBLeadersResponse" })

/** The `mlb` group: the endpoints of the module description, under `/v1/mlb`. */
export class MlbGroup extends HttpApiGroup.make("mlb")
  .add(
    playersEndpoint(
      MlbPlayersParams,
      Resources.MLBPlayer,
      "MLB players: filter by position, team, status and name, paginated"
    )
  )
  .add(playerEndpoint(Resources.MLBPlayer, "One MLB player (id svc_mlb_<id>)"))
  .add(
    playerStatsEndpoint(
      MlbPlayerStatsParams,
      Resources.MLBPlayerStats,
      "Per-game lines of an MLB player, most recent first"
    )
  )
  .add(
    HttpApiEndpoint.get("teams", "/teams")
      .setUrlParams(Schema.Struct(leagueListFields))
      .addSuccess(Resources.PagedEnvelope(Schema.Array(Resources.MLBTeamRow)))
      .annotate(OpenApi.Summary, "The MLB teams with roster sizes and positions")
      .pipe(everyTier)
  )
  .add(
    rosterEndpoint(
      withListPage(MlbRosterParams, ListLimits.roster),
      Resources.MLBPlayer,
      "Players of an MLB team, by position; 404 for an unknown team"
    )
  )
  .add(gamesEndpoint(MlbGamesParams, Resources.MLBGame, "MLB games by date and state, most recent first"))
  .add(
    standingsEndpoint(
      withLeaguePage(MlbStandingsParams),
      "MLB standings computed from game results, by league and division"
    )
  )
  .add(
    HttpApiEndpoint.get("scoringLeaders", "/scoring/leaders")
      .setUrlParams(MlbLeadersParams)
      .addSuccess(LeadersEnvelope)
      .annotate(OpenApi.Summary, "Fantasy points leaders of one date (default the most recent)")
      .pipe(requiredTier("pro_insights"))
  )
  .add(
    HttpApiEndpoint.get("scoringCategories", "/scoring/categories")
      .setUrlParams(MlbCategoriesParams)
      .addSuccess(Resources.Envelope(Resources.MLBScoringCategories))
      .annotate(OpenApi.Summary, "Top 10 of each scoring category on one date (default the most recent)")
      .pipe(requiredTier("pro_insights"))
  )
  .prefix("/v1/mlb")
  .annotate(OpenApi.Title, "MLB")
{}

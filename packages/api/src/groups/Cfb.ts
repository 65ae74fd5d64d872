/**
 * College football data endpoints (specification, "Endpoints / NHL, CFB, soccer ..."), under
 * `/v1/cfb`: games, standings, rankings (growth), teams, roster, players, player detail, game log
 * (build). Teams are keyed by their CFBD id.
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import {
  CfbGameLogParams,
  CfbGamesParams,
  CfbPlayersParams,
  CfbRankingsParams,
  CfbRosterParams,
  CfbStandingsParams
} from "../params/Cfb.js"
import { leagueListFields, ListLimits, TeamKeyPath } from "../params/Common.js"
import { requiredTier } from "../Security.js"
import {
  gameLogEndpoint,
  gamesEndpoint,
  playerEndpoint,
  playersEndpoint,
  rosterEndpoint,
  standingsEndpoint,
  teamsEndpoint,
  withLeaguePage,
  withListPage,
  withPaging
} from "./Shared.js"

/**
 * Rankings: the envelope plus the season, poll and week listed (null when none is held) and the
 * paging fields (`total`, `offset`, `limit`: Params.ListLimits.poll).
 */
export const RankingsEnvelope = Schema.Struct({
  ...withPaging(Resources.Envelope(Schema.Array(Resources.CFBRanking))).fields,
  season: Schema.NullOr(Schema.Int),
  poll: Schema.String,
  week: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "CFBRankingsResponse" })

/** The `cfb` group, under `/v1/cfb`. */
export class CfbGroup extends HttpApiGroup.make("cfb")
  .add(gamesEndpoint(CfbGamesParams, Resources.Game, "College football games by date, season, week and state"))
  .add(
    standingsEndpoint(
      withLeaguePage(CfbStandingsParams),
      "College football standings by conference: overall and conference records"
    )
  )
  .add(
    HttpApiEndpoint.get("rankings", "/rankings")
      .setUrlParams(withListPage(CfbRankingsParams, ListLimits.poll))
      .addSuccess(RankingsEnvelope)
      .annotate(OpenApi.Summary, "AP, Coaches and CFP polls by season and week (2022-2024)")
      .pipe(requiredTier("growth"))
  )
  .add(teamsEndpoint(Schema.Struct(leagueListFields), "College football teams with player_count and roster_url"))
  .add(
    rosterEndpoint(
      withListPage(CfbRosterParams, ListLimits.roster),
      Resources.PlayerIdentity,
      "Players of a college team (2025 box scores)",
      TeamKeyPath
    )
  )
  .add(
    playersEndpoint(CfbPlayersParams, Resources.PlayerIdentity, "College football players (2025 box scores), paginated")
  )
  .add(playerEndpoint(Resources.PlayerIdentity, "One college football player"))
  .add(
    gameLogEndpoint(
      withListPage(CfbGameLogParams, ListLimits.gameLog),
      Resources.GameLogRow,
      "CfbGameLogResponse",
      "Game log of a college player for one season"
    )
  )
  .prefix("/v1/cfb")
  .annotate(OpenApi.Title, "College football")
{}

/**
 * Soccer data endpoints (specification, "Endpoints / NHL, CFB, soccer ..."), under `/v1/soccer`:
 * games, standings and teams by league (epl, la_liga, bundesliga, serie_a, champions_league, mls).
 * No source has soccer players: players, player detail, roster and game log answer empty data
 * with `meta.coverage` (or 404 for a player id, as no player exists).
 * @module
 */
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ListLimits, TeamKeyPath } from "../params/Common.js"
import {
  SoccerGamesParams,
  SoccerPlayersParams,
  SoccerRosterParams,
  SoccerStandingsParams,
  SoccerTeamsParams
} from "../params/Soccer.js"
import {
  gameLogEndpoint,
  gamesEndpoint,
  playerEndpoint,
  playersEndpoint,
  rosterEndpoint,
  standingsEndpoint,
  teamsEndpoint,
  withLeaguePage,
  withListPage
} from "./Shared.js"

/** The `soccer` group, under `/v1/soccer`. */
export class SoccerGroup extends HttpApiGroup.make("soccer")
  .add(gamesEndpoint(SoccerGamesParams, Resources.Game, "Soccer matches by league, date, season and state"))
  .add(
    standingsEndpoint(
      withLeaguePage(SoccerStandingsParams),
      "League table: 3 points a win, 1 a draw, official deductions applied, each league's tiebreakers"
    )
  )
  .add(teamsEndpoint(withLeaguePage(SoccerTeamsParams), "Soccer teams of a league"))
  .add(
    rosterEndpoint(
      withListPage(SoccerRosterParams, ListLimits.roster),
      Resources.PlayerIdentity,
      "Players of a team (no source)",
      TeamKeyPath
    )
  )
  .add(playersEndpoint(SoccerPlayersParams, Resources.PlayerIdentity, "Soccer players (no source: empty)"))
  .add(playerEndpoint(Resources.PlayerIdentity, "One soccer player (no source)"))
  .add(
    gameLogEndpoint(
      withListPage(Schema.Struct({}), ListLimits.gameLog),
      Resources.GameLogRow,
      "SoccerGameLogResponse",
      "Game log of a soccer player (no source: empty)"
    )
  )
  .prefix("/v1/soccer")
  .annotate(OpenApi.Title, "Soccer")
{}

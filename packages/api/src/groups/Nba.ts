/**
 * NBA data endpoints (specification, "Endpoints / NBA"), under `/v1/nba`.
 *
 * Served: games, standings, teams, players, player detail, player stats, game log, roster.
 * Not served: confidence (needs a validated model), depth-chart/changes (no nba depth chart source).
 * @module
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import { PlayerIdPath, TeamPath } from "../params/Common.js"
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
import { everyTier, GameLogEnvelope, StandingsEnvelope, StatsEnvelope } from "./Shared.js"

export class NbaGroup extends HttpApiGroup.make("nba")
  .add(
    HttpApiEndpoint.get("games", "/games")
      .setUrlParams(NbaGamesParams)
      .addSuccess(Resources.Envelope(Schema.Array(Resources.Game)))
      .annotate(OpenApi.Summary, "NBA games by date (or today) and state, most recent first")
      .annotate(
        OpenApi.Description,
        "Cache-Control: max-age=30 while a listed game is in progress, 120 otherwise."
      )
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("standings", "/standings")
      .setUrlParams(NbaStandingsParams)
      .addSuccess(StandingsEnvelope)
      .annotate(OpenApi.Summary, "NBA standings computed from game results, by conference")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("teams", "/teams")
      .setUrlParams(NbaTeamsParams)
      .addSuccess(Resources.Envelope(Schema.Array(Resources.TeamRow)))
      .annotate(OpenApi.Summary, "NBA teams with player_count and roster_url")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("players", "/players")
      .setUrlParams(NbaPlayersParams)
      .addSuccess(Resources.PagedEnvelope(Schema.Array(Resources.PlayerIdentity)))
      .annotate(OpenApi.Summary, "NBA players: search by name, filter by position and team, paginated")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("player", "/players/:id")
      .setPath(PlayerIdPath)
      .addSuccess(Resources.Envelope(Resources.PlayerIdentity))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "One NBA player")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("playerStats", "/players/:id/stats")
      .setPath(PlayerIdPath)
      .setUrlParams(NbaPlayerStatsParams)
      .addSuccess(StatsEnvelope(Schema.Array(Resources.NbaStatsRow)))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Per-game lines of an NBA player, most recent first")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("gameLog", "/players/:id/game-log")
      .setPath(PlayerIdPath)
      .setUrlParams(NbaGameLogParams)
      .addSuccess(GameLogEnvelope)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Full game log of an NBA player for one season, in date order")
      .pipe(requiredTier("build"))
  )
  .add(
    HttpApiEndpoint.get("roster", "/teams/:team/roster")
      .setPath(TeamPath)
      .setUrlParams(NbaRosterParams)
      .addSuccess(Resources.Envelope(Schema.Array(Resources.PlayerIdentity)))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Players of an NBA team, by position; 404 for an unknown team")
      .pipe(everyTier)
  )
  .prefix("/v1/nba")
  .annotate(OpenApi.Title, "NBA")
{}

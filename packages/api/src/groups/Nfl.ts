/**
 * NFL data endpoints (specification, "Endpoints / NFL"), under `/v1/nfl`.
 *
 * Served: teams, roster, players, player detail, player stats, games, standings. Not served (no
 * ingested source answers them): players/rankings, players/{id}/camp-intel, rankings/custom,
 * depth-chart/changes, stacks.
 * @module
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import { PlayerIdPath, TeamPath } from "../params/Common.js"
import {
  NflGamesParams,
  NflPlayersParams,
  NflPlayerStatsParams,
  NflStandingsParams,
  NflTeamsParams,
  RosterParams
} from "../params/Nfl.js"
import { everyTier, StandingsEnvelope, StatsEnvelope } from "./Shared.js"

export class NflGroup extends HttpApiGroup.make("nfl")
  .add(
    HttpApiEndpoint.get("teams", "/teams")
      .setUrlParams(NflTeamsParams)
      .addSuccess(Resources.Envelope(Schema.Array(Resources.TeamRow)))
      .annotate(OpenApi.Summary, "NFL teams, filtered by conference and division")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("roster", "/teams/:team/roster")
      .setPath(TeamPath)
      .setUrlParams(RosterParams)
      .addSuccess(Resources.Envelope(Schema.Array(Resources.PlayerIdentity)))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Players of an NFL team, by position; 404 for an unknown team")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("players", "/players")
      .setUrlParams(NflPlayersParams)
      .addSuccess(Resources.PagedEnvelope(Schema.Array(Resources.PlayerIdentity)))
      .annotate(OpenApi.Summary, "NFL players: search by name, filter by position and team, paginated")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("player", "/players/:id")
      .setPath(PlayerIdPath)
      .addSuccess(Resources.Envelope(Resources.PlayerIdentity))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "One NFL player with team_name, conference and division")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("playerStats", "/players/:id/stats")
      .setPath(PlayerIdPath)
      .setUrlParams(NflPlayerStatsParams)
      .addSuccess(StatsEnvelope(Schema.Array(Resources.NflStatsRow)))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Per-game stat lines of an NFL player, most recent first")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("games", "/games")
      .setUrlParams(NflGamesParams)
      .addSuccess(Resources.Envelope(Schema.Array(Resources.NflGame)))
      .annotate(OpenApi.Summary, "NFL games by season, week and status, most recent first")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("standings", "/standings")
      .setUrlParams(NflStandingsParams)
      .addSuccess(StandingsEnvelope)
      .annotate(OpenApi.Summary, "NFL standings computed from game results, by conference and division")
      .annotate(
        OpenApi.Description,
        "Win/loss/tie records grouped by conference and division; rank is the division place after the NFL's " +
          "division tiebreakers (see the tiebreaker field)."
      )
      .pipe(everyTier)
  )
  .prefix("/v1/nfl")
  .annotate(OpenApi.Title, "NFL")
{}

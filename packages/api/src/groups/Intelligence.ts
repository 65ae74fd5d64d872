/**
 * Intelligence endpoints over signals (specification, "Intelligence and analytics" and
 * "Cross-sport"; decisions.md, "Signals"): news and injuries (also under `/v1`), the paginated
 * signal list, a player's news, a team's injuries, practice report, roster pulse and schedule,
 * nfl depth chart changes, and trending topics and players. Tiers from endpoints.json
 * `tier_resolved`.
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources, Sports } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import { ListLimits, listPageFields, TeamAbbr } from "../params/Common.js"
import {
  DepthChangesParams,
  InjuriesParams,
  NewsParams,
  PlayerNewsParams,
  ScheduleParams,
  SignalsParams,
  SportPlayerPath,
  SportTeamPath,
  TeamInjuriesParams,
  TrendingParams,
  TrendingPlayersParams
} from "../params/Intelligence.js"
import { requiredTier } from "../Security.js"
import { everyTier, withPaging } from "./Shared.js"

const SignalList = Resources.Envelope(Schema.Array(Resources.Signal))

/**
 * A team's practice report: the envelope plus the season and week it is of (null when none), and
 * `total`, `offset`, `limit` (Params.ListLimits.practice).
 */
export const PracticeEnvelope = Schema.Struct({
  ...withPaging(SignalList).fields,
  season: Schema.NullOr(Schema.Int),
  week: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "PracticeReportResponse" })

/**
 * A game of a team's schedule: the game, the team's side (`home` or `away`), its opponent, and
 * `result` W, L or T when final (null otherwise). Times UTC; `week` null where the sport has none.
 */
export const ScheduleGame = Schema.Struct({
  game_id: Schema.String,
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  game_date: Schema.NullOr(Resources.DateString),
  start_time: Schema.NullOr(Resources.DateTimeString),
  state: Schema.String,
  home_team: Schema.String,
  away_team: Schema.String,
  home_score: Schema.NullOr(Schema.Int),
  away_score: Schema.NullOr(Schema.Int),
  home_away: Schema.Literal("home", "away"),
  opponent: Schema.String,
  result: Schema.NullOr(Schema.Literal("W", "L", "T"))
}).annotations({ identifier: "ScheduleGame" })
export type ScheduleGame = typeof ScheduleGame.Type

/** `/v1/{sport}/teams/{team}/schedule` path: a sport with the registry's `schedule` (abbreviation-keyed teams) and the team. */
export const SchedulePath = Schema.Struct({
  sport: Schema.Literal(...Sports.sportsWith("schedule")),
  team: TeamAbbr
})

const news = <const N extends string, const P extends `/${string}`>(name: N, path: P) =>
  HttpApiEndpoint.get(name, path)
    .setUrlParams(NewsParams)
    .addSuccess(SignalList)
    .annotate(OpenApi.Summary, "News signals by severity (high, medium, low) then newest first")
    .pipe(everyTier)

const injuries = <const N extends string, const P extends `/${string}`>(name: N, path: P) =>
  HttpApiEndpoint.get(name, path)
    .setUrlParams(InjuriesParams)
    .addSuccess(SignalList)
    .annotate(OpenApi.Summary, "Injury signals at or above a severity, by severity then newest first")
    .pipe(everyTier)

/** The `intelligence` group. */
export class IntelligenceGroup extends HttpApiGroup.make("intelligence")
  .add(news("news", "/intelligence/news"))
  .add(news("newsV1", "/v1/intelligence/news"))
  .add(injuries("injuries", "/intelligence/injuries"))
  .add(injuries("injuriesV1", "/v1/intelligence/injuries"))
  .add(
    HttpApiEndpoint.get("signals", "/v1/intelligence/signals")
      .setUrlParams(SignalsParams)
      .addSuccess(Resources.PagedEnvelope(Schema.Array(Resources.Signal)))
      .annotate(OpenApi.Summary, "Every stored signal, paginated with the total, by severity then newest first")
      .pipe(requiredTier("pro_insights"))
  )
  .add(
    HttpApiEndpoint.get("playerNews", "/v1/:sport/players/:id/news")
      .setPath(SportPlayerPath)
      .setUrlParams(PlayerNewsParams)
      .addSuccess(SignalList)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "A player's signals, newest first")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("teamInjuries", "/v1/:sport/teams/:team/injuries")
      .setPath(SportTeamPath)
      .setUrlParams(TeamInjuriesParams)
      .addSuccess(SignalList)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Every currently affected player of a team, by severity")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("teamPractice", "/v1/:sport/teams/:team/practice")
      .setPath(SportTeamPath)
      .setUrlParams(Schema.Struct(listPageFields(ListLimits.practice)))
      .addSuccess(PracticeEnvelope)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "A team's latest weekly practice report (nfl)")
      .pipe(requiredTier("build"))
  )
  .add(
    HttpApiEndpoint.get("rosterPulse", "/v1/:sport/teams/:team/roster-pulse")
      .setPath(SportTeamPath)
      .addSuccess(Resources.Envelope(Resources.RosterPulse))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "A team's injuries, recent role shifts and depth chart moves in one view")
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.get("teamSchedule", "/v1/:sport/teams/:team/schedule")
      .setPath(SchedulePath)
      .setUrlParams(ScheduleParams)
      .addSuccess(Resources.Envelope(Schema.Array(ScheduleGame)))
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "A team's games in date order")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("depthChartChanges", "/v1/nfl/depth-chart/changes")
      .setUrlParams(DepthChangesParams)
      .addSuccess(Resources.Envelope(Schema.Array(Resources.DepthChartChange)))
      .annotate(OpenApi.Summary, "NFL depth chart changes with the date range the source supports, newest first")
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.get("trending", "/v1/trending")
      .setUrlParams(TrendingParams)
      .addSuccess(Resources.Envelope(Schema.Array(Resources.TrendingTopic)))
      .annotate(OpenApi.Summary, "Players named by the most signals in the trailing week")
      .pipe(everyTier)
  )
  .add(
    HttpApiEndpoint.get("playersTrending", "/v1/players/trending")
      .setUrlParams(TrendingPlayersParams)
      .addSuccess(Resources.Envelope(Schema.Array(Resources.TrendingPlayer)))
      .annotate(OpenApi.Summary, "Largest recent role shifts (snap share) with the game's fantasy points")
      .pipe(requiredTier("growth"))
  )
  .annotate(OpenApi.Title, "Intelligence")
{}

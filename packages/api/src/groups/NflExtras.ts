/**
 * NFL stacks and custom rankings (specification, "Endpoints / NFL"): `GET /v1/nfl/stacks`
 * (growth) and `POST /v1/nfl/rankings/custom` (pro_insights), computed from the stored weekly
 * stat lines.
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { InvalidParameterError } from "../Errors.js"
import { CustomRankingBody, StacksParams } from "../params/NflExtras.js"
import { requiredTier } from "../Security.js"

/**
 * One quarterback / pass-catcher stack: the Pearson correlation (-1 to 1, 4 decimals; null when
 * either player scored the same in every shared game) of their weekly PPR fantasy points over
 * `games` games both played for `team`, and each one's mean PPR points over those games.
 */
export const StackRow = Schema.Struct({
  ...Resources.TeamRef,
  team: Schema.String,
  season: Schema.Int,
  qb_id: Schema.String,
  qb_name: Schema.NullOr(Schema.String),
  pass_catcher_id: Schema.String,
  pass_catcher_name: Schema.NullOr(Schema.String),
  pass_catcher_position: Schema.String,
  games: Schema.Int,
  correlation: Schema.NullOr(Schema.Number),
  qb_fantasy_points_avg: Schema.Number,
  pass_catcher_fantasy_points_avg: Schema.Number
}).annotations({ identifier: "Stack" })

/** `/v1/nfl/stacks` response: the envelope plus `season` (null when no nfl lines are held) and `scoring` ("ppr"). */
export const StacksEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(StackRow)).fields,
  season: Schema.NullOr(Schema.Int),
  scoring: Schema.Literal("ppr")
}).annotations({ identifier: "StacksResponse" })

/**
 * One player of a custom ranking: `fantasy_points`, the sum over his lines of each stat times its
 * points (a stat a line lacks counts 0; 2 decimals); `games`, lines counted; team and position of
 * his latest line.
 */
export const CustomRankingRow = Schema.Struct({
  rank: Schema.Int,
  player_id: Schema.String,
  player_name: Schema.NullOr(Schema.String),
  ...Resources.TeamRef,
  full_name: Schema.NullOr(Schema.String),
  team: Schema.NullOr(Schema.String),
  position: Schema.NullOr(Schema.String),
  games: Schema.Int,
  fantasy_points: Schema.Number,
  fantasy_points_per_game: Schema.Number
}).annotations({ identifier: "CustomRankingRow" })

/** `POST /v1/nfl/rankings/custom` response: the envelope plus `season` and `weeks` (null: every week). */
export const CustomRankingEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(CustomRankingRow)).fields,
  season: Schema.NullOr(Schema.Int),
  season_type: Schema.Literal("REG", "POST", "ALL"),
  weeks: Schema.NullOr(Schema.Array(Schema.Int))
}).annotations({ identifier: "CustomRankingResponse" })

/** The `nflExtras` group (paths under `/v1/nfl`). */
export class NflExtrasGroup extends HttpApiGroup.make("nflExtras")
  .add(
    HttpApiEndpoint.get("stacks", "/stacks")
      .setUrlParams(StacksParams)
      .addSuccess(StacksEnvelope)
      .annotate(OpenApi.Summary, "Quarterback and pass-catcher stacks: correlation of weekly PPR fantasy points")
      .annotate(
        OpenApi.Description,
        "For each team of the season (default: the latest with stat lines), every quarterback paired with every " +
          "WR and TE (or the `position` asked: WR, TE or RB) who played at least `min_games` (default 8) of the same " +
          "games for that team: Pearson's r of their PPR fantasy points (decisions.md nfl ppr) over those games, " +
          "highest first."
      )
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.post("customRankings", "/rankings/custom")
      .setPayload(CustomRankingBody)
      .addSuccess(CustomRankingEnvelope)
      .addError(InvalidParameterError)
      .annotate(OpenApi.Summary, "Players ranked by points under the caller's scoring (points per stat key)")
      .annotate(
        OpenApi.Description,
        "Sums each stat of the player's lines times its points over the season (default: the latest with stat " +
          "lines) and the weeks asked. Keys are the nfl stat keys; an unknown key answers 400 INVALID_PARAMETER " +
          "(parameter scoring) listing the known keys."
      )
      .pipe(requiredTier("pro_insights"))
  )
  .prefix("/v1/nfl")
  .annotate(OpenApi.Title, "NFL stacks and custom rankings")
{}

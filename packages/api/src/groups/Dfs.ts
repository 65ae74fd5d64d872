/**
 * DFS endpoints (specification, "Cross-sport, intelligence, DFS and bulk"; growth): the slates
 * of a sport, a slate's salaries, and the lineup optimizer (an exact 0-1 program solved by HiGHS).
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { InvalidParameterError, ResourceNotFoundError } from "../Errors.js"
import { DfsSalariesParams, DfsSalariesPath, DfsSlatesParams, DfsSportPath, OptimizeBody } from "../params/Dfs.js"
import { requiredTier } from "../Security.js"

/**
 * A slate as served: id, sport, platform, name, game_type (classic, showdown_captain_mode),
 * start_date (`YYYY-MM-DD`, US Eastern), start_time (ISO 8601 UTC; null when the source gives no
 * time zone), season, week (null for golf), salary_cap (US$; null when the contest type's cap is
 * not known), player_count, linked_count (rows linked to a canonical id), source (dataset).
 */
export const DfsSlateView = Schema.Struct({
  id: Schema.String,
  sport: Schema.String,
  platform: Schema.String,
  name: Schema.String,
  game_type: Schema.String,
  start_date: Schema.String,
  start_time: Schema.NullOr(Schema.String),
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  salary_cap: Schema.NullOr(Schema.Int),
  player_count: Schema.Int,
  linked_count: Schema.Int,
  source: Schema.String
}).annotations({ identifier: "DfsSlate" })

/**
 * A salary row: player_id (canonical; null when not linked) and player_name (the service's
 * full name of the linked player; null when not linked), platform_player_id (the platform's
 * id on the slate), name (as the platform writes it), position, roster_positions (slots the
 * player may fill), salary (US$), team (as the platform writes it) with team_id and team_abbr
 * (the held team it names; null for golf), game (`AWAY@HOME`), avg_points_per_game (the
 * platform's own average, as published).
 */
export const DfsSalaryView = Schema.Struct({
  player_id: Schema.NullOr(Schema.String).annotations({
    description:
      "Canonical player id (svc_<sport>_<id>), accepted by the sport's player endpoints; null when not linked"
  }),
  player_name: Schema.NullOr(Schema.String).annotations({
    description: "The linked player's full name as the service holds it (name is the platform's); null when not linked"
  }),
  ...Resources.TeamRef,
  platform_player_id: Schema.String,
  name: Schema.String,
  position: Schema.String,
  roster_positions: Schema.Array(Schema.String),
  salary: Schema.Int,
  team: Schema.NullOr(Schema.String),
  game: Schema.NullOr(Schema.String),
  avg_points_per_game: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "DfsSalary" })

/** A player of a lineup: the slot filled, the salary row's fields, and the projection used (points; null: locked without one). */
export const LineupPlayerView = Schema.Struct({
  slot: Schema.String,
  ...DfsSalaryView.fields,
  projection: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "LineupPlayer" })

/** A lineup: its number (1 = best), players in slot order, salary total and remaining under the cap (US$), projected points total. */
export const LineupView = Schema.Struct({
  lineup: Schema.Int,
  players: Schema.Array(LineupPlayerView),
  salary_total: Schema.Int,
  salary_remaining: Schema.Int,
  projected_points: Schema.Number
}).annotations({ identifier: "Lineup" })

/** A player without a projection (service: counted as 0 points; map: left out of the pool unless locked). */
export const UnprojectedView = Schema.Struct({
  player_id: Schema.NullOr(Schema.String),
  platform_player_id: Schema.String,
  name: Schema.String,
  position: Schema.String
}).annotations({ identifier: "UnprojectedPlayer" })

/** The roster rules used: slots (slot, eligible positions, count), salary cap US$, fewest games. */
export const RosterRulesView = Schema.Struct({
  game_type: Schema.String,
  salary_cap: Schema.Int,
  slots: Schema.Array(Schema.Struct({ slot: Schema.String, eligible: Schema.Array(Schema.String), count: Schema.Int })),
  min_games: Schema.Int
}).annotations({ identifier: "RosterRules" })

/** `/dfs/slates/{slateId}/salaries` response: the envelope plus the slate. */
export const DfsSalariesEnvelope = Schema.Struct({
  ...Resources.PagedEnvelope(Schema.Array(DfsSalaryView)).fields,
  slate: DfsSlateView
}).annotations({ identifier: "DfsSalariesResponse" })

/**
 * `POST /v1/lineup/optimize` response: the envelope of lineups (best first) plus the slate, the
 * rules, lineups_requested, projections ("service" or "custom") and projection_method,
 * players_without_projection, and stopped_reason (why fewer lineups than requested; null otherwise).
 */
export const OptimizeEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(LineupView)).fields,
  slate: DfsSlateView,
  rules: RosterRulesView,
  lineups_requested: Schema.Int,
  projections: Schema.Literal("service", "custom"),
  projection_method: Schema.String,
  players_without_projection: Schema.Array(UnprojectedView),
  stopped_reason: Schema.NullOr(Schema.String)
}).annotations({ identifier: "LineupOptimizeResponse" })

/** The `dfs` group (paths absolute: `/v1/{sport}/dfs` and `/v1/lineup`). */
export class DfsGroup extends HttpApiGroup.make("dfs")
  .add(
    HttpApiEndpoint.get("dfsSlates", "/v1/:sport/dfs/slates")
      .setPath(DfsSportPath)
      .setUrlParams(DfsSlatesParams)
      .addSuccess(Resources.PagedEnvelope(Schema.Array(DfsSlateView)))
      .annotate(OpenApi.Summary, "DFS slates of a sport, newest first (DraftKings nfl 2025 week 1, golf 2026)")
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.get("dfsSalaries", "/v1/:sport/dfs/slates/:slateId/salaries")
      .setPath(DfsSalariesPath)
      .setUrlParams(DfsSalariesParams)
      .addSuccess(DfsSalariesEnvelope)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Salaries of a slate, highest first, with players linked to canonical ids")
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.post("lineupOptimize", "/v1/lineup/optimize")
      .setPayload(OptimizeBody)
      .addSuccess(OptimizeEnvelope)
      .addError(InvalidParameterError)
      .annotate(OpenApi.Summary, "Optimal DFS lineups of a slate (integer program solved by HiGHS)")
      .annotate(
        OpenApi.Description,
        "DraftKings nfl Classic (QB, 2 RB, 3 WR, TE, FLEX of RB/WR/TE, DST; $50,000 cap; players from 2 games or more) and golf Classic (6 golfers; $50,000). Each lineup maximises the total projection exactly (0-1 program, HiGHS, gap 0); lineup n+1 differs from each earlier one by one player at least; a player is in at most floor(max_exposure x lineups) lineups (at least 1; locked players in all). Projections \"service\": the service's own as of the slate (nfl: while a projection model is ACTIVE, its PPR points for the slate's week where it holds one, projection_method naming the model; otherwise the trailing 10-game fantasy point average over each linked player's games strictly before the slate's start date, times the injury availability of his newest report up to the slate's week); players without one (team defenses: the service holds no DST stats; unlinked rows) count 0 points and are listed in players_without_projection; golf has none (400: pass a map). Projections map: players missing from it are listed and left out unless locked. An infeasible request answers 400 with the reason."
      )
      .pipe(requiredTier("growth"))
  )
  .annotate(OpenApi.Title, "DFS")
{}

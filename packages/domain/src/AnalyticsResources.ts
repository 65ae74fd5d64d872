/**
 * Response resources of the analytics endpoints (specification, "Alpha metrics", "Similar player
 * row"; HistoricalGameRecord and HistoricalTrend are in Resources.ts), and the service's rows for
 * the filter, projection and waiver-priority endpoints, which the specification names without
 * fields.
 * Units: fantasy points in the sport's default format unless a `scoring` says otherwise;
 * `snap_pct` percent 0-100; `target_share` a fraction 0-1; shares in alpha metrics percent 0-100.
 * @module
 */
import { Schema } from "effect"
import { DateTimeString, PlayerRef, TeamRef } from "./Resources.js"

/** Alpha metrics of one player (formulas in Analytics.ts); null metrics where the window lacks the input. */
export const AlphaMetrics = Schema.Struct({
  ...TeamRef,
  player_id: Schema.String,
  sport: Schema.String,
  player_name: Schema.String,
  team: Schema.NullOr(Schema.String),
  position: Schema.NullOr(Schema.String),
  consistency_score: Schema.NullOr(Schema.Number),
  momentum_delta: Schema.NullOr(Schema.Number),
  opportunity_ceiling: Schema.NullOr(Schema.Number),
  sample_size: Schema.Int,
  week_computed: Schema.NullOr(Schema.String),
  season: Schema.NullOr(Schema.Int),
  last_game_date: Schema.NullOr(Schema.String),
  computed_at: Schema.NullOr(DateTimeString)
}).annotations({ identifier: "AlphaMetrics" })
export type AlphaMetrics = typeof AlphaMetrics.Type

/** Similar player row (specification): ordered by cosine similarity, highest first. */
export const SimilarPlayerRow = Schema.Struct({
  ...PlayerRef,
  ...TeamRef,
  playcaller_id: Schema.String,
  name: Schema.String,
  position: Schema.NullOr(Schema.String),
  team: Schema.NullOr(Schema.String),
  similarity_score: Schema.Number
}).annotations({ identifier: "SimilarPlayerRow" })
export type SimilarPlayerRow = typeof SimilarPlayerRow.Type

/** How a similarity answer was computed: the dimensions, the standardisation, the pool. */
export const SimilarityMethod = Schema.Struct({
  metric: Schema.Literal("cosine"),
  standardised: Schema.Literal("z-score per dimension over the compared players"),
  dimensions: Schema.Array(Schema.String),
  window_games: Schema.Int,
  season: Schema.NullOr(Schema.Int),
  players_compared: Schema.Int,
  min_sample_size: Schema.Int
}).annotations({ identifier: "SimilarityMethod" })
export type SimilarityMethod = typeof SimilarityMethod.Type

const Num = Schema.NullOr(Schema.Number)

/**
 * A row of `/v1/players/filter`: a player and his per-game means over his last 8 games (the
 * alpha window): `snap_pct` percent 0-100, `target_share` fraction 0-1 (nfl only; null
 * elsewhere), `avg_fantasy_points` in the sport's default format.
 */
export const FilteredPlayerRow = Schema.Struct({
  ...PlayerRef,
  ...TeamRef,
  id: Schema.String,
  name: Schema.String,
  sport: Schema.String,
  position: Schema.NullOr(Schema.String),
  team: Schema.NullOr(Schema.String),
  games: Schema.Int,
  snap_pct: Num,
  target_share: Num,
  avg_fantasy_points: Num
}).annotations({ identifier: "FilteredPlayerRow" })
export type FilteredPlayerRow = typeof FilteredPlayerRow.Type

/** The injury overlay of a projection: the status it read and the availability factor applied. */
export const InjuryOverlay = Schema.Struct({
  status: Schema.NullOr(Schema.String),
  source: Schema.Literal("injury_report", "player_status", "none"),
  availability: Schema.Number
}).annotations({ identifier: "InjuryOverlay" })

/**
 * The prediction of an ACTIVE projection model (domain Models, model_type "projection") for the
 * player's next game after his newest stored line: the version (`model_id`, `model_version`), the
 * newest date its features read (`as_of`, before the game), the game, the predicted fantasy points
 * per scoring format (nfl `standard`, `half_ppr`, `ppr`; nba `fanduel`) and the 80% interval per format
 * (`low` the 10th, `high` the 90th percentile, points).
 */
export const ProjectionModel = Schema.Struct({
  model_id: Schema.String,
  model_version: Schema.String,
  as_of: Schema.NullOr(Schema.String),
  game_id: Schema.String,
  game_date: Schema.NullOr(Schema.String),
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  points: Schema.Record({ key: Schema.String, value: Schema.Number }),
  interval_80: Schema.Record({
    key: Schema.String,
    value: Schema.Struct({ low: Schema.Number, high: Schema.Number })
  })
}).annotations({ identifier: "ProjectionModel" })
export type ProjectionModel = typeof ProjectionModel.Type

/**
 * `/v1/{sport}/players/{id}/projection`: the trailing average of the player's last 10 games'
 * fantasy points (`scoring`), times the injury availability for the next game; a plain average,
 * not a prediction (`method`); beside it `model`, the ACTIVE projection model's prediction of his
 * next game, null while no projection model of the sport is ACTIVE.
 */
export const Projection = Schema.Struct({
  ...TeamRef,
  player_id: Schema.String,
  player_name: Schema.String,
  sport: Schema.String,
  team: Schema.NullOr(Schema.String),
  position: Schema.NullOr(Schema.String),
  scoring: Schema.String,
  method: Schema.String,
  is_prediction: Schema.Literal(false),
  games_used: Schema.Int,
  trailing_average: Num,
  injury: InjuryOverlay,
  weeks: Schema.Array(Schema.Struct({ week_offset: Schema.Int, projected_points: Num })),
  model: Schema.NullOr(ProjectionModel)
}).annotations({ identifier: "Projection" })
export type Projection = typeof Projection.Type

/** A row of `/v1/{sport}/waiver-priority`: rising players by momentum (see Analytics app service). */
export const WaiverPriorityRow = Schema.Struct({
  ...TeamRef,
  rank: Schema.Int,
  player_id: Schema.String,
  player_name: Schema.String,
  position: Schema.NullOr(Schema.String),
  team: Schema.NullOr(Schema.String),
  status: Schema.String,
  momentum_delta: Schema.Number,
  avg_fantasy_points: Num,
  opportunity_ceiling: Num,
  consistency_score: Num,
  sample_size: Schema.Int
}).annotations({ identifier: "WaiverPriorityRow" })
export type WaiverPriorityRow = typeof WaiverPriorityRow.Type

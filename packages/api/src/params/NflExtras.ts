/**
 * Parameters of the nfl stacks and custom rankings (specification, "Endpoints / NFL":
 * `/v1/nfl/stacks` team, position, min_games, season, limit; `POST /v1/nfl/rankings/custom`).
 * @module
 */
import { Stacks } from "@sports-data/domain"
import { Schema } from "effect"
import { intBetween, limitParam, type LimitSpec, oneOf, seasonParam, TeamAbbr } from "./Common.js"

/** Stacks and custom rankings: default 25 rows, at most 100 (not stated by the specification). */
export const StacksLimit = { default: 25, max: 100 } as const satisfies LimitSpec

/** Custom rankings: default 50 rows, at most 200 (the players lists' limits). */
export const CustomRankingLimit = { default: 50, max: 200 } as const satisfies LimitSpec

/**
 * `GET /v1/nfl/stacks`: team (abbreviation), position (WR, TE or RB: the pass-catchers paired
 * with the quarterback; default WR and TE), min_games (2 to 22, default 8), season (default the
 * latest with stat lines), limit (default 25, max 100).
 */
export const StacksParams = Schema.Struct({
  team: Schema.optional(TeamAbbr),
  position: Schema.optional(oneOf(Stacks.stackPositions)),
  min_games: Schema.optional(
    intBetween(2, 22, {
      description: `fewest games both players played (default ${Stacks.MIN_STACK_GAMES})`,
      default: Stacks.MIN_STACK_GAMES
    })
  ),
  season: seasonParam,
  limit: limitParam(StacksLimit)
})

/** Points per unit of one stat: a finite number from -1000 to 1000. */
const StatPoints = Schema.Number.pipe(
  Schema.filter((n) => (Number.isFinite(n) && n >= -1000 && n <= 1000) || "must be a number from -1000 to 1000")
)

/**
 * `POST /v1/nfl/rankings/custom` body: `scoring` (points per unit of each nfl stat key, 1 to 60
 * keys; e.g. `{"passing_yards": 0.05, "receptions": 1}`), `season` (default the latest with stat
 * lines), `weeks` (week numbers 1 to 22; default every week), `position` (QB, RB, WR, TE, K),
 * `limit` (1 to 200, default 50), `season_type` (REG regular season, the default, as fantasy
 * seasons count; POST playoffs; ALL both).
 */
export const CustomRankingBody = Schema.Struct({
  scoring: Schema.Record({ key: Schema.String, value: StatPoints }).pipe(
    Schema.filter((r) => {
      const n = Object.keys(r).length
      return (n >= 1 && n <= 60) || "must hold 1 to 60 stat keys"
    })
  ),
  season: Schema.optional(Schema.Int.pipe(Schema.between(1900, 2100))),
  weeks: Schema.optional(
    Schema.Array(Schema.Int.pipe(Schema.between(1, 22))).pipe(
      Schema.filter((w) => (w.length >= 1 && w.length <= 22) || "must hold 1 to 22 weeks")
    )
  ),
  position: Schema.optional(Schema.Literal("QB", "RB", "WR", "TE", "K")),
  limit: Schema.optional(Schema.Int.pipe(Schema.between(1, CustomRankingLimit.max))),
  season_type: Schema.optional(Schema.Literal("REG", "POST", "ALL"))
}).annotations({ identifier: "CustomRankingRequest" })

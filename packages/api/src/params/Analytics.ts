/**
 * Parameters of the analytics endpoints (specification, "Intelligence and analytics" and
 * "Cross-sport, intelligence, DFS and bulk"): alpha, similar, trends, game history, filter,
 * projection, waiver priority and the players batch.
 * @module
 */
import { Analytics, Sports } from "@sports-data/domain"
import { ParseResult, Schema } from "effect"
import {
  intBetween,
  isPlainText,
  limitParam,
  type LimitSpec,
  NOT_PLAIN_TEXT,
  oneOf,
  PlayerIdPath,
  seasonParam,
  SportParam,
  TeamAbbr,
  TeamKey,
  Text
} from "./Common.js"

/** A decimal number written in digits (optional sign and fraction), from `min` to `max`. */
export const decimalBetween = (min: number, max: number, description: string) =>
  Schema.transformOrFail(Schema.String, Schema.Number, {
    strict: true,
    decode: (s, _, ast) =>
      /^[+-]?(\d{1,9}(\.\d{0,6})?|\.\d{1,6})$/.test(s.trim()) && Number(s.trim()) >= min && Number(s.trim()) <= max
        ? ParseResult.succeed(Number(s.trim()))
        : ParseResult.fail(new ParseResult.Type(ast, s, `must be a number from ${min} to ${max}`)),
    encode: (n) => ParseResult.succeed(String(n))
  }).annotations({ jsonSchema: { type: "number", minimum: min, maximum: max, description } })

/** `true` or `false` (any case). */
export const BooleanParam = oneOf(["true", "false"])

/**
 * `/v1/{sport}/players/{id}/alpha` path: a sport with stored metrics (the registry's `metrics`:
 * nfl, mlb, nba, nhl; one without `alpha`, mlb, answers with meta.coverage) and id.
 */
export const AlphaPath = Schema.Struct({
  sport: oneOf(Analytics.metricSports),
  ...PlayerIdPath.fields
})

/** `/v1/players/similar/{id}` limit: default 10, max 25 (specification). */
export const SimilarLimit = { default: 10, max: 25 } as const satisfies LimitSpec

/** `GET /v1/players/similar/{id}`: sport (required: nfl, mlb, nba), limit (default 10, max 25). */
export const SimilarParams = Schema.Struct({
  sport: oneOf(Analytics.similaritySports),
  limit: limitParam(SimilarLimit)
})

/** Trends and game history limit: 1 to 500, default 50 (specification, `/analytics/trends`). */
export const TrendsLimit = { default: 50, max: 500 } as const satisfies LimitSpec

/**
 * Games per trend in `all_games` (the newest): 1 to 100, default 5 (a player's last five games,
 * the recent form fantasy tools show). The specification leaves `all_games` unbounded: a season
 * of nba games made `limit=5` 280 kB, and 10 games for the default 50 players made 356-407 kB.
 * `games_in_sample` and `avg_fantasy_points` still count every game; `/v1/{sport}/games/history`
 * lists them all.
 */
export const TrendGamesLimit = { default: 5, max: 100 } as const satisfies LimitSpec

/**
 * `GET /analytics/trends`: sport (nfl, mlb, nba, all; default nfl), player_name (partial,
 * case-insensitive), team (up to 3 letters), position, season, week (1 to 18), limit (1 to 500,
 * default 50), games_limit ({@link TrendGamesLimit}). nba is accepted beside the
 * specification's nfl and mlb: its game history is served.
 */
export const TrendsParams = Schema.Struct({
  sport: Schema.optional(oneOf([...Sports.sportsWith("history"), "all"])),
  player_name: Schema.optional(Text),
  team: Schema.optional(TeamAbbr),
  position: Schema.optional(Text),
  season: seasonParam,
  week: Schema.optional(intBetween(1, 18, { description: "week, 1 to 18" })),
  limit: limitParam(TrendsLimit),
  games_limit: Schema.optional(
    intBetween(1, TrendGamesLimit.max, {
      description:
        `games per trend in all_games, the newest, 1 to ${TrendGamesLimit.max} (default ${TrendGamesLimit.default}); games_in_sample and avg_fantasy_points count every game`,
      default: TrendGamesLimit.default
    })
  )
})

/** `/v1/{sport}/games/history` path: the sports with the registry's `history` (nfl, mlb, nba). */
export const HistoryPath = Schema.Struct({ sport: oneOf(Sports.sportsWith("history")) })

/** `GET /v1/{sport}/games/history`: player (partial name; also player_name), team, season, limit (default 50). */
export const HistoryParams = Schema.Struct({
  player: Schema.optional(Text),
  player_name: Schema.optional(Text),
  team: Schema.optional(TeamAbbr),
  season: seasonParam,
  limit: limitParam(TrendsLimit)
})

/** `/v1/players/filter` limit: default 50, max 200 (the players lists' limits). */
export const FilterLimit = { default: 50, max: 200 } as const satisfies LimitSpec

const pct = (name: string) => Schema.optional(decimalBetween(0, 100, `${name}, percent 0-100`))
const share = (name: string) => Schema.optional(decimalBetween(0, 1, `${name}, fraction 0-1`))
const points = (name: string) => Schema.optional(decimalBetween(-100, 1000, `${name}, fantasy points per game`))

/**
 * `GET /v1/players/filter`: position, team (the sport's team key: an abbreviation, a cfb CFBD
 * id, a soccer slug; {@link TeamKey}), sport (default nfl), min/max_snap_pct (percent 0-100),
 * min/max_target_share (fraction 0-1), min/max_fantasy_pts (per game), limit (default 50, max 200).
 */
export const FilterParams = Schema.Struct({
  sport: Schema.optional(SportParam),
  position: Schema.optional(Text),
  team: Schema.optional(TeamKey),
  min_snap_pct: pct("minimum snap share"),
  max_snap_pct: pct("maximum snap share"),
  min_target_share: share("minimum target share"),
  max_target_share: share("maximum target share"),
  min_fantasy_pts: points("minimum average fantasy points"),
  max_fantasy_pts: points("maximum average fantasy points"),
  limit: limitParam(FilterLimit)
})

/** `/v1/{sport}/players/{id}/projection` path: the sports with the registry's `projection` (nfl, mlb, nba) and id. */
export const ProjectionPath = Schema.Struct({
  sport: oneOf(Sports.sportsWith("projection")),
  ...PlayerIdPath.fields
})

/** `GET /v1/{sport}/players/{id}/projection`: weeks (1 to 18, default 1), scoring (a format of the sport). */
export const ProjectionParams = Schema.Struct({
  weeks: Schema.optional(intBetween(1, 18, { description: "weeks ahead, 1 to 18 (default 1)", default: 1 })),
  scoring: Schema.optional(
    Schema.String.pipe(
      Schema.filter((s) => (isPlainText(s) && /^[a-z_]{1,30}$/i.test(s)) || "must be a scoring format name", {
        jsonSchema: { type: "string", description: "nfl ppr, half_ppr, standard; nba and mlb fanduel" }
      })
    )
  )
})

/** `/v1/{sport}/waiver-priority` path: the sports with alpha metrics (the registry's `alpha`: nfl, nba, nhl). */
export const WaiverPath = Schema.Struct({ sport: oneOf(Analytics.alphaSports) })

/** Waiver priority limit: default 25, max 100. */
export const WaiverLimit = { default: 25, max: 100 } as const satisfies LimitSpec

/** `GET /v1/{sport}/waiver-priority`: limit, position, exclude_injured (true or false, default false). */
export const WaiverParams = Schema.Struct({
  limit: limitParam(WaiverLimit),
  position: Schema.optional(Text),
  exclude_injured: Schema.optional(BooleanParam)
})

/** Most players per batch call (specification). */
export const BATCH_MAX = 50

/** `POST /v1/batch/players` body: `ids`, 1 to 50 canonical player ids. */
export const BatchPlayersBody = Schema.Struct({
  ids: Schema.Array(
    Schema.String.pipe(Schema.filter((s) => (isPlainText(s) && s.length <= 100) || NOT_PLAIN_TEXT))
  ).pipe(
    Schema.filter((ids) => (ids.length >= 1 && ids.length <= BATCH_MAX) || `must hold 1 to ${BATCH_MAX} ids`)
  )
})

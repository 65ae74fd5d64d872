/**
 * Parameters of the endpoints no ingested source answers (play-by-play, expert consensus
 * rankings, draft rankings, camp intel, pitch-type splits, mlb transactions, mlb and nba
 * depth-chart changes), validated like every other endpoint's (specification, "Endpoints").
 * @module
 */
import { Sports } from "@sports-data/domain"
import { Schema } from "effect"
import {
  DateParam,
  isPlainText,
  limitParam,
  type LimitSpec,
  NOT_PLAIN_TEXT,
  offsetParam,
  oneOf,
  PlayerIdPath,
  seasonParam,
  Text
} from "./Common.js"
import { NflPosition } from "./Nfl.js"

/** Sports of play-by-play (the registry's `plays`; specification: nfl, nba, mlb, nhl, cfb, soccer). */
export const playSports = Sports.sportsWith("plays")

/** A game id as the service lists it (nfl `2024_01_ARI_BUF`, nba `0022300061`, mlb game_pk): 1 to 64 plain characters. */
export const GameId = Schema.String.pipe(
  Schema.filter((s) => (isPlainText(s) && s.length >= 1 && s.length <= 64) || NOT_PLAIN_TEXT, {
    jsonSchema: { type: "string", maxLength: 64, description: "the game id of /games" }
  })
)

/** `/v1/{sport}/games/{gameId}/plays` path: sport (nfl, nba, mlb, nhl, cfb, soccer) and gameId. */
export const PlaysPath = Schema.Struct({ sport: oneOf(playSports), gameId: GameId })

/**
 * `/v1/{sport}/games/{gameId}/plays` plays per answer: default 100, max 500 (an nfl game has
 * about 180 plays, an nba game about 500 events; the specification states no limit).
 */
export const PlaysLimit = { default: 100, max: 500 } as const satisfies LimitSpec

/** `GET /v1/{sport}/games/{gameId}/plays`: limit (default 100, max 500), offset, in the game's play order. */
export const PlaysParams = Schema.Struct({ limit: limitParam(PlaysLimit), offset: offsetParam })

/** `/v1/{sport}/ecr` path: the sports with the registry's `ecr` (specification: nfl, nba, mlb). */
export const EcrPath = Schema.Struct({ sport: oneOf(Sports.sportsWith("ecr")) })

/** Consensus and draft rankings: default 50 rows, at most 200 (the players lists' limits). */
export const RankingsLimit = { default: 50, max: 200 } as const satisfies LimitSpec

/** `GET /v1/{sport}/ecr`: position, limit (default 50, max 200). */
export const EcrParams = Schema.Struct({ position: Schema.optional(Text), limit: limitParam(RankingsLimit) })

/** `GET /v1/nfl/players/rankings`: position, format (ppr, half_ppr, standard), limit, offset. */
export const NflPlayerRankingsParams = Schema.Struct({
  position: Schema.optional(NflPosition),
  format: Schema.optional(oneOf(["ppr", "half_ppr", "standard"])),
  limit: limitParam(RankingsLimit),
  offset: offsetParam
})

/** `GET /v1/mlb/players/{id}/splits`: season, player_type (batter or pitcher). */
export const MlbSplitsParams = Schema.Struct({
  season: seasonParam,
  player_type: Schema.optional(oneOf(["batter", "pitcher"]))
})

/** `/v1/{sport}/players/{id}/splits` path: sport (mlb only, specification) and id. */
export const SplitsPath = Schema.Struct({ sport: oneOf(["mlb"]), ...PlayerIdPath.fields })

/** `GET /v1/{sport}/players/{id}/splits`: season. */
export const SplitsParams = Schema.Struct({ season: seasonParam })

/** `GET /v1/mlb/transactions`: startDate, endDate (dates), type. */
export const MlbTransactionsParams = Schema.Struct({
  startDate: Schema.optional(DateParam),
  endDate: Schema.optional(DateParam),
  type: Schema.optional(Text)
})

/**
 * Parameters of the cross-sport player endpoints (specification, "Cross-sport").
 * @module
 */
import { Schema } from "effect"
import { isPlainText, limitParam, type LimitSpec, NOT_PLAIN_TEXT, SportParam, Text } from "./Common.js"

/** `/v1/players/search` limit: default 20, max 100 (specification). */
export const SearchLimit = { default: 20, max: 100 } as const satisfies LimitSpec

/** `q`: required, at least 2 characters (after trimming), at most 100, no control character. */
export const SearchQuery = Schema.String.pipe(
  Schema.filter(
    (s) => isPlainText(s) ? (s.trim().length >= 2 && s.length <= 100) || "must be 2 to 100 characters" : NOT_PLAIN_TEXT,
    {
      jsonSchema: { type: "string", minLength: 2, maxLength: 100 }
    }
  )
)

/**
 * `GET /v1/players/search`: q (required, min 2 chars, case-insensitive partial name); sport (nfl,
 * mlb, nba); position; limit (default 20, max 100).
 */
export const PlayerSearchParams = Schema.Struct({
  q: SearchQuery,
  sport: Schema.optional(SportParam),
  position: Schema.optional(Text),
  limit: limitParam(SearchLimit)
})

/**
 * `GET /v1/players/compare`: player1, player2 (canonical id or name, required); sport (nfl, mlb,
 * nba; narrows name matching).
 */
export const PlayerCompareParams = Schema.Struct({
  player1: Text,
  player2: Text,
  sport: Schema.optional(SportParam)
})

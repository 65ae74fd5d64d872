/**
 * Parameters of the odds endpoints (specification, "Cross-sport, intelligence, DFS and bulk":
 * `/v1/{sport}/odds` and `/v1/{sport}/odds/history/{gameId}`; the specification lists none, the
 * issue asks for upcoming games by default and `date` / `season` / `week` to look back).
 * @module
 */
import { SportKey } from "@sports-data/domain"
import { Schema } from "effect"
import {
  cursorParam,
  DateParam,
  intBetween,
  isPlainText,
  limitParam,
  type LimitSpec,
  NOT_PLAIN_TEXT,
  offsetParam,
  oneOf,
  seasonParam,
  Text
} from "./Common.js"

/** `/v1/{sport}/odds` games per answer: default 50, max 500. */
export const OddsLimit = { default: 50, max: 500 } as const satisfies LimitSpec

/**
 * `/v1/{sport}/odds` lines per game: default 50, max 500. A team-sport game holds a few lines
 * (one per source and bookmaker); a golf event thousands (about 150 golfers, 7 markets, 4
 * bookmakers), so without this bound `limit=5` answered 2.5 MB.
 */
export const OddsLinesLimit = { default: 50, max: 500 } as const satisfies LimitSpec

/**
 * `/v1/{sport}/odds/history/{gameId}` lines per answer: default 100 (what fits a screen; it was
 * 200 before issue 26), max 2,000 (page on with `cursor` or `offset`).
 */
export const OddsHistoryLimit = { default: 100, max: 2000 } as const satisfies LimitSpec

/** `/v1/{sport}/odds` path: any sport key (a sport without a source answers empty data with meta.coverage). */
export const OddsPath = Schema.Struct({ sport: oneOf(SportKey.literals) })

/**
 * `GET /v1/{sport}/odds`: without `date`, `season` or `week`, the games from today (UTC) on;
 * `date` (YYYY-MM-DD) one day's games; `season` and `week` (1 to 25) a season or one week of it;
 * `limit` games; per game the first `lines_limit` lines (`lines_total` counts them) of
 * `bookmaker` and `market` when given (as on the history).
 */
export const OddsParams = Schema.Struct({
  date: Schema.optional(DateParam),
  season: seasonParam,
  week: Schema.optional(intBetween(1, 25, { description: "week of the season, 1 to 25" })),
  limit: limitParam(OddsLimit),
  lines_limit: Schema.optional(
    intBetween(1, OddsLinesLimit.max, {
      description:
        `lines per game, 1 to ${OddsLinesLimit.max} (default ${OddsLinesLimit.default}); each game's lines_total counts them all. A golf event holds thousands: filter by market and bookmaker`,
      default: OddsLinesLimit.default
    })
  ),
  bookmaker: Schema.optional(Text),
  market: Schema.optional(Text)
})

/** `/v1/{sport}/odds/history/{gameId}` path: sport and the service's game (or match) id. */
export const OddsHistoryPath = Schema.Struct({
  sport: oneOf(SportKey.literals),
  gameId: Schema.String.pipe(
    Schema.filter((s) => isPlainText(s) || NOT_PLAIN_TEXT, {
      jsonSchema: { description: "the service's game id (as /v1/{sport}/games gives it) or tennis match id" }
    })
  )
})

/**
 * `/v1/{sport}/odds/history/{gameId}` filters: `bookmaker` (as the lines name it, case ignored)
 * and `market` (golf outrights: win, top_5, top_10, top_20, frl, make_cut, mc; case ignored).
 * They select rows only: no-vig probabilities stay those over the whole field. `limit` lines
 * from `offset`, or after `cursor` (the answer's `next_cursor`), in the history's order (the
 * answer's `total` counts the selected lines).
 */
export const OddsHistoryParams = Schema.Struct({
  bookmaker: Schema.optional(Text),
  market: Schema.optional(Text),
  limit: limitParam(OddsHistoryLimit),
  offset: offsetParam,
  cursor: cursorParam
})

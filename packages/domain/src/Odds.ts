/**
 * Betting lines: the stored line of one game (or match) from one source, bookmaker and snapshot,
 * the implied probabilities of American odds with the bookmaker's margin (vig) removed, and the
 * resources `/v1/{sport}/odds` and `/v1/{sport}/odds/history/{gameId}` answer with.
 *
 * Conventions (as The Odds API and nflverse write them): odds are American (`-150`: stake 150 to
 * win 100; `+130`: stake 100 to win 130); `home_spread` is the home side's handicap in points,
 * negative when the home side is favoured (`-3.5`: the home team must win by 4 or more), the away
 * side's being its negation; `total` is the over/under line in points (goals for nhl).
 * @module
 */
import { Schema } from "effect"
import { SportKey } from "./Sport.js"

/**
 * One stored line.
 * - `id`: deterministic, `<game_id>:<source>:<snapshot_date>:<snapshot>:<bookmaker or "-">[:<time>]`,
 *   so re-ingesting the same source rows yields the same ids (and untimed snapshots of one date
 *   order by label: `noon` before `open`, the Odds API's noon US Eastern pull before its 9 pm
 *   Pacific "open" pull of the same date).
 * - `game_id`: the service's own game (team sports) or event (tennis) id the line is for.
 * - `source`: the dataset folder the line was read from; `bookmaker`: as the source names it,
 *   null when the source does not say (nflverse, spreadspoke, cfbfastR).
 * - `snapshot`: when in the market's life the source took it: `open`, `morning`, `close` (The Odds
 *   API daily snapshots), `noon` (its historical noon US Eastern pulls), `daily` (undated daily
 *   pulls), `closing` (the single line a source carries per game, taken near kick-off).
 * - `snapshot_date`: `YYYY-MM-DD` of the snapshot (the game date for a single closing line);
 *   `line_time`: the UTC time the line was taken, null when the source does not give it.
 * - `home`, `away`: the service's team abbreviations (team sports) or participant ids (tennis:
 *   `home` is the first-listed player).
 * - Odds American, lines in points (goals); null where the source has no value.
 */
export const OddsLine = Schema.Struct({
  id: Schema.String,
  sport: SportKey,
  game_id: Schema.String,
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  game_date: Schema.NullOr(Schema.String),
  source: Schema.String,
  bookmaker: Schema.NullOr(Schema.String),
  snapshot: Schema.String,
  snapshot_date: Schema.String,
  line_time: Schema.NullOr(Schema.DateFromSelf),
  home: Schema.String,
  away: Schema.String,
  home_moneyline: Schema.NullOr(Schema.Number),
  away_moneyline: Schema.NullOr(Schema.Number),
  home_spread: Schema.NullOr(Schema.Number),
  home_spread_odds: Schema.NullOr(Schema.Number),
  away_spread_odds: Schema.NullOr(Schema.Number),
  total: Schema.NullOr(Schema.Number),
  over_odds: Schema.NullOr(Schema.Number),
  under_odds: Schema.NullOr(Schema.Number)
})
export type OddsLine = typeof OddsLine.Type

/**
 * Time order of the snapshots of one game: `snapshot_date`, then `line_time` (lines without a
 * time first), then `id` (code units: source, snapshot label, bookmaker). Both store adapters
 * order history this way.
 */
export const compareSnapshots = (a: OddsLine, b: OddsLine): number =>
  a.snapshot_date !== b.snapshot_date
    ? (a.snapshot_date < b.snapshot_date ? -1 : 1)
    : a.line_time?.getTime() !== b.line_time?.getTime()
    ? (a.line_time === null ? -1 : b.line_time === null ? 1 : a.line_time.getTime() - b.line_time.getTime())
    : (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * The probability American odds imply, margin included: `100 / (odds + 100)` for positive odds,
 * `-odds / (-odds + 100)` for negative ones (the break-even rate of the bet). Undefined for odds
 * in (-100, 100), which American odds never take: null then.
 */
export const impliedProbability = (american: number): number | null =>
  american >= 100 ? 100 / (american + 100) : american <= -100 ? -american / (-american + 100) : null

/**
 * The two sides' probabilities with the vig removed by proportional normalisation: each side's
 * implied probability divided by the sum of both (which exceeds 1 by the bookmaker's margin), so
 * the pair sums to 1. Source: the "multiplicative" or "basic" method (e.g. Štrumbelj, "On
 * determining probability forecasts from betting odds", IJF 2014, and Pinnacle's margin notes).
 * Null when either side's odds are missing or invalid. Rounded to 4 decimals (fractions 0-1).
 */
export const noVigPair = (
  a: number | null,
  b: number | null
): { readonly a: number; readonly b: number } | null => {
  const pa = a === null ? null : impliedProbability(a)
  const pb = b === null ? null : impliedProbability(b)
  if (pa === null || pb === null) return null
  const sum = pa + pb
  const ra = Math.round((pa / sum) * 10_000) / 10_000
  return { a: ra, b: Math.round((1 - ra) * 10_000) / 10_000 }
}

/**
 * American odds of decimal (European) odds, as tennis-data.co.uk writes them: `(d - 1) * 100`
 * when d >= 2, `-100 / (d - 1)` below, rounded to the nearest integer. Null for d <= 1.
 */
export const americanOfDecimal = (decimal: number): number | null =>
  decimal <= 1 ? null : Math.round(decimal >= 2 ? (decimal - 1) * 100 : -100 / (decimal - 1))

/** How implied probabilities are computed, as the responses state it. */
export const VIG_METHOD =
  "implied probability of American odds (100/(odds+100) if positive, -odds/(-odds+100) if negative), vig removed by proportional normalisation: each side divided by the sum of both sides"

// ---------------------------------------------------------------------------------------------
// Resources
// ---------------------------------------------------------------------------------------------

/** The moneyline: American odds of each side and their no-vig probabilities (fractions 0-1). */
export const Moneyline = Schema.Struct({
  home: Schema.NullOr(Schema.Number),
  away: Schema.NullOr(Schema.Number),
  home_implied_probability: Schema.NullOr(Schema.Number),
  away_implied_probability: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "Moneyline" })

/** The spread: each side's handicap (points), its American odds and no-vig probabilities. */
export const Spread = Schema.Struct({
  home_line: Schema.Number,
  away_line: Schema.Number,
  home_odds: Schema.NullOr(Schema.Number),
  away_odds: Schema.NullOr(Schema.Number),
  home_implied_probability: Schema.NullOr(Schema.Number),
  away_implied_probability: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "Spread" })

/** The total: the over/under line (points), the American odds of each and no-vig probabilities. */
export const Total = Schema.Struct({
  line: Schema.Number,
  over_odds: Schema.NullOr(Schema.Number),
  under_odds: Schema.NullOr(Schema.Number),
  over_implied_probability: Schema.NullOr(Schema.Number),
  under_implied_probability: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "Total" })

/** One line as served: who offered it and when, with its three markets (null where absent). */
export const OddsLineRow = Schema.Struct({
  source: Schema.String,
  bookmaker: Schema.NullOr(Schema.String),
  snapshot: Schema.String,
  snapshot_date: Schema.String,
  line_time: Schema.NullOr(Schema.String),
  moneyline: Schema.NullOr(Moneyline),
  spread: Schema.NullOr(Spread),
  total: Schema.NullOr(Total)
}).annotations({ identifier: "OddsLine" })
export type OddsLineRow = typeof OddsLineRow.Type

/** A game with its latest line per source and bookmaker (`/v1/{sport}/odds`). */
export const GameOdds = Schema.Struct({
  game_id: Schema.String,
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  game_date: Schema.NullOr(Schema.String),
  home_team: Schema.String,
  away_team: Schema.String,
  lines: Schema.Array(OddsLineRow)
}).annotations({ identifier: "GameOdds" })
export type GameOdds = typeof GameOdds.Type

/** The served row of a stored line (implied probabilities by {@link noVigPair}). */
export const lineRow = (l: OddsLine): OddsLineRow => {
  const ml = noVigPair(l.home_moneyline, l.away_moneyline)
  const sp = noVigPair(l.home_spread_odds, l.away_spread_odds)
  const tot = noVigPair(l.over_odds, l.under_odds)
  return {
    source: l.source,
    bookmaker: l.bookmaker,
    snapshot: l.snapshot,
    snapshot_date: l.snapshot_date,
    line_time: l.line_time === null ? null : l.line_time.toISOString(),
    moneyline: l.home_moneyline === null && l.away_moneyline === null ? null : {
      home: l.home_moneyline,
      away: l.away_moneyline,
      home_implied_probability: ml?.a ?? null,
      away_implied_probability: ml?.b ?? null
    },
    spread: l.home_spread === null ? null : {
      home_line: l.home_spread,
      away_line: l.home_spread === 0 ? 0 : -l.home_spread,
      home_odds: l.home_spread_odds,
      away_odds: l.away_spread_odds,
      home_implied_probability: sp?.a ?? null,
      away_implied_probability: sp?.b ?? null
    },
    total: l.total === null ? null : {
      line: l.total,
      over_odds: l.over_odds,
      under_odds: l.under_odds,
      over_implied_probability: tot?.a ?? null,
      under_implied_probability: tot?.b ?? null
    }
  }
}

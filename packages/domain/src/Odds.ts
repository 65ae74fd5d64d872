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
import * as Paging from "./Paging.js"
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
 * - Outright lines (golf): `market` the outright market (`win`, `top_5`, `top_10`, `top_20`,
 *   `frl`, `make_cut`, `mc`), `participant_id` the golfer's id (null when unlinked),
 *   `participant_name` as the source writes it, `home` the golfer (participant id, else the
 *   name), `away` `"field"`, `home_moneyline` the golfer's price; absent on two-sided lines.
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
  under_odds: Schema.NullOr(Schema.Number),
  market: Schema.optional(Schema.NullOr(Schema.String)),
  participant_id: Schema.optional(Schema.NullOr(Schema.String)),
  participant_name: Schema.optional(Schema.NullOr(Schema.String))
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
  "implied probability of American odds (100/(odds+100) if positive, -odds/(-odds+100) if negative), vig removed by proportional normalisation: each side divided by the sum of both sides; golf outrights: each golfer's implied probability times the market's places (win and frl 1, top_N N) divided by the sum over the bookmaker's field of that market (make_cut and mc: none)"

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

/**
 * A golfer's outright price (golf): the market, the golfer, the American odds, the implied
 * probability margin included ({@link impliedProbability}) and the no-vig probability
 * ({@link noVigField}: normalised over the bookmaker's field of the market to its number of
 * places; null for `make_cut` and `mc`). Fractions 0-1.
 */
export const Outright = Schema.Struct({
  market: Schema.String,
  participant_id: Schema.NullOr(Schema.String),
  participant_name: Schema.String,
  odds: Schema.Number,
  implied_probability: Schema.NullOr(Schema.Number),
  no_vig_probability: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "Outright" })
export type Outright = typeof Outright.Type

/**
 * One line as served: who offered it and when, with its three markets (null where absent), or,
 * for an outright line (golf), its `outright` price (the three markets null then).
 */
export const OddsLineRow = Schema.Struct({
  source: Schema.String,
  bookmaker: Schema.NullOr(Schema.String),
  snapshot: Schema.String,
  snapshot_date: Schema.String,
  line_time: Schema.NullOr(Schema.String),
  moneyline: Schema.NullOr(Moneyline),
  spread: Schema.NullOr(Spread),
  total: Schema.NullOr(Total),
  outright: Schema.optional(Outright)
}).annotations({ identifier: "OddsLine" })
export type OddsLineRow = typeof OddsLineRow.Type

/**
 * A game with its latest line per source and bookmaker (`/v1/{sport}/odds`); a golf event with the
 * latest price per source, bookmaker, market and golfer (`home_team`, `away_team` null then).
 */
export const GameOdds = Schema.Struct({
  game_id: Schema.String,
  season: Schema.Int,
  week: Schema.NullOr(Schema.Int),
  game_date: Schema.NullOr(Schema.String),
  home_team: Schema.NullOr(Schema.String),
  away_team: Schema.NullOr(Schema.String),
  /** The game's latest lines under the request's filters, before `lines_limit` cuts `lines`. */
  lines_total: Schema.Int.annotations({
    description: "the game's latest lines under the filters (bookmaker, market), before lines_limit cuts lines"
  }),
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

// ---------------------------------------------------------------------------------------------
// Outrights (golf)
// ---------------------------------------------------------------------------------------------

/**
 * How many runners an outright market pays: `win` and `frl` (first-round leader) 1, `top_5` 5,
 * `top_10` 10, `top_20` 20 (the market names of 925sports_pga_tour_data). Undefined for
 * `make_cut` and `mc` (miss the cut), whose number of winners is not known before the cut.
 */
export const outrightPlaces = (market: string): number | undefined => {
  const top = /^top_(\d{1,3})$/.exec(market)
  return market === "win" || market === "frl" ? 1 : top === null ? undefined : Number(top[1])
}

/**
 * No-vig probabilities of a many-runner market: each runner's implied probability
 * ({@link impliedProbability}) scaled so the field sums to the market's number of places
 * ({@link outrightPlaces}): `p_i * places / sum(p)`. This is the proportional normalisation of
 * {@link noVigPair} generalised to a field (a bookmaker's top-5 prices should sum to 5 winners).
 * `prices` are one bookmaker's American odds of every runner of one market at one time; null for
 * a runner without a valid price, and every result null when the market's places are unknown or
 * no runner is priced. Rounded to 4 decimals (fractions 0-1, capped at 1).
 */
export const noVigField = (
  market: string,
  prices: ReadonlyArray<number | null>
): ReadonlyArray<number | null> => {
  const places = outrightPlaces(market)
  const implied = prices.map((p) => (p === null ? null : impliedProbability(p)))
  const sum = implied.reduce<number>((s, p) => s + (p ?? 0), 0)
  return implied.map((p) => scaledToPlaces(p, places, sum))
}

/** `p * places / sum` rounded to 4 decimals and capped at 1; null without p, places or a sum. */
const scaledToPlaces = (p: number | null, places: number | undefined, sum: number): number | null =>
  places === undefined || p === null || sum <= 0 ? null : Math.min(1, Math.round((p * places / sum) * 10_000) / 10_000)

/** True for an outright line (it has a market). */
export const isOutright = (l: OddsLine): boolean => typeof l.market === "string"

/**
 * What a game's latest line is kept per: source and bookmaker, and for an outright line also its
 * market and golfer (`home`). The last line in snapshot order under one key is the latest.
 */
export const latestKey = (l: OddsLine): string =>
  `${l.source}\u0000${l.bookmaker ?? ""}${isOutright(l) ? `\u0000${l.market}\u0000${l.home}` : ""}`

/**
 * Where a line stands in its game's list (`/v1/{sport}/odds`), computed where the lines are
 * written ({@link listedLines}) so that the list reads one bounded page per game:
 * - `first`: the line is its game's first in snapshot order ({@link compareSnapshots}), whose
 *   header the list shows;
 * - `rank`: for a latest line (the last in snapshot order of its {@link latestKey}), its position
 *   (0-based) among the game's latest lines ordered by key (code units), the order the list
 *   serves them in; null for a line that is not latest;
 * - `no_vig_probability`: for a latest outright line, the no-vig probability the list serves
 *   ({@link outrightRows} with field `"latest"`: over the game's latest lines); null otherwise.
 */
export interface ListedLine {
  readonly first: boolean
  readonly rank: number | null
  readonly no_vig_probability: number | null
}

/**
 * Per line of `lines` (in the order given), its {@link ListedLine}. `lines` must hold every line
 * of each game they touch (a sport's whole batch, as the odds writers receive it).
 */
export const listedLines = (lines: ReadonlyArray<OddsLine>): ReadonlyArray<ListedLine> => {
  const games = new Map<string, Array<number>>()
  lines.forEach((l, i) => {
    const g = games.get(l.game_id)
    if (g === undefined) games.set(l.game_id, [i])
    else g.push(i)
  })
  const out: Array<ListedLine> = lines.map(() => ({ first: false, rank: null, no_vig_probability: null }))
  for (const indexes of games.values()) {
    indexes.sort((a, b) => compareSnapshots(lines[a]!, lines[b]!))
    // in snapshot order, the last line of a key wins
    const latest = new Map<string, number>()
    for (const i of indexes) latest.set(latestKey(lines[i]!), i)
    const ranked = [...latest.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, i]) => i)
    const rows = lineRows(ranked.map((i) => lines[i]!), "latest")
    ranked.forEach((i, rank) => {
      out[i] = { first: false, rank, no_vig_probability: rows[rank]!.outright?.no_vig_probability ?? null }
    })
    out[indexes[0]!] = { ...out[indexes[0]!]!, first: true }
  }
  return out
}

/**
 * The served rows of outright lines, in the order given. A line's no-vig probability is computed
 * over a field: for each event, bookmaker and market, the latest price of every golfer. `field`
 * `"at_time"` (a history: `lines` are every snapshot) takes the field as known at the line's
 * `line_time` (lines of one time applied together); `"latest"` (a list: `lines` are each golfer's
 * latest line) takes every given line. A golfer the source stops listing keeps its last price in
 * the field (the source records changes only). Non-outright lines are served by {@link lineRow}.
 */
export const outrightRows = (
  lines: ReadonlyArray<OddsLine>,
  field: "at_time" | "latest" = "at_time"
): ReadonlyArray<OddsLineRow> => {
  const order = lines.map((_, i) => i).sort((a, b) =>
    (lines[a]!.line_time?.getTime() ?? 0) - (lines[b]!.line_time?.getTime() ?? 0) || a - b
  )
  // per event, bookmaker and market: each golfer's implied probability and their running sum
  const fields = new Map<string, { readonly implied: Map<string, number>; sum: number }>()
  const groupOf = (l: OddsLine) => `${l.game_id}\u0000${l.bookmaker ?? ""}\u0000${l.market ?? ""}`
  const out: Array<OddsLineRow> = new Array(lines.length)
  for (let i = 0; i < order.length;) {
    const t = lines[order[i]!]!.line_time?.getTime() ?? 0
    let j = i
    while (j < order.length && (field === "latest" || (lines[order[j]!]!.line_time?.getTime() ?? 0) === t)) j++
    for (let k = i; k < j; k++) {
      const l = lines[order[k]!]!
      const g = fields.get(groupOf(l)) ?? { implied: new Map<string, number>(), sum: 0 }
      fields.set(groupOf(l), g)
      const p = l.home_moneyline === null ? null : impliedProbability(l.home_moneyline)
      if (p === null) continue
      g.sum += p - (g.implied.get(l.home) ?? 0)
      g.implied.set(l.home, p)
    }
    for (let k = i; k < j; k++) {
      const l = lines[order[k]!]!
      const g = fields.get(groupOf(l))!
      out[order[k]!] = outrightRow(
        l,
        scaledToPlaces(g.implied.get(l.home) ?? null, outrightPlaces(l.market ?? ""), g.sum)
      )
    }
    i = j
  }
  return out
}

/**
 * The served row of outright line `l` with its no-vig probability `noVig` (computed over the
 * field by {@link outrightRows}, or read back as stored by {@link atTimeNoVig}).
 */
export const outrightRow = (l: OddsLine, noVig: number | null): OddsLineRow => ({
  ...lineRow(l),
  moneyline: null,
  outright: {
    market: l.market ?? "",
    participant_id: l.participant_id ?? null,
    participant_name: l.participant_name ?? l.home,
    odds: l.home_moneyline ?? 0,
    implied_probability: l.home_moneyline === null
      ? null
      : Math.round((impliedProbability(l.home_moneyline) ?? 0) * 10_000) / 10_000,
    no_vig_probability: noVig
  }
})

/**
 * Per line of `lines` (in the order given), the no-vig probability its game's history serves
 * ({@link outrightRows} with field `"at_time"` over every line of the game): a number or null
 * for an outright line, null for a two-sided line (whose probabilities {@link lineRow} derives
 * from the line alone). `lines` must hold every line of each game they touch (a sport's whole
 * batch, as the odds writers receive it): the stores compute it where lines are written and keep
 * it beside each line, so that a history page reads only its own lines.
 */
export const atTimeNoVig = (lines: ReadonlyArray<OddsLine>): ReadonlyArray<number | null> => {
  // in each game's history order, as the history computed it (ties of one time keep that order)
  const outright = lines.map((l, i) => ({ l, i })).filter(({ l }) => isOutright(l)).sort((a, b) =>
    a.l.game_id !== b.l.game_id ? (a.l.game_id < b.l.game_id ? -1 : 1) : compareSnapshots(a.l, b.l)
  )
  const rows = outrightRows(outright.map(({ l }) => l), "at_time")
  const out: Array<number | null> = lines.map(() => null)
  outright.forEach(({ i }, k) => {
    out[i] = rows[k]!.outright?.no_vig_probability ?? null
  })
  return out
}

/** A stored line and the no-vig probability stored beside it ({@link atTimeNoVig}). */
export interface StoredLine {
  readonly line: OddsLine
  readonly no_vig_probability: number | null
}

/** The served row of a stored line: {@link outrightRow} with its stored probability, else {@link lineRow}. */
export const storedRow = (s: StoredLine): OddsLineRow =>
  isOutright(s.line) ? outrightRow(s.line, s.no_vig_probability) : lineRow(s.line)

/**
 * The history's order (`compareSnapshots`) as a sort key: snapshot date, line time (ms; -1 for
 * none, which the order puts first), stored line id. Its cursor format is the one
 * `/v1/{sport}/odds/history/{gameId}` serves.
 */
export const historyKeyOf = (l: OddsLine): readonly [string, number, string] => [
  l.snapshot_date,
  l.line_time?.getTime() ?? -1,
  l.id
]

/** {@link historyKeyOf} as a paging key spec (domain Paging.ts): the stores' and the service's one. */
export const historyKey: Paging.KeySpec<OddsLine> = {
  columns: [Paging.column("string"), Paging.column("number"), Paging.column("string")],
  of: historyKeyOf
}

/**
 * The served rows of `lines` (any mix of two-sided and outright lines), in the order given;
 * `field` as in {@link outrightRows}.
 */
export const lineRows = (
  lines: ReadonlyArray<OddsLine>,
  field: "at_time" | "latest" = "at_time"
): ReadonlyArray<OddsLineRow> => {
  const outrights = outrightRows(lines.filter(isOutright), field)
  let k = 0
  return lines.map((l) => (isOutright(l) ? outrights[k++]! : lineRow(l)))
}

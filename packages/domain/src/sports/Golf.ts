/**
 * Golf: the event sport module (see EventSportModule.ts), the rules that turn total strokes and
 * rounds played into a leaderboard (positions with ties, missed cuts), and the response rows of
 * `/v1/golf`.
 *
 * Storage: a tournament is a `SportEvent` (league `pga` or `lpga`, `season` the tour's season
 * year: 2021-22 = 2022); a golfer's result an `EventEntry` with `score` the total strokes,
 * `position` the numeric finishing place (3 for "T3"; null for a missed cut or withdrawal),
 * `status` finished | cut | withdrawn, and `stats` `to_par`, `points` (a Stableford event,
 * `attributes.format = "stableford"`, ranks by points and has no strokes or scores to par),
 * `rounds` (null when not derivable), `amateur` (1/0), `order` (the source's running order) and
 * `tied` (1/0, where the source writes the official finish, such as "T32"; else absent) and
 * `playoff_par` (the par of playoff holes the source counted in the total and the score to par
 * of a playoff player; null when none).
 * @module
 */
import { Schema } from "effect"
import { DateString, GameRef } from "../Resources.js"
import { EVENT_STATES, type EventSportModule } from "./EventSportModule.js"

/** The Golf module. */
export const golf = {
  key: "golf",
  name: "Golf",
  shortName: "Golf",
  leagues: ["pga", "lpga"],
  defaultLeague: "pga",
  eventStates: EVENT_STATES,
  participant: "golfer",
  dfs: true
} as const satisfies EventSportModule<"golf">

/** Golf tours (specification: tour keys pga, lpga). */
export const GolfTour = Schema.Literal("pga", "lpga")
export type GolfTour = typeof GolfTour.Type

/**
 * What a golfer's result is: played every round, missed the cut, made the cut but not the
 * second (54-hole) cut ("mdf", where a source says so), did not complete, or was disqualified
 * (where a source says so).
 */
export type GolfStatus = "finished" | "cut" | "mdf" | "withdrawn" | "disqualified"

/**
 * A finish as a source writes it (`1`, `T32`, `CUT`, `WD`, `W/D`, `MDF`, `DQ`): the placing and
 * whether the place is shared; undefined when it is none of these.
 */
export const parseFinish = (text: string): (GolfPlacing & { readonly tied: boolean }) | undefined => {
  const t = text.trim().toUpperCase()
  const m = /^(T?)(\d{1,3})$/.exec(t)
  if (m !== null) return { position: Number(m[2]), status: "finished", tied: m[1] === "T" }
  const status = ({ CUT: "cut", WD: "withdrawn", "W/D": "withdrawn", MDF: "mdf", DQ: "disqualified" } as const)[
    t as "CUT"
  ]
  return status === undefined ? undefined : { position: null, status, tied: false }
}

/**
 * One golfer's tournament result as a source gives it: `score` the number the field is ranked by
 * (strokes to par in stroke play; points in a Stableford event), null when missing; `rounds`
 * rounds played (a fraction when a round was left unfinished); `order` the source's running
 * order (1 first).
 */
export interface GolfCard {
  readonly score: number | null
  readonly rounds: number
  readonly order: number
  /** True for a player of a playoff whose holes the source counted in `score` (see {@link roundsPlayed}). */
  readonly playoff?: boolean
}

/** A golfer's place derived by {@link placings}: numeric `position` (null unless finished) and `status`. */
export interface GolfPlacing {
  readonly position: number | null
  readonly status: GolfStatus
}

/**
 * Places every card of one tournament by the rules of stroke play (`higherWins` for a Stableford
 * event, ranked by points):
 * - Finishers are the cards with a score and the most rounds played; the best score wins; golfers
 *   level share the place (position = 1 + finishers with a better score, shown "T3" when shared).
 * - A tie for first is settled by a playoff: the source lists its winner first (lowest `order`),
 *   who takes 1; the others of the playoff share 2. The players of the playoff are those level on
 *   the best score, or, where the source counted the playoff holes in their scores, the cards
 *   marked `playoff` (their scores are then not comparable with the field's).
 * - A card with fewer rounds missed the cut when its round count is the event's cut (the most
 *   common whole count below the finishers', held by at least 5 golfers); any other shorter or
 *   scoreless card is a withdrawal (or disqualification: the sources do not tell them apart).
 * Returns placings in the order of `cards`.
 */
export const placings = (
  cards: ReadonlyArray<GolfCard>,
  options: { readonly higherWins?: boolean } = {}
): ReadonlyArray<GolfPlacing> => {
  const sign = options.higherWins === true ? -1 : 1
  const scored = cards.filter((c) => c.score !== null)
  const maxRounds = scored.reduce((m, c) => (Number.isInteger(c.rounds) ? Math.max(m, c.rounds) : m), 0)
  const finishers = scored.filter((c) => c.rounds === maxRounds)
  const short = new Map<number, number>()
  for (const c of scored) {
    if (c.rounds < maxRounds && Number.isInteger(c.rounds)) short.set(c.rounds, (short.get(c.rounds) ?? 0) + 1)
  }
  const [cutRounds] = [...short].filter(([, n]) => n >= 5).sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? []
  const key = (c: GolfCard) => sign * (c.score ?? 0)
  const marked = finishers.filter((c) => c.playoff === true)
  const rest = marked.length > 0 ? finishers.filter((c) => c.playoff !== true) : finishers
  const best = finishers.reduce((m, c) => Math.min(m, key(c)), Number.POSITIVE_INFINITY)
  const leaders = marked.length > 0 ? marked : finishers.filter((c) => key(c) === best)
  const winner = leaders.reduce<GolfCard | undefined>(
    (w, c) => (w === undefined || c.order < w.order ? c : w),
    undefined
  )
  return cards.map((c): GolfPlacing => {
    if (c.score === null || c.rounds < maxRounds) {
      return { position: null, status: c.score !== null && c.rounds === cutRounds ? "cut" : "withdrawn" }
    }
    if (leaders.includes(c) && leaders.length > 1) return { position: c === winner ? 1 : 2, status: "finished" }
    return { position: 1 + marked.length + rest.filter((f) => key(f) < key(c)).length, status: "finished" }
  })
}

const statusLabels: Readonly<Record<GolfStatus, string>> = {
  finished: "-",
  cut: "CUT",
  mdf: "MDF",
  withdrawn: "WD",
  disqualified: "DQ"
}

/**
 * The leaderboard label of a placing: "1", "T3" when `shared` by more than one golfer, "CUT",
 * "MDF", "WD", "DQ".
 */
export const positionLabel = (placing: GolfPlacing, shared: boolean): string =>
  placing.status === "finished" && placing.position !== null
    ? `${shared ? "T" : ""}${placing.position}`
    : statusLabels[placing.status]

/** A score to par as golf writes it: `-11`, `E`, `+3`. */
export const toParLabel = (toPar: number): string => (toPar === 0 ? "E" : toPar > 0 ? `+${toPar}` : `${toPar}`)

/** Reads `-11`, `E`, `+3` (or a plain integer) as strokes to par; undefined otherwise. */
export const parseToPar = (text: string): number | undefined => {
  const t = text.trim().toUpperCase()
  if (t === "E") return 0
  return /^[+-]?\d{1,3}$/.test(t) ? Number(t) : undefined
}

/** Strokes of par a card may differ from its group's usual par total and still count as complete. */
const COMPLETE_TOLERANCE = 4

/** The most strokes of a playoff a finisher's total may hold (five extra holes). */
const PLAYOFF_MAX = 25

/**
 * Rounds played by each golfer of one tournament, from each card's par total (strokes minus score
 * to par, that is the par of the holes played):
 * - a card's round count is its par total over 71 rounded (par 68 to 74 over 1 to 5 rounds gives
 *   the right count, also on multi-course events whose courses differ in par);
 * - the usual par total of each round count is the most frequent among its cards; a card at most
 *   4 strokes of it is complete (whole rounds); so is a card of the most rounds up to 25 over it
 *   (the source counted a playoff's holes in the total and the score to par, as ESPN does for
 *   some playoffs); any other card left a round unfinished and gets a fraction (its par total over
 *   the par of one round), which never counts as finished.
 * Returns, in the order of `parTotals`: the rounds (null for a missing total) and `extra`, the
 * par of the holes beyond the card's rounds (a playoff; 0 when none, null for a partial or
 * missing card); and `par`, the par of one round of the longest complete cards (null when none).
 */
export const roundsPlayed = (
  parTotals: ReadonlyArray<number | null>
): {
  readonly rounds: ReadonlyArray<number | null>
  readonly extra: ReadonlyArray<number | null>
  readonly par: number | null
} => {
  const estimate = (t: number) => Math.max(1, Math.round(t / 71))
  const counts = new Map<number, Map<number, number>>()
  for (const t of parTotals) {
    if (t === null || t <= 0) continue
    const byTotal = counts.get(estimate(t)) ?? new Map<number, number>()
    byTotal.set(t, (byTotal.get(t) ?? 0) + 1)
    counts.set(estimate(t), byTotal)
  }
  const usual = new Map(
    [...counts].map(([r, byTotal]) => [r, [...byTotal].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0]] as const)
  )
  const longest = [...usual.keys()].sort((a, b) => b - a)[0]
  const cards = parTotals.map((t) => {
    if (t === null || t <= 0) return { rounds: null, extra: null }
    const r = estimate(t)
    const total = usual.get(r)!
    const over = r === longest ? PLAYOFF_MAX : COMPLETE_TOLERANCE
    return t >= total - COMPLETE_TOLERANCE && t <= total + over
      ? { rounds: r, extra: Math.max(0, t - total) }
      : { rounds: Math.round((t / (total / r)) * 100) / 100, extra: null }
  })
  return {
    rounds: cards.map((c) => c.rounds),
    extra: cards.map((c) => c.extra),
    par: longest === undefined ? null : Math.round((usual.get(longest)! / longest) * 10) / 10
  }
}

// ---------------------------------------------------------------------------------------------
// Response rows of /v1/golf (the specification names positions, scores to par and round scores)
// ---------------------------------------------------------------------------------------------

/**
 * A tournament (`/v1/golf/tournaments`). `event_id` `svc_golf_<ESPN event id>` (or
 * `svc_golf_dk-<season>-<slug>` for a DFS slate without an ESPN id); `has_results` whether a
 * leaderboard is held; `purse` in US$ millions (2021-22 only); `course` where a source names it.
 */
export const GolfTournament = Schema.Struct({
  ...GameRef,
  event_id: Schema.String,
  tour: GolfTour,
  season: Schema.Int,
  name: Schema.String,
  start_date: Schema.NullOr(DateString),
  end_date: Schema.NullOr(DateString),
  state: Schema.String,
  course: Schema.NullOr(Schema.String),
  purse: Schema.NullOr(Schema.Number),
  has_results: Schema.Boolean,
  field_size: Schema.Int
}).annotations({ identifier: "GolfTournament" })
export type GolfTournament = typeof GolfTournament.Type

/**
 * A leaderboard row. `position` "1", "T3", "CUT" or "WD"; `position_number` the numeric place
 * (null for CUT/WD); `total_strokes`; `score_to_par` strokes relative to par (negative under) and
 * `score_to_par_display` (`-11`, `E`, `+3`); `rounds_played`; `rounds` the round-by-round scores:
 * always null, no source has them (see meta.coverage); `stableford_points` the points of a
 * (modified) Stableford event, where strokes and scores to par are null; null otherwise;
 * `playoff` true for the players of a playoff for first (where the source counted its holes, as
 * in some 2025 events, their total_strokes and score_to_par include them).
 */
export const GolfLeaderboardRow = Schema.Struct({
  position: Schema.String,
  position_number: Schema.NullOr(Schema.Int),
  player_id: Schema.String,
  player_name: Schema.String,
  status: Schema.String,
  total_strokes: Schema.NullOr(Schema.Int),
  score_to_par: Schema.NullOr(Schema.Int),
  score_to_par_display: Schema.NullOr(Schema.String),
  rounds_played: Schema.NullOr(Schema.Int),
  rounds: Schema.Null,
  stableford_points: Schema.NullOr(Schema.Number),
  playoff: Schema.Boolean,
  amateur: Schema.NullOr(Schema.Boolean)
}).annotations({ identifier: "GolfLeaderboardRow" })
export type GolfLeaderboardRow = typeof GolfLeaderboardRow.Type

/**
 * `/v1/golf/players/{id}/scoring-average`: total strokes over total rounds of the golfer's last
 * `tournaments` events with results (`scoring_average` strokes per round, two decimals), with the
 * events counted, newest first.
 */
export const GolfScoringAverage = Schema.Struct({
  player_id: Schema.String,
  player_name: Schema.String,
  tournaments: Schema.Int,
  rounds: Schema.Int,
  strokes: Schema.Int,
  scoring_average: Schema.NullOr(Schema.Number),
  events: Schema.Array(Schema.Struct({
    ...GameRef,
    event_id: Schema.String,
    name: Schema.String,
    end_date: Schema.NullOr(DateString),
    position: Schema.String,
    total_strokes: Schema.Int,
    rounds_played: Schema.Int
  }))
}).annotations({ identifier: "GolfScoringAverage" })
export type GolfScoringAverage = typeof GolfScoringAverage.Type

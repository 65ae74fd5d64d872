/**
 * Golf outright odds: `925sports_pga_tour_data/betting_odds_history.csv`, every committed version
 * of a DataGolf-style odds feed (see its PROVENANCE.md): one row per (tour, market, golfer) and
 * version, with the American odds of DraftKings, FanDuel, bet365 and the DataGolf baseline, the
 * feed's `updated_at` and the version's `snapshot_commit_time`. A row is kept only when it
 * differs from the golfer's previous version, so a snapshot lists the prices that changed.
 *
 * The file names no event. A snapshot of tour T taken at time t belongs to the stored event of T
 * in progress on t's UTC day (start_date <= day <= end_date), else to the next one to start after
 * that day, when exactly one such event exists; otherwise its rows are unmatched (counted and
 * reported, never stored). Tours: `PGA` = the stored PGA Tour events (league `pga`); `OPP` (the
 * opposite-field event) and any other tour have no stored events and stay unmatched.
 * Checked on the real file: the PGA snapshots of 2026-07-28 to 2026-08-02 list 136 of the 147
 * golfers of the Rocket Classic's salary slate (113 of the Wyndham Championship's), those of
 * 2026-08-03 to 2026-08-08 137 of the Wyndham's (114 of the Rocket's), as the rule assigns them.
 *
 * Each (row, bookmaker with a price) becomes one stored line (domain Odds.ts `OddsLine`):
 * `market` the source's market, `home` the golfer (participant id, or the source's name when no
 * stored golfer has the name), `away` `"field"`, `home_moneyline` the price; golfers linked by
 * name key (Names.ts) to the golfers of the stored leaderboards, as the DFS salaries are.
 * @module
 */
import type { Odds } from "@sports-data/domain"
import { Either } from "effect"
import { type CsvRow, field } from "../Csv.js"
import { nameKey } from "../Names.js"
import type { SkippedRow } from "../Report.js"
import { required } from "../Rows.js"

/** The dataset folder of the outright odds. */
export const golfOddsFolder = "925sports_pga_tour_data"

/** The bookmaker columns of the file and the bookmaker each names. */
export const golfBookmakers = [
  ["odds_draftkings", "draftkings"],
  ["odds_fanduel", "fanduel"],
  ["odds_bet365", "bet365"],
  ["odds_datagolf_baseline", "datagolf_baseline"]
] as const

/** One parsed row: a golfer's prices in one market of one tour's snapshot. */
export interface GolfOddsRow {
  readonly file: string
  readonly line: number
  readonly tour: string
  readonly market: string
  readonly name: string
  /** The time the feed was updated (`updated_at`, else the version's commit time). */
  readonly time: Date
  /** American odds by bookmaker (only the bookmakers with a price). */
  readonly prices: ReadonlyArray<{ readonly bookmaker: string; readonly odds: number }>
}

const time = (row: CsvRow, column: string): Either.Either<Date | undefined, string> => {
  const v = field(row, column)
  if (v === undefined) return Either.right(undefined)
  const d = new Date(v)
  return Number.isNaN(d.getTime()) ? Either.left(`${column} is not a time: ${JSON.stringify(v)}`) : Either.right(d)
}

/**
 * Parses one row. A bookmaker column that is blank, `N/A` or `n/a` has no price; any other value
 * must be American odds (`+7400`, `-230`: |odds| >= 100). Left with the reason otherwise.
 */
export const parseGolfOdds = (row: CsvRow): Either.Either<GolfOddsRow, string> =>
  Either.gen(function*() {
    const prices: Array<{ bookmaker: string; odds: number }> = []
    for (const [column, bookmaker] of golfBookmakers) {
      const v = field(row, column)
      if (v === undefined || /^n\/a$/i.test(v)) continue
      const odds = Number(v)
      if (!Number.isFinite(odds) || Math.abs(odds) < 100) {
        return yield* Either.left(`${column} is not American odds: ${JSON.stringify(v)}`)
      }
      prices.push({ bookmaker, odds })
    }
    const updated = yield* time(row, "updated_at")
    const committed = yield* time(row, "snapshot_commit_time")
    const at = updated ?? committed
    if (at === undefined) return yield* Either.left("updated_at and snapshot_commit_time are missing")
    return {
      file: row.file,
      line: row.line,
      tour: yield* required(row, "tour"),
      market: yield* required(row, "market"),
      name: yield* required(row, "player_name"),
      time: at,
      prices
    }
  })

/** What matching needs of a stored golf event. */
export interface GolfEventRef {
  readonly id: string
  readonly league: string
  readonly season: number
  readonly start_date: string | null
  readonly end_date: string | null
}

/** The stored league of each tour of the file that has stored events. */
const leagueOfTour: Readonly<Record<string, string>> = { PGA: "pga" }

/**
 * The event a snapshot of `tour` taken on `day` (`YYYY-MM-DD`, UTC) belongs to: the one event of
 * the tour's league in progress that day, else the one starting soonest after it; Left with the
 * reason when the tour has no stored events, no event qualifies, or two do (ambiguous).
 */
export const eventOfSnapshot = (
  events: ReadonlyArray<GolfEventRef>,
  tour: string,
  day: string
): Either.Either<GolfEventRef, string> => {
  const league = leagueOfTour[tour]
  if (league === undefined) return Either.left(`tour ${tour} has no stored events`)
  const dated = events.filter((e) => e.league === league && e.start_date !== null)
  const running = dated.filter((e) => e.start_date! <= day && (e.end_date ?? e.start_date!) >= day)
  if (running.length > 1) {
    return Either.left(`${running.length} ${tour} events are in progress on ${day}: ${running.map((e) => e.id)}`)
  }
  if (running.length === 1) return Either.right(running[0]!)
  const next = dated.filter((e) => e.start_date! > day).sort((a, b) => (a.start_date! < b.start_date! ? -1 : 1))
  if (next.length === 0) return Either.left(`no ${tour} event is in progress on or starts after ${day}`)
  if (next.length > 1 && next[1]!.start_date === next[0]!.start_date) {
    return Either.left(`two ${tour} events start on ${next[0]!.start_date}: ${next[0]!.id}, ${next[1]!.id}`)
  }
  return Either.right(next[0]!)
}

/** What matching produced: the stored lines and the rows left unmatched (one per source row). */
export interface GolfMatched {
  readonly lines: ReadonlyArray<Odds.OddsLine>
  readonly unmatched: ReadonlyArray<SkippedRow>
  /** Lines whose golfer no stored golfer's name matches (stored with the source's name). */
  readonly unlinked: number
}

/**
 * Matches parsed rows to `events` (see {@link eventOfSnapshot}) and links golfers to `golfers`
 * by name key (a key two golfers share links none). Line ids:
 * `<event>:<folder>:<snapshot_date>:snapshot:<bookmaker>:<time ISO>:<market>:<golfer name key>`.
 */
export const matchGolfOdds = (
  events: ReadonlyArray<GolfEventRef>,
  golfers: ReadonlyArray<{ readonly id: string; readonly name: string }>,
  rows: ReadonlyArray<GolfOddsRow>
): GolfMatched => {
  const byKey = new Map<string, string | null>()
  for (const g of golfers) {
    const k = nameKey(g.name)
    const had = byKey.get(k)
    byKey.set(k, had === undefined || had === g.id ? g.id : null)
  }
  const lines: Array<Odds.OddsLine> = []
  const unmatched: Array<SkippedRow> = []
  let unlinked = 0
  for (const r of rows) {
    const day = r.time.toISOString().slice(0, 10)
    const event = eventOfSnapshot(events, r.tour, day)
    if (Either.isLeft(event)) {
      unmatched.push({ file: r.file, line: r.line, reason: event.left })
      continue
    }
    const e = event.right
    const key = nameKey(r.name)
    const participant = byKey.get(key) ?? null
    for (const p of r.prices) {
      if (participant === null) unlinked++
      lines.push({
        id: `${e.id}:${golfOddsFolder}:${day}:snapshot:${p.bookmaker}:${r.time.toISOString()}:${r.market}:${key}`,
        sport: "golf",
        game_id: e.id,
        season: e.season,
        week: null,
        game_date: e.start_date,
        source: golfOddsFolder,
        bookmaker: p.bookmaker,
        snapshot: "snapshot",
        snapshot_date: day,
        line_time: r.time,
        home: participant ?? r.name,
        away: "field",
        home_moneyline: p.odds,
        away_moneyline: null,
        home_spread: null,
        home_spread_odds: null,
        away_spread_odds: null,
        total: null,
        over_odds: null,
        under_odds: null,
        market: r.market,
        participant_id: participant,
        participant_name: r.name
      })
    }
  }
  return { lines, unmatched, unlinked }
}

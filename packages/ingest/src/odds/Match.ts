/**
 * Matching parsed lines (Sources.ts) to the service's own games, and building the stored lines.
 * Pure. A line whose game is not found is reported as skipped with the reason, never stored
 * under an invented game.
 * @module
 */
import { Odds, type SportKey } from "@sports-data/domain"
import type { SkippedRow } from "../Report.js"
import { addDays } from "../Rows.js"
import type { LineValues, SourceLine } from "./Sources.js"

/** What matching needs of a stored game (or tennis match): its id, date, season, week and sides. */
export interface GameRef {
  readonly id: string
  readonly season: number
  readonly week: number | null
  readonly game_date: string | null
  /** Home team abbreviation (tennis: the winner's participant id). */
  readonly home: string
  readonly away: string
}

/** The values of a line seen from the other side (home and away swapped; the handicap negated). */
const swapped = (v: LineValues): LineValues => ({
  home_moneyline: v.away_moneyline,
  away_moneyline: v.home_moneyline,
  home_spread: v.home_spread === null ? null : v.home_spread === 0 ? 0 : -v.home_spread,
  home_spread_odds: v.away_spread_odds,
  away_spread_odds: v.home_spread_odds,
  total: v.total,
  over_odds: v.over_odds,
  under_odds: v.under_odds
})

/** What matching produced: the stored lines, and each source line left unmatched. */
export interface Matched {
  readonly lines: ReadonlyArray<Odds.OddsLine>
  readonly unmatched: ReadonlyArray<SkippedRow>
}

/**
 * Matches `lines` to `games` of `sport`. A line keyed by id takes the game of that id. A line
 * keyed by teams resolves both names with `team` (undefined: unmatched) and takes the game of the
 * two on its date, home and away as given, else with the sides reversed (the values are then
 * swapped: a neutral-site game listed the other way round), else the one game of the two within
 * the line's window of days (several: unmatched). A single line's snapshot date is its game's
 * date (a game without a date leaves it unmatched). Ids follow Odds.ts `OddsLine` (a repeated id keeps the last line).
 */
export const matchLines = (
  sport: SportKey,
  games: ReadonlyArray<GameRef>,
  lines: ReadonlyArray<SourceLine>,
  team: (raw: string) => string | undefined = (raw) => raw
): Matched => {
  const byId = new Map(games.map((g) => [g.id, g]))
  const byDate = new Map<string, GameRef>()
  const byPair = new Map<string, Array<GameRef>>()
  for (const g of games) {
    if (g.game_date !== null) byDate.set(`${g.game_date}|${g.home}|${g.away}`, g)
    const pair = [g.home, g.away].sort().join("|")
    byPair.set(pair, [...(byPair.get(pair) ?? []), g])
  }
  const out = new Map<string, Odds.OddsLine>()
  const unmatched: Array<SkippedRow> = []
  for (const l of lines) {
    let game: GameRef | undefined
    let values = l.values
    let reason = ""
    if (l.key.kind === "id") {
      game = byId.get(l.key.id)
      reason = `no game ${l.key.id}`
    } else {
      const { date, window } = l.key
      const home = team(l.key.home)
      const away = team(l.key.away)
      reason = home === undefined
        ? `unknown team ${JSON.stringify(l.key.home)}`
        : away === undefined
        ? `unknown team ${JSON.stringify(l.key.away)}`
        : `no game between ${home} and ${away} within ${window} day(s) of ${date}`
      if (home !== undefined && away !== undefined) {
        game = byDate.get(`${date}|${home}|${away}`)
        if (game === undefined) {
          game = byDate.get(`${date}|${away}|${home}`)
          if (game !== undefined) values = swapped(values)
        }
        if (game === undefined) {
          const from = addDays(date, -window)
          const to = addDays(date, window)
          const near = (byPair.get([home, away].sort().join("|")) ?? []).filter((g) =>
            g.game_date !== null && g.game_date >= from && g.game_date <= to
          )
          if (near.length === 1) {
            game = near[0]!
            if (game.home !== home) values = swapped(values)
          }
        }
      }
    }
    const snapshot_date = l.snapshot_date ?? game?.game_date ?? undefined
    if (game === undefined || snapshot_date === undefined) {
      unmatched.push({
        file: l.file,
        line: l.line,
        reason: game === undefined ? reason : `game ${game.id} has no date`
      })
      continue
    }
    const id = [game.id, l.source, snapshot_date, l.snapshot, l.bookmaker ?? "-", l.line_time?.toISOString()]
      .filter((x) => x !== undefined).join(":")
    out.set(id, {
      id,
      sport,
      game_id: game.id,
      season: game.season,
      week: game.week,
      game_date: game.game_date,
      source: l.source,
      bookmaker: l.bookmaker,
      snapshot: l.snapshot,
      snapshot_date,
      line_time: l.line_time,
      home: game.home,
      away: game.away,
      ...values
    })
  }
  return { lines: [...out.values()], unmatched }
}

/**
 * Parsers of the betting-line files, each row to a {@link SourceLine}: the line's values and how
 * to find its game (the game id the source shares with the service, or its date and two teams),
 * before matching (Match.ts). Pure; a malformed row is a `Left` with the reason.
 *
 * - nflverse `schedules_*.csv` (urwishpatel2003_nflverse_data): one line per game, the game id
 *   shared with the service; `spread_line` is the points the HOME team is favoured by (nflreadr
 *   dictionary), so the home handicap is its negation; moneylines, spread odds and over/under
 *   odds American.
 * - spreadspoke `spreadspoke_scores.csv`: the favourite's spread (negative) and the over/under,
 *   no odds; joined by date and teams (nfl Sources.ts `parseScore`).
 * - The Odds API snapshots (nielsenz_odds_api): one row per game, bookmaker and snapshot, home
 *   and away by full team name, commence time UTC; `spread_home` is already the home handicap.
 * - cfbfastR `betting_<season>.csv.gz`: ESPN game id, `home_team_spread` (home handicap, negative
 *   when the home team is favoured) and `over_under`; no odds, no bookmaker.
 * - tennis-data.co.uk odds files (bettormanpicks_bmp_app): closing decimal odds of the winner and
 *   the loser by bookmaker (B365 bet365, PS Pinnacle, Max best price, Avg market average, BFE
 *   Betfair exchange), converted to American (Odds.ts `americanOfDecimal`).
 * @module
 */
import { isCalendarDate, Odds } from "@sports-data/domain"
import { Either } from "effect"
import { type CsvRow, field } from "../Csv.js"
import { optionalNumber as optNumber, required } from "../Rows.js"

/** The market values of a line: American odds, handicap and total in points; null when absent. */
export interface LineValues {
  readonly home_moneyline: number | null
  readonly away_moneyline: number | null
  readonly home_spread: number | null
  readonly home_spread_odds: number | null
  readonly away_spread_odds: number | null
  readonly total: number | null
  readonly over_odds: number | null
  readonly under_odds: number | null
}

/** How a source line finds its game. */
export type GameKey =
  /** The source carries the service's own game id. */
  | { readonly kind: "id"; readonly id: string }
  /**
   * The game of `home` and `away` (raw names or codes, resolved by the sport's team names) on
   * `date` (US Eastern), else the one game of the two within `window` days.
   */
  | {
    readonly kind: "teams"
    readonly date: string
    readonly home: string
    readonly away: string
    readonly window: number
  }

/** One parsed line, before its game is found. */
export interface SourceLine {
  readonly file: string
  readonly line: number
  readonly source: string
  readonly key: GameKey
  readonly bookmaker: string | null
  readonly snapshot: string
  /** `YYYY-MM-DD`; undefined when the snapshot date is the game's (single lines). */
  readonly snapshot_date: string | undefined
  readonly line_time: Date | null
  readonly values: LineValues
}

/** A blank line: every value null. */
export const noValues: LineValues = {
  home_moneyline: null,
  away_moneyline: null,
  home_spread: null,
  home_spread_odds: null,
  away_spread_odds: null,
  total: null,
  over_odds: null,
  under_odds: null
}

/** True when a line carries no value at all (such rows are not lines and are not kept). */
export const isBlank = (v: LineValues): boolean => Object.values(v).every((x) => x === null)

/** Folder names of the odds sources (each has a PROVENANCE.md). */
export const oddsFolders = {
  nflverse: "urwishpatel2003_nflverse_data",
  spreadspoke: "spreadspoke_nfl",
  oddsApi: "nielsenz_odds_api",
  cfbfastr: "sportsdataverse_cfbfastr_cfb_data",
  bmp: "bettormanpicks_bmp_app"
} as const

/** Parses an nflverse schedule row: its single line, keyed by the nflverse game id; null when it has none. */
export const parseNflverseLine = (row: CsvRow): Either.Either<SourceLine | null, string> =>
  Either.gen(function*() {
    const id = yield* required(row, "game_id")
    const spreadLine = yield* optNumber(row, "spread_line")
    const values: LineValues = {
      home_moneyline: yield* optNumber(row, "home_moneyline"),
      away_moneyline: yield* optNumber(row, "away_moneyline"),
      home_spread: spreadLine === null ? null : spreadLine === 0 ? 0 : -spreadLine,
      home_spread_odds: yield* optNumber(row, "home_spread_odds"),
      away_spread_odds: yield* optNumber(row, "away_spread_odds"),
      total: yield* optNumber(row, "total_line"),
      over_odds: yield* optNumber(row, "over_odds"),
      under_odds: yield* optNumber(row, "under_odds")
    }
    if (isBlank(values)) return null
    return {
      file: row.file,
      line: row.line,
      source: oddsFolders.nflverse,
      key: { kind: "id", id },
      bookmaker: null,
      snapshot: "single",
      snapshot_date: undefined,
      line_time: null,
      values
    } satisfies SourceLine
  })

/**
 * The snapshot label of an Odds API row from its original file name: `..._open_...`,
 * `..._morning_...`, `..._close_...`; `noon` for the historical noon US Eastern pulls
 * (`odds-data/historical/`), `daily` for the other undated daily pulls.
 */
export const oddsApiSnapshot = (sourceFile: string): string => {
  const m = /_(open|morning|close)_/.exec(sourceFile)
  return m !== null ? m[1]! : sourceFile.includes("historical/") ? "noon" : "daily"
}

/**
 * The UTC time of an Odds API snapshot: `snapshot_taken_at_utc`, else the `YYYYMMDDTHHMMSSZ`
 * stamp of its original file name, else null (the historical and early daily pulls carry none).
 */
export const oddsApiTime = (taken: string | undefined, sourceFile: string): Date | null => {
  if (taken !== undefined && !Number.isNaN(Date.parse(taken))) return new Date(taken)
  const m = /_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(sourceFile)
  return m === null ? null : new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`)
}

/**
 * Parses an Odds API snapshot row of `sport` (the file's `sport` column, e.g. `NHL`); rows of
 * other sports are null. The game is found by its teams on the US Eastern date of its commence
 * time (`easternDate`), within a day.
 */
export const parseOddsApiLine =
  (sport: string, easternDate: (instant: Date) => string) => (row: CsvRow): Either.Either<SourceLine | null, string> =>
    Either.gen(function*() {
      if (field(row, "sport") !== sport) return null
      const commence = yield* required(row, "commence_time")
      const start = Date.parse(commence)
      if (Number.isNaN(start)) return yield* Either.left(`commence_time is not a time: ${JSON.stringify(commence)}`)
      const date = yield* required(row, "date")
      if (!isCalendarDate(date)) return yield* Either.left(`date is not YYYY-MM-DD: ${JSON.stringify(date)}`)
      const sourceFile = field(row, "source_file") ?? ""
      const values: LineValues = {
        home_moneyline: yield* optNumber(row, "ml_home"),
        away_moneyline: yield* optNumber(row, "ml_away"),
        home_spread: yield* optNumber(row, "spread_home"),
        home_spread_odds: yield* optNumber(row, "spread_home_odds"),
        away_spread_odds: yield* optNumber(row, "spread_away_odds"),
        total: yield* optNumber(row, "total_line"),
        over_odds: yield* optNumber(row, "total_over_odds"),
        under_odds: yield* optNumber(row, "total_under_odds")
      }
      if (isBlank(values)) return null
      return {
        file: row.file,
        line: row.line,
        source: oddsFolders.oddsApi,
        key: {
          kind: "teams",
          date: easternDate(new Date(start)),
          home: yield* required(row, "home_team"),
          away: yield* required(row, "away_team"),
          window: 1
        },
        bookmaker: yield* required(row, "bookmaker"),
        snapshot: oddsApiSnapshot(sourceFile),
        snapshot_date: date,
        line_time: oddsApiTime(field(row, "snapshot_taken_at_utc"), sourceFile),
        values
      } satisfies SourceLine
    })

/**
 * Parses a cfbfastR betting row: keyed by the ESPN game id (`idOf` maps it to the service's game
 * id); null when the row has neither spread nor total (`game_spread_available` false and no
 * over/under).
 */
export const parseCfbLine =
  (idOf: (espnId: string) => string) => (row: CsvRow): Either.Either<SourceLine | null, string> =>
    Either.gen(function*() {
      const id = yield* required(row, "game_id")
      const available = field(row, "game_spread_available")
      const spread = available === "false" ? null : yield* optNumber(row, "home_team_spread")
      const values: LineValues = { ...noValues, home_spread: spread, total: yield* optNumber(row, "over_under") }
      if (isBlank(values)) return null
      return {
        file: row.file,
        line: row.line,
        source: oddsFolders.cfbfastr,
        key: { kind: "id", id: idOf(id) },
        bookmaker: null,
        snapshot: "single",
        snapshot_date: undefined,
        line_time: null,
        values
      } satisfies SourceLine
    })

/** Bookmaker columns of the tennis-data.co.uk files: prefix of the winner/loser odds columns → name. */
export const tennisBookmakers: ReadonlyArray<readonly [prefix: string, bookmaker: string]> = [
  ["B365", "bet365"],
  ["PS", "pinnacle"],
  ["Max", "market_best"],
  ["Avg", "market_average"],
  ["BFE", "betfair_exchange"]
]

/**
 * The tennis lines of one odds-file row, one per bookmaker with both prices, keyed by the match
 * id `matchId` gives (the tennis ingest's id of the row's match); `home` is the winner (the
 * file's first-listed player). Moneyline only, American (converted from decimal).
 */
export const tennisLines = (
  row: CsvRow,
  matchId: string
): Either.Either<ReadonlyArray<SourceLine>, string> =>
  Either.gen(function*() {
    const out: Array<SourceLine> = []
    for (const [prefix, bookmaker] of tennisBookmakers) {
      const w = yield* optNumber(row, `${prefix}W`)
      const l = yield* optNumber(row, `${prefix}L`)
      if (w === null || l === null) continue
      out.push({
        file: row.file,
        line: row.line,
        source: oddsFolders.bmp,
        key: { kind: "id", id: matchId },
        bookmaker,
        snapshot: "single",
        snapshot_date: undefined,
        line_time: null,
        values: { ...noValues, home_moneyline: Odds.americanOfDecimal(w), away_moneyline: Odds.americanOfDecimal(l) }
      })
    }
    return out
  })

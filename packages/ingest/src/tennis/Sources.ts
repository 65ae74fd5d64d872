/**
 * Row parsers of the tennis source files. Each turns one CSV row into a typed record or a reason
 * the row is malformed; linking and building canonical rows is left to {@link ./Build.ts}.
 *
 * Files (under the data directory; see each folder's PROVENANCE.md):
 * - `jeffsackmann_tennis_{atp,wta}/{atp,wta}_matches_<yyyy>.csv` (2022-2024): one row per
 *   tour-level match: tournament id, name, surface, level, draw size, `tourney_date` (the
 *   tournament's start date, YYYYMMDD), match number, winner and loser (Sackmann id, name, seed,
 *   entry, hand, height, country, age, rank, rank points), score, best of, round, minutes and
 *   serve statistics (w_ and l_ columns). CC BY-NC-SA 4.0 (non-commercial).
 * - `jeffsackmann_tennis_{atp,wta}/{atp,wta}_players.csv`: every player: id, first and last
 *   name, hand, dob (YYYYMMDD), IOC country, height (cm), wikidata id.
 * - `jeffsackmann_tennis_{atp,wta}/{atp,wta}_rankings_current.csv`: the weekly lists of 2024:
 *   ranking_date (YYYYMMDD), rank, player id, points.
 * - `bettormanpicks_bmp_app/tennis_{atp,wta}_matches_odds_<yyyy>.csv` (tennis-data.co.uk layout,
 *   2025 and January to February 2026): tournament number, location, tournament, Date (m/d/yyyy,
 *   the match day), series or tier, court, surface, round, best of, Winner and Loser as
 *   "Surname I." (no ids), ranks and points, games per set (W1/L1 ...), sets, Comment
 *   (Completed, Retired, Walkover) and closing odds.
 * - `bettormanpicks_bmp_app/tennis_{atp,wta}_rankings_current.csv`: the list of February 2026:
 *   rank, full player name, age, country, points (no ids, no date).
 * @module
 */
import { Either } from "effect"
import { type CsvRow, field, int, num } from "../Csv.js"
import { numbers, required, requiredAs } from "../Rows.js"

/** The tours. */
export type Tour = "atp" | "wta"

/** `YYYYMMDD` as `YYYY-MM-DD`, or undefined when not a calendar date. */
export const compactDate = (value: string): string | undefined => {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value.trim())
  if (m === null) return undefined
  const iso = `${m[1]}-${m[2]}-${m[3]}`
  const t = Date.parse(`${iso}T00:00:00Z`)
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === iso ? iso : undefined
}

/** `m/d/yyyy` as `YYYY-MM-DD`, or undefined when not a calendar date. */
export const usDate = (value: string): string | undefined => {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim())
  if (m === null) return undefined
  return compactDate(`${m[3]}${m[1]!.padStart(2, "0")}${m[2]!.padStart(2, "0")}`)
}

/** One side of a Sackmann match. */
export interface SackmannSide {
  readonly id: string
  readonly name: string
  readonly seed: number | null
  readonly entry: string | null
  readonly hand: string | null
  readonly heightCm: number | null
  readonly country: string | null
  readonly age: number | null
  readonly rank: number | null
  readonly rankPoints: number | null
  /** Serve statistics keyed as EventEntry stats (aces, double_faults, ...), null where blank. */
  readonly stats: Readonly<Record<string, number | null>>
}

/** A match of a Sackmann matches file. */
export interface SackmannMatch {
  readonly file: string
  readonly line: number
  readonly tour: Tour
  readonly tourneyId: string
  readonly tourneyName: string
  readonly surface: string | null
  readonly drawSize: number | null
  readonly level: string | null
  /** The tournament's start date (YYYY-MM-DD), not the match day. */
  readonly tourneyDate: string
  readonly matchNum: number
  readonly winner: SackmannSide
  readonly loser: SackmannSide
  readonly score: string | null
  readonly bestOf: number | null
  readonly round: string | null
  readonly minutes: number | null
}

/** The serve statistic columns (after the w_ / l_ prefix) and their stat keys. */
const SERVE_COLUMNS = {
  aces: "ace",
  double_faults: "df",
  serve_points: "svpt",
  first_serves_in: "1stIn",
  first_serve_points_won: "1stWon",
  second_serve_points_won: "2ndWon",
  service_games: "SvGms",
  break_points_saved: "bpSaved",
  break_points_faced: "bpFaced"
} as const

const side = (row: CsvRow, who: "winner" | "loser", prefix: "w_" | "l_"): Either.Either<SackmannSide, string> =>
  Either.gen(function*() {
    const id = yield* requiredAs(row, `${who}_id`, "a player id", (v) => (/^\d+$/.test(v) ? v : undefined))
    const name = yield* required(row, `${who}_name`)
    const columns = Object.fromEntries(Object.entries(SERVE_COLUMNS).map(([k, c]) => [k, `${prefix}${c}`]))
    const stats = yield* numbers(row, columns)
    return {
      id,
      name,
      seed: int(row, `${who}_seed`) ?? null,
      entry: field(row, `${who}_entry`) ?? null,
      hand: field(row, `${who}_hand`) ?? null,
      heightCm: num(row, `${who}_ht`) ?? null,
      country: field(row, `${who}_ioc`) ?? null,
      age: num(row, `${who}_age`) ?? null,
      rank: int(row, `${who}_rank`) ?? null,
      rankPoints: num(row, `${who}_rank_points`) ?? null,
      stats
    }
  })

/** Parser of a Sackmann matches file of `tour`. */
export const parseSackmannMatch = (tour: Tour) => (row: CsvRow): Either.Either<SackmannMatch, string> =>
  Either.gen(function*() {
    const tourneyId = yield* required(row, "tourney_id")
    const tourneyDate = yield* requiredAs(row, "tourney_date", "a date YYYYMMDD", compactDate)
    const matchNum = yield* requiredAs(row, "match_num", "an integer", (v) => {
      const n = Number(v)
      return Number.isInteger(n) ? n : undefined
    })
    return {
      file: row.file,
      line: row.line,
      tour,
      tourneyId,
      tourneyName: yield* required(row, "tourney_name"),
      surface: field(row, "surface") ?? null,
      drawSize: int(row, "draw_size") ?? null,
      level: field(row, "tourney_level") ?? null,
      tourneyDate,
      matchNum,
      winner: yield* side(row, "winner", "w_"),
      loser: yield* side(row, "loser", "l_"),
      score: field(row, "score") ?? null,
      bestOf: int(row, "best_of") ?? null,
      round: field(row, "round") ?? null,
      minutes: int(row, "minutes") ?? null
    }
  })

/** A player of a Sackmann players file. */
export interface SackmannPlayer {
  readonly tour: Tour
  readonly id: string
  readonly first: string | null
  readonly last: string | null
  readonly hand: string | null
  readonly birthDate: string | null
  readonly country: string | null
  readonly heightCm: number | null
  readonly wikidata: string | null
}

/** Parser of a Sackmann players file of `tour`. A row without any name is malformed. */
export const parseSackmannPlayer = (tour: Tour) => (row: CsvRow): Either.Either<SackmannPlayer, string> =>
  Either.gen(function*() {
    const id = yield* requiredAs(row, "player_id", "a player id", (v) => (/^\d+$/.test(v) ? v : undefined))
    const first = field(row, "name_first") ?? null
    const last = field(row, "name_last") ?? null
    if (first === null && last === null) return yield* Either.left("name_first and name_last are missing")
    const dob = field(row, "dob")
    return {
      tour,
      id,
      first,
      last,
      hand: field(row, "hand") ?? null,
      birthDate: dob === undefined ? null : compactDate(dob) ?? null,
      country: field(row, "ioc") ?? null,
      heightCm: num(row, "height") ?? null,
      wikidata: field(row, "wikidata_id") ?? null
    }
  })

/** One row of a Sackmann weekly rankings file. */
export interface SackmannRanking {
  readonly file: string
  readonly line: number
  readonly tour: Tour
  readonly date: string
  readonly rank: number
  readonly playerId: string
  readonly points: number | null
}

/** Parser of a Sackmann rankings file of `tour`. */
export const parseSackmannRanking = (tour: Tour) => (row: CsvRow): Either.Either<SackmannRanking, string> =>
  Either.gen(function*() {
    const date = yield* requiredAs(row, "ranking_date", "a date YYYYMMDD", compactDate)
    const rank = yield* requiredAs(row, "rank", "a rank", (v) => (/^\d+$/.test(v) ? Number(v) : undefined))
    const playerId = yield* requiredAs(row, "player", "a player id", (v) => (/^\d+$/.test(v) ? v : undefined))
    return { file: row.file, line: row.line, tour, date, rank, playerId, points: num(row, "points") ?? null }
  })

/** One side of an odds-file match. `name` is "Surname I." as written. */
export interface OddsSide {
  readonly name: string
  readonly rank: number | null
  readonly points: number | null
  readonly sets: number | null
  /** Closing odds (decimal): average of the market, Pinnacle, Bet365; null where blank. */
  readonly odds: Readonly<Record<string, number | null>>
}

/** A match of an odds file. */
export interface OddsMatch {
  readonly file: string
  readonly line: number
  readonly tour: Tour
  /** The season of the file (`..._odds_2025.csv`: 2025; its first matches are played in late December 2024). */
  readonly season: number
  readonly tournamentNo: string
  readonly location: string | null
  readonly tournament: string
  readonly date: string
  readonly series: string | null
  readonly court: string | null
  readonly surface: string | null
  readonly round: string
  readonly bestOf: number | null
  readonly winner: OddsSide
  readonly loser: OddsSide
  /** Games per set, winner first: [[6, 2], [6, 3]]. */
  readonly games: ReadonlyArray<readonly [number, number]>
  /** Completed, Retired, Walkover... as written. */
  readonly comment: string | null
}

const oddsSide = (row: CsvRow, p: "W" | "L"): Either.Either<OddsSide, string> =>
  Either.gen(function*() {
    const name = yield* required(row, p === "W" ? "Winner" : "Loser")
    const odds = yield* numbers(row, { avg: `Avg${p}`, pinnacle: `PS${p}`, bet365: `B365${p}` })
    return {
      name,
      rank: int(row, `${p}Rank`) ?? null,
      points: num(row, `${p}Pts`) ?? null,
      sets: int(row, `${p}sets`) ?? null,
      odds
    }
  })

/** Parser of an odds file of `tour` and `season` (the first column is named after the tour: ATP or WTA). */
export const parseOddsMatch = (tour: Tour, season: number) => (row: CsvRow): Either.Either<OddsMatch, string> =>
  Either.gen(function*() {
    const tournamentNo = yield* required(row, tour.toUpperCase())
    const date = yield* requiredAs(row, "Date", "a date m/d/yyyy", usDate)
    const games: Array<readonly [number, number]> = []
    for (let set = 1; set <= 5; set++) {
      const w = field(row, `W${set}`)
      const l = field(row, `L${set}`)
      if (w === undefined && l === undefined) continue
      const wn = Number(w)
      const ln = Number(l)
      if (!Number.isInteger(wn) || !Number.isInteger(ln)) {
        return yield* Either.left(`set ${set} games are not integers: ${JSON.stringify(w)}-${JSON.stringify(l)}`)
      }
      games.push([wn, ln])
    }
    return {
      file: row.file,
      line: row.line,
      tour,
      season,
      tournamentNo,
      location: field(row, "Location") ?? null,
      tournament: yield* required(row, "Tournament"),
      date,
      series: field(row, "Series") ?? field(row, "Tier") ?? null,
      court: field(row, "Court") ?? null,
      surface: field(row, "Surface") ?? null,
      round: yield* required(row, "Round"),
      bestOf: int(row, "Best of") ?? null,
      winner: yield* oddsSide(row, "W"),
      loser: yield* oddsSide(row, "L"),
      games,
      comment: field(row, "Comment") ?? null
    }
  })

/** A row of the February 2026 ranking list (full names, no ids). */
export interface CurrentRanking {
  readonly file: string
  readonly line: number
  readonly tour: Tour
  readonly rank: number
  readonly name: string
  readonly country: string | null
  readonly points: number | null
}

/** Parser of a bettormanpicks current rankings file of `tour`. */
export const parseCurrentRanking = (tour: Tour) => (row: CsvRow): Either.Either<CurrentRanking, string> =>
  Either.gen(function*() {
    const rank = yield* requiredAs(row, "rank", "a rank", (v) => (/^\d+$/.test(v) ? Number(v) : undefined))
    return {
      file: row.file,
      line: row.line,
      tour,
      rank,
      name: yield* required(row, "player"),
      country: field(row, "country") ?? null,
      points: num(row, "points") ?? null
    }
  })

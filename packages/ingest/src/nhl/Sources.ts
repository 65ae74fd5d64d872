/**
 * Row parsers of the NHL source files. Each turns one CSV row into a typed record, `null` for a
 * well-formed row that is not an NHL game's (see each parser), or a reason the row is malformed;
 * joining the records is left to {@link ./Build.ts}.
 *
 * Files (under the data directory; see each folder's PROVENANCE.md):
 * - `twinfield10_nhl_data/NHL_Schedule_<yyyy><yyyy>.csv`: one row per game, NHL game id, date,
 *   start time (UTC), season type R/P, schedule state, home and away team (id, abbreviation,
 *   score). 2021-22, 2022-23 (with playoffs), 2023-24 to 2024-02-14. No overtime flag.
 * - `twinfield10_nhl_data/NHL_Roster_Full_<yyyy><yyyy>.csv`: one row per player per team per
 *   season: NHL player id, names, position code, shoots/catches, sweater number, height and
 *   weight (inches, pounds, centimetres, kilograms), birth date and place.
 * - `bettormanpicks_bmp_app/nhl_team_games_2025_26.csv`: one row per team per game: GAME_ID,
 *   date, team, opponent, goals for/against (GF/GA: goals in regulation and overtime; a game
 *   decided by shootout shows level goals), shots for/against. No home/away.
 * - `bettormanpicks_bmp_app/nhl_player_game_logs_2025_26.csv`: one row per player per game,
 *   with home_away, position, goalie flag, skater counts, goalie counts and toi_minutes. Its
 *   faceoff columns are 0 on every row (missing in the source): read as null.
 * - `bettormanpicks_bmp_app/nhl_players.csv`: current player list (id, name, team, position).
 * - `bettormanpicks_bmp_app/nhl_player_status_history.csv`: injury status entries (code IR,
 *   LTIR, O or GTD, comment, Last_Updated), some without player_id.
 *
 * NHL game ids are ten digits: the season's start year, a two-digit game type (01 preseason,
 * 02 regular season, 03 playoffs, 04 All-Star; the bettormanpicks files also hold the 2026
 * Olympic tournament under type 09) and a four-digit number. Only types 02 and 03 are NHL
 * games that count anywhere; rows of other types parse to `null` (ignored, not malformed).
 * @module
 */
import { isCalendarDate } from "@sports-data/domain"
import { Either } from "effect"
import { type CsvRow, field } from "../Csv.js"
import { numbers, positiveIntId, required, requiredAs, requiredDate } from "../Rows.js"
import { normaliseNhlTeam } from "./Teams.js"

/** REG (game type 02) or POST (03). */
export type NhlSeasonType = "REG" | "POST"

/** A game from a twinfield10 schedule file. */
export interface ScheduleGame {
  readonly file: string
  readonly line: number
  readonly id: string
  readonly season: number
  readonly seasonType: NhlSeasonType
  readonly date: string
  readonly startTime: Date | null
  /** `game_schedule_state` as written (OK; the NHL API also writes PPD, SUSP, CNCL). */
  readonly scheduleState: string | null
  readonly home: string
  readonly away: string
  readonly homeScore: number | null
  readonly awayScore: number | null
}

/** One roster row (one player on one team in one season). */
export interface RosterRow {
  readonly file: string
  readonly line: number
  readonly season: number
  readonly team: string
  readonly playerId: string
  readonly firstName: string
  readonly lastName: string
  readonly position: string
  readonly shootsCatches: string | null
  readonly sweaterNumber: number | null
  readonly heightInches: number | null
  readonly weightPounds: number | null
  readonly heightCm: number | null
  readonly weightKg: number | null
  readonly birthDate: string | null
  readonly birthCity: string | null
  readonly birthCountry: string | null
  readonly birthStateProvince: string | null
  readonly headshot: string | null
}

/** One team's side of a 2025-26 game (bettormanpicks team games). */
export interface TeamGame {
  readonly file: string
  readonly line: number
  readonly id: string
  readonly season: number
  readonly seasonType: NhlSeasonType
  readonly date: string
  readonly team: string
  readonly opponent: string
  readonly goalsFor: number | null
  readonly goalsAgainst: number | null
  readonly shotsFor: number | null
  readonly shotsAgainst: number | null
}

/** Counts of one player line, named as the module's stat keys (goalie counts only for goalies). */
export interface LineCounts {
  readonly goals: number | null
  readonly assists: number | null
  readonly points: number | null
  readonly shots: number | null
  readonly hits: number | null
  readonly blocked_shots: number | null
  readonly pp_points: number | null
  readonly faceoffs_won: number | null
  readonly faceoffs_taken: number | null
  readonly toi_minutes: number | null
  readonly shots_against: number | null
  readonly goals_against: number | null
  readonly saves: number | null
  readonly save_pct: number | null
}

/** One player's line in one 2025-26 game (bettormanpicks player game logs). */
export interface PlayerLine {
  readonly file: string
  readonly line: number
  readonly gameId: string
  readonly season: number
  readonly seasonType: NhlSeasonType
  readonly date: string
  readonly team: string
  readonly opponent: string
  readonly home: boolean
  readonly playerId: string
  /** As the source writes it: first initial and last name ("S. Bennett"). */
  readonly name: string
  readonly position: string
  readonly isGoalie: boolean
  readonly counts: LineCounts
}

/** One row of the current player list (bettormanpicks nhl_players.csv). */
export interface PlayerRow {
  readonly playerId: string
  readonly name: string
  readonly team: string | null
  readonly position: string | null
}

/**
 * NHL.com position codes to the module's positions: C, L -> LW, R -> RW, D, G (LW and RW are
 * accepted as written). Undefined for anything else.
 */
export const positionOf = (raw: string): string | undefined => {
  const codes: Record<string, string> = { C: "C", L: "LW", LW: "LW", R: "RW", RW: "RW", D: "D", G: "G" }
  return codes[raw.trim().toUpperCase()]
}

/**
 * The game type of an NHL game id (see the module doc): REG for 02, POST for 03, null for any
 * other type; undefined when `raw` is not a ten-digit NHL game id.
 */
export const gameTypeOf = (raw: string): NhlSeasonType | null | undefined => {
  if (!/^\d{4}\d{2}\d{4}$/.test(raw)) return undefined
  const type = raw.slice(4, 6)
  return type === "02" ? "REG" : type === "03" ? "POST" : null
}

/** Start year of a season from a file name such as `NHL_Schedule_20222023.csv` (gives 2022). */
export const seasonOfFile = (file: string): number | undefined => {
  const m = /(\d{4})(\d{4})\.csv$/.exec(file)
  return m === null || Number(m[2]) !== Number(m[1]) + 1 ? undefined : Number(m[1])
}

const needTeam = (row: CsvRow, column: string): Either.Either<string, string> =>
  requiredAs(row, column, "an NHL team", normaliseNhlTeam)

const needPersonId = (row: CsvRow, column: string): Either.Either<string, string> =>
  requiredAs(row, column, "an NHL player id", positiveIntId)

const needPosition = (row: CsvRow, column: string): Either.Either<string, string> =>
  requiredAs(row, column, "an NHL position", positionOf)

/** The game id of `column` and its type: `null` type for a game of another type than 02 or 03. */
const needGameId = (
  row: CsvRow,
  column: string
): Either.Either<{ readonly id: string; readonly type: NhlSeasonType | null }, string> =>
  Either.flatMap(required(row, column), (id) => {
    const type = gameTypeOf(id)
    return type === undefined
      ? Either.left(`${column} is not an NHL game id: ${JSON.stringify(id)}`)
      : Either.right({ id, type })
  })

/** `2021-10-14T23:00:00.000000+0000` (and other ISO forms Date.parse reads), or null when blank. */
const optionalInstant = (row: CsvRow, column: string): Either.Either<Date | null, string> => {
  const raw = field(row, column)
  if (raw === undefined) return Either.right(null)
  const iso = raw.replace(/(\.\d{3})\d+/, "$1").replace(/([+-]\d{2})(\d{2})$/, "$1:$2")
  const time = Date.parse(iso)
  return Number.isNaN(time)
    ? Either.left(`${column} is not a time: ${JSON.stringify(raw)}`)
    : Either.right(new Date(time))
}

const optionalText = (row: CsvRow, column: string): string | null => field(row, column) ?? null

/** Parses a twinfield10 `NHL_Schedule_<season>.csv` row (pbp_link, shift_link, start_time_utc optional). */
export const parseScheduleRow = (row: CsvRow): Either.Either<ScheduleGame | null, string> =>
  Either.gen(function*() {
    const { id, type } = yield* needGameId(row, "game_id")
    if (type === null) return null
    const seasonRaw = yield* required(row, "season")
    const m = /^(\d{4})(\d{4})$/.exec(seasonRaw)
    if (m === null || Number(m[2]) !== Number(m[1]) + 1) {
      return yield* Either.left(`season is not like 20222023: ${JSON.stringify(seasonRaw)}`)
    }
    const season = Number(m[1])
    if (id.slice(0, 4) !== m[1]) return yield* Either.left(`game_id ${id} is not of season ${seasonRaw}`)
    const typeRaw = yield* required(row, "season_type")
    const seasonType = typeRaw === "R" ? "REG" : typeRaw === "P" ? "POST" : undefined
    if (seasonType === undefined) return yield* Either.left(`season_type is not R or P: ${JSON.stringify(typeRaw)}`)
    if (seasonType !== type) return yield* Either.left(`season_type ${typeRaw} contradicts game_id ${id}`)
    const date = yield* requiredDate(row, "game_date")
    const startTime = yield* optionalInstant(row, "start_time_utc")
    const home = yield* needTeam(row, "home_abbreviation")
    const away = yield* needTeam(row, "away_abbreviation")
    if (home === away) return yield* Either.left(`home and away team are both ${home}`)
    const score = yield* numbers(row, { home: "home_score", away: "away_score" })
    for (const v of [score.home, score.away]) {
      if (v !== null && !(Number.isInteger(v) && v >= 0)) return yield* Either.left(`a score is not a count: ${v}`)
    }
    return {
      file: row.file,
      line: row.line,
      id,
      season,
      seasonType,
      date,
      startTime,
      scheduleState: optionalText(row, "game_schedule_state"),
      home,
      away,
      homeScore: score.home,
      awayScore: score.away
    }
  })

/**
 * Parses a twinfield10 `NHL_Roster_Full_<season>.csv` row. The season (start year) is the file
 * name's when given, else the row's `season` column (the END year: 2022 for 2021-22) minus one.
 */
export const parseRosterRow = (fileSeason: number | undefined) => (row: CsvRow): Either.Either<RosterRow, string> =>
  Either.gen(function*() {
    const endYear = Number(field(row, "season"))
    const season = fileSeason ?? (Number.isInteger(endYear) && endYear > 1900 ? endYear - 1 : undefined)
    if (season === undefined) return yield* Either.left(`season is not a year: ${JSON.stringify(field(row, "season"))}`)
    const playerId = yield* needPersonId(row, "player_id")
    const team = yield* needTeam(row, "team")
    const firstName = yield* required(row, "firstName")
    const lastName = yield* required(row, "lastName")
    const position = yield* needPosition(row, "positionCode")
    const n = yield* numbers(row, {
      sweater: "sweaterNumber",
      heightIn: "heightInInches",
      weightLb: "weightInPounds",
      heightCm: "heightInCentimeters",
      weightKg: "weightInKilograms"
    })
    const birthDate = field(row, "birthDate") ?? null
    if (birthDate !== null && !isCalendarDate(birthDate)) {
      return yield* Either.left(`birthDate is not a date: ${JSON.stringify(birthDate)}`)
    }
    return {
      file: row.file,
      line: row.line,
      season,
      team,
      playerId,
      firstName,
      lastName,
      position,
      shootsCatches: optionalText(row, "shootsCatches"),
      sweaterNumber: n.sweater,
      heightInches: n.heightIn,
      weightPounds: n.weightLb,
      heightCm: n.heightCm,
      weightKg: n.weightKg,
      birthDate,
      birthCity: optionalText(row, "birthCity"),
      birthCountry: optionalText(row, "birthCountry"),
      birthStateProvince: optionalText(row, "birthStateProvince"),
      headshot: optionalText(row, "headshot")
    }
  })

/** Parses a bettormanpicks `nhl_team_games_<season>.csv` row (games of other types than 02/03: null). */
export const parseTeamGame = (row: CsvRow): Either.Either<TeamGame | null, string> =>
  Either.gen(function*() {
    const { id, type } = yield* needGameId(row, "GAME_ID")
    if (type === null) return null
    const date = yield* requiredDate(row, "GAME_DATE")
    const team = yield* needTeam(row, "TEAM")
    const opponent = yield* needTeam(row, "OPP_TEAM")
    if (team === opponent) return yield* Either.left(`TEAM and OPP_TEAM are both ${team}`)
    const n = yield* numbers(row, { gf: "GF", ga: "GA", sf: "SF", sa: "SA" })
    for (const [k, v] of Object.entries(n)) {
      if (v !== null && !(Number.isInteger(v) && v >= 0)) {
        return yield* Either.left(`${k.toUpperCase()} is not a count: ${v}`)
      }
    }
    return {
      file: row.file,
      line: row.line,
      id,
      season: Number(id.slice(0, 4)),
      seasonType: type,
      date,
      team,
      opponent,
      goalsFor: n.gf,
      goalsAgainst: n.ga,
      shotsFor: n.sf,
      shotsAgainst: n.sa
    }
  })

const bool = (row: CsvRow, column: string): Either.Either<boolean, string> =>
  Either.flatMap(required(row, column), (v) =>
    /^(true|1)$/i.test(v)
      ? Either.right(true)
      : /^(false|0)$/i.test(v)
      ? Either.right(false)
      : Either.left(`${column} is not True or False: ${JSON.stringify(v)}`))

/**
 * Parses a bettormanpicks `nhl_player_game_logs_<season>.csv` row. Null for a game of another
 * type than 02/03, and for a goalie who dressed but did not play (toi_minutes 0 and no shot
 * faced: the NHL credits him no game played).
 */
export const parsePlayerLine = (row: CsvRow): Either.Either<PlayerLine | null, string> =>
  Either.gen(function*() {
    const { id, type } = yield* needGameId(row, "game_id")
    if (type === null) return null
    const date = yield* requiredDate(row, "game_date")
    const team = yield* needTeam(row, "team")
    const opponent = yield* needTeam(row, "opponent")
    if (team === opponent) return yield* Either.left(`team and opponent are both ${team}`)
    const side = yield* required(row, "home_away")
    if (side !== "H" && side !== "A") return yield* Either.left(`home_away is not H or A: ${JSON.stringify(side)}`)
    const playerId = yield* needPersonId(row, "player_id")
    const name = yield* required(row, "player_name")
    const position = yield* needPosition(row, "position")
    const isGoalie = yield* bool(row, "is_goalie")
    const counts = yield* numbers(row, {
      goals: "goals",
      assists: "assists",
      points: "points",
      shots: "shots",
      hits: "hits",
      blocked_shots: "blocks",
      pp_points: "pp_points",
      faceoffs_won: "faceoffs_won",
      faceoffs_taken: "faceoffs_taken",
      toi_minutes: "toi_minutes",
      shots_against: "shots_against",
      goals_against: "goals_against",
      saves: "saves",
      save_pct: "save_pct"
    })
    if (counts.save_pct !== null && (counts.save_pct < 0 || counts.save_pct > 1)) {
      return yield* Either.left(`save_pct is not a fraction 0-1: ${counts.save_pct}`)
    }
    if (isGoalie && counts.toi_minutes === 0 && (counts.shots_against ?? 0) === 0) return null
    // The 2025-26 file writes 0 faceoffs won and taken on every one of its 37,548 rows, centres
    // included: a 0/0 pair is not a real count there and is treated as missing.
    const noFaceoffs = counts.faceoffs_won === 0 && counts.faceoffs_taken === 0
    return {
      file: row.file,
      line: row.line,
      gameId: id,
      season: Number(id.slice(0, 4)),
      seasonType: type,
      date,
      team,
      opponent,
      home: side === "H",
      playerId,
      name,
      position,
      isGoalie,
      counts: noFaceoffs ? { ...counts, faceoffs_won: null, faceoffs_taken: null } : counts
    }
  })

/** Parses a bettormanpicks `nhl_players.csv` row. */
export const parsePlayerRow = (row: CsvRow): Either.Either<PlayerRow, string> =>
  Either.gen(function*() {
    const playerId = yield* needPersonId(row, "player_id")
    const name = yield* required(row, "player_name")
    const rawTeam = field(row, "team")
    const team = rawTeam === undefined ? null : normaliseNhlTeam(rawTeam)
    if (team === undefined) return yield* Either.left(`team is not an NHL team: ${JSON.stringify(rawTeam)}`)
    const rawPosition = field(row, "position")
    const position = rawPosition === undefined ? null : positionOf(rawPosition)
    if (position === undefined) {
      return yield* Either.left(`position is not an NHL position: ${JSON.stringify(rawPosition)}`)
    }
    return { playerId, name, team, position }
  })

/**
 * Row parsers of the NBA source files. Each turns one CSV row into a typed record or a reason
 * the row is malformed; joining the records is left to {@link ./Build.ts}.
 *
 * Files (under the data directory; see each folder's PROVENANCE.md):
 * - `millxing_nba_data/team_game_logs_<season>.csv`: one row per game, NBA.com `game_id`, home and
 *   road team, points, `game_type` (regular_season, playoffs, play_in, nba_cup_semi, nba_cup_final).
 * - `millxing_nba_data/linescores_<season>.csv`: points by quarter and overtime.
 * - `millxing_nba_data/box_score_advanced_<season>.csv`: team minutes and possessions.
 * - `meharpalbasi_nba_data/team_game_logs_<season>.csv`: one row per team per game, no game id.
 * - `meharpalbasi_nba_data/player_game_logs_<season>.csv`: one row per player per game, no game id.
 * - `meharpalbasi_nba_data/player_index_<season>.csv`: per player and season type, `USG_PCT`.
 * - `bettormanpicks_bmp_app/nba_player_game_logs_2025_26.csv`: per player per game with GAME_ID
 *   and shooting counts (its `MIN` is mostly 0.0 in the source and is treated as missing).
 * - `bettormanpicks_bmp_app/nba_team_game_totals_2025_26.csv`: per team per game with GAME_ID.
 * - `bettormanpicks_bmp_app/nba_player_positions.csv`, `nba_player_status_history.csv`.
 * @module
 */
import { Either } from "effect"
import { type CsvRow, field } from "../Csv.js"
import { numbers, positiveIntId, required, requiredAs, requiredDate } from "../Rows.js"
import { normaliseNbaTeam } from "./Teams.js"

/** Season type of a game or line: regular season, playoffs, play-in, NBA Cup final. */
export type NbaSeasonType = "REG" | "POST" | "PLAY_IN" | "CUP_FINAL"

/** A game from millxing team_game_logs (the most complete game source). */
export interface MillxingGame {
  readonly id: string
  readonly date: string
  readonly season: number
  readonly seasonType: NbaSeasonType
  readonly gameType: string
  readonly neutralSite: boolean | null
  readonly home: string
  readonly away: string
  readonly homeScore: number | null
  readonly awayScore: number | null
}

/** Points by quarter (four entries) and overtime total per side, by game id. */
export interface Linescore {
  readonly id: string
  readonly homeQuarters: ReadonlyArray<number | null>
  readonly awayQuarters: ReadonlyArray<number | null>
  readonly homeOvertime: number | null
  readonly awayOvertime: number | null
}

/** Team minutes (240 + 25 per overtime) and possessions per side, by game id. */
export interface Advanced {
  readonly id: string
  readonly minutes: number | null
  readonly homePossessions: number | null
  readonly awayPossessions: number | null
}

/** One team's side of a game with a known game id (bettormanpicks team totals). */
export interface TeamGameTotal {
  readonly id: string
  readonly date: string
  readonly team: string
  readonly opponent: string
  readonly points: number | null
}

/** One team's side of a game without a game id (meharpalbasi team logs). */
export interface TeamGameLog {
  readonly date: string
  readonly season: number
  readonly seasonType: NbaSeasonType
  readonly team: string
  readonly opponent: string
  readonly home: boolean
  readonly points: number | null
}

/** NBA stat keys a player line can carry (see Sports.StatKeys.nba). */
export type LineStats = Record<
  | "minutes_played"
  | "points"
  | "rebounds"
  | "offensive_rebounds"
  | "defensive_rebounds"
  | "assists"
  | "steals"
  | "blocks"
  | "turnovers"
  | "personal_fouls"
  | "field_goals_made"
  | "field_goals_attempted"
  | "three_pointers_made"
  | "three_pointers_attempted"
  | "free_throws_made"
  | "free_throws_attempted"
  | "plus_minus",
  number | null
>

/** One player's line in one game, as read from a source (game id when the source has it). */
export interface PlayerLine {
  readonly source: "meharpalbasi" | "bettormanpicks"
  readonly file: string
  readonly line: number
  readonly playerId: string
  readonly name: string
  readonly team: string
  readonly opponent: string
  readonly home: boolean
  readonly date: string
  readonly season: number
  readonly seasonType: NbaSeasonType | null
  readonly gameId: string | null
  readonly stats: Partial<LineStats>
}

/** A player's season usage rate, percent 0-100 (USG_PCT x 100), by season and season type. */
export interface UsageRow {
  readonly playerId: string
  readonly name: string
  readonly season: number
  readonly seasonType: "REG" | "POST"
  readonly usageRate: number | null
}

/** A player's position (NBA.com style code, see {@link positionCode}). */
export interface PositionRow {
  readonly playerId: string
  readonly name: string
  readonly position: string
}

const need = required
const needDate = requiredDate

const needTeam = (row: CsvRow, column: string): Either.Either<string, string> =>
  requiredAs(row, column, "an NBA team", normaliseNbaTeam)

const needPersonId = (row: CsvRow, column: string): Either.Either<string, string> =>
  requiredAs(row, column, "a person id", positiveIntId)

/**
 * The 10-digit NBA.com game id (`0022400061`): `00`, season type digit (1 preseason, 2 regular
 * season, 3 All-Star, 4 playoffs, 5 play-in, 6 NBA Cup final), two-digit season start year,
 * five-digit game number. Sources that store it as a number lost the leading zeros; they are
 * restored here.
 */
export const normaliseGameId = (raw: string): string | undefined => {
  const t = raw.trim()
  if (!/^\d{1,10}$/.test(t)) return undefined
  const id = t.padStart(10, "0")
  return /^00[1-6]\d{7}$/.test(id) ? id : undefined
}

/** A required NBA.com game id column, normalised (see {@link normaliseGameId}). */
const needGameId = (row: CsvRow, column: string): Either.Either<string, string> =>
  Either.flatMap(need(row, column), (v) => {
    const id = normaliseGameId(v)
    return id === undefined
      ? Either.left(`${column} is not an NBA.com game id: ${JSON.stringify(v)}`)
      : Either.right(id)
  })

/** The season type encoded in an NBA.com game id (see {@link normaliseGameId}), or null. */
export const seasonTypeOfGameId = (id: string): NbaSeasonType | null => {
  switch (id[2]) {
    case "2":
      return "REG"
    case "4":
      return "POST"
    case "5":
      return "PLAY_IN"
    case "6":
      return "CUP_FINAL"
    default:
      return null
  }
}

/** Start year of a season written `2024-25` (gives 2024), or undefined. */
export const seasonStartYear = (raw: string): number | undefined => {
  const m = /^(\d{4})-(\d{2})$/.exec(raw.trim())
  return m === null ? undefined : Number(m[1])
}

/** Season start year from a file name such as `player_game_logs_2024-25.csv` or `..._2025_26.csv`. */
export const seasonOfFile = (file: string): number | undefined => {
  const m = /(\d{4})[-_](\d{2})\.csv$/.exec(file)
  return m === null ? undefined : Number(m[1])
}

const millxingTypes: Readonly<Record<string, NbaSeasonType>> = {
  regular_season: "REG",
  nba_cup_semi: "REG",
  playoffs: "POST",
  play_in: "PLAY_IN",
  nba_cup_final: "CUP_FINAL"
}

const mehTypes: Readonly<Record<string, NbaSeasonType>> = {
  "Regular Season": "REG",
  "Playoffs": "POST",
  "PlayIn": "PLAY_IN",
  "Play In": "PLAY_IN",
  "IST": "CUP_FINAL"
}

const bool = (raw: string | undefined): boolean | null =>
  raw === undefined ? null : /^(true|1|yes)$/i.test(raw) ? true : /^(false|0|no)$/i.test(raw) ? false : null

/** Parses a millxing `team_game_logs_<season>.csv` row. */
export const parseMillxingGame = (row: CsvRow): Either.Either<MillxingGame, string> =>
  Either.gen(function*() {
    const id = yield* needGameId(row, "game_id")
    const date = yield* needDate(row, "game_date")
    const seasonRaw = yield* need(row, "season")
    const season = seasonStartYear(seasonRaw)
    if (season === undefined) return yield* Either.left(`season is not like 2024-25: ${JSON.stringify(seasonRaw)}`)
    const gameType = field(row, "game_type") ?? ""
    const seasonType = millxingTypes[gameType] ?? seasonTypeOfGameId(id)
    if (seasonType === null) return yield* Either.left(`unknown game_type ${JSON.stringify(gameType)}`)
    const home = yield* needTeam(row, "team_abbreviation_home")
    const away = yield* needTeam(row, "team_abbreviation_road")
    if (home === away) return yield* Either.left(`home and road team are both ${home}`)
    const pts = yield* numbers(row, { home: "pts_home", away: "pts_road" })
    return {
      id,
      date,
      season,
      seasonType,
      gameType,
      neutralSite: bool(field(row, "neutral_site")),
      home,
      away,
      homeScore: pts.home,
      awayScore: pts.away
    }
  })

/** Parses a millxing `linescores_<season>.csv` row. */
export const parseLinescore = (row: CsvRow): Either.Either<Linescore, string> =>
  Either.gen(function*() {
    const id = yield* needGameId(row, "game_id")
    const h = yield* numbers(row, {
      q1: "pts_qtr1_home",
      q2: "pts_qtr2_home",
      q3: "pts_qtr3_home",
      q4: "pts_qtr4_home",
      ot: "pts_ot_total_home"
    })
    const a = yield* numbers(row, {
      q1: "pts_qtr1_road",
      q2: "pts_qtr2_road",
      q3: "pts_qtr3_road",
      q4: "pts_qtr4_road",
      ot: "pts_ot_total_road"
    })
    return {
      id,
      homeQuarters: [h.q1, h.q2, h.q3, h.q4],
      awayQuarters: [a.q1, a.q2, a.q3, a.q4],
      homeOvertime: h.ot,
      awayOvertime: a.ot
    }
  })

/** Parses a millxing `box_score_advanced_<season>.csv` row. */
export const parseAdvanced = (row: CsvRow): Either.Either<Advanced, string> =>
  Either.gen(function*() {
    const id = yield* needGameId(row, "game_id")
    const n = yield* numbers(row, { minutes: "minutes_home", home: "possessions_home", away: "possessions_road" })
    return { id, minutes: n.minutes, homePossessions: n.home, awayPossessions: n.away }
  })

/** Parses a bettormanpicks `nba_team_game_totals_<season>.csv` row. */
export const parseTeamGameTotal = (row: CsvRow): Either.Either<TeamGameTotal, string> =>
  Either.gen(function*() {
    const id = yield* needGameId(row, "GAME_ID")
    const date = yield* needDate(row, "GAME_DATE")
    const team = yield* needTeam(row, "TEAM")
    const opponent = yield* needTeam(row, "OPP_TEAM")
    const n = yield* numbers(row, { pts: "PTS" })
    return { id, date, team, opponent, points: n.pts }
  })

/** Parses a matchup such as `BOS vs. NYK` (home) or `MIN @ LAL` (away) for the row's team. */
const parseMatchup = (
  row: CsvRow,
  team: string
): Either.Either<{ readonly opponent: string; readonly home: boolean }, string> =>
  Either.flatMap(need(row, "MATCHUP"), (raw) => {
    const m = /^([A-Za-z]{2,4})\s+(vs\.?|@)\s+([A-Za-z]{2,4})$/.exec(raw)
    if (m === null) return Either.left(`MATCHUP is not like "BOS vs. NYK" or "MIN @ LAL": ${JSON.stringify(raw)}`)
    const self = normaliseNbaTeam(m[1])
    const opponent = normaliseNbaTeam(m[3])
    if (self !== team) return Either.left(`MATCHUP ${JSON.stringify(raw)} does not start with the row's team ${team}`)
    if (opponent === undefined || opponent === team) {
      return Either.left(`MATCHUP has no valid opponent: ${JSON.stringify(raw)}`)
    }
    return Either.right({ opponent, home: m[2] !== "@" })
  })

/** Parses a meharpalbasi `team_game_logs_<season>.csv` row; `season` comes from the file name. */
export const parseTeamGameLog = (season: number) => (row: CsvRow): Either.Either<TeamGameLog, string> =>
  Either.gen(function*() {
    const date = yield* needDate(row, "GAME_DATE")
    const team = yield* needTeam(row, "TEAM_ABBREVIATION")
    const m = yield* parseMatchup(row, team)
    const type = field(row, "SEASON_TYPE") ?? ""
    const seasonType = mehTypes[type]
    if (seasonType === undefined) return yield* Either.left(`unknown SEASON_TYPE ${JSON.stringify(type)}`)
    const n = yield* numbers(row, { pts: "PTS" })
    return { date, season, seasonType, team, opponent: m.opponent, home: m.home, points: n.pts }
  })

/** Parses a meharpalbasi `player_game_logs_<season>.csv` row; `season` comes from the file name. */
export const parseMehPlayerLine = (season: number) => (row: CsvRow): Either.Either<PlayerLine, string> =>
  Either.gen(function*() {
    const playerId = yield* needPersonId(row, "PLAYER_ID")
    const name = yield* need(row, "PLAYER_NAME")
    const date = yield* needDate(row, "GAME_DATE")
    const team = yield* needTeam(row, "TEAM_ABBREVIATION")
    const m = yield* parseMatchup(row, team)
    const type = field(row, "SEASON_TYPE") ?? ""
    const seasonType = mehTypes[type]
    if (seasonType === undefined) return yield* Either.left(`unknown SEASON_TYPE ${JSON.stringify(type)}`)
    const stats = yield* numbers(row, {
      minutes_played: "MIN",
      points: "PTS",
      rebounds: "REB",
      assists: "AST",
      steals: "STL",
      blocks: "BLK",
      turnovers: "TOV",
      plus_minus: "PLUS_MINUS"
    })
    return {
      source: "meharpalbasi" as const,
      file: row.file,
      line: row.line,
      playerId,
      name,
      team,
      opponent: m.opponent,
      home: m.home,
      date,
      season,
      seasonType,
      gameId: null,
      stats
    }
  })

/** Parses a bettormanpicks `nba_player_game_logs_<season>.csv` row. */
export const parseBmpPlayerLine = (row: CsvRow): Either.Either<PlayerLine, string> =>
  Either.gen(function*() {
    const playerId = yield* needPersonId(row, "player_id")
    const name = yield* need(row, "player_name")
    const gameId = yield* needGameId(row, "GAME_ID")
    const date = yield* needDate(row, "GAME_DATE")
    const team = yield* needTeam(row, "TEAM_ABBREVIATION")
    const m = yield* parseMatchup(row, team)
    const seasonRaw = field(row, "Season")
    const season = (seasonRaw === undefined ? undefined : seasonStartYear(seasonRaw)) ??
      2000 + Number(gameId.slice(3, 5))
    const stats = yield* numbers(row, {
      minutes_played: "MIN",
      points: "PTS",
      rebounds: "REB",
      offensive_rebounds: "OREB",
      defensive_rebounds: "DREB",
      assists: "AST",
      steals: "STL",
      blocks: "BLK",
      turnovers: "TOV",
      personal_fouls: "PF",
      field_goals_made: "FGM",
      field_goals_attempted: "FGA",
      three_pointers_made: "FG3M",
      three_pointers_attempted: "FG3A",
      free_throws_made: "FTM",
      free_throws_attempted: "FTA",
      plus_minus: "PLUS_MINUS"
    })
    // PROVENANCE: MIN is 0.0 in most rows of this file although the player scored; a zero is
    // therefore not a real minutes value and is treated as missing.
    const minutes = stats.minutes_played === 0 ? null : stats.minutes_played
    return {
      source: "bettormanpicks" as const,
      file: row.file,
      line: row.line,
      playerId,
      name,
      team,
      opponent: m.opponent,
      home: m.home,
      date,
      season,
      seasonType: seasonTypeOfGameId(gameId),
      gameId,
      stats: { ...stats, minutes_played: minutes }
    }
  })

/** Parses a meharpalbasi `player_index_<season>.csv` row (usage rate as percent 0-100). */
export const parseUsage = (season: number) => (row: CsvRow): Either.Either<UsageRow | null, string> =>
  Either.gen(function*() {
    const playerId = yield* needPersonId(row, "PLAYER_ID")
    const name = field(row, "PLAYER_NAME") ?? ""
    const type = field(row, "SEASON_TYPE") ?? ""
    const seasonType = mehTypes[type]
    if (seasonType !== "REG" && seasonType !== "POST") {
      return yield* Either.left(`unknown SEASON_TYPE ${JSON.stringify(type)}`)
    }
    const n = yield* numbers(row, { usg: "USG_PCT" })
    if (n.usg !== null && (n.usg < 0 || n.usg > 1)) {
      return yield* Either.left(`USG_PCT is not a fraction 0-1: ${n.usg}`)
    }
    // USG_PCT is a fraction (0.321); usage_rate is stored as percent (32.1), rounded to 0.1.
    const usageRate = n.usg === null ? null : Math.round(n.usg * 1000) / 10
    return { playerId, name, season, seasonType, usageRate }
  })

/**
 * NBA.com position words to the short codes NBA.com itself prints: Guard G, Forward F, Center C,
 * and the hyphenated pairs (Guard-Forward G-F, Forward-Center F-C, ...). The sources give no
 * PG/SG/SF/PF split, so none is invented.
 */
export const positionCode = (raw: string): string | undefined => {
  const words: Record<string, string> = { guard: "G", forward: "F", center: "C", g: "G", f: "F", c: "C" }
  const parts = raw.trim().toLowerCase().split(/\s*-\s*/)
  const codes = parts.map((p) => words[p])
  if (codes.length === 0 || codes.length > 2 || codes.some((c) => c === undefined)) return undefined
  return codes.join("-")
}

/** Parses a bettormanpicks `nba_player_positions.csv` row. */
export const parsePosition = (row: CsvRow): Either.Either<PositionRow, string> =>
  Either.gen(function*() {
    const playerId = yield* needPersonId(row, "player_id")
    const name = yield* need(row, "Player")
    const raw = yield* need(row, "Position")
    const position = positionCode(raw)
    if (position === undefined) return yield* Either.left(`Position is not an NBA position: ${JSON.stringify(raw)}`)
    return { playerId, name, position }
  })

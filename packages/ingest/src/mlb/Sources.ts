/**
 * Row parsers of the MLB source files. Each turns one CSV row into a typed record, null for a
 * well-formed row that is not about an MLB club game (spring training against a college team,
 * the All-Star Game, a register entry without an MLBAM id), or a reason the row is malformed.
 *
 * Files (under the data directory; see each folder's PROVENANCE.md):
 * - `chadwickbureau_register/people*.csv`: people and cross ids (`key_mlbam`, `key_retro`, ...).
 * - `alejandrochaveza_mml_mlb/games_<year>.csv`: MLB Stats API schedule with `game_pk`.
 * - `chadwickbureau_retrosplits/teams-<year>.csv`: Retrosheet team game logs (each game once per
 *   team per source: `evt` event file, `box` box score, `ded` deduced).
 * - `chadwickbureau_retrosplits/playing-<year>.csv` (when present): Retrosheet per-player game
 *   lines, same layout family (`person.key`, `slot`, `seq`, B_*, P_*, F_*_* columns).
 * - `ehv6_retrosheet_mlb_2024/<year>pitching.csv`, `<year>gameinfo.csv`, `<year>allplayers.csv`
 *   and `derived_retro_gid_to_game_pk_<year>.csv`.
 * @module
 */
import { isCalendarDate } from "@sports-data/domain"
import { Either } from "effect"
import { type CsvRow, field } from "../Csv.js"
import { numbers, required, requiredDate } from "../Rows.js"
import { mlbTeamOfMlbam, normaliseMlbTeam } from "./Teams.js"

/** A person of the Chadwick register with an MLBAM id. */
export interface RegisterPerson {
  readonly mlbam: string
  readonly retro: string | null
  /** Platform name -> id for every cross id present (mlbam, retro, bbref, fangraphs, ...). */
  readonly platformIds: Readonly<Record<string, string>>
  readonly firstName: string | null
  readonly lastName: string | null
  readonly fullName: string
  readonly birthDate: string | null
  readonly mlbPlayedFirst: number | null
  readonly mlbPlayedLast: number | null
}

/** One row of the MLB Stats API schedule (a game_pk can have several rows, see PROVENANCE). */
export interface ScheduleRow {
  readonly file: string
  readonly line: number
  readonly gamePk: string
  readonly date: string
  readonly status: string
  readonly home: string
  readonly away: string
  readonly venue: string | null
  readonly doubleheader: boolean | null
  readonly dayNight: string | null
  readonly homePitcher: string | null
  readonly awayPitcher: string | null
  readonly homeRuns: number | null
  readonly awayRuns: number | null
}

/** Retrosheet season phase: R regular season, D/F/L/W postseason rounds (A All-Star is dropped). */
export type RetroPhase = "REG" | "POST"

/** One team's row of a Retrosheet team game log (retrosplits `teams-<year>.csv`). */
export interface RetroTeamRow {
  readonly file: string
  readonly line: number
  readonly gid: string
  readonly source: string
  readonly date: string
  readonly number: number
  readonly site: string | null
  readonly phase: RetroPhase
  readonly home: boolean
  readonly team: string
  readonly opponent: string
  readonly runs: number | null
  readonly runsAllowed: number | null
  readonly hits: number | null
  readonly errors: number | null
  readonly leftOnBase: number | null
}

/** A Retrosheet game id -> MLBAM game_pk pair (ehv6 derived crosswalk). */
export interface CrosswalkRow {
  readonly gid: string
  readonly gamePk: string
}

/** Game details of Retrosheet `gameinfo` (local start time, attendance, suspension date). */
export interface GameInfoRow {
  readonly gid: string
  readonly localStartTime: string | null
  readonly attendance: number | null
  readonly durationMinutes: number | null
  readonly suspendedUntil: string | null
}

/** Pitching stat keys of a line (see Sports.StatKeys.mlb). */
export type PitchingStats = Record<
  | "pitching_outs"
  | "pitching_w"
  | "pitching_l"
  | "pitching_sv"
  | "pitching_er"
  | "pitching_k"
  | "pitching_bb"
  | "pitching_h"
  | "pitching_gs"
  | "pitching_qs",
  number | null
>

/** Batting stat keys of a line (see Sports.StatKeys.mlb). */
export type BattingStats = Record<
  | "batting_ab"
  | "batting_pa"
  | "batting_h"
  | "batting_1b"
  | "batting_2b"
  | "batting_3b"
  | "batting_hr"
  | "batting_r"
  | "batting_rbi"
  | "batting_bb"
  | "batting_hbp"
  | "batting_sb"
  | "batting_so",
  number | null
>

/** One player's line in one game, from a Retrosheet file, before ids are resolved. */
export interface RetroLine {
  readonly file: string
  readonly line: number
  readonly gid: string
  readonly source: string
  readonly date: string
  readonly retroId: string
  readonly team: string
  readonly opponent: string
  readonly isStarter: boolean
  /** SP/RP for pitchers, else the fielding position (C, 1B, ..., OF), DH, PH or PR. */
  readonly position: string | null
  readonly batting: Partial<BattingStats> | null
  readonly pitching: Partial<PitchingStats> | null
}

/** Games a player appeared in by position in one season, for his position (allplayers). */
export interface AppearanceRow {
  readonly retroId: string
  readonly team: string
  readonly bats: string | null
  readonly throws: string | null
  readonly lastGame: string | null
  readonly games: Readonly<Record<string, number>>
}

const compactDate = (raw: string | undefined): string | null => {
  if (raw === undefined || !/^\d{8}$/.test(raw)) return null
  const d = `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}`
  return isCalendarDate(d) ? d : null
}

const requiredCompactDate = (row: CsvRow, column: string): Either.Either<string, string> =>
  Either.flatMap(required(row, column), (v) => {
    const d = compactDate(v)
    return d === null ? Either.left(`${column} is not a date written YYYYMMDD: ${JSON.stringify(v)}`) : Either.right(d)
  })

const integerId = (raw: string | undefined): string | null => {
  if (raw === undefined) return null
  const n = Number(raw)
  return Number.isInteger(n) && n > 0 ? String(n) : null
}

/** Retrosheet team codes of the All-Star teams. */
const allStarTeams = new Set(["ALS", "NLS"])

/** A Retrosheet game id: home team code, date, game number (`BAL202403280`). */
const retroGid = /^[A-Z]{3}\d{9}$/

const flag = (raw: string | undefined): number => raw === "1" || raw?.toLowerCase() === "true" ? 1 : 0

/** Parses a row of the Chadwick register; rows without `key_mlbam` are not MLB people (null). */
export const parseRegisterPerson = (row: CsvRow): Either.Either<RegisterPerson | null, string> =>
  Either.gen(function*() {
    const rawMlbam = field(row, "key_mlbam")
    if (rawMlbam === undefined) return null
    const mlbam = integerId(rawMlbam)
    if (mlbam === null) return yield* Either.left(`key_mlbam is not an id: ${JSON.stringify(rawMlbam)}`)
    const first = field(row, "name_first") ?? null
    const last = field(row, "name_last") ?? null
    if (first === null && last === null) return yield* Either.left("name_first and name_last are both missing")
    const suffix = field(row, "name_suffix")
    const fullName = [first, last, suffix].filter((x) => x !== null && x !== undefined).join(" ")
    const y = field(row, "birth_year")
    const m = field(row, "birth_month")
    const d = field(row, "birth_day")
    const birth = y !== undefined && m !== undefined && d !== undefined
      ? `${y.padStart(4, "0")}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`
      : null
    const years = yield* numbers(row, { first: "mlb_played_first", last: "mlb_played_last" })
    const platformIds: Record<string, string> = { mlbam }
    const ids: ReadonlyArray<readonly [string, string]> = [
      ["retro", "key_retro"],
      ["bbref", "key_bbref"],
      ["bbref_minors", "key_bbref_minors"],
      ["fangraphs", "key_fangraphs"],
      ["npb", "key_npb"],
      ["chadwick", "key_person"],
      ["wikidata", "key_wikidata"],
      ["sr_nfl", "key_sr_nfl"],
      ["sr_nba", "key_sr_nba"],
      ["sr_nhl", "key_sr_nhl"]
    ]
    for (const [name, column] of ids) {
      const v = field(row, column)
      if (v !== undefined) platformIds[name] = v
    }
    return {
      mlbam,
      retro: field(row, "key_retro") ?? null,
      platformIds,
      firstName: first,
      lastName: suffix === undefined || last === null ? last : `${last} ${suffix}`,
      fullName,
      birthDate: birth !== null && isCalendarDate(birth) ? birth : null,
      mlbPlayedFirst: years.first,
      mlbPlayedLast: years.last
    }
  })

/**
 * Parses a schedule row (alejandrochaveza `games_<year>.csv`). A game with a team that is not one
 * of the 30 clubs (college, foreign or All-Star teams) gives null.
 */
export const parseScheduleRow = (row: CsvRow): Either.Either<ScheduleRow | null, string> =>
  Either.gen(function*() {
    const rawPk = yield* required(row, "game_pk")
    const gamePk = integerId(rawPk)
    if (gamePk === null) return yield* Either.left(`game_pk is not an id: ${JSON.stringify(rawPk)}`)
    const date = yield* requiredDate(row, "date")
    const status = (yield* required(row, "status")).toUpperCase()
    const homeId = integerId(yield* required(row, "home_team_id"))
    const awayId = integerId(yield* required(row, "away_team_id"))
    if (homeId === null || awayId === null) return yield* Either.left("home_team_id or away_team_id is not an id")
    const home = mlbTeamOfMlbam(homeId)
    const away = mlbTeamOfMlbam(awayId)
    if (home === undefined || away === undefined) return null
    if (home === away) return yield* Either.left(`home and away team are both ${home}`)
    const runs = yield* numbers(row, { home: "home_runs", away: "away_runs" })
    const dh = field(row, "doubleheader")
    return {
      file: row.file,
      line: row.line,
      gamePk,
      date,
      status,
      home,
      away,
      venue: field(row, "venue") ?? null,
      doubleheader: dh === undefined ? null : /^(true|1|y)$/i.test(dh),
      dayNight: field(row, "day_night") ?? null,
      homePitcher: integerId(field(row, "home_pitcher_id")),
      awayPitcher: integerId(field(row, "away_pitcher_id")),
      homeRuns: runs.home === null ? null : Math.round(runs.home),
      awayRuns: runs.away === null ? null : Math.round(runs.away)
    }
  })

const phaseOf = (raw: string): RetroPhase | "ALLSTAR" | undefined =>
  raw === "R" ? "REG" : raw === "A" ? "ALLSTAR" : ["D", "F", "L", "W"].includes(raw) ? "POST" : undefined

const retroTeam = (row: CsvRow, column: string): Either.Either<string, string> =>
  Either.flatMap(required(row, column), (v) => {
    const team = normaliseMlbTeam(v)
    return team === undefined ? Either.left(`${column} is not an MLB club: ${JSON.stringify(v)}`) : Either.right(team)
  })

/** Common columns of the retrosplits day-by-day files (teams and playing). */
const parseRetroGameColumns = (row: CsvRow) =>
  Either.gen(function*() {
    const gid = yield* required(row, "game.key")
    if (!retroGid.test(gid)) return yield* Either.left(`game.key is not a Retrosheet game id: ${JSON.stringify(gid)}`)
    const source = yield* required(row, "game.source")
    const date = yield* requiredDate(row, "game.date")
    const rawPhase = yield* required(row, "season.phase")
    const phase = phaseOf(rawPhase)
    if (phase === undefined) return yield* Either.left(`season.phase is unknown: ${JSON.stringify(rawPhase)}`)
    const rawTeam = yield* required(row, "team.key")
    const rawOpp = yield* required(row, "opponent.key")
    if (phase === "ALLSTAR" || allStarTeams.has(rawTeam) || allStarTeams.has(rawOpp)) return null
    const team = yield* retroTeam(row, "team.key")
    const opponent = yield* retroTeam(row, "opponent.key")
    const alignment = yield* required(row, "team.alignment")
    if (alignment !== "0" && alignment !== "1") {
      return yield* Either.left(`team.alignment is not 0 or 1: ${JSON.stringify(alignment)}`)
    }
    const n = yield* numbers(row, { number: "game.number" })
    return { gid, source, date, phase, team, opponent, home: alignment === "1", number: n.number ?? 0 }
  })

/** Parses a retrosplits `teams-<year>.csv` row (All-Star Game rows give null). */
export const parseRetroTeamRow = (row: CsvRow): Either.Either<RetroTeamRow | null, string> =>
  Either.gen(function*() {
    const g = yield* parseRetroGameColumns(row)
    if (g === null) return null
    const n = yield* numbers(row, { r: "B_R", ra: "P_R", h: "B_H", e: "F_E", lob: "B_LOB" })
    return {
      file: row.file,
      line: row.line,
      ...g,
      site: field(row, "site.key") ?? null,
      runs: n.r,
      runsAllowed: n.ra,
      hits: n.h,
      errors: n.e,
      leftOnBase: n.lob
    }
  })

/** Parses a row of the derived Retrosheet gid -> game_pk crosswalk. */
export const parseCrosswalk = (row: CsvRow): Either.Either<CrosswalkRow, string> =>
  Either.gen(function*() {
    const gid = yield* required(row, "retro_gid")
    if (!retroGid.test(gid)) return yield* Either.left(`retro_gid is not a Retrosheet game id: ${JSON.stringify(gid)}`)
    const raw = yield* required(row, "game_pk")
    const gamePk = integerId(raw)
    if (gamePk === null) return yield* Either.left(`game_pk is not an id: ${JSON.stringify(raw)}`)
    return { gid, gamePk }
  })

/** Parses a Retrosheet `<year>gameinfo.csv` row. */
export const parseGameInfo = (row: CsvRow): Either.Either<GameInfoRow, string> =>
  Either.gen(function*() {
    const gid = yield* required(row, "gid")
    if (!retroGid.test(gid)) return yield* Either.left(`gid is not a Retrosheet game id: ${JSON.stringify(gid)}`)
    const n = yield* numbers(row, { attendance: "attendance", minutes: "timeofgame" })
    const start = field(row, "starttime")
    return {
      gid,
      localStartTime: start !== undefined && /^\d{1,2}:\d{2}\s*[AP]M$/i.test(start) ? start.toUpperCase() : null,
      attendance: n.attendance,
      durationMinutes: n.minutes,
      suspendedUntil: compactDate(field(row, "suspend"))
    }
  })

/**
 * A quality start: a start of at least 6 innings (18 outs) with at most 3 earned runs (the MLB
 * definition; FanDuel scores it).
 */
export const qualityStart = (started: number, outs: number, earnedRuns: number): number =>
  started > 0 && outs >= 18 && earnedRuns <= 3 ? 1 : 0

/** Parses a Retrosheet `<year>pitching.csv` row (one pitcher in one game; All-Star rows give null). */
export const parsePitchingRow = (row: CsvRow): Either.Either<RetroLine | null, string> =>
  Either.gen(function*() {
    const gid = yield* required(row, "gid")
    if (!retroGid.test(gid)) return yield* Either.left(`gid is not a Retrosheet game id: ${JSON.stringify(gid)}`)
    const retroId = yield* required(row, "id")
    const rawTeam = yield* required(row, "team")
    const rawOpp = yield* required(row, "opp")
    if (allStarTeams.has(rawTeam) || allStarTeams.has(rawOpp) || field(row, "gametype") === "allstar") return null
    const team = yield* retroTeam(row, "team")
    const opponent = yield* retroTeam(row, "opp")
    const date = yield* requiredCompactDate(row, "date")
    const n = yield* numbers(row, {
      seq: "p_seq",
      outs: "p_ipouts",
      h: "p_h",
      er: "p_er",
      bb: "p_w",
      k: "p_k"
    })
    if (n.outs === null || n.er === null || n.k === null) {
      return yield* Either.left("p_ipouts, p_er or p_k is missing")
    }
    const gs = flag(field(row, "p_gs"))
    return {
      file: row.file,
      line: row.line,
      gid,
      source: "ehv6",
      date,
      retroId,
      team,
      opponent,
      isStarter: n.seq === 1 || gs === 1,
      position: n.seq === 1 || gs === 1 ? "SP" : "RP",
      batting: null,
      pitching: {
        pitching_outs: n.outs,
        pitching_w: flag(field(row, "wp")),
        pitching_l: flag(field(row, "lp")),
        pitching_sv: flag(field(row, "save")),
        pitching_er: n.er,
        pitching_k: n.k,
        pitching_bb: n.bb,
        pitching_h: n.h,
        pitching_gs: gs,
        pitching_qs: qualityStart(gs, n.outs, n.er)
      }
    }
  })

/** Parses a Retrosheet `<year>allplayers.csv` row (All-Star team rows give null). */
export const parseAppearanceRow = (row: CsvRow): Either.Either<AppearanceRow | null, string> =>
  Either.gen(function*() {
    const retroId = yield* required(row, "id")
    const rawTeam = yield* required(row, "team")
    if (allStarTeams.has(rawTeam)) return null
    const team = yield* retroTeam(row, "team")
    const n = yield* numbers(row, {
      SP: "g_sp",
      RP: "g_rp",
      C: "g_c",
      "1B": "g_1b",
      "2B": "g_2b",
      "3B": "g_3b",
      SS: "g_ss",
      OF: "g_of",
      DH: "g_dh"
    })
    const games: Record<string, number> = {}
    for (const [k, v] of Object.entries(n)) if (v !== null && v > 0) games[k] = v
    return {
      retroId,
      team,
      bats: field(row, "bat") ?? null,
      throws: field(row, "throw") ?? null,
      lastGame: compactDate(field(row, "last_g")),
      games
    }
  })

/** Fielding positions of the playing files, in the order a primary position is chosen. */
const fieldingPositions: ReadonlyArray<readonly [string, string]> = [
  ["C", "C"],
  ["1B", "1B"],
  ["2B", "2B"],
  ["3B", "3B"],
  ["SS", "SS"],
  ["LF", "OF"],
  ["CF", "OF"],
  ["RF", "OF"],
  ["OF", "OF"]
]

/**
 * Parses a retrosplits day-by-day `playing-<year>.csv` row (one player, one game, one batting
 * slot; All-Star rows give null). Batting stats are present when the player was in the batting
 * order (`slot` > 0) or came to the plate; pitching stats when he pitched (`P_G` = 1). Boxscore
 * rows (`game.source` box) have no plate appearances, so `batting_pa` is null for them.
 * `isStarter`: he started in his batting slot (`seq` 1) or started as pitcher (`P_GS`) or at
 * a fielding position (`F_*_GS`).
 */
export const parsePlayingRow = (row: CsvRow): Either.Either<RetroLine | null, string> =>
  Either.gen(function*() {
    const g = yield* parseRetroGameColumns(row)
    if (g === null) return null
    const retroId = yield* required(row, "person.key")
    const b = yield* numbers(row, {
      pa: "B_PA",
      ab: "B_AB",
      r: "B_R",
      h: "B_H",
      d: "B_2B",
      t: "B_3B",
      hr: "B_HR",
      rbi: "B_RBI",
      bb: "B_BB",
      hbp: "B_HP",
      sb: "B_SB",
      so: "B_SO",
      dh: "B_G_DH",
      ph: "B_G_PH",
      pr: "B_G_PR"
    })
    const p = yield* numbers(row, {
      g: "P_G",
      gs: "P_GS",
      w: "P_W",
      l: "P_L",
      sv: "P_SV",
      outs: "P_OUT",
      er: "P_ER",
      h: "P_H",
      bb: "P_BB",
      k: "P_SO"
    })
    const pos = yield* numbers(row, { slot: "slot", seq: "seq" })
    const slot = pos.slot ?? 0
    const pitched = (p.g ?? 0) > 0
    const batted = slot > 0 || (b.pa ?? 0) > 0 || (b.ab ?? 0) > 0
    const z = (v: number | null) => v ?? 0
    const batting: Partial<BattingStats> | null = batted
      ? {
        batting_pa: g.source === "box" ? null : z(b.pa),
        batting_ab: z(b.ab),
        batting_h: z(b.h),
        batting_1b: z(b.h) - z(b.d) - z(b.t) - z(b.hr),
        batting_2b: z(b.d),
        batting_3b: z(b.t),
        batting_hr: z(b.hr),
        batting_r: z(b.r),
        batting_rbi: z(b.rbi),
        batting_bb: z(b.bb),
        batting_hbp: z(b.hbp),
        batting_sb: z(b.sb),
        batting_so: z(b.so)
      }
      : null
    const pitching: Partial<PitchingStats> | null = pitched
      ? {
        pitching_outs: z(p.outs),
        pitching_w: z(p.w),
        pitching_l: z(p.l),
        pitching_sv: z(p.sv),
        pitching_er: z(p.er),
        pitching_k: z(p.k),
        pitching_bb: z(p.bb),
        pitching_h: z(p.h),
        pitching_gs: z(p.gs),
        pitching_qs: qualityStart(z(p.gs), z(p.outs), z(p.er))
      }
      : null
    let position: string | null = null
    let startedInField = false
    if (pitched) position = z(p.gs) > 0 ? "SP" : "RP"
    else {
      for (const [column, code] of fieldingPositions) {
        const f = yield* numbers(row, { g: `F_${column}_G`, gs: `F_${column}_GS` })
        if (z(f.gs) > 0) {
          position = code
          startedInField = true
          break
        }
        if (position === null && z(f.g) > 0) position = code
      }
      if (position === null) position = z(b.dh) > 0 ? "DH" : z(b.ph) > 0 ? "PH" : z(b.pr) > 0 ? "PR" : null
    }
    return {
      file: row.file,
      line: row.line,
      gid: g.gid,
      source: g.source,
      date: g.date,
      retroId,
      team: g.team,
      opponent: g.opponent,
      isStarter: pos.seq === 1 || z(p.gs) > 0 || startedInField,
      position,
      batting,
      pitching
    }
  })

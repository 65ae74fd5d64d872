/**
 * Row parsers of the college football source files. Each turns one CSV row into a typed record
 * or a reason the row is malformed; resolving teams and joining the records is left to
 * {@link ./Build.ts}.
 *
 * Files (under the data directory; see each folder's PROVENANCE.md):
 * - `jhatfiel_cfbd_games/cfbd_games_<season>.csv` (2023, 2024): one row per game, CFBD `id`,
 *   `season_type` regular/postseason, `start_date` (UTC), team ids, names, conferences and
 *   classification (`fbs`, `fcs`, `ii`, `iii`), points, line scores, notes.
 * - `noahpbrown_cfb_games/games_<season>.csv` (2022-2024): regular season, team names and
 *   conferences, points; no id, no date.
 * - `sportsdataverse_cfbfastr_cfb_data/cfb_schedule_<season>.csv.gz` (2025): ESPN `game_id`,
 *   `season_type` 2 (regular) or 3 (postseason), team ids, display names and abbreviations,
 *   scores, `status`.
 * - `sportsdataverse_cfbfastr_cfb_data/player_box_<season>.csv.gz` (2025): one row per player,
 *   game and ESPN box category (passing, rushing, receiving, fumbles, defensive, interceptions,
 *   kicking, punting, kickReturns, puntReturns).
 * - `llizima_college_football_dashboard/cfb_poll_rankings_2022_2024.csv`: one row per team, poll
 *   and week.
 * - `llizima_college_football_dashboard/cfb_teams.csv`: school, CFBD id, mascot, colours, address.
 * @module
 */
import type { Sports } from "@sports-data/domain"
import { Either } from "effect"
import { type CsvRow, field } from "../Csv.js"
import { numbers, required } from "../Rows.js"

/** A cfb stat key (see the cfb sport module). */
export type CfbStatKey = (typeof Sports.StatKeys.cfb)[number]

/** Season type as stored: regular season or postseason. */
export type CfbSeasonType = "REG" | "POST"

/** Where a record was read. */
export interface At {
  readonly file: string
  readonly line: number
}

/** One side of a CFBD game. */
export interface CfbdSide {
  readonly id: string
  readonly name: string
  readonly conference: string | null
  /** CFBD classification: `fbs`, `fcs`, `ii`, `iii`; null when blank. */
  readonly classification: string | null
  readonly points: number | null
  /** Points per quarter, then per overtime period; null when blank. */
  readonly lineScores: ReadonlyArray<number> | null
}

/** A game of `jhatfiel_cfbd_games`. */
export interface CfbdGame extends At {
  readonly id: string
  readonly season: number
  readonly week: number
  /** The source's `season_type` (regular -> REG, postseason -> POST), before any reclassification. */
  readonly seasonType: CfbSeasonType
  readonly start: Date
  /** True when the kickoff time was not set (the source then writes midnight US Eastern). */
  readonly startTimeTbd: boolean
  readonly completed: boolean
  readonly neutralSite: boolean | null
  readonly conferenceGame: boolean | null
  readonly attendance: number | null
  readonly venue: string | null
  readonly notes: string | null
  readonly home: CfbdSide
  readonly away: CfbdSide
}

/** A game of `noahpbrown_cfb_games` (no id, no date, regular season). */
export interface NoahGame extends At {
  readonly season: number
  readonly week: number
  readonly home: string
  readonly away: string
  readonly homePoints: number | null
  readonly awayPoints: number | null
  readonly neutralSite: boolean | null
  readonly homeConference: string | null
  readonly awayConference: string | null
}

/** One side of a 2025 ESPN schedule game. */
export interface ScheduleSide {
  readonly id: string
  /** ESPN display name, school and mascot ("The Citadel Bulldogs"). */
  readonly displayName: string
  readonly abbreviation: string | null
  readonly score: number | null
}

/** A game of the sportsdataverse schedule (ESPN). */
export interface ScheduleGame extends At {
  readonly id: string
  readonly season: number
  readonly week: number
  readonly seasonType: CfbSeasonType
  readonly start: Date
  readonly neutralSite: boolean | null
  readonly conferenceGame: boolean | null
  readonly status: string
  readonly venue: string | null
  readonly attendance: number | null
  readonly home: ScheduleSide
  readonly away: ScheduleSide
}

/** One player's numbers of one ESPN box category in one game. */
export interface BoxLine extends At {
  readonly gameId: string
  readonly season: number
  readonly teamId: string
  readonly athleteId: string
  readonly name: string
  readonly jersey: string | null
  readonly category: string
  readonly stats: Partial<Record<CfbStatKey, number | null>>
}

/** Poll keys as stored, by the source's poll name. */
export const pollKeys: Readonly<Record<string, string>> = {
  "AP Top 25": "ap",
  "Coaches Poll": "coaches",
  "Playoff Committee Rankings": "cfp",
  "FCS Coaches Poll": "fcs_coaches",
  "AFCA Division II Coaches Poll": "d2_coaches",
  "AFCA Division III Coaches Poll": "d3_coaches"
}

/** One team's place in one poll release. */
export interface PollRow extends At {
  readonly season: number
  /** regular: a weekly release; postseason: the final poll after the bowls and playoffs. */
  readonly postseason: boolean
  /** The source's week (postseason polls are week 1 there). */
  readonly week: number
  readonly poll: string
  readonly rank: number
  readonly school: string
  readonly points: number | null
}

/** A row of `cfb_teams.csv` (unreliable coordinates are not read). */
export interface TeamsCsvRow extends At {
  readonly id: string
  readonly school: string
  readonly mascot: string | null
  readonly color: string | null
  readonly alternateColor: string | null
  readonly city: string | null
  readonly state: string | null
}

const need = required

const bool = (raw: string | undefined): boolean | null =>
  raw === undefined ? null : /^(true|1|yes)$/i.test(raw) ? true : /^(false|0|no)$/i.test(raw) ? false : null

const needInt = (row: CsvRow, column: string, min = 0): Either.Either<number, string> =>
  Either.flatMap(need(row, column), (v) => {
    const n = Number(v)
    return Number.isInteger(n) && n >= min
      ? Either.right(n)
      : Either.left(`${column} is not an integer: ${JSON.stringify(v)}`)
  })

/** A positive integer id column, as a string (CFBD/ESPN team, game and athlete ids). */
const needId = (row: CsvRow, column: string): Either.Either<string, string> =>
  Either.flatMap(
    need(row, column),
    (v) =>
      /^\d+$/.test(v) && Number(v) > 0
        ? Either.right(String(Number(v)))
        : Either.left(`${column} is not an id: ${JSON.stringify(v)}`)
  )

const needInstant = (row: CsvRow, column: string): Either.Either<Date, string> =>
  Either.flatMap(need(row, column), (v) => {
    const t = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/.test(v) ? Date.parse(v) : Number.NaN
    return Number.isNaN(t)
      ? Either.left(`${column} is not a UTC time: ${JSON.stringify(v)}`)
      : Either.right(new Date(t))
  })

const intOrNull = (row: CsvRow, column: string): Either.Either<number | null, string> =>
  Either.flatMap(
    numbers(row, { v: column }),
    ({ v }) => v === null || Number.isInteger(v) ? Either.right(v) : Either.left(`${column} is not an integer: ${v}`)
  )

const lineScores = (row: CsvRow, column: string): Either.Either<ReadonlyArray<number> | null, string> => {
  const v = field(row, column)
  if (v === undefined) return Either.right(null)
  const parts = v.split(";").map(Number)
  return parts.every((n) => Number.isInteger(n) && n >= 0)
    ? Either.right(parts)
    : Either.left(`${column} is not points separated by ";": ${JSON.stringify(v)}`)
}

const cfbdSide = (row: CsvRow, side: "home" | "away"): Either.Either<CfbdSide, string> =>
  Either.gen(function*() {
    return {
      id: yield* needId(row, `${side}_id`),
      name: yield* need(row, `${side}_team`),
      conference: field(row, `${side}_conference`) ?? null,
      classification: field(row, `${side}_division`)?.toLowerCase() ?? null,
      points: yield* intOrNull(row, `${side}_points`),
      lineScores: yield* lineScores(row, `${side}_line_scores`)
    }
  })

/** Parses a `cfbd_games_<season>.csv` row. */
export const parseCfbdGame = (row: CsvRow): Either.Either<CfbdGame, string> =>
  Either.gen(function*() {
    const id = yield* needId(row, "id")
    const season = yield* needInt(row, "season", 1869)
    const week = yield* needInt(row, "week", 0)
    const type = yield* need(row, "season_type")
    if (type !== "regular" && type !== "postseason") {
      return yield* Either.left(`season_type is not regular or postseason: ${JSON.stringify(type)}`)
    }
    const start = yield* needInstant(row, "start_date")
    const home = yield* cfbdSide(row, "home")
    const away = yield* cfbdSide(row, "away")
    if (home.id === away.id) return yield* Either.left(`home and away team are both ${home.id}`)
    return {
      file: row.file,
      line: row.line,
      id,
      season,
      week,
      seasonType: type === "regular" ? "REG" as const : "POST" as const,
      start,
      startTimeTbd: bool(field(row, "start_time_tbd")) === true,
      completed: bool(field(row, "completed")) === true,
      neutralSite: bool(field(row, "neutral_site")),
      conferenceGame: bool(field(row, "conference_game")),
      attendance: yield* intOrNull(row, "attendance"),
      venue: field(row, "venue") ?? null,
      notes: field(row, "notes") ?? null,
      home,
      away
    }
  })

/** Parses a noahpbrown `games_<season>.csv` row. */
export const parseNoahGame = (row: CsvRow): Either.Either<NoahGame, string> =>
  Either.gen(function*() {
    const season = yield* needInt(row, "season", 1869)
    const week = yield* needInt(row, "week", 0)
    const home = yield* need(row, "home_team")
    const away = yield* need(row, "away_team")
    if (home === away) return yield* Either.left(`home and away team are both ${JSON.stringify(home)}`)
    return {
      file: row.file,
      line: row.line,
      season,
      week,
      home,
      away,
      homePoints: yield* intOrNull(row, "home_points"),
      awayPoints: yield* intOrNull(row, "away_points"),
      neutralSite: bool(field(row, "neutral_site")),
      homeConference: field(row, "home_conference") ?? null,
      awayConference: field(row, "away_conference") ?? null
    }
  })

const scheduleSide = (row: CsvRow, side: "home" | "away"): Either.Either<ScheduleSide, string> =>
  Either.gen(function*() {
    return {
      id: yield* needId(row, `${side}_id`),
      displayName: yield* need(row, `${side}_team`),
      abbreviation: field(row, `${side}_abbreviation`) ?? null,
      score: yield* intOrNull(row, `${side}_score`)
    }
  })

/** Parses a `cfb_schedule_<season>.csv.gz` row (ESPN season_type 2 regular, 3 postseason). */
export const parseScheduleGame = (row: CsvRow): Either.Either<ScheduleGame, string> =>
  Either.gen(function*() {
    const id = yield* needId(row, "game_id")
    const season = yield* needInt(row, "season", 1869)
    const week = yield* needInt(row, "week", 0)
    const type = yield* need(row, "season_type")
    if (type !== "2" && type !== "3") return yield* Either.left(`season_type is not 2 or 3: ${JSON.stringify(type)}`)
    const home = yield* scheduleSide(row, "home")
    const away = yield* scheduleSide(row, "away")
    if (home.id === away.id) return yield* Either.left(`home and away team are both ${home.id}`)
    return {
      file: row.file,
      line: row.line,
      id,
      season,
      week,
      seasonType: type === "2" ? "REG" as const : "POST" as const,
      start: yield* needInstant(row, "game_date"),
      neutralSite: bool(field(row, "neutral_site")),
      conferenceGame: bool(field(row, "conference_competition")),
      status: yield* need(row, "status"),
      venue: field(row, "venue") ?? null,
      attendance: yield* intOrNull(row, "attendance"),
      home,
      away
    }
  })

/** A `made/attempted` cell ("14/28") as two counts; both null when blank. */
const madeOf = (row: CsvRow, column: string): Either.Either<readonly [number | null, number | null], string> => {
  const v = field(row, column)
  if (v === undefined) return Either.right([null, null])
  const m = /^(\d+)\/(\d+)$/.exec(v)
  return m === null ? Either.left(`${column} is not made/attempted: ${JSON.stringify(v)}`) : Either.right([
    Number(m[1]),
    Number(m[2])
  ])
}

/** Stat key -> column, per ESPN box category (columns named as in player_box). */
const categoryColumns: Readonly<Record<string, Partial<Record<CfbStatKey, string>>>> = {
  passing: {}, // read by passingStats
  rushing: {
    rushing_attempts: "rushingAttempts",
    rushing_yards: "rushingYards",
    rushing_tds: "rushingTouchdowns",
    rushing_long: "longRushing"
  },
  receiving: {
    receptions: "receptions",
    receiving_yards: "receivingYards",
    receiving_tds: "receivingTouchdowns",
    receiving_long: "longReception"
  },
  fumbles: { fumbles: "fumbles", fumbles_lost: "fumblesLost", fumbles_recovered: "fumblesRecovered" },
  defensive: {
    tackles: "totalTackles",
    solo_tackles: "soloTackles",
    sacks: "sacks",
    tackles_for_loss: "tacklesForLoss",
    passes_defended: "passesDefended",
    qb_hurries: "hurries",
    defense_tds: "defensiveTouchdowns"
  },
  interceptions: {
    defense_interceptions: "interceptions",
    interception_yards: "interceptionYards",
    interception_tds: "interceptionTouchdowns"
  },
  kicking: { fg_long: "longFieldGoalMade", kicking_points: "totalKickingPoints" },
  punting: {
    punts: "punts",
    punt_yards: "puntYards",
    punt_touchbacks: "touchbacks",
    punts_inside_20: "puntsInside20",
    punt_long: "longPunt"
  },
  kickReturns: {
    kick_returns: "kickReturns",
    kick_return_yards: "kickReturnYards",
    kick_return_long: "longKickReturn",
    kick_return_tds: "kickReturnTouchdowns"
  },
  puntReturns: {
    punt_returns: "puntReturns",
    punt_return_yards: "puntReturnYards",
    punt_return_long: "longPuntReturn",
    punt_return_tds: "puntReturnTouchdowns"
  }
}

/**
 * The passing line's numbers. Most rows fill the named columns; 80 rows of the 2025 file leave
 * them blank and carry ESPN's raw passing cells in `stat_1..stat_5` instead, in ESPN's passing
 * box order C/ATT, YDS, AVG, TD, INT (e.g. `11/17, 192, 11.3, 1, 0`: 192 / 17 = 11.3).
 */
const passingStats = (row: CsvRow): Either.Either<Partial<Record<CfbStatKey, number | null>>, string> =>
  Either.gen(function*() {
    if (field(row, "completions/passingAttempts") === undefined && field(row, "stat_1") !== undefined) {
      const [completions, attempts] = yield* madeOf(row, "stat_1")
      const n = yield* numbers(row, { passing_yards: "stat_2", passing_tds: "stat_4", interceptions: "stat_5" })
      return { ...n, passing_completions: completions, passing_attempts: attempts, qbr: null }
    }
    const [completions, attempts] = yield* madeOf(row, "completions/passingAttempts")
    const n = yield* numbers(row, {
      passing_yards: "passingYards",
      passing_tds: "passingTouchdowns",
      interceptions: "interceptions"
    })
    // ESPN writes "--" for a QBR it did not compute (too few plays): no value
    const qbr = field(row, "adjQBR") === "--" ? { qbr: null } : yield* numbers(row, { qbr: "adjQBR" })
    return { ...n, ...qbr, passing_completions: completions, passing_attempts: attempts }
  })

/**
 * Parses a `player_box_<season>.csv.gz` row. Team lines (negative athlete ids, named " Team":
 * team rushing and the like) are not a player's and are ignored (Right(null)).
 */
export const parseBoxLine = (row: CsvRow): Either.Either<BoxLine | null, string> =>
  Either.gen(function*() {
    const rawAthlete = yield* need(row, "athlete_id")
    if (/^-\d+$/.test(rawAthlete)) return null
    const athleteId = yield* needId(row, "athlete_id")
    const category = yield* need(row, "category")
    const columns = categoryColumns[category]
    if (columns === undefined) return yield* Either.left(`unknown category ${JSON.stringify(category)}`)
    let stats: Partial<Record<CfbStatKey, number | null>>
    if (category === "passing") stats = yield* passingStats(row)
    else {
      stats = yield* numbers(row, columns as Record<CfbStatKey, string>)
      if (category === "kicking") {
        const [fgMade, fgAttempts] = yield* madeOf(row, "fieldGoalsMade/fieldGoalAttempts")
        const [xpMade, xpAttempts] = yield* madeOf(row, "extraPointsMade/extraPointAttempts")
        stats = { ...stats, fg_made: fgMade, fg_attempts: fgAttempts, xp_made: xpMade, xp_attempts: xpAttempts }
      }
    }
    return {
      file: row.file,
      line: row.line,
      gameId: yield* needId(row, "game_id"),
      season: yield* needInt(row, "season", 1869),
      teamId: yield* needId(row, "team_id"),
      athleteId,
      name: yield* need(row, "athlete_name"),
      jersey: field(row, "jersey") ?? null,
      category,
      stats
    }
  })

/**
 * Parses a `cfb_poll_rankings_2022_2024.csv` row. Ignored (Right(null)): the "postseason"
 * Playoff Committee list of 2023: the committee publishes no ranking after the bowls (its last
 * ranking is the selection-day one, week 15), and that list differs from it (Georgia 4th, Alabama
 * 5th, where the committee's final ranking of 2023-12-03 has Alabama 4th, Florida State 5th).
 */
export const parsePollRow = (row: CsvRow): Either.Either<PollRow | null, string> =>
  Either.gen(function*() {
    const season = yield* needInt(row, "season", 1869)
    const type = yield* need(row, "seasonType")
    if (type !== "regular" && type !== "postseason") {
      return yield* Either.left(`seasonType is not regular or postseason: ${JSON.stringify(type)}`)
    }
    const name = yield* need(row, "poll")
    const poll = pollKeys[name]
    if (poll === undefined) return yield* Either.left(`unknown poll ${JSON.stringify(name)}`)
    if (poll === "cfp" && type === "postseason") return null
    const week = yield* needInt(row, "week", 1)
    const rank = yield* needInt(row, "rank", 1)
    const school = yield* need(row, "school")
    const points = yield* intOrNull(row, "points")
    return {
      file: row.file,
      line: row.line,
      season,
      postseason: type === "postseason",
      week,
      poll,
      rank,
      school,
      points
    }
  })

/** `#rrggbb` colour, or null for the source's `#null`. */
const colour = (raw: string | undefined): string | null =>
  raw !== undefined && /^#[0-9a-f]{6}$/i.test(raw) ? raw.toLowerCase() : null

/** Parses a `cfb_teams.csv` row (mascot "Unknown" with `mascot_missing` 1 reads as null). */
export const parseTeamsCsvRow = (row: CsvRow): Either.Either<TeamsCsvRow, string> =>
  Either.gen(function*() {
    const id = yield* needId(row, "id")
    const school = yield* need(row, "school")
    const mascot = field(row, "mascot_missing") === "1" ? null : (field(row, "mascot") ?? null)
    // address is "<school>, <city>, <state>"; NA parts are unknown
    const parts = (field(row, "address") ?? "").split(",").map((p) => p.trim())
    const part = (i: number) => {
      const p = parts.length === 3 ? parts[i] : undefined
      return p === undefined || p === "" || p === "NA" ? null : p
    }
    return {
      file: row.file,
      line: row.line,
      id,
      school,
      mascot,
      color: colour(field(row, "color")),
      alternateColor: colour(field(row, "alternateColor")),
      city: part(1),
      state: part(2)
    }
  })

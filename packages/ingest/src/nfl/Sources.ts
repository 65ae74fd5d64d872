/**
 * Row parsers of the nfl source files. Each turns one CSV row into a typed record (`Right`),
 * `Right(null)` for a well-formed row of no use (a spreadspoke season before the schedule), or
 * `Left(reason)` for a malformed row, which the reader (Rows.readRows) reports with file and line
 * and skips. Joining the records is left to {@link ./Build.ts}.
 *
 * Files (under the data directory; see each folder's PROVENANCE.md):
 * - `jtyran_nfl_team_fantasy_dashboard/player_ids.csv`: the DynastyProcess crosswalk (GSIS, PFR,
 *   sportradar, ... ids, position, team, birth date, draft); `injuries.csv`: weekly injury
 *   reports (GSIS); `depth_charts.csv`: depth chart snapshots (GSIS and/or ESPN id).
 * - `mayscopeland_ffb_ids/player_ids.csv`: fantasy platform ids (sleeper, espn, yahoo, NFL.com, ...).
 * - `spreadspoke_nfl/nfl_teams.csv`: teams with conference and division;
 *   `spreadspoke_scores.csv`: games since 1966 with closing spread, total and weather.
 * - `urwishpatel2003_nflverse_data/schedules_*.csv`: the nflverse schedule (game id, kickoff in
 *   US Eastern, scores, lines); `player_stats_weekly_<season>.csv`: weekly player stats (GSIS);
 *   `snap_counts_<season>.csv`: snaps and snap shares per player and game (PFR).
 * - `hvpkod_nfl_data/nfl_weekly_{offense,kicker,idp}_<season>.csv`: Fantasy.NFL.com weekly
 *   lines (NFL.com fantasy id), regular season only, a row per rostered player and week.
 *
 * Unlike the shared Rows helpers, a required column here is missing only when blank (a value
 * such as `NA` is kept as text), and its reason reads `missing <column>`.
 * @module
 */
import { Either } from "effect"
import { type CsvRow, field, num } from "../Csv.js"
import { normaliseTeam } from "./Teams.js"

/** A parsed record with the file and the 1-based line it came from (for rows the build may skip). */
export type Located<A> = A & { readonly file: string; readonly line: number }

// -------------------------------------------------------------------------------------------
// Column readers
// -------------------------------------------------------------------------------------------

/** A required column, trimmed; `Left("missing <column>")` when absent or blank. */
const need = (row: CsvRow, name: string): Either.Either<string, string> => {
  const v = row.fields[name]?.trim()
  return v === undefined || v === "" ? Either.left(`missing ${name}`) : Either.right(v)
}

/** A required integer column (`2024`, `3.0`). */
const needInt = (row: CsvRow, name: string): Either.Either<number, string> =>
  Either.flatMap(need(row, name), (v) => {
    const n = Number(v)
    return Number.isInteger(n) ? Either.right(n) : Either.left(`${name} is not an integer: ${JSON.stringify(v)}`)
  })

/**
 * An optional number: blank or a missing marker (NA, NULL, nan, None) gives undefined; any other
 * text that is not a finite number makes the row malformed.
 */
const optNum = (row: CsvRow, name: string): Either.Either<number | undefined, string> => {
  const n = num(row, name)
  return n !== undefined || field(row, name) === undefined ? Either.right(n) : Either.left(notANumber(row, name))
}

/** The reason a column that is neither blank nor a number makes its row malformed. */
const notANumber = (row: CsvRow, name: string): string =>
  `${name} is not a number: ${JSON.stringify(row.fields[name]!.trim())}`

/**
 * `columns` (column -> stat key) read as numbers with blank as 0 (hvpkod and nflverse counting
 * stats: "blank = 0/none"), into a record keyed by stat key; the first column that is not a
 * number makes the row malformed. (A loop rather than one Either per column: these files are
 * the bulk of the rows.)
 */
const countColumns = (
  row: CsvRow,
  columns: ReadonlyArray<readonly [string, string]>
): Either.Either<Record<string, number>, string> => {
  const out: Record<string, number> = {}
  for (const [column, key] of columns) {
    const n = num(row, column)
    if (n === undefined && field(row, column) !== undefined) return Either.left(notANumber(row, column))
    out[key] = n ?? 0
  }
  return Either.right(out)
}

/** The numeric columns of `columns` that have a value, into `into` (keyed by the given key). */
const optionalNumbers = (
  row: CsvRow,
  columns: ReadonlyArray<readonly [string, string]>,
  into: Record<string, unknown>
): Either.Either<void, string> => {
  for (const [column, key] of columns) {
    const n = num(row, column)
    if (n === undefined && field(row, column) !== undefined) return Either.left(notANumber(row, column))
    if (n !== undefined) into[key] = n
  }
  return Either.right(undefined)
}

/** A required team column as a canonical code (Teams.normaliseTeam). */
const needTeam = (row: CsvRow, name: string): Either.Either<string, string> =>
  Either.flatMap(need(row, name), (raw) => {
    const team = normaliseTeam(raw)
    return team === undefined ? Either.left(`unknown team ${JSON.stringify(raw)} in ${name}`) : Either.right(team)
  })

/** A required `YYYY-MM-DD` date column. */
const needIsoDate = (row: CsvRow, name: string): Either.Either<string, string> =>
  Either.flatMap(
    need(row, name),
    (v) =>
      /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))
        ? Either.right(v)
        : Either.left(`${name} is not a date: ${JSON.stringify(v)}`)
  )

/** The texts of `columns` that have a value, into `into` under the column's name. */
const optionalTexts = (row: CsvRow, columns: ReadonlyArray<string>, into: Record<string, unknown>): void => {
  for (const k of columns) {
    const v = field(row, k)
    if (v !== undefined) into[k] = v
  }
}

/** Column names as (column, key) pairs with the key equal to the column. */
const same = (columns: ReadonlyArray<string>): ReadonlyArray<readonly [string, string]> => columns.map((c) => [c, c])

// -------------------------------------------------------------------------------------------
// Crosswalks
// -------------------------------------------------------------------------------------------

/** DynastyProcess db_playerids column -> platform name. `nfl_id` there is not the NFL.com fantasy id: see Identity.ts. */
export const dpPlatforms: ReadonlyArray<readonly [string, string]> = [
  ["gsis_id", "gsis"],
  ["pfr_id", "pfr"],
  ["sportradar_id", "sportradar"],
  ["mfl_id", "mfl"],
  ["sleeper_id", "sleeper"],
  ["espn_id", "espn"],
  ["yahoo_id", "yahoo"],
  ["fantasypros_id", "fantasypros"],
  ["pff_id", "pff"],
  ["nfl_id", "nfl_dp"],
  ["fleaflicker_id", "fleaflicker"],
  ["cbs_id", "cbs"],
  ["cfbref_id", "cfbref"],
  ["rotowire_id", "rotowire"],
  ["rotoworld_id", "rotoworld"],
  ["ktc_id", "ktc"],
  ["stats_id", "stats"],
  ["stats_global_id", "stats_global"],
  ["fantasy_data_id", "fantasy_data"],
  ["swish_id", "swish"]
]

/** mayscopeland ffb_ids column -> platform name; `nfl_id` is the NFL.com fantasy id (hvpkod `PlayerId`). */
export const ffbPlatforms: ReadonlyArray<readonly [string, string]> = [
  ["sleeper_id", "sleeper"],
  ["espn_id", "espn"],
  ["yahoo_id", "yahoo"],
  ["nfl_id", "nfl"],
  ["fantasypros_id", "fantasypros"],
  ["cbs_id", "cbs"],
  ["nffc_id", "nffc"],
  ["fftoday_id", "fftoday"],
  ["footballguys_id", "footballguys"]
]

/** Platform -> id for each platform column with a value; `Left("no platform id")` when none has one. */
const platformIds = (
  row: CsvRow,
  platforms: ReadonlyArray<readonly [string, string]>
): Either.Either<Record<string, string>, string> => {
  const out: Record<string, string> = {}
  for (const [col, platform] of platforms) {
    const v = field(row, col)
    // "0" is the crosswalk's placeholder for "none" (e.g. stats_global_id), never a real id.
    if (v !== undefined && v !== "0") out[platform] = v
  }
  return Object.keys(out).length === 0 ? Either.left("no platform id") : Either.right(out)
}

/** A DynastyProcess crosswalk row: a person's ids (platform -> id, see {@link dpPlatforms}) and facts. */
export interface DpRow {
  readonly ids: Record<string, string>
  readonly name: string
  readonly position: string | undefined
  /** Canonical team code; the crosswalk's team may be stale (see the team rule in Build.ts). */
  readonly team: string | undefined
  /** `YYYY-MM-DD`. */
  readonly birthDate: string | undefined
  readonly draftYear: number | undefined
  /** height (inches), weight (pounds), draft year/round/pick/overall, college, twitter_username. */
  readonly attributes: Record<string, unknown>
}

const dpNumbers = same(["height", "weight", "draft_year", "draft_round", "draft_pick", "draft_ovr"])

/** Parses a DynastyProcess `player_ids.csv` row (jtyran copy). */
export const parseDp = (row: CsvRow): Either.Either<DpRow, string> =>
  Either.gen(function*() {
    const name = yield* need(row, "name")
    const ids = yield* platformIds(row, dpPlatforms)
    const birth = field(row, "birthdate")
    if (birth !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(birth)) {
      return yield* Either.left(`birthdate is not a date: ${JSON.stringify(birth)}`)
    }
    const attributes: Record<string, unknown> = {}
    yield* optionalNumbers(row, dpNumbers, attributes)
    optionalTexts(row, ["college", "twitter_username"], attributes)
    return {
      ids,
      name,
      position: field(row, "position"),
      team: normaliseTeam(field(row, "team")),
      birthDate: birth,
      draftYear: yield* optNum(row, "draft_year"),
      attributes
    }
  })

/** A mayscopeland ffb_ids row: platform -> id (see {@link ffbPlatforms}) and the first name given. */
export interface FfbRow {
  readonly ids: Record<string, string>
  readonly name: string
}

const ffbNames = ["sleeper_name", "nfl_name", "espn_name", "yahoo_name", "fantasypros_name", "cbs_name"]

/** Parses a mayscopeland `player_ids.csv` row; the name is the first of the platforms' names. */
export const parseFfb = (row: CsvRow): Either.Either<FfbRow, string> =>
  Either.gen(function*() {
    const ids = yield* platformIds(row, ffbPlatforms)
    const name = ffbNames.map((c) => field(row, c)).find((n) => n !== undefined)
    return name === undefined ? yield* Either.left("no name") : { ids, name }
  })

// -------------------------------------------------------------------------------------------
// Teams and games
// -------------------------------------------------------------------------------------------

/** A spreadspoke team (historic names included: "Oakland Raiders" and "Las Vegas" share LV). */
export interface TeamRow {
  readonly fullName: string
  readonly shortName: string | undefined
  /** Canonical code (Teams.ts). */
  readonly abbr: string
  readonly pfrId: string | undefined
  readonly conference: string | undefined
  /** e.g. "AFC East"; undefined for a former name of a club. */
  readonly division: string | undefined
}

/**
 * Parses a row of spreadspoke's nfl_teams.csv. The conference is taken from the division's
 * prefix ("AFC East" -> AFC) when it has one, because the file's own `team_conference` column is
 * wrong for at least one club (it lists the Jets, of the AFC East, in the NFC); the column is the
 * fallback.
 */
export const parseTeam = (row: CsvRow): Either.Either<TeamRow, string> =>
  Either.map(Either.all({ fullName: need(row, "team_name"), abbr: needTeam(row, "team_id") }), ({ abbr, fullName }) => {
    const division = field(row, "team_division")
    const prefix = division?.split(" ")[0]
    return {
      fullName,
      shortName: field(row, "team_name_short"),
      abbr,
      pfrId: field(row, "team_id_pfr"),
      conference: prefix === "AFC" || prefix === "NFC" ? prefix : field(row, "team_conference"),
      division
    }
  })

/** A game of the nflverse schedule. */
export interface ScheduleRow {
  /** nflverse game id, `<season>_<week>_<away>_<home>` (`2024_01_ARI_BUF`). */
  readonly gameId: string
  readonly season: number
  /** REG, WC, DIV, CON, SB (or PRE). */
  readonly gameType: string
  readonly week: number
  /** `YYYY-MM-DD`, US Eastern. */
  readonly gameday: string
  /** `HH:MM`, US Eastern wall clock. */
  readonly gametime: string | undefined
  readonly home: string
  readonly away: string
  readonly homeScore: number | undefined
  readonly awayScore: number | undefined
  /**
   * Lines (spread_line: points the home team is favoured by; total_line; moneylines and odds),
   * overtime, div_game, temp (F), wind (mph), rest days, roof, surface, location, other ids,
   * referee, coaches, game_type and neutral_site.
   */
  readonly attributes: Record<string, unknown>
  readonly stadium: string | undefined
}

const scheduleNumbers = same([
  "spread_line",
  "total_line",
  "home_moneyline",
  "away_moneyline",
  "home_spread_odds",
  "away_spread_odds",
  "over_odds",
  "under_odds",
  "overtime",
  "div_game",
  "temp",
  "wind",
  "home_rest",
  "away_rest"
])
const scheduleTexts = [
  "roof",
  "surface",
  "location",
  "old_game_id",
  "gsis",
  "pfr",
  "espn",
  "referee",
  "home_coach",
  "away_coach"
]

/** Parses a `schedules_*.csv` row of nflverse; scores are both present or both blank. */
export const parseSchedule = (row: CsvRow): Either.Either<ScheduleRow, string> =>
  Either.gen(function*() {
    const homeScore = yield* optNum(row, "home_score")
    const awayScore = yield* optNum(row, "away_score")
    if ((homeScore === undefined) !== (awayScore === undefined)) {
      return yield* Either.left("only one of home_score, away_score")
    }
    const gametime = field(row, "gametime")
    if (gametime !== undefined && !/^\d{1,2}:\d{2}$/.test(gametime)) {
      return yield* Either.left(`gametime is not HH:MM: ${JSON.stringify(gametime)}`)
    }
    const attributes: Record<string, unknown> = {}
    yield* optionalNumbers(row, scheduleNumbers, attributes)
    optionalTexts(row, scheduleTexts, attributes)
    const gameType = yield* need(row, "game_type")
    attributes.game_type = gameType
    attributes.neutral_site = field(row, "location") === "Neutral"
    const keys = yield* Either.all({
      gameId: need(row, "game_id"),
      season: needInt(row, "season"),
      week: needInt(row, "week"),
      gameday: needIsoDate(row, "gameday"),
      home: needTeam(row, "home_team"),
      away: needTeam(row, "away_team")
    })
    return {
      ...keys,
      gameType,
      gametime,
      homeScore: homeScore === undefined ? undefined : Math.round(homeScore),
      awayScore: awayScore === undefined ? undefined : Math.round(awayScore),
      attributes,
      stadium: field(row, "stadium")
    }
  })

/** A spreadspoke game: closing line and weather, for games the nflverse schedule lacks them. */
export interface ScoreRow {
  readonly season: number
  /** `YYYY-MM-DD` (sometimes a day off the real date for flexed games). */
  readonly date: string
  readonly home: string
  readonly away: string
  /** Canonical code of the favourite, or the source's `PICK` (no favourite). */
  readonly favorite: string | undefined
  /** The favourite's spread, negative points (-6.5). */
  readonly spreadFavorite: number | undefined
  readonly overUnder: number | undefined
  /** temp (F), wind (mph), humidity (percent) and weather_detail, when given. */
  readonly weather: Record<string, unknown>
}

/** What the spreadspoke parser needs from the other files: see {@link parseScore}. */
export interface ScoreKeys {
  /** The schedule's first season; older rows are ignored. */
  readonly minSeason: number
  /** Full team name (every name of nfl_teams.csv, plus the current ones) -> canonical code. */
  readonly teamByName: ReadonlyMap<string, string>
}

const weatherColumns: ReadonlyArray<readonly [string, string]> = [
  ["weather_temperature", "temp"],
  ["weather_wind_mph", "wind"],
  ["weather_humidity", "humidity"]
]

/**
 * Parses a `spreadspoke_scores.csv` row: rows of seasons before `keys.minSeason` are ignored
 * (`Right(null)`, not malformed); team names resolve through `keys.teamByName`.
 */
export const parseScore = (keys: ScoreKeys) => (row: CsvRow): Either.Either<Located<ScoreRow> | null, string> =>
  Either.gen(function*() {
    const season = yield* needInt(row, "schedule_season")
    if (season < keys.minSeason) return null
    const raw = yield* need(row, "schedule_date")
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw)
    if (m === null) return yield* Either.left(`schedule_date is not M/D/YYYY: ${JSON.stringify(raw)}`)
    const date = `${m[3]}-${m[1]!.padStart(2, "0")}-${m[2]!.padStart(2, "0")}`
    const name = (col: string): Either.Either<string, string> =>
      Either.flatMap(need(row, col), (n) => {
        const team = keys.teamByName.get(n)
        return team === undefined ? Either.left(`unknown team name ${JSON.stringify(n)} in ${col}`) : Either.right(team)
      })
    const weather: Record<string, unknown> = {}
    yield* optionalNumbers(row, weatherColumns, weather)
    const detail = field(row, "weather_detail")
    if (detail !== undefined) weather.weather_detail = detail
    const fav = field(row, "team_favorite_id")
    const favorite = fav === undefined || fav.toUpperCase() === "PICK" ? fav : normaliseTeam(fav)
    const rest = yield* Either.all({
      home: name("team_home"),
      away: name("team_away"),
      favorite: favorite === undefined && fav !== undefined
        ? Either.left(`unknown team_favorite_id ${fav}`)
        : Either.right(favorite),
      spreadFavorite: optNum(row, "spread_favorite"),
      overUnder: optNum(row, "over_under_line")
    })
    return { file: row.file, line: row.line, season, date, ...rest, weather }
  })

// -------------------------------------------------------------------------------------------
// Weekly lines
// -------------------------------------------------------------------------------------------

/** Which hvpkod weekly file a row is from. */
export type HvKind = "offense" | "kicker" | "idp"

/** A row of the hvpkod weekly files. `opponent` undefined = bye week; `team` undefined = free agent. */
export interface HvRow {
  readonly kind: HvKind
  readonly season: number
  readonly week: number
  /** NFL.com fantasy id (`PlayerId`). */
  readonly nflId: string
  readonly name: string
  /** Upper case (QB, RB, WR, TE, K, DB, DL, LB). */
  readonly position: string
  readonly team: string | undefined
  readonly opponent: string | undefined
  /** Stat key (Sports.StatKeys.nfl) -> count or yards; blank cells are 0. */
  readonly stats: Record<string, number>
  /** Fantasy.NFL.com's own points for the line (the league's half-PPR settings). */
  readonly totalPoints: number | undefined
}

const hvOffense: ReadonlyArray<readonly [string, string]> = [
  ["PassingYDS", "passing_yards"],
  ["PassingTD", "passing_tds"],
  ["PassingInt", "interceptions"],
  ["RushingYDS", "rushing_yards"],
  ["RushingTD", "rushing_tds"],
  ["ReceivingRec", "receptions"],
  ["ReceivingYDS", "receiving_yards"],
  ["ReceivingTD", "receiving_tds"],
  ["RetTD", "return_tds"],
  ["FumTD", "fumble_recovery_tds"],
  ["2PT", "two_point_conversions"],
  ["Fum", "fumbles_lost"],
  ["TouchCarries", "rushing_attempts"],
  ["Targets", "targets"]
]
const hvKicker: ReadonlyArray<readonly [string, string]> = [
  ["PatMade", "xp_made"],
  ["PatMissed", "xp_missed"],
  ["FgMade_0-19", "fg_made_0_19"],
  ["FgMade_20-29", "fg_made_20_29"],
  ["FgMade_30-39", "fg_made_30_39"],
  ["FgMade_40-49", "fg_made_40_49"],
  ["FgMade_50", "fg_made_50_plus"],
  ["FgMiss_0-19", "fg_missed_0_19"],
  ["FgMiss_20-29", "fg_missed_20_29"],
  ["FgMiss_30-39", "fg_missed_30_39"]
]
const hvIdp: ReadonlyArray<readonly [string, string]> = [
  ["TacklesTot", "tackles"],
  ["TacklesSck", "sacks"],
  ["TacklesTfl", "tackles_for_loss"],
  ["TurnoverInt", "defense_interceptions"],
  ["TurnoverFrcFum", "forced_fumbles"],
  ["TurnoverFumRec", "fumble_recoveries"],
  ["PDef", "passes_defended"],
  ["QBHit", "qb_hits"],
  ["ScoreSaf", "safeties"]
]
const hvColumns: Readonly<Record<HvKind, ReadonlyArray<readonly [string, string]>>> = {
  offense: hvOffense,
  kicker: hvKicker,
  idp: hvIdp
}
const hvDefenseTds: ReadonlyArray<readonly [string, string]> = [
  ["ScoreIntTd", "int"],
  ["ScoreFumTd", "fum"],
  ["ScoreBlkTd", "blk"]
]

/** hvpkod `PlayerOpponent` as a canonical code (`@` for away dropped), undefined for a bye week. */
const hvOpponent = (row: CsvRow): Either.Either<string | undefined, string> =>
  Either.flatMap(need(row, "PlayerOpponent"), (opp) => {
    if (opp.toLowerCase() === "bye") return Either.right(undefined)
    const team = normaliseTeam(opp.replace(/^@/, ""))
    return team === undefined ? Either.left(`unknown opponent ${JSON.stringify(opp)}`) : Either.right(team)
  })

/** hvpkod `Team` as a canonical code, undefined for a free agent (`FA`). */
const hvTeam = (row: CsvRow): Either.Either<string | undefined, string> =>
  Either.flatMap(need(row, "Team"), (raw) => {
    const team = normaliseTeam(raw)
    return team === undefined && raw.toUpperCase() !== "FA"
      ? Either.left(`unknown team ${JSON.stringify(raw)}`)
      : Either.right(team)
  })

/** The stats of an hvpkod row of `kind`, with the kicker and idp sums (see {@link parseHv}). */
const hvStats = (row: CsvRow, kind: HvKind): Either.Either<Record<string, number>, string> =>
  Either.flatMap(countColumns(row, hvColumns[kind]), (stats) => {
    if (kind === "kicker") {
      stats.xp_attempts = stats.xp_made! + stats.xp_missed!
      stats.fg_made = stats.fg_made_0_19! + stats.fg_made_20_29! + stats.fg_made_30_39! + stats.fg_made_40_49! +
        stats.fg_made_50_plus!
    }
    if (kind !== "idp") return Either.right(stats)
    return Either.map(countColumns(row, hvDefenseTds), (tds) => {
      stats.defense_tds = tds.int! + tds.fum! + tds.blk!
      return stats
    })
  })

/**
 * Parses an hvpkod `nfl_weekly_<kind>_<season>.csv` row. Blank stat cells are 0 (PROVENANCE.md:
 * "blank = 0/none"); non-numeric cells make the row malformed. Kicker rows also get
 * `xp_attempts`, `fg_made`; idp rows `defense_tds` (interception + fumble + blocked-kick return
 * TDs).
 */
export const parseHv = (kind: HvKind) => (row: CsvRow): Either.Either<Located<HvRow>, string> =>
  Either.map(
    Either.all({
      opponent: hvOpponent(row),
      team: hvTeam(row),
      stats: hvStats(row, kind),
      season: needInt(row, "season"),
      week: needInt(row, "week"),
      nflId: need(row, "PlayerId"),
      name: need(row, "PlayerName"),
      position: Either.map(need(row, "Pos"), (p) => p.toUpperCase()),
      totalPoints: optNum(row, "TotalPoints")
    }),
    (r) => Object.assign(r, { file: row.file, line: row.line, kind })
  )

/** A row of nflverse weekly player stats (GSIS-keyed; regular and post season). */
export interface WeeklyRow {
  readonly gsis: string
  readonly name: string
  readonly position: string | undefined
  readonly team: string
  readonly season: number
  readonly week: number
  /**
   * Stat key -> value: counting stats (blank = 0), `air_yards` (receiving air yards),
   * `passing_air_yards` and `target_share` (fraction 0-1) null when blank.
   */
  readonly stats: Record<string, number | null>
}

const weeklyCounts: ReadonlyArray<readonly [string, string]> = [
  ["completions", "passing_completions"],
  ["attempts", "passing_attempts"],
  ["passing_yards", "passing_yards"],
  ["passing_tds", "passing_tds"],
  ["interceptions", "interceptions"],
  ["carries", "rushing_attempts"],
  ["rushing_yards", "rushing_yards"],
  ["rushing_tds", "rushing_tds"],
  ["targets", "targets"],
  ["receptions", "receptions"],
  ["receiving_yards", "receiving_yards"],
  ["receiving_tds", "receiving_tds"],
  ["passing_2pt_conversions", "pass2"],
  ["rushing_2pt_conversions", "rush2"],
  ["receiving_2pt_conversions", "rec2"],
  ["sack_fumbles_lost", "sackFl"],
  ["rushing_fumbles_lost", "rushFl"],
  ["receiving_fumbles_lost", "recFl"],
  ["special_teams_tds", "return_tds"]
]
const weeklyNullable: ReadonlyArray<readonly [string, string]> = [
  ["receiving_air_yards", "air_yards"],
  ["passing_air_yards", "passing_air_yards"],
  ["target_share", "target_share"]
]

/** The stats of an nflverse weekly row (see {@link WeeklyRow}). */
const weeklyStats = (row: CsvRow): Either.Either<Record<string, number | null>, string> =>
  Either.flatMap(countColumns(row, weeklyCounts), (c) => {
    const nullable: Record<string, number> = {}
    return Either.map(optionalNumbers(row, weeklyNullable, nullable), () => ({
      passing_completions: c.passing_completions!,
      passing_attempts: c.passing_attempts!,
      passing_yards: c.passing_yards!,
      passing_tds: c.passing_tds!,
      interceptions: c.interceptions!,
      rushing_attempts: c.rushing_attempts!,
      rushing_yards: c.rushing_yards!,
      rushing_tds: c.rushing_tds!,
      targets: c.targets!,
      receptions: c.receptions!,
      receiving_yards: c.receiving_yards!,
      receiving_tds: c.receiving_tds!,
      two_point_conversions: c.pass2! + c.rush2! + c.rec2!,
      fumbles_lost: c.sackFl! + c.rushFl! + c.recFl!,
      return_tds: c.return_tds!,
      air_yards: nullable.air_yards ?? null,
      passing_air_yards: nullable.passing_air_yards ?? null,
      target_share: nullable.target_share ?? null
    }))
  })

/** Parses an nflverse `player_stats_weekly_<season>.csv` row. */
export const parseWeekly = (row: CsvRow): Either.Either<Located<WeeklyRow>, string> => {
  const displayName = field(row, "player_display_name")
  return Either.map(
    Either.all({
      stats: weeklyStats(row),
      gsis: need(row, "player_id"),
      name: displayName !== undefined ? Either.right(displayName) : need(row, "player_name"),
      team: needTeam(row, "recent_team"),
      season: needInt(row, "season"),
      week: needInt(row, "week")
    }),
    (r) => Object.assign(r, { file: row.file, line: row.line, position: field(row, "position") })
  )
}

/** A row of nflverse snap counts (PFR-keyed); shares are fractions 0-1 of the unit's snaps. */
export interface SnapRow {
  readonly gameId: string
  readonly pfr: string
  readonly name: string
  readonly position: string | undefined
  readonly team: string
  readonly season: number
  readonly week: number
  readonly offenseSnaps: number | undefined
  readonly offensePct: number | undefined
  readonly defenseSnaps: number | undefined
  readonly defensePct: number | undefined
  readonly stSnaps: number | undefined
  readonly stPct: number | undefined
}

/** Parses an nflverse `snap_counts_<season>.csv` row. */
export const parseSnap = (row: CsvRow): Either.Either<SnapRow, string> => {
  const pct = (c: string): Either.Either<number | undefined, string> =>
    Either.flatMap(
      optNum(row, c),
      (v) => v === undefined || (v >= 0 && v <= 1) ? Either.right(v) : Either.left(`${c} is not a fraction 0-1: ${v}`)
    )
  return Either.all({
    gameId: need(row, "game_id"),
    pfr: need(row, "pfr_player_id"),
    name: need(row, "player"),
    position: Either.right(field(row, "position")),
    team: needTeam(row, "team"),
    season: needInt(row, "season"),
    week: needInt(row, "week"),
    offenseSnaps: optNum(row, "offense_snaps"),
    offensePct: pct("offense_pct"),
    defenseSnaps: optNum(row, "defense_snaps"),
    defensePct: pct("defense_pct"),
    stSnaps: optNum(row, "st_snaps"),
    stPct: pct("st_pct")
  })
}

// -------------------------------------------------------------------------------------------
// Injuries and depth charts
// -------------------------------------------------------------------------------------------

/** One player's entry of a team's weekly injury report (GSIS-keyed). */
export interface InjuryRow {
  readonly season: number
  readonly week: number
  readonly team: string
  readonly gsis: string
  readonly position: string | undefined
  readonly fullName: string
  readonly firstName: string | undefined
  readonly lastName: string | undefined
  /** Game status: Out, Doubtful, Questionable (blank when none). */
  readonly reportStatus: string | undefined
  readonly practiceStatus: string | undefined
  /** The report's injury, else the practice report's. */
  readonly primaryInjury: string | undefined
  readonly secondaryInjury: string | undefined
}

/** Parses a jtyran `injuries.csv` row. */
export const parseInjury = (row: CsvRow): Either.Either<InjuryRow, string> =>
  Either.map(
    Either.all({
      season: needInt(row, "season"),
      week: needInt(row, "week"),
      team: needTeam(row, "team"),
      gsis: need(row, "gsis_id"),
      fullName: need(row, "full_name")
    }),
    (keys) => ({
      ...keys,
      position: field(row, "position"),
      firstName: field(row, "first_name"),
      lastName: field(row, "last_name"),
      reportStatus: field(row, "report_status"),
      practiceStatus: field(row, "practice_status"),
      primaryInjury: field(row, "report_primary_injury") ?? field(row, "practice_primary_injury"),
      secondaryInjury: field(row, "report_secondary_injury") ?? field(row, "practice_secondary_injury")
    })
  )

/** One slot of a depth chart snapshot (GSIS and/or ESPN id). */
export interface DepthRow {
  /** When the snapshot was taken (`dt`, `2025-08-03 10:09:07+00:00`). */
  readonly at: Date
  /** `YYYY-MM-DD` (UTC) of `at`. */
  readonly date: string
  readonly season: number
  readonly team: string
  readonly name: string
  readonly gsis: string | undefined
  readonly espn: string | undefined
  /** Position group (`Base 4-3 D`, `3WR 1TE`, `Special Teams`). */
  readonly formation: string | undefined
  readonly formationId: string | undefined
  /** The slot (`QB`, `LWR`, `RDT`, `H` holder, `KR`). */
  readonly slot: string
  /** 1 = starter. */
  readonly rank: number
}

/** Parses a jtyran `depth_charts.csv` row. */
export const parseDepth = (row: CsvRow): Either.Either<DepthRow, string> =>
  Either.gen(function*() {
    const dt = yield* need(row, "dt")
    const at = new Date(dt.replace(" ", "T"))
    if (Number.isNaN(at.getTime())) return yield* Either.left(`dt is not a timestamp: ${JSON.stringify(dt)}`)
    const gsis = field(row, "gsis_id")
    const espn = field(row, "espn_id")
    if (gsis === undefined && espn === undefined) return yield* Either.left("no gsis_id or espn_id")
    const keys = yield* Either.all({
      season: needInt(row, "season"),
      team: needTeam(row, "team"),
      name: need(row, "player_name"),
      slot: need(row, "pos_abb"),
      rank: needInt(row, "pos_rank")
    })
    return {
      ...keys,
      at,
      date: at.toISOString().slice(0, 10),
      gsis,
      espn,
      formation: field(row, "pos_grp"),
      formationId: field(row, "pos_grp_id")
    }
  })

// -------------------------------------------------------------------------------------------
// News (dynastyprocess fantasy tweet archive)
// -------------------------------------------------------------------------------------------

/**
 * One archived news item of the 32BeatWriters account: for a retweet the original author, text
 * and time (`retweet_screen_name`, `retweet_text`, `retweet_created_at`), else the account's own;
 * times are UTC (`YYYY-MM-DD HH:MM:SS`). `hashtags` are the `#words` of the text (the archive's
 * own hashtags column is empty). The archive keeps Twitter's HTML escapes; `&amp;`, `&lt;` and
 * `&gt;` are decoded.
 */
export interface TweetRow {
  readonly statusId: string
  readonly author: string
  readonly text: string
  readonly publishedAt: Date
  readonly url: string | null
  readonly hashtags: ReadonlyArray<string>
}

const utc = (column: string, value: string): Either.Either<Date, string> => {
  const at = new Date(`${value.replace(" ", "T")}Z`)
  return Number.isNaN(at.getTime())
    ? Either.left(`${column} is not a time: ${JSON.stringify(value)}`)
    : Either.right(at)
}

/** Parses a row of `tweets_32beatwriters.csv`. */
export const parseTweet = (row: CsvRow): Either.Either<TweetRow, string> =>
  Either.gen(function*() {
    const statusId = yield* need(row, "status_id")
    const retweet = field(row, "is_retweet") === "true"
    const raw = retweet ? yield* need(row, "retweet_text") : yield* need(row, "text")
    const text = raw.replace(/&gt;/g, ">").replace(/&lt;/g, "<").replace(/&amp;/g, "&")
    const author = retweet ? yield* need(row, "retweet_screen_name") : yield* need(row, "screen_name")
    const publishedAt = retweet
      ? yield* utc("retweet_created_at", yield* need(row, "retweet_created_at"))
      : yield* utc("created_at", yield* need(row, "created_at"))
    return {
      statusId,
      author,
      text,
      publishedAt,
      url: field(row, "status_url") ?? null,
      hashtags: Array.from(text.matchAll(/#(\w+)/g), (m) => m[1]!)
    }
  })

/**
 * The nfl source files under the data directory and a parser per file layout. Each parser
 * returns a typed record, a malformed-row reason, or "ignore"; it never touches the store.
 * @module
 */
import { Effect } from "effect"
import { join } from "node:path"
import { type CsvRow, field } from "../Csv.js"
import { listFiles as list } from "../Rows.js"
import { bad, optNum, parser, req, reqInt } from "./Read.js"
import { normaliseTeam } from "./Teams.js"

/** Dataset folders the nfl adapter reads (each has a PROVENANCE.md). */
export const folders = {
  hvpkod: "hvpkod_nfl_data",
  jtyran: "jtyran_nfl_team_fantasy_dashboard",
  mayscopeland: "mayscopeland_ffb_ids",
  spreadspoke: "spreadspoke_nfl",
  nflverse: "urwishpatel2003_nflverse_data"
} as const

/** The files of one run, grouped by layout. Seasonal files are found by name, so a folder may hold fewer seasons. */
export interface NflFiles {
  readonly dpIds: string
  readonly ffbIds: string
  readonly teams: string
  readonly scores: string
  readonly schedules: ReadonlyArray<string>
  readonly offense: ReadonlyArray<string>
  readonly kicker: ReadonlyArray<string>
  readonly idp: ReadonlyArray<string>
  readonly weekly: ReadonlyArray<string>
  readonly snaps: ReadonlyArray<string>
  readonly injuries: string
  readonly depthCharts: string
}

/**
 * Finds the nfl input files under `dataDir`: fixed names for the crosswalks, teams, scores,
 * injuries and depth charts; `nfl_weekly_{offense,kicker,idp}_<season>.csv` (not the projected
 * ones), `player_stats_weekly_<season>.csv`, `snap_counts_<season>.csv` and `schedules_*.csv`
 * (a missing folder gives none of its seasonal files; a missing fixed file fails the run when it
 * is read).
 */
export const nflFiles = (dataDir: string): Effect.Effect<NflFiles> =>
  Effect.gen(function*() {
    const d = (f: keyof typeof folders) => join(dataDir, folders[f])
    return {
      dpIds: join(d("jtyran"), "player_ids.csv"),
      ffbIds: join(d("mayscopeland"), "player_ids.csv"),
      teams: join(d("spreadspoke"), "nfl_teams.csv"),
      scores: join(d("spreadspoke"), "spreadspoke_scores.csv"),
      schedules: yield* list(d("nflverse"), /^schedules_.*\.csv$/),
      offense: yield* list(d("hvpkod"), /^nfl_weekly_offense_\d{4}\.csv$/),
      kicker: yield* list(d("hvpkod"), /^nfl_weekly_kicker_\d{4}\.csv$/),
      idp: yield* list(d("hvpkod"), /^nfl_weekly_idp_\d{4}\.csv$/),
      weekly: yield* list(d("nflverse"), /^player_stats_weekly_\d{4}\.csv$/),
      snaps: yield* list(d("nflverse"), /^snap_counts_\d{4}\.csv$/),
      injuries: join(d("jtyran"), "injuries.csv"),
      depthCharts: join(d("jtyran"), "depth_charts.csv")
    }
  })

/** Every file of {@link NflFiles}, in reading order. */
export const allFiles = (f: NflFiles): ReadonlyArray<string> =>
  [
    f.teams,
    f.schedules,
    f.scores,
    f.dpIds,
    f.ffbIds,
    f.weekly,
    f.snaps,
    f.injuries,
    f.depthCharts,
    f.offense,
    f.kicker,
    f.idp
  ].flat()

const team = (row: CsvRow, name: string): string => {
  const raw = req(row, name)
  return normaliseTeam(raw) ?? bad(`unknown team ${JSON.stringify(raw)} in ${name}`)
}

const isoDate = (row: CsvRow, name: string): string => {
  const v = req(row, name)
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))
    ? v
    : bad(`${name} is not a date: ${JSON.stringify(v)}`)
}

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

const ids = (row: CsvRow, platforms: ReadonlyArray<readonly [string, string]>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [col, platform] of platforms) {
    const v = field(row, col)
    // "0" is the crosswalk's placeholder for "none" (e.g. stats_global_id), never a real id.
    if (v !== undefined && v !== "0") out[platform] = v
  }
  return out
}

export interface DpRow {
  readonly ids: Record<string, string>
  readonly name: string
  readonly position: string | undefined
  readonly team: string | undefined
  readonly birthDate: string | undefined
  readonly draftYear: number | undefined
  readonly attributes: Record<string, unknown>
}

export const parseDp = parser<DpRow>((row) => {
  const name = req(row, "name")
  const i = ids(row, dpPlatforms)
  if (Object.keys(i).length === 0) bad("no platform id")
  const birth = field(row, "birthdate")
  if (birth !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(birth)) {
    bad(`birthdate is not a date: ${JSON.stringify(birth)}`)
  }
  const attributes: Record<string, unknown> = {}
  for (const k of ["height", "weight", "draft_year", "draft_round", "draft_pick", "draft_ovr"] as const) {
    const n = optNum(row, k)
    if (n !== undefined) attributes[k] = n
  }
  for (const k of ["college", "twitter_username"] as const) {
    const v = field(row, k)
    if (v !== undefined) attributes[k] = v
  }
  return {
    ids: i,
    name,
    position: field(row, "position"),
    team: normaliseTeam(field(row, "team")),
    birthDate: birth,
    draftYear: optNum(row, "draft_year"),
    attributes
  }
})

export interface FfbRow {
  readonly ids: Record<string, string>
  readonly name: string
}

export const parseFfb = parser<FfbRow>((row) => {
  const i = ids(row, ffbPlatforms)
  if (Object.keys(i).length === 0) bad("no platform id")
  const name = ["sleeper_name", "nfl_name", "espn_name", "yahoo_name", "fantasypros_name", "cbs_name"]
    .map((c) => field(row, c))
    .find((n) => n !== undefined)
  return { ids: i, name: name ?? bad("no name") }
})

// -------------------------------------------------------------------------------------------
// Teams and games
// -------------------------------------------------------------------------------------------

export interface TeamRow {
  readonly fullName: string
  readonly shortName: string | undefined
  readonly abbr: string
  readonly pfrId: string | undefined
  readonly conference: string | undefined
  readonly division: string | undefined
}

/**
 * A team row of spreadspoke's nfl_teams.csv. The conference is taken from the division's prefix
 * ("AFC East" → AFC) when it has one, because the file's own `team_conference` column is wrong for
 * at least one club (it lists the Jets, of the AFC East, in the NFC); the column is the fallback.
 */
export const parseTeam = parser<TeamRow>((row) => {
  const division = field(row, "team_division")
  const prefix = division?.split(" ")[0]
  return {
    fullName: req(row, "team_name"),
    shortName: field(row, "team_name_short"),
    abbr: team(row, "team_id"),
    pfrId: field(row, "team_id_pfr"),
    conference: prefix === "AFC" || prefix === "NFC" ? prefix : field(row, "team_conference"),
    division
  }
})

export interface ScheduleRow {
  readonly gameId: string
  readonly season: number
  readonly gameType: string
  readonly week: number
  readonly gameday: string
  readonly gametime: string | undefined
  readonly home: string
  readonly away: string
  readonly homeScore: number | undefined
  readonly awayScore: number | undefined
  readonly attributes: Record<string, unknown>
  readonly stadium: string | undefined
}

const scheduleNumbers = [
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
] as const
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
] as const

export const parseSchedule = parser<ScheduleRow>((row) => {
  const homeScore = optNum(row, "home_score")
  const awayScore = optNum(row, "away_score")
  if ((homeScore === undefined) !== (awayScore === undefined)) bad("only one of home_score, away_score")
  const gametime = field(row, "gametime")
  if (gametime !== undefined && !/^\d{1,2}:\d{2}$/.test(gametime)) {
    bad(`gametime is not HH:MM: ${JSON.stringify(gametime)}`)
  }
  const attributes: Record<string, unknown> = {}
  for (const k of scheduleNumbers) {
    const n = optNum(row, k)
    if (n !== undefined) attributes[k] = n
  }
  for (const k of scheduleTexts) {
    const v = field(row, k)
    if (v !== undefined) attributes[k] = v
  }
  const gameType = req(row, "game_type")
  attributes.game_type = gameType
  attributes.neutral_site = field(row, "location") === "Neutral"
  return {
    gameId: req(row, "game_id"),
    season: reqInt(row, "season"),
    gameType,
    week: reqInt(row, "week"),
    gameday: isoDate(row, "gameday"),
    gametime,
    home: team(row, "home_team"),
    away: team(row, "away_team"),
    homeScore: homeScore === undefined ? undefined : Math.round(homeScore),
    awayScore: awayScore === undefined ? undefined : Math.round(awayScore),
    attributes,
    stadium: field(row, "stadium")
  }
})

export interface ScoreRow {
  readonly season: number
  readonly date: string
  readonly home: string
  readonly away: string
  readonly favorite: string | undefined
  readonly spreadFavorite: number | undefined
  readonly overUnder: number | undefined
  readonly weather: Record<string, unknown>
}

/**
 * spreadspoke rows of seasons >= `minSeason` (older ones are ignored, not malformed). Team names
 * resolve through `teamByName` (full names of nfl_teams.csv plus the current names).
 */
export const parseScore = (minSeason: number, teamByName: ReadonlyMap<string, string>) =>
  parser<ScoreRow>((row) => {
    const season = reqInt(row, "schedule_season")
    if (season < minSeason) return undefined
    const raw = req(row, "schedule_date")
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw)
    if (m === null) bad(`schedule_date is not M/D/YYYY: ${JSON.stringify(raw)}`)
    const date = `${m![3]}-${m![1]!.padStart(2, "0")}-${m![2]!.padStart(2, "0")}`
    const name = (col: string) => {
      const n = req(row, col)
      return teamByName.get(n) ?? bad(`unknown team name ${JSON.stringify(n)} in ${col}`)
    }
    const fav = field(row, "team_favorite_id")
    const weather: Record<string, unknown> = {}
    for (
      const [col, key] of [["weather_temperature", "temp"], ["weather_wind_mph", "wind"], [
        "weather_humidity",
        "humidity"
      ]] as const
    ) {
      const n = optNum(row, col)
      if (n !== undefined) weather[key] = n
    }
    const detail = field(row, "weather_detail")
    if (detail !== undefined) weather.weather_detail = detail
    return {
      season,
      date,
      home: name("team_home"),
      away: name("team_away"),
      favorite: fav === undefined || fav.toUpperCase() === "PICK"
        ? fav
        : (normaliseTeam(fav) ?? bad(`unknown team_favorite_id ${fav}`)),
      spreadFavorite: optNum(row, "spread_favorite"),
      overUnder: optNum(row, "over_under_line"),
      weather
    }
  })

// -------------------------------------------------------------------------------------------
// Weekly lines
// -------------------------------------------------------------------------------------------

/** Shared columns of the hvpkod weekly files. `opponent` undefined = bye week. */
export interface HvRow {
  readonly kind: "offense" | "kicker" | "idp"
  readonly season: number
  readonly week: number
  readonly nflId: string
  readonly name: string
  readonly position: string
  readonly team: string | undefined
  readonly opponent: string | undefined
  readonly stats: Record<string, number>
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

/**
 * hvpkod weekly rows. Blank stat cells are 0 (PROVENANCE.md: "blank = 0/none"); non-numeric
 * cells make the row malformed. Kicker rows also get `xp_attempts`, `fg_made`; idp rows
 * `defense_tds` (interception + fumble + blocked-kick return TDs).
 */
export const parseHv = (kind: HvRow["kind"]) =>
  parser<HvRow>((row) => {
    const opp = req(row, "PlayerOpponent")
    const isBye = opp.toLowerCase() === "bye"
    const oppCode = isBye
      ? undefined
      : (normaliseTeam(opp.replace(/^@/, "")) ?? bad(`unknown opponent ${JSON.stringify(opp)}`))
    const rawTeam = req(row, "Team")
    const t = normaliseTeam(rawTeam)
    if (t === undefined && rawTeam.toUpperCase() !== "FA") bad(`unknown team ${JSON.stringify(rawTeam)}`)
    const stats: Record<string, number> = {}
    const map = kind === "offense" ? hvOffense : kind === "kicker" ? hvKicker : hvIdp
    for (const [col, key] of map) stats[key] = optNum(row, col, 0)
    if (kind === "kicker") {
      stats.xp_attempts = stats.xp_made! + stats.xp_missed!
      stats.fg_made = stats.fg_made_0_19! + stats.fg_made_20_29! + stats.fg_made_30_39! + stats.fg_made_40_49! +
        stats.fg_made_50_plus!
    }
    if (kind === "idp") {
      stats.defense_tds = optNum(row, "ScoreIntTd", 0) + optNum(row, "ScoreFumTd", 0) + optNum(row, "ScoreBlkTd", 0)
    }
    return {
      kind,
      season: reqInt(row, "season"),
      week: reqInt(row, "week"),
      nflId: req(row, "PlayerId"),
      name: req(row, "PlayerName"),
      position: req(row, "Pos").toUpperCase(),
      team: t,
      opponent: oppCode,
      stats,
      totalPoints: optNum(row, "TotalPoints")
    }
  })

/** nflverse weekly player stats (GSIS-keyed). */
export interface WeeklyRow {
  readonly gsis: string
  readonly name: string
  readonly position: string | undefined
  readonly team: string
  readonly season: number
  readonly week: number
  readonly stats: Record<string, number | null>
}

export const parseWeekly = parser<WeeklyRow>((row) => {
  const n = (c: string) => optNum(row, c, 0)
  const nullable = (c: string): number | null => optNum(row, c) ?? null
  const stats: Record<string, number | null> = {
    passing_completions: n("completions"),
    passing_attempts: n("attempts"),
    passing_yards: n("passing_yards"),
    passing_tds: n("passing_tds"),
    interceptions: n("interceptions"),
    rushing_attempts: n("carries"),
    rushing_yards: n("rushing_yards"),
    rushing_tds: n("rushing_tds"),
    targets: n("targets"),
    receptions: n("receptions"),
    receiving_yards: n("receiving_yards"),
    receiving_tds: n("receiving_tds"),
    two_point_conversions: n("passing_2pt_conversions") + n("rushing_2pt_conversions") + n("receiving_2pt_conversions"),
    fumbles_lost: n("sack_fumbles_lost") + n("rushing_fumbles_lost") + n("receiving_fumbles_lost"),
    return_tds: n("special_teams_tds"),
    air_yards: nullable("receiving_air_yards"),
    passing_air_yards: nullable("passing_air_yards"),
    target_share: nullable("target_share")
  }
  return {
    gsis: req(row, "player_id"),
    name: field(row, "player_display_name") ?? req(row, "player_name"),
    position: field(row, "position"),
    team: team(row, "recent_team"),
    season: reqInt(row, "season"),
    week: reqInt(row, "week"),
    stats
  }
})

/** nflverse snap counts (PFR-keyed), shares as fractions 0-1. */
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

export const parseSnap = parser<SnapRow>((row) => {
  const pct = (c: string) => {
    const v = optNum(row, c)
    return v === undefined || (v >= 0 && v <= 1) ? v : bad(`${c} is not a fraction 0-1: ${v}`)
  }
  return {
    gameId: req(row, "game_id"),
    pfr: req(row, "pfr_player_id"),
    name: req(row, "player"),
    position: field(row, "position"),
    team: team(row, "team"),
    season: reqInt(row, "season"),
    week: reqInt(row, "week"),
    offenseSnaps: optNum(row, "offense_snaps"),
    offensePct: pct("offense_pct"),
    defenseSnaps: optNum(row, "defense_snaps"),
    defensePct: pct("defense_pct"),
    stSnaps: optNum(row, "st_snaps"),
    stPct: pct("st_pct")
  }
})

// -------------------------------------------------------------------------------------------
// Injuries and depth charts
// -------------------------------------------------------------------------------------------

export interface InjuryRow {
  readonly season: number
  readonly week: number
  readonly team: string
  readonly gsis: string
  readonly position: string | undefined
  readonly fullName: string
  readonly firstName: string | undefined
  readonly lastName: string | undefined
  readonly reportStatus: string | undefined
  readonly practiceStatus: string | undefined
  readonly primaryInjury: string | undefined
  readonly secondaryInjury: string | undefined
}

export const parseInjury = parser<InjuryRow>((row) => ({
  season: reqInt(row, "season"),
  week: reqInt(row, "week"),
  team: team(row, "team"),
  gsis: req(row, "gsis_id"),
  position: field(row, "position"),
  fullName: req(row, "full_name"),
  firstName: field(row, "first_name"),
  lastName: field(row, "last_name"),
  reportStatus: field(row, "report_status"),
  practiceStatus: field(row, "practice_status"),
  primaryInjury: field(row, "report_primary_injury") ?? field(row, "practice_primary_injury"),
  secondaryInjury: field(row, "report_secondary_injury") ?? field(row, "practice_secondary_injury")
}))

export interface DepthRow {
  readonly at: Date
  readonly date: string
  readonly season: number
  readonly team: string
  readonly name: string
  readonly gsis: string | undefined
  readonly espn: string | undefined
  readonly formation: string | undefined
  readonly formationId: string | undefined
  readonly slot: string
  readonly rank: number
}

export const parseDepth = parser<DepthRow>((row) => {
  const dt = req(row, "dt")
  const at = new Date(dt.replace(" ", "T"))
  if (Number.isNaN(at.getTime())) bad(`dt is not a timestamp: ${JSON.stringify(dt)}`)
  const gsis = field(row, "gsis_id")
  const espn = field(row, "espn_id")
  if (gsis === undefined && espn === undefined) bad("no gsis_id or espn_id")
  return {
    at,
    date: at.toISOString().slice(0, 10),
    season: reqInt(row, "season"),
    team: team(row, "team"),
    name: req(row, "player_name"),
    gsis,
    espn,
    formation: field(row, "pos_grp"),
    formationId: field(row, "pos_grp_id"),
    slot: req(row, "pos_abb"),
    rank: reqInt(row, "pos_rank")
  }
})

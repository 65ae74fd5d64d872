/**
 * NBA teams: the 30 franchises with their NBA.com abbreviation, name, team id, conference and
 * division, and the one map that normalises every team abbreviation the sources use.
 *
 * Conference and division are sports knowledge (the datasets do not carry them): the NBA's
 * alignment, unchanged from 2004-05 through 2025-26, every season ingested here.
 * Team ids and names are NBA.com's, as written in millxing_nba_data team_game_logs.
 * @module
 */
import type { Team } from "@sports-data/domain"

/** One franchise: NBA.com abbreviation and team id, full name, conference (East/West), division. */
export interface NbaTeamInfo {
  readonly abbr: string
  readonly id: string
  readonly name: string
  readonly conference: "East" | "West"
  readonly division: string
}

const t = (abbr: string, id: number, name: string, conference: "East" | "West", division: string): NbaTeamInfo => ({
  abbr,
  id: String(1610612700 + id),
  name,
  conference,
  division
})

/** The 30 teams (NBA.com ids are 16106127xx). */
export const nbaTeams: ReadonlyArray<NbaTeamInfo> = [
  t("BOS", 38, "Boston Celtics", "East", "Atlantic"),
  t("BKN", 51, "Brooklyn Nets", "East", "Atlantic"),
  t("NYK", 52, "New York Knicks", "East", "Atlantic"),
  t("PHI", 55, "Philadelphia 76ers", "East", "Atlantic"),
  t("TOR", 61, "Toronto Raptors", "East", "Atlantic"),
  t("CHI", 41, "Chicago Bulls", "East", "Central"),
  t("CLE", 39, "Cleveland Cavaliers", "East", "Central"),
  t("DET", 65, "Detroit Pistons", "East", "Central"),
  t("IND", 54, "Indiana Pacers", "East", "Central"),
  t("MIL", 49, "Milwaukee Bucks", "East", "Central"),
  t("ATL", 37, "Atlanta Hawks", "East", "Southeast"),
  t("CHA", 66, "Charlotte Hornets", "East", "Southeast"),
  t("MIA", 48, "Miami Heat", "East", "Southeast"),
  t("ORL", 53, "Orlando Magic", "East", "Southeast"),
  t("WAS", 64, "Washington Wizards", "East", "Southeast"),
  t("DEN", 43, "Denver Nuggets", "West", "Northwest"),
  t("MIN", 50, "Minnesota Timberwolves", "West", "Northwest"),
  t("OKC", 60, "Oklahoma City Thunder", "West", "Northwest"),
  t("POR", 57, "Portland Trail Blazers", "West", "Northwest"),
  t("UTA", 62, "Utah Jazz", "West", "Northwest"),
  t("GSW", 44, "Golden State Warriors", "West", "Pacific"),
  t("LAC", 46, "LA Clippers", "West", "Pacific"),
  t("LAL", 47, "Los Angeles Lakers", "West", "Pacific"),
  t("PHX", 56, "Phoenix Suns", "West", "Pacific"),
  t("SAC", 58, "Sacramento Kings", "West", "Pacific"),
  t("DAL", 42, "Dallas Mavericks", "West", "Southwest"),
  t("HOU", 45, "Houston Rockets", "West", "Southwest"),
  t("MEM", 63, "Memphis Grizzlies", "West", "Southwest"),
  t("NOP", 40, "New Orleans Pelicans", "West", "Southwest"),
  t("SAS", 59, "San Antonio Spurs", "West", "Southwest")
]

/**
 * Alias -> canonical NBA.com abbreviation. Every dataset ingested today already writes the
 * NBA.com codes; the aliases are those other common sources use: ESPN (`GS`, `NO`, `NY`, `SA`,
 * `UTAH`, `WSH`, `PHO`), Basketball-Reference (`BRK`, `CHO`, `PHO`), older NBA.com (`NOH`,
 * `NJN`, `SEA` are not current franchises and are not mapped).
 */
export const nbaTeamAliases: Readonly<Record<string, string>> = {
  GS: "GSW",
  NO: "NOP",
  NOR: "NOP",
  NY: "NYK",
  SA: "SAS",
  UTAH: "UTA",
  WSH: "WAS",
  PHO: "PHX",
  BRK: "BKN",
  BKLYN: "BKN",
  CHO: "CHA",
  CHH: "CHA"
}

const byAbbr = new Map(nbaTeams.map((x) => [x.abbr, x]))

/** The canonical abbreviation of an NBA team code (case-insensitive), or undefined when unknown. */
export const normaliseNbaTeam = (raw: string | undefined): string | undefined => {
  if (raw === undefined) return undefined
  const code = raw.trim().toUpperCase()
  if (byAbbr.has(code)) return code
  return nbaTeamAliases[code]
}

/** The canonical Team rows of the 30 franchises. */
export const nbaTeamRows: ReadonlyArray<Team> = nbaTeams.map((x) => ({
  sport: "nba",
  abbr: x.abbr,
  name: x.name,
  conference: x.conference,
  division: x.division,
  external_id: x.id,
  attributes: {}
}))

/**
 * MLB clubs: the 30 franchises with one canonical abbreviation each, their MLBAM team id,
 * Retrosheet code, name, league and division, and the one map that normalises every team code
 * the sources use.
 *
 * Canonical abbreviations are three letters, as the specification asks ("3-letter
 * abbreviation"): MLB's own codes where they are three letters (ATL BAL BOS CHC CIN CLE COL CWS
 * DET HOU LAA LAD MIA MIL MIN NYM NYY PHI PIT SEA STL TEX TOR WSH, and ATH for the Athletics
 * since their 2025 move out of Oakland), and the common three-letter forms for the five clubs
 * MLB writes otherwise (AZ -> ARI, KC -> KCR, SD -> SDP, SF -> SFG, TB -> TBR). One code per
 * franchise across seasons: the 2022-2024 Oakland Athletics are ATH too (OAK is an alias).
 *
 * League (AL/NL, in `Team.conference`) and division (`AL East` ...) are sports knowledge (no
 * dataset here carries them): the alignment in force since 2013, unchanged through 2025.
 * MLBAM team ids are those of the MLB Stats API (alejandrochaveza_mml_mlb `home_team_id`).
 * @module
 */
import type { Team } from "@sports-data/domain"

/** One club. `retro` is its Retrosheet code, `mlbam` its MLB Stats API team id. */
export interface MlbTeamInfo {
  readonly abbr: string
  readonly mlbam: string
  readonly retro: string
  readonly name: string
  readonly league: "AL" | "NL"
  readonly division: string
}

const t = (
  abbr: string,
  mlbam: number,
  retro: string,
  name: string,
  league: "AL" | "NL",
  division: string
): MlbTeamInfo => ({
  abbr,
  mlbam: String(mlbam),
  retro,
  name,
  league,
  division: `${league} ${division}`
})

/** The 30 clubs, with the names of the 2025 season. */
export const mlbTeams: ReadonlyArray<MlbTeamInfo> = [
  t("BAL", 110, "BAL", "Baltimore Orioles", "AL", "East"),
  t("BOS", 111, "BOS", "Boston Red Sox", "AL", "East"),
  t("NYY", 147, "NYA", "New York Yankees", "AL", "East"),
  t("TBR", 139, "TBA", "Tampa Bay Rays", "AL", "East"),
  t("TOR", 141, "TOR", "Toronto Blue Jays", "AL", "East"),
  t("CWS", 145, "CHA", "Chicago White Sox", "AL", "Central"),
  t("CLE", 114, "CLE", "Cleveland Guardians", "AL", "Central"),
  t("DET", 116, "DET", "Detroit Tigers", "AL", "Central"),
  t("KCR", 118, "KCA", "Kansas City Royals", "AL", "Central"),
  t("MIN", 142, "MIN", "Minnesota Twins", "AL", "Central"),
  t("HOU", 117, "HOU", "Houston Astros", "AL", "West"),
  t("LAA", 108, "ANA", "Los Angeles Angels", "AL", "West"),
  t("ATH", 133, "OAK", "Athletics", "AL", "West"),
  t("SEA", 136, "SEA", "Seattle Mariners", "AL", "West"),
  t("TEX", 140, "TEX", "Texas Rangers", "AL", "West"),
  t("ATL", 144, "ATL", "Atlanta Braves", "NL", "East"),
  t("MIA", 146, "MIA", "Miami Marlins", "NL", "East"),
  t("NYM", 121, "NYN", "New York Mets", "NL", "East"),
  t("PHI", 143, "PHI", "Philadelphia Phillies", "NL", "East"),
  t("WSH", 120, "WAS", "Washington Nationals", "NL", "East"),
  t("CHC", 112, "CHN", "Chicago Cubs", "NL", "Central"),
  t("CIN", 113, "CIN", "Cincinnati Reds", "NL", "Central"),
  t("MIL", 158, "MIL", "Milwaukee Brewers", "NL", "Central"),
  t("PIT", 134, "PIT", "Pittsburgh Pirates", "NL", "Central"),
  t("STL", 138, "SLN", "St. Louis Cardinals", "NL", "Central"),
  t("ARI", 109, "ARI", "Arizona Diamondbacks", "NL", "West"),
  t("COL", 115, "COL", "Colorado Rockies", "NL", "West"),
  t("LAD", 119, "LAN", "Los Angeles Dodgers", "NL", "West"),
  t("SDP", 135, "SDN", "San Diego Padres", "NL", "West"),
  t("SFG", 137, "SFN", "San Francisco Giants", "NL", "West")
]

/**
 * Alias -> canonical abbreviation, by source: Retrosheet (ANA CHA CHN KCA LAN NYA NYN SDN SFN SLN
 * TBA WAS OAK), MLB Stats API (AZ KC SD SF TB), Baseball-Reference / FanGraphs (CHW KCR SDP SFG
 * TBR WSN), ESPN (CHW KC SD SF TB WSH OAK), and older or informal codes (FLA, TB, LA, NY...
 * are not mapped when ambiguous).
 */
export const mlbTeamAliases: Readonly<Record<string, string>> = {
  // Retrosheet
  ANA: "LAA",
  CHA: "CWS",
  CHN: "CHC",
  KCA: "KCR",
  LAN: "LAD",
  NYA: "NYY",
  NYN: "NYM",
  SDN: "SDP",
  SFN: "SFG",
  SLN: "STL",
  TBA: "TBR",
  WAS: "WSH",
  OAK: "ATH",
  // MLB Stats API, ESPN
  AZ: "ARI",
  KC: "KCR",
  SD: "SDP",
  SF: "SFG",
  TB: "TBR",
  // Baseball-Reference, FanGraphs and others
  CHW: "CWS",
  WSN: "WSH",
  FLA: "MIA",
  ARZ: "ARI",
  SAC: "ATH"
}

const byAbbr = new Map(mlbTeams.map((x) => [x.abbr, x]))
const byMlbam = new Map(mlbTeams.map((x) => [x.mlbam, x]))

/** The canonical abbreviation of an MLB club code (case-insensitive), or undefined when unknown. */
export const normaliseMlbTeam = (raw: string | undefined): string | undefined => {
  if (raw === undefined) return undefined
  const code = raw.trim().toUpperCase()
  if (byAbbr.has(code)) return code
  return mlbTeamAliases[code]
}

/** The canonical abbreviation of an MLBAM team id (`"147"` -> NYY), or undefined for non-clubs. */
export const mlbTeamOfMlbam = (id: string): string | undefined => byMlbam.get(id)?.abbr

/** The canonical Team rows of the 30 clubs (`external_id` = MLBAM team id). */
export const mlbTeamRows: ReadonlyArray<Team> = mlbTeams.map((x) => ({
  sport: "mlb",
  abbr: x.abbr,
  name: x.name,
  conference: x.league,
  division: x.division,
  external_id: x.mlbam,
  attributes: { retro: x.retro, mlbam: x.mlbam }
}))

/**
 * NFL team abbreviations: one canonical code per franchise, and every alias the sources use.
 *
 * Canonical codes are the 32 current franchises as most fantasy platforms (Sleeper, ESPN, Yahoo)
 * write them: ARI ATL BAL BUF CAR CHI CIN CLE DAL DEN DET GB HOU IND JAX KC LAC LAR LV MIA MIN NE
 * NO NYG NYJ PHI PIT SEA SF TB TEN WAS. Aliases by source:
 * - nflverse (schedules, snap counts, player stats, injuries, depth charts): `LA` for the Rams.
 * - Fantasy.NFL.com (hvpkod): both `LA` and `LAR`.
 * - spreadspoke: `OAK` for the Raiders (no Las Vegas row), Pro-Football-Reference codes
 *   (`team_id_pfr`: CRD RAV CLT HTX KAN SDG RAM NWE NOR RAI SFO TAM OTI GNB).
 * - DynastyProcess (player_ids.csv): three-letter codes GBP KCC NEP NOS SFO TBB LVR JAC, and the
 *   relocated OAK SDC STL / RAM.
 * - others seen elsewhere: JAC, WSH, SD, STL, ARZ, BLT, CLV, HST, LVR.
 * `FA` / `FA*` (free agent) and anything else unknown map to undefined.
 * @module
 */

/** The 32 canonical codes. */
export const canonicalTeams: ReadonlyArray<string> = [
  "ARI",
  "ATL",
  "BAL",
  "BUF",
  "CAR",
  "CHI",
  "CIN",
  "CLE",
  "DAL",
  "DEN",
  "DET",
  "GB",
  "HOU",
  "IND",
  "JAX",
  "KC",
  "LAC",
  "LAR",
  "LV",
  "MIA",
  "MIN",
  "NE",
  "NO",
  "NYG",
  "NYJ",
  "PHI",
  "PIT",
  "SEA",
  "SF",
  "TB",
  "TEN",
  "WAS"
]

/** Alias -> canonical code (canonical codes map to themselves through {@link normaliseTeam}). */
export const teamAliases: Readonly<Record<string, string>> = {
  LA: "LAR",
  RAM: "LAR",
  STL: "LAR",
  SL: "LAR",
  JAC: "JAX",
  OAK: "LV",
  LVR: "LV",
  RAI: "LV",
  SD: "LAC",
  SDC: "LAC",
  SDG: "LAC",
  WSH: "WAS",
  WFT: "WAS",
  GBP: "GB",
  GNB: "GB",
  KCC: "KC",
  KAN: "KC",
  NEP: "NE",
  NWE: "NE",
  NOS: "NO",
  NOR: "NO",
  SFO: "SF",
  TBB: "TB",
  TAM: "TB",
  CRD: "ARI",
  ARZ: "ARI",
  RAV: "BAL",
  BLT: "BAL",
  CLT: "IND",
  HTX: "HOU",
  HST: "HOU",
  OTI: "TEN",
  CLV: "CLE"
}

const canonicalSet = new Set(canonicalTeams)

/** The canonical code of a team abbreviation (case-insensitive), or undefined (free agent, unknown). */
export const normaliseTeam = (raw: string | undefined): string | undefined => {
  if (raw === undefined) return undefined
  const code = raw.trim().toUpperCase()
  if (canonicalSet.has(code)) return code
  return teamAliases[code]
}

/**
 * Current franchise names the spreadspoke team list lacks (it stops at "Oakland Raiders" and
 * "Washington Redskins"): the Raiders moved to Las Vegas in 2020, Washington became the
 * Commanders in 2022.
 */
export const currentTeamNames: Readonly<Record<string, string>> = {
  LV: "Las Vegas Raiders",
  WAS: "Washington Commanders"
}

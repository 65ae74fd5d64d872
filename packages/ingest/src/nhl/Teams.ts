/**
 * NHL teams: the Team rows of the sport module's directory (`Sports.modules.nhl.teams`: NHL.com
 * abbreviation, name, conference, division, aliases) with the NHL's team ids, and the one function
 * that normalises every team code the sources write.
 *
 * Team ids are the NHL's (api-web.nhle.com / statsapi), as twinfield10_nhl_data schedules write
 * them in `home_team_id` / `away_team_id` for the 32 teams of 2021-22 to 2023-24. Utah is not in
 * those files: the NHL gave the Utah Hockey Club id 59 (2024-25) and the Utah Mammoth, as the
 * franchise is named from 2025-26, id 68; UTA here is the 2025-26 team, so its id is 68.
 * Arizona (ARI, id 53) is kept as its own team with `attributes.last_season` 2023 (its last
 * season was 2023-24), Utah with `attributes.first_season` 2024 (see sports/Nhl.ts).
 * @module
 */
import { Sports, type Team } from "@sports-data/domain"

/** NHL team id by canonical abbreviation. */
export const nhlTeamIds: Readonly<Record<string, string>> = {
  NJD: "1",
  NYI: "2",
  NYR: "3",
  PHI: "4",
  PIT: "5",
  BOS: "6",
  BUF: "7",
  MTL: "8",
  OTT: "9",
  TOR: "10",
  CAR: "12",
  FLA: "13",
  TBL: "14",
  WSH: "15",
  CHI: "16",
  DET: "17",
  NSH: "18",
  STL: "19",
  CGY: "20",
  COL: "21",
  EDM: "22",
  VAN: "23",
  ANA: "24",
  DAL: "25",
  LAK: "26",
  SJS: "28",
  CBJ: "29",
  MIN: "30",
  WPG: "52",
  ARI: "53",
  VGK: "54",
  SEA: "55",
  UTA: "68"
}

const seasons: Readonly<Record<string, Record<string, number>>> = {
  ARI: { last_season: 2023 },
  UTA: { first_season: 2024 }
}

const byCode = new Map<string, string>()
for (const t of Sports.modules.nhl.teams) {
  byCode.set(t.abbr, t.abbr)
  for (const alias of t.aliases) byCode.set(alias.toUpperCase(), t.abbr)
}

/** The canonical abbreviation of an NHL team code or alias (case-insensitive), or undefined when unknown. */
export const normaliseNhlTeam = (raw: string | undefined): string | undefined =>
  raw === undefined ? undefined : byCode.get(raw.trim().toUpperCase())

/** The canonical Team rows: 33 (the 32 clubs of 2025-26 and the Arizona Coyotes). */
export const nhlTeamRows: ReadonlyArray<Team> = Sports.modules.nhl.teams.map((t) => ({
  sport: "nhl",
  abbr: t.abbr,
  name: t.name,
  conference: t.conference,
  division: t.division,
  external_id: nhlTeamIds[t.abbr] ?? null,
  attributes: { ...seasons[t.abbr] }
}))

/**
 * NHL: positions, stat keys, scoring, game states, standings rules and the team directory.
 *
 * ## Stat keys (`StatLine.stats`) and units
 * Skaters and goalies: `goals`, `assists`, `points` (goals + assists), `shots` (shots on goal),
 * `hits`, `blocked_shots` (shots the player blocked), `pp_points` (power-play goals + assists),
 * `faceoffs_won`, `faceoffs_taken` (counts; null in 2025-26, whose source writes 0 on every
 * line); `toi_minutes` time on ice in minutes (decimal: 19.25 = 19:15).
 * Goalies only (null on skater lines): `shots_against`, `goals_against`, `saves` (counts),
 * `save_pct` saves / shots against as a fraction 0-1 (null when no shot was faced),
 * `goalie_wins`, `goalie_losses` (regulation), `goalie_ot_losses` (overtime or shootout): 1 or 0
 * for the goalie of record, null where the ingest adapter cannot tell who that was or how the
 * game ended (see `packages/ingest/src/nhl/Build.ts` for the rule).
 *
 * ## Scoring
 * One format (decisions.md "Fantasy scoring", nhl): goal 12, assist 8, shot 1.6, blocked shot
 * 1.6, goalie win 12, save 0.8, goal against -4 (`Scoring.nhlFormats`).
 *
 * ## Teams
 * The sources give abbreviations and (twinfield10 schedules) NHL team ids but neither conference
 * nor division, so the directory below holds them: the NHL's alignment since 2021-22 (Seattle's
 * first season), Eastern (Atlantic, Metropolitan) and Western (Central, Pacific). The Arizona
 * Coyotes (ARI) played through 2023-24; in April 2024 the NHL suspended the Coyotes' operations
 * and granted Utah an expansion franchise that took over their players, which entered the
 * Central division in 2024-25 as the Utah Hockey Club and was renamed Utah Mammoth for 2025-26.
 * Both abbreviations are kept as the sources write them (ARI in 2021-22 to 2023-24, UTA in
 * 2025-26): they are two teams, never merged.
 *
 * ## Seasons held (season key = the start year)
 * - 2021 (2021-22) and 2022 (2022-23): every regular-season and playoff game with final scores
 *   (twinfield10_nhl_data); no overtime/shootout flag, no player game lines.
 * - 2023 (2023-24): regular season through 2024-02-14 only; no playoffs.
 * - 2024 (2024-25): absent from every source.
 * - 2025 (2025-26): regular season 2025-10-07 through 2026-02-05 (the Olympic break; the files run
 *   to 2026-02-20 with Olympic games, which are not NHL games and are not ingested), with player
 *   game lines and overtime/shootout results (bettormanpicks_bmp_app); shootout winners unknown.
 * - Rosters (birth date, handedness, height, weight, number) for 2021-22 to 2023-24; current
 *   team, position and injury status for 2025-26 (status snapshots 2026-02-14 to 2026-02-21).
 * @module
 */
import { nhlFormats } from "../Scoring.js"
import { nhlRules } from "../standings/Nhl.js"
import type { SportModule, TeamDirectoryEntry } from "./SportModule.js"

const team = (
  abbr: string,
  name: string,
  conference: "Eastern" | "Western",
  division: "Atlantic" | "Metropolitan" | "Central" | "Pacific",
  aliases: ReadonlyArray<string> = []
): TeamDirectoryEntry => ({ abbr, name, aliases, conference, division, leagues: ["nhl"] })

/**
 * The NHL's 32 clubs of 2025-26 plus the Arizona Coyotes (to 2023-24), by NHL.com abbreviation.
 * Aliases are other codes common sources write (ESPN `LA`, `NJ`, `SJ`, `TB`, `UTAH`; Hockey
 * Reference `VEG`; older `PHX` for the Coyotes).
 */
const teams: ReadonlyArray<TeamDirectoryEntry> = [
  team("BOS", "Boston Bruins", "Eastern", "Atlantic"),
  team("BUF", "Buffalo Sabres", "Eastern", "Atlantic"),
  team("DET", "Detroit Red Wings", "Eastern", "Atlantic"),
  team("FLA", "Florida Panthers", "Eastern", "Atlantic"),
  team("MTL", "Montréal Canadiens", "Eastern", "Atlantic", ["MON"]),
  team("OTT", "Ottawa Senators", "Eastern", "Atlantic"),
  team("TBL", "Tampa Bay Lightning", "Eastern", "Atlantic", ["TB"]),
  team("TOR", "Toronto Maple Leafs", "Eastern", "Atlantic"),
  team("CAR", "Carolina Hurricanes", "Eastern", "Metropolitan"),
  team("CBJ", "Columbus Blue Jackets", "Eastern", "Metropolitan"),
  team("NJD", "New Jersey Devils", "Eastern", "Metropolitan", ["NJ"]),
  team("NYI", "New York Islanders", "Eastern", "Metropolitan"),
  team("NYR", "New York Rangers", "Eastern", "Metropolitan"),
  team("PHI", "Philadelphia Flyers", "Eastern", "Metropolitan"),
  team("PIT", "Pittsburgh Penguins", "Eastern", "Metropolitan"),
  team("WSH", "Washington Capitals", "Eastern", "Metropolitan", ["WAS"]),
  team("ARI", "Arizona Coyotes", "Western", "Central", ["PHX"]),
  team("CHI", "Chicago Blackhawks", "Western", "Central"),
  team("COL", "Colorado Avalanche", "Western", "Central"),
  team("DAL", "Dallas Stars", "Western", "Central"),
  team("MIN", "Minnesota Wild", "Western", "Central"),
  team("NSH", "Nashville Predators", "Western", "Central"),
  team("STL", "St. Louis Blues", "Western", "Central"),
  team("UTA", "Utah Mammoth", "Western", "Central", ["UTAH"]),
  team("WPG", "Winnipeg Jets", "Western", "Central"),
  team("ANA", "Anaheim Ducks", "Western", "Pacific"),
  team("CGY", "Calgary Flames", "Western", "Pacific"),
  team("EDM", "Edmonton Oilers", "Western", "Pacific"),
  team("LAK", "Los Angeles Kings", "Western", "Pacific", ["LA"]),
  team("SEA", "Seattle Kraken", "Western", "Pacific"),
  team("SJS", "San Jose Sharks", "Western", "Pacific", ["SJ"]),
  team("VAN", "Vancouver Canucks", "Western", "Pacific"),
  team("VGK", "Vegas Golden Knights", "Western", "Pacific", ["VEG"])
]

/** The NHL module. */
export const nhl = {
  key: "nhl",
  name: "National Hockey League",
  shortName: "NHL",
  capabilities: {
    stats: true,
    metrics: true,
    alpha: true,
    similarity: false,
    projection: false,
    history: false,
    anomaly: true,
    models: true,
    signals: false,
    ecr: false,
    plays: true,
    schedule: true,
    dfs: false
  },
  leagues: ["nhl"],
  positions: ["C", "LW", "RW", "D", "G"],
  /** NHL.com position codes write wingers L and R; some sources write W or F for any forward. */
  positionAliases: {
    L: ["LW"],
    R: ["RW"],
    W: ["LW", "RW"],
    F: ["C", "LW", "RW"]
  },
  statKeys: [
    "goals",
    "assists",
    "points",
    "shots",
    "hits",
    "blocked_shots",
    "pp_points",
    "faceoffs_won",
    "faceoffs_taken",
    "toi_minutes",
    "shots_against",
    "goals_against",
    "saves",
    "save_pct",
    "goalie_wins",
    "goalie_losses",
    "goalie_ot_losses"
  ],
  scoring: nhlFormats,
  gameStates: ["scheduled", "in_progress", "final"],
  standings: { nhl: nhlRules },
  teams
} as const satisfies SportModule<"nhl">

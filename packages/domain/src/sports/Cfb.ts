/**
 * College football (NCAA, every division the sources cover; FBS and FCS for player data):
 * positions, stat keys, game states and standings rules. No fantasy scoring format is defined for
 * cfb (decisions.md lists none), so `fantasy_points` is null on every cfb line.
 *
 * ## Seasons and sources (what is covered)
 * - 2022: game results of the regular season, all divisions (noahpbrown_cfb_games; no game id, no
 *   date, no postseason). These games are stored with `game_date` null (no source has their date)
 *   and a synthesized stable id; they give the 2022 standings and poll records.
 * - 2023, 2024: every game with CollegeFootballData (CFBD) ids, kickoff times, conferences and
 *   classification (jhatfiel_cfbd_games), regular season complete; postseason as of the snapshot
 *   (2023-12-19: most bowls unscored; 2024 to 2025-01-11: both CFP semifinals unscored, the title
 *   game absent). noahpbrown_cfb_games repeats the regular season without ids (checked against it).
 * - 2025: FBS and FCS games with box scores (958, ESPN ids, regular season and postseason), team
 *   abbreviations, and the only player data: player box scores by category
 *   (sportsdataverse_cfbfastr_cfb_data). No source names 2025 conferences.
 * - Polls 2022-2024 (llizima_college_football_dashboard): AP Top 25 (`ap`), Coaches Poll
 *   (`coaches`), CFP committee rankings (`cfp`), FCS Coaches (`fcs_coaches`), AFCA Division II
 *   (`d2_coaches`) and Division III (`d3_coaches`) Coaches Polls; points, no first-place votes.
 * - Player positions: no source has them (null).
 *
 * ## Stat key units
 * Counts unless stated; `*_yards` and `*_long` yards (a long is the longest single play);
 * `sacks` in sacks (half sacks as 0.5); `qbr` ESPN's adjusted Total QBR, an index 0-100;
 * `kicking_points` points. `interceptions` are passes thrown that were intercepted (as nfl);
 * interceptions made by a defender are `defense_interceptions`. From the ESPN box categories:
 * passing (C/ATT, YDS, TD, INT, QBR), rushing (CAR, YDS, TD, LONG), receiving (REC, YDS, TD,
 * LONG), fumbles (FUM, LOST, REC), defensive (TOT, SOLO, SACKS, TFL, PD, QB HUR, TD),
 * interceptions (INT, YDS, TD), kicking (FG, LONG, XP, PTS), punting (NO, YDS, TB, In 20, LONG),
 * kick and punt returns (NO, YDS, LONG, TD). Averages (yards per attempt...) are not stored: they
 * derive from the counts.
 * @module
 */
import { cfbRules } from "../standings/Cfb.js"
import type { SportModule } from "./SportModule.js"

/** The college football module. */
export const cfb = {
  key: "cfb",
  name: "NCAA College Football",
  shortName: "College Football",
  capabilities: {
    stats: false,
    metrics: false,
    alpha: false,
    similarity: false,
    projection: false,
    history: false,
    anomaly: false,
    models: false,
    signals: false,
    ecr: false,
    plays: true,
    schedule: false,
    dfs: false
  },
  leagues: ["cfb"],
  /**
   * Position groups as college rosters list them: offense QB, RB, WR, TE, OL; defense DL, LB, DB;
   * specialists K, P, LS; ATH (athlete, an unassigned recruit or multi-position player).
   */
  positions: ["QB", "RB", "WR", "TE", "OL", "DL", "LB", "DB", "K", "P", "LS", "ATH"],
  /** Specific positions rosters write, covered by their group. */
  positionAliases: {
    FB: ["RB"],
    HB: ["RB"],
    TB: ["RB"],
    OT: ["OL"],
    T: ["OL"],
    OG: ["OL"],
    G: ["OL"],
    C: ["OL"],
    IOL: ["OL"],
    DE: ["DL"],
    DT: ["DL"],
    NT: ["DL"],
    EDGE: ["DL", "LB"],
    ILB: ["LB"],
    OLB: ["LB"],
    MLB: ["LB"],
    CB: ["DB"],
    S: ["DB"],
    FS: ["DB"],
    SS: ["DB"],
    NB: ["DB"],
    PK: ["K"]
  },
  statKeys: [
    "passing_completions",
    "passing_attempts",
    "passing_yards",
    "passing_tds",
    "interceptions",
    "qbr",
    "rushing_attempts",
    "rushing_yards",
    "rushing_tds",
    "rushing_long",
    "receptions",
    "receiving_yards",
    "receiving_tds",
    "receiving_long",
    "fumbles",
    "fumbles_lost",
    "fumbles_recovered",
    "tackles",
    "solo_tackles",
    "sacks",
    "tackles_for_loss",
    "passes_defended",
    "qb_hurries",
    "defense_tds",
    "defense_interceptions",
    "interception_yards",
    "interception_tds",
    "fg_made",
    "fg_attempts",
    "fg_long",
    "xp_made",
    "xp_attempts",
    "kicking_points",
    "punts",
    "punt_yards",
    "punt_touchbacks",
    "punts_inside_20",
    "punt_long",
    "kick_returns",
    "kick_return_yards",
    "kick_return_long",
    "kick_return_tds",
    "punt_returns",
    "punt_return_yards",
    "punt_return_long",
    "punt_return_tds"
  ],
  scoring: [],
  gameStates: ["scheduled", "in_progress", "final"],
  standings: { cfb: cfbRules },
  teams: []
} as const satisfies SportModule<"cfb">

export { isIndependent } from "../standings/Cfb.js"

/**
 * NFL: positions, stat keys, scoring, game states and standings rules.
 *
 * Stat key units: yards, counts; `snap_pct` percent 0-100; `target_share` a fraction 0-1;
 * `air_yards` and `passing_air_yards` yards.
 * @module
 */
import { nflFormats } from "../Scoring.js"
import { nflRules } from "../Standings.js"
import type { SportModule } from "./SportModule.js"

/** The NFL module. */
export const nfl = {
  key: "nfl",
  name: "National Football League",
  shortName: "NFL",
  capabilities: {
    stats: true,
    metrics: true,
    alpha: true,
    similarity: true,
    projection: true,
    history: true,
    anomaly: true,
    models: true,
    signals: true,
    ecr: true,
    plays: true,
    schedule: true,
    dfs: true
  },
  leagues: ["nfl"],
  positions: ["QB", "RB", "WR", "TE", "K", "DEF"],
  /** The ffb id sources write kickers as PK and team defenses as DST or D/ST. */
  positionAliases: { PK: ["K"], DST: ["DEF"], "D/ST": ["DEF"] },
  statKeys: [
    "passing_attempts",
    "passing_completions",
    "passing_yards",
    "passing_tds",
    "interceptions",
    "rushing_attempts",
    "rushing_yards",
    "rushing_tds",
    "targets",
    "receptions",
    "receiving_yards",
    "receiving_tds",
    "two_point_conversions",
    "fumbles_lost",
    "return_tds",
    "offense_snaps",
    "defense_snaps",
    "st_snaps",
    "snap_pct",
    "target_share",
    "air_yards",
    "passing_air_yards",
    "fg_made",
    "fg_attempts",
    "xp_made",
    "xp_attempts",
    "xp_missed",
    "fg_made_0_19",
    "fg_made_20_29",
    "fg_made_30_39",
    "fg_made_40_49",
    "fg_made_50_plus",
    "fg_missed_0_19",
    "fg_missed_20_29",
    "fg_missed_30_39",
    "fumble_recovery_tds",
    "tackles",
    "sacks",
    "defense_interceptions",
    "forced_fumbles",
    "fumble_recoveries",
    "passes_defended",
    "tackles_for_loss",
    "qb_hits",
    "safeties",
    "defense_tds"
  ],
  scoring: nflFormats,
  gameStates: ["scheduled", "in_progress", "final"],
  standings: { nfl: nflRules },
  teams: []
} as const satisfies SportModule<"nfl">

/**
 * NBA: positions, stat keys, scoring, game states and standings rules.
 *
 * Stat key units: counts, `minutes_played` minutes, `usage_rate` percent 0-100 (season USG%),
 * `is_back_to_back` 1 or 0.
 * @module
 */
import { nbaFormats } from "../Scoring.js"
import { nbaRules } from "../Standings.js"
import type { SportModule } from "./SportModule.js"

/** The NBA module. */
export const nba = {
  key: "nba",
  name: "National Basketball Association",
  shortName: "NBA",
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
    dfs: false
  },
  leagues: ["nba"],
  positions: ["PG", "SG", "SF", "PF", "C"],
  /** Sources write Guard / Forward / Center or G, F, C (and mixes such as Guard-Forward). */
  positionAliases: {
    G: ["PG", "SG", "G"],
    GUARD: ["PG", "SG", "G"],
    F: ["SF", "PF", "F"],
    FORWARD: ["SF", "PF", "F"],
    CENTER: ["C"],
    PG: ["PG", "G"],
    SG: ["SG", "G"],
    SF: ["SF", "F"],
    PF: ["PF", "F"]
  },
  statKeys: [
    "minutes_played",
    "points",
    "rebounds",
    "offensive_rebounds",
    "defensive_rebounds",
    "assists",
    "steals",
    "blocks",
    "turnovers",
    "personal_fouls",
    "field_goals_made",
    "field_goals_attempted",
    "three_pointers_made",
    "three_pointers_attempted",
    "free_throws_made",
    "free_throws_attempted",
    "plus_minus",
    "usage_rate",
    "is_back_to_back"
  ],
  scoring: nbaFormats,
  gameStates: ["scheduled", "in_progress", "final"],
  standings: { nba: nbaRules },
  teams: []
} as const satisfies SportModule<"nba">

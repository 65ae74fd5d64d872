/**
 * NHL: positions, stat keys, scoring, game states and standings rules.
 * @module
 */
import { nhlFormats } from "../Scoring.js"
import { pendingRules } from "../Standings.js"
import type { SportModule } from "./SportModule.js"

/** The NHL module. */
export const nhl = {
  key: "nhl",
  name: "National Hockey League",
  leagues: ["nhl"],
  positions: ["C", "LW", "RW", "D", "G"],
  positionAliases: {},
  statKeys: ["goals", "assists", "shots", "blocked_shots", "goalie_wins", "saves", "goals_against"],
  scoring: nhlFormats,
  gameStates: ["scheduled", "in_progress", "final"],
  standings: { nhl: pendingRules },
  teams: []
} as const satisfies SportModule<"nhl">

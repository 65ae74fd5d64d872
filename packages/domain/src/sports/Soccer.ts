/**
 * Soccer (association football): leagues, game states and standings rules per league. No source
 * has player data, so there are no stat keys and no scoring.
 * @module
 */
import { pendingRules } from "../Standings.js"
import type { SportModule } from "./SportModule.js"

/** The soccer module. */
export const soccer = {
  key: "soccer",
  name: "Soccer",
  leagues: ["epl", "mls", "la_liga", "bundesliga", "serie_a", "champions_league"],
  positions: ["GK", "DF", "MF", "FW"],
  positionAliases: {},
  statKeys: [],
  scoring: [],
  gameStates: ["scheduled", "in_progress", "final"],
  standings: {
    epl: pendingRules,
    mls: pendingRules,
    la_liga: pendingRules,
    bundesliga: pendingRules,
    serie_a: pendingRules,
    champions_league: pendingRules
  },
  teams: []
} as const satisfies SportModule<"soccer">

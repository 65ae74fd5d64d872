/**
 * College football (FBS): positions, stat keys, game states and standings rules. No fantasy
 * scoring format is defined for cfb.
 * @module
 */
import { pendingRules } from "../Standings.js"
import type { SportModule } from "./SportModule.js"

/** The college football module. */
export const cfb = {
  key: "cfb",
  name: "NCAA Division I FBS Football",
  leagues: ["cfb"],
  positions: ["QB", "RB", "WR", "TE", "K"],
  positionAliases: {},
  statKeys: [],
  scoring: [],
  gameStates: ["scheduled", "in_progress", "final"],
  standings: { cfb: pendingRules },
  teams: []
} as const satisfies SportModule<"cfb">

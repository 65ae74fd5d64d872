/**
 * Handlers of the nfl group (`/v1/nfl`) over the application services: the shared team-sport
 * handlers (TeamSport.ts) with nfl's limits and rows; the player detail shows his team.
 * @module
 */
import { Api } from "@sports-data/api"
import { group } from "./Group.js"
import { handleTeamSport, statsSportHandlers, teamSports } from "./TeamSport.js"

/** The nfl handlers shared with the other team sports. */
const nfl = statsSportHandlers(teamSports.nfl)

/** The nfl handlers. Requires the application services. */
export const NflLive = group(Api, "nfl", (handlers) => handleTeamSport(handlers, nfl))

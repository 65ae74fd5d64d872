/**
 * Handlers of the nhl group (`/v1/nhl`) over the application services: the shared team-sport
 * handlers (TeamSport.ts) with nhl's limits and rows, and depth-chart changes (no source: empty).
 * @module
 */
import { Api } from "@sports-data/api"
import { envelope, sportContext } from "./Common.js"
import { group } from "./Group.js"
import { handleTeamSport, statsSportHandlers, teamSports } from "./TeamSport.js"

const ctx = sportContext("nhl")

/** The nhl handlers shared with the other team sports. */
const nhl = statsSportHandlers(teamSports.nhl)

/** The nhl handlers. Requires the application services. */
export const NhlLive = group(Api, "nhl", (handlers) =>
  handleTeamSport(handlers, nhl)
    .handle("depthChartChanges", ({ request }) => envelope(ctx(request, "depthChartChanges"), [])))

/**
 * Source adapters: CSV reading, run reports, progress, the per-sport ingesters and the runner.
 * @module
 */
export * as Cfb from "./cfb/index.js"
export * as Csv from "./Csv.js"
export * as F1 from "./f1/index.js"
export * as Golf from "./golf/index.js"
export * as Metrics from "./Metrics.js"
export { ingestMlb, mlbSourceFiles, normaliseMlbTeam } from "./mlb/index.js"
export * as Nascar from "./nascar/index.js"
export { ingestNba, nbaSourceFiles, normaliseNbaTeam } from "./nba/index.js"
export { nbaSignals } from "./nba/Signals.js"
export { ingestNfl } from "./nfl/index.js"
export * as Nfl from "./nfl/index.js"
export * as Nhl from "./nhl/index.js"
export * as PlayerStatus from "./PlayerStatus.js"
export * as Progress from "./Progress.js"
export * as Report from "./Report.js"
export * as Rows from "./Rows.js"
export * as Runner from "./Runner.js"
export * as Soccer from "./soccer/index.js"
export * as Tennis from "./tennis/index.js"
export * as Ufc from "./ufc/index.js"

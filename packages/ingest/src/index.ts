/**
 * Source adapters: CSV reading, run reports, progress, the per-sport ingesters and the runner.
 * @module
 */
export { ingestCfb } from "./cfb/index.js"
export * as Csv from "./Csv.js"
export { ingestMlb } from "./mlb/index.js"
export { ingestNba } from "./nba/index.js"
export { ingestNfl } from "./nfl/index.js"
export * as Progress from "./Progress.js"
export * as Report from "./Report.js"
export * as Rows from "./Rows.js"
export * as Runner from "./Runner.js"

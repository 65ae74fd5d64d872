/**
 * Entry of the background thread of `sports-data serve` (Background.ts): registers tsx's loader
 * in this thread, so the TypeScript sources run as they are, then runs the background jobs.
 * Source maps are turned off again as in bin/sports-data.mjs (SPORTS_DATA_SOURCE_MAPS).
 */
import { parentPort, workerData } from "node:worker_threads"
import { register } from "tsx/esm/api"

register()
if (process.env["SPORTS_DATA_SOURCE_MAPS"] !== "true") process.setSourceMapsEnabled(false)
const { runInThread } = await import("./Background.ts")
runInThread(workerData, parentPort)

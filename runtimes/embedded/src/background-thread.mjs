/**
 * Entry of the background thread of `sports-data serve` (Background.ts): registers tsx's loader
 * in this thread, so the TypeScript sources run as they are, then runs the background jobs.
 */
import { parentPort, workerData } from "node:worker_threads"
import { register } from "tsx/esm/api"

register()
const { runInThread } = await import("./Background.ts")
runInThread(workerData, parentPort)

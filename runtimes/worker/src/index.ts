/**
 * The worker runtime (see main.ts).
 * @module
 */
export { WorkerLive } from "./main.js"

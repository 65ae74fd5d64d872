/**
 * The worker runtime: background jobs beside the HTTP instances, sharing their store (PostgreSQL
 * through DATABASE_URL, else PGlite in SPORTS_DATA_STORE; see runtimes/embedded Settings.ts).
 *
 * Today it runs one job: at start and then every SPORTS_DATA_REFRESH_INTERVAL, it ingests the
 * sports whose source files in SPORTS_DATA_DIR are newer than their last ingestion (embedded
 * Refresh.ts). Composition only: settings in, layers merged, launched until interrupted.
 *
 * Run: `node --import tsx runtimes/worker/src/main.ts`
 * @module
 */
import { NodeRuntime } from "@effect/platform-node"
import { RefreshLive } from "@sports-data/embedded/Refresh"
import * as Settings from "@sports-data/embedded/Settings"
import { storeChoice, storeLayer } from "@sports-data/embedded/Store"
import { Effect, Layer } from "effect"

/** The worker's layer for the given settings: the refresh job over the chosen store. */
export const WorkerLive = (settings: Settings.Settings) =>
  RefreshLive({ dataDir: settings.dataDir, interval: settings.refreshInterval, immediate: true }).pipe(
    Layer.provide(storeLayer(storeChoice(settings)))
  )

if (import.meta.url === `file://${process.argv[1]}`) {
  Effect.flatMap(Settings.settings, (settings) => Layer.launch(WorkerLive(settings))).pipe(NodeRuntime.runMain)
}

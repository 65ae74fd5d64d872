/**
 * The worker runtime: background jobs beside the HTTP instances, sharing their store (PostgreSQL
 * through DATABASE_URL, else PGlite in SPORTS_DATA_STORE; see @sports-data/wiring Settings.ts).
 *
 * Today it runs one job: at start and then every SPORTS_DATA_REFRESH_INTERVAL, it ingests the
 * sports whose source files in SPORTS_DATA_DIR are newer than their last ingestion (wiring
 * Refresh.ts). Composition only: settings in, layers merged, launched until interrupted.
 *
 * Run: `node --import tsx runtimes/worker/src/main.ts`
 * @module
 */
import { NodeRuntime } from "@effect/platform-node"
import type { StoreUnavailable } from "@sports-data/domain"
import { RefreshLive, Settings, storeChoice, storeLayer } from "@sports-data/wiring"
import { Effect, Layer } from "effect"

/**
 * The worker's layer: the refresh job (a first pass at once, then every refresh interval) over the
 * store the settings choose. Fails with StoreUnavailable when that store cannot be opened.
 */
export const WorkerLive: Layer.Layer<never, StoreUnavailable, Settings.SettingsService> = Layer.unwrapEffect(
  Effect.map(
    Settings.SettingsService,
    (settings) =>
      RefreshLive({ dataDir: settings.dataDir, interval: settings.refreshInterval, immediate: true }).pipe(
        Layer.provide(storeLayer(storeChoice(settings)))
      )
  )
)

if (import.meta.url === `file://${process.argv[1]}`) {
  WorkerLive.pipe(Layer.provide(Settings.layerFromEnv()), Layer.launch, NodeRuntime.runMain)
}

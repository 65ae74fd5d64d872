/**
 * The worker's jobs over the store the settings choose, shared by runtimes/worker (main.ts) and
 * `sports-data worker`: the refresh from the data directory (a first pass at once, then every
 * SPORTS_DATA_REFRESH_INTERVAL; Refresh.ts) and the webhook delivery loop (Webhooks.ts). Several
 * workers may share one PostgreSQL: deliveries are claimed with FOR UPDATE SKIP LOCKED under a
 * lease. Interrupting the layer (SIGTERM) lets attempts in flight finish, releases the claimed
 * deliveries not yet sent, and closes the store.
 * @module
 */
import type { StoreUnavailable } from "@sports-data/domain"
import { Layer } from "effect"
import { RefreshLive } from "./Refresh.js"
import type { Settings } from "./Settings.js"
import { storeChoice, storeLayer } from "./Store.js"
import { DeliveryFromSettings } from "./Webhooks.js"

/** The worker's jobs with `settings`; fails with StoreUnavailable when the store cannot be opened. */
export const WorkerJobs = (settings: Settings): Layer.Layer<never, StoreUnavailable> =>
  Layer.merge(
    RefreshLive({ dataDir: settings.dataDir, interval: settings.refreshInterval, immediate: true }),
    DeliveryFromSettings(settings)
  ).pipe(Layer.provide(storeLayer(storeChoice(settings))))

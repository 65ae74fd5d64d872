/**
 * The worker's jobs over the store the settings choose, shared by runtimes/worker (main.ts) and
 * `sports-data worker`:
 * - the refresh from the data directory (a first pass at once, then every
 *   SPORTS_DATA_REFRESH_INTERVAL; Refresh.ts): the ingestion of each changed sport, which writes
 *   its signals and events and recomputes its player metrics, then the jobs after an ingestion
 *   (Jobs.ts `postIngestJobs`: model training);
 * - the webhook delivery loop (Webhooks.ts);
 * - the live game pollers, one per sport across workers (Live.ts, lease `live.<sport>`);
 * - the sync of the datasets on their cadence when there is an upstream (SourceSync.ts, lease
 *   `sources.sync`), whose changed sports the refresh ingests.
 * Several workers may share one PostgreSQL without doing a job twice: a refresh pass holds the
 * `refresh` job lease (JobLeases port, renewed while it runs), deliveries are claimed with FOR
 * UPDATE SKIP LOCKED; both leases last SPORTS_DATA_WORKER_LEASE, after which the job of a killed
 * worker goes to another. Interrupting the layer (SIGTERM) stops the refresh pass and releases
 * its lease (a sport cut short stays stale and is ingested again), lets webhook attempts in
 * flight finish, releases the claimed deliveries not yet sent, and closes the store.
 * @module
 */
import type { StoreUnavailable } from "@sports-data/domain"
import { Layer } from "effect"
import { LivePollingLive } from "./Live.js"
import { RefreshLive } from "./Refresh.js"
import type { Settings } from "./Settings.js"
import { SourceSyncLive } from "./SourceSync.js"
import { storeChoice, storeLayer } from "./Store.js"
import { DeliveryFromSettings } from "./Webhooks.js"

/** The worker's jobs with `settings`; fails with StoreUnavailable when the store cannot be opened. */
export const WorkerJobs = (settings: Settings): Layer.Layer<never, StoreUnavailable> =>
  Layer.mergeAll(
    RefreshLive({
      dataDir: settings.dataDir,
      interval: settings.refreshInterval,
      immediate: true,
      lease: settings.workerLease
    }),
    DeliveryFromSettings(settings),
    LivePollingLive(settings.live, settings.workerLease),
    SourceSyncLive(settings)
  ).pipe(Layer.provide(storeLayer(storeChoice(settings))))

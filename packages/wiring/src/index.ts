/**
 * What every runtime wires the same way: the settings ({@link Settings}, environment variables
 * through Effect `Config`, or values given in code), the plan catalog in force (SPORTS_DATA_PLANS), the store they
 * choose (memory, PGlite or a PostgreSQL server) and the periodic refresh of the store from the source datasets.
 *
 * It may use the domain, the storage adapters and ingest; never the HTTP contract (api), the
 * application layer (app) or a runtime (see eslint.config.js).
 * @module
 */
export {
  catchUpPostIngest,
  holdingLease,
  type LeaseOptions,
  newOwner,
  type PostIngestJob,
  postIngestJobs,
  REFRESH_JOB,
  runPostIngest
} from "./Jobs.js"
export {
  defaultLiveSettings,
  liveFeedLayer,
  liveJob,
  LivePollingLive,
  LivePollingWith,
  type LiveSettings,
  liveSettings,
  pollerLoop,
  type PollerOptions,
  pollTick,
  type TickOutcome,
  watchedGames
} from "./Live.js"
export {
  fileMailer,
  mailerLayer,
  MailFromEnv,
  mailFromSettings,
  mailLayer,
  maskAddresses,
  PublicUrl,
  senderOf,
  smtpMailer
} from "./Mail.js"
export { collectGarbage, releaseMemory, trimMalloc } from "./Memory.js"
export {
  checkCatalog,
  PlanCatalogError,
  PlanCatalogFromEnv,
  planCatalogLayer,
  PlanCatalogService,
  plansFileConfig
} from "./PlanCatalog.js"
export {
  backfillAnomalies,
  backfillMetrics,
  backfillStacks,
  ingestTracked,
  LOADING_RETRY_AFTER_SECONDS,
  RefreshLive,
  refreshLoop,
  refreshOnce,
  type RefreshOptions,
  refreshPass,
  type Staleness,
  type StaleSport,
  staleSports,
  trackStaleness
} from "./Refresh.js"
export * as Settings from "./Settings.js"
export { HighsSolverInThread, HighsSolverLive, makeHighsSolver } from "./Solver.js"
export {
  initialSyncJobState,
  MAX_BACKOFF,
  sourceSyncEnabled,
  sourceSyncJob,
  SourceSyncLive,
  sourceSyncLoop,
  type SourceSyncOptions,
  SYNC_JOB,
  type SyncJobState,
  syncTick,
  type SyncTickOutcome
} from "./SourceSync.js"
export { describeStore, migrateStore, type StoreChoice, storeChoice, storeLayer, type Stores } from "./Store.js"
export { registerWebhook, replayDelivery, type TestDelivery, testDelivery } from "./WebhookOwner.js"
export {
  allowedHost,
  checkTarget,
  DeliveryFromSettings,
  DeliveryLive,
  type DeliveryOptions,
  deliveryPass,
  forbiddenAddress,
  newSecret,
  send,
  type SendResult,
  signature,
  TargetRefused
} from "./Webhooks.js"
export { WorkerJobs } from "./Worker.js"

/**
 * The worker runtime: background jobs beside the HTTP instances, sharing their store (PostgreSQL
 * through DATABASE_URL, else PGlite in SPORTS_DATA_STORE; see @sports-data/wiring Settings.ts).
 *
 * It runs three jobs: the live game pollers (wiring Live.ts: one per sport across workers, under
 * the lease `live.<sport>`); at start and then every SPORTS_DATA_REFRESH_INTERVAL, it ingests the
 * sports whose source files in SPORTS_DATA_DIR are newer than their last ingestion, then runs the
 * jobs after an ingestion (model training), holding a job lease so that of several workers one
 * refreshes at a time (wiring Refresh.ts, Jobs.ts); and it delivers webhooks (wiring Webhooks.ts): outbox events fanned out into
 * deliveries, claimed with FOR UPDATE SKIP LOCKED under a lease, so several workers on one
 * PostgreSQL never send one attempt twice. On SIGTERM (`NodeRuntime.runMain` interrupts) attempts
 * in flight finish and are recorded, claimed deliveries not yet sent are released, and the
 * process exits 0. Composition only: settings in, layers merged, launched until interrupted.
 *
 * Run: `node --import tsx runtimes/worker/src/main.ts`
 * @module
 */
import { NodeRuntime } from "@effect/platform-node"
import type { StoreUnavailable } from "@sports-data/domain"
import { Settings, WorkerJobs } from "@sports-data/wiring"
import { Effect, Layer } from "effect"

/**
 * The worker's layer: the refresh job (a first pass at once, then every refresh interval) and the
 * webhook delivery loop over the store the settings choose. Fails with StoreUnavailable when that store cannot be opened.
 */
export const WorkerLive: Layer.Layer<never, StoreUnavailable, Settings.SettingsService> = Layer.unwrapEffect(
  Effect.map(Settings.SettingsService, WorkerJobs)
)

if (import.meta.url === `file://${process.argv[1]}`) {
  WorkerLive.pipe(Layer.provide(Settings.layerFromEnv()), Layer.launch, NodeRuntime.runMain)
}

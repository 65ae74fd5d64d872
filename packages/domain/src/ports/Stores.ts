/**
 * Every storage port a store adapter provides and the runtimes need, as one type: keys, usage,
 * the audit trail, the sports writer and every read port, stored metrics and models, webhooks
 * the outbox wake-ups, the workers' job leases, the live pollers' writes, the source sync records and the stored nfl stacks. Each adapter (store-memory, store-sql) provides all of them.
 * @module
 */
import type { AnomalyStores } from "./Anomaly.js"
import type { AuditStore } from "./AuditStore.js"
import type { DashboardStore } from "./Dashboard.js"
import type { EventWake } from "./Delivery.js"
import type { DfsStores } from "./Dfs.js"
import type { ExportReader } from "./Export.js"
import type { JobLeases } from "./Jobs.js"
import type { KeyStore } from "./KeyStore.js"
import type { LiveGameStore } from "./LiveGames.js"
import type { MetricsStores } from "./Metrics.js"
import type { ModelStores } from "./Models.js"
import type { OddsStores } from "./Odds.js"
import type { SportsReaders } from "./Readers.js"
import type { SourceSyncStore } from "./Sources.js"
import type { StackStores } from "./Stacks.js"
import type { UsageStore } from "./UsageStore.js"
import type { WebhookStore } from "./Webhooks.js"
import type { SportsWriter } from "./Writer.js"

/** Every storage port (see the module doc). */
export type AllStores =
  | WebhookStore
  | EventWake
  | AuditStore
  | DashboardStore
  | KeyStore
  | UsageStore
  | SportsWriter
  | SportsReaders
  | MetricsStores
  | ModelStores
  | JobLeases
  | ExportReader
  | OddsStores
  | AnomalyStores
  | DfsStores
  | LiveGameStore
  | SourceSyncStore
  | StackStores

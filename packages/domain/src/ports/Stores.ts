/**
 * Every storage port a store adapter provides and the runtimes need, as one type: keys, usage,
 * the audit trail, the sports writer and every read port, stored metrics and models, webhooks
 * and the outbox wake-ups. Each adapter (store-memory, store-sql) provides all of them.
 * @module
 */
import type { AuditStore } from "./AuditStore.js"
import type { EventWake } from "./Delivery.js"
import type { DfsStores } from "./Dfs.js"
import type { KeyStore } from "./KeyStore.js"
import type { MetricsStores } from "./Metrics.js"
import type { ModelStores } from "./Models.js"
import type { SportsReaders } from "./Readers.js"
import type { UsageStore } from "./UsageStore.js"
import type { WebhookStore } from "./Webhooks.js"
import type { SportsWriter } from "./Writer.js"

/** Every storage port (see the module doc). */
export type AllStores =
  | WebhookStore
  | EventWake
  | AuditStore
  | KeyStore
  | UsageStore
  | SportsWriter
  | SportsReaders
  | MetricsStores
  | ModelStores
  | DfsStores

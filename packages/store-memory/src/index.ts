/**
 * In-memory adapters of every storage port (KeyStore, UsageStore, the sports read ports and
 * SportsWriter), exact and atomic on `Ref`, for tests and for embedding without a database.
 * State lives as long as the layer: each build of {@link layer} starts empty.
 *
 * Modules: SportsData.ts (the shared state of the sports rows), Readers.ts (one reader per
 * read port over it), Writer.ts (the writer over it), KeyStore.ts, UsageStore.ts.
 * @module
 */
import {
  type AllStores,
  type AnomalyStores,
  AuditStore,
  DashboardStore,
  type DfsStores,
  EventWake,
  ExportReader,
  JobLeases,
  KeyStore,
  LiveGameStore,
  makeLocalEventWake,
  ModelRegistryWriter,
  PlayerMetricsWriter,
  SourceSyncStore,
  type SportsReaders,
  SportsWriter,
  UsageStore,
  wakeAfterWrites,
  WebhookStore
} from "@sports-data/domain"
import { Context, Effect, Layer, Ref } from "effect"
import { makeAnomalyStore } from "./Anomaly.js"
import { makeAuditStore } from "./AuditStore.js"
import { makeDashboardStore } from "./Dashboard.js"
import { makeDfsStore } from "./Dfs.js"
import { makeExportReader } from "./Export.js"
import { makeJobLeases } from "./Jobs.js"
import { makeKeyStore } from "./KeyStore.js"
import { makeLiveGameStore } from "./Live.js"
import { makeMetricsStore } from "./Metrics.js"
import { makeModelStore } from "./Models.js"
import { makeOddsStore } from "./Odds.js"
import { makeReaders } from "./Readers.js"
import { makeSourceSyncStore } from "./SourceSync.js"
import { makeSportsData, type SportsData } from "./SportsData.js"
import { makeStackStore } from "./Stacks.js"
import { makeUsageStore } from "./UsageStore.js"
import { makeWebhookStore } from "./Webhooks.js"
import { makeWriter } from "./Writer.js"

export { makeAnomalyStore } from "./Anomaly.js"
export { makeAuditStore } from "./AuditStore.js"
export { makeDashboardStore } from "./Dashboard.js"
export { makeDfsStore } from "./Dfs.js"
export { makeExportReader } from "./Export.js"
export { makeJobLeases } from "./Jobs.js"
export { makeKeyStore } from "./KeyStore.js"
export { makeLiveGameStore } from "./Live.js"
export { makeMetricsStore } from "./Metrics.js"
export { makeModelStore } from "./Models.js"
export { makeOddsStore } from "./Odds.js"
export {
  makeAthleteReader,
  makeCatalogReader,
  makeEventReader,
  makeGameReader,
  makePlayerReader,
  makeRankingReader,
  makeReaders,
  makeReportReader,
  makeStatLineReader,
  makeTeamReader
} from "./Readers.js"
export { makeServiceEventReader, makeSignalReader } from "./Signals.js"
export { makeSourceSyncStore } from "./SourceSync.js"
export { makeSportsData, type SportsData } from "./SportsData.js"
export { makeStackStore } from "./Stacks.js"
export { makeUsageStore } from "./UsageStore.js"
export { makeWebhookStore } from "./Webhooks.js"
export { makeWriter } from "./Writer.js"

/** Every port this package adapts. */
export type Stores = AllStores

/** The sports ports (every reader and the writer) over one fresh, empty state. Never fails. */
export const makeSports: Effect.Effect<
  Context.Context<
    SportsWriter | SportsReaders | EventWake | WebhookStore | ExportReader | AnomalyStores | DfsStores | LiveGameStore
  >
> = Effect.flatMap(makeSportsData, (data) => makeSportsOver(data))

/**
 * `service` whose Effect-returning methods move the data version (`version`) once they succeed:
 * the derived tables (player metrics, model registry) move it on every write, as the SQL
 * adapter's triggers do (migrations 26 and 28).
 */
const movingVersion = <S extends object>(service: S, version: Ref.Ref<number>): S => {
  const out: Record<string, unknown> = {}
  for (const [name, member] of Object.entries(service)) {
    out[name] = typeof member === "function"
      ? (...args: Array<unknown>) => {
        const result: unknown = member.apply(service, args)
        return Effect.isEffect(result) ? Effect.tap(result, () => Ref.update(version, (n) => n + 1)) : result
      }
      : member
  }
  return out as S
}

/** The sports ports over `data`. */
const makeSportsOver = (data: SportsData) =>
  Effect.gen(function*() {
    const wake = yield* makeLocalEventWake()
    const webhooks = yield* makeWebhookStore(data)
    return Context.add(makeReaders(data), SportsWriter, wakeAfterWrites(makeWriter(data), wake.wake)).pipe(
      Context.add(EventWake, wake),
      Context.add(WebhookStore, webhooks),
      Context.add(ExportReader, makeExportReader(data)),
      Context.merge(yield* makeAnomalyStore(data, wake)),
      Context.merge(yield* makeDfsStore(data.version)),
      Context.add(LiveGameStore, yield* makeLiveGameStore(data, wake))
    )
  })

/** Makes every store, empty, as a Context. Never fails. */
export const make: Effect.Effect<Context.Context<Stores>> = Effect.gen(function*() {
  const keys = yield* makeKeyStore
  const usage = yield* makeUsageStore
  const audit = yield* makeAuditStore
  const data = yield* makeSportsData
  const sports = yield* makeSportsOver(data)
  const metrics = yield* makeMetricsStore
  const models = yield* makeModelStore
  const odds = yield* makeOddsStore
  return Context.add(sports, KeyStore, keys).pipe(
    Context.add(UsageStore, usage),
    Context.add(AuditStore, audit),
    Context.add(DashboardStore, yield* makeDashboardStore),
    Context.merge(metrics),
    Context.add(PlayerMetricsWriter, movingVersion(Context.get(metrics, PlayerMetricsWriter), data.version)),
    Context.merge(models),
    Context.add(ModelRegistryWriter, movingVersion(Context.get(models, ModelRegistryWriter), data.version)),
    Context.add(JobLeases, yield* makeJobLeases),
    Context.add(SourceSyncStore, yield* makeSourceSyncStore),
    Context.merge(yield* makeStackStore(data.version)),
    Context.merge(odds)
  )
})

/** Every storage port in memory; fresh, empty state each time the layer is built. */
export const layer: Layer.Layer<Stores> = Layer.effectContext(make)

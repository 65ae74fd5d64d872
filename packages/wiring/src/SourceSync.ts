/**
 * Syncing the datasets on their cadence, in `serve` (on its background thread) and in the worker:
 * every tick (SPORTS_DATA_REFRESH_INTERVAL), under the job lease `sources.sync` (so that of several
 * instances on one store one syncs), the datasets whose cadence is due (ingest Sync.ts `dueFolders`:
 * `inSeasonHours` while a sport reading the dataset is in season, else `offSeasonHours`) are
 * fetched with conditional GET (ingest Sync.ts `syncSources`). A sport is in season when the store
 * holds one of its games or events dated seven days ago or later (games just played, or a schedule
 * ahead).
 * - Only when there is an upstream: SPORTS_DATA_MIRROR is set, or the data directory was synced
 *   before (its `.sources-sync.json` exists: the datasets with a publisher URL follow the
 *   publisher). A data directory assembled by hand, with no mirror, is left as it is
 *   ({@link sourceSyncEnabled}); SPORTS_DATA_SYNC=false turns the job off.
 * - The records of a sync go to the data directory's state file and to the store (ingest Sync.ts),
 *   so an HTTP instance on the same store without this data directory shows them in coverage.
 * - An unchanged upstream costs one 304 per file and writes nothing. Files written make their
 *   sports stale; the tick then runs a refresh pass (Refresh.ts `refreshPass`, under the refresh
 *   lease: only the changed sports are ingested, with their events and post-ingest jobs). When
 *   another refresh holds that lease, its next pass ingests them.
 * - An upstream that cannot be reached costs one line (a warning when it first fails) and backs
 *   off: the next try waits the tick times 2^failures, at most {@link MAX_BACKOFF}; one line again
 *   when it answers.
 * @module
 */
import type { HttpClient } from "@effect/platform"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { type AllStores, CatalogReader, type SportKey, type StoreError } from "@sports-data/domain"
import { Runner, Sync } from "@sports-data/ingest"
import { Clock, Duration, Effect, Layer, Option, Ref } from "effect"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { holdingLease, newOwner } from "./Jobs.js"
import { refreshPass } from "./Refresh.js"
import type { Settings } from "./Settings.js"

/** Name of the lease of the cadence sync. */
export const SYNC_JOB = "sources.sync"

/** The longest wait between tries of an unreachable upstream. */
export const MAX_BACKOFF = Duration.hours(6)

/** Days back from today within which a held game makes its sport in season. */
const IN_SEASON_DAYS = 7

/** Options of {@link syncTick} and {@link sourceSyncLoop}. */
export interface SourceSyncOptions {
  readonly dataDir: string
  /** SPORTS_DATA_MIRROR (undefined: the publishers, where the registry has their URL). */
  readonly mirror: string | undefined
  /** Time between ticks (SPORTS_DATA_REFRESH_INTERVAL); also the first backoff. */
  readonly interval: Duration.DurationInput
  /** The lease of a tick and of the refresh pass it runs (SPORTS_DATA_WORKER_LEASE). */
  readonly lease: Duration.DurationInput
  /** Who holds the sync lease (default: a new id per loop). */
  readonly owner?: string | undefined
}

/** What the job remembers between ticks: each dataset's last check, and the backoff of an unreachable upstream. */
export interface SyncJobState {
  /** Dataset folder → the time (ms) of its last check (a 304 writes no record, so it is kept here). */
  readonly checked: ReadonlyMap<string, number>
  /** Consecutive ticks that reached no upstream. */
  readonly failures: number
  /** No try before this time (ms). */
  readonly retryAt: number
}

/** The state of a job that has not ticked yet. */
export const initialSyncJobState: SyncJobState = { checked: new Map(), failures: 0, retryAt: 0 }

/** What one tick did. */
export type SyncTickOutcome =
  | { readonly _tag: "NotHeld" }
  | { readonly _tag: "BackingOff"; readonly retryAt: number }
  | { readonly _tag: "NothingDue" }
  | { readonly _tag: "Unreachable"; readonly reason: string; readonly retryAt: number }
  | {
    readonly _tag: "Synced"
    readonly report: Sync.SyncReport
    /** The sports whose files changed. */
    readonly sports: ReadonlyArray<SportKey>
    /** The sports the refresh pass ingested; none when another refresh held its lease. */
    readonly ingested: ReadonlyArray<SportKey>
  }

/** Whether the cadence job has an upstream: a mirror, or a data directory synced before (see the module comment). */
export const sourceSyncEnabled = (dataDir: string, mirror: string | undefined): boolean =>
  mirror !== undefined || existsSync(join(dataDir, Sync.SYNC_STATE_FILE))

/** The dataset folders read by a sport that is in season at `now` (see the module comment). */
const inSeasonFolders = (now: number) =>
  Effect.gen(function*() {
    const since = new Date(now - IN_SEASON_DAYS * 86_400_000).toISOString().slice(0, 10)
    const summary = yield* (yield* CatalogReader).summary
    const inSeason = new Set(
      summary.filter((s) => s.last_game_date !== null && s.last_game_date >= since).map((s) => s.sport)
    )
    return new Set(Runner.ingestedSports.filter((s) => inSeason.has(s)).flatMap((s) => Runner.ingesters[s]!.sources))
  })

/**
 * One tick of the job (see the module comment) with the job's `state` (updated in place): claims
 * the sync lease, syncs the due datasets, and runs a refresh pass when files were written.
 */
export const syncTick = (options: SourceSyncOptions & { readonly owner: string }, state: Ref.Ref<SyncJobState>) =>
  Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const before = yield* Ref.get(state)
    if (now < before.retryAt) return { _tag: "BackingOff", retryAt: before.retryAt } as const
    const held = yield* holdingLease(
      { job: SYNC_JOB, owner: options.owner, lease: options.lease },
      Effect.gen(
        function*(): Effect.fn.Return<SyncTickOutcome, StoreError | Sync.SyncError, AllStores | HttpClient.HttpClient> {
          const records = Sync.recordsByFolder(yield* Effect.promise(() => Sync.readSyncState(options.dataDir)))
          const inSeason = yield* Effect.orElseSucceed(inSeasonFolders(now), () => new Set<string>())
          const due = Sync.dueFolders({
            records,
            checked: before.checked,
            mirror: options.mirror,
            now,
            inSeason: (folder) => inSeason.has(folder)
          })
          if (due.length === 0) return { _tag: "NothingDue" }
          // a SyncError (the state file cannot be written) fails the tick: the loop logs it
          const report = yield* Sync.syncSources({ dataDir: options.dataDir, mirror: options.mirror, folders: due })
          if (!Sync.answered(report)) {
            const failures = before.failures + 1
            const wait = Math.min(Duration.toMillis(options.interval) * 2 ** failures, Duration.toMillis(MAX_BACKOFF))
            const reason = report.files.find((f) => f.status === "failed")?.reason ?? "no file answered"
            yield* Ref.set(state, { ...before, failures, retryAt: now + wait })
            if (failures === 1) {
              yield* Effect.logWarning(
                `sources sync: no upstream reachable (${reason}); the data directory is served as it is, next try in ${
                  Duration.format(Duration.millis(wait))
                }, backing off`
              )
            }
            return { _tag: "Unreachable", reason, retryAt: now + wait }
          }
          if (before.failures > 0) yield* Effect.logInfo("sources sync: the upstream answers again")
          const checked = new Map(before.checked)
          for (const folder of due) checked.set(folder, now)
          yield* Ref.set(state, { checked, failures: 0, retryAt: 0 })
          const sports = Runner.sportsReading(report.changed)
          if (sports.length === 0) return { _tag: "Synced", report, sports, ingested: [] }
          yield* Effect.logInfo(
            `sources sync: ${report.files.filter((f) => f.status === "written").length} files written in ${
              report.changed.join(", ")
            }; re-ingesting ${sports.join(", ")}`
          )
          const ingested = yield* refreshPass({
            dataDir: options.dataDir,
            interval: options.interval,
            lease: options.lease,
            owner: newOwner()
          })
          return { _tag: "Synced", report, sports, ingested: Option.getOrElse(ingested, () => []) }
        }
      )
    )
    return Option.getOrElse(held, (): SyncTickOutcome => ({ _tag: "NotHeld" }))
  }).pipe(Effect.withSpan("SourceSync.tick"))

/**
 * The cadence job: {@link syncTick} at once, then every `interval`, forever, over the HttpClient of
 * the context. A failed tick (the store away) is logged and the next one runs as planned.
 */
export const sourceSyncLoop = (options: SourceSyncOptions) =>
  Effect.gen(function*() {
    const state = yield* Ref.make(initialSyncJobState)
    const tick = syncTick({ ...options, owner: options.owner ?? newOwner() }, state).pipe(
      Effect.catchAllCause((cause) => Effect.logWarning("sources sync failed", cause))
    )
    return yield* Effect.forever(Effect.zipRight(tick, Effect.sleep(options.interval)))
  })

/**
 * The cadence job of `settings` over FetchHttpClient ({@link sourceSyncLoop} with the data
 * directory, mirror, refresh interval and worker lease), or nothing (at once) when SPORTS_DATA_SYNC
 * is false or {@link sourceSyncEnabled} finds no upstream. An IngestProgress in the context shows
 * the ingestions it starts.
 */
export const sourceSyncJob = (settings: Settings) => {
  const mirror = Option.getOrUndefined(settings.mirror)
  return settings.sourceSync && sourceSyncEnabled(settings.dataDir, mirror)
    ? sourceSyncLoop({
      dataDir: settings.dataDir,
      mirror,
      interval: settings.refreshInterval,
      lease: settings.workerLease
    }).pipe(Effect.provide(FetchHttpClient.layer))
    : Effect.void
}

/** {@link sourceSyncJob} as a background fiber for as long as the layer lives (the worker). */
export const SourceSyncLive = (settings: Settings): Layer.Layer<never, never, AllStores> =>
  Layer.scopedDiscard(Effect.forkScoped(sourceSyncJob(settings)))

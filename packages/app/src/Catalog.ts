/**
 * The catalog feature: what the store holds per sport (data status), what each sport's endpoints
 * can answer and from which sources (coverage), and the public counters.
 * @module
 */
import {
  CatalogReader,
  Coverage,
  type DatasetSync,
  type FeedHealth,
  IngestProgress,
  KeyStore,
  LiveGameStore,
  PlayerReader,
  type Resources,
  SignalReader,
  SourceRegistry,
  SourceSyncReader,
  type SportKey
} from "@sports-data/domain"
import { Effect, Option } from "effect"
import { lastIngested } from "./Reads.js"

/** A feed's stored health as the `/v1/data/status` field (null when the sport was never polled). */
const liveStatus = (h: FeedHealth | undefined): Resources.LiveFeedStatus | null =>
  h === undefined ? null : {
    upstream: h.upstream,
    status: h.status,
    consecutive_failures: h.consecutive_failures,
    last_error: h.last_error,
    last_success_at: h.last_success_at,
    last_failure_at: h.last_failure_at,
    last_polled_at: h.last_polled_at,
    next_poll_at: h.next_poll_at,
    circuit_open_until: h.circuit_open_until,
    polls: h.polls,
    failures: h.failures,
    unmatched: h.unmatched
  }

/** Why a dataset has no sync record: no data directory known, none synced, or not this dataset. */
const neverSynced = (known: boolean, anySynced: boolean, dataset: SourceRegistry.Dataset): string =>
  !known
    ? "no data directory is known to this service, so no sync record can be read"
    : `never synced: ${
      anySynced
        ? "sources sync has recorded no file of this dataset (its files were put in the data directory by hand, or failed to sync)"
        : "the data directory has no sync records, nor has the store from any instance's sync (assembled by hand, or never run through `sports-data sources sync`)"
    }${dataset.manual === undefined ? "" : `; ${dataset.manual}`}`

/**
 * The `/v1/meta/coverage` row of `dataset` (the registry's facts) with its sync records, when
 * `records` (the data directory's, absent when no data directory is known) holds any.
 */
const sourceRow = (
  dataset: SourceRegistry.Dataset,
  records: Option.Option<ReadonlyMap<string, DatasetSync>>
): Resources.SourceRow => {
  const synced = Option.flatMap(records, (r) => Option.fromNullable(r.get(dataset.folder)))
  return {
    id: dataset.folder,
    publisher: dataset.publisher,
    repository: dataset.repository,
    upstream: dataset.upstream,
    licence: dataset.licence,
    attribution: dataset.attribution,
    attribution_required: dataset.attributionRequired,
    commercial_use: dataset.commercialUse,
    cadence: { in_season_hours: dataset.cadence.inSeasonHours, off_season_hours: dataset.cadence.offSeasonHours },
    manual: dataset.manual ?? null,
    sync: Option.match(synced, {
      onNone: () => null,
      onSome: (d) => ({
        last_synced_at: d.files.reduce((last, f) => f.synced_at > last ? f.synced_at : last, d.files[0]!.synced_at),
        sha256: d.sha256,
        files: d.files.map((f) => ({
          file: f.file,
          etag: f.etag,
          last_modified: f.last_modified,
          sha256: f.sha256,
          synced_at: f.synced_at
        }))
      })
    }),
    sync_reason: Option.isSome(synced)
      ? null
      : neverSynced(Option.isSome(records), Option.exists(records, (r) => r.size > 0), dataset)
  }
}

/** The catalog feature. */
export class Catalog extends Effect.Service<Catalog>()("@sports-data/app/Catalog", {
  effect: Effect.gen(function*() {
    const catalog = yield* CatalogReader
    const players = yield* PlayerReader
    const keys = yield* KeyStore
    const signals = yield* SignalReader
    const live = yield* LiveGameStore
    // the server's background ingestion, when one runs in this process (none in a library)
    const progress = yield* Effect.serviceOption(IngestProgress)
    // the data directory's sync records, when the runtime knows its data directory
    const syncRecords = yield* Effect.serviceOption(SourceSyncReader)

    /**
     * Per-sport counts, freshness and loading progress, every sport (event sports: see
     * `SportSummary`; loading: see `Resources.DataStatusRow`).
     */
    const dataStatus = Effect.fn("Catalog.dataStatus")(function*() {
      // independent reads, asked for at once
      const [summary, states, lastUpdates, tracked, health] = yield* Effect.all([
        catalog.summary,
        catalog.ingestStates,
        signals.lastUpdate,
        Option.isSome(progress) ? progress.value.all : Effect.succeed([]),
        live.health
      ], { concurrency: "unbounded" })
      const lastSignal = new Map(lastUpdates.map(({ at, sport }) => [sport as string, at]))
      const bySport = new Map(tracked.map((p) => [p.sport, p]))
      const feeds = new Map(health.map((h) => [h.sport as string, h]))
      const iso = (d: Date | null) => d?.toISOString() ?? null
      return summary.map((s): Resources.DataStatusRow => {
        const p = bySport.get(s.sport)
        const state = states.get(s.sport)
        return {
          sport: s.sport,
          players: s.players,
          teams: s.teams,
          games: s.games,
          stat_lines: s.stat_lines,
          last_ingested_at: state === undefined ? null : state.finished_at.toISOString(),
          source_updated_at: state === undefined ? null : new Date(state.source_mtime_ms).toISOString(),
          last_game_date: s.last_game_date,
          last_signal_update: lastSignal.get(s.sport)?.toISOString() ?? null,
          state: p?.state ?? (state === undefined ? "pending" : "ready"),
          serving: p?.serving ?? true,
          ingest: p === undefined ? null : {
            files_read: p.files_read,
            files_total: p.files_total,
            rows_read: p.rows_read,
            started_at: iso(p.started_at),
            finished_at: iso(p.finished_at),
            error: p.error
          },
          live: liveStatus(feeds.get(s.sport))
        }
      })
    })

    /**
     * Coverage of every sport: seasons and counts held, each endpoint's coverage
     * (`operations(sport)` gives the sport's operations as `[operation, path]`, read from the
     * contract by the caller) and each source dataset it reads (`sources(sport)`, its dataset
     * folders, from the sports' ingest registration, given by the caller) with the registry's
     * facts and the sync records (the store's, else the data directory's: ingest Sync.ts `syncRecords`).
     */
    const coverage = Effect.fn("Catalog.coverage")(function*(
      operations: (sport: SportKey) => ReadonlyArray<readonly [operation: string, path: string]>,
      sources: (sport: SportKey) => ReadonlyArray<string>
    ) {
      const summary = yield* catalog.summary
      const records = Option.isSome(syncRecords) ? Option.some(yield* syncRecords.value.records) : Option.none()
      const byFolder = new Map(SourceRegistry.datasets.map((d) => [d.folder, d]))
      return summary.map((s): Resources.CoverageRow => ({
        sport: s.sport,
        endpoints: operations(s.sport).map(([operation, path]) => {
          const c = Coverage.coverageOf(s.sport, operation)
          return { endpoint: path, available: c.available, reason: c.reason, seasons: c.seasons }
        }),
        sources: sources(s.sport).flatMap((folder) => {
          const dataset = byFolder.get(folder)
          return dataset === undefined ? [] : [sourceRow(dataset, records)]
        }),
        seasons: [...s.seasons].sort((a, b) => a - b),
        first_game_date: s.first_game_date,
        last_game_date: s.last_game_date,
        games: s.games,
        stat_lines: s.stat_lines,
        players: s.players,
        teams: s.teams
      }))
    })

    /** Distinct platform names in the players' platform id maps, all sports (one store read). */
    const platformCount = Effect.map(players.platformNames, (names) => names.length)

    /**
     * PublicStats:
     * - `active_users`: keys that are active, not revoked, and not past a trial end at `now`;
     * - `active_signals`: signals held, every sport;
     * - `players_tracked`: players held, all sports; `sports_covered`: sports with players;
     * - `platforms`: distinct platform names in the players' platform id maps.
     */
    const publicStats = Effect.fn("Catalog.publicStats")(function*(now: Date) {
      const records = yield* keys.list
      const summary = yield* catalog.summary
      const platforms = yield* platformCount
      return {
        active_users: records.filter((r) =>
          r.state === "active" && r.revoked_at === null &&
          (r.trial_ends_at === null || r.trial_ends_at.getTime() > now.getTime())
        ).length,
        active_signals: (yield* signals.find({ order: "recent", limit: 0, offset: 0 })).total,
        players_tracked: summary.reduce((n, s) => n + s.players, 0),
        sports_covered: summary.filter((s) => s.players > 0).length,
        platforms
      } satisfies Resources.PublicStats
    })

    /** The end of the sport's last ingestion (ISO), null when it was never ingested. */
    const lastIngestedAt = Effect.fn("Catalog.lastIngested")(function*(sport: SportKey) {
      return yield* lastIngested(catalog, sport)
    })

    return { dataStatus, coverage, publicStats, lastIngested: lastIngestedAt } as const
  })
}) {}

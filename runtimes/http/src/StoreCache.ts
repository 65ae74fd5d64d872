/**
 * A cache of SportsStore query results keyed by the store's data version: a decorating layer
 * that takes the SportsStore and provides a SportsStore whose reads are answered from memory
 * while the data has not changed.
 *
 * - Key: (method, canonical query, data version). A canonical query is its `canonicalJson`
 *   (store-memory Json.ts: keys sorted, undefined fields dropped, the form the memory store
 *   compares rows by), so `{ team, sport }` and `{ sport, team, search: undefined }` share an
 *   entry.
 * - The data version (`SportsStore.dataVersion`) is read at most once per `versionInterval`
 *   (default 1 s), shared by every request in that interval, so a request served from the cache
 *   makes no store round trip. Staleness bound: after an upsert commits, a read may return the
 *   previous data for at most `versionInterval` (plus the duration of a lookup in flight).
 *   Every instance sharing one PostgreSQL sees the new version within that bound.
 * - `summary` and `getIngestState` are keyed by the version too but also live for at most
 *   `versionInterval`: ingest state is not part of the data version (an unchanged re-ingest
 *   keeps the cached rows), so its freshness is bounded by time alone.
 * - Bounded: at most `capacity` entries (least recently used evicted first), each entry one
 *   store answer (one page of rows; handlers read at most 1,000 rows per call), and an entry
 *   older than `timeToLive` is read again. Failures are never cached.
 * - Only store answers are cached: they are the same for every caller. Admission, usage and the
 *   per-caller response metadata (tier, calls remaining) are computed per request by the
 *   handlers, which also must not mutate the rows they receive (they are shared).
 * - Writes (upserts, setIngestState) go straight to the store.
 * - A read is uninterruptible while it waits for its entry: a lookup runs to its end even when the
 *   request that started it goes away, so the other requests waiting for the same entry get its
 *   answer rather than an interruption (the wait is bounded by one store query).
 * @module
 */
import { SportsStore, type SportsStoreService, type StoreError } from "@sports-data/domain"
import { canonicalJson } from "@sports-data/store-memory/Json"
import { Cache, Duration, Effect, Equal, Exit, Hash, Layer } from "effect"

/** Options of the cache. */
export interface StoreCacheOptions {
  /** Most entries held (default 500); the least recently used goes first. */
  readonly capacity?: number | undefined
  /** How often the data version is read (default 1 s): the staleness bound. 0 reads it per call. */
  readonly versionInterval?: Duration.DurationInput | undefined
  /** Longest life of a data entry, whatever the version (default 10 minutes). */
  readonly timeToLive?: Duration.DurationInput | undefined
}

/** Defaults of {@link StoreCacheOptions}. */
export const defaultStoreCacheOptions = {
  capacity: 500,
  versionInterval: Duration.seconds(1),
  timeToLive: Duration.minutes(10)
} as const

/**
 * A cache key: equal and hashed by `id` alone; `run` is the store call that computes the
 * entry (the lookup of the cache).
 */
class Entry implements Equal.Equal {
  constructor(readonly id: string, readonly run: Effect.Effect<unknown, StoreError>) {}
  [Equal.symbol](that: Equal.Equal): boolean {
    return that instanceof Entry && that.id === this.id
  }
  [Hash.symbol](): number {
    return Hash.cached(this, Hash.string(this.id))
  }
}

/** The version key: one entry. */
const VERSION = "version"

/**
 * Decorates `store` with a cache of its query results (see the module documentation). Never
 * fails; a store error of a read is returned to that read and not kept.
 */
export const makeStoreCache = (
  store: SportsStoreService,
  options?: StoreCacheOptions
): Effect.Effect<SportsStoreService> =>
  Effect.gen(function*() {
    const capacity = options?.capacity ?? defaultStoreCacheOptions.capacity
    const interval = Duration.decode(options?.versionInterval ?? defaultStoreCacheOptions.versionInterval)
    const timeToLive = Duration.decode(options?.timeToLive ?? defaultStoreCacheOptions.timeToLive)
    // a failure lives 0 ms and is also invalidated at once by its reader (below)
    const keep = (ttl: Duration.Duration) => (exit: Exit.Exit<unknown, StoreError>) =>
      Exit.isSuccess(exit) ? ttl : Duration.zero

    const versions = yield* Cache.makeWith({
      capacity: 1,
      lookup: (_: typeof VERSION) => store.dataVersion,
      timeToLive: keep(interval)
    })
    const lookup = (entry: Entry) => entry.run
    const data = yield* Cache.makeWith({ capacity, lookup, timeToLive: keep(timeToLive) })
    const shortLived = yield* Cache.makeWith({ capacity: 64, lookup, timeToLive: keep(interval) })

    /** The data version, read at most once per interval; a failed read is not kept. */
    const currentVersion = Effect.uninterruptible(versions.get(VERSION)).pipe(
      Effect.tapError(() => versions.invalidate(VERSION))
    )

    /** `run`, answered from `cache` under (method, query, current version). */
    const cached = <A>(
      cache: Cache.Cache<Entry, unknown, StoreError>,
      method: string,
      query: unknown,
      run: Effect.Effect<A, StoreError>
    ): Effect.Effect<A, StoreError> =>
      Effect.flatMap(currentVersion, (version) => {
        const entry = new Entry(`${method}\u0000${version}\u0000${canonicalJson(query)}`, run)
        return Effect.uninterruptible(cache.get(entry)).pipe(
          Effect.tapError(() => cache.invalidate(entry))
        ) as Effect.Effect<A, StoreError>
      })

    return {
      upsertPlayers: store.upsertPlayers,
      upsertTeams: store.upsertTeams,
      upsertGames: store.upsertGames,
      upsertStatLines: store.upsertStatLines,
      upsertInjuries: store.upsertInjuries,
      upsertDepthCharts: store.upsertDepthCharts,
      upsertRankings: store.upsertRankings,
      setIngestState: store.setIngestState,
      dataVersion: store.dataVersion,
      findPlayers: (q) => cached(data, "findPlayers", q, store.findPlayers(q)),
      getPlayer: (id) => cached(data, "getPlayer", id, store.getPlayer(id)),
      findTeams: (sport) => cached(data, "findTeams", sport, store.findTeams(sport)),
      findGames: (q) => cached(data, "findGames", q, store.findGames(q)),
      findStatLines: (q) => cached(data, "findStatLines", q, store.findStatLines(q)),
      findInjuries: (q) => cached(data, "findInjuries", q, store.findInjuries(q)),
      findDepthCharts: (q) => cached(data, "findDepthCharts", q, store.findDepthCharts(q)),
      findRankings: (q) => cached(data, "findRankings", q, store.findRankings(q)),
      summary: cached(shortLived, "summary", null, store.summary),
      getIngestState: (sport) => cached(shortLived, "getIngestState", sport, store.getIngestState(sport))
    } satisfies SportsStoreService
  })

/**
 * The SportsStore of the context, decorated with {@link makeStoreCache} (or passed through
 * unchanged when `options` is false): provide it to the handlers
 * (`Layer.provide(handlers, storeCacheLayer())`).
 */
export const storeCacheLayer = (
  options?: StoreCacheOptions | false | undefined
): Layer.Layer<SportsStore, never, SportsStore> =>
  Layer.effect(
    SportsStore,
    options === false ? SportsStore : Effect.flatMap(SportsStore, (store) => makeStoreCache(store, options))
  )

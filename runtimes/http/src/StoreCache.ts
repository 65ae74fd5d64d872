/**
 * A cache of the read ports' answers keyed by the store's data version: a decorating layer that
 * takes every reader tag (domain ports/Readers.ts) and provides the same tags, whose reads are
 * answered from memory while the data has not changed.
 *
 * - Generic: {@link ReadCache.wrap} decorates ANY reader service by iterating its own members:
 *   a member that is an Effect (`CatalogReader.summary`) is cached as a zero-argument read; a
 *   member that is a function is wrapped so that the Effect it returns (if it returns one) is
 *   cached under its arguments. A new reader method is cached without an edit here; a new
 *   reader port needs one line in {@link readerTags} (the compiler asks for it).
 * - Key: (port, method, canonical arguments, data version). Canonical arguments are their
 *   `canonicalJson` (domain Json.ts: keys sorted, undefined fields dropped), so `{ team, sport }`
 *   and `{ sport, team, search: undefined }` share an entry.
 * - The data version (`CatalogReader.dataVersion`) is read at most once per `versionInterval`
 *   (default 1 s), shared by every port and every request in that interval, so a request served
 *   from the cache makes no store round trip. Staleness bound: after a write commits, a read may
 *   return the previous data for at most `versionInterval` (plus the duration of a lookup in
 *   flight). Every instance sharing one PostgreSQL sees the new version within that bound.
 * - The CatalogReader's reads (`summary`, `ingestState`) are keyed by the version too but also
 *   live for at most `versionInterval`: ingest records are not part of the data version (an
 *   unchanged re-ingest keeps the cached rows), so their freshness is bounded by time alone.
 *   `dataVersion` itself is passed through.
 * - Bounded by bytes: the entries' estimated size (twice the length of their JSON text, see
 *   {@link estimatedBytes}) stays within `maxBytes` (SPORTS_DATA_READ_CACHE_BYTES, default
 *   32 MiB; least recently used evicted first, an answer larger than an eighth of the budget is
 *   not kept), and an entry older than `timeToLive` is read again. Failures are never cached.
 * - Besides the sports readers, the derived readers the feed and analytics read per request
 *   (player metrics, anomaly scores, the model registry: {@link derivedReaderTags}) are cached
 *   the same way: their tables move the data version (migrations 26 and 28).
 * - Only store answers are cached: they are the same for every caller. Admission, usage and the
 *   per-caller response metadata are computed per request by the handlers, which also must not
 *   mutate the rows they receive (they are shared).
 * - Writes (SportsWriter) are not decorated: they go straight to the store.
 * - A read is uninterruptible while it waits for its entry: a lookup runs to its end even when the
 *   request that started it goes away, so the other requests waiting for the same entry get its
 *   answer rather than an interruption (the wait is bounded by one store query).
 * @module
 */
import {
  AnomalyReader,
  AthleteReader,
  canonicalJson,
  CatalogReader,
  EventReader,
  GameReader,
  ModelRegistryReader,
  PlayerMetricsReader,
  PlayerReader,
  RankingReader,
  ReportReader,
  ServiceEventReader,
  SignalReader,
  type SportsReaders,
  StatLineReader,
  type StoreError,
  TeamReader
} from "@sports-data/domain"
import { Clock, Config, Context, Deferred, Duration, Effect, Exit, FiberId, Layer, Option, Runtime } from "effect"
import { HttpMetrics } from "./Metrics.js"

/** The setting of the read cache's byte budget. */
export const readCacheBytesConfig = Config.integer("SPORTS_DATA_READ_CACHE_BYTES").pipe(
  Config.withDescription(
    "Byte budget of the cache of store answers keyed by data version (estimated as twice their JSON length; least recently used evicted first); 0 turns it off."
  ),
  Config.withDefault(32 * 1024 * 1024)
)

/** Options of the cache. */
export interface StoreCacheOptions {
  /**
   * Byte budget of the entries (estimated, {@link estimatedBytes}); the least recently used go
   * first. Default: the SPORTS_DATA_READ_CACHE_BYTES setting when built by
   * {@link storeCacheLayer}, else 32 MiB.
   */
  readonly maxBytes?: number | undefined
  /** How often the data version is read (default 1 s): the staleness bound. 0 reads it per call. */
  readonly versionInterval?: Duration.DurationInput | undefined
  /** Longest life of a data entry, whatever the version (default 10 minutes). */
  readonly timeToLive?: Duration.DurationInput | undefined
}

/** Defaults of {@link StoreCacheOptions}. */
export const defaultStoreCacheOptions = {
  maxBytes: 32 * 1024 * 1024,
  versionInterval: Duration.seconds(1),
  timeToLive: Duration.minutes(10)
} as const

/**
 * Every read port's tag. Typed so that leaving one out (or adding one that is not a reader) is a
 * compile error: the union of their identifiers must be exactly {@link SportsReaders}.
 */
export const readerTags = [
  PlayerReader,
  TeamReader,
  GameReader,
  StatLineReader,
  ReportReader,
  RankingReader,
  EventReader,
  AthleteReader,
  CatalogReader,
  SignalReader,
  ServiceEventReader
] as const

/** Identifiers of {@link readerTags}; `[never, never]` proves it equals SportsReaders. */
type Listed = Context.Tag.Identifier<(typeof readerTags)[number]>
const everyReaderListed: [Exclude<SportsReaders, Listed>, Exclude<Listed, SportsReaders>] extends [never, never] ? true
  : never = true
void everyReaderListed

/**
 * The derived read ports the read cache also decorates (their tables move the data version:
 * migrations 26 and 28): read per request by the feed's dossier and the analytics routes.
 */
export const derivedReaderTags = [PlayerMetricsReader, AnomalyReader, ModelRegistryReader] as const

/** The ports of {@link derivedReaderTags}. */
export type DerivedReaders = Context.Tag.Identifier<(typeof derivedReaderTags)[number]>

/**
 * The estimated bytes an answer holds in memory: twice the length of its JSON text (V8 objects
 * take about that per character of their JSON), 1 KiB when it has none.
 */
export const estimatedBytes = (value: unknown): number => {
  try {
    return 2 * (JSON.stringify(value)?.length ?? 0) + 64
  } catch {
    return 1024
  }
}

/** One kept answer. */
interface Kept {
  readonly value: unknown
  readonly bytes: number
  readonly at: number
}

/**
 * Store answers by id, least recently used first out, within `maxBytes` (estimated), each for at
 * most `life` ms. Concurrent lookups of a missing id share one run; a run is uninterruptible (its
 * waiters get its answer) and a failure is returned, never kept. `get` answers `[hit, value]`.
 */
const makeLru = (maxBytes: number, life: number) => {
  // Map iteration order is insertion order: re-inserting on a hit makes the first key the LRU
  const entries = new Map<string, Kept>()
  const inFlight = new Map<string, Deferred.Deferred<unknown, StoreError>>()
  let held = 0
  const drop = (id: string, kept: Kept) => {
    entries.delete(id)
    held -= kept.bytes
  }
  const keep = (id: string, value: unknown, at: number) => {
    const bytes = estimatedBytes(value) + 2 * id.length
    if (bytes > maxBytes / 8) return
    const previous = entries.get(id)
    if (previous !== undefined) drop(id, previous)
    for (const [k, v] of entries) {
      if (held + bytes <= maxBytes) break
      drop(k, v)
    }
    entries.set(id, { value, bytes, at })
    held += bytes
  }
  const get = (id: string, run: Effect.Effect<unknown, StoreError>) =>
    Effect.flatMap(Clock.currentTimeMillis, (now): Effect.Effect<readonly [boolean, unknown], StoreError> => {
      const kept = entries.get(id)
      if (kept !== undefined && now - kept.at < life) {
        entries.delete(id)
        entries.set(id, kept)
        return Effect.succeed([true, kept.value] as const)
      }
      if (kept !== undefined) drop(id, kept)
      const pending = inFlight.get(id)
      if (pending !== undefined) return Effect.map(Deferred.await(pending), (v) => [true, v] as const)
      const done = Deferred.unsafeMake<unknown, StoreError>(FiberId.none)
      inFlight.set(id, done)
      return Effect.exit(run).pipe(
        Effect.tap((exit) =>
          Effect.sync(() => {
            inFlight.delete(id)
            if (Exit.isSuccess(exit) && maxBytes > 0) keep(id, exit.value, now)
          })
        ),
        Effect.tap((exit) => Deferred.done(done, exit)),
        Effect.flatten,
        Effect.map((v) => [false, v] as const),
        Effect.uninterruptible
      )
    })
  /** What the cache holds now: estimated bytes and entries. */
  const size = () => ({ bytes: held, entries: entries.size })
  return { get, size }
}

/**
 * How the members of one port are cached.
 * - `lifetime`: "data" entries live up to `timeToLive` (the version bounds their freshness);
 *   "interval" entries at most `versionInterval` (for reads outside the data version).
 * - `passThrough`: members left as they are.
 */
export interface ReaderPolicy {
  readonly lifetime: "data" | "interval"
  readonly passThrough: ReadonlyArray<string>
}

/** The policy of every port: data reads, except the catalog's (see the module documentation). */
export const policyOf = (port: string): ReaderPolicy =>
  port === CatalogReader.key
    ? { lifetime: "interval", passThrough: ["dataVersion"] }
    : { lifetime: "data", passThrough: [] }

/** The data version as the caches read it (see {@link makeVersionReader}). */
export interface VersionReader {
  /** The version, read from the store at most once per interval. */
  readonly read: Effect.Effect<string, StoreError>
  /**
   * The version last read, if it was read less than an interval before `now` (Clock ms) or its
   * next read is in flight. Past half the interval it also starts the next read in the background
   * (one at a time), so that under steady traffic the version is read again before it expires and
   * no caller waits for it.
   */
  readonly fresh: (now: number) => string | undefined
}

/**
 * `dataVersion` read at most once per `interval` (0: on every call) and shared by every caller in that interval (the
 * staleness bound of the caches keyed by the version, lengthened by a read that waits for the
 * store: meanwhile the last version stands); a failed read is returned to its callers and not kept. Shared by the read cache and the response-body cache (BodyCache.ts).
 */
export const makeVersionReader = (
  dataVersion: Effect.Effect<string, StoreError>,
  interval: Duration.DurationInput
): Effect.Effect<VersionReader> =>
  Effect.map(Effect.runtime<never>(), (runtime) => {
    const millis = Duration.toMillis(Duration.decode(interval))
    if (millis <= 0) return { read: dataVersion, fresh: () => undefined }
    // the last version read, and when its read started (Clock ms); the read in flight, if any
    let last: { readonly version: string; readonly at: number } | undefined
    let inFlight: Deferred.Deferred<string, StoreError> | undefined
    // the last version stands while the next read of it is in flight (a store busy with a long
    // statement delays the version, never the callers)
    const known = (now: number) =>
      last !== undefined && (now - last.at < millis || inFlight !== undefined) ? last.version : undefined
    /** Reads the version now, or joins the read in flight. */
    const reread = (now: number): Effect.Effect<string, StoreError> => {
      if (inFlight !== undefined) return Deferred.await(inFlight)
      const done = Deferred.unsafeMake<string, StoreError>(FiberId.none)
      inFlight = done
      return Effect.exit(dataVersion).pipe(
        Effect.tap((exit) =>
          Effect.sync(() => {
            inFlight = undefined
            if (Exit.isSuccess(exit)) last = { version: exit.value, at: now }
          })
        ),
        Effect.tap((exit) => Deferred.done(done, exit)),
        Effect.flatten,
        Effect.uninterruptible
      )
    }
    const ahead = Runtime.runFork(runtime)
    const fresh = (now: number) => {
      const version = known(now)
      if (version !== undefined && inFlight === undefined && now - last!.at >= millis / 2) {
        ahead(Effect.ignore(reread(now)))
      }
      return version
    }
    const read = Effect.flatMap(Clock.currentTimeMillis, (now): Effect.Effect<string, StoreError> => {
      const version = fresh(now)
      return version !== undefined ? Effect.succeed(version) : reread(now)
    })
    return { read, fresh }
  })

/** The cache shared by every decorated reader. */
export interface ReadCache {
  /**
   * `service` with every Effect member and every Effect-returning function member (own
   * enumerable members) answered from the cache under (`port`, member name, arguments, data
   * version), following `policy`. Other members are copied as they are. The Effects must fail
   * with StoreError only (as every port's do).
   */
  readonly wrap: <S extends object>(port: string, service: S, policy: ReaderPolicy) => S
}

/**
 * Makes the cache over `dataVersion` (the undecorated `CatalogReader.dataVersion`). Never fails;
 * a store error of a read is returned to that read and not kept.
 */
export const makeReadCache = (
  dataVersion: Effect.Effect<string, StoreError>,
  options?: StoreCacheOptions
): Effect.Effect<ReadCache> =>
  Effect.gen(function*() {
    const maxBytes = options?.maxBytes ?? defaultStoreCacheOptions.maxBytes
    const interval = Duration.decode(options?.versionInterval ?? defaultStoreCacheOptions.versionInterval)
    const timeToLive = Duration.decode(options?.timeToLive ?? defaultStoreCacheOptions.timeToLive)

    const currentVersion = (yield* makeVersionReader(dataVersion, interval)).read
    const metrics = Option.getOrUndefined(yield* Effect.serviceOption(HttpMetrics))
    /** `run` timed for the metrics (the store read of a miss), when there are metrics. */
    const timed = (name: string, run: Effect.Effect<unknown, StoreError>): Effect.Effect<unknown, StoreError> => {
      if (metrics === undefined) return run
      const [port = "", method = ""] = name.split("\u0000")
      return Effect.suspend(() => {
        const started = performance.now()
        return Effect.ensuring(
          run,
          Effect.sync(() => metrics.storeQuery(port, method, (performance.now() - started) / 1000))
        )
      })
    }
    const data = makeLru(maxBytes, Duration.toMillis(timeToLive))
    const shortLived = makeLru(Math.min(maxBytes, 1024 * 1024), Duration.toMillis(interval))
    metrics?.cacheSize("read", data.size)
    metrics?.cacheSize("read_short", shortLived.size)

    /** `run`, answered from `cache` under (name, arguments, current version). */
    const cached = (
      cache: ReturnType<typeof makeLru>,
      name: string,
      args: unknown,
      run: Effect.Effect<unknown, StoreError>
    ): Effect.Effect<unknown, StoreError> =>
      Effect.flatMap(currentVersion, (version) =>
        cache.get(`${name}\u0000${version}\u0000${canonicalJson(args)}`, timed(name, run)).pipe(
          Effect.map(([hit, value]) => {
            metrics?.cache("read", hit)
            return value
          })
        ))

    const wrap = <S extends object>(port: string, service: S, policy: ReaderPolicy): S => {
      const cache = policy.lifetime === "data" ? data : shortLived
      const members = service as Record<string, unknown>
      const wrapped: Record<string, unknown> = {}
      for (const method of Object.keys(members)) {
        const member = members[method]
        const name = `${port}\u0000${method}`
        if (policy.passThrough.includes(method)) {
          wrapped[method] = member
        } else if (Effect.isEffect(member)) {
          wrapped[method] = cached(cache, name, null, member as Effect.Effect<unknown, StoreError>)
        } else if (typeof member === "function") {
          wrapped[method] = (...args: Array<unknown>) => {
            const result: unknown = member.apply(service, args)
            return Effect.isEffect(result)
              ? cached(cache, name, args, result as Effect.Effect<unknown, StoreError>)
              : result
          }
        } else {
          wrapped[method] = member
        }
      }
      return wrapped as S
    }

    return { wrap }
  })

/**
 * Every reader of `readers` (the sports readers, and those of {@link derivedReaderTags} the
 * context holds) decorated with one shared {@link makeReadCache} (keyed by each tag's key,
 * cached by {@link policyOf}), as a Context. Never fails.
 */
export const cacheReaders = <R = never>(
  readers: Context.Context<R | SportsReaders>,
  options?: StoreCacheOptions
): Effect.Effect<Context.Context<R | SportsReaders>> =>
  Effect.map(
    makeReadCache(Context.get(readers as Context.Context<SportsReaders>, CatalogReader).dataVersion, options),
    (cache) =>
      [...readerTags, ...derivedReaderTags].reduce(
        (context, tag) => {
          const anyTag = tag as unknown as Context.Tag<R | SportsReaders, object>
          const found = Context.getOption(context, anyTag)
          return Option.isNone(found)
            ? context
            : Context.add(context, anyTag, cache.wrap(tag.key, found.value, policyOf(tag.key)))
        },
        readers
      )
  )

/**
 * The reader tags of the context, decorated with {@link cacheReaders} (or passed through
 * unchanged when `options` is false): provide it to the handlers
 * (`Layer.provide(handlers, storeCacheLayer())`).
 */
export const storeCacheLayer = (
  options?: StoreCacheOptions | false | undefined
): Layer.Layer<SportsReaders | DerivedReaders, never, SportsReaders | DerivedReaders> =>
  Layer.effectContext(
    options === false
      ? Effect.context<SportsReaders | DerivedReaders>()
      : Effect.gen(function*() {
        const readers = yield* Effect.context<SportsReaders | DerivedReaders>()
        const maxBytes = options?.maxBytes ?? (yield* Effect.orDie(readCacheBytesConfig))
        return maxBytes <= 0 ? readers : yield* cacheReaders(readers, { ...options, maxBytes })
      })
  )

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
 * - Bounded: at most `capacity` entries (least recently used evicted first), each entry one
 *   store answer (one page of rows; handlers read at most 1,000 rows per call), and an entry
 *   older than `timeToLive` is read again. Failures are never cached.
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
  AthleteReader,
  canonicalJson,
  CatalogReader,
  EventReader,
  GameReader,
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
import {
  Cache,
  Clock,
  Context,
  Deferred,
  Duration,
  Effect,
  Either,
  Equal,
  Exit,
  FiberId,
  Hash,
  Layer,
  Option,
  Runtime
} from "effect"
import { HttpMetrics } from "./Metrics.js"

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
    const capacity = options?.capacity ?? defaultStoreCacheOptions.capacity
    const interval = Duration.decode(options?.versionInterval ?? defaultStoreCacheOptions.versionInterval)
    const timeToLive = Duration.decode(options?.timeToLive ?? defaultStoreCacheOptions.timeToLive)
    // a failure lives 0 ms and is also invalidated at once by its reader (below)
    const keep = (ttl: Duration.Duration) => (exit: Exit.Exit<unknown, StoreError>) =>
      Exit.isSuccess(exit) ? ttl : Duration.zero

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
    const lookup = (entry: Entry) => entry.run
    const data = yield* Cache.makeWith({ capacity, lookup, timeToLive: keep(timeToLive) })
    const shortLived = yield* Cache.makeWith({ capacity: 64, lookup, timeToLive: keep(interval) })

    /** `run`, answered from `cache` under (name, arguments, current version). */
    const cached = (
      cache: Cache.Cache<Entry, unknown, StoreError>,
      name: string,
      args: unknown,
      run: Effect.Effect<unknown, StoreError>
    ): Effect.Effect<unknown, StoreError> =>
      Effect.flatMap(currentVersion, (version) => {
        const entry = new Entry(`${name}\u0000${version}\u0000${canonicalJson(args)}`, timed(name, run))
        return Effect.uninterruptible(cache.getEither(entry)).pipe(
          Effect.map((found) => {
            // Left: the entry was there (a hit); Right: this lookup read the store
            metrics?.cache("read", Either.isLeft(found))
            return Either.merge(found)
          }),
          Effect.tapError(() => cache.invalidate(entry))
        )
      })

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
 * Every reader of `readers` decorated with one shared {@link makeReadCache} (keyed by each tag's
 * key, cached by {@link policyOf}), as a Context. Never fails.
 */
export const cacheReaders = (
  readers: Context.Context<SportsReaders>,
  options?: StoreCacheOptions
): Effect.Effect<Context.Context<SportsReaders>> =>
  Effect.map(makeReadCache(Context.get(readers, CatalogReader).dataVersion, options), (cache) =>
    readerTags.reduce(
      (context, tag) =>
        Context.add(
          context,
          tag as Context.Tag<SportsReaders, object>,
          cache.wrap(tag.key, Context.get(readers, tag as Context.Tag<SportsReaders, object>), policyOf(tag.key))
        ),
      readers
    ))

/**
 * The reader tags of the context, decorated with {@link cacheReaders} (or passed through
 * unchanged when `options` is false): provide it to the handlers
 * (`Layer.provide(handlers, storeCacheLayer())`).
 */
export const storeCacheLayer = (
  options?: StoreCacheOptions | false | undefined
): Layer.Layer<SportsReaders, never, SportsReaders> =>
  Layer.effectContext(
    options === false
      ? Effect.context<SportsReaders>()
      : Effect.flatMap(Effect.context<SportsReaders>(), (readers) => cacheReaders(readers, options))
  )

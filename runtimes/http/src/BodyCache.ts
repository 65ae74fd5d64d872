/**
 * A cache of encoded response bodies: the JSON bytes of a 200 answer of a cacheable route, kept
 * under (request path, canonical query, data version, UTC date) and served to the next callers of
 * the same request without running the handler or encoding again. Only the per-caller parts are
 * made per request:
 *
 * - `meta.tier`, `meta.calls_remaining_this_month` and `meta.calls_remaining_today` of the envelope
 *   (Resources.ts `Envelope`: a top-level field, usually the last, and these three are consecutive in it). A
 *   body is kept as the bytes before and after those three fields (found with a sentinel tier;
 *   kept only when splicing the first caller's values back gives the very bytes that were sent),
 *   and each hit writes the admitted caller's values between them;
 * - the rate-limit headers and the usage record, which admission adds: a hit is admitted exactly
 *   like a handled request (Admission.ts `makeAdmit`, same counting), and a refused admission
 *   falls through to the normal path, which answers the refusal (nothing was counted).
 *
 * What is cached (see {@link isCacheableRoute}): the GET data reads (every sport, the cross-sport
 * player routes, analytics, intelligence, odds, DFS slates, models, waiver articles, the service metadata), whose answer
 * depends only on the path, the query, the stored data and the UTC date (`date=today`); not
 * `games` (it reads the call time and sets its own Cache-Control), not account, key, usage,
 * audit, webhook, feed, stream, bulk export, model or any other route. Errors and anything but a JSON 200 are never kept; a path that matches more than one
 * route template is never cached.
 *
 * Freshness: the data version (`CatalogReader.dataVersion`) is read at most once per
 * `versionInterval` (StoreCache.ts `makeVersionReader`). An entry is fresh while it was made under
 * the current version less than its life ago: `timeToLive` (SPORTS_DATA_BODY_CACHE_TTL, 5
 * minutes), which bounds what the version does not cover (the ingest records behind
 * `last_updated`), or `versionInterval` for the service metadata (ingestion progress). Past half
 * of that life, or once the version moved, one request refills the entry while the others are
 * still answered from it (stale while revalidating, see `lookup`), for at most `maxStale` after it
 * was made: so a refill that waits for the store (an ingestion's long statement) never holds up
 * the requests of a hot path, and an answer is at most the refill's duration behind the store.
 *
 * Bounded by `maxBytes` (the SPORTS_DATA_BODY_CACHE_BYTES setting): the sum of the kept bytes
 * and keys; the least recently used entries are evicted first; a body larger than the budget is
 * not kept. 0 turns the cache off.
 * @module
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import type { Security } from "@sports-data/api"
import { CatalogReader, Sports } from "@sports-data/domain"
import { Clock, Config, Context, Deferred, Duration, Effect, Either, Exit, FiberId, Layer, Option } from "effect"
import { type AdmittedCall, makeAdmitCall } from "./Admission.js"
import { templatePattern } from "./Errors.js"
import { HttpMetrics } from "./Metrics.js"
import { makeVersionReader } from "./StoreCache.js"
import { UsageRecorder } from "./Usage.js"

/** The setting of the entries' longest life. */
export const bodyCacheTtlConfig = Config.duration("SPORTS_DATA_BODY_CACHE_TTL").pipe(
  Config.withDescription(
    "Longest life of a cached response body whatever the data version (after a new version, an entry is refilled on its next use; the old answer is served meanwhile to others, for at most the refill)."
  ),
  Config.withDefault(Duration.minutes(5))
)

/** The setting of the byte budget. */
export const bodyCacheBytesConfig = Config.integer("SPORTS_DATA_BODY_CACHE_BYTES").pipe(
  Config.withDescription(
    "Byte budget of the cache of encoded response bodies (least recently used evicted first); 0 turns it off."
  ),
  Config.withDefault(64 * 1024 * 1024)
)

/** Options of the body cache. */
export interface BodyCacheOptions {
  /** Byte budget (bodies and keys); 0 turns the cache off. Default: the setting. */
  readonly maxBytes?: number | undefined
  /** How often the data version is read (default 1 s). */
  readonly versionInterval?: Duration.DurationInput | undefined
  /**
   * Longest life of an entry whatever the version (default: SPORTS_DATA_BODY_CACHE_TTL, 5
   * minutes); entries of the service metadata live at most `versionInterval`.
   */
  readonly timeToLive?: Duration.DurationInput | undefined
  /**
   * Longest an entry that is no longer fresh (another data version, or older than `timeToLive`)
   * is still served while one request refills it (default 10 s).
   */
  readonly maxStale?: Duration.DurationInput | undefined
}

/**
 * The groups whose GET routes answer from (path, query, data, date) alone: the sports, the
 * cross-sport player routes, analytics, intelligence, odds, DFS slates, the model registry (its
 * tables move the data version, migration 26), plays and the unavailable routes, and the service
 * metadata. Not account, usage,
 * audit, webhooks, feed (it reads the call time), stream, bulk export or MCP.
 */
const CACHEABLE_GROUPS: ReadonlySet<string> = new Set([
  // Every sport's group (its key) from the registry, so a sport added there is cached too.
  ...Object.keys(Sports.modules),
  ...Object.keys(Sports.eventModules),
  "players",
  "analytics",
  "intelligence",
  "odds",
  "dfs",
  "nflExtras",
  "models",
  "meta",
  // plays (read from the play-by-play files of the sport's dataset, re-read past the entries'
  // life) and the coverage answers of what no source has
  "unavailable"
])

/**
 * Groups whose answers also show what the data version does not cover (the ingestion progress
 * and ingest records of `/v1/data/status` and `/v1/meta/coverage`): their entries live at most
 * the version interval.
 */
const SHORT_LIVED_GROUPS: ReadonlySet<string> = new Set(["meta"])

/** The UTC day of the instant `ms`, as whole days since the epoch. */
const dayIndex = (ms: number): number => Math.floor(ms / 86_400_000)

/**
 * Routes of those groups that are not cached: the games lists read the call time and the live
 * state the poller writes (each game's `last_polled`, the feed's health), which move no data
 * version, so a kept body would show a live game stale (test/live/poller.test.ts fails with them
 * cached).
 */
const NOT_CACHED: ReadonlySet<string> = new Set(["games"])

/**
 * Routes of other groups that are cached: the waiver articles (stored metrics and waiver
 * priority; the dossier of the same group has the call time in it).
 */
const CACHED_ROUTES: ReadonlySet<string> = new Set(["feed/waiverArticles"])

/** Whether a route's 200 answers may be cached (see the module documentation). */
export const isCacheableRoute = (route: Security.EndpointAdmission): boolean =>
  route.method === "GET" && route.guarded &&
  ((CACHEABLE_GROUPS.has(route.group) && !NOT_CACHED.has(route.name)) ||
    CACHED_ROUTES.has(`${route.group}/${route.name}`))

/**
 * `f` remembering its answers for up to 10,000 arguments (it forgets them all when full): for
 * the pure steps of a request that repeat with its path or query.
 */
const remembered = <A>(f: (input: string) => A): (input: string) => A => {
  const known = new Map<string, A>()
  return (input) => {
    if (known.has(input)) return known.get(input) as A
    const answer = f(input)
    if (known.size >= 10_000) known.clear()
    known.set(input, answer)
    return answer
  }
}

/**
 * The GET route templates of `routes` as a matcher: the one route whose template matches a
 * concrete path (`:param` = one non-empty segment), or undefined when none or several match.
 * Remembers the answer for the paths it was asked last (every template is tried otherwise).
 */
export const makeRouteMatcher = (routes: ReadonlyArray<Security.EndpointAdmission>) => {
  const compiled = routes.filter((r) => r.method === "GET").map((route) => ({
    route,
    regex: new RegExp("^" + templatePattern(route.path) + "$")
  }))
  return remembered((path): Security.EndpointAdmission | undefined => {
    let found: Security.EndpointAdmission | undefined
    for (const c of compiled) {
      if (!c.regex.test(path)) continue
      if (found !== undefined) return undefined
      found = c.route
    }
    return found
  })
}

/**
 * The query of a URL with its parameters sorted by name, then value (equal requests, one key).
 * Not remembered here: the body cache remembers its answer with the whole URL's.
 */
export const canonicalQuery = (url: string): string => {
  const q = url.indexOf("?")
  if (q === -1) return ""
  const params = [...new URLSearchParams(url.slice(q + 1))]
  params.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
  return new URLSearchParams(params).toString()
}

/** A kept body: the bytes around the per-caller meta fields. */
interface Kept {
  readonly head: Buffer
  readonly tail: Buffer
  readonly headers: Record<string, string>
  readonly contentType: string
  readonly bytes: number
  /** The data version and the UTC day (whole days since the epoch) the answer was made under. */
  readonly version: string
  readonly day: number
  readonly storedAt: number
  /** Longest life of the entry, ms. */
  readonly life: number
  /** Set when a request was sent to the app to refill this entry ahead of its expiry. */
  refreshing: boolean
}

const SENTINEL = "\u0000tier\u0000"

/** The per-caller fields of the meta, as they appear in the encoded body. */
const callerFields = (tier: string, month: number | null, today: number | null): string =>
  `"tier":${JSON.stringify(tier)},"calls_remaining_this_month":${String(month)},"calls_remaining_today":${
    String(today)
  }`

/**
 * Splits an encoded envelope into the bytes before and after its meta's per-caller fields, or
 * undefined when the body is not such an envelope (or re-encoding would not give `text` back).
 */
export const splitEnvelope = (text: string): { readonly head: string; readonly tail: string } | undefined => {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined
  const envelope = body as Record<string, unknown>
  const keys = Object.keys(envelope)
  const meta = envelope["meta"]
  // `meta` anywhere at the top (the odds envelopes have `method` after it): the sentinel tier is
  // found wherever it is, and the check below proves the split gives the sent bytes back
  if (!keys.includes("meta") || typeof meta !== "object" || meta === null) return undefined
  const m = meta as Record<string, unknown>
  const { calls_remaining_this_month: month, calls_remaining_today: today, tier } = m
  const count = (v: unknown): v is number | null => v === null || Number.isInteger(v)
  if (typeof tier !== "string" || !count(month) || !count(today)) return undefined
  const marked = JSON.stringify({ ...envelope, meta: { ...m, tier: SENTINEL } })
  const marker = callerFields(SENTINEL, month, today)
  const at = marked.lastIndexOf(marker)
  if (at === -1) return undefined
  const head = marked.slice(0, at)
  const tail = marked.slice(at + marker.length)
  return head + callerFields(tier, month, today) + tail === text ? { head, tail } : undefined
}

/** A hit of the body cache: the bytes and headers of the answer to an admitted call. */
export interface Hit {
  readonly _tag: "Hit"
  /** The route template answered (for the metrics). */
  readonly route: string
  /**
   * The body in three parts, to be sent in this order: the kept bytes before the caller's meta
   * fields, those fields, the kept bytes after them (the kept parts are shared, never copied).
   */
  readonly body: readonly [Buffer, Buffer, Buffer]
  /** The body's length in bytes. */
  readonly length: number
  readonly contentType: string
  /**
   * The kept answer's headers and the caller's rate-limit headers, with this body's
   * content-type and content-length.
   */
  readonly headers: Record<string, string>
}

/**
 * What the body cache makes of a request: a {@link Hit} (admitted and counted); a `Miss`, whose
 * answer `keep` may store; or `Pass` (not a cacheable request, the data version unreadable, or a
 * hit whose admission was refused, nothing counted): the request is served as if there were no
 * cache.
 */
export type Lookup =
  | Hit
  | {
    readonly _tag: "Miss"
    readonly keep: (response: HttpServerResponse.HttpServerResponse) => void
    /** To call when the request is answered, kept or not (it ends the fill the others wait for). */
    readonly done: () => void
  }
  | { readonly _tag: "Pass" }

const PASS: Lookup = { _tag: "Pass" }

/** The body cache of a running API (see the module documentation). */
export interface BodyCacheService {
  /**
   * The cache's answer to a request (`method`, `url` = path and query, the presented key or "")
   * at the Clock's time. A hit is admitted exactly as a handled request, counted, and recorded
   * for usage analytics (its latency: the time to admit it and splice its body).
   *
   * Misses of one entry are answered once: while a request that `fills` is answering a miss
   * (until its `done`), the other requests for that entry wait for it and look again once, so
   * an expired entry is not answered by every request in flight at that moment. An entry past
   * half its life is refilled ahead of its expiry: the first request that `fills` then gets a
   * `Miss` while the others are still answered from the entry, so under steady traffic no
   * request waits for a refill.
   */
  readonly lookup: (method: string, url: string, presentedKey: string, fills: boolean) => Effect.Effect<Lookup>
  /**
   * A GET request's hit without an Effect, when the data version was read within its interval,
   * the entry is fresh and admission can run inline (Admission.ts `makeAdmitCall`'s `inline`):
   * `done` gets the hit, admitted, counted and recorded as `lookup` would (at once, or when the
   * usage store answers), or undefined with nothing counted (then use `lookup`). `"refresh"`
   * (nothing counted): the entry is past half its life and this request is the one chosen to
   * refill it; hand it to the app (whose `lookup` makes it the fill) while the other requests
   * are still answered from the entry.
   */
  readonly lookupInline: (url: string, presentedKey: string, done: (hit: Hit | "refresh" | undefined) => void) => void
}

/** The body cache of the running API, when it has one (BodyCacheLive). */
export class BodyCache extends Context.Tag("@sports-data/http/BodyCache")<BodyCache, BodyCacheService>() {}

/**
 * Makes the body cache over `routes` (`Security.endpointTiers(Api)`), or none when the byte
 * budget is 0. Requires the stores of admission and the CatalogReader.
 */
export const makeBodyCache = (routes: ReadonlyArray<Security.EndpointAdmission>, options?: BodyCacheOptions) =>
  Effect.gen(function*() {
    const maxBytes = options?.maxBytes ?? (yield* bodyCacheBytesConfig)
    if (maxBytes <= 0) return Option.none<BodyCacheService>()
    const admit = yield* makeAdmitCall(routes)
    const clock = yield* Effect.clock
    const recorder = yield* UsageRecorder
    const versionInterval = Duration.decode(options?.versionInterval ?? Duration.seconds(1))
    const versions = yield* makeVersionReader((yield* CatalogReader).dataVersion, versionInterval)
    const timeToLive = Duration.toMillis(Duration.decode(options?.timeToLive ?? (yield* bodyCacheTtlConfig)))
    const shortLife = Math.min(timeToLive, Duration.toMillis(versionInterval))
    const maxStale = Duration.toMillis(Duration.decode(options?.maxStale ?? Duration.seconds(10)))
    const metrics = Option.getOrUndefined(yield* Effect.serviceOption(HttpMetrics))
    const match = makeRouteMatcher(routes)
    const cacheable = new Set(routes.filter(isCacheableRoute))

    // Map iteration order is insertion order: re-inserting on a hit makes the first key the LRU.
    const entries = new Map<string, Kept>()
    let held = 0
    let heldVersion = ""
    /** The entry last made the most recently used (the last in the map's order while it is kept). */
    let lastUsed: Kept | undefined

    const drop = (key: string, kept: Kept) => {
      entries.delete(key)
      held -= kept.bytes
    }
    metrics?.cacheSize("body", () => ({ bytes: held, entries: entries.size }))

    const keep = (
      key: string,
      version: string,
      response: HttpServerResponse.HttpServerResponse,
      now: number,
      life: number
    ) => {
      const body = response.body
      if (response.status !== 200 || body._tag !== "Uint8Array" || !body.contentType.includes("json")) return
      const split = splitEnvelope(Buffer.from(body.body.buffer, body.body.byteOffset, body.body.byteLength).toString())
      if (split === undefined) return
      const head = Buffer.from(split.head)
      const tail = Buffer.from(split.tail)
      const bytes = head.byteLength + tail.byteLength + key.length * 2
      if (bytes > maxBytes) return
      const previous = entries.get(key)
      if (previous !== undefined) drop(key, previous)
      for (const [k, v] of entries) {
        if (held + bytes <= maxBytes) break
        drop(k, v)
      }
      const kept: Kept = {
        head,
        tail,
        headers: { ...response.headers },
        contentType: body.contentType,
        bytes,
        version,
        day: dayIndex(now),
        storedAt: now,
        life,
        refreshing: false
      }
      entries.set(key, kept)
      lastUsed = kept
      held += bytes
    }

    /**
     * The cacheable route of a GET request (`url` = path and query), its path and its entry key
     * (the path and the sorted query), if any; remembered by URL, so a repeated request costs one
     * lookup.
     */
    const cacheableRequest = remembered((url) => {
      const q = url.indexOf("?")
      const path = q === -1 ? url : url.slice(0, q)
      const route = match(path)
      return route === undefined || !cacheable.has(route)
        ? undefined
        : {
          route,
          path,
          key: `${path}?${canonicalQuery(url)}`,
          life: SHORT_LIVED_GROUPS.has(route.group) ? shortLife : timeToLive
        }
    })

    /** Notes the current data version; the entries of an earlier one are refilled on their next use. */
    const holdVersion = (version: string) => {
      heldVersion = version
    }

    /**
     * The entry under `key` if it may answer at `started` (made on the UTC day of `started`, at
     * most `maxStale` before: fresh, or stale and being refilled), made the most recently used.
     */
    const usableEntry = (key: string, started: number) => {
      const kept = entries.get(key)
      if (
        kept === undefined || started - kept.storedAt > Math.max(kept.life, maxStale) ||
        kept.day !== dayIndex(started)
      ) return undefined
      if (kept !== lastUsed) {
        // moved to the end of the map's order (the most recently used); the entry that is
        // already there stays, so that one hot entry costs no map writes
        entries.delete(key)
        entries.set(key, kept)
        lastUsed = kept
      }
      return kept
    }

    /** The hit of an admitted call on a kept entry. */
    const hitOf = (kept: Kept, admitted: AdmittedCall, route: string): Hit => {
      const { caller } = admitted
      const fields = Buffer.from(
        callerFields(caller.key.tier, caller.calls_remaining_this_month, caller.calls_remaining_today)
      )
      const length = kept.head.byteLength + fields.byteLength + kept.tail.byteLength
      return {
        _tag: "Hit",
        route,
        body: [kept.head, fields, kept.tail],
        length,
        contentType: kept.contentType,
        // Object.assign, not a literal with two spreads: V8 (Node 20) builds the latter ~40x slower
        headers: Object.assign({}, kept.headers, admitted.headers, {
          "content-type": kept.contentType,
          "content-length": String(length)
        })
      }
    }

    /**
     * Whether an entry is to be refilled: made under another data version, or past half its life
     * (refilled ahead of expiry by the next request).
     */
    const aging = (kept: Kept, started: number) =>
      kept.version !== heldVersion || started - kept.storedAt > kept.life / 2

    /**
     * Whether this request, from the node front, is the one to hand to the app to refill the
     * aging entry `kept` (once per entry: marks it).
     */
    const claimsRefresh = (kept: Kept, started: number) => {
      if (kept.refreshing || !aging(kept, started)) return false
      kept.refreshing = true
      return true
    }

    /** The fills in flight, by entry key. */
    const filling = new Map<string, Deferred.Deferred<void>>()
    const noFill = () => {}

    /** An entry's key and longest life (ms). */
    type Slot = { readonly key: string; readonly life: number }

    /** A miss whose answer is kept under `slot` (made under `version` at `started`); `done` once answered. */
    const missOf = (slot: Slot, version: string, started: number, done: () => void): Lookup => ({
      _tag: "Miss",
      keep: (response) => keep(slot.key, version, response, started, slot.life),
      done
    })

    /** A miss whose answer fills the entry of `slot`; the requests that find no entry wait for it. */
    const startFill = (slot: Slot, version: string, started: number): Lookup => {
      const { key } = slot
      const fill = Deferred.unsafeMake<void>(FiberId.none)
      filling.set(key, fill)
      return missOf(slot, version, started, () => {
        if (filling.get(key) === fill) filling.delete(key)
        Deferred.unsafeDone(fill, Exit.void)
      })
    }

    const lookup = (
      method: string,
      url: string,
      presentedKey: string,
      fills: boolean,
      waited = false
    ): Effect.Effect<Lookup> => {
      const request = method === "GET" ? cacheableRequest(url) : undefined
      if (request === undefined) return Effect.succeed(PASS)
      return Effect.flatMap(Effect.zip(Effect.either(versions.read), Clock.currentTimeMillis), ([current, started]) => {
        if (Either.isLeft(current)) return Effect.succeed(PASS)
        const version = current.right
        holdVersion(version)
        const { key } = request
        const kept = usableEntry(key, started)
        metrics?.cache("body", kept !== undefined)
        const pending = filling.get(key)
        if (kept !== undefined && pending === undefined) {
          // refilled ahead of expiry by this request (or, from the node front, by the app it is
          // handed to); the others are answered from the entry meanwhile
          if (fills && aging(kept, started)) return Effect.succeed(startFill(request, version, started))
          if (!fills && claimsRefresh(kept, started)) return Effect.succeed(PASS)
        }
        if (kept === undefined) {
          if (pending !== undefined && !waited) {
            return Effect.zipRight(Deferred.await(pending), lookup(method, url, presentedKey, fills, true))
          }
          if (!fills || pending !== undefined) return Effect.succeed(missOf(request, version, started, noFill))
          return Effect.succeed(startFill(request, version, started))
        }
        return Effect.matchEffect(admit.call("GET", request.route.path, presentedKey, started), {
          onFailure: () => Effect.succeed(PASS),
          onSuccess: (admitted): Effect.Effect<Lookup> =>
            admitted._tag === "Refused" ?
              Effect.succeed(PASS) :
              Effect.flatMap(Clock.currentTimeMillis, (finished) =>
                Effect.as(
                  recorder.record(admitted.keyHash, admitted.endpoint, finished - started, new Date(finished)),
                  hitOf(kept, admitted, request.route.path)
                ))
        })
      })
    }

    const lookupInline = (
      url: string,
      presentedKey: string,
      done: (hit: Hit | "refresh" | undefined) => void
    ): void => {
      const request = cacheableRequest(url)
      if (request === undefined) return done(undefined)
      const started = clock.unsafeCurrentTimeMillis()
      const version = versions.fresh(started)
      if (version === undefined) return done(undefined)
      holdVersion(version)
      const kept = usableEntry(request.key, started)
      if (kept === undefined) return done(undefined)
      if (claimsRefresh(kept, started)) return done("refresh")
      admit.inline("GET", request.route.path, presentedKey, started, (admitted) => {
        if (admitted === undefined) return done(undefined)
        const hit = hitOf(kept, admitted, request.route.path)
        metrics?.cache("body", true)
        const finished = clock.unsafeCurrentTimeMillis()
        recorder.recordNow(admitted.keyHash, admitted.endpoint, finished - started, new Date(finished))
        done(hit)
      })
    }

    return Option.some(BodyCache.of({ lookup, lookupInline }))
  })

/**
 * The body cache as a layer (the {@link BodyCache} service, absent when the budget is 0) and an
 * API-level middleware over `routes` (`Security.endpointTiers(Api)`) answering its hits; see the
 * module documentation. Requires the stores of admission and the CatalogReader.
 */
export const BodyCacheLive = (routes: ReadonlyArray<Security.EndpointAdmission>, options?: BodyCacheOptions) =>
  Layer.unwrapEffect(Effect.map(
    makeBodyCache(routes, options),
    Option.match({
      onNone: () => Layer.empty,
      onSome: (cache) =>
        Layer.merge(
          Layer.succeed(BodyCache, cache),
          HttpApiBuilder.middleware((app) =>
            Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
              Effect.flatMap(
                cache.lookup(request.method, request.url, request.headers["x-service-key"] ?? "", true),
                (found) => {
                  switch (found._tag) {
                    case "Pass":
                      return app
                    case "Miss":
                      return Effect.tap(app, (response) => Effect.sync(() => found.keep(response))).pipe(
                        Effect.ensuring(Effect.sync(found.done))
                      )
                    case "Hit":
                      return Effect.succeed(HttpServerResponse.uint8Array(Buffer.concat(found.body, found.length), {
                        status: 200,
                        contentType: found.contentType,
                        headers: found.headers
                      }))
                  }
                }
              ))
          )
        )
    })
  ))

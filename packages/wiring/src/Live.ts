/**
 * Live game polling: one poller per sport, across every instance sharing the store, that asks
 * the sport's live-score upstream (LiveFeed port) for the games it watches and writes what
 * changed (LiveGameStore port: state, score, period, clock, inning, lineup and last_polled, and
 * ONE outbox event per change, so the event stream and webhooks carry it).
 *
 * - Watched games (domain Live.ts `watchOf`): in progress, or with a known start within
 *   {@link LiveSettings.ahead} (these are polled every `liveInterval`), or dated today or
 *   yesterday without a known start time (polled every `idleInterval`). With none, the upstream
 *   is not called at all.
 * - Matching: by teams and date (Live.ts `matchGames`) against the stored games of the dates the
 *   upstream answered; an upstream game matching none is reported (log and `/v1/data/status`),
 *   never guessed. A game final in the store is never changed by the feed.
 * - One poller per sport: each tick claims the job lease `live.<sport>` (JobLeases port) and only
 *   its holder polls; a killed holder's lease expires and another instance takes over, resuming
 *   the stored backoff.
 * - Failures (timeout, connection, 5xx, 429 with Retry-After, malformed or truncated JSON) keep
 *   the last good state, back off (`liveInterval` doubled per failure up to `maxBackoff`, never
 *   before a Retry-After) and open a circuit after `failureThreshold` failures in a row for
 *   `circuitOpen`; the feed's health is stored (Live.ts `FeedHealth`) and shown by every instance
 *   in `/v1/data/status`.
 * @module
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import {
  type AllStores,
  type FeedHealth,
  type Game,
  GameReader,
  JobLeases,
  Live,
  LiveFeed,
  type LiveFeedError,
  LiveGameStore,
  type StoreError,
  TeamReader,
  type TeamSport,
  teamSports
} from "@sports-data/domain"
import { LiveFeeds } from "@sports-data/ingest"
import { Cause, Clock, Config, ConfigError, Duration, Effect, Either, Layer } from "effect"
import { newOwner } from "./Jobs.js"

/** Live polling settings (see {@link liveSettings} for the variables and defaults). */
export interface LiveSettings {
  /** Sports polled (empty: polling off). */
  readonly sports: ReadonlyArray<TeamSport>
  /** Base URL of the NHL web API. */
  readonly nhl: string
  /** Base URL of the MLB Stats API. */
  readonly mlb: string
  /** Base URL of ESPN's site API. */
  readonly espn: string
  /** Sports polled from ESPN instead of their league's own API (nhl, mlb). */
  readonly espnSports: ReadonlyArray<TeamSport>
  /** Time between polls while a watched game is live or starts within `ahead`. */
  readonly liveInterval: Duration.Duration
  /**
   * Time between polls of games of today without a known start time, and between looks for
   * watched games while the sport has none ({@link pollerLoop}).
   */
  readonly idleInterval: Duration.Duration
  /** How long before a known start a game is watched. */
  readonly ahead: Duration.Duration
  /** Longest wait for one upstream response. */
  readonly timeout: Duration.Duration
  /** Failures in a row that open the circuit. */
  readonly failureThreshold: number
  /** How long an open circuit waits before a trial poll. */
  readonly circuitOpen: Duration.Duration
  /** Longest backoff after a failure. */
  readonly maxBackoff: Duration.Duration
}

/** Defaults: every team sport, the public hosts, 15 s live, 5 min otherwise, a 1 h look-ahead. */
export const defaultLiveSettings: LiveSettings = {
  sports: teamSports,
  nhl: "https://api-web.nhle.com",
  mlb: "https://statsapi.mlb.com",
  espn: "https://site.api.espn.com",
  espnSports: [],
  liveInterval: Duration.seconds(15),
  idleInterval: Duration.minutes(5),
  ahead: Duration.hours(1),
  timeout: Duration.seconds(10),
  failureThreshold: 5,
  circuitOpen: Duration.minutes(5),
  maxBackoff: Duration.minutes(5)
}

const urlSetting = (name: string, fallback: string, description: string) =>
  Config.string(name).pipe(
    Config.validate({ message: "must be an http(s) URL", validation: (v) => /^https?:\/\/[^/]/.test(v) }),
    Config.map((v) => v.replace(/\/+$/, "")),
    Config.withDefault(fallback),
    Config.withDescription(description)
  )

const durationSetting = (name: string, fallback: Duration.Duration, description: string) =>
  Config.duration(name).pipe(
    Config.validate({ message: "must be positive", validation: (d) => Duration.greaterThan(d, Duration.zero) }),
    Config.withDefault(fallback),
    Config.withDescription(description)
  )

/** A comma list of team sports (or `none`), each checked. */
const sportsSetting = (name: string, fallback: ReadonlyArray<TeamSport>, description: string) =>
  Config.string(name).pipe(
    Config.mapOrFail((v) => {
      const list = v.split(",").map((s) => s.trim().toLowerCase()).filter((s) => s !== "" && s !== "none")
      const bad = list.filter((s) => !(teamSports as ReadonlyArray<string>).includes(s))
      return bad.length === 0
        ? Either.right(list as ReadonlyArray<TeamSport>)
        : Either.left(
          ConfigError.InvalidData([], `not a team sport: ${bad.join(", ")} (one of ${teamSports.join(", ")}, or none)`)
        )
    }),
    Config.withDefault(fallback),
    Config.withDescription(description)
  )

/**
 * The live settings from the environment:
 * SPORTS_DATA_LIVE_SPORTS (comma list of team sports, or `none`; default all six),
 * SPORTS_DATA_LIVE_ESPN (sports polled from ESPN instead of their league's API: nhl, mlb; default none),
 * SPORTS_DATA_FEED_NHL (`https://api-web.nhle.com`), SPORTS_DATA_FEED_MLB
 * (`https://statsapi.mlb.com`), SPORTS_DATA_FEED_ESPN (`https://site.api.espn.com`),
 * SPORTS_DATA_LIVE_INTERVAL (15 seconds), SPORTS_DATA_LIVE_IDLE_INTERVAL (5 minutes),
 * SPORTS_DATA_LIVE_AHEAD (1 hour), SPORTS_DATA_FEED_TIMEOUT (10 seconds),
 * SPORTS_DATA_FEED_CIRCUIT_FAILURES (5), SPORTS_DATA_FEED_CIRCUIT_OPEN (5 minutes),
 * SPORTS_DATA_FEED_MAX_BACKOFF (5 minutes).
 */
export const liveSettings: Config.Config<LiveSettings> = Config.all({
  sports: sportsSetting(
    "SPORTS_DATA_LIVE_SPORTS",
    defaultLiveSettings.sports,
    "Sports whose live games are polled, comma list (nhl,mlb,nfl,nba,cfb,soccer) or none"
  ),
  espnSports: sportsSetting(
    "SPORTS_DATA_LIVE_ESPN",
    defaultLiveSettings.espnSports,
    "Sports polled from ESPN's scoreboards instead of their league's own API (nhl, mlb), comma list or none"
  ),
  nhl: urlSetting("SPORTS_DATA_FEED_NHL", defaultLiveSettings.nhl, "Base URL of the NHL web API (live nhl games)"),
  mlb: urlSetting("SPORTS_DATA_FEED_MLB", defaultLiveSettings.mlb, "Base URL of the MLB Stats API (live mlb games)"),
  espn: urlSetting(
    "SPORTS_DATA_FEED_ESPN",
    defaultLiveSettings.espn,
    "Base URL of ESPN's site API (live nfl, nba, cfb and soccer games)"
  ),
  liveInterval: durationSetting(
    "SPORTS_DATA_LIVE_INTERVAL",
    defaultLiveSettings.liveInterval,
    "Time between polls while a game is live or starts within the look-ahead, e.g. `15 seconds`"
  ),
  idleInterval: durationSetting(
    "SPORTS_DATA_LIVE_IDLE_INTERVAL",
    defaultLiveSettings.idleInterval,
    "Time between polls of today's games without a known start time, and between looks for watched games while a sport has none, e.g. `5 minutes`"
  ),
  ahead: durationSetting(
    "SPORTS_DATA_LIVE_AHEAD",
    defaultLiveSettings.ahead,
    "How long before a game's start it is polled at the live interval, e.g. `1 hour`"
  ),
  timeout: durationSetting(
    "SPORTS_DATA_FEED_TIMEOUT",
    defaultLiveSettings.timeout,
    "Longest wait for one live-feed response"
  ),
  failureThreshold: Config.integer("SPORTS_DATA_FEED_CIRCUIT_FAILURES").pipe(
    Config.validate({ message: "must be at least 1", validation: (n) => n >= 1 }),
    Config.withDefault(defaultLiveSettings.failureThreshold),
    Config.withDescription("Live-feed failures in a row that open its circuit")
  ),
  circuitOpen: durationSetting(
    "SPORTS_DATA_FEED_CIRCUIT_OPEN",
    defaultLiveSettings.circuitOpen,
    "How long an open live-feed circuit waits before a trial poll"
  ),
  maxBackoff: durationSetting(
    "SPORTS_DATA_FEED_MAX_BACKOFF",
    defaultLiveSettings.maxBackoff,
    "Longest wait after a live-feed failure (the backoff doubles from the live interval)"
  )
})

/** The name of a sport's poller lease. */
export const liveJob = (sport: TeamSport): string => `live.${sport}`

/** What one tick of a sport's poller did. */
export type TickOutcome =
  | { readonly _tag: "NotHolder" }
  | { readonly _tag: "Waiting"; readonly until: string }
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Failed"; readonly error: LiveFeedError; readonly health: FeedHealth }
  | {
    readonly _tag: "Polled"
    readonly written: number
    readonly events: ReadonlyArray<string>
    readonly unmatched: number
  }

/** Options of {@link pollTick} and {@link pollerLoop}. */
export interface PollerOptions {
  readonly settings: LiveSettings
  /** The poller's id in the lease (one per process and sport loop). */
  readonly owner: string
  /** How long the lease holds unrenewed (SPORTS_DATA_WORKER_LEASE). */
  readonly lease: Duration.DurationInput
}

const millis = (d: Duration.DurationInput) => Duration.toMillis(Duration.decode(d))

/** The games of `sport` the poller watches at `now`, with how each is watched (Live.ts `watchOf`). */
export const watchedGames = (sport: TeamSport, now: Date, ahead: Duration.DurationInput) =>
  Effect.gen(function*() {
    const reader = yield* GameReader
    const window = { aheadMs: millis(ahead) }
    const page = (q: { readonly state?: string; readonly date?: string }) =>
      Effect.map(reader.find({ sport, ...q, order: "asc", limit: 1000, offset: 0 }), (p) => p.rows)
    const found = new Map<string, Game>()
    for (const g of yield* page({ state: "in_progress" })) found.set(g.id, g)
    for (const date of Live.candidateDates(now)) for (const g of yield* page({ date })) found.set(g.id, g)
    // games dated tomorrow (UTC) may start within the look-ahead
    const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10)
    for (const g of yield* page({ date: tomorrow })) found.set(g.id, g)
    return [...found.values()].flatMap((g) => {
      const how = Live.watchOf(g, now, window)
      return how === undefined ? [] : [{ game: g, how }]
    })
  })

/**
 * Claims (or renews) `sport`'s poller lease for `options.owner` at `now`: true while this poller
 * holds it. The lease holds unrenewed for the longer of `options.lease` and three live intervals.
 */
const claimLease = (sport: TeamSport, options: PollerOptions, now: Date) =>
  Effect.flatMap(JobLeases, (leases) =>
    leases.claim({
      job: liveJob(sport),
      owner: options.owner,
      now,
      leaseMs: Math.max(millis(options.lease), 3 * millis(options.settings.liveInterval))
    }))

/**
 * One tick of `sport`'s poller (see the module description): claims the lease, and when it holds
 * it and no backoff is running, polls the watched games' dates, matches, writes the changes and
 * their events, and stores the feed's health. Fails only with a StoreError (an upstream failure
 * is recorded in the health and answered as `Failed`).
 */
export const pollTick = (
  sport: TeamSport,
  options: PollerOptions
): Effect.Effect<TickOutcome, StoreError, LiveFeed | AllStores> =>
  Effect.gen(function*() {
    const settings = options.settings
    const now = new Date(yield* Clock.currentTimeMillis)
    if (!(yield* claimLease(sport, options, now))) return { _tag: "NotHolder" } as const
    const feed = yield* LiveFeed
    const store = yield* LiveGameStore
    const upstream = feed.upstreamOf(sport) ?? "none"
    const stored = (yield* store.health).find((h) => h.sport === sport)
    const health = stored ?? Live.initialHealth(sport, upstream)
    if (Live.waiting(health, now)) return { _tag: "Waiting", until: health.next_poll_at! } as const
    const watched = yield* watchedGames(sport, now, settings.ahead)
    if (watched.length === 0) {
      // stored once idle, so that every instance shows the sport as polled (and idle)
      if (stored === undefined || health.status !== "idle") {
        yield* store.setHealth({ ...health, status: "idle", next_poll_at: null })
      }
      return { _tag: "Idle" } as const
    }
    const dates = [...new Set(watched.flatMap((w) => w.game.game_date === null ? [] : [w.game.game_date]))].sort()
    const answered = yield* Effect.either(Effect.forEach(dates, (date) =>
      feed.scoreboard({
        sport,
        date,
        watched: watched.filter((w) => w.game.game_date === date).map((w) => w.game)
      })))
    if (Either.isLeft(answered)) {
      const error = answered.left
      const next = Live.afterFailure(health, now, `${error.reason}: ${error.message}`, error.retry_after_ms, {
        backoffMs: millis(settings.liveInterval),
        maxBackoffMs: millis(settings.maxBackoff),
        failureThreshold: settings.failureThreshold,
        circuitOpenMs: millis(settings.circuitOpen)
      })
      yield* store.setHealth(next)
      const log = next.status === "open" && health.status !== "open"
        ? Effect.logWarning("live feed circuit opened")
        : Effect.logInfo("live feed poll failed")
      yield* log.pipe(Effect.annotateLogs({
        sport,
        upstream,
        reason: error.reason,
        status: error.status ?? "",
        failures: next.consecutive_failures,
        next_poll_at: next.next_poll_at ?? ""
      }))
      return { _tag: "Failed", error, health: next } as const
    }
    const games = answered.right.flat()
    // the stored games of every date the upstream answered (an upstream week holds other dates)
    const reader = yield* GameReader
    const pool = new Map(watched.map((w) => [w.game.id, w.game]))
    for (const date of new Set(games.map((g) => g.date))) {
      for (const g of (yield* reader.find({ sport, date, order: "asc", limit: 1000, offset: 0 })).rows) {
        pool.set(g.id, g)
      }
    }
    const teams = yield* (yield* TeamReader).find(sport)
    const matching = Live.matchGames(games, [...pool.values()], teams)
    const updates = matching.matched.filter(([, g]) => !Live.isFinal(g.state)).map(([u, g]) => Live.updateOf(g, u, now))
    const applied = yield* store.apply(updates, now)
    const events = applied.flatMap((a) => a.event === undefined ? [] : [`${a.event.name} ${a.game_id}`])
    const live = watched.some((w) => w.how === "live") || updates.some((u) => u.state === "in_progress")
    yield* store.setHealth(
      Live.afterSuccess(health, now, millis(live ? settings.liveInterval : settings.idleInterval), matching.unmatched)
    )
    if (health.status === "degraded" || health.status === "open") {
      yield* Effect.logInfo("live feed recovered").pipe(Effect.annotateLogs({ sport, upstream }))
    }
    // a line per poll that wrote events, or whose unmatched games differ from the last poll's
    const unmatchedKey = (list: ReadonlyArray<Live.Unmatched>) => list.map((u) => u.upstream_id).sort().join(",")
    if (events.length > 0 || unmatchedKey(matching.unmatched) !== unmatchedKey(health.unmatched)) {
      yield* Effect.logInfo("live feed polled").pipe(Effect.annotateLogs({
        sport,
        upstream,
        written: applied.length,
        events: events.join(", "),
        unmatched: matching.unmatched.map((u) => `${u.away}@${u.home} ${u.date} (${u.reason})`).join("; ")
      }))
    }
    return { _tag: "Polled", written: applied.length, events, unmatched: matching.unmatched.length } as const
  }).pipe(Effect.withSpan("Live.pollTick", { attributes: { sport } }))

/**
 * `sport`'s poller: {@link pollTick} every `liveInterval` (a tick that is not due costs one lease
 * claim and one health read), forever; a tick whose store read or write fails is logged in one
 * line (the store is busy or away; the next tick tries again), a defect with its cause. Releases
 * the lease when interrupted.
 *
 * A sport with no watched game (the tick answered `Idle`, as every sport out of season) has its
 * games read again only after `idleInterval`; the ticks between only renew the lease (one
 * statement instead of the lease, the health and four game reads per tick, which on the embedded
 * store's one session made a burst of some 70 statements every 15 s across the six team sports).
 * A game is watched from `ahead` before its known start (1 h by default), so one found up to
 * `idleInterval` (5 min by default) after it became watched is still polled before it starts. A
 * poller that loses the lease reads the games at its first tick as holder again.
 */
export const pollerLoop = (sport: TeamSport, options: PollerOptions) =>
  Effect.suspend(() => {
    // the time (ms) before which an idle sport's games are not read again; 0: at the next tick
    let idleUntil = 0
    const tick = Effect.flatMap(Clock.currentTimeMillis, (now) =>
      now < idleUntil
        ? Effect.map(claimLease(sport, options, new Date(now)), (held) => {
          if (!held) idleUntil = 0
        })
        : Effect.map(pollTick(sport, options), (outcome) => {
          idleUntil = outcome._tag === "Idle" ? now + millis(options.settings.idleInterval) : 0
        }))
    return tick.pipe(
      Effect.catchAll((error) =>
        Effect.logWarning("live poll skipped: the store failed").pipe(
          Effect.annotateLogs({ sport, error: error._tag, detail: error.detail })
        )
      ),
      Effect.catchAllCause((cause) =>
        Cause.isInterruptedOnly(cause) ? Effect.failCause(cause) : Effect.logWarning("live poll failed", cause)
      ),
      Effect.zipRight(Effect.sleep(options.settings.liveInterval)),
      Effect.forever,
      Effect.ensuring(Effect.ignore(Effect.flatMap(JobLeases, (l) => l.release(liveJob(sport), options.owner))))
    )
  })

/** The LiveFeed of `settings` over fetch (the public upstreams, or the base URLs set). */
export const liveFeedLayer = (settings: LiveSettings): Layer.Layer<LiveFeed> =>
  LiveFeeds.layer({
    nhl: settings.nhl,
    mlb: settings.mlb,
    espn: settings.espn,
    timeout: settings.timeout,
    espnSports: settings.espnSports
  }).pipe(
    Layer.provide(FetchHttpClient.layer)
  )

/**
 * A background fiber per sport of `settings.sports` running {@link pollerLoop} for as long as the
 * layer lives, over the LiveFeed of the context.
 */
export const LivePollingWith = (
  settings: LiveSettings,
  lease: Duration.DurationInput
): Layer.Layer<never, never, LiveFeed | AllStores> =>
  Layer.scopedDiscard(
    Effect.forEach(
      settings.sports,
      (sport) => Effect.forkScoped(pollerLoop(sport, { settings, owner: newOwner(), lease })),
      { discard: true }
    )
  )

/** {@link LivePollingWith} over the public upstreams (or the base URLs set): what `serve` and the worker run. */
export const LivePollingLive = (
  settings: LiveSettings,
  lease: Duration.DurationInput
): Layer.Layer<never, never, AllStores> => LivePollingWith(settings, lease).pipe(Layer.provide(liveFeedLayer(settings)))

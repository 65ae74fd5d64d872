/**
 * `GET /v1/events/stream`: the outbox (`service_events`) as Server-Sent Events.
 *
 * - An HttpApi endpoint (packages/api groups/Stream.ts) whose handler returns a streaming
 *   `HttpServerResponse` (HttpApiBuilder passes a response through unencoded), so the stream goes
 *   through the same admission middleware as every endpoint: key, tier pro_insights, limits; the
 *   opening counts one call and carries the rate-limit headers.
 * - Reads the REAL ServiceEventReader from the context (not the read cache of StoreCache.ts,
 *   which would answer from a data version up to a second old and is not keyed by outbox id).
 * - Resume: a `Last-Event-ID` header (a non-negative integer, else 400 INVALID_PARAMETER naming it)
 *   replays every later event; without it the stream starts after the newest event. Ids advance
 *   without a gap and without a repeat (domain Delivery.ts `advance` waits briefly at a gap in
 *   the ids for a late commit).
 * - Wake-ups: the EventWake port (in-process PubSub; PostgreSQL LISTEN/NOTIFY too), plus a slow
 *   poll (`pollInterval`, default 5 s) so that a lost notification only delays.
 * - Bounded: the store is read in pages of {@link PAGE} events only when the socket has taken the
 *   previous page (the body is pulled by the node writable's back pressure), and a subscriber holds
 *   at most one pending wake-up; a slow client delays only itself.
 * - Cap: at most `Delivery.maxStreamsOf(plan)` open streams per key IN THIS INSTANCE (counted in
 *   memory: with N instances a key may hold N times the cap); above it 429 TOO_MANY_STREAMS. The
 *   call was admitted (and counted) before the cap is checked.
 * - Shutdown: {@link EventStreams} `shutdown` ends every open stream (the response ends cleanly,
 *   EventSource reconnects elsewhere with its Last-Event-ID); Server.ts runs it before the
 *   listener waits for in-flight requests.
 * @module
 */
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Api, ApiErrors, Security } from "@sports-data/api"
import { Delivery, EventWake, ServiceEventReader } from "@sports-data/domain"
import { Settings } from "@sports-data/wiring"
import { Clock, Context, Deferred, Duration, Effect, Layer, Option, Ref, Stream } from "effect"
import { group } from "./handlers/Group.js"

/** Events read from the store per page. */
export const PAGE = 500

/** Options of the event stream. */
export interface EventStreamOptions {
  /** Interval of the heartbeat comment (default: the SPORTS_DATA_SSE_HEARTBEAT setting, 30 s). */
  readonly heartbeat?: Duration.DurationInput | undefined
  /** Interval of the safety poll of the outbox (default 5 s). */
  readonly pollInterval?: Duration.DurationInput | undefined
  /** How long a reader waits at a gap in the ids for a late commit (default 2 s). */
  readonly gapGrace?: Duration.DurationInput | undefined
}

/** The open streams of this instance and their settings. */
export interface EventStreamsService {
  readonly heartbeat: Duration.Duration
  readonly pollInterval: Duration.Duration
  readonly gapGrace: Duration.Duration
  /** Open streams per key hash. */
  readonly open: Ref.Ref<ReadonlyMap<string, number>>
  /** Completed at shutdown: every stream ends. */
  readonly closing: Deferred.Deferred<void>
  /** Ends every open stream and refuses new ones. */
  readonly shutdown: Effect.Effect<void>
}
/** The {@link EventStreamsService} of this instance. */
export class EventStreams extends Context.Tag("@sports-data/http/EventStreams")<EventStreams, EventStreamsService>() {}

/** {@link EventStreams} with `options` (settings read from the environment where not given). */
export const eventStreamsLayer = (options?: EventStreamOptions | undefined): Layer.Layer<EventStreams> =>
  Layer.scoped(
    EventStreams,
    Effect.gen(function*() {
      const heartbeat = options?.heartbeat === undefined
        ? yield* Effect.orDie(Settings.sseHeartbeat)
        : Duration.decode(options.heartbeat)
      const closing = yield* Deferred.make<void>()
      yield* Effect.addFinalizer(() => Deferred.succeed(closing, undefined))
      return {
        heartbeat,
        pollInterval: Duration.decode(options?.pollInterval ?? "5 seconds"),
        gapGrace: Duration.decode(options?.gapGrace ?? "2 seconds"),
        open: yield* Ref.make<ReadonlyMap<string, number>>(new Map()),
        closing,
        shutdown: Deferred.succeed(closing, undefined).pipe(Effect.asVoid)
      }
    })
  )

const adjust = (open: ReadonlyMap<string, number>, key: string, by: number): ReadonlyMap<string, number> => {
  const next = new Map(open)
  const n = (next.get(key) ?? 0) + by
  if (n <= 0) next.delete(key)
  else next.set(key, n)
  return next
}

/** The last event id a client sent: undefined when absent or empty; a 400 when not a non-negative integer. */
export const parseLastEventId = (raw: string | undefined) => {
  const value = raw?.trim() ?? ""
  if (value === "") return Effect.succeed(undefined)
  return /^\d{1,15}$/.test(value) ?
    Effect.succeed(Number(value)) :
    Effect.fail(
      new ApiErrors.InvalidParameterError({ parameter: "Last-Event-ID", reason: "must be a non-negative integer" })
    )
}

/**
 * The body of one stream: an opening comment, then each event after `afterId` (of `sport` when
 * given) as an SSE frame, and a heartbeat comment every `heartbeat`, until `closing` or the
 * client goes. `release` runs when it ends.
 */
export const eventBody = (options: {
  readonly afterId: number
  readonly sport: string | undefined
  readonly streams: EventStreamsService
  readonly reader: typeof ServiceEventReader.Service
  readonly wakes: Stream.Stream<void>
}): Stream.Stream<string> => {
  const { reader, sport, streams } = options
  const grace = Duration.toMillis(streams.gapGrace)
  const triggers = Stream.merge(
    Stream.make(undefined),
    Stream.merge(options.wakes, Stream.tick(streams.pollInterval))
  ).pipe(Stream.buffer({ capacity: 1, strategy: "sliding" }))
  /** Every deliverable page after `start`, read page by page as the consumer pulls. */
  const drain = (start: Delivery.OutboxCursor) =>
    Stream.paginateEffect(start, (c) =>
      Effect.gen(function*() {
        const rows = yield* reader.after(c.lastId, PAGE)
        const now = yield* Clock.currentTimeMillis
        const step = Delivery.advance(c, rows, now, grace)
        const more = rows.length === PAGE && step.deliver.length === rows.length
        return [step, more ? Option.some(step.cursor) : Option.none<Delivery.OutboxCursor>()] as const
      }))
  const events = Stream.unwrap(Effect.map(
    Ref.make<Delivery.OutboxCursor>({ lastId: options.afterId, gapSince: undefined }),
    (cursor) =>
      triggers.pipe(
        Stream.flatMap(() =>
          Stream.unwrap(Effect.map(Ref.get(cursor), drain)).pipe(
            Stream.tap((step) => Ref.set(cursor, step.cursor)),
            Stream.mapConcat((step) => step.deliver)
          )
        ),
        Stream.filter((e) => sport === undefined || e.sport === sport),
        Stream.map(Delivery.sseFrame),
        // a store that fails ends the stream; the client resumes with its Last-Event-ID
        Stream.catchAll((error) =>
          Stream.drain(Stream.fromEffect(Effect.logWarning("event stream: reading the outbox failed", error)))
        )
      )
  ))
  const heartbeats = Stream.tick(streams.heartbeat).pipe(Stream.drop(1), Stream.as(Delivery.HEARTBEAT_FRAME))
  return Stream.concat(
    Stream.make(`retry: 3000\n: stream open\n\n`),
    Stream.merge(events, heartbeats)
  ).pipe(Stream.interruptWhen(Deferred.await(streams.closing)))
}

const encoder = new TextEncoder()

/** The handlers of the stream group. Requires EventStreams, EventWake and the real ServiceEventReader. */
export const StreamLive = group(Api, "stream", (handlers) =>
  Effect.gen(function*() {
    const streams = yield* EventStreams
    const reader = yield* ServiceEventReader
    const wake = yield* EventWake
    return handlers.handle("events", ({ headers, urlParams }) =>
      Effect.gen(function*() {
        const caller = yield* Security.Caller
        const lastEventId = yield* parseLastEventId(headers["last-event-id"])
        const afterId = lastEventId ?? (yield* reader.lastId)
        const max = Delivery.maxStreamsOf(caller.plan)
        const keyHash = caller.key.key_hash
        const opened = yield* Ref.modify(streams.open, (open) => {
          const n = open.get(keyHash) ?? 0
          return n >= max ? [n, open] as const : [-1, adjust(open, keyHash, 1)] as const
        })
        if (opened >= 0) {
          return yield* Effect.fail(
            new ApiErrors.TooManyStreamsError({ open_streams: opened, max_streams: max, retry_after_seconds: 30 })
          )
        }
        const release = Ref.update(streams.open, (open) => adjust(open, keyHash, -1))
        const body = eventBody({ afterId, sport: urlParams.sport, streams, reader, wakes: wake.wakes }).pipe(
          Stream.map((text) => encoder.encode(text)),
          Stream.ensuring(release)
        )
        return HttpServerResponse.stream(body, {
          contentType: "text/event-stream; charset=utf-8",
          headers: { "cache-control": "no-store", "x-accel-buffering": "no" }
        })
      }))
  }))

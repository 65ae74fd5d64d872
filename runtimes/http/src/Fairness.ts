/**
 * Fair under load: no request holds the server past a deadline, and no caller holds more than
 * its share of it.
 *
 * - Deadline (SPORTS_DATA_REQUEST_DEADLINE, default 10 s): a request still without a response
 *   when it passes is answered 503 SERVICE_UNAVAILABLE with Retry-After, and its handler is
 *   interrupted in the background (the answer does not wait for the interruption to finish). An
 *   interrupted PostgreSQL query is cancelled on the server (@effect/sql-pg sends
 *   `pg_cancel_backend`); a read shared through the read cache (StoreCache.ts) runs to its end
 *   for the other requests that wait for it. The deadline covers producing the response, not
 *   sending a streamed body (the bulk export, the event stream).
 * - Requests in flight per caller (SPORTS_DATA_MAX_IN_FLIGHT_PER_KEY, default 16): a caller is
 *   its X-Service-Key value, or its address when it presents none. A request beyond the cap is
 *   answered 429 TOO_MANY_REQUESTS_IN_FLIGHT with Retry-After: 1 before admission (nothing is
 *   counted against the quota). Hits of the response-body cache answered by the node front
 *   (FastPath.ts) never wait, so they are not counted. 0 turns the cap off.
 *
 * Both are one API-level middleware, applied outside admission and the handlers. The server
 * runs a request's app uninterruptibly; under the deadline it runs interruptible, so that the
 * deadline can cancel it.
 * @module
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { ApiErrors } from "@sports-data/api"
import { Config, Duration, Effect, Layer, Option } from "effect"
import { errorResponse } from "./Errors.js"

/** The setting of the deadline. */
export const requestDeadlineConfig = Config.duration("SPORTS_DATA_REQUEST_DEADLINE").pipe(
  Config.withDescription(
    "Longest time a request may take to produce its response; past it the request is cancelled and answered 503."
  ),
  Config.withDefault(Duration.seconds(10))
)

/** The setting of the cap of requests in flight per caller. */
export const maxInFlightPerKeyConfig = Config.integer("SPORTS_DATA_MAX_IN_FLIGHT_PER_KEY").pipe(
  Config.withDescription(
    "Most requests one key (or one address without a key) may have in flight; more are answered 429. 0: no cap."
  ),
  Config.withDefault(16)
)

/** Options of the middleware; a missing one is read from its setting. */
export interface FairnessOptions {
  readonly deadline?: Duration.DurationInput | undefined
  readonly maxInFlightPerKey?: number | undefined
}

/** The caller of a request for the in-flight cap: its presented key, else its address. */
const callerOf = (request: HttpServerRequest.HttpServerRequest): string => {
  const key = request.headers["x-service-key"]
  if (key !== undefined && key !== "") return `k${key}`
  return `a${Option.getOrElse(request.remoteAddress, () => "")}`
}

/**
 * The middleware (see the module documentation): the deadline and the in-flight cap, from
 * `options` or the settings.
 */
export const FairnessMiddlewareLive = (options?: FairnessOptions) =>
  Layer.unwrapEffect(Effect.gen(function*() {
    const deadline = Duration.decode(options?.deadline ?? (yield* requestDeadlineConfig))
    const cap = options?.maxInFlightPerKey ?? (yield* maxInFlightPerKeyConfig)
    const retryAfter = Math.max(1, Math.ceil(Duration.toSeconds(deadline) / 2))
    const timedOut = () =>
      errorResponse(
        new ApiErrors.ServiceUnavailableError({
          retry_after_seconds: retryAfter,
          message: `The request took longer than ${
            Duration.format(deadline)
          } and was cancelled; retry in ${retryAfter} s.`
        })
      )
    /** Requests in flight per caller (entries removed at 0, so the map holds only active callers). */
    const inFlight = new Map<string, number>()
    const release = (caller: string) =>
      Effect.sync(() => {
        const n = (inFlight.get(caller) ?? 1) - 1
        if (n <= 0) inFlight.delete(caller)
        else inFlight.set(caller, n)
      })

    return HttpApiBuilder.middleware((app) =>
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
        const bounded = Effect.interruptible(Effect.disconnect(app)).pipe(
          Effect.timeoutTo({
            duration: deadline,
            onSuccess: (response): HttpServerResponse.HttpServerResponse => response,
            onTimeout: timedOut
          })
        )
        if (cap <= 0) return bounded
        const caller = callerOf(request)
        const current = inFlight.get(caller) ?? 0
        if (current >= cap) {
          return Effect.succeed(errorResponse(
            new ApiErrors.TooManyRequestsInFlightError({
              in_flight: current,
              max_in_flight: cap,
              retry_after_seconds: 1,
              message:
                `This key already has ${current} requests in flight (at most ${cap}); retry when one has answered.`
            })
          ))
        }
        inFlight.set(caller, current + 1)
        return Effect.ensuring(bounded, release(caller))
      })
    )
  }))

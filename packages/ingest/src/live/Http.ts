/**
 * One GET of a live-score upstream, as JSON: the shared step of every LiveFeed adapter. Uses
 * @effect/platform's HttpClient (the runtime provides it, e.g. FetchHttpClient.layer). Every
 * failure is a typed LiveFeedError: no answer within `timeout` → `timeout`; no connection →
 * `unavailable`; 429 → `rate_limited` with its Retry-After (seconds or an HTTP date) in ms;
 * another non-2xx → `http_status`; a body that does not parse as JSON (truncated, HTML) →
 * `malformed`. A UTF-8 byte order mark is skipped (MLB responses may carry one).
 * @module
 */
import * as HttpClient from "@effect/platform/HttpClient"
import { LiveFeedError } from "@sports-data/domain"
import { Clock, type Duration, Effect, ParseResult, Schema } from "effect"

/** The User-Agent of every live-feed request. */
export const USER_AGENT = "sports-data-live/1 (+https://github.com/sports-data)"

/** The Retry-After header value in milliseconds at `now` (delta-seconds or an HTTP date), null when absent or unreadable. */
export const retryAfterMs = (value: string | undefined, now: number): number | null => {
  if (value === undefined || value.trim() === "") return null
  const seconds = Number(value.trim())
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/** GETs `url` of `upstream` and parses its body as JSON (see the module description). */
export const getJson = (
  upstream: string,
  url: string,
  timeout: Duration.DurationInput
): Effect.Effect<unknown, LiveFeedError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const fail = (
      reason: LiveFeedError["reason"],
      message: string,
      status: number | null = null,
      retry: number | null = null
    ) => new LiveFeedError({ upstream, url, reason, status, retry_after_ms: retry, message })
    const client = yield* HttpClient.HttpClient
    const exchange = Effect.gen(function*() {
      const response = yield* client.get(url, { headers: { "user-agent": USER_AGENT, accept: "application/json" } })
        .pipe(
          Effect.mapError((e) => fail("unavailable", e.message))
        )
      if (response.status === 429) {
        const now = yield* Clock.currentTimeMillis
        return yield* Effect.fail(
          fail("rate_limited", "429 Too Many Requests", 429, retryAfterMs(response.headers["retry-after"], now))
        )
      }
      if (response.status < 200 || response.status >= 300) {
        return yield* Effect.fail(fail("http_status", `HTTP ${response.status}`, response.status))
      }
      const text = yield* response.text.pipe(Effect.mapError((e) => fail("unavailable", e.message)))
      return yield* Effect.try({
        try: () => JSON.parse(text.replace(/^\uFEFF/, "")) as unknown,
        catch: () => fail("malformed", `the body is not JSON (${text.length} characters)`, response.status)
      })
    }).pipe(Effect.scoped)
    return yield* exchange.pipe(
      Effect.timeoutFail({ duration: timeout, onTimeout: () => fail("timeout", "no answer within the timeout") })
    )
  }).pipe(Effect.withSpan("LiveFeed.get", { attributes: { upstream, url } }))

/**
 * Decodes `json` with `schema`; a mismatch is a LiveFeedError `malformed` naming the first
 * problem (the upstream changed its shape, or answered an error object).
 */
export const decodeWith = <A, I>(schema: Schema.Schema<A, I>, upstream: string, url: string) => (json: unknown) =>
  Schema.decodeUnknown(schema)(json).pipe(
    Effect.mapError((e) =>
      new LiveFeedError({
        upstream,
        url,
        reason: "malformed",
        status: null,
        retry_after_ms: null,
        message: ParseResult.TreeFormatter.formatErrorSync(e).split("\n").slice(0, 4).join(" ")
      })
    )
  )

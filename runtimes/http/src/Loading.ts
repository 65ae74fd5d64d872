/**
 * Sports still loading: while `serve` ingests in the background (IngestProgress, see
 * @sports-data/wiring Refresh.ts), a request for a sport that is not served yet (never ingested
 * before, and pending, being ingested, or failed) is answered 503 SERVICE_UNAVAILABLE with the
 * standard error object, `retry_after_seconds` and the Retry-After header. A sport ingested at an
 * earlier start and merely re-ingested is served from the store all along.
 *
 * The one place that decides the sport of a request is {@link sportOfRequest}: the path prefix
 * `/v1/<sport>` (every per-sport route), else a `sport` query parameter naming one sport (the
 * cross-sport routes such as `/v1/players/search?sport=nba`). A cross-sport request without one
 * (`sport=all`, or absent) is answered from what the store holds.
 *
 * The check is an API-level middleware that runs before admission: a 503 for a loading sport
 * costs no quota, and it is given only on a route that exists (an unknown path is still 404).
 * @module
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import { ApiErrors } from "@sports-data/api"
import { type IngestProgressService, loadingOf, SportKey } from "@sports-data/domain"
import { Effect, Option, Schema } from "effect"
import { errorResponse, makeMethodIndex, requestPath, type RouteShape } from "./Errors.js"

const isSport = Schema.is(SportKey)

/**
 * The sport a request is about (see the module description): the second path segment of a
 * `/v1/<sport>/...` path when it is a sport key, else the `sport` query parameter when it is one
 * sport key; none otherwise. `url` is the request's URL (path and query).
 */
export const sportOfRequest = (url: string): Option.Option<SportKey> => {
  const parsed = new URL(url, "http://localhost")
  const segments = parsed.pathname.split("/")
  if (segments[1] === "v1" && segments[2] !== undefined && isSport(segments[2])) return Option.some(segments[2])
  const param = parsed.searchParams.get("sport")?.trim().toLowerCase()
  return param !== undefined && isSport(param) ? Option.some(param) : Option.none()
}

/** The 503 of a sport that is not served yet, with what it is doing and when to ask again. */
export const loadingError = (
  sport: SportKey,
  progress: { readonly state: string; readonly retry_after_seconds: number; readonly error: string | null }
): ApiErrors.ServiceUnavailableError =>
  new ApiErrors.ServiceUnavailableError({
    retry_after_seconds: progress.retry_after_seconds,
    message: progress.state === "failed"
      ? `The ${sport} data could not be loaded (${
        progress.error ?? "ingestion failed"
      }); it is tried again shortly. See /v1/data/status.`
      : `The ${sport} data is still loading (${progress.state}); retry in ${progress.retry_after_seconds} s. ` +
        "See /v1/data/status for progress."
  })

/**
 * The middleware answering 503 for a sport not served yet (see the module description).
 * `routes` are every route of the API (for answering only on a route that exists); `progress`
 * the ingestion progress of this process (none: every sport is served).
 */
export const LoadingMiddlewareLive = (
  routes: ReadonlyArray<RouteShape>,
  progress: IngestProgressService | undefined
) => {
  const methodsOf = makeMethodIndex(routes)
  return HttpApiBuilder.middleware((app) =>
    progress === undefined ? app : Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
      const sport = sportOfRequest(request.url)
      if (Option.isNone(sport)) return app
      return Effect.flatMap(
        loadingOf(progress, sport.value),
        (loading) =>
          Option.isSome(loading) && methodsOf(requestPath(request)).includes(request.method)
            ? Effect.succeed(errorResponse(loadingError(sport.value, loading.value)))
            : app
      )
    })
  )
}

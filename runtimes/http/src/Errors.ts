/**
 * Error handling at the HTTP edge.
 *
 * - {@link errorResponse}: an API error as the response the client sees (standard error object,
 *   its status, and Retry-After on every 429 and 503).
 * - {@link mapDomainErrors}: the domain's errors as API errors (StoreUnavailable → 503;
 *   StoreFailure → a defect, answered 500 INTERNAL_ERROR and logged), applied once per group by
 *   the group builder (handlers/Group.ts).
 * - {@link ErrorsMiddlewareLive}: the API-level middleware that answers everything that is not a
 *   success: unknown path 404 NOT_FOUND (before any key check: the router fails before any route
 *   runs), known path with another method 405 METHOD_NOT_ALLOWED, parameter decode failures
 *   400 INVALID_PARAMETER with `parameter` and `reason`, bodies over 1 MiB 413, API errors with
 *   their status, and anything else 500 INTERNAL_ERROR with a `request_id` under which the cause
 *   is logged (the body never carries a stack, SQL or driver message).
 * @module
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpApiError from "@effect/platform/HttpApiError"
import * as HttpIncomingMessage from "@effect/platform/HttpIncomingMessage"
import * as HttpMethod from "@effect/platform/HttpMethod"
import * as HttpServerError from "@effect/platform/HttpServerError"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { ApiErrors } from "@sports-data/api"
import { type DomainError, isDomainError, type StoreFailure } from "@sports-data/domain"
import { Cause, Effect, Option, Schema, Stream } from "effect"

const ApiErrorSchema = Schema.Union(...ApiErrors.all)
/** An API error as the standard error object the client reads (JSON, without `_tag`). */
export const encodeApiError = Schema.encodeSync(ApiErrorSchema)

/**
 * The response of an API error: JSON body = the standard error object, status from the error's
 * class, and `Retry-After` (integer seconds) for 429 and 503.
 */
export const errorResponse = (error: ApiErrors.ApiError): HttpServerResponse.HttpServerResponse => {
  const retryAfter = ApiErrors.retryAfterOf(error)
  return HttpServerResponse.unsafeJson(encodeApiError(error), {
    status: ApiErrors.statusOf(error),
    ...(retryAfter === undefined ? {} : { headers: { "retry-after": String(retryAfter) } })
  })
}

/** A fresh request id for an INTERNAL_ERROR (a UUID; logged with the cause). */
export const newRequestId = (): string => crypto.randomUUID()

/**
 * Maps the domain errors of an effect to their API errors ({@link ApiErrors.fromDomain}, the one
 * mapping), except StoreFailure, which becomes a defect (answered 500 INTERNAL_ERROR with a
 * request_id and logged with its detail by {@link answerCause}). Other failures (API errors
 * already) pass through. The error type names only the API errors the effect can really produce.
 * Handlers do not call it: the group builder (handlers/Group.ts) applies it to every handler.
 */
export const mapDomainErrors = <A, E, R>(
  self: Effect.Effect<A, E, R>
): Effect.Effect<
  A,
  Exclude<E, DomainError> | ApiErrors.ApiErrorOf<Exclude<Extract<E, DomainError>, StoreFailure>>,
  R
> =>
  Effect.catchIf(
    self,
    isDomainError,
    (e) => e._tag === "StoreFailure" ? Effect.die(e) : Effect.fail(ApiErrors.fromDomain(e, ""))
  ) as Effect.Effect<
    A,
    Exclude<E, DomainError> | ApiErrors.ApiErrorOf<Exclude<Extract<E, DomainError>, StoreFailure>>,
    R
  >

/** A route as the router knows it: method and path template (`/v1/nfl/players/:id`). */
export interface RouteShape {
  readonly method: HttpMethod.HttpMethod
  readonly path: string
}

/**
 * The regular expression source of a path template: a `:param` segment matches any one non-empty
 * segment, every other segment itself (without anchors).
 */
export const templatePattern = (path: string): string =>
  path
    .split("/")
    .map((seg) => (seg.startsWith(":") ? "[^/]+" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/")

/**
 * Matches a concrete path against route templates, for 405: the methods of every route whose
 * template matches `path` ({@link templatePattern}, a trailing slash allowed).
 */
export const makeMethodIndex = (routes: ReadonlyArray<RouteShape>) => {
  const compiled = routes.map((r) => ({
    method: r.method,
    regex: new RegExp("^" + templatePattern(r.path) + "/?$")
  }))
  return (path: string): ReadonlyArray<string> => {
    const methods = new Set<string>()
    for (const r of compiled) if (r.regex.test(path)) methods.add(r.method)
    return [...methods].sort()
  }
}

/** The 400 of a parameter decode failure: the first issue's path is the parameter, its message the reason. */
export const invalidParameterOf = (error: HttpApiError.HttpApiDecodeError): ApiErrors.InvalidParameterError => {
  const issue = error.issues[0]
  const parameter = issue === undefined || issue.path.length === 0 ? "request" : issue.path.map(String).join(".")
  const reason = issue?.message ?? "does not match the expected schema"
  return new ApiErrors.InvalidParameterError({
    parameter,
    reason,
    message: `Invalid parameter ${parameter}: ${reason}`
  })
}

/** The path of a request, without its query string (error bodies, logs, the envelope's `endpoint`). */
export const requestPath = (request: HttpServerRequest.HttpServerRequest): string => {
  const q = request.url.indexOf("?")
  return q === -1 ? request.url : request.url.slice(0, q)
}

/**
 * Answers a failed request (see the module description). `allowedMethods` gives the methods of a
 * path for 405. Interruptions are not answered (re-raised).
 */
export const answerCause = (
  cause: Cause.Cause<unknown>,
  request: HttpServerRequest.HttpServerRequest,
  allowedMethods: (path: string) => ReadonlyArray<string>
): Effect.Effect<HttpServerResponse.HttpServerResponse> => {
  // An interruption-only cause carries no failure value, so it is safe to re-raise as Cause<never>.
  if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
  // The library reads request bodies with orDie, so a body that is not JSON or is too large
  // arrives as a defect: look at the first failure, else the first defect.
  const failure = Option.orElse(Cause.failureOption(cause), () => Cause.dieOption(cause))
  if (Option.isSome(failure)) {
    const e = failure.value
    if (ApiErrors.isApiError(e)) return Effect.succeed(errorResponse(e))
    if (e instanceof HttpApiError.HttpApiDecodeError) return Effect.succeed(errorResponse(invalidParameterOf(e)))
    if (e instanceof HttpServerError.RouteNotFound) {
      const path = requestPath(request)
      // A template of this very method matching means the router refused the path for another
      // reason (a segment that is not valid percent-encoding): no such path, not 405.
      const candidates = allowedMethods(path)
      const allowed = candidates.includes(request.method) ? [] : candidates
      return Effect.succeed(
        errorResponse(
          allowed.length === 0
            ? new ApiErrors.NotFoundError({ path, message: `No such path: ${path}` })
            : new ApiErrors.MethodNotAllowedError({
              allowed,
              message: `${request.method} is not allowed on ${path}; allowed: ${allowed.join(", ")}`
            })
        ).pipe(allowed.length === 0 ? (r) => r : HttpServerResponse.setHeader("allow", allowed.join(", ")))
      )
    }
    if (e instanceof HttpServerError.RequestError) {
      return Effect.succeed(errorResponse(
        String((e.cause as { message?: unknown } | undefined)?.message ?? "").includes("maxBytes")
          ? new ApiErrors.PayloadTooLargeError()
          : new ApiErrors.InvalidParameterError({
            parameter: "body",
            reason: "the request body could not be read as JSON",
            message: "Invalid parameter body: the request body could not be read as JSON"
          })
      ))
    }
    if (isDomainError(e) && e._tag !== "StoreFailure") {
      // A domain error a handler let through unmapped (StoreFailure is a logged 500 below).
      return Effect.succeed(errorResponse(ApiErrors.fromDomain(e, "")))
    }
  }
  const requestId = newRequestId()
  return Effect.logError("request failed", cause).pipe(
    Effect.annotateLogs({ request_id: requestId, "http.method": request.method, "http.path": requestPath(request) }),
    Effect.as(errorResponse(new ApiErrors.InternalError({ request_id: requestId })))
  )
}

/** How much of an over-limit chunked body is read and discarded so the 413 reaches the client. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024

/**
 * Reads a body sent without Content-Length (chunked) up to {@link ApiErrors.MAX_BODY_BYTES}: Some
 * with the bytes when it fits, None when it is larger. A larger body is read on and discarded up
 * to 16 MiB, so the connection stays usable and the client reads the 413 (the library's own limit
 * destroys the socket mid-upload); past that the read stops and the connection is dropped.
 */
const readChunkedBody = (request: HttpServerRequest.HttpServerRequest) =>
  request.stream.pipe(
    Stream.runFoldWhile(
      { chunks: [] as Array<Uint8Array>, size: 0 },
      (s) => s.size <= DRAIN_LIMIT_BYTES,
      (s, chunk) => {
        s.size += chunk.length
        if (s.size <= ApiErrors.MAX_BODY_BYTES) s.chunks.push(chunk)
        return s
      }
    ),
    Effect.map((s) => s.size > ApiErrors.MAX_BODY_BYTES ? Option.none() : Option.some(Buffer.concat(s.chunks)))
  )

/** The request with its body replaced by `body` (already read), for the handlers to decode. */
const withBody = (request: HttpServerRequest.HttpServerRequest, body: Uint8Array) => {
  const headers = Object.entries(request.headers).filter(([name]) => name !== "transfer-encoding")
  const replaced = HttpServerRequest.fromWeb(
    new Request(`http://localhost${request.url}`, { method: request.method, headers, body })
  )
  return Option.match(request.remoteAddress, {
    onNone: () => replaced,
    onSome: (remoteAddress) => replaced.modify({ remoteAddress })
  })
}

/**
 * The API-level error middleware (see the module description). `routes` are every endpoint of
 * the API, for telling 405 from 404. Also caps request bodies at 1 MiB: a Content-Length above it
 * is answered 413 before anything else runs; a chunked body is read first and answered 413 when
 * it grows past the cap.
 */
export const ErrorsMiddlewareLive = (routes: ReadonlyArray<RouteShape>) => {
  const allowedMethods = makeMethodIndex(routes)
  const maxBody = Option.some(FileSystem.Size(ApiErrors.MAX_BODY_BYTES))
  return HttpApiBuilder.middleware((app) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
      const answer = app.pipe(
        HttpIncomingMessage.withMaxBodySize(maxBody),
        Effect.catchAllCause((cause) => answerCause(cause, request, allowedMethods))
      )
      const length = request.headers["content-length"]
      if (length !== undefined) {
        return Number(length) > ApiErrors.MAX_BODY_BYTES
          ? Effect.succeed(errorResponse(new ApiErrors.PayloadTooLargeError()))
          : answer
      }
      if (request.headers["transfer-encoding"] === undefined || !HttpMethod.hasBody(request.method)) return answer
      return readChunkedBody(request).pipe(
        Effect.matchCauseEffect({
          onFailure: (cause) => answerCause(cause, request, allowedMethods),
          onSuccess: Option.match({
            onNone: () => Effect.succeed(errorResponse(new ApiErrors.PayloadTooLargeError())),
            onSome: (body) =>
              Effect.provideService(answer, HttpServerRequest.HttpServerRequest, withBody(request, body))
          })
        })
      )
    })
  )
}

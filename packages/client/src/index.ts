/**
 * The typed TypeScript client of the sports data service, derived from the same HttpApi contract
 * the server implements (`Api` of `@sports-data/api`, through `HttpApiClient.make`): one method per
 * endpoint, grouped as in the contract (`client.nfl.players(...)`, `client.meta.coverage(...)`),
 * with the endpoint's decoded success type and its error schemas as the typed failure.
 *
 * Effect users:
 *
 * ```ts
 * const client = yield* makeClient({ baseUrl: "https://api.example.com", apiKey })
 * const page = yield* client.nfl.players({ urlParams: { team: "BUF" } })
 * ```
 *
 * Everyone else ({@link makePromiseClient}): the same methods returning Promises that reject with
 * the error object itself (an instance of one of {@link ApiErrors}' classes, e.g.
 * `ApiErrors.InvalidApiKeyError` for a 401 INVALID_API_KEY).
 *
 * See the package README for a full example.
 * @module
 */
import type { HttpClientResponse } from "@effect/platform"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpApiClient from "@effect/platform/HttpApiClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { Api, ApiErrors, Security } from "@sports-data/api"
import { Cause, Effect, Exit } from "effect"

export { ApiErrors }

/** Where the service is and which key to send. */
export interface ClientOptions {
  /** Origin of the service, e.g. `https://api.example.com` or `http://127.0.0.1:8080` (no trailing path). */
  readonly baseUrl: string
  /** The API key, sent as the `X-Service-Key` header on every request (never in the query string). */
  readonly apiKey: string
}

/** The client over the `HttpClient` in context (see {@link makeClient}, which provides fetch). */
const makeWithHttpClient = (options: ClientOptions) =>
  HttpApiClient.make(Api, {
    baseUrl: options.baseUrl,
    transformClient: HttpClient.mapRequest(HttpClientRequest.setHeader(Security.SERVICE_KEY_HEADER, options.apiKey))
  })

/**
 * The typed client: one member per group of the contract, one method per endpoint. A method takes
 * `{ path, urlParams, payload }` as the endpoint declares them (only the parts it has) and returns
 * an Effect of the decoded body that fails with:
 * - the endpoint's error schemas, decoded from the standard error object by status and
 *   `error_code` (e.g. `ApiErrors.InvalidParameterError` for 400, `ApiErrors.InvalidApiKeyError`
 *   or `ApiErrors.MissingApiKeyError` for 401, `ApiErrors.TierInsufficientError` for 403);
 * - `HttpClientError` when the request could not be sent or the response not read;
 * - `ParseError` when the request's parameters or the response's body do not match the contract
 *   (parameters are checked before anything is sent).
 */
export type Client = Effect.Effect.Success<ReturnType<typeof makeWithHttpClient>>

/**
 * Builds the typed {@link Client} for `options.baseUrl`, sending `options.apiKey` as X-Service-Key,
 * over the platform's `fetch` (Node 18 and later, browsers, Deno, Bun). Never fails.
 */
export const makeClient = (options: ClientOptions): Effect.Effect<Client> =>
  makeWithHttpClient(options).pipe(Effect.provide(FetchHttpClient.layer))

/**
 * A client method with the Effect replaced by a Promise of its decoded body. The Effect methods are
 * generic in `withResponse` (true adds the raw response as a second element); the Promise ones
 * always return the body alone, so the option is left out.
 */
type Promised<F> = F extends (request: infer Req) => Effect.Effect<infer R, infer _E, infer _C> ? (
    request: Omit<Req, "withResponse">
  ) => Promise<Exclude<R, readonly [unknown, HttpClientResponse.HttpClientResponse]>>
  : never

/**
 * {@link Client} for code that does not use Effect: the same groups and methods, each returning a
 * Promise of the decoded body. A failed call rejects with the failure itself, not a wrapper: an
 * `ApiErrors` instance for an error answered by the service (check it with `instanceof`, or read
 * its `error_code`), else the `HttpClientError` or `ParseError`.
 */
export type PromiseClient = {
  readonly [G in keyof Client]: Client[G] extends (...args: ReadonlyArray<any>) => any ? Promised<Client[G]>
    : { readonly [M in keyof Client[G]]: Promised<Client[G][M]> }
}

/** Runs a client call as a Promise that rejects with the call's failure (see {@link PromiseClient}). */
const toPromise = <A, E>(effect: Effect.Effect<A, E>): Promise<A> =>
  Effect.runPromiseExit(effect).then((exit) =>
    Exit.isSuccess(exit) ? exit.value : Promise.reject(Cause.squash(exit.cause))
  )

/** Wraps every method of a group (or a top-level method) with {@link toPromise}. */
const promised = (member: unknown): unknown =>
  typeof member === "function"
    ? (request: unknown) => toPromise(member(request) as Effect.Effect<unknown, unknown>)
    : Object.fromEntries(Object.entries(member as Record<string, unknown>).map(([name, m]) => [name, promised(m)]))

/**
 * The {@link PromiseClient} for `options` (see {@link makeClient}).
 *
 * ```ts
 * const client = makePromiseClient({ baseUrl, apiKey })
 * const page = await client.nfl.players({ urlParams: { team: "BUF" } })
 * ```
 */
export const makePromiseClient = (options: ClientOptions): PromiseClient => {
  const client = Effect.runSync(makeClient(options))
  return Object.fromEntries(Object.entries(client).map(([name, member]) => [name, promised(member)])) as PromiseClient
}

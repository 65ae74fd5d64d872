/**
 * The group builder of every handler layer: {@link group} is `HttpApiBuilder.group` whose
 * `handle` maps the handler's domain errors to API errors (`mapDomainErrors`, Errors.ts), so the
 * mapping is written once for the API and a new handler cannot forget it.
 *
 * A handler may fail with the API errors its endpoint declares and with the domain errors that
 * become one of them (`ApiErrors.DomainErrorOf`): a ResourceNotFound only where the endpoint
 * declares RESOURCE_NOT_FOUND, so the OpenAPI document still lists every error an endpoint can
 * answer. StoreUnavailable and StoreFailure are allowed everywhere (the API declares 503 and 500).
 * @module
 */
import type { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware, HttpServerResponse } from "@effect/platform"
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import type { ApiErrors } from "@sports-data/api"
import type { Layer, Scope, Types } from "effect"
import { Effect } from "effect"
import { mapDomainErrors } from "../Errors.js"

/** A handler of `Endpoint` that may also fail with the domain errors of the errors it may answer. */
export type DomainHandler<Endpoint extends HttpApiEndpoint.HttpApiEndpoint.Any, E, R> = (
  request: Types.Simplify<HttpApiEndpoint.HttpApiEndpoint.Request<Endpoint>>
) => Effect.Effect<
  HttpApiEndpoint.HttpApiEndpoint.Success<Endpoint> | HttpServerResponse.HttpServerResponse,
  | HttpApiEndpoint.HttpApiEndpoint.Error<Endpoint>
  | E
  | ApiErrors.DomainErrorOf<HttpApiEndpoint.HttpApiEndpoint.Error<Endpoint> | E>,
  R
>

/**
 * The handlers of a group being built (HttpApiBuilder's `Handlers`, same type parameters: `E` the
 * errors every endpoint of the group may answer, `R` what the handlers need, `Endpoints` those not
 * handled yet), whose `handle` takes a {@link DomainHandler}.
 */
export interface Handlers<E, Provides, R, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any = never> {
  /** The library's handlers with every handler added so far (domain errors mapped). */
  readonly built: HttpApiBuilder.Handlers<E, Provides, R, Endpoints>
  /** Adds the handler of endpoint `name`; its domain errors are mapped to API errors. */
  handle<Name extends HttpApiEndpoint.HttpApiEndpoint.Name<Endpoints>, R1>(
    name: Name,
    handler: DomainHandler<HttpApiEndpoint.HttpApiEndpoint.WithName<Endpoints, Name>, E, R1>
  ): Handlers<
    E,
    Provides,
    | R
    | Exclude<
      HttpApiEndpoint.HttpApiEndpoint.ExcludeProvided<
        Endpoints,
        Name,
        R1 | HttpApiEndpoint.HttpApiEndpoint.ContextWithName<Endpoints, Name>
      >,
      Provides
    >,
    HttpApiEndpoint.HttpApiEndpoint.ExcludeName<Endpoints, Name>
  >
}

/** {@link Handlers} of a group of an API (as HttpApiBuilder's `Handlers.FromGroup`). */
export type FromGroup<ApiError, ApiR, Group extends HttpApiGroup.HttpApiGroup.Any> = Handlers<
  ApiError | HttpApiGroup.HttpApiGroup.Error<Group>,
  HttpApiMiddleware.HttpApiMiddleware.ExtractProvides<ApiR> | HttpApiGroup.HttpApiGroup.Provides<Group>,
  never,
  HttpApiGroup.HttpApiGroup.Endpoints<Group>
>

/** `A` when it handles every endpoint, else a message naming those left (as HttpApiBuilder's). */
export type ValidateReturn<A> = A extends
  | Handlers<infer _E, infer _Provides, infer _R, infer _Endpoints>
  | Effect.Effect<Handlers<infer _E, infer _Provides, infer _R, infer _Endpoints>, infer _EX, infer _RX>
  ? [_Endpoints] extends [never] ? A
  : `Endpoint not handled: ${HttpApiEndpoint.HttpApiEndpoint.Name<_Endpoints>}`
  : `Must return the implemented handlers`

/** What the handlers of a build need. */
export type BuildContext<A> = A extends Handlers<infer _E, infer _Provides, infer _R, infer _Endpoints> ? _R
  : A extends Effect.Effect<Handlers<infer _E, infer _Provides, infer _R, infer _Endpoints>, infer _EX, infer _RX>
    ? _R | _RX
  : never

/** How a build that is an effect can fail. */
export type BuildError<A> = A extends
  Effect.Effect<Handlers<infer _E, infer _Provides, infer _R, infer _Endpoints>, infer _EX, infer _RX> ? _EX
  : never

/** `built` whose `handle` maps each new handler's domain errors (mapDomainErrors). */
const wrap = <E, Provides, R, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any>(
  built: HttpApiBuilder.Handlers<E, Provides, R, Endpoints>
): Handlers<E, Provides, R, Endpoints> => ({
  built,
  handle: (name, handler) => wrap(built.handle(name, (request) => mapDomainErrors(handler(request)) as any))
})

/**
 * The handlers layer of group `groupName` of `api`, as `HttpApiBuilder.group`, with every
 * handler's domain errors mapped to API errors (see the module description). `build` returns
 * the handlers, or an effect of them (to read services once when the layer is built).
 */
export const group = <
  ApiId extends string,
  Groups extends HttpApiGroup.HttpApiGroup.Any,
  ApiError,
  ApiR,
  const Name extends HttpApiGroup.HttpApiGroup.Name<Groups>,
  Return
>(
  api: HttpApi.HttpApi<ApiId, Groups, ApiError, ApiR>,
  groupName: Name,
  build: (
    handlers: FromGroup<ApiError, ApiR, HttpApiGroup.HttpApiGroup.WithName<Groups, Name>>
  ) => ValidateReturn<Return>
): Layer.Layer<
  HttpApiGroup.ApiGroup<ApiId, Name>,
  BuildError<Return>,
  Exclude<BuildContext<Return> | HttpApiGroup.HttpApiGroup.MiddlewareWithName<Groups, Name>, Scope.Scope>
> =>
  HttpApiBuilder.group(api, groupName, (handlers) => {
    const result = build(wrap(handlers) as any) as unknown as
      | Handlers<any, any, any, never>
      | Effect.Effect<Handlers<any, any, any, never>, any, any>
    return (Effect.isEffect(result) ? Effect.map(result, (h) => h.built) : result.built) as any
  }) as any

/**
 * What every data handler shares: the response envelope and its meta (from the admitted
 * {@link Security.Caller}), with `meta.coverage` where the endpoint's data is not (fully)
 * supplied by any source, and the context of an operation.
 * @module
 */
import type { HttpServerRequest } from "@effect/platform"
import { ApiErrors, Params, Security } from "@sports-data/api"
import { Coverage, type EventSport, Paging, type Resources, type TeamSport } from "@sports-data/domain"
import { Effect } from "effect"
import { requestPath } from "../Errors.js"

/** Base of the `documentation_url` of ResponseMeta: the API reference, one anchor per operation. */
export const API_DOCUMENTATION_URL = `${new URL(ApiErrors.DOCUMENTATION_URL).origin}/api`

/** The documentation link of an operation (`<group>.<endpoint>`, the OpenAPI operationId). */
export const operationDocs = (operationId: string): string => `${API_DOCUMENTATION_URL}#${operationId}`

/**
 * What every envelope builder needs, as plain values: the REST path whose data the answer is
 * (the envelope's `endpoint`, without the query string), the sport of the meta and the
 * operation (`<group>.<name>`, the OpenAPI operationId its meta documents). A REST handler takes
 * the path from its request (`requestPath`); an MCP tool names the path of its REST equivalent.
 */
export interface EnvelopeContext {
  readonly endpoint: string
  readonly sport: string
  readonly operation: string
}

/** The context of an operation of a sport's group: the meta's sport is the group's. */
export interface SportContext extends EnvelopeContext {
  readonly sport: TeamSport
  /** The operation's name within the group (`players`, `standings`...). */
  readonly name: string
}

/** The {@link EnvelopeContext} builder of an event sport's group (operation id `<sport>.<name>`). */
export const eventSportContext =
  (sport: EventSport) => (request: HttpServerRequest.HttpServerRequest, name: string): EnvelopeContext => ({
    endpoint: requestPath(request),
    sport,
    operation: `${sport}.${name}`
  })

/** The {@link SportContext} builder of `sport`'s group (operation id `<sport>.<name>`). */
export const sportContext =
  (sport: TeamSport) => (request: HttpServerRequest.HttpServerRequest, name: string): SportContext => ({
    endpoint: requestPath(request),
    sport,
    name,
    operation: `${sport}.${name}`
  })

/**
 * `meta.coverage` of an answer with no rows (Coverage.emptyAnswerCoverage: the operation's gap or
 * known limit, else "nothing matched"); undefined when there are rows.
 */
export const coverageMeta = (ctx: EnvelopeContext, data: unknown): Coverage.MetaCoverage | undefined =>
  Array.isArray(data) && data.length === 0
    ? Coverage.emptyAnswerCoverage(ctx.sport, ctx.operation.slice(ctx.operation.indexOf(".") + 1))
    : undefined

/**
 * ResponseMeta for the admitted caller: `sport` as given, `league` when given, the caller's tier
 * and remaining daily and monthly calls (null when the plan has no such ceiling), `coverage`
 * when given.
 */
export const meta = (
  sport: string,
  operationId: string,
  extra: { readonly league?: string | undefined; readonly coverage?: Coverage.MetaCoverage | undefined } = {}
): Effect.Effect<Resources.ResponseMeta, never, Security.Caller> =>
  Effect.map(Security.Caller, (caller) => ({
    sport,
    ...(extra.league === undefined ? {} : { league: extra.league }),
    tier: caller.key.tier,
    calls_remaining_this_month: caller.calls_remaining_this_month,
    calls_remaining_today: caller.calls_remaining_today,
    documentation_url: operationDocs(operationId),
    ...(extra.coverage === undefined ? {} : { coverage: extra.coverage })
  }))

/**
 * The envelope `{success, endpoint, count, data, meta}` of `data` (count = rows, 1 for an
 * object), with `extra` fields merged in (total/offset/limit, query, player, season...),
 * `meta.league` when `league` is given, and `meta.coverage`: `coverage` when given (a gap that
 * depends on the request, such as a session no source has), else {@link coverageMeta}.
 */
export const envelope = <A, X extends Record<string, unknown> = {}>(
  ctx: EnvelopeContext,
  data: A,
  extra?: X,
  league?: string,
  coverage?: Coverage.MetaCoverage
) =>
  Effect.map(meta(ctx.sport, ctx.operation, { league, coverage: coverage ?? coverageMeta(ctx, data) }), (m) => ({
    success: true,
    endpoint: ctx.endpoint,
    count: Array.isArray(data) ? data.length : 1,
    ...(extra ?? ({} as X)),
    data,
    meta: m
  }))

/** The date a `date` parameter names: `today` is the admitted call's UTC date. */
export const gameDate = (date: string | undefined) =>
  Effect.map(Security.Caller, (caller) => (date === "today" ? caller.now.toISOString().slice(0, 10) : date))

/** The `limit` and `offset` a bounded list's request gives (either may be absent). */
export interface ListPage {
  readonly limit?: number | undefined
  readonly offset?: number | undefined
}

/**
 * `limit` rows from `offset` of `rows`, a bounded list computed whole (domain
 * `Paging.offsetPage`; `limit` defaulted from `spec`, `offset` from 0), with `paging`, the fields
 * its answer carries: `total` (rows before paging), `offset` and `limit`.
 */
export const listPage = <A>(rows: ReadonlyArray<A>, page: ListPage, spec: Params.LimitSpec) => {
  const limit = Params.withDefault(page.limit, spec)
  const offset = Params.withDefault(page.offset, 0)
  const cut = Paging.offsetPage(rows, { limit, offset })
  return { rows: cut.rows, paging: { total: cut.total, offset, limit } }
}

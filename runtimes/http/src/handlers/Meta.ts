/**
 * Handlers of the meta group (`/v1/sports`, `/v1/data/status`, `/v1/meta/coverage`) and of the
 * unauthenticated `/api/public/stats`.
 * @module
 */
import type { HttpServerRequest } from "@effect/platform"
import { Api, Params, Security } from "@sports-data/api"
import { Catalog } from "@sports-data/app"
import { type Resources, SportKey, Sports } from "@sports-data/domain"
import { Runner } from "@sports-data/ingest"
import { Clock, Duration, Effect, Option, Ref } from "effect"
import { requestPath } from "../Errors.js"
import { envelope, listPage } from "./Common.js"
import { group } from "./Group.js"

const ctx = (request: HttpServerRequest.HttpServerRequest, operation: string) => ({
  endpoint: requestPath(request),
  sport: "all",
  operation: `meta.${operation}`
})

/**
 * The operations of each sport's group as `[name, path]`, read once from the contract; the
 * lookup `Catalog.coverage` takes.
 */
export const sportOperations = (): (sport: SportKey) => ReadonlyArray<readonly [string, string]> => {
  const endpoints = Security.endpointTiers(Api)
  const bySport = new Map(SportKey.literals.map((sport) => [
    sport,
    endpoints.filter((e) => e.group === sport).map((e) => [e.name, Security.openApiPath(e.path)] as const)
  ]))
  return (sport) => bySport.get(sport) ?? []
}

/** The dataset folders each sport reads (its ingest registration); the lookup `Catalog.coverage` takes. */
export const sportSources = (sport: SportKey): ReadonlyArray<string> => Runner.ingesters[sport]?.sources ?? []

/**
 * `/v1/sports` rows: every sport key of the specification, whether this service serves it, and
 * the paths it serves under `/v1/<sport>/` (read from the contract, so the list cannot drift).
 */
export const sportsRows = (): ReadonlyArray<Resources.SportInfo> => {
  const paths = Security.endpointTiers(Api).map((e) => Security.openApiPath(e.path))
  return SportKey.literals.map((sport) => {
    const endpoints = [...new Set(paths.filter((p) => p.startsWith(`/v1/${sport}/`)))]
    return {
      sport,
      name: Sports.shortNameOf(sport),
      available: endpoints.length > 0,
      endpoints
    }
  })
}

/** How long `/api/public/stats` answers from its last computation. */
export const PUBLIC_STATS_TTL = Duration.seconds(60)

/** The meta handlers. Requires the application services. */
export const MetaLive = group(Api, "meta", (handlers) =>
  Effect.sync(() => {
    const sports = sportsRows()
    const operations = sportOperations()
    return handlers
      .handle("sports", ({ request, urlParams }) => {
        const { paging, rows } = listPage(sports, urlParams, Params.ListLimits.meta)
        return envelope(ctx(request, "sports"), rows, paging)
      })
      .handle("dataStatus", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const all = yield* (yield* Catalog).dataStatus()
          const { paging, rows } = listPage(all, urlParams, Params.ListLimits.meta)
          return yield* envelope(ctx(request, "dataStatus"), rows, paging)
        }))
      .handle("coverage", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const all = yield* (yield* Catalog).coverage(operations, sportSources)
          const { paging, rows } = listPage(all, urlParams, Params.ListLimits.meta)
          return yield* envelope(ctx(request, "coverage"), rows, paging)
        }))
  }))

/**
 * The public handler. The endpoint needs no key, so no caller may make it expensive: the first
 * call computes the counters (`Catalog.publicStats`, counts over whole tables); after that every
 * call answers from the last computation at once, and a call that finds it older than
 * {@link PUBLIC_STATS_TTL} starts one recomputation in the background (never more than one at a
 * time) whose result later calls get. A failed recomputation is logged and the last value kept.
 */
export const PublicLive = group(Api, "public", (handlers) =>
  Effect.gen(function*() {
    const catalog = yield* Catalog
    const cache = yield* Ref.make(Option.none<{ readonly at: number; readonly value: Resources.PublicStats }>())
    const refreshing = yield* Ref.make(false)
    const compute = (now: number) =>
      Effect.tap(catalog.publicStats(new Date(now)), (value) => Ref.set(cache, Option.some({ at: now, value })))
    return handlers.handle("stats", () =>
      Effect.gen(function*() {
        const now = yield* Clock.currentTimeMillis
        const cached = yield* Ref.get(cache)
        if (Option.isNone(cached)) return yield* compute(now)
        if (now - cached.value.at >= Duration.toMillis(PUBLIC_STATS_TTL) && !(yield* Ref.getAndSet(refreshing, true))) {
          // a daemon: the recomputation must outlive the request that started it
          yield* Effect.forkDaemon(
            compute(now).pipe(
              Effect.catchAllCause((cause) => Effect.logWarning("public stats: recomputation failed", cause)),
              Effect.ensuring(Ref.set(refreshing, false))
            )
          )
        }
        return cached.value.value
      }))
  }))

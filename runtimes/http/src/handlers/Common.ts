/**
 * Helpers shared by the data handlers: the response envelope and its meta (from the admitted
 * {@link Security.Caller}), paging through the SportsStore, and the lookups that answer
 * 404 RESOURCE_NOT_FOUND.
 * @module
 */
import type { HttpServerRequest } from "@effect/platform"
import { ApiErrors, Security } from "@sports-data/api"
import {
  type Game,
  type Paged,
  parseCanonicalPlayerId,
  type Player,
  type Resources,
  type StatLine,
  type StoreError,
  type Team,
  type TeamSport
} from "@sports-data/domain"
import { Effect, Option } from "effect"
import { requestPath } from "../Errors.js"
import { type SportsStoreService } from "./LegacyStore.js"

/** Base of the `documentation_url` of ResponseMeta: the API reference, one anchor per operation. */
export const API_DOCUMENTATION_URL = `${new URL(ApiErrors.DOCUMENTATION_URL).origin}/api`

/** The documentation link of an operation (`<group>.<endpoint>`, the OpenAPI operationId). */
export const operationDocs = (operationId: string): string => `${API_DOCUMENTATION_URL}#${operationId}`

/**
 * ResponseMeta for the admitted caller: `sport` as given, the caller's tier and remaining daily
 * and monthly calls (null when the plan has no such ceiling).
 */
export const meta = (
  sport: string,
  operationId: string
): Effect.Effect<Resources.ResponseMeta, never, Security.Caller> =>
  Effect.map(Security.Caller, (caller) => ({
    sport,
    tier: caller.key.tier,
    calls_remaining_this_month: caller.calls_remaining_this_month,
    calls_remaining_today: caller.calls_remaining_today,
    documentation_url: operationDocs(operationId)
  }))

/** What every envelope builder needs: the request, the sport of the meta, the operation id. */
export interface EnvelopeContext {
  readonly request: HttpServerRequest.HttpServerRequest
  readonly sport: string
  readonly operation: string
}

/** The context of an operation of a sport's group: the meta's sport is the group's. */
export interface SportContext extends EnvelopeContext {
  readonly sport: TeamSport
}

/** The {@link SportContext} builder of `sport`'s group (operation id `<sport>.<operation>`). */
export const sportContext =
  (sport: TeamSport) => (request: HttpServerRequest.HttpServerRequest, operation: string): SportContext => ({
    request,
    sport,
    operation: `${sport}.${operation}`
  })

/**
 * The envelope `{success, endpoint, count, data, meta}` of `data` (count = rows, 1 for an
 * object), with `extra` fields merged in (total/offset/limit, query, player, season...).
 */
export const envelope = <A, X extends Record<string, unknown> = {}>(
  ctx: EnvelopeContext,
  data: A,
  extra?: X
) =>
  Effect.map(meta(ctx.sport, ctx.operation), (m) => ({
    success: true,
    endpoint: requestPath(ctx.request),
    count: Array.isArray(data) ? data.length : 1,
    ...(extra ?? ({} as X)),
    data,
    meta: m
  }))

/** Rows fetched per store call when a handler needs every matching row. */
export const PAGE_SIZE = 1000

/** Every row of a paged store query, fetched {@link PAGE_SIZE} at a time. */
export const allRows = <A>(
  fetch: (page: { readonly limit: number; readonly offset: number }) => Effect.Effect<Paged<A>, StoreError>
): Effect.Effect<ReadonlyArray<A>, StoreError> =>
  Effect.gen(function*() {
    const out: Array<A> = []
    for (let offset = 0;; offset += PAGE_SIZE) {
      const page = yield* fetch({ limit: PAGE_SIZE, offset })
      out.push(...page.rows)
      if (page.rows.length < PAGE_SIZE || out.length >= page.total) return out
    }
  })

/** 404 RESOURCE_NOT_FOUND for `resource` with `id`. */
export const notFound = (resource: string, id: string) =>
  new ApiErrors.ResourceNotFoundError({ resource, id, message: `No ${resource} with id ${id}.` })

/**
 * The player with canonical id `id` of `sport`; 404 RESOURCE_NOT_FOUND (resource player) when the
 * id is not of the form `svc_<sport>_<id>` for this sport or no such player is stored.
 */
export const requirePlayer = (store: SportsStoreService, sport: TeamSport, id: string) =>
  Effect.gen(function*() {
    const parsed = parseCanonicalPlayerId(id)
    if (parsed === undefined || parsed.sport !== sport) return yield* Effect.fail(notFound("player", id))
    const found = yield* store.getPlayer(id)
    if (Option.isNone(found) || found.value.sport !== sport) return yield* Effect.fail(notFound("player", id))
    return found.value
  })

/** The teams of a sport by abbreviation. */
export const teamMap = (store: SportsStoreService, sport: TeamSport) =>
  Effect.map(store.findTeams(sport), (teams) => new Map(teams.map((t) => [t.abbr, t] as const)))

/** The team `abbr` (case-insensitive) of `sport`; 404 RESOURCE_NOT_FOUND (resource team) when unknown. */
export const requireTeam = (store: SportsStoreService, sport: TeamSport, abbr: string) =>
  Effect.flatMap(store.findTeams(sport), (teams) => {
    const team = teams.find((t) => t.abbr.toUpperCase() === abbr.toUpperCase())
    return team === undefined ? Effect.fail(notFound("team", abbr.toUpperCase())) : Effect.succeed(team)
  })

/** The end of the sport's last ingestion (ISO), or null when it was never ingested. */
export const lastIngested = (store: SportsStoreService, sport: TeamSport) =>
  Effect.map(store.getIngestState(sport), (s) => (Option.isSome(s) ? s.value.finished_at.toISOString() : null))

/**
 * When a sport's data was last refreshed (ISO): the end of its last ingestion, else the store's
 * last update for the sport, else `now`. Used as `last_polled` / `last_updated`.
 */
export const lastRefreshed = (store: SportsStoreService, sport: TeamSport, now: Date) =>
  Effect.gen(function*() {
    const ingested = yield* lastIngested(store, sport)
    if (ingested !== null) return ingested
    const summary = yield* store.summary
    return (summary.find((s) => s.sport === sport)?.last_updated ?? now).toISOString()
  })

/**
 * The latest season with at least one finished game (final or completed), or null when none is
 * held: the default `season` of the standings endpoints ("current year" in the specification;
 * the current calendar year often has no results yet, or is the second half of an nba season).
 */
export const latestResultSeason = (store: SportsStoreService, sport: TeamSport) =>
  Effect.gen(function*() {
    let best: number | null = null
    for (const state of ["final", "completed"]) {
      const page = yield* store.findGames({ sport, state, order: "desc", limit: 1, offset: 0 })
      const season = page.rows[0]?.season
      if (season !== undefined && (best === null || season > best)) best = season
    }
    return best
  })

/** Every game of a sport's season. */
export const seasonGames = (store: SportsStoreService, sport: TeamSport, season: number) =>
  allRows((page) => store.findGames({ sport, season, order: "asc", ...page }))

/** The game of each of `lines` (undefined for a line without a game, or a game not held). */
export const gamesOfLines = (store: SportsStoreService, sport: TeamSport, lines: ReadonlyArray<StatLine>) =>
  Effect.gen(function*() {
    const ids = [...new Set(lines.flatMap((l) => (l.game_id === null ? [] : [l.game_id])))]
    const games = ids.length === 0
      ? []
      : yield* allRows((page) => store.findGames({ sport, ids, order: "asc", ...page }))
    const byId = new Map(games.map((g) => [g.id, g] as const))
    return (line: StatLine): Game | undefined => (line.game_id === null ? undefined : byId.get(line.game_id))
  })

/** The players with these ids, by id. */
export const playersById = (store: SportsStoreService, ids: ReadonlyArray<string>) =>
  ids.length === 0
    ? Effect.succeed(new Map<string, Player>())
    : Effect.map(
      allRows((page) => store.findPlayers({ ids, ...page })),
      (players) => new Map(players.map((p) => [p.id, p] as const))
    )

/** Players of a team (every page). */
export const teamPlayers = (store: SportsStoreService, sport: TeamSport, team: Team) =>
  allRows((page) => store.findPlayers({ sport, team: team.abbr, ...page }))

/** A page of an in-memory list: `limit` rows from `offset`. */
export const pageOf = <A>(rows: ReadonlyArray<A>, limit: number, offset: number): ReadonlyArray<A> =>
  rows.slice(offset, offset + limit)

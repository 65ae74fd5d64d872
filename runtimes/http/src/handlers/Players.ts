/**
 * Handlers of the cross-sport players group (`/v1/players`): search and compare.
 * @module
 */
import { HttpApiBuilder, type HttpServerRequest } from "@effect/platform"
import { Api } from "@sports-data/api/Api"
import { withDefault } from "@sports-data/api/params/Common"
import { SearchLimit } from "@sports-data/api/params/Players"
import { parseCanonicalPlayerId, type Player, type Resources, Sports, type TeamSport } from "@sports-data/domain"
import { Effect, Option } from "effect"
import { mapStoreErrors } from "../Errors.js"
import { allRows, envelope, notFound } from "./Common.js"
import { LegacyStore, type SportsStoreService } from "./LegacyStore.js"
import { round, searchRow, stat } from "./Rows.js"

const ctx = (request: HttpServerRequest.HttpServerRequest, sport: string, operation: string) => ({
  request,
  sport,
  operation: `players.${operation}`
})

/** Name candidates looked at when resolving a compare reference by name. */
const NAME_CANDIDATES = 50

/** Stat lines read for the compared season (a full season with playoffs is under 200 games). */
const SEASON_LINES = 250

/**
 * The player a compare reference names: a canonical id (`svc_<sport>_<id>`), else a name, matched
 * case-insensitively, an exact full name first, else the first partial match alphabetically.
 * 404 RESOURCE_NOT_FOUND (player) when nothing matches, or the id is of another sport than `sport`.
 */
export const resolvePlayer = (store: SportsStoreService, ref: string, sport: TeamSport | undefined) =>
  Effect.gen(function*() {
    const trimmed = ref.trim()
    if (parseCanonicalPlayerId(trimmed) !== undefined) {
      const found = yield* store.getPlayer(trimmed)
      if (Option.isSome(found) && (sport === undefined || found.value.sport === sport)) return found.value
      return yield* Effect.fail(notFound("player", trimmed))
    }
    const page = yield* store.findPlayers({ sport, search: trimmed, limit: NAME_CANDIDATES, offset: 0 })
    const lower = trimmed.toLowerCase()
    const hit = page.rows.find((p) => p.full_name.toLowerCase() === lower) ?? page.rows[0]
    if (hit === undefined) return yield* Effect.fail(notFound("player", trimmed))
    return hit
  })

/**
 * One side of a comparison: the player's most recent season with stat lines, its games, fantasy
 * points (total and per game, over lines that have points, two decimals) and the per-game mean of
 * every stat key of the sport present in those lines (flags such as is_back_to_back left out).
 */
export const comparedPlayer = (store: SportsStoreService, p: Player) =>
  Effect.gen(function*() {
    const latest = yield* store.findStatLines({ sport: p.sport, player_id: p.id, order: "recent", limit: 1, offset: 0 })
    const season = latest.rows[0]?.season
    if (season === undefined) {
      return {
        player: searchRow(p),
        season: null,
        games: 0,
        fantasy_points_total: null,
        fantasy_points_avg: null,
        averages: {}
      } satisfies Resources.ComparedPlayer
    }
    const lines = (yield* store.findStatLines({
      sport: p.sport,
      player_id: p.id,
      season,
      order: "recent",
      limit: SEASON_LINES,
      offset: 0
    })).rows
    const points = lines.flatMap((l) => (l.fantasy_points === null ? [] : [l.fantasy_points]))
    const total = points.reduce((a, b) => a + b, 0)
    const averages: Record<string, number> = {}
    for (const key of Sports.StatKeys[p.sport] as ReadonlyArray<string>) {
      if (key.startsWith("is_")) continue
      const values = lines.flatMap((l) => {
        const v = stat(l, key)
        return v === null ? [] : [v]
      })
      if (values.length > 0) averages[key] = round(values.reduce((a, b) => a + b, 0) / values.length, 2)
    }
    return {
      player: searchRow(p),
      season,
      games: lines.length,
      fantasy_points_total: points.length === 0 ? null : round(total, 2),
      fantasy_points_avg: points.length === 0 ? null : round(total / points.length, 2),
      averages
    } satisfies Resources.ComparedPlayer
  })

/** The players handlers. Requires the readers of LegacyStore when built. */
export const PlayersLive = HttpApiBuilder.group(Api, "players", (handlers) =>
  Effect.gen(function*() {
    const store = yield* LegacyStore
    return handlers
      .handle("search", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const q = urlParams.q.trim()
          const limit = withDefault(urlParams.limit, SearchLimit)
          const query = { sport: urlParams.sport, search: q }
          const position = urlParams.position
          // Stored positions are wider than the sports' filter values (G, PK, LF...): match them
          // as the sport lists do, over every name match.
          const rows = position === undefined
            ? (yield* store.findPlayers({ ...query, limit, offset: 0 })).rows
            : (yield* allRows((page) => store.findPlayers({ ...query, ...page })))
              .filter((p) => Sports.positionMatches(p.sport, position, p.position))
              .slice(0, limit)
          return yield* envelope(ctx(request, urlParams.sport ?? "all", "search"), rows.map(searchRow), { query: q })
        }).pipe(mapStoreErrors))
      .handle("compare", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const a = yield* resolvePlayer(store, urlParams.player1, urlParams.sport)
          const b = yield* resolvePlayer(store, urlParams.player2, urlParams.sport)
          const rows = yield* Effect.all([comparedPlayer(store, a), comparedPlayer(store, b)])
          const sport = urlParams.sport ?? (a.sport === b.sport ? a.sport : "all")
          return yield* envelope(ctx(request, sport, "compare"), rows)
        }).pipe(mapStoreErrors))
  }))

/**
 * Handlers of the meta group (`/v1/sports`, `/v1/data/status`, `/v1/meta/coverage`) and of the
 * unauthenticated `/api/public/stats`.
 * @module
 */
import { HttpApiBuilder, type HttpServerRequest } from "@effect/platform"
import { Security } from "@sports-data/api"
import { Api } from "@sports-data/api/Api"
import { KeyStore, type KeyStoreService, type Resources, SportKey, teamSports } from "@sports-data/domain"
import { Clock, Duration, Effect, Option, Ref } from "effect"
import { mapStoreErrors } from "../Errors.js"
import { allRows, envelope } from "./Common.js"
import { LegacyStore, type SportsStoreService } from "./LegacyStore.js"

const ctx = (request: HttpServerRequest.HttpServerRequest, operation: string) => ({
  request,
  sport: "all",
  operation: `meta.${operation}`
})

/** Display names of the sport keys. */
export const SPORT_NAMES: Readonly<Record<SportKey, string>> = {
  nfl: "NFL",
  mlb: "MLB",
  nba: "NBA",
  nhl: "NHL",
  cfb: "College Football",
  soccer: "Soccer",
  tennis: "Tennis",
  golf: "Golf",
  ufc: "UFC",
  f1: "Formula 1",
  nascar: "NASCAR"
}

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
      name: SPORT_NAMES[sport],
      available: (teamSports as ReadonlyArray<string>).includes(sport) && endpoints.length > 0,
      endpoints
    }
  })
}

/** How long `/api/public/stats` answers from its last computation. */
export const PUBLIC_STATS_TTL = Duration.seconds(60)

/**
 * PublicStats from the stores:
 * - `active_users`: keys that are active, not revoked, and not past a trial end;
 * - `active_signals`: 0 (no signal source is ingested yet);
 * - `players_tracked`: players held, all sports; `sports_covered`: sports with players;
 * - `platforms`: distinct platform names in the players' platform id maps.
 */
export const computePublicStats = (store: SportsStoreService, keys: KeyStoreService, now: Date) =>
  Effect.gen(function*() {
    const records = yield* keys.list
    const summary = yield* store.summary
    const players = yield* allRows((page) => store.findPlayers(page))
    const platforms = new Set(players.flatMap((p) => Object.keys(p.platform_ids)))
    return {
      active_users: records.filter((r) =>
        r.state === "active" && r.revoked_at === null &&
        (r.trial_ends_at === null || r.trial_ends_at.getTime() > now.getTime())
      ).length,
      active_signals: 0,
      players_tracked: summary.reduce((n, s) => n + s.players, 0),
      sports_covered: summary.filter((s) => s.players > 0).length,
      platforms: platforms.size
    } satisfies Resources.PublicStats
  })

/** The meta handlers. Requires the readers of LegacyStore when built. */
export const MetaLive = HttpApiBuilder.group(Api, "meta", (handlers) =>
  Effect.gen(function*() {
    const store = yield* LegacyStore
    const sports = sportsRows()
    return handlers
      .handle("sports", ({ request }) => envelope(ctx(request, "sports"), sports))
      .handle("dataStatus", ({ request }) =>
        Effect.gen(function*() {
          const summary = yield* store.summary
          const rows = yield* Effect.forEach(summary, (s) =>
            Effect.map(store.getIngestState(s.sport), (state): Resources.DataStatusRow => ({
              sport: s.sport,
              players: s.players,
              teams: s.teams,
              games: s.games,
              stat_lines: s.stat_lines,
              last_ingested_at: Option.isSome(state) ? state.value.finished_at.toISOString() : null,
              source_updated_at: Option.isSome(state) ? new Date(state.value.source_mtime_ms).toISOString() : null,
              last_game_date: s.last_game_date,
              last_signal_update: null
            })))
          return yield* envelope(ctx(request, "dataStatus"), rows)
        }).pipe(mapStoreErrors))
      .handle("coverage", ({ request }) =>
        Effect.gen(function*() {
          const summary = yield* store.summary
          const rows = summary.map((s): Resources.CoverageRow => ({
            sport: s.sport,
            seasons: [...s.seasons].sort((a, b) => a - b),
            first_game_date: s.first_game_date,
            last_game_date: s.last_game_date,
            games: s.games,
            stat_lines: s.stat_lines,
            players: s.players,
            teams: s.teams
          }))
          return yield* envelope(ctx(request, "coverage"), rows)
        }).pipe(mapStoreErrors))
  }))

/**
 * The public handler. The counters are recomputed at most every {@link PUBLIC_STATS_TTL} (the
 * endpoint needs no key, so each call must stay cheap); a failed computation is not cached.
 * Requires the readers of LegacyStore and KeyStore when built.
 */
export const PublicLive = HttpApiBuilder.group(Api, "public", (handlers) =>
  Effect.gen(function*() {
    const store = yield* LegacyStore
    const keys = yield* KeyStore
    const cache = yield* Ref.make(Option.none<{ readonly at: number; readonly value: Resources.PublicStats }>())
    return handlers.handle("stats", () =>
      Effect.gen(function*() {
        const now = yield* Clock.currentTimeMillis
        const cached = yield* Ref.get(cache)
        if (Option.isSome(cached) && now - cached.value.at < Duration.toMillis(PUBLIC_STATS_TTL)) {
          return cached.value.value
        }
        const value = yield* computePublicStats(store, keys, new Date(now))
        yield* Ref.set(cache, Option.some({ at: now, value }))
        return value
      }).pipe(mapStoreErrors))
  }))

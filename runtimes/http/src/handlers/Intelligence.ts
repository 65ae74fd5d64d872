/**
 * Handlers of the intelligence group: decode, call the Signals (and Games) application services,
 * wrap in the envelope. `sport=all` (news, injuries) means every signal sport; the news
 * `position` is matched only when a store can compare it (plain text of at most 100 characters),
 * else the answer is empty, never a 400 (decisions.md).
 * @module
 */
import type { HttpServerRequest } from "@effect/platform"
import { Api, Params } from "@sports-data/api"
import { Games, Signals } from "@sports-data/app"
import { Signals as Rules, type SignalSport } from "@sports-data/domain"
import { Effect } from "effect"
import { requestPath } from "../Errors.js"
import { envelope, listPage } from "./Common.js"
import { group } from "./Group.js"

const ctx = (request: HttpServerRequest.HttpServerRequest, sport: string, name: string) => ({
  endpoint: requestPath(request),
  sport,
  operation: `intelligence.${name}`
})

const allSports = Rules.SignalSport.literals

/** The sports a `sport` parameter of the signal sports (or `all`) names; undefined = every one. */
const sportsOf = (sport: SignalSport | "all" | undefined, fallback: SignalSport | "all") => {
  const s = sport ?? fallback
  return s === "all" ? allSports : [s]
}

/** The intelligence handlers. Requires the Signals and Games application services. */
export const IntelligenceLive = group(Api, "intelligence", (handlers) => {
  const news = (
    name: string,
    request: HttpServerRequest.HttpServerRequest,
    p: typeof Params.NewsParams.Type
  ) =>
    Effect.gen(function*() {
      const position = p.position === undefined
        ? undefined
        : Params.isPlainText(p.position) && p.position.length <= 100
        ? p.position.trim()
        : null
      const rows = position === null ? [] : yield* (yield* Signals).news({
        sports: sportsOf(p.sport, "all"),
        severity: p.severity,
        team: p.team,
        position: position === "" ? undefined : position,
        group: p.signal_type,
        limit: Params.withDefault(p.limit, Params.IntelligenceLimits.news)
      })
      return yield* envelope(ctx(request, p.sport ?? "all", name), rows)
    })
  const injuries = (
    name: string,
    request: HttpServerRequest.HttpServerRequest,
    p: typeof Params.InjuriesParams.Type
  ) =>
    Effect.gen(function*() {
      const rows = yield* (yield* Signals).injuries({
        sports: sportsOf(p.sport, "nfl"),
        minimum: p.severity,
        team: p.team,
        player: p.player?.trim(),
        limit: Params.withDefault(p.limit, Params.IntelligenceLimits.injuries)
      })
      return yield* envelope(ctx(request, p.sport ?? "nfl", name), rows)
    })
  return handlers
    .handle("news", ({ request, urlParams }) => news("news", request, urlParams))
    .handle("newsV1", ({ request, urlParams }) => news("news", request, urlParams))
    .handle("injuries", ({ request, urlParams }) => injuries("injuries", request, urlParams))
    .handle("injuriesV1", ({ request, urlParams }) => injuries("injuries", request, urlParams))
    .handle("signals", ({ request, urlParams: p }) =>
      Effect.gen(function*() {
        const limit = Params.withDefault(p.limit, Params.IntelligenceLimits.signals)
        const offset = p.offset ?? 0
        const page = yield* (yield* Signals).list({
          sports: p.sport === undefined ? undefined : [p.sport],
          severity: p.severity,
          type: p.type,
          since: p.since === undefined ? undefined : new Date(`${p.since}T00:00:00Z`),
          limit,
          offset
        })
        return yield* envelope(ctx(request, p.sport ?? "all", "signals"), page.rows, {
          total: page.total,
          offset,
          limit
        })
      }))
    .handle("playerNews", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const { rows } = yield* (yield* Signals).playerNews(
          path.sport,
          path.id,
          Params.withDefault(urlParams.limit, Params.IntelligenceLimits.playerNews)
        )
        return yield* envelope(ctx(request, path.sport, "playerNews"), rows)
      }))
    .handle("teamInjuries", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const rows = yield* (yield* Signals).teamInjuries(
          path.sport,
          path.team,
          Params.withDefault(urlParams.limit, Params.IntelligenceLimits.teamInjuries)
        )
        return yield* envelope(ctx(request, path.sport, "teamInjuries"), rows)
      }))
    .handle("teamPractice", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const r = yield* (yield* Signals).teamPractice(path.sport, path.team)
        const { paging, rows } = listPage(r.rows, urlParams, Params.ListLimits.practice)
        return yield* envelope(ctx(request, path.sport, "teamPractice"), rows, {
          season: r.season,
          week: r.week,
          ...paging
        })
      }))
    .handle("rosterPulse", ({ path, request }) =>
      Effect.gen(function*() {
        const pulse = yield* (yield* Signals).rosterPulse(path.sport, path.team)
        return yield* envelope(ctx(request, path.sport, "rosterPulse"), pulse)
      }))
    .handle("teamSchedule", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const { games, team } = yield* (yield* Games).schedule(path.sport, path.team, {
          season: urlParams.season,
          state: urlParams.status,
          limit: Params.withDefault(urlParams.limit, Params.IntelligenceLimits.schedule)
        })
        const rows = games.map((g) => {
          const home = g.home_team === team.abbr
          const own = home ? g.home_score : g.away_score
          const other = home ? g.away_score : g.home_score
          return {
            game_id: g.id,
            season: g.season,
            week: g.week,
            game_date: g.game_date,
            start_time: g.start_time?.toISOString() ?? null,
            state: g.state,
            home_team: g.home_team,
            away_team: g.away_team,
            home_score: g.home_score,
            away_score: g.away_score,
            home_away: home ? "home" as const : "away" as const,
            opponent: home ? g.away_team : g.home_team,
            result: g.state !== "final" || own === null || other === null
              ? null
              : own > other
              ? "W" as const
              : own < other
              ? "L" as const
              : "T" as const
          }
        })
        return yield* envelope(ctx(request, path.sport, "teamSchedule"), rows)
      }))
    .handle("depthChartChanges", ({ request, urlParams: p }) =>
      Effect.gen(function*() {
        const rows = yield* (yield* Signals).depthChartChanges({
          since: p.since === undefined ? undefined : new Date(`${p.since}T00:00:00Z`),
          team: p.team,
          position: p.position?.trim(),
          changeType: p.change_type,
          limit: Params.withDefault(p.limit, Params.IntelligenceLimits.depthChanges)
        })
        return yield* envelope(ctx(request, "nfl", "depthChartChanges"), rows)
      }))
    .handle("trending", ({ request, urlParams: p }) =>
      Effect.gen(function*() {
        const rows = yield* (yield* Signals).trending(
          p.sport === undefined ? allSports : [p.sport],
          Params.withDefault(p.limit, Params.IntelligenceLimits.trending)
        )
        return yield* envelope(ctx(request, p.sport ?? "all", "trending"), rows)
      }))
    .handle("playersTrending", ({ request, urlParams: p }) =>
      Effect.gen(function*() {
        const rows = yield* (yield* Signals).trendingPlayers(
          p.sport === undefined ? allSports : [p.sport],
          Params.withDefault(p.limit, Params.IntelligenceLimits.trendingPlayers)
        )
        return yield* envelope(ctx(request, p.sport ?? "all", "playersTrending"), rows)
      }))
})

/**
 * Handlers of the DFS group: decode, call the Dfs application service, encode (instants as ISO
 * 8601 UTC).
 * @module
 */
import type { HttpServerRequest } from "@effect/platform"
import { Api, Params } from "@sports-data/api"
import { Dfs, type OptimizeResult, type SalaryRow } from "@sports-data/app"
import { type Dfs as D } from "@sports-data/domain"
import { Effect } from "effect"
import { requestPath } from "../Errors.js"
import { envelope, listPage } from "./Common.js"
import { group } from "./Group.js"

const ctx = (request: HttpServerRequest.HttpServerRequest, sport: string, name: string) => ({
  endpoint: requestPath(request),
  sport,
  operation: `dfs.${name}`
})

/** A slate as served (start_time ISO 8601 UTC). */
const slateView = (s: D.DfsSlate) => ({ ...s, start_time: s.start_time?.toISOString() ?? null })

/** A salary row as served (without its slate id). */
const salaryView = ({ slate_id: _, ...row }: SalaryRow) => row

/** The optimizer's answer as served (lineups numbered from 1, best first). */
const optimizeView = (r: OptimizeResult, requested: number) => ({
  slate: slateView(r.slate),
  rules: {
    game_type: r.rules.game_type,
    salary_cap: r.rules.salary_cap,
    slots: r.rules.slots,
    min_games: r.rules.min_games
  },
  lineups_requested: requested,
  projections: r.projections,
  projection_method: r.projection_method,
  players_without_projection: r.without_projection.map((s) => ({
    player_id: s.player_id,
    platform_player_id: s.platform_player_id,
    name: s.name,
    position: s.position
  })),
  stopped_reason: r.stopped
})

/** The DFS handlers. Requires the application services. */
export const DfsLive = group(Api, "dfs", (handlers) =>
  handlers
    .handle("dfsSlates", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const all = yield* (yield* Dfs).slates(path.sport, { platform: urlParams.platform, days: urlParams.days })
        const { paging, rows } = listPage(all, urlParams, Params.ListLimits.slates)
        return yield* envelope(ctx(request, path.sport, "dfsSlates"), rows.map(slateView), paging)
      }))
    .handle("dfsSalaries", ({ path, request, urlParams }) =>
      Effect.gen(function*() {
        const limit = Params.withDefault(urlParams.limit, Params.DfsSalariesLimit)
        const offset = Params.withDefault(urlParams.offset, 0)
        const page = yield* (yield* Dfs).salaries(path.sport, path.slateId, urlParams.position, { limit, offset })
        return yield* envelope(ctx(request, path.sport, "dfsSalaries"), page.rows.map(salaryView), {
          total: page.total,
          offset,
          limit,
          slate: slateView(page.slate)
        })
      }))
    .handle("lineupOptimize", ({ payload, request }) =>
      Effect.gen(function*() {
        const lineups = payload.lineups ?? 1
        const result = yield* (yield* Dfs).optimize({
          slate_id: payload.slate_id,
          lineups,
          projections: payload.projections ?? "service",
          locks: payload.locks ?? [],
          excludes: payload.excludes ?? [],
          max_exposure: payload.max_exposure ?? 1,
          min_salary: payload.min_salary
        })
        const data = result.lineups.map((l, i) => ({
          lineup: i + 1,
          players: l.players.map((p) => ({ slot: p.slot, ...salaryView(p.salary), projection: p.projection })),
          salary_total: l.salary,
          salary_remaining: result.rules.salary_cap - l.salary,
          projected_points: l.points
        }))
        return yield* envelope(ctx(request, result.slate.sport, "lineupOptimize"), data, optimizeView(result, lineups))
      })))

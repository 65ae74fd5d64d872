/**
 * The handlers every sport group shares (player lists, player detail, rosters, team rows, games,
 * standings), each a thin call of an application service: decode (done by the contract), call,
 * encode the rows with the sport's row builder. Domain errors are mapped once, by the caller.
 * @module
 */
import { Params, Security } from "@sports-data/api"
import { Games, Players, Rows, Standings, type TeamFilter, Teams } from "@sports-data/app"
import type { Game, Player, PlayerStatus, Resources, Team } from "@sports-data/domain"
import { Effect } from "effect"
import { envelope, type SportContext } from "./Common.js"

/**
 * The team filter of `/teams` and `/standings`: `conference` by `Rows.conferenceMatches` (a
 * case-insensitive prefix: east ~ Eastern, afc ~ AFC), `division` by `Rows.divisionMatches`; an
 * absent filter keeps every team.
 */
export const teamFilter =
  (params: { readonly conference?: string | undefined; readonly division?: string | undefined }) =>
  (t: Team): boolean =>
    (params.conference === undefined || Rows.conferenceMatches(t, params.conference)) &&
    (params.division === undefined || Rows.divisionMatches(t, params.division))

/** The filters of a paginated player list (`/v1/<sport>/players`). */
export interface PlayerListParams {
  readonly search?: string | undefined
  readonly position?: string | undefined
  readonly team?: string | undefined
  readonly status?: PlayerStatus | undefined
  readonly limit?: number | undefined
  readonly offset?: number | undefined
}

/** `/v1/<sport>/players`: the paginated envelope (total, offset, limit), `limits` giving the default limit. */
export const playerList = <R>(
  ctx: SportContext,
  params: PlayerListParams,
  limits: Params.LimitSpec,
  toRow: (p: Player) => R
) =>
  Effect.gen(function*() {
    const limit = Params.withDefault(params.limit, limits)
    const offset = Params.withDefault(params.offset, 0)
    const page = yield* (yield* Players).list(ctx.sport, { ...params, limit, offset })
    return yield* envelope(ctx, page.rows.map(toRow), { total: page.total, offset, limit })
  })

/** `/v1/<sport>/players/{id}`: one player as `toRow` shows it with its team. */
export const playerDetail = <R>(ctx: SportContext, id: string, toRow: (p: Player, team: Team | undefined) => R) =>
  Effect.gen(function*() {
    const { player, team } = yield* (yield* Players).get(ctx.sport, id)
    return yield* envelope(ctx, toRow(player, team))
  })

/** `/v1/<sport>/teams/{team}/roster`: the team's players whose position matches `position`. */
export const roster = <R>(ctx: SportContext, abbr: string, position: string | undefined, toRow: (p: Player) => R) =>
  Effect.gen(function*() {
    const { players } = yield* (yield* Players).roster(ctx.sport, abbr, position)
    return yield* envelope(ctx, players.map(toRow))
  })

/** `/v1/<sport>/teams` (TeamRow): the teams under `filter` with player_count and roster_url. */
export const teamList = (ctx: SportContext, filter: TeamFilter = {}) =>
  Effect.gen(function*() {
    const teams = yield* (yield* Teams).list(ctx.sport, filter)
    const counted = yield* (yield* Players).counts(ctx.sport, teams)
    const rows = counted.map(([t, count]): Resources.TeamRow => Rows.teamRow(ctx.sport, t, count))
    return yield* envelope(ctx, rows, {}, filter.league)
  })

/**
 * `/v1/<sport>/games`: the games under `query`, newest first, as `toRow` shows them with the
 * sport's teams and its last refresh (`last_polled`).
 */
export const gameList = <R>(
  ctx: SportContext,
  query: Parameters<Games["list"]>[1],
  toRow: (g: Game, teams: ReadonlyMap<string, Team>, lastPolled: string) => R
) =>
  Effect.gen(function*() {
    const caller = yield* Security.Caller
    const { games, lastPolled, teams } = yield* (yield* Games).list(ctx.sport, query, caller.now)
    return yield* envelope(ctx, games.map((g) => toRow(g, teams, lastPolled)), {}, query.league)
  })

/**
 * `/v1/<sport>/standings`: the table of `league` (default the sport) for `season` (default the
 * latest season with results), the teams kept by `keep`, with `season` in the envelope.
 */
export const standings = (
  ctx: SportContext,
  options: {
    readonly season?: number | undefined
    readonly league?: string | undefined
    readonly keep?: ((team: Team) => boolean) | undefined
  }
) =>
  Effect.gen(function*() {
    const table = yield* (yield* Standings).table(ctx.sport, options)
    const rows = table.rows.map((s) => Rows.standingRow(ctx.sport, table.league, s, table.lastUpdated))
    return yield* envelope(ctx, rows, { season: table.season }, options.league)
  })

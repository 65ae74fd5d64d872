/**
 * The handlers every sport group shares (player lists, player detail, rosters, team rows, games,
 * standings), each a thin call of an application service: decode (done by the contract), call,
 * encode the rows with the sport's row builder. Domain errors are mapped by the group builder
 * (Group.ts) for REST and by the tool server for MCP.
 * @module
 */
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Params, Security } from "@sports-data/api"
import { Catalog, Games, Players, Rows, Standings, type TeamFilter, Teams } from "@sports-data/app"
import {
  type Game,
  Paging,
  type Player,
  type PlayerStatus,
  type Resources,
  Sports,
  type StatLine,
  type StoreError,
  type Team
} from "@sports-data/domain"
import { Effect } from "effect"
import { envelope, type ListPage, listPage, type SportContext } from "./Common.js"

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
  readonly cursor?: string | undefined
}

/** `/v1/<sport>/players`: the paginated envelope (total, offset, limit, next_cursor), `limits` giving the default limit. */
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
    return yield* envelope(ctx, page.rows.map(toRow), {
      total: page.total,
      offset,
      limit,
      next_cursor: page.next_cursor
    })
  })

/** `/v1/<sport>/players/{id}`: one player as `toRow` shows it with its team. */
export const playerDetail = <R>(ctx: SportContext, id: string, toRow: (p: Player, team: Team | undefined) => R) =>
  Effect.gen(function*() {
    const { player, team } = yield* (yield* Players).get(ctx.sport, id)
    return yield* envelope(ctx, toRow(player, team))
  })

/**
 * `/v1/<sport>/teams/{team}/roster`: the team's players whose position matches `position`,
 * `limit` of them (default and maximum Params.ListLimits.roster; the MCP tool passes its own)
 * from `offset`, with `total`, `offset` and `limit` in the envelope.
 */
export const roster = <R>(
  ctx: SportContext,
  abbr: string,
  position: string | undefined,
  toRow: (p: Player) => R,
  page: ListPage = {}
) =>
  Effect.gen(function*() {
    const { players } = yield* (yield* Players).roster(ctx.sport, abbr, position)
    const { paging, rows } = listPage(players, page, Params.ListLimits.roster)
    return yield* envelope(ctx, rows.map(toRow), paging)
  })

/** The sports with a per-game stats endpoint (`/v1/<sport>/players/{id}/stats`). */
export const statsSports = Sports.sportsWith("stats")
/** A sport of {@link statsSports}. */
export type StatsSport = Sports.SportsWith<"stats">

/** The filters of `/v1/<sport>/players/{id}/stats`; `limit` already defaulted. */
export interface PlayerStatsQuery {
  readonly season?: number | undefined
  readonly week?: number | undefined
  readonly date?: string | undefined
  readonly limit: number
  readonly cursor?: string | undefined
}

/** The per-game row of each stats sport. */
export interface StatsRowOf {
  readonly nfl: Resources.NflStatsRow
  readonly nba: Resources.NbaStatsRow
  readonly nhl: Resources.NhlStatsRow
  readonly mlb: ReturnType<typeof Rows.mlbStatsRow>
}

/** Each stats sport's per-game rows (the mlb row needs the game's finality and the last refresh). */
const statsRows: {
  readonly [S in StatsSport]: (
    lines: ReadonlyArray<StatLine>,
    player: Player
  ) => Effect.Effect<ReadonlyArray<StatsRowOf[S]>, StoreError, Games | Catalog>
} = {
  nfl: (lines: ReadonlyArray<StatLine>, _player: Player) => Effect.succeed(lines.map(Rows.nflStatsRow)),
  nba: (lines: ReadonlyArray<StatLine>, _player: Player) => Effect.succeed(lines.map(Rows.nbaStatsRow)),
  nhl: (lines: ReadonlyArray<StatLine>, _player: Player) => Effect.succeed(lines.map(Rows.nhlStatsRow)),
  mlb: (lines: ReadonlyArray<StatLine>, player: Player) =>
    Effect.gen(function*() {
      const gameOf = yield* (yield* Games).ofLines("mlb", lines)
      const updated = yield* (yield* Catalog).lastIngested("mlb")
      return lines.map((l) => {
        const g = gameOf(l)
        return Rows.mlbStatsRow(l, player, g === undefined || Rows.isFinalState(g.state), updated)
      })
    })
}

/**
 * `/v1/<sport>/players/{id}/stats` (REST and the MCP tool get_player_stats): the player's
 * per-game lines under `query`, most recent first, as the sport's row, with the player summary
 * in the envelope. ResourceNotFound for an unknown player.
 */
export const playerStats = <S extends StatsSport>(ctx: SportContext, sport: S, id: string, query: PlayerStatsQuery) =>
  Effect.gen(function*() {
    const { lines, next_cursor, player } = yield* (yield* Players).statLines(sport, id, query)
    const build: (typeof statsRows)[S] = statsRows[sport]
    const rows = yield* build(lines, player)
    return yield* envelope(ctx, rows, { player: Rows.playerSummary(player), next_cursor })
  })

/** `limit` (default and maximum {@link Params.LeagueListLimit}) and `offset` of a league's list. */
export interface LeaguePage {
  readonly limit?: number | undefined
  readonly offset?: number | undefined
}

/** The defaulted `limit` and `offset` of `page`. */
export const leaguePage = (page: LeaguePage) => ({
  limit: Params.withDefault(page.limit, Params.LeagueListLimit),
  offset: Params.withDefault(page.offset, 0)
})

/**
 * `/v1/<sport>/teams` (TeamRow): the teams under `filter` with player_count and roster_url, `limit`
 * of them from `offset` ({@link leaguePage}), in the paginated envelope.
 */
export const teamList = (ctx: SportContext, filter: TeamFilter = {}, page: LeaguePage = {}) =>
  Effect.gen(function*() {
    const { limit, offset } = leaguePage(page)
    const all = yield* (yield* Teams).list(ctx.sport, filter)
    const teams = Paging.offsetPage(all, { limit, offset })
    const rosters = yield* (yield* Players).rosters(ctx.sport, teams.rows)
    const rows = rosters.map(([t, roster]): Resources.TeamRow => Rows.teamRow(ctx.sport, t, roster.players))
    return yield* envelope(ctx, rows, { total: teams.total, offset, limit }, filter.league)
  })

/**
 * Cache-Control max-age of a games list (specification, `/v1/nba/games`; every sport here): 30
 * seconds while a listed game is in progress (the live pollers update it every 15 s by
 * default), 120 seconds otherwise.
 */
export const gamesMaxAge = (states: ReadonlyArray<string>): number => (states.includes("in_progress") ? 30 : 120)

/**
 * `/v1/<sport>/games`: the games under `query`, newest first, as `toRow` shows them with the
 * sport's teams and its last refresh (`last_polled`; a polled game's own poll time), with
 * Cache-Control {@link gamesMaxAge}.
 */
export const gameList = <R>(
  ctx: SportContext,
  query: Parameters<Games["list"]>[1],
  toRow: (g: Game, teams: ReadonlyMap<string, Team>, lastPolled: string) => R
) =>
  Effect.gen(function*() {
    const caller = yield* Security.Caller
    const { games, lastPolled, next_cursor, teams } = yield* (yield* Games).list(ctx.sport, query, caller.now)
    const maxAge = gamesMaxAge(games.map((g) => g.state))
    yield* HttpApp.appendPreResponseHandler((_req, r) =>
      Effect.succeed(HttpServerResponse.setHeader(r, "cache-control", `max-age=${maxAge}`))
    )
    return yield* envelope(ctx, games.map((g) => toRow(g, teams, lastPolled)), { next_cursor }, query.league)
  })

/**
 * `/v1/<sport>/standings`: the table of `league` (default the sport) for `season` (default the
 * latest season with results), the teams kept by `keep`, `limit` rows from `offset`
 * ({@link leaguePage}), with `season` and `total` in the envelope.
 */
export const standings = (
  ctx: SportContext,
  options: {
    readonly season?: number | undefined
    readonly league?: string | undefined
    readonly keep?: ((team: Team) => boolean) | undefined
  } & LeaguePage
) =>
  Effect.gen(function*() {
    const { limit, offset } = leaguePage(options)
    const table = yield* (yield* Standings).table(ctx.sport, options)
    const page = Paging.offsetPage(table.rows, { limit, offset })
    const rows = page.rows.map((s) => Rows.standingRow(ctx.sport, table.league, s, table.lastUpdated))
    return yield* envelope(
      ctx,
      rows,
      { total: page.total, offset, limit, season: table.season },
      options.league,
      table.coverage
    )
  })

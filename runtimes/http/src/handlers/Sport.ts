/**
 * The handler logic the nfl, nba and mlb groups share: player lists, player detail lookups, per-game
 * lines, rosters, team rows, games and standings. Each takes the sport and the row builder of the
 * sport's resource, so the three groups differ only in their parameters and rows.
 * @module
 */
import { Security } from "@sports-data/api"
import type { LimitSpec } from "@sports-data/api/params/Common"
import { withDefault } from "@sports-data/api/params/Common"
import {
  type Game,
  type GameQuery,
  type Player,
  type PlayerStatus,
  type Resources,
  Sports,
  type StatLineQuery,
  type Team,
  type TeamSport
} from "@sports-data/domain"
import { Effect } from "effect"
import {
  allRows,
  envelope,
  lastIngested,
  lastRefreshed,
  latestResultSeason,
  pageOf,
  requirePlayer,
  requireTeam,
  seasonGames,
  type SportContext,
  teamMap,
  teamPlayers
} from "./Common.js"
import { type SportsStoreService } from "./LegacyStore.js"
import { standingRow } from "./Rows.js"

/** The filters of a paginated player list (`/v1/<sport>/players`). */
export interface PlayerListParams {
  readonly search?: string | undefined
  readonly position?: string | undefined
  readonly team?: string | undefined
  readonly status?: PlayerStatus | undefined
  readonly limit?: number | undefined
  readonly offset?: number | undefined
}

/**
 * `/v1/<sport>/players`: the paginated envelope (total, offset, limit) of the sport's players
 * matching the filters, `limits` giving the default limit. Stored positions are wider than the
 * filter's value set (G, PK, LF...), so a position filter is matched with {@link positionMatches}
 * over every player of the other filters, then paged.
 */
export const playerList = <R>(
  store: SportsStoreService,
  ctx: SportContext,
  params: PlayerListParams,
  limits: LimitSpec,
  toRow: (p: Player) => R
) =>
  Effect.gen(function*() {
    const sport = ctx.sport
    const limit = withDefault(params.limit, limits)
    const offset = withDefault(params.offset, 0)
    const query = { sport, search: params.search?.trim(), team: params.team, status: params.status }
    const position = params.position
    let total: number
    let rows: ReadonlyArray<Player>
    if (position === undefined) {
      const page = yield* store.findPlayers({ ...query, limit, offset })
      total = page.total
      rows = page.rows
    } else {
      const all = (yield* allRows((page) => store.findPlayers({ ...query, ...page }))).filter((p) =>
        Sports.positionMatches(sport, position, p.position)
      )
      total = all.length
      rows = pageOf(all, limit, offset)
    }
    return yield* envelope(ctx, rows.map(toRow), { total, offset, limit })
  })

/**
 * The player `id` of `sport` and its stat lines under `query`, most recent first; 404
 * RESOURCE_NOT_FOUND when the player is unknown.
 */
export const playerLines = (
  store: SportsStoreService,
  sport: TeamSport,
  id: string,
  query: Omit<StatLineQuery, "sport" | "player_id" | "order" | "offset">
) =>
  Effect.gen(function*() {
    const player = yield* requirePlayer(store, sport, id)
    const page = yield* store.findStatLines({ ...query, sport, player_id: player.id, order: "recent", offset: 0 })
    return { player, lines: page.rows }
  })

/**
 * `/v1/<sport>/teams/{team}/roster`: the team's players whose position matches `position`
 * ({@link positionMatches}); 404 RESOURCE_NOT_FOUND for an unknown team.
 */
export const roster = <R>(
  store: SportsStoreService,
  ctx: SportContext,
  abbr: string,
  position: string | undefined,
  toRow: (p: Player) => R
) =>
  Effect.gen(function*() {
    const team = yield* requireTeam(store, ctx.sport, abbr)
    const players = (yield* teamPlayers(store, ctx.sport, team)).filter((p) =>
      position === undefined || Sports.positionMatches(ctx.sport, position, p.position)
    )
    return yield* envelope(ctx, players.map(toRow))
  })

/** Nfl and nba team rows of `teams`: player_count (players in the store) and the roster path. */
export const teamRows = (store: SportsStoreService, sport: TeamSport, teams: ReadonlyArray<Team>) =>
  Effect.forEach(
    teams,
    (t) =>
      Effect.map(store.findPlayers({ sport, team: t.abbr, limit: 1, offset: 0 }), (page): Resources.TeamRow => ({
        abbreviation: t.abbr,
        full_name: t.name,
        conference: t.conference,
        division: t.division,
        player_count: page.total,
        roster_url: `/v1/${sport}/teams/${t.abbr}/roster`
      })),
    { concurrency: 4 }
  )

/**
 * `/v1/<sport>/games`: the games under `query`, newest first, as `toRow` shows them with the
 * sport's teams and its last refresh (`last_polled`, from the admitted call's time when the sport
 * was never ingested).
 */
export const gameList = <R>(
  store: SportsStoreService,
  ctx: SportContext,
  query: Omit<GameQuery, "sport" | "order" | "offset">,
  toRow: (g: Game, teams: ReadonlyMap<string, Team>, lastPolled: string) => R
) =>
  Effect.gen(function*() {
    const sport = ctx.sport
    const caller = yield* Security.Caller
    const page = yield* store.findGames({ ...query, sport, order: "desc", offset: 0 })
    const teams = yield* teamMap(store, sport)
    const polled = yield* lastRefreshed(store, sport, caller.now)
    return yield* envelope(ctx, page.rows.map((g) => toRow(g, teams, polled)))
  })

/**
 * `/v1/<sport>/standings`: the standings of `season` (default the latest season with results)
 * computed from its games, the teams kept by `keep`, with `season` in the envelope. A season of
 * which no game is held has no standings (empty data), rather than every team at 0-0.
 */
export const standings = (
  store: SportsStoreService,
  ctx: SportContext,
  season: number | undefined,
  keep: (team: Team) => boolean
) =>
  Effect.gen(function*() {
    const sport = ctx.sport
    const chosen = season ?? (yield* latestResultSeason(store, sport))
    const games = chosen === null ? [] : yield* seasonGames(store, sport, chosen)
    const teams = games.length === 0 ? [] : yield* store.findTeams(sport)
    const updated = yield* lastIngested(store, sport)
    const rows = Sports.computeStandings(sport, teams, games)
      .filter((s) => keep(s.team))
      .map((s) => standingRow(sport, s, updated))
    return yield* envelope(ctx, rows, { season: chosen })
  })

/**
 * The team-sport handler factory: the seven handlers every team sport's group shares (games,
 * standings, teams, roster, players, player and, for the stats sports, playerStats), written
 * once and parameterised by what differs between sports (its limits, its row builders, the
 * league its standings default to). A sport's group handles them with {@link handleTeamSport}
 * and adds only its own endpoints; the MCP tools read the same {@link TeamSportSpec}s, so a
 * tool answers with the rows and limits of its REST equivalent.
 * @module
 */
import type { HttpApiEndpoint, HttpServerRequest } from "@effect/platform"
import { Params, type Security } from "@sports-data/api"
import { type Catalog, type Games, type Players, Rows, type Standings, type Teams } from "@sports-data/app"
import type { Game, Player, Team, TeamSport } from "@sports-data/domain"
import { Effect } from "effect"
import { gameDate, type ListPage, sportContext } from "./Common.js"
import type { DomainHandler, Handlers } from "./Group.js"
import {
  gameList,
  type LeaguePage,
  playerDetail,
  playerList,
  type PlayerListParams,
  playerStats,
  roster,
  standings,
  type StatsSport,
  teamFilter,
  teamList
} from "./Sport.js"

/** What differs between the team sports' shared handlers. */
export interface TeamSportSpec<S extends TeamSport, P, D, G> {
  readonly sport: S
  /** Default and largest `limit` of `/players`, `/games` and (stats sports) `/players/{id}/stats`. */
  readonly limits: {
    readonly players: Params.LimitSpec
    readonly games: Params.LimitSpec
    readonly stats?: Params.LimitSpec | undefined
  }
  /** A player of `/players` and `/teams/{team}/roster`. */
  readonly playerRow: (p: Player) => P
  /** The player of `/players/{id}`, with his team when held. */
  readonly playerDetailRow: (p: Player, team: Team | undefined) => D
  /** A game of `/games`, with the sport's teams by key and its last refresh (ISO). */
  readonly gameRow: (g: Game, teams: ReadonlyMap<string, Team>, lastPolled: string) => G
  /** The league `/standings` computes when none is asked for (soccer); default the sport's own. */
  readonly defaultLeague?: string | undefined
}

/** The league `/v1/soccer/standings` computes when none is asked for. */
export const DEFAULT_SOCCER_LEAGUE = "epl"

/**
 * What differs between the team sports' shared handlers, for every team sport (the compiler
 * checks that each has one): the REST groups build their handlers from it and the MCP tools
 * answer with its rows and limits. Only nfl's player detail shows his team.
 */
export const teamSports = {
  nfl: {
    sport: "nfl",
    limits: Params.NflLimits,
    playerRow: (p: Player) => Rows.playerIdentity(p),
    playerDetailRow: Rows.playerIdentity,
    gameRow: Rows.nflGameRow
  },
  nba: {
    sport: "nba",
    limits: Params.NbaLimits,
    playerRow: (p: Player) => Rows.playerIdentity(p),
    playerDetailRow: (p: Player) => Rows.playerIdentity(p),
    gameRow: Rows.gameRow
  },
  nhl: {
    sport: "nhl",
    limits: Params.NhlLimits,
    playerRow: (p: Player) => Rows.playerIdentity(p),
    playerDetailRow: (p: Player) => Rows.playerIdentity(p),
    gameRow: Rows.gameRow
  },
  mlb: {
    sport: "mlb",
    limits: Params.MlbLimits,
    playerRow: Rows.mlbPlayer,
    playerDetailRow: (p: Player) => Rows.mlbPlayer(p),
    gameRow: Rows.mlbGameRow
  },
  cfb: {
    sport: "cfb",
    limits: Params.CfbLimits,
    playerRow: (p: Player) => Rows.playerIdentity(p),
    playerDetailRow: (p: Player) => Rows.playerIdentity(p),
    gameRow: Rows.gameRow
  },
  soccer: {
    sport: "soccer",
    limits: Params.SoccerLimits,
    playerRow: (p: Player) => Rows.playerIdentity(p),
    playerDetailRow: (p: Player) => Rows.playerIdentity(p),
    gameRow: Rows.gameRow,
    defaultLeague: DEFAULT_SOCCER_LEAGUE
  }
} as const satisfies { readonly [S in TeamSport]: TeamSportSpec<S, unknown, unknown, unknown> }

/** The {@link TeamSportSpec} of `sport`, its rows seen as unknown (for an edge that serves any team sport). */
export const teamSportSpec = (sport: TeamSport): TeamSportSpec<TeamSport, unknown, unknown, unknown> =>
  teamSports[sport]

/** The filters any team sport's `/games` may take (each sport's parameters are a subset). */
export interface GamesParams {
  readonly league?: string | undefined
  readonly date?: string | undefined
  /** The game state (`status` on nfl). */
  readonly state?: Parameters<Games["list"]>[1]["state"]
  readonly status?: Parameters<Games["list"]>[1]["state"]
  readonly season?: number | undefined
  readonly week?: number | undefined
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
}

/** The filters and page (Sport.ts `LeaguePage`) any team sport's `/standings` and `/teams` may take. */
export interface TableParams extends LeaguePage {
  readonly league?: string | undefined
  readonly season?: number | undefined
  readonly conference?: string | undefined
  readonly division?: string | undefined
}

/** The filters of `/players/{id}/stats` (each stats sport's are a subset). */
export interface StatsParams {
  readonly season?: number | undefined
  readonly week?: number | undefined
  readonly date?: string | undefined
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
}

/** The filters and page of `/teams/{team}/roster`. */
export interface RosterParams extends ListPage {
  readonly position?: string | undefined
}

/** What a shared handler reads of its request: the server's request and the decoded parameters. */
export interface Req<U> {
  readonly request: HttpServerRequest.HttpServerRequest
  readonly urlParams?: U
}

/** {@link Req} of an endpoint with path parameters `P`. */
export interface PathReq<P, U = {}> extends Req<U> {
  readonly path: P
}

/**
 * The shared handlers of `spec`'s sport but playerStats (see the module description). Each reads
 * only the parameters its sport's endpoint declares (the others are undefined).
 */
export const teamSportHandlers = <S extends TeamSport, P, D, G>(spec: TeamSportSpec<S, P, D, G>) => {
  const ctx = sportContext(spec.sport)
  return {
    games: ({ request, urlParams: q = {} }: Req<GamesParams>) =>
      Effect.gen(function*() {
        return yield* gameList(ctx(request, "games"), {
          league: q.league,
          date: yield* gameDate(q.date),
          state: q.state ?? q.status,
          season: q.season,
          week: q.week,
          limit: Params.withDefault(q.limit, spec.limits.games),
          cursor: q.cursor
        }, spec.gameRow)
      }),
    standings: ({ request, urlParams: q = {} }: Req<TableParams>) =>
      standings(ctx(request, "standings"), {
        season: q.season,
        league: q.league ?? spec.defaultLeague,
        keep: teamFilter(q),
        limit: q.limit,
        offset: q.offset
      }),
    teams: ({ request, urlParams: q = {} }: Req<TableParams>) =>
      teamList(ctx(request, "teams"), { keep: teamFilter(q), league: q.league }, q),
    roster: ({ path, request, urlParams: q = {} }: PathReq<{ readonly team: string }, RosterParams>) =>
      roster(ctx(request, "roster"), path.team, q.position, spec.playerRow, q),
    players: ({ request, urlParams: q = {} }: Req<PlayerListParams>) =>
      playerList(ctx(request, "players"), q, spec.limits.players, spec.playerRow),
    player: ({ path, request }: PathReq<{ readonly id: string }>) =>
      playerDetail(ctx(request, "player"), path.id, spec.playerDetailRow)
  }
}

/**
 * The shared handlers of a stats sport: {@link teamSportHandlers} and playerStats
 * (`/players/{id}/stats`, its row Sport.ts `StatsRowOf`), whose default limit is `limits.stats`.
 */
export const statsSportHandlers = <S extends StatsSport, P, D, G>(
  spec: TeamSportSpec<S, P, D, G> & { readonly limits: { readonly stats: Params.LimitSpec } }
) => {
  const ctx = sportContext(spec.sport)
  return {
    ...teamSportHandlers(spec),
    playerStats: ({ path, request, urlParams: q = {} }: PathReq<{ readonly id: string }, StatsParams>) =>
      playerStats(ctx(request, "playerStats"), spec.sport, path.id, {
        season: q.season,
        week: q.week,
        date: q.date,
        limit: Params.withDefault(q.limit, spec.limits.stats),
        cursor: q.cursor
      })
  }
}

/** The names of the shared handlers. */
export type TeamSportEndpoint = keyof ReturnType<typeof statsSportHandlers>

/** What the shared handlers read: the application services and the admitted caller. */
type SharedContext = Players | Teams | Games | Standings | Catalog | Security.Caller

/**
 * Handles every endpoint of a sport's group that `shared` (from {@link teamSportHandlers} or
 * {@link statsSportHandlers}, less any the sport writes itself) has a handler for; the group's
 * other endpoints are left to the sport. Each handler is checked against its endpoint by the
 * compiler, as `.handle(name, shared[name])` would be.
 */
export const handleTeamSport = <
  E,
  Provides,
  R,
  Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any,
  H extends Partial<Record<TeamSportEndpoint, unknown>>
>(
  handlers: Handlers<E, Provides, R, Endpoints>,
  shared:
    & H
    & {
      readonly [N in keyof H & HttpApiEndpoint.HttpApiEndpoint.Name<Endpoints>]: DomainHandler<
        HttpApiEndpoint.HttpApiEndpoint.WithName<Endpoints, N>,
        E,
        SharedContext
      >
    }
): Handlers<
  E,
  Provides,
  | R
  | Exclude<
    HttpApiEndpoint.HttpApiEndpoint.ExcludeProvided<
      Endpoints,
      keyof H & string,
      SharedContext | HttpApiEndpoint.HttpApiEndpoint.ContextWithName<Endpoints, keyof H & string>
    >,
    Provides
  >,
  HttpApiEndpoint.HttpApiEndpoint.ExcludeName<Endpoints, keyof H & string>
> => {
  const endpoints = handlers.built.group.endpoints
  return Object.keys(shared)
    .filter((name) => name in endpoints)
    .reduce((h: any, name) => h.handle(name, (shared as Record<string, unknown>)[name]), handlers)
}

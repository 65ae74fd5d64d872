/**
 * The games and teams features: a sport's teams under filters, and games with the teams they
 * name and when the sport's data was last refreshed.
 * @module
 */
import {
  CatalogReader,
  gameKey,
  type GameQuery,
  GameReader,
  Paging,
  Sports,
  type StatLine,
  type Team,
  TeamReader,
  type TeamSport
} from "@sports-data/domain"
import { Effect } from "effect"
import { gamesOfLines, lastRefreshed, notFound, teamMap } from "./Reads.js"

/** Team filters: conference, division (see Rows `conferenceMatches`/`divisionMatches`) and league. */
export interface TeamFilter {
  readonly keep?: ((team: Team) => boolean) | undefined
  /** A league key: teams whose `attributes.leagues` lists it (soccer), or every team of a single-league sport. */
  readonly league?: string | undefined
}

/** The teams feature. */
export class Teams extends Effect.Service<Teams>()("@sports-data/app/Teams", {
  effect: Effect.gen(function*() {
    const teams = yield* TeamReader
    /** The teams of `sport` under `filter`, ordered by abbreviation. */
    const list = Effect.fn("Teams.list")(function*(sport: TeamSport, filter: TeamFilter = {}) {
      return (yield* teams.find(sport)).filter((t) =>
        (filter.league === undefined || Sports.inLeague(t, filter.league)) &&
        (filter.keep === undefined || filter.keep(t))
      )
    })
    return { list } as const
  })
}) {}

/** The games feature. */
export class Games extends Effect.Service<Games>()("@sports-data/app/Games", {
  effect: Effect.gen(function*() {
    const games = yield* GameReader
    const teams = yield* TeamReader
    const catalog = yield* CatalogReader

    /**
     * The first `query.limit` games of `sport` under `query`, newest first (domain `gameKey`),
     * after `query.cursor` when given, with `next_cursor` (domain Paging: keyset, stable while an
     * ingest writes), the sport's teams by abbreviation and `lastPolled` (ISO): the sport's last
     * refresh, `now` when never ingested. InvalidParameter for a cursor of another list.
     */
    const list = Effect.fn("Games.list")(function*(
      sport: TeamSport,
      query: Omit<GameQuery, "sport" | "order" | "offset" | "after"> & { readonly cursor?: string | undefined },
      now: Date
    ) {
      const { cursor, limit, ...filters } = query
      const page = yield* Paging.keyedPage(
        (p) => games.find({ ...filters, ...p, sport, order: "desc" }),
        gameKey("desc"),
        Paging.scopeOf(`${sport}.games`, filters),
        { limit, offset: 0, cursor }
      )
      const byAbbr = yield* teamMap(teams, sport)
      const lastPolled = yield* lastRefreshed(catalog, sport, now)
      return { games: page.rows, teams: byAbbr, lastPolled, next_cursor: page.next_cursor }
    })

    /** The game of each of `lines` (undefined for a line without a game, or a game not held). */
    const ofLines = Effect.fn("Games.ofLines")(function*(sport: TeamSport, lines: ReadonlyArray<StatLine>) {
      return yield* gamesOfLines(games, sport, lines)
    })

    /**
     * A team's schedule: its games (home or away) of `season` (default: the newest season it has
     * games in), optionally in one state, in date order (undated games last), at most `limit`.
     * ResourceNotFound when `sport` has no team `team` (case-insensitive).
     */
    const schedule = Effect.fn("Games.schedule")(function*(
      sport: TeamSport,
      team: string,
      query: { readonly season?: number | undefined; readonly state?: string | undefined; readonly limit: number }
    ) {
      const hit = (yield* teams.find(sport)).find((t) => t.abbr.toUpperCase() === team.toUpperCase())
      if (hit === undefined) return yield* Effect.fail(notFound("team", team))
      const season = query.season ??
        (yield* games.find({ sport, team: hit.abbr, order: "desc", limit: 1, offset: 0 })).rows[0]?.season
      if (season === undefined) return { team: hit, games: [] }
      const page = yield* games.find({
        sport,
        team: hit.abbr,
        season,
        state: query.state,
        order: "asc",
        limit: query.limit,
        offset: 0
      })
      return { team: hit, games: page.rows }
    })

    return { list, ofLines, schedule } as const
  })
}) {}

/**
 * The standings feature: a league's table for a season, computed from its games by the league's
 * rules (the sport module's `standings`; read from the store, GameReader `standings`, which
 * keeps it), and the published polls of college football.
 * @module
 */
import {
  CatalogReader,
  GameReader,
  type PollRanking,
  RankingReader,
  Sports,
  type Standings as StandingsRows,
  type Team,
  TeamReader,
  type TeamSport
} from "@sports-data/domain"
import { Effect } from "effect"
import { lastIngested, latestResultSeason, teamMap } from "./Reads.js"

/** The standings feature. */
export class Standings extends Effect.Service<Standings>()("@sports-data/app/Standings", {
  effect: Effect.gen(function*() {
    const games = yield* GameReader
    const catalog = yield* CatalogReader

    /**
     * The table of `league` of `sport` for `season` (default: the latest season with results),
     * the teams kept by `keep`. A season of which no game is held has no rows (never every team
     * at 0-0). `lastUpdated`: the end of the sport's last ingestion (ISO) or null. `coverage`:
     * the response's `meta.coverage` when the league's rules say the rows lack what it counts
     * (`StandingsRules.incomplete`: nhl seasons whose source has no overtime flag), else undefined.
     */
    const table = Effect.fn("Standings.table")(function*(
      sport: TeamSport,
      options: {
        readonly league?: string | undefined
        readonly season?: number | undefined
        readonly keep?: ((team: Team) => boolean) | undefined
      }
    ) {
      const league = options.league ?? sport
      const season = options.season ?? (yield* latestResultSeason(games, sport, league))
      const table = season === null ? [] : yield* games.standings({ sport, league, season })
      const rows: ReadonlyArray<StandingsRows.TeamStanding> = table.filter((s) =>
        options.keep === undefined || options.keep(s.team)
      )
      const reason = Sports.standingsRules(sport, league)?.incomplete?.(rows)
      const coverage = reason === undefined ? undefined : { available: true, reason }
      return { league, season, rows, lastUpdated: yield* lastIngested(catalog, sport), coverage }
    })

    return { table } as const
  })
}) {}

/** The polls feature (cfb). */
export class Rankings extends Effect.Service<Rankings>()("@sports-data/app/Rankings", {
  effect: Effect.gen(function*() {
    const rankings = yield* RankingReader
    const teams = yield* TeamReader

    /**
     * The poll `poll` of `sport` for `season` (default: the latest season that has it) and `week`
     * (default: the latest week of that season), ranked, with the sport's teams by key. Empty
     * rows with null season and week when the poll is not held.
     */
    const poll = Effect.fn("Rankings.poll")(function*(
      sport: TeamSport,
      options: { readonly poll: string; readonly season?: number | undefined; readonly week?: number | undefined }
    ) {
      // the newest week held (of the season asked for), unless both are given
      const latest = options.season !== undefined && options.week !== undefined
        ? null
        : yield* rankings.latestWeek({ sport, poll: options.poll, season: options.season })
      const season = options.season ?? latest?.season ?? null
      const week = options.week ?? (season === null ? null : latest?.week ?? null)
      const rows: ReadonlyArray<PollRanking> = season === null || week === null
        ? []
        : [...(yield* rankings.find({ sport, poll: options.poll, season, week }))].sort((a, b) => a.rank - b.rank)
      return { season, week, poll: options.poll, rows, teams: yield* teamMap(teams, sport) }
    })

    return { poll } as const
  })
}) {}

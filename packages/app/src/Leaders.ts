/**
 * The daily leaders feature: every stat line of a game date ranked by fantasy points, with the
 * players and games it names (mlb scoring leaders and categories).
 * @module
 */
import {
  GameReader,
  type Player,
  PlayerReader,
  type Resources,
  Sports,
  type StatLine,
  StatLineReader,
  type TeamSport
} from "@sports-data/domain"
import { Effect } from "effect"
import { allRows, gamesOfLines, playersById } from "./Reads.js"
import { dateTime, intStat, isFinalState, mlbLeaderRow, teamRef } from "./Rows.js"

/** Position of a line: the line's, else the player's. */
const linePosition = (l: StatLine, players: ReadonlyMap<string, Player>): string | null =>
  l.position ?? players.get(l.player_id)?.position ?? null

/**
 * MLB scoring categories (specification): stat key, and how a line's value is shown. Innings
 * pitched rank by outs and show in baseball notation (20 outs = 6.2).
 */
const mlbCategories: ReadonlyArray<{
  readonly name: Exclude<keyof Resources.MLBScoringCategories, "stat_date">
  readonly key: string
  readonly show: (v: number) => number
}> = [
  { name: "home_runs", key: "batting_hr", show: (v) => v },
  { name: "rbi", key: "batting_rbi", show: (v) => v },
  { name: "stolen_bases", key: "batting_sb", show: (v) => v },
  { name: "runs", key: "batting_r", show: (v) => v },
  { name: "walks", key: "batting_bb", show: (v) => v },
  { name: "innings_pitched", key: "pitching_outs", show: (v) => Math.floor(v / 3) + (v % 3) / 10 },
  { name: "strikeouts", key: "pitching_k", show: (v) => v },
  { name: "saves", key: "pitching_sv", show: (v) => v }
]

/** The leaders feature. */
export class Leaders extends Effect.Service<Leaders>()("@sports-data/app/Leaders", {
  effect: Effect.gen(function*() {
    const lines = yield* StatLineReader
    const players = yield* PlayerReader
    const games = yield* GameReader

    /** The most recent game date (`YYYY-MM-DD`) with stat lines of `sport`, or null when none are held. */
    const latestDate = Effect.fn("Leaders.latestDate")(function*(sport: TeamSport) {
      return (yield* lines.newest({ sport, limit: 1 }))[0]?.game_date ?? null
    })

    /**
     * Every stat line of `sport` on `date` (of `team` when given), by fantasy points (nulls last),
     * with their players by id and whether each line is final (its game final or completed, or
     * its game not held).
     */
    const ofDate = Effect.fn("Leaders.ofDate")(function*(sport: TeamSport, date: string, team: string | undefined) {
      const rows = yield* allRows((page) => lines.find({ sport, date, team, order: "fantasy_points", ...page }))
      const byId: ReadonlyMap<string, Player> = yield* playersById(players, [...new Set(rows.map((l) => l.player_id))])
      const gameOf = yield* gamesOfLines(games, sport, rows)
      const isFinal = (l: StatLine): boolean => {
        const g = gameOf(l)
        return g === undefined || isFinalState(g.state)
      }
      return { lines: rows, players: byId, isFinal }
    })

    /**
     * MLB scoring leaders of `date` (default: the latest date with lines): lines with fantasy
     * points, best first, of `team` and `position` when given, at most `limit`, ranked from 1.
     */
    const mlbLeaders = Effect.fn("Leaders.mlbLeaders")(function*(q: {
      readonly date?: string | undefined
      readonly team?: string | undefined
      readonly position?: string | undefined
      readonly limit: number
    }) {
      const date = q.date ?? (yield* latestDate("mlb"))
      if (date === null) return { date, rows: [] as ReadonlyArray<Resources.MLBPlayerStats> }
      const { isFinal, lines: rows, players: byId } = yield* ofDate("mlb", date, q.team)
      const position = q.position
      return {
        date,
        rows: rows
          .filter((l) =>
            l.fantasy_points !== null &&
            (position === undefined || Sports.positionMatches("mlb", position, linePosition(l, byId)))
          )
          .slice(0, q.limit)
          .map((l, i) => mlbLeaderRow(l, i + 1, byId.get(l.player_id), isFinal(l)))
      }
    })

    /**
     * MLB scoring categories of `date` (default: the latest date with lines): per category the
     * best `perCategory` positive values, ties by player name.
     */
    const mlbCategoryTable = Effect.fn("Leaders.mlbCategories")(
      function*(date: string | undefined, perCategory: number) {
        const day = date ?? (yield* latestDate("mlb"))
        const { lines: rows, players: byId } = day === null
          ? { lines: [] as ReadonlyArray<StatLine>, players: new Map<string, Player>() }
          : yield* ofDate("mlb", day, undefined)
        const data: Record<string, unknown> = { stat_date: day === null ? null : dateTime(day) }
        for (const c of mlbCategories) {
          data[c.name] = rows
            .flatMap((l) => {
              const v = intStat(l, c.key)
              return v === null || v <= 0 ? [] : [{ l, v }]
            })
            .sort((a, b) =>
              b.v - a.v ||
              (byId.get(a.l.player_id)?.full_name ?? "").localeCompare(byId.get(b.l.player_id)?.full_name ?? "")
            )
            .slice(0, perCategory)
            .map(({ l, v }, i): Resources.MLBCategoryRow => ({
              player_id: l.player_id,
              player_name: byId.get(l.player_id)?.full_name ?? l.player_id,
              ...teamRef(l.team ?? byId.get(l.player_id)?.team),
              rank: i + 1,
              id: l.player_id,
              team: l.team ?? byId.get(l.player_id)?.team ?? "",
              position: linePosition(l, byId) ?? "",
              value: c.show(v),
              stat_date: dateTime(l.game_date ?? day ?? "")
            }))
        }
        return data as Resources.MLBScoringCategories
      }
    )

    return { latestDate, ofDate, mlbLeaders, mlbCategories: mlbCategoryTable } as const
  })
}) {}

/**
 * NFL stacks and custom-scoring rankings (`/v1/nfl/stacks`, `POST /v1/nfl/rankings/custom`): stacks
 * are read from the stored sets (StackReader, recomputed after each nfl ingest), else computed
 * from a season's nfl stat lines with the domain's `Stacks`, as custom rankings always are.
 * @module
 */
import {
  GameReader,
  InvalidParameter,
  PlayerReader,
  Sports,
  StackReader,
  Stacks as S,
  type StatLine,
  StatLineReader,
  type StatLineReaderService
} from "@sports-data/domain"
import { Effect, Option } from "effect"
import { allRows, gamesOfLines, playersById } from "./Reads.js"
import { teamRef } from "./Rows.js"

/** A stack with its players' names (null when the player is not stored). */
export interface StackView extends S.Stack {
  readonly team_id: string | null
  readonly team_abbr: string | null
  readonly qb_name: string | null
  readonly pass_catcher_name: string | null
}

/** A custom-ranking row: rank from 1, the player's name (null when not stored) and his total. */
export interface CustomRankingView extends S.CustomTotal {
  readonly rank: number
  readonly full_name: string | null
  readonly player_name: string | null
  readonly team_id: string | null
  readonly team_abbr: string | null
}

/** Weeks of the nfl regular season since 2021 (a line whose game is not held is REG up to it). */
const REGULAR_WEEKS = 18

/** The latest nfl season with stat lines, or null when none are held. */
const latestSeason = (lines: StatLineReaderService) =>
  Effect.map(
    lines.newest({ sport: "nfl", limit: 1 }),
    (rows) => rows[0]?.season ?? null
  )

/** The stacks and custom-rankings feature. */
export class Stacks extends Effect.Service<Stacks>()("@sports-data/app/Stacks", {
  effect: Effect.gen(function*() {
    const lines = yield* StatLineReader
    const players = yield* PlayerReader
    const games = yield* GameReader
    const stored = yield* StackReader

    const seasonLines = (season: number, team?: string, position?: string) =>
      allRows((page) => lines.find({ sport: "nfl", season, team, position, order: "recent", ...page }))

    const names = (ids: ReadonlyArray<string>) =>
      Effect.map(playersById(players, [...new Set(ids)]), (byId) => (id: string) => byId.get(id)?.full_name ?? null)

    /**
     * Stacks of `season` (default: the latest season with nfl lines), of `team` when given (any
     * case), quarterbacks with `positions` pass-catchers, at least `minGames` shared games, the
     * first `limit` in the domain's order (`Stacks.stacksOf`). `season` is null when no nfl
     * lines are held (then no rows).
     */
    const stacks = Effect.fn("Stacks.stacks")(function*(q: {
      readonly season?: number | undefined
      readonly team?: string | undefined
      readonly positions: ReadonlyArray<string>
      readonly minGames: number
      readonly limit: number
    }) {
      const season = q.season ?? (yield* latestSeason(lines))
      if (season === null) return { season, rows: [] as ReadonlyArray<StackView> }
      const team = q.team?.toUpperCase()
      // the stored set when it is held (the same rows: Stacks.ts `keptStacks`), else from the lines
      const held = q.minGames >= S.STORED_MIN_GAMES
        ? yield* stored.find({
          season,
          positions: S.positionsKey(q.positions),
          team,
          minGames: q.minGames,
          limit: q.limit
        })
        : Option.none()
      const top = Option.isSome(held)
        ? held.value
        : S.stacksOf(yield* seasonLines(season, team), q.positions, q.minGames).slice(0, q.limit)
      const nameOf = yield* names(top.flatMap((s) => [s.qb_id, s.pass_catcher_id]))
      return {
        season,
        rows: top.map((s): StackView => ({
          ...teamRef(s.team),
          ...s,
          qb_name: nameOf(s.qb_id),
          pass_catcher_name: nameOf(s.pass_catcher_id)
        }))
      }
    })

    /**
     * Players ranked by points under `scoring` (points per nfl stat key) over the lines of
     * `season` (default: the latest season with nfl lines), of `weeks` when given, of `position`
     * when given (the line's position, any case), of the games of `seasonType` (REG regular
     * season, POST playoffs, ALL both; a line whose game is not held counts as REG when its week
     * is 1 to 18); the first `limit`. InvalidParameter (scoring)
     * naming the unknown keys and listing the known ones when a key is not an nfl stat key.
     */
    const customRanking = Effect.fn("Stacks.customRanking")(function*(q: {
      readonly scoring: S.CustomScoring
      readonly season?: number | undefined
      readonly weeks?: ReadonlyArray<number> | undefined
      readonly position?: string | undefined
      readonly seasonType: "REG" | "POST" | "ALL"
      readonly limit: number
    }) {
      const known = Sports.StatKeys.nfl
      const unknown = S.unknownStatKeys(q.scoring, known)
      if (unknown.length > 0) {
        return yield* Effect.fail(
          new InvalidParameter({
            parameter: "scoring",
            reason: `unknown stat keys: ${unknown.join(", ")}; known keys: ${known.join(", ")}`
          })
        )
      }
      const season = q.season ?? (yield* latestSeason(lines))
      if (season === null) return { season, rows: [] as ReadonlyArray<CustomRankingView> }
      const all = yield* seasonLines(season, undefined, q.position)
      const weeks = q.weeks === undefined ? undefined : new Set(q.weeks)
      const inWeeks = weeks === undefined ? all : all.filter((l: StatLine) => l.week !== null && weeks.has(l.week))
      const gameOf = q.seasonType === "ALL" ? undefined : yield* gamesOfLines(games, "nfl", inWeeks)
      const kept = gameOf === undefined ? inWeeks : inWeeks.filter((l) => {
        const type = gameOf(l)?.season_type ?? (l.week !== null && l.week <= REGULAR_WEEKS ? "REG" : "POST")
        return q.seasonType === "REG" ? type === "REG" : type === "POST"
      })
      const top = S.customTotals(kept, q.scoring).slice(0, q.limit)
      const nameOf = yield* names(top.map((t) => t.player_id))
      return {
        season,
        rows: top.map((t, i): CustomRankingView => ({
          rank: i + 1,
          full_name: nameOf(t.player_id),
          player_name: nameOf(t.player_id),
          ...teamRef(t.team),
          ...t
        }))
      }
    })

    return { stacks, customRanking } as const
  })
}) {}

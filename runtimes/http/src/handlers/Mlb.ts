/**
 * Handlers of the mlb group (`/v1/mlb`) over the SportsStore.
 *
 * No ingested source has per-batter game lines, so batting fields are null and the batting
 * categories (home_runs, rbi, stolen_bases, runs, walks) are empty; the pitching lines drive the
 * leaders and the pitching categories.
 * @module
 */
import { HttpApiBuilder } from "@effect/platform"
import { Api } from "@sports-data/api/Api"
import { withDefault } from "@sports-data/api/params/Common"
import { MLB_CATEGORY_ROWS, MlbLimits } from "@sports-data/api/params/Mlb"
import { type Game, type Player, type Resources, Sports, type StatLine } from "@sports-data/domain"
import { Effect } from "effect"
import { mapStoreErrors } from "../Errors.js"
import {
  allRows,
  envelope,
  gamesOfLines,
  lastIngested,
  playersById,
  requirePlayer,
  sportContext,
  teamPlayers
} from "./Common.js"
import { LegacyStore, type SportsStoreService } from "./LegacyStore.js"
import {
  dateTime,
  divisionMatches,
  intStat,
  isFinalState,
  mlbGameRow,
  mlbLeaderRow,
  mlbPlayer,
  mlbStatsRow,
  playerSummary
} from "./Rows.js"
import { gameList, playerLines, playerList, roster, standings } from "./Sport.js"

const sport = "mlb" as const
const ctx = sportContext(sport)

/** The most recent game date with stat lines, or null when none are held. */
const latestLineDate = (store: SportsStoreService) =>
  Effect.map(
    store.findStatLines({ sport, order: "recent", limit: 1, offset: 0 }),
    (page) => page.rows[0]?.game_date ?? null
  )

/** A line is final when its game is (final or completed), or when its game is not held. */
const lineIsFinal = (game: Game | undefined): boolean => game === undefined || isFinalState(game.state)

/** Every stat line of a date, with the players and games they reference. */
const linesOfDate = (store: SportsStoreService, date: string, team: string | undefined) =>
  Effect.gen(function*() {
    const lines = yield* allRows((page) => store.findStatLines({ sport, date, team, order: "fantasy_points", ...page }))
    const players = yield* playersById(store, [...new Set(lines.map((l) => l.player_id))])
    const gameOf = yield* gamesOfLines(store, sport, lines)
    return { lines, players, isFinal: (l: StatLine) => lineIsFinal(gameOf(l)) }
  })

/** Position of a line: the line's, else the player's. */
const linePosition = (l: StatLine, players: ReadonlyMap<string, Player>): string | null =>
  l.position ?? players.get(l.player_id)?.position ?? null

/**
 * Scoring categories (specification): stat key, and how a line's value is shown. Innings
 * pitched rank by outs and show in baseball notation (20 outs = 6.2).
 */
const categories: ReadonlyArray<{
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

/** The mlb handlers. Requires the readers of LegacyStore when built. */
export const MlbLive = HttpApiBuilder.group(Api, "mlb", (handlers) =>
  Effect.gen(function*() {
    const store = yield* LegacyStore
    return handlers
      .handle("players", ({ request, urlParams }) =>
        playerList(store, ctx(request, "players"), urlParams, MlbLimits.players, mlbPlayer).pipe(mapStoreErrors))
      .handle("player", ({ path, request }) =>
        Effect.gen(function*() {
          const player = yield* requirePlayer(store, sport, path.id)
          return yield* envelope(ctx(request, "player"), mlbPlayer(player))
        }).pipe(mapStoreErrors))
      .handle("playerStats", ({ path, request, urlParams }) =>
        Effect.gen(function*() {
          const { lines, player } = yield* playerLines(store, sport, path.id, {
            date: urlParams.date,
            limit: withDefault(urlParams.limit, MlbLimits.stats)
          })
          const gameOf = yield* gamesOfLines(store, sport, lines)
          const updated = yield* lastIngested(store, sport)
          const rows = lines.map((l) =>
            mlbStatsRow(l, player, lineIsFinal(gameOf(l)), updated)
          )
          return yield* envelope(ctx(request, "playerStats"), rows, { player: playerSummary(player) })
        }).pipe(mapStoreErrors))
      .handle("teams", ({ request }) =>
        Effect.gen(function*() {
          const teams = yield* store.findTeams(sport)
          const rows = yield* Effect.forEach(teams, (t) =>
            Effect.map(teamPlayers(store, sport, t), (players) => ({
              abbreviation: t.abbr,
              full_name: t.name,
              league: t.conference,
              division: t.division,
              roster_size: players.length,
              active_players: players.filter((p) => p.status === "active").length,
              positions: [...new Set(players.flatMap((p) => (p.position === null ? [] : [p.position])))].sort()
            })), { concurrency: 4 })
          return yield* envelope(ctx(request, "teams"), rows)
        }).pipe(mapStoreErrors))
      .handle("roster", ({ path, request, urlParams }) =>
        roster(store, ctx(request, "roster"), path.team, urlParams.position, mlbPlayer).pipe(mapStoreErrors))
      .handle("games", ({ request, urlParams }) =>
        gameList(store, ctx(request, "games"), {
          date: urlParams.date,
          state: urlParams.state,
          limit: withDefault(urlParams.limit, MlbLimits.games)
        }, mlbGameRow).pipe(mapStoreErrors))
      .handle("standings", ({ request, urlParams }) =>
        standings(store, ctx(request, "standings"), urlParams.season, (t) =>
          urlParams.division === undefined || divisionMatches(t, urlParams.division)).pipe(mapStoreErrors))
      .handle("scoringLeaders", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const date = urlParams.date ?? (yield* latestLineDate(store))
          const limit = withDefault(urlParams.limit, MlbLimits.leaders)
          if (date === null) {
            return yield* envelope(ctx(request, "scoringLeaders"), [], { stat_date: null })
          }
          const { isFinal, lines, players } = yield* linesOfDate(store, date, urlParams.team)
          const position = urlParams.position
          const rows = lines
            .filter((l) =>
              l.fantasy_points !== null &&
              (position === undefined || Sports.positionMatches(sport, position, linePosition(l, players)))
            )
            .slice(0, limit)
            .map((l, i) =>
              mlbLeaderRow(l, i + 1, players.get(l.player_id), isFinal(l))
            )
          return yield* envelope(ctx(request, "scoringLeaders"), rows, { stat_date: dateTime(date) })
        }).pipe(mapStoreErrors))
      .handle("scoringCategories", ({ request, urlParams }) =>
        Effect.gen(function*() {
          const date = urlParams.date ?? (yield* latestLineDate(store))
          const { lines, players } = date === null
            ? { lines: [] as ReadonlyArray<StatLine>, players: new Map<string, Player>() }
            : yield* linesOfDate(store, date, undefined)
          const data: Record<string, unknown> = { stat_date: date === null ? null : dateTime(date) }
          for (const c of categories) {
            data[c.name] = lines
              .flatMap((l) => {
                const v = intStat(l, c.key)
                return v === null || v <= 0 ? [] : [{ l, v }]
              })
              .sort((a, b) =>
                b.v - a.v ||
                (players.get(a.l.player_id)?.full_name ?? "").localeCompare(players.get(b.l.player_id)?.full_name ?? "")
              )
              .slice(0, MLB_CATEGORY_ROWS)
              .map(({ l, v }, i) => ({
                rank: i + 1,
                id: l.player_id,
                player_name: players.get(l.player_id)?.full_name ?? l.player_id,
                team: l.team ?? players.get(l.player_id)?.team ?? "",
                position: linePosition(l, players) ?? "",
                value: c.show(v),
                stat_date: dateTime(l.game_date ?? date ?? "")
              }))
          }
          return yield* envelope(ctx(request, "scoringCategories"), data as Resources.MLBScoringCategories)
        }).pipe(mapStoreErrors))
  }))

/**
 * In-memory {@link SportsStore}: one `Ref<HashMap>` per entity, each batch upsert one atomic
 * `Ref.modify`. Filters and orders are those documented on the queries in the domain's Ports
 * (and implemented identically by the SQL adapter):
 * - strings compare by code unit (the SQL adapter orders with `COLLATE "C"`);
 * - players search and order by the domain's `nameKey` (accents and case ignored);
 * - team and position match case-insensitively;
 * - a null sorts last in either direction.
 * @module
 */
import {
  type DepthChartEntry,
  type DepthChartQuery,
  type Game,
  type IngestState,
  type InjuryQuery,
  type InjuryReport,
  nameKey,
  type Page,
  type Paged,
  type Player,
  type PollRanking,
  type SportsStoreService,
  type SportSummary,
  type StatLine,
  type Team,
  type TeamSport,
  teamSports,
  type UpsertResult
} from "@sports-data/domain"
import { Effect, HashMap, Option, Order, Ref } from "effect"
import { sameJson } from "./Json.js"

// ---------------------------------------------------------------------------------------------
// Helpers shared by the queries
// ---------------------------------------------------------------------------------------------

/** Orders nulls after every value, whatever the direction of `order`. */
const nullsLast = <A>(order: Order.Order<A>): Order.Order<A | null> => (a, b) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : order(a, b)

const by = <A, B>(f: (a: A) => B, order: Order.Order<B>): Order.Order<A> => Order.mapInput(order, f)

const desc = <A>(order: Order.Order<A>): Order.Order<A> => Order.reverse(order)

/** Case-insensitive equality of a nullable column with a wanted value. */
const sameCi = (value: string | null, wanted: string): boolean =>
  value !== null && value.toLowerCase() === wanted.toLowerCase()

/** The page of `rows` after sorting, with the total before paging. Negative limit/offset read as 0. */
const paged = <A>(rows: Array<A>, order: Order.Order<A>, page: Page): Paged<A> => {
  const offset = Math.max(0, page.offset)
  const limit = Math.max(0, page.limit)
  return { total: rows.length, rows: rows.sort(order).slice(offset, offset + limit) }
}

/** The filter of the weekly tables (injuries, depth charts): sport, then each filter given. */
const weeklyFilter = (q: InjuryQuery | DepthChartQuery) => (r: InjuryReport | DepthChartEntry): boolean =>
  r.sport === q.sport &&
  (q.player_id === undefined || r.player_id === q.player_id) &&
  (q.team === undefined || sameCi(r.team, q.team)) &&
  (q.season === undefined || r.season === q.season) &&
  (q.week === undefined || r.week === q.week)

type Table<A> = Ref.Ref<HashMap.HashMap<string, A>>

/**
 * Idempotent batch upsert into `table`: a row whose JSON form equals the stored one is counted
 * unchanged and not rewritten. When a batch repeats a key, the last row wins and the earlier
 * ones count as unchanged (as in the SQL adapter).
 */
const upsertInto = <A>(table: Table<A>, keyOf: (row: A) => string, version: Ref.Ref<number>) =>
(
  rows: ReadonlyArray<A>
) =>
  Ref.modify(table, (map): readonly [UpsertResult, HashMap.HashMap<string, A>] => {
    const last = new Map<string, A>()
    for (const row of rows) last.set(keyOf(row), row)
    let inserted = 0
    let updated = 0
    let next = map
    for (const [key, row] of last) {
      const stored = HashMap.get(next, key)
      if (Option.isNone(stored)) {
        inserted++
        next = HashMap.set(next, key, row)
      } else if (!sameJson(stored.value, row)) {
        updated++
        next = HashMap.set(next, key, row)
      }
    }
    return [{ inserted, updated, unchanged: rows.length - inserted - updated }, next]
  }).pipe(
    // the version moves after the rows: a reader that sees the new version sees the new rows
    Effect.tap((result) => result.inserted + result.updated > 0 ? Ref.update(version, (n) => n + 1) : Effect.void)
  )

const makeTable = <A>(): Effect.Effect<Table<A>> => Ref.make(HashMap.empty<string, A>())

const valuesOf = <A>(table: Table<A>): Effect.Effect<Array<A>> =>
  Effect.map(Ref.get(table), (m) => Array.from(HashMap.values(m)))

// ---------------------------------------------------------------------------------------------
// Orders of the queries (see Ports.ts)
// ---------------------------------------------------------------------------------------------

/** A player with its {@link nameKey}, computed once per query. */
interface KeyedPlayer {
  readonly key: string
  readonly player: Player
}

/** By name key, then full name (code units), then id: the order of the SQL adapter. */
const playerOrder: Order.Order<KeyedPlayer> = Order.combineAll([
  by((k) => k.key, Order.string),
  by((k) => k.player.full_name, Order.string),
  by((k) => k.player.id, Order.string)
])

const gameOrder = (direction: "asc" | "desc"): Order.Order<Game> => {
  const asc = Order.combine(by((g: Game) => g.game_date, Order.string), by((g: Game) => g.id, Order.string))
  return direction === "asc" ? asc : desc(asc)
}

const statLineOrder = (order: "recent" | "fantasy_points"): Order.Order<StatLine> =>
  order === "recent"
    ? Order.combineAll([
      by((s) => s.season, desc(Order.number)),
      by((s) => s.week, nullsLast(desc(Order.number))),
      by((s) => s.game_date, nullsLast(desc(Order.string))),
      by((s) => s.id, desc(Order.string))
    ])
    : Order.combine(by((s) => s.fantasy_points, nullsLast(desc(Order.number))), by((s) => s.id, Order.string))

const injuryOrder: Order.Order<InjuryReport> = Order.combineAll([
  by((r) => r.season, desc(Order.number)),
  by((r) => r.week, nullsLast(desc(Order.number))),
  by((r) => r.id, Order.string)
])

const depthOrder: Order.Order<DepthChartEntry> = Order.combineAll([
  by((d) => d.season, desc(Order.number)),
  by((d) => d.week, nullsLast(desc(Order.number))),
  by((d) => d.team, Order.string),
  by((d) => d.position, nullsLast(Order.string)),
  by((d) => d.depth, nullsLast(Order.number)),
  by((d) => d.id, Order.string)
])

const teamOrder: Order.Order<Team> = by((t) => t.abbr, Order.string)

const rankingOrder: Order.Order<PollRanking> = Order.combineAll([
  by((r) => r.season, Order.number),
  by((r) => r.poll, Order.string),
  by((r) => r.week, Order.number),
  by((r) => r.rank, Order.number),
  by((r) => r.team, Order.string)
])

// ---------------------------------------------------------------------------------------------
// The store
// ---------------------------------------------------------------------------------------------

/** Makes an empty in-memory SportsStore. Never fails. */
export const makeSportsStore: Effect.Effect<SportsStoreService> = Effect.gen(function*() {
  const players = yield* makeTable<Player>()
  const teams = yield* makeTable<Team>()
  const games = yield* makeTable<Game>()
  const statLines = yield* makeTable<StatLine>()
  const injuries = yield* makeTable<InjuryReport>()
  const depthCharts = yield* makeTable<DepthChartEntry>()
  const rankings = yield* makeTable<PollRanking>()
  const ingest = yield* Ref.make(HashMap.empty<TeamSport, IngestState>())
  /** Data version: counts the upserts that inserted or changed a row. */
  const version = yield* Ref.make(0)

  const findPlayers: SportsStoreService["findPlayers"] = (q) =>
    Effect.map(valuesOf(players), (rows) => {
      const search = q.search === undefined ? undefined : nameKey(q.search)
      const ids = q.ids === undefined ? undefined : new Set(q.ids)
      const platform = q.platform
      const matching = rows.filter((p) =>
        (q.sport === undefined || p.sport === q.sport) &&
        (q.position === undefined || sameCi(p.position, q.position)) &&
        (q.team === undefined || sameCi(p.team, q.team)) &&
        (q.status === undefined || p.status === q.status) &&
        (ids === undefined || ids.has(p.id)) &&
        (platform === undefined || p.platform_ids[platform.name] === platform.id)
      ).map((player): KeyedPlayer => ({ key: nameKey(player.full_name), player }))
      const found = paged(
        search === undefined ? matching : matching.filter((k) => k.key.includes(search)),
        playerOrder,
        q
      )
      return { total: found.total, rows: found.rows.map((k) => k.player) }
    })

  const findGames: SportsStoreService["findGames"] = (q) =>
    Effect.map(valuesOf(games), (rows) => {
      const ids = q.ids === undefined ? undefined : new Set(q.ids)
      return paged(
        rows.filter((g) =>
          g.sport === q.sport &&
          (q.season === undefined || g.season === q.season) &&
          (q.week === undefined || g.week === q.week) &&
          (q.date === undefined || g.game_date === q.date) &&
          (q.state === undefined || g.state === q.state) &&
          (q.league === undefined || g.league === q.league) &&
          (q.team === undefined || sameCi(g.home_team, q.team) || sameCi(g.away_team, q.team)) &&
          (ids === undefined || ids.has(g.id))
        ),
        gameOrder(q.order),
        q
      )
    })

  const findStatLines: SportsStoreService["findStatLines"] = (q) =>
    Effect.map(valuesOf(statLines), (rows) =>
      paged(
        rows.filter((s) =>
          s.sport === q.sport &&
          (q.player_id === undefined || s.player_id === q.player_id) &&
          (q.season === undefined || s.season === q.season) &&
          (q.week === undefined || s.week === q.week) &&
          (q.date === undefined || s.game_date === q.date) &&
          (q.team === undefined || sameCi(s.team, q.team)) &&
          (q.position === undefined || sameCi(s.position, q.position))
        ),
        statLineOrder(q.order),
        q
      ))

  const findInjuries: SportsStoreService["findInjuries"] = (q) =>
    Effect.map(valuesOf(injuries), (rows) => paged(rows.filter(weeklyFilter(q)), injuryOrder, q))

  const findDepthCharts: SportsStoreService["findDepthCharts"] = (q) =>
    Effect.map(valuesOf(depthCharts), (rows) => paged(rows.filter(weeklyFilter(q)), depthOrder, q))

  const summary: SportsStoreService["summary"] = Effect.gen(function*() {
    const [p, t, g, s, i] = yield* Effect.all([
      valuesOf(players),
      valuesOf(teams),
      valuesOf(games),
      valuesOf(statLines),
      Ref.get(ingest)
    ])
    return teamSports.map((sport): SportSummary => {
      const sportGames = g.filter((x) => x.sport === sport)
      const sportLines = s.filter((x) => x.sport === sport)
      const dates = sportGames.map((x) => x.game_date).sort()
      const seasons = new Set([...sportGames.map((x) => x.season), ...sportLines.map((x) => x.season)])
      return {
        sport,
        players: p.filter((x) => x.sport === sport).length,
        teams: t.filter((x) => x.sport === sport).length,
        games: sportGames.length,
        stat_lines: sportLines.length,
        seasons: Array.from(seasons).sort((a, b) => a - b),
        first_game_date: dates[0] ?? null,
        last_game_date: dates[dates.length - 1] ?? null,
        last_updated: Option.match(HashMap.get(i, sport), { onNone: () => null, onSome: (x) => x.finished_at })
      }
    })
  })

  return {
    upsertPlayers: upsertInto(players, (p) => p.id, version),
    upsertTeams: upsertInto(teams, (t) => `${t.sport}\u0000${t.abbr}`, version),
    upsertGames: upsertInto(games, (g) => g.id, version),
    upsertStatLines: upsertInto(statLines, (s) => s.id, version),
    upsertInjuries: upsertInto(injuries, (r) => r.id, version),
    upsertDepthCharts: upsertInto(depthCharts, (d) => d.id, version),
    upsertRankings: upsertInto(rankings, (r) => r.id, version),
    findPlayers,
    getPlayer: (id) => Effect.map(Ref.get(players), (m) => HashMap.get(m, id)),
    findTeams: (sport) => Effect.map(valuesOf(teams), (rows) => rows.filter((t) => t.sport === sport).sort(teamOrder)),
    findGames,
    findStatLines,
    findInjuries,
    findDepthCharts,
    findRankings: (q) =>
      Effect.map(valuesOf(rankings), (rows) =>
        rows.filter((r) =>
          r.sport === q.sport &&
          (q.season === undefined || r.season === q.season) &&
          (q.poll === undefined || r.poll === q.poll) &&
          (q.week === undefined || r.week === q.week)
        ).sort(rankingOrder)),
    summary,
    getIngestState: (sport) => Effect.map(Ref.get(ingest), (m) => HashMap.get(m, sport)),
    setIngestState: (state) => Ref.update(ingest, (m) => HashMap.set(m, state.sport, state)),
    dataVersion: Effect.map(Ref.get(version), String)
  }
})

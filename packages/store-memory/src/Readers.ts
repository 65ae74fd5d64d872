/**
 * In-memory read ports over the shared state (SportsData.ts), one `make*Reader` per port and
 * {@link makeReaders} for all of them. Filters and orders are those documented on the queries in
 * the domain (ports/Queries.ts, ports/Readers.ts), implemented identically by the SQL adapter:
 * - strings compare by code unit (the SQL adapter orders with `COLLATE "C"`);
 * - players search and order by the domain's `nameKey` (accents and case ignored);
 * - team and position match case-insensitively;
 * - a null sorts last in either direction.
 * No reader fails with a StoreError.
 * @module
 */
import {
  type Athlete,
  type AthleteRanking,
  AthleteReader,
  type AthleteReaderService,
  CatalogReader,
  type CatalogReaderService,
  type DepthChartEntry,
  type DepthChartQuery,
  type EventEntry,
  EventReader,
  type EventReaderService,
  eventSports,
  type Game,
  gameKey,
  GameReader,
  type GameReaderService,
  type InjuryQuery,
  type InjuryReport,
  isCalendarDate,
  type KeySpec,
  leaderOrder,
  type LineLeader,
  nameKey,
  type Page,
  type Paged,
  Paging,
  type Player,
  playerKey,
  PlayerReader,
  type PlayerReaderService,
  type PollRanking,
  RankingReader,
  type RankingReaderService,
  ReportReader,
  type ReportReaderService,
  ServiceEventReader,
  SignalReader,
  type SortKey,
  type SportEvent,
  type SportKey,
  Sports,
  type SportsReaders,
  type SportSummary,
  type StatLine,
  statLineKey,
  StatLineReader,
  type StatLineReaderService,
  type Team,
  TeamReader,
  type TeamReaderService,
  teamSports
} from "@sports-data/domain"
import { Context, Effect, HashMap, Option, Order, Ref } from "effect"
import { makeServiceEventReader, makeSignalReader } from "./Signals.js"
import { type SportsData, valuesOf } from "./SportsData.js"

// ---------------------------------------------------------------------------------------------
// Helpers shared by the queries
// ---------------------------------------------------------------------------------------------

/** Orders nulls after every value, whatever the direction of `order`. */
export const nullsLast = <A>(order: Order.Order<A>): Order.Order<A | null> => (a, b) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : order(a, b)

/** Orders values by `f` of them, in `order`. */
export const by = <A, B>(f: (a: A) => B, order: Order.Order<B>): Order.Order<A> => Order.mapInput(order, f)

/** `order` reversed (descending). */
export const desc = <A>(order: Order.Order<A>): Order.Order<A> => Order.reverse(order)

/** Case-insensitive equality of a nullable column with a wanted value. */
const sameCi = (value: string | null, wanted: string): boolean =>
  value !== null && value.toLowerCase() === wanted.toLowerCase()

/**
 * The page of `rows` after sorting, with the total before paging. Negative limit/offset read as
 * 0. With `keyset` (the query's sort key and its `after`), only rows strictly after that key are
 * paged; the total still counts them all.
 */
const paged = <A>(
  rows: Array<A>,
  order: Order.Order<A>,
  page: Page,
  keyset?: { readonly spec: KeySpec<A>; readonly after: SortKey | undefined }
): Paged<A> => {
  const offset = Math.max(0, page.offset)
  const limit = Math.max(0, page.limit)
  const from = keyset === undefined ? rows : Paging.rowsAfter(rows, keyset.spec, keyset.after)
  return { total: rows.length, rows: from.sort(order).slice(offset, offset + limit) }
}

/** {@link playerKey} over a player with its name key already computed. */
const keyedPlayerKey: KeySpec<KeyedPlayer> = {
  columns: playerKey.columns,
  of: (k) => [k.key, k.player.full_name, k.player.id]
}

/** The filter of the weekly tables (injuries, depth charts): sport, then each filter given. */
const weeklyFilter = (q: InjuryQuery | DepthChartQuery) => (r: InjuryReport | DepthChartEntry): boolean =>
  r.sport === q.sport &&
  (q.player_id === undefined || r.player_id === q.player_id) &&
  (q.team === undefined || sameCi(r.team, q.team)) &&
  (q.season === undefined || r.season === q.season) &&
  (q.week === undefined || r.week === q.week)

// ---------------------------------------------------------------------------------------------
// Orders of the queries
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

/** Games by date (undated games last in either direction), then id, in `direction`. */
const gameOrder = (direction: "asc" | "desc"): Order.Order<Game> => {
  const dir = <A>(o: Order.Order<A>) => (direction === "asc" ? o : desc(o))
  return Order.combine(
    by((g: Game) => g.game_date, nullsLast(dir(Order.string))),
    by((g: Game) => g.id, dir(Order.string))
  )
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
  by((r) => r.id, Order.string)
])

const eventOrder = (direction: "asc" | "desc"): Order.Order<SportEvent> => {
  // as PostgreSQL's ASC (NULLS LAST): an undated event after the dated ones of its season
  const asc = Order.combineAll([
    by((e: SportEvent) => e.season, Order.number),
    by((e: SportEvent) => e.start_date ?? "\uffff", Order.string),
    by((e: SportEvent) => e.id, Order.string)
  ])
  return direction === "asc" ? asc : desc(asc)
}

const entryOrder: Order.Order<EventEntry> = Order.combineAll([
  by((e) => e.event_id, Order.string),
  by((e) => e.position, nullsLast(Order.number)),
  by((e) => e.participant_id, Order.string)
])

// ---------------------------------------------------------------------------------------------
// The readers
// ---------------------------------------------------------------------------------------------

/** Players over `data`. */
export const makePlayerReader = (data: SportsData): PlayerReaderService => ({
  find: (q) =>
    Effect.map(valuesOf(data.players), (rows) => {
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
        q,
        { spec: keyedPlayerKey, after: q.after }
      )
      return { total: found.total, rows: found.rows.map((k) => k.player) }
    }),
  get: (id) => Effect.map(Ref.get(data.players), (m) => HashMap.get(m, id)),
  getMany: (ids) =>
    Effect.map(Ref.get(data.players), (m) => [...new Set(ids)].flatMap((id) => Option.toArray(HashMap.get(m, id)))),
  platformNames: Effect.map(
    valuesOf(data.players),
    (rows) =>
      [...new Set(rows.flatMap((p) => Object.keys(p.platform_ids)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  ),
  teamRosters: (sport) =>
    Effect.map(valuesOf(data.players), (rows) => {
      const out = new Map<string, { players: number; active: number; positions: Set<string> }>()
      for (const p of rows) {
        if (p.sport !== sport || p.team === null) continue
        const team = p.team.toLowerCase()
        const roster = out.get(team) ?? { players: 0, active: 0, positions: new Set<string>() }
        roster.players++
        if (p.status === "active") roster.active++
        if (p.position !== null) roster.positions.add(p.position)
        out.set(team, roster)
      }
      return new Map(
        [...out].map(([team, r]) => [team, { ...r, positions: [...r.positions].sort() }] as const)
      )
    })
})

/** Teams over `data`. */
export const makeTeamReader = (data: SportsData): TeamReaderService => ({
  find: (sport) => Effect.map(valuesOf(data.teams), (rows) => rows.filter((t) => t.sport === sport).sort(teamOrder))
})

/** Games over `data`. */
export const makeGameReader = (data: SportsData): GameReaderService => ({
  find: (q) =>
    Effect.map(valuesOf(data.games), (rows) => {
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
        q,
        { spec: gameKey(q.order), after: q.after }
      )
    }),
  latestSeason: (q) =>
    Effect.map(valuesOf(data.games), (rows) => {
      const newest = new Map<string, Game>()
      const order = gameOrder("desc")
      for (const g of rows) {
        if (g.sport !== q.sport || g.league !== q.league || !q.states.includes(g.state)) continue
        const held = newest.get(g.state)
        if (held === undefined || order(g, held) < 0) newest.set(g.state, g)
      }
      return [...newest.values()].reduce<number | null>((m, g) => (m === null || g.season > m ? g.season : m), null)
    }),
  // computed per read: the memory store is exact and small (the SQL store keeps the tables)
  standings: (q) =>
    Effect.gen(function*() {
      const teams = (yield* valuesOf(data.teams)).filter((t) => t.sport === q.sport).sort(teamOrder)
      const games = (yield* valuesOf(data.games))
        .filter((g) => g.sport === q.sport && g.league === q.league && g.season === q.season)
        .sort(gameOrder("asc"))
      return Sports.leagueTable(q.sport, q.league, q.season, teams, games)
    })
})

/** Stat lines over `data`. */
export const makeStatLineReader = (data: SportsData): StatLineReaderService => ({
  find: (q) =>
    Effect.map(valuesOf(data.statLines), (rows) =>
      paged(
        rows.filter((s) =>
          s.sport === q.sport &&
          (q.player_id === undefined || s.player_id === q.player_id) &&
          (q.season === undefined || s.season === q.season) &&
          (q.week === undefined || s.week === q.week) &&
          (q.date === undefined || s.game_date === q.date) &&
          (q.team === undefined || sameCi(s.team, q.team)) &&
          (q.position === undefined || sameCi(s.position, q.position)) &&
          (q.player_ids === undefined || q.player_ids.includes(s.player_id))
        ),
        statLineOrder(q.order),
        q,
        { spec: statLineKey(q.order), after: q.after }
      )),
  recentBefore: (q) =>
    Effect.map(valuesOf(data.statLines), (rows) => {
      const ids = new Set(q.player_ids)
      const byPlayer = new Map<string, Array<StatLine>>()
      for (const s of rows) {
        if (
          s.sport !== q.sport || !ids.has(s.player_id) || s.game_date === null || s.game_date.slice(0, 10) >= q.before
        ) {
          continue
        }
        const list = byPlayer.get(s.player_id)
        if (list === undefined) byPlayer.set(s.player_id, [s])
        else list.push(s)
      }
      const order = statLineOrder("recent")
      return [...byPlayer.keys()].sort().flatMap((id) =>
        byPlayer.get(id)!.sort(order).slice(0, Math.max(0, q.per_player))
      )
    }),
  newest: (q) =>
    Effect.map(Effect.zip(valuesOf(data.statLines), Ref.get(data.players)), ([rows, players]) => {
      const ids = q.player_ids === undefined ? undefined : new Set(q.player_ids)
      const positions = q.positions === undefined ? undefined : new Set(q.positions)
      const positionKept = (s: StatLine) => {
        const position = s.position ?? Option.getOrUndefined(HashMap.get(players, s.player_id))?.position ?? null
        return positions === undefined || (position !== null && positions.has(position))
      }
      const matching = rows.filter((s) =>
        s.sport === q.sport &&
        (q.season === undefined || s.season === q.season) &&
        (q.week === undefined || s.week === q.week) &&
        (q.team === undefined || sameCi(s.team, q.team)) &&
        (ids === undefined || ids.has(s.player_id)) &&
        positionKept(s)
      ).sort(statLineOrder("recent"))
      const taken = new Map<string, number>()
      const out: Array<StatLine> = []
      const limit = q.limit === undefined ? Infinity : Math.max(0, Math.trunc(q.limit))
      const perPlayer = q.per_player === undefined ? Infinity : Math.max(0, Math.trunc(q.per_player))
      for (const s of matching) {
        if (out.length >= limit) break
        const n = taken.get(s.player_id) ?? 0
        if (n >= perPlayer) continue
        taken.set(s.player_id, n + 1)
        out.push(s)
      }
      return out
    }),
  leaders: (q) =>
    Effect.map(Effect.zip(valuesOf(data.statLines), Ref.get(data.players)), ([rows, players]) => {
      const ids = q.player_ids === undefined ? undefined : new Set(q.player_ids)
      const wanted = q.positions === undefined ? undefined : new Set(q.positions)
      const held = new Set<string>()
      const seasons = new Set<number>()
      const leaders = new Map<string, { -readonly [K in keyof LineLeader]: LineLeader[K] }>()
      let total = 0
      rows.filter((s) =>
        s.sport === q.sport &&
        (q.season === undefined || s.season === q.season) &&
        (q.week === undefined || s.week === q.week) &&
        (q.team === undefined || sameCi(s.team, q.team)) &&
        (ids === undefined || ids.has(s.player_id))
      ).sort(statLineOrder("recent")).forEach((s, rank) => {
        const player = Option.getOrUndefined(HashMap.get(players, s.player_id))
        const position = s.position ?? player?.position ?? null
        if (position !== null) held.add(position)
        if (wanted !== undefined && (position === null || !wanted.has(position))) return
        total += 1
        seasons.add(s.season)
        const leader = leaders.get(s.player_id)
        if (leader === undefined) {
          leaders.set(s.player_id, {
            player_id: s.player_id,
            player_name: player?.full_name ?? null,
            lines: 1,
            fantasy_points: s.fantasy_points ?? 0,
            first: rank
          })
        } else {
          leader.lines += 1
          leader.fantasy_points += s.fantasy_points ?? 0
        }
      })
      return {
        total,
        seasons: [...seasons].sort((a, b) => a - b),
        positions: [...held].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
        leaders: [...leaders.values()].sort(leaderOrder).slice(0, Math.max(0, Math.trunc(q.limit)))
      }
    })
})

/** Injury reports and depth charts over `data`. */
export const makeReportReader = (data: SportsData): ReportReaderService => ({
  injuries: (q) => Effect.map(valuesOf(data.injuries), (rows) => paged(rows.filter(weeklyFilter(q)), injuryOrder, q)),
  depthCharts: (q) =>
    Effect.map(valuesOf(data.depthCharts), (rows) => paged(rows.filter(weeklyFilter(q)), depthOrder, q))
})

/** Poll rankings over `data`. */
export const makeRankingReader = (data: SportsData): RankingReaderService => ({
  find: (q) =>
    Effect.map(valuesOf(data.rankings), (rows) =>
      rows.filter((r) =>
        r.sport === q.sport &&
        (q.season === undefined || r.season === q.season) &&
        (q.poll === undefined || r.poll === q.poll) &&
        (q.week === undefined || r.week === q.week) &&
        (q.team === undefined || sameCi(r.team, q.team))
      ).sort(rankingOrder)),
  latestWeek: (q) =>
    Effect.map(valuesOf(data.rankings), (rows) =>
      rows.reduce<{ season: number; week: number } | null>(
        (m, r) =>
          r.sport !== q.sport || r.poll !== q.poll || (q.season !== undefined && r.season !== q.season) ||
            (m !== null && (r.season < m.season || (r.season === m.season && r.week <= m.week)))
            ? m
            : { season: r.season, week: r.week },
        null
      ))
})

/** Events and their entries over `data`. */
export const makeEventReader = (data: SportsData): EventReaderService => ({
  events: (q) =>
    Effect.map(Effect.zip(valuesOf(data.events), valuesOf(data.eventEntries)), ([rows, entries]) => {
      const ids = q.ids === undefined ? undefined : new Set(q.ids)
      const entered = q.participant_id === undefined ? undefined : new Set(
        entries.filter((e) => e.sport === q.sport && e.participant_id === q.participant_id).map((e) => e.event_id)
      )
      const date = q.date
      // a string that is not a calendar date matches no event (the SQL adapter cannot cast it)
      if (date !== undefined && !isCalendarDate(date)) return { total: 0, rows: [] }
      return paged(
        rows.filter((e) =>
          e.sport === q.sport &&
          (q.league === undefined || e.league === q.league) &&
          (q.season === undefined || e.season === q.season) &&
          (q.state === undefined || e.state === q.state) &&
          (date === undefined ||
            (e.start_date !== null && e.start_date <= date && date <= (e.end_date ?? e.start_date))) &&
          (ids === undefined || ids.has(e.id)) &&
          (entered === undefined || entered.has(e.id))
        ),
        eventOrder(q.order),
        q
      )
    }),
  entries: (q) =>
    Effect.map(valuesOf(data.eventEntries), (rows) => {
      const events = q.event_ids === undefined ? undefined : new Set(q.event_ids)
      const shared = q.shares_event_with === undefined ? undefined : new Set(
        rows.filter((e) => e.sport === q.sport && e.participant_id === q.shares_event_with).map((e) => e.event_id)
      )
      // (event, place) of the participant's placed entries; an entry without a place is in none
      const place = (e: EventEntry) => `${e.event_id}\u0000${e.position}`
      const placed = q.shares_position_with === undefined ? undefined : new Set(
        rows.filter((e) => e.sport === q.sport && e.participant_id === q.shares_position_with && e.position !== null)
          .map(place)
      )
      return paged(
        rows.filter((e) =>
          e.sport === q.sport &&
          (events === undefined || events.has(e.event_id)) &&
          (shared === undefined || shared.has(e.event_id)) &&
          (placed === undefined || placed.has(place(e))) &&
          (q.participant_id === undefined || e.participant_id === q.participant_id) &&
          (q.position === undefined || e.position === q.position)
        ),
        entryOrder,
        q
      )
    }),
  entryCounts: (sport, ids) =>
    Effect.map(valuesOf(data.eventEntries), (rows) => {
      const wanted = new Set(ids)
      const out = new Map<string, number>()
      for (const e of rows) {
        if (e.sport === sport && wanted.has(e.event_id)) out.set(e.event_id, (out.get(e.event_id) ?? 0) + 1)
      }
      return out
    }),
  participantTotals: (q) =>
    Effect.map(valuesOf(data.eventEntries), (rows) => {
      const events = new Set(q.event_ids)
      const totals = new Map<string, { name: string; positions: Array<number | null>; score: number; stat: number }>()
      for (const e of rows.filter((x) => x.sport === q.sport && events.has(x.event_id)).sort(entryOrder)) {
        const t = totals.get(e.participant_id) ?? { name: e.participant_name, positions: [], score: 0, stat: 0 }
        t.name = e.participant_name
        t.positions.push(e.position)
        t.score += e.score ?? 0
        t.stat += e.stats[q.stat] ?? 0
        totals.set(e.participant_id, t)
      }
      return [...totals]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([participant_id, t]) => ({
          participant_id,
          participant_name: t.name,
          positions: t.positions.sort((a, b) => (a ?? Infinity) - (b ?? Infinity)),
          score: t.score,
          stat: t.stat
        }))
    })
})

/** An athlete with its {@link nameKey}, computed once per query. */
interface KeyedAthlete {
  readonly key: string
  readonly athlete: Athlete
}

/** By name key, then name (code units), then id: the order of the SQL adapter. */
const athleteOrder: Order.Order<KeyedAthlete> = Order.combineAll([
  by((k) => k.key, Order.string),
  by((k) => k.athlete.name, Order.string),
  by((k) => k.athlete.id, Order.string)
])

/** Newest list first, then rank, then athlete id. */
const athleteRankingOrder: Order.Order<AthleteRanking> = Order.combineAll([
  by((r) => r.ranking_date, desc(Order.string)),
  by((r) => r.rank, Order.number),
  by((r) => r.athlete_id, Order.string)
])

/** Athletes and their ranking lists over `data`. */
export const makeAthleteReader = (data: SportsData): AthleteReaderService => ({
  find: (q) =>
    Effect.map(valuesOf(data.athletes), (rows) => {
      const search = q.search === undefined ? undefined : nameKey(q.search)
      const name = q.name === undefined ? undefined : nameKey(q.name)
      const ids = q.ids === undefined ? undefined : new Set(q.ids)
      const keyed = rows.filter((a) =>
        a.sport === q.sport &&
        (q.league === undefined || a.league === q.league) &&
        (ids === undefined || ids.has(a.id))
      ).map((athlete): KeyedAthlete => ({ key: nameKey(athlete.name), athlete }))
      const found = paged(
        keyed.filter((k) => (search === undefined || k.key.includes(search)) && (name === undefined || k.key === name)),
        athleteOrder,
        q
      )
      return { total: found.total, rows: found.rows.map((k) => k.athlete) }
    }),
  get: (id) => Effect.map(Ref.get(data.athletes), (m) => HashMap.get(m, id)),
  rankings: (q) =>
    Effect.map(valuesOf(data.athleteRankings), (rows) => {
      if (q.date !== undefined && !isCalendarDate(q.date)) return { total: 0, rows: [] }
      return paged(
        rows.filter((r) =>
          r.sport === q.sport &&
          r.league === q.league &&
          (q.date === undefined || r.ranking_date === q.date) &&
          (q.athlete_id === undefined || r.athlete_id === q.athlete_id)
        ),
        athleteRankingOrder,
        q
      )
    }),
  rankingDates: (sport, league) =>
    Effect.map(
      valuesOf(data.athleteRankings),
      (rows) =>
        Array.from(new Set(rows.filter((r) => r.sport === sport && r.league === league).map((r) => r.ranking_date)))
          .sort(desc(Order.string))
    )
})

/** Summary, ingest records and data version over `data`. */
export const makeCatalogReader = (data: SportsData): CatalogReaderService => ({
  summary: Effect.gen(function*() {
    const [p, t, g, s, i, ev, en] = yield* Effect.all([
      valuesOf(data.players),
      valuesOf(data.teams),
      valuesOf(data.games),
      valuesOf(data.statLines),
      Ref.get(data.ingest),
      valuesOf(data.events),
      valuesOf(data.eventEntries)
    ])
    const lastUpdated = (sport: SportKey) =>
      Option.match(HashMap.get(i, sport), { onNone: () => null, onSome: (x) => x.finished_at })
    const teamRows = teamSports.map((sport): SportSummary => {
      const sportGames = g.filter((x) => x.sport === sport)
      const sportLines = s.filter((x) => x.sport === sport)
      const dates = sportGames.flatMap((x) => (x.game_date === null ? [] : [x.game_date])).sort()
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
        last_updated: lastUpdated(sport)
      }
    })
    const eventRows = eventSports.map((sport): SportSummary => {
      const events = ev.filter((x) => x.sport === sport)
      const entries = en.filter((x) => x.sport === sport)
      const dates = events.flatMap((x) => (x.start_date === null ? [] : [x.start_date])).sort()
      return {
        sport,
        players: new Set(entries.map((x) => x.participant_id)).size,
        teams: new Set(entries.flatMap((x) => (x.team === null ? [] : [x.team]))).size,
        games: events.length,
        stat_lines: entries.length,
        seasons: Array.from(new Set(events.map((x) => x.season))).sort((a, b) => a - b),
        first_game_date: dates[0] ?? null,
        last_game_date: dates[dates.length - 1] ?? null,
        last_updated: lastUpdated(sport)
      }
    })
    return [...teamRows, ...eventRows]
  }),
  ingestState: (sport) => Effect.map(Ref.get(data.ingest), (m) => HashMap.get(m, sport)),
  ingestStates: Effect.map(Ref.get(data.ingest), (m) => new Map(HashMap.toEntries(m))),
  dataVersion: Effect.map(Ref.get(data.version), String)
})

/** Every read port over `data`, as a Context. */
export const makeReaders = (data: SportsData): Context.Context<SportsReaders> =>
  Context.make(PlayerReader, makePlayerReader(data)).pipe(
    Context.add(TeamReader, makeTeamReader(data)),
    Context.add(GameReader, makeGameReader(data)),
    Context.add(StatLineReader, makeStatLineReader(data)),
    Context.add(ReportReader, makeReportReader(data)),
    Context.add(RankingReader, makeRankingReader(data)),
    Context.add(EventReader, makeEventReader(data)),
    Context.add(AthleteReader, makeAthleteReader(data)),
    Context.add(CatalogReader, makeCatalogReader(data)),
    Context.add(SignalReader, makeSignalReader(data)),
    Context.add(ServiceEventReader, makeServiceEventReader(data))
  )

/**
 * The read models of trends, game history, trending topics and the odds list (StatLineReader
 * `leaders` and `newest`, SignalReader `nameCounts`, OddsReader `latest`) on every store: after an ingest of the fixtures, the app's answers equal
 * what the per-request computation over every matching line (the code they replaced, written
 * out below as the reference) answered, for the filters clients send; and after new lines are
 * written, the answers move with them.
 */
import { describe, expect, it } from "@effect/vitest"
import { Analytics, type HistoryQuery, type HistorySport, Odds, Signals } from "@sports-data/app"
import {
  Analytics as A,
  leaderMean,
  Odds as O,
  OddsReader,
  OddsWriter,
  Paging,
  type Player,
  PlayerReader,
  type Resources,
  SignalReader,
  Signals as Rules,
  type SignalSport,
  Sports,
  SportsWriter,
  type StatLine,
  StatLineReader,
  type StoredSignal
} from "@sports-data/domain"
import { Progress, Runner } from "@sports-data/ingest"
import { Effect, Layer, Option } from "effect"
import { fileURLToPath } from "node:url"
import { historyRecord } from "../../packages/app/src/Analytics.js"
import { TRENDING_TTL_MS, TRENDING_WINDOW_DAYS } from "../../packages/app/src/Signals.js"
import { storeLayers } from "../harness/stores.js"

const fixtures = (sport: string) => fileURLToPath(new URL(`../fixtures/${sport}`, import.meta.url))

/** Every page of a paged read. */
const allRows = Paging.allRows

/** The reference: every line matching `q` read and filtered per request (the replaced code). */
const referenceLines = (sport: HistorySport, q: HistoryQuery) =>
  Effect.gen(function*() {
    const players = yield* PlayerReader
    const lines = yield* StatLineReader
    const ids = q.player === undefined
      ? undefined
      : (yield* allRows((page) => players.find({ sport, search: q.player!.trim(), ...page }))).map((p) => p.id)
    const season = q.season ?? (ids !== undefined && ids.length <= 25
      ? undefined
      : (yield* lines.find({ sport, order: "recent", limit: 1, offset: 0 })).rows[0]?.season)
    const base = { sport, season, week: q.week, team: q.team, order: "recent" as const }
    const found = ids !== undefined && ids.length <= 25
      ? (yield* Effect.forEach(ids, (player_id) => allRows((page) => lines.find({ ...base, player_id, ...page }))))
        .flat().sort(A.newestFirst)
      : season === undefined
      ? []
      : (yield* allRows((page) => lines.find({ ...base, ...page }))).filter((l) =>
        ids === undefined || ids.includes(l.player_id)
      )
    const wanted = [...new Set(found.map((l) => l.player_id))]
    const people = new Map<string, Player>(
      wanted.length === 0
        ? []
        : (yield* allRows((page) => players.find({ ids: wanted, ...page }))).map((p) => [p.id, p] as const)
    )
    const kept = q.position === undefined
      ? found
      : found.filter((l) =>
        Sports.positionMatches(sport, q.position!, l.position ?? people.get(l.player_id)?.position ?? null)
      )
    const seasons = season !== undefined ? [season] : [...new Set(kept.map((l) => l.season))].sort((a, b) => a - b)
    return { lines: kept, people, seasons }
  })

/** The reference game history. */
const referenceHistory = (sport: HistorySport, q: HistoryQuery) =>
  Effect.map(referenceLines(sport, q), (found) => ({
    total: found.lines.length,
    seasons: found.seasons,
    rows: found.lines.slice(0, q.limit).map((l) => historyRecord(sport, l, found.people.get(l.player_id)))
  }))

/** The reference trends (teamRef as the app's Rows makes it is compared through the app's own rows). */
const referenceTrends = (sports: ReadonlyArray<HistorySport>, q: HistoryQuery) =>
  Effect.gen(function*() {
    type Group = {
      sport: HistorySport
      id: string
      games: Array<StatLine>
      people: ReadonlyMap<string, Player>
      name: string
      sum: number
    }
    const groups: Array<Group> = []
    const seasons = new Set<number>()
    let total = 0
    for (const sport of sports) {
      const found = yield* referenceLines(sport, q)
      found.seasons.forEach((s) => seasons.add(s))
      total += found.lines.length
      const bySport = new Map<string, Group>()
      for (const l of found.lines) {
        let g = bySport.get(l.player_id)
        if (g === undefined) {
          g = {
            sport,
            id: l.player_id,
            games: [],
            people: found.people,
            name: found.people.get(l.player_id)?.full_name ?? l.player_id,
            sum: 0
          }
          bySport.set(l.player_id, g)
          groups.push(g)
        }
        g.games.push(l)
        g.sum += l.fantasy_points ?? 0
      }
    }
    const avgOf = (g: Group) => Math.round((g.sum / g.games.length) * 100) / 100
    const meanOf = (g: Group) => leaderMean({ fantasy_points: g.sum, lines: g.games.length })
    groups.sort((a, b) => meanOf(b) - meanOf(a) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    return {
      seasons: [...seasons].sort((a, b) => a - b),
      total_records: total,
      trends: groups.slice(0, q.limit).map((g) => {
        const p = g.people.get(g.id)
        const records = g.games.slice(0, q.gamesLimit ?? Infinity).map((l) => historyRecord(g.sport, l, p))
        return {
          player_id: g.id,
          player_name: g.name,
          team: p?.team ?? records[0]!.team,
          position: p?.position ?? records[0]!.position,
          sport: g.sport,
          games_in_sample: g.games.length,
          avg_fantasy_points: avgOf(g),
          recent_game: records[0]!,
          all_games: records
        }
      })
    }
  })

/** The app's trends without the team reference fields (the reference leaves them out). */
const trendsOf = (sports: ReadonlyArray<HistorySport>, q: HistoryQuery) =>
  Effect.map(Effect.flatMap(Analytics, (a) => a.trends(sports, q)), (r) => ({
    ...r,
    trends: r.trends.map((t: Resources.HistoricalTrend) => ({
      player_id: t.player_id,
      player_name: t.player_name,
      team: t.team,
      position: t.position,
      sport: t.sport,
      games_in_sample: t.games_in_sample,
      avg_fantasy_points: t.avg_fantasy_points,
      recent_game: t.recent_game,
      all_games: t.all_games
    }))
  }))

/** The reference odds list: every line read, the latest per key kept per game. */
/** A lines bound above any game's count of lines, so that the list is compared whole. */
const ALL_LINES = 1_000_000

/** A list's filters, as `/v1/{sport}/odds` takes them (bookmaker and market in any case). */
interface ListFilters {
  readonly season?: number | undefined
  readonly limit: number
  readonly linesLimit?: number | undefined
  readonly bookmaker?: string | undefined
  readonly market?: string | undefined
}

const referenceOdds = (sport: "nba" | "golf", q: ListFilters) =>
  Effect.gen(function*() {
    const lines = yield* (yield* OddsReader).find({ sport, season: q.season })
    const byGame = new Map<string, { head: O.OddsLine; latest: Map<string, O.OddsLine> }>()
    for (const l of lines) {
      const g = byGame.get(l.game_id) ?? { head: l, latest: new Map() }
      if (!byGame.has(l.game_id)) {
        if (byGame.size >= q.limit) continue
        byGame.set(l.game_id, g)
      }
      const outright = O.isOutright(l) ? `\u0000${l.market}\u0000${l.home}` : ""
      g.latest.set(`${l.source}\u0000${l.bookmaker ?? ""}${outright}`, l)
    }
    return [...byGame.values()].map(({ head, latest }) => {
      const lines = O.lineRows(
        [...latest.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, l]) => l),
        "latest"
      ).filter((row) =>
        (q.bookmaker === undefined || row.bookmaker?.toLowerCase() === q.bookmaker.toLowerCase()) &&
        (q.market === undefined || row.outright?.market.toLowerCase() === q.market.toLowerCase())
      )
      return {
        game_id: head.game_id,
        season: head.season,
        week: head.week,
        game_date: head.game_date,
        home_team: O.isOutright(head) ? null : head.home,
        away_team: O.isOutright(head) ? null : head.away,
        lines_total: lines.length,
        lines: lines.slice(0, q.linesLimit ?? ALL_LINES)
      }
    })
  })

/** The reference `/v1/trending`: every signal of the window read and counted per request (the replaced code). */
const referenceTrending = (sports: ReadonlyArray<SignalSport>, limit: number) =>
  Effect.gen(function*() {
    const signals = yield* SignalReader
    const groupOfType = new Map(
      Object.entries(Rules.newsTypeGroups).flatMap(([group, types]) => types.map((t) => [t as string, group]))
    )
    const out: Array<Resources.TrendingTopic & { readonly at: number }> = []
    for (const { at, sport } of yield* signals.lastUpdate) {
      if (!sports.includes(sport)) continue
      const since = new Date(at.getTime() - TRENDING_WINDOW_DAYS * 86_400_000)
      const rows = yield* allRows((page) => signals.find({ sports: [sport], since, order: "recent", ...page }))
      const byTag = new Map<string, Array<StoredSignal>>()
      for (const s of rows) byTag.set(s.player_name, [...(byTag.get(s.player_name) ?? []), s])
      const top = Math.max(0, ...[...byTag.values()].map((l) => l.length))
      for (const [tag, list] of byTag) {
        const groups = new Map<string, number>()
        for (const s of list) {
          const g = groupOfType.get(s.signal_type) ?? s.signal_type
          groups.set(g, (groups.get(g) ?? 0) + 1)
        }
        const newest = list[0]!.effective_at
        out.push({
          tag,
          sport,
          category: [...groups].reduce((best, cur) => (cur[1] > best[1] ? cur : best))[0],
          relevance_score: Math.round((list.length / top) * 1000) / 1000,
          scraped_at: newest.toISOString(),
          expires_at: new Date(newest.getTime() + TRENDING_TTL_MS).toISOString(),
          signal_count: list.length,
          at: newest.getTime()
        })
      }
    }
    return out
      .sort((a, b) => b.signal_count - a.signal_count || b.at - a.at || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
      .slice(0, limit)
      .map(({ at: _, ...row }) => row)
  })

/** The filters compared, per sport (seasons and names the fixtures hold are read from them). */
const queries = (sport: HistorySport, sample: StatLine, name: string): ReadonlyArray<HistoryQuery> => [
  { limit: 5 },
  { limit: 100 },
  { season: sample.season, limit: 10 },
  { season: sample.season, position: sport === "nba" ? "G" : sport === "nfl" ? "WR" : "SP", limit: 10 },
  { team: sample.team ?? undefined, limit: 10 },
  ...(sample.week === null ? [] : [{ season: sample.season, week: sample.week, limit: 10 }]),
  { player: name.split(" ").at(-1)!, limit: 10 },
  { player: name, limit: 3 },
  { player: "a", limit: 10 },
  { player: "no such player zz", limit: 10 },
  // trends as the HTTP handlers ask them: each player's newest games_limit games
  { limit: 50, gamesLimit: 10 },
  { limit: 5, gamesLimit: 1 },
  { season: sample.season, position: sport === "nba" ? "G" : sport === "nfl" ? "WR" : "SP", limit: 10, gamesLimit: 3 },
  { team: sample.team ?? undefined, limit: 10, gamesLimit: 2 },
  { player: name, limit: 3, gamesLimit: 2 }
]

const layers = await storeLayers()

describe.each(layers.filter(([label]) => label !== "pglite thread"))("read models on %s", (_label, stores) => {
  const services = Layer.mergeAll(Analytics.Default, Odds.Default, Signals.Default).pipe(Layer.provideMerge(stores))
  it.scopedLive(
    "trends, history, trending topics and the odds list equal the per-request computation, and move with new lines",
    () =>
      Effect.gen(function*() {
        for (const sport of ["nba", "nfl", "golf"]) {
          yield* Runner.runIngest({ sports: [sport as "nba"], dataDir: fixtures(sport) }).pipe(
            Effect.provide(Progress.silent)
          )
        }
        const lines = yield* StatLineReader
        const players = yield* PlayerReader
        for (const sport of ["nba", "nfl"] as const) {
          const sample = (yield* lines.find({ sport, order: "fantasy_points", limit: 1, offset: 0 })).rows[0]!
          const name = (yield* players.get(sample.player_id)).pipe((p) => p._tag === "Some" ? p.value.full_name : "x")
          for (const q of queries(sport, sample, name)) {
            const history = yield* Effect.flatMap(Analytics, (a) => a.history(sport, q))
            expect(history, `${sport} history ${JSON.stringify(q)}`).toEqual(yield* referenceHistory(sport, q))
            const trends = yield* trendsOf([sport], q)
            expect(trends, `${sport} trends ${JSON.stringify(q)}`).toEqual(yield* referenceTrends([sport], q))
          }
          expect((yield* trendsOf([sport], { limit: 5 })).trends.length).toBeGreaterThan(0)
        }
        for (const all of [{ limit: 20 }, { limit: 20, gamesLimit: 4 }]) {
          expect(yield* trendsOf(["nfl", "nba", "mlb"], all)).toEqual(
            yield* referenceTrends(["nfl", "nba", "mlb"], all)
          )
        }

        // trending topics: counted by the store per name and type, as the per-request count did
        const signalReader = yield* SignalReader
        const everySignal = yield* allRows((page) => signalReader.find({ order: "recent", ...page }))
        expect(everySignal.length, "the fixtures' ingest derives signals").toBeGreaterThan(0)
        // the newest signal per sport, as every signal read says
        const newestBySport = new Map<string, Date>()
        for (const s of everySignal) if (!newestBySport.has(s.sport)) newestBySport.set(s.sport, s.effective_at)
        expect(yield* signalReader.lastUpdate).toEqual(
          [...newestBySport].sort(([a], [b]) => (a < b ? -1 : 1)).map(([sport, at]) => ({ sport, at }))
        )
        for (const sports of [["nba"], ["nfl"], ["nfl", "nba"]] as const) {
          for (const limit of [3, 1000]) {
            const trending = yield* Effect.flatMap(Signals, (x) => x.trending(sports, limit))
            expect(trending, `trending ${sports.join()} ${limit}`).toEqual(yield* referenceTrending(sports, limit))
          }
        }

        const odds = yield* Odds
        for (const sport of ["nba", "golf"] as const) {
          const season = (yield* (yield* OddsReader).find({ sport }))[0]?.season
          expect(season, `${sport} fixtures hold lines`).toBeDefined()
          // bookmakers and markets the fixtures hold, asked in another case than they are stored
          const all = yield* (yield* OddsReader).find({ sport })
          const bookmaker = all.find((l) => l.bookmaker !== null)!.bookmaker!.toUpperCase()
          const market = all.find((l) => O.isOutright(l))?.market?.toUpperCase()
          const filters: ReadonlyArray<Omit<ListFilters, "season" | "limit">> = [
            {},
            { linesLimit: 1 },
            { linesLimit: 3, bookmaker },
            { bookmaker: "no such bookmaker" },
            ...(market === undefined ? [] : [{ market }, { market, bookmaker, linesLimit: 2 }, { market: "mc" }])
          ]
          for (const limit of [1, 3, 50]) {
            for (const f of filters) {
              const q = { season, limit, ...f }
              expect(
                yield* odds.list(sport, { ...q, linesLimit: f.linesLimit ?? ALL_LINES, today: "2000-01-01" }),
                `${sport} odds ${JSON.stringify(q)}`
              ).toEqual(yield* referenceOdds(sport, q))
            }
          }
          // without a season: the games from `today` on
          const q = { limit: 5, today: all[0]!.game_date!, linesLimit: 4 }
          expect(yield* odds.list(sport, q)).toEqual(
            (yield* referenceOdds(sport, { limit: 1_000_000, linesLimit: 4 })).filter((g) =>
              g.game_date !== null && g.game_date >= q.today
            ).slice(0, 5)
          )
        }

        // new lines of a sport's odds (as its odds phase writes them): the list shows the newer line
        const nbaLines = yield* (yield* OddsReader).find({ sport: "nba" })
        const last = nbaLines.filter((l) => l.game_id === nbaLines[0]!.game_id).at(-1)!
        const newer: O.OddsLine = {
          ...last,
          id: `${last.id}:newer`,
          snapshot_date: "2099-01-01",
          home_moneyline: -999,
          away_moneyline: 777
        }
        yield* (yield* OddsWriter).replaceSport("nba", [...nbaLines, newer])
        const season = nbaLines[0]!.season
        const listed = yield* odds.list("nba", { season, limit: 3, linesLimit: ALL_LINES, today: "2000-01-01" })
        expect(listed).toEqual(yield* referenceOdds("nba", { season, limit: 3 }))
        expect(listed.find((g) => g.game_id === last.game_id)?.lines).toContainEqual(
          expect.objectContaining({ moneyline: expect.objectContaining({ home: -999, away: 777 }) })
        )

        // new lines (as a re-ingest writes them): the top nba trend gets a 200-point game
        const before = yield* trendsOf(["nba"], { limit: 5 })
        const second = before.trends[1]!
        const newest =
          (yield* lines.find({ sport: "nba", player_id: second.player_id, order: "recent", limit: 1, offset: 0 }))
            .rows[0]!
        yield* (yield* SportsWriter).upsertStatLines([{ ...newest, id: `${newest.id}-extra`, fantasy_points: 5000 }])
        const after = yield* trendsOf(["nba"], { limit: 5 })
        expect(after.trends[0]!.player_id).toBe(second.player_id)
        expect(after.trends[0]!.games_in_sample).toBe(second.games_in_sample + 1)
        expect(after.total_records).toBe(before.total_records + 1)
        expect(after).toEqual(yield* referenceTrends(["nba"], { limit: 5 }))

        // a line without a position is kept by its player's position
        const held = Option.getOrThrow(yield* players.get(second.player_id))
        yield* (yield* SportsWriter).upsertStatLines([{ ...newest, id: `${newest.id}-nopos`, position: null }])
        const byPosition = { season: newest.season, position: held.position!, limit: 500 }
        const listed2 = yield* Effect.flatMap(Analytics, (a) => a.history("nba", byPosition))
        expect(listed2).toEqual(yield* referenceHistory("nba", byPosition))
        expect(listed2.rows.map((r) => r.id)).toContain(
          historyRecord("nba", { ...newest, id: `${newest.id}-nopos` }, held).id
        )
      }).pipe(Effect.provide(services)),
    { timeout: 600_000 }
  )
})

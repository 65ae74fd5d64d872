/**
 * Contract of the sports data ports (the read ports of domain ports/Readers.ts and the
 * SportsWriter): idempotent upserts, every query filter, paging, ordering, case-insensitive
 * search, summary counts, ingest state and the data version. One suite, run on every adapter.
 *
 * The tests of one adapter share one store. The first test loads the fixture into the empty
 * store; every later test loads it again (an idempotent no-op) so it also runs alone. A test
 * that changes a row puts it back; the tests that add rows for good (data version, name keys,
 * the large batch) come after every test that counts the rows they add.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import {
  CatalogReader,
  EventReader,
  gameKey,
  GameReader,
  type KeySpec,
  type Paged,
  type Player,
  playerKey,
  PlayerReader,
  RankingReader,
  ReportReader,
  type SortKey,
  SportsWriter,
  type StatLine,
  statLineKey,
  StatLineReader,
  type StoreError,
  TeamReader
} from "@sports-data/domain"
import { Effect, Option } from "effect"
import { storeLayers } from "../harness/stores.js"
import * as F from "./fixtures.js"

const entries = await storeLayers()

const page = { limit: 50, offset: 0 }

/** Every port of the suite, by aggregate. */
const Ports = Effect.all({
  players: PlayerReader,
  teams: TeamReader,
  games: GameReader,
  statLines: StatLineReader,
  reports: ReportReader,
  rankings: RankingReader,
  events: EventReader,
  catalog: CatalogReader,
  writer: SportsWriter
})

/** Upserts every fixture row; returns the result per entity. */
const seed = Effect.gen(function*() {
  const store = yield* Ports
  return {
    players: yield* store.writer.upsertPlayers(F.players),
    teams: yield* store.writer.upsertTeams(F.teams),
    games: yield* store.writer.upsertGames(F.games),
    statLines: yield* store.writer.upsertStatLines(F.statLines),
    injuries: yield* store.writer.upsertInjuries(F.injuries),
    depthCharts: yield* store.writer.upsertDepthCharts(F.depthCharts),
    rankings: yield* store.writer.upsertRankings(F.rankings),
    events: yield* store.writer.upsertEvents(F.events),
    eventEntries: yield* store.writer.upsertEventEntries(F.eventEntries)
  }
})

const ids = <A extends { readonly id: string }>(rows: ReadonlyArray<A>) => rows.map((r) => r.id)
const names = (rows: ReadonlyArray<Player>) => rows.map((r) => r.full_name)
const count = <A>(rows: ReadonlyArray<A>, f: (a: A) => boolean) => rows.filter(f).length

describe("sports data contract (readers and writer)", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("the first upsert inserts every row; the same rows again are all unchanged", () =>
        Effect.gen(function*() {
          const first = yield* seed
          expect(first.players).toEqual({ inserted: F.players.length, updated: 0, unchanged: 0 })
          expect(first.teams).toEqual({ inserted: F.teams.length, updated: 0, unchanged: 0 })
          expect(first.games).toEqual({ inserted: F.games.length, updated: 0, unchanged: 0 })
          expect(first.statLines).toEqual({ inserted: F.statLines.length, updated: 0, unchanged: 0 })
          expect(first.injuries).toEqual({ inserted: F.injuries.length, updated: 0, unchanged: 0 })
          expect(first.depthCharts).toEqual({ inserted: F.depthCharts.length, updated: 0, unchanged: 0 })
          expect(first.rankings).toEqual({ inserted: F.rankings.length, updated: 0, unchanged: 0 })
          expect(first.events).toEqual({ inserted: F.events.length, updated: 0, unchanged: 0 })
          expect(first.eventEntries).toEqual({ inserted: F.eventEntries.length, updated: 0, unchanged: 0 })

          const second = yield* seed
          expect(second.players).toEqual({ inserted: 0, updated: 0, unchanged: F.players.length })
          expect(second.teams).toEqual({ inserted: 0, updated: 0, unchanged: F.teams.length })
          expect(second.games).toEqual({ inserted: 0, updated: 0, unchanged: F.games.length })
          expect(second.statLines).toEqual({ inserted: 0, updated: 0, unchanged: F.statLines.length })
          expect(second.injuries).toEqual({ inserted: 0, updated: 0, unchanged: F.injuries.length })
          expect(second.depthCharts).toEqual({ inserted: 0, updated: 0, unchanged: F.depthCharts.length })
          expect(second.rankings).toEqual({ inserted: 0, updated: 0, unchanged: F.rankings.length })
          expect(second.events).toEqual({ inserted: 0, updated: 0, unchanged: F.events.length })
          expect(second.eventEntries).toEqual({ inserted: 0, updated: 0, unchanged: F.eventEntries.length })
        }))

      it.effect("rows read back equal the rows written (dates, instants, json, nulls)", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const mahomes = F.players[0]!
          expect(yield* store.players.get(mahomes.id)).toEqual(Option.some(mahomes))
          expect(yield* store.players.get("svc_nfl_nobody")).toEqual(Option.none())
          // many ids in one read: the held ones once each, whatever their sports and repeats
          const other = F.players.find((p) => p.sport !== mahomes.sport)!
          const many = yield* store.players.getMany([mahomes.id, "svc_nfl_nobody", other.id, mahomes.id])
          expect([...many].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
            [mahomes, other].sort((a, b) => (a.id < b.id ? -1 : 1))
          )
          expect(yield* store.players.getMany([])).toEqual([])
          const game = yield* store.games.find({ sport: "nfl", ids: ["2024_01_BAL_KC"], order: "asc", ...page })
          expect(game.rows).toEqual([F.games[0]])
          const lines = yield* store.statLines.find({
            sport: "nfl",
            player_id: mahomes.id,
            season: 2024,
            week: 1,
            order: "recent",
            ...page
          })
          expect(lines.rows).toEqual([F.statLines[0]])
          const injuries = yield* store.reports.injuries({ sport: "nfl", season: 2024, week: 1, ...page })
          expect(injuries.rows).toEqual([F.injuries[0]])
          expect(yield* store.teams.find("mlb")).toEqual([F.teams[5]])
          const michigan = F.rankings.find((r) => r.team === "MICH")!
          expect(yield* store.rankings.find({ sport: "cfb", season: 2023 })).toEqual([michigan])
          for (const event of F.events) {
            const found = yield* store.events.events({ sport: event.sport, ids: [event.id], order: "asc", ...page })
            expect(found.rows, event.id).toEqual([event])
          }
          const entries = yield* store.events.entries({ sport: "tennis", ...page })
          expect(entries.rows).toEqual(F.eventEntries.filter((e) => e.sport === "tennis"))
          const cut = F.eventEntries[0]!
          expect((yield* store.events.entries({ sport: "golf", participant_id: cut.participant_id, ...page })).rows)
            .toEqual([cut])
        }))

      it.effect("a changed row is updated in place: counted updated, read back changed, total unchanged", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const kelce = F.players[3]!
          const before = yield* store.players.find({ sport: "nfl", ...page })
          const changed: Player = { ...kelce, status: "active", attributes: { note: "cleared", week: 3 } }
          const result = yield* store.writer.upsertPlayers([changed, F.players[0]!])
          expect(result).toEqual({ inserted: 0, updated: 1, unchanged: 1 })
          expect(yield* store.players.get(kelce.id)).toEqual(Option.some(changed))
          const after = yield* store.players.find({ sport: "nfl", ...page })
          expect(after.total).toBe(before.total)
          // Only jsonb key order differs: still the same row.
          expect(yield* store.writer.upsertPlayers([{ ...changed, attributes: { week: 3, note: "cleared" } }])).toEqual(
            {
              inserted: 0,
              updated: 0,
              unchanged: 1
            }
          )
          expect(yield* store.writer.upsertPlayers([kelce])).toEqual({ inserted: 0, updated: 1, unchanged: 0 })

          const line = F.statLines[3]!
          const rescored: StatLine = { ...line, fantasy_points: 11.2, stats: { receptions: 6, receiving_yards: 52 } }
          expect(yield* store.writer.upsertStatLines([rescored])).toEqual({ inserted: 0, updated: 1, unchanged: 0 })
          expect(yield* store.writer.upsertStatLines([line])).toEqual({ inserted: 0, updated: 1, unchanged: 0 })
        }))

      it.effect("a batch repeating an id keeps the last row", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const team = F.teams[0]!
          const result = yield* store.writer.upsertTeams([{ ...team, name: "Old name" }, team])
          expect(result).toEqual({ inserted: 0, updated: 0, unchanged: 2 })
          expect((yield* store.teams.find("nfl")).find((t) => t.abbr === "KC")?.name).toBe("Kansas City Chiefs")
        }))

      it.effect("players: sport, team, position and status filters; ordered by name then id", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const nfl = yield* store.players.find({ sport: "nfl", ...page })
          expect(names(nfl.rows)).toEqual([
            "D'Andre Swift",
            "Ezekiel Elliott",
            "Isiah Pacheco",
            "Justin Herbert",
            "Lamar Jackson",
            "Patrick Mahomes",
            "Travis Kelce"
          ])
          expect(nfl.total).toBe(7)
          const kc = yield* store.players.find({ sport: "nfl", team: "kc", ...page })
          expect(names(kc.rows)).toEqual(["Isiah Pacheco", "Patrick Mahomes", "Travis Kelce"])
          const qbs = yield* store.players.find({ sport: "nfl", position: "qb", team: "KC", ...page })
          expect(names(qbs.rows)).toEqual(["Patrick Mahomes"])
          expect(names((yield* store.players.find({ sport: "nfl", status: "injured", ...page })).rows)).toEqual([
            "Travis Kelce"
          ])
          expect(names((yield* store.players.find({ sport: "nba", position: "C", ...page })).rows)).toEqual([
            "Nikola Jokić"
          ])
          const everyone = yield* store.players.find({ ...page })
          expect(everyone.total).toBe(F.players.length)
        }))

      it.effect("players: search is a case-insensitive substring of the full name, wildcards taken literally", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          expect(names((yield* store.players.find({ search: "MAHO", ...page })).rows)).toEqual(["Patrick Mahomes"])
          expect(names((yield* store.players.find({ search: "ma", sport: "nfl", ...page })).rows)).toEqual([
            "Lamar Jackson",
            "Patrick Mahomes"
          ])
          expect(names((yield* store.players.find({ search: "d'and", ...page })).rows)).toEqual(["D'Andre Swift"])
          expect(names((yield* store.players.find({ search: "DONČIĆ", ...page })).rows)).toEqual(["Luka Dončić"])
          expect((yield* store.players.find({ search: "%", ...page })).total).toBe(0)
          expect((yield* store.players.find({ search: "_", ...page })).total).toBe(0)
          expect((yield* store.players.find({ search: "\\", ...page })).total).toBe(0)
        }))

      it.effect("players: by ids and by a platform id", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const byIds = yield* store.players.find({
            ids: ["svc_mlb_592450", "svc_nba_2544", "svc_nfl_unknown"],
            ...page
          })
          expect(names(byIds.rows)).toEqual(["Aaron Judge", "LeBron James"])
          expect((yield* store.players.find({ ids: [], ...page })).total).toBe(0)
          const sleeper = yield* store.players.find({ platform: { name: "sleeper", id: "4046" }, ...page })
          expect(names(sleeper.rows)).toEqual(["Patrick Mahomes"])
          expect((yield* store.players.find({ platform: { name: "espn", id: "4046" }, ...page })).total).toBe(0)
          expect(names((yield* store.players.find({ platform: { name: "mlbam", id: "660271" }, ...page })).rows))
            .toEqual([
              "Shohei Ohtani"
            ])
        }))

      it.effect("players: the distinct platform names of every player's ids, in code-unit order", () =>
        Effect.gen(function*() {
          const store = yield* Ports
          yield* seed
          const expected = [...new Set(F.players.flatMap((p) => Object.keys(p.platform_ids)))].sort()
          expect(expected.length).toBeGreaterThan(1)
          expect(yield* store.players.platformNames).toEqual(expected)
          // a name no player holds any more is gone, a new one appears; restoring the players restores them
          const name = expected[0]!
          const holders = F.players.filter((p) => name in p.platform_ids)
          yield* store.writer.upsertPlayers(holders.map((p) => {
            const { [name]: _, ...rest } = p.platform_ids
            return { ...p, platform_ids: { ...rest, zz_contract: p.id } }
          }))
          expect(yield* store.players.platformNames).toEqual([...expected.slice(1), "zz_contract"])
          yield* store.writer.upsertPlayers(holders)
          expect(yield* store.players.platformNames).toEqual(expected)
        }))

      it.effect("players: teamRosters sums each team's players by the lower-cased team, teamless left out, as the players change", () =>
        Effect.gen(function*() {
          const store = yield* Ports
          yield* seed
          /** Each nfl team's roster summed up from `players`, as teamRosters answers it. */
          const expectedOf = (players: ReadonlyArray<Player>) => {
            const expected = new Map<string, { players: number; active: number; positions: Set<string> }>()
            for (const p of players) {
              if (p.sport !== "nfl" || p.team === null) continue
              const roster = expected.get(p.team.toLowerCase()) ?? { players: 0, active: 0, positions: new Set() }
              roster.players++
              if (p.status === "active") roster.active++
              if (p.position !== null) roster.positions.add(p.position)
              expected.set(p.team.toLowerCase(), roster)
            }
            return [...expected.entries()].map(([team, r]) => [team, { ...r, positions: [...r.positions].sort() }])
              .sort()
          }
          const expected = expectedOf(F.players)
          const kc = expected.find(([team]) => team === "kc")![1] as { players: number; positions: Array<string> }
          expect(kc.players).toBeGreaterThan(1)
          expect(kc.positions.length).toBeGreaterThan(1)
          const rosters = yield* store.players.teamRosters("nfl")
          expect([...rosters.entries()].sort()).toEqual(expected)
          const { rows } = yield* store.players.find({ sport: "nfl", team: "KC", ...page })
          expect(rosters.get("kc")?.players).toBe(rows.length)

          // a KC player moves (team spelled in lower case), one loses his position, one his team
          expect(rows.length).toBeGreaterThanOrEqual(3)
          const [moved, unplaced, released] = rows
          const changed: ReadonlyArray<Player> = [
            { ...moved!, team: "buf", status: "injured" },
            { ...unplaced!, position: null },
            { ...released!, team: null }
          ]
          yield* store.writer.upsertPlayers(changed)
          const now = F.players.map((p) => changed.find((c) => c.id === p.id) ?? p)
          expect([...(yield* store.players.teamRosters("nfl")).entries()].sort()).toEqual(expectedOf(now))
          // and back
          yield* store.writer.upsertPlayers(rows.slice(0, 3))
          expect([...(yield* store.players.teamRosters("nfl")).entries()].sort()).toEqual(expected)
        }))

      it.effect("paging: limit rows from offset, total counts every match", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const first = yield* store.players.find({ sport: "nfl", limit: 2, offset: 0 })
          expect(first.total).toBe(7)
          expect(names(first.rows)).toEqual(["D'Andre Swift", "Ezekiel Elliott"])
          const second = yield* store.players.find({ sport: "nfl", limit: 2, offset: 2 })
          expect(names(second.rows)).toEqual(["Isiah Pacheco", "Justin Herbert"])
          const last = yield* store.players.find({ sport: "nfl", limit: 2, offset: 6 })
          expect(names(last.rows)).toEqual(["Travis Kelce"])
          const beyond = yield* store.players.find({ sport: "nfl", limit: 2, offset: 100 })
          expect(beyond).toEqual({ total: 7, rows: [] })
          expect((yield* store.players.find({ sport: "nfl", limit: 0, offset: 0 })).total).toBe(7)
        }))

      it.effect("keyset: after any row's sort key, exactly the rows that follow it, in order; total counts all", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          // every row of each order, then from each row's key on: nulls (no week, no date, no points) included
          const check = <A extends { readonly id: string }>(
            find: (p: { limit: number; offset: number; after?: SortKey }) => Effect.Effect<Paged<A>, StoreError>,
            spec: KeySpec<A>
          ) =>
            Effect.gen(function*() {
              const all = yield* find(page)
              expect(all.rows.length).toBeGreaterThan(1)
              for (let i = 0; i < all.rows.length; i++) {
                const rest = yield* find({ ...page, after: spec.of(all.rows[i]!) })
                expect(ids(rest.rows)).toEqual(ids(all.rows.slice(i + 1)))
                expect(rest.total).toBe(all.total)
              }
              const two = yield* find({ limit: 2, offset: 0, after: spec.of(all.rows[0]!) })
              expect(ids(two.rows)).toEqual(ids(all.rows.slice(1, 3)))
            })
          yield* check((p) => store.players.find({ sport: "nfl", ...p }), playerKey)
          yield* check((p) => store.players.find({ ...p }), playerKey)
          for (const order of ["asc", "desc"] as const) {
            yield* check((p) => store.games.find({ sport: "nfl", order, ...p }), gameKey(order))
          }
          for (const order of ["recent", "fantasy_points"] as const) {
            yield* check((p) => store.statLines.find({ sport: "nfl", order, ...p }), statLineKey(order))
          }
        }))

      it.effect("teams of a sport, by abbreviation", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          expect((yield* store.teams.find("nfl")).map((t) => t.abbr)).toEqual(["BAL", "KC", "LAC"])
          expect((yield* store.teams.find("nba")).map((t) => t.abbr)).toEqual(["DAL", "LAL"])
        }))

      it.effect("games: season, week, date, state, team (home or away) and ids; ascending or descending", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const asc = yield* store.games.find({ sport: "nfl", order: "asc", ...page })
          expect(ids(asc.rows)).toEqual([
            "2023_01_DET_KC",
            "2024_01_BAL_KC",
            "2024_01_LV_LAC",
            "2024_02_CIN_KC",
            "2024_03_KC_ATL"
          ])
          const desc = yield* store.games.find({ sport: "nfl", order: "desc", ...page })
          expect(ids(desc.rows)).toEqual([...ids(asc.rows)].reverse())
          expect(ids((yield* store.games.find({ sport: "nfl", season: 2024, week: 1, order: "asc", ...page })).rows))
            .toEqual([
              "2024_01_BAL_KC",
              "2024_01_LV_LAC"
            ])
          expect(ids((yield* store.games.find({ sport: "mlb", date: "2024-03-21", order: "asc", ...page })).rows))
            .toEqual(["745445"])
          expect((yield* store.games.find({ sport: "mlb", date: "2024-02-30", order: "asc", ...page })).total).toBe(0)
          expect(ids((yield* store.games.find({ sport: "nfl", state: "scheduled", order: "asc", ...page })).rows))
            .toEqual([
              "2024_03_KC_ATL"
            ])
          const kc = yield* store.games.find({ sport: "nfl", team: "kc", season: 2024, order: "asc", ...page })
          expect(ids(kc.rows)).toEqual(["2024_01_BAL_KC", "2024_02_CIN_KC", "2024_03_KC_ATL"])
          const paged = yield* store.games.find({ sport: "nfl", team: "KC", order: "desc", limit: 1, offset: 1 })
          expect(paged).toEqual({ total: 4, rows: [F.games[2]] })
          expect((yield* store.games.find({ sport: "nba", order: "asc", ...page })).total).toBe(1)
        }))

      it.effect("stat lines: most recent first, or by fantasy points with nulls last; every filter", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const mahomes = "svc_nfl_00-0033873"
          const recent = yield* store.statLines.find({ sport: "nfl", player_id: mahomes, order: "recent", ...page })
          expect(ids(recent.rows)).toEqual([
            `${mahomes}:2024_02_CIN_KC`,
            `${mahomes}:2024_01_BAL_KC`,
            `${mahomes}:2023_01_DET_KC`
          ])
          const best = yield* store.statLines.find({ sport: "nfl", season: 2024, order: "fantasy_points", ...page })
          expect(best.rows.map((r) => r.fantasy_points)).toEqual([25, 20.5, 18.1, 9.2, null])
          const top = yield* store.statLines.find({
            sport: "nfl",
            season: 2024,
            order: "fantasy_points",
            limit: 2,
            offset: 0
          })
          expect(top.total).toBe(5)
          expect(top.rows.map((r) => r.player_id)).toEqual(["svc_nfl_00-0034796", mahomes])
          expect((yield* store.statLines.find({ sport: "nfl", team: "kc", order: "recent", ...page })).total).toBe(4)
          expect(ids((yield* store.statLines.find({ sport: "nfl", position: "te", order: "recent", ...page })).rows))
            .toEqual([
              "svc_nfl_00-0030506:2024_01_BAL_KC"
            ])
          expect((yield* store.statLines.find({ sport: "nfl", season: 2024, week: 2, order: "recent", ...page })).total)
            .toBe(1)
          expect((yield* store.statLines.find({ sport: "nfl", date: "2024-09-05", order: "recent", ...page })).total)
            .toBe(3)
          const mlb = yield* store.statLines.find({ sport: "mlb", order: "recent", ...page })
          expect(ids(mlb.rows)).toEqual(["svc_mlb_660271:745445", "svc_mlb_660271:745444"])
          expect((yield* store.statLines.find({ sport: "nba", order: "recent", ...page })).total).toBe(0)
        }))

      it.effect("stat lines recentBefore: each player's newest lines strictly before a date, one read", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const mahomes = "svc_nfl_00-0033873"
          const kelce = "svc_nfl_00-0030506"
          const herbert = "svc_nfl_00-0036355" // his line has no game date: never before a date
          const q = { sport: "nfl", player_ids: [mahomes, kelce, herbert, "svc_nfl_nobody"] } as const
          // Mahomes' 2024-09-15 game is not strictly before 2024-09-15; players in id order
          expect(ids(yield* store.statLines.recentBefore({ ...q, before: "2024-09-15", per_player: 1 }))).toEqual([
            `${kelce}:2024_01_BAL_KC`,
            `${mahomes}:2024_01_BAL_KC`
          ])
          expect(ids(yield* store.statLines.recentBefore({ ...q, before: "2024-09-16", per_player: 2 }))).toEqual([
            `${kelce}:2024_01_BAL_KC`,
            `${mahomes}:2024_02_CIN_KC`,
            `${mahomes}:2024_01_BAL_KC`
          ])
          expect(ids(yield* store.statLines.recentBefore({ ...q, before: "2024-09-05", per_player: 10 }))).toEqual([
            `${mahomes}:2023_01_DET_KC`
          ])
          expect(yield* store.statLines.recentBefore({ ...q, player_ids: [], before: "2030-01-01", per_player: 10 }))
            .toEqual([])
          expect(yield* store.statLines.recentBefore({ ...q, sport: "mlb", before: "2030-01-01", per_player: 10 }))
            .toEqual([])
        }))

      it.effect("stat lines newest: the recent order, each player's newest, a limit, positions of line or player", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const mahomes = "svc_nfl_00-0033873"
          const kelce = "svc_nfl_00-0030506"
          const lamar = "svc_nfl_00-0034796"
          const herbert = "svc_nfl_00-0036355" // his line has no game date: after the dated ones of his week
          const newest = store.statLines.newest
          const all = (yield* store.statLines.find({ sport: "nfl", order: "recent", ...page })).rows
          expect(yield* newest({ sport: "nfl" })).toEqual(all)
          expect(ids(all)).toEqual([
            `${mahomes}:2024_02_CIN_KC`,
            `${lamar}:2024_01_BAL_KC`,
            `${mahomes}:2024_01_BAL_KC`,
            `${kelce}:2024_01_BAL_KC`,
            `${herbert}:2024:1`,
            `${mahomes}:2023_01_DET_KC`
          ])
          expect(ids(yield* newest({ sport: "nfl", limit: 2 }))).toEqual(ids(all).slice(0, 2))
          expect(ids(yield* newest({ sport: "nfl", per_player: 1 }))).toEqual([
            `${mahomes}:2024_02_CIN_KC`,
            `${lamar}:2024_01_BAL_KC`,
            `${kelce}:2024_01_BAL_KC`,
            `${herbert}:2024:1`
          ])
          // per player of the players asked (unknown ids and repeats ignored), newest first over all
          const asked = { sport: "nfl", player_ids: [kelce, mahomes, mahomes, "svc_nfl_nobody"] } as const
          expect(ids(yield* newest({ ...asked, per_player: 2 }))).toEqual([
            `${mahomes}:2024_02_CIN_KC`,
            `${mahomes}:2024_01_BAL_KC`,
            `${kelce}:2024_01_BAL_KC`
          ])
          expect(ids(yield* newest({ ...asked, per_player: 2, limit: 2 }))).toEqual([
            `${mahomes}:2024_02_CIN_KC`,
            `${mahomes}:2024_01_BAL_KC`
          ])
          expect(ids(yield* newest({ ...asked }))).toEqual([
            `${mahomes}:2024_02_CIN_KC`,
            `${mahomes}:2024_01_BAL_KC`,
            `${kelce}:2024_01_BAL_KC`,
            `${mahomes}:2023_01_DET_KC`
          ])
          // filters: season, week, team (any case)
          expect(ids(yield* newest({ sport: "nfl", season: 2023 }))).toEqual([`${mahomes}:2023_01_DET_KC`])
          expect(ids(yield* newest({ sport: "nfl", season: 2024, week: 1, team: "bal" }))).toEqual([
            `${lamar}:2024_01_BAL_KC`
          ])
          // positions: the line's, else its player's (Kelce is a TE; his line without a position for a while)
          expect(ids(yield* newest({ sport: "nfl", positions: ["QB"], per_player: 1 }))).toEqual([
            `${mahomes}:2024_02_CIN_KC`,
            `${lamar}:2024_01_BAL_KC`,
            `${herbert}:2024:1`
          ])
          const line = F.statLines.find((l) => l.id === `${kelce}:2024_01_BAL_KC`)!
          yield* store.writer.upsertStatLines([{ ...line, position: null }])
          expect(ids(yield* newest({ sport: "nfl", positions: ["TE", "RB"] }))).toEqual([`${kelce}:2024_01_BAL_KC`])
          expect(yield* newest({ sport: "nfl", positions: ["te"] })).toEqual([])
          yield* store.writer.upsertStatLines([line])
          // nothing asked, nothing held
          expect(yield* newest({ sport: "nfl", positions: [] })).toEqual([])
          expect(yield* newest({ sport: "nfl", player_ids: [] })).toEqual([])
          expect(yield* newest({ sport: "nfl", per_player: 0 })).toEqual([])
          expect(yield* newest({ sport: "nfl", limit: 0 })).toEqual([])
          expect(yield* newest({ sport: "nba" })).toEqual([])
          expect(ids(yield* newest({ sport: "mlb", limit: 1 }))).toEqual(["svc_mlb_660271:745445"])
        }))

      it.effect("injuries: newest week first, by team, player, season and week", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const all = yield* store.reports.injuries({ sport: "nfl", ...page })
          expect(ids(all.rows)).toEqual(["2024:2:kelce", "2024:2:lamar", "2024:2:pacheco", "2024:1:kelce"])
          expect(ids((yield* store.reports.injuries({ sport: "nfl", team: "bal", ...page })).rows)).toEqual([
            "2024:2:lamar"
          ])
          expect(ids((yield* store.reports.injuries({ sport: "nfl", player_id: "svc_nfl_00-0030506", ...page })).rows))
            .toEqual([
              "2024:2:kelce",
              "2024:1:kelce"
            ])
          expect((yield* store.reports.injuries({ sport: "nfl", season: 2024, week: 2, ...page })).total).toBe(3)
          expect((yield* store.reports.injuries({ sport: "nfl", season: 2023, ...page })).total).toBe(0)
          expect((yield* store.reports.injuries({ sport: "mlb", ...page })).total).toBe(0)
        }))

      it.effect("depth charts: newest week first, then team, position, depth", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const all = yield* store.reports.depthCharts({ sport: "nfl", ...page })
          expect(ids(all.rows)).toEqual(["2024:2:KC:QB:1", "2024:1:BAL:QB:1", "2024:1:KC:QB:1", "2024:1:KC:TE:1"])
          expect((yield* store.reports.depthCharts({ sport: "nfl", team: "kc", week: 1, season: 2024, ...page })).total)
            .toBe(2)
          expect(
            ids((yield* store.reports.depthCharts({ sport: "nfl", player_id: "svc_nfl_00-0034796", ...page })).rows)
          )
            .toEqual([
              "2024:1:BAL:QB:1"
            ])
        }))

      it.effect("rankings: by season, poll, week, then rank; season, poll, week and team filters", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const all = yield* store.rankings.find({ sport: "cfb" })
          expect(ids(all)).toEqual([
            "2023:ap:16:MICH",
            "2024:ap:1:UGA",
            "2024:ap:1:OSU",
            "2024:ap:1:ORE",
            "2024:ap:2:UGA",
            "2024:ap:2:OSU",
            "2024:ap:2:TEX",
            "2024:coaches:1:UGA",
            "2024:coaches:1:OSU",
            "2024:coaches:1:ORE"
          ])
          expect(ids(yield* store.rankings.find({ sport: "cfb", season: 2024, poll: "ap" }))).toHaveLength(6)
          expect(ids(yield* store.rankings.find({ sport: "cfb", season: 2024, week: 2 }))).toEqual([
            "2024:ap:2:UGA",
            "2024:ap:2:OSU",
            "2024:ap:2:TEX"
          ])
          expect(ids(yield* store.rankings.find({ sport: "cfb", poll: "coaches", team: "osu" }))).toEqual([
            "2024:coaches:1:OSU"
          ])
          expect(ids(yield* store.rankings.find({ sport: "cfb", team: "uga" }))).toEqual([
            "2024:ap:1:UGA",
            "2024:ap:2:UGA",
            "2024:coaches:1:UGA"
          ])
          expect(yield* store.rankings.find({ sport: "cfb", poll: "AP" })).toEqual([])
          expect(yield* store.rankings.find({ sport: "nfl" })).toEqual([])
        }))

      it.effect("rankings: a changed row is updated in place, an unchanged one is left", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const texas = F.rankings.find((r) => r.id === "2024:ap:2:TEX")!
          const revised = { ...texas, points: 1374, record: null }
          expect(yield* store.writer.upsertRankings([revised, F.rankings[0]!])).toEqual({
            inserted: 0,
            updated: 1,
            unchanged: 1
          })
          expect(yield* store.rankings.find({ sport: "cfb", team: "TEX" })).toEqual([revised])
          expect(yield* store.writer.upsertRankings([texas])).toEqual({ inserted: 0, updated: 1, unchanged: 0 })
          expect((yield* store.rankings.find({ sport: "cfb" })).length).toBe(F.rankings.length)
        }))

      it.effect("events: a date matches every event whose days contain it; a one-day event its start date", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const on = (sport: "golf" | "tennis", date: string) =>
            Effect.map(store.events.events({ sport, date, order: "asc", ...page }), (r) => ids(r.rows))
          expect(yield* on("golf", "2024-04-11")).toEqual(["pga:2024:masters"])
          expect(yield* on("golf", "2024-04-12")).toEqual(["pga:2024:masters"])
          expect(yield* on("golf", "2024-04-14")).toEqual(["pga:2024:masters"])
          expect(yield* on("golf", "2024-04-15")).toEqual([])
          expect(yield* on("golf", "2024-04-10")).toEqual([])
          // two tournaments on the same days: by start date, then id
          expect(yield* on("golf", "2024-06-14")).toEqual(["lpga:2024:meijer", "pga:2024:us-open"])
          expect(yield* on("tennis", "2024-07-14")).toEqual(["atp:2024:wimbledon:final"])
          expect(yield* on("tennis", "2024-07-15")).toEqual([])
          expect(yield* on("golf", "2024-02-30")).toEqual([])
          expect(yield* on("golf", "not a date")).toEqual([])
        }))

      it.effect("events: by start date then id, ascending or descending; league, season, state, ids, participant; paging", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const golf = { sport: "golf" as const, ...page }
          const asc = yield* store.events.events({ ...golf, order: "asc" })
          expect(ids(asc.rows)).toEqual([
            "pga:2023:masters",
            "pga:2024:masters",
            "lpga:2024:chevron",
            "pga:2024:pga-championship",
            "lpga:2024:meijer",
            "pga:2024:us-open",
            "pga:2025:masters"
          ])
          expect(asc.total).toBe(7)
          const desc = yield* store.events.events({ ...golf, order: "desc" })
          expect(ids(desc.rows)).toEqual([...ids(asc.rows)].reverse())
          expect(ids((yield* store.events.events({ ...golf, league: "lpga", order: "asc" })).rows)).toEqual([
            "lpga:2024:chevron",
            "lpga:2024:meijer"
          ])
          expect(ids((yield* store.events.events({ ...golf, league: "pga", season: 2024, order: "asc" })).rows))
            .toEqual(["pga:2024:masters", "pga:2024:pga-championship", "pga:2024:us-open"])
          expect(ids((yield* store.events.events({ ...golf, state: "scheduled", order: "asc" })).rows)).toEqual([
            "pga:2025:masters"
          ])
          const byIds = yield* store.events.events({
            ...golf,
            ids: ["pga:2024:us-open", "pga:2023:masters", "atp:2024:wimbledon:final", "nope"],
            order: "desc"
          })
          expect(ids(byIds.rows)).toEqual(["pga:2024:us-open", "pga:2023:masters"])
          expect((yield* store.events.events({ ...golf, ids: [], order: "asc" })).total).toBe(0)
          // a player's record: the events he has an entry in, newest first, paged like any list
          const scottie = yield* store.events.events({ ...golf, participant_id: F.scheffler, order: "desc" })
          expect(ids(scottie.rows)).toEqual(["pga:2024:us-open", "pga:2024:masters"])
          const newest = yield* store.events.events({
            sport: "golf",
            participant_id: F.scheffler,
            order: "desc",
            limit: 1,
            offset: 0
          })
          expect([newest.total, ids(newest.rows)]).toEqual([2, ["pga:2024:us-open"]])
          expect((yield* store.events.events({ ...golf, participant_id: "svc_golf_none", order: "asc" })).total).toBe(0)
          const paged = yield* store.events.events({ sport: "golf", order: "asc", limit: 2, offset: 1 })
          expect(paged.total).toBe(7)
          expect(ids(paged.rows)).toEqual(["pga:2024:masters", "lpga:2024:chevron"])
          expect(yield* store.events.events({ sport: "golf", order: "asc", limit: 2, offset: 7 })).toEqual({
            total: 7,
            rows: []
          })
          expect((yield* store.events.events({ sport: "f1", order: "asc", ...page })).total).toBe(0)
        }))

      it.effect("entries: by event, then place (none last), then participant; event, participant, place and shared-event filters", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const golf = { sport: "golf" as const, ...page }
          const masters = yield* store.events.entries({ ...golf, event_ids: ["pga:2024:masters"] })
          expect(masters.rows.map((e) => [e.participant_name, e.position])).toEqual([
            ["Scottie Scheffler", 1],
            ["Ludvig Åberg", 2],
            ["Tiger Woods", 60],
            ["Justin Thomas", null]
          ])
          const all = yield* store.events.entries(golf)
          expect(all.total).toBe(7)
          expect(ids(all.rows)).toEqual([
            `pga:2024:masters:${F.scheffler}`,
            "pga:2024:masters:svc_golf_52955",
            "pga:2024:masters:svc_golf_08793",
            "pga:2024:masters:svc_golf_33448",
            "pga:2024:us-open:svc_golf_47959",
            `pga:2024:us-open:${F.mcilroy}`,
            `pga:2024:us-open:${F.scheffler}`
          ])
          const scottie = yield* store.events.entries({ ...golf, participant_id: F.scheffler })
          expect(scottie.rows.map((e) => [e.event_id, e.position, e.score])).toEqual([
            ["pga:2024:masters", 1, 277],
            ["pga:2024:us-open", 41, 294]
          ])
          // the winners: position 1 of each event asked for, counted alone
          const winners = yield* store.events.entries({ ...golf, position: 1 })
          expect(winners.total).toBe(2)
          expect(winners.rows.map((e) => [e.event_id, e.participant_id])).toEqual([
            ["pga:2024:masters", F.scheffler],
            ["pga:2024:us-open", "svc_golf_47959"]
          ])
          expect(
            (yield* store.events.entries({ ...golf, event_ids: ["pga:2024:masters"], position: 2 })).rows.map((e) =>
              e.participant_name
            )
          ).toEqual(["Ludvig Åberg"])
          const both = yield* store.events.entries({
            ...golf,
            event_ids: ["pga:2024:us-open", "pga:2023:masters"],
            participant_id: F.mcilroy
          })
          expect(ids(both.rows)).toEqual([`pga:2024:us-open:${F.mcilroy}`])
          expect((yield* store.events.entries({ ...golf, event_ids: [] })).total).toBe(0)
          // a head to head: Scheffler's entries where McIlroy also played (the US Open only)
          const met = yield* store.events.entries({
            ...golf,
            participant_id: F.scheffler,
            shares_event_with: F.mcilroy
          })
          expect(ids(met.rows)).toEqual([`pga:2024:us-open:${F.scheffler}`])
          expect(met.total).toBe(1)
          expect(
            (yield* store.events.entries({ ...golf, participant_id: F.mcilroy, shares_event_with: "svc_golf_none" }))
              .total
          ).toBe(0)
          expect((yield* store.events.entries({ sport: "tennis", participant_id: F.scheffler, ...page })).total).toBe(0)
          const second = yield* store.events.entries({ sport: "golf", limit: 2, offset: 2 })
          expect(second.total).toBe(7)
          expect(ids(second.rows)).toEqual(["pga:2024:masters:svc_golf_08793", "pga:2024:masters:svc_golf_33448"])
        }))

      it.effect("entries: shares_position_with keeps who finished level with the participant, event by event", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const golf = { sport: "golf" as const, ...page }
          // Åberg level with Woods at the Masters (T60); Thomas, without a place, shares none
          const aberg = F.eventEntries.find((e) => e.id === "pga:2024:masters:svc_golf_52955")!
          yield* store.writer.upsertEventEntries([{ ...aberg, position: 60 }])
          const level = yield* store.events.entries({ ...golf, shares_position_with: "svc_golf_08793" })
          expect(level.rows.map((e) => [e.event_id, e.participant_name, e.position])).toEqual([
            ["pga:2024:masters", "Tiger Woods", 60],
            ["pga:2024:masters", "Ludvig Åberg", 60]
          ])
          // Scheffler alone at his place in each event; narrowed to one event by event_ids
          const alone = yield* store.events.entries({ ...golf, shares_position_with: F.scheffler })
          expect(alone.rows.map((e) => [e.event_id, e.participant_id])).toEqual([
            ["pga:2024:masters", F.scheffler],
            ["pga:2024:us-open", F.scheffler]
          ])
          expect(
            (yield* store.events.entries({
              ...golf,
              event_ids: ["pga:2024:us-open"],
              shares_position_with: F.scheffler
            }))
              .total
          ).toBe(1)
          expect((yield* store.events.entries({ ...golf, shares_position_with: "svc_golf_33448" })).total).toBe(0)
        }))

      it.effect("participantTotals: each participant's entries of the events asked, summed, by participant id", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const events = ["pga:2024:masters", "pga:2024:us-open"]
          const totals = yield* store.events.participantTotals({ sport: "golf", event_ids: events, stat: "rounds" })
          // Scheffler won the Masters (277) and was 41st at the US Open (294)
          const scottie = totals.find((t) => t.participant_id === F.scheffler)
          expect(scottie).toMatchObject({ participant_name: "Scottie Scheffler", positions: [1, 41], score: 571 })
          // the same sums as the entries read one by one
          const entries = (yield* store.events.entries({ sport: "golf", event_ids: events, ...page })).rows
          expect(totals.map((t) => t.participant_id)).toEqual([...new Set(entries.map((e) => e.participant_id))].sort())
          for (const t of totals) {
            const own = entries.filter((e) => e.participant_id === t.participant_id)
            expect(t.positions.length).toBe(own.length)
            expect(t.score).toBe(own.reduce((n, e) => n + (e.score ?? 0), 0))
            expect(t.stat).toBe(own.reduce((n, e) => n + (e.stats["rounds"] ?? 0), 0))
            expect(t.participant_name).toBe(own.at(-1)!.participant_name)
          }
          // a place missing (Justin Thomas missed the Masters cut) sorts last
          expect(totals.some((t) => t.positions.at(-1) === null)).toBe(true)
          expect(yield* store.events.participantTotals({ sport: "golf", event_ids: [], stat: "rounds" })).toEqual([])
          expect(yield* store.events.participantTotals({ sport: "f1", event_ids: events, stat: "rounds" })).toEqual([])
        }))

      it.effect("entryCounts: the entries of each event asked, events without entries absent", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const counts = yield* store.events.entryCounts("golf", [
            "pga:2024:masters",
            "pga:2024:us-open",
            "pga:2025:masters"
          ])
          expect([...counts.entries()].sort()).toEqual([["pga:2024:masters", 4], ["pga:2024:us-open", 3]])
          expect((yield* store.events.entryCounts("golf", [])).size).toBe(0)
          expect((yield* store.events.entryCounts("tennis", ["pga:2024:masters"])).size).toBe(0)
        }))

      it.effect("events and entries: a changed row is updated in place, read back changed", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const scheduled = F.events.find((e) => e.id === "pga:2025:masters")!
          const played = { ...scheduled, state: "final", attributes: { winner: F.scheffler } }
          expect(yield* store.writer.upsertEvents([played])).toEqual({ inserted: 0, updated: 1, unchanged: 0 })
          expect((yield* store.events.events({ sport: "golf", ids: [played.id], order: "asc", ...page })).rows)
            .toEqual([played])
          expect(yield* store.writer.upsertEvents([scheduled])).toEqual({ inserted: 0, updated: 1, unchanged: 0 })

          const cut = F.eventEntries[0]!
          const placed = { ...cut, position: 70, status: "finished", score: 310 }
          expect(yield* store.writer.upsertEventEntries([cut, placed])).toEqual({
            inserted: 0,
            updated: 1,
            unchanged: 1
          })
          expect((yield* store.events.entries({ sport: "golf", participant_id: cut.participant_id, ...page })).rows)
            .toEqual([placed])
          expect(yield* store.writer.upsertEventEntries([cut])).toEqual({ inserted: 0, updated: 1, unchanged: 0 })
        }))

      it.effect("summary counts each team sport: rows, seasons, game dates, last ingest", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const finished = new Date("2024-10-01T06:00:00Z")
          yield* store.writer.setIngestState({
            sport: "nfl",
            finished_at: finished,
            source_mtime_ms: 1_727_700_000_000
          })
          const summary = yield* store.catalog.summary
          expect(summary.slice(0, 6).map((s) => s.sport)).toEqual(["nfl", "mlb", "nba", "nhl", "cfb", "soccer"])
          const nfl = summary[0]!
          expect(nfl).toEqual({
            sport: "nfl",
            players: count(F.players, (p) => p.sport === "nfl"),
            teams: 3,
            games: 5,
            stat_lines: 6,
            seasons: [2023, 2024],
            first_game_date: "2023-09-07",
            last_game_date: "2024-09-22",
            last_updated: finished
          })
          expect(summary[2]).toEqual({
            sport: "nba",
            players: 3,
            teams: 2,
            games: 1,
            stat_lines: 0,
            seasons: [2024],
            first_game_date: "2024-10-22",
            last_game_date: "2024-10-22",
            last_updated: null
          })
          expect(summary[1]).toMatchObject({ sport: "mlb", players: 2, teams: 1, games: 2, stat_lines: 2 })
        }))

      it.effect("summary follows every write: a game of a new season counts at once, a score moves no count", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          // the end of an ingest (on the SQL stores, where the stored summaries are refreshed)
          const ingested = store.writer.setIngestState({
            sport: "nfl",
            finished_at: new Date("2025-09-05T06:00:00Z"),
            source_mtime_ms: 1_757_000_000_000
          })
          yield* ingested
          const before = (yield* store.catalog.summary)[0]!
          const added = { ...F.games[0]!, id: "2025_01_DAL_PHI", season: 2025, game_date: "2025-09-04" }
          yield* store.writer.upsertGames([{ ...added, state: "scheduled", home_score: null, away_score: null }])
          const after = (yield* store.catalog.summary)[0]!
          expect(after).toEqual({
            ...before,
            games: before.games + 1,
            seasons: [...before.seasons, 2025],
            last_game_date: "2025-09-04"
          })
          yield* ingested
          expect((yield* store.catalog.summary)[0]).toEqual(after)
          yield* store.writer.upsertGames([added])
          expect((yield* store.catalog.summary)[0]).toEqual(after)
        }))

      it.effect("summary counts each event sport: events, entries, distinct participants and teams, start dates", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const summary = yield* store.catalog.summary
          expect(summary.slice(6).map((s) => s.sport)).toEqual(["tennis", "golf", "ufc", "f1", "nascar"])
          const golfEvents = F.events.filter((e) => e.sport === "golf")
          const golfEntries = F.eventEntries.filter((e) => e.sport === "golf")
          const golfDates = golfEvents.map((e) => e.start_date).sort()
          expect(summary.find((s) => s.sport === "golf")).toEqual({
            sport: "golf",
            players: new Set(golfEntries.map((e) => e.participant_id)).size,
            teams: 0,
            games: golfEvents.length,
            stat_lines: golfEntries.length,
            seasons: [...new Set(golfEvents.map((e) => e.season))].sort(),
            first_game_date: golfDates[0],
            last_game_date: golfDates[golfDates.length - 1],
            last_updated: null
          })
          expect(summary.find((s) => s.sport === "tennis")).toMatchObject({ games: 1, stat_lines: 2, teams: 2 })
          expect(summary.find((s) => s.sport === "ufc")).toMatchObject({ games: 0, players: 0, first_game_date: null })
        }))

      it.effect("ingest state: absent until set, then the last one set; every sport's in one read", () =>
        Effect.gen(function*() {
          const store = yield* Ports
          expect(yield* store.catalog.ingestState("mlb")).toEqual(Option.none())
          expect((yield* store.catalog.ingestStates).has("mlb")).toBe(false)
          const first = {
            sport: "mlb" as const,
            finished_at: new Date("2024-10-01T00:00:00Z"),
            source_mtime_ms: 1_700_000_000_123.5
          }
          yield* store.writer.setIngestState(first)
          expect(yield* store.catalog.ingestState("mlb")).toEqual(Option.some(first))
          const second = { ...first, finished_at: new Date("2024-10-02T00:00:00Z"), source_mtime_ms: 1_700_000_500_000 }
          yield* store.writer.setIngestState(second)
          expect(yield* store.catalog.ingestState("mlb")).toEqual(Option.some(second))
          const golf = { sport: "golf" as const, finished_at: new Date("2024-10-03T00:00:00Z"), source_mtime_ms: 1 }
          yield* store.writer.setIngestState(golf)
          const all = yield* store.catalog.ingestStates
          expect([all.get("golf"), all.get("mlb")]).toEqual([golf, second])
          for (const [sport, state] of all) expect(yield* store.catalog.ingestState(sport)).toEqual(Option.some(state))
        }))

      it.effect("data version: moved by an upsert that inserts or changes a row, kept by an unchanged one", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const start = yield* store.catalog.dataVersion

          // the whole fixture again, and ingest state: nothing a query returns changed
          yield* seed
          yield* store.writer.setIngestState({
            sport: "nba",
            finished_at: new Date("2024-10-03T00:00:00Z"),
            source_mtime_ms: 1
          })
          expect(yield* store.catalog.dataVersion).toBe(start)

          const kelce = F.players[3]!
          expect(yield* store.writer.upsertPlayers([{ ...kelce, team: "LV" }])).toMatchObject({ updated: 1 })
          const changed = yield* store.catalog.dataVersion
          expect(changed).not.toBe(start)
          expect(yield* store.catalog.dataVersion).toBe(changed)

          expect(yield* store.writer.upsertPlayers([kelce])).toMatchObject({ updated: 1 })
          const restored = yield* store.catalog.dataVersion
          expect([start, changed]).not.toContain(restored)

          const rookie: Player = { ...kelce, id: "svc_nfl_version_rookie", full_name: "Version Rookie" }
          expect(yield* store.writer.upsertPlayers([rookie])).toMatchObject({ inserted: 1 })
          const inserted = yield* store.catalog.dataVersion
          expect([start, changed, restored]).not.toContain(inserted)
          expect(yield* store.writer.upsertPlayers([rookie])).toMatchObject({ unchanged: 1 })
          expect(yield* store.catalog.dataVersion).toBe(inserted)

          // the last three insert rows for good (there is no delete): no later test counts these tables
          for (
            const [label, upsert] of [
              ["games", store.writer.upsertGames([{ ...F.games[0]!, venue: "Version Field" }])],
              ["stat lines", store.writer.upsertStatLines([{ ...F.statLines[0]!, fantasy_points: 1.5 }])],
              ["injuries", store.writer.upsertInjuries([{ ...F.injuries[0]!, practice_status: "Version" }])],
              ["depth charts", store.writer.upsertDepthCharts([{ ...F.depthCharts[0]!, depth: 9 }])],
              ["teams", store.writer.upsertTeams([{ ...F.teams[0]!, name: "Version Chiefs" }])],
              ["rankings", store.writer.upsertRankings([{ ...F.rankings[0]!, points: 1 }])],
              ["events", store.writer.upsertEvents([{ ...F.events[0]!, venue: "Version Links" }])],
              ["event entries", store.writer.upsertEventEntries([{ ...F.eventEntries[0]!, status: "withdrawn" }])],
              [
                "new ranking",
                store.writer.upsertRankings([{ ...F.rankings[0]!, id: "2024:coaches:1:VER", team: "VER", rank: 25 }])
              ],
              ["new event", store.writer.upsertEvents([{ ...F.events[0]!, id: "pga:2024:version-open" }])],
              [
                "new entry",
                store.writer.upsertEventEntries([{ ...F.eventEntries[0]!, id: "version:entry", event_id: "version" }])
              ]
            ] as const
          ) {
            const before = yield* store.catalog.dataVersion
            yield* upsert
            expect(yield* store.catalog.dataVersion, label).not.toBe(before)
          }
          yield* seed
        }))

      // Adds players for good (there is no delete): after every test that counts players.
      it.effect("players: ordered and searched by name key (accents and case ignored), then name, then id", () =>
        Effect.gen(function*() {
          yield* seed
          const store = yield* Ports
          const luka = F.players.find((p) => p.full_name === "Luka Dončić")!
          const extra: ReadonlyArray<Player> = [
            { ...luka, id: "svc_mlb_key_caratini", sport: "mlb", full_name: "Víctor Caratini" },
            { ...luka, id: "svc_nfl_key_brown", sport: "nfl", full_name: "AJ Brown" },
            { ...luka, id: "svc_mlb_key_hernandez", sport: "mlb", full_name: "Óscar Hernández" },
            { ...luka, id: "svc_nfl_key_jones_b", sport: "nfl", full_name: "Aaron Jones" },
            { ...luka, id: "svc_nfl_key_jones_a", sport: "nfl", full_name: "Aaron Jones" },
            { ...luka, id: "svc_nfl_key_jones_umlaut", sport: "nfl", full_name: "Aaron Jönes" },
            { ...luka, id: "svc_nfl_key_jones_caps", sport: "nfl", full_name: "AARON JONES" },
            { ...luka, id: "svc_nba_key_odegaard", full_name: "Martin Ødegaard" },
            // stored decomposed (NFD), searched precomposed below
            { ...luka, id: "svc_mlb_key_ramirez", sport: "mlb", full_name: "Jose\u0301 Rami\u0301rez" }
          ]
          yield* store.writer.upsertPlayers(extra)
          const byIds = yield* store.players.find({ ids: [...extra.map((p) => p.id), luka.id], ...page })
          expect(ids(byIds.rows)).toEqual([
            "svc_nfl_key_jones_caps", // key "aaron jones"; then full_name by code unit: "AA" < "Aa"
            "svc_nfl_key_jones_a", // same name: by id
            "svc_nfl_key_jones_b",
            "svc_nfl_key_jones_umlaut", // "ö" after "o"
            "svc_nfl_key_brown", // "aj" after "aaron"
            "svc_mlb_key_ramirez",
            luka.id,
            "svc_nba_key_odegaard",
            "svc_mlb_key_hernandez", // "oscar", not after "v"
            "svc_mlb_key_caratini"
          ])
          // a sport's list and paging through it keep that order
          expect(names((yield* store.players.find({ sport: "mlb", ...page })).rows)).toEqual([
            "Aaron Judge",
            "Jose\u0301 Rami\u0301rez",
            "Óscar Hernández",
            "Shohei Ohtani",
            "Víctor Caratini"
          ])
          expect(names((yield* store.players.find({ sport: "mlb", limit: 2, offset: 2 })).rows)).toEqual([
            "Óscar Hernández",
            "Shohei Ohtani"
          ])

          const search = (text: string) => Effect.map(store.players.find({ search: text, ...page }), (r) => ids(r.rows))
          for (const text of ["doncic", "DONČIĆ", "Dončić", "Donc\u030Cic\u0301", "ONČI"]) {
            expect(yield* search(text), text).toEqual([luka.id])
          }
          expect(yield* search("oscar hernandez")).toEqual(["svc_mlb_key_hernandez"])
          expect(yield* search("VICTOR")).toEqual(["svc_mlb_key_caratini"])
          expect(yield* search("José Ramírez")).toEqual(["svc_mlb_key_ramirez"])
          expect(yield* search("jönes")).toEqual([
            "svc_nfl_key_jones_caps",
            "svc_nfl_key_jones_a",
            "svc_nfl_key_jones_b",
            "svc_nfl_key_jones_umlaut"
          ])
          // a letter that does not decompose matches itself in either case, not its base letter
          expect(yield* search("ødegaard")).toEqual(["svc_nba_key_odegaard"])
          expect(yield* search("ØDEGAARD")).toEqual(["svc_nba_key_odegaard"])
          expect(yield* search("odegaard")).toEqual([])
          expect((yield* store.players.find({ search: "aj b", sport: "nfl", ...page })).total).toBe(1)
        }))

      it.effect("a batch of 6,000 stat lines (over the 65,535 bind-parameter limit row by row) is one upsert", () =>
        Effect.gen(function*() {
          const store = yield* Ports
          const lines: Array<StatLine> = Array.from({ length: 6000 }, (_, i) => ({
            ...F.statLines[0]!,
            id: `svc_nba_bulk_${i}:${i}`,
            sport: "nba",
            player_id: `svc_nba_bulk_${i % 300}`,
            game_id: `bulk_${Math.floor(i / 300)}`,
            season: 2023,
            week: null,
            game_date: "2024-01-15",
            fantasy_points: i % 50
          }))
          expect(yield* store.writer.upsertStatLines(lines)).toEqual({ inserted: 6000, updated: 0, unchanged: 0 })
          const again = lines.map((l, i) => i % 1000 === 0 ? { ...l, fantasy_points: 99 } : l)
          expect(yield* store.writer.upsertStatLines(again)).toEqual({ inserted: 0, updated: 6, unchanged: 5994 })
          const top = yield* store.statLines.find({
            sport: "nba",
            season: 2023,
            order: "fantasy_points",
            limit: 10,
            offset: 0
          })
          expect(top.total).toBe(6000)
          expect(top.rows.filter((r) => r.fantasy_points === 99)).toHaveLength(6)
        }))
    })
  }
})

/**
 * DFS contract (domain ports/Dfs.ts): one suite on every adapter (memory, PGlite, PostgreSQL when
 * available). Slates and salary rows round-trip with every field; replacing a sport's batch drops
 * its old slates and rows and leaves the other sport alone; filters and orders as documented; the
 * data version moves when a batch changes and only then.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { CatalogReader, type Dfs, DfsReader, DfsWriter } from "@sports-data/domain"
import { Effect, Option } from "effect"
import { storeLayers } from "../harness/stores.js"

const entries = await storeLayers()

const slate = (id: string, extra: Partial<Dfs.DfsSlate> = {}): Dfs.DfsSlate => ({
  id,
  sport: "nfl",
  platform: "draftkings",
  name: "NFL 2025 week 1",
  game_type: "classic",
  start_date: "2025-09-07",
  start_time: new Date("2025-09-07T17:00:00.000Z"),
  season: 2025,
  week: 1,
  salary_cap: 50000,
  player_count: 3,
  linked_count: 2,
  source: "uruley_4horsemendfs",
  ...extra
})

const salary = (slate_id: string, platform_player_id: string, extra: Partial<Dfs.DfsSalary> = {}): Dfs.DfsSalary => ({
  slate_id,
  platform_player_id,
  player_id: `svc_nfl_${platform_player_id}`,
  name: `Player ${platform_player_id}`,
  position: "WR",
  roster_positions: ["WR", "FLEX"],
  salary: 5000,
  team: "CIN",
  game: "CIN@CLE",
  avg_points_per_game: 12.5,
  ...extra
})

describe("Dfs contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("slates and salary rows read back with every field; unknown ids give none and no rows", () =>
        Effect.gen(function*() {
          const writer = yield* DfsWriter
          const reader = yield* DfsReader
          const s = slate("dk-nfl-rt")
          const rows = [
            salary("dk-nfl-rt", "1", { salary: 8100 }),
            salary("dk-nfl-rt", "2", {
              player_id: null,
              position: "DST",
              roster_positions: ["DST"],
              avg_points_per_game: null,
              salary: 3000
            }),
            salary("dk-nfl-rt", "3", { position: "QB", roster_positions: ["QB"], salary: 7000 })
          ]
          expect(yield* writer.replaceSport("nfl", [s], rows)).toEqual({ slates: 1, salaries: 3 })
          expect(yield* reader.slate("dk-nfl-rt")).toEqual(Option.some(s))
          expect(yield* reader.slate("nope")).toEqual(Option.none())
          expect(yield* reader.salaries("dk-nfl-rt")).toEqual([rows[0], rows[2], rows[1]])
          expect(yield* reader.salaries("nope")).toEqual([])
        }))

      it.effect("position matches the position or a roster position, any case", () =>
        Effect.gen(function*() {
          const writer = yield* DfsWriter
          const reader = yield* DfsReader
          yield* writer.replaceSport("nfl", [slate("dk-nfl-pos")], [
            salary("dk-nfl-pos", "10", { position: "RB", roster_positions: ["RB", "FLEX"], salary: 6000 }),
            salary("dk-nfl-pos", "11", { position: "WR", roster_positions: ["WR", "FLEX"], salary: 6000, name: "A" }),
            salary("dk-nfl-pos", "12", { position: "QB", roster_positions: ["QB"] })
          ])
          expect((yield* reader.salaries("dk-nfl-pos", "rb")).map((r) => r.platform_player_id)).toEqual(["10"])
          expect((yield* reader.salaries("dk-nfl-pos", "FLEX")).map((r) => r.platform_player_id)).toEqual(["11", "10"])
          expect(yield* reader.salaries("dk-nfl-pos", "K")).toEqual([])
        }))

      it.effect("a page of salary rows is that slice of the rows in their order, with the rows' total", () =>
        Effect.gen(function*() {
          const writer = yield* DfsWriter
          const reader = yield* DfsReader
          // ties of salary order by name, then platform id
          const rows = Array.from({ length: 7 }, (_, i) =>
            salary("dk-nfl-page", String(20 + i), {
              salary: 5000 + (i % 3) * 100,
              name: i % 2 === 0 ? "Same Name" : `Player ${i}`,
              ...(i % 3 === 0 ? { position: "TE", roster_positions: ["TE", "FLEX"] } : {})
            }))
          yield* writer.replaceSport("nfl", [slate("dk-nfl-page")], rows)
          for (const position of [undefined, "te", "FLEX", "K"]) {
            const all = yield* reader.salaries("dk-nfl-page", position)
            for (const [limit, offset] of [[3, 0], [3, 3], [3, 6], [100, 0], [2, 50], [0, 0]] as const) {
              expect(
                yield* reader.salaryPage("dk-nfl-page", position, { limit, offset }),
                `${position} ${limit} ${offset}`
              )
                .toEqual({ rows: all.slice(offset, offset + limit), total: all.length })
            }
          }
          expect(yield* reader.salaryPage("nope", undefined, { limit: 10, offset: 0 })).toEqual({ rows: [], total: 0 })
        }))

      it.effect("replaceSport swaps the sport's batch, keeps the other sport, and filters by platform and date", () =>
        Effect.gen(function*() {
          const writer = yield* DfsWriter
          const reader = yield* DfsReader
          const golf = (id: string, start_date: string) =>
            slate(id, { sport: "golf", start_date, start_time: null, week: null, season: 2026, name: id })
          yield* writer.replaceSport("golf", [golf("g-a", "2026-07-30"), golf("g-b", "2026-08-06")], [
            salary("g-a", "1", { position: "G", roster_positions: ["G"], team: null, game: null }),
            salary("g-b", "1", { position: "G", roster_positions: ["G"], team: null, game: null }),
            salary("g-unknown", "1")
          ])
          yield* writer.replaceSport("nfl", [slate("dk-nfl-keep")], [salary("dk-nfl-keep", "1")])
          expect((yield* reader.slates({ sport: "golf" })).map((s) => s.id)).toEqual(["g-b", "g-a"])
          expect((yield* reader.slates({ sport: "golf", since: "2026-08-01" })).map((s) => s.id)).toEqual(["g-b"])
          expect(yield* reader.slates({ sport: "golf", platform: "fanduel" })).toEqual([])
          expect(yield* reader.salaries("g-unknown")).toEqual([])
          yield* writer.replaceSport("golf", [golf("g-c", "2026-08-08")], [])
          expect((yield* reader.slates({ sport: "golf" })).map((s) => s.id)).toEqual(["g-c"])
          expect(yield* reader.salaries("g-a")).toEqual([])
          expect((yield* reader.slates({ sport: "nfl" })).map((s) => s.id)).toEqual(["dk-nfl-keep"])
        }))

      it.effect("the data version moves when a batch changes, not when the same batch is written again", () =>
        Effect.gen(function*() {
          const writer = yield* DfsWriter
          const catalog = yield* CatalogReader
          const rows = [salary("dk-nfl-v", "1")]
          yield* writer.replaceSport("nfl", [slate("dk-nfl-v")], rows)
          const v1 = yield* catalog.dataVersion
          yield* writer.replaceSport("nfl", [slate("dk-nfl-v")], rows)
          expect(yield* catalog.dataVersion).toBe(v1)
          yield* writer.replaceSport("nfl", [slate("dk-nfl-v")], [salary("dk-nfl-v", "1", { salary: 5100 })])
          expect(yield* catalog.dataVersion).not.toBe(v1)
        }))
    })
  }
})

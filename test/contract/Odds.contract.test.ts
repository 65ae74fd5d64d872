/**
 * Odds contract (domain ports/Odds.ts): one suite on every adapter (memory, PGlite, PostgreSQL
 * when available). Lines round-trip with every field (nulls included); replacing a sport's lines
 * drops its old ones and leaves other sports alone; reads filter by season, week, date, from_date
 * and game, ordered by game date, game id, then snapshot time.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { type Odds, OddsReader, OddsWriter } from "@sports-data/domain"
import { Effect } from "effect"
import { storeLayers } from "../harness/stores.js"

const entries = await storeLayers()

const line = (id: string, extra: Partial<Odds.OddsLine> = {}): Odds.OddsLine => ({
  id,
  sport: "nhl",
  game_id: "2025020001",
  season: 2025,
  week: null,
  game_date: "2025-10-07",
  source: "nielsenz_odds_api",
  bookmaker: "betmgm",
  snapshot: "close",
  snapshot_date: "2025-10-07",
  line_time: new Date("2025-10-07T22:15:03.000Z"),
  home: "FLA",
  away: "CHI",
  home_moneyline: -230,
  away_moneyline: 190,
  home_spread: -1.5,
  home_spread_odds: 110,
  away_spread_odds: -130,
  total: 6.5,
  over_odds: 105,
  under_odds: -125,
  ...extra
})

describe("Odds contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("a stored line reads back with every field, nulls included", () =>
        Effect.gen(function*() {
          const writer = yield* OddsWriter
          const reader = yield* OddsReader
          const full = line("rt:1")
          const bare = line("rt:2", {
            game_id: "2025020002",
            week: 3,
            game_date: null,
            bookmaker: null,
            line_time: null,
            home_moneyline: null,
            away_moneyline: null,
            home_spread: 0,
            home_spread_odds: null,
            away_spread_odds: null,
            total: null,
            over_odds: null,
            under_odds: null
          })
          yield* writer.replaceSport("nhl", [bare, full])
          expect(yield* reader.find({ sport: "nhl" })).toEqual([full, bare])
        }))

      it.effect("an outright line (golf) reads back with its market and golfer, linked or not", () =>
        Effect.gen(function*() {
          const writer = yield* OddsWriter
          const reader = yield* OddsReader
          const outright = (id: string, participant_id: string | null, name: string, odds: number) =>
            line(id, {
              sport: "golf",
              game_id: "svc_golf_dk-2026-rocket-classic",
              season: 2026,
              game_date: "2026-07-30",
              source: "925sports_pga_tour_data",
              bookmaker: "draftkings",
              snapshot: "snapshot",
              snapshot_date: "2026-07-28",
              line_time: new Date("2026-07-28T16:41:55.916Z"),
              home: participant_id ?? name,
              away: "field",
              home_moneyline: odds,
              away_moneyline: null,
              home_spread: null,
              home_spread_odds: null,
              away_spread_odds: null,
              total: null,
              over_odds: null,
              under_odds: null,
              market: "win",
              participant_id,
              participant_name: name
            })
          const linked = outright("o:1", "svc_golf_4375972", "Cameron Young", 960)
          const unlinked = outright("o:2", null, "Todd Clements", 50_000)
          yield* writer.replaceSport("golf", [unlinked, linked])
          expect(yield* reader.find({ sport: "golf" })).toEqual([linked, unlinked])
        }))

      it.effect("replaceSport swaps the sport's lines, keeps other sports, and keeps the last of a repeated id", () =>
        Effect.gen(function*() {
          const writer = yield* OddsWriter
          const reader = yield* OddsReader
          yield* writer.replaceSport("nba", [line("nba:1", { sport: "nba" }), line("nba:2", { sport: "nba" })])
          yield* writer.replaceSport("nfl", [line("nfl:1", { sport: "nfl", home_moneyline: -110 })])
          yield* writer.replaceSport("nba", [
            line("nba:3", { sport: "nba", total: 220 }),
            line("nba:3", { sport: "nba", total: 221.5 }),
            line("nhl:stray")
          ])
          const nba = yield* reader.find({ sport: "nba" })
          expect(nba.map((r) => [r.id, r.total])).toEqual([["nba:3", 221.5]])
          expect((yield* reader.find({ sport: "nfl" })).map((r) => r.id)).toEqual(["nfl:1"])
        }))

      it.effect("filters by season, week, date, from_date and game; orders by date, game, then snapshot time", () =>
        Effect.gen(function*() {
          const writer = yield* OddsWriter
          const reader = yield* OddsReader
          const g = (id: string, game_id: string, game_date: string | null, extra: Partial<Odds.OddsLine> = {}) =>
            line(id, { sport: "nfl", game_id, game_date, season: 2024, week: 1, ...extra })
          const rows = [
            g("b:close", "2024_01_B", "2024-09-08", { snapshot_date: "2024-09-08", line_time: null }),
            g("b:open", "2024_01_B", "2024-09-08", {
              snapshot_date: "2024-09-07",
              line_time: new Date("2024-09-07T23:00:00Z")
            }),
            g("b:morning", "2024_01_B", "2024-09-08", {
              snapshot_date: "2024-09-08",
              line_time: new Date("2024-09-08T15:00:00Z")
            }),
            g("a", "2024_01_A", "2024-09-08"),
            g("c", "2024_01_C", "2024-09-05"),
            g("w2", "2024_02_A", "2024-09-15", { week: 2 }),
            g("undated", "2024_02_Z", null, { week: 2 }),
            g("s25", "2025_01_A", "2025-09-07", { season: 2025 })
          ]
          yield* writer.replaceSport("nfl", rows)
          const ids = (q: Omit<Parameters<typeof reader.find>[0], "sport">) =>
            Effect.map(reader.find({ sport: "nfl", ...q }), (r) => r.map((x) => x.id))
          expect(yield* ids({ season: 2024 })).toEqual([
            "c",
            "a",
            "b:open",
            "b:close",
            "b:morning",
            "w2",
            "undated"
          ])
          expect(yield* ids({ season: 2024, week: 2 })).toEqual(["w2", "undated"])
          expect(yield* ids({ date: "2024-09-08" })).toEqual(["a", "b:open", "b:close", "b:morning"])
          expect(yield* ids({ from_date: "2024-09-15" })).toEqual(["w2", "s25"])
          expect(yield* ids({ game_id: "2024_01_B" })).toEqual(["b:open", "b:close", "b:morning"])
          expect(yield* ids({ game_id: "none" })).toEqual([])
        }))
    })
  }
})

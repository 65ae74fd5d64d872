/**
 * Odds contract (domain ports/Odds.ts): one suite on every adapter (memory, PGlite, PostgreSQL
 * when available). Lines round-trip with every field (nulls included); replacing a sport's lines
 * drops its old ones and leaves other sports alone; reads filter by season, week, date, from_date
 * and game, ordered by game date, game id, then snapshot time.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { Odds, OddsReader, OddsWriter } from "@sports-data/domain"
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

      it.effect("a history serves the no-vig probabilities of the whole field, stored at write and kept right on a re-ingest", () =>
        Effect.gen(function*() {
          const writer = yield* OddsWriter
          const reader = yield* OddsReader
          const game_id = "svc_golf_dk-2026-rocket-classic"
          const price = (
            id: string,
            golfer: string,
            bookmaker: string,
            market: string,
            at: string | null,
            odds: number | null
          ) =>
            line(id, {
              sport: "golf",
              game_id,
              season: 2026,
              game_date: "2026-07-30",
              source: "925sports_pga_tour_data",
              bookmaker,
              snapshot: "snapshot",
              snapshot_date: (at ?? "2026-07-27").slice(0, 10),
              line_time: at === null ? null : new Date(at),
              home: golfer,
              away: "field",
              home_moneyline: odds,
              away_moneyline: null,
              home_spread: null,
              home_spread_odds: null,
              away_spread_odds: null,
              total: null,
              over_odds: null,
              under_odds: null,
              market,
              participant_id: golfer,
              participant_name: golfer.toUpperCase()
            })
          // three times; golfers change price or drop out (a source records changes only)
          const field = (shift: number) => [
            price("u:a", "ga", "draftkings", "win", null, 500 + shift),
            price("t1:a", "ga", "draftkings", "win", "2026-07-27T10:00:00.000Z", 400 + shift),
            price("t1:b", "gb", "draftkings", "win", "2026-07-27T10:00:00.000Z", 900),
            price("t1:c", "gc", "draftkings", "win", "2026-07-27T10:00:00.000Z", -120),
            price("t1:d", "ga", "fanduel", "top_5", "2026-07-27T10:00:00.000Z", 150),
            price("t1:e", "gb", "fanduel", "top_5", "2026-07-27T10:00:00.000Z", 300 - shift),
            price("t2:a", "gb", "draftkings", "win", "2026-07-28T09:30:00.000Z", 700 + shift),
            price("t2:b", "gd", "draftkings", "win", "2026-07-28T09:30:00.000Z", null),
            price("t2:c", "ga", "draftkings", "make_cut", "2026-07-28T09:30:00.000Z", -300),
            price("t3:a", "gc", "fanduel", "top_5", "2026-07-29T08:00:00.000Z", 200)
          ]
          const other = line("nhl:1")
          const check = Effect.gen(function*() {
            const all = yield* reader.find({ sport: "golf", game_id })
            const expected = Odds.lineRows(all)
            const h = yield* reader.history({ sport: "golf", game_id, limit: 100, offset: 0 })
            expect(h.total).toBe(all.length)
            expect(h.first).toEqual(all[0])
            expect(h.rows.map((r) => r.line)).toEqual(all)
            expect(h.rows.map(Odds.storedRow)).toEqual(expected)
            // a page by cursor, and a filtered page, carry the same probabilities
            const after = yield* reader.history({
              sport: "golf",
              game_id,
              limit: 3,
              offset: 0,
              after: Odds.historyKeyOf(all[4]!)
            })
            expect(after.rows.map(Odds.storedRow)).toEqual(expected.slice(5, 8))
            const top5 = yield* reader.history({ sport: "golf", game_id, market: "top_5", limit: 100, offset: 0 })
            expect(top5.total).toBe(3)
            expect(top5.rows.map(Odds.storedRow)).toEqual(expected.filter((r) => r.outright?.market === "top_5"))
            const dk = yield* reader.history({ sport: "golf", game_id, bookmaker: "draftkings", limit: 2, offset: 1 })
            expect(dk.rows.map(Odds.storedRow)).toEqual(
              expected.filter((r) => r.bookmaker === "draftkings").slice(1, 3)
            )
            return expected
          })
          yield* writer.replaceSport("nhl", [other])
          yield* writer.replaceSport("golf", field(0))
          const before = yield* check
          expect(before.some((r) => (r.outright?.no_vig_probability ?? 0) > 0)).toBe(true)
          // re-ingest with other prices: the stored probabilities follow the new field
          yield* writer.replaceSport("golf", field(50))
          const after = yield* check
          expect(after).not.toEqual(before)
          const none = yield* reader.history({ sport: "golf", game_id: "none", limit: 10, offset: 0 })
          expect(none).toEqual({ first: null, total: 0, rows: [] })
          const nhl = yield* reader.history({ sport: "nhl", game_id: other.game_id, limit: 10, offset: 0 })
          expect(nhl.rows).toEqual([{ line: other, no_vig_probability: null }])
        }))
    })
  }
})

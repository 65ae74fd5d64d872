/**
 * Player metrics contract (domain ports/Metrics.ts): one suite on every adapter (memory, PGlite,
 * PostgreSQL when available). Rows round-trip with every field; replacing a sport's batch drops
 * its old rows and leaves other sports alone; reads filter by sport, season and rising momentum in
 * player order; the similarity pool (`vectors`) keeps the season's rows with a vector and enough
 * games.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { type Analytics, PlayerMetricsReader, PlayerMetricsWriter } from "@sports-data/domain"
import { Effect, Option } from "effect"
import { storeLayers } from "../harness/stores.js"

const entries = await storeLayers()

const row = (player_id: string, extra: Partial<Analytics.PlayerMetrics> = {}): Analytics.PlayerMetrics => ({
  player_id,
  sport: "nfl",
  season: 2025,
  last_game_date: "2025-12-07",
  avg_fantasy_points: 17.45,
  consistency_score: 91.3,
  momentum_delta: -2.25,
  opportunity_ceiling: 27.8,
  sample_size: 8,
  vector: [17.45, 88.1, null, 0, 74.5, 91.3, -2.25, 27.8],
  week_computed: "2025-W50",
  computed_at: new Date("2025-12-08T06:00:00.000Z"),
  ...extra
})

describe("PlayerMetrics contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("a stored row reads back with every field; an unknown id is none", () =>
        Effect.gen(function*() {
          const writer = yield* PlayerMetricsWriter
          const reader = yield* PlayerMetricsReader
          const stored = row("svc_nfl_rt1")
          const nulls = row("svc_nfl_rt2", {
            last_game_date: null,
            avg_fantasy_points: null,
            consistency_score: null,
            momentum_delta: null,
            opportunity_ceiling: null,
            vector: null,
            sample_size: 1
          })
          yield* writer.replaceSport("nfl", [stored, nulls])
          expect(yield* reader.get("svc_nfl_rt1")).toEqual(Option.some(stored))
          expect(yield* reader.get("svc_nfl_rt2")).toEqual(Option.some(nulls))
          expect(yield* reader.get("svc_nfl_none")).toEqual(Option.none())
        }))

      it.effect("replaceSport swaps the sport's whole batch and keeps the other sports' rows", () =>
        Effect.gen(function*() {
          const writer = yield* PlayerMetricsWriter
          const reader = yield* PlayerMetricsReader
          yield* writer.replaceSport("nba", [row("svc_nba_1", { sport: "nba" }), row("svc_nba_2", { sport: "nba" })])
          yield* writer.replaceSport("nhl", [row("svc_nhl_1", { sport: "nhl", vector: null })])
          yield* writer.replaceSport("nba", [row("svc_nba_3", { sport: "nba", season: 2024 })])
          expect((yield* reader.find({ sport: "nba" })).map((r) => r.player_id)).toEqual(["svc_nba_3"])
          expect(yield* reader.get("svc_nba_1")).toEqual(Option.none())
          expect((yield* reader.find({ sport: "nhl" })).map((r) => r.player_id)).toEqual(["svc_nhl_1"])
          yield* writer.replaceSport("nhl", [])
          expect(yield* reader.find({ sport: "nhl" })).toEqual([])
        }))

      it.effect("vectors: the season's players with a vector and enough games, by player id, nulls kept", () =>
        Effect.gen(function*() {
          const writer = yield* PlayerMetricsWriter
          const reader = yield* PlayerMetricsReader
          yield* writer.replaceSport("nfl", [
            row("svc_nfl_b"),
            row("svc_nfl_A", { vector: [1, null, 2.5] }),
            row("svc_nfl_few", { sample_size: 3 }),
            row("svc_nfl_none", { vector: null }),
            row("svc_nfl_old", { season: 2024 })
          ])
          expect(yield* reader.vectors({ sport: "nfl", season: 2025, min_sample: 4 })).toEqual([
            { player_id: "svc_nfl_A", vector: [1, null, 2.5] },
            { player_id: "svc_nfl_b", vector: row("svc_nfl_b").vector }
          ])
          expect((yield* reader.vectors({ sport: "nfl", season: 2025, min_sample: 3 })).map((v) => v.player_id))
            .toEqual(["svc_nfl_A", "svc_nfl_b", "svc_nfl_few"])
          expect(yield* reader.vectors({ sport: "nfl", season: 2023, min_sample: 4 })).toEqual([])
          expect(yield* reader.vectors({ sport: "nba", season: 2025, min_sample: 4 })).toEqual([])
        }))

      it.effect("find filters by season and orders by player id (code units)", () =>
        Effect.gen(function*() {
          const writer = yield* PlayerMetricsWriter
          const reader = yield* PlayerMetricsReader
          yield* writer.replaceSport("mlb", [
            row("svc_mlb_b", { sport: "mlb" }),
            row("svc_mlb_A", { sport: "mlb" }),
            row("svc_mlb_a", { sport: "mlb", season: 2024 })
          ])
          expect((yield* reader.find({ sport: "mlb" })).map((r) => r.player_id)).toEqual([
            "svc_mlb_A",
            "svc_mlb_a",
            "svc_mlb_b"
          ])
          expect((yield* reader.find({ sport: "mlb", season: 2024 })).map((r) => r.player_id)).toEqual(["svc_mlb_a"])
        }))

      it.effect("rising keeps the rows whose momentum_delta is above 0 (null and 0 are not), with the season filter", () =>
        Effect.gen(function*() {
          const writer = yield* PlayerMetricsWriter
          const reader = yield* PlayerMetricsReader
          yield* writer.replaceSport("nba", [
            row("svc_nba_up", { sport: "nba", momentum_delta: 3.5 }),
            row("svc_nba_flat", { sport: "nba", momentum_delta: 0 }),
            row("svc_nba_none", { sport: "nba", momentum_delta: null }),
            row("svc_nba_down", { sport: "nba", momentum_delta: -1 }),
            row("svc_nba_old", { sport: "nba", season: 2024, momentum_delta: 9 })
          ])
          const ids = (rows: ReadonlyArray<Analytics.PlayerMetrics>) => rows.map((r) => r.player_id)
          expect(ids(yield* reader.find({ sport: "nba", rising: true }))).toEqual(["svc_nba_old", "svc_nba_up"])
          expect(ids(yield* reader.find({ sport: "nba", season: "latest", rising: true }))).toEqual(["svc_nba_up"])
        }))

      it.effect("order momentum_delta: the waiver order (momentum, then average points, then id), paged", () =>
        Effect.gen(function*() {
          const writer = yield* PlayerMetricsWriter
          const reader = yield* PlayerMetricsReader
          yield* writer.replaceSport("nhl", [
            row("svc_nhl_b", { sport: "nhl", momentum_delta: 2, avg_fantasy_points: 9 }),
            row("svc_nhl_a", { sport: "nhl", momentum_delta: 2, avg_fantasy_points: 9 }),
            row("svc_nhl_c", { sport: "nhl", momentum_delta: 2, avg_fantasy_points: null }),
            row("svc_nhl_d", { sport: "nhl", momentum_delta: 5, avg_fantasy_points: 1 }),
            row("svc_nhl_e", { sport: "nhl", momentum_delta: 2, avg_fantasy_points: 12 }),
            row("svc_nhl_f", { sport: "nhl", momentum_delta: -4, avg_fantasy_points: 30 })
          ])
          const ids = (rows: ReadonlyArray<Analytics.PlayerMetrics>) => rows.map((r) => r.player_id)
          const rising = {
            sport: "nhl" as const,
            season: "latest" as const,
            rising: true,
            order: "momentum_delta" as const
          }
          expect(ids(yield* reader.find(rising))).toEqual([
            "svc_nhl_d",
            "svc_nhl_e",
            "svc_nhl_a",
            "svc_nhl_b",
            "svc_nhl_c"
          ])
          expect(ids(yield* reader.find({ ...rising, offset: 1, limit: 2 }))).toEqual(["svc_nhl_e", "svc_nhl_a"])
          expect(ids(yield* reader.find({ ...rising, offset: 4, limit: 2 }))).toEqual(["svc_nhl_c"])
        }))
    })
  }
})

/**
 * Model registry contract (domain ports/Models.ts): one suite on every adapter (memory, PGlite,
 * PostgreSQL when available). Versions round-trip with their cards; recording an ACTIVE version
 * retires the former ACTIVE one and replaces its predictions; a REJECTED version never brings
 * predictions and leaves the ACTIVE one in place; predictions read newest first with filters.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { ModelRegistryReader, ModelRegistryWriter, type Models } from "@sports-data/domain"
import { Effect } from "effect"
import { storeLayers } from "../harness/stores.js"

const entries = await storeLayers()

const card = (passed: boolean): Models.ModelCard => ({
  target: "P(points >= line)",
  features: ["trailing rate"],
  training_window: "2022-2023",
  held_out_window: "2024",
  metric: "Brier score",
  naive_baseline: "trailing-8 rate",
  pass_rule: "3% lower Brier and calibration error <= 0.03",
  result: {
    metric_model: 0.12,
    metric_baseline: 0.13,
    improvement_pct: 7.69,
    calibration_error: passed ? 0.01 : 0.05,
    observations_train: 100,
    observations_held_out: 40,
    passed
  },
  note: null,
  library: "ml-matrix",
  coefficients: [-1.5, 0.25]
})

const version = (v: string, status: Models.ModelStatus, trained_at: string): Models.ModelVersion => ({
  id: `nfl.confidence.${v}`,
  sport: "nfl",
  model_type: "confidence",
  version: v,
  status,
  trained_at,
  card: card(status === "ACTIVE")
})

const prediction = (model: Models.ModelVersion, game_id: string, game_date: string | null, season = 2024) => ({
  model_id: model.id,
  sport: "nfl" as const,
  player_id: "svc_nfl_p1",
  season,
  game_id,
  game_date,
  model_type: "confidence" as const,
  model_version: model.version,
  as_of: "2024-09-01",
  probability: 0.4125,
  confidence_score: 31,
  heat_signal: null,
  expected: null,
  threshold: 14.5,
  actual: game_date === null ? null : 17.2
})

describe("ModelRegistry contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("an ACTIVE version retires the former one and replaces its predictions; REJECTED brings none", () =>
        Effect.gen(function*() {
          const writer = yield* ModelRegistryWriter
          const reader = yield* ModelRegistryReader
          const v1 = version("1.a", "ACTIVE", "2025-01-01T00:00:00.000Z")
          yield* writer.record(v1, [prediction(v1, "g1", "2024-09-08"), prediction(v1, "g2", "2024-09-15")])
          expect(yield* reader.versions({ sport: "nfl" })).toEqual([v1])
          const v2 = version("1.b", "ACTIVE", "2025-02-01T00:00:00.000Z")
          const p2 = [
            prediction(v2, "g1", "2024-09-08"),
            prediction(v2, "g3", "2024-09-22"),
            prediction(v2, "g9", null)
          ]
          yield* writer.record(v2, p2)
          const rejected = version("1.c", "REJECTED", "2025-03-01T00:00:00.000Z")
          yield* writer.record(rejected, [prediction(rejected, "g4", "2024-09-29")])
          expect(yield* reader.versions({ sport: "nfl" })).toEqual([
            rejected,
            v2,
            { ...v1, status: "RETIRED" }
          ])
          expect(yield* reader.versions({ status: "ACTIVE" })).toEqual([v2])
          expect(yield* reader.versions({ sport: "nba" })).toEqual([])
          const rows = yield* reader.predictions({ player_id: "svc_nfl_p1", limit: 10 })
          expect(rows).toEqual([p2[1], p2[0], p2[2]])
          expect(yield* reader.predictions({ player_id: "svc_nfl_p1", limit: 1 })).toEqual([p2[1]])
          expect(yield* reader.predictions({ player_id: "svc_nfl_p1", limit: 10, season: 2023 })).toEqual([])
          expect(yield* reader.predictions({ player_id: "svc_nfl_p1", limit: 10, model_type: "heat" })).toEqual([])
          expect(yield* reader.predictions({ player_id: "svc_nfl_p2", limit: 10 })).toEqual([])
          const other = { ...prediction(v2, "g5", "2024-09-01"), player_id: "svc_nfl_p0" }
          yield* writer.record(v2, [...p2, other])
          expect(yield* reader.latest({ sport: "nfl", model_type: "confidence" })).toEqual([other, p2[1]])
          expect(yield* reader.latest({ sport: "nba", model_type: "confidence" })).toEqual([])
          // the reliability diagram's material: the ACTIVE version's predictions with a known outcome only
          const outcomes = yield* reader.outcomes({ sport: "nfl", model_type: "confidence" })
          expect(outcomes).toHaveLength(3)
          expect(outcomes).toContainEqual({ probability: 0.4125, threshold: 14.5, actual: 17.2 })
          expect(yield* reader.outcomes({ sport: "nfl", model_type: "heat" })).toEqual([])
        }))

      it.effect("newest: each listed player's first prediction, as predictions answers it; it follows a new ACTIVE version", () =>
        Effect.gen(function*() {
          const writer = yield* ModelRegistryWriter
          const reader = yield* ModelRegistryReader
          const cfb = (v: string, status: Models.ModelStatus, trained_at: string): Models.ModelVersion => ({
            ...version(v, status, trained_at),
            id: `cfb.confidence.${v}`,
            sport: "cfb"
          })
          const at = (model: Models.ModelVersion, player_id: string, game_id: string, game_date: string | null) => ({
            ...prediction(model, game_id, game_date),
            sport: "cfb" as const,
            player_id,
            confidence_score: game_id.length
          })
          const ids = ["svc_cfb_b", "svc_cfb_a", "svc_cfb_c", "svc_cfb_none"]
          const agree = Effect.gen(function*() {
            const firsts = (yield* Effect.forEach(
              ids,
              (player_id) => reader.predictions({ player_id, model_type: "confidence", limit: 1 })
            )).flat().sort((a, b) => (a.player_id < b.player_id ? -1 : 1))
            expect(yield* reader.newest({ model_type: "confidence", player_ids: ids })).toEqual(firsts)
            expect(yield* reader.latest({ sport: "cfb", model_type: "confidence" })).toEqual(firsts)
            return firsts
          })
          const v1 = cfb("1.a", "ACTIVE", "2025-01-01T00:00:00.000Z")
          yield* writer.record(v1, [
            at(v1, "svc_cfb_a", "g1", "2024-10-08"),
            at(v1, "svc_cfb_a", "g10", "2024-10-08"),
            at(v1, "svc_cfb_a", "g2", null),
            at(v1, "svc_cfb_b", "g3", null),
            at(v1, "svc_cfb_b", "g4", null),
            at(v1, "svc_cfb_c", "g5", "2024-10-01"),
            at(v1, "svc_cfb_c", "g6", "2024-10-20")
          ])
          expect((yield* agree).map((p) => [p.player_id, p.game_id])).toEqual([
            ["svc_cfb_a", "g10"],
            ["svc_cfb_b", "g4"],
            ["svc_cfb_c", "g6"]
          ])
          expect(yield* reader.newest({ model_type: "confidence", player_ids: [] })).toEqual([])
          expect(yield* reader.newest({ model_type: "heat", player_ids: ids })).toEqual([])
          const rejected = cfb("1.r", "REJECTED", "2025-01-15T00:00:00.000Z")
          yield* writer.record(rejected, [at(rejected, "svc_cfb_a", "g99", "2024-12-31")])
          expect((yield* agree).map((p) => p.game_id)).toEqual(["g10", "g4", "g6"])
          const v2 = cfb("1.b", "ACTIVE", "2025-02-01T00:00:00.000Z")
          yield* writer.record(v2, [at(v2, "svc_cfb_c", "g7", "2024-11-01"), at(v2, "svc_cfb_c", "g8", null)])
          expect((yield* agree).map((p) => [p.model_id, p.player_id, p.game_id])).toEqual([
            [v2.id, "svc_cfb_c", "g7"]
          ])
        }))

      it.effect("latest with top: the board's head by confidence_score, ties at the edge kept, nulls last", () =>
        Effect.gen(function*() {
          const writer = yield* ModelRegistryWriter
          const reader = yield* ModelRegistryReader
          const v = {
            ...version("4.t", "ACTIVE", "2025-07-01T00:00:00.000Z"),
            id: "mlb.confidence.4.t",
            sport: "mlb" as const
          }
          const scored = (player_id: string, confidence_score: number | null) => ({
            ...prediction(v, "g1", "2024-10-08"),
            sport: "mlb" as const,
            player_id,
            confidence_score
          })
          yield* writer.record(v, [
            scored("svc_mlb_a", 40),
            scored("svc_mlb_b", 70),
            scored("svc_mlb_c", 55),
            scored("svc_mlb_d", 55),
            scored("svc_mlb_e", null)
          ])
          const head = (top: number) =>
            Effect.map(
              reader.latest({ sport: "mlb", model_type: "confidence", top }),
              (rows) => rows.map((p) => p.player_id)
            )
          expect(yield* head(1)).toEqual(["svc_mlb_b"])
          // c and d share second place: asking for two keeps both
          expect(yield* head(2)).toEqual(["svc_mlb_b", "svc_mlb_c", "svc_mlb_d"])
          expect(yield* head(4)).toEqual(["svc_mlb_a", "svc_mlb_b", "svc_mlb_c", "svc_mlb_d"])
          expect(yield* head(10)).toEqual(["svc_mlb_a", "svc_mlb_b", "svc_mlb_c", "svc_mlb_d", "svc_mlb_e"])
          expect(yield* reader.latest({ sport: "mlb", model_type: "confidence", top: 3 })).toEqual(
            (yield* reader.latest({ sport: "mlb", model_type: "confidence" })).filter((p) =>
              p.player_id !== "svc_mlb_a" && p.player_id !== "svc_mlb_e"
            )
          )
        }))

      it.effect("recording the same version again updates it in place", () =>
        Effect.gen(function*() {
          const writer = yield* ModelRegistryWriter
          const reader = yield* ModelRegistryReader
          const v = { ...version("2.x", "REJECTED", "2025-04-01T00:00:00.000Z"), sport: "nba" as const }
          yield* writer.record(v, [])
          yield* writer.record({ ...v, trained_at: "2025-05-01T00:00:00.000Z" }, [])
          expect(yield* reader.versions({ sport: "nba" })).toEqual([{ ...v, trained_at: "2025-05-01T00:00:00.000Z" }])
        }))

      it.effect("a card's further windows and a heat prediction's heat_signal round-trip", () =>
        Effect.gen(function*() {
          const writer = yield* ModelRegistryWriter
          const reader = yield* ModelRegistryReader
          const base = version("3.h", "ACTIVE", "2025-06-01T00:00:00.000Z")
          const v: Models.ModelVersion = {
            ...base,
            id: "nhl.heat.3.h",
            sport: "nhl",
            model_type: "heat",
            card: {
              ...base.card,
              additional_results: [
                { training_window: "2022-2024", held_out_window: "2025 weeks 1-14", result: base.card.result },
                { training_window: "2023-2024", held_out_window: "2025", result: null }
              ]
            }
          }
          const heat = {
            ...prediction(v, "h1", "2024-10-01"),
            player_id: "svc_nhl_p1",
            sport: "nhl" as const,
            model_type: "heat" as const,
            probability: null,
            confidence_score: null,
            heat_signal: "Surging" as const,
            expected: 3.25
          }
          yield* writer.record(v, [heat])
          expect(yield* reader.versions({ sport: "nhl" })).toEqual([v])
          expect(yield* reader.predictions({ player_id: "svc_nhl_p1", limit: 5, model_type: "heat" })).toEqual([heat])
        }))

      it.effect("a projection's week, points per format, intervals and actuals and its card's benchmark round-trip", () =>
        Effect.gen(function*() {
          const writer = yield* ModelRegistryWriter
          const reader = yield* ModelRegistryReader
          const base = version("4.p", "ACTIVE", "2025-07-01T00:00:00.000Z")
          const benchmark: Models.BenchmarkResult = {
            window: "nfl 2024 weeks 1-17",
            role: "held_out",
            player_weeks: 2846,
            predicted: 2840,
            coverage: 0.998,
            mae_model: 5.308,
            mae_nfl_com: 5.247,
            mae_trailing: 5.51,
            mae_model_ppr: 5.797,
            mae_model_standard: 4.87
          }
          const v: Models.ModelVersion = {
            ...base,
            id: "nfl.projection.4.p",
            model_type: "projection",
            card: { ...base.card, benchmark_results: [benchmark] }
          }
          const projected = (game_id: string, game_date: string, week: number, actual: number | null) => ({
            ...prediction(v, game_id, game_date, 2025),
            player_id: "svc_nfl_p9",
            model_type: "projection" as const,
            probability: null,
            confidence_score: null,
            expected: 12.25,
            actual,
            week,
            projection: {
              points: { standard: 10.5, half_ppr: 12.25, ppr: 14 },
              interval_80: {
                standard: { low: 3.5, high: 19 },
                half_ppr: { low: 4, high: 21.5 },
                ppr: { low: 4.5, high: 24 }
              },
              actual_points: actual === null ? null : { standard: actual - 2, half_ppr: actual, ppr: actual + 2 }
            }
          })
          const rows = [projected("p2", "2025-09-14", 2, null), projected("p1", "2025-09-07", 1, 9.5)]
          yield* writer.record(v, rows)
          expect((yield* reader.versions({ sport: "nfl" })).find((x) => x.id === v.id)).toEqual(v)
          expect(yield* reader.predictions({ player_id: "svc_nfl_p9", limit: 5, model_type: "projection" })).toEqual(
            rows
          )
          expect(
            yield* reader.predictions({ player_id: "svc_nfl_p9", limit: 5, model_type: "projection", season: 2024 })
          )
            .toEqual([])
        }))
    })
  }
})

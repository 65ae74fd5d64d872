/**
 * The model registry end to end: the real server (test/http/harness.ts) over an in-memory store.
 * nfl: 14 QBs over six weeks of 2022-2024 with seeded noise for points; the training job
 * (ingest Models.trainModels) runs over the store as `sports-data models train` does, and the
 * model fails its pass rule: REJECTED, its card served only with status=all, no prediction served.
 * nba: ACTIVE confidence and heat versions with their predictions are recorded in the store (as
 * the job records them) to check how predictions are served. mlb pitcher_form trains on the
 * fixture cut of historical_ks.csv; nhl has no line in the store. Tiers, filters, 400 and 404.
 */
import { describe, expect, layer } from "@effect/vitest"
import { ModelRegistryWriter, type Models, SportsWriter, type StatLine } from "@sports-data/domain"
import { Models as Training } from "@sports-data/ingest"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { join } from "node:path"
import { lcg } from "../harness/random.js"
import { activeNbaConfidence, eventually, expectError, fixturesDir, get, ok, pprZero } from "./fixtures.js"
import { game, Harness, player, statLine as line } from "./harness.js"

const qbs = Array.from({ length: 14 }, (_, i) => player("nfl", `qb${i}`, `Passer ${i}`, "QB", i % 2 ? "KC" : "BUF"))
const rand = lcg(42)
const nflGames = [2022, 2023, 2024].flatMap((season) =>
  Array.from(
    { length: 6 },
    (_, w) => game("nfl", `${season}_0${w + 1}_KC_BUF`, season, w + 1, `${season}-09-1${w}`, "KC", "BUF", 20, 17)
  )
)
const nflLines: ReadonlyArray<StatLine> = nflGames.flatMap((g) =>
  qbs.map((qb) => line(qb, g, { ...pprZero, passing_yards: Math.round(rand() * 400) }, { game_id: `${g.id}_${qb.id}` }))
)

const guard = player("nba", "g1", "Model Guard", "G", "LAL")
const center = player("nba", "c1", "Model Center", "C", "BOS")
const active = activeNbaConfidence
const prediction = (game_id: string, game_date: string, season: number, p: number, actual: number) => ({
  model_id: active.id,
  sport: "nba" as const,
  player_id: guard.id,
  season,
  game_id,
  game_date,
  model_type: "confidence" as const,
  model_version: active.version,
  as_of: "2024-10-30",
  probability: p,
  confidence_score: Math.round(75 * p),
  heat_signal: null,
  expected: null,
  threshold: 31.5,
  actual
})

/** An ACTIVE nba heat version (as the job records one) with one prediction of the guard. */
const activeHeat: Models.ModelVersion = {
  ...active,
  id: "nba.heat.1.test",
  model_type: "heat",
  card: { ...active.card, target: "heat class of the predicted change vs the trailing-10 mean", coefficients: [0.1] }
}
const heatPrediction = {
  ...prediction("0022400150", "2024-11-08", 2024, 0, 22.1),
  model_id: activeHeat.id,
  model_type: "heat" as const,
  probability: null,
  confidence_score: null,
  heat_signal: "Hot" as const,
  expected: 29.9,
  threshold: 26.5
}

const mlbFixtures = join(fixturesDir, "mlb")

const seeded = Effect.gen(function*() {
  const h = yield* Harness
  yield* Effect.gen(function*() {
    const writer = yield* SportsWriter
    yield* writer.upsertPlayers([...qbs, guard, center])
    yield* writer.upsertGames(nflGames)
    yield* writer.upsertStatLines(nflLines)
    yield* Training.trainModels("nfl")
    yield* Training.trainModels("mlb", { dataDir: mlbFixtures })
    yield* Training.trainModels("nhl")
    yield* (yield* ModelRegistryWriter).record(activeHeat, [heatPrediction])
    yield* (yield* ModelRegistryWriter).record(active, [
      prediction("0022400100", "2024-11-01", 2024, 0.61, 35.2),
      prediction("0022400150", "2024-11-08", 2024, 0.4, 22.1),
      prediction("0022300900", "2024-03-01", 2023, 0.2, 12),
      { ...prediction("0022400101", "2024-11-02", 2024, 0.8, 44), player_id: center.id }
    ])
  }).pipe(Effect.provide(h.stores), Logger.withMinimumLogLevel(LogLevel.Error), Effect.orDie)
})

const TestLayer = Layer.effectDiscard(seeded).pipe(Layer.provideMerge(Harness.layer({ seed: false })))

describe("model registry endpoints", () => {
  layer(TestLayer, { excludeTestServices: true, timeout: 60_000 })((it) => {
    it.effect("metadata: ACTIVE cards by default; status=all adds the REJECTED ones with their measured results", () =>
      Effect.gen(function*() {
        const res = yield* ok("/v1/model/metadata")
        expect(res.data.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([active.id, activeHeat.id]))
        expect(res.data.every((c: { status: string }) => c.status === "ACTIVE")).toBe(true)
        expect(res.data.find((c: { id: string }) => c.id === active.id)).toMatchObject({
          sport: "nba",
          pass_rule: active.card.pass_rule
        })
        expect((yield* ok("/v1/model/metadata?sport=nba")).data.map((c: { id: string }) => c.id).sort()).toEqual([
          active.id,
          activeHeat.id
        ])
        const all = yield* ok("/v1/model/metadata?status=all")
        // a card for every model of the registry (issue 12's table)
        expect(all.data.map((c: { sport: string; model_type: string }) => `${c.sport} ${c.model_type}`).sort())
          .toEqual([
            "mlb confidence",
            "mlb pitcher_form",
            "nba confidence",
            "nba heat",
            "nfl confidence",
            "nfl confidence",
            "nfl heat",
            "nfl heat",
            "nfl projection",
            "nhl confidence"
          ])
        const card = (sport: string, type: string) =>
          all.data.find((c: { sport: string; model_type: string }) => c.sport === sport && c.model_type === type)
        // nfl confidence and heat: the current version (major 1) and the refit with the pre-kickoff
        // features (major 2), the same comparison table on both cards
        const versions = (type: string) =>
          all.data.filter((c: { sport: string; model_type: string }) => c.sport === "nfl" && c.model_type === type)
        for (const type of ["confidence", "heat"]) {
          const [one, two] = versions(type)
          expect([one.version.split(".")[0], two.version.split(".")[0]].sort()).toEqual(["1", "2"])
          expect(one.version_comparison).toEqual(two.version_comparison)
          expect(one.version_comparison.map((c: { major: number }) => c.major)).toEqual([1, 1, 2, 2])
        }
        const nfl = versions("confidence").find((c: { version: string }) => c.version.startsWith("1."))
        expect(nfl).toMatchObject({ status: "REJECTED", held_out_window: "nfl season 2024" })
        expect(nfl.training_window).toMatch(/^nfl seasons 2022-2023; 2022 games serve as history only/)
        expect(nfl.result.passed).toBe(false)
        expect(nfl.result.improvement_pct < 3 || nfl.result.calibration_error > 0.03).toBe(true)
        expect(nfl.result.observations_held_out).toBeGreaterThan(0)
        // the second window of the issue is on the card; the fixture has no 2025 game
        expect(nfl.additional_results).toEqual([{
          training_window: expect.stringMatching(/^nfl seasons 2022-2024/),
          held_out_window: "nfl season 2025 weeks 1-14",
          result: null
        }])
        const heat = card("nfl", "heat")
        expect(heat.metric).toMatch(/^Spearman rank correlation/)
        expect(heat.naive_baseline).toMatch(/^momentum_delta binned/)
        expect(heat.status).toBe(heat.result?.passed === true ? "ACTIVE" : "REJECTED")
        const mlb = card("mlb", "confidence")
        expect(mlb).toMatchObject({ status: "REJECTED", result: null })
        expect(mlb.note).toMatch(/no per-batter game lines/)
        const form = card("mlb", "pitcher_form")
        expect(form).toMatchObject({ metric: expect.stringMatching(/^mean absolute error/) })
        expect(form.result.observations_held_out).toBeGreaterThan(0)
        expect(form.status).toBe(form.result.improvement_pct >= 3 ? "ACTIVE" : "REJECTED")
        // no nhl line in the store: REJECTED, untrained, the note says so
        expect(card("nhl", "confidence")).toMatchObject({ status: "REJECTED", result: null })
        expect(card("nhl", "confidence").held_out_window).toMatch(/in-season hold-out/)
        expect(
          (yield* ok("/v1/model/metadata?status=all&sport=nfl")).data.map((c: { model_type: string }) => c.model_type)
            .sort()
        ).toEqual(["confidence", "confidence", "heat", "heat", "projection"])
        // no data directory, so no NFL.com benchmark: the pass rule cannot be checked, REJECTED
        expect(card("nfl", "projection")).toMatchObject({
          status: "REJECTED",
          result: null,
          held_out_window: "nfl 2024 weeks 1-17 and nfl 2025 weeks 1-14"
        })
        expect(card("nfl", "projection").note).toMatch(/^not validated: the NFL.com benchmark files/)
        expectError(yield* get("/v1/model/metadata?status=maybe"), 400, "INVALID_PARAMETER", "status")
      }))

    it.effect("a REJECTED model's fields are null end to end: no prediction is served for its players", () =>
      Effect.gen(function*() {
        const nfl = (yield* ok("/v1/model/metadata?status=all&sport=nfl")).data
        const activeTypes = nfl.filter((c: { status: string }) => c.status === "ACTIVE").map((
          c: { model_type: string }
        ) => c.model_type)
        const res = yield* ok("/v1/model/predictions/svc_nfl_qb3")
        expect(res.player_name).toBe("Passer 3")
        expect(res.data.filter((p: { model_type: string }) => !activeTypes.includes(p.model_type))).toEqual([])
        // the REJECTED current nfl confidence version (major 1) serves none; only an ACTIVE version does
        const activeVersions = nfl.filter((c: { status: string }) => c.status === "ACTIVE").map((
          c: { version: string }
        ) => c.version)
        const confidence = (yield* ok("/v1/model/predictions/svc_nfl_qb3?model_type=confidence")).data
        expect(confidence.filter((p: { model_version: string }) => p.model_version.startsWith("1."))).toEqual([])
        expect(confidence.every((p: { model_version: string }) => activeVersions.includes(p.model_version))).toBe(true)
      }))

    it.effect("heat_signal comes from an ACTIVE heat model's predictions, beside its expected points", () =>
      Effect.gen(function*() {
        const res = yield* ok("/v1/model/predictions/svc_nba_g1?model_type=heat")
        expect(res.data).toEqual([{
          game_id: "0022400150",
          game_date: "2024-11-08",
          season: 2024,
          week: null,
          model_type: "heat",
          model_version: "1.test",
          as_of: "2024-10-30",
          probability: null,
          confidence_score: null,
          heat_signal: "Hot",
          expected: 29.9,
          threshold: 26.5,
          actual: 22.1,
          projection: null
        }])
        // the confidence predictions of the same game carry no heat_signal
        const confidence = yield* ok("/v1/model/predictions/svc_nba_g1?model_type=confidence")
        expect(confidence.data.every((p: { heat_signal: unknown }) => p.heat_signal === null)).toBe(true)
      }))

    it.effect("predictions of an ACTIVE model: newest game first, outcome beside it, filters and limit", () =>
      Effect.gen(function*() {
        const res = yield* ok("/v1/model/predictions/svc_nba_g1?model_type=confidence")
        expect(res.data.map((p: { game_id: string }) => p.game_id)).toEqual(["0022400150", "0022400100", "0022300900"])
        expect(res.data[0]).toEqual({
          game_id: "0022400150",
          game_date: "2024-11-08",
          season: 2024,
          week: null,
          model_type: "confidence",
          model_version: "1.test",
          as_of: "2024-10-30",
          probability: 0.4,
          confidence_score: 30,
          heat_signal: null,
          expected: null,
          threshold: 31.5,
          actual: 22.1,
          projection: null
        })
        expect(
          (yield* ok("/v1/model/predictions/svc_nba_g1?season=2023")).data.map((p: { game_id: string }) => p.game_id)
        )
          .toEqual(["0022300900"])
        expect((yield* ok("/v1/model/predictions/svc_nba_g1?limit=1")).count).toBe(1)
        // without model_type, every ACTIVE model's predictions: the heat one of 0022400150 too
        expect((yield* ok("/v1/model/predictions/svc_nba_g1")).data.map((p: { model_type: string }) => p.model_type))
          .toEqual(expect.arrayContaining(["confidence", "heat"]))
        expect((yield* ok("/v1/model/predictions/svc_nba_g1?model_type=pitcher_form")).data).toEqual([])
      }))

    it.effect("nba confidence: each player's newest prediction, highest first; player and team filters; tier", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const res = yield* ok("/v1/nba/confidence")
        expect(res.data.map((r: { player_id: string }) => r.player_id)).toEqual(["svc_nba_c1", "svc_nba_g1"])
        expect(res.data[1]).toMatchObject({
          player_name: "Model Guard",
          team: "LAL",
          game_id: "0022400150",
          confidence_score: 30,
          probability: 0.4,
          model_version: "1.test"
        })
        expect(res.meta.coverage).not.toMatchObject({ available: false })
        expect((yield* ok("/v1/nba/confidence?player=guard")).data.map((r: { player_id: string }) => r.player_id))
          .toEqual(["svc_nba_g1"])
        expect((yield* ok("/v1/nba/confidence?team=BOS")).data.map((r: { player_id: string }) => r.player_id))
          .toEqual(["svc_nba_c1"])
        expect((yield* ok("/v1/nba/confidence?limit=1")).count).toBe(1)
        expectError(yield* get("/v1/nba/confidence?limit=500"), 400, "INVALID_PARAMETER", "limit")
        expectError(yield* get("/v1/nba/confidence", h.keys.growth), 403, "TIER_INSUFFICIENT")
      }))

    it.effect("predictions: 404 unknown player, 400 bad limit or model_type, pro_insights tier", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        expectError(yield* get("/v1/model/predictions/svc_nba_nobody"), 404, "RESOURCE_NOT_FOUND")
        expectError(yield* get("/v1/model/predictions/nonsense"), 404, "RESOURCE_NOT_FOUND")
        expectError(yield* get("/v1/model/predictions/svc_nba_g1?limit=0"), 400, "INVALID_PARAMETER", "limit")
        expectError(yield* get("/v1/model/predictions/svc_nba_g1?model_type=x"), 400, "INVALID_PARAMETER", "model_type")
        expectError(yield* get("/v1/model/predictions/svc_nba_g1", h.keys.growth), 403, "TIER_INSUFFICIENT")
        expectError(yield* get("/v1/model/metadata", h.keys.growth), 403, "TIER_INSUFFICIENT")
        expect((yield* get("/v1/model/metadata", h.keys.pro_insights)).status).toBe(200)
      }))

    it.effect("projection: the model block is null with no ACTIVE projection model, filled from an ACTIVE one's next game", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        // the trained nfl projection is REJECTED (no benchmark): no model block, no prediction
        const before = yield* ok("/v1/nfl/players/svc_nfl_qb3/projection")
        expect(before.data.model).toBeNull()
        expect(before.data.trailing_average).not.toBeNull()
        expect((yield* ok("/v1/model/predictions/svc_nfl_qb3?model_type=projection")).data).toEqual([])
        // an ACTIVE projection version with a played week and the next two games (as the job records them)
        const version: Models.ModelVersion = {
          ...active,
          id: "nfl.projection.1.test",
          sport: "nfl",
          model_type: "projection"
        }
        const row = (game_id: string, game_date: string, week: number, half: number, actual: number | null) => ({
          model_id: version.id,
          sport: "nfl" as const,
          player_id: "svc_nfl_qb3",
          season: 2025,
          game_id,
          game_date,
          model_type: "projection" as const,
          model_version: version.version,
          as_of: "2025-09-10",
          probability: null,
          confidence_score: null,
          heat_signal: null,
          expected: half,
          threshold: 14.2,
          actual: actual === null ? null : actual,
          week,
          projection: {
            points: { standard: half - 1, half_ppr: half, ppr: half + 1 },
            interval_80: {
              standard: { low: half - 6, high: half + 4 },
              half_ppr: { low: half - 6, high: half + 5 },
              ppr: { low: half - 6, high: half + 6 }
            },
            actual_points: actual === null ? null : { standard: actual, half_ppr: actual, ppr: actual }
          }
        })
        yield* Effect.flatMap(ModelRegistryWriter, (w) =>
          w.record(version, [
            row("2025_01_KC_BUF", "2025-09-07", 1, 15.5, 20.1),
            row("2025_02_KC_BUF", "2025-09-14", 2, 16.25, null),
            row("2025_03_KC_BUF", "2025-09-21", 3, 17, null)
          ])).pipe(Effect.provide(h.stores))
        const listed = yield* ok("/v1/model/predictions/svc_nfl_qb3?model_type=projection&season=2025")
        expect(listed.data.map((p: { week: number }) => p.week)).toEqual([3, 2, 1])
        expect(listed.data[2]).toMatchObject({
          game_id: "2025_01_KC_BUF",
          season: 2025,
          week: 1,
          as_of: "2025-09-10",
          expected: 15.5,
          actual: 20.1,
          projection: { points: { half_ppr: 15.5, ppr: 16.5 }, actual_points: { half_ppr: 20.1 } }
        })
        expect((yield* ok("/v1/model/predictions/svc_nfl_qb3?model_type=projection&season=2024")).data).toEqual([])
        // the block is the earliest game not yet played, the trailing average kept beside it (once
        // the server has read the data version the write moved)
        const after = yield* eventually(ok("/v1/nfl/players/svc_nfl_qb3/projection"), (b) => b.data.model !== null)
        expect(after.data.trailing_average).toBe(before.data.trailing_average)
        expect(after.data.model).toEqual({
          model_id: version.id,
          model_version: version.version,
          as_of: "2025-09-10",
          game_id: "2025_02_KC_BUF",
          game_date: "2025-09-14",
          season: 2025,
          week: 2,
          points: { standard: 15.25, half_ppr: 16.25, ppr: 17.25 },
          interval_80: {
            standard: { low: 10.25, high: 20.25 },
            half_ppr: { low: 10.25, high: 21.25 },
            ppr: { low: 10.25, high: 22.25 }
          }
        })
        // another player of the sport without a prediction: null
        expect((yield* ok("/v1/nfl/players/svc_nfl_qb4/projection")).data.model).toBeNull()
      }))

    it.effect("nba projection: FanDuel points listed by season with a null week; the block is the next unplayed game", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        expect((yield* ok("/v1/nba/players/svc_nba_g1/projection")).data.model).toBeNull()
        // an ACTIVE nba projection version (as the job records one): a played game and the next one
        const version: Models.ModelVersion = {
          ...active,
          id: "nba.projection.1.test",
          model_type: "projection"
        }
        const row = (game_id: string, game_date: string, points: number, actual: number | null) => ({
          model_id: version.id,
          sport: "nba" as const,
          player_id: guard.id,
          season: 2025,
          game_id,
          game_date,
          model_type: "projection" as const,
          model_version: version.version,
          as_of: "2026-04-10",
          probability: null,
          confidence_score: null,
          heat_signal: null,
          expected: points,
          threshold: 30.2,
          actual,
          week: null,
          projection: {
            points: { fanduel: points },
            interval_80: { fanduel: { low: points - 9, high: points + 11 } },
            actual_points: actual === null ? null : { fanduel: actual }
          }
        })
        yield* Effect.flatMap(ModelRegistryWriter, (w) =>
          w.record(version, [
            row("0022501200", "2026-04-11", 31.5, 40.1),
            row("0022501230", "2026-04-13", 32.25, null)
          ])).pipe(Effect.provide(h.stores))
        const listed = yield* ok("/v1/model/predictions/svc_nba_g1?model_type=projection&season=2025")
        expect(listed.data.map((p: { game_id: string }) => p.game_id)).toEqual(["0022501230", "0022501200"])
        expect(listed.data[1]).toMatchObject({
          season: 2025,
          week: null,
          as_of: "2026-04-10",
          expected: 31.5,
          actual: 40.1,
          projection: { points: { fanduel: 31.5 }, actual_points: { fanduel: 40.1 } }
        })
        const after = yield* eventually(ok("/v1/nba/players/svc_nba_g1/projection"), (b) => b.data.model !== null)
        expect(after.data.model).toMatchObject({
          model_id: version.id,
          game_id: "0022501230",
          week: null,
          points: { fanduel: 32.25 },
          interval_80: { fanduel: { low: 23.25, high: 43.25 } }
        })
      }))
  })
})

/**
 * The dossier feed, waiver articles, the signals batch and anomaly events end to end: the real
 * server over an in-memory store seeded with a small nfl season worked out by hand below, the
 * metrics and anomaly jobs run as after an ingest, and one ACTIVE nba confidence model.
 */
import { describe, expect, layer } from "@effect/vitest"
import {
  Anomaly as A,
  ModelRegistryWriter,
  ServiceEventReader,
  SportsWriter,
  type StatLine,
  type StoredSignal
} from "@sports-data/domain"
import { Anomaly, Metrics } from "@sports-data/ingest"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { activeNbaConfidence, expectError, get, ok, pprZero } from "./fixtures.js"
import { game, Harness, player, statLine as line } from "./harness.js"

const zero = pprZero
const weeks = [1, 2, 3, 4, 5, 6, 7, 8, 9]
const games = weeks.map((w) =>
  game("nfl", `2025_0${w}_KC_BUF`, 2025, w, `2025-09-${String(w + 4).padStart(2, "0")}`, "KC", "BUF", 20, 21)
)
// Two players named Sam Jones; the KC one has a breakout in week 9.
const samKc = player("nfl", "sj1", "Sam Jones", "WR", "KC")
const samBuf = player("nfl", "sj2", "Sam Jones", "RB", "BUF")
const steady = player("nfl", "st1", "Steady Eddie", "QB", "KC")
// an mlb player: the sport has projections but no alpha inputs
const pitcher = player("mlb", "p1", "Batch Pitcher", "SP", "NYY")

// samKc: weeks 1-8 ppr 5 + w (receptions 5, 10w yards) = 6..13; week 9: 5 + 30 = 35. snaps 80 every week.
const nflLines: ReadonlyArray<StatLine> = weeks.flatMap((w, i) => [
  line(samKc, games[i]!, {
    ...zero,
    snap_pct: 80,
    target_share: 0.25,
    receptions: 5,
    receiving_yards: w === 9 ? 300 : 10 * w
  }),
  line(samBuf, games[i]!, { ...zero, snap_pct: 50, rushing_yards: 50 }),
  line(steady, games[i]!, { ...zero, snap_pct: 100, target_share: 0, passing_yards: 250 + w })
])

const guard = player("nba", "g1", "Model Guard", "G", "LAL")
const active = activeNbaConfidence
const prediction = (game_id: string, game_date: string, p: number) => ({
  model_id: active.id,
  sport: "nba" as const,
  player_id: guard.id,
  season: 2024,
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
  actual: null
})
const signal = (id: number, p: typeof guard, sport: "nba" | "nfl"): StoredSignal => ({
  id,
  key: `test:${id}`,
  sport,
  player_id: p.id,
  player_name: p.full_name,
  team: p.team ?? "",
  position: p.position,
  signal_type: "injury_update",
  severity: "medium",
  title: `${p.full_name} questionable`,
  summary: "listed questionable",
  source: "test report",
  source_url: null,
  published_at: new Date("2025-09-12T12:00:00Z"),
  reported_at: null,
  effective_at: new Date("2025-09-12T12:00:00Z"),
  season: 2025,
  week: 9,
  details: {}
})

const runJobs = Effect.gen(function*() {
  yield* Metrics.recomputeMetrics("nfl")
  return yield* Anomaly.recomputeAnomalies("nfl")
})

const seeded = Effect.gen(function*() {
  const h = yield* Harness
  yield* Effect.gen(function*() {
    const writer = yield* SportsWriter
    yield* writer.upsertPlayers([samKc, samBuf, steady, guard, pitcher])
    yield* writer.upsertGames(games)
    yield* writer.upsertStatLines(nflLines)
    yield* writer.upsertSignals([signal(9001, guard, "nba"), signal(9002, samKc, "nfl")])
    yield* (yield* ModelRegistryWriter).record(active, [
      prediction("0022400100", "2024-11-01", 0.61),
      prediction("0022400150", "2024-11-08", 0.4)
    ])
    yield* runJobs
  }).pipe(Effect.provide(h.stores), Logger.withMinimumLogLevel(LogLevel.Error), Effect.orDie)
})

/** POST /v1/batch/signals with `ids` and the pro_insights key. */
const postBatch = (ids: ReadonlyArray<string>) =>
  Effect.flatMap(Harness, (h) =>
    h.request("POST", "/v1/batch/signals", {
      key: h.keys.pro_insights,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ids })
    }))

const TestLayer = Layer.effectDiscard(seeded).pipe(Layer.provideMerge(Harness.layer({ seed: false })))

describe("dossier feed", () => {
  layer(TestLayer, { excludeTestServices: true, timeout: 60_000 })((it) => {
    it.effect("an ambiguous name answers 400 listing the candidates; team or id picks one", () =>
      Effect.gen(function*() {
        const body = expectError(yield* get("/v1/feed?player=Sam%20Jones"), 400, "INVALID_PARAMETER", "player")
        expect(body.reason).toContain("svc_nfl_sj1 (Sam Jones, KC, nfl)")
        expect(body.reason).toContain("svc_nfl_sj2 (Sam Jones, BUF, nfl)")
        expect((yield* ok("/v1/feed?player=sam%20jones&team=KC")).data.playcaller_id).toBe("svc_nfl_sj1")
        expect((yield* ok("/v1/feed?player=svc_nfl_sj2")).data).toMatchObject({ player_name: "Sam Jones", team: "BUF" })
        expectError(yield* get("/v1/feed?player=Nobody%20Here"), 404, "RESOURCE_NOT_FOUND")
        // a cfb team is its CFBD id: taken as a team, not refused as a malformed abbreviation
        expectError(yield* get("/v1/feed?player=Nobody%20Here&sport=cfb&team=2335"), 404, "RESOURCE_NOT_FOUND")
        expectError(yield* get("/v1/feed?player=Nobody%20Here&team=K%20C"), 400, "INVALID_PARAMETER", "team")
        expectError(yield* get("/v1/feed"), 400, "INVALID_PARAMETER", "player")
      }))

    it.effect("a name naming one player of another team ignores the team with a warning; two such players answer 400", () =>
      Effect.gen(function*() {
        const traded = yield* ok("/v1/feed?player=Steady%20Eddie&team=BUF")
        expect(traded.data).toMatchObject({ player_id: "svc_nfl_st1", team: "KC" })
        expect(traded.warnings).toEqual([expect.stringContaining("team BUF ignored")])
        expect((yield* ok("/v1/feed?player=Steady%20Eddie&team=KC")).warnings).toBeUndefined()
        const body = expectError(yield* get("/v1/feed?player=Sam%20Jones&team=NYJ"), 400, "INVALID_PARAMETER", "player")
        expect(body.reason).toContain("svc_nfl_sj1")
        expect(body.reason).toContain("svc_nfl_sj2")
      }))

    it.effect("/v1/players/compare resolves names as the feed does: one resolver (issue 24)", () =>
      Effect.gen(function*() {
        // an ambiguous name is a 400 on the parameter that carried it, listing the candidates, not the first match
        const both = expectError(
          yield* get("/v1/players/compare?player1=Sam%20Jones&player2=Steady"),
          400,
          "INVALID_PARAMETER",
          "player1"
        )
        expect(both.reason).toContain("svc_nfl_sj1 (Sam Jones, KC, nfl)")
        expect(both.reason).toContain("svc_nfl_sj2 (Sam Jones, BUF, nfl)")
        const feed = expectError(yield* get("/v1/feed?player=Sam%20Jones"), 400, "INVALID_PARAMETER", "player")
        expect(both.reason).toBe(feed.reason.replace("give team, sport", "give sport"))
        // with the sport given, only a fuller name or an id can narrow it
        const withSport = expectError(
          yield* get("/v1/players/compare?player1=Sam%20Jones&player2=Steady&sport=nfl"),
          400,
          "INVALID_PARAMETER",
          "player1"
        )
        expect(withSport.reason).toContain("give the full name or a canonical id")
        const partial = expectError(
          yield* get("/v1/players/compare?player1=Steady&player2=Jones"),
          400,
          "INVALID_PARAMETER",
          "player2"
        )
        expect(partial.reason).toContain("2 players match")
        // a partial name one player has resolves; an id picks one of two namesakes
        const res = yield* ok("/v1/players/compare?player1=steady&player2=svc_nfl_sj2")
        expect(res.data.map((r: any) => r.player.player_id)).toEqual(["svc_nfl_st1", "svc_nfl_sj2"])
        expectError(yield* get("/v1/players/compare?player1=Nobody%20Here&player2=Steady"), 404, "RESOURCE_NOT_FOUND")
      }))

    it.effect("batch: a sport without alpha inputs (mlb) answers alpha null beside its projection", () =>
      Effect.gen(function*() {
        const batch = yield* postBatch(["svc_mlb_p1"])
        expect(batch.status).toBe(200)
        expect(batch.body.data[0]).toMatchObject({ player_id: "svc_mlb_p1", alpha: null })
        expect(batch.body.data[0].projection).toMatchObject({ player_id: "svc_mlb_p1", games_used: 0 })
      }))

    it.effect("no ACTIVE nfl model: confidence_score, heat_signal and model_version are null", () =>
      Effect.gen(function*() {
        const d = (yield* ok("/v1/feed?player=svc_nfl_sj1")).data
        expect(d).toMatchObject({ confidence_score: null, heat_signal: null })
        expect(d._audit.model_version).toBeNull()
        expect(d.signals).toHaveLength(1)
        expect(d.signals[0]).toMatchObject({ source: "test report", weight: null, confidence_score: null })
      }))

    it.effect("the ACTIVE nba confidence model feeds the dossier, the Signal rows and the batch", () =>
      Effect.gen(function*() {
        const d = (yield* ok("/v1/feed?player=svc_nba_g1")).data
        // newest prediction (2024-11-08): round(75 x 0.4) = 30
        expect(d.confidence_score).toBe(30)
        expect(d._audit.model_version).toBe(active.id)
        // no stat line, so no stored metrics to check a sentence against: no synthesis
        expect(d.synthesis).toBeNull()
        expect(d._audit.signals_validated).toBe(false)
        const news = yield* ok("/v1/nba/players/svc_nba_g1/news")
        expect(news.data[0].confidence_score).toBe(30)
        const batch = yield* postBatch(["svc_nba_g1", "svc_nfl_sj1", "svc_nfl_nobody"])
        expect(batch.status).toBe(200)
        expect(batch.body.not_found).toEqual(["svc_nfl_nobody"])
        expect(batch.body.data[0]).toMatchObject({ player_id: "svc_nba_g1", confidence_score: 30 })
        // sj1: momentum (35+13+12)/3 - (11+10+9)/3 = 10; trailing 10 = his 9 games: (6+...+13 = 76, +35)/9 = 12.33
        expect(batch.body.data[1]).toMatchObject({ player_id: "svc_nfl_sj1", confidence_score: null })
        expect(batch.body.data[1].alpha).toMatchObject({ momentum_delta: 10, sample_size: 8 })
        expect(batch.body.data[1].projection).toMatchObject({ trailing_average: 12.33, games_used: 9 })
      }))

    it.effect("the synthesis states the stored figures, each equal to the value the store serves", () =>
      Effect.gen(function*() {
        const d = (yield* ok("/v1/feed?player=svc_nfl_sj1")).data
        // window weeks 2-9: (7+8+...+13+35)/8 = 13.125 -> 13.13; momentum 10; snaps all 80 -> consistency 100;
        // anomaly: previous 8 games 6..13, median 9.5, MAD 2, z = 25.5 / 2.9652 = 8.5998 -> 100z/(z+1.5) = 85.1
        expect(d.synthesis).toBe(
          "Sam Jones has averaged 13.13 fantasy points over his last 8 games, momentum_delta +10, " +
            "consistency_score 100; his newest game scored 35 fantasy points (anomaly_score 85.1)."
        )
        expect(d._audit.signals_validated).toBe(true)
        const alpha = (yield* ok("/v1/nfl/players/svc_nfl_sj1/alpha")).data
        const figure = (name: string) => d.synthesis_figures.find((f: { name: string }) => f.name === name)?.value
        expect(figure("momentum_delta")).toBe(alpha.momentum_delta)
        expect(figure("consistency_score")).toBe(alpha.consistency_score)
        expect(figure("sample_size")).toBe(alpha.sample_size)
        expect(figure("anomaly_score")).toBe(85.1)
        expect(d._audit.observations_used).toBe(8 + 1)
      }))

    it.effect("anomaly.detected is written once for the breakout game, however often the job runs", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const again = yield* runJobs.pipe(Effect.provide(h.stores), Logger.withMinimumLogLevel(LogLevel.Error))
        expect(again.events).toBe(0)
        const events = yield* Effect.flatMap(ServiceEventReader, (r) => r.after(0, 1000)).pipe(Effect.provide(h.stores))
        const anomalies = events.filter((e) => e.name === "anomaly.detected")
        expect(anomalies).toHaveLength(1)
        expect(anomalies[0]!.payload).toMatchObject({ player: "Sam Jones", team: "KC", anomaly_score: 85.1 })
        expect(anomalies[0]!.payload["anomaly_score"]).toBeGreaterThanOrEqual(A.ANOMALY_THRESHOLD)
      }))

    it.effect("waiver articles: every number in the text is listed in signals_used", () =>
      Effect.gen(function*() {
        const res = yield* ok("/v1/articles/waiver?sport=nfl")
        expect(res.week).toBe(9)
        expect(res.data.length).toBeGreaterThan(0)
        for (const article of res.data) {
          const used = new Set(article.signals_used.map((f: { value: number }) => f.value))
          const numbers = `${article.title} ${article.content}`.match(/[+-]?\d+(\.\d+)?/g) ?? []
          expect(numbers.length).toBeGreaterThan(0)
          for (const n of numbers) expect(used.has(Number(n)), `${n} in ${article.content}`).toBe(true)
        }
        expect(res.data[0]).toMatchObject({ player_id: "svc_nfl_sj1", sport: "nfl", week: 9 })
        // a receiver's article names his opportunity_ceiling (target share); a quarterback's, 0 by construction, does not
        const names = (a: any) => a.signals_used.map((f: { name: string }) => f.name)
        expect(names(res.data[0])).toContain("opportunity_ceiling")
        const qb = res.data.find((a: any) => a.player_id === "svc_nfl_st1")
        expect(qb, JSON.stringify(res.data.map((a: any) => a.player_id))).toBeDefined()
        expect(names(qb)).not.toContain("opportunity_ceiling")
        expect(qb.content).not.toContain("opportunity_ceiling")
        expect((yield* ok("/v1/articles/waiver?sport=nfl&week=3")).data).toEqual([])
        const mlb = yield* ok("/v1/articles/waiver?sport=mlb")
        expect(mlb.meta.coverage.available).toBe(false)
        expectError(yield* get("/v1/articles/waiver"), 400, "INVALID_PARAMETER", "sport")
      }))

    it.effect("the signals batch takes at most 50 ids", () =>
      Effect.gen(function*() {
        const ids = Array.from({ length: 51 }, (_, i) => `svc_nfl_x${i}`)
        expectError(yield* postBatch(ids), 400, "INVALID_PARAMETER")
        const fifty = yield* postBatch(ids.slice(0, 50))
        expect(fifty.status).toBe(200)
        expect(fifty.body.not_found).toHaveLength(50)
      }))

    it.effect("pro_insights gets 60 feed calls a minute, then 429; syndicate_alpha is not capped", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        for (let i = 0; i < 60; i++) {
          const res = yield* get("/v1/feed?player=svc_nfl_st1", h.keys.pro_insights)
          expect(res.status).toBe(200)
        }
        const refused = yield* get("/v1/feed?player=svc_nfl_st1", h.keys.pro_insights)
        expectError(refused, 429, "RATE_LIMIT_EXCEEDED")
        expect(refused.body.limit_per_minute).toBe(60)
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
        // other endpoints of the same key are not capped by the feed's counter
        expect((yield* get("/v1/nfl/players/svc_nfl_st1/alpha", h.keys.pro_insights)).status).toBe(200)
        for (let i = 0; i < 61; i++) {
          expect((yield* get("/v1/feed?player=svc_nfl_st1", h.keys.syndicate_alpha)).status).toBe(200)
        }
      }))
  })
})

/**
 * Analytics end to end: the real server (test/http/harness.ts) over an in-memory store seeded
 * with small nfl, nba and mlb seasons whose alpha metrics, similarities, trends, filters,
 * projections and waiver order are worked out by hand below; the metrics job (ingest
 * Metrics.recomputeMetrics) runs over the store as it does after an ingest. Every endpoint, its
 * filters, tiers and error paths.
 */
import { describe, expect, layer } from "@effect/vitest"
import { type InjuryReport, SportsWriter, type StatLine } from "@sports-data/domain"
import { Metrics } from "@sports-data/ingest"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { expectError, get, ok, pprZero } from "./fixtures.js"
import { game, Harness, player, statLine as line } from "./harness.js"

// nfl 2025, weeks 1..8, one game a week: KC at BUF.
const weeks = [1, 2, 3, 4, 5, 6, 7, 8]
const games = weeks.map((w) =>
  game("nfl", `2025_0${w}_KC_BUF`, 2025, w, `2025-09-${String(w + 4).padStart(2, "0")}`, "KC", "BUF", 20, 21)
)

const wr1 = player("nfl", "wr1", "Alpha Receiver", "WR", "KC")
const wr2 = player("nfl", "wr2", "Beta Receiver", "WR", "BUF", { status: "injured" })
const wr3 = player("nfl", "wr3", "Delta Receiver", "WR", "KC")
const rb1 = player("nfl", "rb1", "Gamma Runner", "RB", "KC")
const qb1 = player("nfl", "qb1", "Omega Passer", "QB", "KC")
const idle = player("nfl", "idle", "Idle Backup", "QB", "KC")

const zero = pprZero

const nflLines: ReadonlyArray<StatLine> = weeks.flatMap((w, i) => {
  const g = games[i]!
  const statLine = (p: typeof wr1, g: (typeof games)[number], stats: Record<string, number>) =>
    line(p, g, { ...zero, ...stats })
  return [
    // wr1: snaps alternate 90 / 80; ppr = 5 receptions + 0.1 x 10w yards = 5 + w; target share w %
    statLine(wr1, g, {
      snap_pct: 85 + 5 * (-1) ** w,
      target_share: w / 100,
      receptions: 5,
      receiving_yards: 10 * w,
      rushing_yards: 0
    }),
    // wr2: ppr = 6 + (10w + 5) / 10 = 6.5 + w; target share (w + 2) %
    statLine(wr2, g, {
      snap_pct: 88,
      target_share: (w + 2) / 100,
      receptions: 6,
      receiving_yards: 10 * w + 5,
      rushing_yards: 0
    }),
    // rb1: ppr = 8 + 1 + 1 = 10 every week
    statLine(rb1, g, { snap_pct: 60, target_share: 0.02, rushing_yards: 80, receptions: 1, receiving_yards: 10 }),
    // qb1: ppr = 0.04 x 250 + 0.1 x 20 = 12 every week
    statLine(qb1, g, { snap_pct: 100, passing_yards: 250, rushing_yards: 20 }),
    // wr3 plays weeks 6..8 only: ppr = 2 + 2 = 4
    ...(w >= 6
      ? [statLine(wr3, g, { snap_pct: 40, target_share: 0.03, receptions: 2, receiving_yards: 20, rushing_yards: 0 })]
      : [])
  ]
})

// wr1's last game of 2024 (week 17): ppr 5 + 4.5 = 9.5, his 2025 average; older than his 2025 window
const lastSeason = game("nfl", "2024_17_KC_BUF", 2024, 17, "2024-12-29", "KC", "BUF", 10, 17)
const wr1LastSeason = line(wr1, lastSeason, { ...zero, snap_pct: 10, receptions: 5, receiving_yards: 45 })

const wr2Report: InjuryReport = {
  id: "2025:8:wr2",
  sport: "nfl",
  player_id: wr2.id,
  season: 2025,
  week: 8,
  team: "BUF",
  report_status: "Questionable",
  practice_status: "Limited Participation in Practice",
  primary_injury: "Hamstring",
  secondary_injury: null,
  reported_at: null
}

// nba: A plays 36 minutes with 20 FGA, 10 FTA, 5 TOV; B the other 204 team minutes, 70 FGA, 15 FTA, 10 TOV.
const nbaA = player("nba", "a", "Usage Guard", "PG", "LAL")
const nbaB = player("nba", "b", "Role Forward", "SF", "LAL")
const nbaGames = [1, 2, 3].map((d) => game("nba", `00225000${d}`, 2025, null, `2025-10-2${d}`, "LAL", "BOS", 100, 101))
const nbaZero = { points: 0, rebounds: 0, assists: 0, steals: 0, blocks: 0, turnovers: 0 }
const nbaLines = nbaGames.flatMap((g) => [
  line(nbaA, g, {
    ...nbaZero,
    minutes_played: 36,
    field_goals_attempted: 20,
    free_throws_attempted: 10,
    turnovers: 5,
    points: 30
  }),
  line(nbaB, g, {
    ...nbaZero,
    minutes_played: 204,
    field_goals_attempted: 70,
    free_throws_attempted: 15,
    turnovers: 10,
    points: 60
  })
])

const hitter = player("mlb", "h1", "Contact Hitter", "OF", "NYY")
const mlbGame = game("mlb", "776001", 2025, null, "2025-04-01", "NYY", "BOS", 5, 3)
const mlbLine = line(hitter, mlbGame, { batting_ab: 4, batting_pa: 4, batting_h: 2, batting_1b: 2, batting_r: 1 })

const seeded = Effect.gen(function*() {
  const h = yield* Harness
  yield* Effect.gen(function*() {
    const writer = yield* SportsWriter
    yield* writer.upsertPlayers([wr1, wr2, wr3, rb1, qb1, idle, nbaA, nbaB, hitter])
    yield* writer.upsertGames([...games, lastSeason, ...nbaGames, mlbGame])
    yield* writer.upsertStatLines([...nflLines, wr1LastSeason, ...nbaLines, mlbLine])
    yield* writer.upsertInjuries([wr2Report])
    for (const sport of ["nfl", "nba", "mlb", "nhl"] as const) yield* Metrics.recomputeMetrics(sport)
  }).pipe(Effect.provide(h.stores), Logger.withMinimumLogLevel(LogLevel.Error), Effect.orDie)
})

const TestLayer = Layer.effectDiscard(seeded).pipe(Layer.provideMerge(Harness.layer({ seed: false })))

describe("analytics endpoints", () => {
  layer(TestLayer, { excludeTestServices: true, timeout: 60_000 })((it) => {
    it.effect("alpha: stored metrics of the last 8 games, exactly as the specification defines them", () =>
      Effect.gen(function*() {
        const res = yield* ok("/v1/nfl/players/svc_nfl_wr1/alpha")
        // snaps 80/90: mean 85, sd 5 -> 100 x (1 - 5 / 85) = 94.12; momentum (13+12+11)/3 - (10+9+8)/3 = 3;
        // target shares 1..8 %: 90th percentile = 7 + 0.3 = 7.3
        expect(res.data).toMatchObject({
          player_id: "svc_nfl_wr1",
          sport: "nfl",
          player_name: "Alpha Receiver",
          consistency_score: 94.12,
          momentum_delta: 3,
          opportunity_ceiling: 7.3,
          sample_size: 8,
          season: 2025,
          last_game_date: "2025-09-12"
        })
        expect(res.data.week_computed).toMatch(/^\d{4}-W\d{2}$/)
        // wr3 has 3 games: no momentum
        expect((yield* ok("/v1/nfl/players/svc_nfl_wr3/alpha")).data).toMatchObject({
          sample_size: 3,
          momentum_delta: null
        })
        // a player without lines: nothing computed
        expect((yield* ok("/v1/nfl/players/svc_nfl_idle/alpha")).data).toMatchObject({
          sample_size: 0,
          consistency_score: null,
          week_computed: null
        })
        // nba: 36 of 240 team minutes; usage 100 x 29.4 x 48 / (36 x 116) = 33.79 in every game
        expect((yield* ok("/v1/nba/players/svc_nba_a/alpha")).data).toMatchObject({
          consistency_score: 100,
          opportunity_ceiling: 33.79,
          sample_size: 3
        })
      }))

    it.effect("alpha: mlb says why it has none; 404 unknown player; 400 sport; pro_insights", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const mlb = yield* ok("/v1/mlb/players/svc_mlb_h1/alpha")
        expect(mlb.data).toMatchObject({ consistency_score: null, sample_size: 1 })
        expect(mlb.meta.coverage).toMatchObject({ available: false })
        expectError(yield* get("/v1/nfl/players/svc_nfl_nobody/alpha"), 404, "RESOURCE_NOT_FOUND")
        expectError(yield* get("/v1/nba/players/svc_nfl_wr1/alpha"), 404, "RESOURCE_NOT_FOUND")
        expectError(yield* get("/v1/cfb/players/svc_cfb_1/alpha"), 400, "INVALID_PARAMETER", "sport")
        expectError(yield* get("/v1/nfl/players/svc_nfl_wr1/alpha", h.keys.growth), 403, "TIER_INSUFFICIENT")
      }))

    it.effect("similar: the other receiver first, cosine order, thin samples left out, the method stated", () =>
      Effect.gen(function*() {
        const res = yield* ok("/v1/players/similar/svc_nfl_wr1?sport=nfl")
        const ids = res.data.map((r: any) => r.playcaller_id)
        expect(ids[0]).toBe("svc_nfl_wr2")
        expect(res.data[0]).toMatchObject({ name: "Beta Receiver", position: "WR", team: "BUF" })
        expect(ids).not.toContain("svc_nfl_wr1")
        expect(ids).not.toContain("svc_nfl_wr3") // 3 games < 4
        const scores = res.data.map((r: any) => r.similarity_score)
        expect(scores).toEqual([...scores].sort((a, b) => b - a))
        expect(res.method).toMatchObject({
          metric: "cosine",
          standardised: "z-score per dimension over the compared players",
          season: 2025,
          players_compared: 3,
          min_sample_size: 4,
          window_games: 8
        })
        expect(res.method.dimensions).toHaveLength(8)
        expect((yield* ok("/v1/players/similar/svc_nfl_wr1?sport=nfl&limit=1")).data).toHaveLength(1)
      }))

    it.effect("similar: 400 without sport or over 25; 404 unknown; pro_insights", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        expectError(yield* get("/v1/players/similar/svc_nfl_wr1"), 400, "INVALID_PARAMETER", "sport")
        expectError(yield* get("/v1/players/similar/svc_nfl_wr1?sport=nhl"), 400, "INVALID_PARAMETER", "sport")
        expectError(yield* get("/v1/players/similar/svc_nfl_wr1?sport=nfl&limit=26"), 400, "INVALID_PARAMETER", "limit")
        expectError(yield* get("/v1/players/similar/svc_nfl_zzz?sport=nfl"), 404, "RESOURCE_NOT_FOUND")
        expectError(yield* get("/v1/players/similar/svc_nfl_wr1?sport=nfl", h.keys.growth), 403, "TIER_INSUFFICIENT")
        // a player with no stat line has no vector: empty data
        expect((yield* ok("/v1/players/similar/svc_nfl_idle?sport=nfl")).data).toEqual([])
      }))

    it.effect("trends: one HistoricalTrend per player, highest average first; filters; both paths", () =>
      Effect.gen(function*() {
        // a named player: his whole history, both seasons
        const res = yield* ok("/analytics/trends?sport=nfl&player_name=RECEIVER")
        expect(res).toMatchObject({ success: true, endpoint: "/analytics/trends", sport: "nfl", seasons: [2024, 2025] })
        // 9 + 8 + 3 receiver lines; averages wr2 6.5 + 4.5 = 11, wr1 (8 x 9.5 + 9.5) / 9 = 9.5, wr3 4
        expect(res.total_records).toBe(20)
        expect(res.trends.map((t: any) => [t.player_name, t.games_in_sample, t.avg_fantasy_points])).toEqual([
          ["Beta Receiver", 8, 11],
          ["Alpha Receiver", 9, 9.5],
          ["Delta Receiver", 3, 4]
        ])
        const alpha = res.trends[1]
        expect(alpha.recent_game).toMatchObject({ week: 8, fantasy_points: "13.00", snap_pct: 90, game_date: null })
        // his newest 5 games (the default games_limit) of the 9 counted
        expect(alpha.all_games.map((g: any) => g.week)).toEqual([8, 7, 6, 5, 4])
        // no name: the latest season only
        expect((yield* ok("/analytics/trends?sport=nfl&position=WR")).seasons).toEqual([2025])
        const v1 = yield* ok("/v1/analytics/trends?sport=nfl&week=8&position=WR&team=KC")
        expect(v1.endpoint).toBe("/v1/analytics/trends")
        expect(v1.trends.map((t: any) => t.player_name).sort()).toEqual(["Alpha Receiver", "Delta Receiver"])
        expect(v1.total_records).toBe(2)
        expect((yield* ok("/analytics/trends?sport=nfl&limit=1")).trends).toHaveLength(1)
        expect((yield* ok("/analytics/trends?sport=nfl&season=2019")).trends).toEqual([])
        const all = yield* ok("/analytics/trends?sport=all&limit=500")
        expect(new Set(all.trends.map((t: any) => t.sport))).toEqual(new Set(["nfl", "nba", "mlb"]))
        const mlb = all.trends.find((t: any) => t.sport === "mlb")
        expect(mlb.recent_game).toMatchObject({ week: null, game_date: "2025-04-01T00:00:00.000Z", batting_h: 2 })
        expectError(yield* get("/analytics/trends?week=19"), 400, "INVALID_PARAMETER", "week")
        expectError(yield* get("/analytics/trends?limit=501"), 400, "INVALID_PARAMETER", "limit")
        expectError(yield* get("/analytics/trends?sport=cfb"), 400, "INVALID_PARAMETER", "sport")
      }))

    it.effect("trends are bounded: limit players, each with his newest games_limit games; sample and mean over all", () =>
      Effect.gen(function*() {
        const whole = yield* ok("/analytics/trends?sport=nfl&player_name=RECEIVER&games_limit=100")
        expect(whole.trends.some((t: any) => t.games_in_sample > 3)).toBe(true)
        for (const t of whole.trends) expect(t.all_games).toHaveLength(t.games_in_sample)
        const cut = yield* ok("/analytics/trends?sport=nfl&player_name=RECEIVER&games_limit=3&limit=2")
        expect(cut.trends).toHaveLength(2)
        expect(cut.total_records).toBe(whole.total_records)
        cut.trends.forEach((t: any, i: number) => {
          const full = whole.trends[i]
          expect(t.all_games).toEqual(full.all_games.slice(0, 3))
          expect([t.player_id, t.games_in_sample, t.avg_fantasy_points, t.recent_game]).toEqual([
            full.player_id,
            full.games_in_sample,
            full.avg_fantasy_points,
            full.recent_game
          ])
        })
        // the default keeps 5 games a trend at most
        const all = yield* ok("/analytics/trends?sport=all&limit=500")
        expect(all.trends.some((t: any) => t.games_in_sample > 5)).toBe(true)
        for (const t of all.trends) expect(t.all_games).toHaveLength(Math.min(5, t.games_in_sample))
        for (const bad of ["games_limit=0", "games_limit=101"]) {
          expectError(yield* get(`/analytics/trends?${bad}`), 400, "INVALID_PARAMETER", "games_limit")
        }
      }))

    it.effect("games history: HistoricalGameRecord rows newest first, player or player_name, limit", () =>
      Effect.gen(function*() {
        const res = yield* ok("/v1/nfl/games/history?player=alpha&limit=3")
        expect(res.total).toBe(9)
        expect(res.seasons).toEqual([2024, 2025])
        expect(res.data.map((r: any) => r.week)).toEqual([8, 7, 6])
        expect(res.data[0]).toMatchObject({
          sport_key: "nfl",
          player_name: "Alpha Receiver",
          team: "KC",
          position: "WR",
          opponent: "BUF",
          fantasy_points: "13.00",
          receptions: 5,
          receiving_yards: 80,
          target_share: 0.08,
          batting_h: null
        })
        expect(Number.isInteger(res.data[0].id)).toBe(true)
        expect((yield* ok("/v1/nfl/games/history?player_name=beta")).data).toHaveLength(8)
        const old = yield* ok("/v1/nfl/games/history?player=alpha&season=2024")
        expect(old.data.map((r: any) => [r.season, r.week, r.fantasy_points])).toEqual([[2024, 17, "9.50"]])
        // no player: every line of the latest season, newest first
        const season = yield* ok("/v1/nfl/games/history?limit=500")
        expect(season).toMatchObject({ total: 8 * 4 + 3, seasons: [2025] })
        expect((yield* ok("/v1/nba/games/history?team=LAL")).total).toBe(6)
        expectError(yield* get("/v1/nhl/games/history"), 400, "INVALID_PARAMETER", "sport")
      }))

    it.effect("filter: snap share, target share and fantasy point ranges over the last 8 games; growth", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const names = (body: any) => body.data.map((r: any) => r.name)
        // mean target share: wr1 4.5 %, wr2 6.5 %, rb 2 %, wr3 3 %
        expect(names(yield* ok("/v1/players/filter?sport=nfl&min_target_share=0.05"))).toEqual(["Beta Receiver"])
        expect(names(yield* ok("/v1/players/filter?min_snap_pct=95"))).toEqual(["Omega Passer"])
        // averages: qb 12, wr2 11, rb 10, wr1 9.5, wr3 4
        expect(names(yield* ok("/v1/players/filter?sport=nfl&min_fantasy_pts=9.5&max_fantasy_pts=11"))).toEqual([
          "Beta Receiver",
          "Gamma Runner",
          "Alpha Receiver"
        ])
        const wr = yield* ok("/v1/players/filter?sport=nfl&position=WR&team=KC")
        expect(wr.data).toEqual([
          expect.objectContaining({
            name: "Alpha Receiver",
            games: 8,
            snap_pct: 85,
            target_share: 0.045,
            avg_fantasy_points: 9.5
          }),
          expect.objectContaining({ name: "Delta Receiver", games: 3, snap_pct: 40 })
        ])
        expect(wr.season).toBe(2025)
        // a team is the sport's team key: a cfb CFBD id and a soccer slug are taken, not refused
        const cfb = yield* get("/v1/players/filter?sport=cfb&team=2633")
        expect(cfb.status).toBe(200)
        expect((yield* get("/v1/players/filter?sport=soccer&team=bayern-munich")).status).toBe(200)
        expectError(yield* get("/v1/players/filter?team=K%20C"), 400, "INVALID_PARAMETER", "team")
        expectError(yield* get("/v1/players/filter?min_target_share=5"), 400, "INVALID_PARAMETER", "min_target_share")
        expectError(yield* get("/v1/players/filter?min_snap_pct=abc"), 400, "INVALID_PARAMETER", "min_snap_pct")
        expectError(yield* get("/v1/players/filter", h.keys.build), 403, "TIER_INSUFFICIENT")
      }))

    it.effect("projection: trailing average, labelled not a prediction, with the injury overlay", () =>
      Effect.gen(function*() {
        const wr1p = (yield* ok("/v1/nfl/players/svc_nfl_wr1/projection?weeks=2")).data
        expect(wr1p).toMatchObject({
          scoring: "ppr",
          is_prediction: false,
          // his 9 games (8 of 2025, 1 of 2024: fewer than 10 held): (8 x 9.5 + 9.5) / 9
          games_used: 9,
          trailing_average: 9.5,
          injury: { source: "none", availability: 1 },
          weeks: [{ week_offset: 1, projected_points: 9.5 }, { week_offset: 2, projected_points: 9.5 }]
        })
        expect(wr1p.method).toContain("not a predictive model")
        // standard: 0.1 x 10w yards = w, and 4.5 in 2024 -> (36 + 4.5) / 9 = 4.5
        expect((yield* ok("/v1/nfl/players/svc_nfl_wr1/projection?scoring=standard")).data.trailing_average).toBe(4.5)
        // wr2: Questionable in week 8 (his newest game) -> 50 % (NFL definitions) on the next game only
        const wr2p = (yield* ok("/v1/nfl/players/svc_nfl_wr2/projection?weeks=2")).data
        expect(wr2p.injury).toEqual({ status: "Questionable", source: "injury_report", availability: 0.5 })
        expect(wr2p.weeks).toEqual([{ week_offset: 1, projected_points: 5.5 }, {
          week_offset: 2,
          projected_points: 11
        }])
        expectError(
          yield* get("/v1/nfl/players/svc_nfl_wr1/projection?scoring=fanduel"),
          400,
          "INVALID_PARAMETER",
          "scoring"
        )
        expectError(yield* get("/v1/nfl/players/svc_nfl_wr1/projection?weeks=0"), 400, "INVALID_PARAMETER", "weeks")
        expectError(yield* get("/v1/nhl/players/svc_nhl_1/projection"), 400, "INVALID_PARAMETER", "sport")
        expectError(yield* get("/v1/nfl/players/svc_nfl_none/projection"), 404, "RESOURCE_NOT_FOUND")
      }))

    it.effect("waiver priority: rising players by momentum, ties by average; exclude_injured; position", () =>
      Effect.gen(function*() {
        const ids = (body: any) => body.data.map((r: any) => r.player_id)
        // wr1 and wr2 both +3; wr2 averages more. rb and qb are flat (0), wr3 has no momentum.
        const all = yield* ok("/v1/nfl/waiver-priority")
        expect(ids(all)).toEqual(["svc_nfl_wr2", "svc_nfl_wr1"])
        expect(all.data[0]).toMatchObject({ rank: 1, momentum_delta: 3, avg_fantasy_points: 11, status: "injured" })
        expect(ids(yield* ok("/v1/nfl/waiver-priority?exclude_injured=true"))).toEqual(["svc_nfl_wr1"])
        expect(ids(yield* ok("/v1/nfl/waiver-priority?position=RB"))).toEqual([])
        expect(ids(yield* ok("/v1/nfl/waiver-priority?limit=1"))).toEqual(["svc_nfl_wr2"])
        expectError(
          yield* get("/v1/nfl/waiver-priority?exclude_injured=maybe"),
          400,
          "INVALID_PARAMETER",
          "exclude_injured"
        )
        expectError(yield* get("/v1/mlb/waiver-priority"), 400, "INVALID_PARAMETER", "sport")
      }))

    it.effect("batch players: up to 50 ids of any sport; unknown ids listed; 400 beyond 50 or none", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const post = (body: unknown) =>
          h.request("POST", "/v1/batch/players", {
            key: h.keys.growth,
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body)
          })
        const res = yield* post({ ids: ["svc_nfl_wr1", "svc_nfl_nope", "svc_nba_a", "junk"] })
        expect(res.status).toBe(200)
        expect(res.body.data.map((p: any) => p.playcaller_id)).toEqual(["svc_nfl_wr1", "svc_nba_a"])
        expect(res.body.not_found).toEqual(["svc_nfl_nope", "junk"])
        expectError(
          yield* post({ ids: Array.from({ length: 51 }, (_, i) => `svc_nfl_${i}`) }),
          400,
          "INVALID_PARAMETER"
        )
        expectError(yield* post({ ids: [] }), 400, "INVALID_PARAMETER")
      }))
  })
})

/**
 * The intelligence endpoints end to end: the real node server over an in-memory store filled by
 * the nfl and nba ingest adapters from the fixture cuts (their signals derived as in production),
 * called over a socket. Ordering and severity-minimum rules of decisions.md, the `/v1` aliases,
 * tiers, 400 and 404 paths, and meta.coverage where no source has the data.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { expectError, fixturesLayer, get, ok } from "./fixtures.js"
import { Harness } from "./harness.js"

const TestLayer = fixturesLayer(["nfl", "nba"])

const rank: Record<string, number> = { high: 0, medium: 1, low: 2 }

/** True when rows are ordered by severity, then `time` newest first. */
const severityThenNewest = (rows: ReadonlyArray<any>, time: (r: any) => string | null) =>
  rows.every((r, i) => {
    if (i === 0) return true
    const p = rows[i - 1]
    if (rank[p.severity]! !== rank[r.severity]!) return rank[p.severity]! < rank[r.severity]!
    return (time(p) ?? "") >= (time(r) ?? "")
  })

describe("intelligence endpoints", () => {
  layer(TestLayer, { excludeTestServices: true, timeout: 60_000 })((it) => {
    it.effect("/intelligence/injuries: nfl by default, injury signals only, by severity; severity is a minimum; /v1 alias", () =>
      Effect.gen(function*() {
        const all = yield* ok("/intelligence/injuries")
        expect(all.meta.sport).toBe("nfl")
        const names = all.data.map((s: any) => s.player_name)
        expect(names).toEqual(expect.arrayContaining(["Tyler Bass", "Ed Oliver", "Matt Milano", "Tre'Davious White"]))
        expect(all.data.every((s: any) => ["injury_update", "ir_placement"].includes(s.signal_type))).toBe(true)
        expect(all.data.every((s: any) => s.sport === "nfl" && s.confidence_score === null)).toBe(true)
        // reported_at only (null: the weekly reports carry no time), never published_at
        expect(all.data.every((s: any) => s.reported_at === null && !("published_at" in s))).toBe(true)
        const ranks = all.data.map((s: any) => rank[s.severity])
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
        const medium = yield* ok("/intelligence/injuries?severity=medium")
        expect(medium.data.length).toBe(all.data.filter((s: any) => s.severity !== "low").length)
        expect(medium.data.every((s: any) => s.severity !== "low")).toBe(true)
        const v1 = yield* ok("/v1/intelligence/injuries")
        expect(v1.data).toEqual(all.data)
        const white = yield* ok("/intelligence/injuries?player=davious")
        expect(new Set(white.data.map((s: any) => s.player_name))).toEqual(new Set(["Tre'Davious White"]))
        expectError(yield* get("/intelligence/injuries?severity=critical"), 400, "INVALID_PARAMETER")
        expectError(yield* get("/intelligence/injuries?limit=101"), 400, "INVALID_PARAMETER")
      }))

    it.effect("/intelligence/news?sport=nba: the February 2026 status changes with their times, by severity then newest", () =>
      Effect.gen(function*() {
        const news = yield* ok("/intelligence/news?sport=nba&limit=100")
        expect(news.data.length).toBeGreaterThan(3)
        expect(news.data.every((s: any) => s.sport === "nba" && s.published_at.startsWith("2026-02"))).toBe(true)
        expect(news.data.every((s: any) => !("reported_at" in s))).toBe(true)
        expect(severityThenNewest(news.data, (r) => r.published_at)).toBe(true)
        const doncic = news.data.filter((s: any) => s.player_name.startsWith("Luka"))
        expect(doncic.map((s: any) => s.published_at).sort()).toEqual([
          "2026-02-06T05:08:21.000Z",
          "2026-02-06T21:03:24.000Z",
          "2026-02-07T04:54:39.000Z"
        ])
        expect(doncic.find((s: any) => s.published_at === "2026-02-07T04:54:39.000Z").summary)
          .toBe("Feb 6: Doncic (hamstring) has been ruled out for Saturday's game against the Warriors.")
        const v1 = yield* ok("/v1/intelligence/news?sport=nba&limit=100")
        expect(v1.data).toEqual(news.data)
        // every sport by default; the news filter groups map to stored types
        const all = yield* ok("/intelligence/news?limit=100")
        expect(new Set(all.data.map((s: any) => s.sport))).toEqual(new Set(["nfl", "nba"]))
        const practice = yield* ok("/intelligence/news?signal_type=practice_report&limit=100")
        expect(practice.data.every((s: any) => s.signal_type === "practice_report")).toBe(true)
        const depth = yield* ok("/intelligence/news?signal_type=depth_chart&team=buf")
        expect(depth.data.length).toBeGreaterThan(0)
        expect(depth.data.every((s: any) => s.signal_type === "depth_chart_change" && s.team === "BUF")).toBe(true)
        // position never answers 400, even when it cannot match anything
        expect((yield* ok("/intelligence/news?position=%01")).data).toEqual([])
        expect((yield* ok("/intelligence/news?position=qb&limit=100")).data.every((s: any) => s.sport)).toBe(true)
        expectError(yield* get("/intelligence/news?signal_type=rumour"), 400, "INVALID_PARAMETER")
        expectError(yield* get("/intelligence/news?sport=nhl"), 400, "INVALID_PARAMETER")
      }))

    it.effect("/v1/intelligence/signals: pro_insights; the paginated envelope with total; type and since filters", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        expectError(yield* get("/v1/intelligence/signals", h.keys.growth), 403, "TIER_INSUFFICIENT")
        const first = yield* ok("/v1/intelligence/signals?limit=5", h.keys.pro_insights)
        expect(first).toMatchObject({ count: 5, offset: 0, limit: 5 })
        const next = yield* ok("/v1/intelligence/signals?limit=5&offset=5", h.keys.pro_insights)
        expect(next.total).toBe(first.total)
        expect(next.data.map((s: any) => s.id)).not.toContain(first.data[0].id)
        const nba = yield* ok("/v1/intelligence/signals?type=injury_update&sport=nba&limit=100")
        expect(nba.data.length).toBeGreaterThan(0)
        expect(nba.data.every((s: any) => s.signal_type === "injury_update" && s.sport === "nba")).toBe(true)
        // the full list shows both times
        expect(nba.data.every((s: any) => s.published_at === s.reported_at)).toBe(true)
        const since = yield* ok("/v1/intelligence/signals?since=2026-02-20&limit=100")
        expect(since.data.every((s: any) => s.published_at === null || s.published_at >= "2026-02-20")).toBe(true)
        expect(since.total).toBeLessThan(first.total)
        expectError(yield* get("/v1/intelligence/signals?since=2026-02-30"), 400, "INVALID_PARAMETER")
      }))

    it.effect("player news, team injuries and practice; 404 for unknown players and teams", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const kyler = yield* ok("/v1/nfl/players/svc_nfl_00-0035228/news")
        expect(kyler.data.map((s: any) => s.source)).toEqual(["AdamSchefter"])
        expectError(yield* get("/v1/nfl/players/svc_nfl_nobody/news"), 404, "RESOURCE_NOT_FOUND")
        expectError(yield* get("/v1/nba/players/svc_nfl_00-0035228/news"), 404, "RESOURCE_NOT_FOUND")
        expectError(yield* get("/v1/nfl/players/svc%01/news"), 400, "INVALID_PARAMETER")
        const buf = yield* ok("/v1/nfl/teams/buf/injuries")
        // one row per affected player of the latest report window, by severity
        const players = buf.data.map((s: any) => s.player_name)
        expect(new Set(players).size).toBe(players.length)
        expect(players).toEqual(expect.arrayContaining(["Matt Milano", "Ed Oliver"]))
        const ranks = buf.data.map((s: any) => rank[s.severity])
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
        expectError(yield* get("/v1/nfl/teams/XYZ/injuries"), 404, "RESOURCE_NOT_FOUND")
        expectError(yield* get("/v1/soccer/teams/BUF/injuries"), 400, "INVALID_PARAMETER")
        // practice: build tier; BUF's latest weekly report is week 3
        expectError(yield* get("/v1/nfl/teams/BUF/practice", h.keys.starter), 403, "TIER_INSUFFICIENT")
        const practice = yield* ok("/v1/nfl/teams/BUF/practice", h.keys.build)
        expect(practice).toMatchObject({ season: 2025, week: 3 })
        expect(practice.data.map((s: any) => s.player_name).sort()).toEqual(["Ed Oliver", "Matt Milano"])
        const lakers = yield* ok("/v1/nba/teams/LAL/practice")
        expect(lakers.data).toEqual([])
        expect(lakers.meta.coverage).toEqual({ available: false, reason: "practice reports are nfl only" })
        // no source has mlb injuries or news: empty data that says so
        const mlb = yield* ok("/intelligence/news?sport=mlb")
        expect(mlb.data).toEqual([])
        expect(mlb.meta.coverage).toEqual({ available: false, reason: "no source has mlb injury reports or news" })
        // the sport groups' own team routes still answer beside the {sport} routes
        expect((yield* get("/v1/nfl/teams/BUF/roster")).status).toBe(200)
      }))

    it.effect("roster pulse, depth chart changes, schedule", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        expectError(yield* get("/v1/nfl/teams/BUF/roster-pulse", h.keys.build), 403, "TIER_INSUFFICIENT")
        const pulse = (yield* ok("/v1/nfl/teams/BUF/roster-pulse", h.keys.growth)).data
        expect(pulse.team).toBe("BUF")
        expect(pulse.depth_moves.map((s: any) => s.player_name)).toContain("Frank Gore")
        expect(pulse.injuries.map((s: any) => s.player_name)).toEqual(expect.arrayContaining(["Matt Milano"]))
        const rbs = yield* ok("/v1/nfl/depth-chart/changes?team=BUF&position=rb", h.keys.growth)
        expect(rbs.data.map((r: any) => r.player_name).sort()).toEqual(["Darrynton Evans", "Frank Gore"])
        expect(rbs.data.find((r: any) => r.player_name === "Frank Gore")).toMatchObject({
          change_type: "dropped",
          previous_depth: 4,
          depth: null,
          range_start: "2025-08-26",
          range_end: "2025-09-09"
        })
        expect((yield* ok("/v1/nfl/depth-chart/changes?change_type=promoted")).data).toEqual([])
        expect((yield* ok("/v1/nfl/depth-chart/changes?since=2025-09-10")).data).toEqual([])
        expectError(yield* get("/v1/nfl/depth-chart/changes?change_type=moved"), 400, "INVALID_PARAMETER")
        const schedule = yield* ok("/v1/nfl/teams/BUF/schedule?season=2025")
        expect(schedule.data.map((g: any) => [g.week, g.opponent, g.home_away])).toEqual([
          [1, "BAL", "home"],
          [2, "NYJ", "away"]
        ])
        // BUF beat the Jets 30-10 in week 2
        expect(schedule.data[1]).toMatchObject({ result: "W", state: "final" })
        expect((yield* ok("/v1/nfl/teams/BUF/schedule?season=2025&status=scheduled")).data).toEqual([])
        expectError(yield* get("/v1/nfl/teams/XYZ/schedule"), 404, "RESOURCE_NOT_FOUND")
      }))

    it.effect("trending topics and players; data status reports the newest signal per sport", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const trending = yield* ok("/v1/trending?sport=nba")
        expect(trending.data.length).toBeGreaterThan(0)
        expect(trending.data[0].relevance_score).toBe(1)
        const counts = trending.data.map((t: any) => t.signal_count)
        expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a))
        for (const t of trending.data) {
          expect(Date.parse(t.expires_at) - Date.parse(t.scraped_at)).toBe(2 * 3_600_000)
          expect(t.sport).toBe("nba")
        }
        expectError(yield* get("/v1/trending?limit=51"), 400, "INVALID_PARAMETER")
        expectError(yield* get("/v1/players/trending", h.keys.build), 403, "TIER_INSUFFICIENT")
        const players = yield* ok("/v1/players/trending", h.keys.growth)
        for (const p of players.data) expect(p.direction === "up").toBe(p.delta_points > 0)
        const status = (yield* ok("/v1/data/status")).data
        const newest = (yield* ok("/intelligence/news?sport=nba&limit=100")).data
          .map((s: any) => s.published_at).sort().at(-1)
        expect(status.find((r: any) => r.sport === "nba").last_signal_update).toBe(newest)
        expect(status.find((r: any) => r.sport === "nfl").last_signal_update).not.toBeNull()
        expect(status.find((r: any) => r.sport === "nhl").last_signal_update).toBeNull()
      }))
  })
})

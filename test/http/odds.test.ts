/**
 * Odds end to end: the real node server (test/http/harness.ts) over an in-memory store filled by
 * the ingest runner (each sport's adapter, then its odds phase) from the fixture cuts of
 * test/fixtures/{nfl,nhl,nba,cfb,tennis}. Served lines are compared with the raw fixture rows read
 * here with csv-parse, and a few by hand (values copied from the CSV, probabilities worked out
 * on paper); no-vig probabilities sum to 1; history is in time order; bad parameters are 400;
 * tiers are enforced; sports without a source answer empty data with meta.coverage.
 */
import { describe, expect, layer } from "@effect/vitest"
import type { SportKey } from "@sports-data/domain"
import { Progress, type Report, Runner } from "@sports-data/ingest"
import { parse } from "csv-parse/sync"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { expectError, fixturesDir, get, ok } from "./fixtures.js"
import { Harness } from "./harness.js"

const SPORTS: ReadonlyArray<SportKey> = ["nfl", "nhl", "nba", "cfb", "tennis"]

/** The ingest results of each sport (odds counts included), kept for the counting test. */
const results = new Map<string, Report.SportIngestResult>()

const TestLayer = Layer.effectDiscard(Effect.gen(function*() {
  const h = yield* Harness
  for (const sport of SPORTS) {
    const [result] = yield* Runner.runIngest({ sports: [sport], dataDir: join(fixturesDir, sport) }).pipe(
      Effect.provide(h.stores),
      Effect.provide(Progress.silent),
      Logger.withMinimumLogLevel(LogLevel.Error),
      Effect.orDie
    )
    results.set(sport, result!)
  }
})).pipe(Layer.provideMerge(Harness.layer({ seed: false })))

const csv = (sport: string, dataset: string, file: string): Array<Record<string, string>> =>
  parse(readFileSync(join(fixturesDir, sport, dataset, file), "utf8"), { columns: true })

const num = (s: string | undefined): number | null => (s === undefined || s === "" ? null : Number(s))

/** Every served line's pairs of no-vig probabilities sum to 1 (when both are given). */
const expectPairsSumToOne = (line: any) => {
  const pairs: Array<[number | null, number | null]> = [
    [line.moneyline?.home_implied_probability ?? null, line.moneyline?.away_implied_probability ?? null],
    [line.spread?.home_implied_probability ?? null, line.spread?.away_implied_probability ?? null],
    [line.total?.over_implied_probability ?? null, line.total?.under_implied_probability ?? null]
  ]
  for (const [a, b] of pairs) {
    if (a === null || b === null) continue
    expect(a).toBeGreaterThan(0)
    expect(b).toBeGreaterThan(0)
    expect(a + b).toBeCloseTo(1, 9)
  }
}

const lineOf = (game: any, source: string, bookmaker: string | null = null) =>
  game.lines.find((l: any) => l.source === source && l.bookmaker === bookmaker)

describe("odds endpoints", () => {
  layer(TestLayer, { excludeTestServices: true, timeout: 120_000 })((it) => {
    it.effect("nfl: every nflverse line equals its schedule row; spreadspoke's spread and total its score row", () =>
      Effect.gen(function*() {
        const body = yield* ok("/v1/nfl/odds?season=2024")
        const raw = csv("nfl", "urwishpatel2003_nflverse_data", "schedules_2022_2026.csv").filter((r) =>
          r["season"] === "2024"
        )
        expect(body.data.map((g: any) => g.game_id).sort()).toEqual(raw.map((r) => r["game_id"]).sort())
        for (const r of raw) {
          const game = body.data.find((g: any) => g.game_id === r["game_id"])
          expect(game.home_team).toBe(r["home_team"])
          const l = lineOf(game, "urwishpatel2003_nflverse_data")
          expect(l.snapshot).toBe("single")
          expect([l.moneyline.home, l.moneyline.away]).toEqual([num(r["home_moneyline"]), num(r["away_moneyline"])])
          // nflverse spread_line: points the home team is favoured by; the served home line is its negation
          expect(l.spread.home_line).toBe(-num(r["spread_line"])!)
          expect([l.spread.home_odds, l.spread.away_odds]).toEqual([
            num(r["home_spread_odds"]),
            num(r["away_spread_odds"])
          ])
          expect([l.total.line, l.total.over_odds, l.total.under_odds]).toEqual([
            num(r["total_line"]),
            num(r["over_odds"]),
            num(r["under_odds"])
          ])
          for (const x of game.lines) expectPairsSumToOne(x)
        }
        // by hand, 2024_01_ARI_BUF: BUF -310 / ARI +250, spread_line 6.5 (BUF -6.5), 46;
        // 310/410 = 0.756098 and 100/350 = 0.285714, sum 1.041812: 0.725756 -> 0.7258 and 0.2742
        const buf = body.data.find((g: any) => g.game_id === "2024_01_ARI_BUF")
        expect(lineOf(buf, "urwishpatel2003_nflverse_data").moneyline).toEqual({
          home: -310,
          away: 250,
          home_implied_probability: 0.7258,
          away_implied_probability: 0.2742
        })
        // spreadspoke 9/8/2024: BUF favourite -6.5, over/under 46.5 (no odds)
        const ss = lineOf(buf, "spreadspoke_nfl")
        expect(ss.spread).toMatchObject({ home_line: -6.5, away_line: 6.5, home_odds: null })
        expect(ss.total).toMatchObject({ line: 46.5, over_odds: null, over_implied_probability: null })
        expect(ss.moneyline).toBeNull()
      }))

    it.effect("nfl: week and date look back; the default lists only games from today on", () =>
      Effect.gen(function*() {
        const week2 = yield* ok("/v1/nfl/odds?season=2024&week=2")
        expect(week2.data.map((g: any) => g.game_id)).toEqual(["2024_02_BUF_MIA", "2024_02_LA_ARI"])
        const day = yield* ok("/v1/nfl/odds?date=2025-09-07")
        expect(day.data.map((g: any) => g.game_id)).toEqual(["2025_01_BAL_BUF"])
        // BAL favoured by 1.5 at BUF: both sources give the home side +1.5
        for (const l of day.data[0].lines) expect(l.spread.home_line).toBe(1.5)
        const season2026 = yield* ok("/v1/nfl/odds?season=2026")
        expect(season2026.data.map((g: any) => g.game_id)).toEqual(["2026_01_BUF_HOU"])
        const today = new Date().toISOString().slice(0, 10)
        const upcoming = yield* ok("/v1/nfl/odds")
        for (const g of upcoming.data) expect(g.game_date >= today).toBe(true)
        expect(upcoming.data.some((g: any) => g.game_id === "2026_01_BUF_HOU")).toBe(today <= "2026-09-13")
        if (upcoming.data.length === 0) {
          // the held lines end before today: the answer says so and how to look back
          expect(upcoming.meta.coverage.available).toBe(false)
          expect(upcoming.meta.coverage.reason).toContain(`no game from ${today} on has a line`)
          expect(upcoming.meta.coverage.reason).toContain("Pass date, season or week")
        }
        const limited = yield* ok("/v1/nfl/odds?season=2024&limit=2")
        expect(limited.count).toBe(2)
        expect(limited.method).toContain("proportional normalisation")
      }))

    it.effect("nfl history: one line per source for a game that has one, 404 for a game the sport lacks", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const body = yield* ok("/v1/nfl/odds/history/2024_01_ARI_BUF", h.keys.pro_insights)
        expect(body.game).toMatchObject({ game_id: "2024_01_ARI_BUF", home_team: "BUF", away_team: "ARI" })
        expect(body.data.map((l: any) => l.source)).toEqual(["spreadspoke_nfl", "urwishpatel2003_nflverse_data"])
        expectError(yield* get("/v1/nfl/odds/history/2024_01_NOPE", h.keys.pro_insights), 404, "RESOURCE_NOT_FOUND")
      }))

    it.effect("nhl: the latest line per bookmaker of a day, equal to its source row; history in time order", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const day = yield* ok("/v1/nhl/odds?date=2025-10-09")
        // EDM-CGY starts 2025-10-09T02:10Z, the 8th in US Eastern time: not on the 9th
        expect(day.data.map((g: any) => [g.home_team, g.away_team]).sort()).toEqual([["BOS", "CHI"], ["DET", "MTL"]])
        const bos = day.data.find((g: any) => g.home_team === "BOS")
        // fixture line 7143 of the real file: caesars, 2025-10-09 open 9pm pst pull taken at
        // 2025-10-09T05:00:00Z: -165 / 140, -1.5, 5.5
        const caesars = lineOf(bos, "nielsenz_odds_api", "caesars")
        expect(caesars).toMatchObject({
          snapshot: "open",
          snapshot_date: "2025-10-09",
          line_time: "2025-10-09T05:00:00.000Z"
        })
        expect([caesars.moneyline.home, caesars.moneyline.away]).toEqual([-165, 140])
        expect([caesars.spread.home_line, caesars.total.line]).toEqual([-1.5, 5.5])
        // 165/265 = 0.62264, 100/240 = 0.41667, sum 1.03931: 0.5991 / 0.4009
        expect(caesars.moneyline.home_implied_probability).toBe(0.5991)
        // betmgm's last pull of that game has no moneyline in the source: none is served
        expect(lineOf(bos, "nielsenz_odds_api", "betmgm").moneyline).toBeNull()

        const rawRows = csv("nhl", "nielsenz_odds_api", "nhl_odds_historical_noon_et_2023_2026.csv").filter((r) =>
          r["home_team"] === "Florida Panthers" && r["away_team"] === "Chicago Blackhawks"
        )
        const fla = (yield* ok("/v1/nhl/odds?date=2025-10-07")).data[0]
        expect(fla.game_id).toBe("2025020001")
        const history = yield* ok(`/v1/nhl/odds/history/${fla.game_id}`, h.keys.pro_insights)
        expect(history.count).toBe(rawRows.length)
        const keys = history.data.map((l: any) => `${l.snapshot_date} ${l.snapshot}`)
        expect(keys).toEqual([...keys].sort())
        expect(history.data.slice(0, 4).map((l: any) => [l.snapshot_date, l.snapshot, l.bookmaker])).toEqual([
          ["2025-10-04", "noon", "betmgm"],
          ["2025-10-04", "noon", "caesars"],
          ["2025-10-04", "open", "betmgm"],
          ["2025-10-04", "open", "caesars"]
        ])
        for (const r of rawRows) {
          const snapshot = r["source_file"]!.includes("_open_") ? "open" : "noon"
          const l = history.data.find((x: any) =>
            x.snapshot_date === r["date"] && x.bookmaker === r["bookmaker"] && x.snapshot === snapshot
          )
          expect([l.moneyline?.home ?? null, l.moneyline?.away ?? null]).toEqual([num(r["ml_home"]), num(r["ml_away"])])
          expect(l.total?.line ?? null).toBe(num(r["total_line"]))
          expectPairsSumToOne(l)
        }
      }))

    it.effect("nhl and nba: lines of games the service lacks are counted as skipped, other sports' rows ignored", () =>
      Effect.sync(() => {
        // nhl: 88 historical rows, 2 of a game not held (TBL-NSH); the daily cut's NHL row is of March 2026
        expect(results.get("nhl")!.counts.odds).toMatchObject({ inserted: 86, skipped: 3 })
        expect(results.get("nhl")!.skipped.filter((s) => s.reason.startsWith("no game between")).length).toBe(3)
        // nba: one line held (SAS at LAL), ORL-UTA not held, the NHL row ignored
        expect(results.get("nba")!.counts.odds).toMatchObject({ inserted: 1, skipped: 1 })
      }))

    it.effect("nba: a line of a late game is on its US Eastern date, equal to its source row", () =>
      Effect.gen(function*() {
        const body = yield* ok("/v1/nba/odds?date=2026-02-10")
        expect(body.count).toBe(1)
        const g = body.data[0]
        expect([g.home_team, g.away_team]).toEqual(["LAL", "SAS"])
        const l = lineOf(g, "nielsenz_odds_api", "betmgm")
        expect(l.moneyline).toMatchObject({ home: 260, away: -325 })
        expect(l.spread).toMatchObject({ home_line: 8.5, home_odds: -105, away_odds: -115 })
        expect(l.total).toMatchObject({ line: 227.5, over_odds: -110, under_odds: -110 })
        // 100/360 = 0.27778, 325/425 = 0.76471, sum 1.04248: 0.2665 / 0.7335
        expect([l.moneyline.home_implied_probability, l.moneyline.away_implied_probability]).toEqual([0.2665, 0.7335])
      }))

    it.effect("cfb: spread and total of each 2025 game equal its betting row; no moneyline", () =>
      Effect.gen(function*() {
        const body = yield* ok("/v1/cfb/odds?season=2025")
        const raw = parse(
          (yield* Effect.promise(() =>
            import("node:zlib").then((z) =>
              z.gunzipSync(
                readFileSync(join(fixturesDir, "cfb", "sportsdataverse_cfbfastr_cfb_data", "betting_2025.csv.gz"))
              )
            )
          )).toString("utf8"),
          { columns: true }
        ) as Array<Record<string, string>>
        const held = raw.filter((r) => body.data.some((g: any) => g.game_id === r["game_id"]))
        expect(held.length).toBe(3)
        expect(body.count).toBe(3)
        for (const r of held) {
          const l = body.data.find((g: any) => g.game_id === r["game_id"]).lines[0]
          expect(l.spread.home_line).toBe(num(r["home_team_spread"]))
          expect(l.total.line).toBe(num(r["over_under"]))
          expect(l.moneyline).toBeNull()
        }
      }))

    it.effect("tennis: closing decimal odds per bookmaker, as American odds, the winner listed first", () =>
      Effect.gen(function*() {
        const body = yield* ok("/v1/tennis/odds?date=2024-12-29")
        const g = body.data.find((x: any) => x.game_id.includes("vukic"))
        // Vukic d. Goffin: B365 2 / 1.8 -> +100 / -125; Pinnacle 2.08 / 1.83 -> +108 / -120.48 -> -120
        expect(lineOf(g, "bettormanpicks_bmp_app", "bet365").moneyline).toMatchObject({ home: 100, away: -125 })
        expect(lineOf(g, "bettormanpicks_bmp_app", "pinnacle").moneyline).toMatchObject({ home: 108, away: -120 })
        expect(g.lines.map((l: any) => l.bookmaker)).toEqual(["bet365", "market_average", "market_best", "pinnacle"])
        for (const l of g.lines) expectPairsSumToOne(l)
      }))

    it.effect("a sport without a source answers empty data with meta.coverage unavailable and its reason", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        for (const path of ["/v1/mlb/odds", "/v1/soccer/odds?season=2026", "/v1/ufc/odds/history/x"]) {
          const body = yield* ok(path, h.keys.pro_insights)
          expect(body.data).toEqual([])
          expect(body.meta.coverage.available).toBe(false)
          expect(body.meta.coverage.reason).toMatch(/no source|not matched/)
        }
      }))

    it.effect("bad parameters are 400 INVALID_PARAMETER naming the parameter", () =>
      Effect.gen(function*() {
        expectError(yield* get("/v1/nfl/odds?week=abc"), 400, "INVALID_PARAMETER", "week")
        expectError(yield* get("/v1/nfl/odds?week=0"), 400, "INVALID_PARAMETER", "week")
        expectError(yield* get("/v1/nfl/odds?date=2024-13-01"), 400, "INVALID_PARAMETER", "date")
        expectError(yield* get("/v1/nfl/odds?season=20244"), 400, "INVALID_PARAMETER", "season")
        expectError(yield* get("/v1/nfl/odds?limit=501"), 400, "INVALID_PARAMETER", "limit")
        expectError(yield* get("/v1/cricket/odds"), 400, "INVALID_PARAMETER", "sport")
      }))

    it.effect("tiers: odds needs growth, history pro_insights", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        for (const key of [h.keys.sandbox, h.keys.starter, h.keys.build]) {
          expectError(yield* get("/v1/nfl/odds", key), 403, "TIER_INSUFFICIENT")
        }
        yield* ok("/v1/nfl/odds", h.keys.growth)
        expectError(yield* get("/v1/nfl/odds/history/2024_01_ARI_BUF", h.keys.growth), 403, "TIER_INSUFFICIENT")
        yield* ok("/v1/nfl/odds/history/2024_01_ARI_BUF", h.keys.pro_insights)
      }))
  })
})

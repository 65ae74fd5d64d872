/**
 * Golf outright odds end to end: the real node server over an in-memory store filled by the golf
 * ingest (events from the fixture's DFS salary slates, golfers from its leaderboards, then the
 * odds phase) from test/fixtures/golf. Served prices are compared with the raw fixture rows read
 * here with csv-parse; no-vig probabilities are worked out here from those prices; the OPP rows
 * (no stored event) are counted as skipped and not served; history is in time order.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Progress, type Report, Runner } from "@sports-data/ingest"
import { parse } from "csv-parse/sync"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { expectError, fixturesDir, ok } from "./fixtures.js"
import { Harness } from "./harness.js"

let result: Report.SportIngestResult | undefined

const TestLayer = Layer.effectDiscard(Effect.gen(function*() {
  const h = yield* Harness
  const [r] = yield* Runner.runIngest({ sports: ["golf"], dataDir: join(fixturesDir, "golf") }).pipe(
    Effect.provide(h.stores),
    Effect.provide(Progress.silent),
    Logger.withMinimumLogLevel(LogLevel.Error),
    Effect.orDie
  )
  result = r
})).pipe(Layer.provideMerge(Harness.layer({ seed: false })))

const rows: Array<Record<string, string>> = parse(
  readFileSync(join(fixturesDir, "golf", "925sports_pga_tour_data", "betting_odds_history.csv"), "utf8"),
  { columns: true }
)

const BOOKS = {
  draftkings: "odds_draftkings",
  fanduel: "odds_fanduel",
  bet365: "odds_bet365",
  datagolf_baseline: "odds_datagolf_baseline"
}
const price = (r: Record<string, string>, book: keyof typeof BOOKS): number | null => {
  const v = r[BOOKS[book]]!
  return v === "" || v.toLowerCase() === "n/a" ? null : Number(v)
}
const implied = (o: number) => (o > 0 ? 100 / (o + 100) : -o / (-o + 100))

const ROCKET = "svc_golf_dk-2026-rocket-classic"
const WYNDHAM = "svc_golf_dk-2026-wyndham-championship"

describe("golf outright odds", () => {
  layer(TestLayer, { excludeTestServices: true, timeout: 120_000 })((it) => {
    it.effect("PGA snapshots before and during the Rocket Classic go to it, those of 2026-08-03 to the Wyndham", () =>
      Effect.gen(function*() {
        const body = yield* ok("/v1/golf/odds?season=2026")
        expect(body.data.map((e: any) => e.game_id)).toEqual([ROCKET, WYNDHAM])
        expect(body.meta.coverage?.available ?? true).toBe(true)
        const rocket = body.data[0]
        expect([rocket.home_team, rocket.away_team]).toEqual([null, null])
        // Wyndham: only the two win rows of 2026-08-03
        const wyndham = body.data[1]
        expect(new Set(wyndham.lines.map((l: any) => l.outright.participant_name))).toEqual(
          new Set(["Chris Kirk", "Cameron Young"])
        )
        expect(wyndham.lines.every((l: any) => l.snapshot_date === "2026-08-03")).toBe(true)
      }))

    it.effect("each served price is its latest source row's, per bookmaker, market and golfer", () =>
      Effect.gen(function*() {
        const body = yield* ok("/v1/golf/odds?season=2026")
        const pga = rows.filter((r) => r["tour"] === "PGA")
        for (const event of body.data) {
          const week = pga.filter((r) => (event.game_id === ROCKET) === (r["updated_at"]! < "2026-08-03"))
          let expected = 0
          for (const book of Object.keys(BOOKS) as Array<keyof typeof BOOKS>) {
            const latest = new Map<string, Record<string, string>>()
            for (const r of week) if (price(r, book) !== null) latest.set(`${r["market"]}|${r["player_name"]}`, r)
            expected += latest.size
            for (const r of latest.values()) {
              const l = event.lines.find((x: any) =>
                x.bookmaker === book && x.outright.market === r["market"] &&
                x.outright.participant_name === r["player_name"]
              )
              expect(l, `${event.game_id} ${book} ${r["market"]} ${r["player_name"]}`).toBeDefined()
              expect(l.outright.odds).toBe(price(r, book))
              expect(l.line_time).toBe(new Date(r["updated_at"]!).toISOString())
              expect(l.outright.implied_probability).toBeCloseTo(implied(price(r, book)!), 4)
              expect(l.outright.participant_id).toMatch(/^svc_golf_\d+$/)
              expect([l.moneyline, l.spread, l.total]).toEqual([null, null, null])
            }
          }
          expect(event.lines).toHaveLength(expected)
        }
        // by hand, Rocket Classic, Cameron Young's latest DraftKings win price: +950 (19:51 row)
        const young = body.data[0].lines.find((l: any) =>
          l.bookmaker === "draftkings" && l.outright.market === "win" && l.outright.participant_name === "Cameron Young"
        )
        expect(young.outright.odds).toBe(950)
      }))

    it.effect("win no-vig probabilities: implied probabilities normalised over the bookmaker's field to 1", () =>
      Effect.gen(function*() {
        const body = yield* ok("/v1/golf/odds?season=2026")
        for (const event of body.data) {
          for (const book of Object.keys(BOOKS)) {
            const wins = event.lines.filter((l: any) => l.bookmaker === book && l.outright.market === "win")
            const sum = wins.reduce((s: number, l: any) => s + implied(l.outright.odds), 0)
            for (const l of wins) expect(l.outright.no_vig_probability).toBeCloseTo(implied(l.outright.odds) / sum, 4)
            const total = wins.reduce((s: number, l: any) => s + l.outright.no_vig_probability, 0)
            expect(total).toBeCloseTo(1, 3)
          }
          for (const l of event.lines) {
            if (l.outright.market === "top_5") expect(l.outright.no_vig_probability).toBeLessThanOrEqual(1)
          }
        }
        // by hand, Rocket DraftKings win: Young +950, Kirk +15000, Bradley +4600:
        // 100/1050 = 0.095238, 100/15100 = 0.006623, 100/4700 = 0.021277, sum 0.123138 -> Young 0.7734
        const young = body.data[0].lines.find((l: any) =>
          l.bookmaker === "draftkings" && l.outright.market === "win" && l.outright.participant_name === "Cameron Young"
        )
        expect(young.outright.no_vig_probability).toBe(0.7734)
      }))

    it.effect("history: every snapshot of the event in time order, the field as known at each time", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const body = yield* ok(`/v1/golf/odds/history/${ROCKET}`, h.keys.pro_insights)
        const times = body.data.map((l: any) => l.line_time)
        expect(times).toEqual([...times].sort())
        const youngDk = body.data.filter((l: any) =>
          l.bookmaker === "draftkings" && l.outright.market === "win" && l.outright.participant_name === "Cameron Young"
        )
        // the 16:41 row then the 19:51 row: +960 then +950
        expect(youngDk.map((l: any) => l.outright.odds)).toEqual([960, 950])
        // at 16:41 the field is Young +960, Kirk +15000, Bradley +4600
        const first = (100 / 1060) / (100 / 1060 + 100 / 15100 + 100 / 4700)
        expect(youngDk[0].outright.no_vig_probability).toBeCloseTo(first, 4)
        expect(body.game).toMatchObject({ game_id: ROCKET, game_date: "2026-07-30", home_team: null })
        // rows in the source for this event (PGA, before 2026-08-03) times priced bookmakers
        const expected = rows
          .filter((r) => r["tour"] === "PGA" && r["updated_at"]! < "2026-08-03")
          .reduce(
            (n, r) => n + (Object.keys(BOOKS) as Array<keyof typeof BOOKS>).filter((b) => price(r, b) !== null).length,
            0
          )
        expect(body.data).toHaveLength(expected)
        // bookmaker and market select rows; the no-vig values stay those over the whole field
        const win = yield* ok(`/v1/golf/odds/history/${ROCKET}?bookmaker=DraftKings&market=win`, h.keys.pro_insights)
        expect(win.data.length).toBeGreaterThan(0)
        expect(win.data.every((l: any) => l.bookmaker === "draftkings" && l.outright.market === "win")).toBe(true)
        expect(win.data).toEqual(
          body.data.filter((l: any) => l.bookmaker === "draftkings" && l.outright.market === "win")
        )
      }))

    it.effect("the answer is bounded: limit games, lines_limit lines each, lines_total counting them all", () =>
      Effect.gen(function*() {
        const whole = yield* ok("/v1/golf/odds?season=2026&lines_limit=500")
        const rocket = whole.data[0]
        expect(rocket.lines_total).toBe(rocket.lines.length)
        expect(rocket.lines.length).toBeGreaterThan(2)
        const cut = yield* ok("/v1/golf/odds?season=2026&limit=1&lines_limit=2")
        expect(cut.data).toHaveLength(1)
        expect(cut.data[0].lines).toEqual(rocket.lines.slice(0, 2))
        expect(cut.data[0].lines_total).toBe(rocket.lines.length)
        // bookmaker and market select lines before the bound
        const win = yield* ok("/v1/golf/odds?season=2026&limit=1&market=WIN&bookmaker=draftkings")
        const expected = rocket.lines.filter((l: any) => l.bookmaker === "draftkings" && l.outright.market === "win")
        expect(win.data[0].lines).toEqual(expected)
        expect(win.data[0].lines_total).toBe(expected.length)
        const h = yield* Harness
        for (const bad of ["lines_limit=0", "lines_limit=501", "lines_limit=x"]) {
          expectError(
            yield* h.request("GET", `/v1/golf/odds?${bad}`, { key: h.keys.syndicate_alpha }),
            400,
            "INVALID_PARAMETER",
            "lines_limit"
          )
        }
      }))

    it.effect("history by cursor: every line once, in time order, then a null cursor", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const whole = yield* ok(`/v1/golf/odds/history/${ROCKET}?limit=2000`, h.keys.pro_insights)
        expect(whole.next_cursor).toBeNull()
        const seen: Array<unknown> = []
        let cursor: string | null = null
        do {
          const page: any = yield* ok(
            `/v1/golf/odds/history/${ROCKET}?limit=2${cursor === null ? "" : `&cursor=${cursor}`}`,
            h.keys.pro_insights
          )
          expect(page.data.length).toBeLessThanOrEqual(2)
          expect(page.total).toBe(whole.total)
          seen.push(...page.data)
          cursor = page.next_cursor
        } while (cursor !== null)
        expect(seen).toEqual(whole.data)
        const first = yield* ok(`/v1/golf/odds/history/${ROCKET}?limit=2`, h.keys.pro_insights)
        expectError(
          yield* h.request("GET", `/v1/golf/odds/history/${ROCKET}?market=win&cursor=${first.next_cursor}`, {
            key: h.keys.pro_insights
          }),
          400,
          "INVALID_PARAMETER",
          "cursor"
        )
      }))

    it.effect("rows of the OPP (opposite-field) event, which the service does not hold, are counted and not served", () =>
      Effect.gen(function*() {
        const opp = rows.filter((r) => r["tour"] === "OPP")
        expect(opp.length).toBe(3)
        const counts = result!.counts["odds"]!
        expect(counts.read).toBe(rows.length)
        expect(counts.skipped).toBe(opp.length)
        const reasons = result!.skipped.filter((s) => s.file.endsWith("betting_odds_history.csv"))
        expect(reasons).toHaveLength(opp.length)
        for (const s of reasons) expect(s.reason).toMatch(/OPP has no stored events/)
        const body = yield* ok("/v1/golf/odds?season=2026")
        const names = body.data.flatMap((e: any) => e.lines.map((l: any) => l.outright.participant_name))
        for (const r of opp) expect(names).not.toContain(r["player_name"])
      }))
  })
})

/**
 * The dashboard's model cards in Chromium, for an ACTIVE confidence model: the card's metric
 * beside its baseline, and the reliability diagram of its stored predictions whose outcome is
 * known (outcome: points >= the line), drawn by uPlot with its bins in a table, and no serious
 * or critical axe-core violation. The real server (test/http/harness.ts) over an in-memory store
 * in which the model is recorded as the training job records it. Skipped where Chromium is not
 * installed.
 */
import { describe, expect, layer } from "@effect/vitest"
import { ModelRegistryWriter } from "@sports-data/domain"
import { Effect, Layer } from "effect"
import puppeteer from "puppeteer-core"
import { activeNbaConfidence as active } from "../http/fixtures.js"
import { Harness } from "../http/harness.js"
import { axeSerious, chromiumPath, chromiumReady } from "./browser.js"

/** A stored prediction of the ACTIVE model: probability p, the line 30.5 points, `actual` points (null: not played). */
const prediction = (n: number, p: number, actual: number | null) => ({
  model_id: active.id,
  sport: "nba" as const,
  player_id: `svc_nba_p${n}`,
  season: 2024,
  game_id: `00224001${String(n).padStart(2, "0")}`,
  game_date: "2024-11-01",
  model_type: "confidence" as const,
  model_version: active.version,
  as_of: "2024-10-30",
  probability: p,
  confidence_score: Math.round(75 * p),
  heat_signal: null,
  expected: null,
  threshold: 30.5,
  actual
})

// by hand: bin 0.1-0.2 holds four at 0.15, one over the line (rate 0.25); bin 0.5-0.6 one at 0.55,
// under (0); bin 0.8-0.9 two at 0.85, both over (1); a game not played yet counts nowhere
const predictions = [
  prediction(1, 0.15, 31),
  prediction(2, 0.15, 12),
  prediction(3, 0.15, 20),
  prediction(4, 0.15, 30),
  prediction(5, 0.55, 18),
  prediction(6, 0.85, 40),
  prediction(7, 0.85, 30.5),
  prediction(8, 0.45, null)
]

const TestLayer = Layer.effectDiscard(Effect.gen(function*() {
  const h = yield* Harness
  yield* Effect.flatMap(ModelRegistryWriter, (w) => w.record(active, predictions)).pipe(Effect.provide(h.stores))
})).pipe(Layer.provideMerge(Harness.layer({ seed: false })))

describe.skipIf(!chromiumReady)("dashboard model cards in Chromium", () => {
  layer(TestLayer, { excludeTestServices: true, timeout: 120_000 })((it) => {
    it.effect("an ACTIVE confidence model shows its metric beside the baseline and its calibration chart", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const browser = yield* Effect.acquireRelease(
          Effect.promise(() => puppeteer.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] })),
          (b) => Effect.promise(() => b.close())
        )
        const result = yield* Effect.promise(async () => {
          const page = await browser.newPage()
          await page.setViewport({ width: 1280, height: 900 })
          await page.goto(`${h.baseUrl}/dashboard/sign-in`)
          await page.type("#key", h.keys.growth)
          await Promise.all([page.waitForNavigation(), page.click("form[action='/dashboard/sign-in/key'] button")])
          await page.goto(`${h.baseUrl}/dashboard/models`)
          await page.waitForSelector("figure.chart canvas")
          await page.click("figure.chart summary") // the bins' table, by keyboard or pointer
          return {
            text: await page.$eval("main", (m) => (m as any).innerText as string),
            spec: await page.$eval("figure.chart", (f) => JSON.parse(f.getAttribute("data-chart")!)),
            violations: await axeSerious(page)
          }
        })
        expect(result.text).toMatch(/nba confidence 1\.test · ACTIVE/)
        expect(result.text).toMatch(/Brier score, model\s+0\.1780/)
        expect(result.text).toMatch(/Brier score, baseline \(trailing-10 rate\)\s+0\.1880/)
        expect(result.text).toContain("Calibration of nba confidence (7 stored predictions with an outcome)")
        expect(result.spec.kind).toBe("calibration")
        expect(result.spec.x).toEqual([0.15, 0.55, 0.85].map((p) => expect.closeTo(p, 10)))
        expect(result.spec.series[0].values).toEqual([0.25, 0, 1])
        expect(result.text).toMatch(/0\.1–0\.2\s+4\s+0\.150\s+0\.250/)
        expect(result.violations).toEqual([])
      }).pipe(Effect.scoped))
  })
})

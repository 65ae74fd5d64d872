/**
 * The model registry's training and validation on small fixtures: the slate start lines, the
 * features of a game come only from earlier games (no leakage), the fit recovers known rates, the
 * card's numbers equal a recomputation here from the raw points, and a model that fails its pass
 * rule is REJECTED with no predictions.
 */
import { describe, expect, it } from "@effect/vitest"
import { Models, type StatLine } from "@sports-data/domain"
import { Models as Training } from "@sports-data/ingest"
import { lcg } from "../harness/random.js"

/** A stat line carrying only what the confidence model reads. */
const line = (
  player: string,
  season: number,
  week: number,
  ppr: number,
  position = "QB"
): StatLine => ({
  id: `${season}_${week}_${player}`,
  sport: "nfl",
  player_id: player,
  game_id: `${season}_${week}_${player}`,
  season,
  week,
  game_date: `${season}-09-${String(week + 9).padStart(2, "0")}`,
  team: null,
  opponent: null,
  position,
  is_starter: true,
  stats: {},
  fantasy_points: ppr,
  fantasy_points_formats: { ppr }
})

/** nfl's spec without its date windows, retrain window, extra features and Platt scaling. */
const { extraFeatures: _extra, platt: _platt, retrain: _retrain, train: _train, ...plainNfl } = Models.nflConfidence

/** A small nfl-like spec: QBs only, the 3rd best of each week is the line, trailing 4. */
const spec: Models.ConfidenceSpec = {
  ...plainNfl,
  lineRanks: { QB: 3 },
  window: 4,
  minHistory: 2,
  trainSeasons: [2022, 2023],
  heldOutSeasons: [2024]
}

/** 8 QBs of fixed skill (mean points 8 + 2·i) with seeded noise, 15 weeks a season, 2022-2024. */
const fixture = (seed: number): ReadonlyArray<StatLine> => {
  const rand = lcg(seed)
  return [2022, 2023, 2024].flatMap((season) =>
    Array.from({ length: 15 }, (_, w) => w + 1).flatMap((week) =>
      Array.from(
        { length: 8 },
        (_, i) => line(`q${i}`, season, week, Math.round((8 + 2 * i + 10 * (rand() - 0.5)) * 10) / 10)
      )
    )
  )
}

describe("model registry: training and validation", () => {
  it("the start line is the k-th highest points of the slate's position group", () => {
    const lines = [30, 25, 20, 15].map((p, i) => line(`p${i}`, 2024, 1, p))
      .concat([line("r1", 2024, 1, 40, "RB")])
    const lines2 = Models.slateLines(spec, lines)
    expect(lines2.get("2024-1|QB")).toBe(20)
    expect(lines2.has("2024-1|RB")).toBe(false)
  })

  it("no leakage: a game's own points (and so its line) change nothing in its prediction's features", () => {
    const lines = fixture(7)
    const target = lines.find((l) => l.season === 2024 && l.week === 9 && l.player_id === "q3")!
    const featuresOf = (ls: ReadonlyArray<StatLine>) =>
      Models.buildExamples(spec, ls).find((e) => e.game_id === target.game_id)
    const base = featuresOf(lines)!
    for (const ppr of [0, 99]) {
      const changed = lines.map((l) => (l === target ? { ...l, fantasy_points_formats: { ppr } } : l))
      const other = featuresOf(changed)!
      expect(other.features).toEqual(base.features)
      expect(other.baseline).toBe(base.baseline)
      expect(other.as_of).toBe(base.as_of)
      expect(other.actual).toBe(ppr)
    }
    // removing the game and every later line leaves the features of the game before it as they were
    const before = lines.find((l) => l.season === 2024 && l.week === 8 && l.player_id === "q3")!
    const cut = lines.filter((l) => l.season < 2024 || (l.week ?? 0) <= 8)
    expect(Models.buildExamples(spec, cut).find((e) => e.game_id === before.game_id)!.features)
      .toEqual(Models.buildExamples(spec, lines).find((e) => e.game_id === before.game_id)!.features)
    expect(base.as_of! < base.game_date!).toBe(true)
  })

  it("the fit recovers the rate of each group of a binary feature (maximum likelihood)", () => {
    const x = [...Array.from({ length: 100 }, () => [0]), ...Array.from({ length: 100 }, () => [1])]
    const y = [
      ...Array.from({ length: 100 }, (_, i) => (i < 20 ? 1 : 0)),
      ...Array.from({ length: 100 }, (_, i) => (i < 70 ? 1 : 0))
    ]
    const fit = Training.fitLogistic(x, y)
    expect(Training.predictLogistic(fit, [0])).toBeCloseTo(0.2, 2)
    expect(Training.predictLogistic(fit, [1])).toBeCloseTo(0.7, 2)
  })

  it("the card's numbers equal a recomputation from the raw points", () => {
    const lines = fixture(11)
    const trained = Training.trainConfidence(spec, lines, "2025-01-01T00:00:00.000Z")
    const result = trained.version.card.result!
    // recompute: each player's games in order; the line of each week; trailing-4 rates; labels
    const weekLine = new Map<string, number>()
    for (const key of new Set(lines.map((l) => `${l.season}-${l.week}`))) {
      const pts = lines.filter((l) => `${l.season}-${l.week}` === key).map((l) => l.fantasy_points!).sort((a, b) =>
        b - a
      )
      weekLine.set(key, pts[2]!)
    }
    const rows: Array<{ season: number; rate: number; features: Array<number>; y: number }> = []
    for (let i = 0; i < 8; i++) {
      const games = lines.filter((l) => l.player_id === `q${i}`)
      games.forEach((g, n) => {
        const prior = games.slice(Math.max(0, n - 4), n)
        if (prior.length < 2) return
        const lineOf = (l: StatLine) => weekLine.get(`${l.season}-${l.week}`)!
        const d = prior.map((p) => p.fantasy_points! - lineOf(p))
        const pts = prior.map((p) => p.fantasy_points!)
        const m = pts.reduce((a, b) => a + b, 0) / pts.length
        const rate = prior.filter((p) => p.fantasy_points! >= lineOf(p)).length / prior.length
        rows.push({
          season: g.season,
          rate,
          features: [
            rate,
            d.reduce((a, b) => a + b, 0) / d.length,
            d.slice(-3).reduce((a, b) => a + b, 0) / d.slice(-3).length,
            Math.sqrt(pts.reduce((a, p) => a + (p - m) ** 2, 0) / pts.length),
            prior.length / 4,
            Math.min(280, (Date.parse(g.game_date!) - Date.parse(prior[prior.length - 1]!.game_date!)) / 86_400_000) / 7
          ],
          y: g.fantasy_points! >= lineOf(g) ? 1 : 0
        })
      })
    }
    const train = rows.filter((r) => r.season < 2024)
    const held = rows.filter((r) => r.season === 2024)
    const fit = Training.fitLogistic(train.map((r) => r.features), train.map((r) => r.y))
    const brierOf = (ps: Array<number>) => ps.reduce((s, p, i) => s + (p - held[i]!.y) ** 2, 0) / ps.length
    const model = brierOf(held.map((r) => Training.predictLogistic(fit, r.features)))
    const baseline = brierOf(held.map((r) => r.rate))
    expect(result.observations_train).toBe(train.length)
    expect(result.observations_held_out).toBe(held.length)
    expect(result.metric_model).toBeCloseTo(model, 4)
    expect(result.metric_baseline).toBeCloseTo(baseline, 4)
    expect(result.improvement_pct).toBeCloseTo(((baseline - model) / baseline) * 100, 2)
    expect(result.passed).toBe(result.improvement_pct >= 3 && result.calibration_error! <= 0.03)
    expect(trained.version.status).toBe(result.passed ? "ACTIVE" : "REJECTED")
    // deterministic: the same lines give the same version
    expect(Training.trainConfidence(spec, lines, "2026-01-01T00:00:00.000Z").version.version).toBe(
      trained.version.version
    )
  })

  it("nfl's Platt scaling and fit use the training window only: a held-out game's points change neither", () => {
    const rand = lcg(21)
    const lines = [2022, 2023, 2024].flatMap((season) =>
      Array.from({ length: 15 }, (_, w) => w + 1).flatMap((week) =>
        Array.from(
          { length: 14 },
          (_, i) => line(`q${i}`, season, week, Math.round((8 + i + 12 * (rand() - 0.5)) * 10) / 10)
        )
      )
    )
    const trained = Training.trainConfidence(Models.nflConfidence, lines, "2025-01-01T00:00:00.000Z")
    const card = trained.version.card
    // 6 base features, 3 position indicators, 2 squares, each with the intercept; then Platt's 2
    expect(card.coefficients).toHaveLength(1 + 6 + 3 + 2 + 2)
    expect(card.result!.observations_train).toBe(
      Models.buildExamples(Models.nflConfidence, lines).filter((e) => e.season === 2023).length
    )
    const target = lines.find((l) => l.season === 2024 && l.week === 7 && l.player_id === "q5")!
    const changed = lines.map((l) => (l === target ? { ...l, fantasy_points_formats: { ppr: 60 } } : l))
    const other = Training.trainConfidence(Models.nflConfidence, changed, "2025-01-01T00:00:00.000Z")
    expect(other.version.card.coefficients).toEqual(card.coefficients)
    const mine = (t: Training.Trained) => t.predictions.find((p) => p.game_id === target.game_id)?.probability
    expect(mine(other)).toBe(mine(trained))
  })

  it("calibration error: perfectly calibrated bins score 0, a constant miss scores its gap", () => {
    expect(Models.calibrationError([0.25, 0.25, 0.25, 0.25], [1, 0, 0, 0])).toBeCloseTo(0, 10)
    expect(Models.calibrationError([0.9, 0.9], [0, 0])).toBeCloseTo(0.9, 10)
    expect(Models.confidenceScore(0.5)).toBe(38)
    expect(Models.confidenceScore(1)).toBe(75)
  })

  it("a model that fails its pass rule is REJECTED and brings no prediction", () => {
    // points are pure noise around one mean: nothing beats the trailing rate by 3% with calibration
    const rand = lcg(3)
    const noise = [2022, 2023, 2024].flatMap((season) =>
      Array.from({ length: 6 }, (_, w) => w + 1).flatMap((week) =>
        Array.from({ length: 4 }, (_, i) => line(`n${i}`, season, week, Math.round(rand() * 200) / 10))
      )
    )
    const trained = Training.trainConfidence(spec, noise, "2025-01-01T00:00:00.000Z")
    expect(trained.version.card.result!.passed).toBe(false)
    expect(trained.version.status).toBe("REJECTED")
    expect(trained.predictions).toEqual([])
    // and with no held-out season at all: REJECTED, no result, the note says why
    const untrained = Training.trainConfidence(spec, noise.filter((l) => l.season < 2024), "2025-01-01T00:00:00.000Z")
    expect(untrained.version.status).toBe("REJECTED")
    expect(untrained.version.card.result).toBeNull()
    expect(untrained.version.card.note).toMatch(/0 held-out/)
  })
})

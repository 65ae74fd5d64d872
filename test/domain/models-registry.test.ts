/**
 * The models of the registry beyond confidence (issue 12): the heat classes and their rank
 * correlation, the heat and pitcher_form features (hand-checked), no leakage (a game's own line
 * changes nothing in its prediction), pitcher_form's card recomputed from the raw fixture rows
 * (test/fixtures/mlb/kxmplin_mlb_k_model, a cut of the real file), the nhl fixed line and
 * in-season windows, and nfl's extra features.
 */
import { describe, expect, it } from "@effect/vitest"
import { Models, type StatLine } from "@sports-data/domain"
import { Models as Training } from "@sports-data/ingest"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { lcg } from "../harness/random.js"

const mlbFixtures = join(dirname(fileURLToPath(import.meta.url)), "../fixtures/mlb")

/** An nfl stat line carrying what the models read (PPR points, position, season, week, date). */
const line = (player: string, season: number, week: number, ppr: number, position = "WR"): StatLine => ({
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
  stats: { points: ppr },
  fantasy_points: ppr,
  fantasy_points_formats: { ppr }
})

/** nfl heat on the plain seasons (no date windows): train 2022-2023, validate 2024, trailing 8. */
const { extraFeatures: _e, platt: _p, retrain: _r, train: _t, ...heatSpec } = Models.nflConfidence

/** 12 receivers of fixed skill with seeded noise and a slow seeded drift, 14 weeks of 2022-2024. */
const fixture = (seed: number): ReadonlyArray<StatLine> => {
  const rand = lcg(seed)
  const level = Array.from({ length: 12 }, (_, i) => 6 + i)
  return [2022, 2023, 2024].flatMap((season) =>
    Array.from({ length: 14 }, (_, w) => w + 1).flatMap((week) =>
      level.map((l, i) => {
        level[i] = Math.max(2, l + 2 * (rand() - 0.5))
        return line(`w${i}`, season, week, Math.round(level[i]! * (0.4 + 1.2 * rand()) * 10) / 10)
      })
    )
  )
}

describe("heat classes and rank correlation", () => {
  it("cut points on the change relative to the trailing mean: -10%, +10%, +25%", () => {
    expect(Models.heatClassOf(-2, 10)).toBe("Cold")
    expect(Models.heatClassOf(-1, 10)).toBe("Warming")
    expect(Models.heatClassOf(0.99, 10)).toBe("Warming")
    expect(Models.heatClassOf(1, 10)).toBe("Hot")
    expect(Models.heatClassOf(2.49, 10)).toBe("Hot")
    expect(Models.heatClassOf(2.5, 10)).toBe("Surging")
  })

  it("Spearman: 1 for the same order, -1 reversed, ties at their average rank", () => {
    expect(Models.spearman([1, 2, 3, 4], [10, 20, 30, 45])).toBeCloseTo(1, 12)
    expect(Models.spearman([1, 2, 3, 4], [9, 7, 5, 1])).toBeCloseTo(-1, 12)
    // ranks of a: 1.5 1.5 3.5 3.5; of b: 1 2 3 4 -> cov 4, var 4 and 5 -> 4 / sqrt(20)
    expect(Models.spearman([0, 0, 1, 1], [1, 2, 3, 4])).toBeCloseTo(4 / Math.sqrt(20), 12)
    expect(Models.spearman([3, 3, 3], [1, 2, 3])).toBe(0)
  })

  it("a heat example: trailing mean, momentum_delta and the realised change from earlier games", () => {
    const points = [10, 10, 10, 20, 20, 20, 30]
    const lines = points.map((p, w) => line("h", 2024, w + 1, p))
    const [example] = Models.buildHeatExamples(heatSpec, lines)
    // window 8 holds the 6 earlier games: mean 15; last 3 mean 20; games 4-6 back mean 10
    expect(example).toMatchObject({
      game_id: "2024_7_h",
      trailing_mean: 15,
      actual: 30,
      change: 15,
      momentum_delta: 10,
      as_of: "2024-09-15"
    })
    expect(example!.features.slice(0, 5)).toEqual([Math.log(16), 5 / 15, 10 / 15, 5 / 15, 0])
    expect(Models.buildHeatExamples(heatSpec, lines.slice(0, 6))).toEqual([])
  })

  it("no leakage: a game's own line, whatever its points, changes nothing in its heat prediction", () => {
    const lines = fixture(5)
    const target = lines.find((l) => l.season === 2024 && l.week === 10 && l.player_id === "w4")!
    const predictionOf = (ls: ReadonlyArray<StatLine>) => {
      const trained = Training.trainHeat(heatSpec, ls, "2025-01-01T00:00:00.000Z")
      const example = Models.buildHeatExamples(heatSpec, ls).find((e) => e.game_id === target.game_id)!
      return { example, trained }
    }
    const base = predictionOf(lines)
    const without = lines.filter((l) => l !== target)
    for (const ppr of [0, 80]) {
      const other = predictionOf([...without, { ...target, fantasy_points: ppr, fantasy_points_formats: { ppr } }])
      expect(other.example.features).toEqual(base.example.features)
      expect(other.example.momentum_delta).toBe(base.example.momentum_delta)
      expect(other.example.trailing_mean).toBe(base.example.trailing_mean)
      expect(other.example.as_of).toBe(base.example.as_of)
      // the fit uses the training seasons only, so the coefficients (and the prediction) are the same
      expect(other.trained.version.card.coefficients).toEqual(base.trained.version.card.coefficients)
    }
    // the game's line removed: the games before it keep their features
    const before = lines.find((l) => l.season === 2024 && l.week === 9 && l.player_id === "w4")!
    const find = (ls: ReadonlyArray<StatLine>) =>
      Models.buildHeatExamples(heatSpec, ls).find((e) => e.game_id === before.game_id)!.features
    expect(find(without)).toEqual(find(lines))
  })

  it("the heat card's metrics equal a recomputation of both rank correlations; status follows the rule", () => {
    const lines = fixture(9)
    const trained = Training.trainHeat(heatSpec, lines, "2025-01-01T00:00:00.000Z")
    const result = trained.version.card.result!
    const examples = Models.buildHeatExamples(heatSpec, lines)
    const train = examples.filter((e) => e.season < 2024)
    const held = examples.filter((e) => e.season === 2024)
    const fit = Training.fitLinear(train.map((e) => e.features), train.map(Models.heatTarget))
    const order = ["Cold", "Warming", "Hot", "Surging"]
    const realised = held.map((e) => (e.actual - e.trailing_mean) / e.trailing_mean)
    const model = Models.spearman(
      held.map((e) => order.indexOf(Models.heatClassOfRelative(Training.predictLinear(fit, e.features)))),
      realised
    )
    const baseline = Models.spearman(
      held.map((e) => order.indexOf(Models.heatClassOf(e.momentum_delta, e.trailing_mean))),
      realised
    )
    expect(result.observations_held_out).toBe(held.length)
    expect(result.metric_model).toBeCloseTo(model, 4)
    expect(result.metric_baseline).toBeCloseTo(baseline, 4)
    expect(result.passed).toBe(model > baseline)
    expect(trained.version.status).toBe(model > baseline ? "ACTIVE" : "REJECTED")
    expect(trained.version.id).toMatch(/^nfl\.heat\.1\./)
    if (trained.version.status === "ACTIVE") {
      expect(trained.predictions.length).toBe(held.length)
      for (const p of trained.predictions) {
        expect(p.model_type).toBe("heat")
        expect(Models.heatClassOf(p.expected! - p.threshold!, p.threshold!)).toBe(p.heat_signal)
        expect(p.probability).toBeNull()
      }
    } else expect(trained.predictions).toEqual([])
  })

  it("a heat model with no held-out season is REJECTED, untrained, with the reason", () => {
    const trained = Training.trainHeat(heatSpec, fixture(1).filter((l) => l.season < 2024), "2025-01-01T00:00:00.000Z")
    expect(trained.version.status).toBe("REJECTED")
    expect(trained.version.card.result).toBeNull()
    expect(trained.version.card.note).toMatch(/0 held-out/)
    expect(trained.predictions).toEqual([])
  })
})

describe("mlb pitcher_form", () => {
  /** The fixture's raw rows, de-duplicated on (game_pk, side) by hand. */
  const raw = () => {
    const [header, ...rows] = readFileSync(join(mlbFixtures, "kxmplin_mlb_k_model/historical_ks.csv"), "utf8")
      .trim().split("\n")
    expect(header).toBe("game_pk,date,season,side,pitcher_id,k_actual,lineup_ids")
    const seen = new Set<string>()
    return rows.map((r) => r.split(",")).filter(([pk, , , side]) => {
      const key = `${pk}|${side}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    }).map(([pk, date, season, , pitcher, k]) => ({
      game_pk: pk!,
      date: date!,
      season: Number(season),
      pitcher: pitcher!,
      strikeouts: Number(k)
    }))
  }

  it.effect("reads the starts, the suspended game once (its earlier date)", () =>
    Effect.gen(function*() {
      const starts = yield* Training.readStarts(mlbFixtures)
      expect(starts.length).toBe(raw().length)
      const suspended = starts.filter((s) => s.game_pk === "745180")
      expect(suspended).toEqual([{
        pitcher: "680694",
        game_pk: "745180",
        date: "2024-05-21",
        season: 2024,
        strikeouts: 6
      }])
    }))

  it("features of a start come from the pitcher's earlier starts only (hand-checked)", () => {
    const ks = [4, 6, 8, 5, 7, 9, 3]
    const starts = ks.map((k, i) => ({
      pitcher: "1",
      game_pk: `${100 + i}`,
      date: `2024-04-${String(1 + 5 * i).padStart(2, "0")}`,
      season: 2024,
      strikeouts: k
    }))
    const examples = Models.buildStartExamples(starts)
    expect(examples.map((e) => e.game_pk)).toEqual(["103", "104", "105", "106"])
    const last = examples[examples.length - 1]!
    // earlier starts 4 6 8 5 7 9: last 5 mean 7; all 6 mean 6.5; previous 9; 5 days rest
    expect(last.baseline).toBe(7)
    expect(last.actual).toBe(3)
    expect(last.as_of).toBe("2024-04-26")
    const sd = Math.sqrt([4, 6, 8, 5, 7, 9].reduce((s, k) => s + (k - 6.5) ** 2, 0) / 6)
    expect(last.features).toEqual([7, 6.5, 9, sd, 6 / 15, 5 / 7])
  })

  it.effect("the card's MAE and baseline equal a recomputation from the raw rows; no leakage", () =>
    Effect.gen(function*() {
      const starts = yield* Training.readStarts(mlbFixtures)
      const known = new Set(["svc_mlb_519242"])
      const trained = Training.trainPitcherForm(starts, known, "2025-08-01T00:00:00.000Z")
      const result = trained.version.card.result!
      // the baseline by hand: mean of the pitcher's previous 5 starts (needing 3), 2025 starts
      const rows = raw()
      let sum = 0
      let n = 0
      const heldPitchers = new Set<string>()
      for (const pitcher of new Set(rows.map((r) => r.pitcher))) {
        const mine = rows.filter((r) => r.pitcher === pitcher).sort((a, b) =>
          a.date.localeCompare(b.date) || a.game_pk.localeCompare(b.game_pk)
        )
        mine.forEach((r, i) => {
          if (i < 3 || r.season !== 2025) return
          const prev = mine.slice(Math.max(0, i - 5), i).map((p) => p.strikeouts)
          sum += Math.abs(prev.reduce((a, b) => a + b, 0) / prev.length - r.strikeouts)
          n += 1
          heldPitchers.add(pitcher)
        })
      }
      expect(result.observations_held_out).toBe(n)
      expect(result.metric_baseline).toBeCloseTo(sum / n, 4)
      expect(result.passed).toBe(result.improvement_pct >= 3)
      expect(trained.version.status).toBe(result.passed ? "ACTIVE" : "REJECTED")
      expect(trained.version.card.note).toContain(`1 of ${heldPitchers.size} held-out pitchers`)
      if (trained.version.status === "ACTIVE") {
        expect(new Set(trained.predictions.map((p) => p.player_id))).toEqual(known)
        expect(trained.predictions.every((p) => p.model_type === "pitcher_form" && p.expected !== null)).toBe(true)
      } else expect(trained.predictions).toEqual([])
      // no leakage: a 2025 start's own row, whatever its strikeouts, changes nothing in its expected value
      const target = starts.find((s) => s.pitcher === "519242" && s.season === 2025 && s.date > "2025-05-01")!
      const without = starts.filter((s) => s !== target)
      for (const strikeouts of [0, 15]) {
        const other = Training.trainPitcherForm(
          [...without, { ...target, strikeouts }],
          known,
          "2025-08-01T00:00:00.000Z"
        )
        expect(other.version.card.coefficients).toEqual(trained.version.card.coefficients)
        const mine = (t: Training.Trained) => t.predictions.find((p) => p.game_id === target.game_pk)
        expect(mine(other)?.expected).toBe(mine(trained)?.expected)
        expect(
          Models.buildStartExamples([...without, { ...target, strikeouts }]).find((e) => e.game_pk === target.game_pk)!
            .features
        ).toEqual(Models.buildStartExamples(starts).find((e) => e.game_pk === target.game_pk)!.features)
      }
    }))

  it("without the starts file the card is REJECTED, untrained, and says why", () => {
    const trained = Training.trainPitcherForm([], new Set(), "2025-08-01T00:00:00.000Z")
    expect(trained.version.status).toBe("REJECTED")
    expect(trained.version.card.result).toBeNull()
    expect(trained.version.card.note).toMatch(/0 training and 0 held-out starts/)
  })
})

describe("nhl confidence and nfl's extra features", () => {
  it("nhl: the line is 1 point for every skater, goalies left out, windows split on 2025-12-31", () => {
    const skater = (player: string, date: string, points: number, position = "C"): StatLine => ({
      ...line(player, 2025, 0, 0, position),
      id: `${player}_${date}`,
      sport: "nhl",
      game_id: `${player}_${date}`,
      week: null,
      game_date: date,
      stats: { points },
      fantasy_points: 99
    })
    const dates = ["2025-12-20", "2025-12-23", "2025-12-27", "2025-12-31", "2026-01-02", "2026-01-05"]
    const lines = [
      ...dates.map((d, i) => skater("s1", d, [0, 2, 1, 0, 1, 0][i]!)),
      ...dates.map((d) => skater("g1", d, 0, "G"))
    ]
    const examples = Models.buildExamples(Models.nhlConfidence, lines)
    expect(examples.map((e) => [e.game_date, e.threshold, e.label, e.baseline])).toEqual([
      ["2025-12-31", 1, 0, 2 / 3],
      ["2026-01-02", 1, 1, 2 / 4],
      ["2026-01-05", 1, 0, 3 / 5]
    ])
    const { heldOut, train } = Models.windowsOf(Models.nhlConfidence)
    expect(examples.map((e) => [Models.inWindow(train, e), Models.inWindow(heldOut, e)])).toEqual([
      [true, false],
      [false, true],
      [false, true]
    ])
  })

  it("nfl: position indicators (QB, RB, WR; TE the reference) and the squares follow the base features", () => {
    const weekLines = (week: number) =>
      ["QB", "RB", "WR", "TE"].flatMap((pos) =>
        Array.from({ length: 24 }, (_, i) => line(`${pos}${i}`, 2024, week, 30 - i, pos))
      )
    const lines = [1, 2, 3, 4].flatMap(weekLines)
    const examples = Models.buildExamples(Models.nflConfidence, lines)
    const rb = examples.find((e) => e.player_id === "RB3" && e.week === 4)!
    // RB3 scores 27 every week; the 24th RB scores 7: rate 1, mean diff 20
    expect(rb.features.slice(0, 2)).toEqual([1, 20])
    expect(rb.features.slice(6)).toEqual([0, 1, 0, 1, 400])
    const te = examples.find((e) => e.player_id === "TE20" && e.week === 4)!
    // TE20 scores 10; the 12th TE scores 19: rate 0, mean diff -9
    expect(te.features.slice(6)).toEqual([0, 0, 0, 0, -81])
  })
})

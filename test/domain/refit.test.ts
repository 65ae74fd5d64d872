/**
 * The refit of nfl confidence and heat with the pre-kickoff features (issue 23 point 4): the
 * NFL.com benchmark logistic on a hand case, the benchmark's player-weeks and Brier scores, no
 * leakage into the appended features (a game's own line, its score and everything later change
 * none of them), and the training job on a seeded league whose points follow the game's implied
 * team total: both versions measured on the same windows, the same comparison table on both
 * cards, the better one ACTIVE and recorded last, and the card's benchmark numbers recomputable
 * from the stored predictions and the NFL.com rows.
 */
import { describe, expect, it } from "@effect/vitest"
import { type Game, Models, type Player, Refit, type StatLine } from "@sports-data/domain"
import { Models as Training } from "@sports-data/ingest"
import { lcg } from "../harness/random.js"

const day = (season: number, week: number) =>
  new Date(Date.UTC(season, 8, 7) + (week - 1) * 7 * 86_400_000).toISOString().slice(0, 10)

const TEAMS = Array.from({ length: 24 }, (_, i) => `T${String(i).padStart(2, "0")}`)
const POSITIONS = ["QB", "RB", "WR", "WR", "TE"] as const
const WEEKS = 14

/**
 * A seeded league of 24 teams (a QB, an RB, two WRs and a TE each: enough for the 12th QB, 24th
 * RB, 24th WR and 12th TE lines), 14 weeks of 2022-2025; each player's points scale with his
 * team's implied total (from the game's closing spread and total) times noise, so the pre-kickoff
 * features carry what the trailing points do not.
 */
const league = (seed: number) => {
  const rand = lcg(seed)
  const roster = TEAMS.flatMap((team) =>
    POSITIONS.map((position, i) => ({ id: `svc_nfl_${team}${i}`, team, position, skill: 4 + 12 * rand() }))
  )
  const games: Array<Game> = []
  const lines: Array<StatLine> = []
  for (const season of [2022, 2023, 2024, 2025]) {
    for (let week = 1; week <= WEEKS; week++) {
      const order = TEAMS.slice().sort(() => rand() - 0.5)
      for (let k = 0; k < order.length; k += 2) {
        const home = order[k]!
        const away = order[k + 1]!
        const spread = Math.round((rand() - 0.5) * 20)
        const total = 34 + Math.round(rand() * 22)
        const g: Game = {
          id: `${season}_${String(week).padStart(2, "0")}_${away}_${home}`,
          sport: "nfl",
          league: "nfl",
          season,
          week,
          season_type: "REG",
          game_date: day(season, week),
          start_time: null,
          state: "final",
          home_team: home,
          away_team: away,
          home_score: Math.round((total + spread) / 2),
          away_score: Math.round((total - spread) / 2),
          venue: null,
          attributes: { spread_line: spread, total_line: total }
        }
        games.push(g)
        for (const p of roster.filter((r) => r.team === home || r.team === away)) {
          const implied = p.team === home ? (total + spread) / 2 : (total - spread) / 2
          const receptions = p.position === "QB" ? 0 : Math.round(p.skill / 4 * rand() * 2)
          const standard = Math.round(p.skill * (implied / 22) ** 2 * (0.6 + 0.8 * rand()) * 10) / 10
          lines.push({
            id: `${p.id}:${g.id}`,
            sport: "nfl",
            player_id: p.id,
            game_id: g.id,
            season,
            week,
            game_date: g.game_date,
            team: p.team,
            opponent: p.team === home ? away : home,
            position: p.position,
            is_starter: null,
            stats: { receptions, targets: receptions + 1, rushing_attempts: p.position === "RB" ? 12 : 1 },
            fantasy_points: standard + receptions,
            fantasy_points_formats: {
              standard,
              half_ppr: standard + receptions / 2,
              ppr: standard + receptions
            }
          })
        }
      }
    }
  }
  const players: ReadonlyArray<Player> = roster.map((r) => ({
    id: r.id,
    sport: "nfl",
    full_name: r.id,
    first_name: null,
    last_name: null,
    position: r.position,
    team: r.team,
    status: "active",
    birth_date: null,
    platform_ids: { nfl: `n${r.id}` },
    attributes: {}
  }))
  return { games, lines, players }
}

/** NFL.com rows of every line: a noisy half-PPR projection; PPR from 2024 on. */
const rowsOf = (lines: ReadonlyArray<StatLine>, seed: number): ReadonlyArray<Refit.ProjectionRow> => {
  const rand = lcg(seed)
  return lines.map((l) => {
    const projected = Math.max(0, l.fantasy_points_formats["half_ppr"]! + 12 * (rand() - 0.5))
    return {
      nfl_id: `n${l.player_id}`,
      season: l.season,
      week: l.week!,
      projected,
      projected_ppr: l.season >= 2024 ? projected + 0.5 * l.stats["receptions"]! : null
    }
  })
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))

describe("the NFL.com benchmark probability", () => {
  it("the logistic on projection − line recovers a hand case: 1 of 4 clear at −5 points, 3 of 4 at +5", () => {
    const week = (diff: number, label: 0 | 1) => ({
      example: { threshold: 10, label } as Models.Example,
      projected: 10 + diff
    })
    const weeks = [
      ...[1, 0, 0, 0].map((y) => week(-5, y as 0 | 1)),
      ...[1, 1, 1, 0].map((y) => week(5, y as 0 | 1))
    ]
    // maximum likelihood: σ(a − 5b) = 1/4 and σ(a + 5b) = 3/4, so a = 0 and b = ln 3 / 5
    const fit = Training.fitProbabilityBenchmark(weeks)!
    expect(fit.intercept).toBeCloseTo(0, 3)
    expect(fit.slope).toBeCloseTo(Math.log(3) / 5, 2)
    expect(fit.p(weeks[0]!)).toBeCloseTo(0.25, 2)
    expect(fit.p(weeks[4]!)).toBeCloseTo(0.75, 2)
    // one outcome only: no fit
    expect(Training.fitProbabilityBenchmark(weeks.filter((w) => w.example.label === 1))).toBeNull()
  })

  it("its player-weeks are the examples NFL.com projects (by platform id); Brier of model, benchmark, baseline", () => {
    const ex = (player_id: string, week: number, label: 0 | 1, baseline: number) =>
      ({ player_id, season: 2024, week, label, baseline, threshold: 10 }) as Models.Example
    const examples = [ex("a", 1, 1, 0.5), ex("a", 2, 0, 0.25), ex("b", 1, 1, 1)]
    const rows: ReadonlyArray<Refit.ProjectionRow> = [
      { nfl_id: "1", season: 2024, week: 1, projected: 12, projected_ppr: 14 },
      { nfl_id: "1", season: 2024, week: 2, projected: 6, projected_ppr: null }, // no PPR projection
      { nfl_id: "9", season: 2024, week: 1, projected: 20, projected_ppr: 20 } // no stored player
    ]
    const playerOf = (id: string) => (id === "1" ? "a" : undefined)
    const half = Refit.benchmarkWeeks(examples, rows, playerOf, (r) => r.projected)
    expect(half.map((w) => [w.example.week, w.projected])).toEqual([[1, 12], [2, 6]])
    expect(Refit.benchmarkWeeks(examples, rows, playerOf, (r) => r.projected_ppr).map((w) => w.projected)).toEqual([
      14
    ])
    const result = Refit.compareProbabilities(
      "w",
      { benchmark: "b", fitted_on: "f", intercept: 0, slope: 0.1 },
      half,
      (e) => (e.week === 1 ? 0.8 : 0.4),
      (w) => sigmoid(0.1 * (w.projected - w.example.threshold))
    )
    const p1 = sigmoid(0.2)
    const p2 = sigmoid(-0.4)
    expect(result.player_weeks).toBe(2)
    expect(result.brier_model).toBeCloseTo((0.2 ** 2 + 0.4 ** 2) / 2, 5)
    expect(result.brier_benchmark).toBeCloseTo(((1 - p1) ** 2 + p2 ** 2) / 2, 5)
    expect(result.brier_baseline).toBeCloseTo((0.5 ** 2 + 0.25 ** 2) / 2, 5)
  })

  it("the better candidate: eligible by its rule, the refit only when better in every window", () => {
    const r = (metric: number, passed = true) => ({ metric_model: metric, passed }) as Models.ModelResult
    const c = (candidate: "current" | "refit", ...rs: ReadonlyArray<Models.ModelResult>): Refit.Candidate => ({
      candidate,
      major: candidate === "current" ? 1 : 2,
      features: 1,
      windows: rs.map((result, i) => ({ held_out_window: `w${i}`, result }))
    })
    const lower = (a: Models.ModelResult, b: Models.ModelResult) => a.metric_model < b.metric_model
    expect(Refit.chooseCandidate(c("current", r(2), r(2)), c("refit", r(1), r(1)), lower)).toBe("refit")
    expect(Refit.chooseCandidate(c("current", r(2), r(2)), c("refit", r(1), r(3)), lower)).toBe("current")
    expect(Refit.chooseCandidate(c("current", r(2, false)), c("refit", r(3)), lower)).toBe("refit")
    expect(Refit.chooseCandidate(c("current", r(2)), c("refit", r(1, false)), lower)).toBe("current")
    expect(Refit.chooseCandidate(c("current", r(2, false)), c("refit", r(1, false)), lower)).toBeNull()
  })
})

describe("refit: no leakage into the pre-kickoff features", () => {
  it("a game's own line and score, and every later line and score, change none of its refit features", () => {
    const { games, lines } = league(5)
    const target = lines.find((l) => l.season === 2024 && l.week === 6 && l.player_id === "svc_nfl_T031")!
    const later = (x: { readonly season: number; readonly week: number | null }) =>
      x.season > 2024 || (x.season === 2024 && x.week! >= 6)
    const rand = lcg(77)
    const scrambled = lines.map((l) =>
      later(l)
        ? {
          ...l,
          stats: { ...l.stats, receptions: 20 * rand(), targets: 30 * rand() },
          fantasy_points_formats: { standard: 50 * rand(), half_ppr: 50 * rand(), ppr: 50 * rand() }
        }
        : l
    )
    const rescored = games.map((g) => (later(g) ? { ...g, home_score: 70, away_score: 0 } : g))
    const confidenceOf = (ls: ReadonlyArray<StatLine>, gs: ReadonlyArray<Game>) =>
      Refit.withPreKickoff(Models.buildExamples(Models.nflConfidence, ls), ls, gs).find((e) =>
        e.game_id === target.game_id && e.player_id === target.player_id
      )!
    const heatOf = (ls: ReadonlyArray<StatLine>, gs: ReadonlyArray<Game>) =>
      Refit.withPreKickoff(Models.buildHeatExamples(Models.nflConfidence, ls), ls, gs).find((e) =>
        e.game_id === target.game_id && e.player_id === target.player_id
      )!
    const base = confidenceOf(lines, games)
    const other = confidenceOf(scrambled, rescored)
    expect(base.features).toHaveLength(
      Models.confidenceFeatures.length + Models.extraConfidenceFeatures(Models.nflConfidence).length +
        Refit.preKickoffFeatureNames.length
    )
    expect(other.features).toEqual(base.features)
    expect(other.as_of).toBe(base.as_of)
    expect(base.as_of! < base.game_date!).toBe(true)
    expect(heatOf(scrambled, rescored).features).toEqual(heatOf(lines, games).features)
    // the implied team total of the game's own closing lines is among them (known before kickoff)
    const g = games.find((x) => x.id === target.game_id)!
    const implied = (g.attributes["total_line"] as number + (g.home_team === target.team ? 1 : -1) *
        (g.attributes["spread_line"] as number)) / 2
    expect(base.features[base.features.length - 7]).toBe(implied)
  })
})

describe("nfl confidence and heat: the refit beside the current version", () => {
  const { games, lines, players } = league(9)
  const rows = rowsOf(lines, 3)
  const trainedAt = "2026-01-01T00:00:00.000Z"
  const trained = Training.trainNflConfidence(lines, games, players, rows, trainedAt)

  it("both versions on the same windows, the same comparison on both cards, the better one ACTIVE and last", () => {
    expect(trained.map((t) => t.version.version.split(".")[0]).sort()).toEqual(["1", "2"])
    const [loser, winner] = trained as [Training.Trained, Training.Trained]
    expect(winner.version.status).toBe("ACTIVE")
    expect(loser.version.status).toBe(loser.version.card.result!.passed ? "RETIRED" : "REJECTED")
    expect(loser.predictions).toEqual([])
    // the refit sees the implied team total that drives the points: it is better in both windows
    expect(winner.version.version.startsWith("2.")).toBe(true)
    for (const t of trained) {
      const card = t.version.card
      expect(card.version_comparison).toEqual(winner.version.card.version_comparison)
      const mine = card.version_comparison!.filter((c) => c.major === Number(t.version.version.split(".")[0]))
      expect(mine.map((c) => c.held_out_window)).toEqual(["nfl season 2024", "nfl season 2025 weeks 1-14"])
      expect(mine[0]!.result).toEqual(card.result)
      expect(mine[1]!.result).toEqual(card.additional_results![0]!.result)
      expect(mine.every((c) => c.chosen === (t.version.status === "ACTIVE"))).toBe(true)
    }
    const [cur2024, cur2025, ref2024, ref2025] = winner.version.card.version_comparison!.map((c) => c.result!)
    expect(cur2024!.observations_held_out).toBe(ref2024!.observations_held_out)
    expect(cur2025!.observations_held_out).toBe(ref2025!.observations_held_out)
    expect(ref2024!.metric_model).toBeLessThan(cur2024!.metric_model)
    expect(ref2025!.metric_model).toBeLessThan(cur2025!.metric_model)
    expect(winner.version.card.features).toHaveLength(11 + 28)
  })

  it("the card's NFL.com benchmark numbers are recomputable from the stored predictions and the rows", () => {
    const winner = trained[trained.length - 1]!
    const benchmarks = winner.version.card.probability_benchmarks!
    expect(benchmarks.map((b) => [b.window, b.benchmark.slice(0, 30)])).toEqual([
      ["nfl season 2024", "σ(a + b·(NFL.com projection − "],
      ["nfl season 2025 weeks 1-14", "σ(a + b·(NFL.com projection − "],
      ["nfl season 2025 weeks 1-14", "σ(a + b·(NFL.com PPR projectio"]
    ])
    // 2024 predictions by the 2023 fit, 2025 by the 2023-2024 fit: each window's Brier from the stored ones
    const key = (player: string, season: number, week: number) => `${player}|${season}|${week}`
    const weekOf = new Map(lines.map((l) => [`${l.game_id}|${l.player_id}`, l.week!] as const))
    const rowOf = new Map(rows.map((r) => [key(r.nfl_id.slice(1), r.season, r.week), r] as const))
    benchmarks.forEach((b, i) => {
      const season = i === 0 ? 2024 : 2025
      const preds = winner.predictions.filter((p) => p.season === season)
      const pick = (p: typeof preds[number]) => {
        const r = rowOf.get(key(p.player_id, p.season, weekOf.get(`${p.game_id}|${p.player_id}`)!))!
        return i === 2 ? r.projected_ppr! : r.projected
      }
      const y = preds.map((p) => (p.actual! >= p.threshold! ? 1 : 0))
      const brier = (ps: ReadonlyArray<number>) => ps.reduce((s, p, j) => s + (p - y[j]!) ** 2, 0) / ps.length
      expect(b.player_weeks).toBe(preds.length)
      expect(b.brier_model).toBeCloseTo(brier(preds.map((p) => p.probability!)), 4)
      expect(b.brier_benchmark).toBeCloseTo(
        brier(preds.map((p) => sigmoid(b.intercept + b.slope * (pick(p) - p.threshold!)))),
        4
      )
    })
    // the half-PPR logistic is fitted on 2022-2023 only: changing a 2024 projection leaves it as it was
    const moved = rows.map((r) => (r.season === 2024 ? { ...r, projected: r.projected + 30 } : r))
    const again = Training.trainNflConfidence(lines, games, players, moved, trainedAt)
    const b2 = again[again.length - 1]!.version.card.probability_benchmarks![0]!
    expect([b2.intercept, b2.slope]).toEqual([benchmarks[0]!.intercept, benchmarks[0]!.slope])
    expect(b2.brier_benchmark).not.toBe(benchmarks[0]!.brier_benchmark)
  })

  it("a held-out game's points change no fitted coefficient of either version (training windows only)", () => {
    const target = lines.find((l) => l.season === 2024 && l.week === 7 && l.player_id === "svc_nfl_T050")!
    const changed = lines.map((l) => (l === target ? { ...l, fantasy_points_formats: { ppr: 60, half_ppr: 55 } } : l))
    const other = Training.trainNflConfidence(changed, games, players, rows, trainedAt)
    const coefficients = (ts: ReadonlyArray<Training.Trained>) =>
      ts.map((t) => [t.version.version.split(".")[0], t.version.card.coefficients]).sort()
    expect(coefficients(other)).toEqual(coefficients(trained))
  })

  it("heat: the refit beside the current version, the same table on both cards, one ACTIVE recorded last", () => {
    const heat = Training.trainNflHeat(lines, games, trainedAt)
    expect(heat).toHaveLength(2)
    const winner = heat[1]!
    const loser = heat[0]!
    expect(winner.version.status).toBe("ACTIVE")
    expect(["RETIRED", "REJECTED"]).toContain(loser.version.status)
    expect(loser.predictions).toEqual([])
    expect(loser.version.card.version_comparison).toEqual(winner.version.card.version_comparison)
    const table = winner.version.card.version_comparison!
    const chosen = table.filter((c) => c.chosen)
    expect(chosen.map((c) => c.major)).toEqual([Number(winner.version.version.split(".")[0])].flatMap((m) => [m, m]))
    expect(chosen[0]!.result).toEqual(winner.version.card.result)
    for (const p of winner.predictions) expect(p.as_of! < p.game_date!).toBe(true)
  })
})

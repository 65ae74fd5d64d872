/**
 * The nfl projection model (issue 23): the features of a player-week (hand-checked), no leakage
 * (a week's own lines and scores and everything after it change nothing in its features or in its
 * walk-forward prediction), the NFL.com comparison (which player-weeks count, coverage, MAE) and
 * the pass rule, and the training job's card and predictions on a seeded league of four teams:
 * ACTIVE (with held-out and future predictions made before their games) only when it beats the
 * benchmark in both held-out windows, REJECTED with no prediction otherwise.
 */
import { describe, expect, it } from "@effect/vitest"
import { type Game, type Player, Projection as P, type StatLine } from "@sports-data/domain"
import { Models as Training, Projection as Walk } from "@sports-data/ingest"
import { lcg } from "../harness/random.js"

const day = (season: number, week: number) =>
  new Date(Date.UTC(season, 8, 7) + (week - 1) * 7 * 86_400_000).toISOString().slice(0, 10)

const game = (
  season: number,
  week: number,
  home: string,
  away: string,
  score: readonly [number, number] | null,
  lines: { spread: number; total: number } = { spread: 3, total: 44 }
): Game => ({
  id: `${season}_${String(week).padStart(2, "0")}_${away}_${home}`,
  sport: "nfl",
  league: "nfl",
  season,
  week,
  season_type: "REG",
  game_date: day(season, week),
  start_time: null,
  state: score === null ? "scheduled" : "final",
  home_team: home,
  away_team: away,
  home_score: score?.[0] ?? null,
  away_score: score?.[1] ?? null,
  venue: null,
  attributes: { spread_line: lines.spread, total_line: lines.total }
})

const line = (
  player: string,
  g: Game,
  team: string,
  position: string,
  stats: { readonly receptions: number; readonly standard: number; readonly targets?: number }
): StatLine => ({
  id: `${player}:${g.id}`,
  sport: "nfl",
  player_id: player,
  game_id: g.id,
  season: g.season,
  week: g.week,
  game_date: g.game_date,
  team,
  opponent: g.home_team === team ? g.away_team : g.home_team,
  position,
  is_starter: null,
  stats: {
    receptions: stats.receptions,
    targets: stats.targets ?? stats.receptions,
    rushing_attempts: 0,
    snap_pct: 80,
    ...(position === "QB" ? { passing_yards: 220, passing_attempts: 33 } : {})
  },
  fantasy_points: stats.standard + stats.receptions,
  fantasy_points_formats: {
    standard: stats.standard,
    half_ppr: stats.standard + stats.receptions / 2,
    ppr: stats.standard + stats.receptions
  }
})

describe("projection features", () => {
  it("a player-week's features from earlier games: trailing points and targets, lines, home, opponent allowed", () => {
    const g1 = game(2024, 1, "KC", "BUF", [20, 17])
    const g2 = game(2024, 2, "DEN", "KC", [10, 24])
    const g3 = game(2024, 3, "KC", "DEN", [30, 3], { spread: 7, total: 47 })
    const lines = [
      line("wr", g1, "KC", "WR", { receptions: 4, standard: 8 }), // half-PPR 10
      line("wr", g2, "KC", "WR", { receptions: 6, standard: 17 }), // half-PPR 20
      line("wr", g3, "KC", "WR", { receptions: 9, standard: 40 }),
      // DEN allowed 12 half-PPR points to WRs in week 2 (the KC receiver's 20 and no other WR: 20)
      line("den-wr", g2, "DEN", "WR", { receptions: 2, standard: 3 })
    ]
    const history = P.projectionHistory(lines, [g1, g2, g3])
    const f = P.projectionFeatures(history, { player_id: "wr", team: "KC", position: "WR", game: g3 })
    const names = P.projectionFeatureNames(P.projectionWindows)
    const byName = (prefix: string) => f.features[names.findIndex((n) => n.startsWith(prefix))]
    expect(f.features).toHaveLength(names.length)
    expect(f.baseline).toBe(15)
    expect(byName("mean half-PPR points over his last 8")).toBe(15)
    expect(byName("mean targets over his last 8")).toBe(5)
    expect(byName("mean snap share")).toBe(0.8)
    // home, favoured by 7 with a 47 total: (47 + 7) / 2
    expect(byName("the game's implied team total")).toBe(27)
    expect(byName("the game's spread from his team's side")).toBe(7)
    expect(byName("1 at home")).toBe(1)
    // DEN's earlier games: week 2 only, where KC's receiver scored 20 half-PPR points
    expect(byName("his opponent's mean half-PPR points allowed")).toBe(20)
    // KC scored 20 and 24 before week 3
    expect(byName("his team's mean points scored")).toBe(22)
    // exponentially weighted, half-life 3 games: weights 0.5^(1/3) for week 1's 10 points, 1 for week 2's 20
    const older = 0.5 ** (1 / 3)
    expect(byName("exponentially weighted mean (half-life 3 games, his last 12) of half-PPR points")).toBeCloseTo(
      (10 * older + 20) / (older + 1),
      10
    )
    expect(byName("snap share (0-1) of his previous game")).toBe(0.8)
    // no 2023 game: the previous season's mean and count are 0
    expect(byName("mean half-PPR points per game in the previous season")).toBe(0)
    expect(byName("exponentially weighted snap share × the game's implied team total")).toBeCloseTo(0.8 * 27, 10)
    expect(f.as_of).toBe(g2.game_date)
    // as the away side of the same game the spread and implied total turn over
    const away = P.projectionFeatures(history, { player_id: "den-wr", team: "DEN", position: "WR", game: g3 })
    expect(away.features[names.findIndex((n) => n.startsWith("the game's implied team total"))]).toBe(20)
    expect(away.features[names.findIndex((n) => n.startsWith("1 at home"))]).toBe(0)
    // no earlier game: no baseline, the no-history flag set
    const first = P.projectionFeatures(history, { player_id: "wr", team: "KC", position: "WR", game: g1 })
    expect(first.baseline).toBeNull()
    expect(first.features[names.indexOf("1 when he has no earlier game, else 0")]).toBe(1)
  })
})

/** A seeded league: 4 teams of QB, RB, 2 WR and TE, 2022-2024 weeks 1-17 and 2025 weeks 1-14 played, 15-17 scheduled. */
const league = (seed: number) => {
  const rand = lcg(seed)
  const teams = ["AAA", "BBB", "CCC", "DDD"]
  const roster = teams.flatMap((t) =>
    (["QB", "RB", "WR", "WR", "TE"] as const).map((position, i) => ({
      id: `svc_nfl_${t}${i}`,
      team: t,
      position,
      skill: 4 + 10 * rand()
    }))
  )
  const games: Array<Game> = []
  const lines: Array<StatLine> = []
  for (const season of [2022, 2023, 2024, 2025]) {
    for (let week = 1; week <= 17; week++) {
      const pairs = week % 2 === 0 ? [["AAA", "CCC"], ["BBB", "DDD"]] : [["AAA", "BBB"], ["CCC", "DDD"]]
      for (const [home, away] of pairs) {
        const spread = Math.round((rand() - 0.5) * 14)
        const total = 38 + Math.round(rand() * 14)
        const played = season < 2025 || week <= 14
        const g = game(season, week, home!, away!, played ? [20 + spread, 20 - spread] : null, { spread, total })
        games.push(g)
        if (!played) continue
        for (const p of roster.filter((r) => r.team === home || r.team === away)) {
          const implied = p.team === home ? (total + spread) / 2 : (total - spread) / 2
          const receptions = Math.round(p.skill / 3 * rand() * 2)
          const standard = Math.round(p.skill * (implied / 22) * (0.3 + 1.4 * rand()) * 10) / 10
          lines.push(line(p.id, g, p.team, p.position, { receptions, standard }))
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

/** NFL.com rows of every played 2023-2025 week: `projected(actual half-PPR)`; the row recorded a game. */
const benchmarkOf = (lines: ReadonlyArray<StatLine>, projected: (actual: number) => number) =>
  lines.filter((l) => l.season >= 2023).map((l): P.BenchmarkRow => ({
    nfl_id: `n${l.player_id}`,
    season: l.season,
    week: l.week!,
    projected: projected(l.fantasy_points_formats["half_ppr"]!),
    recorded: true
  }))

describe("projection: no leakage", () => {
  it("a week's own lines and scores and every later one change nothing in its features or its walk-forward prediction", () => {
    const { games, lines } = league(7)
    const at = { season: 2024, week: 6 }
    const predictionsOf = (ls: ReadonlyArray<StatLine>, gs: ReadonlyArray<Game>) => {
      const examples = P.buildProjectionExamples(P.projectionHistory(ls, gs))
      const window = { season: 2024, maxWeek: 6, label: "2024 weeks 1-6", role: "held_out" as const }
      return Walk.walkForward(examples, window).filter((p) => p.example.week === 6)
    }
    const base = predictionsOf(lines, games)
    expect(base.length).toBe(20)
    const rand = lcg(99)
    const later = (x: { readonly season: number; readonly week: number | null }) => !P.weekBefore(x as P.SeasonWeek, at)
    const scrambled = lines.map((l) =>
      later(l)
        ? {
          ...l,
          stats: { ...l.stats, targets: 30 * rand(), snap_pct: 100 * rand() },
          fantasy_points_formats: { standard: 50 * rand(), half_ppr: 50 * rand(), ppr: 50 * rand() }
        }
        : l
    )
    const rescored = games.map((g) => (later(g) ? { ...g, home_score: 60, away_score: 0 } : g))
    const other = predictionsOf(scrambled, rescored)
    expect(other.map((p) => [p.example.player_id, p.example.features, p.example.as_of, p.points, p.interval])).toEqual(
      base.map((p) => [p.example.player_id, p.example.features, p.example.as_of, p.points, p.interval])
    )
    for (const p of base) expect(p.example.as_of! < p.example.game_date).toBe(true)
  })
})

describe("projection fit: QB starters", () => {
  it("a QB backup's games (under 150 passing yards a game before them) do not train the QB fit, yet he is predicted", () => {
    const { games, lines } = league(5)
    const backupLines = lines
      .filter((l) => l.position === "QB" && l.team === "AAA")
      .map((l): StatLine => ({
        ...l,
        id: `backup:${l.game_id}`,
        player_id: "backup",
        stats: { ...l.stats, passing_yards: 20, passing_attempts: 3 },
        fantasy_points_formats: { standard: 40, half_ppr: 40, ppr: 40 }
      }))
    const examples = P.buildProjectionExamples(P.projectionHistory([...lines, ...backupLines], games))
    const without = P.buildProjectionExamples(P.projectionHistory(lines, games))
    const backup = examples.filter((e) => e.player_id === "backup")
    // his first game has no history and trains; the rest (20 passing yards a game before them) do not
    expect(backup.filter(Walk.trainsFit).length).toBe(1)
    const at = (xs: ReadonlyArray<P.ProjectionExample>) => xs.filter((e) => P.weekBefore(e, { season: 2024, week: 1 }))
    const fitWith = Walk.fitProjection(at(examples).filter((e) => e.player_id !== "backup" || e.features[18] === 1))
    const fitAll = Walk.fitProjection(at(examples))
    const target = examples.find((e) => e.player_id === "backup" && e.season === 2024 && e.week === 1)!
    expect(Walk.project(fitAll, target)).toEqual(Walk.project(fitWith, target))
    expect(Walk.project(fitAll, target)?.points["half_ppr"]).toBeGreaterThanOrEqual(0)
    expect(without.length).toBe(examples.length - backup.length)
  })
})

describe("projection against NFL.com", () => {
  const window: P.WalkForward = { season: 2024, maxWeek: 17, label: "nfl 2024 weeks 1-17", role: "held_out" }
  const week = (player_id: string, w: number, half: number, actual: number, baseline: number | null) => ({
    player_id,
    season: 2024,
    week: w,
    points: { standard: half - 1, half_ppr: half, ppr: half + 1 },
    actual: { standard: actual - 1, half_ppr: actual, ppr: actual + 2 },
    baseline
  })

  it("counts the player-weeks NFL.com projected >= 5 that were played; MAE of each on the predicted ones; coverage", () => {
    const rows: ReadonlyArray<P.BenchmarkRow> = [
      { nfl_id: "1", season: 2024, week: 1, projected: 12, recorded: false }, // stored line: counts, predicted
      { nfl_id: "1", season: 2024, week: 2, projected: 4.9, recorded: true }, // below 5: out
      { nfl_id: "2", season: 2024, week: 1, projected: 8, recorded: true }, // no stored player, played: counts, unpredicted
      { nfl_id: "3", season: 2024, week: 1, projected: 9, recorded: false }, // did not play: out
      { nfl_id: "1", season: 2024, week: 18, projected: 10, recorded: true }, // after the window: out
      { nfl_id: "1", season: 2025, week: 1, projected: 10, recorded: true } // another season: out
    ]
    const players = new Map([["1", "svc_nfl_a"], ["3", "svc_nfl_c"]])
    const result = P.compareWithBenchmark(
      window,
      [week("svc_nfl_a", 1, 10, 15, 9), week("svc_nfl_a", 2, 3, 4, 2)],
      rows,
      (id) => players.get(id),
      (player, _season, w) => player === "svc_nfl_a" && w <= 2
    )
    expect(result).toEqual({
      window: "nfl 2024 weeks 1-17",
      role: "held_out",
      player_weeks: 2,
      predicted: 1,
      coverage: 0.5,
      mae_model: 5,
      mae_nfl_com: 3,
      mae_trailing: 6,
      mae_model_ppr: 6,
      mae_model_standard: 5
    })
  })

  it("the pass rule: below NFL.com's MAE in every held-out window, with coverage >= 95%", () => {
    const r = { mae_model: 5.1, mae_nfl_com: 5.2, coverage: 0.96 } as Parameters<typeof P.projectionPasses>[0][number]
    expect(P.projectionPasses([r, r])).toBe(true)
    expect(P.projectionPasses([r, { ...r, mae_model: 5.2 }])).toBe(false)
    expect(P.projectionPasses([r, { ...r, coverage: 0.94 }])).toBe(false)
    expect(P.projectionPasses([])).toBe(false)
  })
})

describe("projection training job", () => {
  const { games, lines, players } = league(11)
  const trainedAt = "2026-01-01T00:00:00.000Z"

  it("ACTIVE when it beats a poor benchmark in both held-out windows: held-out and future predictions, each before its game", () => {
    const trained = Training.trainProjection(lines, games, players, benchmarkOf(lines, (a) => a + 9), trainedAt)
    const card = trained.version.card
    expect(trained.version).toMatchObject({ sport: "nfl", model_type: "projection", status: "ACTIVE" })
    expect(card.benchmark_results?.map((b) => [b.window, b.role])).toEqual([
      ["nfl 2023 weeks 1-17", "validation"],
      ["nfl 2024 weeks 1-17", "held_out"],
      ["nfl 2025 weeks 1-14", "held_out"]
    ])
    for (const b of card.benchmark_results!) {
      expect(b.coverage).toBe(1)
      expect(b.mae_model).toBeLessThan(b.mae_nfl_com)
    }
    expect(card.result).toMatchObject({ passed: true, metric_model: card.benchmark_results![1]!.mae_model })
    const seasons = new Set(trained.predictions.map((p) => p.season))
    expect([...seasons].sort()).toEqual([2024, 2025])
    // every played 2024 and 2025 week 1-14 player-week, and three future games of each of the 20 players
    const played = lines.filter((l) => l.season === 2024 || (l.season === 2025 && l.week! <= 14)).length
    const future = trained.predictions.filter((p) => p.actual === null)
    expect(trained.predictions.length).toBe(played + 20 * 3)
    expect(new Set(future.map((p) => p.week))).toEqual(new Set([15, 16, 17]))
    const newest = lines.map((l) => l.game_date!).sort().at(-1)!
    for (const p of future) {
      expect(p.as_of! <= newest).toBe(true)
      expect(p.projection?.actual_points).toBeNull()
    }
    for (const p of trained.predictions) {
      expect(p.as_of! < p.game_date!).toBe(true)
      const points = p.projection!.points
      expect(p.expected).toBe(points["half_ppr"])
      for (const f of P.projectionFormats) {
        const i = p.projection!.interval_80[f]!
        expect(i.low).toBeLessThanOrEqual(points[f]!)
        expect(i.high).toBeGreaterThanOrEqual(points[f]!)
      }
    }
    // deterministic: the same rows give the same version and predictions
    const again = Training.trainProjection(lines, games, players, benchmarkOf(lines, (a) => a + 9), trainedAt)
    expect(again.version.id).toBe(trained.version.id)
    expect(again.predictions).toEqual(trained.predictions)
  })

  it("REJECTED, with no prediction, when NFL.com's projection is better; without a benchmark, REJECTED with the reason", () => {
    const trained = Training.trainProjection(
      lines,
      games,
      players,
      benchmarkOf(lines, (a) => Math.max(5, a)),
      trainedAt
    )
    expect(trained.version.status).toBe("REJECTED")
    expect(trained.predictions).toEqual([])
    expect(trained.version.card.result?.passed).toBe(false)
    expect(trained.version.card.benchmark_results?.[1]?.mae_nfl_com).toBeLessThan(
      trained.version.card.benchmark_results![1]!.mae_model
    )
    const none = Training.trainProjection(lines, games, players, [], trainedAt)
    expect(none.version).toMatchObject({ status: "REJECTED", card: { result: null } })
    expect(none.version.card.note).toMatch(/^not validated/)
    expect(none.predictions).toEqual([])
  })
})

/**
 * The analytics formulas (domain Analytics.ts) on small inputs whose results are worked out by
 * hand in each test: alpha metrics, percentile, usage rate, ISO week, standardisation, cosine
 * ranking, and the metrics batch over stat lines (window, team totals, shot share).
 */
import { describe, expect, it } from "@effect/vitest"
import { Analytics, type StatLine } from "@sports-data/domain"

const line = (
  player_id: string,
  n: number,
  stats: Record<string, number>,
  fantasy_points: number | null,
  extra: Partial<StatLine> = {}
): StatLine => ({
  id: `${player_id}:2024:${n}`,
  sport: "nfl",
  player_id,
  game_id: `g${n}`,
  season: 2024,
  week: n,
  game_date: null,
  team: "KC",
  opponent: "BUF",
  position: "WR",
  is_starter: true,
  stats,
  fantasy_points,
  fantasy_points_formats: {},
  ...extra
})

describe("alpha formulas", () => {
  it("consistency_score is 100 x (1 - population sd / mean), clamped to 0..100", () => {
    // snaps 80, 90, 100: mean 90, sd sqrt((100 + 0 + 100) / 3) = 8.16497 -> 100 * (1 - 8.16497 / 90)
    expect(Analytics.consistencyScore([80, 90, 100])).toBeCloseTo(90.9278, 3)
    // identical snaps: no spread, 100
    expect(Analytics.consistencyScore([65, 65, 65])).toBe(100)
    // 0, 0, 0, 100: mean 25, sd sqrt((3 * 625 + 5625) / 4) = 43.3 > mean -> clamped to 0
    expect(Analytics.consistencyScore([0, 0, 0, 100])).toBe(0)
    expect(Analytics.consistencyScore([0, 0])).toBe(0)
    expect(Analytics.consistencyScore([])).toBeNull()
  })

  it("momentum_delta is the mean of the 3 newest games minus the mean of games 4 to 6 back", () => {
    // (20 + 18 + 16) / 3 = 18; (10 + 12 + 8) / 3 = 10; the 7th game is ignored
    expect(Analytics.momentumDelta([20, 18, 16, 10, 12, 8, 5])).toBe(8)
    expect(Analytics.momentumDelta([5, 5, 5, 11, 11, 11])).toBe(-6)
    expect(Analytics.momentumDelta([1, 2, 3, 4, 5])).toBeNull()
  })

  it("opportunity_ceiling is the 90th percentile by linear interpolation", () => {
    // 8 values: h = 7 * 0.9 = 6.3 -> 70 + 0.3 * (80 - 70) = 73, whatever the input order
    expect(Analytics.opportunityCeiling([80, 10, 70, 20, 60, 30, 50, 40])).toBeCloseTo(73, 10)
    expect(Analytics.percentile([5], 0.9)).toBe(5)
    expect(Analytics.percentile([1, 2, 3, 4, 5], 0.5)).toBe(3)
    expect(Analytics.opportunityCeiling([])).toBeNull()
  })

  it("nba usage rate follows Basketball-Reference's USG% formula", () => {
    // 100 * (20 + 0.44 * 10 + 5) * (240 / 5) / (36 * (90 + 0.44 * 25 + 15)) = 141120 / 4176
    const usg = Analytics.nbaUsageRate({ fga: 20, fta: 10, tov: 5, minutes: 36 }, {
      fga: 90,
      fta: 25,
      tov: 15,
      minutes: 240
    })
    expect(usg).toBeCloseTo(33.7931, 3)
    expect(Analytics.nbaUsageRate({ fga: 1, fta: 0, tov: 0, minutes: 0 }, { fga: 1, fta: 0, tov: 0, minutes: 240 }))
      .toBeNull()
  })

  it("week_computed is the ISO 8601 week (Monday start; week 1 holds the first Thursday)", () => {
    expect(Analytics.isoWeek(new Date("2026-01-01T12:00:00Z"))).toBe("2026-W01") // a Thursday
    expect(Analytics.isoWeek(new Date("2027-01-01T00:00:00Z"))).toBe("2026-W53") // a Friday
    expect(Analytics.isoWeek(new Date("2024-12-30T00:00:00Z"))).toBe("2025-W01") // a Monday
    expect(Analytics.isoWeek(new Date("2026-11-23T01:00:00Z"))).toBe("2026-W48")
  })
})

describe("similarity", () => {
  it("standardise turns each dimension into z-scores; a null and a constant dimension become 0", () => {
    // dimension 0: 1, 3, 5 -> mean 3, population sd sqrt(8 / 3) = 1.63299
    const z = Analytics.standardise([[1, 7, null], [3, 7, 4], [5, 7, 8]])
    expect(z[0]![0]).toBeCloseTo(-2 / Math.sqrt(8 / 3), 10)
    expect(z[1]![0]).toBe(0)
    expect(z[2]![0]).toBeCloseTo(2 / Math.sqrt(8 / 3), 10)
    expect(z.map((v) => v[1])).toEqual([0, 0, 0])
    // dimension 2: 4, 8 -> mean 6, sd 2; the null reads as the mean
    expect(z.map((v) => v[2])).toEqual([0, -1, 1])
  })

  it("mostSimilar ranks by cosine of the standardised vectors, ties by id, the target excluded", () => {
    // values per dimension 1, 2, -1, 1 (and 1, 2, 1, -1): mean 0.75. z is proportional to the
    // deviation: A (0.25, 0.25), B (1.25, 1.25), C (-1.75, 0.25), D (0.25, -1.75).
    // cos(A, B) = 1; cos(A, C) = (-0.4375 + 0.0625) / (0.35355 * 1.76777) = -0.6 = cos(A, D).
    const ranked = Analytics.mostSimilar({ player_id: "a", vector: [1, 1] }, [
      { player_id: "d", vector: [1, -1] },
      { player_id: "a", vector: [1, 1] },
      { player_id: "c", vector: [-1, 1] },
      { player_id: "b", vector: [2, 2] }
    ], 10)
    expect(ranked).toEqual([
      { player_id: "b", similarity_score: 1 },
      { player_id: "c", similarity_score: -0.6 },
      { player_id: "d", similarity_score: -0.6 }
    ])
    expect(Analytics.mostSimilar({ player_id: "a", vector: [1, 1] }, [{ player_id: "b", vector: [2, 2] }], 0))
      .toEqual([])
  })
})

describe("the metrics batch", () => {
  const now = new Date("2026-11-23T01:00:00Z")

  it("nfl: the window is the 8 newest lines; snap %, target share and fantasy points feed alpha and the vector", () => {
    // weeks 1..10; week n: snap 50 + 5n, target share n / 100, fantasy points 2n, 10n receiving yards
    const lines = Array.from(
      { length: 10 },
      (_, i) =>
        line("wr", i + 1, {
          snap_pct: 50 + 5 * (i + 1),
          target_share: (i + 1) / 100,
          receiving_yards: 10 * (i + 1),
          rushing_yards: 0
        }, 2 * (i + 1))
    )
    const [m] = Analytics.computeSportMetrics("nfl", [...lines].reverse(), now)
    // window = weeks 10..3. snaps 65..100: mean 82.5, sd = 5 * sqrt(5.25) = 11.4564
    // consistency = 100 * (1 - 11.456439 / 82.5) = 86.11341
    expect(m).toMatchObject({ player_id: "wr", season: 2024, sample_size: 8, week_computed: "2026-W48" })
    expect(m!.consistency_score).toBeCloseTo(86.11, 2)
    // momentum: (20 + 18 + 16) / 3 - (14 + 12 + 10) / 3 = 18 - 12 = 6
    expect(m!.momentum_delta).toBe(6)
    // ceiling: shares 3..10 percent; h = 7 * 0.9 = 6.3 -> 9 + 0.3 * 1 = 9.3
    expect(m!.opportunity_ceiling).toBeCloseTo(9.3, 10)
    // mean fantasy points of weeks 3..10 = 2 * 6.5 = 13
    expect(m!.avg_fantasy_points).toBe(13)
    // vector: fantasy 13, snap 82.5, target share 6.5 %, rushing 0, receiving 65, then alpha
    expect(m!.vector).toEqual([13, 82.5, 6.5, 0, 65, 86.1134, 6, 9.3])
  })

  it("nhl: opportunity is the player's share of his team's shots in each game", () => {
    const nhl = (player: string, shots: number, toi: number): StatLine =>
      line(player, 1, { shots, toi_minutes: toi }, shots, { sport: "nhl", team: "EDM", position: "C" })
    const rows = Analytics.computeSportMetrics("nhl", [nhl("a", 3, 20), nhl("b", 1, 15), {
      ...nhl("c", 4, 18),
      team: "CGY"
    }], now)
    // EDM shots 3 + 1 = 4: a 75 %, b 25 %; c alone on CGY: 100 %
    expect(rows.map((r) => [r.player_id, r.opportunity_ceiling, r.consistency_score, r.vector])).toEqual([
      ["a", 75, 100, null],
      ["b", 25, 100, null],
      ["c", 100, 100, null]
    ])
  })

  it("mlb gets a vector but no alpha metrics", () => {
    const [m] = Analytics.computeSportMetrics("mlb", [
      line("h", 1, { batting_pa: 4, batting_h: 2, batting_hr: 1 }, 20, { sport: "mlb", week: null })
    ], now)
    expect(m).toMatchObject({ consistency_score: null, momentum_delta: null, opportunity_ceiling: null })
    // avg fp 20, pa 4, h 2, hr 1; rbi, sb, outs, k absent; momentum null (one game)
    expect(m!.vector).toEqual([20, 4, 2, 1, null, null, null, null, null])
  })
})

describe("trailingProjection (projections and the DFS service projections as of a slate)", () => {
  // weekly lines of one player: week n on 2024-09-0n... dates, points 10 × n (10, 20, ... 120)
  const dated = (n: number, points: number, date: string) =>
    line("p", n, {}, points, { game_date: date, id: `p:2024:${String(n).padStart(2, "0")}` })
  const lines = Array.from(
    { length: 12 },
    (_, i) =>
      dated(
        i + 1,
        10 * (i + 1),
        `2024-${String(9 + Math.floor(i / 4)).padStart(2, "0")}-${String(1 + 7 * (i % 4)).padStart(2, "0")}`
      )
  )
  const base = { format: "ppr", isDefaultFormat: true, reports: [], status: null }

  it("averages the 10 newest lines, in any input order", () => {
    const p = Analytics.trailingProjection({ ...base, lines: [...lines].reverse() })
    // weeks 3..12: (30 + ... + 120) / 10 = 75
    expect(p.games_used).toBe(10)
    expect(p.trailing_average).toBe(75)
    expect(p.next_game).toBe(75)
  })

  it("as of a date: only games strictly before it; a later game changes nothing", () => {
    // week 5 is on 2024-10-01: weeks 1-4 (10, 20, 30, 40) are before it, mean 25
    const asOf = { date: "2024-10-01", season: 2024, week: 5 }
    const p = Analytics.trailingProjection({ ...base, lines, asOf })
    expect(p.games_used).toBe(4)
    expect(p.trailing_average).toBe(25)
    const later = dated(13, 500, "2024-10-02")
    expect(Analytics.trailingProjection({ ...base, lines: [...lines, later], asOf })).toEqual(p)
    // without a date a line cannot be placed before the date: it does not count
    const undated = line("p", 0, {}, 500, { game_date: null })
    expect(Analytics.trailingProjection({ ...base, lines: [undated, ...lines], asOf })).toEqual(p)
  })

  it("the injury overlay: the newest report up to the as-of week; the player status only without a date", () => {
    const asOf = { date: "2024-10-01", season: 2024, week: 5 }
    const reports = [
      { season: 2024, week: 5, report_status: "Questionable" },
      { season: 2024, week: 6, report_status: "Out" }
    ]
    const p = Analytics.trailingProjection({ ...base, lines, reports, status: "injured", asOf })
    // the week 6 report is after the slate's week: Questionable (0.5) of week 5 applies, 25 × 0.5
    expect(p.injury).toEqual({ status: "Questionable", source: "injury_report", availability: 0.5 })
    expect(p.next_game).toBe(12.5)
    // today's projection: the newest report (Out, week 6) is older than the newest line (week
    // 12), so the player status applies: injured → 0
    const now = Analytics.trailingProjection({ ...base, lines, reports, status: "injured" })
    expect(now.injury).toEqual({ status: "injured", source: "player_status", availability: 0 })
    expect(now.next_game).toBe(0)
  })
})

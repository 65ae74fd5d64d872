/**
 * Anomaly score (domain Anomaly.ts) on hand-checked numbers: median, MAD, the 1.4826 scale, the
 * mean-absolute-deviation fallback, the 0-100 mapping (70 exactly at |z| = 3.5), and which games
 * of which players are scored.
 */
import { describe, expect, it } from "@effect/vitest"
import { Anomaly, type StatLine } from "@sports-data/domain"

const line = (player_id: string, week: number, fantasy_points: number | null, season = 2025): StatLine => ({
  id: `${player_id}-${season}-${week}`,
  sport: "nfl",
  player_id,
  game_id: `g${season}-${week}`,
  season,
  week,
  game_date: null,
  team: "KC",
  opponent: "BUF",
  position: "WR",
  is_starter: null,
  stats: {},
  fantasy_points,
  fantasy_points_formats: {}
})

describe("robust z", () => {
  it("uses the median and 1.4826 x MAD of the history", () => {
    // history 10, 12, 14, 16, 18: median 14; |deviations| 4, 2, 0, 2, 4 → MAD 2; scale 2.9652.
    // x = 30: z = 16 / 2.9652 = 5.3959...
    const r = Anomaly.robustZ(30, [18, 10, 14, 12, 16])!
    expect(r.median).toBe(14)
    expect(r.mad).toBe(2)
    expect(r.scale).toBeCloseTo(2.9652, 10)
    expect(r.z).toBeCloseTo(5.39592, 4)
    expect(r.scale_method).toBe("mad")
  })

  it("falls back to 1.2533 x the mean absolute deviation when MAD is 0, and gives none without spread", () => {
    // history 10, 10, 10, 10, 20: median 10; deviations 0,0,0,0,10 → MAD 0, mean 2; scale 2.5066; x 15 → z 1.99473
    const r = Anomaly.robustZ(15, [10, 10, 10, 20, 10])!
    expect(r.scale_method).toBe("mean_absolute_deviation")
    expect(r.z).toBeCloseTo(5 / 2.5066, 8)
    expect(Anomaly.robustZ(15, [10, 10, 10])).toBeNull()
    expect(Anomaly.robustZ(15, [])).toBeNull()
  })

  it("maps |z| to 0-100: 0 at the median, 50 at 1.5, 70 at Iglewicz and Hoaglin's 3.5, below 100", () => {
    expect(Anomaly.scoreOfZ(0)).toBe(0)
    expect(Anomaly.scoreOfZ(1.5)).toBe(50)
    expect(Anomaly.scoreOfZ(-3.5)).toBe(70)
    expect(Anomaly.scoreOfZ(5.39592)).toBe(78.2) // 539.592 / 6.89592 = 78.25 → 78.2 (1 decimal)
    expect(Anomaly.scoreOfZ(1e6)).toBeLessThan(100.01)
  })
})

describe("computeSportAnomalies", () => {
  const now = new Date("2025-12-10T00:00:00Z")
  it("scores each player's newest game of the latest season against his previous games", () => {
    const lines = [
      ...[10, 12, 14, 16, 18].map((p, i) => line("a", i + 1, p)),
      line("a", 6, 30),
      // b: only 4 previous games → no score
      ...[5, 6, 7, 8, 9].map((p, i) => line("b", i + 1, p)),
      // c: newest game in 2024, the sport's latest season being 2025 → no score
      ...[5, 6, 7, 8, 9, 30].map((p, i) => line("c", i + 1, p, 2024))
    ]
    const rows = Anomaly.computeSportAnomalies("nfl", lines, now)
    expect(rows.map((r) => r.player_id)).toEqual(["a"])
    const a = rows[0]!
    expect(a).toMatchObject({
      line_id: "a-2025-6",
      fantasy_points: 30,
      baseline_median: 14,
      mad: 2,
      games_used: 5,
      robust_z: 5.396,
      anomaly_score: 78.2,
      direction: "above"
    })
    const event = Anomaly.anomalyEvent(a, "Player A")
    expect(event.name).toBe("anomaly.detected")
    expect(event.payload).toMatchObject({ player: "Player A", team: "KC", anomaly_score: 78.2 })
    expect(String(event.payload["recommendation"])).toContain(
      "30 fantasy points against a median of 14 over his previous 5 games"
    )
  })

  it("uses at most the 20 previous games with fantasy points", () => {
    const lines = [
      ...Array.from({ length: 30 }, (_, i) => line("d", i + 1, i < 10 ? 100 : i % 2 === 0 ? 10 : 12)),
      line("d", 31, 11)
    ]
    const [d] = Anomaly.computeSportAnomalies("nfl", lines, now)
    // the 20 games before week 31 are weeks 11-30 (10 and 12 alternating): median 11, a game at 11 → 0
    expect(d!.games_used).toBe(20)
    expect(d!.baseline_median).toBe(11)
    expect(d!.anomaly_score).toBe(0)
  })
})

/**
 * Fantasy scoring (decisions.md "Fantasy scoring") on hand-computed lines.
 */
import { Scoring, Sports } from "@sports-data/domain"
import { describe, expect, it } from "vitest"

describe("nfl formats", () => {
  it("scores a quarterback line (Josh Allen, 2024 week 1) the same in every format: no receptions", () => {
    // 232 pass yd * 0.04 = 9.28; 2 pass TD * 4 = 8; 39 rush yd * 0.1 = 3.9; 2 rush TD * 6 = 12; 1 fumble lost -2
    const r = Sports.score("nfl", {
      passing_yards: 232,
      passing_tds: 2,
      interceptions: 0,
      rushing_yards: 39,
      rushing_tds: 2,
      receiving_yards: 0,
      receiving_tds: 0,
      receptions: 0,
      fumbles_lost: 1
    }, "QB")
    expect(r).toEqual({ fantasy_points: 31.18, formats: { ppr: 31.18, half_ppr: 31.18, standard: 31.18 } })
  })

  it("separates ppr, half_ppr and standard by the points per reception", () => {
    // 7 rec, 65 yd (6.5), 1 TD (6), 1 two-point conversion (2), 1 return TD (6)
    const r = Sports.score("nfl", {
      passing_yards: 0,
      passing_tds: 0,
      interceptions: 0,
      rushing_yards: 0,
      rushing_tds: 0,
      receiving_yards: 65,
      receiving_tds: 1,
      receptions: 7,
      two_point_conversions: 1,
      return_tds: 1
    }, "WR")
    expect(r.formats).toEqual({ ppr: 27.5, half_ppr: 24, standard: 20.5 })
    expect(r.fantasy_points).toBe(27.5)
  })

  it("counts an interception against the passer and rounds to 2 decimals", () => {
    // 301 * 0.04 = 12.04; 1 TD 4; 2 INT -4; -3 rush yd -0.3 -> 11.74
    const r = Sports.score("nfl", {
      passing_yards: 301,
      passing_tds: 1,
      interceptions: 2,
      rushing_yards: -3,
      rushing_tds: 0,
      receiving_yards: 0,
      receiving_tds: 0,
      receptions: 0
    })
    expect(r.fantasy_points).toBe(11.74)
  })

  it("treats a missing optional stat (two-point, fumbles lost, return TD) as 0", () => {
    const r = Sports.score("nfl", {
      passing_yards: 0,
      passing_tds: 0,
      interceptions: 0,
      rushing_yards: 54,
      rushing_tds: 1,
      receiving_yards: 12,
      receiving_tds: 0,
      receptions: 2
    }, "RB")
    // 5.4 + 6 + 1.2 + 2
    expect(r.fantasy_points).toBe(14.6)
  })

  it("does not score a line missing a required stat: null, never a silent 0", () => {
    const r = Sports.score("nfl", {
      passing_yards: 250,
      passing_tds: 2,
      interceptions: 0,
      rushing_yards: null,
      rushing_tds: 0,
      receiving_yards: 0,
      receiving_tds: 0,
      receptions: 0
    }, "QB")
    expect(r).toEqual({ fantasy_points: null, formats: {} })
  })

  it("standard needs no receptions, so it is computed where ppr is not", () => {
    const r = Sports.score("nfl", {
      passing_yards: 0,
      passing_tds: 0,
      interceptions: 0,
      rushing_yards: 80,
      rushing_tds: 1,
      receiving_yards: 20,
      receiving_tds: 0,
      receptions: null
    }, "RB")
    expect(r).toEqual({ fantasy_points: null, formats: { standard: 16 } })
  })

  it("scores a kicker by field-goal distance (Jake Moody, 2024 week 1) and charges misses", () => {
    // PAT 2; FG 20-29 1 (3), 30-39 1 (3), 40-49 2 (8), 50+ 2 (10) = 26
    const line = { xp_made: 2, fg_made_20_29: 1, fg_made_30_39: 1, fg_made_40_49: 2, fg_made_50_plus: 2 }
    expect(Sports.score("nfl", line, "K")).toEqual({
      fantasy_points: 26,
      formats: { ppr: 26, half_ppr: 26, standard: 26 }
    })
    expect(Sports.score("nfl", { ...line, xp_missed: 1, fg_missed_30_39: 1 }, "K").fantasy_points).toBe(24)
  })

  it("gives an individual defensive line (no format) and an empty line null", () => {
    expect(Sports.score("nfl", { tackles: 10, sacks: 1 }, "LB")).toEqual({ fantasy_points: null, formats: {} })
    expect(Sports.score("nfl", {}, "K")).toEqual({ fantasy_points: null, formats: {} })
  })
})

describe("nba fanduel", () => {
  it("scores points, rebounds, assists, steals, blocks and turnovers", () => {
    // 25 + 10*1.2 + 5*1.5 + 2*3 + 1*3 - 3 = 50.5
    const r = Sports.score("nba", { points: 25, rebounds: 10, assists: 5, steals: 2, blocks: 1, turnovers: 3 })
    expect(r).toEqual({ fantasy_points: 50.5, formats: { fanduel: 50.5 } })
  })

  it("is null when a counting stat is missing", () => {
    expect(Sports.score("nba", { points: 25, rebounds: 10, assists: 5, steals: 2, blocks: 1 }).fantasy_points)
      .toBeNull()
  })
})

describe("mlb fanduel", () => {
  it("scores a hitter, deriving singles from hits", () => {
    // 2 H of which 1 2B and 1 HR -> 0 singles; 2B 6 + HR 12 + RBI 3*3.5 + R 2*3.2 + BB 3 + SB 6 = 43.9
    const r = Sports.score("mlb", {
      batting_h: 2,
      batting_2b: 1,
      batting_3b: 0,
      batting_hr: 1,
      batting_rbi: 3,
      batting_r: 2,
      batting_bb: 1,
      batting_sb: 1
    }, "SS")
    expect(r).toEqual({ fantasy_points: 43.9, formats: { fanduel: 43.9 } })
  })

  it("scores hit-by-pitch and explicit singles", () => {
    // 1B 2*3 + HBP 3 + R 3.2 = 12.2
    const r = Sports.score("mlb", {
      batting_1b: 2,
      batting_2b: 0,
      batting_3b: 0,
      batting_hr: 0,
      batting_rbi: 0,
      batting_r: 1,
      batting_bb: 0,
      batting_sb: 0,
      batting_hbp: 1
    })
    expect(r.fantasy_points).toBe(12.2)
  })

  it("scores a starting pitcher with a derived quality start", () => {
    // 6.1 IP = 19 outs (19); W 6; QS 4 (18+ outs, ER <= 3, started); ER 2 -> -6; K 8 -> 24  = 47
    const r = Sports.score(
      "mlb",
      { pitching_outs: 19, pitching_er: 2, pitching_k: 8, pitching_w: 1, pitching_gs: 1 },
      "SP"
    )
    expect(r.fantasy_points).toBe(47)
  })

  it("gives a reliever no quality start", () => {
    // 3 outs 3, K 2 -> 6, ER 0, no W -> 9
    const r = Sports.score(
      "mlb",
      { pitching_outs: 3, pitching_er: 0, pitching_k: 2, pitching_w: 0, pitching_gs: 0 },
      "RP"
    )
    expect(r.fantasy_points).toBe(9)
  })

  it("is null for a pitcher line without outs", () => {
    expect(Sports.score("mlb", { pitching_er: 1, pitching_k: 3 }, "SP").fantasy_points).toBeNull()
  })
})

describe("nhl", () => {
  it("scores a skater and a goalie", () => {
    // 12 + 8 + 4*1.6 + 2*1.6 = 29.6
    expect(Sports.score("nhl", { goals: 1, assists: 1, shots: 4, blocked_shots: 2 }, "C").fantasy_points).toBe(29.6)
    // win 12 + 30*0.8 - 2*4 = 28
    expect(Sports.score("nhl", { goalie_wins: 1, saves: 30, goals_against: 2 }, "G").fantasy_points).toBe(28)
  })
})

describe("formats as data", () => {
  it("lists the default format first for each sport", () => {
    expect(Sports.formatNames("nfl")).toEqual(["ppr", "half_ppr", "standard"])
    expect(Sports.defaultFormat("nba")).toBe("fanduel")
    expect(Sports.defaultFormat("mlb")).toBe("fanduel")
  })

  it("gives a sport without formats no points", () => {
    expect(Sports.score("cfb", { passing_yards: 300 })).toEqual({ fantasy_points: null, formats: {} })
  })

  it("rounds half away from zero on the hundredth", () => {
    expect(Scoring.round2(0.1 + 0.2)).toBe(0.3)
    expect(Scoring.round2(12.345)).toBe(12.35)
    expect(Scoring.round2(-2.005)).toBe(-2.01)
  })
})

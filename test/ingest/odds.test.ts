/**
 * The odds phase's pure parts: matching lines to games (sides listed the other way round, the
 * day window, unknown teams and ambiguous pairs reported, never guessed), the Odds API snapshot
 * labels and times, and the domain's conversions (decimal to American, no-vig pairs) on values
 * worked out by hand.
 */
import { describe, expect, it } from "@effect/vitest"
import { Odds } from "@sports-data/domain"
import { Odds as OddsIngest } from "@sports-data/ingest"

const values = {
  home_moneyline: -150,
  away_moneyline: 130,
  home_spread: -1.5,
  home_spread_odds: 120,
  away_spread_odds: -140,
  total: 6.5,
  over_odds: -110,
  under_odds: -105
}

const line = (home: string, away: string, date: string, window = 1): OddsIngest.SourceLine => ({
  file: "odds.csv",
  line: 2,
  source: "nielsenz_odds_api",
  key: { kind: "teams", date, home, away, window },
  bookmaker: "betmgm",
  snapshot: "noon",
  snapshot_date: date,
  line_time: null,
  values
})

const games: ReadonlyArray<OddsIngest.GameRef> = [
  { id: "g1", season: 2025, week: null, game_date: "2025-10-09", home: "BOS", away: "CHI" },
  { id: "g2", season: 2025, week: null, game_date: "2025-11-01", home: "EDM", away: "CGY" },
  { id: "g3", season: 2025, week: null, game_date: "2025-11-02", home: "CGY", away: "EDM" }
]

const team = (raw: string) => ({ Boston: "BOS", Chicago: "CHI", Edmonton: "EDM", Calgary: "CGY" })[raw]

describe("odds matching", () => {
  it("a line with the sides listed the other way round takes the game with its values swapped", () => {
    const { lines, unmatched } = OddsIngest.matchLines("nhl", games, [line("Chicago", "Boston", "2025-10-09")], team)
    expect(unmatched).toEqual([])
    expect(lines[0]).toMatchObject({
      game_id: "g1",
      home: "BOS",
      away: "CHI",
      home_moneyline: 130,
      away_moneyline: -150,
      home_spread: 1.5,
      home_spread_odds: -140,
      away_spread_odds: 120,
      total: 6.5,
      over_odds: -110
    })
  })

  it("a line a day off finds the one game of the two teams in the window; two games in it: unmatched", () => {
    const near = OddsIngest.matchLines("nhl", games, [line("Boston", "Chicago", "2025-10-10")], team)
    expect(near.lines.map((l) => l.game_id)).toEqual(["g1"])
    const twoGames = OddsIngest.matchLines("nhl", games, [line("Edmonton", "Calgary", "2025-10-31", 2)], team)
    expect(twoGames.lines).toEqual([])
    expect(twoGames.unmatched[0]!.reason).toContain("no game between EDM and CGY")
  })

  it("an unknown team or a game the sport does not hold is reported with file and line", () => {
    const { lines, unmatched } = OddsIngest.matchLines(
      "nhl",
      games,
      [line("Boston", "Utah", "2025-10-09"), line("Boston", "Chicago", "2025-12-25")],
      team
    )
    expect(lines).toEqual([])
    expect(unmatched).toEqual([
      { file: "odds.csv", line: 2, reason: "unknown team \"Utah\"" },
      { file: "odds.csv", line: 2, reason: "no game between BOS and CHI within 1 day(s) of 2025-12-25" }
    ])
  })

  it("reads the Odds API snapshot label and time from the original file name", () => {
    expect(OddsIngest.oddsApiSnapshot("data/odds_2026-08-02_close_20260802T035716Z.csv")).toBe("close")
    expect(OddsIngest.oddsApiSnapshot("odds-data/historical/odds_2025-10-04_open_9pm_pst.csv")).toBe("open")
    expect(OddsIngest.oddsApiSnapshot("odds-data/historical/odds_2025-10-04.csv")).toBe("noon")
    expect(OddsIngest.oddsApiSnapshot("data/odds_2026-02-07.csv")).toBe("daily")
    expect(OddsIngest.oddsApiTime(undefined, "data/odds_2026-08-02_close_20260802T035716Z.csv")).toEqual(
      new Date("2026-08-02T03:57:16Z")
    )
    expect(OddsIngest.oddsApiTime("2026-02-24T02:32:19Z", "x.csv")).toEqual(new Date("2026-02-24T02:32:19Z"))
    expect(OddsIngest.oddsApiTime(undefined, "data/odds_2026-02-07.csv")).toBeNull()
  })
})

describe("odds conversions", () => {
  it("decimal odds to American: 2.0 is +100, 2.75 is +175, 1.8 is -125, 1.44 is -227", () => {
    expect([2, 2.75, 1.8, 1.44, 1].map(Odds.americanOfDecimal)).toEqual([100, 175, -125, -227, null])
  })

  it("no-vig pair: -110/-110 is 0.5/0.5; -150/+130 is 0.5798/0.4202 (0.6 and 0.43478 over 1.03478)", () => {
    expect(Odds.noVigPair(-110, -110)).toEqual({ a: 0.5, b: 0.5 })
    expect(Odds.noVigPair(-150, 130)).toEqual({ a: 0.5798, b: 0.4202 })
    expect(Odds.noVigPair(-150, null)).toBeNull()
    expect(Odds.noVigPair(50, -110)).toBeNull()
  })
})

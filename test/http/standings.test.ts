/**
 * Standings from game results (packages/domain/src/Standings.ts) on hand-made seasons: records,
 * streaks, games back, and each league's tiebreak procedure on two-team and three-team ties.
 */
import { describe, expect, it } from "@effect/vitest"
import type { Game, Team, TeamSport } from "@sports-data/domain"
import { Sports, Standings } from "@sports-data/domain"

const team = (sport: TeamSport, abbr: string, conference: string | null, division: string | null): Team => ({
  sport,
  abbr,
  name: `${abbr} team`,
  conference,
  division,
  external_id: null,
  attributes: {}
})

let seq = 0
/** A final regular-season game `home` vs `away` with the given scores, on day `day` of 2024. */
const game = (
  sport: TeamSport,
  home: string,
  homeScore: number,
  away: string,
  awayScore: number,
  extra: Partial<Game> = {}
): Game => {
  seq++
  const day = String(1 + (seq % 28)).padStart(2, "0")
  const month = String(1 + Math.floor(seq / 28)).padStart(2, "0")
  return {
    id: `g${String(seq).padStart(4, "0")}`,
    sport,
    league: sport,
    season: 2024,
    week: null,
    season_type: "REG",
    game_date: `2024-${month}-${day}`,
    start_time: null,
    state: "final",
    home_team: home,
    away_team: away,
    home_score: homeScore,
    away_score: awayScore,
    venue: null,
    attributes: {},
    ...extra
  }
}

/** `winner` beats `loser` at home by 7 (nfl) or a given margin. */
const beat = (sport: TeamSport, winner: string, loser: string, margin = 7, extra: Partial<Game> = {}) =>
  game(sport, winner, 20 + margin, loser, 20, extra)

const byAbbr = (rows: ReadonlyArray<Standings.TeamStanding>) => new Map(rows.map((r) => [r.team.abbr, r]))
const order = (rows: ReadonlyArray<Standings.TeamStanding>, conference: string | null, division?: string | null) =>
  rows
    .filter((r) => r.team.conference === conference && (division === undefined || r.team.division === division))
    .map((r) => r.team.abbr)

describe("Standings: records", () => {
  it("counts wins, losses, ties, points, splits and the streak of final regular-season games only", () => {
    const teams = [
      team("nfl", "AAA", "AFC", "East"),
      team("nfl", "BBB", "AFC", "East"),
      team("nfl", "CCC", "NFC", "West")
    ]
    const games = [
      beat("nfl", "AAA", "BBB", 3), // AAA home win 23-20
      game("nfl", "CCC", 17, "AAA", 17), // tie at CCC
      beat("nfl", "CCC", "AAA", 10), // AAA away loss 20-30
      beat("nfl", "AAA", "CCC", 1), // AAA home win 21-20
      beat("nfl", "AAA", "CCC", 5), // AAA home win 25-20
      beat("nfl", "BBB", "AAA", 1, { season_type: "POST" }), // postseason: ignored
      game("nfl", "BBB", 0, "AAA", 0, { state: "scheduled", home_score: null, away_score: null }), // not played
      beat("nfl", "AAA", "ZZZ", 1) // unknown opponent: ignored
    ]
    const rows = Sports.computeStandings("nfl", teams, games)
    const a = byAbbr(rows).get("AAA")!
    expect([a.wins, a.losses, a.ties, a.games_played]).toEqual([3, 1, 1, 5])
    expect(a.win_pct).toBeCloseTo(3.5 / 5, 10) // a tie is half a win
    expect([a.points_for, a.points_against]).toEqual([23 + 17 + 20 + 21 + 25, 20 + 17 + 30 + 20 + 20])
    expect(Standings.formatRecord(a.home, true)).toBe("3-0-0")
    expect(Standings.formatRecord(a.away, true)).toBe("0-1-1")
    expect(Standings.formatRecord(a.division_record, true)).toBe("1-0-0")
    expect(Standings.formatRecord(a.conference_record, true)).toBe("1-0-0")
    expect(a.streak).toBe("W2")
    expect(byAbbr(rows).get("BBB")!.streak).toBe("L1")
  })

  it("lists every team, orders by win pct within the division and gives games back", () => {
    const teams = ["AAA", "BBB", "CCC"].map((t) => team("mlb", t, "AL", "East"))
    const games = [
      beat("mlb", "AAA", "BBB"),
      beat("mlb", "AAA", "BBB"),
      beat("mlb", "AAA", "CCC"),
      beat("mlb", "CCC", "AAA"),
      beat("mlb", "BBB", "CCC")
    ]
    const rows = Sports.computeStandings("mlb", [...teams, team("mlb", "NOG", "NL", "West")], games)
    expect(order(rows, "AL", "East")).toEqual(["AAA", "BBB", "CCC"])
    const r = byAbbr(rows)
    expect(r.get("AAA")!.games_back).toBe(0)
    expect(Standings.formatGamesBack(r.get("AAA")!.games_back)).toBe("-")
    // AAA 3-1, BBB 1-2: ((3 - 1) + (2 - 1)) / 2 = 1.5
    expect(Standings.formatGamesBack(r.get("BBB")!.games_back)).toBe("1.5")
    // A team without a counted game is still listed, 0-0.
    expect(r.get("NOG")!.wins + r.get("NOG")!.losses).toBe(0)
    expect(r.get("NOG")!.streak).toBeNull()
  })
})

describe("Standings: NFL division tiebreaks", () => {
  it("two clubs: head-to-head decides", () => {
    const teams = [
      team("nfl", "AAA", "AFC", "East"),
      team("nfl", "BBB", "AFC", "East"),
      team("nfl", "XXX", "NFC", "West")
    ]
    const games = [beat("nfl", "BBB", "AAA"), beat("nfl", "XXX", "BBB"), beat("nfl", "AAA", "XXX")]
    // AAA 1-1, BBB 1-1; BBB beat AAA
    const rows = Sports.computeStandings("nfl", teams, games)
    expect(order(rows, "AFC", "East")).toEqual(["BBB", "AAA"])
    expect(byAbbr(rows).get("BBB")!.tiebreaker).toBe("head_to_head")
    expect(byAbbr(rows).get("AAA")!.tiebreaker).toBeNull()
  })

  it("two clubs: split head-to-head, division record decides", () => {
    const teams = [
      team("nfl", "AAA", "AFC", "East"),
      team("nfl", "BBB", "AFC", "East"),
      team("nfl", "CCC", "AFC", "East"),
      ...["XXX", "YYY", "ZZZ"].map((t) => team("nfl", t, "NFC", "West"))
    ]
    const games = [
      beat("nfl", "AAA", "BBB"),
      beat("nfl", "BBB", "AAA"),
      beat("nfl", "AAA", "CCC"),
      beat("nfl", "YYY", "AAA"),
      beat("nfl", "CCC", "BBB"),
      beat("nfl", "BBB", "XXX"),
      beat("nfl", "ZZZ", "CCC")
    ]
    // AAA 2-2 (div 2-1), BBB 2-2 (div 1-2), CCC 1-2
    const rows = Sports.computeStandings("nfl", teams, games)
    expect(order(rows, "AFC", "East")).toEqual(["AAA", "BBB", "CCC"])
    expect(byAbbr(rows).get("AAA")!.tiebreaker).toBe("division_record")
  })

  it("three clubs: division record names the first, the other two revert to step 1 of the two-club format", () => {
    const teams = [
      ...["AAA", "BBB", "CCC", "DDD"].map((t) => team("nfl", t, "AFC", "East")),
      team("nfl", "XXX", "NFC", "West"),
      team("nfl", "YYY", "NFC", "West")
    ]
    const games = [
      beat("nfl", "AAA", "BBB"),
      beat("nfl", "BBB", "CCC"),
      beat("nfl", "CCC", "AAA"), // head-to-head among AAA, BBB, CCC: 1-1 each
      beat("nfl", "AAA", "DDD"),
      beat("nfl", "XXX", "AAA"),
      beat("nfl", "DDD", "BBB"),
      beat("nfl", "BBB", "YYY"),
      beat("nfl", "DDD", "CCC"),
      beat("nfl", "CCC", "XXX")
    ]
    // DDD 2-1 leads. AAA, BBB, CCC all 2-2; division records AAA 2-1, BBB 1-2, CCC 1-2.
    // Between BBB and CCC, common games (vs AAA, DDD) favour CCC (1-1 vs 0-2), but the two-club
    // format restarts at head-to-head, which BBB won.
    const rows = Sports.computeStandings("nfl", teams, games)
    expect(order(rows, "AFC", "East")).toEqual(["DDD", "AAA", "BBB", "CCC"])
    const r = byAbbr(rows)
    expect(r.get("DDD")!.tiebreaker).toBeNull()
    expect(r.get("AAA")!.tiebreaker).toBe("division_record")
    expect(r.get("BBB")!.tiebreaker).toBe("head_to_head")
    expect(r.get("CCC")!.rank).toBe(4)
  })

  it("strength of victory decides when every earlier step is level", () => {
    // AAA and BBB never meet and have the same division/common/conference records; AAA beat the
    // stronger club.
    const teams = [
      team("nfl", "AAA", "AFC", "East"),
      team("nfl", "BBB", "AFC", "East"),
      team("nfl", "STR", "NFC", "West"),
      team("nfl", "WEA", "NFC", "West")
    ]
    const games = [
      beat("nfl", "AAA", "STR"),
      beat("nfl", "WEA", "AAA"),
      beat("nfl", "BBB", "WEA"),
      beat("nfl", "STR", "BBB"),
      beat("nfl", "STR", "WEA")
    ]
    // AAA 1-1, BBB 1-1; common opponents STR, WEA: both 1-1. AAA beat STR (2-1), BBB beat WEA (1-2).
    const rows = Sports.computeStandings("nfl", teams, games)
    expect(order(rows, "AFC", "East")).toEqual(["AAA", "BBB"])
    expect(byAbbr(rows).get("AAA")!.tiebreaker).toBe("strength_of_victory")
  })

  it("clubs level on every step are ordered by abbreviation and reported unresolved", () => {
    const teams = [team("nfl", "BBB", "AFC", "East"), team("nfl", "AAA", "AFC", "East")]
    const rows = Sports.computeStandings("nfl", teams, [])
    expect(order(rows, "AFC", "East")).toEqual(["AAA", "BBB"])
    expect(byAbbr(rows).get("AAA")!.tiebreaker).toBe("unresolved")
  })
})

describe("Standings: NBA conference tiebreaks", () => {
  it("two teams with a split head-to-head: the division winner goes first", () => {
    const teams = [
      team("nba", "ATL", "East", "Atlantic"),
      team("nba", "AT2", "East", "Atlantic"),
      team("nba", "CEN", "East", "Central"),
      team("nba", "CE2", "East", "Central"),
      team("nba", "WES", "West", "Pacific")
    ]
    const games = [
      beat("nba", "ATL", "CEN"),
      beat("nba", "CEN", "ATL"),
      beat("nba", "ATL", "AT2"),
      beat("nba", "WES", "ATL"),
      beat("nba", "CE2", "CEN"),
      beat("nba", "CEN", "WES")
    ]
    // ATL 2-2 leads the Atlantic; CEN 2-2 trails CE2 (1-0) in the Central.
    const rows = Sports.computeStandings("nba", teams, games)
    expect(order(rows, "East")).toEqual(["CE2", "ATL", "CEN", "AT2"])
    const r = byAbbr(rows)
    expect(r.get("ATL")!.tiebreaker).toBe("division_winner")
    expect([r.get("ATL")!.rank, r.get("ATL")!.conference_rank, r.get("ATL")!.division_rank]).toEqual([2, 2, 1])
    expect(r.get("CEN")!.division_rank).toBe(2)
    // games back against the conference leader CE2 (1-0): ((1 - 2) + (2 - 0)) / 2 = 0.5
    expect(r.get("ATL")!.games_back).toBe(0.5)
  })

  it("three teams: the division winner is placed first, the other two restart with the two-team list", () => {
    const teams = [
      team("nba", "PPP", "East", "D1"),
      team("nba", "PP2", "East", "D1"),
      team("nba", "QQQ", "East", "D2"),
      team("nba", "QQ2", "East", "D2"),
      team("nba", "RRR", "East", "D3"),
      team("nba", "RR2", "East", "D3"),
      team("nba", "WWW", "West", "D4")
    ]
    const games = [
      beat("nba", "PPP", "PP2"),
      beat("nba", "WWW", "PPP"),
      beat("nba", "RRR", "QQQ"),
      beat("nba", "QQQ", "WWW"),
      beat("nba", "QQQ", "WWW"),
      beat("nba", "QQ2", "QQQ", 10),
      beat("nba", "RR2", "RRR", 5)
    ]
    // PPP 1-1, QQQ 2-2, RRR 1-1; PPP leads D1, QQ2 and RR2 (1-0) lead D2 and D3. RRR beat QQQ.
    const rows = Sports.computeStandings("nba", teams, games)
    expect(order(rows, "East")).toEqual(["QQ2", "RR2", "PPP", "RRR", "QQQ", "PP2"])
    const r = byAbbr(rows)
    expect(r.get("PPP")!.tiebreaker).toBe("division_winner")
    expect(r.get("RRR")!.tiebreaker).toBe("head_to_head")
    // QQ2 and RR2 (1-0, both division winners, never met, 1-0 in the conference, same record against
    // playoff teams) are separated by point differential: +10 against +5.
    expect(r.get("QQ2")!.tiebreaker).toBe("point_differential")
  })
})

describe("Standings: MLB division tiebreaks", () => {
  it("two clubs: head-to-head, then intradivision record", () => {
    const teams = ["AAA", "BBB", "CCC"].map((t) => team("mlb", t, "AL", "East")).concat(
      team("mlb", "NNN", "NL", "West")
    )
    const games = [
      beat("mlb", "AAA", "BBB"),
      beat("mlb", "BBB", "AAA"), // split
      beat("mlb", "AAA", "CCC"),
      beat("mlb", "NNN", "AAA"),
      beat("mlb", "CCC", "BBB"),
      beat("mlb", "BBB", "NNN"),
      beat("mlb", "NNN", "CCC")
    ]
    // AAA 2-2 (division 2-1), BBB 2-2 (division 1-2), CCC 1-2
    const rows = Sports.computeStandings("mlb", teams, games)
    expect(order(rows, "AL", "East")).toEqual(["AAA", "BBB", "CCC"])
    expect(byAbbr(rows).get("AAA")!.tiebreaker).toBe("division_record")
  })

  it("three clubs: combined head-to-head orders all three at once", () => {
    const teams = ["AAA", "BBB", "CCC"].map((t) => team("mlb", t, "AL", "East")).concat(
      team("mlb", "NNN", "NL", "West")
    )
    const games = [
      beat("mlb", "AAA", "BBB"),
      beat("mlb", "AAA", "CCC"),
      beat("mlb", "BBB", "CCC"),
      beat("mlb", "NNN", "AAA"),
      beat("mlb", "NNN", "AAA"),
      beat("mlb", "BBB", "NNN"),
      beat("mlb", "CCC", "NNN"),
      beat("mlb", "CCC", "NNN"),
      beat("mlb", "NNN", "BBB")
    ]
    const rows = Sports.computeStandings("mlb", teams, games)
    // AAA 2-2 (h2h 2-0), BBB 2-2 (h2h 1-1), CCC 2-2 (h2h 0-2)
    expect(order(rows, "AL", "East")).toEqual(["AAA", "BBB", "CCC"])
    const r = byAbbr(rows)
    expect(r.get("AAA")!.tiebreaker).toBe("head_to_head")
    expect(r.get("BBB")!.tiebreaker).toBe("head_to_head")
    expect(r.get("CCC")!.tiebreaker).toBeNull()
  })

  it("level on head-to-head, division and league: the last half of league games decides", () => {
    const teams = [team("mlb", "AAA", "AL", "East"), team("mlb", "BBB", "AL", "East"), team("mlb", "CCC", "AL", "West")]
    // Both 2-2 against CCC only (never meet): AAA lost early and won late, BBB the reverse.
    const games = [
      beat("mlb", "CCC", "AAA"),
      beat("mlb", "CCC", "BBB"),
      beat("mlb", "CCC", "AAA"),
      beat("mlb", "BBB", "CCC"),
      beat("mlb", "AAA", "CCC"),
      beat("mlb", "BBB", "CCC"),
      beat("mlb", "AAA", "CCC"),
      beat("mlb", "CCC", "BBB")
    ]
    const rows = Sports.computeStandings("mlb", teams, games)
    expect(order(rows, "AL", "East")).toEqual(["AAA", "BBB"])
    expect(byAbbr(rows).get("AAA")!.tiebreaker).toBe("last_half_league")
  })
})

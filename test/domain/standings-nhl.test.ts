/**
 * NHL standings (`nhlRules`): the 2022-23 final table on the real schedule (a fixture cut from
 * twinfield10_nhl_data: every regular-season game, the first twelve columns), and the points
 * system and tie-breaking procedure on small hand-made seasons.
 */
import { describe, expect, it } from "@effect/vitest"
import { type Game, Sports } from "@sports-data/domain"
import { Progress } from "@sports-data/ingest"
import { Nhl, Rows } from "@sports-data/ingest"
import { Effect } from "effect"
import { join } from "node:path"

const schedule2022 = join(import.meta.dirname, "..", "fixtures", "nhl", "standings", "NHL_Schedule_20222023.csv")

const seasonGames = (file: string) =>
  Effect.map(
    Rows.readRows(file, Nhl.parseScheduleRow),
    (read) =>
      Nhl.buildNhl({
        schedules: Rows.keptRows([read]),
        rosters: [],
        teamGames: [],
        lines: [],
        players: [],
        statuses: []
      }).games
  ).pipe(Effect.provide(Progress.silent))

/**
 * The NHL's final 2022-23 regular-season table (NHL.com standings): W-L-OTL and points, each
 * division in its published order (by points).
 */
const published2022: Record<string, ReadonlyArray<readonly [string, number, number, number, number]>> = {
  Atlantic: [
    ["BOS", 65, 12, 5, 135],
    ["TOR", 50, 21, 11, 111],
    ["TBL", 46, 30, 6, 98],
    ["FLA", 42, 32, 8, 92],
    ["BUF", 42, 33, 7, 91],
    ["OTT", 39, 35, 8, 86],
    ["DET", 35, 37, 10, 80],
    ["MTL", 31, 45, 6, 68]
  ],
  Metropolitan: [
    ["CAR", 52, 21, 9, 113],
    ["NJD", 52, 22, 8, 112],
    ["NYR", 47, 22, 13, 107],
    ["NYI", 42, 31, 9, 93],
    ["PIT", 40, 31, 11, 91],
    ["WSH", 35, 37, 10, 80],
    ["PHI", 31, 38, 13, 75],
    ["CBJ", 25, 48, 9, 59]
  ],
  Central: [
    ["COL", 51, 24, 7, 109],
    ["DAL", 47, 21, 14, 108],
    ["MIN", 46, 25, 11, 103],
    ["WPG", 46, 33, 3, 95],
    ["NSH", 42, 32, 8, 92],
    ["STL", 37, 38, 7, 81],
    ["ARI", 28, 40, 14, 70],
    ["CHI", 26, 49, 7, 59]
  ],
  Pacific: [
    ["VGK", 51, 22, 9, 111],
    ["EDM", 50, 23, 9, 109],
    ["LAK", 47, 25, 10, 104],
    ["SEA", 46, 28, 8, 100],
    ["CGY", 38, 27, 17, 93],
    ["VAN", 38, 37, 7, 83],
    ["SJS", 22, 44, 16, 60],
    ["ANA", 23, 47, 12, 58]
  ]
}

describe("nhl standings: the 2022-23 final table from the real schedule", () => {
  it.effect("every team's wins and losses (regulation + overtime) match the published table", () =>
    Effect.gen(function*() {
      const games = yield* seasonGames(schedule2022)
      expect(games).toHaveLength(1312)
      const rows = Sports.computeStandings("nhl", Nhl.nhlTeamRows, games)
      // 32 teams: Utah had not joined yet, so it is not listed.
      expect(rows).toHaveLength(32)
      expect(rows.some((r) => r.team.abbr === "UTA")).toBe(false)
      for (const [, teams] of Object.entries(published2022)) {
        for (const [abbr, w, l, otl] of teams) {
          const row = rows.find((r) => r.team.abbr === abbr)!
          // The schedule has no overtime flag: OT/SO losses are inside `losses`, points are unknown.
          expect({ abbr, gp: row.games_played, w: row.wins, l: row.losses }).toEqual({
            abbr,
            gp: 82,
            w,
            l: l + otl
          })
          expect(row).toMatchObject({ ot_losses: null, regulation_wins: null, standings_points: null })
        }
      }
      // Boston's record season: 65 wins, 305 goals for, 177 against (goal differential +128).
      expect(rows.find((r) => r.team.abbr === "BOS")).toMatchObject({
        wins: 65,
        points_for: 305,
        points_against: 177,
        rank: 1,
        games_back: 0,
        win_pct: 65 / 82
      })
    }))

  it.effect("division order: the published order but for two ties that overtime losses decided", () =>
    Effect.gen(function*() {
      const rows = Sports.computeStandings("nhl", Nhl.nhlTeamRows, yield* seasonGames(schedule2022))
      const order = (division: string) => rows.filter((r) => r.team.division === division).map((r) => r.team.abbr)
      const published = (division: string) => published2022[division]!.map(([abbr]) => abbr)
      // Without overtime results the rank is by W / (W + L). Where the published order differs,
      // the teams are level on that and the published order rests on overtime-loss points:
      expect(order("Atlantic")).toEqual(published("Atlantic")) // FLA over BUF (42-40 both): head-to-head
      expect(order("Central")).toEqual(published("Central")) // MIN over WPG (46-36 both): head-to-head
      // CAR 113 pts (9 OTL) and NJD 112 pts (8 OTL) are both 52-30 here, level head-to-head; NJD's
      // goal differential (+65 against +53) puts it first.
      expect(order("Metropolitan")).toEqual(["NJD", "CAR", "NYR", "NYI", "PIT", "WSH", "PHI", "CBJ"])
      // SJS (22 W, 16 OTL, 60 pts) finished above ANA (23 W, 12 OTL, 58 pts) on OTL points; by
      // W / (W + L) ANA's 23-59 is ahead of SJS's 22-60. CGY over VAN (38-44 both): goal differential.
      expect(order("Pacific")).toEqual(["VGK", "EDM", "LAK", "SEA", "CGY", "VAN", "ANA", "SJS"])
      const njd = rows.find((r) => r.team.abbr === "NJD")!
      expect(njd.tiebreaker).toBe("goal_differential")
      expect(rows.find((r) => r.team.abbr === "FLA")!.tiebreaker).toBe("head_to_head")
      // Games back: ((LW - W) + (L - LL)) / 2 against the division leader.
      expect(rows.find((r) => r.team.abbr === "TOR")!.games_back).toBe(15)
    }))
})

// ------------------------------------------------------------------------------------------
// Hand-made seasons
// ------------------------------------------------------------------------------------------

let nextId = 0
const game = (
  date: string,
  home: string,
  away: string,
  homeScore: number,
  awayScore: number,
  resultType?: "regulation" | "overtime" | "shootout"
): Game => ({
  id: `20250200${String(++nextId).padStart(2, "0")}`,
  sport: "nhl",
  league: "nhl",
  season: 2025,
  week: null,
  season_type: "REG",
  game_date: date,
  start_time: null,
  state: "final",
  home_team: home,
  away_team: away,
  home_score: homeScore,
  away_score: awayScore,
  venue: null,
  attributes: resultType === undefined ? {} : { result_type: resultType }
})

const standings = (games: ReadonlyArray<Game>) => Sports.computeStandings("nhl", Nhl.nhlTeamRows, games)
const rowOf = (rows: ReturnType<typeof standings>, abbr: string) => rows.find((r) => r.team.abbr === abbr)!

describe("nhl standings: points system and tie-breaking procedure", () => {
  it("2 points per win, 1 per overtime or shootout loss; level points go to the better points percentage", () => {
    const rows = standings([
      game("2025-10-01", "BOS", "TOR", 3, 2, "regulation"),
      game("2025-10-02", "TOR", "BOS", 4, 3, "overtime"),
      game("2025-10-03", "MTL", "BOS", 2, 1, "shootout"),
      game("2025-10-04", "MTL", "TOR", 1, 0, "regulation")
    ])
    expect(rows.map((r) => r.team.abbr)).toEqual(["MTL", "BOS", "TOR"])
    expect(rowOf(rows, "BOS")).toMatchObject({
      games_played: 3,
      wins: 1,
      losses: 0,
      ot_losses: 2,
      regulation_wins: 1,
      standings_points: 4,
      points_deducted: 0,
      win_pct: 4 / 6,
      streak: "OT2",
      home: { wins: 1, losses: 0, ties: 0 },
      games_back: 0.5
    })
    // MTL and BOS both have 4 points; MTL's 2 games (P% 1.000) beat BOS's 3 (P% .667).
    expect(rowOf(rows, "MTL")).toMatchObject({ standings_points: 4, rank: 1, tiebreaker: "points_percentage" })
    expect(rowOf(rows, "TOR")).toMatchObject({ wins: 1, losses: 2, ot_losses: 0, standings_points: 2, streak: "L1" })
  })

  it.each(
    [
      // BOS: regulation win + regulation loss; TOR: overtime win + regulation loss
      ["regulation_wins", "regulation", "overtime", "regulation"],
      // BOS: overtime win; TOR: shootout win (ROW excludes shootout wins)
      ["regulation_plus_overtime_wins", "overtime", "shootout", "regulation"]
    ] as const
  )("two teams level on points: %s decides", (step, bosWin, torWin, loss) => {
    const rows = standings([
      game("2025-10-01", "BOS", "MTL", 3, 2, bosWin),
      game("2025-10-02", "TOR", "MTL", 3, 2, torWin),
      game("2025-10-03", "OTT", "BOS", 4, 1, loss),
      game("2025-10-04", "OTT", "TOR", 4, 1, loss)
    ])
    expect(rowOf(rows, "BOS").standings_points).toBe(rowOf(rows, "TOR").standings_points)
    expect(rowOf(rows, "BOS").rank).toBeLessThan(rowOf(rows, "TOR").rank)
    expect(rowOf(rows, "BOS").tiebreaker).toBe(step)
  })

  it("two teams level on points, RW, ROW and wins: head-to-head points without the odd game", () => {
    const rows = standings([
      // Three BOS-TOR games, two of them in Boston: the first game in Boston is the odd game.
      game("2025-10-01", "BOS", "TOR", 3, 1, "regulation"), // odd game: BOS 2, TOR 0 (left out)
      game("2025-10-05", "TOR", "BOS", 3, 1, "regulation"), // TOR 2, BOS 0
      game("2025-10-09", "BOS", "TOR", 3, 2, "overtime"), // BOS 2, TOR 1
      game("2025-10-12", "TOR", "MTL", 3, 2, "overtime"), // TOR 2
      game("2025-10-14", "MTL", "BOS", 3, 2, "overtime") // BOS 1
    ])
    const bos = rowOf(rows, "BOS")
    const tor = rowOf(rows, "TOR")
    expect([bos.standings_points, bos.regulation_wins, bos.wins]).toEqual([5, 1, 2])
    expect([tor.standings_points, tor.regulation_wins, tor.wins]).toEqual([5, 1, 2])
    // All three games: BOS 4 points to TOR's 3. Without the odd game: TOR 3, BOS 2.
    expect(rows.map((r) => r.team.abbr)).toEqual(["TOR", "BOS", "MTL"])
    expect(tor.tiebreaker).toBe("head_to_head")
  })

  it("a shootout whose winner the source does not give counts as played and nothing else", () => {
    const rows = standings([
      game("2025-10-01", "BOS", "TOR", 3, 2, "regulation"),
      game("2025-10-03", "BOS", "TOR", 2, 2, "shootout")
    ])
    expect(rowOf(rows, "BOS")).toMatchObject({
      games_played: 2,
      wins: 1,
      losses: 0,
      ot_losses: 0,
      regulation_wins: 1,
      standings_points: null,
      points_deducted: null,
      win_pct: 1,
      streak: null
    })
    expect(rowOf(rows, "TOR")).toMatchObject({ games_played: 2, wins: 0, losses: 1, standings_points: null })
  })

  it("without an overtime flag: every loss is a loss, OT fields null, ranked by W / (W + L)", () => {
    const rows = standings([
      game("2025-10-01", "BOS", "TOR", 3, 2),
      game("2025-10-03", "BOS", "MTL", 4, 1),
      game("2025-10-05", "TOR", "MTL", 2, 1)
    ])
    expect(rows.map((r) => r.team.abbr)).toEqual(["BOS", "TOR", "MTL"])
    // TOR's one-goal loss may have come in overtime; the source cannot tell, so it is a loss.
    expect(rowOf(rows, "TOR")).toMatchObject({
      wins: 1,
      losses: 1,
      ot_losses: null,
      regulation_wins: null,
      standings_points: null,
      points_deducted: null,
      win_pct: 0.5,
      games_back: 1,
      streak: "W1"
    })
    expect(rowOf(rows, "MTL")).toMatchObject({ wins: 0, losses: 2, win_pct: 0, streak: "L2" })
  })

  it("Arizona is listed in a season it played, Utah in one it played, never both", () => {
    const old = standings([{ ...game("2023-10-11", "ARI", "COL", 3, 2, "regulation"), season: 2023 }])
    expect(old.map((r) => r.team.abbr).sort()).toEqual(["ARI", "COL"])
    const now = standings([game("2025-10-09", "UTA", "COL", 1, 2, "regulation")])
    expect(now.map((r) => r.team.abbr).sort()).toEqual(["COL", "UTA"])
    expect(rowOf(now, "UTA").team).toMatchObject({ name: "Utah Mammoth", division: "Central", external_id: "68" })
  })
})

/**
 * Phases `teamGames` and `lines` of the NHL build (packages/ingest/src/nhl/Build.ts) on hand-made
 * 2025-26 records: which games the team-games file yields, and which goalie is credited with the
 * decision.
 */
import { describe, expect, it } from "@effect/vitest"
import { Nhl } from "@sports-data/ingest"

type TeamGame = Nhl.Sources.TeamGame
type PlayerLine = Nhl.Sources.PlayerLine

/** The row of `team` in game `id` against `opponent`. */
const teamRow = (
  id: string,
  team: string,
  opponent: string,
  gf: number,
  ga: number,
  sf: number,
  sa: number
): TeamGame => ({
  file: "nhl_team_games_2025_26.csv",
  line: 2,
  id,
  season: 2025,
  seasonType: "REG",
  date: "2025-10-09",
  team,
  opponent,
  goalsFor: gf,
  goalsAgainst: ga,
  shotsFor: sf,
  shotsAgainst: sa
})

/** Both rows of a game, home first. */
const game = (id: string, home: string, away: string, hg: number, ag: number, hs = 30, as = 25) => [
  teamRow(id, home, away, hg, ag, hs, as),
  teamRow(id, away, home, ag, hg, as, hs)
]

const counts = (toi: number, goalie: boolean): Nhl.Sources.LineCounts => ({
  goals: 0,
  assists: 0,
  points: 0,
  shots: 0,
  hits: 0,
  blocked_shots: 0,
  pp_points: 0,
  faceoffs_won: null,
  faceoffs_taken: null,
  toi_minutes: toi,
  shots_against: goalie ? 25 : null,
  goals_against: goalie ? 2 : null,
  saves: goalie ? 23 : null,
  save_pct: goalie ? 0.92 : null
})

/** A line of player `playerId` of `team` (at home or not) in game `gameId`; a goalie when `toi` is given as one. */
const line = (
  gameId: string,
  playerId: string,
  team: string,
  opponent: string,
  home: boolean,
  goalieToi?: number
): PlayerLine => ({
  file: "nhl_player_game_logs_2025_26.csv",
  line: 2,
  gameId,
  season: 2025,
  seasonType: "REG",
  date: "2025-10-09",
  team,
  opponent,
  home,
  playerId,
  name: "J. Doe",
  position: goalieToi === undefined ? "C" : "G",
  isGoalie: goalieToi !== undefined,
  counts: counts(goalieToi ?? 18, goalieToi !== undefined)
})

describe("nhl build: 2025-26 games from the team-games file (phase teamGames)", () => {
  it("home and away come from the player lines, and a game listed 0-0 without a shot has no score", () => {
    const lines = [line("2025020010", "1", "TOR", "MTL", true, 60), line("2025020011", "2", "EDM", "CGY", false)]
    const { games, skipped } = Nhl.teamGamesPhase(
      [...game("2025020010", "MTL", "TOR", 2, 3).reverse(), ...game("2025020011", "CGY", "EDM", 0, 0, 0, 0)],
      lines,
      new Map()
    )
    expect(skipped).toEqual([])
    expect(games.get("2025020010")).toMatchObject({ home: "TOR", away: "MTL", homeScore: 3, awayScore: 2 })
    expect(games.get("2025020011")).toMatchObject({ home: "CGY", away: "EDM", homeScore: null, awayScore: null })
  })

  it("a level score is a shootout; one goalie past 60 minutes and a one-goal margin is overtime", () => {
    const lines = [
      line("2025020010", "1", "TOR", "MTL", true, 64.9),
      line("2025020010", "2", "MTL", "TOR", false, 64.5),
      line("2025020011", "3", "CGY", "EDM", true, 65)
    ]
    const { games } = Nhl.teamGamesPhase(
      [...game("2025020010", "TOR", "MTL", 4, 3), ...game("2025020011", "CGY", "EDM", 2, 2)],
      lines,
      new Map()
    )
    expect(games.get("2025020010")?.attributes.result_type).toBe("overtime")
    expect(games.get("2025020011")?.attributes.result_type).toBe("shootout")
    expect([games.get("2025020011")?.homeScore, games.get("2025020011")?.awayScore]).toEqual([2, 2])
  })

  it("rows that disagree, a game no line places, and a game already read are reported and not written", () => {
    const [home, away] = game("2025020012", "TOR", "MTL", 3, 2)
    const taken = Nhl.scheduleGamesPhase([{
      file: "NHL_Schedule_20240701.csv",
      line: 2,
      id: "2025020014",
      season: 2025,
      seasonType: "REG",
      date: "2025-10-09",
      startTime: null,
      scheduleState: "OK",
      home: "VAN",
      away: "SEA",
      homeScore: 4,
      awayScore: 1
    }]).games
    const { games, skipped } = Nhl.teamGamesPhase(
      [
        home!,
        { ...away!, goalsFor: 3 },
        ...game("2025020013", "BOS", "NYR", 1, 0),
        ...game("2025020014", "VAN", "SEA", 4, 1)
      ],
      [line("2025020012", "1", "TOR", "MTL", true), line("2025020014", "2", "VAN", "SEA", true)],
      taken
    )
    expect(games.size).toBe(0)
    expect(skipped.map((s) => s.reason)).toEqual([
      "the rows of game 2025020012 disagree on teams, date or goals",
      "the rows of game 2025020012 disagree on teams, date or goals",
      "no player line tells home from away for game 2025020013",
      "no player line tells home from away for game 2025020013",
      "game 2025020014 is already read from another source",
      "game 2025020014 is already read from another source"
    ])
  })
})

describe("nhl build: goalie decisions (phase lines)", () => {
  const decisions = (g: ReadonlyArray<TeamGame>, lines: ReadonlyArray<PlayerLine>) => {
    const { games } = Nhl.teamGamesPhase(g, lines, new Map())
    const { statLines } = Nhl.linesPhase(lines, games)
    return Object.fromEntries(
      statLines.filter((l) => l.position === "G").map((l) => [
        l.player_id,
        [l.stats.goalie_wins, l.stats.goalie_losses, l.stats.goalie_ot_losses]
      ])
    )
  }

  it("the sole goalie of each team gets the win or the overtime loss; two goalies of a team get none", () => {
    const lines = [
      line("2025020010", "1", "TOR", "MTL", true, 64.9),
      line("2025020010", "2", "MTL", "TOR", false, 40),
      line("2025020010", "3", "MTL", "TOR", false, 24.5)
    ]
    expect(decisions(game("2025020010", "TOR", "MTL", 4, 3), lines)).toEqual({
      [Nhl.nhlPlayerId("1")]: [1, 0, 0],
      [Nhl.nhlPlayerId("2")]: [null, null, null],
      [Nhl.nhlPlayerId("3")]: [null, null, null]
    })
  })

  it("in a shootout, whose winner no source names, neither goalie is credited", () => {
    const lines = [line("2025020011", "1", "CGY", "EDM", true, 65), line("2025020011", "2", "EDM", "CGY", false, 65)]
    expect(decisions(game("2025020011", "CGY", "EDM", 2, 2), lines)).toEqual({
      [Nhl.nhlPlayerId("1")]: [null, null, null],
      [Nhl.nhlPlayerId("2")]: [null, null, null]
    })
  })

  it("a regulation loss is a loss, not an overtime loss", () => {
    const lines = [line("2025020012", "1", "TOR", "MTL", true, 60), line("2025020012", "2", "MTL", "TOR", false, 59.2)]
    expect(decisions(game("2025020012", "TOR", "MTL", 5, 1), lines)[Nhl.nhlPlayerId("2")]).toEqual([0, 1, 0])
  })
})

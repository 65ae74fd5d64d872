/**
 * Phases `games` and `players` of the NBA build (packages/ingest/src/nba/Build.ts) on hand-made
 * records: a team plays one game a date whichever source lists it, and the injury-report rule.
 */
import { describe, expect, it } from "@effect/vitest"
import { Nba, type PlayerStatus } from "@sports-data/ingest"

type PlayerLine = Nba.Sources.PlayerLine

const millxing = (id: string, date: string, home: string, away: string): Nba.Sources.MillxingGame => ({
  id,
  date,
  season: 2025,
  seasonType: "REG",
  gameType: "Regular Season",
  neutralSite: null,
  home,
  away,
  homeScore: 110,
  awayScore: 104
})

const teamLog = (date: string, team: string, opponent: string, home: boolean) => ({
  file: "team_game_logs.csv",
  line: 7,
  date,
  season: 2025,
  seasonType: "REG" as const,
  team,
  opponent,
  home,
  points: 100
})

const playerLine = (playerId: string, date: string, team: string, opponent: string): PlayerLine => ({
  source: "meharpalbasi",
  file: "player_game_logs.csv",
  line: 2,
  playerId,
  name: "Jalen Brunson",
  team,
  opponent,
  home: true,
  date,
  season: 2025,
  seasonType: "REG",
  gameId: null,
  stats: { points: 30 }
})

const games = (input: Partial<Parameters<typeof Nba.gamesPhase>[0]>) =>
  Nba.gamesPhase({ millxingGames: [], linescores: [], advanced: [], teamTotals: [], teamLogs: [], lines: [], ...input })

describe("nba build: one game per team and date (phase games)", () => {
  it("a game only in the team logs gets a date-and-teams id; one whose team already plays that date is reported", () => {
    const { games: byId, skipped } = games({
      millxingGames: [millxing("0022500101", "2026-01-10", "NYK", "BOS")],
      teamLogs: [
        teamLog("2026-01-10", "NYK", "BOS", true),
        teamLog("2026-01-11", "LAL", "DEN", true),
        teamLog("2026-01-11", "DEN", "LAL", false),
        // the same date as the Knicks' millxing game, against another opponent
        teamLog("2026-01-10", "MIA", "BOS", true)
      ]
    })
    expect([...byId.keys()]).toEqual(["0022500101", Nba.syntheticGameId("2026-01-11", "DEN", "LAL")])
    expect(byId.get("20260111_DEN_LAL")).toMatchObject({ home: "LAL", away: "DEN", homeScore: 100, awayScore: 100 })
    expect(skipped.map((s) => s.reason)).toEqual(["home/road of 2026-01-10|BOS|MIA contradicts game 0022500101"])
  })

  it("a bettormanpicks game no source tells home from road for is reported on each of its rows", () => {
    const totals = ["NYK", "BOS"].map((team, i) => ({
      file: "nba_team_game_totals.csv",
      line: 2 + i,
      id: "0022500300",
      date: "2026-02-01",
      team,
      opponent: team === "NYK" ? "BOS" : "NYK",
      points: 99
    }))
    const { games: byId, skipped } = games({ teamTotals: totals })
    expect(byId.size).toBe(0)
    expect(skipped.map((s) => s.line)).toEqual([2, 3])
  })
})

describe("nba build: the injury report (phase players)", () => {
  const status = (code: string, lastUpdated: string): PlayerStatus.StatusRow => ({
    file: "nba_player_status_history.csv",
    line: 2,
    playerId: "1628973",
    name: "Jalen Brunson",
    code,
    comment: "Ankle",
    lastUpdated,
    firstSeen: null
  })
  const statusAfterGame = (code: string, lastUpdated: string) => {
    const g = games({ millxingGames: [millxing("0022500101", "2026-01-10", "NYK", "BOS")] })
    const { lines } = Nba.linesPhase([playerLine("1628973", "2026-01-10", "NYK", "BOS")], g)
    return Nba.playersPhase(lines, [], [status(code, lastUpdated)]).players[0]!
  }

  it("out, doubtful or questionable after his last game: injured, the entry kept", () => {
    const p = statusAfterGame("Q", "2026-01-12 17:30")
    expect(p.status).toBe("injured")
    expect(p.attributes.injury).toEqual({ code: "Q", comment: "Ankle", updated_at: "2026-01-12 17:30" })
  })

  it("a game on or after the entry's date clears it; probable never injures", () => {
    expect(statusAfterGame("O", "2026-01-10 12:00").status).toBe("active")
    expect(statusAfterGame("P", "2026-01-12 17:30").status).toBe("active")
  })
})

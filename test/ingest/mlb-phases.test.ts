/**
 * The named phases of the MLB build (packages/ingest/src/mlb/Build.ts) on hand-made records: how a
 * Retrosheet game finds its game_pk when MLB lists two games of the same clubs on one day.
 */
import { describe, expect, it } from "@effect/vitest"
import { Mlb } from "@sports-data/ingest"

type ScheduleRow = Mlb.Sources.ScheduleRow
type RetroTeamRow = Mlb.Sources.RetroTeamRow
const { linksPhase, retroGamesPhase, schedulePhase } = Mlb

const scheduled = (gamePk: string, homeRuns: number, awayRuns: number, line: number): ScheduleRow => ({
  file: "games_2024.csv",
  line,
  gamePk,
  date: "2024-07-06",
  status: "FINISHED",
  home: "NYY",
  away: "BOS",
  venue: "Yankee Stadium",
  doubleheader: true,
  dayNight: "day",
  homePitcher: null,
  awayPitcher: null,
  homeRuns,
  awayRuns
})

/** The two team rows of Retrosheet game `gid` (game `number` of the day), NYY at home. */
const retro = (gid: string, number: number, homeRuns: number, awayRuns: number): Array<RetroTeamRow> =>
  [true, false].map((home, i) => ({
    file: "teams-2024.csv",
    line: number * 2 + i,
    gid,
    source: "evt",
    date: "2024-07-06",
    number,
    site: "NYC16",
    phase: "REG",
    home,
    team: home ? "NYY" : "BOS",
    opponent: home ? "BOS" : "NYY",
    runs: home ? homeRuns : awayRuns,
    runsAllowed: home ? awayRuns : homeRuns,
    hits: null,
    errors: null,
    leftOnBase: null
  }))

const link = (schedule: ReadonlyArray<ScheduleRow>, teams: ReadonlyArray<RetroTeamRow>) =>
  linksPhase([], retroGamesPhase(teams), schedulePhase(schedule))

describe("mlb build: linking Retrosheet games to game_pks (phase links)", () => {
  it("the two games of a doubleheader are told apart by their scores", () => {
    const links = link(
      [scheduled("746001", 5, 3, 2), scheduled("746002", 1, 4, 3)],
      [...retro("NYA202407061", 1, 1, 4), ...retro("NYA202407062", 2, 5, 3)]
    )
    expect(Object.fromEntries(links.gidToPk)).toEqual({ NYA202407061: "746002", NYA202407062: "746001" })
    expect(links.skipped).toEqual([])
  })

  it("a doubleheader of two equal scores is reported, each game naming both candidates, and not linked", () => {
    const links = link(
      [scheduled("746001", 2, 1, 2), scheduled("746002", 2, 1, 3)],
      [...retro("NYA202407061", 1, 2, 1), ...retro("NYA202407062", 2, 2, 1)]
    )
    expect(links.gidToPk.size).toBe(0)
    expect(links.skipped.map((s) => s.reason)).toEqual([
      "Retrosheet game NYA202407061 matches 2 schedule games (746001, 746002); not linked",
      "Retrosheet game NYA202407062 matches 2 schedule games (746001, 746002); not linked"
    ])
  })

  it("a crosswalk pair wins over the score match, and its game_pk is not given to a second game", () => {
    const links = linksPhase(
      [{ gid: "NYA202407062", gamePk: "746001" }],
      retroGamesPhase([...retro("NYA202407061", 1, 5, 3), ...retro("NYA202407062", 2, 5, 3)]),
      schedulePhase([scheduled("746001", 5, 3, 2), scheduled("746002", 0, 0, 3)])
    )
    expect(links.gidToPk.get("NYA202407062")).toBe("746001")
    // the first game's score matches only the taken game_pk; by date and clubs one is left
    expect(links.gidToPk.get("NYA202407061")).toBe("746002")
  })
})

/**
 * NBA ingestion on a fixture cut from the real files (test/fixtures/nba, same folder and file
 * names as the data directory; README.md there says what was cut), into the memory store.
 */
import { describe, expect, it } from "@effect/vitest"
import { TeamReader } from "@sports-data/domain"
import { ingestNba, nbaSourceFiles, normaliseNbaTeam } from "@sports-data/ingest"
import { Effect } from "effect"
import { join } from "node:path"
import {
  appendRows,
  expectNothingChanged,
  fixtureCopy as copyOf,
  fixtureDir,
  lineCount,
  replaceInFile,
  storeReader,
  TestLayer,
  withRecordedProgress
} from "./helpers.js"

const fixture = fixtureDir("nba")
const fixtureCopy = copyOf("nba")
const { allGames, allLines, allPlayers, game, line, player } = storeReader("nba")

const LEBRON = "svc_nba_2544"
const LUKA = "svc_nba_1629029"
const DAVIS = "svc_nba_203076"

describe("nba ingestion: source mappings", () => {
  it.effect("30 teams with NBA.com ids, conference and division; abbreviations are normalised", () =>
    Effect.gen(function*() {
      yield* ingestNba(fixture)
      const teams = yield* Effect.flatMap(TeamReader, (s) => s.find("nba"))
      expect(teams).toHaveLength(30)
      expect(teams.find((t) => t.abbr === "LAL")).toMatchObject({
        name: "Los Angeles Lakers",
        conference: "West",
        division: "Pacific",
        external_id: "1610612747"
      })
      expect(teams.find((t) => t.abbr === "BOS")).toMatchObject({ conference: "East", division: "Atlantic" })
      expect(new Set(teams.map((t) => t.conference))).toEqual(new Set(["East", "West"]))
      expect(normaliseNbaTeam("GS")).toBe("GSW")
      expect(normaliseNbaTeam("pho")).toBe("PHX")
      expect(normaliseNbaTeam("BRK")).toBe("BKN")
      expect(normaliseNbaTeam("SEA")).toBeUndefined()
    }).pipe(Effect.provide(TestLayer)))

  it.effect("millxing games keep the NBA.com id, scores, season type, quarters and possessions", () =>
    Effect.gen(function*() {
      yield* ingestNba(fixture)
      expect(yield* game("0022400062")).toMatchObject({
        season: 2024,
        week: null,
        season_type: "REG",
        game_date: "2024-10-22",
        state: "final",
        home_team: "LAL",
        away_team: "MIN",
        home_score: 110,
        away_score: 103,
        attributes: {
          source: "millxing_nba_data",
          game_type: "regular_season",
          neutral_site: false,
          home_quarters: [22, 33, 27, 28],
          away_quarters: [23, 19, 32, 29],
          home_possessions: 95,
          away_possessions: 94,
          overtime_periods: 0
        }
      })
      expect(yield* game("0062400001")).toMatchObject({
        season_type: "CUP_FINAL",
        home_team: "MIL",
        away_team: "OKC",
        attributes: { neutral_site: true }
      })
      expect(yield* game("0042400161")).toMatchObject({ season_type: "POST", home_score: 95, away_score: 117 })
    }).pipe(Effect.provide(TestLayer)))

  it.effect("bettormanpicks games get their id padded to 10 digits and home/road from a matchup", () =>
    Effect.gen(function*() {
      yield* ingestNba(fixture)
      // 22500769 in the file; its team totals have no home flag: "LAL vs. OKC" says LAL is home
      expect(yield* game("0022500769")).toMatchObject({
        season: 2025,
        season_type: "REG",
        game_date: "2026-02-09",
        home_team: "LAL",
        away_team: "OKC",
        home_score: 110,
        away_score: 119,
        attributes: { source: "bettormanpicks_bmp_app" }
      })
      // A game in both millxing and bettormanpicks is one game, from millxing.
      const games = yield* allGames
      expect(games.filter((g) => g.game_date === "2025-11-18")).toHaveLength(1)
      expect((yield* game("0022500253")).attributes.source).toBe("millxing_nba_data")
    }).pipe(Effect.provide(TestLayer)))

  it.effect("games only in meharpalbasi team logs get a stable <date>_<away>_<home> id", () =>
    Effect.gen(function*() {
      yield* ingestNba(fixture)
      expect(yield* game("20260222_BOS_LAL")).toMatchObject({
        season: 2025,
        season_type: "REG",
        home_team: "LAL",
        away_team: "BOS",
        home_score: 89,
        away_score: 111,
        state: "final",
        attributes: { synthetic_id: true }
      })
      expect(yield* game("20260418_HOU_LAL")).toMatchObject({ season_type: "POST", home_score: 107, away_score: 98 })
      expect(yield* allGames).toHaveLength(12)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a line maps box stats, season usage rate (percent) and FanDuel points; no starter flag", () =>
    Effect.gen(function*() {
      yield* ingestNba(fixture)
      const l = yield* line(`${LEBRON}:0022400062`)
      expect(l).toMatchObject({
        player_id: LEBRON,
        game_id: "0022400062",
        season: 2024,
        week: null,
        game_date: "2024-10-22",
        team: "LAL",
        opponent: "MIN",
        position: "F",
        is_starter: null
      })
      expect(l.stats).toMatchObject({
        minutes_played: 35,
        points: 16,
        rebounds: 5,
        assists: 4,
        steals: 0,
        blocks: 2,
        turnovers: 2,
        plus_minus: -6,
        field_goals_made: null,
        offensive_rebounds: null,
        usage_rate: 29.1,
        is_back_to_back: 0
      })
      // 16 + 5 x 1.2 + 4 x 1.5 + 0 x 3 + 2 x 3 - 2 = 32
      expect(l.fantasy_points).toBe(32)
      expect(l.fantasy_points_formats).toEqual({ fanduel: 32 })
      // Playoff lines take the playoff usage rate.
      expect((yield* line(`${LEBRON}:0042400161`)).stats.usage_rate).toBe(26.2)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("is_back_to_back is 1 when the team played the day before", () =>
    Effect.gen(function*() {
      yield* ingestNba(fixture)
      // LAL: 2024-10-25 vs PHX, then 2024-10-26 vs SAC
      expect((yield* line(`${LEBRON}:0022400085`)).stats.is_back_to_back).toBe(0)
      expect((yield* line(`${LEBRON}:0022400096`)).stats.is_back_to_back).toBe(1)
      // 32 + 14 x 1.2 + 10 x 1.5 + 0 + 1 x 3 - 5 = 61.8
      expect((yield* line(`${LEBRON}:0022400096`)).fantasy_points).toBe(61.8)
      // LAL at NOP 2025-11-14, at MIL 2025-11-15, vs UTA 2025-11-18
      expect((yield* line(`${LUKA}:0022500231`)).stats.is_back_to_back).toBe(1)
      expect((yield* line(`${LUKA}:0022500253`)).stats.is_back_to_back).toBe(0)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a line in both meharpalbasi and bettormanpicks is one line: shooting counts added, MIN kept", () =>
    Effect.gen(function*() {
      yield* ingestNba(fixture)
      const l = yield* line(`${LUKA}:0022500253`)
      expect(l.stats).toMatchObject({
        minutes_played: 34, // bettormanpicks has 0.0 (missing in that source)
        points: 37,
        rebounds: 5,
        offensive_rebounds: 0,
        defensive_rebounds: 5,
        assists: 10,
        steals: 4,
        blocks: 0,
        turnovers: 8,
        personal_fouls: 4,
        field_goals_made: 11,
        field_goals_attempted: 22,
        three_pointers_made: 2,
        three_pointers_attempted: 10,
        free_throws_made: 13,
        free_throws_attempted: 16,
        usage_rate: 36.8
      })
      // 37 + 6 + 15 + 12 + 0 - 8
      expect(l.fantasy_points).toBe(62)
      const lines = yield* allLines
      expect(lines.filter((x) => x.player_id === LUKA && x.game_date === "2025-11-18")).toHaveLength(1)
      // 11 lines of 2024-25 and 8 of 2025-26; the 3 bettormanpicks lines all merge.
      expect(lines).toHaveLength(19)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("players: NBA.com id, current team from the latest line, position codes, status rule", () =>
    Effect.gen(function*() {
      const result = yield* ingestNba(fixture)
      const players = yield* allPlayers
      expect(players.map((p) => p.id).sort()).toEqual(
        ["svc_nba_1627734", "svc_nba_1629029", "svc_nba_1630162", "svc_nba_201142", "svc_nba_203076", "svc_nba_2544"]
      )
      expect(yield* player(LEBRON)).toMatchObject({
        full_name: "LeBron James",
        first_name: "LeBron",
        last_name: "James",
        position: "F",
        team: "LAL",
        status: "active", // questionable on Feb 20, played on Feb 22
        platform_ids: { nba: "2544" },
        attributes: { injury: { code: "Q", updated_at: "2026-02-20 16:59:56" } }
      })
      // Ruled out on Feb 6 (the entry has an id), played again on Feb 22: active.
      expect(yield* player(LUKA)).toMatchObject({
        full_name: "Luka Dončić",
        position: "F-G",
        status: "active",
        team: "LAL"
      })
      // Out on Feb 19 and no game since: injured; no line this season, so no current team.
      expect(yield* player(DAVIS)).toMatchObject({ status: "injured", team: null, position: "F-C" })
      // No line in the newest season (2025-26): inactive.
      expect(yield* player("svc_nba_201142")).toMatchObject({ status: "inactive", team: null, position: "F" })
      // Status entries without player_id: "Luka Doncic" matches Dončić; "L.J. Cryer" matches nobody.
      expect(result.skipped).toEqual([
        expect.objectContaining({ line: 2, reason: expect.stringContaining("L.J. Cryer") }),
        expect.objectContaining({ line: 4, reason: expect.stringContaining("L.J. Cryer") })
      ])
      expect(result.skipped[0]!.file).toContain("nba_player_status_history.csv")
    }).pipe(Effect.provide(TestLayer)))
})

describe("nba ingestion: ids, malformed rows, re-runs", () => {
  it.effect("two runs on fresh stores give the same ids", () =>
    Effect.gen(function*() {
      const ids = Effect.gen(function*() {
        yield* ingestNba(fixture)
        return {
          players: (yield* allPlayers).map((p) => p.id),
          games: (yield* allGames).map((g) => g.id),
          lines: (yield* allLines).map((l) => l.id)
        }
      })
      const a = yield* ids.pipe(Effect.provide(TestLayer))
      const b = yield* ids.pipe(Effect.provide(TestLayer))
      expect(a).toEqual(b)
      expect(a.lines).toContain(`${LEBRON}:20260222_BOS_LAL`)
      expect(a.lines).toContain(`${LEBRON}:0022500769`) // in both line sources, one id
    }))

  it.scoped("malformed rows are reported with file, line and reason and skipped; the rest is written", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      const logs = join(dir, "meharpalbasi_nba_data", "player_game_logs_2024-25.csv")
      const before = lineCount(logs)
      appendRows(logs, [
        "2544,LeBron James,LAL,2024-10-28,LAL @ PHX,L,30,abc,5,4,0,0,1,0.5,0.5,1.0,-3,Regular Season",
        "2544,LeBron James,LAL,2024-10-30",
        "2544,LeBron James,XYZ,2024-10-30,XYZ @ CLE,L,30,20,5,4,0,0,1,0.5,0.5,1.0,-3,Regular Season",
        "2544,LeBron James,LAL,2024-11-30,LAL @ PHX,L,30,20,5,4,0,0,1,0.5,0.5,1.0,-3,Regular Season"
      ])
      const result = yield* ingestNba(dir)
      const mine = result.skipped.filter((s) => s.file === logs)
      expect(mine).toEqual([
        { file: logs, line: before + 1, reason: "PTS is not a number: \"abc\"" },
        { file: logs, line: before + 2, reason: "expected 18 fields, found 4" },
        { file: logs, line: before + 3, reason: "TEAM_ABBREVIATION is not an NBA team: \"XYZ\"" },
        { file: logs, line: before + 4, reason: "no game of LAL on 2024-11-30" }
      ])
      expect(result.counts.stat_lines).toMatchObject({ inserted: 19, skipped: 4 })
      expect(yield* allLines).toHaveLength(19)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a second run over the same files changes nothing", () =>
    Effect.gen(function*() {
      const first = yield* ingestNba(fixture)
      const second = yield* ingestNba(fixture)
      expectNothingChanged(first, second)
      expect(second.counts.stat_lines?.unchanged).toBe(19)
      expect(second.counts.games?.unchanged).toBe(12)
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("a changed source row updates its line in place", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      yield* ingestNba(dir)
      const logs = join(dir, "meharpalbasi_nba_data", "player_game_logs_2024-25.csv")
      replaceInFile(
        logs,
        "2544,LeBron James,LAL,2024-10-22,LAL vs. MIN,W,35,16,",
        "2544,LeBron James,LAL,2024-10-22,LAL vs. MIN,W,35,18,"
      )
      const second = yield* ingestNba(dir)
      expect(second.counts.stat_lines).toMatchObject({ inserted: 0, updated: 1, unchanged: 18 })
      const l = yield* line(`${LEBRON}:0022400062`)
      expect(l.stats.points).toBe(18)
      expect(l.fantasy_points).toBe(34)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("reports progress for every file it reads", () =>
    Effect.gen(function*() {
      const { result, rowsOf, started } = yield* withRecordedProgress(ingestNba(fixture))
      const files = yield* nbaSourceFiles(fixture)
      expect(files).toHaveLength(16)
      expect([...started].sort()).toEqual([...files])
      expect(result.files).toEqual(files)
      expect(rowsOf("player_game_logs_2024-25.csv")).toBe(11)
      expect(rowsOf("nba_player_status_history.csv")).toBe(13)
    }))
})

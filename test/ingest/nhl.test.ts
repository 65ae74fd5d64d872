/**
 * NHL ingestion on a fixture cut from the real files (test/fixtures/nhl, same folder and file
 * names as the data directory; README.md there says what was cut), into the memory store; and,
 * when the data directory is there, one run over the full data.
 */
import { describe, expect, it } from "@effect/vitest"
import { TeamReader } from "@sports-data/domain"
import { Runner } from "@sports-data/ingest"
import { Nhl } from "@sports-data/ingest"
import { Effect } from "effect"
import { existsSync } from "node:fs"
import { join, resolve } from "node:path"
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

const fixture = fixtureDir("nhl")
const fixtureCopy = copyOf("nhl")
const { allGames, allLines, allPlayers, game, line, player } = storeReader("nhl")
const dataDir = resolve(process.env.SPORTS_DATA_DIR ?? join(import.meta.dirname, "..", "..", "..", "shared", "data"))

const BEDARD = "svc_nhl_8484144"
const MCDAVID = "svc_nhl_8478402"
const KORPISALO = "svc_nhl_8476914"

describe("nhl ingestion: source mappings", () => {
  it.effect("33 teams with NHL ids, conference and division; Arizona and Utah are two teams", () =>
    Effect.gen(function*() {
      yield* Nhl.ingestNhl(fixture)
      const teams = yield* Effect.flatMap(TeamReader, (s) => s.find("nhl"))
      expect(teams).toHaveLength(33)
      expect(teams.find((t) => t.abbr === "BOS")).toMatchObject({
        name: "Boston Bruins",
        conference: "Eastern",
        division: "Atlantic",
        external_id: "6"
      })
      expect(teams.find((t) => t.abbr === "ARI")).toMatchObject({
        conference: "Western",
        division: "Central",
        external_id: "53",
        attributes: { last_season: 2023 }
      })
      expect(teams.find((t) => t.abbr === "UTA")).toMatchObject({
        name: "Utah Mammoth",
        division: "Central",
        attributes: { first_season: 2024 }
      })
      expect(new Set(teams.map((t) => t.division))).toEqual(new Set(["Atlantic", "Metropolitan", "Central", "Pacific"]))
      expect(Nhl.normaliseNhlTeam("tb")).toBe("TBL")
      expect(Nhl.normaliseNhlTeam("VEG")).toBe("VGK")
      expect(Nhl.normaliseNhlTeam("CAN")).toBeUndefined()
    }).pipe(Effect.provide(TestLayer)))

  it.effect("twinfield10 games keep the NHL game id, UTC start, REG/POST and final scores; no result type", () =>
    Effect.gen(function*() {
      yield* Nhl.ingestNhl(fixture)
      // Opening night 2022-23: Boston won 5-2 in Washington.
      const opener = yield* game("2022020005")
      expect(opener).toMatchObject({
        league: "nhl",
        season: 2022,
        season_type: "REG",
        game_date: "2022-10-12",
        state: "final",
        home_team: "WSH",
        away_team: "BOS",
        home_score: 2,
        away_score: 5,
        attributes: { source: "twinfield10_nhl_data", schedule_state: "OK" }
      })
      expect(opener.start_time?.toISOString()).toBe("2022-10-12T23:00:00.000Z")
      expect(opener.attributes.result_type).toBeUndefined()
      // 2023 first round, game 6: Florida beat Boston 7-5 at home.
      expect(yield* game("2022030116")).toMatchObject({
        season_type: "POST",
        home_team: "FLA",
        away_team: "BOS",
        home_score: 7,
        away_score: 5
      })
      expect((yield* allGames).map((g) => g.season)).toEqual([
        2021,
        2022,
        2022,
        2022,
        2022,
        2022,
        2023,
        2025,
        2025,
        2025,
        2025
      ])
    }).pipe(Effect.provide(TestLayer)))

  it.effect("2025-26 games: home from the lines, shots, and how the game ended", () =>
    Effect.gen(function*() {
      yield* Nhl.ingestNhl(fixture)
      // Florida's banner night: 3-2 over Chicago; both goalies played 60 minutes or less.
      expect(yield* game("2025020001")).toMatchObject({
        season: 2025,
        season_type: "REG",
        state: "final",
        home_team: "FLA",
        away_team: "CHI",
        home_score: 3,
        away_score: 2,
        start_time: null,
        attributes: { source: "bettormanpicks_bmp_app", home_shots: 37, away_shots: 19, result_type: "regulation" }
      })
      // Boston 4-3 over Chicago: Korpisalo played 62.0 minutes.
      expect((yield* game("2025020008")).attributes.result_type).toBe("overtime")
      // Calgary at Edmonton: 3-3 after overtime in the source's goals; the shootout winner is unknown.
      expect(yield* game("2025020006")).toMatchObject({
        home_score: 3,
        away_score: 3,
        state: "final",
        attributes: { result_type: "shootout" }
      })
      // The Olympic game (type 09) is not an NHL game.
      expect((yield* allGames).some((g) => g.id === "2025090005")).toBe(false)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a skater line: counts as written, goalie stats null, faceoffs missing, fantasy points", () =>
    Effect.gen(function*() {
      yield* Nhl.ingestNhl(fixture)
      const l = yield* line(`${BEDARD}:2025020008`)
      expect(l).toMatchObject({
        player_id: BEDARD,
        game_id: "2025020008",
        season: 2025,
        week: null,
        game_date: "2025-10-09",
        team: "CHI",
        opponent: "BOS",
        position: "C",
        is_starter: null
      })
      expect(l.stats).toEqual({
        goals: 1,
        assists: 1,
        points: 2,
        shots: 2,
        hits: 1,
        blocked_shots: 1,
        pp_points: 0,
        faceoffs_won: null, // 0 on every row of the source
        faceoffs_taken: null,
        toi_minutes: 21.9,
        shots_against: null,
        goals_against: null,
        saves: null,
        save_pct: null,
        goalie_wins: null,
        goalie_losses: null,
        goalie_ot_losses: null
      })
      // 12 + 8 + 2 x 1.6 + 1 x 1.6
      expect(l.fantasy_points).toBe(24.8)
      expect(l.fantasy_points_formats).toEqual({ default: 24.8 })
      // A.J. Greer's L position is stored as LW.
      expect((yield* line("svc_nhl_8478421:2025020001")).position).toBe("LW")
    }).pipe(Effect.provide(TestLayer)))

  it.effect("goalie lines: save percentage as a fraction, decisions for the sole goalie of a team", () =>
    Effect.gen(function*() {
      yield* Nhl.ingestNhl(fixture)
      const korpisalo = yield* line(`${KORPISALO}:2025020008`)
      expect(korpisalo.stats).toMatchObject({
        toi_minutes: 62,
        shots_against: 24,
        goals_against: 3,
        saves: 21,
        save_pct: 0.875,
        goalie_wins: 1,
        goalie_losses: 0,
        goalie_ot_losses: 0
      })
      // win 12 + 21 saves x 0.8 - 3 goals against x 4
      expect(korpisalo.fantasy_points).toBe(16.8)
      // Chicago's Soderblom lost in overtime; Knight lost in regulation at Florida.
      expect((yield* line("svc_nhl_8482821:2025020008")).stats).toMatchObject({
        goalie_wins: 0,
        goalie_losses: 0,
        goalie_ot_losses: 1
      })
      expect((yield* line("svc_nhl_8481519:2025020001")).stats).toMatchObject({ goalie_wins: 0, goalie_losses: 1 })
      // Detroit used Gibson and Talbot: which one was of record is unknown.
      expect((yield* line("svc_nhl_8476434:2025020010")).stats).toMatchObject({
        goalie_wins: null,
        goalie_losses: null,
        goalie_ot_losses: null
      })
      // Shootout of unknown winner: no decision for either goalie.
      expect((yield* line("svc_nhl_8479973:2025020006")).stats.goalie_wins).toBeNull()
      // Backups who dressed and did not play (Swayman, Knight on 10-09 ...) have no line.
      const lines = yield* allLines
      expect(lines.some((x) => x.id === "svc_nhl_8480280:2025020008")).toBe(false)
      expect(lines).toHaveLength(19)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("players: NHL id, roster details with units, current team and position, status rule", () =>
    Effect.gen(function*() {
      const result = yield* Nhl.ingestNhl(fixture)
      expect(yield* player(MCDAVID)).toMatchObject({
        full_name: "Connor McDavid",
        first_name: "Connor",
        last_name: "McDavid",
        position: "C",
        team: "EDM",
        status: "active",
        birth_date: "1997-01-13",
        platform_ids: { nhl: "8478402" },
        attributes: {
          shoots_catches: "L",
          jersey_number: 97,
          height_inches: 73,
          weight_pounds: 194,
          height_cm: 185,
          weight_kg: 88,
          rosters: [[2021, "EDM"], [2022, "EDM"], [2023, "EDM"]]
        }
      })
      // Traded to Pittsburgh after his Edmonton lines: the current player list is newer.
      expect((yield* player("svc_nhl_8479973")).team).toBe("PIT")
      // On two rosters in 2022-23 (Columbus, then Los Angeles).
      expect((yield* player(KORPISALO)).attributes.rosters).toEqual([[2021, "CBJ"], [2022, "CBJ"], [2022, "LAK"], [
        2023,
        "OTT"
      ]])
      // Only in the game lines: their "S. Rinzel" name, no first name.
      expect(yield* player("svc_nhl_8483506")).toMatchObject({
        full_name: "S. Rinzel",
        first_name: null,
        last_name: "Rinzel",
        team: "CHI",
        status: "active"
      })
      // Retired in 2023: only on old rosters.
      expect(yield* player("svc_nhl_8470638")).toMatchObject({ status: "inactive", team: null })
      // Latest entry: placed on injured reserve on Feb 18.
      expect(yield* player("svc_nhl_8482176")).toMatchObject({
        status: "injured",
        attributes: { injury: { code: "IR", updated_at: "2026-02-18 14:01:26" } }
      })
      // A status entry without player_id matches Ryan Ellis by name; Cullen Potter matches nobody.
      expect((yield* player("svc_nhl_8475176")).status).toBe("injured")
      expect(result.skipped).toEqual([
        expect.objectContaining({ line: 2, reason: expect.stringContaining("Cullen Potter") })
      ])
      expect(yield* allPlayers).toHaveLength(22)
    }).pipe(Effect.provide(TestLayer)))
})

describe("nhl ingestion: malformed rows, re-runs, files", () => {
  it.scoped("malformed rows are reported with file, line and reason and skipped; the rest is written", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      const logs = join(dir, "bettormanpicks_bmp_app", "nhl_player_game_logs_2025_26.csv")
      const schedule = join(dir, "twinfield10_nhl_data", "NHL_Schedule_20222023.csv")
      const before = lineCount(logs)
      const rest = "0,0,0,4,1,0,0,0,0,0,0,0,0.0,19.25"
      appendRows(logs, [
        `2025020001,2025-10-07,2025,FLA,CHI,H,8477935,S. Bennett,C,False,abc,${rest.slice(2)}`,
        "2025020001,2025-10-07",
        `2025020001,2025-10-07,2025,XYZ,CHI,H,8477935,S. Bennett,C,False,${rest}`,
        `2025020099,2025-10-07,2025,FLA,CHI,H,8477935,S. Bennett,C,False,${rest}`,
        `2025020001,2025-10-07,2025,FLA,CHI,A,8477935,S. Bennett,C,False,${rest}`
      ])
      const scheduleBefore = lineCount(schedule)
      appendRows(schedule, ["2022020999,20222023,2022-10-13,19:00,X,OK,6,5,BOS,2,15,WSH,,,"])
      const result = yield* Nhl.ingestNhl(dir)
      expect(result.skipped.filter((s) => s.file === logs)).toEqual([
        { file: logs, line: before + 1, reason: "goals is not a number: \"abc\"" },
        { file: logs, line: before + 2, reason: "expected 24 fields, found 2" },
        { file: logs, line: before + 3, reason: "team is not an NHL team: \"XYZ\"" },
        { file: logs, line: before + 4, reason: "no game 2025020099" },
        { file: logs, line: before + 5, reason: "FLA at CHI contradicts game 2025020001 (CHI at FLA)" }
      ])
      expect(result.skipped.filter((s) => s.file === schedule)).toEqual([
        { file: schedule, line: scheduleBefore + 1, reason: "season_type is not R or P: \"X\"" }
      ])
      expect(result.counts.stat_lines).toMatchObject({ inserted: 19, skipped: 5 })
      expect(yield* allLines).toHaveLength(19)
      expect(yield* allGames).toHaveLength(11)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a second run over the same files changes nothing", () =>
    Effect.gen(function*() {
      const first = yield* Nhl.ingestNhl(fixture)
      const second = yield* Nhl.ingestNhl(fixture)
      expectNothingChanged(first, second)
      expect(second.counts.stat_lines?.unchanged).toBe(19)
      expect(second.counts.games?.unchanged).toBe(11)
      expect(second.counts.players?.unchanged).toBe(22)
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("a changed source row updates its line in place", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      yield* Nhl.ingestNhl(dir)
      replaceInFile(
        join(dir, "bettormanpicks_bmp_app", "nhl_player_game_logs_2025_26.csv"),
        "8484144,C. Bedard,C,False,1,1,2,2,",
        "8484144,C. Bedard,C,False,2,1,3,2,"
      )
      const second = yield* Nhl.ingestNhl(dir)
      expect(second.counts.stat_lines).toMatchObject({ inserted: 0, updated: 1, unchanged: 18 })
      expect((yield* line(`${BEDARD}:2025020008`)).fantasy_points).toBe(36.8)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("reports progress for every file it reads; the runner uses this adapter", () =>
    Effect.gen(function*() {
      const { result, rowsOf, started } = yield* withRecordedProgress(Nhl.ingestNhl(fixture))
      const files = yield* Nhl.nhlSourceFiles(fixture)
      expect(files).toHaveLength(10)
      expect([...started].sort()).toEqual([...files])
      expect(result.files).toEqual(files)
      expect(rowsOf("nhl_player_game_logs_2025_26.csv")).toBe(28)
      // the runner reads this adapter's files, then the nhl betting-line files (odds phase)
      const runnerFiles = yield* Runner.sourceFiles(fixture, "nhl")
      expect(runnerFiles.slice(0, files.length)).toEqual(files)
      expect(runnerFiles.slice(files.length).every((f) => f.includes("nielsenz_odds_api"))).toBe(true)
    }))
})

describe.skipIf(!existsSync(join(dataDir, "twinfield10_nhl_data")))("nhl ingestion: the full data", () => {
  it.effect("every season, 2025-26 result types, and only the known bad rows reported", () =>
    Effect.gen(function*() {
      const result = yield* Nhl.ingestNhl(dataDir)
      const games = yield* allGames
      const count = (season: number, key: string) =>
        games.filter((g) => g.season === season && `${g.season_type}|${g.attributes.result_type ?? "-"}` === key).length
      // 1,312 regular-season games a season; 89 and 88 playoff games; 2023-24 to 2024-02-14.
      expect([count(2021, "REG|-"), count(2021, "POST|-"), count(2022, "REG|-"), count(2022, "POST|-")]).toEqual([
        1312,
        89,
        1312,
        88
      ])
      expect(count(2023, "REG|-")).toBe(836)
      expect(games.some((g) => g.season === 2024)).toBe(false)
      // 2025-26 to the Olympic break: 675 in regulation, 150 in overtime, 83 by shootout.
      expect([count(2025, "REG|regulation"), count(2025, "REG|overtime"), count(2025, "REG|shootout")]).toEqual([
        675,
        150,
        83
      ])
      expect(games.filter((g) => g.season === 2025).every((g) => g.game_date !== null && g.game_date <= "2026-02-05"))
        .toBe(true)
      // Reported: two status entries without an id whose names match no player (Cullen Potter,
      // Shea Weber). The Olympic rows at the end of the logs (where the file switches from CRLF
      // to LF line endings) are read one per line and left out as games of type 09, not reported.
      const reasons = result.skipped.map((s) => s.reason)
      expect(reasons).toHaveLength(2)
      expect(reasons).toEqual(expect.arrayContaining([
        expect.stringContaining("Cullen Potter"),
        expect.stringContaining("Shea Weber")
      ]))
      expect(result.counts.stat_lines?.inserted).toBe(34602)
    }).pipe(Effect.provide(TestLayer)), 30_000)
})

/**
 * College football ingestion on a fixture cut from the real files (test/fixtures/cfb, same folder
 * and file names as the data directory; README.md there says what was cut), into the memory
 * store; and, when the data directory is present, the whole build checked against published
 * results.
 *
 * Real-world references: the AP Top 25 of 2024-11-24 as AP printed it (first-place votes,
 * records through Nov. 23, points, previous ranking; e.g. wtop.com "The AP Top 25"); the final
 * AP poll of 2025-01-21 (Ohio State 1,400 points with all 56 first-place votes, Notre Dame
 * 1,342, Oregon 1,255 (13-1), Texas 1,211, Penn State 1,203); the AP poll of 2022-12-04 (Georgia
 * 13-0); box scores of Indiana 27, Old Dominion 14 (2025-08-30).
 */
import { describe, expect, it } from "@effect/vitest"
import { CatalogReader, type PollRanking, RankingReader, Sports, Standings, TeamReader } from "@sports-data/domain"
import { Cfb, Progress, Rows } from "@sports-data/ingest"
import { Effect } from "effect"
import { existsSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import {
  appendRows,
  expectNothingChanged,
  fixtureCopy as copyOf,
  fixtureDir,
  lineCount,
  storeReader,
  TestLayer,
  withRecordedProgress
} from "./helpers.js"

const fixture = fixtureDir("cfb")
const fixtureCopy = copyOf("cfb")
const dataDir = resolve(process.env.SPORTS_DATA_DIR ?? join(import.meta.dirname, "..", "..", "..", "shared", "data"))
const { allGames, allLines, allPlayers, game, line, player } = storeReader("cfb")

const teams = Effect.flatMap(TeamReader, (s) => s.find("cfb"))
const team = (abbr: string) =>
  Effect.map(teams, (all) => {
    const t = all.find((x) => x.abbr === abbr)
    if (t === undefined) throw new Error(`no team ${abbr}`)
    return t
  })
const rankings = (season: number, poll: string, week?: number) =>
  Effect.flatMap(RankingReader, (s) => s.find({ sport: "cfb", season, poll, week }))

/** rank, points, record, prev_rank of a poll row. */
const printed = (r: PollRanking | undefined) =>
  r === undefined ? undefined : [r.rank, r.team_name, r.points, r.record, r.prev_rank]

const MENDOZA = "svc_cfb_4837248"
const IU_ODU = "401752806"

describe("cfb ingestion: teams and games", () => {
  it.effect("teams are keyed by CFBD id, with the newest conference and classification and every name", () =>
    Effect.gen(function*() {
      yield* Cfb.ingestCfb(fixture)
      expect(yield* team("61")).toMatchObject({
        name: "Georgia",
        conference: "SEC",
        division: "FBS",
        external_id: "61",
        attributes: { mascot: "Bulldogs", conferences: { 2022: "SEC", 2024: "SEC" }, classifications: { 2024: "FBS" } }
      })
      // CFBD's 2023 snapshot calls it "Sam Houston State"; the later files "Sam Houston"
      expect(yield* team("2534")).toMatchObject({
        name: "Sam Houston",
        conference: "Conference USA",
        attributes: { aliases: ["Sam Houston State"] }
      })
      // ESPN's abbreviation and display name, where the 2025 schedule has the team
      expect((yield* team("84")).attributes).toMatchObject({ abbreviation: "IU", display_name: "Indiana Hoosiers" })
      // Long Island University under two CFBD ids: one team
      expect(yield* team("2341")).toMatchObject({
        name: "Long Island University",
        attributes: { former_ids: ["112358"] }
      })
      const abbrs = (yield* teams).map((t) => t.abbr)
      expect(abbrs).not.toContain("112358")
      // cfb_teams.csv's "Troy" (id 3237) is another school; it plays no game here
      expect(abbrs).not.toContain("3237")
    }).pipe(Effect.provide(TestLayer)))

  it.effect("games keep the CFBD id, the Eastern date and kickoff; championship games are flagged, playoff rounds POST", () =>
    Effect.gen(function*() {
      yield* Cfb.ingestCfb(fixture)
      // 2024 SEC Championship Game, Atlanta: Georgia 22, Texas 19 (OT)
      expect(yield* game("401673469")).toMatchObject({
        league: "cfb",
        season: 2024,
        week: 15,
        season_type: "REG",
        game_date: "2024-12-07",
        start_time: new Date("2024-12-07T21:00:00.000Z"),
        state: "final",
        home_team: "251",
        away_team: "61",
        home_score: 19,
        away_score: 22,
        venue: "Mercedes-Benz Stadium",
        attributes: {
          neutral_site: true,
          conference_game: true,
          conference_championship: true,
          notes: "SEC Championship"
        }
      })
      // kicked off 02:15 UTC on Sept 3: 10:15 pm Eastern on Sept 2, the date it was played
      expect(yield* game("401520152")).toMatchObject({ game_date: "2023-09-02", home_score: 14, away_score: 0 })
      // CFBD files the FCS playoffs of 2024 as regular season; the notes name the round
      expect(yield* game("401729737")).toMatchObject({
        season_type: "POST",
        attributes: { notes: "FCS Championship - First Round" }
      })
      // App State - Liberty was cancelled: no score, not final
      expect(yield* game("401640992")).toMatchObject({ state: "scheduled", home_score: null, away_score: null })
      // the 2023 snapshot caught VMI - Western Carolina at 20-10; noahpbrown's later pull has the final
      expect(yield* game("401540624")).toMatchObject({
        home_score: 27,
        away_score: 24,
        attributes: { score_source: "noahpbrown_cfb_games" }
      })
      expect((yield* game("401540624")).attributes.home_line_scores).toBeUndefined()
      const all = yield* allGames
      // 2022 games have no date or id in any source: stored with game_date null under a derived,
      // stable id (they also feed standings and poll records)
      const undated = all.filter((g) => g.season === 2022)
      expect(undated).toHaveLength(13)
      expect(undated.every((g) => g.game_date === null && g.start_time === null)).toBe(true)
      expect(new Set(undated.map((g) => g.id)).size).toBe(13)
      // each noahpbrown 2023/2024 row is one of the CFBD games ("LAKELAND" is Southeastern University)
      expect(all.filter((g) => g.season === 2023)).toHaveLength(7)
      expect(all.filter((g) => g.home_team === "112358" || g.away_team === "112358")).toEqual([])
      expect(all).toHaveLength(199 + 7 + 3 + 13)
    }).pipe(Effect.provide(TestLayer)))
})

describe("cfb ingestion: 2025 box scores", () => {
  it.effect("one line per player and game from the ESPN categories, as Indiana 27, Old Dominion 14 was reported", () =>
    Effect.gen(function*() {
      yield* Cfb.ingestCfb(fixture)
      const mendoza = yield* line(`${MENDOZA}:${IU_ODU}`)
      expect(mendoza).toMatchObject({
        player_id: MENDOZA,
        season: 2025,
        week: 1,
        game_date: "2025-08-30",
        team: "84",
        opponent: "295",
        position: null,
        is_starter: null,
        fantasy_points: null,
        fantasy_points_formats: {}
      })
      // 18 of 31 for 193 yards; his touchdown was a 5-yard run
      expect(mendoza.stats).toMatchObject({
        passing_completions: 18,
        passing_attempts: 31,
        passing_yards: 193,
        passing_tds: 0,
        interceptions: 0,
        rushing_attempts: 6,
        rushing_tds: 1,
        receptions: null
      })
      expect(Object.keys(mendoza.stats).sort()).toEqual([...Sports.StatKeys.cfb].sort())
      // Jonathan Brady's 91-yard punt return touchdown
      expect((yield* line(`svc_cfb_4832806:${IU_ODU}`)).stats).toMatchObject({
        punt_returns: 3,
        punt_return_yards: 108,
        punt_return_long: 91,
        punt_return_tds: 1,
        receptions: 2,
        receiving_yards: 8
      })
      // Louis Moore's interception, returned 17 yards to the 10
      expect((yield* line(`svc_cfb_5081323:${IU_ODU}`)).stats).toMatchObject({
        defense_interceptions: 1,
        interception_yards: 17,
        tackles: 7,
        solo_tackles: 4
      })
      // Nico Radicic: field goals of 22 and 25 yards (one miss), three extra points
      expect((yield* line(`svc_cfb_5078315:${IU_ODU}`)).stats).toMatchObject({
        fg_made: 2,
        fg_attempts: 3,
        fg_long: 25,
        xp_made: 3,
        xp_attempts: 3,
        kicking_points: 9
      })
      // passing written in the raw stat_1..5 cells (C/ATT, YDS, AVG, TD, INT); no QBR there
      expect((yield* line("svc_cfb_4879250:401767509")).stats).toMatchObject({
        passing_completions: 11,
        passing_attempts: 17,
        passing_yards: 192,
        passing_tds: 1,
        interceptions: 0,
        qbr: null
      })
      // ESPN's "--" QBR is no value, not a malformed row
      expect((yield* line("svc_cfb_5158746:401760371")).stats).toMatchObject({ passing_yards: 380, qbr: null })
      expect(yield* allLines).toHaveLength(7) // team rows (negative ids) are not a player's
      expect(yield* player(MENDOZA)).toMatchObject({
        full_name: "Fernando Mendoza",
        first_name: "Fernando",
        last_name: "Mendoza",
        position: null,
        team: "84",
        status: "active",
        platform_ids: { espn: "4837248" },
        attributes: { jersey: "15" }
      })
      expect(yield* allPlayers).toHaveLength(7)
    }).pipe(Effect.provide(TestLayer)))
})

describe("cfb ingestion: poll rankings", () => {
  it.effect("AP Top 25 of 2024-11-24: points, records and previous ranks as AP printed them", () =>
    Effect.gen(function*() {
      yield* Cfb.ingestCfb(fixture)
      const week14 = yield* rankings(2024, "ap", 14)
      expect(week14).toHaveLength(25)
      expect(week14.map((r) => r.rank)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
      // AP: 1. Oregon (61) 11-0 1525 (1), 2. Ohio St. 10-1 1463 (2), 3. Texas 10-1 1395 (3),
      // 4. Penn St. 10-1 1301 (4), 5. Notre Dame 10-1 1278 (6). The source has no first-place
      // votes, so Oregon's 61 is null here (the only difference).
      expect(week14.slice(0, 5).map(printed)).toEqual([
        [1, "Oregon", 1525, "11-0", 1],
        [2, "Ohio State", 1463, "10-1", 2],
        [3, "Texas", 1395, "10-1", 3],
        [4, "Penn State", 1301, "10-1", 4],
        [5, "Notre Dame", 1278, "10-1", 6]
      ])
      expect(week14[0]).toMatchObject({ id: "2024:ap:14:2483", team: "2483", first_place_votes: null })
      // AP: 6. Georgia 9-2 1242 (8), 7. Tennessee 9-2 1110 (10), 13. Alabama 8-3 739 (7)
      expect(printed(week14[5])).toEqual([6, "Georgia", 1242, "9-2", 8])
      expect(printed(week14[6])).toEqual([7, "Tennessee", 1110, "9-2", 10])
      expect(printed(week14[12])).toEqual([13, "Alabama", 739, "8-3", 7])
    }).pipe(Effect.provide(TestLayer)))

  it.effect("the final AP poll of 2024 is week 17; a record is given only where every result is known", () =>
    Effect.gen(function*() {
      yield* Cfb.ingestCfb(fixture)
      const final = yield* rankings(2024, "ap", 17)
      // AP: Ohio State (14-2) 1,400, Notre Dame (14-2) 1,342, Oregon (13-1) 1,255,
      // Texas (13-3) 1,211, Penn State (13-3) 1,203. The source stops before both semifinal
      // scores and the title game, so the four playoff semifinalists' records are null here
      // (unknown, not a wrong 12-2); Oregon's quarterfinal is scored.
      expect(final.slice(0, 5).map(printed)).toEqual([
        [1, "Ohio State", 1400, null, 6],
        [2, "Notre Dame", 1342, null, 3],
        [3, "Oregon", 1255, "13-1", 1],
        [4, "Texas", 1211, null, 4],
        [5, "Penn State", 1203, null, 5]
      ])
      // the preseason poll keeps week 1: the final poll does not replace it
      expect((yield* rankings(2024, "ap")).map((r) => r.week).filter((w, i, a) => a.indexOf(w) === i)).toEqual([
        13,
        14,
        15,
        16,
        17
      ])
    }).pipe(Effect.provide(TestLayer)))

  it.effect("CFP rankings have no points; 2022 records come from the undated 2022 games", () =>
    Effect.gen(function*() {
      yield* Cfb.ingestCfb(fixture)
      // CFP selection-day ranking, 2024-12-08: 1. Oregon 13-0
      expect((yield* rankings(2024, "cfp", 16))[0]).toMatchObject({ team_name: "Oregon", points: null, record: "13-0" })
      // the committee publishes no ranking after the bowls: the source's 2023 "postseason" list is not kept
      expect(yield* rankings(2023, "cfp")).toEqual([])
      // AP, 2022-12-04: 1. Georgia (13-0); the 2022 games are known without dates only
      expect(yield* rankings(2022, "ap", 15)).toEqual([
        expect.objectContaining({ rank: 1, team: "61", points: 1574, record: "13-0", prev_rank: null })
      ])
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a poll row the source repeats is reported once and kept once", () =>
    Effect.gen(function*() {
      const result = yield* Cfb.ingestCfb(fixture)
      expect(yield* rankings(2022, "fcs_coaches", 6)).toEqual([
        expect.objectContaining({ rank: 1, team: "2449", team_name: "North Dakota State", points: 670 })
      ])
      expect(result.skipped).toEqual([
        {
          file: join(fixture, "llizima_college_football_dashboard", "cfb_poll_rankings_2022_2024.csv"),
          line: 3,
          reason: "repeats line 2"
        }
      ])
    }).pipe(Effect.provide(TestLayer)))
})

describe("cfb ingestion: malformed rows, re-runs, files", () => {
  it.scoped("malformed rows are reported with file, line and reason and skipped; the rest is written", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      const games = join(dir, "jhatfiel_cfbd_games", "cfbd_games_2024.csv")
      const polls = join(dir, "llizima_college_football_dashboard", "cfb_poll_rankings_2022_2024.csv")
      const gamesBefore = lineCount(games)
      const pollsBefore = lineCount(polls)
      // a real row with a bad id, one with an unknown season type, one cut short
      const sample = readFileSync(games, "utf8").split(/\r?\n/)[1]!
      appendRows(games, [
        sample.replace(/^\d+,/, "x1,"),
        sample.replace(/^\d+,/, "401999999,").replace(",regular,", ",bowl,"),
        "401999998,2024,3"
      ])
      appendRows(polls, [
        "2024,regular,14,Harris Poll,1,Oregon,Big Ten,1525,2024,0",
        "2024,regular,14,AP Top 25,26,Atlantis State,,10,2024,0"
      ])
      const result = yield* Cfb.ingestCfb(dir)
      expect(result.skipped.filter((s) => s.file === games)).toEqual([
        { file: games, line: gamesBefore + 1, reason: "id is not an id: \"x1\"" },
        { file: games, line: gamesBefore + 2, reason: "season_type is not regular or postseason: \"bowl\"" },
        { file: games, line: gamesBefore + 3, reason: "expected 33 fields, found 3" }
      ])
      expect(result.skipped.filter((s) => s.file === polls)).toEqual([
        { file: polls, line: pollsBefore + 1, reason: "unknown poll \"Harris Poll\"" },
        { file: polls, line: 3, reason: "repeats line 2" },
        { file: polls, line: pollsBefore + 2, reason: "team \"Atlantis State\" (2024) is not in the team directory" }
      ])
      expect(yield* allGames).toHaveLength(222)
      expect(yield* rankings(2024, "ap", 14)).toHaveLength(25)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a second run over the same files changes nothing", () =>
    Effect.gen(function*() {
      const first = yield* Cfb.ingestCfb(fixture)
      const second = yield* Cfb.ingestCfb(fixture)
      expectNothingChanged(first, second)
      expect(second.counts.games?.unchanged).toBe(222)
      expect(second.counts.stat_lines?.unchanged).toBe(7)
      const version = yield* Effect.flatMap(CatalogReader, (s) => s.dataVersion)
      yield* Cfb.ingestCfb(fixture)
      expect(yield* Effect.flatMap(CatalogReader, (s) => s.dataVersion)).toBe(version)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("reads every cfb file, the .csv.gz ones through gunzip", () =>
    Effect.gen(function*() {
      const { result, rowsOf, started } = yield* withRecordedProgress(Cfb.ingestCfb(fixture))
      const files = yield* Cfb.cfbSourceFiles(fixture)
      expect(files).toHaveLength(9)
      expect([...started].sort()).toEqual([...files])
      expect(result.files).toEqual(files)
      expect(rowsOf("cfb_schedule_2025.csv.gz")).toBe(3)
      expect(rowsOf("player_box_2025.csv.gz")).toBe(18)
      expect(rowsOf("cfbd_games_2024.csv")).toBe(199)
    }))
})

/** Reads and builds the real data (no store): the slow part, done once. */
const realBuild = Effect.gen(function*() {
  const files = yield* Cfb.cfbFiles(dataDir)
  return Cfb.buildCfb({
    cfbdGames: Rows.keptRows(yield* Rows.readEach(files.cfbdGames, () => Cfb.parseCfbdGame)),
    noahGames: Rows.keptRows(yield* Rows.readEach(files.noahGames, () => Cfb.parseNoahGame)),
    schedule: Rows.keptRows(yield* Rows.readEach(files.schedules, () => Cfb.parseScheduleGame)),
    boxLines: Rows.keptRows(yield* Rows.readEach(files.playerBoxes, () => Cfb.parseBoxLine)),
    polls: Rows.keptRows(yield* Rows.readEach(files.polls, () => Cfb.parsePollRow)),
    teamsCsv: Rows.keptRows(yield* Rows.readEach(files.teams, () => Cfb.parseTeamsCsvRow))
  })
}).pipe(Effect.provide(Progress.silent))

describe("cfb on the real data", () => {
  it.effect.skipIf(!existsSync(join(dataDir, "jhatfiel_cfbd_games")))(
    "every name resolves, every noahpbrown row is matched, tables and polls agree with the published ones",
    () =>
      Effect.gen(function*() {
        const b = yield* realBuild
        expect(b.unresolved).toEqual([])
        expect(b.merged).toEqual([{ name: "Long Island University", from: "112358", into: "2341" }])
        // 3,595 + 3,747 rows of 2023 and 2024; all 2022 rows are undated
        expect(b.matchedNoah).toBe(7342)
        expect(b.undatedGames).toHaveLength(3657)
        // the 23 differences are all 2023: 11 games CFBD never scored (noahpbrown 0-0, 1-0,
        // 14-13; CFBD kept) and 12 FCS games of weeks 11-12 the CFBD snapshot caught in progress
        expect(b.scoreDifferences).toHaveLength(23)
        expect(b.scoreDifferences.every((d) => d.season === 2023)).toBe(true)
        expect(b.scoreDifferences.filter((d) => d.kept === "noahpbrown")).toHaveLength(12)

        const table = (season: number, conference: string) => {
          const games = [...b.games, ...b.undatedGames].filter((g) => g.season === season)
          return Sports.computeStandings("cfb", b.teams, games)
            .filter((r) => r.team.conference === conference)
            .map((r) => [r.team.name, Standings.formatRecord(r.conference_record, false)] as const)
        }
        // Big Ten 2023 (East and West together; no source names the divisions)
        expect(new Map(table(2023, "Big Ten"))).toEqual(
          new Map([
            ["Michigan", "9-0"],
            ["Ohio State", "8-1"],
            ["Penn State", "7-2"],
            ["Iowa", "7-2"],
            ["Northwestern", "5-4"],
            ["Wisconsin", "5-4"],
            ["Maryland", "4-5"],
            ["Rutgers", "3-6"],
            ["Illinois", "3-6"],
            ["Minnesota", "3-6"],
            ["Nebraska", "3-6"],
            ["Purdue", "3-6"],
            ["Michigan State", "2-7"],
            ["Indiana", "1-8"]
          ])
        )
        // Texas won the 2023 Big 12 at 8-1 before joining the SEC: the season's own conference
        expect(table(2023, "Big 12").slice(0, 2)).toEqual([["Texas", "8-1"], ["Oklahoma", "7-2"]])
        // 2022 (undated games; championship games found by the schedule): Georgia 8-0, and
        // Toledo 5-3 in the MAC although it won the MAC title game
        expect(table(2022, "SEC")[0]).toEqual(["Georgia", "8-0"])
        expect(new Map(table(2022, "Mid-American")).get("Toledo")).toBe("5-3")
        // Army-Navy 2024 is not an AAC game (Army 8-0, Navy 6-2)
        const aac = new Map(table(2024, "American Athletic"))
        expect([aac.get("Army"), aac.get("Navy")]).toEqual(["8-0", "6-2"])

        // the whole AP poll of 2024-11-24 as printed (records through Nov. 23, previous rank)
        const ap = b.rankings.filter((r) => r.season === 2024 && r.poll === "ap" && r.week === 14)
          .sort((x, y) => x.rank - y.rank)
          .map((r) => [r.team_name, r.points, r.record, r.prev_rank])
        expect(ap).toEqual([
          ["Oregon", 1525, "11-0", 1],
          ["Ohio State", 1463, "10-1", 2],
          ["Texas", 1395, "10-1", 3],
          ["Penn State", 1301, "10-1", 4],
          ["Notre Dame", 1278, "10-1", 6],
          ["Georgia", 1242, "9-2", 8],
          ["Tennessee", 1110, "9-2", 10],
          ["Miami", 1096, "10-1", 11],
          ["SMU", 1001, "10-1", 13],
          ["Indiana", 998, "10-1", 5],
          ["Boise State", 984, "10-1", 12],
          ["Clemson", 789, "9-2", 17],
          ["Alabama", 739, "8-3", 7],
          ["Arizona State", 727, "9-2", 21],
          ["Ole Miss", 661, "8-3", 9],
          ["South Carolina", 639, "8-3", 19],
          ["Iowa State", 498, "9-2", 22],
          ["Tulane", 446, "9-2", 20],
          ["BYU", 445, "9-2", 14],
          ["Texas A&M", 399, "8-3", 15],
          ["UNLV", 231, "9-2", 23],
          ["Illinois", 188, "8-3", 24],
          ["Colorado", 161, "8-3", 16],
          ["Missouri", 142, "8-3", null],
          ["Army", 133, "9-1", 18]
        ])
        // Known source error, kept as given: the final AP poll of 2023 lists No. 9 as
        // "Mississippi State" (5-7); AP's No. 9 was Ole Miss (11-2), 1,030 points.
        const ninth = b.rankings.find((r) => r.season === 2023 && r.poll === "ap" && r.week === 16 && r.rank === 9)
        expect(ninth).toMatchObject({ team_name: "Mississippi State", points: 1030, record: "5-7" })
      }),
    180_000
  )
})

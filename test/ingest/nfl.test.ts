/**
 * NFL ingestion on a fixture cut from the real files (test/fixtures/nfl, same folder layout as
 * the data directory; README.md there says what was cut), into the memory store.
 */
import { describe, expect, it } from "@effect/vitest"
import { GameReader, ReportReader, type StatLine, TeamReader } from "@sports-data/domain"
import { Nfl, Progress, type Report } from "@sports-data/ingest"
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
  totals,
  withRecordedProgress
} from "./helpers.js"

const fixture = fixtureDir("nfl")
const fixtureCopy = copyOf("nfl")
const { allLines, allPlayers, line, player } = storeReader("nfl")

const ALLEN = "svc_nfl_00-0034857"
const COOK = "svc_nfl_00-0037248"
const BERNARD = "svc_nfl_00-0037254"

describe("nfl ingestion: source mappings", () => {
  it.effect("teams come from spreadspoke with conference, division and current names; aliases are normalised", () =>
    Effect.gen(function*() {
      yield* Nfl.ingestNfl(fixture)
      const teams = yield* Effect.flatMap(TeamReader, (s) => s.find("nfl"))
      expect(teams).toHaveLength(32)
      const buf = teams.find((t) => t.abbr === "BUF")!
      expect(buf).toMatchObject({ name: "Buffalo Bills", conference: "AFC", division: "AFC East", external_id: "BUF" })
      // the file's team_conference column says NFC for the Jets; their division says AFC East
      expect(teams.find((t) => t.abbr === "NYJ")).toMatchObject({ conference: "AFC", division: "AFC East" })
      expect(teams.filter((t) => t.conference === "AFC")).toHaveLength(16)
      expect(teams.find((t) => t.abbr === "LV")?.name).toBe("Las Vegas Raiders")
      expect(teams.find((t) => t.abbr === "WAS")?.name).toBe("Washington Commanders")
      expect(teams.map((t) => t.abbr)).toContain("LAR")
      expect(teams.map((t) => t.abbr)).not.toContain("OAK")
    }).pipe(Effect.provide(TestLayer)))

  it.effect("games carry kickoff in UTC, scores, state and lines; LA becomes LAR", () =>
    Effect.gen(function*() {
      yield* Nfl.ingestNfl(fixture)
      const store = yield* GameReader
      const games = (yield* store.find({ sport: "nfl", limit: 100, offset: 0, order: "asc" })).rows
      expect(games).toHaveLength(8)
      const opener = games.find((g) => g.id === "2024_01_ARI_BUF")!
      expect(opener).toMatchObject({
        season: 2024,
        week: 1,
        season_type: "REG",
        game_date: "2024-09-08",
        state: "final",
        home_team: "BUF",
        away_team: "ARI",
        home_score: 34,
        away_score: 28,
        venue: "New Era Field"
      })
      // 13:00 US Eastern (daylight time) = 17:00 UTC
      expect(opener.start_time?.toISOString()).toBe("2024-09-08T17:00:00.000Z")
      expect(opener.attributes).toMatchObject({
        spread_line: 6.5,
        total_line: 46,
        game_type: "REG",
        home_moneyline: -310
      })
      // Thursday night 20:15 ET = 00:15 UTC the next day
      expect(games.find((g) => g.id === "2024_02_BUF_MIA")?.start_time?.toISOString()).toBe("2024-09-13T00:15:00.000Z")
      expect(games.find((g) => g.id === "2024_02_LA_ARI")).toMatchObject({ home_team: "ARI", away_team: "LAR" })
      expect(games.find((g) => g.id === "2024_19_DEN_BUF")).toMatchObject({ season_type: "POST", week: 19 })
      // humidity is only in spreadspoke: its row was matched to the nflverse game
      expect(games.find((g) => g.id === "2025_01_BAL_BUF")?.attributes).toMatchObject({ humidity: 61 })
      expect(games.find((g) => g.id === "2026_01_BUF_HOU")).toMatchObject({
        state: "scheduled",
        home_score: null,
        away_score: null
      })
    }).pipe(Effect.provide(TestLayer)))

  it.effect("players get every crosswalk id as strings, GSIS-based ids, a current team and a status", () =>
    Effect.gen(function*() {
      yield* Nfl.ingestNfl(fixture)
      const allen = yield* player(ALLEN)
      expect(allen).toMatchObject({
        full_name: "Josh Allen",
        first_name: "Josh",
        last_name: "Allen",
        position: "QB",
        team: "BUF",
        status: "active",
        birth_date: "1996-05-21"
      })
      expect(allen.platform_ids).toMatchObject({
        gsis: "00-0034857",
        nfl: "2560955",
        sleeper: "4984",
        espn: "3918298",
        yahoo: "30977",
        pfr: "AlleJo02",
        mfl: "13589",
        sportradar: "3069db07-aa43-4503-ab11-2ae5c0002721",
        fantasypros: "17298",
        nffc: "16074",
        nfl_dp: "46076"
      })
      for (const v of Object.values(allen.platform_ids)) expect(typeof v).toBe("string")
      // fallback ids: no GSIS -> PFR; no GSIS/PFR/sportradar -> NFL.com; only MFL -> MFL
      expect((yield* player("svc_nfl_pfr-HarrMa00")).full_name).toBe("Marvin Harrison")
      expect((yield* player("svc_nfl_nfl-2570125")).full_name).toBe("Chad Ryland")
      expect((yield* player("svc_nfl_mfl-3828")).full_name).toBe("Marvin Harrison")
      // Kyler Murray's newest line is 2024 while the data's newest season is 2025: no current team
      expect(yield* player("svc_nfl_00-0035228")).toMatchObject({ team: null, status: "inactive" })
    }).pipe(Effect.provide(TestLayer)))

  it.effect("injury status follows the latest report: Out/Doubtful without a later game is injured", () =>
    Effect.gen(function*() {
      yield* Nfl.ingestNfl(fixture)
      // Out in 2025 week 1, no 2025 line after it
      expect(yield* player("svc_nfl_00-0036162")).toMatchObject({
        full_name: "Tyler Bass",
        status: "injured",
        team: "BUF"
      })
      // Out weeks 2 and 3
      expect((yield* player("svc_nfl_00-0035230")).status).toBe("injured")
      // Doubtful in week 1, then Questionable in week 2: not injured
      expect((yield* player("svc_nfl_00-0033884")).status).toBe("active")
      // no game status, played both weeks
      expect((yield* player(COOK)).status).toBe("active")
      const reports = (yield* Effect.flatMap(ReportReader, (s) =>
        s.injuries({ sport: "nfl", player_id: "svc_nfl_00-0035230", limit: 10, offset: 0 }))).rows
      expect(reports.map((r) => [r.week, r.report_status, r.practice_status])).toEqual([
        [3, "Out", "Did Not Participate In Practice"],
        [2, "Out", "Did Not Participate In Practice"]
      ])
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a weekly line joins hvpkod stats, nflverse attempts/air yards/target share and snap counts", () =>
    Effect.gen(function*() {
      yield* Nfl.ingestNfl(fixture)
      const l = yield* line(`${ALLEN}:2024_01_ARI_BUF`)
      expect(l).toMatchObject({
        player_id: ALLEN,
        game_id: "2024_01_ARI_BUF",
        season: 2024,
        week: 1,
        game_date: "2024-09-08",
        team: "BUF",
        opponent: "ARI",
        position: "QB"
      })
      expect(l.stats).toMatchObject({
        passing_yards: 232,
        passing_tds: 2,
        rushing_yards: 39,
        rushing_tds: 2,
        fumbles_lost: 1, // hvpkod
        passing_attempts: 23,
        passing_completions: 18,
        passing_air_yards: 166, // nflverse
        offense_snaps: 62,
        snap_pct: 100 // snap counts, percent 0-100
      })
      // 232 * 0.04 + 2 * 4 + 39 * 0.1 + 2 * 6 - 2 = 31.18 (NFL.com's TotalPoints for the line)
      expect(l.fantasy_points).toBe(31.18)
      const cook = yield* line(`${COOK}:2024_01_ARI_BUF`)
      // 71 rush yd 7.1, 3 rec 3, 32 rec yd 3.2
      expect(cook.fantasy_points_formats).toEqual({ ppr: 13.3, half_ppr: 11.8, standard: 10.3 })
      expect(cook.stats.snap_pct).toBe(61)
      expect(cook.stats.target_share).toBeGreaterThan(0)
      expect(cook.stats.target_share).toBeLessThan(1)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("target share is computed from hvpkod targets for weeks nflverse lacks (2025)", () =>
    Effect.gen(function*() {
      yield* Nfl.ingestNfl(fixture)
      // fixture team-game targets in 2025 week 1: Cook 5, Shakir 9 (Allen 0)
      expect((yield* line(`${COOK}:2025_01_BAL_BUF`)).stats.target_share).toBe(0.3571)
      expect((yield* line(`${COOK}:2025_01_BAL_BUF`)).stats.air_yards).toBeNull()
    }).pipe(Effect.provide(TestLayer)))

  it.effect("kickers score by distance, defenders get defensive snap % and no fantasy points", () =>
    Effect.gen(function*() {
      yield* Nfl.ingestNfl(fixture)
      const bass = yield* line("svc_nfl_00-0036162:2024_01_ARI_BUF")
      expect(bass.stats).toMatchObject({ xp_made: 4, fg_made_30_39: 2, fg_made: 2, snap_pct: 48 })
      expect(bass.fantasy_points).toBe(10)
      const bernard = yield* line(`${BERNARD}:2024_02_BUF_MIA`)
      expect(bernard.stats).toMatchObject({ tackles: 2, snap_pct: 18, defense_snaps: 14 })
      expect(bernard.fantasy_points).toBeNull()
      expect(bernard.fantasy_points_formats).toEqual({})
    }).pipe(Effect.provide(TestLayer)))

  it.effect("bye weeks and rostered players who did not play make no line; nflverse adds week 18 and playoffs", () =>
    Effect.gen(function*() {
      yield* Nfl.ingestNfl(fixture)
      const lines = yield* allLines
      // Josh Allen's bye (2024 week 12) has no game
      expect(lines.filter((l) => l.player_id === ALLEN && l.season === 2024).map((l) => l.week).sort((a, b) => a! - b!))
        .toEqual([1, 2, 19])
      // Matt Milano: blank hvpkod rows in weeks 1-2 and no snaps
      expect(lines.filter((l) => l.player_id === "svc_nfl_00-0033571")).toEqual([])
      // Dalton Kincaid has nflverse rows only (week 19 = wild card)
      const kincaid = yield* line("svc_nfl_00-0038933:2024_19_DEN_BUF")
      expect(kincaid.stats).toMatchObject({ receptions: 3, snap_pct: 38 })
      expect(kincaid.fantasy_points).not.toBeNull()
    }).pipe(Effect.provide(TestLayer)))

  it.effect("depth charts keep each team's chart as last seen, not weekly snapshots", () =>
    Effect.gen(function*() {
      yield* Nfl.ingestNfl(fixture)
      const rows = (yield* Effect.flatMap(ReportReader, (s) =>
        s.depthCharts({ sport: "nfl", team: "BUF", limit: 100, offset: 0 }))).rows
      // depth_charts.csv keeps the last time each slot was seen: BUF's last date is 2025-09-09
      // (punter and holder); the August rows are slots lost before it (depth chart change signals)
      expect(
        rows.map((r) =>
          r.depth_position
        ).sort()
      ).toEqual(["H", "P"])
      // 2025-09-09 falls in week 2 (BUF's week 2 game is on 2025-09-14)
      expect(rows.every((r) =>
        r.week === 2 && r.season === 2025 && r.depth === 1
      )).toBe(true)
    }).pipe(Effect.provide(TestLayer)))
})

describe("nfl ingestion: identity", () => {
  it.effect("a person gets the same id from every source: crosswalk, hvpkod (NFL.com id), nflverse (GSIS), snaps (PFR)", () =>
    Effect.gen(function*() {
      yield* Nfl.ingestNfl(fixture)
      // hvpkod (2024 week 1) and nflverse-only (week 19) lines of Allen share his player id
      expect((yield* line(`${ALLEN}:2024_19_DEN_BUF`)).player_id).toBe(ALLEN)
      // Terrel Bernard: hvpkod id 2567325 is in no crosswalk; linked through his snap-count row
      // (same team, week and name) to the PFR id, hence to his DynastyProcess GSIS id
      const bernard = yield* player(BERNARD)
      expect(bernard.platform_ids).toMatchObject({ nfl: "2567325", pfr: "BernTe00", gsis: "00-0037254" })
      // Marvin Harrison Jr.'s hvpkod lines do not go to either of the two retired Marvin Harrisons
      const mhj = (yield* allPlayers).filter((p) => p.full_name.startsWith("Marvin Harrison"))
      expect(mhj.map((p) => p.id).sort()).toEqual(["svc_nfl_00-0039849", "svc_nfl_mfl-3828", "svc_nfl_pfr-HarrMa00"])
      expect((yield* allLines).filter((l) => l.player_id === "svc_nfl_00-0039849")).toHaveLength(2)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a player the crosswalk lacks gets one id from the depth chart, hvpkod and ffb_ids, whatever the spelling", () =>
    Effect.gen(function*() {
      yield* Nfl.ingestNfl(fixture)
      // "AJ Henning" on MIA's 2025 depth chart (GSIS, ESPN), "A.J. Henning" of MIA in hvpkod 2025
      // (NFL.com id) and in ffb_ids (sleeper, yahoo; no team): one person, under his GSIS id
      const henning = (yield* allPlayers).filter((p) => /henning/i.test(p.full_name))
      expect(henning).toHaveLength(1)
      expect(henning[0]).toMatchObject({
        id: "svc_nfl_00-0040302",
        position: "WR",
        platform_ids: { gsis: "00-0040302", espn: "4429053", nfl: "2574324", sleeper: "12865", yahoo: "42163" }
      })
    }).pipe(Effect.provide(TestLayer)))

  it.effect("two namesakes on the same team in the same season stay two people", () =>
    Effect.gen(function*() {
      yield* Nfl.ingestNfl(fixture)
      // both defensive tackles named Jordan Phillips were on MIA in 2025 (the veteran on the
      // August depth chart, the rookie on the week 8 injury report): two GSIS ids, two persons
      const phillips = (yield* allPlayers).filter((p) => p.full_name === "Jordan Phillips")
      expect(phillips.map((p) => [p.id, p.birth_date]).sort()).toEqual([
        ["svc_nfl_00-0031557", "1992-09-21"],
        ["svc_nfl_00-0040175", "2004-06-30"]
      ])
    }).pipe(Effect.provide(TestLayer)))

  it.effect("the build is pure: the same parsed inputs give the same rows and are left as they were", () =>
    Effect.gen(function*() {
      const { inputs } = yield* Effect.flatMap(Nfl.nflFiles(fixture), Nfl.readNfl)
      const before = JSON.stringify(inputs)
      const first = Nfl.buildNfl(inputs)
      expect(first.statLines.length).toBeGreaterThan(20)
      expect(Nfl.buildNfl(inputs)).toEqual(first)
      expect(JSON.stringify(inputs)).toBe(before)
    }).pipe(Effect.provide(Progress.silent)))

  it.effect("two runs on fresh stores give the same ids", () =>
    Effect.gen(function*() {
      const run = Effect.gen(function*() {
        yield* Nfl.ingestNfl(fixture)
        return {
          players: (yield* allPlayers).map((p) => p.id).sort(),
          lines: (yield* allLines).map((l) => l.id).sort()
        }
      })
      const a = yield* run.pipe(Effect.provide(TestLayer))
      const b = yield* run.pipe(Effect.provide(TestLayer))
      expect(a.players.length).toBeGreaterThan(20)
      expect(b).toEqual(a)
    }))
})

describe("nfl ingestion: malformed rows, re-runs, changes", () => {
  it.scoped("reports each malformed row with file and line, skips it, and keeps every good row", () =>
    Effect.gen(function*() {
      const baseline = yield* Nfl.ingestNfl(fixture).pipe(Effect.provide(TestLayer))
      const dir = yield* fixtureCopy
      const offense = join(dir, "hvpkod_nfl_data", "nfl_weekly_offense_2024.csv")
      const offenseLines = lineCount(offense)
      appendRows(offense, [
        "2024,3,Josh Allen,2560955,QB,BUF,JAX,abc,2,,39,2,,,,,,,1,31.18,9,,9,,,,,,,1,31.18", // non-numeric yards
        "2024,3,Josh Allen,2560955,QB,BUF", // too few fields
        "2024,3,Josh Allen,2560955,QB,XYZ,JAX,232,2,,39,2,,,,,,,1,31.18,9,,9,,,,,,,1,31.18" // unknown team
      ])
      const injuries = join(dir, "jtyran_nfl_team_fantasy_dashboard", "injuries.csv")
      const injuryLines = lineCount(injuries)
      appendRows(injuries, ["2025,REG,REG,BUF,4,,LB,No Id,No,Id,Knee,,Out,Knee,,"])
      const result = yield* Nfl.ingestNfl(dir).pipe(Effect.provide(TestLayer))
      const ours = result.skipped.filter((s) => s.file === offense || s.file === injuries)
      expect(ours).toEqual([
        { file: offense, line: offenseLines + 1, reason: "PassingYDS is not a number: \"abc\"" },
        { file: offense, line: offenseLines + 2, reason: "expected 31 fields, found 6" },
        { file: offense, line: offenseLines + 3, reason: "unknown team \"XYZ\"" },
        { file: injuries, line: injuryLines + 1, reason: "missing gsis_id" }
      ])
      expect(result.counts.stat_lines?.skipped).toBe((baseline.counts.stat_lines?.skipped ?? 0) + 3)
      // nothing partial: the same rows as without the bad lines
      expect(totals(result)).toEqual(totals(baseline))
    }))

  it.scoped("spreadspoke's closing line fills a game whose nflverse line is missing", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      const schedules = join(dir, "urwishpatel2003_nflverse_data", "schedules_2022_2026.csv")
      replaceInFile(schedules, "250,-310,6.5,-105,-115,46,", "250,-310,,,,,")
      yield* Nfl.ingestNfl(dir)
      const games = (yield* Effect.flatMap(GameReader, (s) =>
        s.find({ sport: "nfl", ids: ["2024_01_ARI_BUF"], limit: 1, offset: 0, order: "asc" }))).rows
      // spreadspoke: BUF (home) favoured by 6.5, over/under 46.5
      expect(games[0]?.attributes).toMatchObject({ spread_line: 6.5, total_line: 46.5, line_source: "spreadspoke" })
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a second run over the same files changes nothing", () =>
    Effect.gen(function*() {
      const first = yield* Nfl.ingestNfl(fixture)
      const second = yield* Nfl.ingestNfl(fixture)
      expectNothingChanged(first, second)
      for (const [entity, c] of Object.entries(second.counts)) {
        expect(c.unchanged).toBe(first.counts[entity as Report.Entity]!.inserted)
      }
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("a changed file updates its rows in place", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      yield* Nfl.ingestNfl(dir)
      const before = (yield* allLines).length
      const offense = join(dir, "hvpkod_nfl_data", "nfl_weekly_offense_2024.csv")
      replaceInFile(
        offense,
        "2024,1,Josh Allen,2560955,QB,BUF,ARI,232,",
        "2024,1,Josh Allen,2560955,QB,BUF,ARI,250,"
      )
      const again = yield* Nfl.ingestNfl(dir)
      expect(again.counts.stat_lines).toMatchObject({ inserted: 0, updated: 1 })
      expect(again.counts.players).toMatchObject({ inserted: 0, updated: 0 })
      const l: StatLine = yield* line(`${ALLEN}:2024_01_ARI_BUF`)
      expect(l.stats.passing_yards).toBe(250)
      expect(l.fantasy_points).toBe(31.9) // 31.18 + 18 * 0.04
      expect((yield* allLines).length).toBe(before)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("reports progress for every file it reads", () =>
    Effect.gen(function*() {
      const { result, rowsOf, started } = yield* withRecordedProgress(Nfl.ingestNfl(fixture))
      expect([...started].sort()).toEqual([...result.files].sort())
      expect(rowsOf(join("hvpkod_nfl_data", "nfl_weekly_kicker_2024.csv"))).toBe(4)
      expect(result.files.some((f) => f.includes("projected"))).toBe(false)
    }))
})

/**
 * MLB ingestion on a fixture cut from the real files (test/fixtures/mlb, same folder and file
 * names as the data directory; README.md there says what was cut), into the memory store, plus
 * the retrosplits `playing-<year>.csv` adapter on a small hand-written file of that layout.
 */
import { describe, expect, it } from "@effect/vitest"
import { Sports, TeamReader } from "@sports-data/domain"
import { ingestMlb, mlbSourceFiles, normaliseMlbTeam } from "@sports-data/ingest"
import { Effect, TestClock } from "effect"
import { cpSync } from "node:fs"
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

const fixture = fixtureDir("mlb")
const playingFile = join(fixture, "daybyday-playing", "playing-2024.csv")
const fixtureCopy = copyOf("mlb")
const { allGames, allLines, allPlayers, game, line, player } = storeReader("mlb")

/** The ingest day: after every game of the fixture, so unplayed dates are `postponed`. */
const afterSeason = TestClock.setTime(Date.parse("2026-01-15T12:00:00Z"))

/** The batting stat keys of an MLB line. */
const batting = Sports.StatKeys.mlb.filter((k) => k.startsWith("batting_"))

const LOPEZ = "svc_mlb_641154"
const GLASNOW = "svc_mlb_607192"
const OHTANI = "svc_mlb_660271"
const FREEMAN = "svc_mlb_518692"

describe("mlb ingestion: source mappings", () => {
  it.effect("30 clubs with three-letter codes, MLBAM ids, league and division; aliases normalised", () =>
    Effect.gen(function*() {
      yield* ingestMlb(fixture)
      const teams = yield* Effect.flatMap(TeamReader, (s) => s.find("mlb"))
      expect(teams).toHaveLength(30)
      expect(teams.every((t) => t.abbr.length === 3)).toBe(true)
      expect(teams.find((t) => t.abbr === "NYY")).toMatchObject({
        name: "New York Yankees",
        conference: "AL",
        division: "AL East",
        external_id: "147",
        attributes: { retro: "NYA", mlbam: "147" }
      })
      expect(teams.find((t) => t.abbr === "ATH")).toMatchObject({ name: "Athletics", division: "AL West" })
      for (
        const [alias, code] of [["NYA", "NYY"], ["KC", "KCR"], ["SDN", "SDP"], ["OAK", "ATH"], ["CHW", "CWS"], [
          "was",
          "WSH"
        ]]
      ) {
        expect(normaliseMlbTeam(alias)).toBe(code)
      }
      expect(normaliseMlbTeam("ALS")).toBeUndefined()
    }).pipe(Effect.provide(TestLayer)))

  it.effect("games: game_pk ids, scores, Retrosheet team logs and 2024 game info as attributes", () =>
    Effect.gen(function*() {
      yield* afterSeason
      yield* ingestMlb(fixture)
      expect(yield* game("745444")).toMatchObject({
        sport: "mlb",
        season: 2024,
        week: null,
        season_type: "REG",
        game_date: "2024-03-20",
        state: "final",
        home_team: "SDP",
        away_team: "LAD",
        home_score: 2,
        away_score: 5,
        venue: "Gocheok Sky Dome",
        attributes: {
          retro_gid: "SDN202403200",
          home_hits: 4,
          away_hits: 7,
          home_errors: 2,
          away_errors: 0,
          local_start_time: "7:05PM",
          attendance: 15952,
          home_starting_pitcher_mlbam: "506433",
          away_starting_pitcher_mlbam: "607192"
        }
      })
      expect(yield* game("775300")).toMatchObject({ season_type: "POST", home_team: "LAD", away_team: "NYY" })
      // Spring training between clubs is kept as PRE; against a college team and the All-Star
      // Game are not club games and are left out.
      expect(yield* game("748263")).toMatchObject({ season_type: "PRE", home_team: "TEX", away_team: "KCR" })
      const ids = (yield* allGames).map((g) => g.id)
      expect(ids).not.toContain("748344")
      expect(ids).not.toContain("747298")
      expect(ids).toHaveLength(14)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("states: final, completed after a suspension, postponed; a repeated game_pk is one game", () =>
    Effect.gen(function*() {
      yield* afterSeason
      yield* ingestMlb(fixture)
      expect(yield* game("746755")).toMatchObject({
        state: "completed",
        game_date: "2024-08-27",
        home_score: 1,
        away_score: 3,
        attributes: { suspended_until: "2024-08-28", listed_dates: ["2024-08-27", "2024-08-28"] }
      })
      expect(yield* game("745848")).toMatchObject({
        state: "final",
        game_date: "2024-03-29",
        attributes: { listed_dates: ["2024-03-28", "2024-03-29"] }
      })
      // The schedule lists it without a score; Retrosheet has the result.
      expect(yield* game("745890")).toMatchObject({ state: "final", home_team: "MIN", home_score: 12, away_score: 3 })
      // Never played: postponed once its date has passed.
      expect(yield* game("748071")).toMatchObject({ state: "postponed", season_type: "PRE", home_score: null })
      expect(yield* game("777188")).toMatchObject({ state: "postponed", season_type: "REG" })
    }).pipe(Effect.provide(TestLayer)))

  it.effect("an unplayed game dated on or after the ingest day is scheduled", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(Date.parse("2025-07-01T00:00:00Z"))
      yield* ingestMlb(fixture)
      expect((yield* game("777188")).state).toBe("scheduled")
      expect((yield* game("748071")).state).toBe("postponed")
    }).pipe(Effect.provide(TestLayer)))

  it.effect("2025 season types come from the calendar: Tokyo opener REG, spring PRE, World Series POST", () =>
    Effect.gen(function*() {
      yield* ingestMlb(fixture)
      expect(yield* game("778563")).toMatchObject({
        season_type: "REG",
        home_team: "CHC",
        away_team: "LAD",
        venue: "Tokyo Dome"
      })
      expect((yield* game("778788")).season_type).toBe("PRE")
      expect(yield* game("813024")).toMatchObject({ season_type: "POST", state: "final", home_score: 4, away_score: 5 })
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a Retrosheet game is linked even when MLB lists the visiting club as home", () =>
    Effect.gen(function*() {
      yield* ingestMlb(fixture)
      // Retrosheet DET202205101 (Detroit home, 6-0) is MLB 662412 listed with Oakland home.
      expect(yield* game("662412")).toMatchObject({
        home_team: "ATH",
        away_team: "DET",
        home_score: 0,
        away_score: 6,
        attributes: { retro_gid: "DET202205101", game_number: 1, home_hits: 4, away_hits: 12 }
      })
      expect((yield* game("662855")).attributes).toMatchObject({ retro_gid: "DET202205102", game_number: 2 })
    }).pipe(Effect.provide(TestLayer)))

  it.effect("pitching lines: Retrosheet ids to MLBAM, outs, decisions, quality start, FanDuel points; batting null", () =>
    Effect.gen(function*() {
      yield* ingestMlb(fixture)
      const l = yield* line(`${LOPEZ}:745648`)
      expect(l).toMatchObject({
        player_id: LOPEZ,
        game_id: "745648",
        season: 2024,
        week: null,
        game_date: "2024-06-23",
        team: "MIN",
        opponent: "ATH",
        position: "SP",
        is_starter: true
      })
      expect(l.stats).toMatchObject({
        pitching_outs: 24,
        pitching_w: 1,
        pitching_l: 0,
        pitching_sv: 0,
        pitching_hld: null,
        pitching_er: 0,
        pitching_k: 14,
        pitching_bb: 1,
        pitching_h: 2,
        pitching_gs: 1,
        pitching_qs: 1
      })
      for (const k of batting) expect(l.stats[k]).toBeNull()
      // 24 outs + 14 K x 3 + W 6 + QS 4
      expect(l.fantasy_points).toBe(76)
      // Exactly 18 outs and 3 ER is a quality start: 18 - 9 + 2 K x 3 + 4, a loss scores nothing
      const harris = yield* line("svc_mlb_663687:745648")
      expect(harris.stats).toMatchObject({ pitching_outs: 18, pitching_er: 3, pitching_l: 1, pitching_qs: 1 })
      expect(harris.fantasy_points).toBe(19)
      // A save is recorded; FanDuel does not score it: 3 outs + 2 K x 3
      const jax = yield* line("svc_mlb_643377:745648")
      expect(jax).toMatchObject({ position: "RP", is_starter: false })
      expect(jax.stats).toMatchObject({ pitching_sv: 1, pitching_gs: 0, pitching_qs: 0 })
      expect(jax.fantasy_points).toBe(9)
      // 31 pitching rows, of which the two All-Star starters are not club games.
      expect(yield* allLines).toHaveLength(29)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("players: register people with MLBAM ids, every cross id, team, position and status", () =>
    Effect.gen(function*() {
      const result = yield* ingestMlb(fixture)
      expect(yield* player(GLASNOW)).toMatchObject({
        full_name: "Tyler Glasnow",
        first_name: "Tyler",
        last_name: "Glasnow",
        position: "SP",
        team: "LAD",
        status: "active",
        birth_date: "1993-08-23",
        platform_ids: { mlbam: "607192", retro: "glast001", bbref: "glasnty01", fangraphs: "14374" },
        attributes: { bats: "L", throws: "R" }
      })
      expect(yield* player(OHTANI)).toMatchObject({ position: "DH", team: "LAD", status: "active" })
      // Retired long ago: inactive, no team.
      expect(yield* player("svc_mlb_605152")).toMatchObject({
        full_name: "Jed Bradley",
        status: "inactive",
        team: null
      })
      // Last MLB season 2024 (register) and nothing in 2025: inactive.
      expect(yield* player("svc_mlb_666745")).toMatchObject({ status: "inactive", team: null })
      // Never injured: no MLB injury source.
      const players = yield* allPlayers
      expect(players.some((p) => p.status === "injured")).toBe(false)
      expect(players.every((p) => /^svc_mlb_\d+$/.test(p.id) && p.platform_ids.mlbam === p.id.slice(8))).toBe(true)
      // 59 register rows: one without an MLBAM id, two who never played in MLB.
      expect(result.counts.players).toMatchObject({ inserted: 56, skipped: 0 })
      expect(result.skipped).toEqual([])
    }).pipe(Effect.provide(TestLayer)))
})

describe("mlb ingestion: ids, malformed rows, re-runs", () => {
  it.effect("the same person gets the same id from Retrosheet, the schedule and the register", () =>
    Effect.gen(function*() {
      yield* ingestMlb(fixture)
      // Glasnow: Retrosheet glast001 in the pitching file, MLBAM 607192 as the schedule's starter.
      expect((yield* game("745444")).attributes.away_starting_pitcher_mlbam).toBe("607192")
      expect((yield* line(`${GLASNOW}:745444`)).player_id).toBe(GLASNOW)
      const ids = Effect.gen(function*() {
        yield* ingestMlb(fixture)
        return {
          players: (yield* allPlayers).map((p) => p.id),
          games: (yield* allGames).map((g) => g.id),
          lines: (yield* allLines).map((l) => l.id)
        }
      })
      const a = yield* ids.pipe(Effect.provide(TestLayer))
      const b = yield* ids.pipe(Effect.provide(TestLayer))
      expect(a).toEqual(b)
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("malformed rows are reported with file, line and reason and skipped; the rest is written", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      const games = join(dir, "alejandrochaveza_mml_mlb", "games_2024.csv")
      const pitching = join(dir, "ehv6_retrosheet_mlb_2024", "2024pitching.csv")
      const gamesLines = lineCount(games)
      const pitchingLines = lineCount(pitching)
      appendRows(
        games,
        [
          "abc,2024-05-01,FINISHED,New York Yankees,Boston Red Sox,,,147,111,Yankee Stadium,False,night,,,3.0,2.0,[],,,,,5.0",
          "999999,2024-13-01,FINISHED,New York Yankees,Boston Red Sox,,,147,111,Yankee Stadium,False,night,,,3.0,2.0,[],,,,,5.0",
          "999998,2024-05-01,FINISHED"
        ]
      )
      appendRows(
        pitching,
        [
          "OAK202406230,lopep002,XXX,1,value,24,0,27,2,0,0,0,0,0,1,0,14,0,0,0,0,0,0,0,0,1,,,1,,,20240623,0,OAK01,v,OAK,1,0,0,regular,y,y",
          "OAK202406230,nobod999,MIN,3,value,3,0,3,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,,,,,,,20240623,0,OAK01,v,OAK,1,0,0,regular,y,y"
        ]
      )
      const result = yield* ingestMlb(dir)
      expect(result.skipped).toEqual([
        { file: games, line: gamesLines + 1, reason: "game_pk is not an id: \"abc\"" },
        { file: games, line: gamesLines + 2, reason: "date is not a date: \"2024-13-01\"" },
        { file: games, line: gamesLines + 3, reason: "expected 22 fields, found 3" },
        { file: pitching, line: pitchingLines + 1, reason: "team is not an MLB club: \"XXX\"" },
        { file: pitching, line: pitchingLines + 2, reason: "Retrosheet id nobod999 has no MLBAM id in the register" }
      ])
      expect(yield* allGames).toHaveLength(14)
      expect(yield* allLines).toHaveLength(29)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a second run over the same files changes nothing", () =>
    Effect.gen(function*() {
      yield* afterSeason
      const first = yield* ingestMlb(fixture)
      const second = yield* ingestMlb(fixture)
      expectNothingChanged(first, second)
      expect(second.counts).toMatchObject({
        teams: { unchanged: 30 },
        players: { unchanged: 56 },
        games: { unchanged: 14 },
        stat_lines: { unchanged: 29 }
      })
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("a changed source row updates its line in place", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      yield* ingestMlb(dir)
      const pitching = join(dir, "ehv6_retrosheet_mlb_2024", "2024pitching.csv")
      replaceInFile(
        pitching,
        "OAK202406230,lopep002,MIN,1,value,24,0,27,2,0,0,0,0,0,1,0,14,",
        "OAK202406230,lopep002,MIN,1,value,24,0,27,2,0,0,0,0,0,1,0,13,"
      )
      const second = yield* ingestMlb(dir)
      expect(second.counts.stat_lines).toMatchObject({ inserted: 0, updated: 1, unchanged: 28 })
      const l = yield* line(`${LOPEZ}:745648`)
      expect(l.stats.pitching_k).toBe(13)
      expect(l.fantasy_points).toBe(73)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("reports progress for every file it reads", () =>
    Effect.gen(function*() {
      const { result, rowsOf, started } = yield* withRecordedProgress(ingestMlb(fixture))
      const files = yield* mlbSourceFiles(fixture)
      expect(files).toHaveLength(10)
      expect(files.some((f) => f.includes("daybyday-playing"))).toBe(false)
      expect([...started].sort()).toEqual([...files])
      expect(result.files).toEqual(files)
      expect(rowsOf("2024pitching.csv")).toBe(31)
    }))
})

describe("mlb ingestion: retrosplits playing-<year>.csv adapter", () => {
  /** The fixture plus the hand-written playing file in the retrosplits folder. */
  const withPlaying = Effect.tap(
    fixtureCopy,
    (dir) => Effect.sync(() => cpSync(playingFile, join(dir, "chadwickbureau_retrosplits", "playing-2024.csv")))
  )

  it.scoped("batting lines: event-file record preferred, slots summed, FanDuel hitting points", () =>
    Effect.gen(function*() {
      const dir = yield* withPlaying
      yield* ingestMlb(dir)
      const ohtani = yield* line(`${OHTANI}:745444`)
      expect(ohtani).toMatchObject({ team: "LAD", opponent: "SDP", position: "DH", is_starter: true })
      // The evt record (2 hits) wins over the box record (3 hits) of the same game.
      expect(ohtani.stats).toMatchObject({
        batting_pa: 5,
        batting_ab: 5,
        batting_h: 2,
        batting_1b: 2,
        batting_2b: 0,
        batting_hr: 0,
        batting_r: 1,
        batting_rbi: 1,
        batting_bb: 0,
        batting_sb: 1,
        batting_so: 1,
        pitching_outs: null,
        pitching_k: null
      })
      // 2 singles x 3 + RBI 3.5 + R 3.2 + SB 6
      expect(ohtani.fantasy_points).toBe(18.7)
      // Two slots of one player in one game are summed: a double and a walk, then a home run.
      const freeman = yield* line(`${FREEMAN}:745444`)
      expect(freeman).toMatchObject({ position: "1B", is_starter: true })
      expect(freeman.stats).toMatchObject({
        batting_pa: 5,
        batting_ab: 4,
        batting_h: 2,
        batting_1b: 0,
        batting_2b: 1,
        batting_hr: 1,
        batting_r: 2,
        batting_rbi: 2,
        batting_bb: 1
      })
      // 2B 6 + HR 12 + 2 RBI x 3.5 + 2 R x 3.2 + BB 3
      expect(freeman.fantasy_points).toBe(34.4)
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("a pitcher in both files is one line: the pitching file's values, no batting when he did not bat", () =>
    Effect.gen(function*() {
      const dir = yield* withPlaying
      yield* ingestMlb(dir)
      const g = yield* line(`${GLASNOW}:745444`)
      expect(g).toMatchObject({ position: "SP", is_starter: true })
      // The playing file says W 1; the pitching file (no decision) wins for pitching keys.
      expect(g.stats).toMatchObject({ pitching_outs: 15, pitching_er: 2, pitching_k: 3, pitching_bb: 4, pitching_w: 0 })
      for (const k of batting) expect(g.stats[k]).toBeNull()
      // 15 outs - 2 ER x 3 + 3 K x 3
      expect(g.fantasy_points).toBe(18)
      expect(yield* allLines).toHaveLength(31)
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("its unknown people, unmatched games and malformed rows are reported", () =>
    Effect.gen(function*() {
      const dir = yield* withPlaying
      const file = join(dir, "chadwickbureau_retrosplits", "playing-2024.csv")
      const result = yield* ingestMlb(dir)
      expect(result.files).toContain(file)
      expect(result.skipped).toEqual([
        { file, line: 9, reason: "B_H is not a number: \"two\"" },
        { file, line: 7, reason: "Retrosheet id nobod999 has no MLBAM id in the register" },
        { file, line: 8, reason: "no game_pk for Retrosheet game SDN202403210" }
      ])
    }).pipe(Effect.provide(TestLayer)))
})

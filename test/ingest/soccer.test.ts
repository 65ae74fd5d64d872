/**
 * Soccer ingestion on a fixture cut from the real files (test/fixtures/soccer, same folder and file
 * names as the data directory; README.md there says what was cut), into the memory store; and, when
 * the data directory is present, on every real file.
 */
import { describe, expect, it } from "@effect/vitest"
import { Soccer, Sports, TeamReader } from "@sports-data/domain"
import { Runner, Soccer as SoccerIngest } from "@sports-data/ingest"
import { Effect } from "effect"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import {
  appendRows,
  expectNothingChanged,
  fixtureCopy as copyOf,
  fixtureDir,
  replaceInFile,
  storeReader,
  TestLayer
} from "./helpers.js"

const fixture = fixtureDir("soccer")
const fixtureCopy = copyOf("soccer")
const { allGames, game } = storeReader("soccer")
const dataDir = resolve(process.env.SPORTS_DATA_DIR ?? join(import.meta.dirname, "..", "..", "..", "shared", "data"))
const hasData = existsSync(join(dataDir, "openfootball_football_json")) &&
  existsSync(join(dataDir, "datasets_football_datasets"))

const ES_2425 = "openfootball_football_json/json/2024-25/es.1.json"
const LIGA_2425 = "datasets_football_datasets/la-liga_season-2425.csv"

describe("soccer ingestion: teams", () => {
  it.effect("one team per club, keyed by a slug, whatever name each source writes", () =>
    Effect.gen(function*() {
      yield* SoccerIngest.ingestSoccer(fixture)
      const teams = yield* Effect.flatMap(TeamReader, (s) => s.find("soccer"))
      const arsenal = teams.find((t) => t.abbr === "arsenal")
      expect(arsenal).toMatchObject({
        name: "Arsenal",
        conference: null,
        attributes: { leagues: ["epl", "champions_league"], country: "ENG" }
      })
      expect(teams.find((t) => t.abbr === "vancouver-whitecaps")).toMatchObject({
        conference: "Western",
        attributes: { leagues: ["mls"], country: "CAN" }
      })
      // football-data.co.uk short names and openfootball names meet on one key
      expect(Soccer.soccerTeamByName("Man City")?.abbr).toBe("manchester-city")
      expect(Soccer.soccerTeamByName("manchester city fc")?.abbr).toBe("manchester-city")
      expect(Soccer.soccerTeamByName("Nott'm Forest")?.abbr).toBe("nottingham-forest")
      expect(Soccer.soccerTeamByName("FC Bayern München")?.abbr).toBe("bayern-munich")
      expect(Soccer.soccerTeamByName("Manchester")).toBeUndefined()
      // every club of a written game is a team row, and nothing else
      const games = yield* allGames
      expect(new Set(teams.map((t) => t.abbr))).toEqual(new Set(games.flatMap((g) => [g.home_team, g.away_team])))
    }).pipe(Effect.provide(TestLayer)))

  it("the directory's keys and names are unique across every league", () => {
    const teams = Sports.modules.soccer.teams
    expect(new Set(teams.map((t) => t.abbr)).size).toBe(teams.length)
    const names = teams.flatMap((t) => [t.name, ...t.aliases].map((n) => n.toLowerCase()))
    const seen = new Map<string, number>()
    for (const n of names) seen.set(n, (seen.get(n) ?? 0) + 1)
    // a name may repeat only within one entry (display name equal to an alias)
    for (const t of teams) {
      for (const n of new Set([t.name, ...t.aliases].map((x) => x.toLowerCase()))) {
        expect({ n, team: Soccer.soccerTeamByName(n)?.abbr }).toEqual({ n, team: t.abbr })
      }
    }
    expect(teams.filter((t) => t.leagues.includes("mls"))).toHaveLength(30)
    expect(teams.filter((t) => t.leagues.includes("champions_league"))).toHaveLength(36)
  })
})

describe("soccer ingestion: games", () => {
  it.effect("the ten LaLiga 2024-25 results openfootball lacks come from football-datasets, reported", () =>
    Effect.gen(function*() {
      const result = yield* SoccerIngest.ingestSoccer(fixture)
      expect(yield* game("la_liga-2024-athletic-club-barcelona")).toMatchObject({
        sport: "soccer",
        league: "la_liga",
        season: 2024,
        week: 38,
        season_type: "REG",
        game_date: "2025-05-25",
        state: "final",
        home_score: 0,
        away_score: 3,
        attributes: { sources: ["openfootball", "football-datasets"], round: "Matchday 38", kickoff_local: "21:00" }
      })
      const missing = result.differences.filter((d) => d.league === "la_liga" && d.kind === "missing_score")
      expect(missing).toHaveLength(10)
      // reported at openfootball's match, with its file and line
      const text = readFileSync(join(fixture, ES_2425), "utf8")
      const lines = SoccerIngest.matchLines(text)
      expect(missing.every((d) => d.file.endsWith(ES_2425) && lines.includes(d.line))).toBe(true)
      expect(missing.map((d) => d.reason)).toContain(
        "la_liga-2024-athletic-club-barcelona: no score here; football-datasets has 0-3 (line 21), used"
      )
      // matchday 1: both sources agree, nothing reported
      expect(result.differences.filter((d) => d.league === "la_liga" && d.kind !== "missing_score")).toEqual([])
      expect(yield* game("la_liga-2024-athletic-club-getafe")).toMatchObject({
        week: 1,
        state: "final",
        home_score: 1,
        away_score: 1,
        attributes: {
          half_time: { home: 1, away: 0 },
          team_stats: { home: { shots: 7, corners: 5 }, away: { shots: 9 } }
        }
      })
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a game played after openfootball's snapshot takes football-datasets' date and score", () =>
    Effect.gen(function*() {
      const result = yield* SoccerIngest.ingestSoccer(fixture)
      // openfootball: 2026-03-21, postponed, no score; football-datasets: played 2026-05-13, 3-0
      const g = yield* game("epl-2025-manchester-city-crystal-palace")
      expect(g).toMatchObject({
        game_date: "2026-05-13",
        week: 31,
        state: "final",
        home_score: 3,
        away_score: 0
      })
      expect(g.attributes.status).toBeUndefined()
      expect(g.attributes.kickoff_local).toBeUndefined()
      const about = result.differences.filter((d) => d.reason.startsWith("epl-2025-manchester-city-crystal-palace"))
      expect(about.map((d) => d.kind).sort()).toEqual(["date", "missing_score"])
    }).pipe(Effect.provide(TestLayer)))

  it.effect("an awarded result: the score both sources give, and the court decisions", () =>
    Effect.gen(function*() {
      yield* SoccerIngest.ingestSoccer(fixture)
      expect(yield* game("bundesliga-2024-union-berlin-bochum")).toMatchObject({
        game_date: "2024-12-14",
        state: "final",
        home_score: 0,
        away_score: 2,
        attributes: {
          status: "awarded",
          awarded: {
            home: 0,
            away: 2,
            decisions: [{ body: "DFB Sportgericht", date: "2025-01-09" }, {
              body: "DFB Bundesgericht",
              date: "2025-02-28"
            }]
          }
        }
      })
    }).pipe(Effect.provide(TestLayer)))

  it.effect("Champions League: league phase REG with its matchday, knockouts POST, extra time kept", () =>
    Effect.gen(function*() {
      const result = yield* SoccerIngest.ingestSoccer(fixture)
      expect(yield* game("champions_league-2024-2024-09-17-young-boys-aston-villa")).toMatchObject({
        season: 2024,
        week: 1,
        season_type: "REG",
        home_score: 0,
        away_score: 3
      })
      // round of 16, second leg: 0-1 after 90 minutes and after extra time; the shoot-out is
      // written 4-4 in the source (Paris won it 4-1), which decides nothing: left out, reported
      const leg = yield* game("champions_league-2024-2025-03-11-liverpool-paris-saint-germain")
      expect(leg).toMatchObject({
        season_type: "POST",
        week: null,
        state: "final",
        home_score: 0,
        away_score: 1,
        attributes: { round: "Finals, Round of 16", full_time: { home: 0, away: 1 }, extra_time: { home: 0, away: 1 } }
      })
      expect(leg.attributes.penalties).toBeUndefined()
      expect(result.differences.filter((d) => d.kind === "penalties").map((d) => d.league)).toEqual([
        "champions_league"
      ])
      // the final has no score in the source: scheduled, never an invented result
      expect(yield* game("champions_league-2024-2025-05-31-paris-saint-germain-inter")).toMatchObject({
        season_type: "POST",
        state: "scheduled",
        home_score: null,
        away_score: null
      })
    }).pipe(Effect.provide(TestLayer)))

  it.effect("MLS 2025: scored matchdays final, the rest scheduled; only openfootball, nothing reported", () =>
    Effect.gen(function*() {
      const result = yield* SoccerIngest.ingestSoccer(fixture)
      const mls = (yield* allGames).filter((g) => g.league === "mls")
      expect(mls).toHaveLength(30)
      expect(mls.filter((g) => g.week === 1).every((g) => g.state === "final")).toBe(true)
      expect(mls.filter((g) => g.week === 34).every((g) => g.state === "scheduled" && g.home_score === null)).toBe(
        true
      )
      expect(yield* game("mls-2025-2025-02-22-lafc-minnesota-united")).toMatchObject({
        season: 2025,
        home_score: 1,
        away_score: 0,
        attributes: { kickoff_local: "16:45" }
      })
      expect(result.differences.filter((d) => d.league === "mls")).toEqual([])
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a re-run over the same files changes nothing", () =>
    Effect.gen(function*() {
      const first = yield* SoccerIngest.ingestSoccer(fixture)
      const second = yield* SoccerIngest.ingestSoccer(fixture)
      expectNothingChanged(first, second)
      expect(first.skipped).toEqual([])
      expect(first.counts.games).toMatchObject({ inserted: 380 + 380 + 20 + 9 + 10 + 21 + 30, skipped: 0 })
    }).pipe(Effect.provide(TestLayer)))
})

describe("soccer ingestion: malformed input is reported and skipped", () => {
  it.scoped("an unknown team name, a bad date, a repeated game and a file that is not JSON", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy
      // a club no directory entry names: never guessed
      appendRows(join(dir, LIGA_2425), [
        "2025-05-25,Real Murcia,Getafe,1,0,H,0,0,D,,1,1,1,1,1,1,1,1,1,1,0,0",
        // the same game as an earlier row (Athletic Club - Getafe, matchday 1)
        "2024-08-15,Ath Bilbao,Getafe,1,1,D,1,0,H,,7,9,4,2,15,12,5,6,4,1,0,0"
      ])
      const csvLines = readFileSync(join(dir, LIGA_2425), "utf8").trimEnd().split("\n").length
      // a match whose date is not a date, in the JSON
      replaceInFile(join(dir, ES_2425), "\"date\": \"2024-08-15\"", "\"date\": \"2024-08-32\"")
      const badLine = SoccerIngest.matchLines(readFileSync(join(dir, ES_2425), "utf8"))[0]!
      // a file that is not JSON at all
      writeFileSync(join(dir, "openfootball_football_json/json/2025/mls.json"), "{ not json")

      const result = yield* SoccerIngest.ingestSoccer(dir)
      const reasons = result.skipped.map((s) => ({
        file: s.file.slice(dir.length + 1),
        line: s.line,
        reason: s.reason
      }))
      expect(reasons).toEqual(expect.arrayContaining([
        {
          file: LIGA_2425,
          line: csvLines - 1,
          reason: "HomeTeam is not a team of the soccer directory: \"Real Murcia\""
        },
        {
          file: LIGA_2425,
          line: csvLines,
          reason: expect.stringMatching(/^same game as line \d+ \(la_liga-2024-athletic-club-getafe\)$/)
        },
        { file: ES_2425, line: badLine, reason: "date is not a date: \"2024-08-32\"" },
        { file: "openfootball_football_json/json/2025/mls.json", line: 1, reason: expect.stringMatching(/^not JSON/) }
      ]))
      expect(result.skipped).toHaveLength(4)
      expect(result.counts.games?.skipped).toBe(4)
      // the rest is written: the game football-datasets still has, and no MLS game
      expect((yield* game("la_liga-2024-athletic-club-getafe")).home_score).toBe(1)
      expect((yield* allGames).filter((g) => g.league === "mls")).toEqual([])
    }).pipe(Effect.provide(TestLayer)))
})

describe("soccer ingestion: runner", () => {
  it.effect("the runner's soccer adapter lists the source files it reads", () =>
    Effect.gen(function*() {
      const files = yield* SoccerIngest.soccerSourceFiles(fixture)
      expect(files).toHaveLength(10)
      expect(yield* Runner.sourceFiles(fixture, "soccer")).toEqual(files)
      expect(yield* SoccerIngest.soccerSourceFiles(join(fixture, "missing"))).toEqual([])
    }))
})

describe.skipIf(!hasData)("soccer ingestion on the real data directory", () => {
  it.effect(
    "every match read, none skipped; the sources differ only where PROVENANCE says",
    () =>
      Effect.gen(function*() {
        const result = yield* SoccerIngest.ingestSoccer(dataDir)
        expect(result.skipped).toEqual([])
        expect(result.counts.games).toMatchObject({ inserted: 6483, skipped: 0 })
        expect(result.counts.teams?.inserted).toBe(149)
        const count = (league: string, season: number, kind: string) =>
          result.differences.filter((d) => d.league === league && d.season === season && d.kind === kind).length
        // openfootball misses ten 2024-25 results each in LaLiga and Serie A (PROVENANCE.md)
        expect(count("la_liga", 2024, "missing_score")).toBe(10)
        expect(count("serie_a", 2024, "missing_score")).toBe(10)
        // where both sources have a score they agree on every match of every season
        expect(result.differences.filter((d) => d.kind === "score")).toEqual([])
        // every 2025-26 match is scored by football-datasets (complete seasons)
        const games = yield* allGames
        const domestic2025 = games.filter((g) => g.season === 2025 && g.league !== "mls")
        expect(domestic2025).toHaveLength(380 * 3 + 306)
        expect(domestic2025.every((g) => g.state === "final")).toBe(true)
        expect(games.filter((g) => g.league === "mls" && g.state === "final")).toHaveLength(164)
      }).pipe(Effect.provide(TestLayer)),
    60_000
  )
})

/**
 * Tennis ingestion on a fixture cut from the real files (test/fixtures/tennis, laid out like the
 * data directory: every Alcaraz-Sinner match of 2022-2025 and the first rows of each file, the
 * players they name and their namesakes, two 2024 ranking weeks, the top of the February 2026
 * lists), into the memory store: rows, ids, date precision, name linking, idempotence and
 * malformed rows reported with file and line.
 */
import { describe, expect, it } from "@effect/vitest"
import { AthleteReader, EventReader } from "@sports-data/domain"
import { Tennis } from "@sports-data/ingest"
import { Effect, Option } from "effect"
import { join } from "node:path"
import { appendRows, expectNothingChanged, fixtureCopy, fixtureDir, lineCount, TestLayer } from "./helpers.js"

const fixture = fixtureDir("tennis")
const page = { limit: 10_000, offset: 0 }
const athlete = (id: string) => Effect.flatMap(AthleteReader, (a) => a.get(id))
const matchesOf = (participant_id: string) =>
  Effect.flatMap(EventReader, (e) => e.entries({ sport: "tennis", participant_id, ...page }))

const ALCARAZ = "svc_tennis_atp-207989"
const SINNER = "svc_tennis_atp-206173"

describe("tennis ingestion", () => {
  it.effect("writes Sackmann matches with the tournament's start date and odds-file matches with the day", () =>
    Effect.gen(function*() {
      const result = yield* Tennis.ingestTennis(fixture)
      expect(result.skipped).toEqual([])
      const events = yield* Effect.flatMap(EventReader, (e) => e.events({ sport: "tennis", order: "asc", ...page }))
      // 2024 Beijing final: Alcaraz d. Sinner 6-7(6) 6-4 7-6(3); tourney_date 20240926
      const beijing = events.rows.find((e) => e.attributes["tournament"] === "Beijing" && e.season === 2024)!
      expect(beijing).toMatchObject({
        league: "atp",
        start_date: "2024-09-26",
        state: "final",
        attributes: expect.objectContaining({
          date_precision: "tournament_week",
          round: "F",
          score: "6-7(6) 6-4 7-6(3)"
        })
      })
      // the 2025 Roland Garros final, from the odds file, on its day (8 June 2025), winner Alcaraz
      const rg = events.rows.find((e) => e.start_date === "2025-06-08" && e.league === "atp")!
      expect(rg.attributes).toMatchObject({ date_precision: "day", round: "F", surface: "Clay" })
      const entries = yield* Effect.flatMap(
        EventReader,
        (e) => e.entries({ sport: "tennis", event_ids: [rg.id], ...page })
      )
      expect(entries.rows.map((e) => [e.participant_id, e.status])).toEqual([[ALCARAZ, "won"], [SINNER, "lost"]])
      // every source match row became one event with two entries
      const matchFiles = [2022, 2023, 2024].flatMap((y) => [
        join(fixture, "jeffsackmann_tennis_atp", `atp_matches_${y}.csv`),
        join(fixture, "jeffsackmann_tennis_wta", `wta_matches_${y}.csv`)
      ]).concat(
        [2025, 2026].flatMap((y) =>
          ["atp", "wta"].map((t) => join(fixture, "bettormanpicks_bmp_app", `tennis_${t}_matches_odds_${y}.csv`))
        )
      )
      const sourceRows = matchFiles.reduce((n, f) => n + lineCount(f) - 1, 0)
      expect(events.total).toBe(sourceRows)
      expect(result.counts.event_entries?.inserted).toBe(2 * sourceRows)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("links odds-file names to Sackmann ids by name, and keeps namesakes apart without ranking evidence", () =>
    Effect.gen(function*() {
      yield* Tennis.ingestTennis(fixture)
      expect((yield* matchesOf(ALCARAZ)).total).toBeGreaterThanOrEqual(9 + 6)
      const alcaraz = Option.getOrThrow(yield* athlete(ALCARAZ))
      expect(alcaraz).toMatchObject({ name: "Carlos Alcaraz", country: "ESP", birth_date: "2003-05-05", league: "atp" })
      // Brandon and Bryce Nakashima: "Nakashima B." fits both and neither has a ranking or match here
      expect((yield* matchesOf("svc_tennis_atp-n-nakashima-b")).total).toBeGreaterThan(0)
      expect((yield* matchesOf("svc_tennis_atp-206909")).total).toBe(0)
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("a 2024 ranking of Brandon Nakashima is the evidence that links \"Nakashima B.\" to him", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy("tennis")
      appendRows(join(dir, "jeffsackmann_tennis_atp", "atp_rankings_current.csv"), ["20241230,32,206909,1380"])
      yield* Tennis.ingestTennis(dir)
      expect((yield* matchesOf("svc_tennis_atp-n-nakashima-b")).total).toBe(0)
      expect((yield* matchesOf("svc_tennis_atp-206909")).total).toBeGreaterThan(0)
      const brandon = Option.getOrThrow(yield* athlete("svc_tennis_atp-206909"))
      expect(brandon.attributes["linked_by"]).toBe("name_and_ranking")
    }).pipe(Effect.provide(TestLayer)))

  it.effect("ranking lists: the 2024 weeks and the February 2026 list, names linked to ids", () =>
    Effect.gen(function*() {
      yield* Tennis.ingestTennis(fixture)
      const reader = yield* AthleteReader
      expect(yield* reader.rankingDates("tennis", "atp")).toEqual([
        Tennis.CURRENT_LIST_DATE,
        "2024-12-30",
        "2024-01-01"
      ])
      const latest = yield* reader.rankings({ sport: "tennis", league: "atp", date: Tennis.CURRENT_LIST_DATE, ...page })
      expect(latest.rows.slice(0, 2).map((r) => [r.rank, r.athlete_id, r.points])).toEqual([
        [1, ALCARAZ, 13150],
        [2, SINNER, 10300]
      ])
      const first2024 = yield* reader.rankings({
        sport: "tennis",
        league: "atp",
        date: "2024-01-01",
        limit: 1,
        offset: 0
      })
      expect(first2024.rows[0]).toMatchObject({ rank: 1, athlete_id: "svc_tennis_atp-104925", points: 11245 })
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a re-run over the same files reports every row unchanged", () =>
    Effect.gen(function*() {
      const first = yield* Tennis.ingestTennis(fixture)
      const second = yield* Tennis.ingestTennis(fixture)
      expectNothingChanged(first, second)
      expect(second.counts.events?.unchanged).toBe(first.counts.events?.inserted)
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("malformed rows are reported with file and line and skipped; the rest is written", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy("tennis")
      const sackmann = join(dir, "jeffsackmann_tennis_atp", "atp_matches_2023.csv")
      const odds = join(dir, "bettormanpicks_bmp_app", "tennis_wta_matches_odds_2026.csv")
      appendRows(sackmann, ["2023-9999,Nowhere,Hard,32,A,2023-13-45,1,1,,,A B,R,,,,2,,,C D,R,,,,6-0 6-0,3,F"])
      appendRows(odds, [
        "1,Auckland,ASB Classic,1/5/2026,WTA250,Outdoor,Hard,1st Round,3,Someone A.,Other B.,1,2,3,4,six"
      ])
      const sackmannLine = lineCount(sackmann)
      const oddsLine = lineCount(odds)
      const result = yield* Tennis.ingestTennis(dir)
      expect(result.skipped).toEqual(expect.arrayContaining([
        expect.objectContaining({ file: sackmann, line: sackmannLine, reason: expect.stringContaining("fields") }),
        expect.objectContaining({ file: odds, line: oddsLine })
      ]))
      expect(result.skipped).toHaveLength(2)
      expect(result.counts.events?.skipped).toBe(2)
    }).pipe(Effect.provide(TestLayer)))
})

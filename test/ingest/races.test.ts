/**
 * Golf, Formula 1 and NASCAR ingestion on fixture cuts of the real files (test/fixtures/golf, f1,
 * nascar; README.md there says what was cut), into the memory store: what is written, idempotent
 * re-runs, and malformed rows reported with file and line and skipped.
 */
import { describe, expect, it } from "@effect/vitest"
import { EventReader, F1, Golf } from "@sports-data/domain"
import { F1 as F1Ingest, Golf as GolfIngest, Nascar as NascarIngest } from "@sports-data/ingest"
import { Effect } from "effect"
import { join } from "node:path"
import {
  appendRows,
  expectNothingChanged,
  fixtureCopy,
  fixtureDir,
  lineCount,
  replaceInFile,
  TestLayer
} from "./helpers.js"

const entriesOf = (sport: "golf" | "f1" | "nascar", eventId: string) =>
  Effect.flatMap(EventReader, (r) => r.entries({ sport, event_ids: [eventId], limit: 1000, offset: 0 }))

describe("golf, f1 and nascar ingestion", () => {
  it.effect("re-running each adapter over unchanged files reports every row unchanged", () =>
    Effect.gen(function*() {
      for (
        const [sport, ingest] of [
          ["golf", GolfIngest.ingestGolf],
          ["f1", F1Ingest.ingestF1],
          ["nascar", NascarIngest.ingestNascar]
        ] as const
      ) {
        const dir = fixtureDir(sport)
        const first = yield* ingest(dir)
        expect(first.counts.events!.inserted).toBeGreaterThan(0)
        expect(first.counts.event_entries!.inserted).toBeGreaterThan(0)
        const second = yield* ingest(dir)
        expectNothingChanged(first, second)
        expect(second.counts.event_entries!.unchanged).toBe(first.counts.event_entries!.inserted)
      }
    }).pipe(Effect.provide(TestLayer)))

  it.effect("golf: malformed rows are reported with file and line; the rest of the event is placed", () =>
    Effect.scoped(Effect.gen(function*() {
      const dir = yield* fixtureCopy("golf")
      const board = join(dir, "array_carpenter_golfastr", "pga_leaderboards_2025.csv")
      // the cut's lines (header included): the three appended rows follow
      const lines = lineCount(board)
      appendRows(board, [
        "9,Nobody Real,Nobody Real,280,minus two,0,false,123456,s:1,Masters Tournament,401703504,2025",
        "9,Nobody Real,Nobody Real,280,-8,0,false,,s:1,Masters Tournament,401703504,2025",
        "too,few,fields"
      ])
      const isar = join(dir, "rtelmore_isar_golf", "pga_tournaments_2021_22.csv")
      replaceInFile(isar, `"6/5/22",12,2022`, `"June 5",12,2022`)
      const result = yield* GolfIngest.ingestGolf(dir)
      expect(result.skipped).toEqual(expect.arrayContaining([
        { file: board, line: lines + 1, reason: expect.stringContaining("score_display") },
        { file: board, line: lines + 2, reason: "athlete_id is missing" },
        { file: board, line: lines + 3, reason: expect.stringContaining("expected 12 fields") },
        { file: isar, line: 2, reason: expect.stringContaining("date") }
      ]))
      expect(result.counts.event_entries!.skipped).toBe(4)
      const masters = (yield* entriesOf("golf", "svc_golf_401703504")).rows
      expect(masters.find((e) => e.position === 1)?.participant_name).toBe("Rory McIlroy")
      expect(masters.some((e) => e.participant_name === "Nobody Real")).toBe(false)
    })).pipe(Effect.provide(TestLayer)))

  it.effect("f1: a bad position or time is reported with file and line; pit-lane starts are kept", () =>
    Effect.scoped(Effect.gen(function*() {
      const dir = yield* fixtureCopy("f1")
      const results = join(dir, "f1db", "race_results.csv")
      appendRows(results, [
        "2023,01-bahrain,first,99,nobody,haas,ferrari,pirelli,57,1:40:00.000,,,,,0,20,",
        "2023,01-bahrain,21,99,nobody,haas,ferrari,pirelli,57,an hour,,,,,0,20,",
        "2023,99-nowhere,21,99,nobody,haas,ferrari,pirelli,57,,,,,,0,20,"
      ])
      const result = yield* F1Ingest.ingestF1(dir)
      const n = 463 // header + 462 rows of the cut
      expect(result.skipped).toEqual([
        { file: results, line: n + 1, reason: expect.stringContaining("position") },
        { file: results, line: n + 2, reason: expect.stringContaining("time is not a time") },
        { file: results, line: n + 3, reason: expect.stringContaining("not in races.csv") },
        // the real file lists Bottas twice in the 2023 British GP qualifying
        {
          file: join(dir, "f1db", "qualifying_results.csv"),
          line: 202,
          reason: "driver valtteri-bottas is listed twice in svc_f1_1089_qualifying"
        }
      ])
      // grid "PL" (a pit-lane start) is kept: no grid place, pit_lane_start 1
      const all = (yield* Effect.flatMap(EventReader, (r) => r.entries({ sport: "f1", limit: 10_000, offset: 0 }))).rows
      expect(all.some((e) => e.stats["pit_lane_start"] === 1 && e.stats["grid"] === null)).toBe(true)
    })).pipe(Effect.provide(TestLayer)))

  it.effect("nascar: drivers keyed by name; a race without a number is reported", () =>
    Effect.scoped(Effect.gen(function*() {
      const dir = yield* fixtureCopy("nascar")
      const cup = join(dir, "nascar_data_kylegrealis", "cup_series_2022_2025.csv")
      appendRows(cup, [`2024,,"Nowhere","NO RACE",1,"paved",1,1,"1","Nobody","Ford",1,1,0,"running","T",,,1,0,`])
      const result = yield* NascarIngest.ingestNascar(dir)
      expect(result.skipped).toEqual([{ file: cup, line: 1357 + 1, reason: expect.stringContaining("Race") }])
      const daytona = (yield* entriesOf("nascar", "svc_nascar_cup-2024-01")).rows
      expect(daytona.find((e) => e.position === 1)).toMatchObject({
        participant_id: "svc_nascar_william-byron",
        participant_name: "William Byron",
        team: "Hendrick Motorsports"
      })
    })).pipe(Effect.provide(TestLayer)))
})

describe("golf and f1 rules", () => {
  it("golf placings: ties share a place, a playoff loser is second, short cards are cut or withdrawn", () => {
    const cards = [
      { score: -11, rounds: 4, order: 1 },
      { score: -11, rounds: 4, order: 2 },
      { score: -9, rounds: 4, order: 3 },
      { score: -7, rounds: 4, order: 4 },
      { score: -7, rounds: 4, order: 5 },
      ...Array.from({ length: 5 }, (_, i) => ({ score: 3 + i, rounds: 2, order: 6 + i })),
      { score: 2, rounds: 1, order: 11 },
      { score: null, rounds: 0, order: 12 }
    ]
    expect(Golf.placings(cards).map((p) => `${p.status}:${p.position}`)).toEqual([
      "finished:1",
      "finished:2",
      "finished:3",
      "finished:4",
      "finished:4",
      ...Array.from({ length: 5 }, () => "cut:null"),
      "withdrawn:null",
      "withdrawn:null"
    ])
    // THE PLAYERS 2025: McIlroy beat Spaun in a playoff the source counted in both scores
    const players = [
      { score: -11, rounds: 4, order: 1, playoff: true },
      { score: -9, rounds: 4, order: 2, playoff: true },
      { score: -10, rounds: 4, order: 3 },
      { score: -10, rounds: 4, order: 4 },
      { score: -9, rounds: 4, order: 5 }
    ]
    expect(Golf.placings(players).map((p) => p.position)).toEqual([1, 2, 3, 3, 5])
    // a multi-course event (finishers' par 282 = 70.5 a round), a part-played round, a card
    // with two playoff holes (par 8) counted in
    expect(Golf.roundsPlayed([282, 282, 141, 142, 142, 177, 290, null])).toEqual({
      rounds: [4, 4, 2, 2, 2, 2.49, 4, null],
      extra: [0, 0, 0, 0, 0, null, 8, null],
      par: 70.5
    })
    expect(Golf.toParLabel(0)).toBe("E")
    expect(Golf.parseToPar("+3")).toBe(3)
  })

  it("f1 regulation points: 2023 fastest lap inside the top ten, none from 2025; sprints 8 to 1", () => {
    expect(F1.regulationPoints(2023, "race", 1, true)).toBe(26)
    expect(F1.regulationPoints(2023, "race", 11, true)).toBe(0)
    expect(F1.regulationPoints(2025, "race", 1, true)).toBe(25)
    expect(F1.regulationPoints(2024, "sprint", 8, false)).toBe(1)
    expect(F1.regulationPoints(2021, "race", 1, false)).toBeUndefined()
    expect(F1.formatDuration(F1.parseDuration("1:37:33.584")!)).toBe("1:37:33.584")
    expect(F1.formatDuration(F1.parseDuration("1:31.071")!)).toBe("1:31.071")
  })
})

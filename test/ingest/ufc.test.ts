/**
 * UFC ingestion on a fixture cut from the real files (test/fixtures/ufc: every bout of Jon Jones
 * and of the two Bruno Silvas, their cards, the two newest cards, and the fighters named), into
 * the memory store: cards and their bouts, each fighter's entry per bout, bout names resolved to
 * the fighter directory (namesakes by weight class, the rest reported), idempotence and
 * malformed rows reported with file and line.
 */
import { describe, expect, it } from "@effect/vitest"
import { AthleteReader, EventReader, Ufc as UfcRules } from "@sports-data/domain"
import { Ufc } from "@sports-data/ingest"
import { Effect, Option } from "effect"
import { join } from "node:path"
import { appendRows, expectNothingChanged, fixtureCopy, fixtureDir, lineCount, TestLayer } from "./helpers.js"

const fixture = fixtureDir("ufc")
const page = { limit: 10_000, offset: 0 }
const entriesOf = (participant_id: string) =>
  Effect.flatMap(
    EventReader,
    (e) => e.entries({ sport: "ufc", participant_id, ...page }).pipe(Effect.map((p) => p.rows))
  )

const JONES = "svc_ufc_07f72a2a7591b409"
const SILVA_FLY = "svc_ufc_294aa73dbf37d281"
const SILVA_MIDDLE = "svc_ufc_12ebd7d157e91701"

describe("ufc ingestion", () => {
  it.effect("cards with their bouts; one entry per fighter per bout; the tale of the tape", () =>
    Effect.gen(function*() {
      const result = yield* Ufc.ingestUfc(fixture)
      expect(result.skipped).toEqual([])
      const cards = yield* Effect.flatMap(EventReader, (e) => e.events({ sport: "ufc", order: "desc", ...page }))
      const events = join(fixture, "greco1899_ufc_stats", "ufc_event_details.csv")
      const fights = join(fixture, "greco1899_ufc_stats", "ufc_fight_results.csv")
      expect(cards.total).toBe(lineCount(events) - 1)
      expect(result.counts.event_entries?.inserted).toBe(2 * (lineCount(fights) - 1))
      // the two newest cards of the source have no results yet
      expect(cards.rows.slice(0, 2).map((c) => c.state)).toEqual(["scheduled", "scheduled"])
      const ufc309 = cards.rows.find((c) => c.name === "UFC 309: Jones vs. Miocic")!
      expect(ufc309).toMatchObject({ start_date: "2024-11-16", state: "final", venue: "New York City, New York, USA" })
      expect(ufc309.attributes["fights"]).toContainEqual(expect.objectContaining({
        weight_class: "Heavyweight",
        title_fight: true,
        method: "KO/TKO",
        round: 3,
        time: "4:29",
        fighters: [
          { id: JONES, name: "Jon Jones", result: "win" },
          { id: "svc_ufc_d28dee5c705991df", name: "Stipe Miocic", result: "loss" }
        ]
      }))
      const jones = Option.getOrThrow(yield* Effect.flatMap(AthleteReader, (a) => a.get(JONES)))
      expect(jones).toMatchObject({
        name: "Jon Jones",
        birth_date: "1987-07-19",
        attributes: expect.objectContaining({ nickname: "Bones", height_in: 76, reach_in: 84, stance: "Orthodox" })
      })
      expect((yield* entriesOf(JONES)).length).toBe(24)
    }).pipe(Effect.provide(TestLayer)))

  it.effect("namesakes are told apart by weight class; a bout neither fits stays unresolved, never guessed", () =>
    Effect.gen(function*() {
      yield* Ufc.ingestUfc(fixture)
      const fly = yield* entriesOf(SILVA_FLY)
      const middle = yield* entriesOf(SILVA_MIDDLE)
      const unresolved = yield* entriesOf(UfcRules.unresolvedFighterId("Bruno Silva"))
      expect(fly.length).toBe(11)
      expect(middle.length).toBe(11)
      expect(unresolved.map((e) => e.status)).toEqual(["no_contest"]) // the bantamweight bout with Khalid Taha
    }).pipe(Effect.provide(TestLayer)))

  it.effect("a re-run over the same files reports every row unchanged", () =>
    Effect.gen(function*() {
      const first = yield* Ufc.ingestUfc(fixture)
      const second = yield* Ufc.ingestUfc(fixture)
      expectNothingChanged(first, second)
    }).pipe(Effect.provide(TestLayer)))

  it.scoped("malformed rows are reported with file and line and skipped", () =>
    Effect.gen(function*() {
      const dir = yield* fixtureCopy("ufc")
      const fights = join(dir, "greco1899_ufc_stats", "ufc_fight_results.csv")
      const events = join(dir, "greco1899_ufc_stats", "ufc_event_details.csv")
      appendRows(fights, [
        "UFC 309: Jones vs. Miocic,Jon Jones vs. Nobody,X/Y,Heavyweight Bout,KO/TKO,1,1:00,3 Rnd (5-5-5),Herb Dean,,http://ufcstats.com/fight-details/00000000000000aa",
        "UFC 309: Jones vs. Miocic,Jon Jones and Nobody,W/L,Heavyweight Bout,KO/TKO,1,1:00,3 Rnd (5-5-5),Herb Dean,,http://ufcstats.com/fight-details/00000000000000bb"
      ])
      appendRows(events, ["UFC 999,http://ufcstats.com/event-details/00000000000000cc,Someday 2026,Nowhere"])
      const last = lineCount(fights)
      const result = yield* Ufc.ingestUfc(dir)
      expect(result.skipped).toEqual([
        { file: events, line: lineCount(events), reason: expect.stringContaining("DATE") },
        { file: fights, line: last - 1, reason: expect.stringContaining("OUTCOME") },
        { file: fights, line: last, reason: expect.stringContaining("BOUT") }
      ])
      expect((yield* entriesOf(JONES)).length).toBe(24)
    }).pipe(Effect.provide(TestLayer)))
})

/**
 * Contract of the bulk export port (ExportReader): walking a sport's rows page by page from a
 * null cursor returns every row of that sport exactly once, in key order, each page at most the
 * limit, the last page's cursor null; other sports' rows never appear. One suite, run on memory,
 * PGlite and (with TEST_DATABASE_URL) PostgreSQL, over the shared contract fixtures and the
 * signals the nba ingest derives from its fixture cut.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import {
  type Athlete,
  type ExportKind,
  type ExportPage,
  ExportReader,
  type SportKey,
  SportsWriter
} from "@sports-data/domain"
import { Effect } from "effect"
import { storeLayers } from "../harness/stores.js"
import { ingestedSignals } from "../ingest/helpers.js"
import * as F from "./fixtures.js"

const entries = await storeLayers()
const signals = await Effect.runPromise(ingestedSignals("nba"))

const athlete = (id: string, sport: Athlete["sport"], name: string): Athlete => ({
  id,
  sport,
  league: sport === "tennis" ? "atp" : sport,
  name,
  first_name: null,
  last_name: null,
  country: null,
  birth_date: null,
  attributes: {}
})

/** A few athletes of three event sports (the shared fixtures have events and entries, no athletes). */
const athletes: ReadonlyArray<Athlete> = [
  athlete("svc_tennis_atp-207989", "tennis", "Carlos Alcaraz"),
  athlete("svc_tennis_atp-206173", "tennis", "Jannik Sinner"),
  athlete("svc_tennis_atp-104925", "tennis", "Novak Djokovic"),
  athlete(F.scheffler, "golf", "Scottie Scheffler"),
  athlete(F.mcilroy, "golf", "Rory McIlroy"),
  athlete("svc_ufc_07f72a2a7591b409", "ufc", "Jon Jones")
]

/** Every page of `kind` of `sport` at `limit` rows a page: the pages' sizes and the rows' keys. */
const walk = (kind: ExportKind, sport: SportKey, limit: number) =>
  Effect.gen(function*() {
    const reader = yield* ExportReader
    const sizes: Array<number> = []
    const keys: Array<string> = []
    let after: string | null = null
    for (let i = 0; i < 1000; i++) {
      const page: ExportPage<ExportKind> = yield* reader.page(kind, sport, after, limit)
      sizes.push(page.rows.length)
      for (const row of page.rows) {
        keys.push(kind === "teams" ? (row as { abbr: string }).abbr : String((row as { id: string | number }).id))
      }
      if (page.next === null) break
      after = page.next
    }
    return { sizes, keys }
  })

const expected = (kind: ExportKind, sport: SportKey): ReadonlyArray<string> => {
  switch (kind) {
    case "players":
      return F.players.filter((p) => p.sport === sport).map((p) => p.id)
    case "teams":
      return F.teams.filter((t) => t.sport === sport).map((t) => t.abbr)
    case "games":
      return F.games.filter((g) => g.sport === sport).map((g) => g.id)
    case "stat_lines":
      return F.statLines.filter((l) => l.sport === sport).map((l) => l.id)
    case "signals":
      return signals.filter((s) => s.sport === sport).map((s) => String(s.id))
    case "events":
      return F.events.filter((e) => e.sport === sport).map((e) => e.id)
    case "entries":
      return F.eventEntries.filter((e) => e.sport === sport).map((e) => e.id)
    case "athletes":
      return athletes.filter((a) => a.sport === sport).map((a) => a.id)
  }
}

describe("bulk export contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("a walk by pages of 2 returns every row of the sport once, in key order", () =>
        Effect.gen(function*() {
          const writer = yield* SportsWriter
          yield* writer.upsertPlayers(F.players)
          yield* writer.upsertTeams(F.teams)
          yield* writer.upsertGames(F.games)
          yield* writer.upsertStatLines(F.statLines)
          yield* writer.upsertSignals(signals)
          for (const sport of ["nfl", "nba", "mlb"] as const) {
            for (const kind of ["players", "teams", "games", "stat_lines", "signals"] as const) {
              const want = expected(kind, sport)
              const { keys, sizes } = yield* walk(kind, sport, 2)
              expect([...keys].sort(), `${label} ${sport} ${kind}`).toEqual([...want].sort())
              expect(new Set(keys).size).toBe(keys.length)
              expect(sizes.every((n) => n <= 2)).toBe(true)
              if (kind === "signals") {
                expect(keys.map(Number)).toEqual(keys.map(Number).sort((a, b) => a - b))
              }
            }
          }
          expect(expected("signals", "nba").length).toBeGreaterThan(2)
          expect(expected("stat_lines", "nfl").length).toBeGreaterThan(2)
        }))

      it.effect("event sports: events, entries and athletes by pages of 2, each row once; no team-sport rows", () =>
        Effect.gen(function*() {
          const writer = yield* SportsWriter
          yield* writer.upsertGames(F.games)
          yield* writer.upsertEvents(F.events)
          yield* writer.upsertEventEntries(F.eventEntries)
          yield* writer.upsertAthletes(athletes)
          for (const sport of ["golf", "tennis", "ufc", "f1"] as const) {
            for (const kind of ["events", "entries", "athletes"] as const) {
              const want = expected(kind, sport)
              const { keys, sizes } = yield* walk(kind, sport, 2)
              expect([...keys].sort(), `${label} ${sport} ${kind}`).toEqual([...want].sort())
              expect(new Set(keys).size).toBe(keys.length)
              expect(sizes.every((n) => n <= 2)).toBe(true)
            }
            expect((yield* walk("games", sport, 2)).keys).toEqual([])
          }
          // a team sport has no event rows
          expect((yield* walk("events", "nfl", 2)).keys).toEqual([])
          expect(expected("entries", "golf").length).toBeGreaterThan(2)
          expect(expected("events", "golf").length).toBeGreaterThan(2)
          expect(expected("athletes", "tennis").length).toBeGreaterThan(2)
        }))
    })
  }
})

/**
 * `GET /v1/bulk/export` of the event sports end to end, over the tennis, golf, ufc, f1 and nascar
 * fixtures (test/fixtures) read by the real ingest adapters: per sport, as many `events` lines as
 * `/v1/data/status` counts games, as many `entries` lines as it counts stat_lines, the entries'
 * distinct participants and teams as many as its players and teams, and as many `athletes` lines
 * as the athlete directory holds; every line of the sport, each row once. Jon Jones's 24 UFC
 * fights (his record, checked against the ufcstats cut in tennis-ufc.test.ts) are 24 entries. A
 * team-sport kind for an event sport, or an event kind for a team sport, is 400 naming the kinds.
 */
import { expect, layer } from "@effect/vitest"
import { AthleteReader } from "@sports-data/domain"
import { Effect } from "effect"
import { countBy, expectError, fixturesLayer, get, ndjsonLines, ok } from "./fixtures.js"
import { Harness } from "./harness.js"

const SPORTS = ["tennis", "golf", "ufc", "f1", "nascar"] as const
const JONES = "svc_ufc_07f72a2a7591b409"

/** The NDJSON body of `path` (syndicate_alpha key): its status and parsed lines. */
const ndjson = (path: string) => Effect.map(get(path), (res) => ({ status: res.status, lines: ndjsonLines(res.text) }))

layer(fixturesLayer(SPORTS), { timeout: 120_000 })("GET /v1/bulk/export (event sports)", (it) => {
  for (const sport of SPORTS) {
    it.effect(`${sport}: events, entries and athletes, as many as /v1/data/status and the directory hold`, () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const status = (yield* ok("/v1/data/status")).data.find((r: any) => r.sport === sport)
        const { lines, status: code } = yield* ndjson(`/v1/bulk/export?sport=${sport}`)
        expect(code).toBe(200)
        const directory = yield* Effect.flatMap(AthleteReader, (r) => r.find({ sport, limit: 1, offset: 0 })).pipe(
          Effect.provide(h.stores)
        )
        // the tennis and ufc cuts have a directory (golf, f1 and nascar sources have none)
        if (sport === "tennis" || sport === "ufc") expect(directory.total).toBeGreaterThan(0)
        expect(status.games).toBeGreaterThan(0)
        expect(status.stat_lines).toBeGreaterThan(0)
        expect(countBy(lines)).toEqual({
          events: status.games,
          entries: status.stat_lines,
          ...(directory.total > 0 ? { athletes: directory.total } : {})
        })
        const entries = lines.filter((l) => l.type === "entries").map((l) => l.data)
        expect(new Set(entries.map((e) => e.participant_id)).size).toBe(status.players)
        expect(new Set(entries.flatMap((e) => e.team === null ? [] : [e.team])).size).toBe(status.teams)
        // kinds in order, each row once, every row of the sport, every entry's event exported
        const kinds = lines.map((l) => l.type)
        expect([...new Set(kinds)]).toEqual(["events", "entries", "athletes"].filter((k) => kinds.includes(k)))
        for (const kind of ["events", "entries", "athletes"]) {
          const ids = lines.filter((l) => l.type === kind).map((l) => l.data.id)
          expect(new Set(ids).size, kind).toBe(ids.length)
        }
        expect(lines.every((l) => l.data.sport === sport)).toBe(true)
        const eventIds = new Set(lines.filter((l) => l.type === "events").map((l) => l.data.id))
        expect(entries.every((e) => eventIds.has(e.event_id))).toBe(true)
      }))
  }

  it.effect("Jon Jones's 24 UFC fights are 24 entries; include picks kinds (any case)", () =>
    Effect.gen(function*() {
      const { lines } = yield* ndjson("/v1/bulk/export?sport=UFC&include=Entries,%20athletes,entries")
      expect(new Set(lines.map((l) => l.type))).toEqual(new Set(["entries", "athletes"]))
      expect(lines.filter((l) => l.type === "entries" && l.data.participant_id === JONES)).toHaveLength(24)
      expect(lines.filter((l) => l.type === "athletes" && l.data.id === JONES).map((l) => l.data.name)).toEqual([
        "Jon Jones"
      ])
    }))

  it.effect("a kind the sport does not have is 400 naming the sport's kinds", () =>
    Effect.gen(function*() {
      const golf = yield* get("/v1/bulk/export?sport=golf&include=events,stat_lines")
      expectError(golf, 400, "INVALID_PARAMETER", "include")
      expect(golf.body.reason).toContain("events, entries, athletes")
      const nfl = yield* get("/v1/bulk/export?sport=nfl&include=entries")
      expectError(nfl, 400, "INVALID_PARAMETER", "include")
      expect(nfl.body.reason).toContain("players, teams, games, stat_lines, signals")
      expectError(yield* get("/v1/bulk/export?sport=curling"), 400, "INVALID_PARAMETER", "sport")
    }))
})

/**
 * Contract of signal storage (SportsWriter.upsertSignals, SignalReader, ServiceEventReader): each
 * new signal writes its events with it; the same signals again write nothing (no duplicate
 * signal, no duplicate event); a changed signal is updated in place without a new event; every
 * filter and both orders; a game whose score or state changes writes game.score_updated. One suite, run on memory, PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL. The signals are built by the nba status-history rule from the fixture cut
 * (test/fixtures/nba), so they are real rows, not hand-written ones.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import {
  type Paged,
  ServiceEventReader,
  type SignalNameCount,
  type SignalQuery,
  SignalReader,
  SportsWriter,
  type StoredSignal
} from "@sports-data/domain"
import { Effect } from "effect"
import { storeLayers } from "../harness/stores.js"
import { ingestedSignals } from "../ingest/helpers.js"
import * as F from "./fixtures.js"

const entries = await storeLayers()
/** The signals the nba ingest derives from the fixture's status history, read back from a memory store. */
const signals = await Effect.runPromise(ingestedSignals("nba"))

const Ports = Effect.all({ writer: SportsWriter, reader: SignalReader, events: ServiceEventReader })
const all = { order: "severity" as const, limit: 1000, offset: 0 }
const ids = (p: Paged<StoredSignal>) => p.rows.map((s) => s.id)

describe("signal storage contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("new signals write their events in order; the same signals again write no signal and no event", () =>
        Effect.gen(function*() {
          const { events, reader, writer } = yield* Ports
          expect(signals.length).toBeGreaterThan(3)
          const first = yield* writer.upsertSignals(signals)
          expect(first).toEqual({ inserted: signals.length, updated: 0, unchanged: 0 })
          const written = yield* events.after(0, 10_000)
          const injuredExpected = signals.filter((s) =>
            (s.signal_type === "injury_update" || s.signal_type === "ir_placement") && s.severity !== "low"
          ).length
          expect(written.filter((e) =>
            e.name === "signal.created"
          )).toHaveLength(signals.length)
          expect(written.filter((e) => e.name === "player.injured")).toHaveLength(injuredExpected)
          // ids increase monotonically; each player.injured follows its signal.created
          expect(written.map((e) => e.id)).toEqual([...written.map((e) => e.id)].sort((a, b) => a - b))
          const injured = written.find((e) => e.name === "player.injured")!
          // the specification's payload, and the canonical ids (docs/vocabulary.md)
          expect(Object.keys(injured.payload).sort()).toEqual([
            "player",
            "player_id",
            "player_name",
            "severity",
            "signal_type",
            "sport",
            "team",
            "team_abbr",
            "team_id"
          ])
          expect(written[written.indexOf(injured) - 1]!.name).toBe("signal.created")

          const again = yield* writer.upsertSignals(signals)
          expect(again).toEqual({ inserted: 0, updated: 0, unchanged: signals.length })
          expect(yield* events.after(0, 10_000)).toHaveLength(written.length)
          expect((yield* reader.find(all)).total).toBe(signals.length)

          // a changed signal is updated in place, without an event
          const changed = { ...signals[0]!, summary: `${signals[0]!.summary} (updated)` }
          expect(yield* writer.upsertSignals([changed])).toEqual({ inserted: 0, updated: 1, unchanged: 0 })
          expect(yield* events.after(0, 10_000)).toHaveLength(written.length)
          const back = (yield* reader.find({ ...all, player_id: changed.player_id ?? undefined })).rows
          expect(back.find((s) => s.id === changed.id)?.summary).toBe(changed.summary)
          yield* writer.upsertSignals([signals[0]!])
          // events after an id
          const tail = yield* events.after(written[1]!.id, 2)
          expect(tail.map((e) => e.id)).toEqual([written[2]!.id, written[3]!.id])
        }))

      it.effect("rows read back as written; severity order then newest first; every filter", () =>
        Effect.gen(function*() {
          const { reader, writer } = yield* Ports
          yield* writer.upsertSignals(signals)
          const bySev = yield* reader.find(all)
          const rank = { high: 0, medium: 1, low: 2 } as const
          const expected = [...signals].sort((a, b) =>
            rank[a.severity] - rank[b.severity] || b.effective_at.getTime() - a.effective_at.getTime() || a.id - b.id
          )
          expect(ids(bySev)).toEqual(expected.map((s) => s.id))
          const one = bySev.rows.find((s) => s.id === expected[0]!.id)!
          expect(one).toEqual(expected[0])
          const recent = yield* reader.find({ ...all, order: "recent" })
          expect(recent.rows.map((s) => s.effective_at.getTime())).toEqual(
            [...signals].map((s) => s.effective_at.getTime()).sort((a, b) => b - a)
          )
          const sample = signals[0]!
          const count = (f: (s: StoredSignal) => boolean) => signals.filter(f).length
          expect((yield* reader.find({ ...all, severities: ["high", "medium"] })).total)
            .toBe(count((s) => s.severity !== "low"))
          expect((yield* reader.find({ ...all, types: ["return_from_injury"] })).total)
            .toBe(count((s) => s.signal_type === "return_from_injury"))
          expect((yield* reader.find({ ...all, team: sample.team.toLowerCase() })).total)
            .toBe(count((s) => s.team === sample.team))
          const part = sample.player_name.slice(1, 5).toUpperCase()
          expect((yield* reader.find({ ...all, player: part })).total)
            .toBe(count((s) => s.player_name.toUpperCase().includes(part)))
          expect((yield* reader.find({ ...all, since: sample.effective_at })).total)
            .toBe(count((s) => s.effective_at >= sample.effective_at))
          expect((yield* reader.find({ ...all, sports: ["nfl"] })).total).toBe(0)
          const paged = yield* reader.find({ ...all, limit: 2, offset: 1 })
          expect(paged.total).toBe(signals.length)
          expect(ids(paged)).toEqual(expected.slice(1, 3).map((s) => s.id))
          const newest = new Date(Math.max(...signals.map((s) => s.effective_at.getTime())))
          expect(yield* reader.lastUpdate).toEqual([{ sport: "nba", at: newest }])
        }))

      it.effect("name counts: the matching signals counted per player name and type, by each's newest", () =>
        Effect.gen(function*() {
          const { reader, writer } = yield* Ports
          yield* writer.upsertSignals(signals)
          /** The reference: every matching signal read in the recent order and counted here. */
          const reference = (filter: Omit<SignalQuery, "order" | "limit" | "offset">) =>
            Effect.map(reader.find({ ...filter, order: "recent", limit: 10_000, offset: 0 }), (page) => {
              const out = new Map<string, SignalNameCount>()
              page.rows.forEach((s, first) => {
                const key = `${s.player_name}\u0000${s.signal_type}`
                const c = out.get(key)
                out.set(
                  key,
                  c === undefined
                    ? {
                      player_name: s.player_name,
                      signal_type: s.signal_type,
                      count: 1,
                      newest: s.effective_at,
                      first
                    }
                    : { ...c, count: c.count + 1 }
                )
              })
              return [...out.values()]
            })
          const sample = signals[Math.floor(signals.length / 2)]!
          const filters = [
            {},
            { sports: ["nba" as const] },
            { since: sample.effective_at },
            { types: ["injury_update" as const, "return_from_injury" as const], since: sample.effective_at },
            { severities: ["high" as const], team: sample.team.toLowerCase() }
          ]
          for (const filter of filters) {
            const counts = yield* reader.nameCounts(filter)
            expect(counts, JSON.stringify(filter)).toEqual(yield* reference(filter))
          }
          const every = yield* reader.nameCounts({})
          expect(every.reduce((n, c) => n + c.count, 0)).toBe(signals.length)
          expect(new Set(every.map((c) => `${c.player_name}/${c.signal_type}`)).size).toBe(every.length)
          expect(every.length).toBeLessThan(signals.length)
          expect(yield* reader.nameCounts({ sports: ["nfl"] })).toEqual([])
        }))

      it.effect("totals by sport, type and severity follow a signal that changes kind; rows alone equal find's rows", () =>
        Effect.gen(function*() {
          const { reader, writer } = yield* Ports
          yield* writer.upsertSignals(signals)
          const first = signals[0]!
          const moved: StoredSignal = {
            ...first,
            severity: first.severity === "high" ? "low" : "high",
            signal_type: first.signal_type === "return_from_injury" ? "injury_update" : "return_from_injury"
          }
          yield* writer.upsertSignals([moved])
          const now = signals.map((s) => (s.id === moved.id ? moved : s))
          const queries: ReadonlyArray<Pick<SignalQuery, "sports" | "types" | "severities">> = [
            {},
            { sports: ["nba"] },
            { sports: ["nfl"] },
            { severities: [moved.severity] },
            { severities: [first.severity] },
            { types: [moved.signal_type] },
            { types: [first.signal_type], severities: ["high", "medium"] },
            { sports: ["nba"], types: [moved.signal_type], severities: [moved.severity] }
          ]
          for (const q of queries) {
            const expected = now.filter((s) =>
              (q.sports === undefined || q.sports.includes(s.sport)) &&
              (q.types === undefined || q.types.includes(s.signal_type)) &&
              (q.severities === undefined || q.severities.includes(s.severity))
            )
            expect((yield* reader.find({ ...all, ...q })).total).toBe(expected.length)
          }
          for (
            const q of [
              all,
              { ...all, order: "recent" as const },
              { ...all, team: first.team },
              { ...all, types: [moved.signal_type] }
            ]
          ) {
            const found = (yield* reader.find({ ...q, limit: 3, offset: 0 })).rows
            expect(yield* reader.rows({ ...q, limit: 3 })).toEqual(found)
            expect(yield* reader.rows({ ...q, limit: undefined })).toEqual((yield* reader.find(q)).rows)
          }
          expect(yield* reader.rows({ ...all, limit: 0 })).toEqual([])
          yield* writer.upsertSignals([first])
          expect((yield* reader.find({ ...all, severities: [moved.severity] })).total)
            .toBe(signals.filter((s) => s.severity === moved.severity).length)
        }))

      it.effect("a game whose score or state changes writes game.score_updated; a new or unchanged game none", () =>
        Effect.gen(function*() {
          const { events, writer } = yield* Ports
          const count = Effect.map(events.after(0, 100_000), (e) => e.length)
          const before = yield* count
          const final = F.games[0]!
          const scheduled = { ...final, state: "scheduled", home_score: null, away_score: null }
          yield* writer.upsertGames([scheduled])
          yield* writer.upsertGames([scheduled])
          expect(yield* count).toBe(before)
          // a venue change is no score update
          yield* writer.upsertGames([{ ...scheduled, venue: "Arrowhead" }])
          expect(yield* count).toBe(before)
          yield* writer.upsertGames([final])
          const written = (yield* events.after(0, 100_000)).slice(before)
          expect(written.map((e) => [e.name, e.sport, e.payload])).toEqual([[
            "game.score_updated",
            "nfl",
            {
              game_id: final.id,
              home_team: final.home_team,
              away_team: final.away_team,
              home_score: final.home_score,
              away_score: final.away_score,
              status: final.state
            }
          ]])
          yield* writer.upsertGames([final])
          expect(yield* count).toBe(before + 1)
        }))
    })
  }
})

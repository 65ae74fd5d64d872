/**
 * Contract of the athlete directory port (AthleteReader) and its writer upserts, on every adapter
 * (memory, PGlite, PostgreSQL when available): idempotent upserts, get, find by search, whole
 * name, league and ids with paging and order, ranking lists by date and athlete, ranking dates,
 * and the data version.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { type Athlete, type AthleteRanking, AthleteReader, CatalogReader, SportsWriter } from "@sports-data/domain"
import { Effect, Option } from "effect"
import { storeLayers } from "../harness/stores.js"

const entries = await storeLayers()

const athlete = (id: string, name: string, extra: Partial<Athlete> = {}): Athlete => ({
  id,
  sport: "tennis",
  league: "atp",
  name,
  first_name: null,
  last_name: null,
  country: null,
  birth_date: null,
  attributes: {},
  ...extra
})

const athletes: ReadonlyArray<Athlete> = [
  athlete("svc_tennis_atp-207989", "Carlos Alcaraz", {
    first_name: "Carlos",
    last_name: "Alcaraz",
    country: "ESP",
    birth_date: "2003-05-05",
    attributes: { hand: "R", height_cm: 183, linked_by: null }
  }),
  athlete("svc_tennis_atp-206173", "Jannik Sinner", { country: "ITA" }),
  athlete("svc_tennis_atp-104925", "Novak Djokovic", { country: "SRB" }),
  athlete("svc_tennis_atp-n-nakashima-b", "Nakashima B."),
  athlete("svc_tennis_wta-216347", "Iga Świątek", { league: "wta", country: "POL" }),
  athlete("svc_ufc_07f72a2a7591b409", "Jon Jones", { sport: "ufc", league: "ufc", attributes: { nickname: "Bones" } })
]

const ranking = (
  league: string,
  date: string,
  rank: number,
  athlete_id: string,
  points: number | null
): AthleteRanking => ({
  id: `${league}:${date}:${rank}:${athlete_id}`,
  sport: "tennis",
  league,
  ranking_date: date,
  rank,
  athlete_id,
  points
})

const rankings: ReadonlyArray<AthleteRanking> = [
  ranking("atp", "2024-01-01", 1, "svc_tennis_atp-104925", 11245),
  ranking("atp", "2024-01-01", 2, "svc_tennis_atp-207989", 8855),
  ranking("atp", "2024-01-01", 4, "svc_tennis_atp-206173", 6490),
  ranking("atp", "2026-02-22", 1, "svc_tennis_atp-207989", 13150),
  ranking("atp", "2026-02-22", 2, "svc_tennis_atp-206173", 10300),
  ranking("atp", "2026-02-22", 3, "svc_tennis_atp-104925", null),
  ranking("wta", "2024-01-01", 1, "svc_tennis_wta-216347", 9505)
]

const seed = Effect.gen(function*() {
  const writer = yield* SportsWriter
  return {
    athletes: yield* writer.upsertAthletes(athletes),
    rankings: yield* writer.upsertAthleteRankings(rankings)
  }
})

const page = { limit: 50, offset: 0 }
const names = (rows: ReadonlyArray<Athlete>) => rows.map((a) => a.name)

describe("athlete directory contract (AthleteReader and the writer)", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("the first upsert inserts every row; the same rows again are unchanged; a change updates in place", () =>
        Effect.gen(function*() {
          const first = yield* seed
          expect(first.athletes).toEqual({ inserted: athletes.length, updated: 0, unchanged: 0 })
          expect(first.rankings).toEqual({ inserted: rankings.length, updated: 0, unchanged: 0 })
          const second = yield* seed
          expect(second.athletes).toEqual({ inserted: 0, updated: 0, unchanged: athletes.length })
          expect(second.rankings).toEqual({ inserted: 0, updated: 0, unchanged: rankings.length })
          const writer = yield* SportsWriter
          const changed = { ...athletes[1]!, birth_date: "2001-08-16" }
          expect(yield* writer.upsertAthletes([changed])).toEqual({ inserted: 0, updated: 1, unchanged: 0 })
          expect(yield* writer.upsertAthletes([athletes[1]!])).toEqual({ inserted: 0, updated: 1, unchanged: 0 })
        }))

      it.effect("rows read back equal the rows written; get of an unknown id is none", () =>
        Effect.gen(function*() {
          yield* seed
          const reader = yield* AthleteReader
          for (const a of athletes) expect(yield* reader.get(a.id)).toEqual(Option.some(a))
          expect(yield* reader.get("svc_tennis_atp-0")).toEqual(Option.none())
          const list = yield* reader.rankings({ sport: "tennis", league: "atp", date: "2026-02-22", ...page })
          expect(list.rows).toEqual(rankings.filter((r) => r.ranking_date === "2026-02-22"))
        }))

      it.effect("find: sport, league, search (accents and case ignored), whole name, ids; ordered by name; paged", () =>
        Effect.gen(function*() {
          yield* seed
          const reader = yield* AthleteReader
          const all = yield* reader.find({ sport: "tennis", ...page })
          expect(names(all.rows)).toEqual([
            "Carlos Alcaraz",
            "Iga Świątek",
            "Jannik Sinner",
            "Nakashima B.",
            "Novak Djokovic"
          ])
          expect(all.total).toBe(5)
          expect(names((yield* reader.find({ sport: "tennis", league: "wta", ...page })).rows)).toEqual(["Iga Świątek"])
          expect(names((yield* reader.find({ sport: "tennis", search: "SWIA", ...page })).rows)).toEqual([
            "Iga Świątek"
          ])
          expect(names((yield* reader.find({ sport: "tennis", search: "in", ...page })).rows)).toEqual([
            "Jannik Sinner"
          ])
          expect((yield* reader.find({ sport: "tennis", search: "100%_", ...page })).total).toBe(0)
          expect(names((yield* reader.find({ sport: "tennis", name: "iga swiatek", ...page })).rows)).toEqual([
            "Iga Świątek"
          ])
          expect((yield* reader.find({ sport: "tennis", name: "iga", ...page })).total).toBe(0)
          const byIds = yield* reader.find({
            sport: "tennis",
            ids: ["svc_tennis_atp-104925", "svc_ufc_07f72a2a7591b409"],
            ...page
          })
          expect(names(byIds.rows)).toEqual(["Novak Djokovic"])
          const second = yield* reader.find({ sport: "tennis", limit: 2, offset: 2 })
          expect({ total: second.total, names: names(second.rows) }).toEqual({
            total: 5,
            names: ["Jannik Sinner", "Nakashima B."]
          })
          expect(names((yield* reader.find({ sport: "ufc", search: "jones", ...page })).rows)).toEqual(["Jon Jones"])
        }))

      it.effect("rankings: newest list first then rank; by date, by athlete; dates newest first", () =>
        Effect.gen(function*() {
          yield* seed
          const reader = yield* AthleteReader
          const atp = yield* reader.rankings({ sport: "tennis", league: "atp", ...page })
          expect(atp.rows.map((r) => [r.ranking_date, r.rank])).toEqual([
            ["2026-02-22", 1],
            ["2026-02-22", 2],
            ["2026-02-22", 3],
            ["2024-01-01", 1],
            ["2024-01-01", 2],
            ["2024-01-01", 4]
          ])
          const jan = yield* reader.rankings({
            sport: "tennis",
            league: "atp",
            date: "2024-01-01",
            limit: 2,
            offset: 0
          })
          expect({ total: jan.total, ids: jan.rows.map((r) => r.athlete_id) }).toEqual({
            total: 3,
            ids: ["svc_tennis_atp-104925", "svc_tennis_atp-207989"]
          })
          const sinner = yield* reader.rankings({
            sport: "tennis",
            league: "atp",
            athlete_id: "svc_tennis_atp-206173",
            ...page
          })
          expect(sinner.rows.map((r) => [r.ranking_date, r.rank, r.points])).toEqual([
            ["2026-02-22", 2, 10300],
            ["2024-01-01", 4, 6490]
          ])
          expect((yield* reader.rankings({ sport: "tennis", league: "atp", date: "2024-02-30", ...page })).total).toBe(
            0
          )
          expect(yield* reader.rankingDates("tennis", "atp")).toEqual(["2026-02-22", "2024-01-01"])
          expect(yield* reader.rankingDates("tennis", "wta")).toEqual(["2024-01-01"])
          expect(yield* reader.rankingDates("golf", "pga")).toEqual([])
        }))

      it.effect("a write that inserts or changes an athlete or a ranking moves the data version; an unchanged one does not", () =>
        Effect.gen(function*() {
          yield* seed
          const catalog = yield* CatalogReader
          const writer = yield* SportsWriter
          const before = yield* catalog.dataVersion
          yield* seed
          expect(yield* catalog.dataVersion).toBe(before)
          yield* writer.upsertAthletes([athlete("svc_ufc_n-someone", "Someone", { sport: "ufc", league: "ufc" })])
          const afterAthlete = yield* catalog.dataVersion
          expect(afterAthlete).not.toBe(before)
          yield* writer.upsertAthleteRankings([ranking("wta", "2024-01-08", 1, "svc_tennis_wta-216347", 9500)])
          expect(yield* catalog.dataVersion).not.toBe(afterAthlete)
        }))
    })
  }
})

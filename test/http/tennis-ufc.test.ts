/**
 * Tennis and UFC end to end: the real node server (test/http/harness.ts) over an in-memory store
 * filled by the real ingest adapters from the fixture cuts of test/fixtures/tennis and
 * test/fixtures/ufc, called over a socket. Every endpoint, filter, tier and error path, and two
 * truths: the Alcaraz-Sinner head to head of 2022-2024 counted here from the raw fixture files,
 * and Jon Jones's UFC record (22 wins, 1 loss by disqualification to Matt Hamill in 2009, 1 no
 * contest, the 2017 Cormier rematch overturned).
 */
import { describe, expect, layer } from "@effect/vitest"
import { parse } from "csv-parse/sync"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { expectError, fixturesDir, fixturesLayer, get, ok } from "./fixtures.js"
import { Harness } from "./harness.js"

const TestLayer = fixturesLayer(["tennis", "ufc"])

const ALCARAZ = "svc_tennis_atp-207989"
const SINNER = "svc_tennis_atp-206173"
const JONES = "svc_ufc_07f72a2a7591b409"

/** Alcaraz-Sinner matches of the raw Sackmann fixture files, counted without the service. */
const rawRivalry = () => {
  let alcaraz = 0
  let sinner = 0
  for (const year of [2022, 2023, 2024]) {
    const text = readFileSync(join(fixturesDir, "tennis", "jeffsackmann_tennis_atp", `atp_matches_${year}.csv`), "utf8")
    for (const row of parse(text, { columns: true }) as Array<Record<string, string>>) {
      const pair = [row["winner_id"], row["loser_id"]].sort().join("-")
      if (pair !== "206173-207989") continue
      if (row["winner_id"] === "207989") alcaraz++
      else sinner++
    }
  }
  return { alcaraz, sinner }
}

describe("tennis and ufc endpoints", () => {
  layer(TestLayer, { excludeTestServices: true, timeout: 60_000 })((it) => {
    it.effect("tennis matches: newest first by tour, date precision per source, date, state and limit filters", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const atp = yield* ok("/v1/tennis/matches?limit=200", h.keys.sandbox)
        expect(atp.meta).toMatchObject({ sport: "tennis", league: "atp" })
        const dates = atp.data.map((m: any) => m.date)
        expect(dates).toEqual([...dates].sort().reverse())
        expect(atp.data.every((m: any) => m.tour === "atp")).toBe(true)
        const sackmann = atp.data.filter((m: any) => m.season <= 2024)
        expect(sackmann.length).toBeGreaterThan(0)
        expect(sackmann.every((m: any) => m.date_precision === "tournament_week")).toBe(true)
        expect(atp.data.filter((m: any) => m.season >= 2025).every((m: any) => m.date_precision === "day")).toBe(true)
        // the 2025 Wimbledon final, Sinner d. Alcaraz 4-6 6-4 6-4 6-4, on 13 July 2025
        const day = yield* ok("/v1/tennis/matches?tour=atp&date=2025-07-13")
        expect(day.data).toEqual([expect.objectContaining({
          tournament: "Wimbledon",
          surface: "Grass",
          round: "F",
          winner: expect.objectContaining({ id: SINNER, name: "Jannik Sinner", country: "ITA" }),
          loser: expect.objectContaining({ id: ALCARAZ, name: "Carlos Alcaraz" }),
          score: "4-6 6-4 6-4 6-4",
          outcome: "completed"
        })])
        const wta = yield* ok("/v1/tennis/matches?tour=WTA&limit=3")
        expect(wta.data).toHaveLength(3)
        expect(wta.data.every((m: any) => m.tour === "wta")).toBe(true)
        expect((yield* ok("/v1/tennis/matches?state=final&limit=5")).data).toHaveLength(5)
        const live = yield* ok("/v1/tennis/matches?state=in_progress")
        expect(live.data).toEqual([])
        expect(live.meta.coverage.available).toBe(false)
        expect((yield* ok("/v1/tennis/matches?date=today")).data).toEqual([])
        expectError(yield* get("/v1/tennis/matches?tour=itf"), 400, "INVALID_PARAMETER")
        expectError(yield* get("/v1/tennis/matches?date=2025-02-30"), 400, "INVALID_PARAMETER")
        expectError(yield* get("/v1/tennis/matches?limit=0"), 400, "INVALID_PARAMETER")
      }))

    it.effect("tennis rankings: the latest list by default, a 2024 list by date, limit; growth tier", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        expectError(yield* get("/v1/tennis/rankings", h.keys.build), 403, "TIER_INSUFFICIENT")
        const latest = yield* ok("/v1/tennis/rankings?limit=3", h.keys.growth)
        expect(latest.ranking_date).toBe("2026-02-22")
        expect(latest.data.map((r: any) => [r.rank, r.player_id, r.player_name, r.points])).toEqual([
          [1, ALCARAZ, "Carlos Alcaraz", 13150],
          [2, SINNER, "Jannik Sinner", 10300],
          [3, expect.any(String), expect.any(String), expect.any(Number)]
        ])
        const jan = yield* ok("/v1/tennis/rankings?date=2024-01-01&limit=1", h.keys.growth)
        expect(jan.data).toEqual([expect.objectContaining({ rank: 1, player_name: "Novak Djokovic", points: 11245 })])
        const wta = yield* ok("/v1/tennis/rankings?tour=wta&date=2024-01-01&limit=1", h.keys.growth)
        expect(wta.data[0]).toMatchObject({ rank: 1, player_name: "Iga Swiatek", tour: "wta" })
        const none = yield* ok("/v1/tennis/rankings?date=2024-01-02", h.keys.growth)
        expect({ data: none.data, ranking_date: none.ranking_date }).toEqual({ data: [], ranking_date: null })
        expectError(yield* get("/v1/tennis/rankings?date=yesterday", h.keys.growth), 400, "INVALID_PARAMETER")
      }))

    it.effect("tennis h2h: Alcaraz-Sinner 2022-2024 equals the count from the raw files; by surface; by name or id", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        expectError(
          yield* get("/v1/tennis/players/h2h?player1=alcaraz&player2=sinner", h.keys.starter),
          403,
          "TIER_INSUFFICIENT"
        )
        const body = yield* ok("/v1/tennis/players/h2h?player1=Carlos%20Alcaraz&player2=sinner&limit=100", h.keys.build)
        const h2h = body.data
        expect(h2h.player1).toMatchObject({ id: ALCARAZ, name: "Carlos Alcaraz", hand: "R" })
        expect(h2h.player2.id).toBe(SINNER)
        const raw = rawRivalry()
        const sackmann = h2h.matches.filter((m: any) => m.date_precision === "tournament_week")
        expect(sackmann).toHaveLength(raw.alcaraz + raw.sinner)
        expect(sackmann.filter((m: any) => m.winner.id === ALCARAZ)).toHaveLength(raw.alcaraz)
        expect(sackmann.filter((m: any) => m.winner.id === SINNER)).toHaveLength(raw.sinner)
        expect(raw).toEqual({ alcaraz: 5, sinner: 4 }) // the published record of 2022-2024
        // 2025 in the odds files: Alcaraz won Rome, Roland Garros, Cincinnati, US Open; Sinner Wimbledon, Turin
        expect(h2h.total_matches).toBe(15)
        expect([h2h.player1_wins, h2h.player2_wins]).toEqual([9, 6])
        const surfaces = Object.fromEntries(
          h2h.by_surface.map((s: any) => [s.surface, [s.player1_wins, s.player2_wins]])
        )
        expect(surfaces).toEqual({ Clay: [3, 1], Grass: [0, 2], Hard: [6, 3] })
        const byId = yield* ok(`/v1/tennis/players/h2h?player1=${SINNER}&player2=${ALCARAZ}&limit=2`, h.keys.build)
        expect([byId.data.player1_wins, byId.data.player2_wins]).toEqual([6, 9])
        expect(byId.data.matches.map((m: any) => m.date)).toEqual(["2025-11-16", "2025-09-07"])
        // the same player twice, by name and by id
        const same = expectError(
          yield* get(`/v1/tennis/players/h2h?player1=alcaraz&player2=${ALCARAZ}`, h.keys.build),
          400,
          "INVALID_PARAMETER"
        )
        expect(same.parameter).toBe("player2")
        expectError(
          yield* get("/v1/tennis/players/h2h?player1=alcaraz&player2=Nobody%20Atall", h.keys.build),
          404,
          "RESOURCE_NOT_FOUND"
        )
        expectError(yield* get("/v1/tennis/players/h2h?player1=alcaraz", h.keys.build), 400, "INVALID_PARAMETER")
        // "an" is part of many players' names: listed, not guessed
        const ambiguous = expectError(
          yield* get("/v1/tennis/players/h2h?player1=an&player2=alcaraz", h.keys.build),
          400,
          "INVALID_PARAMETER"
        )
        expect(ambiguous.reason).toContain("ambiguous")
        // within the WTA there is no Alcaraz
        expectError(
          yield* get("/v1/tennis/players/h2h?player1=alcaraz&player2=sinner&tour=wta", h.keys.build),
          404,
          "RESOURCE_NOT_FOUND"
        )
      }))

    it.effect("tennis game log: newest first with opponent and result; tour, limit; 404 for an unknown name", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        expectError(yield* get("/v1/tennis/players/sinner/game-log", h.keys.starter), 403, "TIER_INSUFFICIENT")
        const log = yield* ok("/v1/tennis/players/Jannik%20Sinner/game-log?limit=3", h.keys.build)
        expect(log.player).toMatchObject({ id: SINNER, name: "Jannik Sinner", tour: "atp" })
        expect(log.data).toHaveLength(3)
        expect(log.data[0]).toMatchObject({
          date: "2025-11-16",
          tournament: "Masters Cup",
          result: "won",
          opponent: expect.objectContaining({ id: ALCARAZ })
        })
        const dates = log.data.map((r: any) => r.date)
        expect(dates).toEqual([...dates].sort().reverse())
        const byId = yield* ok(`/v1/tennis/players/${SINNER}/game-log?tour=atp&limit=500`, h.keys.build)
        expect(byId.data.length).toBeGreaterThanOrEqual(15)
        expectError(yield* get("/v1/tennis/players/sinner/game-log?tour=wta", h.keys.build), 404, "RESOURCE_NOT_FOUND")
        const missing = expectError(
          yield* get("/v1/tennis/players/Nobody%20Atall/game-log", h.keys.build),
          404,
          "RESOURCE_NOT_FOUND"
        )
        expect(missing.resource).toBe("player")
        expectError(yield* get("/v1/tennis/players/svc_tennis_atp-1/game-log", h.keys.build), 404, "RESOURCE_NOT_FOUND")
      }))

    it.effect("ufc events: newest first with bouts; state filter; limit", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const events = yield* ok("/v1/ufc/events?limit=200", h.keys.sandbox)
        const dates = events.data.map((e: any) => e.date)
        expect(dates).toEqual([...dates].sort().reverse())
        const scheduled = yield* ok("/v1/ufc/events?state=scheduled")
        expect(scheduled.data.length).toBe(2)
        expect(scheduled.data.every((e: any) => e.state === "scheduled" && e.fight_count === 0)).toBe(true)
        const final = yield* ok("/v1/ufc/events?state=final&limit=1")
        expect(final.data[0]).toMatchObject({ state: "final", fight_count: 1 })
        const ufc309 = events.data.find((e: any) => e.name === "UFC 309: Jones vs. Miocic")
        expect(ufc309).toMatchObject({ date: "2024-11-16", location: "New York City, New York, USA" })
        expect(ufc309.fights[0]).toMatchObject({
          weight_class: "Heavyweight",
          title_fight: true,
          method: "KO/TKO",
          round: 3,
          time: "4:29",
          fighters: [
            { id: JONES, name: "Jon Jones", result: "win", resolved: true },
            expect.objectContaining({ name: "Stipe Miocic", result: "loss" })
          ]
        })
        expectError(yield* get("/v1/ufc/events?state=done"), 400, "INVALID_PARAMETER")
      }))

    it.effect("ufc fighters: search by name, accents and case ignored, with the tale of the tape; limit", () =>
      Effect.gen(function*() {
        const jones = yield* ok("/v1/ufc/fighters?search=JON%20JONES")
        expect(jones.data).toEqual([{
          player_id: JONES,
          player_name: "Jon Jones",
          id: JONES,
          name: "Jon Jones",
          first_name: "Jon",
          last_name: "Jones",
          nickname: "Bones",
          date_of_birth: "1987-07-19",
          height_in: 76,
          reach_in: 84,
          weight_lb: 248,
          stance: "Orthodox"
        }])
        const silvas = yield* ok("/v1/ufc/fighters?search=bruno%20silva")
        expect(silvas.total).toBe(2)
        expect((yield* ok("/v1/ufc/fighters?limit=2")).data).toHaveLength(2)
        expect((yield* ok("/v1/ufc/fighters?search=zzzz")).data).toEqual([])
      }))

    it.effect("ufc record: Jon Jones 22-1 with 1 no contest, each fight; ambiguous names listed, not guessed; 404", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        expectError(yield* get("/v1/ufc/fighters/jon%20jones/record", h.keys.starter), 403, "TIER_INSUFFICIENT")
        const record = (yield* ok("/v1/ufc/fighters/Jon%20Jones/record", h.keys.build)).data
        expect([record.wins, record.losses, record.draws, record.no_contests]).toEqual([22, 1, 0, 1])
        expect(record.fights).toHaveLength(24)
        expect(record.fights[0]).toMatchObject({
          date: "2024-11-16",
          opponent: { name: "Stipe Miocic" },
          result: "win",
          method: "KO/TKO",
          round: 3,
          time: "4:29",
          weight_class: "Heavyweight"
        })
        expect(record.fights.find((f: any) => f.result === "loss")).toMatchObject({
          opponent: { name: "Matt Hamill" },
          method: "DQ",
          date: "2009-12-05"
        })
        expect(record.fights.find((f: any) => f.result === "no_contest")).toMatchObject({
          opponent: { name: "Daniel Cormier" },
          method: "Overturned"
        })
        const byId = (yield* ok(`/v1/ufc/fighters/${JONES}/record`, h.keys.build)).data
        expect(byId.wins).toBe(22)
        const ambiguous = expectError(
          yield* get("/v1/ufc/fighters/Bruno%20Silva/record", h.keys.build),
          400,
          "INVALID_PARAMETER"
        )
        expect(ambiguous.reason).toContain("svc_ufc_294aa73dbf37d281")
        expect(ambiguous.reason).toContain("svc_ufc_12ebd7d157e91701")
        const fly = (yield* ok("/v1/ufc/fighters/svc_ufc_294aa73dbf37d281/record", h.keys.build)).data
        expect(fly.fights.every((f: any) => f.weight_class === "Flyweight")).toBe(true)
        expect(fly.unresolved_fights).toEqual([expect.objectContaining({
          result: "no_contest",
          opponent: expect.objectContaining({ name: "Khalid Taha" }),
          weight_class: "Bantamweight"
        })])
        expectError(yield* get("/v1/ufc/fighters/Nobody%20Atall/record", h.keys.build), 404, "RESOURCE_NOT_FOUND")
      }))

    it.effect("ufc rankings: routed, empty data, meta.coverage unavailable; growth tier", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        expectError(yield* get("/v1/ufc/rankings", h.keys.build), 403, "TIER_INSUFFICIENT")
        const body = yield* ok("/v1/ufc/rankings?division=lightweight", h.keys.growth)
        expect(body.data).toEqual([])
        expect(body.meta.coverage).toEqual({ available: false, reason: "no source has UFC rankings" })
      }))
  })
})

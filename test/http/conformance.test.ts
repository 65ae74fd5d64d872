/**
 * Conformance of the data endpoints with the specification (shared/spec), found by calling the
 * service on the real data as a client would and cut down here to a few hand-made rows over the
 * harness's in-memory store. Each test names the specification line it holds the service to.
 */
import { describe, expect, layer } from "@effect/vitest"
import { SportsWriter } from "@sports-data/domain"
import { Effect, Layer } from "effect"
import { get } from "./fixtures.js"
import { Harness, player } from "./harness.js"

/** Real source spellings: ffb ids write kickers as PK; the nba sources write guards as G. */
const extra = {
  butker: player("nfl", "00-0033303", "Harrison Butker", "PK", "KC"),
  kicker: player("nfl", "00-0099999", "Kai Kicker", "K", "KC"),
  brunson: player("nba", "1628973", "Jalen Brunson", "G", "BOS"),
  doncic: player("nba", "1629029", "Luka Dončić", "PG", "DAL"),
  bridges: player("nba", "1628969", "Mikal Bridges", "G-F", "NYK"),
  brown: player("nfl", "00-0035676", "AJ Brown", "WR", "PHI"),
  jones: player("nfl", "00-0033293", "Aaron Jones", "RB", "PHI"),
  hernandez: player("mlb", "663647", "Óscar Hernández", "C", "PHI"),
  caratini: player("mlb", "605170", "Víctor Caratini", "C", "PHI")
} as const

const TestLayer = Layer.effectDiscard(
  Effect.gen(function*() {
    const h = yield* Harness
    yield* Effect.flatMap(SportsWriter, (writer) => writer.upsertPlayers(Object.values(extra))).pipe(
      Effect.provide(h.stores),
      Effect.orDie
    )
  })
).pipe(Layer.provideMerge(Harness.layer()))

const names = (res: { readonly body: any }): ReadonlyArray<string> =>
  res.body.data.map((r: { readonly full_name: string }) => r.full_name)

describe("conformance", () => {
  layer(TestLayer, { excludeTestServices: true })((it) => {
    it.effect("nfl position K covers the kickers stored as PK (spec: nfl players position QB, RB, WR, TE, K, DEF)", () =>
      Effect.gen(function*() {
        const players = yield* get("/v1/nfl/players?position=K")
        expect(players.status).toBe(200)
        expect(names(players)).toEqual(["Harrison Butker", "Kai Kicker"])
        expect(players.body.total).toBe(2)
        const paged = yield* get("/v1/nfl/players?position=k&limit=1&offset=1")
        expect(paged.body).toMatchObject({ count: 1, total: 2, offset: 1, limit: 1 })
        expect(names(paged)).toEqual(["Kai Kicker"])
        const roster = yield* get("/v1/nfl/teams/KC/roster?position=K")
        expect(names(roster)).toEqual(["Harrison Butker", "Kai Kicker"])
      }))

    it.effect("players search: position covers the source spellings as the sport lists do (PG covers G, K covers PK)", () =>
      Effect.gen(function*() {
        expect(names(yield* get("/v1/players/search?q=ja&position=PG"))).toEqual(["Jalen Brunson"])
        expect(names(yield* get("/v1/players/search?q=er&position=K"))).toEqual(["Harrison Butker", "Kai Kicker"])
        expect(names(yield* get("/v1/players/search?q=er&position=k&limit=1"))).toEqual(["Harrison Butker"])
      }))

    it.effect("nba position filter: the data's codes (G, F, C, mixes) and the specification's as aliases (PG -> G); unknown -> 400 listing them", () =>
      Effect.gen(function*() {
        const at = (p: string) => Effect.map(get(`/v1/nba/players?position=${p}`), names)
        expect(yield* at("G")).toEqual(["Jalen Brunson", "Luka Dončić", "Mikal Bridges"])
        expect(yield* at("pg")).toEqual(yield* at("G"))
        expect(yield* at("F")).toEqual(["Jayson Tatum", "LeBron James", "Mikal Bridges"])
        expect(yield* at("F-G")).toEqual(["Mikal Bridges"])
        const bad = yield* get("/v1/nba/players?position=QB")
        expect(bad.status).toBe(400)
        expect(bad.body).toMatchObject({ error_code: "INVALID_PARAMETER", parameter: "position" })
        expect(bad.body.message).toContain("PG, SG, SF, PF, C, G, F, G-F, F-G, F-C, C-F")
      }))

    it.effect("players search ignores case and accents; lists are alphabetical by letter, not by character code", () =>
      Effect.gen(function*() {
        for (const q of ["doncic", "DONČIĆ", "Dončić"]) {
          expect(names(yield* get(`/v1/players/search?q=${encodeURIComponent(q)}`)), q).toEqual(["Luka Dončić"])
        }
        expect(names(yield* get("/v1/players/search?q=hernandez"))).toEqual(["Óscar Hernández"])
        expect(names(yield* get("/v1/nfl/players?team=PHI"))).toEqual(["Aaron Jones", "AJ Brown"])
        expect(names(yield* get("/v1/mlb/players?team=PHI"))).toEqual(["Óscar Hernández", "Víctor Caratini"])
        expect(names(yield* get("/v1/players/search?q=ar"))).toEqual([
          "Aaron Jones",
          "Aaron Judge",
          "Harrison Butker",
          "Óscar Hernández",
          "Víctor Caratini"
        ])
      }))

    it.effect("nba games date: a date or the word today (spec), any case; a bad date is named as such in the 400", () =>
      Effect.gen(function*() {
        expect((yield* get("/v1/nba/games?date=TODAY")).status).toBe(200)
        expect((yield* get("/v1/nba/games?date=today")).status).toBe(200)
        const on = yield* get("/v1/nba/games?date=2024-10-22")
        expect(on.body.data.map((g: { readonly event_id: string }) => g.event_id)).toEqual(["0022400061"])
        for (const bad of ["2024-13-01", "yesterday"]) {
          const res = yield* get(`/v1/nba/games?date=${bad}`)
          expect(res.status).toBe(400)
          expect(res.body).toMatchObject({
            error_code: "INVALID_PARAMETER",
            parameter: "date",
            reason: "must be a date YYYY-MM-DD or today"
          })
        }
      }))

    it.effect("standings of a season with no games held are empty, not every team at 0-0", () =>
      Effect.gen(function*() {
        for (const sport of ["nfl", "nba", "mlb"]) {
          const res = yield* get(`/v1/${sport}/standings?season=1999`)
          expect(res.status).toBe(200)
          expect(res.body).toMatchObject({ success: true, count: 0, data: [], season: 1999 })
        }
        // a season that is held still lists its teams
        expect((yield* get("/v1/nfl/standings?season=2024")).body.count).toBeGreaterThan(0)
      }))
  })
})

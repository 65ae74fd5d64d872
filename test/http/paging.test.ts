/**
 * Paging by cursor end to end (domain Paging): a walk by `next_cursor` over players, games and a
 * player's stats returns every row once, in the order of the offset answer, and ends with a null
 * cursor; a walk stays exact while rows are written between its pages (keyset, not offset); a
 * malformed, foreign or offset-combined cursor is a 400 INVALID_PARAMETER in the standard error
 * object. Runs on the in-memory store, with extra rows written here through the SportsWriter.
 */
import { describe, expect, layer } from "@effect/vitest"
import { SportsWriter } from "@sports-data/domain"
import { Effect, Layer } from "effect"
import { expectError, get, ok } from "./fixtures.js"
import { game, Harness, player, seedPlayers, statLine } from "./harness.js"

const NAMES = ["Aaron Rodgers", "Bo Nix", "Caleb Williams", "Dak Prescott", "Drake Maye", "Geno Smith", "Jared Goff"]
const extraPlayers = [
  ...NAMES.map((n, i) => player("nfl", `p${i}`, n, "QB", "KC")),
  // two players with one name: the order falls back on the id
  player("nfl", "twin-b", "Sam Darnold", "QB", "BUF"),
  player("nfl", "twin-a", "Sam Darnold", "QB", "BUF")
]
const extraGames = Array.from(
  { length: 11 },
  (_, i) =>
    game(
      "nfl",
      `2024_${String(i + 1).padStart(2, "0")}_KC_X`,
      2024,
      i + 1,
      `2024-09-${String(i + 1).padStart(2, "0")}`,
      "KC",
      "BUF",
      20,
      17
    )
)
// two games on one date: the order falls back on the id
const sameDay = [
  game("nfl", "2024_12_A", 2024, 12, "2024-12-01", "KC", "BUF", 1, 0),
  game("nfl", "2024_12_B", 2024, 12, "2024-12-01", "KC", "BUF", 1, 0)
]
const mahomesLines = extraGames.map((g) => statLine(seedPlayers.mahomes, g, { passing_yards: 200 + g.week! }))

const TestLayer = Layer.effectDiscard(Effect.gen(function*() {
  const h = yield* Harness
  yield* Effect.gen(function*() {
    const writer = yield* SportsWriter
    yield* writer.upsertPlayers(extraPlayers)
    yield* writer.upsertGames([...extraGames, ...sameDay])
    yield* writer.upsertStatLines(mahomesLines)
  }).pipe(Effect.provide(h.stores), Effect.orDie)
})).pipe(Layer.provideMerge(Harness.layer()))

/** Every page of `path` (which has its own `?`) walked by cursor at `limit`: the pages' rows by `id`, and the page count. */
const walk = (path: string, limit: number, id: (row: any) => string) =>
  Effect.gen(function*() {
    const seen: Array<string> = []
    let cursor: string | null = null
    let pages = 0
    do {
      const body: any = yield* ok(`${path}&limit=${limit}${cursor === null ? "" : `&cursor=${cursor}`}`)
      expect(body.data.length).toBeLessThanOrEqual(limit)
      seen.push(...body.data.map(id))
      cursor = body.next_cursor
      pages++
      expect(pages).toBeLessThan(100)
    } while (cursor !== null)
    return { seen, pages }
  })

describe("paging by cursor", () => {
  layer(TestLayer, { excludeTestServices: true, timeout: 60_000 })((it) => {
    it.effect("players: the walk returns every row once, in the offset answer's order, then a null cursor", () =>
      Effect.gen(function*() {
        const whole = yield* ok("/v1/nfl/players?limit=200")
        const expected = whole.data.map((p: any) => p.playcaller_id)
        expect(expected.length).toBe(whole.total)
        expect(expected.length).toBe(3 + extraPlayers.length)
        expect(whole.next_cursor).toBeNull()
        const { pages, seen } = yield* walk("/v1/nfl/players?", 4, (p) => p.playcaller_id)
        expect(seen).toEqual(expected)
        expect(pages).toBe(Math.ceil(expected.length / 4))
        // the twins are ordered by id
        expect(seen.indexOf("svc_nfl_twin-a")).toBe(seen.indexOf("svc_nfl_twin-b") - 1)
        // offset paging keeps working, and its first page also offers a cursor
        const second = yield* ok("/v1/nfl/players?limit=4&offset=4")
        expect(second.data.map((p: any) => p.playcaller_id)).toEqual(expected.slice(4, 8))
        expect(second.offset).toBe(4)
        expect(typeof second.next_cursor).toBe("string")
      }))

    it.effect("players with filters and a position filter: the walk keeps to the filters", () =>
      Effect.gen(function*() {
        const whole = yield* ok("/v1/nfl/players?team=KC&position=QB&limit=200")
        const { seen } = yield* walk("/v1/nfl/players?team=KC&position=QB", 3, (p) => p.playcaller_id)
        expect(seen).toEqual(whole.data.map((p: any) => p.playcaller_id))
        expect(seen.length).toBe(NAMES.length + 1) // the extra KC QBs and Mahomes
      }))

    it.effect("games and a player's stats: every row once in the list's order (newest first), then a null cursor", () =>
      Effect.gen(function*() {
        const games = yield* ok("/v1/nfl/games?limit=100")
        const { seen } = yield* walk("/v1/nfl/games?", 5, (g) => g.game_id)
        expect(seen).toEqual(games.data.map((g: any) => g.game_id))
        expect(seen.length).toBe(1 + extraGames.length + sameDay.length)
        expect(seen.slice(0, 2)).toEqual(["2024_12_B", "2024_12_A"])
        const id = seedPlayers.mahomes.id
        const stats = yield* ok(`/v1/nfl/players/${id}/stats?limit=200`)
        const walked = yield* walk(`/v1/nfl/players/${id}/stats?`, 4, (l) => `${l.season}:${l.week}`)
        expect(walked.seen).toEqual(stats.data.map((l: any) => `${l.season}:${l.week}`))
        expect(walked.seen.length).toBe(1 + mahomesLines.length)
      }))

    it.effect("rows written between pages: each row present throughout comes once; an offset walk would repeat one", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const before = (yield* ok("/v1/nfl/players?limit=200")).data.map((p: any) => p.playcaller_id)
        const first = yield* ok("/v1/nfl/players?limit=5")
        // a player sorting before every row already read arrives (a concurrent ingest)
        yield* Effect.gen(function*() {
          yield* (yield* SportsWriter).upsertPlayers([player("nfl", "early", "Aardvark Adams", "QB", "KC")])
        }).pipe(Effect.provide(h.stores), Effect.orDie)
        const byOffset = yield* ok("/v1/nfl/players?limit=5&offset=5")
        expect(byOffset.data[0].playcaller_id).toBe(first.data[4].playcaller_id) // the offset repeats a row
        const seen = first.data.map((p: any) => p.playcaller_id)
        let cursor: string | null = first.next_cursor
        while (cursor !== null) {
          const page: any = yield* ok(`/v1/nfl/players?limit=5&cursor=${cursor}`)
          seen.push(...page.data.map((p: any) => p.playcaller_id))
          cursor = page.next_cursor
        }
        expect(seen).toEqual(before)
      }))

    it.effect("a league's teams and standings: limit rows from offset, total counting them all", () =>
      Effect.gen(function*() {
        for (const list of ["/v1/nfl/teams", "/v1/nfl/standings", "/v1/mlb/teams"]) {
          const whole = yield* ok(list)
          expect(whole.limit, list).toBe(100)
          expect(whole.total, list).toBe(whole.data.length)
          expect(whole.data.length, list).toBe(2)
          const second = yield* ok(`${list}?limit=1&offset=1`)
          expect(second.data, list).toEqual(whole.data.slice(1, 2))
          expect([second.total, second.offset, second.limit], list).toEqual([2, 1, 1])
          expectError(yield* get(`${list}?limit=1001`), 400, "INVALID_PARAMETER", "limit")
        }
      }))

    it.effect("a malformed, foreign or offset-combined cursor: 400 INVALID_PARAMETER in the standard error object", () =>
      Effect.gen(function*() {
        const players = (yield* ok("/v1/nfl/players?limit=2")).next_cursor as string
        const games = (yield* ok("/v1/nfl/games?limit=2")).next_cursor as string
        expect(players).toMatch(/^[A-Za-z0-9_-]+$/)
        for (
          const path of [
            "/v1/nfl/players?cursor=abc",
            "/v1/nfl/players?cursor=%21%21",
            `/v1/nfl/players?cursor=${players.slice(0, -3)}`,
            `/v1/nfl/players?cursor=${"A".repeat(3000)}`,
            `/v1/nfl/players?cursor=${games}`,
            `/v1/nfl/players?team=KC&cursor=${players}`,
            `/v1/nba/players?cursor=${players}`,
            `/v1/nfl/games?cursor=${players}`,
            `/v1/nfl/games?season=2023&cursor=${games}`,
            `/v1/nfl/players/${seedPlayers.mahomes.id}/stats?cursor=${games}`
          ]
        ) {
          const body = expectError(yield* get(path), 400, "INVALID_PARAMETER", "cursor")
          expect(typeof body.reason, path).toBe("string")
          expect(typeof body.documentation_url).toBe("string")
        }
        expectError(yield* get(`/v1/nfl/players?offset=2&cursor=${players}`), 400, "INVALID_PARAMETER", "offset")
        // the same cursor with its own list and filters still works
        expect((yield* ok(`/v1/nfl/players?cursor=${players}`)).data.length).toBeGreaterThan(0)
      }))
  })
})

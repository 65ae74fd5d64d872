/**
 * The TypeScript client (`@sports-data/client`) against the real node server over the nfl fixture
 * cut (test/fixtures/nfl), over a socket: decoded rows equal their source lines, and the service's
 * errors arrive as the contract's typed error classes, through both the Effect and the Promise API.
 *
 * Expected values come from the fixture files: Josh Allen is `00-0034857` (gsis_id), QB, BUF in
 * jtyran_nfl_team_fantasy_dashboard/player_ids.csv; game 2024_01_ARI_BUF of
 * urwishpatel2003_nflverse_data/schedules_2022_2026.csv is ARI 28 at BUF 34, spread_line 6.5,
 * total_line 46.
 */
import { describe, expect, layer } from "@effect/vitest"
import { ApiErrors, makeClient, makePromiseClient } from "@sports-data/client"
import { Effect } from "effect"
import { fixturesLayer } from "../http/fixtures.js"
import { Harness } from "../http/harness.js"

const TestLayer = fixturesLayer(["nfl"])

/** The client at the harness's server with its syndicate_alpha key (no per-minute ceiling), or `apiKey`. */
const client = (apiKey?: string) =>
  Effect.flatMap(Harness, (h) => makeClient({ baseUrl: h.baseUrl, apiKey: apiKey ?? h.keys.syndicate_alpha }))

describe("@sports-data/client", () => {
  layer(TestLayer, { excludeTestServices: true, timeout: 60_000 })((it) => {
    it.effect("nfl.players: the BUF players of the fixture, decoded (Josh Allen, QB, by his GSIS id)", () =>
      Effect.gen(function*() {
        const api = yield* client()
        const page = yield* api.nfl.players({ urlParams: { team: "BUF", limit: 200 } })
        expect(page.success).toBe(true)
        expect(page.data.every((p) => p.team === "BUF")).toBe(true)
        const allen = page.data.find((p) => p.full_name === "Josh Allen")
        expect(allen).toMatchObject({ playcaller_id: "svc_nfl_00-0034857", position: "QB", sport_key: "nfl" })
      }))

    it.effect("nfl.games: 2024 week 1 ARI at BUF with its score and lines from the schedule file", () =>
      Effect.gen(function*() {
        const api = yield* client()
        const page = yield* api.nfl.games({ urlParams: { season: 2024, week: 1, limit: 100 } })
        const game = page.data.find((g) => g.event_id === "2024_01_ARI_BUF")
        expect(game).toBeDefined()
        expect(game!.away_team).toMatchObject({ abbr: "ARI", score: 28 })
        expect(game!.home_team).toMatchObject({ abbr: "BUF", score: 34 })
        expect(game!.spread_line).toBe(6.5)
        expect(game!.total_line).toBe(46)
        expect(game!.is_final).toBe(true)
      }))

    it.effect("a wrong key fails with the typed 401 InvalidApiKeyError; no key with MissingApiKeyError", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const wrong = yield* client(h.keys.syndicate_alpha + "x")
        const invalid = yield* Effect.flip(wrong.nfl.players({ urlParams: { team: "BUF" } }))
        expect(invalid).toBeInstanceOf(ApiErrors.InvalidApiKeyError)
        expect(invalid).toMatchObject({ error_code: "INVALID_API_KEY" })
        const none = yield* client("")
        const missing = yield* Effect.flip(none.nfl.players({ urlParams: { team: "BUF" } }))
        expect(missing).toBeInstanceOf(ApiErrors.MissingApiKeyError)
        expect(missing).toMatchObject({ error_code: "MISSING_API_KEY" })
      }))

    it.effect("an unknown scoring format fails with the typed 400 InvalidParameterError naming the parameter", () =>
      Effect.gen(function*() {
        const api = yield* client()
        const error = yield* Effect.flip(
          api.analytics.projection({
            path: { sport: "nfl", id: "svc_nfl_00-0034857" },
            urlParams: { scoring: "bogus" }
          })
        )
        expect(error).toBeInstanceOf(ApiErrors.InvalidParameterError)
        expect(error).toMatchObject({ error_code: "INVALID_PARAMETER", parameter: "scoring" })
      }))

    it.effect("the Promise client returns the same rows and rejects with the error object itself", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const api = makePromiseClient({ baseUrl: h.baseUrl, apiKey: h.keys.syndicate_alpha })
        const page = yield* Effect.promise(() => api.nfl.players({ urlParams: { team: "BUF", limit: 200 } }))
        expect(page.data.map((p) => p.playcaller_id)).toContain("svc_nfl_00-0034857")
        const wrong = makePromiseClient({ baseUrl: h.baseUrl, apiKey: "svc_syn_not-a-key" })
        const rejected = yield* Effect.promise(() =>
          wrong.nfl.players({ urlParams: { team: "BUF" } }).then(() => null, (e: unknown) => e)
        )
        expect(rejected).toBeInstanceOf(ApiErrors.InvalidApiKeyError)
      }))
  })
})

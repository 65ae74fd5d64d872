/**
 * Control characters and unpaired surrogates in string parameters and path segments are refused
 * with 400 INVALID_PARAMETER naming the parameter, on every store: PostgreSQL rejects U+0000 in
 * text, which used to surface as 500 INTERNAL_ERROR. Runs on memory, PGlite and, when a server
 * answers (TEST_DATABASE_URL), PostgreSQL.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { storeLayers } from "../harness/stores.js"
import { start } from "./harness.js"

const cases: ReadonlyArray<readonly [path: string, parameter: string]> = [
  ["/v1/nfl/players?search=ab%00c", "search"],
  ["/v1/players/search?q=ab%00", "q"],
  ["/v1/mlb/players/svc_mlb_%00/stats", "id"],
  ["/v1/players/compare?player1=ab%00&player2=bc&sport=nfl", "player1"],
  ["/v1/nfl/games?limit=%091", "limit"],
  ["/v1/nba/players?search=a%1Fb", "search"],
  ["/v1/nhl/players/svc_nhl_%7F1", "id"]
]

for (const [label, stores] of await storeLayers()) {
  describe(`string parameters on ${label}`, () => {
    it.live(
      "a control character answers 400 naming the parameter; undecodable input never 5xx",
      () =>
        Effect.gen(function*() {
          const h = yield* start({ stores, seed: true })
          for (const [path, parameter] of cases) {
            const res = yield* h.request("GET", path, { key: h.keys.syndicate_alpha })
            expect({ path, status: res.status, code: res.body.error_code }).toEqual({
              path,
              status: 400,
              code: "INVALID_PARAMETER"
            })
            expect(res.body.parameter).toBe(parameter)
          }
          // Percent-encoding that does not decode, and UTF-8 of a surrogate (decoded as U+FFFD), never 5xx.
          for (
            const path of [
              "/v1/nfl/players/svc_nfl_%E0%A4",
              "/v1/players/search?q=ab%ED%A0%80",
              "/v1/nfl/players?search=%ZZ"
            ]
          ) {
            const res = yield* h.request("GET", path, { key: h.keys.syndicate_alpha })
            expect({ path, server_error: res.status >= 500 }).toEqual({ path, server_error: false })
          }
          // Plain text still answers: an accented name is not a control character.
          expect((yield* h.request("GET", "/v1/players/search?q=don%C4%8Di%C4%87", { key: h.keys.growth })).status)
            .toBe(200)
        }).pipe(Effect.scoped),
      60_000
    )
  })
}

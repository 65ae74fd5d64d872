/**
 * A request body sent without Content-Length (chunked, as a streaming fetch sends it) under the
 * 1 MiB cap is read by the body cap (Errors.ts) and still reaches the handler: the answer is the
 * one the same body with Content-Length gets, and a wrong field in it is named like any other.
 * (Over the cap it is 413: errors.test.ts.)
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { Harness } from "./harness.js"

const PATH = "/v1/nfl/rankings/custom"

/** POSTs `body` as JSON, chunked (a stream) or with Content-Length; status and parsed body. */
const post = (baseUrl: string, key: string, body: string, chunked: boolean) =>
  Effect.promise(() =>
    fetch(baseUrl + PATH, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-key": key },
      body: chunked ? new Blob([body]).stream() : body,
      ...(chunked ? { duplex: "half" } : {})
    } as RequestInit).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))
  )

describe("chunked request bodies", () => {
  layer(Harness.layer({ seed: false }), { excludeTestServices: true })((it) => {
    it.effect("a chunked body under 1 MiB is decoded as the same body with Content-Length is", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const body = JSON.stringify({ scoring: { receptions: 1 }, season: 2024, weeks: [1, 2], position: "WR" })
        const declared = yield* post(h.baseUrl, h.keys.syndicate_alpha, body, false)
        const chunked = yield* post(h.baseUrl, h.keys.syndicate_alpha, body, true)
        expect(declared.status).toBe(200)
        expect(declared.body.weeks).toEqual([1, 2])
        expect(chunked).toEqual(declared)
      }))

    it.effect("a wrong field in a chunked body is 400 naming it", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const res = yield* post(h.baseUrl, h.keys.syndicate_alpha, JSON.stringify({ scoring: "ppr" }), true)
        expect(res.status).toBe(400)
        expect(res.body.error_code).toBe("INVALID_PARAMETER")
        expect(res.body.parameter).toBe("scoring")
      }))
  })
})

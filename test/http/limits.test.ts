/**
 * Bounded answers (issue 26, docs/paging.md), checked on the OpenAPI document the server serves
 * at `/openapi.json` (`OpenApi.fromApi(Api)`): every GET whose 200 answer is a list (its `data`
 * an array) takes a `limit` query parameter with a documented maximum and a default that fits a
 * screen, unless the contract itself bounds the list (`maxItems` on `data`: the two compared
 * players, the always-empty lists of what no source supplies). Only the routes of
 * {@link UNBOUNDED} answer everything, each for its reason. Then, on the server, the lists bounded
 * for issue 26 page by `limit` and `offset` with `total`, and refuse a limit outside `1..max`.
 */
import { OpenApi } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Api } from "@sports-data/api"
import { Effect } from "effect"
import { expectError, get, ok } from "./fixtures.js"
import { Harness } from "./harness.js"

const spec = OpenApi.fromApi(Api) as any

/** GET routes that may answer without a bound, and why. */
const UNBOUNDED: Readonly<Record<string, string>> = {
  "/v1/bulk/export": "the bulk export is the way to get everything (streamed NDJSON, not a data array)",
  "/v1/events/stream": "a stream of server-sent events: unbounded in time by design, not a data array"
}

/** A default `limit` at most this many rows fits a screen (the largest default today: 100). */
const SCREEN_ROWS = 100

/** `schema` with its `$ref`s followed. */
const resolve = (schema: any): any => {
  let s = schema
  while (s?.$ref !== undefined) {
    s = (s.$ref as string).slice(2).split("/").reduce((o: any, k: string) => o?.[k], spec)
  }
  return s
}

/** The schemas a schema may be (its `anyOf`/`oneOf`/`allOf` members, or itself). */
const variants = (schema: any): ReadonlyArray<any> => {
  const s = resolve(schema)
  if (s === undefined) return []
  const members = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]
  return members.length === 0 ? [s] : members.flatMap(variants)
}

/** The array schemas `data` of a 200 JSON answer may be (none when the answer is not a list). */
const dataArrays = (op: any): ReadonlyArray<any> => {
  const schema = op.responses?.["200"]?.content?.["application/json"]?.schema
  return variants(schema)
    .flatMap((s) => (s.properties?.data === undefined ? [] : variants(s.properties.data)))
    .filter((s) => s.type === "array")
}

const gets = Object.entries(spec.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  item.get === undefined ? [] : [{ path, op: item.get }]
)

describe("bounded answers", () => {
  it("finds the list answers in the document (the check walks something)", () => {
    const lists = gets.filter(({ op }) => dataArrays(op).length > 0)
    expect(lists.length).toBeGreaterThan(80)
  })

  it("gives every list a limit with a documented maximum and a default that fits a screen", () => {
    const unbounded: Array<string> = []
    for (const { op, path } of gets) {
      const arrays = dataArrays(op)
      if (arrays.length === 0 || path in UNBOUNDED) continue
      if (arrays.every((a) => typeof a.maxItems === "number")) continue
      const limit = (op.parameters ?? []).find((p: any) => p.in === "query" && p.name === "limit")
      if (limit === undefined) {
        unbounded.push(`${path}: no limit`)
        continue
      }
      const s = resolve(limit.schema)
      if (typeof s?.maximum !== "number") unbounded.push(`${path}: limit without a maximum`)
      else if (typeof s.default !== "number") unbounded.push(`${path}: limit without a default`)
      else if (s.default > s.maximum || s.default > SCREEN_ROWS || s.minimum !== 1) {
        unbounded.push(`${path}: limit 1..${s.maximum} default ${s.default} (minimum ${s.minimum})`)
      }
    }
    expect(unbounded).toEqual([])
  })

  it("allows an unbounded answer only for routes that exist and are not data lists", () => {
    for (const path of Object.keys(UNBOUNDED)) {
      const op = spec.paths[path]?.get
      expect(op, path).toBeDefined()
      expect(dataArrays(op), path).toEqual([])
    }
  })
})

describe("bounded lists on the server", () => {
  it.layer(Harness.layer())("seeded store", (it) => {
    it.effect("the document checked above is the one the server serves at /openapi.json", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const served = yield* h.request("GET", "/openapi.json")
        expect(served.status).toBe(200)
        expect(served.body).toEqual(JSON.parse(JSON.stringify(spec)))
      }))

    it.effect("a roster pages by limit and offset, total counting the whole roster", () =>
      Effect.gen(function*() {
        const whole = yield* ok("/v1/nfl/teams/KC/roster")
        expect(whole).toMatchObject({ count: 2, total: 2, offset: 0, limit: 100 })
        const first = yield* ok("/v1/nfl/teams/KC/roster?limit=1")
        const second = yield* ok("/v1/nfl/teams/KC/roster?limit=1&offset=1")
        expect([first.count, first.total, second.count, second.total]).toEqual([1, 2, 1, 2])
        expect([...first.data, ...second.data]).toEqual(whole.data)
      }))

    it.effect("the meta lists page too: /v1/sports, /v1/data/status, /v1/meta/coverage", () =>
      Effect.gen(function*() {
        for (const path of ["/v1/sports", "/v1/data/status", "/v1/meta/coverage"]) {
          const whole = yield* ok(path)
          expect(whole.total, path).toBe(whole.data.length)
          const two = yield* ok(`${path}?limit=2&offset=1`)
          expect(two.data, path).toEqual(whole.data.slice(1, 3))
          expect(two).toMatchObject({ count: 2, total: whole.total, offset: 1, limit: 2 })
        }
      }))

    it.effect("a limit outside 1..max is 400 naming limit; a negative offset 400 naming offset", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        for (
          const path of [
            "/v1/nfl/teams/KC/roster?limit=0",
            "/v1/nfl/teams/KC/roster?limit=501",
            "/v1/nba/players/svc_nba_2544/game-log?limit=501",
            "/v1/cfb/rankings?limit=1001",
            "/v1/f1/results?limit=0",
            "/v1/nascar/results?limit=abc",
            "/v1/nascar/standings?limit=1001",
            "/v1/ufc/rankings?limit=1001",
            "/v1/nfl/dfs/slates?limit=501",
            "/v1/model/metadata?limit=501",
            "/v1/sports?limit=1001",
            "/v1/data/status?limit=0",
            "/v1/meta/coverage?limit=1001",
            "/daas/webhooks?limit=101"
          ]
        ) {
          expectError(yield* get(path), 400, "INVALID_PARAMETER", "limit")
        }
        expectError(yield* get("/v1/sports?offset=-1"), 400, "INVALID_PARAMETER", "offset")
        expectError(
          yield* h.request("GET", "/v1/nfl/teams/KC/practice?limit=0", { key: h.keys.syndicate_alpha }),
          400,
          "INVALID_PARAMETER",
          "limit"
        )
      }))

    it.effect("a key's webhooks answer with total, offset and limit", () =>
      Effect.gen(function*() {
        const body = yield* ok("/daas/webhooks?limit=5")
        expect(body).toMatchObject({ success: true, total: body.data.length, offset: 0, limit: 5 })
      }))
  })
})

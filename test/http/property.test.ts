/**
 * Property: whatever a client sends to any route (malformed parameters, odd path segments, other
 * methods, junk headers or keys), the service answers below 500, and every 4xx is the standard
 * error object. Bounded runs, so the suite stays fast.
 */
import { describe, expect, it } from "@effect/vitest"
import { Api, Security } from "@sports-data/api"
import { Effect } from "effect"
import * as fc from "fast-check"
import { start } from "./harness.js"

const routes = Security.endpointTiers(Api)

/** Query parameter names each route declares (from the OpenAPI document of the contract). */
const junkValues = [
  "",
  "-1",
  "0",
  "1",
  "1.5",
  "1e309",
  "NaN",
  "abc",
  "%",
  "%zz",
  "null",
  "[]",
  "{}",
  "'",
  "x".repeat(300)
]

const value = fc.oneof(
  fc.constantFrom(...junkValues),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "grapheme", maxLength: 8 }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String)
)

const knownNames = [
  "limit",
  "offset",
  "team",
  "position",
  "season",
  "week",
  "date",
  "q",
  "sport",
  "status",
  "ids",
  "format",
  "search",
  "sort",
  "order",
  "state",
  "page"
]

const query = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom(...knownNames), fc.string({ minLength: 1, maxLength: 8 })), value),
  { maxLength: 4 }
).map((pairs) =>
  pairs.length === 0 ? "" : "?" + pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")
)

/** A path parameter: a plausible id, junk, or raw (unencoded) odd characters. */
const segment = fc.oneof(
  fc.constantFrom("svc_nfl_00-0033873", "KC", "svc_nba_2544", "x", "%20", "%zz", "..", "svc_nfl_", "0"),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }).map(encodeURIComponent)
)

const request = fc.record({
  route: fc.constantFrom(...routes),
  params: fc.array(segment, { minLength: 4, maxLength: 4 }),
  suffix: fc.oneof(fc.constant(""), fc.constant("/"), segment.map((s) => `/${s}`)),
  query,
  method: fc.oneof(fc.constant("GET"), fc.constantFrom("POST", "PUT", "DELETE", "PATCH", "OPTIONS")),
  key: fc.oneof(fc.constant("valid" as const), fc.constant("none" as const), fc.string({ maxLength: 60 })),
  header: fc.option(
    fc.tuple(
      fc.constantFrom("accept", "content-type", "x-forwarded-for", "if-none-match"),
      fc.string({ maxLength: 30 })
    ),
    { nil: undefined }
  ),
  body: fc.option(fc.oneof(fc.string({ maxLength: 50 }), fc.json({ maxDepth: 2 })), { nil: undefined })
})

describe("property: any request gets a 4xx standard error or a success, never 5xx", () => {
  it.live("malformed params, paths, methods, headers and keys to every route", () =>
    Effect.gen(function*() {
      const h = yield* start()
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(request, async (r) => {
            let i = 0
            const path = r.route.path.replace(/:\w+/g, () => r.params[i++]!) + r.suffix + r.query
            const headers: Record<string, string> = {}
            if (r.header !== undefined && /^[\t\x20-\x7e]*$/.test(r.header[1])) headers[r.header[0]] = r.header[1]
            if (r.key === "valid") headers["x-service-key"] = h.keys.syndicate_alpha
            else if (r.key !== "none" && /^[\t\x20-\x7e]*$/.test(r.key)) headers["x-service-key"] = r.key
            const hasBody = r.body !== undefined && r.method !== "GET"
            const res = await fetch(h.baseUrl + path, {
              method: r.method,
              headers,
              ...(hasBody ? { body: typeof r.body === "string" ? r.body : JSON.stringify(r.body) } : {})
            })
            const text = await res.text()
            expect(res.status, `${r.method} ${path} -> ${text}`).toBeLessThan(500)
            if (res.status >= 400) {
              const body = JSON.parse(text)
              expect(typeof body.error_code, `${r.method} ${path}`).toBe("string")
              expect(typeof body.message).toBe("string")
              expect(typeof body.documentation_url).toBe("string")
              expect(body).toHaveProperty("upgrade_url")
              expect(body).not.toHaveProperty("_tag")
              if (res.status === 405) expect(body.allowed, `${r.method} ${path}`).not.toContain(r.method)
            }
          }),
          { numRuns: 250 }
        )
      )
    }).pipe(Effect.scoped), 120_000)
})

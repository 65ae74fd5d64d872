/**
 * `GET /metrics` (runtimes/http/src/Metrics.ts) scraped from the real server over the memory
 * store and read with a Prometheus text-format parser (parse-prometheus-text-format): requests
 * counted by route template and status (a body-cache hit answered by the node front included),
 * their latency histogram, the caches' hits and misses, store query time and the event loop's
 * delay; no label carries a key; with a token set, a scrape without it is refused.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
// @ts-expect-error parse-prometheus-text-format ships no type declarations
import parsePrometheusTextFormat from "parse-prometheus-text-format"
import { Harness } from "./harness.js"

/** A metric family as the parser gives it. */
interface Family {
  readonly name: string
  readonly type: string
  readonly metrics: ReadonlyArray<
    {
      readonly labels?: Record<string, string>
      readonly value?: string
      readonly count?: string
      readonly buckets?: Record<string, string>
    }
  >
}

const parse = (text: string): ReadonlyArray<Family> => parsePrometheusTextFormat(text) as ReadonlyArray<Family>

const family = (families: ReadonlyArray<Family>, name: string) => {
  const found = families.find((f) => f.name === name)
  expect(found, name).toBeDefined()
  return found!
}

const sumWhere = (f: Family, labels: Record<string, string>) =>
  f.metrics
    .filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
    .reduce((n, m) => n + Number(m.value ?? m.count ?? 0), 0)

describe("metrics", () => {
  it.layer(Harness.layer())("from the loopback address, no token set", (it) => {
    it.effect("counts requests per route template and status, cache lookups, store reads, event-loop delay", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const key = h.keys.growth
        for (let i = 0; i < 3; i++) {
          expect((yield* h.request("GET", "/v1/nfl/players?team=KC", { key })).status).toBe(200)
        }
        expect((yield* h.request("GET", "/v1/nfl/players/svc_nfl_nobody", { key })).status).toBe(404)
        expect((yield* h.request("GET", "/v1/nope", { key })).status).toBe(404)

        const res = yield* h.request("GET", "/metrics")
        expect(res.status).toBe(200)
        expect(res.headers.get("content-type")).toContain("text/plain")
        const families = parse(res.text)

        const requests = family(families, "http_requests_total")
        expect(requests.type).toBe("COUNTER")
        expect(
          sumWhere(requests, { route: "/v1/:sport/players", status: "200" }) +
            sumWhere(requests, { route: "/v1/nfl/players", status: "200" })
        ).toBe(3)
        expect(sumWhere(requests, { status: "404" })).toBeGreaterThanOrEqual(2)
        expect(sumWhere(requests, { route: "unmatched", status: "404" })).toBe(1)
        const latency = family(families, "http_request_duration_seconds")
        expect(latency.type).toBe("HISTOGRAM")
        // this parser folds a labelled histogram's series into one set of buckets: check that they are there
        expect(Number(latency.metrics[0]?.buckets?.["+Inf"] ?? 0)).toBeGreaterThanOrEqual(1)
        expect(res.text).toMatch(/^http_request_duration_seconds_count\{[^}]*status="200"[^}]*\} [1-9]/m)

        const lookups = family(families, "cache_lookups_total")
        // the first players request missed the body cache, a later one hit it
        expect(sumWhere(lookups, { cache: "body", result: "miss" })).toBeGreaterThanOrEqual(1)
        expect(sumWhere(lookups, { cache: "body", result: "hit" })).toBeGreaterThanOrEqual(1)
        expect(sumWhere(lookups, { cache: "read" })).toBeGreaterThanOrEqual(1)
        expect(family(families, "store_query_duration_seconds").type).toBe("HISTOGRAM")
        expect(res.text).toMatch(/^store_query_duration_seconds_count\{[^}]*port="[^"]+"[^}]*\} [1-9]/m)
        expect(family(families, "nodejs_eventloop_lag_seconds").type).toBe("GAUGE")

        // what the caches hold, and the memory of this (the HTTP) thread
        expect(sumWhere(family(families, "cache_bytes"), { cache: "body" })).toBeGreaterThan(0)
        expect(sumWhere(family(families, "cache_entries"), { cache: "read" })).toBeGreaterThanOrEqual(1)
        const heapUsed = sumWhere(family(families, "thread_heap_used_bytes"), { thread: "http" })
        expect(heapUsed).toBeGreaterThan(0)
        expect(sumWhere(family(families, "thread_heap_limit_bytes"), { thread: "http" })).toBeGreaterThan(heapUsed)

        // never per-key data
        expect(res.text).not.toContain(key)
        expect(res.text).not.toContain(key.slice(0, 12))
      }))
  })

  it.layer(
    Layer.unwrapEffect(Effect.sync(() => {
      process.env["SPORTS_DATA_METRICS_TOKEN"] = "scrape-token-1"
      return Harness.layer()
    }))
  )("with a token set", (it) => {
    it.effect("answers only a scrape that sends the token", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        delete process.env["SPORTS_DATA_METRICS_TOKEN"]
        expect((yield* h.request("GET", "/metrics")).status).toBe(404)
        expect((yield* h.request("GET", "/metrics", { headers: { authorization: "Bearer wrong" } })).status).toBe(404)
        const ok = yield* h.request("GET", "/metrics", { headers: { authorization: "Bearer scrape-token-1" } })
        expect(ok.status).toBe(200)
        expect(parse(ok.text).some((f) => f.name === "http_requests_total")).toBe(true)
      }))
  })
})

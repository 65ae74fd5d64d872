/**
 * Two HTTP instances on one PostgreSQL (decisions.md: "Limits hold exactly across every server
 * instance sharing one store"): with a per-minute limit N, of more than N concurrent requests
 * spread over both instances exactly N pass and the rest get 429. Skipped, with the reason
 * printed, when no PostgreSQL is available (set TEST_DATABASE_URL).
 */
import { describe, expect, it } from "@effect/vitest"
import { Plans } from "@sports-data/domain"
import { layerPostgres } from "@sports-data/store-sql"
import { Effect, Option } from "effect"
import { postgresAvailable, testDatabaseUrl } from "../harness/postgres.js"
import { start } from "./harness.js"

const available = await Effect.runPromise(postgresAvailable)
if (!available) {
  console.warn(
    "multi.test.ts skipped: no PostgreSQL (set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres)"
  )
}

describe("two instances on one PostgreSQL", () => {
  it.live.skipIf(!available)("the per-minute limit of one key holds exactly across both", () =>
    Effect.gen(function*() {
      const url = Option.getOrThrow(yield* testDatabaseUrl)
      // two instances, each with its own connection pool, as two processes would have
      const a = yield* start({ stores: layerPostgres({ url }), seed: false })
      const b = yield* start({ stores: layerPostgres({ url }), seed: false })
      const key = yield* a.issueKey({ tier: "sandbox" })
      const perMinute = Plans.planOf(a.plans, "sandbox").per_minute!
      const total = perMinute + 15
      const responses = yield* Effect.forEach(
        Array.from({ length: total }, (_, i) => (i % 2 === 0 ? a : b).request("GET", "/v1/nfl/players", { key })),
        (e) => e,
        { concurrency: "unbounded" }
      )
      const statuses = responses.map((r) => r.status)
      expect(statuses.filter((s) => s === 200).length).toBe(perMinute)
      expect(statuses.filter((s) => s === 429).length).toBe(total - perMinute)
      for (const r of responses.filter((r) => r.status === 429)) {
        expect(r.body.error_code).toBe("RATE_LIMIT_EXCEEDED")
        expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0)
      }
      // both instances admitted some of the calls (even indexes went to a, odd to b)
      const admittedBy = (parity: number) => responses.filter((r, i) => i % 2 === parity && r.status === 200).length
      expect(admittedBy(0)).toBeGreaterThan(0)
      expect(admittedBy(1)).toBeGreaterThan(0)
    }).pipe(Effect.scoped), 120_000)
})

/**
 * Limits are exact under concurrency (decisions.md: "with limit N, N concurrent requests pass
 * and request N+1 gets 429, however many instances serve them").
 * - memory and PGlite: 500 concurrent `consume` calls on one store instance;
 * - PostgreSQL: two independently built store layers (two connection pools, as two server
 *   instances would have) on one database share 500 concurrent calls.
 * With a per-minute limit of 50, exactly 50 are admitted.
 */
import { describe, expect, it, layer as layerSuite } from "@effect/vitest"
import { type ConsumeOutcome, UsageStore } from "@sports-data/domain"
import * as MemoryStore from "@sports-data/store-memory"
import { layerPglite, layerPostgres } from "@sports-data/store-sql"
import { Context, Effect, Layer, Option } from "effect"
import { postgresAvailable, testDatabaseUrl } from "../harness/postgres.js"
import { randomKeyHash } from "./fixtures.js"

const CALLS = 500
const LIMIT = 50
const limits = { per_minute: LIMIT, per_day: null, per_month: null }
const now = new Date("2024-11-05T15:30:00Z")

/** Fires CALLS concurrent consumes, spreading them over `stores` in turn. */
const fire = (stores: ReadonlyArray<Context.Tag.Service<UsageStore>>, key: string) =>
  Effect.all(
    Array.from({ length: CALLS }, (_, i) => stores[i % stores.length]!.consume(key, limits, now)),
    { concurrency: "unbounded" }
  )

const admittedOf = (outcomes: ReadonlyArray<ConsumeOutcome>) => outcomes.filter((o) => o.admitted)

const withPostgres = await Effect.runPromise(postgresAvailable)

describe("exact limits under concurrency", () => {
  for (const [label, layer] of [["memory", MemoryStore.layer], ["pglite", layerPglite({})]] as const) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect(`${CALLS} concurrent calls on one instance, limit ${LIMIT}: exactly ${LIMIT} admitted`, () =>
        Effect.gen(function*() {
          const usage = yield* UsageStore
          const key = randomKeyHash()
          const outcomes = yield* fire([usage], key)
          const admitted = admittedOf(outcomes)
          expect(admitted).toHaveLength(LIMIT)
          expect(outcomes.filter((o) => o.blocked_by === "minute")).toHaveLength(CALLS - LIMIT)
          expect(admitted.map((o) => o.counts.minute).sort((a, b) => a - b)).toEqual(
            Array.from({ length: LIMIT }, (_, i) => i + 1)
          )
          expect((yield* usage.peek(key, now)).minute).toBe(LIMIT)
        }))
    })
  }

  it.live.skipIf(!withPostgres)(
    `postgres: ${CALLS} concurrent calls over two separate pools, limit ${LIMIT}: exactly ${LIMIT} admitted`,
    () =>
      Effect.gen(function*() {
        const url = Option.getOrThrow(yield* testDatabaseUrl)
        // Both instances start together: migrations must also cope with that.
        const [a, b] = yield* Effect.all([Layer.build(layerPostgres({ url })), Layer.build(layerPostgres({ url }))], {
          concurrency: 2
        })
        const stores = [Context.get(a, UsageStore), Context.get(b, UsageStore)]
        const key = randomKeyHash()
        const outcomes = yield* fire(stores, key)
        expect(admittedOf(outcomes)).toHaveLength(LIMIT)
        expect(admittedOf(outcomes).map((o) => o.counts.minute).sort((x, y) => x - y)).toEqual(
          Array.from({ length: LIMIT }, (_, i) => i + 1)
        )
        expect((yield* stores[1]!.peek(key, now)).minute).toBe(LIMIT)
      }).pipe(Effect.scoped),
    60_000
  )
})

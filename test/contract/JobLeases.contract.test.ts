/**
 * JobLeases contract: one suite, run on every adapter (memory, PGlite, PostgreSQL when available).
 * Each test uses its own random job name, so tests sharing a store do not see each other's leases.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { JobLeases } from "@sports-data/domain"
import { Effect } from "effect"
import { storeLayers } from "../harness/stores.js"

const entries = await storeLayers()

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 4, 0, seconds))
const jobName = () => `job-${crypto.randomUUID()}`

describe("JobLeases contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("one owner at a time; the holder renews; after expiry or release another takes it", () =>
        Effect.gen(function*() {
          const leases = yield* JobLeases
          const job = jobName()
          const claim = (owner: string, seconds: number) =>
            leases.claim({ job, owner, now: at(seconds), leaseMs: 10_000 })
          expect(yield* claim("a", 0)).toBe(true)
          // held by a until 10 s: b is refused, a renews (now until 19 s)
          expect(yield* claim("b", 5)).toBe(false)
          expect(yield* claim("a", 9)).toBe(true)
          expect(yield* claim("b", 15)).toBe(false)
          // a stopped renewing (killed): after 19 s b takes it
          expect(yield* claim("b", 20)).toBe(true)
          expect(yield* claim("a", 21)).toBe(false)
          // releasing someone else's lease does nothing; releasing one's own frees it at once
          yield* leases.release(job, "a")
          expect(yield* claim("c", 22)).toBe(false)
          yield* leases.release(job, "b")
          expect(yield* claim("c", 22)).toBe(true)
          // leases of other jobs are independent
          expect(yield* leases.claim({ job: jobName(), owner: "a", now: at(22), leaseMs: 10_000 })).toBe(true)
        }))

      it.effect("of many concurrent claims on a free lease exactly one wins", () =>
        Effect.gen(function*() {
          const leases = yield* JobLeases
          const job = jobName()
          const won = yield* Effect.all(
            Array.from({ length: 8 }, (_, i) => leases.claim({ job, owner: `w${i}`, now: at(0), leaseMs: 60_000 })),
            { concurrency: "unbounded" }
          )
          expect(won.filter((w) => w).length).toBe(1)
        }))
    })
  }
})

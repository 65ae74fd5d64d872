/**
 * After an ingestion the thread gives its memory back (wiring Memory.ts, run at the end of
 * Refresh.ts `ingestTracked`): what the ingestion no longer holds is collected at once, not kept
 * until the thread next allocates a lot (no `gc` global is left behind for other code to see), and
 * the C heap's free pages go back to the system, which the process's RSS shows.
 */
import { describe, expect, it } from "@effect/vitest"
import { collectGarbage, trimMalloc } from "@sports-data/wiring"
import { Effect } from "effect"

const MiB = 1024 * 1024

describe("collectGarbage", () => {
  it.effect("frees the heap an ingestion-sized batch of dropped rows held, and exposes no gc global", () =>
    Effect.gen(function*() {
      // about 64 MiB of row objects, held, then dropped
      let rows: Array<{ id: string; stats: Record<string, number> }> | undefined = Array.from(
        { length: 400_000 },
        (_, i) => ({ id: `player-${i}`, stats: { pts: i, reb: i % 13, ast: i % 7 } })
      )
      const held = process.memoryUsage().heapUsed
      expect(rows.length).toBe(400_000)
      rows = undefined
      yield* collectGarbage
      const after = process.memoryUsage().heapUsed
      expect(held - after).toBeGreaterThan(32 * MiB)
      expect((globalThis as { gc?: unknown }).gc).toBeUndefined()
      // a second call reuses the collection function
      yield* collectGarbage
    }))
})

describe("trimMalloc", () => {
  it.live.runIf(process.platform === "linux")(
    "returns freed C-heap pages scattered between live blocks to the system (RSS falls)",
    () =>
      Effect.gen(function*() {
        // 100 MiB of 1 KiB buffers (malloc'd by Node), one in 64 kept alive so that the freed
        // space lies between live blocks, where free() alone never returns it
        const kept: Array<Buffer> = []
        let all: Array<Buffer> | undefined = []
        for (let i = 0; i < 100_000; i++) {
          const b = Buffer.allocUnsafeSlow(1024).fill(1)
          all.push(b)
          if (i % 64 === 0) kept.push(b)
        }
        all = undefined
        yield* collectGarbage
        // V8 frees the buffers' memory on a helper thread after the collection
        yield* Effect.sleep("300 millis")
        const before = process.memoryUsage().rss
        yield* trimMalloc
        const after = process.memoryUsage().rss
        expect(kept.length).toBe(1_563)
        expect(before - after).toBeGreaterThan(48 * MiB)
      })
  )
})

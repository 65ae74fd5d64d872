/**
 * After an ingestion the thread gives its garbage back (wiring Refresh.ts `collectGarbage`, run at
 * the end of `ingestTracked`): what the ingestion no longer holds is collected at once, not kept
 * until the thread next allocates a lot, and no `gc` global is left behind for other code to see.
 */
import { describe, expect, it } from "@effect/vitest"
import { collectGarbage } from "@sports-data/wiring"
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

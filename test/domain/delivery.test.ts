import { describe, expect, it } from "@effect/vitest"
import { Delivery } from "@sports-data/domain"

const ev = (...ids: ReadonlyArray<number>) => ids.map((id) => ({ id }))

describe("Delivery.advance (outbox reader without gap or repeat)", () => {
  it("delivers the consecutive run after the cursor", () => {
    const step = Delivery.advance({ lastId: 3, gapSince: undefined }, ev(4, 5, 6), 0, 2000)
    expect(step.deliver.map((e) => e.id)).toEqual([4, 5, 6])
    expect(step.cursor).toEqual({ lastId: 6, gapSince: undefined })
  })

  it("holds events after a missing id until it commits", () => {
    const held = Delivery.advance({ lastId: 3, gapSince: undefined }, ev(4, 6), 1000, 2000)
    expect(held.deliver.map((e) => e.id)).toEqual([4])
    expect(held.cursor).toEqual({ lastId: 4, gapSince: 1000 })
    // id 5 commits late: delivered in order, nothing skipped
    const late = Delivery.advance(held.cursor, ev(5, 6), 1500, 2000)
    expect(late.deliver.map((e) => e.id)).toEqual([5, 6])
  })

  it("goes past a gap that never fills after the grace, then waits again at the next gap", () => {
    const waiting = Delivery.advance({ lastId: 4, gapSince: 1000 }, ev(6, 7, 9), 2500, 2000)
    expect(waiting.deliver).toEqual([])
    const past = Delivery.advance(waiting.cursor, ev(6, 7, 9), 3000, 2000)
    expect(past.deliver.map((e) => e.id)).toEqual([6, 7])
    expect(past.cursor).toEqual({ lastId: 7, gapSince: 3000 })
  })

  it("frames an event as SSE id, event and one-line JSON data", () => {
    expect(Delivery.sseFrame({ id: 12, name: "player.injured", payload: { player: "A\nB" } })).toBe(
      "id: 12\nevent: player.injured\ndata: {\"player\":\"A\\nB\"}\n\n"
    )
  })
})

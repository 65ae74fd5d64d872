/**
 * The domain's one paging helper (Paging.ts) on in-memory lists, for any rows (fast-check): a
 * walk by cursor returns every row once in order whatever the limit, also when rows are inserted
 * and deleted between pages (every row present throughout comes once); the key order puts nulls
 * last in either direction; a cursor of another scope or a tampered one is refused.
 */
import { describe, expect, it } from "@effect/vitest"
import { InvalidParameter, Paging } from "@sports-data/domain"
import { Effect, Either } from "effect"
import * as fc from "fast-check"

interface Row {
  readonly id: string
  readonly date: string | null
}

// games, newest first: date descending (undated last), then id descending
const spec: Paging.KeySpec<Row> = {
  columns: [Paging.column("string", "desc", true), Paging.column("string", "desc")],
  of: (r) => [r.date, r.id]
}
const sorted = (rows: ReadonlyArray<Row>) =>
  [...rows].sort((a, b) => Paging.compareKeys(spec.of(a), spec.of(b), spec.columns))

const rowArb = fc.record({
  id: fc.string({ minLength: 1, maxLength: 4 }),
  date: fc.option(fc.constantFrom("2024-01-01", "2024-01-02", "2024-02-01"), { nil: null })
})
const rowsArb = fc.uniqueArray(rowArb, { selector: (r) => r.id, maxLength: 40 })

const run = <A>(e: Effect.Effect<A, InvalidParameter>) => Effect.runSync(e)

describe("Paging", () => {
  it("orders nulls after every value, in either direction", () => {
    const rows = sorted([{ id: "a", date: null }, { id: "b", date: "2024-01-01" }, { id: "c", date: "2024-02-01" }])
    expect(rows.map((r) => r.id)).toEqual(["c", "b", "a"])
    const asc = [Paging.column("string", "asc", true)]
    expect(Paging.compareKeys([null], ["2024"], asc)).toBeGreaterThan(0)
    expect(Paging.compareKeys(["2023"], ["2024"], asc)).toBeLessThan(0)
  })

  it("a walk by cursor returns every row once, in order, and ends", () => {
    fc.assert(
      fc.property(rowsArb, fc.integer({ min: 1, max: 7 }), (rows, limit) => {
        const list = sorted(rows)
        const seen: Array<Row> = []
        let cursor: string | undefined
        let pages = 0
        for (;;) {
          const page = run(Paging.pageRows(list, spec, "games", { limit, offset: 0, cursor }))
          expect(page.rows.length).toBeLessThanOrEqual(limit)
          expect(page.total).toBe(list.length)
          seen.push(...page.rows)
          pages++
          if (page.next_cursor === null) break
          cursor = page.next_cursor
        }
        expect(seen).toEqual(list)
        expect(pages).toBe(Math.max(1, Math.ceil(list.length / limit)))
      })
    )
  })

  it("rows inserted or deleted between pages: every row present throughout comes once, in order", () => {
    fc.assert(
      fc.property(rowsArb, rowsArb, fc.integer({ min: 1, max: 5 }), (start, changes, limit) => {
        let list = sorted(start)
        const kept = new Set(list.map((r) => r.id))
        const seen: Array<string> = []
        let cursor: string | undefined
        let step = 0
        for (;;) {
          const page = run(Paging.pageRows(list, spec, "games", { limit, offset: 0, cursor }))
          seen.push(...page.rows.map((r) => r.id))
          if (page.next_cursor === null) break
          cursor = page.next_cursor
          // a concurrent write: insert one row and delete another
          const add = changes[step++]
          if (add !== undefined && !list.some((r) => r.id === add.id)) list = sorted([...list, add])
          const gone = list[step % Math.max(1, list.length)]
          if (gone !== undefined) {
            kept.delete(gone.id)
            list = list.filter((r) => r.id !== gone.id)
          }
        }
        expect(new Set(seen).size).toBe(seen.length)
        const survivors = sorted(start).filter((r) => kept.has(r.id)).map((r) => r.id)
        expect(seen.filter((id) => kept.has(id))).toEqual(survivors)
      })
    )
  })

  it("refuses a cursor of another list or filters, a tampered one, and offset beside a cursor", () => {
    const list = sorted([{ id: "a", date: "2024-01-01" }, { id: "b", date: "2024-01-02" }, { id: "c", date: null }])
    const scope = Paging.scopeOf("nfl.games", { season: 2024 })
    const next = run(Paging.pageRows(list, spec, scope, { limit: 1, offset: 0 })).next_cursor!
    const refused = (s: string, cursor: string, offset = 0) =>
      Effect.runSync(Effect.either(Paging.pageRows(list, spec, s, { limit: 1, offset, cursor })))
    for (
      const [s, cursor] of [
        [Paging.scopeOf("nfl.games", { season: 2023 }), next],
        [Paging.scopeOf("nba.games", { season: 2024 }), next],
        [scope, next.slice(0, -2)],
        [scope, "eyJsIjoiMSIsImsiOjF9"],
        [scope, Paging.encodeCursor(scope, [1, "a"])],
        [scope, Paging.encodeCursor(scope, ["2024-01-01"])]
      ] as const
    ) {
      const result = refused(s, cursor)
      expect(Either.isLeft(result)).toBe(true)
      if (Either.isLeft(result)) expect(result.left.parameter).toBe("cursor")
    }
    const withOffset = refused(scope, next, 1)
    expect(Either.isLeft(withOffset) && withOffset.left.parameter).toBe("offset")
    expect(run(Paging.pageRows(list, spec, scope, { limit: 5, offset: 0, cursor: next })).rows).toEqual(list.slice(1))
  })

  it("allRows reads a short list in one call, a long one in two (its first page, then the whole list)", () => {
    const read = (size: number) => {
      const rows = Array.from({ length: size }, (_, i) => i)
      const calls: Array<{ limit: number; offset: number }> = []
      const all = Effect.runSync(
        Paging.allRows((page) => {
          calls.push(page)
          return Effect.succeed({ total: rows.length, rows: rows.slice(page.offset, page.offset + page.limit) })
        })
      )
      expect(all).toEqual(rows)
      return calls
    }
    expect(read(0)).toEqual([{ limit: Paging.ALL_ROWS_FIRST, offset: 0 }])
    expect(read(Paging.ALL_ROWS_FIRST - 1)).toEqual([{ limit: Paging.ALL_ROWS_FIRST, offset: 0 }])
    expect(read(Paging.ALL_ROWS_FIRST)).toEqual([{ limit: Paging.ALL_ROWS_FIRST, offset: 0 }])
    expect(read(2345)).toEqual([{ limit: Paging.ALL_ROWS_FIRST, offset: 0 }, { limit: 2345, offset: 0 }])
  })
})

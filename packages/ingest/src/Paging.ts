/**
 * Reading every row of a paged store query in as few calls as possible.
 * @module
 */
import type { Page, Paged } from "@sports-data/domain"
import { Effect } from "effect"

/**
 * Every row `find` matches, in its order: a call for the total alone (limit 0), then all the rows
 * in one more call (more calls only if rows were added in between). Each call of a SQL store
 * counts and sorts every matching row again, so fixed-size pages would make a full read
 * quadratic in the number of rows. Fails as `find` does.
 */
export const allRows = <A, E, R>(
  find: (page: Page) => Effect.Effect<Paged<A>, E, R>
): Effect.Effect<ReadonlyArray<A>, E, R> =>
  Effect.gen(function*() {
    let rows: Array<A> = []
    let total = (yield* find({ limit: 0, offset: 0 })).total
    while (rows.length < total) {
      const limit = total - rows.length
      const page = yield* find({ limit, offset: rows.length })
      rows = rows.concat(page.rows)
      if (page.rows.length < limit) break
      total = page.total
    }
    return rows
  })

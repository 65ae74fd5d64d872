/**
 * Reading every row of a paged store query in as few calls as possible.
 * @module
 */
import type { Page, Paged } from "@sports-data/domain"
import { Effect } from "effect"

/** Rows of the first call of {@link allRows}. */
const FIRST_PAGE = 5000

/**
 * Every row `find` matches, in its order: a first page of 5000 rows, whose total says how many
 * remain, then all the remaining rows in one more call (more calls only if rows were added in
 * between). Each call of a SQL store counts and sorts every matching row again, so fixed-size
 * pages would make a full read quadratic in the number of rows. Fails as `find` does.
 */
export const allRows = <A, E, R>(
  find: (page: Page) => Effect.Effect<Paged<A>, E, R>
): Effect.Effect<ReadonlyArray<A>, E, R> =>
  Effect.gen(function*() {
    let rows: Array<A> = []
    for (let limit = FIRST_PAGE;;) {
      const page = yield* find({ limit, offset: rows.length })
      rows = rows.concat(page.rows)
      if (page.rows.length < limit || rows.length >= page.total) return rows
      limit = Math.max(FIRST_PAGE, page.total - rows.length)
    }
  })

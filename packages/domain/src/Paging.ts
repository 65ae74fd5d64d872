/**
 * Paging, written once: reading every row of a paged store query ({@link allRows}), and pages
 * of a list addressed by `limit` with either `offset` or an opaque `cursor` ({@link keyedPage}
 * over a store query, {@link pageRows} over rows already in memory). Every list endpoint and the
 * ingest phases page through these.
 *
 * - **Order.** A list's order is its {@link KeySpec}: a sort key per row (strings compare by code
 *   unit, numbers numerically, a null after every value in either direction), the last column
 *   unique (an id), so the order is total and stable.
 * - **Cursor (keyset).** A page's `next_cursor` holds the sort key of its last row; the next page
 *   is the rows strictly after that key. Rows written or deleted meanwhile (a concurrent ingest)
 *   neither repeat nor skip the rows that stay: a walk by cursor returns every row present from
 *   start to end exactly once, in order (a row whose own key changes meanwhile moves in the
 *   order: a walk may meet it twice or miss it). An offset, by contrast, shifts when rows are
 *   added before it.
 * - **Scope.** A cursor is bound to one list and its filters (the `scope` string its endpoint
 *   gives); presented to another list, or with other filters, it is refused with
 *   InvalidParameter (`cursor`), as is a malformed one. It is opaque, not secret: base64url of a
 *   small JSON value, carrying no caller data.
 * - **Bounds.** `limit` rows at most (the endpoint's documented maximum applies before this);
 *   `next_cursor` is null on the last page (found by reading one row past `limit`).
 * @module
 */
import { Effect } from "effect"
import { InvalidParameter } from "./Errors.js"
import type { Page, Paged } from "./ports/Queries.js"

// ---------------------------------------------------------------------------------------------
// Every row
// ---------------------------------------------------------------------------------------------

/**
 * Rows of the first call of {@link allRows}: most full reads (a team's players, an event's
 * entries) hold fewer. Small because a SQL store builds a page into one JSON value, and rows can
 * be wide (golf events of 5 kB: 1,000 of them grew PGlite's memory, which never shrinks, by
 * 50 MiB; test/contract/pglite-thread.test.ts).
 */
export const ALL_ROWS_FIRST = 250

/**
 * Every row `find` matches, in its order: a first call for at most {@link ALL_ROWS_FIRST} rows,
 * which answers a read of that many or fewer in one call (each call is a store round trip); a
 * longer read is read again whole in one more call, after the total the first call answered
 * (more calls only if rows were added in between), so that a store reads a long list in one
 * request of its size (a SQL store builds one JSON value only for a page of a few thousand rows,
 * store-sql Readers.ts `JSON_PAGE_MAX`). Each call of a SQL store counts and sorts every matching
 * row again, so fixed-size pages would make a full read quadratic in the number of rows. Fails as
 * `find` does.
 */
export const allRows = <A, E, R>(
  find: (page: Page) => Effect.Effect<Paged<A>, E, R>
): Effect.Effect<ReadonlyArray<A>, E, R> =>
  Effect.gen(function*() {
    const first = yield* find({ limit: ALL_ROWS_FIRST, offset: 0 })
    if (first.rows.length < ALL_ROWS_FIRST || first.total <= ALL_ROWS_FIRST) return first.rows
    let rows: Array<A> = []
    let total = first.total
    while (rows.length < total) {
      const limit = total - rows.length
      const page = yield* find({ limit, offset: rows.length })
      rows = rows.concat(page.rows)
      if (page.rows.length < limit) break
      total = page.total
    }
    return rows
  })

// ---------------------------------------------------------------------------------------------
// Sort keys
// ---------------------------------------------------------------------------------------------

/** A position in a list's order: the sort key values of one row (see {@link KeySpec}). */
export type SortKey = ReadonlyArray<string | number | null>

/** One column of a sort key: its type, whether it may be null, and its direction. */
export interface KeyColumn {
  readonly type: "string" | "number"
  readonly nullable: boolean
  readonly direction: "asc" | "desc"
}

/**
 * A list's order as a sort key: `columns` in significance order (the last one unique, so that
 * no two rows share a key) and `of`, the key of a row.
 */
export interface KeySpec<A> {
  readonly columns: ReadonlyArray<KeyColumn>
  readonly of: (row: A) => SortKey
}

/** A column of a {@link KeySpec}: `type`, direction (default ascending), nullable (default not). */
export const column = (
  type: KeyColumn["type"],
  direction: KeyColumn["direction"] = "asc",
  nullable = false
): KeyColumn => ({ type, direction, nullable })

/**
 * Negative, zero or positive as key `a` comes before, with, or after key `b` in the order of
 * `columns`: per column, strings by code unit, numbers numerically, reversed for a descending
 * column, a null after every value in either direction.
 */
export const compareKeys = (a: SortKey, b: SortKey, columns: ReadonlyArray<KeyColumn>): number => {
  for (let i = 0; i < columns.length; i++) {
    const x = a[i] ?? null
    const y = b[i] ?? null
    if (x === y) continue
    if (x === null) return 1
    if (y === null) return -1
    const c = x < y ? -1 : 1
    return columns[i]!.direction === "asc" ? c : -c
  }
  return 0
}

// ---------------------------------------------------------------------------------------------
// Cursors
// ---------------------------------------------------------------------------------------------

/** Longest cursor accepted (characters); a real one is far shorter. */
const MAX_CURSOR_LENGTH = 2048

/** FNV-1a (32 bits, base 36) of `s`: a short tag of a scope, to tell lists apart (not a secret). */
const tagOf = (s: string): string => {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(36)
}

const toBase64Url = (text: string): string => {
  let binary = ""
  for (const b of new TextEncoder().encode(text)) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

const fromBase64Url = (s: string): string => {
  const binary = atob(s.replace(/-/g, "+").replace(/_/g, "/"))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return new TextDecoder().decode(bytes)
}

/** The cursor of the position `key` in the list `scope` (base64url, no padding). */
export const encodeCursor = (scope: string, key: SortKey): string =>
  toBase64Url(JSON.stringify({ l: tagOf(scope), k: key }))

const invalidCursor = (reason: string) => new InvalidParameter({ parameter: "cursor", reason })

/**
 * The sort key a cursor of list `scope` holds. Fails with InvalidParameter (`cursor`) when it is
 * not a cursor this service wrote ("must be a next_cursor ..."), or one of another list or of
 * other filters ("belongs to another list ..."), or its key does not fit `spec`.
 */
export const decodeCursor = (
  cursor: string,
  scope: string,
  spec: KeySpec<any>
): Effect.Effect<SortKey, InvalidParameter> => {
  const malformed = invalidCursor("must be a next_cursor value of this list, passed unchanged")
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) {
    return Effect.fail(malformed)
  }
  let value: unknown
  try {
    value = JSON.parse(fromBase64Url(cursor))
  } catch {
    return Effect.fail(malformed)
  }
  if (typeof value !== "object" || value === null || !("l" in value) || !("k" in value)) return Effect.fail(malformed)
  if (value.l !== tagOf(scope)) {
    return Effect.fail(
      invalidCursor("belongs to another list or to other filters; repeat the request without cursor to start again")
    )
  }
  const key = value.k
  const fits = Array.isArray(key) && key.length === spec.columns.length &&
    spec.columns.every((c, i) => (key[i] === null ? c.nullable : typeof key[i] === c.type))
  return fits ? Effect.succeed(key as SortKey) : Effect.fail(malformed)
}

// ---------------------------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------------------------

/**
 * What a caller asks of a list: at most `limit` rows (≥ 1), from `offset` (rows to skip, ≥ 0)
 * or, when `cursor` is given, after the position it names (then `offset` must be 0).
 */
export interface PageRequest {
  readonly limit: number
  readonly offset: number
  readonly cursor?: string | undefined
}

/**
 * A page of a list: its `rows`, `total` (rows the list holds under its filters, before paging),
 * and `next_cursor`: the cursor of the page after it, null when this page is the last.
 */
export interface CursorPage<A> {
  readonly rows: ReadonlyArray<A>
  readonly total: number
  readonly next_cursor: string | null
}

/** The store paging of a keyset read: a {@link Page}, and `after`, the key rows must follow. */
export interface KeyedPage extends Page {
  readonly after?: SortKey | undefined
}

/** The sort key after which a request starts (none without a cursor); InvalidParameter as {@link decodeCursor}, or for offset with cursor. */
const startOf = (request: PageRequest, scope: string, spec: KeySpec<any>) =>
  request.cursor === undefined
    ? Effect.succeed(undefined)
    : request.offset !== 0
    ? Effect.fail(new InvalidParameter({ parameter: "offset", reason: "cannot be combined with cursor" }))
    : decodeCursor(request.cursor, scope, spec)

/** The page of `rows`, read one past `limit`: the first `limit` and the cursor after the last. */
const pageOf = <A>(rows: ReadonlyArray<A>, total: number, limit: number, scope: string, spec: KeySpec<A>) => {
  const kept = rows.slice(0, limit)
  const last = kept.at(-1)
  return {
    rows: kept,
    total,
    next_cursor: rows.length > limit && last !== undefined ? encodeCursor(scope, spec.of(last)) : null
  } satisfies CursorPage<A>
}

/**
 * The page `request` asks of a store query `find`, whose rows come in the order of `spec` and
 * which honours `after` (the keyset: only rows strictly after that key). One store call, for
 * `limit + 1` rows. Fails with InvalidParameter for a bad cursor (see {@link decodeCursor}) or
 * an offset beside a cursor, else as `find` does.
 */
export const keyedPage = <A, E, R>(
  find: (page: KeyedPage) => Effect.Effect<Paged<A>, E, R>,
  spec: KeySpec<A>,
  scope: string,
  request: PageRequest
): Effect.Effect<CursorPage<A>, E | InvalidParameter, R> =>
  Effect.gen(function*() {
    const after = yield* startOf(request, scope, spec)
    const limit = Math.max(0, Math.trunc(request.limit))
    const page = yield* find({ limit: limit + 1, offset: after === undefined ? request.offset : 0, after })
    return pageOf(page.rows, page.total, limit, scope, spec)
  })

/**
 * `limit` rows from `offset` of `rows`, a whole list computed in memory that pages by offset only
 * (a game's plays, a slate's salaries), with the total before paging.
 */
export const offsetPage = <A>(
  rows: ReadonlyArray<A>,
  request: { readonly limit: number; readonly offset: number }
): { readonly rows: ReadonlyArray<A>; readonly total: number } => {
  const from = Math.max(0, Math.trunc(request.offset))
  return { rows: rows.slice(from, from + Math.max(0, Math.trunc(request.limit))), total: rows.length }
}

/**
 * The page `request` asks of `rows`, a whole list already in the order of `spec` (computed in
 * memory: odds history, trends). InvalidParameter as {@link keyedPage}.
 */
export const pageRows = <A>(
  rows: ReadonlyArray<A>,
  spec: KeySpec<A>,
  scope: string,
  request: PageRequest
): Effect.Effect<CursorPage<A>, InvalidParameter> =>
  Effect.map(startOf(request, scope, spec), (after) => {
    const limit = Math.max(0, Math.trunc(request.limit))
    const from = after === undefined
      ? Math.max(0, request.offset)
      : firstAfter(rows, (r) => compareKeys(spec.of(r), after, spec.columns) > 0)
    return pageOf(rows.slice(from, from + limit + 1), rows.length, limit, scope, spec)
  })

/** The index of the first row of the sorted `rows` for which `isAfter` holds (binary search). */
const firstAfter = <A>(rows: ReadonlyArray<A>, isAfter: (row: A) => boolean): number => {
  let lo = 0
  let hi = rows.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (isAfter(rows[mid]!)) hi = mid
    else lo = mid + 1
  }
  return lo
}

/**
 * The rows of `rows` strictly after `after` in the order of `spec` (all of them when `after` is
 * undefined): the keyset filter of an in-memory store adapter, applied before sorting and paging.
 */
export const rowsAfter = <A>(rows: ReadonlyArray<A>, spec: KeySpec<A>, after: SortKey | undefined): Array<A> =>
  after === undefined ? [...rows] : rows.filter((r) => compareKeys(spec.of(r), after, spec.columns) > 0)

/**
 * The scope of a list: its name and its filters (undefined ones left out, keys sorted), so that
 * a cursor is refused by another list or under other filters.
 */
export const scopeOf = (list: string, filters: Readonly<Record<string, unknown>>): string =>
  `${list}?${
    JSON.stringify(Object.keys(filters).sort().filter((k) => filters[k] !== undefined).map((k) => [k, filters[k]]))
  }`

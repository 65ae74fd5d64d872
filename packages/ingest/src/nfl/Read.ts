/**
 * Row parsing for the nfl files, on the shared reader (Rows.ts: progress per file, field-count
 * check, malformed rows reported with file and line).
 * @module
 */
import { Effect, Either } from "effect"
import { type CsvFileError, type CsvRow, num } from "../Csv.js"
import type { ProgressReporter } from "../Progress.js"
import type { SkippedRow } from "../Report.js"
import { readRows } from "../Rows.js"

/** What a row parser returns: a record, a malformed-row reason, or `ignore` for a row of no use (e.g. an old season). */
export type ParseResult<A> = { readonly ok: A } | { readonly bad: string } | "ignore"

/** The records of one file (each with its line) and the rows skipped as malformed. */
export interface ParsedFile<A> {
  readonly file: string
  readonly records: ReadonlyArray<A & { readonly line: number }>
  readonly skipped: ReadonlyArray<SkippedRow>
  readonly rows: number
}

/** Reads `file` through `parse` with {@link readRows}. Fails only when the file cannot be read at all. */
export const readFile = <A>(
  file: string,
  parse: (row: CsvRow) => ParseResult<A>
): Effect.Effect<ParsedFile<A>, CsvFileError, ProgressReporter> =>
  readRows(file, (row) => {
    const r = parse(row)
    return r === "ignore"
      ? Either.right(null)
      : "ok" in r
      ? Either.right({ ...r.ok, line: row.line })
      : Either.left(r.bad)
  }).pipe(
    Effect.map((f) => ({ file, records: f.rows, skipped: f.skipped, rows: f.read })),
    Effect.tap((f) =>
      f.skipped.length === 0 ? Effect.void : Effect.logWarning("malformed rows skipped").pipe(
        Effect.annotateLogs({ file, skipped: f.skipped.length })
      )
    ),
    Effect.withSpan("Nfl.readFile", { attributes: { file } })
  )

/** Thrown inside a row parser to reject the row; caught by {@link parser}. */
class Bad {
  constructor(readonly reason: string) {}
}

/** Rejects the current row as malformed with `reason` (use inside a {@link parser} body). */
export const bad = (reason: string): never => {
  throw new Bad(reason)
}

/** Wraps a row function that may call {@link bad}; returns "ignore" when the function returns undefined. */
export const parser = <A>(f: (row: CsvRow) => A | undefined) => (row: CsvRow): ParseResult<A> => {
  try {
    const a = f(row)
    return a === undefined ? "ignore" : { ok: a }
  } catch (e) {
    if (e instanceof Bad) return { bad: e.reason }
    throw e
  }
}

/** A required non-empty field, else the row is malformed. */
export const req = (row: CsvRow, name: string): string => {
  const v = row.fields[name]?.trim()
  return v === undefined || v === "" ? bad(`missing ${name}`) : v
}

/** A required integer field (e.g. "2024", "3.0"), else the row is malformed. */
export const reqInt = (row: CsvRow, name: string): number => {
  const v = req(row, name)
  const n = Number(v)
  return Number.isInteger(n) ? n : bad(`${name} is not an integer: ${JSON.stringify(v)}`)
}

/**
 * An optional number: blank or a missing marker gives `blank` (undefined by default); any other
 * non-numeric text makes the row malformed.
 */
export function optNum(row: CsvRow, name: string): number | undefined
export function optNum(row: CsvRow, name: string, blank: number): number
export function optNum(row: CsvRow, name: string, blank?: number): number | undefined {
  const raw = row.fields[name]
  const n = num(row, name)
  if (n !== undefined) return n
  const t = raw?.trim() ?? ""
  if (t === "" || t === "NA" || t === "NULL" || t === "null" || t === "nan" || t === "NaN" || t === "None") {
    return blank
  }
  return bad(`${name} is not a number: ${JSON.stringify(t)}`)
}

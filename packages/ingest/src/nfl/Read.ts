/**
 * Reads one CSV file into parsed records, reporting progress per file and collecting malformed
 * rows (file, line, reason) instead of failing.
 * @module
 */
import { Effect, Stream } from "effect"
import { stat } from "node:fs/promises"
import { type CsvFileError, type CsvRow, fieldCountProblem, num, readCsv } from "../Csv.js"
import { ProgressReporter } from "../Progress.js"
import type { SkippedRow } from "../Report.js"

/** What a row parser returns: a record, a malformed-row reason, or `ignore` for a row of no use (e.g. a bye week). */
export type ParseResult<A> = { readonly ok: A } | { readonly bad: string } | "ignore"

/** The records of one file, the rows skipped as malformed, and how many data rows it has. */
export interface ParsedFile<A> {
  readonly file: string
  readonly records: ReadonlyArray<A & { readonly line: number }>
  readonly skipped: ReadonlyArray<SkippedRow>
  readonly rows: number
}

const progressEvery = 5000

/**
 * Streams `file` through `parse`. A row whose field count differs from the header's is skipped as
 * malformed before `parse` sees it. Fails only when the file cannot be read at all.
 */
export const readFile = <A>(
  file: string,
  parse: (row: CsvRow) => ParseResult<A>
): Effect.Effect<ParsedFile<A>, CsvFileError, ProgressReporter> =>
  Effect.gen(function*() {
    const progress = yield* ProgressReporter
    const size = yield* Effect.promise(() => stat(file).then((s) => s.size, () => 0))
    yield* progress.fileStarted(file, size)
    const records: Array<A & { readonly line: number }> = []
    const skipped: Array<SkippedRow> = []
    let rows = 0
    yield* readCsv(file).pipe(
      Stream.runForEach((row) => {
        rows++
        const shape = fieldCountProblem(row)
        if (shape !== undefined) {
          skipped.push({ file, line: row.line, reason: shape })
        } else {
          const r = parse(row)
          if (r !== "ignore") {
            if ("ok" in r) records.push({ ...r.ok, line: row.line })
            else skipped.push({ file, line: row.line, reason: r.bad })
          }
        }
        return rows % progressEvery === 0 ? progress.fileProgress(file, row.bytes ?? 0, rows) : Effect.void
      })
    )
    yield* progress.fileFinished(file, rows)
    if (skipped.length > 0) {
      yield* Effect.logWarning("malformed rows skipped").pipe(
        Effect.annotateLogs({ file, skipped: skipped.length })
      )
    }
    return { file, records, skipped, rows }
  }).pipe(Effect.withSpan("Nfl.readFile", { attributes: { file } }))

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

/**
 * Reading one source file into parsed rows, with per-file progress and a report of every
 * malformed row (file, line, reason). Shared by the source adapters (written for nba and mlb;
 * usable by any).
 * @module
 */
import { isCalendarDate } from "@sports-data/domain"
import { Effect, Either, Stream } from "effect"
import { readdir, stat } from "node:fs/promises"
import { join } from "node:path"
import { type CsvFileError, type CsvRow, field, fieldCountProblem, readCsv } from "./Csv.js"
import { ProgressReporter } from "./Progress.js"
import type { SkippedRow } from "./Report.js"

/**
 * A row parser: `Right(value)` keeps the row, `Right(null)` ignores a well-formed row that the
 * adapter does not need (not counted as skipped), `Left(reason)` reports it as malformed.
 * Parsers are pure; one that throws has its row reported with the exception's message.
 */
export type RowParser<A> = (row: CsvRow) => Either.Either<A | null, string>

/** The parsed rows of one file: kept values (each with its line), rows read, and rows skipped. */
export interface FileRows<A> {
  readonly file: string
  readonly rows: ReadonlyArray<A>
  readonly read: number
  readonly skipped: ReadonlyArray<SkippedRow>
}

/** How many rows between two `fileProgress` events. */
const progressEvery = 5000

/**
 * Reads `file` (CSV with a header) through `parse`. Reports `fileStarted` (with the file's size
 * in bytes), `fileProgress` each time the count of rows read passes a multiple of 5,000 (with
 * the bytes and rows read so far) and `fileFinished` to the {@link ProgressReporter}.
 * A row whose field count differs from the header's is reported as malformed before `parse`
 * sees it. Fails with CsvFileError only when the file cannot be read or is not CSV.
 */
export const readRows = <A>(
  file: string,
  parse: RowParser<A>
): Effect.Effect<FileRows<A>, CsvFileError, ProgressReporter> =>
  Effect.gen(function*() {
    const progress = yield* ProgressReporter
    const size = yield* Effect.promise(() => stat(file).then((s) => s.size, () => 0))
    yield* progress.fileStarted(file, size)
    const rows: Array<A> = []
    const skipped: Array<SkippedRow> = []
    let read = 0
    yield* readCsv(file).pipe(
      Stream.runForEachChunk((chunk) => {
        const before = read
        let bytes = 0
        for (const row of chunk) {
          read++
          bytes = row.bytes ?? bytes
          const problem = fieldCountProblem(row)
          if (problem !== undefined) {
            skipped.push({ file, line: row.line, reason: problem })
            continue
          }
          let verdict: Either.Either<A | null, string>
          try {
            verdict = parse(row)
          } catch (e) {
            verdict = Either.left(`unexpected: ${e instanceof Error ? e.message : String(e)}`)
          }
          if (Either.isLeft(verdict)) skipped.push({ file, line: row.line, reason: verdict.left })
          else if (verdict.right !== null) rows.push(verdict.right)
        }
        // one event per chunk that crosses a multiple of progressEvery
        return Math.floor(read / progressEvery) > Math.floor(before / progressEvery)
          ? progress.fileProgress(file, bytes, read)
          : Effect.void
      })
    )
    yield* progress.fileFinished(file, read)
    return { file, rows, read, skipped }
  })

/**
 * Reads each of `files` with {@link readRows}, in order; `parse` chooses the row parser per file
 * (e.g. from the season in its name).
 */
export const readEach = <A>(
  files: ReadonlyArray<string>,
  parse: (file: string) => RowParser<A>
): Effect.Effect<ReadonlyArray<FileRows<A>>, CsvFileError, ProgressReporter> =>
  Effect.forEach(files, (file) => readRows(file, parse(file)))

/** The kept rows of several files, in file order. */
export const keptRows = <A>(files: ReadonlyArray<FileRows<A>>): ReadonlyArray<A> => files.flatMap((f) => f.rows)

/** Rows read and rows skipped over the files of several sources (e.g. every source of one entity). */
export const sourceCounts = (
  sources: ReadonlyArray<ReadonlyArray<FileRows<unknown>>>
): { readonly read: number; readonly skipped: ReadonlyArray<SkippedRow> } => {
  const files = sources.flat()
  return { read: files.reduce((n, f) => n + f.read, 0), skipped: files.flatMap((f) => f.skipped) }
}

/** Every file of a by-role listing (such as the result of `nbaFiles`), sorted by path. */
export const allListed = <F extends { readonly [K in keyof F]: ReadonlyArray<string> }>(
  files: F
): ReadonlyArray<string> => (Object.values(files) as Array<ReadonlyArray<string>>).flat().sort()

/** The folders {@link listFiles} found unreadable and has warned of since they were last readable. */
const unreadableWarned = new Set<string>()

/**
 * The files of `dir` whose name matches `pattern`, as full paths sorted by name. A missing or
 * unreadable folder gives an empty list: a source that is absent is not an error, its data is
 * simply not ingested. It is logged as a warning once, not at every listing of the folder (each
 * sport lists a folder for several patterns, and every refresh pass lists them again), and again
 * only after the folder was readable in between.
 */
export const listFiles = (dir: string, pattern: RegExp): Effect.Effect<ReadonlyArray<string>> =>
  Effect.tryPromise(() => readdir(dir)).pipe(
    Effect.map((names) => {
      unreadableWarned.delete(dir)
      return names.filter((n) => pattern.test(n)).sort().map((n) => join(dir, n))
    }),
    Effect.catchAll((e) => {
      const empty = Effect.succeed([] as ReadonlyArray<string>)
      if (unreadableWarned.has(dir)) return empty
      unreadableWarned.add(dir)
      return Effect.logWarning("source folder not readable; its files are not ingested").pipe(
        Effect.annotateLogs({ dir, reason: String(e.error) }),
        Effect.zipRight(empty)
      )
    })
  )

/** The `YYYY-MM-DD` date `days` days after `date` (negative for before). */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/**
 * Reads numeric columns into a record keyed by stat name: `columns` maps each stat key to its
 * column. A blank or missing-marker cell gives null; a cell that is not a number makes the row
 * malformed (`Left` with the column and the bad value).
 */
export const numbers = <K extends string>(
  row: CsvRow,
  columns: Readonly<Record<K, string>>
): Either.Either<Record<K, number | null>, string> => {
  const out = {} as Record<K, number | null>
  for (const key of Object.keys(columns) as Array<K>) {
    const column = columns[key]
    const raw = field(row, column)
    if (raw === undefined) {
      out[key] = null
      continue
    }
    const n = Number(raw)
    if (!Number.isFinite(n)) return Either.left(`${column} is not a number: ${JSON.stringify(raw)}`)
    out[key] = n
  }
  return Either.right(out)
}

/** A numeric column as is (not rounded): null when blank or a missing marker, `Left` when not a number. */
export const optionalNumber = (row: CsvRow, column: string): Either.Either<number | null, string> => {
  const raw = field(row, column)
  if (raw === undefined) return Either.right(null)
  const n = Number(raw)
  return Number.isFinite(n) ? Either.right(n) : Either.left(`${column} is not a number: ${JSON.stringify(raw)}`)
}

/** A column's trimmed value, or `Left("<column> is missing")` when blank or a missing marker. */
export const required = (row: CsvRow, column: string): Either.Either<string, string> => {
  const v = field(row, column)
  return v === undefined ? Either.left(`${column} is missing`) : Either.right(v)
}

/**
 * A required column mapped through `read`: Left `<column> is not <what>: "<value>"` when `read`
 * gives undefined (an unknown team name, a malformed id).
 */
export const requiredAs = <A>(
  row: CsvRow,
  column: string,
  what: string,
  read: (value: string) => A | undefined
): Either.Either<A, string> =>
  Either.flatMap(required(row, column), (v) => {
    const a = read(v)
    return a === undefined ? Either.left(`${column} is not ${what}: ${JSON.stringify(v)}`) : Either.right(a)
  })

/** A positive integer id (`"0042"` reads `"42"`), as its decimal string; undefined otherwise. */
export const positiveIntId = (value: string): string | undefined => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? String(n) : undefined
}

/** A required `YYYY-MM-DD` date column (see domain `isCalendarDate`). */
export const requiredDate = (row: CsvRow, column: string): Either.Either<string, string> =>
  Either.flatMap(
    required(row, column),
    (v) => isCalendarDate(v) ? Either.right(v) : Either.left(`${column} is not a date: ${JSON.stringify(v)}`)
  )

/** A copy of a record with its keys sorted, so equal content is equal JSON whatever the source order. */
export const sortKeys = <V>(o: Readonly<Record<string, V>>): Record<string, V> => {
  const out: Record<string, V> = {}
  // the default sort orders strings by UTF-16 code units, as `<` does
  for (const k of Object.keys(o).sort()) out[k] = o[k]!
  return out
}

/**
 * CSV reading for every source adapter, on csv-parse (a well-kept library), as an Effect Stream.
 * @module
 */
import { Parser } from "csv-parse"
import { Chunk, Data, Effect, Stream } from "effect"
import { createReadStream } from "node:fs"
import { stat } from "node:fs/promises"
import { pipeline } from "node:stream"
import { finished } from "node:stream/promises"
import { createGunzip } from "node:zlib"

/**
 * A CSV record with its header-keyed fields and the 1-based line where it starts in the file.
 * `bytes` is how far into the file the parser has read (for progress); `fieldCount` and
 * `columnCount` are the number of fields on the line and in the header (they differ on a
 * malformed line: extra fields are dropped from `fields`, missing ones are absent).
 */
export interface CsvRow {
  readonly file: string
  readonly line: number
  readonly fields: Readonly<Record<string, string>>
  readonly bytes?: number
  readonly fieldCount?: number
  readonly columnCount?: number
}

/** The file could not be opened or is not CSV at all (a whole-file failure, not a bad row). */
export class CsvFileError extends Data.TaggedError("CsvFileError")<{
  readonly file: string
  readonly reason: string
}> {}

/**
 * csv-parse's stream parser (records as arrays of fields, the first one the header) that keeps
 * each record as a {@link CsvRow} in `batch` at the moment csv-parse hands it over, reading the
 * line and byte counts from the parser's live `info` then (the values `info: true` would copy
 * into every record, without the copies).
 */
class RowCollector extends Parser {
  batch: Array<CsvRow> = []
  private header: ReadonlyArray<string> | undefined

  constructor(readonly file: string) {
    // Records end at CRLF or LF: csv-parse otherwise takes the first line's ending for the whole
    // file, and a file mixing both (the NHL player logs) would glue an LF row onto the next one.
    super({
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ["\r\n", "\n"]
    })
  }

  /** Called by the parser once per record, and with null at the end of the input. */
  override push(record: unknown): boolean {
    if (record === null) return super.push(null)
    const values = record as ReadonlyArray<string>
    const header = this.header
    if (header === undefined) {
      this.header = values
      return true
    }
    // as csv-parse's `columns: true`: fields beyond the header are dropped, missing ones absent,
    // a repeated column name keeps its last field
    const fields: Record<string, string> = {}
    const n = Math.min(values.length, header.length)
    for (let i = 0; i < n; i++) fields[header[i]!] = values[i]!
    this.batch.push({
      file: this.file,
      line: this.info.lines,
      fields,
      bytes: this.info.bytes,
      fieldCount: values.length,
      columnCount: header.length
    })
    return true
  }
}

/**
 * The rows of `file` in batches: all csv-parse produced from one block the file stream read
 * (64 KiB), so the consumer handles a few hundred rows per step instead of one.
 */
async function* rowBatches(file: string): AsyncGenerator<ReadonlyArray<CsvRow>> {
  const parser = new RowCollector(file)
  // a parse error fails the pending write (or `finished` below); this listener only keeps the
  // error event from being thrown
  parser.on("error", () => {})
  parser.resume() // rows never reach the readable side; flowing lets it end
  const take = () => {
    const batch = parser.batch
    parser.batch = []
    return batch
  }
  // `.gz` files are gunzipped on the way (streaming); `bytes` then counts decompressed bytes
  // (pipeline passes a read error on to the gunzip stream, which the loop then throws)
  const source = file.endsWith(".gz")
    ? pipeline(createReadStream(file), createGunzip(), () => {})
    : createReadStream(file)
  for await (const block of source) {
    await new Promise<void>((resolve, reject) =>
      parser.write(block as Buffer, (e) => (e === null || e === undefined ? resolve() : reject(e)))
    )
    if (parser.batch.length > 0) yield take()
  }
  parser.end()
  await finished(parser)
  if (parser.batch.length > 0) yield take()
}

/**
 * Streams the rows of a CSV file with a header line, one chunk per block of the file; a file whose
 * name ends in `.gz` is gzip-compressed CSV, decompressed as it streams (a corrupt archive fails
 * the stream with CsvFileError). Rows whose
 * field count differs from the header are still emitted (csv-parse `relax_column_count`), so that
 * the adapter reports them as malformed with their line rather than aborting the file. Empty lines
 * are skipped; a UTF-8 BOM is removed.
 */
export const readCsv = (file: string): Stream.Stream<CsvRow, CsvFileError> =>
  Stream.unwrap(
    Effect.tryPromise({
      try: () => stat(file),
      catch: (e) => new CsvFileError({ file, reason: String(e) })
    }).pipe(
      Effect.as(
        Stream.fromAsyncIterable(rowBatches(file), (e) => new CsvFileError({ file, reason: String(e) })).pipe(
          Stream.mapConcatChunk(Chunk.unsafeFromArray)
        )
      )
    )
  )

/** Why a row's field count differs from the header's, or undefined when it matches (or is unknown). */
export const fieldCountProblem = (row: CsvRow): string | undefined =>
  row.fieldCount !== undefined && row.columnCount !== undefined && row.fieldCount !== row.columnCount
    ? `expected ${row.columnCount} fields, found ${row.fieldCount}`
    : undefined

/** Reads a field; empty strings and the usual missing markers (NA, NULL, nan, None) become undefined. */
export const field = (row: CsvRow, name: string): string | undefined => {
  const v = row.fields[name]
  if (v === undefined) return undefined
  const t = v.trim()
  return t === "" || t === "NA" || t === "NULL" || t === "null" || t === "nan" || t === "NaN" || t === "None"
    ? undefined
    : t
}

/** A field parsed as a finite number, or undefined when missing or not numeric. */
export const num = (row: CsvRow, name: string): number | undefined => {
  const v = field(row, name)
  if (v === undefined) return undefined
  const n = Number(v)
  return Number.isFinite(n) ? n : undefined
}

/** A field parsed as an integer (rounding a value like "3.0"), or undefined. */
export const int = (row: CsvRow, name: string): number | undefined => {
  const n = num(row, name)
  return n === undefined ? undefined : Math.round(n)
}

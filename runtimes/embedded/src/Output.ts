/**
 * The CLI's output: the one module of the sources that writes to the terminal directly (lint
 * exempts it from `no-console`). Results go to stdout; errors and logs to stderr, so that a
 * script can read a command's result (for example the key of `keys create`, alone on the last
 * line) from stdout.
 * @module
 */
import { Progress, type Report } from "@sports-data/ingest"
import cliProgress from "cli-progress"
import { Effect, Layer, Logger } from "effect"
import { relative } from "node:path"

/** Writes one line to stdout. */
export const line = (text: string): Effect.Effect<void> => Effect.sync(() => void process.stdout.write(`${text}\n`))

/** Writes one line to stderr. */
export const errorLine = (text: string): Effect.Effect<void> =>
  Effect.sync(() => void process.stderr.write(`${text}\n`))

/** Effect logs as logfmt lines on stderr (stdout stays for results). */
export const stderrLogger: Layer.Layer<never> = Logger.replace(
  Logger.defaultLogger,
  Logger.withConsoleError(Logger.logfmtLogger)
)

/**
 * A plain-text table: a header row, a rule, and the rows, columns padded to their widest cell.
 * Columns listed in `right` (by index) are right-aligned (numbers).
 */
export const table = (
  headers: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<string>>,
  right: ReadonlyArray<number> = []
): string => {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)))
  const format = (cells: ReadonlyArray<string>) =>
    cells.map((c, i) => right.includes(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)).join("  ").trimEnd()
  return [format(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(format)].join("\n")
}

const ENTITY_ORDER: ReadonlyArray<Report.Entity> = [
  "teams",
  "players",
  "games",
  "stat_lines",
  "injuries",
  "depth_charts",
  "rankings",
  "events",
  "event_entries",
  "signals",
  "odds"
]
const n = (x: number) => x.toLocaleString("en-US")

/**
 * The closing table of an ingestion: per sport and entity, rows read, upserted (inserted or
 * changed), unchanged, and skipped as malformed; then a total row.
 */
export const ingestTable = (results: ReadonlyArray<Report.SportIngestResult>): string => {
  const rows: Array<Array<string>> = []
  const total = { read: 0, upserted: 0, unchanged: 0, skipped: 0 }
  for (const result of results) {
    for (const entity of ENTITY_ORDER) {
      const c = result.counts[entity]
      if (c === undefined) continue
      const upserted = c.inserted + c.updated
      total.read += c.read
      total.upserted += upserted
      total.unchanged += c.unchanged
      total.skipped += c.skipped
      rows.push([result.sport, entity, n(c.read), n(upserted), n(c.unchanged), n(c.skipped)])
    }
  }
  rows.push(["total", "", n(total.read), n(total.upserted), n(total.unchanged), n(total.skipped)])
  return table(["sport", "entity", "read", "upserted", "unchanged", "skipped"], rows, [2, 3, 4, 5])
}

/** Up to `max` skipped rows as `file:line reason`, relative to `baseDir`, and how many more there were. */
export const skippedLines = (
  results: ReadonlyArray<Report.SportIngestResult>,
  baseDir: string,
  max = 10
): ReadonlyArray<string> => {
  const all = results.flatMap((r) => r.skipped)
  const shown = all.slice(0, max).map((s) => `  ${displayPath(baseDir, s.file)}:${s.line} ${s.reason}`)
  return all.length > max ? [...shown, `  ... and ${n(all.length - max)} more`] : shown
}

const displayPath = (baseDir: string, file: string): string => {
  const rel = relative(baseDir, file)
  return rel.startsWith("..") ? file : rel
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

/**
 * A ProgressReporter for the terminal. On a TTY, one bar per file (cli-progress), with the rows
 * read so far; otherwise (a pipe, a log file, CI) a plain line when a file starts and when it ends.
 * File names are shown relative to `baseDir`. The bars are stopped when the layer's scope closes.
 */
export const progressLayer = (options: {
  readonly baseDir: string
  readonly tty?: boolean | undefined
}): Layer.Layer<Progress.ProgressReporter> =>
  (options.tty ?? process.stdout.isTTY === true) ? ttyProgress(options.baseDir) : plainProgress(options.baseDir)

const plainProgress = (baseDir: string): Layer.Layer<Progress.ProgressReporter> =>
  Layer.succeed(Progress.ProgressReporter, {
    fileStarted: (file, totalBytes) => line(`reading ${displayPath(baseDir, file)} (${megabytes(totalBytes)})`),
    fileProgress: () => Effect.void,
    fileFinished: (file, rows) => line(`read ${displayPath(baseDir, file)}: ${n(rows)} rows`)
  })

const ttyProgress = (baseDir: string): Layer.Layer<Progress.ProgressReporter> =>
  Layer.scoped(
    Progress.ProgressReporter,
    Effect.gen(function*() {
      const multibar = yield* Effect.acquireRelease(
        Effect.sync(() =>
          new cliProgress.MultiBar(
            {
              format: "{file} [{bar}] {percentage}% | {rows} rows",
              hideCursor: true,
              clearOnComplete: false,
              stopOnComplete: false,
              barsize: 20
            },
            cliProgress.Presets.shades_classic
          )
        ),
        (bar) => Effect.sync(() => bar.stop())
      )
      const bars = new Map<string, cliProgress.SingleBar>()
      return {
        fileStarted: (file, totalBytes) =>
          Effect.sync(() => {
            bars.set(file, multibar.create(Math.max(1, totalBytes), 0, { file: displayPath(baseDir, file), rows: "0" }))
          }),
        fileProgress: (file, bytesRead, rows) =>
          Effect.sync(() => bars.get(file)?.update(bytesRead, { rows: n(rows) })),
        fileFinished: (file, rows) =>
          Effect.sync(() => {
            const bar = bars.get(file)
            if (bar !== undefined) bar.update(bar.getTotal(), { rows: n(rows) })
          })
      }
    })
  )

const firstLine = (s: unknown): string => String(s).split("\n")[0]!.trim()

/** The first non-empty message along an error's `cause` chain (a wrapper often has none of its own). */
const innermostMessage = (error: unknown): string => {
  let current = error
  for (let depth = 0; depth < 5 && current !== null && current !== undefined; depth++) {
    const message = typeof current === "object" ? (current as { message?: unknown }).message : current
    if (typeof message === "string" && message.trim() !== "") return firstLine(message)
    current = typeof current === "object" ? (current as { cause?: unknown }).cause : undefined
  }
  return firstLine(error)
}

/** One line for a failure: the error's own message, or what the store, driver or server said. */
export const describeFailure = (error: unknown): string => {
  const e = error as { _tag?: unknown; detail?: unknown; operation?: unknown; file?: unknown; reason?: unknown }
  switch (e?._tag) {
    case "StoreUnavailable":
      return `store unavailable: ${firstLine(e.detail)}`
    case "StoreFailure":
      return `store operation ${String(e.operation)} failed: ${firstLine(e.detail)}`
    case "CsvFileError":
      return `cannot read ${String(e.file)}: ${firstLine(e.reason)}`
    case "ServeError":
      return `cannot serve: ${innermostMessage((error as { cause?: unknown }).cause)}`
    case "PlanCatalogError": {
      const p = e as { source?: unknown; problems?: ReadonlyArray<unknown> }
      return `invalid plan catalog (${String(p.source)}): ${(p.problems ?? []).map(firstLine).join("; ")}`
    }
  }
  return innermostMessage(error)
}

/**
 * `sports-data sources sync`: fetches the source registry's datasets into the data directory
 * (ingest Sync.ts) with a byte progress bar, lists what changed, and re-ingests only the sports
 * whose files changed. Also run by `serve` before it starts when a mirror is set or the data
 * directory is missing.
 * @module
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { type SportKey } from "@sports-data/domain"
import { Runner, Sync } from "@sports-data/ingest"
import cliProgress from "cli-progress"
import { Effect } from "effect"
import { line } from "./Output.js"

/**
 * Syncs `folders` (all when undefined) into `dataDir` from `mirror` or the publishers, showing a
 * bar of bytes received on a TTY, then one summary line and a line per file written, rejected or
 * failed. Returns the report and the sports whose files changed.
 */
export const syncWithProgress = (options: {
  readonly dataDir: string
  readonly mirror: string | undefined
  readonly folders?: ReadonlyArray<string> | undefined
  readonly force?: boolean
}): Effect.Effect<{ readonly report: Sync.SyncReport; readonly sports: ReadonlyArray<SportKey> }, Sync.SyncError> =>
  Effect.gen(function*() {
    const tty = process.stderr.isTTY === true
    const bar = tty
      ? new cliProgress.SingleBar({
        format: "sync [{bar}] {value_mb}/{total_mb} MB",
        stream: process.stderr,
        hideCursor: true
      }, cliProgress.Presets.shades_classic)
      : undefined
    bar?.start(1, 0, { value_mb: "0.0", total_mb: "?" })
    const report = yield* Sync.syncSources({
      dataDir: options.dataDir,
      mirror: options.mirror,
      folders: options.folders,
      force: options.force ?? false,
      onBytes: (received, expected) => {
        bar?.setTotal(Math.max(expected, received, 1))
        bar?.update(received, {
          value_mb: (received / 1e6).toFixed(1),
          total_mb: expected > 0 ? (expected / 1e6).toFixed(1) : "?"
        })
      }
    }).pipe(Effect.provide(FetchHttpClient.layer), Effect.ensuring(Effect.sync(() => bar?.stop())))
    const count = (s: Sync.FileOutcome["status"]) => report.files.filter((f) => f.status === s).length
    const bytes = report.files.reduce((n, f) => n + f.bytes, 0)
    const failed = report.files.find((f) => f.status === "failed")
    if (!Sync.answered(report) && failed !== undefined) {
      yield* line(
        `no upstream reachable (${failed.reason}): the local data directory ${options.dataDir} is used as it is`
      )
      return { report, sports: [] }
    }
    yield* line(
      `sources sync from ${options.mirror ?? "the publishers"}: ${count("written")} written, ${
        count("unchanged")
      } unchanged, ${count("rejected")} rejected, ${count("failed")} failed, ${count("manual")} not fetchable; ${
        (bytes / 1e6).toFixed(1)
      } MB`
    )
    // a first sync writes every file: list written files only when they are few
    const listWritten = count("written") <= 20
    for (const f of report.files) {
      if ((f.status === "written" && listWritten) || f.status === "rejected" || f.status === "failed") {
        yield* line(`  ${f.status.padEnd(8)} ${f.folder}/${f.file}${f.reason === undefined ? "" : `: ${f.reason}`}`)
      }
    }
    return { report, sports: Runner.sportsReading(report.changed) }
  })

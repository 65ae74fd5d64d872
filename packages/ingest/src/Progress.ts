/**
 * Progress of an ingestion run, reported to whoever runs it (the CLI draws a bar per file; tests
 * and the server ignore it).
 * @module
 */
import { Context, Effect, Layer } from "effect"

/** Receives progress events. `bytes` are bytes of the file read so far, for a bar per file. */
export interface ProgressReporterService {
  readonly fileStarted: (file: string, totalBytes: number) => Effect.Effect<void>
  readonly fileProgress: (file: string, bytesRead: number, rows: number) => Effect.Effect<void>
  readonly fileFinished: (file: string, rows: number) => Effect.Effect<void>
}

export class ProgressReporter extends Context.Tag("@sports-data/ingest/ProgressReporter")<
  ProgressReporter,
  ProgressReporterService
>() {}

/** A reporter that discards every event. */
export const silent: Layer.Layer<ProgressReporter> = Layer.succeed(ProgressReporter, {
  fileStarted: () => Effect.void,
  fileProgress: () => Effect.void,
  fileFinished: () => Effect.void
})

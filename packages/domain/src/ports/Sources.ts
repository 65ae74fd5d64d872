/**
 * The source sync records port: what `sources sync` (ingest Sync.ts) recorded of each file it
 * fetched into the data directory (`<data dir>/.sources-sync.json`). Absent from a store's ports:
 * a runtime that knows its data directory provides it (ingest `Sync.syncRecordsLayer`);
 * `/v1/meta/coverage` shows the records beside each dataset of the source registry.
 * @module
 */
import { Context, type Effect } from "effect"
import type { StoreError } from "../Errors.js"

/**
 * The last download of one file: the `url` it came from, the validators the server sent with it
 * (`etag`, `last_modified`: an HTTP date; null when not sent), the SHA-256 of the stored bytes
 * (hex) and `synced_at`, the ISO-8601 time of that download. A later check answered 304 writes
 * nothing, so `synced_at` is the time the current content was received, not of the last check.
 */
export interface SyncedFile {
  readonly url: string
  readonly etag: string | null
  readonly last_modified: string | null
  readonly sha256: string
  readonly synced_at: string
}

/**
 * The records of one dataset folder: each recorded `file` (its path under the folder), sorted by
 * name, and `sha256`, the dataset's content hash: SHA-256 (hex) of one line `<file> <sha256>\n`
 * per recorded file, in that order.
 */
export interface DatasetSync {
  readonly sha256: string
  readonly files: ReadonlyArray<SyncedFile & { readonly file: string }>
}

/** Reads the sync records of the data directory. */
export interface SourceSyncReaderService {
  /**
   * The records by dataset folder; empty when the directory was never synced (assembled by
   * hand) or its record file cannot be read.
   */
  readonly records: Effect.Effect<ReadonlyMap<string, DatasetSync>, StoreError>
}

/** The {@link SourceSyncReaderService} port. */
export class SourceSyncReader
  extends Context.Tag("@sports-data/SourceSyncReader")<SourceSyncReader, SourceSyncReaderService>()
{}

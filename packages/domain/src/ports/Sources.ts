/**
 * The source sync records ports: what `sources sync` (ingest Sync.ts) recorded of each file it
 * fetched into a data directory. A sync keeps them in `<data dir>/.sources-sync.json` (with the
 * URL, for its next conditional GET) and, when a store is open, in the store
 * ({@link SourceSyncStore}, without the URL), so that every instance on one store sees the syncs
 * of the worker that ran them. {@link SourceSyncReader} is what `/v1/meta/coverage` reads: a
 * runtime that knows its data directory provides it (ingest `Sync.syncRecordsLayer`: the store's
 * records, else the data directory's file).
 * @module
 */
import { Context, type Effect } from "effect"
import type { StoreError } from "../Errors.js"

/**
 * The last download of one file, without where it came from: the validators the server sent with
 * it (`etag`, `last_modified`: an HTTP date; null when not sent), the SHA-256 of the stored bytes
 * (hex) and `synced_at`, the ISO-8601 time of that download. A later check answered 304 writes
 * nothing, so `synced_at` is the time the current content was received, not of the last check.
 */
export interface FileSync {
  readonly etag: string | null
  readonly last_modified: string | null
  readonly sha256: string
  readonly synced_at: string
}

/** {@link FileSync} with the `url` the file came from (the state file's entry; never shown: a mirror may be private). */
export interface SyncedFile extends FileSync {
  readonly url: string
}

/** {@link FileSync} of `file` (its path under the dataset `folder`), as a store keeps it. */
export interface SyncRecord extends FileSync {
  readonly folder: string
  readonly file: string
}

/**
 * The records of one dataset folder: each recorded `file` (its path under the folder), sorted by
 * name, and `sha256`, the dataset's content hash: SHA-256 (hex) of one line `<file> <sha256>\n`
 * per recorded file, in that order.
 */
export interface DatasetSync {
  readonly sha256: string
  readonly files: ReadonlyArray<FileSync & { readonly file: string }>
}

/** Reads the sync records `/v1/meta/coverage` shows (the store's, else the data directory's). */
export interface SourceSyncReaderService {
  /**
   * The records by dataset folder; empty when neither the store nor the data directory holds any
   * (a directory assembled by hand, never synced).
   */
  readonly records: Effect.Effect<ReadonlyMap<string, DatasetSync>, StoreError>
}

/** The {@link SourceSyncReaderService} port. */
export class SourceSyncReader
  extends Context.Tag("@sports-data/SourceSyncReader")<SourceSyncReader, SourceSyncReaderService>()
{}

/** The sync records kept in a store (migration 29 on SQL), shared by every instance on it. */
export interface SourceSyncStoreService {
  /** Inserts or replaces the record of each `(folder, file)` of `records`. */
  readonly save: (records: ReadonlyArray<SyncRecord>) => Effect.Effect<void, StoreError>
  /** Every record, sorted by folder, then file. */
  readonly all: Effect.Effect<ReadonlyArray<SyncRecord>, StoreError>
}

/** The {@link SourceSyncStoreService} port. */
export class SourceSyncStore
  extends Context.Tag("@sports-data/SourceSyncStore")<SourceSyncStore, SourceSyncStoreService>()
{}

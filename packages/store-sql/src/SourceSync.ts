/**
 * {@link SourceSyncStore} on @effect/sql (table `source_syncs`, migration 29): one row per
 * dataset folder and file, URL-free; a save is one upsert per record in one transaction.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SourceSyncStoreService, SyncRecord } from "@sports-data/domain"
import { Effect } from "effect"
import { orStoreError } from "./Errors.js"

/** Migration 29: the sync records of the datasets (no URL: a mirror may be private). */
export const sourceSyncsMigration = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql`CREATE TABLE source_syncs (
    folder text NOT NULL,
    file text NOT NULL,
    etag text,
    last_modified text,
    sha256 text NOT NULL,
    synced_at timestamptz NOT NULL,
    PRIMARY KEY (folder, file)
  )`)

interface Row {
  readonly folder: string
  readonly file: string
  readonly etag: string | null
  readonly last_modified: string | null
  readonly sha256: string
  readonly synced_at: Date | string
}

/** Makes the SQL SourceSyncStore over the current SqlClient (migrations applied). */
export const makeSourceSyncStore: Effect.Effect<SourceSyncStoreService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => ({
    save: (records: ReadonlyArray<SyncRecord>) =>
      records.length === 0 ? Effect.void : Effect.forEach(records, (r) =>
        sql`
          INSERT INTO source_syncs (folder, file, etag, last_modified, sha256, synced_at)
          VALUES (${r.folder}, ${r.file}, ${r.etag}, ${r.last_modified}, ${r.sha256}, ${new Date(r.synced_at)})
          ON CONFLICT (folder, file) DO UPDATE
            SET etag = EXCLUDED.etag, last_modified = EXCLUDED.last_modified,
                sha256 = EXCLUDED.sha256, synced_at = EXCLUDED.synced_at`, { discard: true }).pipe(
          sql.withTransaction,
          orStoreError("SourceSyncStore.save")
        ),
    all: sql<Row>`
      SELECT folder, file, etag, last_modified, sha256, synced_at FROM source_syncs
      ORDER BY folder COLLATE "C", file COLLATE "C"`.pipe(
      Effect.map((rows) =>
        rows.map((r): SyncRecord => ({
          folder: r.folder,
          file: r.file,
          etag: r.etag,
          last_modified: r.last_modified,
          sha256: r.sha256,
          synced_at: new Date(r.synced_at).toISOString()
        }))
      ),
      orStoreError("SourceSyncStore.all")
    )
  })
)

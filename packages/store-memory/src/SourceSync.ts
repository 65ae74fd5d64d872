/**
 * In-memory {@link SourceSyncStore}: the records in one `Ref`, keyed by folder and file.
 * @module
 */
import type { SourceSyncStoreService, SyncRecord } from "@sports-data/domain"
import { Effect, Ref } from "effect"

const key = (r: SyncRecord) => `${r.folder}\u0000${r.file}`

/** Makes an empty in-memory SourceSyncStore. Never fails. */
export const makeSourceSyncStore: Effect.Effect<SourceSyncStoreService> = Effect.map(
  Ref.make<ReadonlyMap<string, SyncRecord>>(new Map()),
  (ref) => ({
    save: (records) =>
      Ref.update(ref, (held) => {
        const next = new Map(held)
        // only the URL-free fields, whatever the caller's objects carry
        for (const r of records) {
          next.set(key(r), {
            folder: r.folder,
            file: r.file,
            etag: r.etag,
            last_modified: r.last_modified,
            sha256: r.sha256,
            synced_at: r.synced_at
          })
        }
        return next
      }),
    all: Effect.map(
      Ref.get(ref),
      (held) => [...held].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([, r]) => r)
    )
  })
)

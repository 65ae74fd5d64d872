/**
 * What an ingestion run reports: per entity, rows read, upserted (inserted + updated), unchanged
 * and skipped, and each malformed row with its file and line.
 * @module
 */
import type { TeamSport, UpsertResult } from "@sports-data/domain"
import { Effect } from "effect"

/** Canonical entity names written by ingestion. */
export type Entity = "players" | "teams" | "games" | "stat_lines" | "injuries" | "depth_charts"

/** A row that was reported and skipped: where it is and why. */
export interface SkippedRow {
  readonly file: string
  readonly line: number
  readonly reason: string
}

/** Counts for one entity. `read` counts source rows offered; `skipped` those rejected as malformed. */
export interface EntityCounts {
  readonly read: number
  readonly inserted: number
  readonly updated: number
  readonly unchanged: number
  readonly skipped: number
}

/** Counts of one entity: source rows read and skipped, plus its upsert result. */
export const entityCounts = (read: number, skipped: number, r: UpsertResult): EntityCounts => ({
  read,
  inserted: r.inserted,
  updated: r.updated,
  unchanged: r.unchanged,
  skipped
})

/** What one sport's adapter reports: counts per entity, skipped rows, and the files it read. */
export interface SportIngestResult {
  readonly sport: TeamSport
  readonly counts: Readonly<Partial<Record<Entity, EntityCounts>>>
  readonly skipped: ReadonlyArray<SkippedRow>
  readonly files: ReadonlyArray<string>
}

/**
 * Upserts `rows` in batches of `batchSize` (each batch atomic in the store) and sums the results.
 * Rows are written in the order given.
 */
export const upsertAll = <A, E, R>(
  rows: ReadonlyArray<A>,
  upsert: (batch: ReadonlyArray<A>) => Effect.Effect<UpsertResult, E, R>,
  batchSize = 1000
): Effect.Effect<UpsertResult, E, R> =>
  Effect.reduce(
    Array.from(
      { length: Math.ceil(rows.length / batchSize) },
      (_, i) => rows.slice(i * batchSize, (i + 1) * batchSize)
    ),
    { inserted: 0, updated: 0, unchanged: 0 } as UpsertResult,
    (acc, batch) =>
      Effect.map(upsert(batch), (r) => ({
        inserted: acc.inserted + r.inserted,
        updated: acc.updated + r.updated,
        unchanged: acc.unchanged + r.unchanged
      }))
  )

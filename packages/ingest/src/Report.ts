/**
 * What an ingestion run reports: per entity, rows read, upserted (inserted + updated), unchanged
 * and skipped, and each malformed row with its file and line.
 * @module
 */
import type { UpsertResult } from "@sports-data/domain"

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

export const emptyCounts: EntityCounts = { read: 0, inserted: 0, updated: 0, unchanged: 0, skipped: 0 }

/** Adds an upsert result to counts. */
export const addUpsert = (c: EntityCounts, r: UpsertResult): EntityCounts => ({
  ...c,
  inserted: c.inserted + r.inserted,
  updated: c.updated + r.updated,
  unchanged: c.unchanged + r.unchanged
})

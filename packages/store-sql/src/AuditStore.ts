/**
 * {@link AuditStore} on @effect/sql (table `audit_events`, migration 6).
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { AuditEvent, AuditStoreService } from "@sports-data/domain"
import { Effect } from "effect"
import { orStoreError } from "./Errors.js"

interface Row {
  readonly id: string
  readonly key_hash: string
  readonly action: string
  readonly occurred_at: Date | string
  readonly actor: string
  readonly details: AuditEvent["details"] | string
}

const toEvent = (row: Row): AuditEvent => ({
  id: row.id,
  key_hash: row.key_hash,
  action: row.action,
  occurred_at: new Date(row.occurred_at),
  actor: row.actor as AuditEvent["actor"],
  details: typeof row.details === "string" ? JSON.parse(row.details) : row.details
})

/** Makes the SQL AuditStore over the current SqlClient (migrations applied). */
export const makeAuditStore: Effect.Effect<AuditStoreService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => ({
    record: (events) =>
      events.length === 0 ? Effect.void : sql`INSERT INTO audit_events ${
        sql.insert(events.map((e) => ({
          id: e.id,
          key_hash: e.key_hash,
          action: e.action,
          occurred_at: e.occurred_at,
          actor: e.actor,
          details: JSON.stringify(e.details)
        })))
      }`.pipe(Effect.asVoid, orStoreError("AuditStore.record")),
    list: (query) =>
      sql<Row>`
        SELECT id, key_hash, action, occurred_at, actor, details FROM audit_events
        WHERE key_hash = ${query.key_hash}
          ${query.before === undefined ? sql`` : sql`AND occurred_at < ${query.before}`}
          ${query.action === undefined ? sql`` : sql`AND action = ${query.action}`}
          ${
        query.after === undefined ? sql`` : sql`AND (occurred_at < ${query.after[0]}::timestamptz
            OR (occurred_at = ${query.after[0]}::timestamptz AND id COLLATE "C" < ${query.after[1]}))`
      }
        ORDER BY occurred_at DESC, id COLLATE "C" DESC
        LIMIT ${query.limit}`.pipe(Effect.map((rows) => rows.map(toEvent)), orStoreError("AuditStore.list"))
  })
)

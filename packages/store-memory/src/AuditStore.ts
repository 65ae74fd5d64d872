/**
 * In-memory {@link AuditStore}: the events in one `Ref`, read newest first.
 * @module
 */
import { type AuditEvent, auditEventKey, type AuditStoreService, Paging } from "@sports-data/domain"
import { Effect, Ref } from "effect"

/** Newest first: `occurred_at` descending, then id descending (as the SQL adapter). */
const newestFirst = (a: AuditEvent, b: AuditEvent): number =>
  b.occurred_at.getTime() - a.occurred_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)

/** Makes an empty in-memory AuditStore. Never fails. */
export const makeAuditStore: Effect.Effect<AuditStoreService> = Effect.map(
  Ref.make<ReadonlyArray<AuditEvent>>([]),
  (ref) => ({
    record: (events) => Ref.update(ref, (all) => [...all, ...events]),
    list: (query) =>
      Effect.map(Ref.get(ref), (all) =>
        all.filter((e) =>
          e.key_hash === query.key_hash &&
          (query.before === undefined || e.occurred_at.getTime() < query.before.getTime()) &&
          (query.action === undefined || e.action === query.action) &&
          (query.after === undefined || Paging.compareKeys(auditEventKey.of(e), query.after, auditEventKey.columns) > 0)
        ).sort(newestFirst).slice(0, query.limit))
  })
)

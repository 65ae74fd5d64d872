/**
 * Pure rules of delivery (the event stream and webhooks): the SSE framing of an outbox event,
 * the cap on concurrent streams per plan, and how a reader of the outbox advances without a gap.
 * @module
 */
import type { Plan } from "./Plans.js"
import type { ServiceEvent } from "./Signals.js"

/**
 * Most concurrent event streams one key may hold open, by plan rank (the specification leaves it
 * open, "Limits": not shown): rank 5 (syndicate_alpha, enterprise) 25; rank 4 (pro_insights, pro)
 * 5; lower ranks 0 (they may not open a stream at all: tier pro_insights).
 */
export const maxStreamsOf = (plan: Pick<Plan, "rank">): number => plan.rank >= 5 ? 25 : plan.rank === 4 ? 5 : 0

/**
 * One event as a Server-Sent Events frame (WHATWG HTML, "Server-sent events"): `id:` the outbox
 * id, `event:` the name, `data:` the payload as one line of JSON, then a blank line.
 */
export const sseFrame = (event: Pick<ServiceEvent, "id" | "name" | "payload">): string =>
  `id: ${event.id}\nevent: ${event.name}\ndata: ${JSON.stringify(event.payload)}\n\n`

/** A heartbeat: an SSE comment line (ignored by EventSource, keeps proxies from closing the connection). */
export const HEARTBEAT_FRAME = ": heartbeat\n\n"

/**
 * Where an outbox reader stands: the last id it delivered and, while it waits at a gap in the ids,
 * since when (epoch ms).
 */
export interface OutboxCursor {
  readonly lastId: number
  readonly gapSince: number | undefined
}

/**
 * The events of `rows` (read after `cursor.lastId`, increasing ids) that may be delivered now,
 * and the next cursor. Ids come from a sequence: a transaction that took a smaller id may commit
 * after one that took a larger id, so a reader delivers only the run of consecutive ids after its
 * last one; at a gap it waits up to `graceMs` for the missing id (a rolled-back insert leaves a
 * gap for ever), then delivers past it. Without this a late commit would be skipped (a gap), and
 * a resume by the last id could never recover it.
 */
export const advance = <E extends { readonly id: number }>(
  cursor: OutboxCursor,
  rows: ReadonlyArray<E>,
  now: number,
  graceMs: number
): { readonly deliver: ReadonlyArray<E>; readonly cursor: OutboxCursor } => {
  let expected = cursor.lastId + 1
  let i = 0
  while (i < rows.length && rows[i]!.id === expected) {
    expected++
    i++
  }
  if (i === rows.length) return { deliver: rows, cursor: { lastId: expected - 1, gapSince: undefined } }
  if (i === 0 && cursor.gapSince !== undefined && now - cursor.gapSince >= graceMs) {
    // the missing ids did not come: go on from the first id present (waits again at a later gap)
    return advance({ lastId: rows[0]!.id - 1, gapSince: undefined }, rows, now, graceMs)
  }
  const gapSince = i > 0 || cursor.gapSince === undefined ? now : cursor.gapSince
  return { deliver: rows.slice(0, i), cursor: { lastId: expected - 1, gapSince } }
}

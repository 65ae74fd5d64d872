/**
 * {@link WebhookStore} on @effect/sql (tables of migration 10). Claims are one statement
 * (`UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)`) that leases the rows it returns,
 * so concurrent workers on one PostgreSQL never claim one delivery while its lease runs; an
 * expired lease (a worker killed mid-delivery) makes the delivery claimable again. The fan-out
 * runs in a transaction holding the cursor row (`SELECT ... FOR UPDATE`), so each event becomes
 * its deliveries once. Recording an attempt is one transaction. Driver errors become StoreError.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import {
  Delivery,
  type DeliveryAttempt,
  type DeliveryLog,
  type ServiceEvent,
  type Webhook,
  type WebhookDelivery,
  Webhooks,
  type WebhookStoreService
} from "@sports-data/domain"
import { Effect, Option } from "effect"
import { orStoreError } from "./Errors.js"

interface HookRow {
  readonly id: string
  readonly key_hash: string
  readonly url: string
  readonly events: ReadonlyArray<string> | string
  readonly secret: string
  readonly active: boolean
  readonly consecutive_failures: number
  readonly created_at: Date | string
  readonly deactivated_at: Date | string | null
  readonly deactivation_reason: string | null
}

const toHook = (r: HookRow): Webhook => ({
  id: r.id,
  key_hash: r.key_hash,
  url: r.url,
  events: typeof r.events === "string" ? JSON.parse(r.events) : r.events,
  secret: r.secret,
  active: r.active,
  consecutive_failures: Number(r.consecutive_failures),
  created_at: new Date(r.created_at),
  deactivated_at: r.deactivated_at === null ? null : new Date(r.deactivated_at),
  deactivation_reason: r.deactivation_reason
})

interface JobRow {
  readonly id: string
  readonly webhook_id: string
  readonly event_id: number | string | null
  readonly event_name: string
  readonly body: string
  readonly state: string
  readonly attempts: number
  readonly run_at: Date | string
  readonly created_at: Date | string
  readonly completed_at: Date | string | null
}

const toJob = (r: JobRow): WebhookDelivery => ({
  id: r.id,
  webhook_id: r.webhook_id,
  event_id: r.event_id === null ? null : Number(r.event_id),
  event_name: r.event_name,
  body: r.body,
  state: r.state as WebhookDelivery["state"],
  attempts: Number(r.attempts),
  run_at: new Date(r.run_at),
  created_at: new Date(r.created_at),
  completed_at: r.completed_at === null ? null : new Date(r.completed_at)
})

interface AttemptRow {
  readonly delivery_id: string
  readonly attempt: number
  readonly attempted_at: Date | string
  readonly status_code: number | null
  readonly error: string | null
  readonly duration_ms: number
}

const toAttempt = (r: AttemptRow): DeliveryAttempt => ({
  attempt: Number(r.attempt),
  attempted_at: new Date(r.attempted_at),
  status_code: r.status_code === null ? null : Number(r.status_code),
  error: r.error,
  duration_ms: Number(r.duration_ms)
})

const JOB_COLUMNS =
  "id, webhook_id, event_id::float8 AS event_id, event_name, body, state, attempts, run_at, created_at, completed_at"

/** Makes the SQL WebhookStore over the current SqlClient (migrations applied). */
export const makeWebhookStore: Effect.Effect<WebhookStoreService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => {
    const withHistory = (jobs: ReadonlyArray<WebhookDelivery>) =>
      jobs.length === 0 ?
        Effect.succeed([] as ReadonlyArray<DeliveryLog>) :
        Effect.map(
          sql<AttemptRow>`SELECT * FROM webhook_attempts WHERE ${sql.in("delivery_id", jobs.map((j) => j.id))}
            ORDER BY attempt`,
          (rows) => jobs.map((j) => ({ ...j, history: rows.filter((r) => r.delivery_id === j.id).map(toAttempt) }))
        )
    return {
      create: (h) =>
        sql`INSERT INTO webhooks (id, key_hash, url, events, secret, active, consecutive_failures, created_at)
          VALUES (${h.id}, ${h.key_hash}, ${h.url}, ${JSON.stringify(h.events)}::jsonb, ${h.secret}, ${h.active},
            ${h.consecutive_failures}, ${h.created_at})`.pipe(Effect.asVoid, orStoreError("WebhookStore.create")),
      listActive: (keyHash) =>
        sql<HookRow>`SELECT * FROM webhooks WHERE key_hash = ${keyHash} AND active ORDER BY created_at, id`.pipe(
          Effect.map((rows) => rows.map(toHook)),
          orStoreError("WebhookStore.listActive")
        ),
      get: (keyHash, id) =>
        sql<HookRow>`SELECT * FROM webhooks WHERE id = ${id} AND key_hash = ${keyHash}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toHook)),
          orStoreError("WebhookStore.get")
        ),
      deactivate: (id, at, reason) =>
        sql.withTransaction(Effect.gen(function*() {
          const rows = yield* sql`UPDATE webhooks SET active = false, deactivated_at = ${at},
            deactivation_reason = ${reason} WHERE id = ${id} AND active RETURNING id`
          if (rows.length === 0) return false
          yield* sql`DELETE FROM webhook_deliveries WHERE webhook_id = ${id} AND state = 'pending'`
          return true
        })).pipe(orStoreError("WebhookStore.deactivate")),
      fanOut: (o) =>
        sql.withTransaction(Effect.gen(function*() {
          const cursorRows = yield* sql<{ readonly last_event_id: number }>`
            SELECT last_event_id::float8 AS last_event_id FROM webhook_cursor WHERE id = 1 FOR UPDATE`
          const lastId = cursorRows[0]?.last_event_id ?? 0
          const events = yield* sql<ServiceEvent>`SELECT id::float8 AS id, name, sport, payload, created_at
            FROM service_events WHERE id > ${lastId} ORDER BY id LIMIT ${o.limit}`
          // the gap wait of a fan-out spans runs: a gap is skipped once older than the grace by created_at
          const now = o.now.getTime()
          const oldest = events[0] === undefined ? now : new Date(events[0].created_at).getTime()
          const step = Delivery.advance({ lastId, gapSince: oldest }, events, now, o.graceMs)
          if (step.deliver.length === 0) return 0
          const hooks = (yield* sql<HookRow>`SELECT * FROM webhooks WHERE active`).map(toHook)
          const rows = step.deliver.flatMap((e) =>
            hooks.filter((h) => h.events.includes(e.name)).map((h) => {
              const id = o.newId()
              return {
                id,
                webhook_id: h.id,
                event_id: e.id,
                event_name: e.name,
                body: Webhooks.deliveryBody(id, { ...e, created_at: new Date(e.created_at) }),
                state: "pending",
                attempts: 0,
                run_at: new Date(now + o.firstDelayMs),
                created_at: o.now
              }
            })
          )
          if (rows.length > 0) yield* sql`INSERT INTO webhook_deliveries ${sql.insert(rows)}`
          yield* sql`UPDATE webhook_cursor SET last_event_id = ${step.cursor.lastId} WHERE id = 1`
          return rows.length
        })).pipe(orStoreError("WebhookStore.fanOut")),
      claim: (now, leaseMs, limit) =>
        sql<JobRow & { readonly url: string; readonly secret: string }>`
          WITH due AS (
            SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id AND w.active
            WHERE d.state = 'pending' AND d.run_at <= ${now} AND (d.lease_until IS NULL OR d.lease_until <= ${now})
            ORDER BY d.run_at LIMIT ${limit}
            FOR UPDATE OF d SKIP LOCKED
          ), leased AS (
            UPDATE webhook_deliveries d SET lease_until = ${new Date(now.getTime() + leaseMs)}
            FROM due WHERE d.id = due.id RETURNING d.*
          )
          SELECT ${
          sql.unsafe(
            JOB_COLUMNS.split(", ").map((c) => c.startsWith("event_id") ? "l.event_id::float8 AS event_id" : `l.${c}`)
              .join(", ")
          )
        },
            w.url, w.secret
          FROM leased l JOIN webhooks w ON w.id = l.webhook_id ORDER BY l.run_at`.pipe(
          Effect.map((rows) => rows.map((r) => ({ delivery: toJob(r), url: r.url, secret: r.secret }))),
          orStoreError("WebhookStore.claim")
        ),
      record: (deliveryId, outcome) =>
        sql.withTransaction(Effect.gen(function*() {
          const jobs = yield* sql<JobRow>`SELECT ${sql.unsafe(JOB_COLUMNS)} FROM webhook_deliveries
            WHERE id = ${deliveryId} FOR UPDATE`
          const job = jobs[0]
          if (job === undefined || job.state !== "pending") return Option.none<Webhook>()
          const attempts = Number(job.attempts) + 1
          const at = outcome.attempt.attempted_at
          const then = Webhooks.afterAttempt(outcome.ok, attempts, outcome.schedule, at.getTime())
          yield* sql`INSERT INTO webhook_attempts ${
            sql.insert({ ...outcome.attempt, delivery_id: deliveryId, attempt: attempts })
          } ON CONFLICT DO NOTHING`
          yield* sql`UPDATE webhook_deliveries SET attempts = ${attempts}, state = ${then.state},
            run_at = ${then.run_at}, lease_until = NULL,
            completed_at = ${then.state === "pending" ? null : at} WHERE id = ${deliveryId}`
          if (then.state === "pending") return Option.none<Webhook>()
          const hooks = yield* sql<HookRow>`UPDATE webhooks SET
            consecutive_failures = ${then.state === "succeeded" ? sql`0` : sql`consecutive_failures + 1`}
            WHERE id = ${job.webhook_id} RETURNING *`
          const hook = hooks[0]
          if (hook === undefined || !hook.active || Number(hook.consecutive_failures) < outcome.maxFailures) {
            return Option.none<Webhook>()
          }
          const reason = `${hook.consecutive_failures} consecutive failed deliveries`
          const done = yield* sql<HookRow>`UPDATE webhooks SET active = false, deactivated_at = ${at},
            deactivation_reason = ${reason} WHERE id = ${hook.id} RETURNING *`
          yield* sql`DELETE FROM webhook_deliveries WHERE webhook_id = ${hook.id} AND state = 'pending'`
          return Option.map(Option.fromNullable(done[0]), toHook)
        })).pipe(orStoreError("WebhookStore.record")),
      release: (ids) =>
        ids.length === 0 ? Effect.void : sql`UPDATE webhook_deliveries SET lease_until = NULL
          WHERE ${sql.in("id", ids)}`.pipe(Effect.asVoid, orStoreError("WebhookStore.release")),
      deliveries: (webhookId, limit) =>
        sql<JobRow>`SELECT ${sql.unsafe(JOB_COLUMNS)} FROM webhook_deliveries WHERE webhook_id = ${webhookId}
          ORDER BY created_at DESC, event_id DESC NULLS LAST LIMIT ${limit}`.pipe(
          Effect.flatMap((rows) => withHistory(rows.map(toJob))),
          orStoreError("WebhookStore.deliveries")
        ),
      replay: (webhookId, deliveryId, now) =>
        sql<JobRow>`UPDATE webhook_deliveries SET state = 'pending', attempts = 0, run_at = ${now},
          completed_at = NULL, lease_until = NULL WHERE id = ${deliveryId} AND webhook_id = ${webhookId}
          RETURNING ${sql.unsafe(JOB_COLUMNS)}`.pipe(
          Effect.flatMap((rows) => withHistory(rows.map(toJob))),
          Effect.map((logs) => Option.fromNullable(logs[0])),
          orStoreError("WebhookStore.replay")
        )
    }
  }
)

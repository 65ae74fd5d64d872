/**
 * In-memory WebhookStore over one Ref (each method one atomic `Ref.modify`), reading the outbox
 * of the shared SportsData state. The memory equivalent of FOR UPDATE SKIP LOCKED: a claim
 * leases the deliveries it returns inside the same modify, so two claimers never get one
 * delivery while its lease runs. No method fails.
 * @module
 */
import {
  Delivery,
  type DeliveryAttempt,
  type DeliveryLog,
  type Webhook,
  type WebhookDelivery,
  Webhooks,
  type WebhookStoreService
} from "@sports-data/domain"
import { Effect, Option, Ref } from "effect"
import type { SportsData } from "./SportsData.js"

interface Job extends WebhookDelivery {
  readonly lease_until: number | null
  readonly history: ReadonlyArray<DeliveryAttempt>
}

interface State {
  readonly hooks: ReadonlyMap<string, Webhook>
  readonly jobs: ReadonlyMap<string, Job>
  readonly cursor: Delivery.OutboxCursor
}

const log = ({ lease_until: _, ...job }: Job): DeliveryLog => job

/** Makes the WebhookStore over `data`'s outbox; the fan-out starts after the outbox's newest event. */
export const makeWebhookStore = (data: SportsData): Effect.Effect<WebhookStoreService> =>
  Effect.gen(function*() {
    const start = (yield* Ref.get(data.signals)).nextEventId - 1
    const state = yield* Ref.make<State>({
      hooks: new Map(),
      jobs: new Map(),
      cursor: { lastId: start, gapSince: undefined }
    })
    const setHook = (s: State, hook: Webhook): State => ({ ...s, hooks: new Map(s.hooks).set(hook.id, hook) })
    const setJob = (s: State, job: Job): State => ({ ...s, jobs: new Map(s.jobs).set(job.id, job) })
    return {
      create: (hook) => Ref.update(state, (s) => setHook(s, hook)),
      listActive: (keyHash) =>
        Effect.map(
          Ref.get(state),
          (s) =>
            [...s.hooks.values()].filter((h) => h.key_hash === keyHash && h.active).sort((a, b) =>
              a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id)
            )
        ),
      get: (keyHash, id) =>
        Effect.map(Ref.get(state), (s) =>
          Option.fromNullable(s.hooks.get(id)).pipe(Option.filter((h) => h.key_hash === keyHash))),
      deactivate: (id, at, reason) =>
        Ref.modify(state, (s) => {
          const hook = s.hooks.get(id)
          if (hook === undefined || !hook.active) {
            return [false, s]
          }
          const jobs = new Map([...s.jobs].filter(([, j]) =>
            !(j.webhook_id === id && j.state === "pending")
          ))
          return [true, {
            ...setHook(s, { ...hook, active: false, deactivated_at: at, deactivation_reason: reason }),
            jobs
          }]
        }),
      fanOut: (options) =>
        Effect.flatMap(Ref.get(data.signals), (outbox) =>
          Ref.modify(state, (s) => {
            const rows = outbox.events.filter((e) => e.id > s.cursor.lastId).slice(0, options.limit)
            const step = Delivery.advance(s.cursor, rows, options.now.getTime(), options.graceMs)
            let next: State = { ...s, cursor: step.cursor }
            let created = 0
            for (const event of step.deliver) {
              for (const hook of s.hooks.values()) {
                if (!hook.active || !hook.events.includes(event.name)) continue
                const id = options.newId()
                created++
                next = setJob(next, {
                  id,
                  webhook_id: hook.id,
                  event_id: event.id,
                  event_name: event.name,
                  body: Webhooks.deliveryBody(id, event),
                  state: "pending",
                  attempts: 0,
                  run_at: new Date(options.now.getTime() + options.firstDelayMs),
                  created_at: options.now,
                  completed_at: null,
                  lease_until: null,
                  history: []
                })
              }
            }
            return [created, next]
          })),
      claim: (now, leaseMs, limit) =>
        Ref.modify(state, (s) => {
          const t = now.getTime()
          const due = [...s.jobs.values()].filter((j) =>
            j.state === "pending" && j.run_at.getTime() <= t && (j.lease_until === null || j.lease_until <= t) &&
            s.hooks.get(j.webhook_id)?.active === true
          ).sort((a, b) => a.run_at.getTime() - b.run_at.getTime()).slice(0, limit)
          let next = s
          for (const j of due) next = setJob(next, { ...j, lease_until: t + leaseMs })
          return [
            due.map((j) => {
              const hook = s.hooks.get(j.webhook_id)!
              return { delivery: log(j), url: hook.url, secret: hook.secret }
            }),
            next
          ]
        }),
      record: (deliveryId, outcome) =>
        Ref.modify(state, (s): readonly [Option.Option<Webhook>, State] => {
          const job = s.jobs.get(deliveryId)
          if (job === undefined || job.state !== "pending") return [Option.none(), s]
          const attempts = job.attempts + 1
          const at = outcome.attempt.attempted_at
          const then = Webhooks.afterAttempt(outcome.ok, attempts, outcome.schedule, at.getTime())
          let next = setJob(s, {
            ...job,
            attempts,
            state: then.state,
            run_at: then.run_at,
            lease_until: null,
            completed_at: then.state === "pending" ? null : at,
            history: [...job.history, { ...outcome.attempt, attempt: attempts }]
          })
          const hook = s.hooks.get(job.webhook_id)
          if (hook === undefined || then.state === "pending") return [Option.none(), next]
          const failures = then.state === "succeeded" ? 0 : hook.consecutive_failures + 1
          const deactivate = hook.active && failures >= outcome.maxFailures
          const updated: Webhook = deactivate ?
            {
              ...hook,
              consecutive_failures: failures,
              active: false,
              deactivated_at: at,
              deactivation_reason: `${failures} consecutive failed deliveries`
            } :
            { ...hook, consecutive_failures: failures }
          next = setHook(next, updated)
          return [deactivate ? Option.some(updated) : Option.none(), next]
        }),
      release: (ids) =>
        Ref.update(state, (s) => {
          let next = s
          for (const id of ids) {
            const j = next.jobs.get(id)
            if (j !== undefined) next = setJob(next, { ...j, lease_until: null })
          }
          return next
        }),
      deliveries: (webhookId, limit) =>
        Effect.map(Ref.get(state), (s) =>
          [...s.jobs.values()].filter((j) =>
            j.webhook_id === webhookId
          ).sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (b.event_id ?? 0) - (a.event_id ?? 0))
            .slice(0, limit).map(log)),
      replay: (webhookId, deliveryId, now) =>
        Ref.modify(state, (s): readonly [Option.Option<DeliveryLog>, State] => {
          const job = s.jobs.get(deliveryId)
          if (job === undefined || job.webhook_id !== webhookId) {
            return [Option.none(), s]
          }
          const queued: Job = {
            ...job,
            state: "pending",
            attempts: 0,
            run_at: now,
            completed_at: null,
            lease_until: null
          }
          return [Option.some(log(queued)), setJob(s, queued)]
        })
    }
  })

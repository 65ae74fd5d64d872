/**
 * AuditStore contract: one suite, run on every adapter (memory, PGlite, PostgreSQL when available).
 * Each test uses its own random key hash, so tests sharing a store do not see each other's events.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { type AuditEvent, auditEventId, auditEventKey, AuditStore } from "@sports-data/domain"
import { Effect } from "effect"
import { storeLayers } from "../harness/stores.js"

const entries = await storeLayers()

const randomHash = () => crypto.randomUUID().replace(/-/g, "").padEnd(64, "0")

const event = (key_hash: string, action: string, at: string, details: AuditEvent["details"] = {}): AuditEvent => ({
  id: auditEventId(),
  key_hash,
  action,
  occurred_at: new Date(at),
  actor: "operator",
  details
})

describe("AuditStore contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("a key's events come back newest first, with every field, and only that key's", () =>
        Effect.gen(function*() {
          const store = yield* AuditStore
          const key = randomHash()
          const created = event(key, "key.created", "2024-06-01T10:00:00Z", { tier: "sandbox", via: "cli" })
          const activated = event(key, "key.activated", "2024-06-01T11:00:00Z")
          const revoked = event(key, "key.revoked", "2024-06-02T09:00:00Z", { count: 1, final: true, note: null })
          yield* store.record([created, activated])
          yield* store.record([revoked, event(randomHash(), "key.created", "2024-06-03T00:00:00Z")])
          expect(yield* store.list({ key_hash: key, limit: 10 })).toEqual([revoked, activated, created])
          expect(yield* store.list({ key_hash: key, limit: 2 })).toEqual([revoked, activated])
        }))

      it.effect("before and action filter; an action outside the known set is kept", () =>
        Effect.gen(function*() {
          const store = yield* AuditStore
          const key = randomHash()
          const a = event(key, "key.created", "2024-06-01T10:00:00Z")
          const b = event(key, "webhook.created", "2024-06-01T12:00:00Z", { webhook_id: "wh_1" })
          const c = event(key, "widget.polished", "2024-06-01T13:00:00Z")
          yield* store.record([a, b, c])
          const before = yield* store.list({ key_hash: key, limit: 10, before: new Date("2024-06-01T12:00:00Z") })
          expect(before).toEqual([a])
          expect(yield* store.list({ key_hash: key, limit: 10, action: "webhook.created" })).toEqual([b])
          expect(yield* store.list({ key_hash: key, limit: 10, action: "widget.polished" })).toEqual([c])
          expect(yield* store.list({ key_hash: key, limit: 10, action: "key.revoked" })).toEqual([])
        }))

      it.effect("after a page's last key: the older events, exact where events share an instant", () =>
        Effect.gen(function*() {
          const store = yield* AuditStore
          const key = randomHash()
          const same = "2024-06-01T10:00:00.123Z"
          const events = [
            event(key, "key.created", same),
            event(key, "key.activated", same),
            event(key, "key.registered", same),
            event(key, "key.revoked", "2024-06-02T00:00:00Z"),
            event(key, "webhook.created", "2024-05-01T00:00:00Z")
          ]
          yield* store.record(events)
          const all = yield* store.list({ key_hash: key, limit: 10 })
          expect(all).toHaveLength(5)
          const walked: Array<AuditEvent> = []
          let after: ReadonlyArray<string | number | null> | undefined
          for (;;) {
            const page = yield* store.list({ key_hash: key, limit: 1, after })
            if (page.length === 0) break
            walked.push(...page)
            after = auditEventKey.of(page[0]!)
          }
          expect(walked).toEqual(all)
          const afterSecond = yield* store.list({ key_hash: key, limit: 10, after: auditEventKey.of(all[1]!) })
          expect(afterSecond).toEqual(all.slice(2))
        }))
    })
  }
})

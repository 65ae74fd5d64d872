/**
 * Sign-up by e-mail end to end: `POST /daas/trial/start` through a real SMTP server in the process,
 * the activation link followed once (the key shown once), the key at work, 402 after its trial;
 * the 24-hour expiry of the link with the TestClock; and the caller's audit trail
 * (`GET /v1/audit/events`).
 */
import { describe, expect, it } from "@effect/vitest"
import { Keys } from "@sports-data/app"
import { ApiKey, AuditStore, KeyStore, Mailer, type MailMessage, Plans } from "@sports-data/domain"
import { ApiLiveWith } from "@sports-data/http"
import { make as makeMemoryStores } from "@sports-data/store-memory"
import { mailLayer, senderOf, smtpMailer } from "@sports-data/wiring"
import { Effect, Layer, Option, Queue, Redacted, TestClock } from "effect"
import { decodedBody, testSmtp } from "../harness/smtp.js"
import { start } from "./harness.js"

const PUBLIC = "https://sports.example.test"

/** A JSON request body. */
const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { "content-type": "application/json" } })

/** The activation link in a received message (the path and query, to call on the test server). */
const linkIn = (raw: string): string => {
  const match = decodedBody(raw).match(/https:\/\/sports\.example\.test(\/daas\/trial\/activate\?token=[0-9A-Za-z]+)/)
  expect(match).not.toBeNull()
  return match![1]!
}

/** The server over the memory store, e-mailing through the test SMTP server. */
const serverWithSmtp = Effect.gen(function*() {
  const smtp = yield* testSmtp
  const mail = mailLayer({ mailer: smtpMailer({ url: smtp.url, from: senderOf(PUBLIC) }), publicUrl: PUBLIC })
  const h = yield* start({ apiLive: ApiLiveWith({ plans: Plans.defaultPlans, mail }), plans: Plans.defaultPlans })
  return { h, smtp }
})

describe("trial sign-up by e-mail", () => {
  it.live(
    "the link is e-mailed, activates once, shows the key once; the key works, then its trial ends (402)",
    () =>
      Effect.gen(function*() {
        const { h, smtp } = yield* serverWithSmtp
        const email = "new.fan@example.com"
        const res = yield* h.request("POST", "/daas/trial/start", json({ email }))
        expect(res.status).toBe(200)
        expect(res.body).toMatchObject({ success: true, tier: "sandbox", activation_link_valid_hours: 24 })
        expect(res.text).not.toMatch(/svc_sbx_/)

        const mail = yield* Queue.take(smtp.received)
        expect(mail.to).toEqual([email])
        expect(mail.raw).toContain("Subject: Activate your Sports Data sandbox key")
        expect(decodedBody(mail.raw)).not.toMatch(/svc_sbx_/)
        const link = linkIn(mail.raw)

        // Before activation the key exists, pending.
        const pending = (yield* Effect.flatMap(KeyStore, (s) => s.list).pipe(Effect.provide(h.stores)))
          .filter((k) => k.email === email)
        expect(pending.map((k) => [k.tier, k.state])).toEqual([["sandbox", "pending_activation"]])

        const page = yield* h.request("GET", link)
        expect(page.status).toBe(200)
        expect(page.headers.get("content-type")).toContain("text/html")
        expect(page.headers.get("cache-control")).toBe("no-store")
        expect(page.headers.get("referrer-policy")).toBe("no-referrer")
        const key = page.text.match(/svc_sbx_[0-9A-Za-z]{43}/)?.[0]
        expect(key).toBeDefined()
        expect(key!.slice(0, 12)).toBe(pending[0]!.key_prefix)

        // The key works at once as a sandbox key, its trial started at activation.
        const used = yield* h.request("GET", "/v1/nfl/teams", { key: key! })
        expect([used.status, used.headers.get("x-service-tier")]).toEqual([200, "sandbox"])
        const usage = yield* h.request("GET", "/daas/usage", { key: key! })
        expect(usage.body).toMatchObject({ is_trial: true, trial_days_remaining: 14 })

        // The second visit shows no key.
        const again = yield* h.request("GET", link)
        expect(again.status).toBe(404)
        expect(again.text).not.toMatch(/svc_sbx_/)
        expect(again.text).toContain("already used")

        // The audit trail holds its creation and activation.
        const hash = yield* ApiKey.hashKey(key!)
        const trail = yield* Effect.flatMap(AuditStore, (s) => s.list({ key_hash: hash, limit: 10 })).pipe(
          Effect.provide(h.stores)
        )
        expect(trail.map((e) => e.action)).toEqual(["key.activated", "key.created"])
        expect(JSON.stringify(trail)).not.toContain(email)

        // When the 14-day trial is over (its end moved to the past), the key answers 402.
        const keys = yield* Effect.provide(KeyStore, h.stores)
        const record = Option.getOrThrow(yield* keys.findByHash(hash))
        yield* keys.update({ ...record, trial_ends_at: new Date(Date.now() - 1000) })
        const expired = yield* h.request("GET", "/v1/nfl/teams", { key: key! })
        expect([expired.status, expired.body.error_code]).toEqual([402, "TRIAL_EXPIRED"])
      }).pipe(Effect.scoped),
    { timeout: 60_000 }
  )

  it.live(
    "the answer never tells whether the address has a key; bad addresses 400; limits shared",
    () =>
      Effect.gen(function*() {
        const { h, smtp } = yield* serverWithSmtp
        const email = "twice@example.com"
        const first = yield* h.request("POST", "/daas/trial/start", json({ email }))
        const second = yield* h.request("POST", "/daas/trial/start", json({ email: email.toUpperCase() }))
        expect([first.status, second.status]).toEqual([200, 200])
        expect(second.body).toEqual(first.body)
        expect(yield* Queue.size(smtp.received)).toBe(2)
        for (const bad of ["nope", "a b@example.com", "x@y", "ctl\u0000@example.com"]) {
          const r = yield* h.request("POST", "/daas/trial/start", json({ email: bad }))
          expect([r.status, r.body.error_code, r.body.parameter]).toEqual([400, "INVALID_PARAMETER", "email"])
        }
        // the third of the day for this address comes through /mcp/start-trial; the fourth is refused
        expect((yield* h.request("POST", "/mcp/start-trial", json({ email }))).status).toBe(200)
        const over = yield* h.request("POST", "/daas/trial/start", json({ email }))
        expect([over.status, over.body.error_code]).toEqual([429, "DAILY_LIMIT_EXCEEDED"])
        // a malformed or unknown token shows the page without a key
        for (
          const path of [
            "/daas/trial/activate",
            "/daas/trial/activate?token=<script>",
            `/daas/trial/activate?token=${"A".repeat(43)}`
          ]
        ) {
          const r = yield* h.request("GET", path)
          expect([r.status, r.text.includes("<script>")]).toEqual([404, false])
        }
      }).pipe(Effect.scoped),
    { timeout: 60_000 }
  )

  it.live("an unverified (pending) key answers 401 INVALID_API_KEY", () =>
    Effect.gen(function*() {
      const { h } = yield* serverWithSmtp
      const key = yield* h.issueKey({ tier: "sandbox", state: "pending_activation" })
      const res = yield* h.request("GET", "/v1/nfl/teams", { key })
      expect([res.status, res.body.error_code]).toEqual([401, "INVALID_API_KEY"])
    }).pipe(Effect.scoped), { timeout: 60_000 })

  it.live("a mail server that refuses answers 503 with Retry-After, never 500", () =>
    Effect.gen(function*() {
      const smtp = yield* testSmtp
      const wrong = Redacted.make(Redacted.value(smtp.url).replace("secret", "nope"))
      const mail = mailLayer({ mailer: smtpMailer({ url: wrong, from: senderOf(PUBLIC) }), publicUrl: PUBLIC })
      const h = yield* start({ apiLive: ApiLiveWith({ plans: Plans.defaultPlans, mail }), plans: Plans.defaultPlans })
      const res = yield* h.request("POST", "/daas/trial/start", json({ email: "fan@example.com" }))
      expect([res.status, res.body.error_code]).toEqual([503, "SERVICE_UNAVAILABLE"])
      expect(res.headers.get("retry-after")).toBe("60")
    }).pipe(Effect.scoped), { timeout: 60_000 })
})

describe("activation link expiry (TestClock)", () => {
  /** Memory stores and a mailer that keeps the messages in a queue. */
  const setup = Effect.gen(function*() {
    const sent = yield* Queue.unbounded<MailMessage>()
    const stores = yield* makeMemoryStores
    const mailer = Layer.succeed(Mailer, { send: (m) => Queue.offer(sent, m).pipe(Effect.asVoid) })
    return { sent, layer: Layer.merge(Layer.succeedContext(stores), mailer) }
  })

  const signUp = (email: string) =>
    Keys.startEmailTrial({
      catalog: Plans.defaultPlans,
      email,
      client: undefined,
      activationLink: (token) => `${PUBLIC}/daas/trial/activate?token=${token}`
    })

  const tokenOf = (m: MailMessage) => m.text.match(/token=([0-9A-Za-z]+)/)![1]!

  it.effect("the link works until 24 hours after sign-up and not from then on", () =>
    Effect.gen(function*() {
      const { layer, sent } = yield* setup
      yield* Effect.gen(function*() {
        yield* TestClock.setTime(Date.parse("2026-03-01T12:00:00Z"))
        const result = yield* signUp("early@example.com")
        expect(result.activation_expires_at.toISOString()).toBe("2026-03-02T12:00:00.000Z")
        yield* signUp("late@example.com")
        const [early, late] = [yield* Queue.take(sent), yield* Queue.take(sent)]
        expect(early.text).toContain("2026-03-02 12:00 UTC")

        yield* TestClock.adjust("23 hours")
        const activated = yield* Keys.activateTrial({ catalog: Plans.defaultPlans, token: tokenOf(early) })
        expect(Option.isSome(activated)).toBe(true)
        const record = Option.getOrThrow(activated).record
        expect(record.trial_starts_at?.toISOString()).toBe("2026-03-02T11:00:00.000Z")
        expect(record.trial_ends_at?.toISOString()).toBe("2026-03-16T11:00:00.000Z")

        yield* TestClock.adjust("1 hour")
        expect(yield* Keys.activateTrial({ catalog: Plans.defaultPlans, token: tokenOf(late) })).toEqual(Option.none())
        const pending = (yield* Effect.flatMap(KeyStore, (s) => s.list)).find((k) => k.email === "late@example.com")
        expect(pending?.state).toBe("pending_activation")
      }).pipe(Effect.provide(layer))
    }))
})

describe("GET /v1/audit/events", () => {
  it.live(
    "the calling key's own trail, newest first, with limit, before and action; build tier",
    () =>
      Effect.gen(function*() {
        const h = yield* start({ plans: Plans.defaultPlans })
        const created = yield* Keys.createKey({ catalog: Plans.defaultPlans, tier: "build" }).pipe(
          Effect.provide(h.stores)
        )
        const key = Redacted.value(created.key)
        yield* Effect.sleep("5 millis")
        const reg = yield* h.request("POST", "/daas/register-key", { key, ...json({ email: "owner@example.com" }) })
        expect(reg.status).toBe(200)
        const res = yield* h.request("GET", "/v1/audit/events", { key })
        expect(res.status).toBe(200)
        expect(res.body.data.map((e: { action: string }) => e.action)).toEqual(["key.registered", "key.created"])
        expect(res.body.data[1]).toMatchObject({
          actor: "operator",
          key_prefix: `${key.slice(0, 12)}...`,
          details: { tier: "build", state: "active", via: "operator" }
        })
        expect(res.body.data[0].id).toMatch(/^aud_[0-9a-f]{32}$/)
        expect(res.text).not.toContain(key)
        expect(res.text).not.toContain("owner@example.com")
        const limited = yield* h.request("GET", "/v1/audit/events?limit=1", { key })
        expect(limited.body.data.map((e: { action: string }) => e.action)).toEqual(["key.registered"])
        const before = yield* h.request(
          "GET",
          `/v1/audit/events?before=${encodeURIComponent(limited.body.data[0].occurred_at)}`,
          { key }
        )
        expect(before.body.data.map((e: { action: string }) => e.action)).toEqual(["key.created"])
        // by cursor: the page after the first, then the end; a cursor of other filters is refused
        const next = yield* h.request("GET", `/v1/audit/events?limit=1&cursor=${limited.body.next_cursor}`, { key })
        expect(next.body.data.map((e: { action: string }) => e.action)).toEqual(["key.created"])
        expect(next.body.next_cursor).toBeNull()
        const foreign = yield* h.request(
          "GET",
          `/v1/audit/events?action=key.created&cursor=${limited.body.next_cursor}`,
          { key }
        )
        expect([foreign.status, foreign.body.error_code, foreign.body.parameter]).toEqual([
          400,
          "INVALID_PARAMETER",
          "cursor"
        ])
        const byAction = yield* h.request("GET", "/v1/audit/events?action=key.created", { key })
        expect(byAction.body.count).toBe(1)
        // another key's events are not in this trail
        const other = yield* h.request("GET", "/v1/audit/events", { key: h.keys.growth })
        expect(other.body.data).toEqual([])
        // below build: 403; malformed parameters: 400 naming them
        const sandbox = yield* h.request("GET", "/v1/audit/events", { key: h.keys.sandbox })
        expect([sandbox.status, sandbox.body.error_code]).toEqual([403, "TIER_INSUFFICIENT"])
        for (
          const [query, parameter] of [["limit=0", "limit"], ["before=yesterday", "before"], ["action=%00", "action"]]
        ) {
          const bad = yield* h.request("GET", `/v1/audit/events?${query}`, { key })
          expect([bad.status, bad.body.parameter]).toEqual([400, parameter])
        }
      }).pipe(Effect.scoped),
    { timeout: 60_000 }
  )
})

/**
 * Webhooks end to end: registration over HTTP (secret once, https only, SSRF refusals for every
 * address class and a name resolving to one), a local receiver verifying the signature in
 * constant time, the retry schedule with short durations, deactivation after 3 failed deliveries
 * (audit entry), replay with the same delivery id, and another key's webhook → 404.
 */
import { describe, expect, it } from "@effect/vitest"
import { AuditStore, KeyStore, Mailer, type MailMessage, Plans, SportsWriter } from "@sports-data/domain"
import { ApiLiveWith } from "@sports-data/http"
import { deliveryPass, forbiddenAddress } from "@sports-data/wiring"
import { type Duration, Effect, Fiber, Layer, Option } from "effect"
import { seedGames, start } from "./harness.js"
import { receiver } from "./receiver.js"

const bump = (by: number) =>
  Effect.flatMap(SportsWriter, (w) => w.upsertGames([{ ...seedGames.nfl, home_score: seedGames.nfl.home_score! + by }]))

describe("webhooks", () => {
  it.live("register, signed delivery, retries, replay, deactivation after 3 failures", () =>
    Effect.gen(function*() {
      const r = yield* receiver
      process.env["SPORTS_DATA_WEBHOOK_ALLOW_HOSTS"] = `127.0.0.1:${r.port}`
      const h = yield* start({ apiLive: ApiLiveWith({ plans: Plans.defaultPlans }), plans: Plans.defaultPlans })
      delete process.env["SPORTS_DATA_WEBHOOK_ALLOW_HOSTS"]
      const key = h.keys.syndicate_alpha
      const sent: Array<MailMessage> = []
      const mailer = Layer.succeed(Mailer, { send: (m) => Effect.sync(() => void sent.push(m)) })
      const pass = (schedule: ReadonlyArray<Duration.DurationInput>) =>
        deliveryPass({ schedule, allowHosts: [`127.0.0.1:${r.port}`] }).pipe(
          Effect.provide(Layer.merge(Layer.succeedContext(h.stores), mailer))
        )

      const growth = yield* h.request("POST", "/daas/webhooks", {
        key: h.keys.pro_insights,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: `http://127.0.0.1:${r.port}/hook`, events: ["game.score_updated"] })
      })
      expect(growth.status).toBe(403)

      const created = yield* h.request("POST", "/daas/webhooks", {
        key,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: `http://127.0.0.1:${r.port}/hook`, events: ["game.score_updated"] })
      })
      expect(created.status).toBe(201)
      expect(created.body.secret).toMatch(/^whsec_/)
      r.secret.value = created.body.secret
      const id: string = created.body.id
      const listed = yield* h.request("GET", "/daas/webhooks", { key })
      expect(listed.body.data.map((w: any) => w.id)).toEqual([id])
      expect(listed.text).not.toContain(created.body.secret)
      const other = yield* h.request("GET", `/daas/webhooks/${id}/deliveries`, { key: h.keys.enterprise })
      expect([other.status, other.body.error_code]).toEqual([404, "RESOURCE_NOT_FOUND"])

      // a score change reaches the receiver, signed; the first attempt fails and is retried
      let calls = 0
      r.status.next = () => (++calls === 1 ? 500 : 204)
      yield* bump(1).pipe(Effect.provide(h.stores))
      yield* pass(["0 millis", "50 millis"])
      yield* Effect.sleep("60 millis")
      yield* pass(["0 millis", "50 millis"])
      expect(r.got.length).toBe(2)
      expect(r.got.every((g) => g.valid)).toBe(true)
      expect(r.got[0]!.headers["x-service-event"]).toBe("game.score_updated")
      expect(r.got[0]!.headers["content-type"]).toBe("application/json")
      const deliveryId = r.got[0]!.headers["x-service-delivery-id"]
      expect(deliveryId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(r.got[1]!.headers["x-service-delivery-id"]).toBe(deliveryId)
      expect(JSON.parse(r.got[0]!.body)).toMatchObject({
        id: deliveryId,
        event: "game.score_updated",
        data: { game_id: seedGames.nfl.id, home_score: seedGames.nfl.home_score! + 1 }
      })
      const log = yield* h.request("GET", `/daas/webhooks/${id}/deliveries`, { key })
      expect(log.body.data[0].state).toBe("succeeded")
      expect(log.body.data[0].history.map((a: any) => a.status_code)).toEqual([500, 204])

      // replay: the same delivery id again
      const replay = yield* h.request("POST", `/daas/webhooks/${id}/deliveries/${deliveryId}/replay`, { key })
      expect(replay.status).toBe(202)
      yield* pass(["0 millis"])
      expect(r.got.length).toBe(3)
      expect(r.got[2]!.headers["x-service-delivery-id"]).toBe(deliveryId)
      const missing = yield* h.request("POST", `/daas/webhooks/${id}/deliveries/nope/replay`, { key })
      expect(missing.status).toBe(404)

      // three failed deliveries in a row: deactivated, audited, the owner e-mailed
      const keys = yield* KeyStore.pipe(Effect.provide(h.stores))
      const record = yield* Effect.flatMap(
        Effect.promise(() => crypto.subtle.digest("SHA-256", new TextEncoder().encode(key))),
        (d) => keys.findByHash(Buffer.from(d).toString("hex"))
      )
      yield* keys.update({ ...Option.getOrThrow(record), email: "owner@example.com" })
      r.status.next = () => 503
      for (let i = 2; i <= 4; i++) {
        yield* bump(i).pipe(Effect.provide(h.stores))
        yield* pass(["0 millis"])
      }
      const after = yield* h.request("GET", "/daas/webhooks", { key })
      expect(after.body.data).toEqual([])
      const audit = yield* AuditStore.pipe(Effect.provide(h.stores))
      const trail = yield* audit.list({ key_hash: Option.getOrThrow(record).key_hash, limit: 10 })
      expect(trail.map((e) => e.action)).toContain("webhook.deactivated")
      expect(trail.map((e) => e.action)).toContain("webhook.created")
      expect(sent.map((m) => [m.to, m.subject])).toEqual([["owner@example.com", "Your webhook was deactivated"]])
    }).pipe(Effect.scoped), 30_000)

  it.live(
    "a worker that hangs mid-delivery loses its lease; another completes the delivery, same id",
    () =>
      Effect.gen(function*() {
        const r = yield* receiver
        process.env["SPORTS_DATA_WEBHOOK_ALLOW_HOSTS"] = `127.0.0.1:${r.port}`
        const h = yield* start({ apiLive: ApiLiveWith({ plans: Plans.defaultPlans }), plans: Plans.defaultPlans })
        delete process.env["SPORTS_DATA_WEBHOOK_ALLOW_HOSTS"]
        const key = h.keys.syndicate_alpha
        const created = yield* h.request("POST", "/daas/webhooks", {
          key,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ url: `http://127.0.0.1:${r.port}/hook`, events: ["game.score_updated"] })
        })
        r.secret.value = created.body.secret
        const mailer = Layer.succeed(Mailer, { send: () => Effect.void })
        const worker = deliveryPass({
          schedule: ["0 millis"],
          allowHosts: [`127.0.0.1:${r.port}`],
          lease: "300 millis"
        })
          .pipe(Effect.provide(Layer.merge(Layer.succeedContext(h.stores), mailer)))
        let calls = 0
        r.status.next = () => (++calls === 1 ? 0 : 204)
        yield* bump(7).pipe(Effect.provide(h.stores))
        // worker A claims and hangs in the middle of its POST
        const a = yield* Effect.fork(worker)
        while (r.got.length === 0) yield* Effect.sleep("20 millis")
        // before the lease ends nobody else takes the delivery
        expect(yield* worker).toBe(0)
        yield* Effect.sleep("350 millis")
        // worker B takes it over after the lease and delivers it
        expect(yield* worker).toBe(1)
        expect(r.got.length).toBe(2)
        expect(r.got.every((g) => g.valid)).toBe(true)
        expect(r.got[1]!.headers["x-service-delivery-id"]).toBe(r.got[0]!.headers["x-service-delivery-id"])
        // A's connection breaks late: its attempt does not undo B's success
        r.held[0]!.socket?.destroy()
        yield* Fiber.join(a)
        const log = yield* h.request("GET", `/daas/webhooks/${created.body.id}/deliveries`, { key })
        expect(log.body.data.map((d: any) => [d.state, d.history.map((x: any) => x.status_code)])).toEqual([
          ["succeeded", [204]]
        ])
      }).pipe(Effect.scoped),
    30_000
  )

  it.live("refuses http, and every non-public address class, also behind a name", () =>
    Effect.gen(function*() {
      const h = yield* start({ apiLive: ApiLiveWith({ plans: Plans.defaultPlans }), plans: Plans.defaultPlans })
      const refuse = (url: string) =>
        h.request("POST", "/daas/webhooks", {
          key: h.keys.syndicate_alpha,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ url, events: ["player.injured"] })
        })
      for (
        const url of [
          "https://127.0.0.1/hook",
          "https://[::1]/hook",
          "https://10.1.2.3/hook",
          "https://172.16.0.1/hook",
          "https://172.31.255.255/hook",
          "https://192.168.1.10/hook",
          "https://169.254.169.254/latest/meta-data",
          "https://[fc00::1]/hook",
          "https://[fd12:3456::1]/hook",
          "https://[::ffff:127.0.0.1]/hook",
          "https://localhost/hook",
          "http://example.com/hook"
        ]
      ) {
        const res = yield* refuse(url)
        expect({ url, status: res.status, parameter: res.body.parameter }).toEqual({
          url,
          status: 400,
          parameter: "url"
        })
        expect(res.body.reason).toMatch(/https|public address/)
      }
    }).pipe(Effect.scoped))

  it("classifies addresses", () => {
    for (
      const a of [
        "127.0.0.1",
        "::1",
        "10.0.0.1",
        "172.16.5.4",
        "192.168.0.1",
        "169.254.169.254",
        "fc00::1",
        "fe80::1",
        "::ffff:10.0.0.1",
        "0.0.0.0"
      ]
    ) {
      expect(forbiddenAddress(a)).toBeDefined()
    }
    for (const a of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "172.32.0.1", "8.8.8.8"]) {
      expect(forbiddenAddress(a)).toBeUndefined()
    }
  })
})

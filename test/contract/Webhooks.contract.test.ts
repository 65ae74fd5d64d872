/**
 * WebhookStore contract on memory, PGlite and PostgreSQL: ownership, fan-out of outbox events
 * once, claims under a lease (a second claimer gets nothing until the lease expires, then takes
 * it over), the retry schedule, replay with the same id, deactivation after consecutive failures.
 */
import { describe, expect, it } from "@effect/vitest"
import { type Game, SportsWriter, type Webhook, WebhookStore } from "@sports-data/domain"
import { Effect, Option } from "effect"
import { storeLayers } from "../harness/stores.js"
import { seedGames } from "../http/harness.js"

const entries = await storeLayers()

const T0 = new Date("2026-01-05T12:00:00Z")
const at = (ms: number) => new Date(T0.getTime() + ms)

const hook = (id: string, key_hash: string, events: ReadonlyArray<string>, created: number): Webhook => ({
  id,
  key_hash,
  url: `https://example.com/${id}`,
  events,
  secret: `whsec_${id}`,
  active: true,
  consecutive_failures: 0,
  created_at: at(created),
  deactivated_at: null,
  deactivation_reason: null
})

const game: Game = seedGames.nfl

let n = 0
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`
const fail = (ms: number) => ({
  attempt: { attempt: 0, attempted_at: at(ms), status_code: 500, error: null, duration_ms: 12 },
  ok: false,
  schedule: [0, 1000],
  maxFailures: 3
})

for (const [label, layer] of entries) {
  describe(`WebhookStore on ${label}`, () => {
    it.live("fans out once, leases claims, retries on schedule, replays, deactivates", () =>
      Effect.gen(function*() {
        const store = yield* WebhookStore
        const writer = yield* SportsWriter
        yield* store.create(hook("wh_a", "k1", ["game.score_updated"], 0))
        yield* store.create(hook("wh_b", "k1", ["player.injured"], 1))
        yield* store.create(hook("wh_c", "k2", ["game.score_updated"], 2))
        expect((yield* store.listActive("k1")).map((h) => h.id)).toEqual(["wh_a", "wh_b"])
        expect(Option.isNone(yield* store.get("k2", "wh_a"))).toBe(true)

        yield* writer.upsertGames([game])
        yield* writer.upsertGames([{ ...game, home_score: 33 }])
        const fan = { now: at(0), firstDelayMs: 0, graceMs: 0, limit: 100, newId }
        expect(yield* store.fanOut(fan)).toBe(2) // wh_a and wh_c
        expect(yield* store.fanOut(fan)).toBe(0)

        const claimed = yield* store.claim(at(0), 30_000, 10)
        expect(claimed.map((c) => c.url).sort()).toEqual(["https://example.com/wh_a", "https://example.com/wh_c"])
        const a = claimed.find((c) => c.delivery.webhook_id === "wh_a")!
        expect(JSON.parse(a.delivery.body)).toMatchObject({
          id: a.delivery.id,
          event: "game.score_updated",
          data: { game_id: game.id, home_score: 33 }
        })
        expect(a.secret).toBe("whsec_wh_a")
        // leased: nobody else gets them; after the lease a worker takes them over
        expect(yield* store.claim(at(1000), 30_000, 10)).toEqual([])
        const taken = yield* store.claim(at(31_000), 30_000, 10)
        expect(taken.map((c) => c.delivery.id).sort()).toEqual(claimed.map((c) => c.delivery.id).sort())

        // attempt 1 fails: retried after schedule[1] = 1 s
        expect(Option.isNone(yield* store.record(a.delivery.id, fail(31_000)))).toBe(true)
        expect(yield* store.claim(at(31_500), 30_000, 10)).toEqual([])
        yield* store.release(taken.map((c) => c.delivery.id).filter((id) => id !== a.delivery.id))
        const retry = (yield* store.claim(at(32_000), 30_000, 10)).find((c) => c.delivery.id === a.delivery.id)!
        expect(retry.delivery.attempts).toBe(1)
        // attempt 2 fails: the schedule is used up, the delivery failed
        yield* store.record(a.delivery.id, fail(32_000))
        const [log] = yield* store.deliveries("wh_a", 10)
        expect(log!.state).toBe("failed")
        expect(log!.history.map((h) => [h.attempt, h.status_code])).toEqual([[1, 500], [2, 500]])
        expect((yield* store.get("k1", "wh_a")).pipe(Option.map((h) => h.consecutive_failures))).toEqual(Option.some(1))

        // replay: same id and body, fresh budget; a success resets the failure count
        const replayed = yield* store.replay("wh_a", a.delivery.id, at(40_000))
        expect(Option.map(replayed, (d) => [d.id, d.state, d.attempts])).toEqual(
          Option.some([a.delivery.id, "pending", 0])
        )
        expect(Option.isNone(yield* store.replay("wh_c", a.delivery.id, at(40_000)))).toBe(true)
        const again = (yield* store.claim(at(40_000), 30_000, 10)).find((c) => c.delivery.id === a.delivery.id)!
        expect(again.delivery.body).toBe(a.delivery.body)
        yield* store.record(a.delivery.id, {
          ...fail(40_000),
          ok: true,
          attempt: { ...fail(40_000).attempt, status_code: 204 }
        })
        expect((yield* store.get("k1", "wh_a")).pipe(Option.map((h) => h.consecutive_failures))).toEqual(Option.some(0))

        // three failed deliveries in a row deactivate the webhook (returned once, for the e-mail)
        for (let i = 0; i < 3; i++) {
          yield* writer.upsertGames([{ ...game, home_score: 40 + i }])
          yield* store.fanOut({ ...fan, now: at(50_000 + i) })
          const jobs = (yield* store.claim(at(50_000 + i), 30_000, 10)).filter((c) => c.delivery.webhook_id === "wh_a")
          expect(jobs.length).toBe(1)
          const once = { ...fail(50_000 + i), schedule: [0] }
          const deactivated = yield* store.record(jobs[0]!.delivery.id, once)
          expect(Option.isSome(deactivated)).toBe(i === 2)
        }
        expect((yield* store.listActive("k1")).map((h) => h.id)).toEqual(["wh_b"])
        expect(yield* store.deactivate("wh_a", at(60_000), "again")).toBe(false)
        expect(yield* store.deactivate("wh_b", at(60_000), "deleted")).toBe(true)
      }).pipe(Effect.provide(layer)), 60_000)
  })
}

/**
 * `GET /v1/events/stream` end to end over the real node server: events in id order with
 * `id`/`event`/`data`, the `sport` filter, the heartbeat (a short interval), resume with
 * Last-Event-ID without gap or repeat, the per-key cap (429), tier and parameter errors.
 */
import { describe, expect, it } from "@effect/vitest"
import { Plans } from "@sports-data/domain"
import { ApiLiveWith } from "@sports-data/http"
import { Effect } from "effect"
import { seedGames, start } from "./harness.js"
import { bumpScores, events, open } from "./sse.js"

const server = start({
  apiLive: ApiLiveWith({ plans: Plans.defaultPlans, stream: { heartbeat: "150 millis" } }),
  plans: Plans.defaultPlans
})

describe("GET /v1/events/stream", () => {
  it.live("pushes outbox events in id order with event names and spec payloads; sport filters", () =>
    Effect.gen(function*() {
      const h = yield* server
      const all = yield* open(h, h.keys.pro_insights)
      const nba = yield* open(h, h.keys.pro_insights, { query: "?sport=NBA" })
      expect(all.res.status).toBe(200)
      expect(all.res.headers.get("content-type")).toContain("text/event-stream")
      expect(all.res.headers.get("x-service-tier")).toBe("pro_insights")
      yield* bumpScores(1).pipe(Effect.provide(h.stores))

      const got = events(yield* Effect.promise(() => all.until((f) => events(f).length >= 3)))
      expect(got.map((f) => f.event)).toEqual(["game.score_updated", "game.score_updated", "game.score_updated"])
      const ids = got.map((f) => Number(f.id))
      expect(ids).toEqual([...ids].sort((a, b) => a - b))
      expect(new Set(ids).size).toBe(3)
      const payloads = got.map((f) => JSON.parse(f.data!))
      expect(payloads.find((p) => p.game_id === seedGames.nfl.id)).toEqual({
        game_id: seedGames.nfl.id,
        home_team: "BUF",
        away_team: "KC",
        home_score: seedGames.nfl.home_score! + 1,
        away_score: seedGames.nfl.away_score,
        status: "final"
      })

      const onlyNba = events(yield* Effect.promise(() => nba.until((f) => events(f).length >= 1)))
      expect(onlyNba.map((f) => JSON.parse(f.data!).game_id)).toEqual([seedGames.nba.id])
    }).pipe(Effect.scoped))

  it.live("sends heartbeat comments at the configured interval", () =>
    Effect.gen(function*() {
      const h = yield* server
      const s = yield* open(h, h.keys.syndicate_alpha)
      const frames = yield* Effect.promise(() => s.until((f) => f.filter((x) => x.comment === "heartbeat").length >= 2))
      expect(frames.filter((x) => x.comment === "heartbeat").length).toBeGreaterThanOrEqual(2)
    }).pipe(Effect.scoped))

  it.live("resumes after Last-Event-ID with every later event, no gap and no repeat", () =>
    Effect.gen(function*() {
      const h = yield* server
      const first = yield* open(h, h.keys.pro_insights)
      yield* bumpScores(1).pipe(Effect.provide(h.stores))
      const seen = events(yield* Effect.promise(() => first.until((f) => events(f).length >= 3)))
      first.close()
      // written while the client is away
      yield* bumpScores(2).pipe(Effect.provide(h.stores))
      const resumed = yield* open(h, h.keys.pro_insights, { lastEventId: seen[1]!.id! })
      const later = events(yield* Effect.promise(() => resumed.until((f) => events(f).length >= 4)))
      const firstId = Number(seen[0]!.id)
      expect(later.map((f) => Number(f.id))).toEqual([firstId + 2, firstId + 3, firstId + 4, firstId + 5])
    }).pipe(Effect.scoped))

  it.live("caps concurrent streams per key (pro_insights: 5) with 429 TOO_MANY_STREAMS, freed on close", () =>
    Effect.gen(function*() {
      const h = yield* server
      const key = yield* h.issueKey({ tier: "pro_insights" })
      const opened = yield* Effect.forEach([1, 2, 3, 4, 5], () => open(h, key))
      expect(opened.map((s) => s.res.status)).toEqual([200, 200, 200, 200, 200])
      const refused = yield* h.request("GET", "/v1/events/stream", { key })
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject({ error_code: "TOO_MANY_STREAMS", open_streams: 5, max_streams: 5 })
      expect(refused.headers.get("retry-after")).not.toBeNull()
      opened[0]!.close()
      // the slot frees when the server sees the connection go
      let again = yield* open(h, key)
      for (let i = 0; i < 50 && again.res.status !== 200; i++) {
        yield* Effect.sleep("50 millis")
        again = yield* open(h, key)
      }
      expect(again.res.status).toBe(200)
    }).pipe(Effect.scoped))

  it.live("tier below pro_insights → 403; malformed Last-Event-ID or sport → 400 naming it", () =>
    Effect.gen(function*() {
      const h = yield* server
      const growth = yield* h.request("GET", "/v1/events/stream", { key: h.keys.growth })
      expect([growth.status, growth.body.error_code]).toEqual([403, "TIER_INSUFFICIENT"])
      const bad = yield* h.request("GET", "/v1/events/stream", {
        key: h.keys.pro_insights,
        headers: { "last-event-id": "abc" }
      })
      expect([bad.status, bad.body.parameter]).toEqual([400, "Last-Event-ID"])
      const sport = yield* h.request("GET", "/v1/events/stream?sport=curling", { key: h.keys.pro_insights })
      expect([sport.status, sport.body.parameter]).toEqual([400, "sport"])
    }).pipe(Effect.scoped))
})

/**
 * Live polling on PostgreSQL with two instances on one database: each runs the nhl poller, the
 * webhook deliveries and the HTTP API. Only the holder of the `live.nhl` lease calls the upstream;
 * when it stops (its fiber interrupted mid-game: the lease is released), the other instance takes
 * over. The replayed game day (MTL at TOR, CGY at EDM, 2025-10-08) reaches an SSE client of the
 * instance that did not write (woken by LISTEN/NOTIFY) and a webhook receiver, each change exactly
 * once. Its own file: it runs in its own worker.
 */
import { describe, expect, it } from "@effect/vitest"
import { Plans } from "@sports-data/domain"
import { ApiLiveWith } from "@sports-data/http"
import { layerPostgres } from "@sports-data/store-sql"
import { Effect, Fiber, Option } from "effect"
import { postgresAvailable, testDatabaseUrl } from "../harness/postgres.js"
import { start } from "../http/harness.js"
import { receiver } from "../http/receiver.js"
import { events, open } from "../http/sse.js"
import { eventually, forkDelivery, forkPoller, nhlSchedule, nhlTeams, seedSchedule, testSettings } from "./harness.js"
import { haveRecordings, nhlReplay, stepper, upstream } from "./recordings.js"

const available = await Effect.runPromise(postgresAvailable)

describe.skipIf(!available || !haveRecordings)("live polling with two instances on one PostgreSQL", () => {
  it.scopedLive(
    "one poller at a time (lease, handed over mid-game), every change streamed and delivered once",
    () =>
      Effect.gen(function*() {
        const url = Option.getOrThrow(yield* testDatabaseUrl)
        const r = yield* receiver
        const allow = `127.0.0.1:${r.port}`
        process.env["SPORTS_DATA_WEBHOOK_ALLOW_HOSTS"] = allow
        const apiLive = ApiLiveWith({ plans: Plans.defaultPlans })
        const a = yield* start({ stores: layerPostgres({ url }), apiLive, plans: Plans.defaultPlans })
        const b = yield* start({ stores: layerPostgres({ url }), apiLive, plans: Plans.defaultPlans, seed: false })
        delete process.env["SPORTS_DATA_WEBHOOK_ALLOW_HOSTS"]
        const created = yield* a.request("POST", "/daas/webhooks", {
          key: a.keys.syndicate_alpha,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            url: `http://${allow}/hook`,
            events: ["game.score_updated", "game.state_changed", "game.final"]
          })
        })
        expect(created.status).toBe(201)
        r.secret.value = created.body.secret
        const stream = yield* open(b, b.keys.pro_insights, { query: "?sport=nhl" })
        yield* seedSchedule(a.stores, nhlTeams, nhlSchedule)

        const up = yield* upstream
        const steps = stepper(nhlReplay(["2025020004", "2025020006"]).bodies)
        const callers: Array<string> = []
        up.route = (path) => {
          const m = /^\/(a|b)\/v1\/score\/2025-10-08$/.exec(path)
          if (m === null) return { status: 404, body: "{}" }
          callers.push(m[1]!)
          return steps.next()
        }
        const clock = "2025-10-08T12:00:00Z"
        const pa = yield* forkPoller("nhl", testSettings(`${up.url}/a`, ["nhl"]), a.stores, clock, "instance-a")
        const pb = yield* forkPoller("nhl", testSettings(`${up.url}/b`, ["nhl"]), b.stores, clock, "instance-b")
        yield* forkDelivery(a.stores, allow)
        yield* forkDelivery(b.stores, allow)

        // one instance polls; halfway through it stops and the other takes over
        yield* eventually(Effect.sync(() => steps.step >= 10))
        const first = callers[0]!
        expect(new Set(callers)).toEqual(new Set([first]))
        yield* Fiber.interrupt(first === "a" ? pa : pb)
        yield* eventually(Effect.sync(() => callers.at(-1) !== first))

        const frames = yield* Effect.promise(() => stream.until((f) => events(f).length >= 8))
        const all = events(frames).map((f) => [f.event!, JSON.parse(f.data!)] as const)
        const ofGame = (id: string) =>
          all.filter(([, p]) => p.game_id === id).map(([e, p]) => [e, p.away_score, p.home_score])
        expect(ofGame("2025020004")).toEqual([
          ["game.state_changed", 0, 0],
          ["game.score_updated", 1, 1],
          ["game.score_updated", 2, 2],
          ["game.score_updated", 2, 3],
          ["game.final", 2, 5]
        ])
        expect(ofGame("2025020006")).toEqual([
          ["game.state_changed", 0, 0],
          ["game.score_updated", 3, 3],
          ["game.final", 4, 3]
        ])
        expect(new Set(all.map(([, p]) => p)).size).toBe(all.length)
        yield* eventually(Effect.sync(() => r.got.length >= 8))
        const hooks = r.got.map((g) => JSON.parse(g.body))
        expect(new Set(hooks.map((h) => h.id)).size).toBe(8)
        expect(hooks.map((h) => [h.event, h.data.game_id, h.data.away_score, h.data.home_score]).sort()).toEqual(
          all.map(([e, p]) => [e, p.game_id, p.away_score, p.home_score]).sort()
        )
        // both instances serve the final state from the one database
        for (const h of [a, b]) {
          yield* eventually(Effect.map(
            h.request("GET", "/v1/nhl/games?date=2025-10-08", { key: h.keys.growth }),
            (res) =>
              res.body.data.map((g: any) => `${g.event_id} ${g.state} ${g.away_team.score}-${g.home_team.score}`).sort()
                .join(", ") === "2025020004 final 2-5, 2025020006 final 4-3"
          ))
        }
      }),
    120_000
  )
})

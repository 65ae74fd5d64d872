/**
 * The event stream on PostgreSQL: two HTTP instances on one database both stream an event
 * written once (LISTEN/NOTIFY wakes the instance that did not write it; the safety poll is set
 * to an hour, so only the notification can deliver within the test). Its own file: it runs in
 * its own worker, apart from the memory-store stream suite.
 */
import { describe, expect, it } from "@effect/vitest"
import { Plans } from "@sports-data/domain"
import { ApiLiveWith } from "@sports-data/http"
import { layerPostgres } from "@sports-data/store-sql"
import { Effect, Option } from "effect"
import { postgresAvailable, testDatabaseUrl } from "../harness/postgres.js"
import { start } from "./harness.js"
import { bumpScores, events, open } from "./sse.js"

// Without TEST_DATABASE_URL (or Docker) there is no server: the suite is skipped, not failed.
const available = await Effect.runPromise(postgresAvailable)

describe.skipIf(!available)("GET /v1/events/stream on PostgreSQL", () => {
  it.live(
    "two HTTP instances on one database both stream an event written once (LISTEN/NOTIFY)",
    () =>
      Effect.gen(function*() {
        const url = Option.getOrThrow(yield* testDatabaseUrl)
        // a slow safety poll: the events must arrive through the NOTIFY wake-up
        const apiLive = ApiLiveWith({ plans: Plans.defaultPlans, stream: { pollInterval: "1 hour" } })
        const a = yield* start({ stores: layerPostgres({ url }), apiLive, plans: Plans.defaultPlans })
        const b = yield* start({ stores: layerPostgres({ url }), apiLive, plans: Plans.defaultPlans, seed: false })
        const key = a.keys.pro_insights
        const sa = yield* open(a, key)
        const sb = yield* open(b, key)
        expect([sa.res.status, sb.res.status]).toEqual([200, 200])
        // written once, through instance a's store
        yield* bumpScores(5).pipe(Effect.provide(a.stores))
        const fa = events(yield* Effect.promise(() => sa.until((f) => events(f).length >= 3)))
        const fb = events(yield* Effect.promise(() => sb.until((f) => events(f).length >= 3)))
        expect(fb.map((f) => [f.id, f.event, f.data])).toEqual(fa.map((f) => [f.id, f.event, f.data]))
      }).pipe(Effect.scoped),
    60_000
  )
})

/**
 * The live poller of a sport with no watched game (out of season, as every sport of the frozen
 * data): it reads the sport's games once per idle interval instead of at every tick, so that an
 * idle sport does not keep the store busy, while it renews its lease at every tick (another
 * instance cannot take the sport over), and it reads them again once the idle interval is over.
 */
import { describe, expect, it } from "@effect/vitest"
import { GameReader, JobLeases } from "@sports-data/domain"
import { make as makeMemoryStores } from "@sports-data/store-memory"
import { defaultLiveSettings, liveFeedLayer, liveJob, pollerLoop } from "@sports-data/wiring"
import { Clock, Context, Duration, Effect, TestClock } from "effect"

const settings = {
  ...defaultLiveSettings,
  sports: ["nhl" as const],
  // never called: no game is watched
  nhl: "http://127.0.0.1:9",
  liveInterval: Duration.seconds(1),
  idleInterval: Duration.minutes(1)
}

describe("live poller of an idle sport", () => {
  it.scoped("reads the games once per idle interval and renews its lease at every tick", () =>
    Effect.gen(function*() {
      const stores = yield* makeMemoryStores
      const games = Context.get(stores, GameReader)
      let reads = 0
      const counted = Context.add(stores, GameReader, {
        ...games,
        find: (q) => Effect.suspend(() => (reads++, games.find(q)))
      })
      yield* pollerLoop("nhl", { settings, owner: "poller", lease: "5 seconds" }).pipe(
        Effect.provide(liveFeedLayer(settings)),
        Effect.provide(counted),
        Effect.forkScoped
      )
      const leases = Context.get(stores, JobLeases)
      /** Whether another owner can take the sport's lease now (5 s without renewal frees it). */
      const free = Effect.flatMap(
        Clock.currentTimeMillis,
        (now) => leases.claim({ job: liveJob("nhl"), owner: "other", now: new Date(now), leaseMs: 5_000 })
      )

      yield* TestClock.adjust("1 second")
      const first = reads
      // the first tick looked for watched games (in progress, yesterday, today, tomorrow)
      expect(first).toBeGreaterThan(0)
      yield* TestClock.adjust("50 seconds")
      // fifty ticks later: no game read again, and the lease still held
      expect(reads).toBe(first)
      expect(yield* free).toBe(false)
      yield* TestClock.adjust("10 seconds")
      // the idle interval is over: the games are read again, once
      expect(reads).toBe(2 * first)
      expect(yield* free).toBe(false)
    }))
})

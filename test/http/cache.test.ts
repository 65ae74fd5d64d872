/**
 * The cache of SportsStore reads (runtimes/http/src/StoreCache.ts): a repeated query is answered
 * without the store, a change to the data is served once the version interval has passed, an
 * unchanged re-ingest keeps the cached answers, and the server's handlers read through it.
 * The store underneath is the memory store wrapped to count the calls that reach it.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { type Player, SportsStore, type SportsStoreService, StoreFailure } from "@sports-data/domain"
import { makeStoreCache } from "@sports-data/http"
import { make as makeMemoryStores, makeSportsStore } from "@sports-data/store-memory"
import { Context, Deferred, Effect, Fiber, Layer, Option, TestClock } from "effect"
import { Harness, seedPlayers } from "./harness.js"

/** Calls that reached the store, by method. */
type Calls = Record<string, number>

/** `store` with every read counted in `calls`. */
const counted = (store: SportsStoreService, calls: Calls): SportsStoreService => {
  const count = (method: string) => {
    calls[method] = (calls[method] ?? 0) + 1
  }
  return {
    ...store,
    findPlayers: (q) => Effect.suspend(() => (count("findPlayers"), store.findPlayers(q))),
    getPlayer: (id) => Effect.suspend(() => (count("getPlayer"), store.getPlayer(id))),
    findTeams: (sport) => Effect.suspend(() => (count("findTeams"), store.findTeams(sport))),
    getIngestState: (sport) => Effect.suspend(() => (count("getIngestState"), store.getIngestState(sport))),
    dataVersion: Effect.suspend(() => (count("dataVersion"), store.dataVersion))
  }
}

const player = (id: string, full_name: string, team: string): Player => ({
  id: `svc_nfl_${id}`,
  sport: "nfl",
  full_name,
  first_name: null,
  last_name: null,
  position: "WR",
  team,
  status: "active",
  birth_date: null,
  platform_ids: {},
  attributes: {}
})

const rice = player("00-0039000", "Rashee Rice", "KC")
const worthy = player("00-0039894", "Xavier Worthy", "KC")
const kc = { sport: "nfl" as const, team: "KC", limit: 10, offset: 0 }
const names = (rows: ReadonlyArray<Player>) => rows.map((p) => p.full_name)

/** A memory store holding Rice, the counts of its calls and the cache over it (1 s interval). */
const setup = Effect.gen(function*() {
  const raw = yield* makeSportsStore
  yield* raw.upsertPlayers([rice])
  const calls: Calls = {}
  const cache = yield* makeStoreCache(counted(raw, calls), { versionInterval: "1 second" })
  return { raw, calls, cache }
})

describe("StoreCache", () => {
  it.effect("a repeated query is answered from the cache: the store sees it once, with one version read", () =>
    Effect.gen(function*() {
      const { cache, calls } = yield* setup
      const first = yield* cache.findPlayers(kc)
      const second = yield* cache.findPlayers({ offset: 0, limit: 10, team: "KC", sport: "nfl", search: undefined })
      const third = yield* cache.findPlayers(kc)
      expect(names(first.rows)).toEqual(["Rashee Rice"])
      expect(second).toEqual(first)
      expect(third).toEqual(first)
      expect(calls).toEqual({ dataVersion: 1, findPlayers: 1 })

      // another query is another entry
      expect(names((yield* cache.findPlayers({ ...kc, team: "BUF" })).rows)).toEqual([])
      expect(yield* cache.getPlayer(rice.id)).toEqual(Option.some(rice))
      yield* cache.getPlayer(rice.id)
      expect(calls).toEqual({ dataVersion: 1, findPlayers: 2, getPlayer: 1 })
    }))

  it.effect("after an upsert that changes data, the new data is served once the interval has passed", () =>
    Effect.gen(function*() {
      const { cache, calls, raw } = yield* setup
      expect(names((yield* cache.findPlayers(kc)).rows)).toEqual(["Rashee Rice"])
      expect(yield* cache.upsertPlayers([worthy])).toEqual({ inserted: 1, updated: 0, unchanged: 0 })
      yield* raw.upsertPlayers([{ ...rice, team: "LV" }])

      // within the interval: the previous answer (the documented staleness bound)
      expect(names((yield* cache.findPlayers(kc)).rows)).toEqual(["Rashee Rice"])
      yield* TestClock.adjust("1001 millis")
      expect(names((yield* cache.findPlayers(kc)).rows)).toEqual(["Xavier Worthy"])
      expect(yield* cache.getPlayer(rice.id)).toEqual(Option.some({ ...rice, team: "LV" }))
      expect(calls).toMatchObject({ dataVersion: 2, findPlayers: 2 })
    }))

  it.effect("an unchanged re-ingest keeps the cached answers", () =>
    Effect.gen(function*() {
      const { cache, calls } = yield* setup
      yield* cache.findPlayers(kc)
      yield* cache.findTeams("nfl")
      expect(yield* cache.upsertPlayers([rice])).toEqual({ inserted: 0, updated: 0, unchanged: 1 })
      yield* cache.setIngestState({ sport: "nfl", finished_at: new Date("2024-09-01T00:00:00Z"), source_mtime_ms: 1 })
      yield* TestClock.adjust("5 seconds")
      expect(names((yield* cache.findPlayers(kc)).rows)).toEqual(["Rashee Rice"])
      yield* cache.findTeams("nfl")
      expect(calls).toEqual({ dataVersion: 2, findPlayers: 1, findTeams: 1 })
    }))

  it.effect("ingest state is read again after the interval, whatever the data version", () =>
    Effect.gen(function*() {
      const { cache, calls } = yield* setup
      expect(yield* cache.getIngestState("nfl")).toEqual(Option.none())
      const state = { sport: "nfl" as const, finished_at: new Date("2024-09-01T00:00:00Z"), source_mtime_ms: 1 }
      yield* cache.setIngestState(state)
      yield* TestClock.adjust("1001 millis")
      expect(yield* cache.getIngestState("nfl")).toEqual(Option.some(state))
      expect(calls["getIngestState"]).toBe(2)
    }))

  it.effect("a failed read is not kept: the next read asks the store again", () =>
    Effect.gen(function*() {
      const raw = yield* makeSportsStore
      let failures = 1
      const flaky: SportsStoreService = {
        ...raw,
        findTeams: (sport) =>
          Effect.suspend(() =>
            failures-- > 0
              ? Effect.fail(new StoreFailure({ operation: "findTeams", detail: "down" }))
              : raw.findTeams(sport)
          )
      }
      const cache = yield* makeStoreCache(flaky)
      expect((yield* Effect.flip(cache.findTeams("nfl")))._tag).toBe("StoreFailure")
      expect(yield* cache.findTeams("nfl")).toEqual([])
    }))

  it.effect("a read that goes away does not fail the others waiting for the same entry", () =>
    Effect.gen(function*() {
      const raw = yield* makeSportsStore
      const gate = yield* Deferred.make<void>()
      const slow: SportsStoreService = {
        ...raw,
        findTeams: (sport) => Effect.zipRight(Deferred.await(gate), raw.findTeams(sport))
      }
      const cache = yield* makeStoreCache(slow)
      const first = yield* Effect.fork(cache.findTeams("nfl"))
      yield* TestClock.adjust("1 millis")
      const second = yield* Effect.fork(cache.findTeams("nfl"))
      yield* TestClock.adjust("1 millis")
      const interrupted = yield* Effect.fork(Fiber.interrupt(first))
      yield* Deferred.succeed(gate, undefined)
      yield* Fiber.join(interrupted)
      expect(yield* Fiber.join(second)).toEqual([])
    }))
})

/** The server over a counted memory store (the harness's seed rows). */
const calls: Calls = {}
const countedStores = Layer.effectContext(
  Effect.map(
    makeMemoryStores,
    (stores) => Context.add(stores, SportsStore, counted(Context.get(stores, SportsStore), calls))
  )
)

describe("server wiring", () => {
  layer(Harness.layer({ stores: countedStores }), { excludeTestServices: true })((it) => {
    it.effect("the handlers read through the cache: a repeated request does not reach the store", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const get = () => h.request("GET", "/v1/nfl/players?team=KC", { key: h.keys.syndicate_alpha })
        const first = yield* get()
        expect(first.status).toBe(200)
        expect(first.body.data.map((p: { full_name: string }) => p.full_name)).toContain(seedPlayers.mahomes.full_name)
        const reads = calls["findPlayers"]
        const second = yield* get()
        expect(second.status).toBe(200)
        expect(second.body.data).toEqual(first.body.data)
        expect(calls["findPlayers"]).toBe(reads)
      }))
  })
})

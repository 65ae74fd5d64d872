/**
 * The cache of the read ports (runtimes/http/src/StoreCache.ts): a repeated query is answered
 * without the store, a change to the data is served once the version interval has passed, an
 * unchanged re-ingest keeps the cached answers, every member of a reader is cached (including
 * ones the cache never names), and the server's handlers read through it. The readers underneath
 * are the memory store's, wrapped to count the calls that reach them (`<Port>.<member>`).
 */
import { describe, expect, it, layer } from "@effect/vitest"
import {
  canonicalJson,
  CatalogReader,
  EventReader,
  type Player,
  PlayerReader,
  type SportsReaders,
  SportsWriter,
  StoreFailure,
  TeamReader
} from "@sports-data/domain"
import { cacheReaders, estimatedBytes, makeReadCache, readerTags } from "@sports-data/http"
import { make as makeMemoryStores, makeSports } from "@sports-data/store-memory"
import { Context, Deferred, Effect, Fiber, Layer, Option, TestClock } from "effect"
import { Harness, seedPlayers } from "./harness.js"

/** Calls that reached the readers, by `<Port>.<member>`. */
type Calls = Record<string, number>

/** The port name of a tag key: `@sports-data/PlayerReader` → `PlayerReader`. */
const portName = (key: string) => key.slice(key.lastIndexOf("/") + 1)

/** `service` with every Effect member and every function member counted in `calls` as `<port>.<member>`. */
const countedService = <S extends object>(port: string, service: S, calls: Calls): S => {
  const count = (name: string) => {
    calls[name] = (calls[name] ?? 0) + 1
  }
  const members = service as Record<string, unknown>
  return Object.fromEntries(
    Object.keys(members).map((method) => {
      const member = members[method]
      const name = `${port}.${method}`
      if (Effect.isEffect(member)) return [method, Effect.suspend(() => (count(name), member))]
      if (typeof member === "function") {
        return [method, (...args: Array<unknown>) => Effect.suspend(() => (count(name), member(...args)))]
      }
      return [method, member]
    })
  ) as S
}

/** Every reader of `context` counted in `calls`. */
const counted = <R>(context: Context.Context<R | SportsReaders>, calls: Calls): Context.Context<R | SportsReaders> =>
  readerTags.reduce(
    (ctx, tag) => {
      const anyTag = tag as Context.Tag<SportsReaders, object>
      return Context.add(ctx, anyTag, countedService(portName(tag.key), Context.get(ctx, anyTag), calls))
    },
    context
  )

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

/**
 * A memory store holding Rice; the counts of the calls reaching its readers; its writer (not
 * cached); and the readers behind the cache (1 s interval).
 */
const setup = Effect.gen(function*() {
  const raw = yield* makeSports
  const writer = Context.get(raw, SportsWriter)
  yield* writer.upsertPlayers([rice])
  const calls: Calls = {}
  const cached = yield* cacheReaders(counted(raw, calls), { versionInterval: "1 second" })
  return {
    calls,
    writer,
    players: Context.get(cached, PlayerReader),
    teams: Context.get(cached, TeamReader),
    catalog: Context.get(cached, CatalogReader),
    events: Context.get(cached, EventReader)
  }
})

describe("StoreCache", () => {
  it.effect("a repeated query is answered from the cache: the store sees it once, with one version read", () =>
    Effect.gen(function*() {
      const { calls, players } = yield* setup
      const first = yield* players.find(kc)
      const second = yield* players.find({ offset: 0, limit: 10, team: "KC", sport: "nfl", search: undefined })
      const third = yield* players.find(kc)
      expect(names(first.rows)).toEqual(["Rashee Rice"])
      expect(second).toEqual(first)
      expect(third).toEqual(first)
      expect(calls).toEqual({ "CatalogReader.dataVersion": 1, "PlayerReader.find": 1 })

      // another query is another entry
      expect(names((yield* players.find({ ...kc, team: "BUF" })).rows)).toEqual([])
      expect(yield* players.get(rice.id)).toEqual(Option.some(rice))
      yield* players.get(rice.id)
      expect(calls).toEqual({ "CatalogReader.dataVersion": 1, "PlayerReader.find": 2, "PlayerReader.get": 1 })
    }))

  it.effect("bounded by bytes: past the budget the least recently used answer is read again", () =>
    Effect.gen(function*() {
      const raw = yield* makeSports
      yield* Context.get(raw, SportsWriter).upsertPlayers([rice, worthy])
      const version = yield* Context.get(raw, CatalogReader).dataVersion
      const query = (i: number) => ({ ...kc, ids: [`svc_nfl_x${i}`, rice.id, worthy.id] })
      // every answer is the same two players, every key as long: one entry's estimated bytes
      const answer = yield* Context.get(raw, PlayerReader).find(query(1))
      const entry = estimatedBytes(answer) +
        2 * `${PlayerReader.key}\u0000find\u0000${version}\u0000${canonicalJson([query(1)])}`.length
      const calls: Calls = {}
      // eight entries fit, not nine
      const cached = yield* cacheReaders(counted(raw, calls), { versionInterval: "1 second", maxBytes: 8.5 * entry })
      const players = Context.get(cached, PlayerReader)
      for (let i = 1; i <= 9; i++) expect(yield* players.find(query(i))).toEqual(answer)
      expect(calls["PlayerReader.find"]).toBe(9)
      yield* players.find(query(9))
      yield* players.find(query(2))
      expect(calls["PlayerReader.find"]).toBe(9)
      // the least recently used (the first) was evicted: read again
      yield* players.find(query(1))
      expect(calls["PlayerReader.find"]).toBe(10)
    }))

  it.effect("after a write that changes data, the new data is served once the interval has passed", () =>
    Effect.gen(function*() {
      const { calls, players, writer } = yield* setup
      expect(names((yield* players.find(kc)).rows)).toEqual(["Rashee Rice"])
      expect(yield* writer.upsertPlayers([worthy])).toEqual({ inserted: 1, updated: 0, unchanged: 0 })
      yield* writer.upsertPlayers([{ ...rice, team: "LV" }])

      // within the interval: the previous answer (the documented staleness bound)
      expect(names((yield* players.find(kc)).rows)).toEqual(["Rashee Rice"])
      yield* TestClock.adjust("1001 millis")
      expect(names((yield* players.find(kc)).rows)).toEqual(["Xavier Worthy"])
      expect(yield* players.get(rice.id)).toEqual(Option.some({ ...rice, team: "LV" }))
      expect(calls).toMatchObject({ "CatalogReader.dataVersion": 2, "PlayerReader.find": 2 })
    }))

  it.effect("an unchanged re-ingest keeps the cached answers", () =>
    Effect.gen(function*() {
      const { calls, players, teams, writer } = yield* setup
      yield* players.find(kc)
      yield* teams.find("nfl")
      expect(yield* writer.upsertPlayers([rice])).toEqual({ inserted: 0, updated: 0, unchanged: 1 })
      yield* writer.setIngestState({ sport: "nfl", finished_at: new Date("2024-09-01T00:00:00Z"), source_mtime_ms: 1 })
      yield* TestClock.adjust("5 seconds")
      expect(names((yield* players.find(kc)).rows)).toEqual(["Rashee Rice"])
      yield* teams.find("nfl")
      expect(calls).toEqual({ "CatalogReader.dataVersion": 2, "PlayerReader.find": 1, "TeamReader.find": 1 })
    }))

  it.effect("ingest state is read again after the interval, whatever the data version", () =>
    Effect.gen(function*() {
      const { calls, catalog, writer } = yield* setup
      expect(yield* catalog.ingestState("nfl")).toEqual(Option.none())
      const state = { sport: "nfl" as const, finished_at: new Date("2024-09-01T00:00:00Z"), source_mtime_ms: 1 }
      yield* writer.setIngestState(state)
      yield* TestClock.adjust("1001 millis")
      expect(yield* catalog.ingestState("nfl")).toEqual(Option.some(state))
      expect(calls["CatalogReader.ingestState"]).toBe(2)
    }))

  it.effect("the data version itself is not cached: each read reaches the store", () =>
    Effect.gen(function*() {
      const { calls, catalog, writer } = yield* setup
      const before = yield* catalog.dataVersion
      yield* writer.upsertPlayers([worthy])
      expect(yield* catalog.dataVersion).not.toBe(before)
      expect(calls["CatalogReader.dataVersion"]).toBe(2)
    }))

  it.effect("the reads of every port are cached, the newer ports' too", () =>
    Effect.gen(function*() {
      const { calls, catalog, events } = yield* setup
      const query = { sport: "golf" as const, limit: 10, offset: 0 }
      yield* events.entries(query)
      yield* events.entries({ ...query, participant_id: undefined })
      yield* events.events({ ...query, order: "asc" })
      yield* events.events({ ...query, order: "asc" })
      yield* catalog.summary
      yield* catalog.summary
      expect(calls).toEqual({
        "CatalogReader.dataVersion": 1,
        "EventReader.entries": 1,
        "EventReader.events": 1,
        "CatalogReader.summary": 1
      })
    }))

  it.effect("a member the cache never names is cached by its arguments, apart from other ports' members", () =>
    Effect.gen(function*() {
      let version = 1
      const cache = yield* makeReadCache(Effect.sync(() => String(version)), { versionInterval: "1 second" })
      const calls: Calls = {}
      const service = (port: string) =>
        countedService(port, {
          byPair: (a: string, b: number) => Effect.succeed(`${port}:${a}:${b}`),
          everything: Effect.succeed(`${port}:all`),
          label: "not an effect"
        }, calls)
      const first = cache.wrap("First", service("First"), { lifetime: "data", passThrough: [] })
      const second = cache.wrap("Second", service("Second"), { lifetime: "data", passThrough: [] })
      expect(yield* first.byPair("x", 1)).toBe("First:x:1")
      expect(yield* first.byPair("x", 1)).toBe("First:x:1")
      expect(yield* first.byPair("x", 2)).toBe("First:x:2")
      expect(yield* second.byPair("x", 1)).toBe("Second:x:1")
      expect(yield* first.everything).toBe("First:all")
      expect(yield* first.everything).toBe("First:all")
      expect(first.label).toBe("not an effect")
      expect(calls).toEqual({ "First.byPair": 2, "Second.byPair": 1, "First.everything": 1 })
      version = 2
      yield* TestClock.adjust("1001 millis")
      yield* first.byPair("x", 1)
      expect(calls["First.byPair"]).toBe(3)
    }))

  it.effect("a failed read is not kept: the next read asks the store again", () =>
    Effect.gen(function*() {
      const raw = yield* makeSports
      const teams = Context.get(raw, TeamReader)
      let failures = 1
      const flaky = Context.add(raw, TeamReader, {
        find: (sport) =>
          Effect.suspend(() =>
            failures-- > 0
              ? Effect.fail(new StoreFailure({ operation: "TeamReader.find", detail: "down" }))
              : teams.find(sport)
          )
      })
      const cached = Context.get(yield* cacheReaders(flaky), TeamReader)
      expect((yield* Effect.flip(cached.find("nfl")))._tag).toBe("StoreFailure")
      expect(yield* cached.find("nfl")).toEqual([])
    }))

  it.effect("a read that goes away does not fail the others waiting for the same entry", () =>
    Effect.gen(function*() {
      const raw = yield* makeSports
      const teams = Context.get(raw, TeamReader)
      const gate = yield* Deferred.make<void>()
      const slow = Context.add(raw, TeamReader, {
        find: (sport) => Effect.zipRight(Deferred.await(gate), teams.find(sport))
      })
      const cached = Context.get(yield* cacheReaders(slow), TeamReader)
      const first = yield* Effect.fork(cached.find("nfl"))
      yield* TestClock.adjust("1 millis")
      const second = yield* Effect.fork(cached.find("nfl"))
      yield* TestClock.adjust("1 millis")
      const interrupted = yield* Effect.fork(Fiber.interrupt(first))
      yield* Deferred.succeed(gate, undefined)
      yield* Fiber.join(interrupted)
      expect(yield* Fiber.join(second)).toEqual([])
    }))
})

/** The server over a counted memory store (the harness's seed rows). */
const calls: Calls = {}
const countedStores = Layer.effectContext(Effect.map(makeMemoryStores, (stores) => counted(stores, calls)))

describe("server wiring", () => {
  layer(Harness.layer({ stores: countedStores }), { excludeTestServices: true })((it) => {
    it.effect("the handlers read through the cache: a repeated request does not reach the store", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const get = () => h.request("GET", "/v1/nfl/players?team=KC", { key: h.keys.syndicate_alpha })
        const first = yield* get()
        expect(first.status).toBe(200)
        expect(first.body.data.map((p: { full_name: string }) => p.full_name)).toContain(seedPlayers.mahomes.full_name)
        const reads = calls["PlayerReader.find"]
        expect(reads).toBeGreaterThan(0)
        const second = yield* get()
        expect(second.status).toBe(200)
        expect(second.body.data).toEqual(first.body.data)
        expect(calls["PlayerReader.find"]).toBe(reads)
      }))
  })
})

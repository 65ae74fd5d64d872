/**
 * PGlite on its store thread with two clients (the HTTP thread and `serve`'s background thread):
 * both read and write the same database, and an outbox wake-up of one reaches the other's event
 * readers; the thread reports its memory (with PGlite's WebAssembly memory) under its heap cap.
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import { EventWake } from "@sports-data/domain"
import { layerPgliteThread, makePortClient, PgliteThread } from "@sports-data/store-sql"
import { Effect, Fiber, Schedule, Stream } from "effect"

describe("PGlite store thread", () => {
  it.scopedLive(
    "a second client sees the first one's writes, and its wake-up reaches the first one's readers",
    () =>
      Effect.gen(function*() {
        const thread = yield* PgliteThread
        const wake = yield* EventWake
        const other = yield* makePortClient(thread.connect()).pipe(Effect.provide(Reactivity.layer))
        yield* other.client`CREATE TABLE t (n int)`
        yield* other.client.withTransaction(other.client`INSERT INTO t VALUES (1), (2)`)
        const sql = yield* SqlClient.SqlClient // the first client's
        const rows = yield* sql<{ total: number }>`SELECT sum(n)::int AS total FROM t`
        expect(rows[0]!.total).toBe(3)
        const heard = yield* wake.wakes.pipe(Stream.take(1), Stream.runCollect, Effect.fork)
        // woken until heard (the subscription starts on its own fiber), at most 5 s
        const woken = yield* Effect.raceFirst(
          Fiber.join(heard),
          Effect.zipRight(Effect.repeat(other.wake, Schedule.spaced("50 millis")), Effect.never)
        ).pipe(Effect.timeout("5 seconds"))
        expect(woken.length).toBe(1)
      }).pipe(Effect.provide(layerPgliteThread({}))),
    60_000
  )

  it.scopedLive(
    "reports its memory: heap within the cap it was started with, and PGlite's WebAssembly memory",
    () =>
      Effect.gen(function*() {
        const thread = yield* PgliteThread
        const memory = yield* Effect.promise(() => thread.memory())
        expect(memory.heapUsed).toBeGreaterThan(0)
        // the cap is the old space's; the limit adds the young generation
        expect(memory.heapLimit).toBeLessThan(512 * 1024 * 1024)
        expect(memory.wasm ?? 0).toBeGreaterThan(16 * 1024 * 1024)
      }).pipe(Effect.provide(layerPgliteThread({ heapMb: 256 }))),
    60_000
  )
})

/**
 * PGlite on its store thread with two clients (the HTTP thread and `serve`'s background thread):
 * both read and write the same database, and an outbox wake-up of one reaches the other's event
 * readers; the thread reports its memory (with PGlite's WebAssembly memory) under its heap cap.
 * Both ways of opening PGlite (on the store thread, in process) run Postgres with the project's
 * shared_buffers instead of PGlite 0.3's built-in 128MB, and the WebAssembly memory is that much smaller.
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import { EventWake } from "@sports-data/domain"
import { layerPglite, layerPgliteThread, makePortClient, PgliteThread, SHARED_BUFFERS } from "@sports-data/store-sql"
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

  it.scopedLive(
    "runs Postgres with the project's shared_buffers on the store thread and in process, in a smaller WebAssembly memory",
    () =>
      Effect.gen(function*() {
        const setting = (sql: SqlClient.SqlClient) =>
          Effect.map(
            sql<{ setting: string }>`SELECT current_setting('shared_buffers') AS setting`,
            (rows) => rows[0]!.setting
          )
        const onThread = yield* Effect.flatMap(SqlClient.SqlClient, setting).pipe(Effect.provide(layerPgliteThread({})))
        const inProcess = yield* Effect.flatMap(SqlClient.SqlClient, setting).pipe(Effect.provide(layerPglite({})))
        expect(SHARED_BUFFERS).toBe("32MB")
        expect(onThread).toBe("32MB")
        expect(inProcess).toBe("32MB")
        // PGlite 0.3 with its built-in 128MB starts with 174 MiB of WebAssembly memory
        const memory = yield* Effect.flatMap(PgliteThread, (thread) => Effect.promise(() => thread.memory())).pipe(
          Effect.provide(layerPgliteThread({}))
        )
        expect(memory.wasm ?? Infinity).toBeLessThan(128 * 1024 * 1024)
      }),
    60_000
  )
})

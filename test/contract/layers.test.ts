/**
 * What the SQL store layers promise beyond the ports: PGlite keeps its data in a folder across
 * restarts, a transaction holds PGlite's single session, an unreachable database fails the
 * layer with StoreUnavailable, and a failed statement surfaces as StoreFailure (never a
 * driver error).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it, layer as layerSuite } from "@effect/vitest"
import { CatalogReader, type Game, GameReader, SportsWriter } from "@sports-data/domain"
import { layerPglite, layerPostgres, migrate } from "@sports-data/store-sql"
import { Deferred, Effect, Fiber, Layer, Option } from "effect"
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { games } from "./fixtures.js"

/** A temporary folder, removed when the scope closes. */
const tempDir = Effect.acquireRelease(
  Effect.promise(() => mkdtemp(join(tmpdir(), "sports-store-"))),
  (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true }))
)

describe("SQL store layers", () => {
  it.live("PGlite in a folder keeps its data across restarts and migrates once", () =>
    Effect.gen(function*() {
      const dir = join(yield* tempDir, "nested", "store")
      const state = {
        sport: "nba" as const,
        finished_at: new Date("2024-10-30T05:00:00Z"),
        source_mtime_ms: 1_730_000_000_000
      }
      yield* Effect.flatMap(SportsWriter, (writer) => writer.setIngestState(state)).pipe(
        Effect.provide(layerPglite({ dataDir: dir }))
      )
      const [reread, applied] = yield* Effect.all([
        Effect.flatMap(CatalogReader, (catalog) => catalog.ingestState("nba")),
        migrate
      ]).pipe(Effect.provide(layerPglite({ dataDir: dir })))
      expect(reread).toEqual(Option.some(state))
      expect(applied).toEqual([])
    }).pipe(Effect.scoped), 60_000)

  it.live("a folder that cannot be created fails the PGlite layer with StoreUnavailable", () =>
    Effect.gen(function*() {
      const file = join(yield* tempDir, "a-file")
      yield* Effect.promise(() => writeFile(file, "not a folder"))
      const error = yield* Layer.build(layerPglite({ dataDir: join(file, "store") })).pipe(Effect.flip)
      expect(error._tag).toBe("StoreUnavailable")
      expect(error.retry_after_seconds).toBe(5)
    }).pipe(Effect.scoped), 60_000)

  it.live("an unreachable PostgreSQL server fails the layer with StoreUnavailable", () =>
    Effect.gen(function*() {
      const error = yield* Layer.build(layerPostgres({ url: "postgres://postgres@127.0.0.1:1/none" })).pipe(Effect.flip)
      expect(error._tag).toBe("StoreUnavailable")
      expect(error.detail).not.toContain("password")
    }).pipe(Effect.scoped), 60_000)

  layerSuite(layerPglite({}), { timeout: "60 seconds", excludeTestServices: true })("PGlite in memory", (it) => {
    it.effect("a PGlite transaction holds the session: no other statement sees its uncommitted rows", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const catalog = yield* CatalogReader
        const inserted = yield* Deferred.make<void>()
        const transaction = yield* sql.withTransaction(Effect.gen(function*() {
          yield* sql`INSERT INTO ingest_state (sport, finished_at, source_mtime_ms) VALUES ('mlb', now(), 1)`
          yield* Deferred.succeed(inserted, undefined)
          yield* Effect.sleep("100 millis")
          return yield* Effect.fail("roll back" as const)
        })).pipe(Effect.flip, Effect.fork)
        yield* Deferred.await(inserted)
        expect(yield* catalog.ingestState("mlb")).toEqual(Option.none())
        expect(yield* Fiber.join(transaction)).toBe("roll back")
      }))

    it.effect("a statement the database rejects fails with StoreFailure naming the operation", () =>
      Effect.gen(function*() {
        const writer = yield* SportsWriter
        const reader = yield* GameReader
        const bad: Game = { ...games[0]!, id: "bad", game_date: "not a date" }
        const error = yield* Effect.flip(writer.upsertGames([bad]))
        expect(error._tag).toBe("StoreFailure")
        expect(error._tag === "StoreFailure" && error.operation).toBe("SportsWriter.upsertGames")
        expect((yield* reader.find({ sport: "nfl", ids: ["bad"], order: "asc", limit: 10, offset: 0 })).total).toBe(
          0
        )
      }))
  })
})

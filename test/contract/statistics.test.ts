/**
 * The planner's statistics and the vacuuming of the SQL stores (store-sql Statistics.ts): a store
 * gathers statistics itself at open (tables never analyzed) and after each sport's ingest, and
 * vacuums what an ingest wrote, since neither an embedded PGlite nor a server without autovacuum
 * does. Checked in the catalog (`pg_class` row estimates and all-visible pages), never by timing.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import { Progress, Runner } from "@sports-data/ingest"
import { Effect } from "effect"
import { fileURLToPath } from "node:url"
import { sqlStoreLayers } from "../harness/stores.js"

const nflFixtures = fileURLToPath(new URL("../fixtures/nfl", import.meta.url))

/** The planner's row estimate of `table` (-1 when never analyzed). */
const estimate = (table: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      sql<{ n: number | string }>`SELECT reltuples AS n FROM pg_class
        WHERE relname = ${table} AND relnamespace = current_schema()::regnamespace`,
      (rows) => Number(rows[0]?.n ?? -1)
    ))

/** The pages of `table` and how many of them are marked all-visible (set only by VACUUM). */
const visibility = (table: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      sql<{ pages: number | string; visible: number | string }>`SELECT relpages AS pages,
        relallvisible AS visible FROM pg_class
        WHERE relname = ${table} AND relnamespace = current_schema()::regnamespace`,
      (rows) => ({ pages: Number(rows[0]?.pages ?? 0), visible: Number(rows[0]?.visible ?? 0) })
    ))

/** PGlite and, when a server answers, PostgreSQL, each with its SqlClient (harness stores.ts). */
const layers = await sqlStoreLayers()

describe.each(layers)("statistics on %s", (_label, stores) => {
  it.scopedLive(
    "a new store has statistics of its tables; an ingest updates those of what it wrote and vacuums it",
    () =>
      Effect.gen(function*() {
        expect(yield* estimate("stat_lines")).toBeGreaterThanOrEqual(0)
        yield* Runner.runIngest({ sports: ["nfl"], dataDir: nflFixtures }).pipe(Effect.provide(Progress.silent))
        const sql = yield* SqlClient.SqlClient
        const [held] = yield* sql<{ n: number | string }>`SELECT count(*)::int AS n FROM stat_lines`
        expect(Number(held!.n)).toBeGreaterThan(0)
        expect(yield* estimate("stat_lines")).toBe(Number(held!.n))
        // vacuumed: every page of what the ingest wrote is all-visible (no first read writes it back)
        const lines = yield* visibility("stat_lines")
        expect(lines.pages).toBeGreaterThan(0)
        expect(lines.visible).toBe(lines.pages)
      }).pipe(Effect.provide(stores)),
    { timeout: 300_000 }
  )
})

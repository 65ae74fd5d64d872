/**
 * The planner's statistics of the SQL stores (store-sql Statistics.ts): a store gathers them
 * itself at open (tables never analyzed) and after each sport's ingest, since neither an
 * embedded PGlite nor a server without autovacuum does. Checked in the catalog (`pg_class`
 * row estimates), never by timing.
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

/** PGlite and, when a server answers, PostgreSQL, each with its SqlClient (harness stores.ts). */
const layers = await sqlStoreLayers()

describe.each(layers)("statistics on %s", (_label, stores) => {
  it.scopedLive(
    "a new store has statistics of its tables; an ingest updates those of what it wrote",
    () =>
      Effect.gen(function*() {
        expect(yield* estimate("stat_lines")).toBeGreaterThanOrEqual(0)
        yield* Runner.runIngest({ sports: ["nfl"], dataDir: nflFixtures }).pipe(Effect.provide(Progress.silent))
        const sql = yield* SqlClient.SqlClient
        const [held] = yield* sql<{ n: number | string }>`SELECT count(*)::int AS n FROM stat_lines`
        expect(Number(held!.n)).toBeGreaterThan(0)
        expect(yield* estimate("stat_lines")).toBe(Number(held!.n))
      }).pipe(Effect.provide(stores)),
    { timeout: 300_000 }
  )
})

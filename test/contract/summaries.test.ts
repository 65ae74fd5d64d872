/**
 * The stored sport summaries of the SQL stores (store-sql Summaries.ts, the read model of
 * CatalogReader `summary` behind `/v1/data/status`, `/v1/meta/coverage` and `/api/public/stats`):
 * after an ingest every sport's summary is stored current and equals the counts of its rows; a
 * score update (what each live poll writes) leaves it current; a moved game date makes the
 * sport's summary stale in the writing transaction, and the reader then counts the rows, so it
 * answers the new date at once.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import { CatalogReader } from "@sports-data/domain"
import { Progress, Runner } from "@sports-data/ingest"
import { Effect } from "effect"
import { fileURLToPath } from "node:url"
import { sqlStoreLayers } from "../harness/stores.js"

const nbaFixtures = fileURLToPath(new URL("../fixtures/nba", import.meta.url))

/** PGlite and, when a server answers, PostgreSQL, each with its SqlClient (harness stores.ts). */
const layers = await sqlStoreLayers()

/** The sports whose stored summary is current. */
const current = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.map(
    sql<{ sport: string }>`SELECT sport FROM sport_summaries WHERE fresh_version = version ORDER BY sport`,
    (rows) => rows.map((r) => r.sport)
  ))

/** The nba row of the summary. */
const nba = Effect.flatMap(
  CatalogReader,
  (catalog) => Effect.map(catalog.summary, (rows) => rows.find((r) => r.sport === "nba")!)
)

describe.each(layers)("sport summaries on %s", (_label, stores) => {
  it.scopedLive(
    "current after an ingest, still current after a score update, stale (and answered) after a moved date",
    () =>
      Effect.gen(function*() {
        yield* Runner.runIngest({ sports: ["nba"], dataDir: nbaFixtures }).pipe(Effect.provide(Progress.silent))
        const sql = yield* SqlClient.SqlClient
        const every = ["cfb", "f1", "golf", "mlb", "nascar", "nba", "nfl", "nhl", "soccer", "tennis", "ufc"]
        expect(yield* current).toEqual(every)
        const counted = yield* sql<{ games: number; lines: number; last: string }>`SELECT
          (SELECT count(*)::int FROM games WHERE sport = 'nba') AS games,
          (SELECT count(*)::int FROM stat_lines WHERE sport = 'nba') AS lines,
          (SELECT to_char(max(game_date), 'YYYY-MM-DD') FROM games WHERE sport = 'nba') AS last`
        const stored = yield* nba
        expect(stored.games).toBeGreaterThan(0)
        expect(stored).toMatchObject({
          games: counted[0]!.games,
          stat_lines: counted[0]!.lines,
          last_game_date: counted[0]!.last
        })

        yield* sql`UPDATE games SET home_score = coalesce(home_score, 0) + 1 WHERE sport = 'nba'`
        expect(yield* current).toEqual(every)
        expect(yield* nba).toEqual(stored)

        yield* sql`UPDATE games SET game_date = '2031-01-02' WHERE id = (
          SELECT id FROM games WHERE sport = 'nba' ORDER BY game_date DESC, id LIMIT 1)`
        expect(yield* current).toEqual(every.filter((s) => s !== "nba"))
        expect(yield* nba).toEqual({ ...stored, last_game_date: "2031-01-02" })
      }).pipe(Effect.provide(stores)),
    { timeout: 300_000 }
  )
})

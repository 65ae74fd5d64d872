/**
 * {@link SportsWriter} on @effect/sql, PostgreSQL dialect.
 *
 * Upserts send a batch as one jsonb parameter expanded by `jsonb_to_recordset` (no 65,535
 * bind-parameter limit), of at most {@link MAX_STATEMENT_JSON} characters: a longer batch is
 * sent as several such statements in one transaction, so a batch stays atomic. (PGlite holds a
 * parameter, its jsonb and the rows in its WebAssembly memory, which never shrinks: one batch
 * of 782 events, 3.7 MB of JSON, grew it from 56 to 117 MiB; sent in 1 MB statements, to 67.5
 * MiB.) Each statement is `INSERT ... ON CONFLICT (key) DO UPDATE ... WHERE (stored row) IS DISTINCT FROM (excluded row)
 * RETURNING (xmax = 0) AS inserted` (Tables.ts). A returned row is inserted or updated; a row
 * identical to the stored one returns nothing and counts unchanged. When a batch repeats a key
 * the last row wins and the earlier ones count unchanged (as in the memory adapter). The data
 * version moves by trigger in the same statement (Migrations.ts). The games upsert also writes
 * `game.score_updated` events in the same statement (Signals.ts `gamesUpsertStatement`). Driver errors become
 * StoreError (Errors.ts), with operation `SportsWriter.<method>`.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SportsWriterService, StoreError, UpsertResult } from "@sports-data/domain"
import { Clock, Effect } from "effect"
import { orStoreError } from "./Errors.js"
import { refreshLineGroups } from "./LineGroups.js"
import { refreshStandingsTables } from "./Readers.js"
import { gamesUpsertStatement, makeUpsertSignals } from "./Signals.js"
import { vacuumSports } from "./Statistics.js"
import { refreshSummaries } from "./Summaries.js"
import * as T from "./Tables.js"

/** The most JSON text (characters) one upsert statement carries as its parameter. */
export const MAX_STATEMENT_JSON = 1_000_000

/**
 * `rows` as JSON arrays (text), in order, each at most `max` characters unless it holds a single
 * row longer than that; no array is empty (none for no rows).
 */
export const jsonArrays = (rows: Iterable<unknown>, max: number): Array<string> => {
  const arrays: Array<string> = []
  let part: Array<string> = []
  let length = 2
  for (const row of rows) {
    const text = JSON.stringify(row)
    if (part.length > 0 && length + text.length + 1 > max) {
      arrays.push(`[${part.join(",")}]`)
      part = []
      length = 2
    }
    part.push(text)
    length += text.length + 1
  }
  if (part.length > 0) arrays.push(`[${part.join(",")}]`)
  return arrays
}

/** Makes the SQL writer over the current SqlClient (migrations applied). */
export const makeWriter: Effect.Effect<SportsWriterService, never, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const upsertSignals = yield* makeUpsertSignals

  const upsert = <A>(t: T.TableSpec<A>, method: string, text = T.upsertStatement(t)) => {
    const operation = `SportsWriter.${method}`
    return (rows: ReadonlyArray<A>): Effect.Effect<UpsertResult, StoreError> => {
      if (rows.length === 0) return Effect.succeed({ inserted: 0, updated: 0, unchanged: 0 })
      const last = new Map<string, A>()
      for (const row of rows) last.set(t.keyOf(row), row)
      const arrays = jsonArrays(last.values(), MAX_STATEMENT_JSON)
      // $2: the Clock's time, for the events a statement writes (the games upsert); unused otherwise
      return Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const statement = (json: string) =>
          sql.unsafe<{ inserted: boolean; overridden?: string | null }>(
            text,
            text.includes("$2") ? [json, new Date(now).toISOString()] : [json]
          )
        return arrays.length === 1
          ? statement(arrays[0]!)
          : sql.withTransaction(Effect.map(Effect.forEach(arrays, statement), (parts) => parts.flat()))
      }).pipe(
        // the games upsert answers where an ingested final result replaced the live feed's
        Effect.tap((written) =>
          Effect.forEach(written, (w) =>
            typeof w.overridden === "string"
              ? Effect.logWarning("ingested result differs from the live feed's final; the ingest wins").pipe(
                Effect.annotateLogs({ game: w.overridden })
              )
              : Effect.void, { discard: true })
        ),
        Effect.map((written) => {
          const inserted = written.filter((w) => w.inserted).length
          const updated = written.length - inserted
          return { inserted, updated, unchanged: rows.length - inserted - updated }
        }),
        orStoreError(operation)
      )
    }
  }

  return {
    upsertPlayers: upsert(T.players, "upsertPlayers"),
    upsertTeams: upsert(T.teams, "upsertTeams"),
    upsertGames: upsert(T.games, "upsertGames", gamesUpsertStatement),
    upsertStatLines: upsert(T.statLines, "upsertStatLines"),
    upsertInjuries: upsert(T.injuries, "upsertInjuries"),
    upsertDepthCharts: upsert(T.depthCharts, "upsertDepthCharts"),
    upsertRankings: upsert(T.rankings, "upsertRankings"),
    upsertEvents: upsert(T.events, "upsertEvents"),
    upsertEventEntries: upsert(T.eventEntries, "upsertEventEntries"),
    upsertAthletes: upsert(T.athletes, "upsertAthletes"),
    upsertAthleteRankings: upsert(T.athleteRankings, "upsertAthleteRankings"),
    upsertSignals,
    setIngestState: (state) =>
      sql`INSERT INTO ingest_state (sport, finished_at, source_mtime_ms)
        VALUES (${state.sport}, ${state.finished_at}, ${state.source_mtime_ms})
        ON CONFLICT (sport) DO UPDATE SET finished_at = EXCLUDED.finished_at, source_mtime_ms = EXCLUDED.source_mtime_ms`
        .pipe(
          Effect.asVoid,
          orStoreError("SportsWriter.setIngestState"),
          // the end of a sport's ingest: its tables vacuumed and their statistics (Statistics.ts),
          // the groups of the seasons it changed (LineGroups.ts) and the standings tables of the
          // seasons whose games or teams it changed (Standings.ts)
          Effect.zipLeft(
            Effect.provideService(
              Effect.zipRight(Effect.all([refreshLineGroups, refreshStandingsTables, refreshSummaries]), vacuumSports),
              SqlClient.SqlClient,
              sql
            )
          )
        )
  }
})

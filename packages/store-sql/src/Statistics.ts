/**
 * The planner's statistics and the upkeep of the sports tables. PostgreSQL plans a query from each
 * table's statistics (row counts, value distributions), which ANALYZE gathers; autovacuum gathers
 * them in the background on a server where it is on, never on an embedded PGlite (no background
 * workers) nor on a server where it is off. Without them a table counts as tiny, and reads of
 * thousands of rows get nested loops and sorts on disk (a season of stat lines grouped: 570 ms
 * before, a fraction after, measured on the real data). So the store gathers them itself: after
 * each sport's ingest ({@link vacuumSports}, from `SportsWriter.setIngestState`) and, at open,
 * for the tables never analyzed ({@link analyzeNeverAnalyzed}: a store ingested before this, or
 * a new one). A failure only logs: statistics make reads faster, never different.
 *
 * After an ingest the tables are also vacuumed (VACUUM; PostgreSQL's manual, "Routine Vacuuming"),
 * the other half of autovacuum's work: the row versions an ingest replaced (each row it changed or
 * deleted, and the read models it rebuilt, leave one) are reclaimed, which PGlite otherwise never
 * does, so a store refreshed for months would only grow; and every page of the rows it wrote is
 * marked all-visible with each row's commit recorded on it (hint bits), so that the first read of
 * a freshly written page does not look its rows' commits up and write the page back. Measured on the real data: the first
 * VACUUM of the eleven sports took 2.4 s on PGlite, and a fresh ingest of all of them with
 * `sports-data serve` 172 s instead of 164-169; one after a sport's re-ingest reads only the
 * pages it changed.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/** The tables ingestion and its jobs fill, largest first (those whose plans statistics change). */
export const SPORTS_TABLES = [
  "stat_lines",
  "odds_lines",
  "athlete_rankings",
  "event_entries",
  "model_predictions",
  "model_latest",
  "games",
  "players",
  "events",
  "signals",
  "service_events",
  "athletes",
  "injuries",
  "depth_charts",
  "player_metrics",
  "poll_rankings",
  "nfl_stacks",
  "anomaly_scores",
  "dfs_salaries",
  "dfs_slates",
  "teams"
] as const

/**
 * The read models kept from the sports tables (refreshed after each ingest or kept by triggers):
 * vacuumed with them, since each refresh replaces their rows.
 */
export const READ_MODEL_TABLES = [
  "line_groups",
  "line_leaders",
  "line_group_seasons",
  "standings_tables",
  "sport_summaries",
  "signal_counts",
  "team_roster_counts",
  "odds_line_counts",
  "player_platforms"
] as const

/**
 * `command` (ANALYZE, or VACUUM (ANALYZE)) over `tables`, none when there are none. Never fails:
 * a failure logs (statistics and vacuuming make reads faster, never different).
 */
const maintain = (sql: SqlClient.SqlClient, command: "ANALYZE" | "VACUUM (ANALYZE)", tables: ReadonlyArray<string>) =>
  tables.length === 0
    ? Effect.void
    : sql.unsafe(`${command} ${tables.join(", ")}`).pipe(
      Effect.asVoid,
      Effect.catchAll((error) =>
        Effect.logWarning(`${command} failed (reads stay correct, maybe slower)`).pipe(
          Effect.annotateLogs({ tables: tables.join(","), error: String(error) })
        )
      ),
      Effect.withSpan("SqlStore.maintain", { attributes: { command } })
    )

/**
 * VACUUM (ANALYZE) of every {@link SPORTS_TABLES} and {@link READ_MODEL_TABLES} (after an
 * ingest; see the module description). Outside a transaction only (PostgreSQL refuses VACUUM in
 * one). Never fails (a failure logs).
 */
export const vacuumSports: Effect.Effect<void, never, SqlClient.SqlClient> = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) => maintain(sql, "VACUUM (ANALYZE)", [...SPORTS_TABLES, ...READ_MODEL_TABLES])
)

/**
 * ANALYZE of the {@link SPORTS_TABLES} that were never analyzed (`pg_class.reltuples` below 0,
 * PostgreSQL 14 and later); quick on a new store (empty tables). Never fails (a failure logs).
 */
export const analyzeNeverAnalyzed: Effect.Effect<void, never, SqlClient.SqlClient> = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) =>
    sql<{ relname: string }>`SELECT relname FROM pg_class
      WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace
        AND reltuples < 0 AND relname IN ${sql.in(SPORTS_TABLES)}`.pipe(
      Effect.flatMap((rows) => maintain(sql, "ANALYZE", rows.map((r) => r.relname))),
      Effect.catchAll((error) =>
        Effect.logWarning("statistics check failed").pipe(Effect.annotateLogs({ error: String(error) }))
      )
    )
)

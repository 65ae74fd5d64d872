/**
 * The stored summary of each sport (table `sport_summaries`, migration 44): what CatalogReader
 * `summary` answers (counts of players, teams, games and stat lines, first and last game date,
 * seasons held), the read of `/v1/data/status`, `/v1/meta/coverage` and `/api/public/stats`, kept
 * instead of counting a sport's rows per data version (eleven statements over every row: about
 * 500 ms on PGlite, paid by the first call after each start and each ingest). Statement triggers
 * on the counted tables move a sport's `version` in the writing transaction when a row comes or
 * goes or a counted column changes (a live score update does not); {@link refreshSummaries}
 * recomputes the sports whose row is older than its version (after each sport's ingest, at open);
 * {@link storedSummaries} answers only current rows, so a read never sees a summary older than the
 * rows (the reader computes the others). A failed refresh only logs.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import { eventSports, isTeamSport, type SportKey, teamSports } from "@sports-data/domain"
import { Effect } from "effect"

/** One row of {@link summaryOf}: the columns of `sport_summaries` but its sport and versions. */
export interface SummaryRow {
  readonly players: number
  readonly teams: number
  readonly games: number
  readonly stat_lines: number
  readonly first_game_date: string | null
  readonly last_game_date: string | null
  readonly seasons: ReadonlyArray<number>
}

/**
 * The summary of `sport` as one row, computed from its rows. A team sport: its players, teams,
 * games and stat lines counted, its games' first and last date, the seasons of its games and
 * stat lines. An event sport (tennis, golf, ufc, f1, nascar): its distinct entrants and their
 * teams, its events and entries, its events' first and last start date and seasons.
 */
export const summaryOf = (sql: SqlClient.SqlClient, sport: SportKey): Statement.Statement<SummaryRow> =>
  isTeamSport(sport)
    ? sql<SummaryRow>`SELECT
        (SELECT count(*)::int FROM players WHERE sport = ${sport}) AS players,
        (SELECT count(*)::int FROM teams WHERE sport = ${sport}) AS teams,
        (SELECT count(*)::int FROM games WHERE sport = ${sport}) AS games,
        (SELECT count(*)::int FROM stat_lines WHERE sport = ${sport}) AS stat_lines,
        (SELECT to_char(min(game_date), 'YYYY-MM-DD') FROM games WHERE sport = ${sport}) AS first_game_date,
        (SELECT to_char(max(game_date), 'YYYY-MM-DD') FROM games WHERE sport = ${sport}) AS last_game_date,
        (SELECT coalesce(json_agg(season ORDER BY season), '[]'::json) FROM (
          SELECT season FROM games WHERE sport = ${sport} UNION SELECT season FROM stat_lines WHERE sport = ${sport}
        ) AS s)::jsonb AS seasons`
    : sql<SummaryRow>`SELECT
        (SELECT count(DISTINCT participant_id)::int FROM event_entries WHERE sport = ${sport}) AS players,
        (SELECT count(DISTINCT team)::int FROM event_entries WHERE sport = ${sport}) AS teams,
        (SELECT count(*)::int FROM events WHERE sport = ${sport}) AS games,
        (SELECT count(*)::int FROM event_entries WHERE sport = ${sport}) AS stat_lines,
        (SELECT to_char(min(start_date), 'YYYY-MM-DD') FROM events WHERE sport = ${sport}) AS first_game_date,
        (SELECT to_char(max(start_date), 'YYYY-MM-DD') FROM events WHERE sport = ${sport}) AS last_game_date,
        (SELECT coalesce(json_agg(DISTINCT season ORDER BY season), '[]'::json) FROM events WHERE sport = ${sport})::jsonb
          AS seasons`

/** The current stored summaries, by sport (a sport whose row is stale or missing is absent). */
export const storedSummaries = (sql: SqlClient.SqlClient) =>
  Effect.map(
    sql<SummaryRow & { readonly sport: string }>`SELECT sport, players, teams, games, stat_lines, first_game_date,
      last_game_date, seasons FROM sport_summaries WHERE fresh_version = version`,
    (rows) => new Map(rows.map((r) => [r.sport, r]))
  )

/**
 * Adds a row for every sport of the registry not yet held, then recomputes each sport whose row is
 * older than its version, stored with the version it was computed at only if no write moved the
 * version meanwhile (one statement: the computed counts and the check see one snapshot). Never
 * fails (a failure logs; the reader then computes those sports).
 */
export const refreshSummaries: Effect.Effect<void, never, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`INSERT INTO sport_summaries (sport)
    SELECT jsonb_array_elements_text(${JSON.stringify([...teamSports, ...eventSports])}::jsonb)
    ON CONFLICT (sport) DO NOTHING`
  const stale = yield* sql<{ sport: SportKey; version: string | number }>`SELECT sport, version FROM sport_summaries
    WHERE fresh_version IS DISTINCT FROM version ORDER BY sport`
  for (const { sport, version } of stale) {
    yield* sql`UPDATE sport_summaries AS s SET players = c.players, teams = c.teams, games = c.games,
        stat_lines = c.stat_lines, first_game_date = c.first_game_date, last_game_date = c.last_game_date,
        seasons = c.seasons, fresh_version = s.version
      FROM (${summaryOf(sql, sport)}) AS c
      WHERE s.sport = ${sport} AND s.version = ${version}`
  }
}).pipe(
  Effect.catchAll((error) =>
    Effect.logWarning("sport summaries refresh failed (the summary is counted per read)").pipe(
      Effect.annotateLogs({ error: String(error) })
    )
  ),
  Effect.withSpan("SqlStore.refreshSummaries")
)

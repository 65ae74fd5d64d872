/**
 * The stored standings tables (table `standings_tables`, migration 38): the answer of GameReader
 * `standings` for each (sport, league, season) held in `games`, kept instead of decoding and
 * tabling a season's games (mlb: about 2,900) per request. Triggers on `games` and `teams` move a
 * table's `version` in the writing transaction; {@link refreshStandings} recomputes the tables
 * whose stored rows are older than their version (after each sport's ingest, after each live
 * poll, at open); {@link storedStandings} reads a table only while it is current, so a read never
 * sees a table older than the games and teams. A failed refresh only logs (the reader then
 * computes the table from the games).
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type { Standings, StoreError, TeamSport } from "@sports-data/domain"
import { Effect, Option } from "effect"

/** The key of one table: a league's season. */
export interface TableKey {
  readonly sport: TeamSport
  readonly league: string
  readonly season: number
}

/**
 * The stored table of `key` (ranked, as the domain's `Sports.leagueTable` made it), or none when
 * it is not stored or older than the games and teams (the caller computes it).
 */
export const storedStandings = (
  key: TableKey
): Effect.Effect<Option.Option<ReadonlyArray<Standings.TeamStanding>>, SqlError, SqlClient.SqlClient> =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      Effect.map(
        sql<{ rows: ReadonlyArray<Standings.TeamStanding> }>`SELECT rows FROM standings_tables
          WHERE sport = ${key.sport} AND league = ${key.league} AND season = ${key.season}
            AND fresh_version = version`,
        (found) => Option.fromNullable(found[0]?.rows)
      )
  )

/**
 * Recomputes every table older than its version with `compute` (the games and teams as the
 * reader sees them), each stored with the version it was computed at only if no write moved the
 * version meanwhile (a table written under it stays stale for the next refresh). Never fails (a
 * failure logs).
 */
export const refreshStandings = (
  compute: (key: TableKey) => Effect.Effect<ReadonlyArray<Standings.TeamStanding>, StoreError>
): Effect.Effect<void, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const stale = yield* sql<TableKey & { readonly version: string | number }>`SELECT sport, league, season, version
      FROM standings_tables WHERE fresh_version IS DISTINCT FROM version ORDER BY sport, league, season`
    for (const { version, ...key } of stale) {
      const rows = yield* compute(key)
      yield* sql`UPDATE standings_tables SET rows = ${JSON.stringify(rows)}::json, fresh_version = version
        WHERE sport = ${key.sport} AND league = ${key.league} AND season = ${key.season}
          AND version = ${String(version)}::bigint`
    }
  }).pipe(
    Effect.catchAll((error) =>
      Effect.logWarning("standings refresh failed (standings are computed from the games)").pipe(
        Effect.annotateLogs({ error: String(error) })
      )
    ),
    Effect.withSpan("SqlStore.refreshStandings")
  )

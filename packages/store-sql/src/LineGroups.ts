/**
 * The stored groups of each season's stat lines (tables `line_groups`, `line_group_seasons`,
 * migration 30): the answer of StatLineReader `groups` for a whole season (no week, team or
 * player filter), the filter of trends and game history by default, kept instead of grouping a
 * season's lines (nba: 28,000) per request. Triggers on `stat_lines` and `players` mark a season
 * stale in the writing transaction; {@link refreshLineGroups} recomputes the stale ones (after
 * each sport's ingest, and at open); {@link freshGroups} reads a season only while it is fresh,
 * so a read never sees groups older than the lines. A failed refresh only logs (the reader then
 * groups the lines).
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Effect, Option } from "effect"

/** The order of StatLineReader `recent` in SQL: what `first` ranks the lines of a season by. */
export const RECENT_ORDER = `l.season DESC, l.week DESC NULLS LAST, l.game_date DESC NULLS LAST, l.id COLLATE "C" DESC`

/** A group as the drivers return it (numeric sums as strings). */
export interface GroupRow {
  readonly player_id: string
  readonly player_name: string | null
  readonly position: string | null
  readonly season: number
  readonly lines: number
  readonly fantasy_points: string | number | null
  readonly first: number | string
}

/**
 * The stored groups of `sport`'s `season` in `first` order, or none when the season is stale or
 * not stored (the caller groups the lines).
 */
export const freshGroups = (
  sport: string,
  season: number
): Effect.Effect<Option.Option<ReadonlyArray<GroupRow>>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const fresh = yield* sql`SELECT 1 AS one FROM line_group_seasons
      WHERE sport = ${sport} AND season = ${season} AND fresh`
    if (fresh.length === 0) return Option.none()
    const rows = yield* sql<GroupRow>`SELECT player_id, player_name, position, season, lines, fantasy_points, first
      FROM line_groups WHERE sport = ${sport} AND season = ${season} ORDER BY first`
    return Option.some(rows)
  })

/**
 * Recomputes the groups of every stale season, each in one transaction (delete, insert the
 * grouped lines as StatLineReader `groups` groups them, mark fresh). Never fails (a failure logs).
 */
export const refreshLineGroups: Effect.Effect<void, never, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const stale = yield* sql<{ sport: string; season: number }>`SELECT sport, season FROM line_group_seasons
    WHERE NOT fresh ORDER BY sport, season`
  for (const { season, sport } of stale) {
    yield* sql.withTransaction(Effect.gen(function*() {
      yield* sql`DELETE FROM line_groups WHERE sport = ${sport} AND season = ${season}`
      yield* sql`INSERT INTO line_groups (sport, season, player_id, player_name, position, lines, fantasy_points, first)
        SELECT ${sport}, season, player_id, player_name, position, count(*)::int,
          sum(coalesce(fantasy_points, 0)::numeric), min(rank_)
        FROM (
          SELECT l.player_id, p.full_name AS player_name, coalesce(l.position, p.position) AS position,
            l.season, l.fantasy_points, row_number() OVER (ORDER BY ${sql.literal(RECENT_ORDER)}) - 1 AS rank_
          FROM stat_lines l LEFT JOIN players p ON p.id = l.player_id
          WHERE l.sport = ${sport} AND l.season = ${season}
        ) lines
        GROUP BY player_id, player_name, position, season`
      yield* sql`UPDATE line_group_seasons SET fresh = true WHERE sport = ${sport} AND season = ${season}`
    }))
  }
}).pipe(
  Effect.catchAll((error) =>
    Effect.logWarning("line groups refresh failed (trends read the lines)").pipe(
      Effect.annotateLogs({ error: String(error) })
    )
  ),
  Effect.withSpan("SqlStore.refreshLineGroups")
)

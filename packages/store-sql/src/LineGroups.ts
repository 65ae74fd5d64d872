/**
 * The stored groups of each season's stat lines (tables `line_groups`, `line_group_seasons`,
 * migration 30, split by team since migration 45) and its players ranked (`line_leaders`,
 * migration 42): what StatLineReader `leaders` sums and ranks for a whole season or one team's
 * season (no week or player filter), the filter of trends and game history by default, kept
 * instead of grouping a season's lines (nba: 28,000; one team's: 900) and ranking its players per
 * request. Triggers on `stat_lines` and `players` mark a season
 * stale in the writing transaction; {@link refreshLineGroups} recomputes the stale ones (after
 * each sport's ingest, and at open); a reader uses a season's groups only
 * while {@link groupsFresh}, so it never sees groups older than the lines. A failed refresh only logs (the reader then
 * groups the lines).
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type * as Statement from "@effect/sql/Statement"
import { Effect } from "effect"

/** The order of StatLineReader `recent` in SQL: what `first` ranks the lines of a season by. */
export const RECENT_ORDER = `l.season DESC, l.week DESC NULLS LAST, l.game_date DESC NULLS LAST, l.id COLLATE "C" DESC`

/**
 * The lines of `stat_lines l` under `where` grouped by (player, name, position, season), with the
 * columns of `line_groups` but its sport: `lines`, the exact (numeric) sum of their
 * `fantasy_points` (a line without points counting 0) and `first`, the 0-based rank of the group's
 * newest line among every line under `where` in {@link RECENT_ORDER}. A position is the line's,
 * else its player's; a name is the player's `full_name` (null when he is not stored).
 *
 * `narrow`: `where` keeps a few hundred lines (one team's, one week's, some players'), so each
 * line's player is looked up by key (a lateral read the planner cannot turn into a join) instead
 * of joined: PostgreSQL estimates such a filter at hundreds of lines and hashes all 34,000 players
 * for it (nba 2024, team ATL: 65 ms, 2.5 ms looked up). A whole season keeps the hash join,
 * which is faster there (nfl 2025: 57 ms, 95 looked up).
 *
 * `byTeam` (what {@link refreshLineGroups} stores): the groups are split by team too, with two
 * more columns: `team_key`, the lines' `lower(team)` (what a team filter compares, case
 * ignored), and `team_first`, the 0-based rank of the group's newest line among the lines under
 * `where` of that team alone: the `first` of a team filter's request.
 */
export const groupedLines = (
  sql: SqlClient.SqlClient,
  where: ReadonlyArray<Statement.Fragment>,
  narrow = false,
  byTeam = false
) =>
  sql`SELECT player_id, player_name, position, season, count(*)::int AS lines,
      sum(coalesce(fantasy_points, 0)::numeric) AS fantasy_points, min(rank_) AS first${
    byTeam ? sql`, team_key, min(team_rank_) AS team_first` : sql``
  }
    FROM (
      SELECT l.player_id, p.full_name AS player_name, coalesce(l.position, p.position) AS position,
        l.season, l.fantasy_points, row_number() OVER (ORDER BY ${sql.literal(RECENT_ORDER)}) - 1 AS rank_${
    byTeam
      ? sql`, lower(l.team) AS team_key,
        row_number() OVER (PARTITION BY lower(l.team) ORDER BY ${sql.literal(RECENT_ORDER)}) - 1 AS team_rank_`
      : sql``
  }
      FROM stat_lines l ${
    narrow
      ? sql`LEFT JOIN LATERAL (SELECT full_name, position FROM players WHERE id = l.player_id OFFSET 0) p ON true`
      : sql`LEFT JOIN players p ON p.id = l.player_id`
  }
      WHERE ${sql.and(where)}
    ) lines
    GROUP BY player_id, player_name, position, season${byTeam ? sql`, team_key` : sql``}`

/**
 * The players of the groups `groups` (rows with the columns of `line_groups`), summed over their
 * groups (`lines`, `fantasy_points`, the least `first`, a name), each with `n`, his 1-based place
 * in StatLineReader `leaders` order (Queries.ts `leaderOrder`: mean fantasy points rounded to 9
 * decimals descending, then the name or else the id in code-unit order, then `first`). The one
 * ranking of a request's groups and of a stored season's (`line_leaders`).
 */
export const rankedPlayers = (sql: SqlClient.SqlClient, groups: Statement.Fragment) =>
  sql`SELECT *, row_number() OVER (
      ORDER BY round(fantasy_points / lines, 9) DESC, coalesce(player_name, player_id) COLLATE "C", first
    ) AS n FROM (
      SELECT player_id, max(player_name) AS player_name, sum(lines)::int AS lines,
        sum(fantasy_points) AS fantasy_points, min(first) AS first
      FROM (${groups}) g GROUP BY player_id
    ) per`

/**
 * The distinct non-null positions of the groups `groups` (rows with a `position` column) as a
 * JSON array text in code-unit order: StatLineReader `leaders` `positions`, what a position
 * filter chooses from. One scalar subquery.
 */
export const heldPositions = (sql: SqlClient.SqlClient, groups: Statement.Fragment) =>
  sql`(SELECT coalesce(json_agg(DISTINCT position COLLATE "C" ORDER BY position COLLATE "C"), '[]')::text
    FROM (${groups}) g WHERE position IS NOT NULL)`

/** True when the stored groups of `sport`'s `season` are current (the caller groups the lines otherwise). */
export const groupsFresh = (
  sport: string,
  season: number
): Effect.Effect<boolean, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const fresh = yield* sql`SELECT 1 AS one FROM line_group_seasons
      WHERE sport = ${sport} AND season = ${season} AND fresh`
    return fresh.length > 0
  })

/**
 * Recomputes the groups of every stale season, each in one transaction: its groups (the grouped
 * lines as StatLineReader `leaders` groups them), its players ranked from them
 * ({@link rankedPlayers}, `rank` = place - 1), and on its `line_group_seasons` row the line count
 * (`total`), the distinct non-null positions (a JSON array text in code-unit order) and `fresh`.
 * Never fails (a failure logs).
 */
export const refreshLineGroups: Effect.Effect<void, never, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const stale = yield* sql<{ sport: string; season: number }>`SELECT sport, season FROM line_group_seasons
    WHERE NOT fresh ORDER BY sport, season`
  for (const { season, sport } of stale) {
    yield* sql.withTransaction(Effect.gen(function*() {
      yield* sql`DELETE FROM line_groups WHERE sport = ${sport} AND season = ${season}`
      yield* sql`INSERT INTO line_groups (sport, season, player_id, player_name, position, lines, fantasy_points, first,
          team_key, team_first)
        SELECT ${sport}, season, player_id, player_name, position, lines, fantasy_points, first, team_key, team_first
        FROM (${groupedLines(sql, [sql`l.sport = ${sport}`, sql`l.season = ${season}`], false, true)}) g`
      const stored = sql`SELECT * FROM line_groups WHERE sport = ${sport} AND season = ${season}`
      yield* sql`DELETE FROM line_leaders WHERE sport = ${sport} AND season = ${season}`
      yield* sql`INSERT INTO line_leaders (sport, season, rank, player_id, player_name, lines, fantasy_points, first)
        SELECT ${sport}, ${season}, n - 1, player_id, player_name, lines, fantasy_points, first
        FROM (${rankedPlayers(sql, stored)}) r`
      yield* sql`UPDATE line_group_seasons SET fresh = true,
          total = (SELECT coalesce(sum(lines), 0)::int FROM (${stored}) g), positions = ${heldPositions(sql, stored)}
        WHERE sport = ${sport} AND season = ${season}`
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

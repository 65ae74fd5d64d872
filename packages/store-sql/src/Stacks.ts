/**
 * The stored-stacks ports (domain ports/Stacks.ts) on @effect/sql, PostgreSQL dialect, over the
 * tables `nfl_stack_sets` and `nfl_stacks` (migration 30). `find` is one read of the set's rows in
 * rank order (primary key), filtered by games and team (lower-cased, as the stat line reader's
 * team filter), with a LIMIT; `replaceAll` deletes and inserts every set in one transaction.
 * Driver errors become StoreError (Errors.ts), operation `Stack<Reader|Writer>.<method>`.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { StackReader, type Stacks, StackWriter } from "@sports-data/domain"
import { Context, Effect, Option, Schema } from "effect"
import { orStoreError } from "./Errors.js"

/** A stored row as the drivers return it. */
const Row = Schema.Struct({
  team: Schema.String,
  season: Schema.Number,
  qb_id: Schema.String,
  pass_catcher_id: Schema.String,
  pass_catcher_position: Schema.String,
  games: Schema.Number,
  correlation: Schema.NullOr(Schema.Number),
  qb_fantasy_points_avg: Schema.Number,
  pass_catcher_fantasy_points_avg: Schema.Number
})

const decodeRows = Schema.decodeUnknown(Schema.Array(Row))

/** Makes both stacks ports over the current SqlClient (migrations applied). Never fails. */
export const makeStackStore: Effect.Effect<Context.Context<StackReader | StackWriter>, never, SqlClient.SqlClient> =
  Effect.map(SqlClient.SqlClient, (sql) =>
    Context.make(StackReader, {
      find: (q) =>
        Effect.gen(function*() {
          const held = yield* sql`SELECT 1 AS one FROM nfl_stack_sets
            WHERE season = ${q.season} AND positions = ${q.positions}`
          if (held.length === 0) return Option.none<ReadonlyArray<Stacks.Stack>>()
          const where = sql.and([
            sql`season = ${q.season}`,
            sql`positions = ${q.positions}`,
            sql`games >= ${q.minGames}`,
            ...(q.team === undefined ? [] : [sql`lower(team) = lower(${q.team})`])
          ])
          const rows = yield* sql`SELECT team, season, qb_id, pass_catcher_id, pass_catcher_position, games,
              correlation, qb_fantasy_points_avg, pass_catcher_fantasy_points_avg
            FROM nfl_stacks
            WHERE ${where}
            ORDER BY rank
            LIMIT ${Math.max(0, Math.trunc(q.limit))}`.pipe(Effect.flatMap(decodeRows))
          return Option.some<ReadonlyArray<Stacks.Stack>>(rows)
        }).pipe(orStoreError("StackReader.find")),
      sets: Effect.map(
        sql<{ n: number | string }>`SELECT count(*)::int AS n FROM nfl_stack_sets`,
        (rows) => Number(rows[0]?.n ?? 0)
      ).pipe(orStoreError("StackReader.sets"))
    }).pipe(Context.add(StackWriter, {
      replaceAll: (sets) =>
        sql.withTransaction(Effect.gen(function*() {
          yield* sql`DELETE FROM nfl_stacks`
          yield* sql`DELETE FROM nfl_stack_sets`
          if (sets.length === 0) return
          yield* sql`INSERT INTO nfl_stack_sets (season, positions)
            SELECT season, positions FROM jsonb_to_recordset(${
            JSON.stringify(sets.map((s) => ({ season: s.season, positions: s.positions })))
          }::jsonb) AS r(season integer, positions text)`
          for (const set of sets) {
            if (set.stacks.length === 0) continue
            const json = JSON.stringify(set.stacks.map((s, rank) => ({ ...s, rank, positions: set.positions })))
            yield* sql`INSERT INTO nfl_stacks (season, positions, rank, team, qb_id, pass_catcher_id,
                pass_catcher_position, games, correlation, qb_fantasy_points_avg, pass_catcher_fantasy_points_avg)
              SELECT ${set.season}, positions, rank, team, qb_id, pass_catcher_id, pass_catcher_position, games,
                correlation, qb_fantasy_points_avg, pass_catcher_fantasy_points_avg
              FROM jsonb_to_recordset(${json}::jsonb) AS r(positions text, rank integer, team text, qb_id text,
                pass_catcher_id text, pass_catcher_position text, games integer, correlation double precision,
                qb_fantasy_points_avg double precision, pass_catcher_fantasy_points_avg double precision)`
          }
        })).pipe(orStoreError("StackWriter.replaceAll"))
    })))

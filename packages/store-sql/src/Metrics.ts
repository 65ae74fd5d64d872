/**
 * The player metrics ports (domain ports/Metrics.ts) on @effect/sql, PostgreSQL dialect, over
 * the table `player_metrics` (migration 9). `replaceSport` deletes a sport's rows and inserts the
 * new batch (one jsonb parameter expanded by `jsonb_to_recordset`) in one transaction, so
 * readers see the old batch or the new one. Driver errors become StoreError (Errors.ts), with
 * operation `PlayerMetrics<Reader|Writer>.<method>`.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import {
  type Analytics,
  PlayerMetricsReader,
  PlayerMetricsWriter,
  type StoreError,
  TeamSport
} from "@sports-data/domain"
import { Context, Effect, Option, Schema } from "effect"
import { orStoreError } from "./Errors.js"

/** A row as the drivers return it (timestamptz as a Date or an ISO string). */
const Row = Schema.Struct({
  player_id: Schema.String,
  sport: TeamSport,
  season: Schema.Number,
  last_game_date: Schema.NullOr(Schema.String),
  avg_fantasy_points: Schema.NullOr(Schema.Number),
  consistency_score: Schema.NullOr(Schema.Number),
  momentum_delta: Schema.NullOr(Schema.Number),
  opportunity_ceiling: Schema.NullOr(Schema.Number),
  sample_size: Schema.Number,
  vector: Schema.NullOr(Schema.Array(Schema.NullOr(Schema.Number))),
  week_computed: Schema.String,
  computed_at: Schema.Union(Schema.DateFromSelf, Schema.Date)
})

const decodeRows = Schema.decodeUnknown(Schema.Array(Row))

const COLUMNS = `player_id, sport, season, to_char(last_game_date, 'YYYY-MM-DD') AS last_game_date, avg_fantasy_points,
  consistency_score, momentum_delta, opportunity_ceiling, sample_size, vector, week_computed, computed_at`

/** Makes both metrics ports over the current SqlClient (migrations applied). Never fails. */
export const makeMetricsStore: Effect.Effect<
  Context.Context<PlayerMetricsReader | PlayerMetricsWriter>,
  never,
  SqlClient.SqlClient
> = Effect.map(SqlClient.SqlClient, (sql) => {
  const select = (where: ReturnType<typeof sql.and>, operation: string, tail = sql`ORDER BY player_id COLLATE "C"`) =>
    sql`SELECT ${sql.literal(COLUMNS)} FROM player_metrics WHERE ${where} ${tail}`.pipe(
      Effect.flatMap(decodeRows),
      orStoreError(operation)
    ) as Effect.Effect<ReadonlyArray<Analytics.PlayerMetrics>, StoreError>
  return Context.make(PlayerMetricsReader, {
    get: (id) =>
      Effect.map(
        select(sql.and([sql`player_id = ${id}`]), "PlayerMetricsReader.get"),
        (rows) => Option.fromNullable(rows[0])
      ),
    find: ({ limit, offset = 0, order, player_ids, rising, season, sport }) =>
      select(
        sql.and([
          sql`sport = ${sport}`,
          ...(season === undefined
            ? []
            : season === "latest"
            ? [sql`season = (SELECT max(season) FROM player_metrics WHERE sport = ${sport})`]
            : [sql`season = ${season}`]),
          ...(player_ids === undefined
            ? []
            : [sql`player_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(player_ids)}::jsonb))`]),
          ...(rising === true ? [sql`momentum_delta > 0`] : [])
        ]),
        "PlayerMetricsReader.find",
        order === undefined
          ? undefined
          : sql`ORDER BY ${
            order === "momentum_delta" ? sql`momentum_delta DESC NULLS LAST, ` : sql``
          }avg_fantasy_points DESC NULLS LAST, player_id COLLATE "C"${
            limit === undefined ? sql`` : sql` LIMIT ${Math.max(0, Math.trunc(limit))}`
          } OFFSET ${Math.max(0, Math.trunc(offset))}`
      ),
    vectors: ({ min_sample, season, sport }) =>
      sql<
        { vectors: string }
      >`SELECT coalesce(json_agg(json_build_array(player_id, vector) ORDER BY player_id COLLATE "C"),
          '[]')::text AS vectors
        FROM player_metrics
        WHERE sport = ${sport} AND season = ${season} AND vector IS NOT NULL AND jsonb_typeof(vector) = 'array'
          AND sample_size >= ${min_sample}`.pipe(
        Effect.map(([row]) =>
          (JSON.parse(row?.vectors ?? "[]") as ReadonlyArray<readonly [string, ReadonlyArray<number | null>]>).map((
            [player_id, vector]
          ) => ({ player_id, vector }))
        ),
        orStoreError("PlayerMetricsReader.vectors")
      )
  }).pipe(Context.add(PlayerMetricsWriter, {
    replaceSport: (sport, rows) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`DELETE FROM player_metrics WHERE sport = ${sport}`
        const batch = rows.filter((r) => r.sport === sport)
        if (batch.length === 0) return
        yield* sql`INSERT INTO player_metrics (player_id, sport, season, last_game_date, avg_fantasy_points,
            consistency_score, momentum_delta, opportunity_ceiling, sample_size, vector, week_computed, computed_at)
          SELECT player_id, sport, season, last_game_date, avg_fantasy_points, consistency_score, momentum_delta,
            opportunity_ceiling, sample_size, vector, week_computed, computed_at
          FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS r(player_id text, sport text,
            season integer, last_game_date date, avg_fantasy_points double precision, consistency_score double precision,
            momentum_delta double precision, opportunity_ceiling double precision, sample_size integer,
            vector jsonb, week_computed text, computed_at timestamptz)`
      })).pipe(orStoreError("PlayerMetricsWriter.replaceSport"))
  }))
})

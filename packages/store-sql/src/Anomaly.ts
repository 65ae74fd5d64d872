/**
 * The anomaly ports (domain ports/Anomaly.ts) on @effect/sql, PostgreSQL dialect, over the
 * tables `anomaly_scores` and `anomaly_alerts` (migration 16). `replaceSport` deletes a sport's
 * scores, inserts the new batch, records the alerts' stat line ids (ON CONFLICT DO NOTHING) and
 * inserts into `service_events` only the events of the ids recorded now, all in one
 * transaction. Driver errors become StoreError (Errors.ts), operation `Anomaly<Reader|Writer>.<method>`.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import {
  type Anomaly,
  AnomalyReader,
  AnomalyWriter,
  type EventWakeService,
  type StoreError,
  TeamSport
} from "@sports-data/domain"
import { Clock, Context, Effect, Option, Schema } from "effect"
import { orStoreError } from "./Errors.js"

/** A row as the drivers return it (timestamptz as a Date or an ISO string). */
const Row = Schema.Struct({
  player_id: Schema.String,
  sport: TeamSport,
  season: Schema.Number,
  line_id: Schema.String,
  game_id: Schema.NullOr(Schema.String),
  game_date: Schema.NullOr(Schema.String),
  week: Schema.NullOr(Schema.Number),
  team: Schema.NullOr(Schema.String),
  fantasy_points: Schema.Number,
  baseline_median: Schema.Number,
  mad: Schema.Number,
  scale: Schema.Number,
  scale_method: Schema.Literal("mad", "mean_absolute_deviation"),
  robust_z: Schema.Number,
  anomaly_score: Schema.Number,
  direction: Schema.Literal("above", "below", "at"),
  games_used: Schema.Number,
  computed_at: Schema.Union(Schema.DateFromSelf, Schema.Date)
})

const decodeRows = Schema.decodeUnknown(Schema.Array(Row))

const COLUMNS = `player_id, sport, season, line_id, game_id, to_char(game_date, 'YYYY-MM-DD') AS game_date, week, team,
  fantasy_points, baseline_median, mad, scale, scale_method, robust_z, anomaly_score, direction, games_used, computed_at`

/** Makes both anomaly ports over the current SqlClient (migrations applied); `wake` after events. Never fails. */
export const makeAnomalyStore = (
  wake: EventWakeService
): Effect.Effect<Context.Context<AnomalyReader | AnomalyWriter>, never, SqlClient.SqlClient> =>
  Effect.map(SqlClient.SqlClient, (sql) => {
    const select = (where: ReturnType<typeof sql.and>, limit: number, operation: string) =>
      sql`SELECT ${sql.literal(COLUMNS)} FROM anomaly_scores WHERE ${where}
        ORDER BY anomaly_score DESC, player_id COLLATE "C" LIMIT ${Math.max(0, Math.trunc(limit))}`.pipe(
        Effect.flatMap(decodeRows),
        orStoreError(operation)
      ) as Effect.Effect<ReadonlyArray<Anomaly.AnomalyScore>, StoreError>
    return Context.make(AnomalyReader, {
      get: (id) =>
        Effect.map(
          select(sql.and([sql`player_id = ${id}`]), 1, "AnomalyReader.get"),
          (rows) => Option.fromNullable(rows[0])
        ),
      find: ({ limit, min_score, sport }) =>
        select(
          sql.and([
            ...(sport === undefined ? [] : [sql`sport = ${sport}`]),
            ...(min_score === undefined ? [] : [sql`anomaly_score >= ${min_score}`])
          ]),
          limit,
          "AnomalyReader.find"
        )
    }).pipe(Context.add(AnomalyWriter, {
      replaceSport: (sport, rows, alerts) =>
        Effect.gen(function*() {
          const now = new Date(yield* Clock.currentTimeMillis).toISOString()
          const written = yield* sql.withTransaction(Effect.gen(function*() {
            yield* sql`DELETE FROM anomaly_scores WHERE sport = ${sport}`
            const batch = rows.filter((r) => r.sport === sport)
            if (batch.length > 0) {
              yield* sql`INSERT INTO anomaly_scores (player_id, sport, season, line_id, game_id, game_date, week, team,
                  fantasy_points, baseline_median, mad, scale, scale_method, robust_z, anomaly_score, direction,
                  games_used, computed_at)
                SELECT player_id, sport, season, line_id, game_id, game_date, week, team, fantasy_points,
                  baseline_median, mad, scale, scale_method, robust_z, anomaly_score, direction, games_used, computed_at
                FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS r(player_id text, sport text,
                  season integer, line_id text, game_id text, game_date date, week integer, team text,
                  fantasy_points double precision, baseline_median double precision, mad double precision,
                  scale double precision, scale_method text, robust_z double precision,
                  anomaly_score double precision, direction text, games_used integer, computed_at timestamptz)`
            }
            if (alerts.length === 0) return 0
            const json = JSON.stringify(alerts.map((a, ord) => ({ ord, line_id: a.line_id, ...a.event })))
            const inserted = yield* sql`WITH fresh AS (
                INSERT INTO anomaly_alerts (line_id, created_at)
                SELECT DISTINCT e.line_id, ${now}::timestamptz FROM jsonb_to_recordset(${json}::jsonb) AS e(line_id text)
                ON CONFLICT (line_id) DO NOTHING
                RETURNING line_id
              )
              INSERT INTO service_events (name, sport, payload, created_at)
              SELECT e.name, e.sport, e.payload, ${now}::timestamptz
              FROM jsonb_to_recordset(${json}::jsonb) AS e(ord integer, line_id text, name text, sport text, payload jsonb)
              JOIN fresh ON fresh.line_id = e.line_id
              ORDER BY e.ord
              RETURNING 1`
            return inserted.length
          }))
          if (written > 0) yield* wake.wake
          return written
        }).pipe(orStoreError("AnomalyWriter.replaceSport"))
    }))
  })

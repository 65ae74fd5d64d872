/**
 * The model registry ports (domain ports/Models.ts) on @effect/sql, PostgreSQL dialect, over the
 * tables `model_versions` and `model_predictions` (migration 11; `week` and `projection`, migration 27). `record` upserts the version
 * and, for an ACTIVE one, retires the other ACTIVE versions of its sport and model_type and
 * replaces that pair's predictions (one jsonb parameter expanded by `jsonb_to_recordset`), all in
 * one transaction. Driver errors become StoreError (Errors.ts), operation
 * `ModelRegistry<Reader|Writer>.<method>`.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type * as Statement from "@effect/sql/Statement"
import { ModelRegistryReader, ModelRegistryWriter, Models, type StoreError, TeamSport } from "@sports-data/domain"
import { Context, Effect, type ParseResult, Schema } from "effect"
import { decodeRows } from "./Decoders.js"
import { orStoreError } from "./Errors.js"

/** A version row as the drivers return it (jsonb parsed, timestamptz as a Date or a string). */
const VersionRow = Schema.Struct({
  id: Schema.String,
  sport: TeamSport,
  model_type: Models.ModelType,
  version: Schema.String,
  status: Models.ModelStatus,
  trained_at: Schema.Union(Schema.DateFromSelf, Schema.Date),
  card: Models.ModelCard
})
const decodeVersions = Schema.decodeUnknown(Schema.Array(VersionRow))
/** Rows as the domain holds them: `week` and `projection` (migration 27) only where set. */
const decodePredictions = (rows: unknown) =>
  Effect.map(
    decodeRows(Models.ModelPrediction)(rows),
    (ps) =>
      ps.map(({ projection, week, ...p }): Models.ModelPrediction => ({
        ...p,
        ...(week == null ? {} : { week }),
        ...(projection == null ? {} : { projection })
      }))
  )

const PREDICTION_COLUMNS = `p.model_id, p.sport, p.player_id, p.season, p.game_id,
  to_char(p.game_date, 'YYYY-MM-DD') AS game_date, p.model_type, p.model_version,
  to_char(p.as_of, 'YYYY-MM-DD') AS as_of, p.probability, p.confidence_score, p.heat_signal, p.expected,
  p.threshold, p.actual, p.week, p.projection`

/** Makes both registry ports over the current SqlClient (migrations applied). Never fails. */
export const makeModelStore: Effect.Effect<
  Context.Context<ModelRegistryReader | ModelRegistryWriter>,
  never,
  SqlClient.SqlClient
> = Effect.map(SqlClient.SqlClient, (sql) => {
  /**
   * Per player, the newest prediction of the ACTIVE versions among the model_latest rows `where`
   * keeps, by player_id; with `top`, those ranked at most `top` by confidence_score (ties kept).
   */
  const newestOf = (where: Statement.Fragment, top?: number) => {
    const newest = sql`SELECT DISTINCT ON (p.player_id COLLATE "C") ${sql.literal(PREDICTION_COLUMNS)}
        FROM model_latest p JOIN model_versions v ON v.id = p.model_id AND v.status = 'ACTIVE'
        WHERE ${where}
        ORDER BY p.player_id COLLATE "C", p.game_date DESC NULLS LAST, p.game_id COLLATE "C" DESC`
    // rank() gives tied rows the rank of the first of them, so the rows level with the top-th stay
    const kept = top === undefined ? newest : sql`SELECT * FROM (
        SELECT *, rank() OVER (ORDER BY confidence_score DESC NULLS LAST) AS rank_ FROM (${newest}) AS newest
      ) AS ranked WHERE rank_ <= ${top}`
    return sql`SELECT * FROM (${kept}) AS newest
      ORDER BY player_id COLLATE "C"`.pipe(
      Effect.flatMap(decodePredictions)
    ) as Effect.Effect<ReadonlyArray<Models.ModelPrediction>, SqlError | ParseResult.ParseError>
  }
  return Context.make(ModelRegistryReader, {
    versions: ({ sport, status }) =>
      sql`SELECT id, sport, model_type, version, status, trained_at, card FROM model_versions
        WHERE ${
        sql.and([
          ...(sport === undefined ? [] : [sql`sport = ${sport}`]),
          ...(status === undefined ? [] : [sql`status = ${status}`])
        ])
      }
        ORDER BY sport COLLATE "C", model_type COLLATE "C", trained_at DESC, id COLLATE "C"`.pipe(
        Effect.flatMap(decodeVersions),
        Effect.map((rows) => rows.map((r) => ({ ...r, trained_at: r.trained_at.toISOString() }))),
        orStoreError("ModelRegistryReader.versions")
      ) as Effect.Effect<ReadonlyArray<Models.ModelVersion>, StoreError>,
    predictions: ({ limit, model_type, player_id, season }) =>
      sql`SELECT ${sql.literal(PREDICTION_COLUMNS)} FROM model_predictions p
        JOIN model_versions v ON v.id = p.model_id AND v.status = 'ACTIVE'
        WHERE ${
        sql.and([
          sql`p.player_id = ${player_id}`,
          ...(season === undefined ? [] : [sql`p.season = ${season}`]),
          ...(model_type === undefined ? [] : [sql`p.model_type = ${model_type}`])
        ])
      }
        ORDER BY p.game_date DESC NULLS LAST, p.game_id COLLATE "C" DESC LIMIT ${limit}`.pipe(
        Effect.flatMap(decodePredictions),
        orStoreError("ModelRegistryReader.predictions")
      ) as Effect.Effect<ReadonlyArray<Models.ModelPrediction>, StoreError>,
    // the stored newest prediction of each (version, player), model_latest (migration 41): of the
    // ACTIVE versions, per player the newest row (one version is ACTIVE per sport and model type;
    // DISTINCT ON keeps the answer that of `predictions` should two be)
    latest: ({ model_type, sport, top }) =>
      newestOf(sql`p.sport = ${sport} AND p.model_type = ${model_type}`, top).pipe(
        orStoreError("ModelRegistryReader.latest")
      ),
    newest: ({ model_type, player_ids }) =>
      (player_ids.length === 0
        ? Effect.succeed([])
        : newestOf(sql`p.model_type = ${model_type} AND p.player_id IN ${sql.in([...new Set(player_ids)])}`)).pipe(
          orStoreError("ModelRegistryReader.newest")
        ),
    outcomes: ({ model_type, sport }) =>
      sql<{ probability: number; threshold: number; actual: number }>`
        SELECT p.probability, p.threshold, p.actual FROM model_predictions p
        JOIN model_versions v ON v.id = p.model_id AND v.status = 'ACTIVE'
        WHERE p.sport = ${sport} AND p.model_type = ${model_type}
          AND p.probability IS NOT NULL AND p.threshold IS NOT NULL AND p.actual IS NOT NULL`.pipe(
        Effect.map((rows) =>
          rows.map((r) => ({
            probability: Number(r.probability),
            threshold: Number(r.threshold),
            actual: Number(r.actual)
          }))
        ),
        orStoreError("ModelRegistryReader.outcomes")
      )
  }).pipe(Context.add(ModelRegistryWriter, {
    record: (version, predictions) =>
      sql.withTransaction(Effect.gen(function*() {
        if (version.status === "ACTIVE") {
          yield* sql`UPDATE model_versions SET status = 'RETIRED'
            WHERE sport = ${version.sport} AND model_type = ${version.model_type} AND status = 'ACTIVE'
              AND id <> ${version.id}`
          yield* sql`DELETE FROM model_predictions WHERE sport = ${version.sport} AND model_type = ${version.model_type}`
          yield* sql`DELETE FROM model_latest WHERE sport = ${version.sport} AND model_type = ${version.model_type}`
        }
        yield* sql`INSERT INTO model_versions (id, sport, model_type, version, status, trained_at, card)
          VALUES (${version.id}, ${version.sport}, ${version.model_type}, ${version.version}, ${version.status},
            ${version.trained_at}::timestamptz, ${JSON.stringify(version.card)}::jsonb)
          ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, trained_at = EXCLUDED.trained_at,
            card = EXCLUDED.card`
        const batch = version.status === "ACTIVE"
          ? predictions.filter((p) => p.sport === version.sport && p.model_type === version.model_type)
          : []
        const CHUNK = 5000
        for (let i = 0; i < batch.length; i += CHUNK) {
          yield* sql`INSERT INTO model_predictions (model_id, sport, model_type, player_id, season, game_id, game_date,
              model_version, as_of, probability, confidence_score, heat_signal, expected, threshold, actual, week,
              projection)
            SELECT model_id, sport, model_type, player_id, season, game_id, game_date, model_version, as_of,
              probability, confidence_score, heat_signal, expected, threshold, actual, week, projection
            FROM jsonb_to_recordset(${JSON.stringify(batch.slice(i, i + CHUNK))}::jsonb) AS r(model_id text,
              sport text, model_type text, player_id text, season integer, game_id text, game_date date,
              model_version text, as_of date, probability double precision, confidence_score integer,
              heat_signal text, expected double precision, threshold double precision, actual double precision,
              week integer, projection jsonb)`
        }
        if (batch.length > 0) {
          // the read model of the newest prediction per version and player (migration 41)
          yield* sql`INSERT INTO model_latest (model_id, sport, model_type, player_id, season, game_id, game_date,
              model_version, as_of, probability, confidence_score, heat_signal, expected, threshold, actual, week,
              projection)
            SELECT DISTINCT ON (model_id, player_id) model_id, sport, model_type, player_id, season, game_id, game_date,
              model_version, as_of, probability, confidence_score, heat_signal, expected, threshold, actual, week,
              projection
            FROM model_predictions WHERE sport = ${version.sport} AND model_type = ${version.model_type}
            ORDER BY model_id, player_id, game_date DESC NULLS LAST, game_id COLLATE "C" DESC`
        }
      })).pipe(orStoreError("ModelRegistryWriter.record"))
  }))
})

/**
 * Signals and the service event outbox on @effect/sql, PostgreSQL dialect (tables of migration 7,
 * Migrations.ts): the SignalReader, the ServiceEventReader and the writer's `upsertSignals`.
 *
 * `upsertSignals` is ONE statement, hence atomic: the batch (jsonb `$1`) is upserted into
 * `signals` by id (`ON CONFLICT ... WHERE (stored) IS DISTINCT FROM (new)`, so an unchanged row
 * is not rewritten), and a data-modifying CTE inserts into `service_events` the events (`$2`,
 * domain `Signals.eventsOfSignal`) of exactly the signals the upsert inserted, stamped `$3`.
 * Re-sending the same signals inserts no signal and no event. Ids are bigint in the tables and
 * read back as numbers (below 2^53). Driver errors become StoreError (Errors.ts).
 * A total filtered by sport, type and severity only is summed from `signal_counts` (migration
 * 38, kept by trigger) instead of counting the signals; `rows` reads a page without a total.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import {
  Resources,
  type ServiceEvent,
  type ServiceEventReaderService,
  type SignalFilter,
  type SignalReaderService,
  type SignalRowsQuery,
  Signals,
  type StoredSignal,
  type StoreError,
  type UpsertResult
} from "@sports-data/domain"
import { Clock, Effect, Schema } from "effect"
import { decodeRows } from "./Decoders.js"
import { orStoreError } from "./Errors.js"
import { games, upsertStatement } from "./Tables.js"

/** The columns of `signals` with their SQL types, in the order of the domain's StoredSignal. */
const columns: ReadonlyArray<readonly [string, string]> = [
  ["id", "bigint"],
  ["key", "text"],
  ["sport", "text"],
  ["player_id", "text"],
  ["player_name", "text"],
  ["team", "text"],
  ["position", "text"],
  ["signal_type", "text"],
  ["severity", "text"],
  ["title", "text"],
  ["summary", "text"],
  ["source", "text"],
  ["source_url", "text"],
  ["published_at", "timestamptz"],
  ["reported_at", "timestamptz"],
  ["effective_at", "timestamptz"],
  ["season", "integer"],
  ["week", "integer"],
  ["details", "jsonb"]
]
const names = columns.map(([n]) => n)
const rest = names.filter((n) => n !== "id")
/** The select list of `signals` (ids as float8: node-postgres returns bigint as a string). */
export const signalSelectList = names.map((n) => (n === "id" ? "id::float8 AS id" : n)).join(", ")
const selectList = signalSelectList

const upsertText = `WITH up AS (
  INSERT INTO signals AS t (${names.join(", ")})
  SELECT ${names.join(", ")}
  FROM jsonb_to_recordset($1::jsonb) AS r(${columns.map(([n, type]) => `${n} ${type}`).join(", ")})
  ON CONFLICT (id) DO UPDATE SET ${rest.map((n) => `${n} = EXCLUDED.${n}`).join(", ")}
  WHERE (${rest.map((n) => `t.${n}`).join(", ")}) IS DISTINCT FROM (${rest.map((n) => `EXCLUDED.${n}`).join(", ")})
  RETURNING t.id, (xmax = 0) AS inserted
), ev AS (
  INSERT INTO service_events (name, sport, payload, created_at)
  SELECT e.name, e.sport, e.payload, $2::timestamptz
  FROM jsonb_to_recordset($3::jsonb) AS e(ord integer, signal_id bigint, name text, sport text, payload jsonb)
  JOIN up ON up.id = e.signal_id AND up.inserted
  ORDER BY e.ord
  RETURNING 1
)
SELECT inserted FROM up`

/** True (SQL) when the stored game `t` was polled live and the new row `EXCLUDED` is not final. */
const liveKept = `((t.attributes -> 'live') IS NOT NULL AND EXCLUDED.state NOT IN ('final', 'completed'))`

/**
 * How an ingested game merges with a stored game the live poller wrote (domain Live.ts): a row
 * that is not final keeps the polled state and scores (an ingest of files older than the game
 * must not send it back to scheduled); a final row wins (a full ingest's result wins over the
 * feed). The polled `attributes.live` is kept either way.
 */
const liveMerge: Readonly<Record<string, string>> = {
  state: `CASE WHEN ${liveKept} THEN t.state ELSE EXCLUDED.state END`,
  home_score: `CASE WHEN ${liveKept} THEN t.home_score ELSE EXCLUDED.home_score END`,
  away_score: `CASE WHEN ${liveKept} THEN t.away_score ELSE EXCLUDED.away_score END`,
  attributes: `CASE WHEN (t.attributes -> 'live') IS NULL THEN EXCLUDED.attributes
    ELSE EXCLUDED.attributes || jsonb_build_object('live', t.attributes -> 'live') END`
}

/**
 * The games upsert (Tables.ts `upsertStatement` of `games`, merged with the live poll's state as
 * {@link liveMerge} says) that also writes, in the same
 * statement, `game.score_updated` (payload as Signals.ts `scoreUpdatedEvent`: game_id, home_team,
 * away_team, home_score, away_score, status) for every stored game whose score or state it
 * changes, stamped `$2`; a new game writes no event. `old` reads the rows as they were before the
 * statement (every CTE sees the same snapshot). Each row answered has `inserted`, and `overridden`
 * (text, else null) where the row replaced a final score the live feed had written.
 */
export const gamesUpsertStatement = `WITH old AS (
  SELECT g.id, g.home_score, g.away_score, g.state, (g.attributes -> 'live') IS NOT NULL AS polled FROM games g
  WHERE g.id IN (SELECT x.id FROM jsonb_to_recordset($1::jsonb) AS x(id text))
), up AS (
  ${
  upsertStatement(games, liveMerge).replace(
    "RETURNING (xmax = 0) AS inserted",
    "RETURNING t.id, t.sport, t.home_team, t.away_team, t.home_score, t.away_score, t.state, (xmax = 0) AS inserted"
  )
}
), ev AS (
  INSERT INTO service_events (name, sport, payload, created_at)
  SELECT 'game.score_updated', up.sport, jsonb_build_object('game_id', up.id, 'home_team', up.home_team,
    'away_team', up.away_team, 'home_score', up.home_score, 'away_score', up.away_score, 'status', up.state),
    $2::timestamptz
  FROM up JOIN old ON old.id = up.id
  WHERE NOT up.inserted
    AND (old.home_score, old.away_score, old.state) IS DISTINCT FROM (up.home_score, up.away_score, up.state)
  ORDER BY up.id
  RETURNING 1
)
SELECT up.inserted, CASE WHEN old.polled AND old.state IN ('final', 'completed')
    AND (old.home_score, old.away_score) IS DISTINCT FROM (up.home_score, up.away_score)
  THEN up.id || ': feed ' || coalesce(old.away_score::text, '-') || '-' || coalesce(old.home_score::text, '-') ||
    ', ingest ' || coalesce(up.away_score::text, '-') || '-' || coalesce(up.home_score::text, '-') || ' (away-home)'
  END AS overridden
FROM up LEFT JOIN old ON old.id = up.id`

const decodeSignals = Schema.decodeUnknown(Schema.Array(Signals.StoredSignal))

/** Makes `upsertSignals` over the current SqlClient (migrations applied). */
export const makeUpsertSignals: Effect.Effect<
  (rows: ReadonlyArray<StoredSignal>) => Effect.Effect<UpsertResult, StoreError>,
  never,
  SqlClient.SqlClient
> = Effect.map(SqlClient.SqlClient, (sql) => (rows) => {
  if (rows.length === 0) return Effect.succeed({ inserted: 0, updated: 0, unchanged: 0 })
  const last = new Map<number, StoredSignal>()
  for (const row of rows) last.set(row.id, row)
  const batch = Array.from(last.values())
  let ord = 0
  const events = batch.flatMap((s) => Signals.eventsOfSignal(s).map((e) => ({ ...e, ord: ord++, signal_id: s.id })))
  return Effect.flatMap(Clock.currentTimeMillis, (now) =>
    sql.unsafe<{ inserted: boolean }>(upsertText, [
      JSON.stringify(batch),
      new Date(now).toISOString(),
      JSON.stringify(events)
    ])).pipe(
      Effect.map((written) => {
        const inserted = written.filter((w) => w.inserted).length
        const updated = written.length - inserted
        return { inserted, updated, unchanged: rows.length - inserted - updated }
      }),
      orStoreError("SportsWriter.upsertSignals")
    )
})

/**
 * `values` as the text of a PostgreSQL text array (`{"a","b"}`: each element quoted, `"` and `\`
 * escaped), to pass a list as one parameter cast with `::text[]` on every driver.
 */
const textArray = (values: ReadonlyArray<string>): string =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`

/** The conditions of `q` (SignalQuery's filters) over `signals`. */
const signalWhere = (sql: SqlClient.SqlClient, q: SignalFilter) => {
  // one text[] parameter: planned with its values (unlike a jsonb list, which hides them), so
  // the sport and type filters walk signals_sport_type_idx instead of scanning every signal
  const oneOf = (column: string, values: ReadonlyArray<string>) =>
    sql`${sql(column)} = ANY(${textArray(values)}::text[])`
  return sql.and([
    sql`true`,
    ...(q.sports === undefined ? [] : [oneOf("sport", q.sports)]),
    ...(q.types === undefined ? [] : [oneOf("signal_type", q.types)]),
    ...(q.severities === undefined ? [] : [oneOf("severity", q.severities)]),
    ...(q.team === undefined ? [] : [sql`lower(team) = lower(${q.team})`]),
    ...(q.position === undefined ? [] : [sql`lower(position) = lower(${q.position})`]),
    ...(q.player === undefined ? [] : [sql`strpos(lower(player_name), lower(${q.player})) > 0`]),
    ...(q.player_id === undefined ? [] : [sql`player_id = ${q.player_id}`]),
    ...(q.since === undefined ? [] : [sql`effective_at >= ${q.since}`]),
    ...(q.until === undefined ? [] : [sql`effective_at < ${q.until}`]),
    ...(q.chart === undefined ? [] : [
      sql`jsonb_typeof(details -> 'change_type') = 'string' AND jsonb_typeof(details -> 'position') = 'string'`,
      ...(q.chart.change_type === undefined ? [] : [sql`details ->> 'change_type' = ${q.chart.change_type}`]),
      ...(q.chart.position === undefined ? [] : [sql`lower(details ->> 'position') = lower(${q.chart.position})`])
    ])
  ])
}

/** A row of SignalReader `nameCounts` as the drivers return it. */
const SignalNameCountRow = Schema.Struct({
  player_name: Schema.String,
  signal_type: Resources.SignalType,
  count: Schema.Number,
  newest: Schema.DateFromSelf,
  first: Schema.Number
})

/** Makes the SignalReader over the current SqlClient. */
export const makeSignalReader: Effect.Effect<SignalReaderService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => {
    // the severity order's expression is that of signals_severity_order_idx (migration 37): keep them equal
    const orderOf = (q: SignalRowsQuery) =>
      q.order === "severity"
        ? `CASE severity WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END, effective_at DESC, id`
        : `effective_at DESC, id`
    /**
     * True when `q` filters by sport, type and severity only: its total is a sum of the counters
     * of signal_counts (migration 41, kept by trigger), whose columns bear the same names.
     */
    const countable = (q: SignalRowsQuery) =>
      q.team === undefined && q.position === undefined && q.player === undefined && q.player_id === undefined &&
      q.since === undefined && q.until === undefined && q.chart === undefined
    const select = (q: SignalRowsQuery, limit: number | undefined, offset: number) =>
      sql`SELECT ${sql.literal(selectList)} FROM signals WHERE ${signalWhere(sql, q)}
          ORDER BY ${sql.literal(orderOf(q))}${limit === undefined ? sql`` : sql` LIMIT ${limit}`} OFFSET ${offset}`
        .pipe(Effect.flatMap(decodeSignals))
    return {
      find: (q) => {
        const limit = Math.max(0, Math.trunc(q.limit))
        const offset = Math.max(0, Math.trunc(q.offset))
        return Effect.gen(function*() {
          const [count] = yield* (countable(q)
            ? sql<{ total: number }>`SELECT coalesce(sum(signals), 0)::int AS total FROM signal_counts
              WHERE ${signalWhere(sql, q)}`
            : sql<{ total: number }>`SELECT count(*)::int AS total FROM signals WHERE ${signalWhere(sql, q)}`)
          const rows = limit === 0 ? [] : yield* select(q, limit, offset)
          return { total: count?.total ?? 0, rows }
        }).pipe(orStoreError("SignalReader.find"))
      },
      rows: (q) => {
        const limit = q.limit === undefined ? undefined : Math.max(0, Math.trunc(q.limit))
        return (limit === 0 ? Effect.succeed([]) : select(q, limit, 0)).pipe(orStoreError("SignalReader.rows"))
      },
      nameCounts: (q) =>
        sql`SELECT player_name, signal_type, count(*)::int AS count, max(effective_at) AS newest,
            min(rank_)::int AS first
          FROM (
            SELECT player_name, signal_type, effective_at, row_number() OVER (ORDER BY effective_at DESC, id) - 1 AS rank_
            FROM signals WHERE ${signalWhere(sql, q)}
          ) s
          GROUP BY player_name, signal_type
          ORDER BY first`.pipe(
          Effect.flatMap(decodeRows(SignalNameCountRow)),
          orStoreError("SignalReader.nameCounts")
        ),
      // each sport holding signals (a skip through signals_sport_effective_idx), then its newest:
      // a few index probes instead of grouping every signal
      lastUpdate: sql<{ sport: Signals.SignalSport; at: Date }>`
        WITH RECURSIVE held AS (
          (SELECT sport FROM signals ORDER BY sport LIMIT 1)
          UNION ALL
          SELECT (SELECT s.sport FROM signals s WHERE s.sport > held.sport ORDER BY s.sport LIMIT 1)
          FROM held WHERE held.sport IS NOT NULL
        )
        SELECT sport, (SELECT max(effective_at) FROM signals s WHERE s.sport = held.sport) AS at
        FROM held WHERE sport IS NOT NULL ORDER BY sport`.pipe(
        orStoreError("SignalReader.lastUpdate")
      )
    }
  }
)

/** Makes the ServiceEventReader over the current SqlClient. */
export const makeServiceEventReader: Effect.Effect<ServiceEventReaderService, never, SqlClient.SqlClient> = Effect
  .map(SqlClient.SqlClient, (sql) => ({
    after: (afterId, limit) =>
      sql<ServiceEvent>`SELECT id::float8 AS id, name, sport, payload, created_at FROM service_events
        WHERE id > ${afterId} ORDER BY id LIMIT ${Math.max(0, Math.trunc(limit))}`.pipe(
        orStoreError("ServiceEventReader.after")
      ),
    lastId: sql<{ readonly id: number }>`SELECT coalesce(max(id), 0)::float8 AS id FROM service_events`.pipe(
      Effect.map((rows) => rows[0]?.id ?? 0),
      orStoreError("ServiceEventReader.lastId")
    )
  }))

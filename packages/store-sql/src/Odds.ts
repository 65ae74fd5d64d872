/**
 * The odds ports (domain ports/Odds.ts) on @effect/sql, PostgreSQL dialect, over the table
 * `odds_lines` (migration 13, {@link oddsMigration}; outright columns: migration 20,
 * {@link outrightsMigration}). `replaceSport` deletes a sport's lines and
 * inserts the new batch (jsonb parameters expanded by `jsonb_to_recordset`, 2,000 lines per
 * statement) in one transaction, so readers see the old lines or the new ones; in the same
 * transaction it stores what the reads would otherwise compute per request over a game's lines:
 * each line's place in its game's list and the list's no-vig probability ({@link storeListed},
 * migration 39), the history's no-vig probability ({@link storeNoVig}, migration 36) and the
 * lines' counts per game, bookmaker and market (`odds_line_counts`). Driver errors become
 * StoreError (Errors.ts), with operation `Odds<Reader|Writer>.<method>`.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import {
  type LatestGame,
  type LineHistoryQuery,
  Odds,
  type OddsQuery,
  OddsReader,
  OddsWriter,
  SportKey,
  type StoreError
} from "@sports-data/domain"
import { Context, Effect, Schema } from "effect"
import { orStoreError } from "./Errors.js"

/**
 * The order of games (ports/Odds.ts `OddsQuery`): game date, game id. The date is qualified by
 * the table: a bare `game_date` or `snapshot_date` in an ORDER BY names the output column of that
 * name (COLUMNS' `to_char` text), which no index holds, so PostgreSQL would read and sort every
 * line of the game (or sport) instead of scanning an index.
 */
const GAME_ORDER = `odds_lines.game_date ASC NULLS LAST, game_id COLLATE "C"`
/** The port's order: the games' order, then within a game the history's (HISTORY_ORDER). */
const ORDER = `${GAME_ORDER}, odds_lines.snapshot_date, line_time ASC NULLS FIRST, id COLLATE "C"`
/** Within one game: the port's order, and the reverse (the latest first). */
const SNAPSHOT_ORDER = `game_date ASC NULLS LAST, snapshot_date, line_time ASC NULLS FIRST, id COLLATE "C"`
const SNAPSHOT_ORDER_DESC =
  `game_date DESC NULLS FIRST, snapshot_date DESC, line_time DESC NULLS LAST, id COLLATE "C" DESC`
/** The golfer of an outright line (part of Odds.ts `latestKey`), null on two-sided lines. */
const GOLFER = `CASE WHEN market IS NULL THEN NULL ELSE home END`

/**
 * 0013: the stored betting lines, one row per (game, source, bookmaker, snapshot), replaced per
 * sport by the ingest's odds phase. Not part of the data version: the odds reader is not cached.
 */
export const oddsMigration: Effect.Effect<void, SqlError, SqlClient.SqlClient> = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) =>
    Effect.forEach([
      `CREATE TABLE odds_lines (
        id text PRIMARY KEY,
        sport text NOT NULL,
        game_id text NOT NULL,
        season integer NOT NULL,
        week integer,
        game_date date,
        source text NOT NULL,
        bookmaker text,
        snapshot text NOT NULL,
        snapshot_date date NOT NULL,
        line_time timestamptz,
        home text NOT NULL,
        away text NOT NULL,
        home_moneyline double precision,
        away_moneyline double precision,
        home_spread double precision,
        home_spread_odds double precision,
        away_spread_odds double precision,
        total double precision,
        over_odds double precision,
        under_odds double precision
      )`,
      `CREATE INDEX odds_lines_game_idx ON odds_lines (sport, game_date, game_id)`,
      `CREATE INDEX odds_lines_season_idx ON odds_lines (sport, season, week)`
    ], (s) =>
      sql.unsafe(s), { discard: true })
)

/**
 * 0020: outright lines (golf) in the same table: the market, the golfer's participant id (null
 * when unlinked) and name, all null on two-sided lines.
 */
export const outrightsMigration: Effect.Effect<void, SqlError, SqlClient.SqlClient> = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) =>
    sql.unsafe(
      `ALTER TABLE odds_lines ADD COLUMN market text, ADD COLUMN participant_id text, ADD COLUMN participant_name text`
    ).pipe(Effect.asVoid)
)

/**
 * Marks the lines of `sport` (every sport when undefined) that OddsReader `latest` read until
 * migration 39: each game's first line (`first_line`) and its last line per Odds.ts `latestKey`
 * (`latest_line`), in the port's order. Migration 28 only: since migration 39 the marks are
 * Odds.ts `listedLines`, stored by {@link storeListed}.
 */
const markLatest = (sport: string | undefined) =>
  `UPDATE odds_lines o SET
    first_line = m.f = 1, latest_line = m.l = 1
  FROM (
    SELECT id,
      row_number() OVER (PARTITION BY game_id ORDER BY ${SNAPSHOT_ORDER}) AS f,
      row_number() OVER (PARTITION BY game_id, source, bookmaker, market, ${GOLFER} ORDER BY ${SNAPSHOT_ORDER_DESC}) AS l
    FROM odds_lines ${sport === undefined ? "" : "WHERE sport = $1"}
  ) m
  WHERE o.id = m.id`

/**
 * 0028 (odds part): the marks of {@link markLatest}, computed for the lines already stored, and
 * an index of the marked lines by sport and season.
 */
export const latestLinesMigration: Effect.Effect<void, SqlError, SqlClient.SqlClient> = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) =>
    Effect.forEach([
      `ALTER TABLE odds_lines ADD COLUMN first_line boolean NOT NULL DEFAULT false,
        ADD COLUMN latest_line boolean NOT NULL DEFAULT false`,
      markLatest(undefined),
      `CREATE INDEX odds_lines_shown_idx ON odds_lines (sport, season, game_date) WHERE first_line OR latest_line`
    ], (s) =>
      sql.unsafe(s), { discard: true })
)

/**
 * Sets `no_vig_probability` of every line of `lines` (each game's lines all given) to Odds.ts
 * `atTimeNoVig`, in batches of jsonb parameters.
 */
const storeNoVig = (sql: SqlClient.SqlClient, lines: ReadonlyArray<Odds.OddsLine>) => {
  const values = Odds.atTimeNoVig(lines)
  const rows = lines.flatMap((l, i) => (Odds.isOutright(l) ? [{ id: l.id, p: values[i] }] : []))
  return Effect.forEach(
    Array.from({ length: Math.ceil(rows.length / BATCH) }, (_, b) => rows.slice(b * BATCH, (b + 1) * BATCH)),
    (batch) =>
      sql`UPDATE odds_lines o SET no_vig_probability = r.p
        FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS r(id text, p double precision)
        WHERE o.id = r.id`,
    { discard: true }
  )
}

/**
 * Recount (parameter $1: the sport) of the lines of a sport per game, bookmaker and market (both lower case) into
 * `odds_line_counts`, so that a history's total is a read of a few rows, not a count of the
 * game's tens of thousands of lines.
 */
const RECOUNT = [
  `DELETE FROM odds_line_counts WHERE sport = $1`,
  `INSERT INTO odds_line_counts (sport, game_id, bookmaker, market, n)
    SELECT sport, game_id, lower(bookmaker), lower(market), count(*) FROM odds_lines WHERE sport = $1
    GROUP BY sport, game_id, lower(bookmaker), lower(market)`
]

/**
 * 0036: beside each outright line, the no-vig probability its game's history serves (Odds.ts
 * `atTimeNoVig`, over the whole field at the line's time), computed for the lines already
 * stored (one sport at a time) and kept by `replaceSport`; and an index of a game's lines in
 * history order, so that a history page is an indexed keyset read.
 */
export const storedNoVigMigration: Effect.Effect<void, SqlError, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql.unsafe(`ALTER TABLE odds_lines ADD COLUMN no_vig_probability double precision`)
  yield* sql.unsafe(
    `CREATE INDEX odds_lines_history_idx ON odds_lines (game_id, snapshot_date, line_time ASC NULLS FIRST, id COLLATE "C")`
  )
  yield* sql.unsafe(`CREATE TABLE odds_line_counts (
    sport text NOT NULL, game_id text NOT NULL, bookmaker text, market text, n integer NOT NULL
  )`)
  yield* sql.unsafe(`CREATE INDEX odds_line_counts_game_idx ON odds_line_counts (game_id, sport)`)
  for (const { sport } of yield* sql<{ sport: string }>`SELECT DISTINCT sport FROM odds_lines`) {
    for (const s of RECOUNT) yield* sql.unsafe(s, [sport])
  }
  const sports = yield* sql<{ sport: string }>`SELECT DISTINCT sport FROM odds_lines WHERE market IS NOT NULL`
  for (const { sport } of sports) {
    const rows = yield* sql`SELECT ${
      sql.literal(COLUMNS)
    } FROM odds_lines WHERE sport = ${sport} AND market IS NOT NULL`
      .pipe(Effect.flatMap((r) => Effect.orDie(decodeRows(r))))
    yield* storeNoVig(sql, rows.map(toLine))
  }
})

/**
 * Stores Odds.ts `listedLines` of `lines` (every line of `sport`): `first_line`, `latest_line`
 * (a latest line: `latest_rank` not null), `latest_rank` and `latest_no_vig`, the marks of the
 * lines stored before cleared first, the marked lines in batches of jsonb parameters.
 */
const storeListed = (sql: SqlClient.SqlClient, sport: string, lines: ReadonlyArray<Odds.OddsLine>) =>
  Effect.gen(function*() {
    yield* sql`UPDATE odds_lines SET first_line = false, latest_line = false, latest_rank = NULL, latest_no_vig = NULL
      WHERE sport = ${sport} AND (first_line OR latest_line OR latest_rank IS NOT NULL)`
    const listed = Odds.listedLines(lines)
    const rows = lines.flatMap((l, i) => {
      const at = listed[i]!
      return at.first || at.rank !== null ? [{ id: l.id, f: at.first, r: at.rank, p: at.no_vig_probability }] : []
    })
    for (let i = 0; i < rows.length; i += BATCH) {
      yield* sql`UPDATE odds_lines o SET first_line = r.f, latest_line = r.r IS NOT NULL, latest_rank = r.r,
          latest_no_vig = r.p
        FROM jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + BATCH))}::jsonb)
          AS r(id text, f boolean, r integer, p double precision)
        WHERE o.id = r.id`
    }
  })

/**
 * Recount (parameter $1: the sport) of the latest lines (`latest_rank` set) per game, bookmaker
 * and market into `odds_line_counts.latest_n`, after {@link RECOUNT} wrote the sport's rows, so
 * that a list's `lines_total` is a read of a few rows per game.
 */
const RECOUNT_LATEST = `UPDATE odds_line_counts c SET latest_n = x.n
  FROM (
    SELECT game_id, lower(bookmaker) AS bookmaker, lower(market) AS market, count(*) AS n
    FROM odds_lines WHERE sport = $1 AND latest_rank IS NOT NULL
    GROUP BY game_id, lower(bookmaker), lower(market)
  ) x
  WHERE c.sport = $1 AND c.game_id = x.game_id
    AND c.bookmaker IS NOT DISTINCT FROM x.bookmaker AND c.market IS NOT DISTINCT FROM x.market`

/**
 * 0039: the odds list's read model. Beside each line its place in its game's list (Odds.ts
 * `listedLines`: `first_line` and `latest_line` recomputed, `latest_rank`, `latest_no_vig`)
 * and, per game, bookmaker and market, the number of latest lines (`odds_line_counts.latest_n`),
 * computed for the lines already stored (one sport at a time) and kept by `replaceSport`. And
 * indexes: the games' first lines in the games' order, within a sport and within a sport's
 * season (which a scan of the sport's order reaches only after every earlier season: tennis
 * 2026 after 5,000 games of 2025); each game's latest lines in rank order, and by bookmaker and
 * market (the list's filters, lower case) then rank. So a list is a page of games and, per game,
 * one bounded index read (golf: 3,400 latest lines a game, of which a bookmaker and market
 * filter keeps about 150). Replaces the index of migration 28 (`odds_lines_shown_idx`), which
 * no read uses any more.
 */
export const listedLinesMigration: Effect.Effect<void, SqlError, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql.unsafe(`ALTER TABLE odds_lines ADD COLUMN latest_rank integer, ADD COLUMN latest_no_vig double precision`)
  yield* sql.unsafe(`ALTER TABLE odds_line_counts ADD COLUMN latest_n integer NOT NULL DEFAULT 0`)
  for (const { sport } of yield* sql<{ sport: string }>`SELECT DISTINCT sport FROM odds_lines`) {
    const rows = yield* sql`SELECT ${sql.literal(COLUMNS)} FROM odds_lines WHERE sport = ${sport}`
      .pipe(Effect.flatMap((r) => Effect.orDie(decodeRows(r))))
    yield* storeListed(sql, sport, rows.map(toLine))
    yield* sql.unsafe(RECOUNT_LATEST, [sport])
  }
  yield* sql.unsafe(`DROP INDEX IF EXISTS odds_lines_shown_idx`)
  yield* sql.unsafe(`CREATE INDEX odds_lines_first_idx ON odds_lines (sport, game_date, game_id COLLATE "C")
    WHERE first_line`)
  yield* sql.unsafe(`CREATE INDEX odds_lines_first_season_idx
    ON odds_lines (sport, season, game_date, game_id COLLATE "C") WHERE first_line`)
  yield* sql.unsafe(`CREATE INDEX odds_lines_latest_idx ON odds_lines (game_id, latest_rank)
    WHERE latest_rank IS NOT NULL`)
  yield* sql.unsafe(`CREATE INDEX odds_lines_latest_selected_idx
    ON odds_lines (game_id, lower(bookmaker), lower(market), latest_rank) WHERE latest_rank IS NOT NULL`)
})

const Num = Schema.NullOr(Schema.Number)
const Text = Schema.NullOr(Schema.String)

/** A row as the drivers return it (timestamptz as a Date or an ISO string). */
const Row = Schema.Struct({
  id: Schema.String,
  sport: SportKey,
  game_id: Schema.String,
  season: Schema.Number,
  week: Num,
  game_date: Schema.NullOr(Schema.String),
  source: Schema.String,
  bookmaker: Schema.NullOr(Schema.String),
  snapshot: Schema.String,
  snapshot_date: Schema.String,
  line_time: Schema.NullOr(Schema.Union(Schema.DateFromSelf, Schema.Date)),
  home: Schema.String,
  away: Schema.String,
  home_moneyline: Num,
  away_moneyline: Num,
  home_spread: Num,
  home_spread_odds: Num,
  away_spread_odds: Num,
  total: Num,
  over_odds: Num,
  under_odds: Num,
  market: Text,
  participant_id: Text,
  participant_name: Text
})

const decodeRows = Schema.decodeUnknown(Schema.Array(Row))
const decodeStored = Schema.decodeUnknown(Schema.Array(Schema.Struct({ ...Row.fields, no_vig_probability: Num })))

/**
 * A game's history order (Odds.ts `compareSnapshots`), as odds_lines_history_idx holds it (the
 * date qualified by the table, as in ORDER: the table's column, not COLUMNS' text of it).
 */
const HISTORY_ORDER = `odds_lines.snapshot_date, line_time ASC NULLS FIRST, id COLLATE "C"`

const OUTRIGHT = ["market", "participant_id", "participant_name"] as const

/** A decoded row as a line: the outright columns only on outright lines (as the memory store keeps them). */
const toLine = (r: typeof Row.Type): Odds.OddsLine => {
  const { market, participant_id, participant_name, ...line } = r
  return (market === null ? line : { ...line, market, participant_id, participant_name }) as Odds.OddsLine
}

const NUMBERS = [
  "home_moneyline",
  "away_moneyline",
  "home_spread",
  "home_spread_odds",
  "away_spread_odds",
  "total",
  "over_odds",
  "under_odds"
] as const

const COLUMNS = `id, sport, game_id, season, week, to_char(game_date, 'YYYY-MM-DD') AS game_date, source, bookmaker,
  snapshot, to_char(snapshot_date, 'YYYY-MM-DD') AS snapshot_date, line_time, home, away, ${NUMBERS.join(", ")},
  ${OUTRIGHT.join(", ")}`

const BATCH = 2000

const COLUMNS_IN =
  `id, sport, game_id, season, week, game_date, source, bookmaker, snapshot, snapshot_date, line_time, home, away, ${
    NUMBERS.join(", ")
  }, ${OUTRIGHT.join(", ")}`

/** Makes both odds ports over the current SqlClient (migrations applied). Never fails. */
export const makeOddsStore: Effect.Effect<
  Context.Context<OddsReader | OddsWriter>,
  never,
  SqlClient.SqlClient
> = Effect.map(SqlClient.SqlClient, (sql) => {
  /** The conditions of `q` (every given filter). */
  const whereOf = (q: OddsQuery) =>
    sql.and([
      sql`sport = ${q.sport}`,
      ...(q.season === undefined ? [] : [sql`season = ${q.season}`]),
      ...(q.week === undefined ? [] : [sql`week = ${q.week}`]),
      ...(q.date === undefined ? [] : [sql`game_date = ${q.date}::date`]),
      ...(q.from_date === undefined ? [] : [sql`game_date >= ${q.from_date}::date`]),
      ...(q.game_id === undefined ? [] : [sql`game_id = ${q.game_id}`])
    ])
  /**
   * The keyset condition of the history: lines strictly after `after` (snapshot date, line time
   * in ms with -1 for none, id) in HISTORY_ORDER; undefined without a key.
   */
  const afterOf = (after: LineHistoryQuery["after"]) => {
    if (after === undefined) return undefined
    const [date, ms, id] = after as readonly [string, number, string]
    const sameTime = ms === -1
      ? sql`(line_time IS NOT NULL OR (line_time IS NULL AND id COLLATE "C" > ${id}))`
      : sql`(line_time > ${new Date(ms).toISOString()}::timestamptz
          OR (line_time = ${new Date(ms).toISOString()}::timestamptz AND id COLLATE "C" > ${id}))`
    return sql`snapshot_date >= ${date}::date AND (snapshot_date > ${date}::date OR ${sameTime})`
  }
  return Context.make(OddsReader, {
    find: (q) =>
      sql`SELECT ${sql.literal(COLUMNS)} FROM odds_lines WHERE ${whereOf(q)}
        ORDER BY ${sql.literal(ORDER)}`.pipe(
        Effect.flatMap(decodeRows),
        Effect.map((rows) => rows.map(toLine)),
        orStoreError("OddsReader.find")
      ) as Effect.Effect<ReadonlyArray<Odds.OddsLine>, StoreError>,
    latest: (q) => {
      // the page of games: their first lines, an index scan of odds_lines_first_idx
      const selected = (alias: string) => [
        ...(q.bookmaker === undefined ? [] : [sql`lower(${sql(alias)}.bookmaker) = ${q.bookmaker}`]),
        ...(q.market === undefined ? [] : [
          sql`${sql(alias)}.market IS NOT NULL AND lower(${sql(alias)}.market) = ${q.market}`
        ])
      ]
      return Effect.gen(function*() {
        const firsts = yield* sql`SELECT ${sql.literal(COLUMNS)} FROM odds_lines
          WHERE ${sql.and([whereOf(q), sql`first_line`])}
          ORDER BY ${sql.literal(GAME_ORDER)} LIMIT ${Math.max(0, Math.trunc(q.games))}`.pipe(
          Effect.flatMap(decodeRows)
        )
        if (firsts.length === 0) return []
        const ids = firsts.map((r) => r.game_id)
        const { rows, totals } = yield* Effect.all({
          // per game its first `lines` selected latest lines in rank order (odds_lines_latest_idx)
          // (the games as VALUES: their number known to the planner, which then plans a cheap
          // nested loop and no JIT compilation, whatever the statistics of the new lines)
          rows: sql`SELECT l.* FROM (VALUES ${sql.csv(ids.map((id) => sql`(${id})`))}) AS g(game_id)
            CROSS JOIN LATERAL (
              SELECT ${sql.literal(COLUMNS)}, latest_no_vig AS no_vig_probability, latest_rank FROM odds_lines o
              WHERE ${
            sql.and([
              sql`o.game_id = g.game_id`,
              sql`o.sport = ${q.sport}`,
              sql`o.latest_rank IS NOT NULL`,
              ...selected("o")
            ])
          }
              ORDER BY o.latest_rank LIMIT ${Math.max(0, Math.trunc(q.lines))}
            ) l
            ORDER BY l.game_id, l.latest_rank`.pipe(Effect.flatMap(decodeStored)),
          totals: sql<{ game_id: string; n: number | string }>`SELECT game_id, sum(latest_n) AS n
            FROM odds_line_counts
            WHERE ${
            sql.and([
              sql`sport = ${q.sport}`,
              sql.in("game_id", ids),
              ...(q.bookmaker === undefined ? [] : [sql`bookmaker = ${q.bookmaker}`]),
              ...(q.market === undefined ? [] : [sql`market = ${q.market}`])
            ])
          }
            GROUP BY game_id`
        })
        const total = new Map(totals.map((t) => [t.game_id, Number(t.n)]))
        const byGame = new Map<string, Array<Odds.StoredLine>>()
        for (const r of rows) {
          const { no_vig_probability, ...line } = r
          const list = byGame.get(r.game_id) ?? []
          byGame.set(r.game_id, list)
          list.push({ line: toLine(line), no_vig_probability })
        }
        return firsts.map((f): LatestGame => ({
          first: toLine(f),
          total: total.get(f.game_id) ?? 0,
          rows: byGame.get(f.game_id) ?? []
        }))
      }).pipe(orStoreError("OddsReader.latest")) as Effect.Effect<ReadonlyArray<LatestGame>, StoreError>
    },
    history: (q: LineHistoryQuery) => {
      const conditions = [
        sql`game_id = ${q.game_id}`,
        sql`sport = ${q.sport}`,
        ...(q.bookmaker === undefined ? [] : [sql`lower(bookmaker) = ${q.bookmaker}`]),
        ...(q.market === undefined ? [] : [sql`market IS NOT NULL AND lower(market) = ${q.market}`])
      ]
      const where = sql.and(conditions)
      const after = afterOf(q.after)
      const whereAfter = sql.and(after === undefined ? conditions : [...conditions, after])
      return Effect.all({
        first: sql`SELECT ${sql.literal(COLUMNS)} FROM odds_lines WHERE game_id = ${q.game_id} AND sport = ${q.sport}
          ORDER BY ${sql.literal(HISTORY_ORDER)} LIMIT 1`.pipe(Effect.flatMap(decodeRows)),
        total: sql<{ n: number | string | null }>`SELECT sum(n) AS n FROM odds_line_counts WHERE ${where}`,
        rows: sql`SELECT ${sql.literal(COLUMNS)}, no_vig_probability FROM odds_lines
          WHERE ${whereAfter}
          ORDER BY ${sql.literal(HISTORY_ORDER)}
          LIMIT ${Math.max(0, Math.trunc(q.limit))} OFFSET ${q.after === undefined ? Math.max(0, q.offset) : 0}`
      }).pipe(
        Effect.flatMap(({ first, rows, total }) =>
          Effect.map(decodeStored(rows), (stored) => ({
            first: first[0] === undefined ? null : toLine(first[0]),
            total: Number(total[0]?.n ?? 0),
            rows: stored.map((r) => {
              const { no_vig_probability, ...line } = r
              return { line: toLine(line), no_vig_probability }
            })
          }))
        ),
        orStoreError("OddsReader.history")
      ) as Effect.Effect<
        { first: Odds.OddsLine | null; total: number; rows: ReadonlyArray<Odds.StoredLine> },
        StoreError
      >
    }
  }).pipe(Context.add(OddsWriter, {
    replaceSport: (sport, rows) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`DELETE FROM odds_lines WHERE sport = ${sport}`
        const byId = new Map<string, Odds.OddsLine>()
        for (const r of rows) if (r.sport === sport) byId.set(r.id, r)
        const all = [...byId.values()]
        for (let i = 0; i < all.length; i += BATCH) {
          const batch = all.slice(i, i + BATCH).map((r) => ({
            ...r,
            line_time: r.line_time === null ? null : r.line_time.toISOString()
          }))
          yield* sql`INSERT INTO odds_lines (${sql.literal(COLUMNS_IN)})
            SELECT ${sql.literal(COLUMNS_IN)}
            FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS r(id text, sport text, game_id text,
              season integer, week integer, game_date date, source text, bookmaker text, snapshot text,
              snapshot_date date, line_time timestamptz, home text, away text,
              ${sql.literal(NUMBERS.map((n) => `${n} double precision`).join(", "))},
              ${sql.literal(OUTRIGHT.map((n) => `${n} text`).join(", "))})`
        }
        yield* storeListed(sql, sport, all)
        yield* storeNoVig(sql, all)
        for (const s of [...RECOUNT, RECOUNT_LATEST]) yield* sql.unsafe(s, [sport])
      })).pipe(orStoreError("OddsWriter.replaceSport"))
  }))
})

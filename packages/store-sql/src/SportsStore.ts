/**
 * {@link SportsStore} on @effect/sql, PostgreSQL dialect.
 *
 * Upserts send a whole batch as ONE jsonb parameter expanded by `jsonb_to_recordset` (no
 * 65,535 bind-parameter limit, one statement, hence atomic):
 * `INSERT ... ON CONFLICT (key) DO UPDATE ... WHERE (stored row) IS DISTINCT FROM (excluded row)
 * RETURNING (xmax = 0) AS inserted`. A returned row is inserted or updated; a row identical to
 * the stored one returns nothing and counts unchanged. When a batch repeats a key the last row
 * wins and the earlier ones count unchanged (as in the memory adapter).
 *
 * Filters and orders are those of the domain's Ports, identical to the memory adapter: strings
 * order with `COLLATE "C"`, team/position match case-insensitively, nulls sort last; players
 * search and order by the domain's `nameKey`, stored as the generated column `players.name_key`
 * (migration 3: needs a UTF8 database with a UTF-8 LC_CTYPE, as PGlite and the usual initdb give).
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type { Fragment } from "@effect/sql/Statement"
import {
  DepthChartEntry,
  type DepthChartQuery,
  Game,
  type InjuryQuery,
  InjuryReport,
  isCalendarDate,
  nameKey,
  type Page,
  type Paged,
  Player,
  PollRanking,
  type SportsStoreService,
  type SportSummary,
  StatLine,
  type StoreError,
  Team,
  type TeamSport,
  teamSports,
  type UpsertResult
} from "@sports-data/domain"
import { Effect, Option, type ParseResult, Schema } from "effect"
import { orStoreError } from "./Errors.js"

// ---------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------

/** A table of canonical rows: its key columns and every column with its SQL type. */
interface TableSpec<A> {
  readonly table: string
  readonly key: ReadonlyArray<string>
  readonly columns: ReadonlyArray<readonly [name: string, type: string]>
  readonly keyOf: (row: A) => string
  /** The select list that reads rows back in their canonical shape. */
  readonly select: string
}

const selectList = (columns: ReadonlyArray<readonly [string, string]>): string =>
  columns.map(([name, type]) => type === "date" ? `to_char(${name}, 'YYYY-MM-DD') AS ${name}` : name).join(", ")

const spec = <A>(
  table: string,
  key: ReadonlyArray<string>,
  columns: ReadonlyArray<readonly [string, string]>,
  keyOf: (row: A) => string
): TableSpec<A> => ({ table, key, columns, keyOf, select: selectList(columns) })

const players = spec<Player>("players", ["id"], [
  ["id", "text"],
  ["sport", "text"],
  ["full_name", "text"],
  ["first_name", "text"],
  ["last_name", "text"],
  ["position", "text"],
  ["team", "text"],
  ["status", "text"],
  ["birth_date", "text"],
  ["platform_ids", "jsonb"],
  ["attributes", "jsonb"]
], (r) => r.id)

const teams = spec<Team>("teams", ["sport", "abbr"], [
  ["sport", "text"],
  ["abbr", "text"],
  ["name", "text"],
  ["conference", "text"],
  ["division", "text"],
  ["external_id", "text"],
  ["attributes", "jsonb"]
], (r) => `${r.sport}\u0000${r.abbr}`)

const games = spec<Game>("games", ["id"], [
  ["id", "text"],
  ["sport", "text"],
  ["league", "text"],
  ["season", "integer"],
  ["week", "integer"],
  ["season_type", "text"],
  ["game_date", "date"],
  ["start_time", "timestamptz"],
  ["state", "text"],
  ["home_team", "text"],
  ["away_team", "text"],
  ["home_score", "integer"],
  ["away_score", "integer"],
  ["venue", "text"],
  ["attributes", "jsonb"]
], (r) => r.id)

const statLines = spec<StatLine>("stat_lines", ["id"], [
  ["id", "text"],
  ["sport", "text"],
  ["player_id", "text"],
  ["game_id", "text"],
  ["season", "integer"],
  ["week", "integer"],
  ["game_date", "date"],
  ["team", "text"],
  ["opponent", "text"],
  ["position", "text"],
  ["is_starter", "boolean"],
  ["stats", "jsonb"],
  ["fantasy_points", "double precision"],
  ["fantasy_points_formats", "jsonb"]
], (r) => r.id)

const injuries = spec<InjuryReport>("injuries", ["id"], [
  ["id", "text"],
  ["sport", "text"],
  ["player_id", "text"],
  ["season", "integer"],
  ["week", "integer"],
  ["team", "text"],
  ["report_status", "text"],
  ["practice_status", "text"],
  ["primary_injury", "text"],
  ["secondary_injury", "text"],
  ["reported_at", "timestamptz"]
], (r) => r.id)

const depthCharts = spec<DepthChartEntry>("depth_charts", ["id"], [
  ["id", "text"],
  ["sport", "text"],
  ["player_id", "text"],
  ["season", "integer"],
  ["week", "integer"],
  ["team", "text"],
  ["position", "text"],
  ["depth_position", "text"],
  ["depth", "integer"],
  ["formation", "text"]
], (r) => r.id)

const rankings = spec<PollRanking>("poll_rankings", ["id"], [
  ["id", "text"],
  ["sport", "text"],
  ["season", "integer"],
  ["poll", "text"],
  ["week", "integer"],
  ["rank", "integer"],
  ["team", "text"],
  ["team_name", "text"],
  ["points", "integer"],
  ["first_place_votes", "integer"],
  ["record", "text"],
  ["prev_rank", "integer"]
], (r) => r.id)

/** The upsert statement of a table; `$1` is the batch as a jsonb array of rows. */
const upsertStatement = <A>(t: TableSpec<A>): string => {
  const names = t.columns.map(([name]) => name)
  const rest = names.filter((name) => !t.key.includes(name))
  return `INSERT INTO ${t.table} AS t (${names.join(", ")})
SELECT ${names.join(", ")}
FROM jsonb_to_recordset($1::jsonb) AS r(${t.columns.map(([name, type]) => `${name} ${type}`).join(", ")})
ON CONFLICT (${t.key.join(", ")}) DO UPDATE SET ${rest.map((name) => `${name} = EXCLUDED.${name}`).join(", ")}
WHERE (${rest.map((name) => `t.${name}`).join(", ")}) IS DISTINCT FROM (${
    rest.map((name) => `EXCLUDED.${name}`).join(", ")
  })
RETURNING (xmax = 0) AS inserted`
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** `%text%` for LIKE, with the LIKE wildcards of `text` escaped (escape character `\`). */
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Normalised paging: negative limit or offset read as 0. */
const pageOf = (page: Page) => ({
  limit: Math.max(0, Math.trunc(page.limit)),
  offset: Math.max(0, Math.trunc(page.offset))
})

// ---------------------------------------------------------------------------------------------
// The store
// ---------------------------------------------------------------------------------------------

/** Makes the SQL SportsStore over the current SqlClient (migrations applied). */
export const makeSportsStore: Effect.Effect<SportsStoreService, never, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const upsert = <A>(t: TableSpec<A>, operation: string) => {
    const text = upsertStatement(t)
    return (rows: ReadonlyArray<A>): Effect.Effect<UpsertResult, StoreError> => {
      if (rows.length === 0) return Effect.succeed({ inserted: 0, updated: 0, unchanged: 0 })
      const last = new Map<string, A>()
      for (const row of rows) last.set(t.keyOf(row), row)
      return sql.unsafe<{ inserted: boolean }>(text, [JSON.stringify(Array.from(last.values()))]).pipe(
        Effect.map((written) => {
          const inserted = written.filter((w) => w.inserted).length
          const updated = written.length - inserted
          return { inserted, updated, unchanged: rows.length - inserted - updated }
        }),
        orStoreError(operation)
      )
    }
  }

  /** Total and page of `t` under `where`, decoded with `schema`. */
  const findPaged = <A, I>(
    t: TableSpec<A>,
    schema: Schema.Schema<A, I>,
    where: ReadonlyArray<Fragment>,
    orderBy: string,
    page: Page,
    operation: string
  ): Effect.Effect<Paged<A>, StoreError> => {
    const { limit, offset } = pageOf(page)
    const condition = sql.and(where)
    const decode = Schema.decodeUnknown(Schema.Array(schema))
    return Effect.gen(function*() {
      const [count] = yield* sql<{ total: number }>`SELECT count(*)::int AS total FROM ${
        sql(t.table)
      } WHERE ${condition}`
      const rows = limit === 0 ? [] : yield* sql`SELECT ${sql.literal(t.select)} FROM ${sql(t.table)} WHERE ${condition}
        ORDER BY ${sql.literal(orderBy)} LIMIT ${limit} OFFSET ${offset}`.pipe(Effect.flatMap(decode))
      return { total: count?.total ?? 0, rows }
    }).pipe(orStoreError(operation))
  }

  const ci = (column: string, value: string) => sql`lower(${sql(column)}) = lower(${value})`

  const findPlayers: SportsStoreService["findPlayers"] = (q) => {
    const where: Array<Fragment> = []
    if (q.sport !== undefined) where.push(sql`sport = ${q.sport}`)
    if (q.search !== undefined) {
      where.push(sql`name_key LIKE ${containsPattern(nameKey(q.search))} ESCAPE '\\'`)
    }
    if (q.position !== undefined) where.push(ci("position", q.position))
    if (q.team !== undefined) where.push(ci("team", q.team))
    if (q.status !== undefined) where.push(sql`status = ${q.status}`)
    if (q.ids !== undefined) where.push(sql`id IN (SELECT jsonb_array_elements_text(${JSON.stringify(q.ids)}::jsonb))`)
    if (q.platform !== undefined) {
      where.push(sql`platform_ids @> ${JSON.stringify({ [q.platform.name]: q.platform.id })}::jsonb`)
    }
    const order = `name_key COLLATE "C", full_name COLLATE "C", id COLLATE "C"`
    return findPaged(players, Player, where, order, q, "SportsStore.findPlayers")
  }

  const findGames: SportsStoreService["findGames"] = (q) => {
    const where: Array<Fragment> = [sql`sport = ${q.sport}`]
    if (q.season !== undefined) where.push(sql`season = ${q.season}`)
    if (q.week !== undefined) where.push(sql`week = ${q.week}`)
    if (q.date !== undefined) where.push(isCalendarDate(q.date) ? sql`game_date = ${q.date}::date` : sql`false`)
    if (q.state !== undefined) where.push(sql`state = ${q.state}`)
    if (q.team !== undefined) where.push(sql`(${ci("home_team", q.team)} OR ${ci("away_team", q.team)})`)
    if (q.league !== undefined) where.push(sql`league = ${q.league}`)
    if (q.ids !== undefined) where.push(sql`id IN (SELECT jsonb_array_elements_text(${JSON.stringify(q.ids)}::jsonb))`)
    const direction = q.order === "desc" ? "DESC" : "ASC"
    return findPaged(
      games,
      Game,
      where,
      `game_date ${direction}, id COLLATE "C" ${direction}`,
      q,
      "SportsStore.findGames"
    )
  }

  const findStatLines: SportsStoreService["findStatLines"] = (q) => {
    const where: Array<Fragment> = [sql`sport = ${q.sport}`]
    if (q.player_id !== undefined) where.push(sql`player_id = ${q.player_id}`)
    if (q.season !== undefined) where.push(sql`season = ${q.season}`)
    if (q.week !== undefined) where.push(sql`week = ${q.week}`)
    if (q.date !== undefined) where.push(isCalendarDate(q.date) ? sql`game_date = ${q.date}::date` : sql`false`)
    if (q.team !== undefined) where.push(ci("team", q.team))
    if (q.position !== undefined) where.push(ci("position", q.position))
    const orderBy = q.order === "recent"
      ? `season DESC, week DESC NULLS LAST, game_date DESC NULLS LAST, id COLLATE "C" DESC`
      : `fantasy_points DESC NULLS LAST, id COLLATE "C"`
    return findPaged(statLines, StatLine, where, orderBy, q, "SportsStore.findStatLines")
  }

  /** The conditions of the weekly tables (injuries, depth charts): sport, then each filter given. */
  const weeklyWhere = (q: InjuryQuery | DepthChartQuery): ReadonlyArray<Fragment> => {
    const where: Array<Fragment> = [sql`sport = ${q.sport}`]
    if (q.player_id !== undefined) where.push(sql`player_id = ${q.player_id}`)
    if (q.team !== undefined) where.push(ci("team", q.team))
    if (q.season !== undefined) where.push(sql`season = ${q.season}`)
    if (q.week !== undefined) where.push(sql`week = ${q.week}`)
    return where
  }

  const findInjuries: SportsStoreService["findInjuries"] = (q) =>
    findPaged(
      injuries,
      InjuryReport,
      weeklyWhere(q),
      `season DESC, week DESC NULLS LAST, id COLLATE "C"`,
      q,
      "SportsStore.findInjuries"
    )

  const findDepthCharts: SportsStoreService["findDepthCharts"] = (q) =>
    findPaged(
      depthCharts,
      DepthChartEntry,
      weeklyWhere(q),
      `season DESC, week DESC NULLS LAST, team COLLATE "C", position COLLATE "C" NULLS LAST, depth NULLS LAST, id COLLATE "C"`,
      q,
      "SportsStore.findDepthCharts"
    )

  const decodeRankings = Schema.decodeUnknown(Schema.Array(PollRanking))
  const findRankings: SportsStoreService["findRankings"] = (q) => {
    const where: Array<Fragment> = [sql`sport = ${q.sport}`]
    if (q.season !== undefined) where.push(sql`season = ${q.season}`)
    if (q.poll !== undefined) where.push(sql`poll = ${q.poll}`)
    if (q.week !== undefined) where.push(sql`week = ${q.week}`)
    return sql`SELECT ${sql.literal(rankings.select)} FROM poll_rankings WHERE ${sql.and(where)}
      ORDER BY season, poll COLLATE "C", week, rank, team COLLATE "C"`.pipe(
      Effect.flatMap(decodeRankings),
      orStoreError("SportsStore.findRankings")
    )
  }

  const decodePlayers = Schema.decodeUnknown(Schema.Array(Player))
  const decodeTeams = Schema.decodeUnknown(Schema.Array(Team))

  const summaryOf = (sport: TeamSport): Effect.Effect<SportSummary, SqlError | ParseResult.ParseError> =>
    sql<{
      players: number
      teams: number
      games: number
      stat_lines: number
      first_game_date: string | null
      last_game_date: string | null
      last_updated: Date | null
      seasons: ReadonlyArray<number>
    }>`SELECT
      (SELECT count(*)::int FROM players WHERE sport = ${sport}) AS players,
      (SELECT count(*)::int FROM teams WHERE sport = ${sport}) AS teams,
      (SELECT count(*)::int FROM games WHERE sport = ${sport}) AS games,
      (SELECT count(*)::int FROM stat_lines WHERE sport = ${sport}) AS stat_lines,
      (SELECT to_char(min(game_date), 'YYYY-MM-DD') FROM games WHERE sport = ${sport}) AS first_game_date,
      (SELECT to_char(max(game_date), 'YYYY-MM-DD') FROM games WHERE sport = ${sport}) AS last_game_date,
      (SELECT finished_at FROM ingest_state WHERE sport = ${sport}) AS last_updated,
      (SELECT coalesce(json_agg(season ORDER BY season), '[]'::json) FROM (
        SELECT season FROM games WHERE sport = ${sport} UNION SELECT season FROM stat_lines WHERE sport = ${sport}
      ) AS s) AS seasons`.pipe(
      Effect.map(([row]) => ({
        sport,
        players: row?.players ?? 0,
        teams: row?.teams ?? 0,
        games: row?.games ?? 0,
        stat_lines: row?.stat_lines ?? 0,
        seasons: (row?.seasons ?? []).map(Number),
        first_game_date: row?.first_game_date ?? null,
        last_game_date: row?.last_game_date ?? null,
        last_updated: row?.last_updated ?? null
      }))
    )

  return {
    upsertPlayers: upsert(players, "SportsStore.upsertPlayers"),
    upsertTeams: upsert(teams, "SportsStore.upsertTeams"),
    upsertGames: upsert(games, "SportsStore.upsertGames"),
    upsertStatLines: upsert(statLines, "SportsStore.upsertStatLines"),
    upsertInjuries: upsert(injuries, "SportsStore.upsertInjuries"),
    upsertDepthCharts: upsert(depthCharts, "SportsStore.upsertDepthCharts"),
    upsertRankings: upsert(rankings, "SportsStore.upsertRankings"),
    findPlayers,
    getPlayer: (id) =>
      sql`SELECT ${sql.literal(players.select)} FROM players WHERE id = ${id}`.pipe(
        Effect.flatMap(decodePlayers),
        Effect.map((rows) => Option.fromNullable(rows[0])),
        orStoreError("SportsStore.getPlayer")
      ),
    findTeams: (sport) =>
      sql`SELECT ${sql.literal(teams.select)} FROM teams WHERE sport = ${sport} ORDER BY abbr COLLATE "C"`.pipe(
        Effect.flatMap(decodeTeams),
        orStoreError("SportsStore.findTeams")
      ),
    findGames,
    findStatLines,
    findInjuries,
    findDepthCharts,
    findRankings,
    summary: Effect.forEach(teamSports, summaryOf).pipe(orStoreError("SportsStore.summary")),
    getIngestState: (sport) =>
      sql<{ finished_at: Date; source_mtime_ms: number | string }>`
        SELECT finished_at, source_mtime_ms FROM ingest_state WHERE sport = ${sport}`.pipe(
        Effect.map((rows) =>
          Option.map(Option.fromNullable(rows[0]), (row) => ({
            sport,
            finished_at: row.finished_at,
            source_mtime_ms: Number(row.source_mtime_ms)
          }))
        ),
        orStoreError("SportsStore.getIngestState")
      ),
    setIngestState: (state) =>
      sql`INSERT INTO ingest_state (sport, finished_at, source_mtime_ms)
        VALUES (${state.sport}, ${state.finished_at}, ${state.source_mtime_ms})
        ON CONFLICT (sport) DO UPDATE SET finished_at = EXCLUDED.finished_at, source_mtime_ms = EXCLUDED.source_mtime_ms`
        .pipe(Effect.asVoid, orStoreError("SportsStore.setIngestState")),
    dataVersion: readDataVersion(sql)
  }
})

/**
 * The data version: the counter row of migration 0002, moved by triggers in the same transaction
 * as every statement that inserts, updates or deletes sports rows (see Migrations.ts). One
 * primary-key read. bigint comes back as a string from node-postgres (and a number or bigint from
 * PGlite): the version is its decimal text.
 */
const readDataVersion = (sql: SqlClient.SqlClient): Effect.Effect<string, StoreError> =>
  sql<{ version: string | number | bigint }>`SELECT version FROM data_version WHERE id = 1`.pipe(
    Effect.map(([row]) => String(row?.version ?? 0)),
    orStoreError("SportsStore.dataVersion")
  )

/**
 * The read ports on @effect/sql, PostgreSQL dialect: one `make*Reader` per port, each an Effect
 * over the current SqlClient, and {@link makeReaders} for all of them.
 *
 * Filters and orders are those of the domain (ports/Queries.ts, ports/Readers.ts), identical to
 * the memory adapter: strings order with `COLLATE "C"`, team/position match case-insensitively,
 * nulls sort last; players search and order by the domain's `nameKey`, stored as the generated
 * column `players.name_key` (migration 3: needs a UTF8 database with a UTF-8 LC_CTYPE, as
 * PGlite and the usual initdb give). A date filter that is not a calendar date matches nothing.
 * Driver errors become StoreError (Errors.ts), with operation `<Port>.<method>`.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import {
  Athlete,
  AthleteRanking,
  AthleteReader,
  type AthleteReaderService,
  CatalogReader,
  type CatalogReaderService,
  DepthChartEntry,
  type DepthChartQuery,
  EventEntry,
  EventReader,
  type EventReaderService,
  eventSports,
  Game,
  gameKey,
  GameReader,
  type GameReaderService,
  type InjuryQuery,
  InjuryReport,
  isCalendarDate,
  type KeySpec,
  type LineGroupQuery,
  nameKey,
  type Page,
  type Paged,
  Paging,
  Player,
  playerKey,
  PlayerReader,
  type PlayerReaderService,
  PollRanking,
  RankingReader,
  type RankingReaderService,
  ReportReader,
  type ReportReaderService,
  ServiceEventReader,
  SignalReader,
  type SortKey,
  SportEvent,
  type SportKey,
  Sports,
  type SportsReaders,
  type SportSummary,
  StatLine,
  statLineKey,
  StatLineReader,
  type StatLineReaderService,
  type StoreError,
  Team,
  TeamReader,
  type TeamReaderService,
  teamSports
} from "@sports-data/domain"
import { Context, Effect, Option, Schema } from "effect"
import { decodeJsonRows, decodeRows } from "./Decoders.js"
import { orStoreError } from "./Errors.js"
import { groupedLines, groupsFresh, heldPositions, rankedPlayers, RECENT_ORDER } from "./LineGroups.js"
import { makeServiceEventReader, makeSignalReader } from "./Signals.js"
import { refreshStandings, storedStandings, type TableKey } from "./Standings.js"
import { storedSummaries, summaryOf, type SummaryRow } from "./Summaries.js"
import * as T from "./Tables.js"

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

/**
 * The most rows `findPaged` reads as one JSON value. The value is built whole in the store's
 * memory: on PGlite that is the WebAssembly memory, which never shrinks, and the ingestion's reads
 * of every stat line of a sport (75 MB of JSON for mlb) grew it from 98 to 790 MiB. Pages this
 * size (a few MB at most) are the reads of requests, which the JSON form speeds up.
 */
export const JSON_PAGE_MAX = 5_000

/** The query helpers every reader uses, over one SqlClient. */
const helpers = (sql: SqlClient.SqlClient) => {
  /**
   * The rows of `table` under `condition` in `orderBy`, `limit` of them from `offset`, as one JSON
   * array (text) of `json`, the table's JSON form (TableSpec `json`). The form is built over those
   * rows only, outside the LIMIT: built in the inner select it was made for every matching row
   * before the sort kept the page (a tennis player's 299 matches: 45 of PGlite's 50 ms for a page
   * of 50).
   */
  const jsonRows = (
    table: string,
    json: string,
    condition: Fragment,
    orderBy: string,
    limit: number,
    offset: number
  ) =>
    sql`SELECT coalesce(json_agg(${sql.literal(json)} ORDER BY ${sql.literal(orderBy)}), '[]')::text FROM (
      SELECT * FROM ${sql(table)} WHERE ${condition}
      ORDER BY ${sql.literal(orderBy)} LIMIT ${limit} OFFSET ${offset}
    ) AS ${sql(table)}`

  /**
   * Every row of `t` under `where`, in `orderBy`, decoded with `schema`. A table with a JSON form
   * of its rows (TableSpec `json`) is read as one JSON array of at most {@link JSON_PAGE_MAX} + 1
   * rows (cfb's 732 teams: half PGlite's time of a row per team); more rows than JSON_PAGE_MAX
   * are read again as rows.
   */
  const findAll = <A, I>(
    t: T.TableSpec<A>,
    schema: Schema.Schema<A, I>,
    where: ReadonlyArray<Fragment>,
    orderBy: string,
    operation: string
  ): Effect.Effect<ReadonlyArray<A>, StoreError> => {
    const rows = sql`SELECT ${sql.literal(t.select)} FROM ${sql(t.table)} WHERE ${sql.and(where)}
      ORDER BY ${sql.literal(orderBy)}`.pipe(Effect.flatMap(decodeRows(schema)))
    if (t.json === undefined) return rows.pipe(orStoreError(operation))
    return sql<{ rows: string }>`SELECT (${
      jsonRows(t.table, t.json, sql.and(where), orderBy, JSON_PAGE_MAX + 1, 0)
    }) AS rows`.pipe(
      Effect.flatMap(([row]) => decodeJsonRows(schema)(row?.rows ?? "[]")),
      Effect.flatMap((read) => (read.length > JSON_PAGE_MAX ? rows : Effect.succeed(read))),
      orStoreError(operation)
    )
  }

  /**
   * The rows strictly after sort key `after` in the order of `spec`, whose columns are the SQL
   * expressions `columns` (each with the cast of its parameter, if any): the lexicographic
   * comparison written out, a null after every value in either direction (NULLS LAST).
   */
  const keysetAfter = (
    columns: ReadonlyArray<readonly [expression: string, cast?: string]>,
    spec: KeySpec<unknown>,
    after: SortKey
  ): Fragment => {
    const value = (i: number) => {
      const cast = columns[i]![1]
      return cast === undefined ? sql`${after[i]!}` : sql`${after[i]!}::${sql.literal(cast)}`
    }
    const eq = (i: number) =>
      after[i] === null
        ? sql`${sql.literal(columns[i]![0])} IS NULL`
        : sql`${sql.literal(columns[i]![0])} = ${value(i)}`
    const gt = (i: number) => {
      if (after[i] === null) return sql`false`
      const c = spec.columns[i]!
      const beyond = c.direction === "asc"
        ? sql`${sql.literal(columns[i]![0])} > ${value(i)}`
        : sql`${sql.literal(columns[i]![0])} < ${value(i)}`
      return c.nullable ? sql`(${beyond} OR ${sql.literal(columns[i]![0])} IS NULL)` : beyond
    }
    return sql.or(columns.map((_, i) => sql.and([...columns.slice(0, i).map((__, j) => eq(j)), gt(i)])))
  }

  /**
   * Total and page of `t` under `where`, in `orderBy`, decoded with `schema`. With `keyset` and an
   * `after` key, the page holds only rows after it ({@link keysetAfter}); the total counts all.
   * A page of at most {@link JSON_PAGE_MAX} rows of a table with a JSON form of its rows (TableSpec
   * `json`) is read in one statement answering the total and the page as one JSON array
   * (aggregated in `orderBy` again over the page's rows, whose every column it keeps, so the order
   * is the same): one value to parse and pass on instead of a row per entry, a fraction of PGlite's
   * time for a page of a thousand entries. Other pages: a count, then the rows.
   */
  const findPaged = <A, I>(
    t: T.TableSpec<A>,
    schema: Schema.Schema<A, I>,
    where: ReadonlyArray<Fragment>,
    orderBy: string,
    page: Page & { readonly after?: SortKey | undefined },
    operation: string,
    keyset?: {
      readonly columns: ReadonlyArray<readonly [expression: string, cast?: string]>
      readonly spec: KeySpec<A>
    }
  ): Effect.Effect<Paged<A>, StoreError> => {
    const { limit, offset } = pageOf(page)
    const condition = sql.and(where)
    const rowsCondition = keyset === undefined || page.after === undefined
      ? condition
      : sql.and([...where, keysetAfter(keyset.columns, keyset.spec as KeySpec<unknown>, page.after)])
    const decode = decodeRows(schema)
    const decodeJson = decodeJsonRows(schema)
    const counted = sql`SELECT count(*)::int FROM ${sql(t.table)} WHERE ${condition}`
    const order = sql.literal(orderBy)
    if (t.json !== undefined && limit > 0 && limit <= JSON_PAGE_MAX) {
      return sql<{ total: number; rows: string }>`SELECT (${counted}) AS total, (${
        jsonRows(t.table, t.json, rowsCondition, orderBy, limit, offset)
      }) AS rows`.pipe(
        Effect.flatMap(([row]) =>
          Effect.map(decodeJson(row?.rows ?? "[]"), (rows) => ({ total: row?.total ?? 0, rows }))
        ),
        orStoreError(operation)
      )
    }
    return Effect.gen(function*() {
      const [count] = yield* sql<{ total: number }>`SELECT (${counted}) AS total`
      const rows = limit === 0 ?
        [] :
        // ordered on the stored columns, not on the select list's formatted ones of the same name
        // (games: `to_char(game_date) AS game_date`), which no index holds: the rows' ordinal
        // (`row_number`, over the page read in index order) carries the order out
        yield* sql`SELECT ${sql.literal(t.select)} FROM (
          SELECT *, row_number() OVER (ORDER BY ${order}) AS ordinal_ FROM ${sql(t.table)} WHERE ${rowsCondition}
          ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
        ) AS ${sql(t.table)} ORDER BY ordinal_`.pipe(Effect.flatMap(decode))
      return { total: count?.total ?? 0, rows }
    }).pipe(orStoreError(operation))
  }

  /** `lower(column) = lower(value)`. */
  const ci = (column: string, value: string) => sql`lower(${sql(column)}) = lower(${value})`

  /** `column` is one of `values` (one jsonb parameter, however many values). */
  const oneOf = (column: string, values: ReadonlyArray<string>) =>
    sql`${sql(column)} IN (SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`

  /** `column = date`, or false when `date` is not a calendar date (it cannot be cast). */
  const onDate = (column: string, date: string) =>
    isCalendarDate(date) ? sql`${sql(column)} = ${date}::date` : sql`false`

  return { findAll, findPaged, ci, oneOf, onDate }
}

// ---------------------------------------------------------------------------------------------
// The readers
// ---------------------------------------------------------------------------------------------

/** Players over the current SqlClient. */
export const makePlayerReader: Effect.Effect<PlayerReaderService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => {
    const { ci, findAll, findPaged, oneOf } = helpers(sql)
    const decode = decodeRows(Player)
    return {
      find: (q) => {
        const where: Array<Fragment> = []
        if (q.sport !== undefined) where.push(sql`sport = ${q.sport}`)
        if (q.search !== undefined) {
          where.push(sql`name_key LIKE ${containsPattern(nameKey(q.search))} ESCAPE '\\'`)
        }
        if (q.position !== undefined) where.push(ci("position", q.position))
        if (q.team !== undefined) where.push(ci("team", q.team))
        if (q.status !== undefined) where.push(sql`status = ${q.status}`)
        if (q.ids !== undefined) where.push(oneOf("id", q.ids))
        if (q.platform !== undefined) {
          where.push(sql`platform_ids @> ${JSON.stringify({ [q.platform.name]: q.platform.id })}::jsonb`)
        }
        const order = `name_key COLLATE "C", full_name COLLATE "C", id COLLATE "C"`
        return findPaged(T.players, Player, where, order, q, "PlayerReader.find", {
          columns: [[`name_key COLLATE "C"`], [`full_name COLLATE "C"`], [`id COLLATE "C"`]],
          spec: playerKey
        })
      },
      get: (id) =>
        sql`SELECT ${sql.literal(T.players.select)} FROM players WHERE id = ${id}`.pipe(
          Effect.flatMap(decode),
          Effect.map((rows) => Option.fromNullable(rows[0])),
          orStoreError("PlayerReader.get")
        ),
      getMany: (ids) =>
        ids.length === 0
          ? Effect.succeed([])
          : findAll(T.players, Player, [oneOf("id", [...new Set(ids)])], `id COLLATE "C"`, "PlayerReader.getMany"),
      // the platform names' player counts, kept by trigger (migration 41)
      platformNames: sql<{ name: string }>`SELECT name FROM player_platforms WHERE players > 0
        ORDER BY name COLLATE "C"`.pipe(
        Effect.map((rows) => rows.map((r) => r.name)),
        orStoreError("PlayerReader.platformNames")
      ),
      // the counters kept by trigger (migration 46): one row per (team, position) held
      teamRosters: (sport) =>
        sql<{ team: string; players: number; active: number; positions: string }>`SELECT team_key AS team,
            sum(players)::int AS players, sum(active)::int AS active,
            coalesce(json_agg(position COLLATE "C" ORDER BY position COLLATE "C")
              FILTER (WHERE has_position AND players > 0), '[]')::text AS positions
          FROM team_roster_counts WHERE sport = ${sport} GROUP BY team_key HAVING sum(players) > 0`.pipe(
          Effect.map((rows) =>
            new Map(rows.map((r) =>
              [r.team, {
                players: Number(r.players),
                active: Number(r.active),
                positions: JSON.parse(r.positions) as ReadonlyArray<string>
              }] as const
            ))
          ),
          orStoreError("PlayerReader.teamRosters")
        )
    }
  }
)

/** Teams over the current SqlClient. */
export const makeTeamReader: Effect.Effect<TeamReaderService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => {
    const { findAll } = helpers(sql)
    return {
      find: (sport) => findAll(T.teams, Team, [sql`sport = ${sport}`], `abbr COLLATE "C"`, "TeamReader.find")
    }
  }
)

/**
 * The standings table of a league's season computed from the games and teams `games` and
 * `teams` read (the domain's `Sports.leagueTable`; the teams are read only when a game is held).
 */
const computeStandings = (games: GameReaderService["find"], teams: TeamReaderService) => (key: TableKey) =>
  Effect.gen(function*() {
    const played = yield* Paging.allRows((page) =>
      games({ sport: key.sport, league: key.league, season: key.season, order: "asc", ...page })
    )
    const held = played.length === 0 ? [] : yield* teams.find(key.sport)
    return Sports.leagueTable(key.sport, key.league, key.season, held, played)
  })

/**
 * Recomputes the stored standings tables older than the games and teams (Standings.ts), from
 * the games and teams as this store reads them. Never fails (a failure logs).
 */
export const refreshStandingsTables: Effect.Effect<void, never, SqlClient.SqlClient> = Effect.gen(function*() {
  const games = yield* makeGameReader
  yield* refreshStandings(computeStandings(games.find, yield* makeTeamReader))
})

/** Games over the current SqlClient; standings from their stored tables while current (Standings.ts). */
export const makeGameReader: Effect.Effect<GameReaderService, never, SqlClient.SqlClient> = Effect.gen(
  function*() {
    const sql = yield* SqlClient.SqlClient
    const teams = yield* makeTeamReader
    const { ci, findPaged, onDate, oneOf } = helpers(sql)
    const find: GameReaderService["find"] = (q) => {
      const where: Array<Fragment> = [sql`sport = ${q.sport}`]
      if (q.season !== undefined) where.push(sql`season = ${q.season}`)
      if (q.week !== undefined) where.push(sql`week = ${q.week}`)
      if (q.date !== undefined) where.push(onDate("game_date", q.date))
      if (q.state !== undefined) where.push(sql`state = ${q.state}`)
      if (q.team !== undefined) where.push(sql`(${ci("home_team", q.team)} OR ${ci("away_team", q.team)})`)
      if (q.league !== undefined) where.push(sql`league = ${q.league}`)
      if (q.ids !== undefined) where.push(oneOf("id", q.ids))
      const direction = q.order === "desc" ? "DESC" : "ASC"
      return findPaged(
        T.games,
        Game,
        where,
        `game_date ${direction} NULLS LAST, id COLLATE "C" ${direction}`,
        q,
        "GameReader.find",
        { columns: [["game_date", "date"], [`id COLLATE "C"`]], spec: gameKey(q.order) }
      )
    }
    const compute = computeStandings(find, teams)
    return {
      find,
      // per state, the first row of games_sport_league_state_desc_idx (migration 37)
      latestSeason: (q) =>
        sql<{ season: number | null }>`SELECT max(newest.season) AS season FROM (
            SELECT (SELECT g.season FROM games g WHERE g.sport = ${q.sport} AND g.league = ${q.league} AND g.state = s
              ORDER BY g.game_date DESC NULLS LAST, g.id COLLATE "C" DESC LIMIT 1) AS season
            FROM jsonb_array_elements_text(${JSON.stringify(q.states)}::jsonb) AS s
          ) AS newest`.pipe(
          Effect.map((rows) => rows[0]?.season ?? null),
          orStoreError("GameReader.latestSeason")
        ),
      standings: (q) =>
        storedStandings(q).pipe(
          Effect.provideService(SqlClient.SqlClient, sql),
          orStoreError("GameReader.standings"),
          Effect.flatMap(Option.match({ onNone: () => compute(q), onSome: Effect.succeed }))
        )
    }
  }
)

/**
 * The one row StatLineReader `leaders` reads: the line count, the seasons and positions (JSON
 * array texts) and the players answered (a JSON array text of [id, name, lines, points, first]).
 */
interface LeadersRow {
  readonly total: number
  readonly seasons: string
  readonly positions: string
  readonly leaders: string
}

/** Stat lines over the current SqlClient. */
export const makeStatLineReader: Effect.Effect<StatLineReaderService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => {
    const { ci, findPaged, onDate, oneOf } = helpers(sql)
    /**
     * The conditions of `q`'s sport, season, week and team (case ignored) on `stat_lines l`: what
     * `newest` and `leaders` filter by beside their players and positions.
     */
    const lineWhere = (q: LineGroupQuery): Array<Fragment> => {
      const where: Array<Fragment> = [sql`l.sport = ${q.sport}`]
      if (q.season !== undefined) where.push(sql`l.season = ${q.season}`)
      if (q.week !== undefined) where.push(sql`l.week = ${q.week}`)
      if (q.team !== undefined) where.push(sql`lower(l.team) = lower(${q.team})`)
      return where
    }
    /** `newest`'s answer: the chosen lines as one JSON array (text). */
    const decodeLines = decodeJsonRows(StatLine)
    return {
      find: (q) => {
        const where: Array<Fragment> = [sql`sport = ${q.sport}`]
        if (q.player_id !== undefined) where.push(sql`player_id = ${q.player_id}`)
        if (q.season !== undefined) where.push(sql`season = ${q.season}`)
        if (q.week !== undefined) where.push(sql`week = ${q.week}`)
        if (q.date !== undefined) where.push(onDate("game_date", q.date))
        if (q.team !== undefined) where.push(ci("team", q.team))
        if (q.position !== undefined) where.push(ci("position", q.position))
        if (q.player_ids !== undefined) where.push(oneOf("player_id", q.player_ids))
        const orderBy = q.order === "recent"
          ? `season DESC, week DESC NULLS LAST, game_date DESC NULLS LAST, id COLLATE "C" DESC`
          : `fantasy_points DESC NULLS LAST, id COLLATE "C"`
        return findPaged(T.statLines, StatLine, where, orderBy, q, "StatLineReader.find", {
          columns: q.order === "recent"
            ? [["season"], ["week"], ["game_date", "date"], [`id COLLATE "C"`]]
            : [["fantasy_points"], [`id COLLATE "C"`]],
          spec: statLineKey(q.order)
        })
      },
      recentBefore: (q) => {
        if (q.player_ids.length === 0 || q.per_player <= 0 || !isCalendarDate(q.before)) {
          return Effect.succeed([] as ReadonlyArray<StatLine>)
        }
        const recent = `season DESC, week DESC NULLS LAST, game_date DESC NULLS LAST, id COLLATE "C" DESC`
        return sql`SELECT ${sql.literal(T.statLines.select)} FROM (
            SELECT *, row_number() OVER (PARTITION BY player_id ORDER BY ${sql.literal(recent)}) AS rank_
            FROM stat_lines
            WHERE sport = ${q.sport} AND ${oneOf("player_id", q.player_ids)} AND game_date < ${q.before}::date
          ) ranked WHERE rank_ <= ${q.per_player}
          ORDER BY player_id COLLATE "C", ${sql.literal(recent)}`.pipe(
          Effect.flatMap(decodeRows(StatLine)),
          orStoreError("StatLineReader.recentBefore")
        )
      },
      newest: (q) => {
        const limit = q.limit === undefined ? undefined : Math.max(0, Math.trunc(q.limit))
        const perPlayer = q.per_player === undefined ? undefined : Math.max(0, Math.trunc(q.per_player))
        if (limit === 0 || perPlayer === 0 || q.player_ids?.length === 0 || q.positions?.length === 0) {
          return Effect.succeed([] as ReadonlyArray<StatLine>)
        }
        const where = lineWhere(q)
        if (q.positions !== undefined) {
          where.push(
            sql`coalesce(l.position, p.position) IN (SELECT jsonb_array_elements_text(${
              JSON.stringify(q.positions)
            }::jsonb))`
          )
        }
        const players = q.positions === undefined ? sql`` : sql`LEFT JOIN players p ON p.id = l.player_id`
        const recent = sql.literal(RECENT_ORDER)
        const limited = limit === undefined ? sql`` : sql`LIMIT ${limit}`
        // the lines' columns (T.statLines.select names them unqualified) over the chosen lines `l`,
        // as one JSON array (one value to parse and pass on instead of a row of 14 columns per line:
        // half the time of PGlite's reads of trends' 456 lines)
        const chosen = (from: Fragment) =>
          sql`SELECT coalesce(json_agg(l ORDER BY ${recent}), '[]')::text AS lines FROM (
            SELECT ${sql.literal(T.statLines.select)} FROM (${from}) l ORDER BY ${recent} ${limited}
          ) l`
        const ids = q.player_ids === undefined ? undefined : [...new Set(q.player_ids)]
        const read = perPlayer !== undefined && ids !== undefined
          // each player's newest lines: one walk of stat_lines_player_recent_idx per player
          ? chosen(sql`SELECT l.* FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS wanted(id)
              CROSS JOIN LATERAL (
                SELECT l.* FROM stat_lines l ${players}
                WHERE ${sql.and([...where, sql`l.player_id = wanted.id`])}
                ORDER BY ${recent} LIMIT ${perPlayer}
              ) l`)
          : perPlayer !== undefined
          ? chosen(sql`SELECT * FROM (
              SELECT l.*, row_number() OVER (PARTITION BY l.player_id ORDER BY ${recent}) AS rank_
              FROM stat_lines l ${players} WHERE ${sql.and(where)}
            ) l WHERE rank_ <= ${perPlayer}`)
          // the newest lines: one walk of stat_lines_sport_recent_idx
          : chosen(
            sql`SELECT l.* FROM stat_lines l ${players} WHERE ${
              sql.and(ids === undefined ? where : [...where, oneOf("l.player_id", ids)])
            }`
          )
        return sql<{ lines: string }>`${read}`.pipe(
          Effect.flatMap(([row]) => decodeLines(row!.lines)),
          orStoreError("StatLineReader.newest")
        )
      },
      leaders: (q) =>
        Effect.gen(function*() {
          const where = lineWhere(q)
          if (q.player_ids !== undefined) where.push(oneOf("l.player_id", q.player_ids))
          // one team's, one week's or some players' lines (LineGroups.ts `groupedLines` narrow)
          const narrow = q.week !== undefined || q.team !== undefined || q.player_ids !== undefined
          const limit = Math.max(0, Math.trunc(q.limit))
          const answer = (row: LeadersRow) => {
            const leaders = JSON.parse(row.leaders) as ReadonlyArray<
              readonly [string, string | null, number, number | string, number]
            >
            return {
              total: Number(row.total),
              seasons: JSON.parse(row.seasons) as ReadonlyArray<number>,
              positions: JSON.parse(row.positions) as ReadonlyArray<string>,
              leaders: leaders.map(([player_id, player_name, lines, fantasy_points, first]) => ({
                player_id,
                player_name,
                lines,
                fantasy_points: Number(fantasy_points),
                first
              }))
            }
          }
          // a whole season of every position: its players as stored ranked while fresh (LineGroups.ts)
          if (q.season !== undefined && !narrow && q.positions === undefined) {
            const [ranked] = yield* sql<LeadersRow>`SELECT total,
                CASE WHEN total > 0 THEN json_build_array(season) ELSE '[]' END::text AS seasons, positions,
                (SELECT coalesce(json_agg(json_build_array(player_id, player_name, lines, fantasy_points, first)
                  ORDER BY rank), '[]') FROM line_leaders
                  WHERE sport = ${q.sport} AND season = ${q.season} AND rank < ${limit})::text AS leaders
              FROM line_group_seasons WHERE sport = ${q.sport} AND season = ${q.season} AND fresh`
            if (ranked !== undefined) return answer(ranked)
          }
          // a whole season, or one team's: its stored groups while they are fresh (LineGroups.ts)
          const oneTeam = q.team !== undefined && q.week === undefined && q.player_ids === undefined
          const stored = q.season !== undefined && (!narrow || oneTeam) &&
            (yield* Effect.provideService(groupsFresh(q.sport, q.season), SqlClient.SqlClient, sql))
          const groups = !stored
            ? groupedLines(sql, where, narrow)
            : oneTeam
            ? sql`SELECT player_id, player_name, position, season, lines, fantasy_points, team_first AS first
                FROM line_groups WHERE sport = ${q.sport} AND season = ${q.season!} AND team_key = lower(${q.team!})`
            : sql`SELECT player_id, player_name, position, season, lines, fantasy_points, first
                FROM line_groups WHERE sport = ${q.sport} AND season = ${q.season!}`
          const kept = q.positions === undefined ?
            sql`` :
            sql`WHERE position IN (SELECT jsonb_array_elements_text(${JSON.stringify(q.positions)}::jsonb))`
          // one row of JSON texts: the player rows answered are at most `limit`
          const [row] = yield* sql<LeadersRow>`
            WITH g AS (${groups}), kept AS (SELECT * FROM g ${kept}),
            ranked AS (${rankedPlayers(sql, sql`SELECT * FROM kept`)})
            SELECT (SELECT coalesce(sum(lines), 0)::int FROM kept) AS total,
              (SELECT coalesce(json_agg(DISTINCT season ORDER BY season), '[]') FROM kept)::text AS seasons,
              ${heldPositions(sql, sql`SELECT * FROM g`)} AS positions,
              (SELECT coalesce(json_agg(json_build_array(player_id, player_name, lines, fantasy_points, first) ORDER BY n), '[]')
                FROM ranked WHERE n <= ${limit})::text AS leaders`
          return answer(row!)
        }).pipe(orStoreError("StatLineReader.leaders"))
    }
  }
)

/** Injury reports and depth charts over the current SqlClient. */
export const makeReportReader: Effect.Effect<ReportReaderService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => {
    const { ci, findPaged } = helpers(sql)
    /** The conditions of the weekly tables (injuries, depth charts): sport, then each filter given. */
    const weeklyWhere = (q: InjuryQuery | DepthChartQuery): ReadonlyArray<Fragment> => {
      const where: Array<Fragment> = [sql`sport = ${q.sport}`]
      if (q.player_id !== undefined) where.push(sql`player_id = ${q.player_id}`)
      if (q.team !== undefined) where.push(ci("team", q.team))
      if (q.season !== undefined) where.push(sql`season = ${q.season}`)
      if (q.week !== undefined) where.push(sql`week = ${q.week}`)
      return where
    }
    return {
      injuries: (q) =>
        findPaged(
          T.injuries,
          InjuryReport,
          weeklyWhere(q),
          `season DESC, week DESC NULLS LAST, id COLLATE "C"`,
          q,
          "ReportReader.injuries"
        ),
      depthCharts: (q) =>
        findPaged(
          T.depthCharts,
          DepthChartEntry,
          weeklyWhere(q),
          `season DESC, week DESC NULLS LAST, team COLLATE "C", position COLLATE "C" NULLS LAST, depth NULLS LAST, id COLLATE "C"`,
          q,
          "ReportReader.depthCharts"
        )
    }
  }
)

/** Poll rankings over the current SqlClient. */
export const makeRankingReader: Effect.Effect<RankingReaderService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => {
    const { ci, findAll } = helpers(sql)
    return {
      find: (q) => {
        const where: Array<Fragment> = [sql`sport = ${q.sport}`]
        if (q.season !== undefined) where.push(sql`season = ${q.season}`)
        if (q.poll !== undefined) where.push(sql`poll = ${q.poll}`)
        if (q.week !== undefined) where.push(sql`week = ${q.week}`)
        if (q.team !== undefined) where.push(ci("team", q.team))
        const order = `season, poll COLLATE "C", week, rank, id COLLATE "C"`
        return findAll(T.rankings, PollRanking, where, order, "RankingReader.find")
      },
      // the first entry of poll_rankings_latest_idx (sport, poll, season DESC, week DESC), migration 38
      latestWeek: (q) =>
        sql<{ season: number; week: number }>`SELECT season, week FROM poll_rankings
          WHERE sport = ${q.sport} AND poll = ${q.poll}${
          q.season === undefined ? sql`` : sql` AND season = ${q.season}`
        }
          ORDER BY season DESC, week DESC LIMIT 1`.pipe(
          Effect.map((rows) => rows[0] === undefined ? null : { season: rows[0].season, week: rows[0].week }),
          orStoreError("RankingReader.latestWeek")
        )
    }
  }
)

/** Events and their entries over the current SqlClient. */
export const makeEventReader: Effect.Effect<EventReaderService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => {
    const { findPaged, oneOf } = helpers(sql)
    return {
      events: (q) => {
        const where: Array<Fragment> = [sql`sport = ${q.sport}`]
        if (q.league !== undefined) where.push(sql`league = ${q.league}`)
        if (q.season !== undefined) where.push(sql`season = ${q.season}`)
        if (q.state !== undefined) where.push(sql`state = ${q.state}`)
        if (q.date !== undefined) {
          where.push(
            isCalendarDate(q.date)
              ? sql`start_date <= ${q.date}::date AND coalesce(end_date, start_date) >= ${q.date}::date`
              : sql`false`
          )
        }
        if (q.ids !== undefined) where.push(oneOf("id", q.ids))
        if (q.participant_id !== undefined) {
          where.push(sql`id IN (SELECT e.event_id FROM event_entries e
            WHERE e.sport = ${q.sport} AND e.participant_id = ${q.participant_id})`)
        }
        const direction = q.order === "desc" ? "DESC" : "ASC"
        return findPaged(
          T.events,
          SportEvent,
          where,
          `season ${direction}, start_date ${direction}, id COLLATE "C" ${direction}`,
          q,
          "EventReader.events"
        )
      },
      entries: (q) => {
        const where: Array<Fragment> = [sql`sport = ${q.sport}`]
        if (q.event_ids !== undefined) where.push(oneOf("event_id", q.event_ids))
        if (q.participant_id !== undefined) where.push(sql`participant_id = ${q.participant_id}`)
        if (q.position !== undefined) where.push(sql`position = ${q.position}`)
        if (q.shares_event_with !== undefined) {
          where.push(sql`event_id IN (SELECT o.event_id FROM event_entries o
            WHERE o.sport = ${q.sport} AND o.participant_id = ${q.shares_event_with})`)
        }
        if (q.shares_position_with !== undefined) {
          where.push(sql`(event_id, position) IN (SELECT o.event_id, o.position FROM event_entries o
            WHERE o.sport = ${q.sport} AND o.participant_id = ${q.shares_position_with} AND o.position IS NOT NULL)`)
        }
        return findPaged(
          T.eventEntries,
          EventEntry,
          where,
          `event_id COLLATE "C", position NULLS LAST, participant_id COLLATE "C"`,
          q,
          "EventReader.entries"
        )
      },
      entryCounts: (sport, ids) =>
        ids.length === 0
          ? Effect.succeed(new Map<string, number>())
          : sql<{ event_id: string; n: number | string }>`SELECT event_id, count(*)::int AS n FROM event_entries
              WHERE sport = ${sport} AND ${oneOf("event_id", ids)} GROUP BY event_id`.pipe(
            Effect.map((rows) => new Map(rows.map((r) => [r.event_id, Number(r.n)] as const))),
            orStoreError("EventReader.entryCounts")
          ),
      participantTotals: (q) =>
        q.event_ids.length === 0
          ? Effect.succeed([])
          : sql<{ participant_id: string; participant_name: string; positions: string; score: number; stat: number }>`
              SELECT participant_id,
                (array_agg(participant_name ORDER BY event_id COLLATE "C" DESC, position DESC NULLS FIRST))[1]
                  AS participant_name,
                json_agg(position ORDER BY position)::text AS positions,
                coalesce(sum(score), 0)::float8 AS score,
                coalesce(sum((stats ->> ${q.stat})::float8), 0)::float8 AS stat
              FROM event_entries WHERE sport = ${q.sport} AND ${oneOf("event_id", q.event_ids)}
              GROUP BY participant_id ORDER BY participant_id COLLATE "C"`.pipe(
            Effect.map((rows) =>
              rows.map((r) => ({ ...r, positions: JSON.parse(r.positions) as ReadonlyArray<number | null> }))
            ),
            orStoreError("EventReader.participantTotals")
          )
    }
  }
)

/** Athletes and their ranking lists over the current SqlClient. */
export const makeAthleteReader: Effect.Effect<AthleteReaderService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => {
    const { findPaged, oneOf } = helpers(sql)
    const decode = decodeRows(Athlete)
    return {
      find: (q) => {
        const where: Array<Fragment> = [sql`sport = ${q.sport}`]
        if (q.league !== undefined) where.push(sql`league = ${q.league}`)
        if (q.search !== undefined) {
          where.push(sql`name_key LIKE ${containsPattern(nameKey(q.search))} ESCAPE '\\'`)
        }
        // COLLATE "C": the same equality (a deterministic collation), and athletes_sport_name_key_idx answers it
        if (q.name !== undefined) where.push(sql`name_key COLLATE "C" = ${nameKey(q.name)}`)
        if (q.ids !== undefined) where.push(oneOf("id", q.ids))
        const order = `name_key COLLATE "C", name COLLATE "C", id COLLATE "C"`
        return findPaged(T.athletes, Athlete, where, order, q, "AthleteReader.find")
      },
      get: (id) =>
        sql`SELECT ${sql.literal(T.athletes.select)} FROM athletes WHERE id = ${id}`.pipe(
          Effect.flatMap(decode),
          Effect.map((rows) => Option.fromNullable(rows[0])),
          orStoreError("AthleteReader.get")
        ),
      rankings: (q) => {
        const where: Array<Fragment> = [sql`sport = ${q.sport}`, sql`league = ${q.league}`]
        if (q.date !== undefined) {
          where.push(isCalendarDate(q.date) ? sql`ranking_date = ${q.date}::date` : sql`false`)
        }
        if (q.athlete_id !== undefined) where.push(sql`athlete_id = ${q.athlete_id}`)
        const order = `ranking_date DESC, rank, athlete_id COLLATE "C"`
        return findPaged(T.athleteRankings, AthleteRanking, where, order, q, "AthleteReader.rankings")
      },
      // a skip scan of athlete_rankings_list_idx (sport, league, ranking_date DESC): one probe per
      // date, newest first, instead of reading every place of every list (atp: 93,000) to dedupe
      rankingDates: (sport, league) =>
        sql<{ d: string }>`WITH RECURSIVE dates AS (
            (SELECT ranking_date FROM athlete_rankings WHERE sport = ${sport} AND league = ${league}
              ORDER BY ranking_date DESC LIMIT 1)
            UNION ALL
            SELECT (SELECT r.ranking_date FROM athlete_rankings r
                WHERE r.sport = ${sport} AND r.league = ${league} AND r.ranking_date < dates.ranking_date
                ORDER BY r.ranking_date DESC LIMIT 1)
              FROM dates WHERE dates.ranking_date IS NOT NULL
          )
          SELECT to_char(ranking_date, 'YYYY-MM-DD') AS d FROM dates WHERE ranking_date IS NOT NULL`.pipe(
          Effect.map((rows) => rows.map((r) => r.d)),
          orStoreError("AthleteReader.rankingDates")
        )
    }
  }
)

/**
 * The data version: the counter row of migration 0002, moved by triggers in the same transaction
 * as every statement that inserts, updates or deletes sports rows (see Migrations.ts). One
 * primary-key read. bigint comes back as a string from node-postgres (and a number or bigint from
 * PGlite): the version is its decimal text.
 */
const readDataVersion = (sql: SqlClient.SqlClient): Effect.Effect<string, StoreError> =>
  sql<{ version: string | number | bigint }>`SELECT version FROM data_version WHERE id = 1`.pipe(
    Effect.map(([row]) => String(row?.version ?? 0)),
    orStoreError("CatalogReader.dataVersion")
  )

/** The SportSummary of `sport` from its summary row and the end of its last ingestion. */
const summaryRow = (sport: SportKey, row: SummaryRow | undefined, last_updated: Date | null): SportSummary => ({
  sport,
  players: row?.players ?? 0,
  teams: row?.teams ?? 0,
  games: row?.games ?? 0,
  stat_lines: row?.stat_lines ?? 0,
  seasons: (row?.seasons ?? []).map(Number),
  first_game_date: row?.first_game_date ?? null,
  last_game_date: row?.last_game_date ?? null,
  last_updated
})

/**
 * Summary (every sport: team sports, then event sports), ingest records and data version over the
 * current SqlClient. The summary's counts, dates and seasons are the stored summaries
 * (Summaries.ts), one read of eleven rows; a sport whose stored row is stale (written since the
 * last refresh) is counted from its rows. `last_updated` is read from the ingest records.
 */
export const makeCatalogReader: Effect.Effect<CatalogReaderService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => {
    /** The ingest records under `where` (every sport's, or one's). */
    const records = (where: Fragment) =>
      sql<{ sport: SportKey; finished_at: Date; source_mtime_ms: number | string }>`
        SELECT sport, finished_at, source_mtime_ms FROM ingest_state WHERE ${where}`.pipe(
        Effect.map((rows) =>
          new Map(rows.map((r) => [r.sport, {
            sport: r.sport,
            finished_at: r.finished_at,
            source_mtime_ms: Number(r.source_mtime_ms)
          }]))
        )
      )
    const ingestStates = records(sql`true`).pipe(orStoreError("CatalogReader.ingestStates"))
    const summary = Effect.gen(function*() {
      const stored = yield* storedSummaries(sql).pipe(orStoreError("CatalogReader.summary"))
      const at = yield* ingestStates
      return yield* Effect.forEach([...teamSports, ...eventSports], (sport) => {
        const kept = stored.get(sport)
        const finished = at.get(sport)?.finished_at ?? null
        return kept !== undefined
          ? Effect.succeed(summaryRow(sport, kept, finished))
          : summaryOf(sql, sport).pipe(
            Effect.map(([row]) => summaryRow(sport, row, finished)),
            orStoreError("CatalogReader.summary")
          )
      })
    })
    return {
      summary,
      ingestState: (sport) =>
        records(sql`sport = ${sport}`).pipe(
          Effect.map((found) => Option.fromNullable(found.get(sport))),
          orStoreError("CatalogReader.ingestState")
        ),
      ingestStates,
      dataVersion: readDataVersion(sql)
    }
  }
)

/** Every read port over the current SqlClient (migrations applied), as a Context. */
export const makeReaders: Effect.Effect<Context.Context<SportsReaders>, never, SqlClient.SqlClient> = Effect.gen(
  function*() {
    return Context.make(PlayerReader, yield* makePlayerReader).pipe(
      Context.add(TeamReader, yield* makeTeamReader),
      Context.add(GameReader, yield* makeGameReader),
      Context.add(StatLineReader, yield* makeStatLineReader),
      Context.add(ReportReader, yield* makeReportReader),
      Context.add(RankingReader, yield* makeRankingReader),
      Context.add(EventReader, yield* makeEventReader),
      Context.add(AthleteReader, yield* makeAthleteReader),
      Context.add(CatalogReader, yield* makeCatalogReader),
      Context.add(SignalReader, yield* makeSignalReader),
      Context.add(ServiceEventReader, yield* makeServiceEventReader)
    )
  }
)

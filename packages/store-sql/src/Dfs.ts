/**
 * The DFS ports (domain ports/Dfs.ts) on @effect/sql, PostgreSQL dialect, over the tables
 * `dfs_slates` and `dfs_salaries` (migration 14). `replaceSport` compares the sport's stored batch
 * with the new one and, when they differ, deletes the sport's slates (their salary rows cascade),
 * inserts the new batch (one jsonb parameter per table expanded by `jsonb_to_recordset`) and moves
 * the data version, in one transaction: readers see the old batch or the new one. Driver errors
 * become StoreError (Errors.ts), with operation `Dfs<Reader|Writer>.<method>`.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Dfs, DfsReader, DfsWriter, type Page, type Paged, sameJson, type StoreError } from "@sports-data/domain"
import { Context, Effect, Option, Schema } from "effect"
import { orStoreError } from "./Errors.js"

/** A slate row as the drivers return it (timestamptz as a Date or an ISO string). */
const SlateRow = Schema.Struct({
  ...Dfs.DfsSlate.fields,
  start_time: Schema.NullOr(Schema.Union(Schema.DateFromSelf, Schema.Date))
})

const decodeSlates = Schema.decodeUnknown(Schema.Array(SlateRow))
const decodeSalaries = Schema.decodeUnknown(Schema.Array(Dfs.DfsSalary))

const SLATE_COLUMNS =
  `id, sport, platform, name, game_type, to_char(start_date, 'YYYY-MM-DD') AS start_date, start_time,
  season, week, salary_cap, player_count, linked_count, source`

const SALARY_COLUMNS = `slate_id, platform_player_id, player_id, name, position, roster_positions, salary, team, game,
  avg_points_per_game`

/** Makes both DFS ports over the current SqlClient (migrations applied). Never fails. */
export const makeDfsStore: Effect.Effect<Context.Context<DfsReader | DfsWriter>, never, SqlClient.SqlClient> = Effect
  .map(SqlClient.SqlClient, (sql) => {
    const rawSlates = (where: ReturnType<typeof sql.and>) =>
      sql`SELECT ${sql.literal(SLATE_COLUMNS)} FROM dfs_slates WHERE ${where}
        ORDER BY start_date DESC, id COLLATE "C"`.pipe(Effect.flatMap(decodeSlates))
    /** The salary rows of `where` in the port's order (`page.limit` from `page.offset` when given). */
    const rawSalaries = (where: ReturnType<typeof sql.and>, page?: Page) =>
      sql`SELECT ${sql.literal(SALARY_COLUMNS)} FROM dfs_salaries WHERE ${where}
        ORDER BY salary DESC, name COLLATE "C", platform_player_id COLLATE "C"
        ${
        page === undefined
          ? sql``
          : sql`LIMIT ${Math.max(0, Math.trunc(page.limit))} OFFSET ${Math.max(0, Math.trunc(page.offset))}`
      }`.pipe(Effect.flatMap(decodeSalaries))
    /** The rows of slate `slateId` (of `position`: the row's or one of its roster positions, any case). */
    const salariesOf = (slateId: string, position: string | undefined) =>
      sql.and([
        sql`slate_id = ${slateId}`,
        ...(position === undefined ? [] : [
          sql`(upper(position) = ${position.toUpperCase()}
            OR roster_positions @> ${JSON.stringify([position.toUpperCase()])}::jsonb)`
        ])
      ])
    const selectSlates = (where: ReturnType<typeof sql.and>, operation: string) =>
      rawSlates(where).pipe(orStoreError(operation)) as Effect.Effect<ReadonlyArray<Dfs.DfsSlate>, StoreError>
    const selectSalaries = (where: ReturnType<typeof sql.and>, operation: string) =>
      rawSalaries(where).pipe(orStoreError(operation)) as Effect.Effect<ReadonlyArray<Dfs.DfsSalary>, StoreError>
    /** The sport's batch in a comparable order: slates by id, each with its rows by player id. */
    const batchOf = (slates: ReadonlyArray<Dfs.DfsSlate>, salaries: ReadonlyArray<Dfs.DfsSalary>) =>
      [...slates].sort((a, b) => (a.id < b.id ? -1 : 1)).map((s) => [
        { ...s, start_time: s.start_time === null ? null : new Date(s.start_time).toISOString() },
        salaries.filter((r) => r.slate_id === s.id).sort((a, b) => a.platform_player_id < b.platform_player_id ? -1 : 1)
      ])
    return Context.make(DfsReader, {
      slates: ({ platform, since, sport }) =>
        selectSlates(
          sql.and([
            sql`sport = ${sport}`,
            ...(platform === undefined ? [] : [sql`platform = ${platform}`]),
            ...(since === undefined ? [] : [sql`start_date >= ${since}::date`])
          ]),
          "DfsReader.slates"
        ),
      slate: (id) =>
        Effect.map(selectSlates(sql.and([sql`id = ${id}`]), "DfsReader.slate"), (rows) => Option.fromNullable(rows[0])),
      salaries: (slateId, position) => selectSalaries(salariesOf(slateId, position), "DfsReader.salaries"),
      salaryPage: (slateId, position, page) => {
        const where = salariesOf(slateId, position)
        return Effect.all({
          rows: rawSalaries(where, page),
          total: sql<{ n: number | string }>`SELECT count(*) AS n FROM dfs_salaries WHERE ${where}`
        }).pipe(
          Effect.map(({ rows, total }) => ({ rows, total: Number(total[0]?.n ?? 0) })),
          orStoreError("DfsReader.salaryPage")
        ) as Effect.Effect<Paged<Dfs.DfsSalary>, StoreError>
      }
    }).pipe(Context.add(DfsWriter, {
      replaceSport: (sport, slates, salaries) =>
        sql.withTransaction(Effect.gen(function*() {
          const kept = slates.filter((r) => r.sport === sport)
          const ids = new Set(kept.map((r) => r.id))
          const rows = salaries.filter((r) => ids.has(r.slate_id))
          const result = { slates: kept.length, salaries: rows.length }
          const before = yield* rawSlates(sql.and([sql`sport = ${sport}`]))
          const beforeRows = yield* rawSalaries(
            sql.and([sql`slate_id IN (SELECT id FROM dfs_slates WHERE sport = ${sport})`])
          )
          if (sameJson(batchOf(before, beforeRows), batchOf(kept, rows))) return result
          yield* sql`DELETE FROM dfs_slates WHERE sport = ${sport}`
          if (kept.length > 0) {
            yield* sql`INSERT INTO dfs_slates (id, sport, platform, name, game_type, start_date, start_time, season,
                week, salary_cap, player_count, linked_count, source)
              SELECT id, sport, platform, name, game_type, start_date, start_time, season, week, salary_cap,
                player_count, linked_count, source
              FROM jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) AS r(id text, sport text, platform text,
                name text, game_type text, start_date date, start_time timestamptz, season integer, week integer,
                salary_cap integer, player_count integer, linked_count integer, source text)`
          }
          if (rows.length > 0) {
            yield* sql`INSERT INTO dfs_salaries (slate_id, platform_player_id, player_id, name, position,
                roster_positions, salary, team, game, avg_points_per_game)
              SELECT slate_id, platform_player_id, player_id, name, position, roster_positions, salary, team, game,
                avg_points_per_game
              FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(slate_id text, platform_player_id text,
                player_id text, name text, position text, roster_positions jsonb, salary integer, team text,
                game text, avg_points_per_game double precision)`
          }
          yield* sql`UPDATE data_version SET version = version + 1 WHERE id = 1`
          return result
        })).pipe(orStoreError("DfsWriter.replaceSport")) as Effect.Effect<
          { readonly slates: number; readonly salaries: number },
          StoreError
        >
    }))
  })

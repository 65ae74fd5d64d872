/**
 * The ExportReader on @effect/sql, PostgreSQL dialect: keyset pages (`WHERE key > $after ORDER BY
 * key LIMIT n`) over the primary keys, so each page is an index range scan and a full walk never
 * holds more than one page. Text keys order by the database collation (the primary key index's);
 * signal ids numerically. Rows decode to their canonical shape as the readers do (Tables.ts).
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import {
  Athlete,
  EventEntry,
  type ExportKind,
  type ExportPage,
  type ExportReaderService,
  type ExportRows,
  Game,
  Player,
  Signals,
  SportEvent,
  StatLine,
  Team
} from "@sports-data/domain"
import { Effect, Schema } from "effect"
import { decodeRows } from "./Decoders.js"
import { orStoreError } from "./Errors.js"
import { signalSelectList } from "./Signals.js"
import * as T from "./Tables.js"

/** Per kind: table, key column, select list and row schema. */
const kinds = {
  players: { table: T.players.table, key: "id", select: T.players.select, schema: Player },
  teams: { table: T.teams.table, key: "abbr", select: T.teams.select, schema: Team },
  games: { table: T.games.table, key: "id", select: T.games.select, schema: Game },
  stat_lines: { table: T.statLines.table, key: "id", select: T.statLines.select, schema: StatLine },
  signals: { table: "signals", key: "id", select: signalSelectList, schema: Signals.StoredSignal },
  events: { table: T.events.table, key: "id", select: T.events.select, schema: SportEvent },
  entries: { table: T.eventEntries.table, key: "id", select: T.eventEntries.select, schema: EventEntry },
  athletes: { table: T.athletes.table, key: "id", select: T.athletes.select, schema: Athlete }
} as const

/** Makes the ExportReader over the current SqlClient. */
export const makeExportReader: Effect.Effect<ExportReaderService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => ({
    page: <K extends ExportKind>(kind: K, sport: string, after: string | null, limit: number) => {
      const k = kinds[kind]
      const n = Math.max(1, Math.trunc(limit))
      const key = sql(k.key)
      const from = after === null
        ? sql`true`
        : kind === "signals"
        ? sql`${key} > ${Number(after)}`
        : sql`${key} > ${after}`
      return sql`SELECT ${sql.literal(k.select)} FROM ${sql(k.table)} WHERE sport = ${sport} AND ${from}
        ORDER BY ${key} LIMIT ${n}`.pipe(
        Effect.flatMap(decodeRows(k.schema as unknown as Schema.Schema<ExportRows[K], any>)),
        Effect.map((rows): ExportPage<K> => {
          const last = rows.at(-1) as Record<string, unknown> | undefined
          return { rows, next: rows.length < n || last === undefined ? null : String(last[k.key]) }
        }),
        orStoreError("ExportReader.page")
      )
    }
  })
)

/**
 * The tables of the canonical sports rows (the schema is in Migrations.ts): each one's key,
 * columns with their SQL types, the select list that reads rows back in their canonical shape,
 * and the upsert statement the writer sends. Shared by Readers.ts and Writer.ts.
 * @module
 */
import type {
  Athlete,
  AthleteRanking,
  DepthChartEntry,
  EventEntry,
  Game,
  InjuryReport,
  Player,
  PollRanking,
  SportEvent,
  StatLine,
  Team
} from "@sports-data/domain"

/** A table of canonical rows: its key columns and every column with its SQL type. */
export interface TableSpec<A> {
  readonly table: string
  readonly key: ReadonlyArray<string>
  readonly columns: ReadonlyArray<readonly [name: string, type: string]>
  readonly keyOf: (row: A) => string
  /** The select list that reads rows back in their canonical shape. */
  readonly select: string
  /**
   * The canonical shape of a row as one SQL `json_build_object` expression over the table's
   * columns (dates as `YYYY-MM-DD`, as `select` reads them); undefined for a table with a
   * `timestamptz` column, which the drivers read as a Date and JSON would give as text.
   */
  readonly json: string | undefined
}

/** How `select` and `json` read a column: a date as its `YYYY-MM-DD` text, any other as it is. */
const readBack = ([name, type]: readonly [string, string]): string =>
  type === "date" ? `to_char(${name}, 'YYYY-MM-DD')` : name

const selectList = (columns: ReadonlyArray<readonly [string, string]>): string =>
  columns.map((c) => c[1] === "date" ? `${readBack(c)} AS ${c[0]}` : c[0]).join(", ")

const jsonObject = (columns: ReadonlyArray<readonly [string, string]>): string | undefined =>
  columns.some(([, type]) => type === "timestamptz")
    ? undefined
    : `json_build_object(${columns.map((c) => `'${c[0]}', ${readBack(c)}`).join(", ")})`

const spec = <A>(
  table: string,
  key: ReadonlyArray<string>,
  columns: ReadonlyArray<readonly [string, string]>,
  keyOf: (row: A) => string
): TableSpec<A> => ({ table, key, columns, keyOf, select: selectList(columns), json: jsonObject(columns) })

/** `players` (migration 1; `name_key` is generated, migration 3, so not written). */
export const players = spec<Player>("players", ["id"], [
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

/** `teams`, keyed by (sport, abbr). */
export const teams = spec<Team>("teams", ["sport", "abbr"], [
  ["sport", "text"],
  ["abbr", "text"],
  ["name", "text"],
  ["conference", "text"],
  ["division", "text"],
  ["external_id", "text"],
  ["attributes", "jsonb"]
], (r) => `${r.sport}\u0000${r.abbr}`)

/** `games` (`league` added by migration 4). */
export const games = spec<Game>("games", ["id"], [
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

/** `stat_lines`. */
export const statLines = spec<StatLine>("stat_lines", ["id"], [
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

/** `injuries`. */
export const injuries = spec<InjuryReport>("injuries", ["id"], [
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

/** `depth_charts`. */
export const depthCharts = spec<DepthChartEntry>("depth_charts", ["id"], [
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

/** `poll_rankings` (migration 4). */
export const rankings = spec<PollRanking>("poll_rankings", ["id"], [
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

/** `events` (migration 4). */
export const events = spec<SportEvent>("events", ["id"], [
  ["id", "text"],
  ["sport", "text"],
  ["league", "text"],
  ["season", "integer"],
  ["name", "text"],
  ["start_date", "date"],
  ["end_date", "date"],
  ["state", "text"],
  ["venue", "text"],
  ["attributes", "jsonb"]
], (r) => r.id)

/** `event_entries` (migration 4). */
export const eventEntries = spec<EventEntry>("event_entries", ["id"], [
  ["id", "text"],
  ["sport", "text"],
  ["event_id", "text"],
  ["participant_id", "text"],
  ["participant_name", "text"],
  ["team", "text"],
  ["position", "integer"],
  ["status", "text"],
  ["score", "double precision"],
  ["stats", "jsonb"]
], (r) => r.id)

/** `athletes` (migration 8; `name_key` is generated, so not written). */
export const athletes = spec<Athlete>("athletes", ["id"], [
  ["id", "text"],
  ["sport", "text"],
  ["league", "text"],
  ["name", "text"],
  ["first_name", "text"],
  ["last_name", "text"],
  ["country", "text"],
  ["birth_date", "text"],
  ["attributes", "jsonb"]
], (r) => r.id)

/** `athlete_rankings` (migration 8). */
export const athleteRankings = spec<AthleteRanking>("athlete_rankings", ["id"], [
  ["id", "text"],
  ["sport", "text"],
  ["league", "text"],
  ["ranking_date", "date"],
  ["rank", "integer"],
  ["athlete_id", "text"],
  ["points", "double precision"]
], (r) => r.id)

/**
 * The upsert statement of a table; `$1` is the batch as a jsonb array of rows. `merge` gives, for
 * a column, the SQL expression (over the stored row `t` and the new one `EXCLUDED`) that a
 * conflicting row is updated to instead of the new value; the row is rewritten only when some
 * column's value would change.
 */
export const upsertStatement = <A>(t: TableSpec<A>, merge: Readonly<Record<string, string>> = {}): string => {
  const names = t.columns.map(([name]) => name)
  const rest = names.filter((name) => !t.key.includes(name))
  const value = (name: string) => merge[name] ?? `EXCLUDED.${name}`
  return `INSERT INTO ${t.table} AS t (${names.join(", ")})
SELECT ${names.join(", ")}
FROM jsonb_to_recordset($1::jsonb) AS r(${t.columns.map(([name, type]) => `${name} ${type}`).join(", ")})
ON CONFLICT (${t.key.join(", ")}) DO UPDATE SET ${rest.map((name) => `${name} = ${value(name)}`).join(", ")}
WHERE (${rest.map((name) => `t.${name}`).join(", ")}) IS DISTINCT FROM (${rest.map(value).join(", ")})
RETURNING (xmax = 0) AS inserted`
}

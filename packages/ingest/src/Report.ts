/**
 * What an ingestion run reports: per entity, rows read, upserted (inserted + updated), unchanged
 * and skipped, and each malformed row with its file and line.
 * @module
 */
import {
  type Game,
  type Player,
  type SportKey,
  SportsWriter,
  type StatLine,
  type StoredSignal,
  type StoreError,
  type Team,
  type TeamSport,
  type UpsertResult
} from "@sports-data/domain"
import { Effect } from "effect"

/** Canonical entity names written by ingestion. */
export type Entity =
  | "players"
  | "teams"
  | "games"
  | "stat_lines"
  | "injuries"
  | "depth_charts"
  | "rankings"
  | "events"
  | "event_entries"
  | "signals"
  | "odds"
  | "dfs_salaries"

/** A row that was reported and skipped: where it is and why. */
export interface SkippedRow {
  readonly file: string
  readonly line: number
  readonly reason: string
}

/** Counts for one entity. `read` counts source rows offered; `skipped` those rejected as malformed. */
export interface EntityCounts {
  readonly read: number
  readonly inserted: number
  readonly updated: number
  readonly unchanged: number
  readonly skipped: number
}

/** Counts of one entity: source rows read and skipped, plus its upsert result. */
export const entityCounts = (read: number, skipped: number, r: UpsertResult): EntityCounts => ({
  read,
  inserted: r.inserted,
  updated: r.updated,
  unchanged: r.unchanged,
  skipped
})

/** What one sport's adapter reports: counts per entity, skipped rows, and the files it read. */
export interface SportIngestResult {
  readonly sport: SportKey
  readonly counts: Readonly<Partial<Record<Entity, EntityCounts>>>
  readonly skipped: ReadonlyArray<SkippedRow>
  readonly files: ReadonlyArray<string>
}

/**
 * Upserts `rows` in batches of `batchSize` (each batch atomic in the store) and sums the results.
 * Rows are written in the order given.
 */
export const upsertAll = <A, E, R>(
  rows: ReadonlyArray<A>,
  upsert: (batch: ReadonlyArray<A>) => Effect.Effect<UpsertResult, E, R>,
  batchSize = 1000
): Effect.Effect<UpsertResult, E, R> =>
  Effect.reduce(
    Array.from(
      { length: Math.ceil(rows.length / batchSize) },
      (_, i) => rows.slice(i * batchSize, (i + 1) * batchSize)
    ),
    { inserted: 0, updated: 0, unchanged: 0 } as UpsertResult,
    (acc, batch) =>
      Effect.map(upsert(batch), (r) => ({
        inserted: acc.inserted + r.inserted,
        updated: acc.updated + r.updated,
        unchanged: acc.unchanged + r.unchanged
      }))
  )

/**
 * One entity a team-sport adapter writes: the built `rows`, how many source rows were `read` for
 * it, and every row `skipped` for it (malformed when parsed, or rejected when built).
 */
export interface EntityWrite<A> {
  readonly rows: ReadonlyArray<A>
  readonly read: number
  readonly skipped: ReadonlyArray<SkippedRow>
}

/**
 * Writes a team sport's built rows through the SportsWriter, in the order teams, players, games,
 * stat lines, signals (each in atomic batches, {@link upsertAll}), logs `<sport> ingested`, and reports the
 * counts per entity, every skipped row and `files`. Fails with StoreError when the store fails;
 * rows of entities already written stay written.
 */
export const writeTeamSport = (
  sport: TeamSport,
  files: ReadonlyArray<string>,
  entities: {
    readonly teams: EntityWrite<Team>
    readonly players: EntityWrite<Player>
    readonly games: EntityWrite<Game>
    readonly stat_lines: EntityWrite<StatLine>
    /** Signals derived from the sport's reports (written last; their events with them). */
    readonly signals?: EntityWrite<StoredSignal> | undefined
  }
): Effect.Effect<SportIngestResult, StoreError, SportsWriter> =>
  Effect.gen(function*() {
    const writer = yield* SportsWriter
    const write = <A>(e: EntityWrite<A>, upsert: (rows: ReadonlyArray<A>) => Effect.Effect<UpsertResult, StoreError>) =>
      Effect.map(upsertAll(e.rows, upsert), (r) => entityCounts(e.read, e.skipped.length, r))
    const counts = {
      teams: yield* write(entities.teams, writer.upsertTeams),
      players: yield* write(entities.players, writer.upsertPlayers),
      games: yield* write(entities.games, writer.upsertGames),
      stat_lines: yield* write(entities.stat_lines, writer.upsertStatLines),
      ...(entities.signals === undefined ? {} : { signals: yield* write(entities.signals, writer.upsertSignals) })
    } satisfies Partial<Record<Entity, EntityCounts>>
    const skipped = Object.values(entities).flatMap((e) => e?.skipped ?? [])
    yield* Effect.logInfo(`${sport} ingested`).pipe(
      Effect.annotateLogs({
        teams: entities.teams.rows.length,
        players: entities.players.rows.length,
        games: entities.games.rows.length,
        stat_lines: entities.stat_lines.rows.length,
        signals: entities.signals?.rows.length ?? 0,
        skipped: skipped.length
      })
    )
    return { sport, counts, skipped, files }
  })

/**
 * The bulk export port: a sport's canonical rows of one kind, page by page in key order
 * (keyset pagination), so a caller can stream a whole table with constant memory and stop
 * between pages. Apart from the read ports (Readers.ts): it is not cached and only the bulk
 * export reads it.
 * @module
 */
import { Context, type Effect } from "effect"
import type { Athlete, EventEntry, Game, Player, SportEvent, StatLine, Team } from "../Canonical.js"
import type { StoreError } from "../Errors.js"
import type { StoredSignal } from "../Signals.js"
import { type SportKey, TeamSport } from "../Sport.js"

/** The kinds of rows a team sport's export holds, in export order. */
export const teamExportKinds = ["players", "teams", "games", "stat_lines", "signals"] as const

/**
 * The kinds of rows an event sport's export holds (tennis, golf, ufc, f1, nascar), in export
 * order: `events` (Canonical.ts SportEvent), `entries` (EventEntry, one participant's result of
 * one event) and `athletes` (Athlete, the sport's athlete directory).
 */
export const eventExportKinds = ["events", "entries", "athletes"] as const

/**
 * Every kind of row an export can hold (`include` of `/v1/bulk/export`), in export order: the
 * team sports' kinds then the event sports' ({@link exportKindsOf} says which apply to a sport).
 */
export const exportKinds = [...teamExportKinds, ...eventExportKinds] as const
export type ExportKind = typeof exportKinds[number]

/** The kinds that apply to `sport`: {@link teamExportKinds} or {@link eventExportKinds}. */
export const exportKindsOf = (sport: SportKey): ReadonlyArray<ExportKind> =>
  (TeamSport.literals as ReadonlyArray<string>).includes(sport) ? teamExportKinds : eventExportKinds

/** The row type of each kind. */
export interface ExportRows {
  readonly players: Player
  readonly teams: Team
  readonly games: Game
  readonly stat_lines: StatLine
  readonly signals: StoredSignal
  readonly events: SportEvent
  readonly entries: EventEntry
  readonly athletes: Athlete
}

/**
 * One page: up to `limit` rows, and `next`, the opaque cursor to pass as `after` for the page
 * after it (null when this page is the last: it held fewer than `limit` rows).
 */
export interface ExportPage<K extends ExportKind> {
  readonly rows: ReadonlyArray<ExportRows[K]>
  readonly next: string | null
}

/** Keyset pages of a sport's rows. */
export interface ExportReaderService {
  /**
   * The rows of `kind` of `sport` after cursor `after` (null: from the first), at most `limit`
   * (≥ 1), in key order: players, games, stat lines, events, entries and athletes by id, teams
   * by abbreviation, signals by numeric id. The key order of text keys is the store's own (code units in memory, the
   * database collation in SQL); a full walk returns every row exactly once when no write
   * happens during it. A sport without signals (nhl, cfb, soccer) has none; a kind that does not
   * apply to the sport ({@link exportKindsOf}) has no rows.
   */
  readonly page: <K extends ExportKind>(
    kind: K,
    sport: SportKey,
    after: string | null,
    limit: number
  ) => Effect.Effect<ExportPage<K>, StoreError>
}

/** The {@link ExportReaderService} port. */
export class ExportReader extends Context.Tag("@sports-data/ExportReader")<ExportReader, ExportReaderService>() {}

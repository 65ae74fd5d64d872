/**
 * Ports of the stored betting lines (Odds.ts `OddsLine`): written by the odds phase of each
 * sport's ingest, read by the odds service. Reads and writes apart.
 * @module
 */
import { Context, type Effect } from "effect"
import type { StoreError } from "../Errors.js"
import type { OddsLine, StoredLine } from "../Odds.js"
import type { SortKey } from "../Paging.js"
import type { SportKey } from "../Sport.js"
import type { Paged } from "./Queries.js"

/**
 * Line filters; every given filter must hold. `date` matches game_date exactly (`YYYY-MM-DD`),
 * `from_date` keeps games on or after it; `game_id` one game.
 * Order: game_date (games without a date last), game_id, then the snapshot order of
 * Odds.ts `compareSnapshots` (snapshot_date, line_time with untimed lines first, id).
 */
export interface OddsQuery {
  readonly sport: SportKey
  readonly season?: number | undefined
  readonly week?: number | undefined
  readonly date?: string | undefined
  readonly from_date?: string | undefined
  readonly game_id?: string | undefined
}

/**
 * One game's line history: `bookmaker` and `market` (lower case; matched case-insensitively)
 * select lines, `limit` of them from `offset`, or strictly after `after` (Odds.ts
 * `historyKeyOf`: snapshot date, line time in ms with -1 for none, id) when given.
 */
export interface LineHistoryQuery {
  readonly sport: SportKey
  readonly game_id: string
  readonly bookmaker?: string | undefined
  readonly market?: string | undefined
  readonly limit: number
  readonly offset: number
  readonly after?: SortKey | undefined
}

/**
 * A list of games with their latest lines (OddsReader `latest`): the games of `OddsQuery`, at
 * most `games` of them; per game the latest lines of `bookmaker` and `market` (lower case;
 * matched case-insensitively; `market` keeps outright lines only), at most `lines` of them.
 */
export interface LatestQuery extends OddsQuery {
  readonly games: number
  readonly lines: number
  readonly bookmaker?: string | undefined
  readonly market?: string | undefined
}

/** One game of OddsReader `latest`: its first line, its selected latest lines' number and first ones. */
export interface LatestGame {
  readonly first: OddsLine
  readonly total: number
  readonly rows: ReadonlyArray<StoredLine>
}

/** Reads of the stored lines. */
export interface OddsReaderService {
  /** Every line matching `query`, in its order. */
  readonly find: (query: OddsQuery) => Effect.Effect<ReadonlyArray<OddsLine>, StoreError>
  /**
   * The first `query.games` games matching `query` (games in the query's order), each with its
   * first line (`first`, Odds.ts `ListedLine`), its latest lines of `query.bookmaker` and
   * `query.market` (when given) in the list's order (`ListedLine` `rank`), the first
   * `query.lines` of them (`rows`, each with the no-vig probability stored for the list,
   * `ListedLine` `no_vig_probability`) and their number (`total`). Reads a bounded page, whatever
   * the number of snapshots or of latest lines of a game.
   */
  readonly latest: (query: LatestQuery) => Effect.Effect<ReadonlyArray<LatestGame>, StoreError>
  /**
   * A page of one game's lines in snapshot order (Odds.ts `compareSnapshots`) with the no-vig
   * probability stored beside each (Odds.ts `atTimeNoVig`, computed at write over the whole
   * game), `total` the selected lines before paging, and `first` the game's first line under no
   * filter (null when the game has no line).
   */
  readonly history: (
    query: LineHistoryQuery
  ) => Effect.Effect<Paged<StoredLine> & { readonly first: OddsLine | null }, StoreError>
}
/** The {@link OddsReaderService} port. */
export class OddsReader extends Context.Tag("@sports-data/OddsReader")<OddsReader, OddsReaderService>() {}

/** Writes of the stored lines: only the ingest's odds phase uses it. */
export interface OddsWriterService {
  /**
   * Replaces every line of `sport` by `rows` (rows of another sport are ignored; a repeated id
   * keeps its last row), atomically: a reader sees the old lines or the new ones, never a mix.
   */
  readonly replaceSport: (sport: SportKey, rows: ReadonlyArray<OddsLine>) => Effect.Effect<void, StoreError>
}
/** The {@link OddsWriterService} port. */
export class OddsWriter extends Context.Tag("@sports-data/OddsWriter")<OddsWriter, OddsWriterService>() {}

/** Both odds ports, as a store provides them. */
export type OddsStores = OddsReader | OddsWriter

/**
 * The bulk export (`GET /v1/bulk/export`): a sport's canonical rows as newline-delimited JSON,
 * read from the ExportReader one keyset page at a time. The stream pulls the next page only when
 * its consumer asks for more, so memory stays at one page whatever the table size, a slow client
 * slows the reads (backpressure), and interrupting the stream (a client that disconnects) stops
 * before the next query.
 * @module
 */
import {
  type Athlete,
  type EventEntry,
  type ExportKind,
  exportKinds,
  exportKindsOf,
  ExportReader,
  type Game,
  InvalidParameter,
  type Player,
  type SportEvent,
  type SportKey,
  type StatLine,
  type StoredSignal,
  type StoreError,
  type Team
} from "@sports-data/domain"
import { Chunk, Effect, Option, Stream } from "effect"
import { playerRef, teamRef } from "./Rows.js"

/** Rows read per store query. */
export const EXPORT_PAGE_SIZE = 500

/**
 * The canonical fields (docs/vocabulary.md) a stored row of `kind` is exported with, beside its
 * own: players and athletes `player_id`, `player_name`; rows naming a team `team_id`,
 * `team_abbr`; games and events `game_id`; entries their player's and event's ids.
 */
export const canonicalFields = (kind: ExportKind, row: unknown): Record<string, unknown> => {
  switch (kind) {
    case "players":
      return playerRef(row as Player)
    case "teams":
      return teamRef((row as Team).abbr, row as Team)
    case "games":
    case "events":
      return { game_id: (row as Game | SportEvent).id }
    case "stat_lines":
      return teamRef((row as StatLine).team)
    case "signals":
      return teamRef((row as StoredSignal).team)
    case "entries": {
      const e = row as EventEntry
      return { player_id: e.participant_id, player_name: e.participant_name, game_id: e.event_id }
    }
    case "athletes": {
      const a = row as Athlete
      return { player_id: a.id, player_name: a.name }
    }
  }
}

/**
 * One line of the export: `{"type": <kind>, "data": <row>}` and a newline. `data` is the
 * canonical row as stored (Canonical.ts; signals as Signals.StoredSignal; events, entries and
 * athletes as SportEvent, EventEntry and Athlete), dates as ISO 8601 UTC, with the canonical
 * fields of {@link canonicalFields}.
 */
export const exportLine = (kind: ExportKind, row: unknown): string =>
  `${JSON.stringify({ type: kind, data: { ...canonicalFields(kind, row), ...(row as object) } })}\n`

/** The bulk export feature. */
export class Bulk extends Effect.Service<Bulk>()("@sports-data/app/Bulk", {
  effect: Effect.gen(function*() {
    const reader = yield* ExportReader

    /** Every row of `kind` of `sport` as export lines, page by page in key order. */
    const lines = (kind: ExportKind, sport: SportKey) =>
      Stream.paginateChunkEffect<string | null, string, StoreError, never>(
        null,
        (after) =>
          Effect.map(reader.page(kind, sport, after, EXPORT_PAGE_SIZE), (page) =>
            [
              Chunk.fromIterable(page.rows.map((row) => exportLine(kind, row))),
              Option.fromNullable(page.next)
            ] as const)
      ).pipe(Stream.withSpan("Bulk.export.page", { attributes: { kind, sport } }))

    /**
     * The export of `sport`: the lines of each kind of `include` (every kind that applies to the
     * sport when undefined; in {@link exportKinds} order, each kind once); the stream fails with
     * StoreError when a page cannot be read. Fails with InvalidParameter (include) naming the
     * sport's kinds ({@link exportKindsOf}) when `include` holds a kind that does not apply.
     */
    const exportLines = (sport: SportKey, include: ReadonlyArray<ExportKind> | undefined) => {
      const allowed = exportKindsOf(sport)
      const wanted = include ?? allowed
      const foreign = wanted.filter((k) => !allowed.includes(k))
      return foreign.length > 0
        ? Effect.fail(
          new InvalidParameter({
            parameter: "include",
            reason: `${foreign.join(", ")} not exported for ${sport}; must be a comma-separated list of ${
              allowed.join(", ")
            }`
          })
        )
        : Effect.succeed(
          Stream.flatMap(
            Stream.fromIterable(exportKinds.filter((k) => wanted.includes(k))),
            (kind) => lines(kind, sport)
          )
        )
    }

    return { exportLines } as const
  })
}) {}

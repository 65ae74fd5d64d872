/**
 * The bulk export (`GET /v1/bulk/export`): a sport's canonical rows as newline-delimited JSON,
 * read from the ExportReader one keyset page at a time. The stream pulls the next page only when
 * its consumer asks for more, so memory stays at one page whatever the table size, a slow client
 * slows the reads (backpressure), and interrupting the stream (a client that disconnects) stops
 * before the next query.
 * @module
 */
import { type ExportKind, exportKinds, ExportReader, type StoreError, type TeamSport } from "@sports-data/domain"
import { Chunk, Effect, Option, Stream } from "effect"

/** Rows read per store query. */
export const EXPORT_PAGE_SIZE = 500

/**
 * One line of the export: `{"type": <kind>, "data": <row>}` and a newline. `data` is the
 * canonical row as stored (Canonical.ts; signals as Signals.StoredSignal), dates as ISO 8601 UTC.
 */
export const exportLine = (kind: ExportKind, row: unknown): string => `${JSON.stringify({ type: kind, data: row })}\n`

/** The bulk export feature. */
export class Bulk extends Effect.Service<Bulk>()("@sports-data/app/Bulk", {
  effect: Effect.gen(function*() {
    const reader = yield* ExportReader

    /** Every row of `kind` of `sport` as export lines, page by page in key order. */
    const lines = (kind: ExportKind, sport: TeamSport) =>
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
     * The export of `sport`: the lines of each kind of `include` (in {@link exportKinds} order,
     * each kind once), fails with StoreError when a page cannot be read.
     */
    const exportLines = (sport: TeamSport, include: ReadonlyArray<ExportKind>) =>
      Stream.flatMap(Stream.fromIterable(exportKinds.filter((k) => include.includes(k))), (kind) => lines(kind, sport))

    return { exportLines } as const
  })
}) {}

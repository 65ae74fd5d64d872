/**
 * Writing an event sport's built rows (golf, Formula 1, NASCAR): events, then their entries,
 * through the SportsWriter, with the run's report.
 * @module
 */
import {
  type EventEntry,
  type EventSport,
  type SportEvent,
  SportsWriter,
  type StoreError,
  type UpsertResult
} from "@sports-data/domain"
import { Effect } from "effect"
import { entityCounts, type EntityWrite, type SportIngestResult, upsertAll } from "./Report.js"

/**
 * Writes `events` then `entries` (each in atomic batches, `upsertAll`), logs `<sport> ingested`
 * and reports the counts per entity, every skipped row and `files`. Fails with StoreError when
 * the store fails; events already written stay written.
 */
export const writeEventSport = (
  sport: EventSport,
  files: ReadonlyArray<string>,
  entities: { readonly events: EntityWrite<SportEvent>; readonly event_entries: EntityWrite<EventEntry> }
): Effect.Effect<SportIngestResult, StoreError, SportsWriter> =>
  Effect.gen(function*() {
    const writer = yield* SportsWriter
    const write = <A>(e: EntityWrite<A>, upsert: (rows: ReadonlyArray<A>) => Effect.Effect<UpsertResult, StoreError>) =>
      Effect.map(upsertAll(e.rows, upsert), (r) => entityCounts(e.read, e.skipped.length, r))
    const counts = {
      events: yield* write(entities.events, writer.upsertEvents),
      event_entries: yield* write(entities.event_entries, writer.upsertEventEntries)
    }
    const skipped = [...entities.events.skipped, ...entities.event_entries.skipped]
    yield* Effect.logInfo(`${sport} ingested`).pipe(
      Effect.annotateLogs({
        events: entities.events.rows.length,
        event_entries: entities.event_entries.rows.length,
        skipped: skipped.length
      })
    )
    return { sport, counts, skipped, files }
  })

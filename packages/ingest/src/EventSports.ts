/**
 * Writing an event sport's built rows (athletes, their ranking lists, events and entries)
 * through the SportsWriter, and reporting them: the event-sport counterpart of
 * `Report.writeTeamSport`.
 * @module
 */
import {
  type Athlete,
  type AthleteRanking,
  type EventEntry,
  type EventSport,
  type SportEvent,
  SportsWriter,
  type StoreError,
  type UpsertResult
} from "@sports-data/domain"
import { Effect } from "effect"
import {
  type Entity,
  type EntityCounts,
  entityCounts,
  type EntityWrite,
  type SportIngestResult,
  upsertAll
} from "./Report.js"

/**
 * Writes an event sport's rows in the order athletes (reported as `players`), ranking rows
 * (`rankings`), events, entries (each in atomic batches), logs `<sport> ingested` with the row
 * counts and `notes` (e.g. names left unlinked), and reports counts per entity, every skipped row
 * and `files`. An entity not given is not written. Fails with StoreError when the store fails.
 */
export const writeEventSport = (
  sport: EventSport,
  files: ReadonlyArray<string>,
  entities: {
    readonly athletes?: EntityWrite<Athlete> | undefined
    readonly rankings?: EntityWrite<AthleteRanking> | undefined
    readonly events: EntityWrite<SportEvent>
    readonly event_entries: EntityWrite<EventEntry>
  },
  notes: Readonly<Record<string, unknown>> = {}
): Effect.Effect<SportIngestResult, StoreError, SportsWriter> =>
  Effect.gen(function*() {
    const writer = yield* SportsWriter
    const write = <A>(
      e: EntityWrite<A> | undefined,
      upsert: (rows: ReadonlyArray<A>) => Effect.Effect<UpsertResult, StoreError>
    ) =>
      e === undefined
        ? Effect.succeed(undefined)
        : Effect.map(upsertAll(e.rows, upsert), (r) => entityCounts(e.read, e.skipped.length, r))
    const counts: Partial<Record<Entity, EntityCounts>> = {}
    const players = yield* write(entities.athletes, writer.upsertAthletes)
    if (players !== undefined) counts.players = players
    const rankings = yield* write(entities.rankings, writer.upsertAthleteRankings)
    if (rankings !== undefined) counts.rankings = rankings
    counts.events = (yield* write(entities.events, writer.upsertEvents))!
    counts.event_entries = (yield* write(entities.event_entries, writer.upsertEventEntries))!
    const given = [entities.athletes, entities.rankings, entities.events, entities.event_entries]
    const skipped = given.flatMap((e) => e?.skipped ?? [])
    yield* Effect.logInfo(`${sport} ingested`).pipe(
      Effect.annotateLogs({
        athletes: entities.athletes?.rows.length ?? 0,
        rankings: entities.rankings?.rows.length ?? 0,
        events: entities.events.rows.length,
        event_entries: entities.event_entries.rows.length,
        skipped: skipped.length,
        ...notes
      })
    )
    return { sport, counts, skipped, files }
  })

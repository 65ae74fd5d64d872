/**
 * Reads over the EventReader that the golf, Formula 1 and NASCAR services share (internal to the
 * application package; a candidate to merge with the generic event helpers).
 * @module
 */
import {
  type EventEntry,
  type EventReaderService,
  type EventSport,
  type SportEvent,
  type StoreError
} from "@sports-data/domain"
import { Effect } from "effect"
import { allRows, notFound } from "./Reads.js"

/** The canonical event id a request names: `svc_<sport>_<id>` as given, or the bare source id prefixed. */
export const eventIdOf = (sport: EventSport, raw: string): string => {
  const id = raw.trim()
  return id.startsWith(`svc_${sport}_`) ? id : `svc_${sport}_${id}`
}

/**
 * The state of an event at `now`: a stored `final` stays final; otherwise by its dates (UTC
 * days): after its end (or start, for a one-day event) `final`, between them `in_progress`,
 * before `scheduled`. An event held with no results that has passed is final (its results are not
 * held: see the row's `has_results`).
 */
export const eventState = (event: SportEvent, now: Date): string => {
  if (event.state === "final") return "final"
  const today = now.toISOString().slice(0, 10)
  const end = event.end_date ?? event.start_date
  return end < today ? "final" : event.start_date <= today ? "in_progress" : "scheduled"
}

/** Every event of `sport` matching the filters, in start date order. */
export const allEvents = (
  events: EventReaderService,
  query: {
    readonly sport: EventSport
    readonly league?: string | undefined
    readonly season?: number | undefined
    readonly state?: string | undefined
    readonly ids?: ReadonlyArray<string> | undefined
    readonly order?: "asc" | "desc"
  }
): Effect.Effect<ReadonlyArray<SportEvent>, StoreError> =>
  allRows((page) => events.events({ order: "asc", ...query, ...page }))

/** Every entry of the events `ids` (none when `ids` is empty). */
export const entriesOf = (
  events: EventReaderService,
  sport: EventSport,
  ids: ReadonlyArray<string>
): Effect.Effect<ReadonlyArray<EventEntry>, StoreError> =>
  ids.length === 0 ? Effect.succeed([]) : allRows((page) => events.entries({ sport, event_ids: ids, ...page }))

/** The event `id` of `sport`; ResourceNotFound (event) when it is not held. */
export const requireEvent = (events: EventReaderService, sport: EventSport, id: string) =>
  Effect.flatMap(
    events.events({ sport, ids: [id], limit: 1, offset: 0, order: "asc" }),
    (page) => page.rows[0] === undefined ? Effect.fail(notFound("event", id)) : Effect.succeed(page.rows[0])
  )

/** The latest event of `sport` (and `league`) with state `final`, or undefined. */
export const latestFinal = (events: EventReaderService, sport: EventSport, league?: string) =>
  Effect.map(
    events.events({ sport, league, state: "final", limit: 1, offset: 0, order: "desc" }),
    (page) => page.rows[0]
  )

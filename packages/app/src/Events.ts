/**
 * Application helpers of the individual and event sports over the EventReader and the
 * AthleteReader, for the per-sport services (Tennis, Ufc, Golf, F1, Nascar):
 * a page of events, the entries of events, a participant's events, resolving a participant by
 * name or id (with an ambiguity error instead of a guess), the events two participants shared
 * (head to head), an event's state at a time, and the latest final event.
 * @module
 */
import {
  type Athlete,
  type AthleteReaderService,
  type EventEntry,
  type EventQuery,
  type EventReaderService,
  type EventSport,
  InvalidParameter,
  nameKey,
  parseCanonicalPlayerId,
  type ResourceNotFound,
  type SportEvent,
  type StoreError
} from "@sports-data/domain"
import { Effect, Option } from "effect"
import { allRows, notFound } from "./Reads.js"

/** An event attribute as a string, or null when absent or not a string. */
export const attrString = (v: unknown): string | null => (typeof v === "string" ? v : null)

/** An event attribute as a number, or null when absent or not a number. */
export const attrNumber = (v: unknown): number | null => (typeof v === "number" ? v : null)

/** Candidates listed in an ambiguity error. */
const AMBIGUITY_SHOWN = 10

/** The first `limit` events of `sport` under `query`, newest first, with the total. */
export const eventsPage = (
  events: EventReaderService,
  sport: EventSport,
  query: Omit<EventQuery, "sport" | "order" | "offset">
) => events.events({ ...query, sport, order: "desc", offset: 0 })

/** Every entry of the events `ids` (none when `ids` is empty), at `position` only when given, in the reader's order. */
export const entriesOf = (
  events: EventReaderService,
  sport: EventSport,
  ids: ReadonlyArray<string>,
  position?: number
): Effect.Effect<ReadonlyArray<EventEntry>, StoreError> =>
  ids.length === 0
    ? Effect.succeed([])
    : allRows((page) =>
      events.entries({ sport, event_ids: ids, ...(position === undefined ? {} : { position }), ...page })
    )

/** {@link entriesOf} grouped by event id (each list in the reader's order: position, participant). */
export const entriesByEvent = (
  events: EventReaderService,
  sport: EventSport,
  ids: ReadonlyArray<string>
): Effect.Effect<ReadonlyMap<string, ReadonlyArray<EventEntry>>, StoreError> =>
  Effect.map(entriesOf(events, sport, ids), (rows) => {
    const out = new Map<string, Array<EventEntry>>()
    for (const e of rows) {
      const list = out.get(e.event_id)
      if (list === undefined) out.set(e.event_id, [e])
      else list.push(e)
    }
    return out
  })

/** Every event with id in `ids`, by id. */
export const eventsById = (
  events: EventReaderService,
  sport: EventSport,
  ids: ReadonlyArray<string>
): Effect.Effect<ReadonlyMap<string, SportEvent>, StoreError> =>
  ids.length === 0
    ? Effect.succeed(new Map())
    : Effect.map(allEvents(events, { sport, ids }), (rows) => new Map(rows.map((e) => [e.id, e] as const)))

/**
 * Every entry of participant `participantId` with its event, newest event first (start date,
 * then event id, descending). Entries whose event is not held are left out.
 */
export const participantEvents = (
  events: EventReaderService,
  sport: EventSport,
  participantId: string
): Effect.Effect<ReadonlyArray<{ readonly entry: EventEntry; readonly event: SportEvent }>, StoreError> =>
  Effect.gen(function*() {
    const entries = yield* allRows((page) => events.entries({ sport, participant_id: participantId, ...page }))
    const byId = yield* eventsById(events, sport, [...new Set(entries.map((e) => e.event_id))])
    return entries.flatMap((entry) => {
      const event = byId.get(entry.event_id)
      return event === undefined ? [] : [{ entry, event }]
    }).sort((a, b) => newestFirst(a.event, b.event))
  })

/** Events newest first: season, start date (undated first), then id, descending (the reader's `desc` order). */
export const newestFirst = (a: SportEvent, b: SportEvent): number =>
  a.season !== b.season
    ? b.season - a.season
    : a.start_date !== b.start_date
    ? (a.start_date ?? "\uffff") < (b.start_date ?? "\uffff") ? 1 : -1
    : a.id < b.id
    ? 1
    : a.id > b.id
    ? -1
    : 0

/**
 * The athlete of `sport` a request names by canonical id (`svc_<sport>_<id>`) or by name, within
 * `league` when given:
 * - an id: that athlete, else ResourceNotFound;
 * - a name: the athletes whose whole name equals it (accents and case ignored); when none, those
 *   whose name contains it. One: that athlete. None: ResourceNotFound (`resource` as given).
 *   Several: InvalidParameter on `parameter` listing up to ten candidates ("name (id)"), never a guess.
 */
export const resolveAthlete = (
  athletes: AthleteReaderService,
  sport: EventSport,
  value: string,
  options: { readonly parameter: string; readonly resource: string; readonly league?: string | undefined }
): Effect.Effect<Athlete, ResourceNotFound | InvalidParameter | StoreError> =>
  Effect.gen(function*() {
    const wanted = value.trim()
    const parsed = parseCanonicalPlayerId(wanted)
    if (parsed !== undefined) {
      const found = yield* athletes.get(wanted)
      if (
        parsed.sport !== sport || Option.isNone(found) || found.value.sport !== sport ||
        (options.league !== undefined && found.value.league !== options.league)
      ) return yield* Effect.fail(notFound(options.resource, wanted))
      return found.value
    }
    if (nameKey(wanted) === "") return yield* Effect.fail(notFound(options.resource, wanted))
    const query = { sport, league: options.league, limit: AMBIGUITY_SHOWN, offset: 0 }
    let page = yield* athletes.find({ ...query, name: wanted })
    if (page.total === 0) page = yield* athletes.find({ ...query, search: wanted })
    if (page.total === 0) return yield* Effect.fail(notFound(options.resource, wanted))
    if (page.total > 1) {
      const shown = page.rows.map((a) => `${a.name} (${a.id})`).join(", ")
      return yield* Effect.fail(
        new InvalidParameter({
          parameter: options.parameter,
          reason: `ambiguous: ${page.total} ${options.resource}s match ${JSON.stringify(wanted)}: ${shown}${
            page.total > page.rows.length ? ", ..." : ""
          }; give the id instead`
        })
      )
    }
    return page.rows[0]!
  })

/**
 * The events both `a` and `b` took part in, newest first, each with its entries (both
 * participants' and any other). Empty when they never met. Reads `a`'s entries in the events
 * `b` also entered (EventReader `entries` with `shares_event_with`), never either one's whole record.
 */
export const sharedEvents = (
  events: EventReaderService,
  sport: EventSport,
  a: string,
  b: string
): Effect.Effect<
  ReadonlyArray<{ readonly event: SportEvent; readonly entries: ReadonlyArray<EventEntry> }>,
  StoreError
> =>
  Effect.gen(function*() {
    const ofA = yield* allRows((page) => events.entries({ sport, participant_id: a, shares_event_with: b, ...page }))
    const shared = [...new Set(ofA.map((e) => e.event_id))]
    const byId = yield* eventsById(events, sport, shared)
    const entries = yield* entriesByEvent(events, sport, shared)
    return shared.flatMap((id) => {
      const event = byId.get(id)
      return event === undefined ? [] : [{ event, entries: entries.get(id) ?? [] }]
    }).sort((x, y) => newestFirst(x.event, y.event))
  })

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
  if (event.start_date === null) return event.state
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

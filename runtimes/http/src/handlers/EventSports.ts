/**
 * What the event sports' handlers share beside Common.ts `eventSportContext`: the admitted
 * call's instant, and `meta.coverage` from the domain's Coverage notes.
 * @module
 */
import { Security } from "@sports-data/api"
import { Coverage, type EventSport } from "@sports-data/domain"
import { Effect } from "effect"

/** The admitted call's instant (UTC): what an event's state is judged against. */
export const callTime = Effect.map(Security.Caller, (caller) => caller.now)

/**
 * `meta.coverage` stating a known limit of `operation` of `sport` on an answer with rows
 * (Coverage.ts `endpointCoverage`): `{available: true, reason}`; undefined when it has none.
 */
export const limitNote = (sport: EventSport, operation: string): Coverage.MetaCoverage | undefined => {
  const c = Coverage.coverageOf(sport, operation)
  return c.reason === null ? undefined : { available: c.available, reason: c.reason }
}

/** `meta.coverage` of a request no source can answer. */
export const unavailable = (reason: string): Coverage.MetaCoverage => ({ available: false, reason })

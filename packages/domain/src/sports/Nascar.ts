/**
 * NASCAR: the event sport module (see EventSportModule.ts).
 * @module
 */
import { EVENT_STATES, type EventSportModule } from "./EventSportModule.js"

/** The NASCAR module. */
export const nascar: EventSportModule<"nascar"> = {
  key: "nascar",
  name: "NASCAR",
  leagues: ["cup", "xfinity", "truck"],
  defaultLeague: "cup",
  eventStates: EVENT_STATES,
  participant: "driver"
}

/**
 * Formula 1: the event sport module (see EventSportModule.ts).
 * @module
 */
import { EVENT_STATES, type EventSportModule } from "./EventSportModule.js"

/** The Formula 1 module. */
export const f1: EventSportModule<"f1"> = {
  key: "f1",
  name: "Formula 1",
  leagues: ["f1"],
  defaultLeague: "f1",
  eventStates: EVENT_STATES,
  participant: "driver"
}

/**
 * Ultimate Fighting Championship: the event sport module (see EventSportModule.ts).
 * @module
 */
import { EVENT_STATES, type EventSportModule } from "./EventSportModule.js"

/** The Ultimate Fighting Championship module. */
export const ufc: EventSportModule<"ufc"> = {
  key: "ufc",
  name: "Ultimate Fighting Championship",
  leagues: ["ufc"],
  defaultLeague: "ufc",
  eventStates: EVENT_STATES,
  participant: "fighter"
}

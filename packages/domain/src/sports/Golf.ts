/**
 * Golf: the event sport module (see EventSportModule.ts).
 * @module
 */
import { EVENT_STATES, type EventSportModule } from "./EventSportModule.js"

/** The Golf module. */
export const golf: EventSportModule<"golf"> = {
  key: "golf",
  name: "Golf",
  leagues: ["pga", "lpga"],
  defaultLeague: "pga",
  eventStates: EVENT_STATES,
  participant: "golfer"
}

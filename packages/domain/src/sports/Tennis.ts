/**
 * Tennis: the event sport module (see EventSportModule.ts).
 * @module
 */
import { EVENT_STATES, type EventSportModule } from "./EventSportModule.js"

/** The Tennis module. */
export const tennis: EventSportModule<"tennis"> = {
  key: "tennis",
  name: "Tennis",
  leagues: ["atp", "wta"],
  defaultLeague: "atp",
  eventStates: EVENT_STATES,
  participant: "player"
}

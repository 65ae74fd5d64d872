/**
 * Parameters of the UFC endpoints (specification, "Endpoints / NHL, CFB, soccer, tennis, golf, ufc").
 * @module
 */
import { Sports } from "@sports-data/domain"
import { Schema } from "effect"
import { limitParam, type LimitSpec, ListLimits, listPageFields, oneOf, Text } from "./Common.js"

/** Limits: events default 20 (max 200), fighters default 50 (max 200). */
export const UfcLimits = {
  events: { default: 20, max: 200 },
  fighters: { default: 50, max: 200 }
} as const satisfies Record<string, LimitSpec>

/** Card state: scheduled, in_progress, final. */
export const UfcStateParam = oneOf(Sports.eventModules.ufc.eventStates as readonly [string, ...Array<string>])

/** `GET /v1/ufc/events`: state, limit. */
export const UfcEventsParams = Schema.Struct({
  state: Schema.optional(UfcStateParam),
  limit: limitParam(UfcLimits.events)
})

/** `GET /v1/ufc/fighters`: search (name contains, accents and case ignored), limit. */
export const UfcFightersParams = Schema.Struct({
  search: Schema.optional(Text),
  limit: limitParam(UfcLimits.fighters)
})

/**
 * `GET /v1/ufc/rankings`: division (accepted; no source has rankings), limit
 * (ListLimits.divisionRankings) and offset.
 */
export const UfcRankingsParams = Schema.Struct({
  division: Schema.optional(Text),
  ...listPageFields(ListLimits.divisionRankings)
})

/**
 * NASCAR: the event sport module (see EventSportModule.ts), the points table of a series season,
 * and the response rows of `/v1/nascar`.
 *
 * Storage: a race is a `SportEvent` (league = series `cup`, `xfinity` or `truck`; attributes
 * `race_number`, `track`, `length_miles`, `surface`, `laps`, `date_known: false`); a driver's
 * result an `EventEntry` with `participant_id` `svc_nascar_<slug of the name>` (the source has
 * no driver ids), `team` the team name, `score` the race points, `status` the source's car status
 * (running, accident, engine...), `stats` start, laps, laps_led, rating, stage_1, stage_2,
 * segment_points, car_number, win.
 *
 * The source has no race dates: `start_date` is null, and races sort by season then id (which
 * carries the race number); the API answers `date: null`.
 * @module
 */
import { Schema } from "effect"
import { slugOf } from "../Canonical.js"
import type { ParticipantTotals } from "../ports/Readers.js"
import { GameRef, PlayerRef } from "../Resources.js"
import { EVENT_STATES, type EventSportModule } from "./EventSportModule.js"
import { finishCounts, rankPoints } from "./PointsTable.js"

/** The NASCAR module. */
export const nascar = {
  key: "nascar",
  name: "NASCAR",
  shortName: "NASCAR",
  leagues: ["cup", "xfinity", "truck"],
  defaultLeague: "cup",
  eventStates: EVENT_STATES,
  participant: "driver",
  dfs: false
} as const satisfies EventSportModule<"nascar">

/** NASCAR national series. */
export const NascarSeries = Schema.Literal("cup", "xfinity", "truck")
export type NascarSeries = typeof NascarSeries.Type

/** The driver key of a name: accents dropped, lower case, words joined by hyphens (`austin-cindric`). */
export const driverSlug = (name: string): string => slugOf(name, /['.’]/g)

/** The event id of race `race` of `series` in `season`: `svc_nascar_<series>-<season>-<NN>`. */
export const raceEventId = (series: string, season: number, race: number): string =>
  `svc_nascar_${series}-${season}-${String(race).padStart(2, "0")}`

/** How `/v1/nascar/standings` ranks: stated in every answer. */
export const STANDINGS_BASIS =
  "sum_of_race_points: each race's points as the source gives them (finish and stage points), summed over the season; the playoff points reset is not in the data, so this is not the official championship order after the regular season"

/** A row of the points table of a series season. */
export interface NascarStandingRow {
  readonly player_id: string
  readonly player_name: string
  readonly position: number
  readonly driver_id: string
  readonly driver_name: string
  readonly points: number
  readonly wins: number
  readonly top5: number
  readonly top10: number
  readonly races: number
  readonly laps_led: number
}

/**
 * The points table of one series season from its race entries summed per driver (EventReader
 * `participantTotals`, with `laps_led`): race points (`score`) summed, ties broken by wins, then
 * second places, and so on (countback), then name.
 */
export const standings = (totals: ReadonlyArray<ParticipantTotals>): ReadonlyArray<NascarStandingRow> => {
  const led = new Map(totals.map((t) => [t.participant_id, t.stat]))
  return rankPoints(totals.map((t) => ({
    key: t.participant_id,
    name: t.participant_name,
    points: t.score,
    results: t.positions.length,
    finishes: finishCounts(t.positions)
  }))).map((r) => ({
    player_id: r.key,
    player_name: r.name,
    position: r.rank,
    driver_id: r.key,
    driver_name: r.name,
    points: r.points,
    wins: r.wins,
    top5: r.finishes.slice(0, 5).reduce((a, b) => a + b, 0),
    top10: r.finishes.slice(0, 10).reduce((a, b) => a + b, 0),
    races: r.results,
    laps_led: led.get(r.key) ?? 0
  }))
}

// ---------------------------------------------------------------------------------------------
// Response rows of /v1/nascar
// ---------------------------------------------------------------------------------------------

/** A race (`/v1/nascar/races`). `date` is always null: the source has none (see meta.coverage). */
export const NascarRace = Schema.Struct({
  ...GameRef,
  event_id: Schema.String,
  series: NascarSeries,
  season: Schema.Int,
  race_number: Schema.Int,
  name: Schema.String,
  track: Schema.NullOr(Schema.String),
  length_miles: Schema.NullOr(Schema.Number),
  surface: Schema.NullOr(Schema.String),
  laps: Schema.NullOr(Schema.Int),
  date: Schema.Null,
  state: Schema.String,
  winner: Schema.NullOr(Schema.Struct({ ...PlayerRef, driver_id: Schema.String, driver_name: Schema.String }))
}).annotations({ identifier: "NascarRace" })
export type NascarRace = typeof NascarRace.Type

/** One driver's result in a race (`/v1/nascar/results`). */
export const NascarResult = Schema.Struct({
  ...PlayerRef,
  ...GameRef,
  event_id: Schema.String,
  position: Schema.NullOr(Schema.Int),
  driver_id: Schema.String,
  driver_name: Schema.String,
  team: Schema.NullOr(Schema.String),
  car_number: Schema.NullOr(Schema.String),
  manufacturer: Schema.NullOr(Schema.String),
  start: Schema.NullOr(Schema.Int),
  laps: Schema.NullOr(Schema.Int),
  laps_led: Schema.NullOr(Schema.Int),
  status: Schema.NullOr(Schema.String),
  points: Schema.NullOr(Schema.Number),
  stage_1: Schema.NullOr(Schema.Int),
  stage_2: Schema.NullOr(Schema.Int),
  driver_rating: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "NascarResult" })
export type NascarResult = typeof NascarResult.Type

/** A row of `/v1/nascar/standings` (see {@link standings} and {@link STANDINGS_BASIS}). */
export const NascarStanding = Schema.Struct({
  ...PlayerRef,
  position: Schema.Int,
  driver_id: Schema.String,
  driver_name: Schema.String,
  points: Schema.Number,
  wins: Schema.Int,
  top5: Schema.Int,
  top10: Schema.Int,
  races: Schema.Int,
  laps_led: Schema.Int
}).annotations({ identifier: "NascarStanding" })

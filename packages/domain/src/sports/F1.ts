/**
 * Formula 1: the event sport module (see EventSportModule.ts), its sessions, points systems and
 * championship tables, and the response rows of `/v1/f1`.
 *
 * Storage: each session of a grand prix is its own `SportEvent` (Canonical.ts). The race is the
 * grand prix event itself (`attributes.session = "race"`); qualifying, sprint and sprint
 * qualifying are events whose id is the race's id plus `_<session>` and whose
 * `attributes.grand_prix_event_id` names the race. Every session event carries `round`.
 * Entries: one per driver per session, `team` the constructor id, `score` the championship
 * points of a race or sprint (null for a qualifying session).
 * @module
 */
import { Schema } from "effect"
import type { EventEntry, SportEvent } from "../Canonical.js"
import { DateString, GameRef, PlayerRef } from "../Resources.js"
import { EVENT_STATES, type EventSportModule } from "./EventSportModule.js"
import { type PointsRow, pointsTable } from "./PointsTable.js"

/** The Formula 1 module. */
export const f1 = {
  key: "f1",
  name: "Formula 1",
  shortName: "Formula 1",
  leagues: ["f1"],
  defaultLeague: "f1",
  eventStates: EVENT_STATES,
  participant: "driver",
  dfs: false
} as const satisfies EventSportModule<"f1">

/** Sessions with results in a source (f1db): practice has none. */
export const F1Session = Schema.Literal("race", "qualifying", "sprint", "sprint_qualifying")
export type F1Session = typeof F1Session.Type

/** Sessions that score championship points. */
export const scoringSessions: ReadonlyArray<F1Session> = ["race", "sprint"]

/** The event id of `session` of the grand prix whose race event id is `raceEventId`. */
export const sessionEventId = (raceEventId: string, session: F1Session): string =>
  session === "race" ? raceEventId : `${raceEventId}_${session}`

/**
 * A points system: points by finishing position (index 0 = winner), and the bonus for the
 * fastest lap (given only to a driver classified within `fastestLapTop`), 0 when none.
 */
export interface PointsSystem {
  readonly byPosition: ReadonlyArray<number>
  readonly fastestLap: number
  readonly fastestLapTop: number
}

/**
 * Points systems from 2022 (FIA Formula One Sporting Regulations, article "Points"): races score
 * 25-18-15-12-10-8-6-4-2-1 with one point for the fastest lap inside the top ten (2019-2024;
 * abolished from 2025); sprints 8-7-6-5-4-3-2-1 (from 2022). Keyed by the first season a system
 * applies; a season uses the latest key not after it.
 */
export const pointsSystems: Readonly<Record<number, Readonly<Record<"race" | "sprint", PointsSystem>>>> = {
  2022: {
    race: { byPosition: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1], fastestLap: 1, fastestLapTop: 10 },
    sprint: { byPosition: [8, 7, 6, 5, 4, 3, 2, 1], fastestLap: 0, fastestLapTop: 0 }
  },
  2025: {
    race: { byPosition: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1], fastestLap: 0, fastestLapTop: 0 },
    sprint: { byPosition: [8, 7, 6, 5, 4, 3, 2, 1], fastestLap: 0, fastestLapTop: 0 }
  }
}

/** The points system of `session` in `season`, or undefined before 2022 or for a non-scoring session. */
export const pointsSystemOf = (season: number, session: F1Session): PointsSystem | undefined => {
  if (session !== "race" && session !== "sprint") return undefined
  const key = Object.keys(pointsSystems).map(Number).filter((k) => k <= season).sort((a, b) => b - a)[0]
  return key === undefined ? undefined : pointsSystems[key]![session]
}

/**
 * The points a classified `position` scores in `session` of `season` by the regulations (full
 * points; a race shortened to partial points is not modelled), plus the fastest-lap bonus when
 * `fastestLap`; undefined when no system is known. Ingest compares it with the source's points.
 */
export const regulationPoints = (
  season: number,
  session: F1Session,
  position: number | null,
  fastestLap: boolean
): number | undefined => {
  const system = pointsSystemOf(season, session)
  if (system === undefined) return undefined
  if (position === null) return 0
  const base = system.byPosition[position - 1] ?? 0
  return base + (fastestLap && position <= system.fastestLapTop ? system.fastestLap : 0)
}

/** A duration `1:37:33.584`, `1:31.471` or `5.598` as milliseconds; undefined when not one. */
export const parseDuration = (text: string): number | undefined => {
  const m = /^(?:(\d+):)?(?:(\d{1,2}):)?(\d{1,2}(?:\.\d{1,3})?)$/.exec(text.trim())
  if (m === null) return undefined
  const [h, mi] = m[2] === undefined ? [0, Number(m[1] ?? 0)] : [Number(m[1]), Number(m[2])]
  return Math.round(((h * 60 + mi) * 60 + Number(m[3])) * 1000)
}

/** Milliseconds written as F1DB writes durations: `1:37:33.584`, `1:31.471`, `5.598`. */
export const formatDuration = (ms: number): string => {
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = ((ms % 60_000) / 1000).toFixed(3)
  if (h > 0) return `${h}:${String(m).padStart(2, "0")}:${s.padStart(6, "0")}`
  return m > 0 ? `${m}:${s.padStart(6, "0")}` : s
}

/** A session event's session (`attributes.session`), or undefined when it has none. */
export const sessionOf = (event: SportEvent): F1Session | undefined => {
  const s = event.attributes["session"]
  return Schema.is(F1Session)(s) ? s : undefined
}

/** A session event's championship round (`attributes.round`), or undefined. */
export const roundOf = (event: SportEvent): number | undefined => {
  const r = event.attributes["round"]
  return typeof r === "number" ? r : undefined
}

/** The championship tables of a season after some round: drivers and constructors. */
export interface F1Tables {
  readonly drivers: ReadonlyArray<PointsRow & { readonly constructors: ReadonlyArray<string> }>
  readonly constructors: ReadonlyArray<PointsRow>
}

/**
 * The drivers' and constructors' championships from the race and sprint entries of a season's
 * session events (`events`; other sessions are ignored). Points are each entry's `score` (the
 * points the source awards, fastest-lap bonus included); ties are broken by countback of race
 * finishing positions only (sprint places do not count, as the regulations say since 2021); a
 * constructor's points are every entry scored under its id (`team`). `constructorName` names a
 * constructor id. Each driver row lists the constructor ids they scored under, in race order.
 */
export const championship = (
  events: ReadonlyArray<SportEvent>,
  entries: ReadonlyArray<EventEntry>,
  constructorName: (id: string) => string
): F1Tables => {
  const sessionById = new Map(events.flatMap((e) => {
    const s = sessionOf(e)
    return s === "race" || s === "sprint" ? [[e.id, { session: s, round: roundOf(e) ?? 0 }] as const] : []
  }))
  const counted = entries
    .flatMap((e) => {
      const s = sessionById.get(e.event_id)
      return s === undefined ? [] : [{ e, ...s }]
    })
    .sort((a, b) => a.round - b.round || (a.session < b.session ? -1 : a.session > b.session ? 1 : 0))
  const countbackPosition = (x: { e: EventEntry; session: string }) =>
    x.session === "race" && x.e.status !== "dsq" ? x.e.position : null
  const drivers = pointsTable(counted.map((x) => ({
    key: x.e.participant_id,
    name: x.e.participant_name,
    points: x.e.score ?? 0,
    position: countbackPosition(x)
  })))
  const teams = new Map<string, Array<string>>()
  for (const x of counted) {
    if (x.e.team === null) continue
    const list = teams.get(x.e.participant_id) ?? []
    if (!list.includes(x.e.team)) list.push(x.e.team)
    teams.set(x.e.participant_id, list)
  }
  const constructors = pointsTable(counted.flatMap((x) =>
    x.e.team === null ? [] : [{
      key: x.e.team,
      name: constructorName(x.e.team),
      points: x.e.score ?? 0,
      position: countbackPosition(x)
    }]
  ))
  return { drivers: drivers.map((d) => ({ ...d, constructors: teams.get(d.key) ?? [] })), constructors }
}

// ---------------------------------------------------------------------------------------------
// Response rows of /v1/f1 (the specification shows no fields: these follow its style)
// ---------------------------------------------------------------------------------------------

/**
 * A grand prix (`/v1/f1/races`). `event_id` is the race's id (`svc_f1_<f1db race id>`);
 * `sessions` lists the sessions whose results are held (none for a race not run yet), each with
 * its event id for `/v1/f1/results?event=`; `date` the race day, `time` the race start (UTC) or
 * null; `state` final once the race day has passed (its results may still be missing: see
 * `sessions`).
 */
export const F1Race = Schema.Struct({
  ...GameRef,
  event_id: Schema.String,
  season: Schema.Int,
  round: Schema.Int,
  name: Schema.String,
  official_name: Schema.NullOr(Schema.String),
  date: Schema.NullOr(DateString),
  time: Schema.NullOr(Schema.String),
  state: Schema.String,
  circuit: Schema.Struct({
    id: Schema.String,
    name: Schema.NullOr(Schema.String),
    type: Schema.NullOr(Schema.String),
    place: Schema.NullOr(Schema.String),
    length_km: Schema.NullOr(Schema.Number)
  }),
  laps: Schema.NullOr(Schema.Int),
  distance_km: Schema.NullOr(Schema.Number),
  sprint_weekend: Schema.Boolean,
  sessions: Schema.Array(Schema.Struct({ session: F1Session, event_id: Schema.String }))
}).annotations({ identifier: "F1Race" })
export type F1Race = typeof F1Race.Type

/**
 * One driver's result in one session (`/v1/f1/results`). `position` null when not classified
 * (`status` dns, dsq or nc); `status` finished, dnf (classified or not, with `retired_reason`),
 * dns, dsq, nc. Race and sprint: `grid`, `laps`, `time` (winner's total, else null), `gap`
 * (`+5.598`, `+1 lap`), `points`. Qualifying: `q1`, `q2`, `q3` lap times (`1:31.471`).
 */
export const F1Result = Schema.Struct({
  ...PlayerRef,
  event_id: Schema.String,
  session: F1Session,
  position: Schema.NullOr(Schema.Int),
  status: Schema.NullOr(Schema.String),
  driver_id: Schema.String,
  driver_name: Schema.String,
  driver_number: Schema.NullOr(Schema.Int),
  constructor_id: Schema.NullOr(Schema.String),
  constructor_name: Schema.NullOr(Schema.String),
  grid: Schema.NullOr(Schema.Int),
  laps: Schema.NullOr(Schema.Int),
  time: Schema.NullOr(Schema.String),
  gap: Schema.NullOr(Schema.String),
  retired_reason: Schema.NullOr(Schema.String),
  points: Schema.NullOr(Schema.Number),
  q1: Schema.NullOr(Schema.String),
  q2: Schema.NullOr(Schema.String),
  q3: Schema.NullOr(Schema.String)
}).annotations({ identifier: "F1Result" })
export type F1Result = typeof F1Result.Type

/** A row of the drivers' championship. `constructors`: the constructor ids the driver scored under. */
export const F1DriverStanding = Schema.Struct({
  ...PlayerRef,
  position: Schema.Int,
  driver_id: Schema.String,
  driver_name: Schema.String,
  constructors: Schema.Array(Schema.String),
  points: Schema.Number,
  wins: Schema.Int,
  podiums: Schema.Int
}).annotations({ identifier: "F1DriverStanding" })

/** A row of the constructors' championship. */
export const F1ConstructorStanding = Schema.Struct({
  position: Schema.Int,
  constructor_id: Schema.String,
  constructor_name: Schema.String,
  points: Schema.Number,
  wins: Schema.Int,
  podiums: Schema.Int
}).annotations({ identifier: "F1ConstructorStanding" })

/**
 * `/v1/f1/standings` data: the season, the round the tables stand after (null when no result
 * is held), both championships, and how they are computed (`basis`).
 */
export const F1Standings = Schema.Struct({
  season: Schema.NullOr(Schema.Int),
  round: Schema.NullOr(Schema.Int),
  basis: Schema.String,
  drivers: Schema.Array(F1DriverStanding),
  constructors: Schema.Array(F1ConstructorStanding)
}).annotations({ identifier: "F1Standings" })
export type F1Standings = typeof F1Standings.Type

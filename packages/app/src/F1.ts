/**
 * The Formula 1 feature: a season's grands prix, a session's results and the drivers' and
 * constructors' championships after any round, computed by the domain's `F1` rules from the
 * race and sprint entries.
 * @module
 */
import { type EventEntry, EventReader, F1 as F1Rules, type SportEvent } from "@sports-data/domain"
import { Effect } from "effect"
import {
  allEvents,
  attrNumber,
  attrString,
  entriesOf,
  eventIdOf,
  eventState,
  latestFinal,
  requireEvent
} from "./Events.js"

const record = (v: unknown): Readonly<Record<string, unknown>> =>
  typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {}

/** The grand prix row of a race event. */
const raceRow = (e: SportEvent, now: Date): F1Rules.F1Race => {
  const a = e.attributes
  const sessions = Array.isArray(a["sessions"])
    ? (a["sessions"] as ReadonlyArray<F1Rules.F1Session>)
    : []
  return {
    game_id: e.id,
    event_id: e.id,
    season: e.season,
    round: F1Rules.roundOf(e) ?? 0,
    name: e.name,
    official_name: attrString(a["official_name"]),
    date: e.start_date,
    time: attrString(a["time"]),
    state: eventState(e, now),
    circuit: {
      id: attrString(a["circuit_id"]) ?? "",
      name: e.venue ?? attrString(a["circuit_name"]),
      type: attrString(a["circuit_type"]),
      place: attrString(a["circuit_place"]),
      length_km: attrNumber(a["circuit_length_km"])
    },
    laps: attrNumber(a["laps"]),
    distance_km: attrNumber(a["distance_km"]),
    sprint_weekend: a["sprint_weekend"] === true,
    sessions: sessions.map((session) => ({ session, event_id: F1Rules.sessionEventId(e.id, session) }))
  }
}

/** Milliseconds as F1 writes a duration, or null. */
const duration = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : F1Rules.formatDuration(ms)

/** The result row of an entry of session event `event`. */
const resultRow = (event: SportEvent, session: F1Rules.F1Session, e: EventEntry): F1Rules.F1Result => {
  const s = e.stats
  const lapsBehind = s["laps_behind"] ?? null
  const constructors = record(event.attributes["constructors"])
  return {
    player_id: e.participant_id,
    player_name: e.participant_name,
    event_id: event.id,
    session,
    position: e.position,
    status: e.status,
    driver_id: e.participant_id,
    driver_name: e.participant_name,
    driver_number: s["number"] ?? null,
    constructor_id: e.team,
    constructor_name: e.team === null ? null : attrString(constructors[e.team]) ?? e.team,
    grid: s["grid"] ?? null,
    laps: s["laps"] ?? null,
    time: duration(s["time_ms"]),
    gap: lapsBehind !== null
      ? `+${lapsBehind} lap${lapsBehind === 1 ? "" : "s"}`
      : s["gap_ms"] === null || s["gap_ms"] === undefined
      ? null
      : `+${duration(s["gap_ms"])}`,
    retired_reason: attrString(record(event.attributes["retirements"])[e.participant_id]),
    points: e.score,
    q1: duration(s["q1_ms"]),
    q2: duration(s["q2_ms"]),
    q3: duration(s["q3_ms"])
  }
}

/** How the standings are computed: stated in every answer. */
export const STANDINGS_BASIS =
  "computed from race and sprint points as the source awards them (fastest-lap points included); ties broken by countback of race finishes"

/** The Formula 1 feature. */
export class F1 extends Effect.Service<F1>()("@sports-data/app/F1", {
  effect: Effect.gen(function*() {
    const events = yield* EventReader

    /** The latest season with a held event, or undefined. */
    const latestSeason = Effect.map(
      events.events({ sport: "f1", limit: 1, offset: 0, order: "desc" }),
      (p) => p.rows[0]?.season
    )

    /** The latest race (not another session) with results, or undefined. */
    const latestRace = Effect.map(
      events.events({ sport: "f1", state: "final", limit: 20, offset: 0, order: "desc" }),
      (p) => p.rows.find((e) => F1Rules.sessionOf(e) === "race")
    )

    /**
     * The grands prix of `season` (default: the latest season held) in round order, at most
     * `limit`, each with its state at `now` and the sessions whose results are held.
     */
    const races = Effect.fn("F1.races")(function*(
      query: { readonly season?: number | undefined; readonly limit: number },
      now: Date
    ) {
      const season = query.season ?? (yield* latestSeason)
      if (season === undefined) return { season: null, rows: [] }
      const held = (yield* allEvents(events, { sport: "f1", season }))
        .filter((e) => F1Rules.sessionOf(e) === "race")
        .sort((a, b) => (F1Rules.roundOf(a) ?? 0) - (F1Rules.roundOf(b) ?? 0))
      return { season, rows: held.slice(0, query.limit).map((e) => raceRow(e, now)) }
    })

    /**
     * The results of `session` of grand prix `event` (`svc_f1_<id>`, the bare F1DB race id, or
     * any of its session event ids; default: the latest race with results), in finishing order
     * (unclassified last). ResourceNotFound (event) when no such grand prix is held. `held` is
     * false when the grand prix has no such session with results (no sprint that weekend, or not
     * run yet).
     */
    const results = Effect.fn("F1.results")(function*(
      query: { readonly event?: string | undefined; readonly session: F1Rules.F1Session },
      now: Date
    ) {
      const named = query.event === undefined
        ? yield* latestRace
        : yield* requireEvent(events, "f1", eventIdOf("f1", query.event))
      if (named === undefined) return { race: null, held: false, rows: [] }
      const raceId = attrString(named.attributes["grand_prix_event_id"]) ?? named.id
      const race = raceId === named.id ? named : yield* requireEvent(events, "f1", raceId)
      const id = F1Rules.sessionEventId(race.id, query.session)
      const page = yield* events.events({ sport: "f1", ids: [id], limit: 1, offset: 0, order: "asc" })
      const session = page.rows[0]
      const entries = session === undefined ? [] : yield* entriesOf(events, "f1", [session.id])
      const rows = session === undefined
        ? []
        : [...entries]
          .sort((a, b) => (a.position ?? 999) - (b.position ?? 999) || a.participant_id.localeCompare(b.participant_id))
          .map((e) => resultRow(session, query.session, e))
      return { race: raceRow(race, now), held: rows.length > 0, rows }
    })

    /**
     * The championships of `season` (default: the latest season with a result) after `round`
     * (default and at most: the last round with results). Empty tables with null round when
     * the season has no result.
     */
    const standings = Effect.fn("F1.standings")(function*(
      query: { readonly season?: number | undefined; readonly round?: number | undefined }
    ) {
      const season = query.season ?? (yield* latestFinal(events, "f1"))?.season
      if (season === undefined) {
        return { season: null, round: null, basis: STANDINGS_BASIS, drivers: [], constructors: [] }
      }
      const held = (yield* allEvents(events, { sport: "f1", season, state: "final" }))
        .filter((e) => F1Rules.scoringSessions.includes(F1Rules.sessionOf(e) ?? "qualifying"))
      const lastRound = held.reduce<number | null>((m, e) => Math.max(m ?? 0, F1Rules.roundOf(e) ?? 0), null)
      const round = lastRound === null ? null : Math.min(query.round ?? lastRound, lastRound)
      const counted = held.filter((e) => round !== null && (F1Rules.roundOf(e) ?? 0) <= round)
      const entries = yield* entriesOf(events, "f1", counted.map((e) => e.id))
      const names = new Map<string, string>()
      for (const e of counted) {
        for (const [id, name] of Object.entries(record(e.attributes["constructors"]))) {
          if (typeof name === "string") names.set(id, name)
        }
      }
      const tables = F1Rules.championship(counted, entries, (id) => names.get(id) ?? id)
      const podiums = (f: ReadonlyArray<number>) => f.slice(0, 3).reduce((a, b) => a + b, 0)
      return {
        season,
        round,
        basis: STANDINGS_BASIS,
        drivers: tables.drivers.map((d) => ({
          player_id: d.key,
          player_name: d.name,
          position: d.rank,
          driver_id: d.key,
          driver_name: d.name,
          constructors: d.constructors,
          points: d.points,
          wins: d.wins,
          podiums: podiums(d.finishes)
        })),
        constructors: tables.constructors.map((c) => ({
          position: c.rank,
          constructor_id: c.key,
          constructor_name: c.name,
          points: c.points,
          wins: c.wins,
          podiums: podiums(c.finishes)
        }))
      } satisfies F1Rules.F1Standings
    })

    return { races, results, standings } as const
  })
}) {}

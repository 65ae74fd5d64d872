/**
 * The NASCAR feature: a series season's races, a race's results and the season's points table
 * (the sum of race points, by the domain's `Nascar` rules).
 * @module
 */
import { type EventEntry, EventReader, Nascar as NascarRules, type SportEvent } from "@sports-data/domain"
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

/** The race row of an event, with its winner among `entries` (if held). */
const raceRow = (e: SportEvent, entries: ReadonlyArray<EventEntry>, now: Date): NascarRules.NascarRace => {
  const winner = entries.find((x) => x.event_id === e.id && x.position === 1)
  return {
    game_id: e.id,
    event_id: e.id,
    series: e.league as NascarRules.NascarSeries,
    season: e.season,
    race_number: attrNumber(e.attributes["race_number"]) ?? 0,
    name: e.name,
    track: e.venue,
    length_miles: attrNumber(e.attributes["length_miles"]),
    surface: attrString(e.attributes["surface"]),
    laps: attrNumber(e.attributes["laps"]),
    date: null,
    state: eventState(e, now),
    winner: winner === undefined ? null : {
      player_id: winner.participant_id,
      player_name: winner.participant_name,
      driver_id: winner.participant_id,
      driver_name: winner.participant_name
    }
  }
}

/** The result row of an entry of race `event`. */
const resultRow = (event: SportEvent, e: EventEntry): NascarRules.NascarResult => {
  const cars = event.attributes["cars"] as Readonly<Record<string, { car?: unknown; make?: unknown }>> | undefined
  const car = cars?.[e.participant_id]
  const int = (k: string) => e.stats[k] ?? null
  return {
    player_id: e.participant_id,
    player_name: e.participant_name,
    game_id: event.id,
    event_id: event.id,
    position: e.position,
    driver_id: e.participant_id,
    driver_name: e.participant_name,
    team: e.team,
    car_number: attrString(car?.car),
    manufacturer: attrString(car?.make),
    start: int("start"),
    laps: int("laps"),
    laps_led: int("laps_led"),
    status: e.status,
    points: e.score,
    stage_1: int("stage_1"),
    stage_2: int("stage_2"),
    driver_rating: int("rating")
  }
}

/** The NASCAR feature. */
export class Nascar extends Effect.Service<Nascar>()("@sports-data/app/Nascar", {
  effect: Effect.gen(function*() {
    const events = yield* EventReader

    /** The latest season of `series` with a race held, or undefined. */
    const latestSeason = (series: NascarRules.NascarSeries) =>
      Effect.map(latestFinal(events, "nascar", series), (e) => e?.season)

    /**
     * The races of `series` in `season` (default: the series' latest season) in race order, at
     * most `limit`, each with its winner.
     */
    const races = Effect.fn("Nascar.races")(function*(
      query: {
        readonly series: NascarRules.NascarSeries
        readonly season?: number | undefined
        readonly limit: number
      },
      now: Date
    ) {
      const season = query.season ?? (yield* latestSeason(query.series))
      if (season === undefined) return { season: null, rows: [] }
      const held = (yield* allEvents(events, { sport: "nascar", league: query.series, season })).slice(0, query.limit)
      // the winners only: a race row shows its winner (about 40 entries a race otherwise)
      const entries = yield* entriesOf(events, "nascar", held.map((e) => e.id), 1)
      return { season, rows: held.map((e) => raceRow(e, entries, now)) }
    })

    /**
     * The results of race `event` (`svc_nascar_<series>-<season>-<NN>` or the id without the
     * prefix; default: the latest race of `series`) in finishing order. ResourceNotFound (event)
     * when not held.
     */
    const results = Effect.fn("Nascar.results")(function*(
      query: { readonly series: NascarRules.NascarSeries; readonly event?: string | undefined },
      now: Date
    ) {
      const race = query.event === undefined
        ? yield* latestFinal(events, "nascar", query.series)
        : yield* requireEvent(events, "nascar", eventIdOf("nascar", query.event))
      if (race === undefined) return { race: null, rows: [] }
      const entries = yield* entriesOf(events, "nascar", [race.id])
      const rows = [...entries]
        .sort((a, b) => (a.position ?? 999) - (b.position ?? 999) || a.participant_id.localeCompare(b.participant_id))
        .map((e) => resultRow(race, e))
      return { race: raceRow(race, entries, now), rows }
    })

    /**
     * The points table of `series` in `season` (default: the series' latest season): race points
     * summed (see `Nascar.STANDINGS_BASIS`).
     */
    const standings = Effect.fn("Nascar.standings")(function*(
      query: { readonly series: NascarRules.NascarSeries; readonly season?: number | undefined }
    ) {
      const season = query.season ?? (yield* latestSeason(query.series))
      if (season === undefined) return { season: null, races: 0, rows: [] }
      const held = yield* allEvents(events, { sport: "nascar", league: query.series, season })
      const totals = yield* events.participantTotals({
        sport: "nascar",
        event_ids: held.map((e) => e.id),
        stat: "laps_led"
      })
      return { season, races: held.length, rows: NascarRules.standings(totals) }
    })

    return { races, results, standings } as const
  })
}) {}

/**
 * The tennis feature: matches (2022 to February 2026), ranking lists, head to head and a
 * player's game log, as the specification's resources (domain `TennisResources`), over the
 * EventReader and the AthleteReader through the event-sport helpers (Events.ts).
 * @module
 */
import {
  type Athlete,
  AthleteReader,
  type EventEntry,
  EventReader,
  InvalidParameter,
  type SportEvent,
  TennisResources as R
} from "@sports-data/domain"
import { Effect } from "effect"
import { attrNumber, attrString, entriesByEvent, eventsPage, resolveAthlete, sharedEvents } from "./Events.js"

const int = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? Math.round(v) : null)

/** A match's side from its entry and the athlete (for the country). */
const matchPlayer = (entry: EventEntry | undefined, athlete: Athlete | undefined): R.MatchPlayer => ({
  player_id: entry?.participant_id ?? "",
  player_name: athlete?.name ?? entry?.participant_name ?? "",
  id: entry?.participant_id ?? "",
  name: athlete?.name ?? entry?.participant_name ?? "",
  country: athlete?.country ?? null,
  rank: int(entry?.stats["rank"]),
  seed: int(entry?.stats["seed"])
})

/** The match resource of an event and its entries (winner position 1, loser 2). */
export const matchRow = (
  event: SportEvent,
  entries: ReadonlyArray<EventEntry>,
  athletes: ReadonlyMap<string, Athlete>
): R.Match => {
  const winner = entries.find((e) => e.position === 1)
  const loser = entries.find((e) => e.position === 2)
  const a = event.attributes
  return {
    game_id: event.id,
    id: event.id,
    tour: event.league,
    season: event.season,
    date: event.start_date,
    date_precision: a["date_precision"] === "day" ? "day" : "tournament_week",
    state: event.state,
    tournament: attrString(a["tournament"]) ?? event.name,
    tournament_id: attrString(a["tournament_id"]),
    level: attrString(a["level"]),
    surface: attrString(a["surface"]),
    round: attrString(a["round"]),
    best_of: int(a["best_of"]),
    venue: event.venue,
    winner: matchPlayer(winner, winner === undefined ? undefined : athletes.get(winner.participant_id)),
    loser: matchPlayer(loser, loser === undefined ? undefined : athletes.get(loser.participant_id)),
    score: attrString(a["score"]),
    outcome: attrString(a["outcome"]) ?? "completed",
    minutes: int(a["minutes"])
  }
}

/** The player resource of an athlete. */
export const playerRow = (a: Athlete): R.Player => ({
  player_id: a.id,
  player_name: a.name,
  id: a.id,
  name: a.name,
  tour: a.league,
  country: a.country,
  birth_date: a.birth_date,
  hand: attrString(a.attributes["hand"]),
  height_cm: attrNumber(a.attributes["height_cm"])
})

/** The tennis feature. */
export class Tennis extends Effect.Service<Tennis>()("@sports-data/app/Tennis", {
  effect: Effect.gen(function*() {
    const events = yield* EventReader
    const athletes = yield* AthleteReader

    /** The athletes with these ids, by id: one page of as many rows as distinct ids (an id names one athlete at most). */
    const athletesOf = (ids: ReadonlyArray<string>) => {
      const unique = [...new Set(ids)]
      return unique.length === 0
        ? Effect.succeed(new Map<string, Athlete>())
        : Effect.map(
          athletes.find({ sport: "tennis", ids: unique, limit: unique.length, offset: 0 }),
          (page) => new Map(page.rows.map((a) => [a.id, a] as const))
        )
    }

    /** Match resources of `rows` (events), in their order. */
    const matchRows = (rows: ReadonlyArray<SportEvent>) =>
      Effect.gen(function*() {
        const entries = yield* entriesByEvent(events, "tennis", rows.map((e) => e.id))
        const people = yield* athletesOf([...entries.values()].flat().map((e) => e.participant_id))
        return rows.map((e) => matchRow(e, entries.get(e.id) ?? [], people))
      })

    /**
     * The first `limit` matches of `tour`, newest first, on `date` (the match day, or the
     * tournament's start date for 2022-2024 matches) and in `state` when given.
     */
    const matches = Effect.fn("Tennis.matches")(function*(query: {
      readonly tour: string
      readonly date?: string | undefined
      readonly state?: string | undefined
      readonly limit: number
    }) {
      const page = yield* eventsPage(events, "tennis", {
        league: query.tour,
        date: query.date,
        state: query.state,
        limit: query.limit
      })
      return yield* matchRows(page.rows)
    })

    /**
     * The first `limit` places of `tour`'s list of `date`, or of its latest list when no date is
     * given; `ranking_date` null when the tour has no list (of that date).
     */
    const rankings = Effect.fn("Tennis.rankings")(function*(query: {
      readonly tour: string
      readonly date?: string | undefined
      readonly limit: number
    }) {
      const dates = yield* athletes.rankingDates("tennis", query.tour)
      const date = query.date ?? dates[0]
      if (date === undefined || !dates.includes(date)) {
        return { ranking_date: null, rows: [] as ReadonlyArray<R.Ranking>, dates }
      }
      const page = yield* athletes.rankings({
        sport: "tennis",
        league: query.tour,
        date,
        limit: query.limit,
        offset: 0
      })
      const people = yield* athletesOf(page.rows.map((r) => r.athlete_id))
      const rows = page.rows.map((r): R.Ranking => ({
        rank: r.rank,
        player_id: r.athlete_id,
        player_name: people.get(r.athlete_id)?.name ?? r.athlete_id,
        country: people.get(r.athlete_id)?.country ?? null,
        points: r.points,
        tour: r.league,
        ranking_date: r.ranking_date
      }))
      return { ranking_date: date, rows, dates }
    })

    /** The player a request names (id or name, within `tour` when given); see Events `resolveAthlete`. */
    const player = (value: string, parameter: string, tour: string | undefined) =>
      resolveAthlete(athletes, "tennis", value, { parameter, resource: "player", league: tour })

    /**
     * Head to head of two players (each by id or name): wins each over every match held, by
     * surface, and the first `limit` matches newest first. InvalidParameter (player2) when both
     * name the same player; ResourceNotFound / InvalidParameter (ambiguous) from resolving.
     */
    const headToHead = Effect.fn("Tennis.headToHead")(function*(query: {
      readonly player1: string
      readonly player2: string
      readonly tour?: string | undefined
      readonly limit: number
    }) {
      const p1 = yield* player(query.player1, "player1", query.tour)
      const p2 = yield* player(query.player2, "player2", query.tour)
      if (p1.id === p2.id) {
        return yield* Effect.fail(
          new InvalidParameter({ parameter: "player2", reason: `names the same player as player1 (${p1.id})` })
        )
      }
      const shared = (yield* sharedEvents(events, "tennis", p1.id, p2.id)).filter((s) =>
        query.tour === undefined || s.event.league === query.tour
      )
      const bySurface = new Map<string, { player1_wins: number; player2_wins: number }>()
      let w1 = 0
      let w2 = 0
      for (const { entries, event } of shared) {
        const winner = entries.find((e) => e.position === 1)?.participant_id
        const surface = attrString(event.attributes["surface"]) ?? "Unknown"
        const split = bySurface.get(surface) ?? { player1_wins: 0, player2_wins: 0 }
        bySurface.set(surface, split)
        if (winner === p1.id) {
          w1++
          split.player1_wins++
        } else if (winner === p2.id) {
          w2++
          split.player2_wins++
        }
      }
      const people = new Map([[p1.id, p1], [p2.id, p2]] as const)
      const result: R.HeadToHead = {
        player1: playerRow(p1),
        player2: playerRow(p2),
        total_matches: shared.length,
        player1_wins: w1,
        player2_wins: w2,
        by_surface: [...bySurface].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([surface, s]) => ({
          surface,
          ...s
        })),
        matches: shared.slice(0, query.limit).map((s) => matchRow(s.event, s.entries, people))
      }
      return result
    })

    /**
     * A player's matches (by id or name), newest first, the first `limit`, within `tour` when
     * given; with the player. ResourceNotFound for an unknown player.
     */
    const gameLog = Effect.fn("Tennis.gameLog")(function*(
      name: string,
      query: { readonly tour?: string | undefined; readonly limit: number }
    ) {
      const p = yield* player(name, "name", query.tour)
      // his newest `limit` matches (the reader's newest-first order), never his whole record
      const page = yield* events.events({
        sport: "tennis",
        participant_id: p.id,
        order: "desc",
        limit: query.limit,
        offset: 0
      })
      const entries = yield* entriesByEvent(events, "tennis", page.rows.map((e) => e.id))
      const played = page.rows.flatMap((event) => {
        const entry = entries.get(event.id)?.find((e) => e.participant_id === p.id)
        return entry === undefined ? [] : [{ entry, event }]
      })
      const opponentsIds = [...entries.values()].flat().map((e) => e.participant_id).filter((id) => id !== p.id)
      const people = yield* athletesOf(opponentsIds)
      const rows = played.map(({ entry, event }): R.GameLogRow => {
        const match = matchRow(event, entries.get(event.id) ?? [], people)
        const won = entry.position === 1
        return {
          game_id: match.id,
          match_id: match.id,
          date: match.date,
          date_precision: match.date_precision,
          tour: match.tour,
          tournament: match.tournament,
          surface: match.surface,
          round: match.round,
          result: won ? "won" : "lost",
          opponent: won ? match.loser : match.winner,
          rank: int(entry.stats["rank"]),
          score: match.score,
          outcome: match.outcome
        }
      })
      return { player: playerRow(p), rows }
    })

    return { matches, rankings, headToHead, gameLog } as const
  })
}) {}

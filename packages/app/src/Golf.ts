/**
 * The golf feature: tournaments of a tour, a tournament's leaderboard (positions with ties and
 * missed cuts by the domain's `Golf` rules) and a golfer's scoring average.
 * @module
 */
import {
  type EventEntry,
  EventReader,
  Golf as GolfRules,
  parseCanonicalPlayerId,
  type SportEvent
} from "@sports-data/domain"
import { Effect } from "effect"
import { allEvents, attrNumber, entriesOf, eventIdOf, eventState, requireEvent } from "./Events.js"
import { allRows, notFound } from "./Reads.js"

/** The tournament row of an event with `fieldSize` entries. */
const tournamentRow = (e: SportEvent, fieldSize: number, now: Date): GolfRules.GolfTournament => ({
  game_id: e.id,
  event_id: e.id,
  tour: e.league === "lpga" ? "lpga" : "pga",
  season: e.season,
  name: e.name,
  start_date: e.start_date,
  end_date: e.end_date,
  state: eventState(e, now),
  course: e.venue,
  purse: attrNumber(e.attributes["purse_musd"]),
  has_results: e.attributes["has_results"] === true,
  field_size: fieldSize
})

/** True when the rounds of an entry are whole (a finished or cut card; not a part-played round). */
const wholeRounds = (e: EventEntry): number | null => {
  const r = e.stats["rounds"]
  return typeof r === "number" && Number.isInteger(r) && r > 0 ? r : null
}

/** Status order of a leaderboard: finishers, missed second cuts, missed cuts, then withdrawals and DQs. */
const statusRank = (s: string | null) => (s === "finished" ? 0 : s === "mdf" ? 1 : s === "cut" ? 2 : 3)

/**
 * The leaderboard rows of one event's entries, best first: finishers by position (then the
 * source's order), missed cuts by score, then withdrawals. Positions shared by several
 * finishers are shown "T<n>".
 */
export const leaderboardRows = (entries: ReadonlyArray<EventEntry>): ReadonlyArray<GolfRules.GolfLeaderboardRow> => {
  const shared = new Map<number, number>()
  for (const e of entries) if (e.position !== null) shared.set(e.position, (shared.get(e.position) ?? 0) + 1)
  // a tie for first settled by a playoff: the winner 1, the others 2, all level on score
  const first = entries.find((e) => e.position === 1)
  const leadersTied = first !== undefined &&
    entries.some((e) => e.position === 2 && e.stats["to_par"] === first.stats["to_par"] && e.score === first.score)
  const sorted = [...entries].sort((a, b) =>
    statusRank(a.status) - statusRank(b.status) ||
    (a.position ?? 0) - (b.position ?? 0) ||
    (a.stats["to_par"] ?? 999) - (b.stats["to_par"] ?? 999) ||
    (a.stats["order"] ?? 0) - (b.stats["order"] ?? 0)
  )
  return sorted.map((e) => {
    const toPar = e.stats["to_par"] ?? null
    const amateur = e.stats["amateur"]
    return {
      position: GolfRules.positionLabel(
        { position: e.position, status: (e.status ?? "withdrawn") as GolfRules.GolfStatus },
        e.stats["tied"] !== undefined && e.stats["tied"] !== null
          ? e.stats["tied"] === 1
          : e.position !== null && (shared.get(e.position) ?? 0) > 1
      ),
      position_number: e.position,
      player_id: e.participant_id,
      player_name: e.participant_name,
      status: e.status ?? "withdrawn",
      total_strokes: e.score,
      score_to_par: toPar,
      score_to_par_display: toPar === null ? null : GolfRules.toParLabel(toPar),
      rounds_played: wholeRounds(e),
      rounds: null,
      stableford_points: e.stats["points"] ?? null,
      playoff: (e.stats["playoff_par"] ?? null) !== null ||
        (e.status === "finished" && e.position !== null && e.position <= 2 && leadersTied),
      amateur: amateur === undefined || amateur === null ? null : amateur === 1
    }
  })
}

/** Completed events looked at for the default leaderboard. */
const DEFAULT_LOOKBACK = 10

/** Names of qualifying tournaments, which are not events of the tour (PGA TOUR Q-School). */
const QUALIFYING = /\bQ-School\b|qualifying/i

/** The golf feature. */
export class Golf extends Effect.Service<Golf>()("@sports-data/app/Golf", {
  effect: Effect.gen(function*() {
    const events = yield* EventReader

    /**
     * Tournaments of `tour`: of `season` in date order when given, else every season's, the most
     * recent first; at most `limit`. Each row has its state at `now` and its field size.
     */
    const tournaments = Effect.fn("Golf.tournaments")(function*(
      query: { readonly tour: GolfRules.GolfTour; readonly season?: number | undefined; readonly limit: number },
      now: Date
    ) {
      const page = yield* events.events({
        sport: "golf",
        league: query.tour,
        season: query.season,
        order: query.season === undefined ? "desc" : "asc",
        limit: query.limit,
        offset: 0
      })
      // field sizes as one indexed count, not every entry of the listed events
      const sizes = yield* events.entryCounts("golf", page.rows.map((e) => e.id))
      return { rows: page.rows.map((e) => tournamentRow(e, sizes.get(e.id) ?? 0, now)), total: page.total }
    })

    /**
     * The default tournament of a leaderboard: `tour`'s newest completed tour event with results,
     * qualifying tournaments (Q-School) left out, since they are not events of the tour; among the
     * last DEFAULT_LOOKBACK completed events, else the newest completed one.
     */
    const defaultEvent = Effect.fn("Golf.defaultEvent")(function*(tour: GolfRules.GolfTour) {
      const recent = (yield* events.events({
        sport: "golf",
        league: tour,
        state: "final",
        limit: DEFAULT_LOOKBACK,
        offset: 0,
        order: "desc"
      })).rows
      const held = yield* events.entryCounts("golf", recent.map((e) => e.id))
      return recent.find((e) => held.has(e.id) && !QUALIFYING.test(e.name)) ?? recent[0]
    })

    /**
     * The leaderboard of tournament `event` (`svc_golf_<id>` or the bare id; ResourceNotFound
     * when not held), or of `tour`'s newest completed tour event with results when none is given
     * (see defaultEvent; undefined event when the tour has none). At most `limit` rows.
     */
    const leaderboard = Effect.fn("Golf.leaderboard")(function*(
      query: { readonly tour: GolfRules.GolfTour; readonly event?: string | undefined; readonly limit: number },
      now: Date
    ) {
      const event = query.event === undefined
        ? yield* defaultEvent(query.tour)
        : yield* requireEvent(events, "golf", eventIdOf("golf", query.event))
      if (event === undefined) return { tournament: null, rows: [] }
      const entries = yield* entriesOf(events, "golf", [event.id])
      return {
        tournament: tournamentRow(event, entries.length, now),
        rows: leaderboardRows(entries).slice(0, query.limit)
      }
    })

    /**
     * The scoring average of golfer `id` over their last `tournaments` stroke-play events with
     * whole rounds: total strokes over total rounds, to two decimals (playoff holes a source counted
     * in a total are taken out at their par). ResourceNotFound (player)
     * when the id is not a golf id or no result of it is held.
     */
    const scoringAverage = Effect.fn("Golf.scoringAverage")(function*(id: string, tournaments: number) {
      const parsed = parseCanonicalPlayerId(id)
      if (parsed === undefined || parsed.sport !== "golf") return yield* Effect.fail(notFound("player", id))
      const mine = yield* allRows((page) => events.entries({ sport: "golf", participant_id: id, ...page }))
      if (mine.length === 0) return yield* Effect.fail(notFound("player", id))
      const counted = mine.filter((e) => e.score !== null && wholeRounds(e) !== null)
      const held = yield* allEvents(events, { sport: "golf", ids: counted.map((e) => e.event_id) })
      const recent = [...held]
        .sort((a, b) => (b.end_date ?? b.start_date ?? "").localeCompare(a.end_date ?? a.start_date ?? ""))
        .slice(0, tournaments)
      // who finished level with the golfer in those events (a tie's label), not their whole fields
      const level = yield* allRows((page) =>
        events.entries({ sport: "golf", event_ids: recent.map((e) => e.id), shares_position_with: id, ...page })
      )
      const byEvent = new Map(counted.map((e) => [e.event_id, e] as const))
      const rows = recent.map((ev) => {
        const entry = byEvent.get(ev.id)!
        // playoff holes a source counted in the total are taken out at par (their score is unknown)
        const strokes = entry.score! - (entry.stats["playoff_par"] ?? 0)
        const label = leaderboardRows([entry, ...level.filter((f) => f.event_id === ev.id && f.participant_id !== id)])
          .find((r) => r.player_id === id)?.position ?? "-"
        return {
          game_id: ev.id,
          event_id: ev.id,
          name: ev.name,
          end_date: ev.end_date,
          position: label,
          total_strokes: strokes,
          rounds_played: wholeRounds(entry)!
        }
      })
      const strokes = rows.reduce((s, r) => s + r.total_strokes, 0)
      const rounds = rows.reduce((s, r) => s + r.rounds_played, 0)
      return {
        player_id: id,
        player_name: mine[mine.length - 1]!.participant_name,
        tournaments: rows.length,
        rounds,
        strokes,
        scoring_average: rounds === 0 ? null : Math.round((strokes / rounds) * 100) / 100,
        events: rows
      } satisfies GolfRules.GolfScoringAverage
    })

    return { tournaments, leaderboard, scoringAverage } as const
  })
}) {}

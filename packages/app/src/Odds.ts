/**
 * The odds feature: games with their betting lines and a game's line history, read from the
 * stored lines (domain ports/Odds.ts, written by each sport's ingest). Served rows carry American
 * odds beside no-vig implied probabilities (domain Odds.ts `lineRow`). Fails with ResourceNotFound
 * for the history of a game the sport does not hold, StoreError when the store fails.
 * @module
 */
import {
  EventReader,
  GameReader,
  isTeamSport,
  Odds as O,
  OddsReader,
  ResourceNotFound,
  type SportKey
} from "@sports-data/domain"
import { Effect } from "effect"

/** Filters of `/v1/{sport}/odds`; none of date, season, week: the games from `today` on. */
export interface OddsListQuery {
  readonly date?: string | undefined
  readonly season?: number | undefined
  readonly week?: number | undefined
  /** `YYYY-MM-DD`, the caller's UTC date. */
  readonly today: string
  /** Games to return at most. */
  readonly limit: number
}

/** A game's header (no lines) from its first stored line (no teams for a golf event's outrights). */
const header = (l: O.OddsLine): Omit<O.GameOdds, "lines"> => ({
  game_id: l.game_id,
  season: l.season,
  week: l.week,
  game_date: l.game_date,
  home_team: O.isOutright(l) ? null : l.home,
  away_team: O.isOutright(l) ? null : l.away
})

/** The odds service. */
export class Odds extends Effect.Service<Odds>()("@sports-data/app/Odds", {
  effect: Effect.gen(function*() {
    const reader = yield* OddsReader
    const games = yield* GameReader
    const events = yield* EventReader

    /**
     * Games in the store's order (game date, game id), at most `limit`, each with its latest line
     * (the last in snapshot order) per source and bookmaker (golf: per source, bookmaker, market
     * and golfer), those lines ordered by source, then bookmaker (then market and golfer).
     */
    const list = Effect.fn("Odds.list")(function*(sport: SportKey, q: OddsListQuery) {
      const lookBack = q.date !== undefined || q.season !== undefined || q.week !== undefined
      // each game's first line and latest lines only (OddsReader `latest`), not every snapshot
      const lines = yield* reader.latest({
        sport,
        date: q.date,
        season: q.season,
        week: q.week,
        from_date: lookBack ? undefined : q.today
      }, q.limit)
      const byGame = new Map<string, { head: O.OddsLine; latest: Map<string, O.OddsLine> }>()
      for (const l of lines) {
        const g = byGame.get(l.game_id) ?? { head: l, latest: new Map() }
        if (!byGame.has(l.game_id)) {
          if (byGame.size >= q.limit) continue
          byGame.set(l.game_id, g)
        }
        // lines come in snapshot order: the last wins (outrights: per market and golfer)
        g.latest.set(O.latestKey(l), l)
      }
      return [...byGame.values()].map(({ head, latest }): O.GameOdds => ({
        ...header(head),
        lines: O.lineRows(
          [...latest.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, l]) => l),
          "latest"
        )
      }))
    })

    /** True when `sport` holds the game (or match) `id`. */
    const exists = (sport: SportKey, id: string) =>
      isTeamSport(sport)
        ? Effect.map(games.find({ sport, ids: [id], limit: 1, offset: 0, order: "asc" }), (p) => p.rows.length > 0)
        : Effect.map(events.events({ sport, ids: [id], limit: 1, offset: 0, order: "asc" }), (p) => p.rows.length > 0)

    /**
     * Every stored line of game `id` in time order (Odds.ts `compareSnapshots`), with the game's
     * header (null when it has no line). ResourceNotFound when the game has no line and `sport`
     * holds no such game; a held game without lines, or a sport without an odds source
     * (`hasSource` false), gives no line.
     */
    const history = Effect.fn("Odds.history")(function*(sport: SportKey, id: string, hasSource: boolean) {
      const lines = yield* reader.find({ sport, game_id: id })
      if (lines.length === 0 && hasSource && !(yield* exists(sport, id))) {
        return yield* Effect.fail(new ResourceNotFound({ resource: "game", id }))
      }
      return { game: lines.length === 0 ? null : header(lines[0]!), lines: O.lineRows(lines) }
    })

    return { list, history }
  })
}) {}

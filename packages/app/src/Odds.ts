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
  type KeySpec,
  Odds as O,
  OddsReader,
  Paging,
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
  /** Lines per game at most (in the game's line order); `lines_total` counts them all. */
  readonly linesLimit: number
  /** Only lines of this bookmaker (case ignored). */
  readonly bookmaker?: string | undefined
  /** Only outright lines of this market (golf: win, top_5...; case ignored). */
  readonly market?: string | undefined
}

/** Filters and paging of a game's line history (`/v1/{sport}/odds/history/{gameId}`). */
export interface OddsHistoryQuery {
  readonly bookmaker?: string | undefined
  readonly market?: string | undefined
  readonly limit: number
  readonly offset: number
  readonly cursor?: string | undefined
}

/**
 * The history's order (domain Odds `compareSnapshots`) as a sort key (Odds `historyKey`):
 * snapshot date, line time (ms; -1 for none, which the order puts first), stored line id.
 */
const historyKey: KeySpec<O.StoredLine> = {
  columns: O.historyKey.columns,
  of: ({ line }) => O.historyKey.of(line)
}

/** A game's header (no lines) from its first stored line (no teams for a golf event's outrights). */
const header = (l: O.OddsLine): Omit<O.GameOdds, "lines" | "lines_total"> => ({
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
     * and golfer), those lines ordered by source, then bookmaker (then market and golfer), of
     * `bookmaker` and `market` when given, the first `linesLimit` of them, with `lines_total`
     * (a golf event holds thousands: about 150 golfers, 7 markets, 4 bookmakers). One bounded
     * read (OddsReader `latest`): the lines' order and the no-vig probabilities over each game's
     * latest field are stored where the lines are written (domain Odds `listedLines`).
     */
    const list = Effect.fn("Odds.list")(function*(sport: SportKey, q: OddsListQuery) {
      const lookBack = q.date !== undefined || q.season !== undefined || q.week !== undefined
      const games = yield* reader.latest({
        sport,
        date: q.date,
        season: q.season,
        week: q.week,
        from_date: lookBack ? undefined : q.today,
        games: q.limit,
        lines: q.linesLimit,
        bookmaker: q.bookmaker?.toLowerCase(),
        market: q.market?.toLowerCase()
      })
      return games.map((g): O.GameOdds => ({
        ...header(g.first),
        lines_total: g.total,
        lines: g.rows.map(O.storedRow)
      }))
    })

    /** True when `sport` holds the game (or match) `id`. */
    const exists = (sport: SportKey, id: string) =>
      isTeamSport(sport)
        ? Effect.map(games.find({ sport, ids: [id], limit: 1, offset: 0, order: "asc" }), (p) => p.rows.length > 0)
        : Effect.map(events.events({ sport, ids: [id], limit: 1, offset: 0, order: "asc" }), (p) => p.rows.length > 0)

    /**
     * A page of game `id`'s stored lines in time order (Odds.ts `compareSnapshots`) of
     * `q.bookmaker` and `q.market` (rows only: no-vig probabilities stay those over the whole
     * field), `q.limit` from `q.offset` or after `q.cursor`, with `total` (the selected lines),
     * `next_cursor` (domain Paging) and the game's header (null when it has no line).
     * ResourceNotFound when the game has no line and `sport` holds no such game; a held game
     * without lines, or a sport without an odds source (`hasSource` false), gives no line.
     * InvalidParameter for a cursor of another list.
     */
    const history = Effect.fn("Odds.history")(
      function*(sport: SportKey, id: string, hasSource: boolean, q: OddsHistoryQuery) {
        const bookmaker = q.bookmaker?.toLowerCase()
        const market = q.market?.toLowerCase()
        const scope = Paging.scopeOf(`${sport}.odds.history.${id}`, { bookmaker, market })
        // one indexed page of the game's lines, each with its no-vig probability stored at ingest
        let first: O.OddsLine | null = null
        const page = yield* Paging.keyedPage(
          (p) =>
            Effect.map(
              reader.history({
                sport,
                game_id: id,
                bookmaker,
                market,
                limit: p.limit,
                offset: p.offset,
                after: p.after
              }),
              (h) => {
                first = h.first
                return h
              }
            ),
          historyKey,
          scope,
          q
        )
        const head = first as O.OddsLine | null
        if (head === null && hasSource && !(yield* exists(sport, id))) {
          return yield* Effect.fail(new ResourceNotFound({ resource: "game", id }))
        }
        return {
          game: head === null ? null : header(head),
          lines: page.rows.map(O.storedRow),
          total: page.total,
          next_cursor: page.next_cursor
        }
      }
    )

    return { list, history }
  })
}) {}

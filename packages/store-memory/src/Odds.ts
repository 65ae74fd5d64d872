/**
 * In-memory adapters of the odds ports (domain ports/Odds.ts): one `Ref` of every line by id;
 * `replaceSport` swaps a sport's lines in one atomic `Ref.update`. Filters and order as the port
 * documents them.
 * @module
 */
import { type LatestGame, Odds, type OddsQuery, OddsReader, OddsWriter, Paging } from "@sports-data/domain"
import { Context, Effect, Ref } from "effect"

const byGame = (a: Odds.OddsLine, b: Odds.OddsLine): number =>
  a.game_date !== b.game_date
    ? (a.game_date === null ? 1 : b.game_date === null ? -1 : a.game_date < b.game_date ? -1 : 1)
    : a.game_id !== b.game_id
    ? (a.game_id < b.game_id ? -1 : 1)
    : Odds.compareSnapshots(a, b)

/** The lines of `state` matching `q`, in the port's order. */
const find = (state: Ref.Ref<Map<string, Odds.OddsLine>>, q: OddsQuery) =>
  Effect.map(Ref.get(state), (m) =>
    Array.from(m.values())
      .filter((r) =>
        r.sport === q.sport &&
        (q.season === undefined || r.season === q.season) &&
        (q.week === undefined || r.week === q.week) &&
        (q.date === undefined || r.game_date === q.date) &&
        (q.from_date === undefined || (r.game_date !== null && r.game_date >= q.from_date)) &&
        (q.game_id === undefined || r.game_id === q.game_id)
      )
      .sort(byGame))

/** True when `l` is of `q.bookmaker` and `q.market` (lower case; undefined keeps every line). */
const selects =
  (q: { readonly bookmaker?: string | undefined; readonly market?: string | undefined }) =>
  (l: Odds.OddsLine): boolean =>
    (q.bookmaker === undefined || l.bookmaker?.toLowerCase() === q.bookmaker) &&
    (q.market === undefined || (Odds.isOutright(l) && l.market?.toLowerCase() === q.market))

/**
 * Makes both odds ports over one fresh, empty state (beside each line, its no-vig probability
 * computed at write by Odds.ts `atTimeNoVig` and its place in its game's list by Odds.ts
 * `listedLines`, each over the sport's whole batch). Never fails.
 */
export const makeOddsStore: Effect.Effect<Context.Context<OddsReader | OddsWriter>> = Effect.map(
  Ref.make(new Map<string, Odds.OddsLine>()),
  (state) => {
    const noVig = new Map<string, number | null>()
    const listed = new Map<string, Odds.ListedLine>()
    return Context.make(OddsReader, {
      find: (q) => find(state, q),
      latest: (q) =>
        Effect.map(find(state, q), (lines) => {
          const games = new Map<string, { first?: Odds.OddsLine; latest: Array<Odds.OddsLine> }>()
          for (const l of lines) {
            const at = listed.get(l.id)
            if (at === undefined || (!at.first && at.rank === null)) continue
            const g = games.get(l.game_id) ?? { latest: [] }
            if (!games.has(l.game_id)) {
              if (games.size >= q.games) continue
              games.set(l.game_id, g)
            }
            if (at.first) g.first = l
            if (at.rank !== null) g.latest.push(l)
          }
          const keep = selects(q)
          return [...games.values()].flatMap(({ first, latest }): ReadonlyArray<LatestGame> => {
            if (first === undefined) return []
            const selected = latest.filter(keep).sort((a, b) => listed.get(a.id)!.rank! - listed.get(b.id)!.rank!)
            return [{
              first,
              total: selected.length,
              rows: selected.slice(0, Math.max(0, q.lines)).map((line) => ({
                line,
                no_vig_probability: listed.get(line.id)!.no_vig_probability
              }))
            }]
          })
        }),
      history: (q) =>
        Effect.map(find(state, { sport: q.sport, game_id: q.game_id }), (lines) => {
          const selected = lines.filter(selects(q))
          const from = q.after === undefined ? Math.max(0, q.offset) : 0
          const rows = Paging.rowsAfter(selected, Odds.historyKey, q.after).slice(from, from + Math.max(0, q.limit))
          return {
            first: lines[0] ?? null,
            total: selected.length,
            rows: rows.map((line) => ({ line, no_vig_probability: noVig.get(line.id) ?? null }))
          }
        })
    }).pipe(Context.add(OddsWriter, {
      replaceSport: (sport, rows) =>
        Ref.update(state, (m) => {
          const next = new Map([...m].filter(([, r]) => r.sport !== sport))
          for (const row of rows) if (row.sport === sport) next.set(row.id, row)
          const mine = [...next.values()].filter((r) => r.sport === sport)
          const values = Odds.atTimeNoVig(mine)
          const places = Odds.listedLines(mine)
          for (const [id, line] of m) {
            if (line.sport === sport) {
              noVig.delete(id)
              listed.delete(id)
            }
          }
          mine.forEach((r, i) => {
            noVig.set(r.id, values[i]!)
            listed.set(r.id, places[i]!)
          })
          return next
        })
    }))
  }
)

/**
 * In-memory adapters of the odds ports (domain ports/Odds.ts): one `Ref` of every line by id;
 * `replaceSport` swaps a sport's lines in one atomic `Ref.update`. Filters and order as the port
 * documents them.
 * @module
 */
import { Odds, type OddsQuery, OddsReader, OddsWriter } from "@sports-data/domain"
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

/** Makes both odds ports over one fresh, empty state. Never fails. */
export const makeOddsStore: Effect.Effect<Context.Context<OddsReader | OddsWriter>> = Effect.map(
  Ref.make(new Map<string, Odds.OddsLine>()),
  (state) =>
    Context.make(OddsReader, {
      find: (q) => find(state, q),
      latest: (q, games) => Effect.map(find(state, q), (lines) => Odds.latestOfGames(lines, games))
    }).pipe(Context.add(OddsWriter, {
      replaceSport: (sport, rows) =>
        Ref.update(state, (m) => {
          const next = new Map([...m].filter(([, r]) => r.sport !== sport))
          for (const row of rows) if (row.sport === sport) next.set(row.id, row)
          return next
        })
    }))
)

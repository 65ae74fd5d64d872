/**
 * In-memory adapters of the DFS ports (domain ports/Dfs.ts): one `Ref` of every slate and its
 * salary rows; `replaceSport` swaps a sport's slates in one atomic `Ref.modify` and moves the data
 * version (`version`, the shared state's counter) when the sport's rows changed. No method fails.
 * @module
 */
import { type Dfs, DfsReader, DfsWriter, Paging, sameJson } from "@sports-data/domain"
import { Context, Effect, Option, Ref } from "effect"

interface State {
  readonly slates: ReadonlyMap<string, Dfs.DfsSlate>
  readonly salaries: ReadonlyMap<string, ReadonlyArray<Dfs.DfsSalary>>
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Makes both DFS ports over one fresh, empty state; writes that change rows move `version`. Never fails. */
export const makeDfsStore = (version: Ref.Ref<number>): Effect.Effect<Context.Context<DfsReader | DfsWriter>> =>
  Effect.map(
    Ref.make<State>({ slates: new Map(), salaries: new Map() }),
    (state) => {
      /** The salary rows of `slateId` (of `position`), in the port's order. */
      const salaries = (slateId: string, position: string | undefined) =>
        Effect.map(Ref.get(state), (s) => {
          const p = position?.toUpperCase()
          return (s.salaries.get(slateId) ?? [])
            .filter((r) =>
              p === undefined || r.position.toUpperCase() === p ||
              r.roster_positions.some((x) => x.toUpperCase() === p)
            )
            .sort((a, b) =>
              b.salary - a.salary || byCodeUnits(a.name, b.name) ||
              byCodeUnits(a.platform_player_id, b.platform_player_id)
            )
        })
      return Context.make(DfsReader, {
        slates: ({ platform, since, sport }) =>
          Effect.map(Ref.get(state), (s) =>
            Array.from(s.slates.values())
              .filter((r) =>
                r.sport === sport && (platform === undefined || r.platform === platform) &&
                (since === undefined || r.start_date >= since)
              )
              .sort((a, b) => byCodeUnits(b.start_date, a.start_date) || byCodeUnits(a.id, b.id))),
        slate: (id) => Effect.map(Ref.get(state), (s) => Option.fromNullable(s.slates.get(id))),
        salaries: (slateId, position) => salaries(slateId, position),
        salaryPage: (slateId, position, page) =>
          Effect.map(salaries(slateId, position), (rows) => Paging.offsetPage(rows, page))
      }).pipe(Context.add(DfsWriter, {
        replaceSport: (sport, slates, salaries) =>
          Ref.modify(state, (s) => {
            const kept = slates.filter((r) => r.sport === sport)
            const ids = new Set(kept.map((r) => r.id))
            const nextSlates = new Map([...s.slates].filter(([, r]) => r.sport !== sport))
            const nextSalaries = new Map(
              [...s.salaries].filter(([id]) => !s.slates.has(id) || s.slates.get(id)!.sport !== sport)
            )
            for (const r of kept) {
              nextSlates.set(r.id, r)
              nextSalaries.set(r.id, [])
            }
            let stored = 0
            for (const row of salaries) {
              if (!ids.has(row.slate_id)) continue
              ;(nextSalaries.get(row.slate_id) as Array<Dfs.DfsSalary>).push(row)
              stored++
            }
            const batch = (slates: ReadonlyMap<string, Dfs.DfsSlate>, rows: ReadonlyMap<string, unknown>) =>
              [...slates.values()].filter((r) => r.sport === sport).sort((a, b) => byCodeUnits(a.id, b.id))
                .map((r) => [r, rows.get(r.id)])
            const changed = !sameJson(batch(s.slates, s.salaries), batch(nextSlates, nextSalaries))
            return [
              { result: { slates: kept.length, salaries: stored }, changed },
              { slates: nextSlates, salaries: nextSalaries }
            ] as const
          }).pipe(
            Effect.tap(({ changed }) => changed ? Ref.update(version, (n) => n + 1) : Effect.void),
            Effect.map(({ result }) => result)
          )
      }))
    }
  )

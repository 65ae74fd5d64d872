/**
 * In-memory adapters of the stored-stacks ports (domain ports/Stacks.ts): one `Ref` holding every
 * set by (season, positions key). A replace moves the data version (as the SQL triggers of
 * migration 30). No method fails.
 * @module
 */
import { StackReader, Stacks, StackWriter } from "@sports-data/domain"
import { Context, Effect, Option, Ref } from "effect"

const keyOf = (season: number, positions: string) => `${season}\u0000${positions}`

/** Makes both stacks ports over an empty state; `version` moves on each replace. Never fails. */
export const makeStackStore = (
  version: Ref.Ref<number>
): Effect.Effect<Context.Context<StackReader | StackWriter>> =>
  Effect.map(
    Ref.make<ReadonlyMap<string, ReadonlyArray<Stacks.Stack>>>(new Map()),
    (state) =>
      Context.make(StackReader, {
        find: (q) =>
          Effect.map(Ref.get(state), (sets) =>
            Option.map(
              Option.fromNullable(sets.get(keyOf(q.season, q.positions))),
              (stacks) => Stacks.keptStacks(stacks, q)
            )),
        sets: Effect.map(Ref.get(state), (sets) => sets.size)
      }).pipe(Context.add(StackWriter, {
        replaceAll: (sets) =>
          Effect.zipRight(
            Ref.set(state, new Map(sets.map((s) => [keyOf(s.season, s.positions), s.stacks] as const))),
            Ref.update(version, (n) => n + 1)
          )
      }))
  )

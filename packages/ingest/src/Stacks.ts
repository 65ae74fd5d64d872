/**
 * The stacks job: after nfl is ingested, recompute the stored stacks (domain Stacks.ts
 * `stackSetsOf`: each season's quarterback / pass-catcher correlations for the stored position
 * sets, at the fewest games a caller may ask) from every nfl stat line, and replace the stored
 * sets at once. `/v1/nfl/stacks` then reads a set by key instead of a season of lines. Other
 * sports are skipped (stacks are nfl only).
 * @module
 */
import { type SportKey, Stacks, StackWriter, type StatLineReader, type StoreError } from "@sports-data/domain"
import { Effect } from "effect"
import { allStatLines, type StatLinesOf } from "./Metrics.js"

/**
 * Recomputes and stores the stacks when `sport` is nfl; returns the sets written (0 for another
 * sport). The stat lines come from `statLines` (default: read from the store; the Runner passes
 * the cached read of the metrics job), newest first as the stacks endpoint reads them. Fails
 * with StoreError.
 */
export const recomputeStacks = (
  sport: SportKey,
  statLines: StatLinesOf = allStatLines
): Effect.Effect<number, StoreError, StatLineReader | StackWriter> =>
  Effect.gen(function*() {
    if (sport !== "nfl") return 0
    const sets = Stacks.stackSetsOf(yield* statLines(sport))
    yield* (yield* StackWriter).replaceAll(sets)
    yield* Effect.logInfo("stacks recomputed").pipe(
      Effect.annotateLogs({ sport, sets: sets.length, stacks: sets.reduce((n, s) => n + s.stacks.length, 0) })
    )
    return sets.length
  }).pipe(Effect.withSpan("Stacks.recompute", { attributes: { sport } }))

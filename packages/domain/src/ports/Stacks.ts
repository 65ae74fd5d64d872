/**
 * Ports of the stored nfl stacks (Stacks.ts `StackSet`): a read model recomputed by the stacks job
 * after each nfl ingest (ingest Stacks.ts), read by `/v1/nfl/stacks` instead of a season of stat
 * lines. Reads and writes apart.
 * @module
 */
import { Context, type Effect, type Option } from "effect"
import type { StoreError } from "../Errors.js"
import type { Stack } from "../Stacks.js"

/** A query of the stored stacks: one set (season, positions key) and the filters of Stacks.ts `keptStacks`. */
export interface StoredStackQuery {
  readonly season: number
  /** Stacks.ts `positionsKey` of the pass-catcher positions. */
  readonly positions: string
  readonly team?: string | undefined
  readonly minGames: number
  readonly limit: number
}

/** Reads of the stored stacks. */
export interface StackReaderService {
  /**
   * The stacks of the stored set (`season`, `positions`) kept by Stacks.ts `keptStacks` (team
   * case ignored, at least `minGames` games, the first `limit`, in the set's order), or none when
   * that set is not stored (then the caller computes it from the stat lines).
   */
  readonly find: (query: StoredStackQuery) => Effect.Effect<Option.Option<ReadonlyArray<Stack>>, StoreError>
  /** The number of stored sets (0 when the job never ran on this store). */
  readonly sets: Effect.Effect<number, StoreError>
}
/** The {@link StackReaderService} port. */
export class StackReader extends Context.Tag("@sports-data/StackReader")<StackReader, StackReaderService>() {}

/** Writes of the stored stacks: only the stacks job uses it. */
export interface StackWriterService {
  /** Replaces every stored set by `sets`, atomically (a reader sees the old sets or the new ones). */
  readonly replaceAll: (
    sets: ReadonlyArray<{ readonly season: number; readonly positions: string; readonly stacks: ReadonlyArray<Stack> }>
  ) => Effect.Effect<void, StoreError>
}
/** The {@link StackWriterService} port. */
export class StackWriter extends Context.Tag("@sports-data/StackWriter")<StackWriter, StackWriterService>() {}

/** Both stack ports, as a store provides them. */
export type StackStores = StackReader | StackWriter

/**
 * Ports of the stored DFS slates and salaries (domain Dfs.ts): written by the DFS ingest after the
 * nfl and golf ingest, read by the DFS application service and the lineup optimizer. Reads and
 * writes apart. Every method returns `Effect<A, StoreError>`; both adapters implement the filters
 * and orders identically.
 * @module
 */
import { Context, type Effect, type Option, Schema } from "effect"
import type { DfsSalary, DfsSlate, DfsSport } from "../Dfs.js"
import type { StoreError } from "../Errors.js"
import type { Page, Paged } from "./Queries.js"

/**
 * Slate filters: `sport` exactly; `platform` exactly when given; `since` (`YYYY-MM-DD`) keeps
 * slates whose start_date is on or after it. Ordered by start_date descending, then id (code units).
 */
export interface DfsSlateQuery {
  readonly sport: DfsSport
  readonly platform?: string | undefined
  readonly since?: string | undefined
}

/** Reads of the stored slates and salaries. */
export interface DfsReaderService {
  /** The slates matching `query`, in its order (no paging: a sport holds at most a few hundred). */
  readonly slates: (query: DfsSlateQuery) => Effect.Effect<ReadonlyArray<DfsSlate>, StoreError>
  /** The slate with id `id`, or none. */
  readonly slate: (id: string) => Effect.Effect<Option.Option<DfsSlate>, StoreError>
  /**
   * The salary rows of slate `slateId` (of `position` only when given, matched exactly against
   * the row's position or one of its roster positions, case-insensitive), ordered by salary
   * descending, then name, then platform_player_id (code units). Empty for an unknown slate.
   */
  readonly salaries: (
    slateId: string,
    position?: string | undefined
  ) => Effect.Effect<ReadonlyArray<DfsSalary>, StoreError>
  /**
   * `page.limit` rows from `page.offset` of {@link salaries} (same filter and order), with
   * `total` the rows before paging: what a page of `/v1/{sport}/dfs/slates/{slateId}/salaries`
   * reads, without every row of the slate.
   */
  readonly salaryPage: (
    slateId: string,
    position: string | undefined,
    page: Page
  ) => Effect.Effect<Paged<DfsSalary>, StoreError>
}
/** The {@link DfsReaderService} port. */
export class DfsReader extends Context.Tag("@sports-data/DfsReader")<DfsReader, DfsReaderService>() {}

/** Writes of the slates: only the DFS ingest uses it. */
export interface DfsWriterService {
  /**
   * Replaces every slate of `sport` and their salary rows by `slates` and `salaries` (all of that
   * sport), atomically: a reader sees the old batch or the new one, never a mix. Salary rows of a
   * slate not in `slates` are dropped. Returns how many slates and salary rows were stored.
   */
  readonly replaceSport: (
    sport: DfsSport,
    slates: ReadonlyArray<DfsSlate>,
    salaries: ReadonlyArray<DfsSalary>
  ) => Effect.Effect<{ readonly slates: number; readonly salaries: number }, StoreError>
}
/** The {@link DfsWriterService} port. */
export class DfsWriter extends Context.Tag("@sports-data/DfsWriter")<DfsWriter, DfsWriterService>() {}

/** Both DFS ports, as a store provides them. */
export type DfsStores = DfsReader | DfsWriter

/**
 * A mixed-integer program's outcome: `status` "optimal", "infeasible", or the solver's own word
 * for anything else (time limit, unbounded...); `values` the value of each variable by name when
 * optimal (empty otherwise).
 */
export interface MipSolution {
  readonly status: string
  readonly values: ReadonlyMap<string, number>
}

/** A solver of mixed-integer linear programs written in the CPLEX LP format. */
export interface MipSolverService {
  /**
   * Solves `lp` to proven optimality (relative gap 0). Fails with SolverFailure when the solver
   * cannot read the model or breaks down (not when the model is infeasible: that is a status).
   */
  readonly solve: (lp: string) => Effect.Effect<MipSolution, SolverFailure>
}
/** The {@link MipSolverService} port. */
export class MipSolver extends Context.Tag("@sports-data/MipSolver")<MipSolver, MipSolverService>() {}

/** The solver could not read or solve a model (a defect of the model or of the solver). */
export class SolverFailure extends Schema.TaggedError<SolverFailure>()("SolverFailure", {
  detail: Schema.String
}) {}

/**
 * The one interface every sport's adapter implements, apart from its implementations (so the
 * Runner, which walks them, and the sports, which implement it, import this module and never each
 * other). A sport registers one {@link Ingester} (Ingesters.ts); the Runner names no sport.
 * @module
 */
import type {
  DfsWriter,
  EventReader,
  GameReader,
  OddsWriter,
  PlayerReader,
  SportKey,
  SportsWriter,
  StoreError,
  TeamReader
} from "@sports-data/domain"
import type { Effect } from "effect"
import type { CsvFileError } from "./Csv.js"
import type { ProgressReporter } from "./Progress.js"
import type { Entity, EntityCounts, SkippedRow, SportIngestResult } from "./Report.js"

/** The services an optional phase reads and writes through (after the sport's own rows are stored). */
export type PhaseServices =
  | GameReader
  | TeamReader
  | EventReader
  | PlayerReader
  | OddsWriter
  | DfsWriter
  | ProgressReporter

/**
 * What a phase reports: its counts under the entity it writes (e.g. `odds`, `dfs_salaries`; none
 * when it read nothing), every skipped row (file, line, reason) and the files it read.
 */
export interface PhaseResult {
  readonly counts: Readonly<Partial<Record<Entity, EntityCounts>>>
  readonly skipped: ReadonlyArray<SkippedRow>
  readonly files: ReadonlyArray<string>
}

/**
 * An optional phase of a sport's ingest (betting lines, DFS salaries): `files` lists the inputs it
 * reads under a data directory (a missing folder gives none); `run` reads them, links their rows to
 * the rows just stored and replaces the phase's stored rows. Fails with CsvFileError when a file
 * cannot be read, StoreError when the store fails.
 */
export interface Phase {
  readonly files: (dataDir: string) => Effect.Effect<ReadonlyArray<string>>
  readonly run: (dataDir: string) => Effect.Effect<PhaseResult, CsvFileError | StoreError, PhaseServices>
}

/**
 * One sport's adapter.
 * - `sources`: the dataset folders it reads (keys of the source registry, domain SourceRegistry.ts, which names
 *   each folder's publisher, upstream and format).
 * - `sourceFiles`: the input files of its own build under `dataDir`, whose modification times decide
 *   whether the sport is stale.
 * - `ingest`: reads them, builds the canonical rows (pure phases in the sport's Build.ts) and upserts
 *   them through the SportsWriter.
 * - `odds`, `dfs`: optional phases run after `ingest`, in that order. Player metrics and anomaly
 *   scores are recomputed for every sport from its stored stat lines (Metrics.ts, Anomaly.ts).
 */
export interface Ingester {
  readonly sport: SportKey
  readonly sources: ReadonlyArray<string>
  readonly sourceFiles: (dataDir: string) => Effect.Effect<ReadonlyArray<string>>
  readonly ingest: (
    dataDir: string
  ) => Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsWriter | ProgressReporter>
  readonly odds?: Phase
  readonly dfs?: Phase
}

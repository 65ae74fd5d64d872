/**
 * The write port of the sports data: what ingestion upserts, grouped by aggregate. Upserts are
 * idempotent: a row identical to the stored one is counted `unchanged` and not rewritten; a
 * changed row is updated in place; a batch is written atomically. A write that inserts or changes
 * a row moves the data version (Readers.ts `CatalogReader.dataVersion`).
 * @module
 */
import { Context, type Effect } from "effect"
import type {
  Athlete,
  AthleteRanking,
  DepthChartEntry,
  EventEntry,
  Game,
  InjuryReport,
  Player,
  PollRanking,
  SportEvent,
  StatLine,
  Team,
  UpsertResult
} from "../Canonical.js"
import type { StoreError } from "../Errors.js"
import type { StoredSignal } from "../Signals.js"
import type { IngestState } from "./Queries.js"

/** Upserts of canonical rows and the ingest record of each sport. */
export interface SportsWriterService {
  // Each upsert: one atomic batch; returns rows inserted, updated in place and unchanged (a row
  // repeated in the batch counts once written, its earlier copies unchanged: the last one wins).
  // Keys: (sport, abbr) for teams, `id` for every other row.
  readonly upsertPlayers: (rows: ReadonlyArray<Player>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertTeams: (rows: ReadonlyArray<Team>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertGames: (rows: ReadonlyArray<Game>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertStatLines: (rows: ReadonlyArray<StatLine>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertInjuries: (rows: ReadonlyArray<InjuryReport>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertDepthCharts: (rows: ReadonlyArray<DepthChartEntry>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertRankings: (rows: ReadonlyArray<PollRanking>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertEvents: (rows: ReadonlyArray<SportEvent>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertEventEntries: (rows: ReadonlyArray<EventEntry>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertAthletes: (rows: ReadonlyArray<Athlete>) => Effect.Effect<UpsertResult, StoreError>
  readonly upsertAthleteRankings: (rows: ReadonlyArray<AthleteRanking>) => Effect.Effect<UpsertResult, StoreError>
  /**
   * Upserts signals keyed by id. Each signal inserted (not one updated or unchanged) also writes
   * its service events (Signals.ts `eventsOfSignal`) in the same transaction, so re-ingesting the
   * same signals writes no event.
   */
  readonly upsertSignals: (rows: ReadonlyArray<StoredSignal>) => Effect.Effect<UpsertResult, StoreError>
  /** Records the end of a sport's ingestion (does not move the data version). */
  readonly setIngestState: (state: IngestState) => Effect.Effect<void, StoreError>
}
/** The {@link SportsWriterService} port. */
export class SportsWriter extends Context.Tag("@sports-data/SportsWriter")<SportsWriter, SportsWriterService>() {}

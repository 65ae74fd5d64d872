/**
 * TEMPORARY: the read side of the former 17-member SportsStore port, rebuilt from the read
 * ports, so that the handlers of this folder keep working unchanged while they are replaced by
 * the application layer. Delete this module with them; nothing new should use it.
 * @module
 */
import {
  CatalogReader,
  type CatalogReaderService,
  type DepthChartEntry,
  type DepthChartQuery,
  type Game,
  type GameQuery,
  GameReader,
  type IngestState,
  type InjuryQuery,
  type InjuryReport,
  type Paged,
  type Player,
  type PlayerQuery,
  PlayerReader,
  ReportReader,
  type SportSummary,
  type StatLine,
  type StatLineQuery,
  StatLineReader,
  type StoreError,
  type Team,
  TeamReader,
  type TeamSport
} from "@sports-data/domain"
import { Effect, type Option } from "effect"

/**
 * The read methods of the former SportsStore, as the handlers call them. Each delegates to one
 * reader method (named in its doc) and has its filters, order and errors.
 */
export interface SportsStoreService {
  /** PlayerReader.find */
  readonly findPlayers: (query: PlayerQuery) => Effect.Effect<Paged<Player>, StoreError>
  /** PlayerReader.get */
  readonly getPlayer: (id: string) => Effect.Effect<Option.Option<Player>, StoreError>
  /** TeamReader.find */
  readonly findTeams: (sport: TeamSport) => Effect.Effect<ReadonlyArray<Team>, StoreError>
  /** GameReader.find */
  readonly findGames: (query: GameQuery) => Effect.Effect<Paged<Game>, StoreError>
  /** StatLineReader.find */
  readonly findStatLines: (query: StatLineQuery) => Effect.Effect<Paged<StatLine>, StoreError>
  /** ReportReader.injuries */
  readonly findInjuries: (query: InjuryQuery) => Effect.Effect<Paged<InjuryReport>, StoreError>
  /** ReportReader.depthCharts */
  readonly findDepthCharts: (query: DepthChartQuery) => Effect.Effect<Paged<DepthChartEntry>, StoreError>
  /** CatalogReader.summary */
  readonly summary: Effect.Effect<ReadonlyArray<SportSummary>, StoreError>
  /** CatalogReader.ingestState */
  readonly getIngestState: (sport: TeamSport) => Effect.Effect<Option.Option<IngestState>, StoreError>
  /** CatalogReader.dataVersion */
  readonly dataVersion: CatalogReaderService["dataVersion"]
}

/** The readers the legacy shape is built from. */
export type LegacyReaders = PlayerReader | TeamReader | GameReader | StatLineReader | ReportReader | CatalogReader

/** Builds the {@link SportsStoreService} shape from the reader tags of the context. Never fails. */
export const LegacyStore: Effect.Effect<SportsStoreService, never, LegacyReaders> = Effect.gen(function*() {
  const players = yield* PlayerReader
  const teams = yield* TeamReader
  const games = yield* GameReader
  const statLines = yield* StatLineReader
  const reports = yield* ReportReader
  const catalog = yield* CatalogReader
  return {
    findPlayers: players.find,
    getPlayer: players.get,
    findTeams: teams.find,
    findGames: games.find,
    findStatLines: statLines.find,
    findInjuries: reports.injuries,
    findDepthCharts: reports.depthCharts,
    summary: catalog.summary,
    getIngestState: catalog.ingestState,
    dataVersion: catalog.dataVersion
  }
})

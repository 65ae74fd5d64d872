/**
 * The in-memory state of the sports data, shared by the readers (Readers.ts) and the writer
 * (Writer.ts): one `Ref<HashMap>` per entity keyed as in the SQL adapter, the ingest records,
 * and the data version counter. Each batch upsert is one atomic `Ref.modify` of one table.
 * @module
 */
import {
  type Athlete,
  type AthleteRanking,
  type DepthChartEntry,
  type EventEntry,
  type Game,
  type IngestState,
  type InjuryReport,
  type Player,
  type PollRanking,
  type SportEvent,
  type SportKey,
  type StatLine,
  type Team
} from "@sports-data/domain"
import { Effect, HashMap, Ref } from "effect"
import { emptySignalState, type SignalState } from "./Signals.js"

/** One entity's rows by key. */
export type Table<A> = Ref.Ref<HashMap.HashMap<string, A>>

/**
 * The whole state. `version` counts the writes that inserted or changed at least one row (the
 * data version); ingest records are not part of it.
 */
export interface SportsData {
  readonly players: Table<Player>
  readonly teams: Table<Team>
  readonly games: Table<Game>
  readonly statLines: Table<StatLine>
  readonly injuries: Table<InjuryReport>
  readonly depthCharts: Table<DepthChartEntry>
  readonly rankings: Table<PollRanking>
  readonly events: Table<SportEvent>
  readonly eventEntries: Table<EventEntry>
  readonly athletes: Table<Athlete>
  readonly athleteRankings: Table<AthleteRanking>
  /** Signals and the service event outbox, changed together (Signals.ts). */
  readonly signals: Ref.Ref<SignalState>
  readonly ingest: Ref.Ref<HashMap.HashMap<SportKey, IngestState>>
  readonly version: Ref.Ref<number>
}

const makeTable = <A>(): Effect.Effect<Table<A>> => Ref.make(HashMap.empty<string, A>())

/** Makes an empty state (version 0). Never fails. */
export const makeSportsData: Effect.Effect<SportsData> = Effect.all({
  players: makeTable<Player>(),
  teams: makeTable<Team>(),
  games: makeTable<Game>(),
  statLines: makeTable<StatLine>(),
  injuries: makeTable<InjuryReport>(),
  depthCharts: makeTable<DepthChartEntry>(),
  rankings: makeTable<PollRanking>(),
  events: makeTable<SportEvent>(),
  eventEntries: makeTable<EventEntry>(),
  athletes: makeTable<Athlete>(),
  athleteRankings: makeTable<AthleteRanking>(),
  signals: Ref.make(emptySignalState),
  ingest: Ref.make(HashMap.empty<SportKey, IngestState>()),
  version: Ref.make(0)
})

/** Every row of `table`, in no particular order (a fresh array the caller may sort). */
export const valuesOf = <A>(table: Table<A>): Effect.Effect<Array<A>> =>
  Effect.map(Ref.get(table), (m) => Array.from(HashMap.values(m)))

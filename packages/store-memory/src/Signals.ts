/**
 * In-memory signals and service event outbox over the shared state (SportsData.ts): the
 * SignalReader, the ServiceEventReader and the writer's `upsertSignals`. Signals and their events
 * change in ONE `Ref.modify` of one state (atomic, as the SQL adapter's single statement); the
 * data version moves after a batch that inserted or changed a signal. No method fails.
 * @module
 */
import {
  type NewServiceEvent,
  sameJson,
  type ServiceEvent,
  type ServiceEventReaderService,
  type SignalFilter,
  type SignalNameCount,
  type SignalQuery,
  type SignalReaderService,
  type SignalRowsQuery,
  Signals,
  type StoredSignal,
  type UpsertResult
} from "@sports-data/domain"
import { Effect, HashMap, Option, Ref } from "effect"
import type { SportsData } from "./SportsData.js"

/** Signals by id and the outbox, changed together. `nextEventId` is the id the next event takes. */
export interface SignalState {
  readonly signals: HashMap.HashMap<number, StoredSignal>
  readonly events: ReadonlyArray<ServiceEvent>
  readonly nextEventId: number
}

/** An empty {@link SignalState}. */
export const emptySignalState: SignalState = { signals: HashMap.empty(), events: [], nextEventId: 1 }

/**
 * Upserts signals by id (last copy in the batch wins); each inserted signal appends its events
 * (`Signals.eventsOfSignal`) numbered from `nextEventId`, stamped `now`.
 */
export const upsertSignals = (data: SportsData) => (rows: ReadonlyArray<StoredSignal>): Effect.Effect<UpsertResult> =>
  Effect.flatMap(
    Effect.clockWith((c) => c.currentTimeMillis),
    (now) =>
      Ref.modify(data.signals, (state): readonly [UpsertResult, SignalState] => {
        const last = new Map<number, StoredSignal>()
        for (const row of rows) last.set(row.id, row)
        let inserted = 0
        let updated = 0
        let signals = state.signals
        const events = [...state.events]
        let nextEventId = state.nextEventId
        for (const [id, row] of last) {
          const stored = HashMap.get(signals, id)
          if (Option.isNone(stored)) {
            inserted++
            signals = HashMap.set(signals, id, row)
            for (const e of Signals.eventsOfSignal(row)) {
              events.push({ ...e, id: nextEventId++, created_at: new Date(now) })
            }
          } else if (!sameJson(stored.value, row)) {
            updated++
            signals = HashMap.set(signals, id, row)
          }
        }
        return [{ inserted, updated, unchanged: rows.length - inserted - updated }, { signals, events, nextEventId }]
      })
  ).pipe(
    Effect.tap((r) => r.inserted + r.updated > 0 ? Ref.update(data.version, (n) => n + 1) : Effect.void)
  )

/**
 * Appends `events` to the outbox, numbered from `nextEventId`, stamped with the Clock's time.
 * Used by the writer for `game.score_updated` right after the games that caused them.
 */
export const appendEvents = (data: SportsData, events: ReadonlyArray<NewServiceEvent>): Effect.Effect<void> =>
  events.length === 0 ?
    Effect.void :
    Effect.flatMap(Effect.clockWith((c) => c.currentTimeMillis), (now) =>
      Ref.update(data.signals, (state) => {
        let nextEventId = state.nextEventId
        const added = events.map((e): ServiceEvent => ({ ...e, id: nextEventId++, created_at: new Date(now) }))
        return { ...state, events: [...state.events, ...added], nextEventId }
      }))

const matches = (q: SignalFilter) => (s: StoredSignal): boolean =>
  (q.sports === undefined || q.sports.includes(s.sport)) &&
  (q.types === undefined || q.types.includes(s.signal_type)) &&
  (q.severities === undefined || q.severities.includes(s.severity)) &&
  (q.team === undefined || s.team.toLowerCase() === q.team.toLowerCase()) &&
  (q.position === undefined || (s.position ?? "").toLowerCase() === q.position.toLowerCase()) &&
  (q.player === undefined || s.player_name.toLowerCase().includes(q.player.toLowerCase())) &&
  (q.player_id === undefined || s.player_id === q.player_id) &&
  (q.since === undefined || s.effective_at.getTime() >= q.since.getTime()) &&
  (q.until === undefined || s.effective_at.getTime() < q.until.getTime()) &&
  (q.chart === undefined || chartMatches(q.chart, s.details))

const chartMatches = (chart: NonNullable<SignalQuery["chart"]>, details: StoredSignal["details"]): boolean =>
  typeof details["change_type"] === "string" && typeof details["position"] === "string" &&
  (chart.change_type === undefined || details["change_type"] === chart.change_type) &&
  (chart.position === undefined || details["position"].toLowerCase() === chart.position.toLowerCase())

const compare = (order: SignalQuery["order"]) => (a: StoredSignal, b: StoredSignal): number =>
  (order === "severity" ? Signals.severityRank[a.severity] - Signals.severityRank[b.severity] : 0) ||
  b.effective_at.getTime() - a.effective_at.getTime() ||
  a.id - b.id

/** The SignalReader over `data`. */
export const makeSignalReader = (data: SportsData): SignalReaderService => {
  const matching = (q: SignalRowsQuery) =>
    Effect.map(
      Ref.get(data.signals),
      (state) => Array.from(HashMap.values(state.signals)).filter(matches(q)).sort(compare(q.order))
    )
  return {
    find: (q) =>
      Effect.map(matching(q), (rows) => ({ total: rows.length, rows: rows.slice(q.offset, q.offset + q.limit) })),
    rows: (q) => Effect.map(matching(q), (rows) => (q.limit === undefined ? rows : rows.slice(0, q.limit))),
    nameCounts: (q) =>
      Effect.map(matching({ ...q, order: "recent" }), (rows) => {
        const counts = new Map<string, { -readonly [K in keyof SignalNameCount]: SignalNameCount[K] }>()
        rows.forEach((s, rank) => {
          const key = `${s.player_name}\u0000${s.signal_type}`
          const c = counts.get(key)
          if (c === undefined) {
            counts.set(key, {
              player_name: s.player_name,
              signal_type: s.signal_type,
              count: 1,
              newest: s.effective_at,
              first: rank
            })
          } else c.count += 1
        })
        return [...counts.values()]
      }),
    lastUpdate: Effect.map(Ref.get(data.signals), (state) => {
      const newest = new Map<Signals.SignalSport, Date>()
      for (const s of HashMap.values(state.signals)) {
        const cur = newest.get(s.sport)
        if (cur === undefined || s.effective_at > cur) newest.set(s.sport, s.effective_at)
      }
      return Array.from(newest, ([sport, at]) => ({ sport, at }))
    })
  }
}

/** The ServiceEventReader over `data`. */
export const makeServiceEventReader = (data: SportsData): ServiceEventReaderService => ({
  after: (afterId, limit) =>
    Effect.map(Ref.get(data.signals), (state) => state.events.filter((e) => e.id > afterId).slice(0, limit)),
  lastId: Effect.map(Ref.get(data.signals), (state) => state.nextEventId - 1)
})

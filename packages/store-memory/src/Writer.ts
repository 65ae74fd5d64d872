/**
 * In-memory {@link SportsWriter} over the shared state (SportsData.ts): each batch upsert one
 * atomic `Ref.modify` of one table, then the data version moves when a row was inserted or
 * changed.
 * @module
 */
import { type Game, sameJson, Signals, type SportsWriterService, type UpsertResult } from "@sports-data/domain"
import { Effect, HashMap, Option, Ref } from "effect"
import { appendEvents, upsertSignals } from "./Signals.js"
import type { SportsData, Table } from "./SportsData.js"

/**
 * Idempotent batch upsert into `table`: a row whose JSON form (domain `sameJson`) equals
 * the stored one is counted unchanged and not rewritten. When a batch repeats a key, the last
 * row wins and the earlier ones count as unchanged (as in the SQL adapter). Moves `version`
 * after the rows when at least one row was inserted or changed.
 */
const upsertInto = <A>(table: Table<A>, keyOf: (row: A) => string, version: Ref.Ref<number>) =>
(
  rows: ReadonlyArray<A>
): Effect.Effect<UpsertResult> =>
  Ref.modify(table, (map): readonly [UpsertResult, HashMap.HashMap<string, A>] => {
    const last = new Map<string, A>()
    for (const row of rows) last.set(keyOf(row), row)
    let inserted = 0
    let updated = 0
    let next = map
    for (const [key, row] of last) {
      const stored = HashMap.get(next, key)
      if (Option.isNone(stored)) {
        inserted++
        next = HashMap.set(next, key, row)
      } else if (!sameJson(stored.value, row)) {
        updated++
        next = HashMap.set(next, key, row)
      }
    }
    return [{ inserted, updated, unchanged: rows.length - inserted - updated }, next]
  }).pipe(
    // the version moves after the rows: a reader that sees the new version sees the new rows
    Effect.tap((result) => result.inserted + result.updated > 0 ? Ref.update(version, (n) => n + 1) : Effect.void)
  )

const byId = <A extends { readonly id: string }>(row: A): string => row.id

/**
 * Games upsert that also writes `game.score_updated` (Signals.ts `scoreUpdatedEvent`) for every
 * stored game whose score or state the batch changes (a new game writes none), appended to the
 * outbox right after the rows, in the same uninterruptible step.
 */
const upsertGames = (data: SportsData) => (rows: ReadonlyArray<Game>): Effect.Effect<UpsertResult> =>
  Effect.uninterruptible(Effect.gen(function*() {
    const before = yield* Ref.get(data.games)
    const result = yield* upsertInto(data.games, byId, data.version)(rows)
    if (result.updated === 0) return result
    const after = yield* Ref.get(data.games)
    const changed = new Map<string, Game>()
    for (const row of rows) {
      const old = HashMap.get(before, row.id)
      const now = HashMap.get(after, row.id)
      if (Option.isNone(old) || Option.isNone(now)) continue
      const a = old.value
      const b = now.value
      if (a.home_score !== b.home_score || a.away_score !== b.away_score || a.state !== b.state) changed.set(b.id, b)
    }
    yield* appendEvents(data, [...changed.values()].map(Signals.scoreUpdatedEvent))
    return result
  }))

/** The writer over `data`. Never fails with a StoreError. Teams are keyed by (sport, abbr), the rest by id. */
export const makeWriter = (data: SportsData): SportsWriterService => ({
  upsertPlayers: upsertInto(data.players, byId, data.version),
  upsertTeams: upsertInto(data.teams, (t) => `${t.sport}\u0000${t.abbr}`, data.version),
  upsertGames: upsertGames(data),
  upsertStatLines: upsertInto(data.statLines, byId, data.version),
  upsertInjuries: upsertInto(data.injuries, byId, data.version),
  upsertDepthCharts: upsertInto(data.depthCharts, byId, data.version),
  upsertRankings: upsertInto(data.rankings, byId, data.version),
  upsertEvents: upsertInto(data.events, byId, data.version),
  upsertEventEntries: upsertInto(data.eventEntries, byId, data.version),
  upsertAthletes: upsertInto(data.athletes, byId, data.version),
  upsertAthleteRankings: upsertInto(data.athleteRankings, byId, data.version),
  upsertSignals: upsertSignals(data),
  setIngestState: (state) => Ref.update(data.ingest, (m) => HashMap.set(m, state.sport, state))
})

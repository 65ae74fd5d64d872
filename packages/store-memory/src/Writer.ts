/**
 * In-memory {@link SportsWriter} over the shared state (SportsData.ts): each batch upsert one
 * atomic `Ref.modify` of one table, then the data version moves when a row was inserted or
 * changed.
 * @module
 */
import { type Game, Live, sameJson, Signals, type SportsWriterService, type UpsertResult } from "@sports-data/domain"
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
 * An ingested game merged with the stored one the live poller wrote (as the SQL adapter's
 * `liveMerge`): a row that is not final keeps the polled state and scores, a final row wins; the
 * polled `attributes.live` is kept. Answers the row to store and, where a final row replaces a
 * final score of the feed, the difference (for the log).
 */
const mergeLive = (row: Game, stored: Option.Option<Game>): readonly [Game, string | undefined] => {
  if (Option.isNone(stored)) return [row, undefined]
  const live = Live.liveOf(stored.value)
  if (live === undefined) return [row, undefined]
  const s = stored.value
  const kept = !Live.isFinal(row.state)
  const merged: Game = {
    ...row,
    ...(kept ? { state: s.state, home_score: s.home_score, away_score: s.away_score } : {}),
    attributes: { ...row.attributes, [Live.LIVE_ATTRIBUTE]: live as unknown as Game["attributes"][string] }
  }
  const overridden = !kept && Live.isFinal(s.state) &&
      (s.home_score !== row.home_score || s.away_score !== row.away_score)
    ? `${row.id}: feed ${s.away_score}-${s.home_score}, ingest ${row.away_score}-${row.home_score} (away-home)`
    : undefined
  return [merged, overridden]
}

/**
 * Games upsert, merged with the live poll's state ({@link mergeLive}), that also writes
 * `game.score_updated` (Signals.ts `scoreUpdatedEvent`) for every
 * stored game whose score or state the batch changes (a new game writes none), appended to the
 * outbox right after the rows, in the same uninterruptible step.
 */
const upsertGames = (data: SportsData) => (incoming: ReadonlyArray<Game>): Effect.Effect<UpsertResult> =>
  Effect.uninterruptible(Effect.gen(function*() {
    const before = yield* Ref.get(data.games)
    const merged = incoming.map((row) => mergeLive(row, HashMap.get(before, row.id)))
    for (const [, overridden] of merged) {
      if (overridden !== undefined) {
        yield* Effect.logWarning("ingested result differs from the live feed's final; the ingest wins").pipe(
          Effect.annotateLogs({ game: overridden })
        )
      }
    }
    const rows = merged.map(([row]) => row)
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

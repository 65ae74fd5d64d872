/**
 * The {@link LiveGameStore} on @effect/sql, PostgreSQL dialect. `apply` is one transaction: it
 * locks the polled games (`SELECT ... FOR UPDATE`), skips those final in the store, computes each
 * game's event against the locked row (domain Live.ts `eventOfUpdate`, so two pollers applying the
 * same change write its event once), updates the rows in one statement (state, scores and
 * `attributes.live`; the games trigger moves the data version) and appends the events to
 * `service_events` in one statement (its trigger NOTIFYs the other instances). Feed health is
 * the table `live_feeds` (migration 24), one jsonb row per sport. Driver errors become StoreError.
 * @module
 */
import * as SqlClient from "@effect/sql/SqlClient"
import {
  type AppliedUpdate,
  type FeedHealth,
  Game,
  Live,
  type LiveGameStoreService,
  type NewServiceEvent
} from "@sports-data/domain"
import { Clock, Effect, Schema } from "effect"
import { orStoreError } from "./Errors.js"
import { refreshStandingsTables } from "./Readers.js"
import { games } from "./Tables.js"

const decodeGames = Schema.decodeUnknown(Schema.Array(Game))

/** Makes the LiveGameStore over the current SqlClient (migrations applied). */
export const makeLiveGameStore: Effect.Effect<LiveGameStoreService, never, SqlClient.SqlClient> = Effect.map(
  SqlClient.SqlClient,
  (sql) => ({
    apply: (updates, now) =>
      updates.length === 0 ? Effect.succeed([]) : sql.withTransaction(Effect.gen(function*() {
        const ids = updates.map((u) => u.game_id)
        const locked = yield* sql.unsafe(
          `SELECT ${games.select} FROM games
           WHERE id IN (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY id FOR UPDATE`,
          [JSON.stringify(ids)]
        ).pipe(Effect.flatMap(decodeGames))
        const byId = new Map(locked.map((g) => [g.id, g]))
        const applied: Array<AppliedUpdate> = []
        const rows: Array<unknown> = []
        for (const u of updates) {
          const before = byId.get(u.game_id)
          if (before === undefined || Live.isFinal(before.state)) continue
          applied.push({ game_id: u.game_id, event: Live.eventOfUpdate(before, u) })
          rows.push({ id: u.game_id, state: u.state, home_score: u.home_score, away_score: u.away_score, live: u.live })
          byId.set(u.game_id, { ...before, state: u.state, home_score: u.home_score, away_score: u.away_score })
        }
        if (rows.length === 0) return applied
        yield* sql.unsafe(
          `UPDATE games AS g SET state = r.state, home_score = r.home_score, away_score = r.away_score,
             attributes = g.attributes || jsonb_build_object('${Live.LIVE_ATTRIBUTE}', r.live)
           FROM jsonb_to_recordset($1::jsonb) AS r(id text, state text, home_score integer, away_score integer, live jsonb)
           WHERE g.id = r.id`,
          [JSON.stringify(rows)]
        )
        const events = applied.flatMap((a): ReadonlyArray<NewServiceEvent> => a.event === undefined ? [] : [a.event])
        if (events.length > 0) {
          const at = new Date(yield* Clock.currentTimeMillis).toISOString()
          yield* sql.unsafe(
            `INSERT INTO service_events (name, sport, payload, created_at)
             SELECT e.name, e.sport, e.payload, $2::timestamptz
             FROM jsonb_to_recordset($1::jsonb) AS e(ord integer, name text, sport text, payload jsonb)
             ORDER BY e.ord`,
            [JSON.stringify(events.map((e, ord) => ({ ...e, ord }))), at]
          )
        }
        return applied
      })).pipe(
        // the standings tables of the seasons whose scores moved (Standings.ts), after the commit
        Effect.tap((applied) =>
          applied.length === 0 ? Effect.void : Effect.provideService(refreshStandingsTables, SqlClient.SqlClient, sql)
        ),
        orStoreError("LiveGameStore.apply"),
        Effect.withSpan("LiveGameStore.apply", { attributes: { at: now.toISOString() } })
      ),
    health: sql<{ health: FeedHealth }>`SELECT health FROM live_feeds ORDER BY sport`.pipe(
      Effect.map((rows) => rows.map((r) => r.health)),
      orStoreError("LiveGameStore.health")
    ),
    setHealth: (h) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        sql`INSERT INTO live_feeds (sport, health, updated_at)
          VALUES (${h.sport}, ${JSON.stringify(h)}::jsonb, ${new Date(now).toISOString()}::timestamptz)
          ON CONFLICT (sport) DO UPDATE SET health = EXCLUDED.health, updated_at = EXCLUDED.updated_at`).pipe(
          Effect.asVoid,
          orStoreError("LiveGameStore.setHealth")
        )
  })
)

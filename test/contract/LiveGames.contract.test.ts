/**
 * LiveGameStore contract, on every adapter (memory, PGlite, PostgreSQL when available): a poll's
 * update writes the game and ONE event per change of state or score, in order, and none for a
 * clock change alone; a game final in the store is left alone; concurrent applies of one change
 * write its event once; the feed health round-trips; and the SportsWriter's games upsert merges
 * with a polled game (an ingest that is not final keeps the polled state, a final one wins, the
 * polled details stay). Each test uses its own game ids (tests share a store).
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import {
  type Game,
  GameReader,
  Live,
  LiveGameStore,
  type LiveUpdate,
  ServiceEventReader,
  SportsWriter
} from "@sports-data/domain"
import { Effect } from "effect"
import { storeLayers } from "../harness/stores.js"

const entries = await storeLayers()

const game = (id: string): Game => ({
  id,
  sport: "nhl",
  league: "nhl",
  season: 2025,
  week: null,
  season_type: "REG",
  game_date: "2025-10-08",
  start_time: null,
  state: "scheduled",
  home_team: "EDM",
  away_team: "CGY",
  home_score: null,
  away_score: null,
  venue: null,
  attributes: { home_shots: 35 }
})

const update = (
  id: string,
  state: string,
  away: number | null,
  home: number | null,
  clock: string | null
): LiveUpdate => ({
  game_id: id,
  sport: "nhl",
  state,
  home_score: home,
  away_score: away,
  live: {
    upstream: "nhl-web",
    upstream_id: id,
    period: 1,
    period_label: "1st",
    clock,
    inning: null,
    inning_state: null,
    lineup_posted: null,
    status_detail: "LIVE",
    last_polled: "2025-10-09T02:15:19.000Z"
  }
})

const now = new Date("2025-10-09T02:15:19Z")

const Ports = Effect.all({
  live: LiveGameStore,
  writer: SportsWriter,
  games: GameReader,
  events: ServiceEventReader
})

describe("LiveGameStore contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("one event per change of state or score, none for the clock; a final game is left alone", () =>
        Effect.gen(function*() {
          const { events, games, live, writer } = yield* Ports
          const id = `live-${crypto.randomUUID()}`
          yield* writer.upsertGames([game(id)])
          const from = yield* events.lastId
          yield* live.apply([update(id, "in_progress", 0, 0, "20:00")], now)
          yield* live.apply([update(id, "in_progress", 0, 0, "19:52")], now)
          yield* live.apply([update(id, "in_progress", 1, 0, "12:00")], now)
          yield* live.apply([update(id, "final", 1, 2, null)], now)
          // final in the store: a later poll is skipped
          expect(yield* live.apply([update(id, "in_progress", 5, 5, "01:00")], now)).toEqual([])
          const written = (yield* events.after(from, 100)).filter((e) => e.payload["game_id"] === id)
          expect(written.map((e) => [e.name, e.payload["away_score"], e.payload["home_score"], e.payload["status"]]))
            .toEqual([
              ["game.state_changed", 0, 0, "in_progress"],
              ["game.score_updated", 1, 0, "in_progress"],
              ["game.final", 1, 2, "final"]
            ])
          expect(written[0]!.payload).toMatchObject({
            previous_status: "scheduled",
            clock: "20:00",
            period_label: "1st"
          })
          const [stored] = (yield* games.find({ sport: "nhl", ids: [id], order: "asc", limit: 1, offset: 0 })).rows
          expect(stored).toMatchObject({ state: "final", away_score: 1, home_score: 2 })
          expect(stored!.attributes["home_shots"]).toBe(35)
          expect(Live.liveOf(stored!)).toMatchObject({ clock: null, last_polled: "2025-10-09T02:15:19.000Z" })
        }))

      it.effect("concurrent applies of one change write its event once", () =>
        Effect.gen(function*() {
          const { events, live, writer } = yield* Ports
          const id = `live-${crypto.randomUUID()}`
          yield* writer.upsertGames([game(id)])
          const from = yield* events.lastId
          yield* Effect.all(
            Array.from({ length: 6 }, () => live.apply([update(id, "in_progress", 0, 0, "20:00")], now)),
            { concurrency: "unbounded" }
          )
          const written = (yield* events.after(from, 100)).filter((e) => e.payload["game_id"] === id)
          expect(written.map((e) => e.name)).toEqual(["game.state_changed"])
        }))

      it.effect("the ingest keeps a polled game's state until it says final; a final result wins", () =>
        Effect.gen(function*() {
          const { games, live, writer } = yield* Ports
          const id = `live-${crypto.randomUUID()}`
          const read = Effect.map(
            games.find({ sport: "nhl", ids: [id], order: "asc", limit: 1, offset: 0 }),
            (p) => p.rows[0]!
          )
          yield* writer.upsertGames([game(id)])
          yield* live.apply([update(id, "in_progress", 3, 3, "04:51")], now)
          // the same source rows again (older than the game): nothing written, the polled state stays
          expect(yield* writer.upsertGames([game(id)])).toEqual({ inserted: 0, updated: 0, unchanged: 1 })
          expect(yield* read).toMatchObject({ state: "in_progress", away_score: 3, home_score: 3 })
          // a changed source row that is not final: its own fields, the polled state and details
          yield* writer.upsertGames([{ ...game(id), venue: "Rogers Place" }])
          const changed = yield* read
          expect(changed).toMatchObject({ state: "in_progress", away_score: 3, venue: "Rogers Place" })
          expect(Live.liveOf(changed)?.clock).toBe("04:51")
          // the feed's final, then the ingest's final result (the source counts the shootout 3-3)
          yield* live.apply([update(id, "final", 4, 3, null)], now)
          yield* writer.upsertGames([{ ...game(id), state: "final", away_score: 3, home_score: 3 }])
          const ingested = yield* read
          expect(ingested).toMatchObject({ state: "final", away_score: 3, home_score: 3 })
          expect(Live.liveOf(ingested)?.upstream).toBe("nhl-web")
        }))

      it.effect("feed health round-trips per sport", () =>
        Effect.gen(function*() {
          const { live } = yield* Ports
          const failed = Live.afterFailure(Live.initialHealth("cfb", "espn"), now, "timeout: no answer", null, {
            backoffMs: 1000,
            maxBackoffMs: 4000,
            failureThreshold: 3,
            circuitOpenMs: 60_000
          })
          yield* live.setHealth(failed)
          yield* live.setHealth({ ...failed, consecutive_failures: 2 })
          expect((yield* live.health).find((h) => h.sport === "cfb")).toEqual({ ...failed, consecutive_failures: 2 })
        }))
    })
  }
})

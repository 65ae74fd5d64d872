/**
 * Anomaly store contract (domain ports/Anomaly.ts): one suite on every adapter. Scores round-trip,
 * a sport's batch replaces its old one, reads filter by sport and minimum score in score order,
 * and an alert writes `anomaly.detected` into the outbox once per player-game however often the
 * job runs.
 */
import { describe, expect, layer as layerSuite } from "@effect/vitest"
import { Anomaly, AnomalyReader, AnomalyWriter, ServiceEventReader } from "@sports-data/domain"
import { Effect, Option } from "effect"
import { storeLayers } from "../harness/stores.js"

const entries = await storeLayers()

const score = (player_id: string, extra: Partial<Anomaly.AnomalyScore> = {}): Anomaly.AnomalyScore => ({
  player_id,
  sport: "nba",
  season: 2025,
  line_id: `${player_id}-g1`,
  game_id: "g1",
  game_date: "2025-12-01",
  week: null,
  team: "BOS",
  fantasy_points: 52.3,
  baseline_median: 30.1,
  mad: 4.2,
  scale: 6.227,
  scale_method: "mad",
  robust_z: 3.565,
  anomaly_score: 70.4,
  direction: "above",
  games_used: 20,
  computed_at: new Date("2025-12-02T06:00:00.000Z"),
  ...extra
})

describe("Anomaly contract", () => {
  for (const [label, layer] of entries) {
    layerSuite(layer, { timeout: "60 seconds", excludeTestServices: true })(label, (it) => {
      it.effect("scores read back, filtered by sport and minimum score, highest first", () =>
        Effect.gen(function*() {
          const writer = yield* AnomalyWriter
          const reader = yield* AnomalyReader
          const a = score("svc_nba_a")
          const b = score("svc_nba_b", { anomaly_score: 12.5, game_date: null, game_id: null, team: null })
          yield* writer.replaceSport("nba", [b, a], [])
          yield* writer.replaceSport("nfl", [score("svc_nfl_c", { sport: "nfl", anomaly_score: 90, week: 3 })], [])
          expect(yield* reader.get("svc_nba_b")).toEqual(Option.some(b))
          expect((yield* reader.find({ sport: "nba", limit: 10 })).map((r) => r.player_id)).toEqual([
            "svc_nba_a",
            "svc_nba_b"
          ])
          expect((yield* reader.find({ min_score: 70, limit: 10 })).map((r) => r.player_id)).toEqual([
            "svc_nfl_c",
            "svc_nba_a"
          ])
          yield* writer.replaceSport("nba", [b], [])
          expect(yield* reader.get("svc_nba_a")).toEqual(Option.none())
        }))

      it.effect("anomaly.detected is written once per player-game across runs", () =>
        Effect.gen(function*() {
          const writer = yield* AnomalyWriter
          const events = yield* ServiceEventReader
          const before = yield* events.lastId
          const s = score("svc_nba_once", { line_id: "svc_nba_once-g9" })
          const alert = { line_id: s.line_id, event: Anomaly.anomalyEvent(s, "Once Player") }
          expect(yield* writer.replaceSport("nba", [s], [alert])).toBe(1)
          expect(yield* writer.replaceSport("nba", [s], [alert])).toBe(0)
          const written = (yield* events.after(before, 100)).filter((e) => e.name === "anomaly.detected")
          expect(written).toHaveLength(1)
          expect(written[0]!.payload).toMatchObject({
            player: "Once Player",
            team: "BOS",
            anomaly_score: 70.4,
            line_id: "svc_nba_once-g9"
          })
          const next = score("svc_nba_once", { line_id: "svc_nba_once-g10" })
          expect(
            yield* writer.replaceSport("nba", [next], [{
              line_id: next.line_id,
              event: Anomaly.anomalyEvent(next, "Once Player")
            }])
          )
            .toBe(1)
        }))
    })
  }
})

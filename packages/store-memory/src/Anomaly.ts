/**
 * In-memory adapters of the anomaly ports (domain ports/Anomaly.ts): one `Ref` holding every
 * score by player id and the stat line ids that already wrote `anomaly.detected`; the events go
 * to the shared outbox (Signals.ts `appendEvents`) and wake its readers. No method fails.
 * @module
 */
import {
  type Anomaly,
  AnomalyReader,
  AnomalyWriter,
  type EventWakeService,
  type NewServiceEvent
} from "@sports-data/domain"
import { Context, Effect, Option, Ref } from "effect"
import { appendEvents } from "./Signals.js"
import type { SportsData } from "./SportsData.js"

interface State {
  readonly scores: ReadonlyMap<string, Anomaly.AnomalyScore>
  readonly alerted: ReadonlySet<string>
}

/** Makes both anomaly ports over a fresh state, writing events into `data`'s outbox. Never fails. */
export const makeAnomalyStore = (
  data: SportsData,
  wake: EventWakeService
): Effect.Effect<Context.Context<AnomalyReader | AnomalyWriter>> =>
  Effect.map(Ref.make<State>({ scores: new Map(), alerted: new Set() }), (state) =>
    Context.make(AnomalyReader, {
      get: (id) => Effect.map(Ref.get(state), (s) => Option.fromNullable(s.scores.get(id))),
      find: ({ limit, min_score, sport }) =>
        Effect.map(Ref.get(state), (s) =>
          Array.from(s.scores.values())
            .filter((r) => (sport === undefined || r.sport === sport) && r.anomaly_score >= (min_score ?? 0))
            .sort((a, b) =>
              b.anomaly_score - a.anomaly_score || (a.player_id < b.player_id ? -1 : a.player_id > b.player_id ? 1 : 0)
            )
            .slice(0, limit))
    }).pipe(Context.add(AnomalyWriter, {
      replaceSport: (sport, rows, alerts) =>
        Effect.gen(function*() {
          const events = yield* Ref.modify(state, (s): readonly [ReadonlyArray<NewServiceEvent>, State] => {
            const scores = new Map([...s.scores].filter(([, r]) => r.sport !== sport))
            for (const row of rows) if (row.sport === sport) scores.set(row.player_id, row)
            const alerted = new Set(s.alerted)
            const fresh: Array<NewServiceEvent> = []
            for (const a of alerts) {
              if (alerted.has(a.line_id)) continue
              alerted.add(a.line_id)
              fresh.push(a.event)
            }
            return [fresh, { scores, alerted }]
          })
          // the scores move the data version (as the SQL triggers of migration 28)
          yield* Ref.update(data.version, (n) => n + 1)
          yield* appendEvents(data, events)
          if (events.length > 0) yield* wake.wake
          return events.length
        })
    })))

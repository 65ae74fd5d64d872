/**
 * In-memory adapters of the player metrics ports (domain ports/Metrics.ts): one `Ref` of every
 * row by player id; `replaceSport` swaps a sport's rows in one atomic `Ref.update`.
 * @module
 */
import { type Analytics, PlayerMetricsReader, PlayerMetricsWriter } from "@sports-data/domain"
import { Context, Effect, Option, Order, Ref } from "effect"
import { by, desc, nullsLast } from "./Readers.js"

/** Player id order (code units), of metrics rows and of similarity vectors. */
const byId: Order.Order<{ readonly player_id: string }> = by((r) => r.player_id, Order.string)

/** `find`'s `order: "avg_fantasy_points"`: descending, nulls last, then player id. */
const byPoints: Order.Order<Analytics.PlayerMetrics> = Order.combine<Analytics.PlayerMetrics>(
  by((r) => r.avg_fantasy_points, nullsLast(desc(Order.number))),
  byId
)

/** `find`'s `order: "momentum_delta"`: descending, nulls last, then {@link byPoints}. */
const byMomentum: Order.Order<Analytics.PlayerMetrics> = Order.combine<Analytics.PlayerMetrics>(
  by((r) => r.momentum_delta, nullsLast(desc(Order.number))),
  byPoints
)

/** Makes both metrics ports over one fresh, empty state. Never fails. */
export const makeMetricsStore: Effect.Effect<Context.Context<PlayerMetricsReader | PlayerMetricsWriter>> = Effect.map(
  Ref.make(new Map<string, Analytics.PlayerMetrics>()),
  (state) =>
    Context.make(PlayerMetricsReader, {
      get: (id) => Effect.map(Ref.get(state), (m) => Option.fromNullable(m.get(id))),
      find: ({ limit, offset = 0, order, player_ids, rising, season, sport }) =>
        Effect.map(Ref.get(state), (m) => {
          const rows = Array.from(m.values()).filter((r) => r.sport === sport)
          const wanted = season === "latest" ? Math.max(...rows.map((r) => r.season)) : season
          const sorted = rows
            .filter((r) =>
              (wanted === undefined || r.season === wanted) &&
              (player_ids === undefined || player_ids.includes(r.player_id)) &&
              (rising !== true || (r.momentum_delta !== null && r.momentum_delta > 0))
            )
            .sort(order === undefined ? byId : order === "momentum_delta" ? byMomentum : byPoints)
          return order === undefined ? sorted : sorted.slice(offset, limit === undefined ? undefined : offset + limit)
        }),
      vectors: ({ min_sample, season, sport }) =>
        Effect.map(Ref.get(state), (m) =>
          Array.from(m.values())
            .flatMap((r) =>
              r.sport === sport && r.season === season && r.vector !== null && r.sample_size >= min_sample
                ? [{ player_id: r.player_id, vector: r.vector }]
                : []
            )
            .sort(byId))
    }).pipe(Context.add(PlayerMetricsWriter, {
      replaceSport: (sport, rows) =>
        Ref.update(state, (m) => {
          const next = new Map([...m].filter(([, r]) => r.sport !== sport))
          for (const row of rows) if (row.sport === sport) next.set(row.player_id, row)
          return next
        })
    }))
)

/**
 * In-memory adapters of the model registry ports (domain ports/Models.ts): one `Ref` holding the
 * versions by id and the predictions; `record` applies a version and its predictions in one
 * atomic `Ref.update`.
 * @module
 */
import { ModelRegistryReader, ModelRegistryWriter, type Models } from "@sports-data/domain"
import { Context, Effect, Order, Ref } from "effect"
import { desc, nullsLast } from "./Readers.js"

interface State {
  readonly versions: ReadonlyMap<string, Models.ModelVersion>
  readonly predictions: ReadonlyArray<Models.ModelPrediction>
}

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Per player, the newest (game_date, then game_id, descending; a null date oldest) of the
 * predictions of ACTIVE versions that `keep` keeps, ordered by player_id.
 */
const newestOf = (s: State, keep: (p: Models.ModelPrediction) => boolean) => {
  const newest = new Map<string, Models.ModelPrediction>()
  for (const p of s.predictions) {
    if (!keep(p) || s.versions.get(p.model_id)?.status !== "ACTIVE") continue
    const held = newest.get(p.player_id)
    const later = held === undefined ||
      byCode(p.game_date ?? "", held.game_date ?? "") > 0 ||
      (p.game_date === held.game_date && byCode(p.game_id, held.game_id) > 0)
    if (later) newest.set(p.player_id, p)
  }
  return [...newest.values()].sort((a, b) => byCode(a.player_id, b.player_id))
}

/** Confidence order: highest score first, nulls last. */
const byConfidence = nullsLast(desc(Order.number))

/**
 * `rows` ranked at most `top` by confidence_score ({@link byConfidence}; tied rows share a rank):
 * those at or above the `top`th score, in their order.
 */
const topByConfidence = (rows: ReadonlyArray<Models.ModelPrediction>, top: number) => {
  if (top < 1) return []
  const edge = rows.map((p) => p.confidence_score).sort(byConfidence)[top - 1]
  return edge === undefined ? rows : rows.filter((p) => byConfidence(p.confidence_score, edge) <= 0)
}

/** Makes both registry ports over one fresh, empty state. Never fails. */
export const makeModelStore: Effect.Effect<Context.Context<ModelRegistryReader | ModelRegistryWriter>> = Effect.map(
  Ref.make<State>({ versions: new Map(), predictions: [] }),
  (state) =>
    Context.make(ModelRegistryReader, {
      versions: ({ sport, status }) =>
        Effect.map(Ref.get(state), (s) =>
          [...s.versions.values()]
            .filter((v) => (sport === undefined || v.sport === sport) && (status === undefined || v.status === status))
            .sort((a, b) =>
              byCode(a.sport, b.sport) || byCode(a.model_type, b.model_type) || byCode(b.trained_at, a.trained_at) ||
              byCode(a.id, b.id)
            )),
      predictions: ({ limit, model_type, player_id, season }) =>
        Effect.map(Ref.get(state), (s) =>
          s.predictions
            .filter((p) =>
              p.player_id === player_id && s.versions.get(p.model_id)?.status === "ACTIVE" &&
              (season === undefined || p.season === season) && (model_type === undefined || p.model_type === model_type)
            )
            .sort((a, b) =>
              (a.game_date === null ? 1 : 0) - (b.game_date === null ? 1 : 0) ||
              byCode(b.game_date ?? "", a.game_date ?? "") || byCode(b.game_id, a.game_id)
            )
            .slice(0, limit)),
      latest: ({ model_type, sport, top }) =>
        Effect.map(Ref.get(state), (s) => {
          const newest = newestOf(s, (p) => p.sport === sport && p.model_type === model_type)
          return top === undefined ? newest : topByConfidence(newest, top)
        }),
      newest: ({ model_type, player_ids }) =>
        Effect.map(Ref.get(state), (s) => {
          const ids = new Set(player_ids)
          return newestOf(s, (p) => p.model_type === model_type && ids.has(p.player_id))
        }),
      outcomes: ({ model_type, sport }) =>
        Effect.map(Ref.get(state), (s) =>
          s.predictions.flatMap((p) =>
            p.sport === sport && p.model_type === model_type && s.versions.get(p.model_id)?.status === "ACTIVE" &&
              p.probability !== null && p.threshold !== null && p.actual !== null
              ? [{ probability: p.probability, threshold: p.threshold, actual: p.actual }]
              : []
          ))
    }).pipe(Context.add(ModelRegistryWriter, {
      record: (version, predictions) =>
        Ref.update(state, (s) => {
          const versions = new Map(s.versions)
          const same = (v: { sport: string; model_type: string }) =>
            v.sport === version.sport && v.model_type === version.model_type
          if (version.status !== "ACTIVE") {
            versions.set(version.id, version)
            return { versions, predictions: s.predictions }
          }
          for (const [id, v] of versions) {
            if (same(v) && v.status === "ACTIVE" && id !== version.id) {
              versions.set(id, { ...v, status: "RETIRED" })
            }
          }
          versions.set(version.id, version)
          return {
            versions,
            predictions: [
              ...s.predictions.filter((p) =>
                !same(p)
              ),
              ...predictions.filter((p) => same(p))
            ]
          }
        })
    }))
)

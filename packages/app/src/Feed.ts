/**
 * The dossier feature: the player dossier (`/v1/feed`, MCP get_player_dossier), the anomaly
 * scores (MCP get_anomaly_scores), waiver articles (`/v1/articles/waiver`) and the signals batch
 * (`POST /v1/batch/signals`). Model fields (confidence_score, heat_signal) come only from ACTIVE
 * models of the registry (ModelFields.ts); every figure in a synthesis sentence or an article is
 * read from the stored metrics and anomaly scores and listed with its source. Fails with the
 * domain's InvalidParameter (an ambiguous name), ResourceNotFound, StoreError.
 * @module
 */
import {
  Admission,
  type Analytics as AnalyticsRules,
  type AnalyticsResources as R,
  type Anomaly,
  AnomalyReader,
  isTeamSport,
  ModelRegistryReader,
  type Models as M,
  type Player,
  PlayerMetricsReader,
  PlayerReader,
  RateLimitExceeded,
  type Resources,
  SignalReader,
  Signals as Rules,
  Sports,
  StatLineReader,
  Synthesis,
  type TeamSport,
  UsageStore
} from "@sports-data/domain"
import { Clock, Effect, Option, Schema } from "effect"
import { Analytics } from "./Analytics.js"
import { modelFieldsOf } from "./ModelFields.js"
import { resolvePlayer } from "./Players.js"
import { playersById } from "./Reads.js"
import { playerRef } from "./Rows.js"
import { toSignal } from "./Signals.js"

/** Signals listed in a dossier (the player's newest). */
export const DOSSIER_SIGNALS = 10

/**
 * Feed calls per minute by tier rank (decisions.md: pro_insights is capped at 60 feed calls per
 * minute; syndicate_alpha is not). Rank 4 is pro_insights and the legacy `pro` that ranks as it.
 */
export const FEED_MINUTE_CAP_BY_RANK: Readonly<Record<number, number>> = { 4: 60 }

/** A signal of a dossier: the Signal row, where it came from, and its weight in a model (null: no ACTIVE model weighs signals). */
export type DossierSignal = Resources.Signal & { readonly weight: number | null }

/** The dossier of one player (specification, "Feed dossier"). */
export interface Dossier {
  readonly player_id: string
  readonly team_id: string | null
  readonly team_abbr: string | null
  readonly playcaller_id: string
  readonly sport: TeamSport
  readonly player_name: string
  readonly team: string | null
  readonly position: string | null
  readonly status: string | null
  readonly confidence_score: number | null
  readonly heat_signal: M.HeatSignal | null
  readonly synthesis: string | null
  /** The stored figures the synthesis states (empty when it is null). */
  readonly synthesis_figures: ReadonlyArray<Synthesis.Figure>
  readonly signals: ReadonlyArray<DossierSignal>
  readonly _audit: {
    readonly model_version: string | null
    readonly observations_used: number
    readonly generated_at: string
    readonly signals_validated: boolean
  }
}

/** A waiver article (specification): every number in `content` is in `signals_used`. */
export interface WaiverArticle {
  readonly title: string
  readonly content: string
  readonly sport: string
  readonly week: number | null
  readonly season: number | null
  readonly published_at: string
  readonly player_id: string
  readonly signals_used: ReadonlyArray<Synthesis.Figure>
}

/** A row of `POST /v1/batch/signals`. */
export interface BatchSignalRow {
  readonly player_id: string
  readonly sport: TeamSport
  readonly player_name: string
  readonly confidence_score: number | null
  readonly heat_signal: M.HeatSignal | null
  readonly model_version: string | null
  readonly alpha: R.AlphaMetrics | null
  readonly projection: R.Projection | null
}

/** Sports with signals (the dossier's signal list). */
const isSignalSport = Schema.is(Rules.SignalSport)

/**
 * The synthesis figures of a player: his stored metrics (average fantasy points, games in the
 * window, momentum_delta, consistency_score) and anomaly score of his newest game; only those
 * that are stored (not null).
 */
const figuresOf = (
  m: {
    readonly avg_fantasy_points: number | null
    readonly sample_size: number
    readonly momentum_delta: number | null
    readonly consistency_score: number | null
  } | undefined,
  a: Anomaly.AnomalyScore | undefined
): ReadonlyArray<Synthesis.Figure> => [
  ...(m === undefined ? [] : [
    ...(m.avg_fantasy_points === null
      ? []
      : [{ name: "avg_fantasy_points", value: m.avg_fantasy_points, source: "player_metrics.avg_fantasy_points" }]),
    { name: "sample_size", value: m.sample_size, source: "player_metrics.sample_size" },
    ...(m.momentum_delta === null
      ? []
      : [{ name: "momentum_delta", value: m.momentum_delta, source: "player_metrics.momentum_delta" }]),
    ...(m.consistency_score === null
      ? []
      : [{ name: "consistency_score", value: m.consistency_score, source: "player_metrics.consistency_score" }])
  ]),
  ...(a === undefined ? [] : [
    { name: "newest_game_fantasy_points", value: a.fantasy_points, source: "anomaly_scores.fantasy_points" },
    { name: "anomaly_score", value: a.anomaly_score, source: "anomaly_scores.anomaly_score" }
  ])
]

/** The synthesis sentence of `name` from `figures` (only the figures given are stated); null without a games average. */
export const synthesisSentence = (name: string, figures: ReadonlyArray<Synthesis.Figure>): string | null => {
  const f = new Map(figures.map((x) => [x.name, x.value] as const))
  const avg = f.get("avg_fantasy_points")
  const games = f.get("sample_size")
  if (avg === undefined || games === undefined || games === 0) return null
  const parts = [
    `${name} has averaged ${Synthesis.formatFigure(avg)} fantasy points over his last ${
      Synthesis.formatFigure(games)
    } games`
  ]
  const momentum = f.get("momentum_delta")
  if (momentum !== undefined) parts.push(`momentum_delta ${Synthesis.formatFigure(momentum, true)}`)
  const consistency = f.get("consistency_score")
  if (consistency !== undefined) parts.push(`consistency_score ${Synthesis.formatFigure(consistency)}`)
  const newest = f.get("newest_game_fantasy_points")
  const anomaly = f.get("anomaly_score")
  const tail = newest !== undefined && anomaly !== undefined
    ? `; his newest game scored ${Synthesis.formatFigure(newest)} fantasy points (anomaly_score ${
      Synthesis.formatFigure(anomaly)
    })`
    : ""
  return `${parts.join(", ")}${tail}.`
}

/** The dossier feature. */
export class Feed extends Effect.Service<Feed>()("@sports-data/app/Feed", {
  effect: Effect.gen(function*() {
    const players = yield* PlayerReader
    const metrics = yield* PlayerMetricsReader
    const anomalies = yield* AnomalyReader
    const registry = yield* ModelRegistryReader
    const signals = yield* SignalReader
    const lines = yield* StatLineReader
    const analytics = yield* Analytics
    const usage = yield* UsageStore

    /**
     * Counts one feed call (REST or MCP) of the key with hash `keyHash` and tier rank `rank`
     * against the feed cap of that rank ({@link FEED_MINUTE_CAP_BY_RANK}; none for the others):
     * a counter of its own in the UsageStore (`<keyHash>#feed`, per-minute only), exact and
     * atomic across instances like the tier limits; a refused call is not counted.
     * RateLimitExceeded when the sliding minute already holds the cap.
     */
    const admit = Effect.fn("Feed.admit")(function*(keyHash: string, rank: number, now: Date) {
      const cap = FEED_MINUTE_CAP_BY_RANK[rank]
      if (cap === undefined) return
      const outcome = yield* usage.consume(`${keyHash}#feed`, { per_minute: cap, per_day: null, per_month: null }, now)
      if (outcome.admitted) return
      return yield* Effect.fail(
        new RateLimitExceeded({
          calls_this_minute: outcome.counts.minute,
          limit_per_minute: cap,
          retry_after_seconds: Admission.minuteRetryAfter(outcome.counts, now)
        })
      )
    })

    /** The player and warnings a reference names: the one resolver of `Players.ts` ({@link resolvePlayer}). */
    const resolveWithWarnings = (
      ref: string,
      options: { readonly sport?: TeamSport | undefined; readonly team?: string | undefined }
    ) => resolvePlayer(players, ref, options)

    /** The player of {@link resolveWithWarnings}, without its warnings. */
    const resolve = (
      ref: string,
      options: { readonly sport?: TeamSport | undefined; readonly team?: string | undefined }
    ) => Effect.map(resolvePlayer(players, ref, options), (r) => r.player)

    /**
     * The dossier of `player`: identity, the ACTIVE models' fields (ModelFields.ts), his newest
     * signals (at most {@link DOSSIER_SIGNALS}) with source and weight (null: no ACTIVE model
     * weighs signals), and the synthesis sentence. The sentence is built from his stored metrics
     * and anomaly score, then checked: every number in it must equal a figure read AGAIN from the
     * store; otherwise synthesis is null. `_audit`: the model versions (comma-separated, null
     * when none), observations_used (games in the metrics window plus signals listed),
     * generated_at (Clock), signals_validated (the synthesis passed its check).
     */
    const dossier = Effect.fn("Feed.dossier")(function*(player: Player) {
      const sport = player.sport as TeamSport
      const fields = yield* modelFieldsOf(registry, player.id)
      const signalRows = isSignalSport(sport)
        ? (yield* signals.find({ player_id: player.id, order: "recent", limit: DOSSIER_SIGNALS, offset: 0 })).rows
        : []
      const m = Option.getOrUndefined(yield* metrics.get(player.id))
      const a = Option.getOrUndefined(yield* anomalies.get(player.id))
      const figures = figuresOf(m, a)
      const sentence = synthesisSentence(player.full_name, figures)
      // the check: the figures as stored now, read again
      const storedAgain = figuresOf(
        Option.getOrUndefined(yield* metrics.get(player.id)),
        Option.getOrUndefined(yield* anomalies.get(player.id))
      )
      const validated = sentence !== null && Synthesis.verifySentence(sentence, storedAgain)
      const now = new Date(yield* Clock.currentTimeMillis)
      return {
        ...playerRef(player),
        playcaller_id: player.id,
        sport,
        team: player.team,
        position: player.position,
        status: player.status,
        confidence_score: fields.confidence_score,
        heat_signal: fields.heat_signal,
        synthesis: validated ? sentence : null,
        synthesis_figures: validated ? figures : [],
        signals: signalRows.map((s) => ({
          ...toSignal(s, "all", fields.confidence_score),
          weight: null
        })),
        _audit: {
          model_version: fields.model_versions.length === 0 ? null : fields.model_versions.join(","),
          observations_used: (m?.sample_size ?? 0) + signalRows.length,
          generated_at: now.toISOString(),
          signals_validated: validated
        }
      } satisfies Dossier
    })

    /**
     * Stored anomaly scores (a formula, not a model: Anomaly.ts) of `sport` (every sport when
     * undefined) with anomaly_score at least `min_score`, highest first, at most `limit`, with
     * the players' names.
     */
    const anomalyScores = Effect.fn("Feed.anomalyScores")(function*(q: {
      readonly sport?: TeamSport | undefined
      readonly min_score: number
      readonly limit: number
    }) {
      const rows = yield* anomalies.find(q)
      const people = yield* playersById(players, rows.map((r) => r.player_id))
      return rows.map((r) => {
        const p = people.get(r.player_id)
        const { computed_at, line_id: _, ...rest } = r
        return {
          ...rest,
          player_name: p?.full_name ?? r.player_id,
          position: p?.position ?? null,
          computed_at: computed_at.toISOString()
        }
      })
    })

    /**
     * Waiver articles of `sport`: one per player of its waiver priority (rising players by
     * momentum_delta, Analytics.waiverPriority; nfl, nba, nhl), at most `limit`. Every number in
     * the title and content is a stored figure listed in `signals_used` with its source. `week`
     * (nfl): the week of the sport's newest stat line; `season` of the stored metrics;
     * published_at: when the metrics batch ran. A `season` or `week` asked that is not the one
     * stored gives no article (metrics are stored for the newest games only).
     */
    const waiverArticles = Effect.fn("Feed.waiverArticles")(function*(sport: AnalyticsRules.AlphaSport, q: {
      readonly season?: number | undefined
      readonly week?: number | undefined
      readonly limit: number
    }) {
      const { rows, season } = yield* analytics.waiverPriority(sport, { excludeInjured: true, limit: q.limit })
      const newest = (yield* lines.newest({ sport, limit: 1 }))[0]
      const week = sport === "nfl" ? newest?.week ?? null : null
      if ((q.season !== undefined && q.season !== season) || (q.week !== undefined && q.week !== week)) {
        return { season, week, articles: [] as ReadonlyArray<WaiverArticle> }
      }
      // the rows' metrics in one read (a player has one metrics row), not one read per article
      const held = new Map(
        (rows.length === 0 ? [] : yield* metrics.find({ sport, player_ids: rows.map((r) => r.player_id) }))
          .map((m) => [m.player_id, m] as const)
      )
      const articles: Array<WaiverArticle> = []
      for (const r of rows) {
        const m = held.get(r.player_id)
        if (m === undefined || m.momentum_delta === null) continue
        const used: Array<Synthesis.Figure> = [
          { name: "momentum_delta", value: m.momentum_delta, source: "player_metrics.momentum_delta" },
          ...(m.avg_fantasy_points === null
            ? []
            : [{
              name: "avg_fantasy_points",
              value: m.avg_fantasy_points,
              source: "player_metrics.avg_fantasy_points"
            }]),
          { name: "sample_size", value: m.sample_size, source: "player_metrics.sample_size" },
          // nfl opportunity_ceiling is a target share: a quarterback's is 0 by construction, not news
          ...(m.opportunity_ceiling === null || (sport === "nfl" && r.position === "QB")
            ? []
            : [{
              name: "opportunity_ceiling",
              value: m.opportunity_ceiling,
              source: "player_metrics.opportunity_ceiling"
            }]),
          { name: "rank", value: r.rank, source: "waiver_priority.rank" }
        ]
        const f = (name: string, signed = false) => {
          const x = used.find((u) => u.name === name)
          return x === undefined ? undefined : Synthesis.formatFigure(x.value, signed)
        }
        const who = `${r.player_name}${
          r.team === null ? "" : ` (${r.team}${r.position === null ? "" : `, ${r.position}`})`
        }`
        const content = [
          `${who} ranks ${f("rank")} on the waiver priority list with a momentum_delta of ${
            f("momentum_delta", true)
          } fantasy points`,
          f("avg_fantasy_points") === undefined
            ? undefined
            : ` and an average of ${f("avg_fantasy_points")} fantasy points over his last ${f("sample_size")} games`,
          f("opportunity_ceiling") === undefined
            ? undefined
            : `; his opportunity_ceiling is ${f("opportunity_ceiling")} percent`,
          "."
        ].filter((x) => x !== undefined).join("")
        articles.push({
          title: `Waiver watch: ${r.player_name} is rising (momentum_delta ${f("momentum_delta", true)})`,
          content,
          sport,
          week,
          season,
          published_at: m.computed_at.toISOString(),
          player_id: r.player_id,
          signals_used: used
        })
      }
      return { season, week, articles: articles as ReadonlyArray<WaiverArticle> }
    })

    /**
     * Per canonical id (order asked, duplicates once): confidence_score and heat_signal from the
     * ACTIVE models (null otherwise), alpha (Analytics.alpha; the sports with the registry's
     * `alpha`: nfl, nba, nhl) and projection (Analytics.projection, 1 week, default scoring; the
     * sports with `projection`: nfl, mlb, nba), null where the sport has none (mlb alpha: its
     * lines have no playing-time or opportunity share, so every alpha value would be null). Ids that name no stored team-sport player are listed in notFound.
     */
    const batchSignals = Effect.fn("Feed.batchSignals")(function*(ids: ReadonlyArray<string>) {
      const unique = [...new Set(ids)]
      const held = yield* playersById(players, unique)
      const rows: Array<BatchSignalRow> = []
      const notFound: Array<string> = []
      for (const id of unique) {
        const p = held.get(id)
        if (p === undefined || !isTeamSport(p.sport)) {
          notFound.push(id)
          continue
        }
        const sport = p.sport
        const fields = yield* modelFieldsOf(registry, p.id)
        rows.push({
          player_id: p.id,
          sport,
          player_name: p.full_name,
          confidence_score: fields.confidence_score,
          heat_signal: fields.heat_signal,
          model_version: fields.model_versions.length === 0 ? null : fields.model_versions.join(","),
          alpha: Sports.hasCapability(sport, "alpha") ? yield* analytics.alpha(sport, p.id) : null,
          projection: Sports.hasCapability(sport, "projection")
            ? yield* analytics.projection(sport, p.id, 1, undefined)
            : null
        })
      }
      return { rows, notFound }
    })

    return { admit, resolve, resolveWithWarnings, dossier, anomalyScores, waiverArticles, batchSignals } as const
  }),
  dependencies: [Analytics.Default]
}) {}

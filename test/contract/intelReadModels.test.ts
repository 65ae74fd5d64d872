/**
 * The intelligence reads that replaced per-request walks, on every store: `/v1/players/filter`
 * (Analytics `filter`: the latest season's metrics ranked first, players read for the best only)
 * answers what the per-request computation over every metrics row and every ranked player (the
 * code it replaced, written out below as the reference) answered, for the filters clients send,
 * after an ingest of the fixtures and after the metrics are replaced by a newer season;
 * `/v1/nfl/depth-chart/changes` (the store matches the chart fields and cuts at the limit)
 * answers what filtering every nfl depth chart change here answered; and
 * `/v1/nba/confidence` (Models `confidence`: predictions ranked by score first, players read for
 * the best only) answers what reading every ranked player and sorting them all answered.
 */
import { describe, expect, it } from "@effect/vitest"
import { Analytics, type FilterQuery, Models, Signals } from "@sports-data/app"
import {
  Analytics as A,
  ModelRegistryReader,
  ModelRegistryWriter,
  type Models as M,
  Paging,
  type Player,
  PlayerMetricsReader,
  PlayerMetricsWriter,
  PlayerReader,
  SignalReader,
  Sports,
  SportsWriter,
  type TeamSport
} from "@sports-data/domain"
import { Progress, Runner } from "@sports-data/ingest"
import { Effect, Layer } from "effect"
import { fileURLToPath } from "node:url"
import { playerRef } from "../../packages/app/src/Rows.js"
import { storeLayers } from "../harness/stores.js"

const fixtures = (sport: string) => fileURLToPath(new URL(`../fixtures/${sport}`, import.meta.url))

/** Every page of a paged read. */
const allRows = Paging.allRows

const inRange = (x: number | null, min: number | undefined, max: number | undefined): boolean =>
  (min === undefined && max === undefined) ||
  (x !== null && (min === undefined || x >= min) && (max === undefined || x <= max))

/** The reference: every metrics row of the sport read, its latest season's players read, filtered, sorted, cut. */
const referenceFilter = (q: FilterQuery) =>
  Effect.gen(function*() {
    const all = yield* (yield* PlayerMetricsReader).find({ sport: q.sport })
    const season = all.reduce<number | undefined>((m, r) => (m === undefined || r.season > m ? r.season : m), undefined)
    const current = all.filter((m) => m.season === season)
    const players = yield* PlayerReader
    const ids = current.map((m) => m.player_id)
    const people = new Map<string, Player>(
      ids.length === 0 ? [] : (yield* allRows((page) => players.find({ ids, ...page }))).map((p) => [p.id, p] as const)
    )
    const dims: ReadonlyArray<string> = q.sport === "nfl" ? A.similarityDimensions.nfl : []
    const dim = (m: A.PlayerMetrics, name: string) => {
      const i = dims.indexOf(name)
      return i < 0 || m.vector === null ? null : (m.vector[i] ?? null)
    }
    const rows = current.flatMap((m) => {
      const p = people.get(m.player_id)
      if (p === undefined) return []
      if (q.team !== undefined && p.team?.toUpperCase() !== q.team.toUpperCase()) return []
      if (q.position !== undefined && !Sports.positionMatches(q.sport, q.position, p.position)) return []
      const share = dim(m, "opportunity")
      const row = {
        ...playerRef(p),
        id: p.id,
        name: p.full_name,
        sport: q.sport,
        position: p.position,
        team: p.team,
        games: m.sample_size,
        snap_pct: dim(m, "usage"),
        target_share: share === null ? null : Math.round(share * 100) / 10000,
        avg_fantasy_points: m.avg_fantasy_points
      }
      return inRange(row.snap_pct, q.min_snap_pct, q.max_snap_pct) &&
          inRange(row.target_share, q.min_target_share, q.max_target_share) &&
          inRange(row.avg_fantasy_points, q.min_fantasy_pts, q.max_fantasy_pts)
        ? [row]
        : []
    })
    rows.sort((a, b) =>
      (b.avg_fantasy_points ?? -Infinity) - (a.avg_fantasy_points ?? -Infinity) || (a.id < b.id ? -1 : 1)
    )
    return { season: season ?? null, rows: rows.slice(0, q.limit) }
  })

/** The reference confidence list: every player of the latest predictions read, sorted, cut (the replaced code). */
const referenceConfidence = (sport: TeamSport, q: { player?: string; team?: string; limit: number }) =>
  Effect.gen(function*() {
    const registry = yield* ModelRegistryReader
    const latest = yield* registry.latest({ sport, model_type: "confidence" })
    const found = latest.length === 0 ? { rows: [] } : yield* (yield* PlayerReader).find({
      sport,
      ids: latest.map((p) => p.player_id),
      search: q.player,
      team: q.team,
      limit: latest.length,
      offset: 0
    })
    const byId = new Map(found.rows.map((p) => [p.id, p] as const))
    const rows = latest.flatMap((p) => {
      const player = byId.get(p.player_id)
      return player === undefined ? [] : [{ player, p }]
    })
    rows.sort((a, b) =>
      (b.p.confidence_score ?? -1) - (a.p.confidence_score ?? -1) ||
      a.player.full_name.localeCompare(b.player.full_name)
    )
    return rows.slice(0, q.limit).map(({ p, player }) => [player.id, p.game_id, p.confidence_score])
  })

/** The reference depth chart changes: every nfl depth_chart_change signal read, filtered and cut here (the replaced code). */
const referenceChanges = (q: DepthQuery) =>
  Effect.gen(function*() {
    const page = yield* (yield* SignalReader).find({
      sports: ["nfl"],
      types: ["depth_chart_change"],
      team: q.team,
      since: q.since,
      order: "recent",
      limit: 100_000,
      offset: 0
    })
    return page.rows.filter((s) => {
      const d = s.details
      if (typeof d["change_type"] !== "string" || typeof d["position"] !== "string") return false
      if (q.changeType !== undefined && d["change_type"] !== q.changeType) return false
      return q.position === undefined || d["position"].toUpperCase() === q.position.toUpperCase()
    }).slice(0, q.limit).map((s) => s.id)
  })

type DepthQuery = Parameters<Signals["depthChartChanges"]>[0]

/** The filters compared (a team and a position the fixtures hold are read from them). */
const queries = (sport: "nfl" | "nba", sample: Player): ReadonlyArray<FilterQuery> => [
  { sport, limit: 1 },
  { sport, limit: 10 },
  { sport, limit: 50 },
  { sport, limit: 200 },
  { sport, team: sample.team!.toLowerCase(), limit: 10 },
  { sport, position: sample.position!, limit: 10 },
  { sport, team: sample.team!, position: sample.position!, limit: 200 },
  { sport, position: sport === "nfl" ? "WR" : "G", limit: 5 },
  // a filter that the first slice (64, or twice the limit) cannot fill: later slices are read
  { sport, position: sample.position!, limit: 40 },
  { sport, position: sample.position!, limit: 100 },
  { sport, min_fantasy_pts: 5, max_fantasy_pts: 20, limit: 20 },
  { sport, min_snap_pct: 40, limit: 20 },
  { sport, max_target_share: 0.1, min_target_share: 0.01, limit: 20 },
  { sport, team: "ZZZ", limit: 10 },
  { sport, team: `${sample.team!}\u00e9`, limit: 10 }
]

/** A card for the contract's version (its fields are not what is compared). */
const cardOf: M.ModelCard = {
  target: "P(points >= line)",
  features: ["trailing rate"],
  training_window: "2022-2023",
  held_out_window: "2024",
  metric: "Brier score",
  naive_baseline: "trailing-8 rate",
  pass_rule: "3% lower Brier",
  result: {
    metric_model: 0.12,
    metric_baseline: 0.13,
    improvement_pct: 7.69,
    calibration_error: 0.01,
    observations_train: 100,
    observations_held_out: 40,
    passed: true
  },
  note: null,
  library: "ml-matrix",
  coefficients: [-1.5, 0.25]
}

const layers = await storeLayers()

describe.each(layers.filter(([label]) => label !== "pglite thread"))("intelligence read models on %s", (_l, stores) => {
  const services = Layer.mergeAll(Analytics.Default, Models.Default, Signals.Default).pipe(
    Layer.provideMerge(stores)
  )
  it.scopedLive(
    "players filter, nfl depth chart changes and nba confidence equal the per-request computation",
    () =>
      Effect.gen(function*() {
        for (const sport of ["nba", "nfl"] as const) {
          yield* Runner.runIngest({ sports: [sport], dataDir: fixtures(sport) }).pipe(Effect.provide(Progress.silent))
        }
        const analytics = yield* Analytics
        const metrics = yield* PlayerMetricsReader
        const players = yield* PlayerReader
        // metrics for every player of the sport (beyond the fixtures' few: the filter reads its
        // players in growing slices), with ties, null averages and spread shares
        for (const sport of ["nba", "nfl"] as const) {
          const template = (yield* metrics.find({ sport }))[0]!
          const fixture = yield* allRows((page) => players.find({ sport, ...page }))
          const teams = [...new Set(fixture.flatMap((p) => (p.team === null ? [] : [p.team])))]
          const positions = [...new Set(fixture.flatMap((p) => (p.position === null ? [] : [p.position])))]
          yield* (yield* SportsWriter).upsertPlayers(Array.from({ length: 400 }, (_, i) => ({
            ...fixture[0]!,
            id: `svc_${sport}_synthetic${i}`,
            full_name: `Synthetic Player ${i}`,
            team: i % 9 === 0 ? null : teams[i % teams.length]!,
            position: positions[(i * 7) % positions.length]!,
            platform_ids: {}
          })))
          const everyone = yield* allRows((page) => players.find({ sport, ...page }))
          yield* (yield* PlayerMetricsWriter).replaceSport(
            sport,
            everyone.map((p, i) => ({
              ...template,
              player_id: p.id,
              avg_fantasy_points: i % 11 === 0 ? null : i % 4 === 0 ? 10 : ((i * 7919) % 300) / 10,
              sample_size: (i % 8) + 1,
              vector: template.vector === null ?
                null :
                template.vector.map((v, j) => v === null ? null : (i * 31 + j * 17) % 100)
            }))
          )
        }
        const compare = Effect.fn(function*(sport: "nfl" | "nba") {
          const held = yield* metrics.find({ sport })
          const sample = (yield* allRows((page) => players.find({ ids: held.map((m) => m.player_id), ...page })))
            .find((p) => p.team !== null && p.position !== null)!
          for (const q of queries(sport, sample)) {
            const got = yield* analytics.filter(q)
            const want = yield* referenceFilter(q)
            expect(got.season, `${JSON.stringify(q)}`).toBe(want.season)
            expect(got.rows, `${JSON.stringify(q)}`).toEqual(want.rows)
          }
        })
        yield* compare("nfl")
        yield* compare("nba")
        expect((yield* analytics.filter({ sport: "nfl", limit: 5 })).rows.length).toBe(5)

        // the nba confidence list: scores with ties and nulls, names that repeat
        const nba = yield* allRows((page) => players.find({ sport: "nba", ...page }))
        const version: M.ModelVersion = {
          id: "nba.confidence.contract",
          sport: "nba",
          model_type: "confidence",
          version: "contract",
          status: "ACTIVE",
          trained_at: "2025-01-01T00:00:00.000Z",
          card: (yield* (yield* ModelRegistryReader).versions({}))[0]?.card ?? cardOf
        }
        yield* (yield* SportsWriter).upsertPlayers(
          nba.map((p, i) => ({ ...p, full_name: i % 10 === 1 ? "Synthetic Player 2" : `Name ${(i * 7919) % 997}` }))
        )
        yield* (yield* ModelRegistryWriter).record(
          version,
          nba.flatMap((p, i) =>
            [0, 1].map((g) => ({
              model_id: version.id,
              sport: "nba" as const,
              player_id: p.id,
              season: 2024,
              game_id: `g${g}`,
              game_date: `2024-11-0${g + 1}`,
              model_type: "confidence" as const,
              model_version: version.version,
              as_of: "2024-10-31",
              probability: 0.5,
              // few distinct scores: ties span the slices the list reads
              confidence_score: i % 13 === 0 ? null : 10 * Math.floor(((i * (g + 3)) % 40) / 10),
              heat_signal: null,
              expected: null,
              threshold: 10,
              actual: null
            }))
          )
        )
        // nfl depth chart changes: the store's chart filter and cut equal the filter here
        const changes = yield* (yield* SignalReader).find({
          sports: ["nfl"],
          types: ["depth_chart_change"],
          order: "recent",
          limit: 1,
          offset: 0
        })
        expect(changes.total, "the nfl fixtures derive depth chart changes").toBeGreaterThan(3)
        const first = changes.rows[0]!
        const slot = String(first.details["position"])
        for (
          const q of [
            { limit: 50 },
            { limit: 1 },
            { limit: 200, team: first.team.toLowerCase() },
            { limit: 10, position: slot.toLowerCase() },
            { limit: 10, position: `${slot}\u0131` },
            { limit: 10, changeType: first.details["change_type"] as "added" },
            { limit: 10, changeType: "promoted" as const, since: new Date(first.effective_at.getTime() - 86_400_000) },
            { limit: 10, position: "NO SUCH SLOT" }
          ]
        ) {
          const got = yield* (yield* Signals).depthChartChanges(q)
          expect(got.map((r) => r.id), JSON.stringify(q)).toEqual(yield* referenceChanges(q))
        }

        const models = yield* Models
        const sampleTeam = nba.find((p) => p.team !== null)!.team!
        for (
          const q of [
            { limit: 1 },
            { limit: 20 },
            { limit: 200 },
            { limit: 1000 },
            { team: sampleTeam, limit: 20 },
            { player: "player 2", limit: 50 },
            { player: "name 1", limit: 5 },
            { player: "zz no one", limit: 20 }
          ]
        ) {
          const got = yield* models.confidence("nba", q)
          expect(got.active).toBe(true)
          expect(got.rows.map((r) => [r.player_id, r.game_id, r.confidence_score]), JSON.stringify(q))
            .toEqual(yield* referenceConfidence("nba", q))
        }
        expect((yield* models.confidence("nba", { limit: 20 })).rows).toHaveLength(20)

        // a newer season for some players (ties, a null average): only it is listed, in its order
        const nfl = yield* metrics.find({ sport: "nfl" })
        const season = Math.max(...nfl.map((m) => m.season)) + 1
        const newer = nfl.filter((_, i) => i % 3 === 0).map((m, i) => ({
          ...m,
          season,
          avg_fantasy_points: i % 7 === 0 ? null : i % 5 === 0 ? 12.5 : m.avg_fantasy_points
        }))
        yield* (yield* PlayerMetricsWriter).replaceSport("nfl", [
          ...nfl.filter((_, i) => i % 3 !== 0),
          ...newer
        ])
        expect((yield* analytics.filter({ sport: "nfl", limit: 200 })).season).toBe(season)
        yield* compare("nfl")
      }).pipe(Effect.provide(services)),
    { timeout: 600_000 }
  )
})

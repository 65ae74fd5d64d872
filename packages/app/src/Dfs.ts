/**
 * The DFS feature: slates and salaries held for a sport, and the lineup optimizer over a slate
 * (Optimizer.ts) with the projections the caller gives or the service's own.
 *
 * Projections "service": while an nfl projection model is ACTIVE, a linked player with its
 * stored prediction of the slate's week gets its PPR points ({@link modelProjectionMethod});
 * otherwise nfl uses the service's projection of each linked player as of the slate (domain `Analytics.trailingProjection`, the same function as the projection endpoint:
 * the trailing 10-game fantasy point average in the sport's default scoring over his games
 * strictly before the slate's start date, times the injury availability of his newest report up
 * to the slate's week; a plain average, not a prediction, in the service's scoring, not
 * DraftKings'), read in one batch. Team defenses (the service holds no DST stats) and unlinked
 * rows have none: they stay in the pool at 0 points and are listed in `without_projection`. The
 * service holds no DraftKings golf points: a golf slate with "service" is refused (400).
 * Projections map: a player missing from it is left out of the pool (unless locked, when he
 * counts 0 points) and listed in `without_projection`.
 * @module
 */
import {
  Analytics as A,
  AthleteReader,
  Dfs as D,
  DfsReader,
  InvalidParameter,
  isTeamSport,
  MipSolver,
  ModelRegistryReader,
  type Page,
  PlayerReader,
  ReportReader,
  type SportKey,
  Sports,
  StatLineReader,
  type Team,
  TeamReader
} from "@sports-data/domain"
import { Array as Arr, Clock, Effect, Option } from "effect"
import * as Optimizer from "./Optimizer.js"
import { allRows, notFound, playersById } from "./Reads.js"
import { teamRef } from "./Rows.js"

/** Why a sport has no DFS slates (meta.coverage of the DFS endpoints of sports without a source). */
export const NO_DFS_SOURCE =
  "no source has DFS slates for this sport: DraftKings nfl (2025 week 1) and golf (2026) only"

/** `method` of "service" projections (see the module doc). */
export const SERVICE_PROJECTION_METHOD =
  "nfl: the service's projection as of the slate (trailing 10-game fantasy point average in its default scoring over games strictly before the slate's start date, times the injury availability of the newest report up to the slate's week; not a prediction, not DraftKings scoring); players without one (team defenses, unlinked rows) count 0 points; golf: none held"

/**
 * `method` of "service" projections while an nfl projection model is ACTIVE (`modelId`): its PPR
 * points of the slate's week where it holds a prediction of that week, else the trailing average.
 */
export const modelProjectionMethod = (modelId: string): string =>
  `nfl: the ACTIVE projection model ${modelId}'s PPR points for the slate's week (made before the week's games from earlier games only; PPR, not DraftKings' bonuses) where it holds one; otherwise ${
    SERVICE_PROJECTION_METHOD.slice(5)
  }`

/** A lineup request (POST /v1/lineup/optimize body, decoded). Player ids: canonical or the platform's. */
export interface OptimizeInput {
  readonly slate_id: string
  readonly lineups: number
  readonly projections: "service" | Readonly<Record<string, number>>
  readonly locks: ReadonlyArray<string>
  readonly excludes: ReadonlyArray<string>
  readonly max_exposure: number
  readonly min_salary: number | undefined
}

/**
 * A salary row as served: the slate's row with the canonical fields (docs/vocabulary.md):
 * `player_name`, the linked player's (or golfer's) full name as the service holds it (`name`
 * is the platform's spelling), null only when the row is not linked (`player_id` null: a team
 * defense, a name the service does not hold); `team_id` and `team_abbr`, the team the platform
 * lists when the service holds it (`/v1/<sport>/teams` key; a defense has one too), null for
 * golf.
 */
export type SalaryRow = D.DfsSalary & {
  readonly player_name: string | null
  readonly team_id: string | null
  readonly team_abbr: string | null
}

/** One player of a lineup: the slot, the salary row and the projection used (null: none, counted as 0). */
export interface LineupPlayer {
  readonly slot: string
  readonly salary: SalaryRow
  readonly projection: number | null
}

/** A lineup: its players in slot order, salary total US$, projected points total (2 decimals). */
export interface Lineup {
  readonly players: ReadonlyArray<LineupPlayer>
  readonly salary: number
  readonly points: number
}

/** What the optimizer answers: the slate and rules used, the lineups, players without a projection, why it stopped early. */
export interface OptimizeResult {
  readonly slate: D.DfsSlate
  readonly rules: D.RosterRules
  readonly lineups: ReadonlyArray<Lineup>
  readonly projections: "service" | "custom"
  /** What the projections are: {@link SERVICE_PROJECTION_METHOD}, {@link modelProjectionMethod} or the request's map. */
  readonly projection_method: string
  readonly without_projection: ReadonlyArray<SalaryRow>
  readonly stopped: string | null
}

const isDfsSport = (sport: SportKey): sport is D.DfsSport => (D.dfsSports as ReadonlyArray<string>).includes(sport)

/** The DFS application service. */
export class Dfs extends Effect.Service<Dfs>()("@sports-data/app/Dfs", {
  effect: Effect.gen(function*() {
    const reader = yield* DfsReader
    const lines = yield* StatLineReader
    const reportReader = yield* ReportReader
    const solver = yield* MipSolver
    const players = yield* PlayerReader
    const athletes = yield* AthleteReader
    const teams = yield* TeamReader

    /**
     * `rows` of `slate` with the canonical fields ({@link SalaryRow}): one read of the linked
     * players (golfers for golf) and one of the sport's teams.
     */
    const withRefs = (slate: D.DfsSlate, rows: ReadonlyArray<D.DfsSalary>) =>
      Effect.gen(function*() {
        const ids = [...new Set(rows.flatMap((r) => (r.player_id === null ? [] : [r.player_id])))]
        const names = new Map<string, string>()
        const byKey = new Map<string, Team>()
        const sport = slate.sport
        if (isTeamSport(sport)) {
          for (const [id, p] of yield* playersById(players, ids)) names.set(id, p.full_name)
          for (const t of yield* teams.find(sport)) byKey.set(t.abbr.toUpperCase(), t)
        } else if (ids.length > 0) {
          const held = yield* allRows((page) => athletes.find({ sport, ids, ...page }))
          for (const a of held) names.set(a.id, a.name)
        }
        return rows.map((r): SalaryRow => {
          const team = r.team === null ? undefined : byKey.get(r.team.toUpperCase())
          return {
            ...r,
            player_name: r.player_id === null ? null : names.get(r.player_id) ?? r.name,
            ...(team === undefined ? { team_id: null, team_abbr: null } : teamRef(team.abbr, team))
          }
        })
      })
    const registry = yield* ModelRegistryReader

    /**
     * Slates of `sport` (newest first), of `platform` when given; with `days`, only those starting
     * on or after today (UTC, from the Clock) minus `days` days. Empty for a sport without slates.
     */
    const slates = Effect.fn("Dfs.slates")(function*(
      sport: SportKey,
      q: { readonly platform?: string | undefined; readonly days?: number | undefined }
    ) {
      if (!isDfsSport(sport)) return [] as ReadonlyArray<D.DfsSlate>
      const now = yield* Clock.currentTimeMillis
      const since = q.days === undefined ? undefined : new Date(now - q.days * 86_400_000).toISOString().slice(0, 10)
      return yield* reader.slates({ sport, platform: q.platform, since })
    })

    /** The slate `id` of `sport`; ResourceNotFound (slate) when unknown or of another sport. */
    const requireSlate = (sport: SportKey | undefined, id: string) =>
      Effect.flatMap(
        reader.slate(id),
        (found) =>
          Option.isSome(found) && (sport === undefined || found.value.sport === sport)
            ? Effect.succeed(found.value)
            : Effect.fail(notFound("slate", id))
      )

    /**
     * A page (`page.limit` rows from `page.offset`) of the salary rows of slate `id` of `sport`
     * (of `position` when given), salary descending, with the canonical fields
     * ({@link SalaryRow}: players and teams read for the page's rows only) and `total`, the rows
     * before paging; 404 for an unknown slate.
     */
    const salaries = Effect.fn("Dfs.salaries")(
      function*(sport: SportKey, id: string, position: string | undefined, page: Page) {
        const slate = yield* requireSlate(sport, id)
        const found = yield* reader.salaryPage(slate.id, position, page)
        return { slate, total: found.total, rows: yield* withRefs(slate, found.rows) }
      }
    )

    /**
     * The service's projection of each row as of the slate (see the module doc), by platform
     * player id; null when none. One stat line read (each linked player's 10 newest lines before
     * the slate's start date) and one injury report read, whatever the slate's size.
     */
    const serviceProjections = (slate: D.DfsSlate, rows: ReadonlyArray<D.DfsSalary>) =>
      Effect.gen(function*() {
        const out = new Map<string, number | null>(rows.map((r) => [r.platform_player_id, null]))
        if (slate.sport !== "nfl") return { values: out, method: SERVICE_PROJECTION_METHOD }
        const ids = [...new Set(rows.flatMap((r) => (r.player_id === null ? [] : [r.player_id])))]
        if (ids.length === 0) return { values: out, method: SERVICE_PROJECTION_METHOD }
        const model = (yield* registry.versions({ sport: "nfl", status: "ACTIVE" })).find((v) =>
          v.model_type === "projection"
        )
        const modelPoints = new Map<string, number>()
        if (model !== undefined) {
          yield* Effect.forEach(ids, (id) =>
            Effect.map(
              registry.predictions({ player_id: id, model_type: "projection", season: slate.season, limit: 25 }),
              (ps) => {
                const p = ps.find((x) => x.week === slate.week)?.projection?.points["ppr"]
                if (p !== undefined) modelPoints.set(id, p)
              }
            ), { concurrency: 8, discard: true })
        }
        const recent = yield* lines.recentBefore({
          sport: "nfl",
          player_ids: ids,
          before: slate.start_date,
          per_player: A.PROJECTION_WINDOW
        })
        const wanted = new Set(ids)
        const reports = (yield* allRows((page) => reportReader.injuries({ sport: "nfl", ...page })))
          .filter((r) => wanted.has(r.player_id) && r.season <= slate.season)
        const linesOf = Arr.groupBy(recent, (l) => l.player_id)
        const reportsOf = Arr.groupBy(reports, (r) => r.player_id)
        const format = Sports.defaultFormat("nfl") ?? "default"
        for (const r of rows) {
          if (r.player_id === null) continue
          const p = A.trailingProjection({
            lines: linesOf[r.player_id] ?? [],
            format,
            isDefaultFormat: true,
            reports: reportsOf[r.player_id] ?? [],
            status: null,
            asOf: { date: slate.start_date, season: slate.season, week: slate.week }
          })
          out.set(
            r.platform_player_id,
            modelPoints.get(r.player_id) ?? (p.next_game === null ? null : Math.round(p.next_game * 100) / 100)
          )
        }
        return {
          values: out,
          method: model === undefined || modelPoints.size === 0
            ? SERVICE_PROJECTION_METHOD
            : modelProjectionMethod(model.id)
        }
      })

    /**
     * Lineups of `input` (see Optimizer.ts and the module doc). InvalidParameter: an unknown slate
     * (slate_id), a contest type without roster rules (slate_id), a lock or exclude that is not a
     * player of the slate or both locked and excluded (locks / excludes), or no feasible lineup
     * (the reason; parameter `slate_id`, or `locks` when locks are given).
     */
    const optimize = Effect.fn("Dfs.optimize")(function*(input: OptimizeInput) {
      const found = yield* reader.slate(input.slate_id)
      if (Option.isNone(found)) {
        return yield* Effect.fail(new InvalidParameter({ parameter: "slate_id", reason: "no such slate" }))
      }
      const slate = found.value
      const rules = D.rulesOf(slate)
      if (rules === undefined) {
        return yield* Effect.fail(
          new InvalidParameter({
            parameter: "slate_id",
            reason: `the optimizer has no roster rules for ${slate.platform} ${slate.sport} ${slate.game_type} slates`
          })
        )
      }
      const rows = yield* withRefs(slate, yield* reader.salaries(slate.id))
      const byId = new Map<string, SalaryRow>()
      for (const r of rows) {
        byId.set(r.platform_player_id, r)
        if (r.player_id !== null) byId.set(r.player_id, r)
      }
      const resolve = (parameter: "locks" | "excludes", ids: ReadonlyArray<string>) =>
        Effect.forEach(ids, (id) => {
          const r = byId.get(id)
          return r === undefined
            ? Effect.fail(new InvalidParameter({ parameter, reason: `${id} is not a player of slate ${slate.id}` }))
            : Effect.succeed(r.platform_player_id)
        })
      const locks = new Set(yield* resolve("locks", input.locks))
      const excludes = new Set(yield* resolve("excludes", input.excludes))
      const both = [...locks].find((k) => excludes.has(k))
      if (both !== undefined) {
        return yield* Effect.fail(
          new InvalidParameter({ parameter: "excludes", reason: `${both} is both locked and excluded` })
        )
      }
      const fromService = input.projections === "service" ? yield* serviceProjections(slate, rows) : undefined
      const projected = fromService !== undefined
        ? fromService.values
        : new Map(rows.map((r) => {
          const custom = input.projections as Readonly<Record<string, number>>
          const v = custom[r.platform_player_id] ?? (r.player_id === null ? undefined : custom[r.player_id])
          return [r.platform_player_id, v ?? null] as const
        }))
      const service = input.projections === "service"
      const without = rows.filter((r) => projected.get(r.platform_player_id) === null)
      if (service && without.length === rows.length) {
        return yield* Effect.fail(
          new InvalidParameter({
            parameter: "projections",
            reason: `all ${rows.length} players of slate ${slate.id} have no projection of the service` +
              (slate.sport === "golf" ? ": the service holds no DraftKings golf points" : "") +
              "; pass a projections map"
          })
        )
      }
      const pool = rows.filter((r) =>
        !excludes.has(r.platform_player_id) &&
        (service || projected.get(r.platform_player_id) !== null || locks.has(r.platform_player_id))
      )
      const outcome = yield* Optimizer.optimize({
        pool: pool.map((r) => ({
          key: r.platform_player_id,
          position: r.position,
          salary: r.salary,
          game: r.game,
          projection: projected.get(r.platform_player_id) ?? 0
        })),
        rules,
        lineups: input.lineups,
        locks: [...locks],
        maxExposure: input.max_exposure,
        minSalary: input.min_salary
      }).pipe(Effect.provideService(MipSolver, solver), Effect.orDie)
      if (outcome._tag === "Infeasible") {
        const missing = without.length === 0 || service
          ? ""
          : ` (${without.length} of the slate's ${rows.length} players have no projection and are left out)`
        return yield* Effect.fail(
          new InvalidParameter({ parameter: locks.size > 0 ? "locks" : "slate_id", reason: outcome.reason + missing })
        )
      }
      const rowOf = new Map(rows.map((r) => [r.platform_player_id, r]))
      return {
        slate,
        rules,
        projections: input.projections === "service" ? "service" : "custom",
        projection_method: fromService?.method ?? "the projections map of the request",
        without_projection: without,
        stopped: outcome.stopped,
        lineups: outcome.lineups.map((l): Lineup => ({
          salary: l.salary,
          points: l.points,
          players: l.slots.map((s) => ({
            slot: s.slot,
            salary: rowOf.get(s.key)!,
            projection: projected.get(s.key) ?? null
          }))
        }))
      } satisfies OptimizeResult
    })

    return { slates, salaries, optimize } as const
  })
}) {}

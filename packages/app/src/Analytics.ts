/**
 * The analytics feature (formulas, not models): alpha metrics and similar players read from the
 * stored metrics (domain Analytics.ts; recomputed after each ingest, never per request), trends
 * and game history over the stored stat lines, the player filter, trailing-average projections
 * with the injury overlay, and waiver priority. Fails with the domain's ResourceNotFound for an
 * unknown player, StoreError when the store fails.
 * @module
 */
import {
  Analytics as A,
  type AnalyticsResources as R,
  type InjuryReport,
  leaderOrder,
  ModelRegistryReader,
  type Player,
  PlayerMetricsReader,
  PlayerReader,
  ReportReader,
  type Resources,
  Sports,
  type StatLine,
  StatLineReader,
  type TeamSport
} from "@sports-data/domain"
import { Array as Arr, Effect, Option } from "effect"
import { projectionModelOf } from "./ModelFields.js"
import { allRows, playersById, requirePlayer } from "./Reads.js"
import { dateTime, intStat, playerRef, stat, teamRef } from "./Rows.js"

/** Sports of the trends and game-history endpoints (the registry's `history`; specification: nfl, nba, mlb). */
export const historySports = Sports.sportsWith("history")
export type HistorySport = Sports.SportsWith<"history">

/** Filters of trends and game history; `limit` already defaulted. */
export interface HistoryQuery {
  readonly player?: string | undefined
  readonly team?: string | undefined
  readonly position?: string | undefined
  readonly season?: number | undefined
  readonly week?: number | undefined
  readonly limit: number
  /** Trends only: games per trend in `all_games` (the newest); every game when undefined. */
  readonly gamesLimit?: number | undefined
}

/** Filters of `/v1/players/filter` (snap_pct percent 0-100, target_share fraction 0-1). */
export interface FilterQuery {
  readonly sport: TeamSport
  readonly position?: string | undefined
  readonly team?: string | undefined
  readonly min_snap_pct?: number | undefined
  readonly max_snap_pct?: number | undefined
  readonly min_target_share?: number | undefined
  readonly max_target_share?: number | undefined
  readonly min_fantasy_pts?: number | undefined
  readonly max_fantasy_pts?: number | undefined
  readonly limit: number
}

/** Availability by injury status, the injury overlay of projections (domain Analytics `AVAILABILITY`). */
export const AVAILABILITY: Readonly<Record<string, number>> = A.AVAILABILITY

/** `method` of every projection: what the number is and is not (specification, get_player_projections). */
export const PROJECTION_METHOD =
  "trailing 10-game fantasy point average times the injury availability of the next game; a plain average, not a predictive model"

/** Players a name filter reads one by one; a name matching more is filtered over the season's lines. */
const NAMED_PLAYERS_MAX = 25

/** Weeks a projection may span. */
export const PROJECTION_MAX_WEEKS = 18

/** Stable positive 31-bit integer of a string (FNV-1a 32-bit, top bit cleared): HistoricalGameRecord `id`. */
export const recordId = (key: string): number => {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0) & 0x7fffffff
}

/** HistoricalGameRecord of a line (specification): game_date null for nfl, week null for mlb. */
export const historyRecord = (
  sport: HistorySport,
  l: StatLine,
  p: Player | undefined
): Resources.HistoricalGameRecord => {
  const outs = intStat(l, "pitching_outs")
  return {
    player_id: l.player_id,
    ...teamRef(l.team ?? p?.team),
    game_id: l.game_id,
    id: recordId(l.id),
    season: l.season,
    week: sport === "mlb" ? null : l.week,
    game_date: sport === "nfl" || l.game_date === null ? null : dateTime(l.game_date),
    sport_key: sport,
    player_name: p?.full_name ?? l.player_id,
    team: l.team ?? p?.team ?? "",
    position: l.position ?? p?.position ?? "",
    opponent: l.opponent,
    fantasy_points: (l.fantasy_points ?? 0).toFixed(2),
    passing_yards: intStat(l, "passing_yards"),
    passing_tds: intStat(l, "passing_tds"),
    rushing_yards: intStat(l, "rushing_yards"),
    rushing_tds: intStat(l, "rushing_tds"),
    receiving_yards: intStat(l, "receiving_yards"),
    receiving_tds: intStat(l, "receiving_tds"),
    receptions: intStat(l, "receptions"),
    snap_pct: intStat(l, "snap_pct"),
    target_share: stat(l, "target_share"),
    air_yards: stat(l, "air_yards"),
    batting_h: intStat(l, "batting_h"),
    batting_r: intStat(l, "batting_r"),
    batting_hr: intStat(l, "batting_hr"),
    batting_rbi: intStat(l, "batting_rbi"),
    batting_sb: intStat(l, "batting_sb"),
    batting_bb: intStat(l, "batting_bb"),
    batting_ab: intStat(l, "batting_ab"),
    pitching_ip: outs === null ? null : Number(`${Math.floor(outs / 3)}.${outs % 3}`),
    pitching_w: intStat(l, "pitching_w"),
    pitching_k: intStat(l, "pitching_k"),
    pitching_sv: intStat(l, "pitching_sv"),
    pitching_hld: intStat(l, "pitching_hld"),
    pitching_er: intStat(l, "pitching_er")
  }
}

const inRange = (x: number | null, min: number | undefined, max: number | undefined): boolean =>
  (min === undefined && max === undefined) ||
  (x !== null && (min === undefined || x >= min) && (max === undefined || x <= max))

/** The analytics feature. */
export class Analytics extends Effect.Service<Analytics>()("@sports-data/app/Analytics", {
  effect: Effect.gen(function*() {
    const players = yield* PlayerReader
    const lines = yield* StatLineReader
    const reports = yield* ReportReader
    const metrics = yield* PlayerMetricsReader
    const registry = yield* ModelRegistryReader

    /** The latest season with stored metrics of `sport`, or undefined. */
    const latestSeason = (rows: ReadonlyArray<A.PlayerMetrics>) =>
      rows.reduce<number | undefined>((m, r) => (m === undefined || r.season > m ? r.season : m), undefined)

    /**
     * The stored alpha metrics of player `id` of `sport` (all null, sample 0, when the job has not
     * computed any for him, e.g. no stat line). ResourceNotFound for an unknown player.
     */
    const alpha = Effect.fn("Analytics.alpha")(function*(sport: TeamSport, id: string) {
      const player = yield* requirePlayer(players, sport, id)
      const m = Option.getOrUndefined(yield* metrics.get(player.id))
      return {
        ...playerRef(player),
        sport,
        team: player.team,
        position: player.position,
        consistency_score: m?.consistency_score ?? null,
        momentum_delta: m?.momentum_delta ?? null,
        opportunity_ceiling: m?.opportunity_ceiling ?? null,
        sample_size: m?.sample_size ?? 0,
        week_computed: m?.week_computed ?? null,
        season: m?.season ?? null,
        last_game_date: m?.last_game_date ?? null,
        computed_at: m?.computed_at.toISOString() ?? null
      } satisfies R.AlphaMetrics
    })

    /**
     * The `limit` players of `sport` most similar to player `id` (Analytics.mostSimilar over the
     * stored vectors of the players whose newest line is in the same season and whose window
     * holds at least MIN_SIMILARITY_SAMPLE games), with the method. Empty when the player has
     * no vector. ResourceNotFound for an unknown player.
     */
    const similar = Effect.fn("Analytics.similar")(
      function*(sport: A.SimilaritySport, id: string, limit: number) {
        const player = yield* requirePlayer(players, sport, id)
        const target = Option.getOrUndefined(yield* metrics.get(player.id))
        const method = (season: number | null, compared: number): R.SimilarityMethod => ({
          metric: "cosine",
          standardised: "z-score per dimension over the compared players",
          dimensions: A.similarityDimensions[sport],
          window_games: A.ALPHA_WINDOW,
          season,
          players_compared: compared,
          min_sample_size: A.MIN_SIMILARITY_SAMPLE
        })
        if (target === undefined || target.vector === null) return { rows: [], method: method(null, 0) }
        const pool = yield* metrics.vectors({ sport, season: target.season, min_sample: A.MIN_SIMILARITY_SAMPLE })
        const scores = A.mostSimilar({ player_id: target.player_id, vector: target.vector }, pool, limit)
        const people = yield* playersById(players, scores.map((s) => s.player_id))
        const rows = scores.flatMap((s): Array<R.SimilarPlayerRow> => {
          const p = people.get(s.player_id)
          return p === undefined ? [] : [{
            ...playerRef(p),
            playcaller_id: p.id,
            name: p.full_name,
            position: p.position,
            team: p.team,
            similarity_score: s.similarity_score
          }]
        })
        const compared = pool.filter((c) => c.player_id !== target.player_id).length
        return { rows, method: method(target.season, compared) }
      }
    )

    /** Player ids of `sport` whose name contains `search` (accents and case ignored). */
    const idsNamed = (sport: TeamSport, search: string) =>
      Effect.map(
        allRows((page) => players.find({ sport, search: search.trim(), ...page })),
        (rows) => rows.map((p) => p.id)
      )

    /**
     * What `sport`'s lines matching `q` are, as the store sums them per player (StatLineReader
     * `leaders`: one row per player answered, never every line): the filter of the lines (with the
     * stored positions the position filter keeps), the lines it matches, the seasons they span and
     * the first `leaders` players ranked. Without `season`: every season of the named players when
     * `player` is given (their whole history), else the latest season holding a line. A name
     * matching more than {@link NAMED_PLAYERS_MAX} players reads the latest season of those
     * players. The position filter keeps a line by its position, else its player's (Sports
     * `positionMatches`); it costs one more read (the positions held, then the kept lines).
     */
    const matchingLines = (sport: HistorySport, q: HistoryQuery, leaders: number) =>
      Effect.gen(function*() {
        const ids = q.player === undefined ? undefined : yield* idsNamed(sport, q.player)
        const season = q.season ?? (ids !== undefined && ids.length <= NAMED_PLAYERS_MAX
          ? undefined
          : (yield* lines.newest({ sport, limit: 1 }))[0]?.season)
        const base = { sport, season, week: q.week, team: q.team, player_ids: ids }
        const none = ids?.length === 0 ||
          (season === undefined && (ids === undefined || ids.length > NAMED_PLAYERS_MAX))
        if (none) {
          return { filter: base, total: 0, seasons: [], leaders: [] } as const
        }
        const position = q.position
        const held = position === undefined ? undefined : yield* lines.leaders({ ...base, limit: 0 })
        const filter = {
          ...base,
          positions: held?.positions.filter((p) => Sports.positionMatches(sport, position!, p))
        }
        const found = yield* lines.leaders({ ...filter, limit: leaders })
        return {
          filter,
          total: found.total,
          seasons: season !== undefined ? [season] : found.seasons,
          leaders: found.leaders
        }
      })

    /**
     * Game history of `sport` (HistoricalGameRecord, newest first), at most `limit` rows, with the
     * total matched and the seasons they span (see `matchingLines` for the default season). The
     * total comes from the store's sums; only the answered lines are read (StatLineReader `newest`).
     */
    const history = Effect.fn("Analytics.history")(function*(sport: HistorySport, q: HistoryQuery) {
      const found = yield* matchingLines(sport, q, 0)
      const rows = found.total === 0 ? [] : yield* lines.newest({ ...found.filter, limit: q.limit })
      const people = yield* playersById(players, [...new Set(rows.map((l) => l.player_id))])
      return {
        total: found.total,
        seasons: found.seasons,
        rows: rows.map((l) => historyRecord(sport, l, people.get(l.player_id)))
      }
    })

    /**
     * HistoricalTrend rows: the matching lines grouped by player, each with his games newest first,
     * his mean fantasy points over them (default format; a line without points counts 0), ordered
     * as StatLineReader `leaders` ranks them (mean descending, then name, then his newest game;
     * across sports, the order of `sports` breaks a tie of mean and name); at most `limit`
     * players, each with his newest `gamesLimit` games in `all_games` (the mean and
     * `games_in_sample` over all of them). `total_records` counts the game rows considered before
     * grouping. Per sport the store answers its first `limit` players (StatLineReader `leaders`)
     * and only the answered players' newest `gamesLimit` lines are read (StatLineReader `newest`).
     */
    const trends = Effect.fn("Analytics.trends")(function*(sports: ReadonlyArray<HistorySport>, q: HistoryQuery) {
      const found = yield* Effect.forEach(sports, (sport) => matchingLines(sport, q, q.limit))
      const ranked = found.flatMap((f, order) => f.leaders.map((leader) => ({ leader, order })))
        .sort((a, b) => leaderOrder(a.leader, b.leader) || a.order - b.order)
        .slice(0, q.limit)
      // each sport's answered players: their newest lines by player (one read) and their rows
      const read = yield* Effect.forEach(found, (f, order) => {
        const ids = ranked.flatMap((r) => (r.order === order ? [r.leader.player_id] : []))
        return Effect.all({
          lines: Effect.map(
            ids.length === 0
              ? Effect.succeed([])
              : lines.newest({ ...f.filter, player_ids: ids, per_player: q.gamesLimit }),
            (newest) => Arr.groupBy(newest, (l) => l.player_id)
          ),
          people: playersById(players, ids)
        })
      })
      const out = ranked.flatMap(({ leader: g, order }): ReadonlyArray<Resources.HistoricalTrend> => {
        const sport = sports[order]!
        const p = read[order]!.people.get(g.player_id)
        const records = (read[order]!.lines[g.player_id] ?? []).map((l) => historyRecord(sport, l, p))
        if (records.length === 0) return []
        return [{
          player_id: g.player_id,
          player_name: g.player_name ?? g.player_id,
          ...teamRef(p?.team ?? records[0]!.team),
          team: p?.team ?? records[0]!.team,
          position: p?.position ?? records[0]!.position,
          sport,
          games_in_sample: g.lines,
          avg_fantasy_points: Math.round((g.fantasy_points / g.lines) * 100) / 100,
          recent_game: records[0]!,
          all_games: records
        }]
      })
      return {
        seasons: [...new Set(found.flatMap((f) => f.seasons))].sort((a, b) => a - b),
        total_records: found.reduce((n, f) => n + f.total, 0),
        trends: out
      }
    })

    /**
     * Players of `sport` whose per-game means over their last 8 games (stored metrics of the
     * sport's latest season) fall in the given ranges; ordered by average fantasy points
     * descending, then id. A range on a value the sport lacks (snap share outside nfl) matches
     * nobody. The ranges and the order are the metrics' own, so the metrics are ranked first and
     * the players read for the best of them only, in growing slices (64 or twice `limit`, then
     * doubling; with a team, the team's players read at once), until `limit` rows pass the team
     * and position filters. Without any filter the store ranks and the slices are read from it
     * (PlayerMetricsReader `find` ordered by average fantasy points), not every metrics row.
     */
    const filter = Effect.fn("Analytics.filter")(function*(q: FilterQuery) {
      const dims: ReadonlyArray<string> = q.sport === "nfl" ? A.similarityDimensions.nfl : []
      const dim = (m: A.PlayerMetrics, name: string) => {
        const i = dims.indexOf(name)
        return i < 0 || m.vector === null ? null : (m.vector[i] ?? null)
      }
      /** The row's metrics values, or undefined when they fall outside a range. */
      const ranged = (m: A.PlayerMetrics) => {
        const share = dim(m, "opportunity")
        const values = {
          snap_pct: dim(m, "usage"),
          target_share: share === null ? null : Math.round(share * 100) / 10000
        }
        return inRange(values.snap_pct, q.min_snap_pct, q.max_snap_pct) &&
            inRange(values.target_share, q.min_target_share, q.max_target_share) &&
            inRange(m.avg_fantasy_points, q.min_fantasy_pts, q.max_fantasy_pts)
          ? { m, ...values }
          : undefined
      }
      // without a filter every stored player passes: the store ranks and cuts (by average fantasy
      // points descending, nulls last, then id, the order below), and each slice is read from it
      const plain = q.team === undefined && q.position === undefined &&
        [q.min_snap_pct, q.max_snap_pct, q.min_target_share, q.max_target_share, q.min_fantasy_pts, q.max_fantasy_pts]
          .every((x) => x === undefined)
      // a team (in ASCII, where the store's lower() and upper() here agree) is read as the team's
      // players, one indexed read that serves every slice, and only their metrics are read
      const team = q.team !== undefined && /^[\x20-\x7e]*$/.test(q.team) ? q.team : undefined
      const teamPlayers = team === undefined
        ? undefined
        : new Map((yield* allRows((page) => players.find({ sport: q.sport, team, ...page }))).map((p) => [p.id, p]))
      const current = plain ? [] : yield* metrics.find({
        sport: q.sport,
        season: "latest",
        player_ids: teamPlayers === undefined ? undefined : [...teamPlayers.keys()]
      })
      // the season is the sport's latest, whichever players were read
      let season = teamPlayers === undefined
        ? latestSeason(current)
        : (yield* metrics.find({ sport: q.sport, season: "latest", order: "avg_fantasy_points", limit: 1 }))[0]?.season
      const ranked = current.flatMap((m) => ranged(m) ?? []).sort((a, b) =>
        (b.m.avg_fantasy_points ?? -Infinity) - (a.m.avg_fantasy_points ?? -Infinity) ||
        (a.m.player_id < b.m.player_id ? -1 : 1)
      )
      const rows: Array<R.FilteredPlayerRow> = []
      for (let start = 0, size = team === undefined ? Math.max(64, 2 * q.limit) : ranked.length;;) {
        const slice = plain
          ? (yield* metrics.find({
            sport: q.sport,
            season: "latest",
            order: "avg_fantasy_points",
            offset: start,
            limit: size
          })).flatMap((m) => ranged(m) ?? [])
          : ranked.slice(start, start + size)
        if (plain && start === 0) season = slice[0]?.m.season
        const people = teamPlayers ?? (yield* playersById(players, slice.map((r) => r.m.player_id)))
        for (const { m, snap_pct, target_share } of slice) {
          const p = people.get(m.player_id)
          if (p === undefined || rows.length >= q.limit) continue
          if (q.team !== undefined && p.team?.toUpperCase() !== q.team.toUpperCase()) continue
          if (q.position !== undefined && !Sports.positionMatches(q.sport, q.position, p.position)) continue
          rows.push({
            ...playerRef(p),
            id: p.id,
            name: p.full_name,
            sport: q.sport,
            position: p.position,
            team: p.team,
            games: m.sample_size,
            snap_pct,
            target_share,
            avg_fantasy_points: m.avg_fantasy_points
          })
        }
        const more = plain ? slice.length === size : start + size < ranked.length
        if (!more || rows.length >= q.limit) break
        // the next slice starts where this one ended, twice as long
        start += size
        size *= 2
      }
      return { season: season ?? null, rows }
    })

    /** The newest injury report of a player, if any. */
    const latestReport = (sport: TeamSport, playerId: string) =>
      Effect.map(
        reports.injuries({ sport, player_id: playerId, limit: 1, offset: 0 }),
        (page): InjuryReport | undefined => page.rows[0]
      )

    /**
     * The projection of player `id` (see R.Projection), by domain `Analytics.trailingProjection`:
     * the mean of his last 10 lines' fantasy points in `scoring` (the sport's default when
     * undefined; lines without points in it skipped), and per week ahead (1..weeks) that average,
     * the first week times the injury availability ({@link AVAILABILITY}) of his newest injury
     * report when it is not older than his newest line, else of his player status (`injured` →
     * 0). ResourceNotFound for an
     * unknown player; a scoring the sport lacks is the caller's to reject (Scoring formats).
     */
    const projection = Effect.fn("Analytics.projection")(
      function*(sport: TeamSport, id: string, weeks: number, scoring: string | undefined) {
        const player = yield* requirePlayer(players, sport, id)
        const format = scoring ?? Sports.defaultFormat(sport) ?? "default"
        const recent =
          (yield* lines.find({ sport, player_id: player.id, order: "recent", limit: A.PROJECTION_WINDOW, offset: 0 }))
            .rows
        const report = yield* latestReport(sport, player.id)
        const p = A.trailingProjection({
          lines: recent,
          format,
          isDefaultFormat: format === Sports.defaultFormat(sport),
          reports: report === undefined ? [] : [report],
          status: player.status
        })
        const avg = p.trailing_average
        const injury = p.injury
        const r2 = (x: number) => Math.round(x * 100) / 100
        return {
          ...playerRef(player),
          sport,
          team: player.team,
          position: player.position,
          scoring: format,
          method: PROJECTION_METHOD,
          is_prediction: false,
          games_used: p.games_used,
          trailing_average: avg === null ? null : r2(avg),
          injury,
          weeks: Array.from({ length: weeks }, (_, i) => ({
            week_offset: i + 1,
            projected_points: avg === null ? null : r2(i === 0 ? avg * injury.availability : avg)
          })),
          model: yield* projectionModelOf(registry, player.id)
        } satisfies R.Projection
      }
    )

    /**
     * Waiver priority of `sport`: players of the latest metrics season with a momentum (at least
     * 6 games in the window) and a positive momentum_delta, ordered by momentum_delta descending,
     * then average fantasy points descending, then id. No source holds league roster ownership,
     * so the list ranks rising players, not availability. `exclude_injured` drops players whose
     * status is injured.
     */
    const waiverPriority = Effect.fn("Analytics.waiverPriority")(function*(
      sport: TeamSport,
      q: { readonly position?: string | undefined; readonly excludeInjured: boolean; readonly limit: number }
    ) {
      // the latest season (its best row), then its rising rows in waiver order, read in growing
      // slices (64 or four times `limit`, then doubling) until `limit` of them pass the filters,
      // which need each one's player: not every rising row of the sport and its player
      const season = (yield* metrics.find({ sport, season: "latest", order: "avg_fantasy_points", limit: 1 }))[0]
        ?.season
      const kept: Array<{ readonly m: A.PlayerMetrics; readonly p: Player }> = []
      for (let offset = 0, size = Math.max(64, 4 * q.limit); kept.length < q.limit; offset += size, size *= 2) {
        const rising = yield* metrics.find({
          sport,
          season: "latest",
          rising: true,
          order: "momentum_delta",
          offset,
          limit: size
        })
        const people = yield* playersById(players, rising.map((m) => m.player_id))
        for (const m of rising) {
          const p = people.get(m.player_id)
          if (p === undefined) continue
          if (q.excludeInjured && p.status === "injured") continue
          if (q.position !== undefined && !Sports.positionMatches(sport, q.position, p.position)) continue
          kept.push({ m, p })
        }
        if (rising.length < size) break
      }
      const rows = kept
        .slice(0, q.limit)
        .map(({ m, p }, i): R.WaiverPriorityRow => ({
          rank: i + 1,
          ...playerRef(p),
          position: p.position,
          team: p.team,
          status: p.status,
          momentum_delta: m.momentum_delta!,
          avg_fantasy_points: m.avg_fantasy_points,
          opportunity_ceiling: m.opportunity_ceiling,
          consistency_score: m.consistency_score,
          sample_size: m.sample_size
        }))
      return { season: season ?? null, rows }
    })

    /**
     * The players with these canonical ids (any sports), in the order asked (duplicates once), and
     * the ids not held. One store read.
     */
    const batchPlayers = Effect.fn("Analytics.batchPlayers")(function*(ids: ReadonlyArray<string>) {
      const unique = [...new Set(ids)]
      const held = yield* playersById(players, unique)
      return {
        found: unique.flatMap((id) => held.get(id) ?? []),
        notFound: unique.filter((id) => !held.has(id))
      }
    })

    return { alpha, similar, history, trends, filter, projection, waiverPriority, batchPlayers }
  })
}) {}

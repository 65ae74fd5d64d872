/**
 * The intelligence feature: signals (news, injuries, the paginated signal list, a player's news,
 * a team's injuries, practice report and roster pulse), nfl depth chart changes, and what is
 * trending. Reads the SignalReader; rows become the specification's Signal resource here.
 *
 * Ordering (decisions.md, "Signals"): severity (high, medium, low), then newest first (by the
 * signal's effective time, Signals.ts `StoredSignal.effective_at`), then id. The data are
 * historical, so the "recent" windows of team views and trending end at the newest signal held
 * (the data's present), not at the wall clock; each says its window.
 * @module
 */
import {
  ModelRegistryReader,
  PlayerReader,
  type Resources,
  SignalReader,
  type SignalRowsQuery,
  Signals as Rules,
  type SignalSport,
  type StoredSignal,
  TeamReader
} from "@sports-data/domain"
import { Effect, Option } from "effect"
import { confidenceScores } from "./ModelFields.js"
import { notFound } from "./Reads.js"
import { teamRef } from "./Rows.js"

/** Which time fields a Signal row shows: news shows published_at, injuries reported_at, the full list both. */
export type SignalView = "news" | "injuries" | "all"

/**
 * The Signal resource of a stored signal. `confidence_score`: the player's, from the ACTIVE
 * confidence model (ModelFields.ts `confidenceScores`), null when none (the default);
 * `published_at` / `reported_at` as `view` allows (specification: published_at on news only,
 * reported_at on injuries only).
 */
export const toSignal = (s: StoredSignal, view: SignalView, confidence: number | null = null): Resources.Signal => ({
  id: s.id,
  player_id: s.player_id,
  player_name: s.player_name,
  ...teamRef(s.team),
  team: s.team,
  sport: s.sport,
  signal_type: s.signal_type,
  severity: s.severity,
  title: s.title,
  summary: s.summary,
  source: s.source,
  source_url: s.source_url,
  ...(view === "injuries" ? {} : { published_at: s.published_at?.toISOString() ?? null }),
  ...(view === "news" ? {} : { reported_at: s.reported_at?.toISOString() ?? null }),
  confidence_score: confidence
})

const DAY = 86_400_000

/** Trailing window of `/v1/trending` (days before the sport's newest signal). */
export const TRENDING_WINDOW_DAYS = 7
/** Trailing window of roster pulse and `/v1/players/trending` (days before the newest signal). */
export const PULSE_WINDOW_DAYS = 28
/** How long a trending row stands (specification: trending topics are scraped every 2 hours). */
export const TRENDING_TTL_MS = 2 * 3_600_000
/** Window of a team's current injury list: injury signals within 7 days of the team's newest (one weekly report). */
export const INJURY_WINDOW_DAYS = 7

const returnTypes = ["return_from_injury"] as const
const roleTypes = Rules.newsTypeGroups.role_shift
const groupOfType = new Map(
  Object.entries(Rules.newsTypeGroups).flatMap(([group, types]) => types.map((t) => [t as string, group]))
)

const bySeverity = (a: StoredSignal, b: StoredSignal) =>
  Rules.severityRank[a.severity] - Rules.severityRank[b.severity] ||
  b.effective_at.getTime() - a.effective_at.getTime() || a.id - b.id

/** The intelligence feature. */
export class Signals extends Effect.Service<Signals>()("@sports-data/app/Signals", {
  effect: Effect.gen(function*() {
    const signals = yield* SignalReader
    const players = yield* PlayerReader
    const teams = yield* TeamReader
    const registry = yield* ModelRegistryReader

    /** Signal rows of `rows` in `view`, each with its player's ACTIVE-model confidence_score (or null). */
    const scored = (rows: ReadonlyArray<StoredSignal>, view: SignalView) =>
      Effect.map(
        confidenceScores(registry, rows.flatMap((s) => (s.player_id === null ? [] : [s.player_id]))),
        (scores) => rows.map((s) => toSignal(s, view, s.player_id === null ? null : scores.get(s.player_id) ?? null))
      )

    /** The team's abbreviation as stored (upper case); ResourceNotFound when `sport` has no such team. */
    const requireTeam = (sport: SignalSport, team: string) =>
      Effect.flatMap(teams.find(sport), (list) => {
        const hit = list.find((t) => t.abbr.toUpperCase() === team.toUpperCase())
        return hit === undefined ? Effect.fail(notFound("team", team)) : Effect.succeed(hit.abbr)
      })

    /** Every signal matching `query`, in its order (one read, no count). */
    const every = (query: SignalRowsQuery) => signals.rows(query)

    /**
     * `/intelligence/news`: signals of `sports` (every signal sport when undefined), optionally
     * of one severity, team, position and news type group, by severity then newest, `limit` rows.
     */
    const news = Effect.fn("Signals.news")(function*(q: {
      readonly sports?: ReadonlyArray<SignalSport> | undefined
      readonly severity?: Resources.Severity | undefined
      readonly team?: string | undefined
      readonly position?: string | undefined
      readonly group?: Rules.NewsTypeGroup | undefined
      readonly limit: number
    }) {
      const rows = yield* signals.rows({
        sports: q.sports,
        severities: q.severity === undefined ? undefined : [q.severity],
        team: q.team,
        position: q.position,
        types: q.group === undefined ? undefined : Rules.newsTypeGroups[q.group],
        order: "severity",
        limit: q.limit
      })
      return yield* scored(rows, "news")
    })

    /**
     * `/intelligence/injuries`: injury signals (injury_update, ir_placement) of `sports`, of
     * severity at least `minimum` (decisions.md), team, and a case-insensitive part of the player
     * name, by severity then newest.
     */
    const injuries = Effect.fn("Signals.injuries")(function*(q: {
      readonly sports: ReadonlyArray<SignalSport>
      readonly minimum?: Resources.Severity | undefined
      readonly team?: string | undefined
      readonly player?: string | undefined
      readonly limit: number
    }) {
      const rows = yield* signals.rows({
        sports: q.sports,
        types: Rules.injuryTypes,
        severities: q.minimum === undefined ? undefined : Rules.severitiesAtLeast(q.minimum),
        team: q.team,
        player: q.player,
        order: "severity",
        limit: q.limit
      })
      return yield* scored(rows, "injuries")
    })

    /** `/v1/intelligence/signals`: a page of signals by severity then newest, with the total. */
    const list = Effect.fn("Signals.list")(function*(q: {
      readonly sports?: ReadonlyArray<SignalSport> | undefined
      readonly severity?: Resources.Severity | undefined
      readonly type?: Resources.SignalType | undefined
      readonly since?: Date | undefined
      readonly limit: number
      readonly offset: number
    }) {
      const page = yield* signals.find({
        sports: q.sports,
        severities: q.severity === undefined ? undefined : [q.severity],
        types: q.type === undefined ? undefined : [q.type],
        since: q.since,
        order: "severity",
        limit: q.limit,
        offset: q.offset
      })
      return { total: page.total, rows: yield* scored(page.rows, "all") }
    })

    /** A player's signals, newest first; ResourceNotFound when `id` is not a player of `sport`. */
    const playerNews = Effect.fn("Signals.playerNews")(function*(sport: SignalSport, id: string, limit: number) {
      const player = yield* players.get(id)
      if (Option.isNone(player) || player.value.sport !== sport) return yield* Effect.fail(notFound("player", id))
      const rows = yield* signals.rows({ player_id: id, order: "recent", limit })
      return { player: player.value, rows: yield* scored(rows, "news") }
    })

    /**
     * A team's currently affected players: per player his newest injury or return signal; the
     * players whose newest is an injury signal dated within {@link INJURY_WINDOW_DAYS} of the
     * team's newest injury signal (its latest report), by severity then newest.
     */
    const teamInjuryRows = (sport: SignalSport, team: string) =>
      Effect.map(
        every({ sports: [sport], team, types: [...Rules.injuryTypes, ...returnTypes], order: "recent" }),
        (rows) => {
          const newestInjury = rows.find((s) => Rules.injuryTypes.includes(s.signal_type))
          if (newestInjury === undefined) return []
          const from = newestInjury.effective_at.getTime() - INJURY_WINDOW_DAYS * DAY
          const seen = new Set<string>()
          const out: Array<StoredSignal> = []
          for (const s of rows) {
            const who = s.player_id ?? s.player_name
            if (seen.has(who)) continue
            seen.add(who)
            if (Rules.injuryTypes.includes(s.signal_type) && s.effective_at.getTime() >= from) out.push(s)
          }
          return out.sort(bySeverity)
        }
      )

    /** `/v1/{sport}/teams/{team}/injuries`: {@link teamInjuryRows}, `limit` rows; ResourceNotFound for an unknown team. */
    const teamInjuries = Effect.fn("Signals.teamInjuries")(function*(sport: SignalSport, team: string, limit: number) {
      return yield* scored((yield* teamInjuryRows(sport, yield* requireTeam(sport, team))).slice(0, limit), "injuries")
    })

    /**
     * `/v1/{sport}/teams/{team}/practice`: the practice_report signals of the team's latest week
     * (the season and week of its newest one), by severity then newest; none outside nfl (the
     * only sport with practice reports); ResourceNotFound for an unknown team.
     */
    const teamPractice = Effect.fn("Signals.teamPractice")(function*(sport: SignalSport, team: string) {
      const abbr = yield* requireTeam(sport, team)
      const rows = sport !== "nfl"
        ? []
        : yield* every({ sports: ["nfl"], team: abbr, types: ["practice_report"], order: "recent" })
      const newest = rows[0]
      if (newest === undefined) return { season: null, week: null, rows: [] }
      const week = rows.filter((s) => s.season === newest.season && s.week === newest.week).sort(bySeverity)
      return { season: newest.season, week: newest.week, rows: yield* scored(week, "injuries") }
    })

    /**
     * `/v1/{sport}/teams/{team}/roster-pulse`: the team's injuries ({@link teamInjuryRows}) and
     * its role shifts and depth chart moves of the {@link PULSE_WINDOW_DAYS} days up to its newest
     * signal of those kinds. ResourceNotFound for an unknown team.
     */
    const rosterPulse = Effect.fn("Signals.rosterPulse")(function*(sport: SignalSport, teamParam: string) {
      const team = yield* requireTeam(sport, teamParam)
      const injured = yield* teamInjuryRows(sport, team)
      const moves = yield* every({
        sports: [sport],
        team,
        types: [...roleTypes, "depth_chart_change"],
        order: "recent"
      })
      const end = moves[0]?.effective_at
      const start = end === undefined ? undefined : new Date(end.getTime() - PULSE_WINDOW_DAYS * DAY)
      const recent = start === undefined ? [] : moves.filter((s) => s.effective_at >= start).sort(bySeverity)
      const recentRows = yield* scored(recent, "all")
      return {
        ...teamRef(team),
        team,
        sport,
        window_start: start?.toISOString() ?? null,
        window_end: end?.toISOString() ?? null,
        injuries: yield* scored(injured, "all"),
        role_shifts: recentRows.filter((s) => s.signal_type !== "depth_chart_change"),
        depth_moves: recentRows.filter((s) => s.signal_type === "depth_chart_change")
      } satisfies Resources.RosterPulse
    })

    /**
     * `/v1/nfl/depth-chart/changes`: nfl depth chart changes (those derived from the depth chart,
     * not news items of that type) whose range ends at or after `since`,
     * of `team`, slot `position` and `change_type`, newest first, `limit` rows.
     */
    const depthChartChanges = Effect.fn("Signals.depthChartChanges")(function*(q: {
      readonly since?: Date | undefined
      readonly team?: string | undefined
      readonly position?: string | undefined
      readonly changeType?: Resources.DepthChartChange["change_type"] | undefined
      readonly limit: number
    }) {
      // the store matches the chart fields and cuts at `limit`; a position outside ASCII (where
      // its lower() and toUpperCase here could disagree) is matched here instead, over every row
      const ascii = q.position === undefined || /^[\x20-\x7e]*$/.test(q.position)
      const rows = yield* signals.rows({
        sports: ["nfl"],
        types: ["depth_chart_change"],
        team: q.team,
        since: q.since,
        chart: { change_type: q.changeType, position: ascii ? q.position : undefined },
        order: "recent",
        limit: ascii ? q.limit : undefined
      })
      return rows.flatMap((s): Array<Resources.DepthChartChange> => {
        const d = s.details as {
          readonly change_type: Resources.DepthChartChange["change_type"]
          readonly position: string
          readonly formation: string | null
          readonly from_depth: number | null
          readonly to_depth: number | null
          readonly range_start: string
          readonly range_end: string
        }
        if (!ascii && d.position.toUpperCase() !== q.position!.toUpperCase()) return []
        return [{
          id: s.id,
          player_id: s.player_id,
          player_name: s.player_name,
          ...teamRef(s.team),
          team: s.team,
          position: d.position,
          formation: d.formation,
          change_type: d.change_type,
          previous_depth: d.from_depth,
          depth: d.to_depth,
          range_start: d.range_start,
          range_end: d.range_end,
          changed_at: s.effective_at.toISOString(),
          severity: s.severity,
          summary: s.summary
        }]
      }).slice(0, q.limit)
    })

    /**
     * `/v1/trending`: per sport, the players named by the most signals in the
     * {@link TRENDING_WINDOW_DAYS} days up to the sport's newest signal; `relevance_score` is
     * the count over the top count (0-1, 3 decimals), `category` the news group of most of the
     * player's signals (ties: the group of the newest of them), `scraped_at` the newest of them,
     * `expires_at` {@link TRENDING_TTL_MS} later. Ordered by count, then newest, then tag. The
     * store counts the signals per name and type (SignalReader `nameCounts`); none is read.
     */
    const trending = Effect.fn("Signals.trending")(function*(sports: ReadonlyArray<SignalSport>, limit: number) {
      const latest = yield* signals.lastUpdate
      const out: Array<Resources.TrendingTopic & { readonly at: number }> = []
      for (const { at, sport } of latest) {
        if (!sports.includes(sport)) continue
        // per name and type, in the order of each's newest signal (SignalReader nameCounts)
        const counts = yield* signals.nameCounts({
          sports: [sport],
          since: new Date(at.getTime() - TRENDING_WINDOW_DAYS * DAY)
        })
        const byTag = new Map<string, { count: number; newest: number; groups: Map<string, number> }>()
        for (const c of counts) {
          const tag = byTag.get(c.player_name) ?? { count: 0, newest: -Infinity, groups: new Map<string, number>() }
          byTag.set(c.player_name, tag)
          tag.count += c.count
          tag.newest = Math.max(tag.newest, c.newest.getTime())
          const g = groupOfType.get(c.signal_type) ?? c.signal_type
          tag.groups.set(g, (tag.groups.get(g) ?? 0) + c.count)
        }
        const top = Math.max(0, ...[...byTag.values()].map((t) => t.count))
        for (const [tag, { count, groups, newest }] of byTag) {
          const category = [...groups].reduce((best, cur) => (cur[1] > best[1] ? cur : best))[0]
          out.push({
            tag,
            sport,
            category,
            relevance_score: Math.round((count / top) * 1000) / 1000,
            scraped_at: new Date(newest).toISOString(),
            expires_at: new Date(newest + TRENDING_TTL_MS).toISOString(),
            signal_count: count,
            at: newest
          })
        }
      }
      return out
        .sort((a, b) => b.signal_count - a.signal_count || b.at - a.at || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
        .slice(0, limit)
        .map(({ at: _, ...row }) => row)
    })

    /**
     * `/v1/players/trending`: the largest role shifts (by size of the snap share move) of the
     * {@link PULSE_WINDOW_DAYS} days up to the newest role shift of each sport, with the game's
     * fantasy points; one row per player (his largest).
     */
    const trendingPlayers = Effect.fn("Signals.trendingPlayers")(function*(
      sports: ReadonlyArray<SignalSport>,
      limit: number
    ) {
      const newest = yield* signals.rows({ sports, types: roleTypes, order: "recent", limit: 1 })
      const end = newest[0]?.effective_at
      if (end === undefined) return []
      const rows = yield* every({
        sports,
        types: roleTypes,
        since: new Date(end.getTime() - PULSE_WINDOW_DAYS * DAY),
        order: "recent"
      })
      const delta = (s: StoredSignal) => Math.abs(Number(s.details["delta_points"] ?? 0))
      const best = new Map<string, StoredSignal>()
      for (const s of rows) {
        const who = s.player_id ?? s.player_name
        const cur = best.get(who)
        if (cur === undefined || delta(s) > delta(cur)) best.set(who, s)
      }
      return [...best.values()]
        .sort((a, b) => delta(b) - delta(a) || b.effective_at.getTime() - a.effective_at.getTime() || a.id - b.id)
        .slice(0, limit)
        .map((s): Resources.TrendingPlayer => ({
          player_id: s.player_id,
          player_name: s.player_name,
          ...teamRef(s.team),
          team: s.team,
          position: s.position,
          sport: s.sport,
          direction: s.signal_type === "role_expansion" ? "up" : "down",
          snap_pct: Number(s.details["snap_pct"]),
          trailing_snap_pct: Number(s.details["trailing_mean"]),
          delta_points: Number(s.details["delta_points"]),
          fantasy_points: typeof s.details["fantasy_points"] === "number" ? s.details["fantasy_points"] : null,
          season: s.season,
          week: s.week,
          game_at: s.effective_at.toISOString(),
          signal_id: s.id
        }))
    })

    /** Per signal sport, the newest signal time (ISO). */
    const lastUpdate = Effect.fn("Signals.lastUpdate")(function*() {
      return new Map((yield* signals.lastUpdate).map(({ at, sport }) => [sport as string, at.toISOString()]))
    })

    return {
      news,
      injuries,
      list,
      playerNews,
      teamInjuries,
      teamPractice,
      rosterPulse,
      depthChartChanges,
      trending,
      trendingPlayers,
      lastUpdate
    } as const
  })
}) {}

/**
 * NFL signals derived from the built canonical rows (Build.ts) and the depth chart and news
 * sources. Pure: the same inputs give the same signals with the same ids (Signals.signalId of
 * each key below), so a re-ingest writes no duplicate. Each rule:
 *
 * - {@link injurySignals} (jtyran `injuries.csv`, 2025, one row per player per week):
 *   `report_status` Out / Doubtful / Questionable → `injury_update` (key
 *   `nfl:injury:<player>:<season>:<week>`); a `practice_status` → `practice_report` (key
 *   `nfl:practice:<player>:<season>:<week>`). The practice status is the report's weekly summary
 *   (the file has one per week, not the daily Wednesday-Friday entries). The file has no report
 *   time: `reported_at` is null and the signal carries season and week; it is ordered by its
 *   team's kickoff that week.
 * - {@link returnSignals}: a player reported Out in week w who plays (offense, defense or special
 *   teams snaps > 0, nflverse snap counts) in a later week w' of the season → `return_from_injury`
 *   at the first such w' (key `nfl:return:<player>:<season>:<week>`); one per Out spell.
 * - {@link roleShiftSignals} (nflverse snap counts 2022-2025, offensive skill positions QB, RB,
 *   WR, TE): a game's offensive snap share against the mean of the player's three previous games
 *   of that season with a share; a move of {@link Signals.ROLE_SHIFT_POINTS} percentage points or
 *   more → `role_expansion` / `role_reduction` (key `nfl:role:<player>:<game>`). A reduction is
 *   left out when the injury reports explain it: the player is on the report of the next week
 *   or the one after (a bye) with an injury (not "Not injury related"). Reports exist for 2025
 *   only, so 2022-2024 reductions cannot be checked and are kept.
 * - {@link depthChangeSignals} (jtyran `depth_charts.csv`): see its doc.
 * - {@link newsSignals} (dynastyprocess 32BeatWriters tweets): see its doc.
 *
 * Severity: Signals.severityOf(role, gravity), role from the mean snap share of the player's
 * last three games before the signal (Signals.nflRole).
 * @module
 */
import {
  type Game,
  type InjuryReport,
  type Player,
  type Resources,
  Signals,
  type StatLine,
  type StoredSignal
} from "@sports-data/domain"
import { nameKey } from "../Names.js"
import { idsByName } from "../PlayerStatus.js"
import type { DepthRow, TweetRow } from "./Sources.js"
import { currentTeamNames } from "./Teams.js"

/** Source names of the nfl signals. */
export const nflSources = {
  injuries: "NFL injury report (nflverse, via jtyran)",
  snaps: "nflverse snap counts",
  depth: "ESPN depth chart (via jtyran)"
} as const

/** Offensive skill positions whose snap share makes a role shift (fantasy-relevant positions). */
const skillPositions = new Set(["QB", "RB", "WR", "TE"])

/** What the rules read of the built rows, indexed once. */
export interface NflContext {
  readonly player: (id: string) => Player | undefined
  /** The player's stat lines, oldest first (season, week). */
  readonly lines: (id: string) => ReadonlyArray<StatLine>
  /** Kickoff (or game date at 00:00 UTC) of `team`'s game in (season, week), if any. */
  readonly kickoff: (season: number, week: number, team: string) => Date | undefined
  readonly game: (id: string) => Game | undefined
}

const orderOf = (l: { readonly season: number; readonly week: number | null }) => l.season * 100 + (l.week ?? 0)

/** Indexes players, stat lines and games for the rules. */
export const nflContext = (input: {
  readonly players: ReadonlyArray<Player>
  readonly statLines: ReadonlyArray<StatLine>
  readonly games: ReadonlyArray<Game>
}): NflContext => {
  const players = new Map(input.players.map((p) => [p.id, p]))
  const lines = new Map<string, Array<StatLine>>()
  for (const l of input.statLines) {
    const list = lines.get(l.player_id)
    if (list === undefined) lines.set(l.player_id, [l])
    else list.push(l)
  }
  for (const list of lines.values()) list.sort((a, b) => orderOf(a) - orderOf(b))
  const games = new Map(input.games.map((g) => [g.id, g]))
  const byTeamWeek = new Map<string, Date>()
  for (const g of input.games) {
    if (g.week === null) continue
    const at = g.start_time ?? (g.game_date === null ? undefined : new Date(`${g.game_date}T00:00:00Z`))
    if (at === undefined) continue
    byTeamWeek.set(`${g.season}|${g.week}|${g.home_team}`, at)
    byTeamWeek.set(`${g.season}|${g.week}|${g.away_team}`, at)
  }
  return {
    player: (id) => players.get(id),
    lines: (id) => lines.get(id) ?? [],
    kickoff: (season, week, team) => byTeamWeek.get(`${season}|${week}|${team}`),
    game: (id) => games.get(id)
  }
}

const snapPct = (l: StatLine): number | undefined => {
  const v = l.stats.snap_pct
  return typeof v === "number" ? v : undefined
}
const mean = (xs: ReadonlyArray<number>): number | undefined =>
  xs.length === 0 ? undefined : xs.reduce((a, b) => a + b, 0) / xs.length

/** The player's role before (season, week): mean snap share of his last three games before it. */
const roleBefore = (ctx: NflContext, playerId: string, season: number, week: number): Signals.Role => {
  const before = ctx.lines(playerId).filter((l) => orderOf(l) < season * 100 + week && snapPct(l) !== undefined)
  return Signals.nflRole(mean(before.slice(-3).map((l) => snapPct(l)!)))
}

/** Fallback ordering instant of an nfl week without a known game: September 1 of the season plus w-1 weeks. */
const weekInstant = (season: number, week: number): Date =>
  new Date(Date.UTC(season, 8, 1) + (week - 1) * 7 * 86_400_000)

const base = (
  key: string,
  ctx: NflContext,
  playerId: string,
  fallbackName: string,
  team: string
) => {
  const p = ctx.player(playerId)
  return {
    id: Signals.signalId(key),
    key,
    sport: "nfl" as const,
    player_id: p === undefined ? null : playerId,
    player_name: p?.full_name ?? fallbackName,
    team,
    position: p?.position ?? null
  }
}

/** The `injury_update` and `practice_report` signals of the weekly injury reports (module doc). */
export const injurySignals = (ctx: NflContext, reports: ReadonlyArray<InjuryReport>): ReadonlyArray<StoredSignal> =>
  reports.flatMap((r): Array<StoredSignal> => {
    if (r.week === null) return []
    const team = r.team ?? ""
    const at = ctx.kickoff(r.season, r.week, team) ?? weekInstant(r.season, r.week)
    const role = roleBefore(ctx, r.player_id, r.season, r.week)
    const injury = r.primary_injury === null
      ? ""
      : ` (${r.primary_injury}${r.secondary_injury === null ? "" : `, ${r.secondary_injury}`})`
    const out: Array<StoredSignal> = []
    const common = {
      source_url: null,
      published_at: null,
      reported_at: null,
      effective_at: at,
      season: r.season,
      week: r.week
    }
    const gravity = r.report_status === null ? undefined : Signals.reportGravity(r.report_status)
    if (gravity !== undefined) {
      const b = base(`nfl:injury:${r.player_id}:${r.season}:${r.week}`, ctx, r.player_id, r.player_id, team)
      out.push({
        ...b,
        ...common,
        signal_type: "injury_update",
        severity: Signals.severityOf(role, gravity),
        title: `${b.player_name} ${r.report_status} for week ${r.week}${injury}`,
        summary:
          `${b.player_name} (${team}) is listed ${r.report_status}${injury} on the ${r.season} week ${r.week} injury report` +
          (r.practice_status === null ? "." : `; weekly practice status: ${r.practice_status}.`),
        source: nflSources.injuries,
        details: {
          report_status: r.report_status,
          practice_status: r.practice_status,
          injury: r.primary_injury,
          secondary_injury: r.secondary_injury,
          role
        }
      })
    }
    if (r.practice_status !== null) {
      const b = base(`nfl:practice:${r.player_id}:${r.season}:${r.week}`, ctx, r.player_id, r.player_id, team)
      out.push({
        ...b,
        ...common,
        signal_type: "practice_report",
        severity: Signals.severityOf(role, Signals.practiceGravity(r.practice_status)),
        title: `${b.player_name}: ${r.practice_status} (week ${r.week})${injury}`,
        summary: `${b.player_name} (${team}), ${r.season} week ${r.week}: ${r.practice_status}${injury}. ` +
          `Weekly practice summary of the injury report, not a daily entry.`,
        source: nflSources.injuries,
        details: { practice_status: r.practice_status, injury: r.primary_injury, role }
      })
    }
    return out
  })

const played = (l: StatLine): boolean => {
  const n = (k: string) => (typeof l.stats[k] === "number" ? (l.stats[k] as number) : 0)
  return n("offense_snaps") + n("defense_snaps") + n("st_snaps") > 0
}

/** The `return_from_injury` signals: Out in a week, then snaps in a later week of the season (module doc). */
export const returnSignals = (ctx: NflContext, reports: ReadonlyArray<InjuryReport>): ReadonlyArray<StoredSignal> => {
  const outWeeks = new Map<string, Array<InjuryReport>>()
  for (const r of reports) {
    if (r.report_status !== "Out" || r.week === null) continue
    const k = `${r.player_id}|${r.season}`
    const list = outWeeks.get(k)
    if (list === undefined) outWeeks.set(k, [r])
    else list.push(r)
  }
  const out: Array<StoredSignal> = []
  for (const list of outWeeks.values()) {
    list.sort((a, b) => a.week! - b.week!)
    const first = list[0]!
    const playedWeeks = ctx.lines(first.player_id).filter((l) =>
      l.season === first.season && l.week !== null && played(l)
    )
    let lastPlayed = -Infinity
    for (const l of playedWeeks) {
      const spell = list.filter((r) => r.week! > lastPlayed && r.week! < l.week!)
      lastPlayed = l.week!
      if (spell.length === 0) continue
      const from = spell[0]!
      const team = l.team ?? from.team ?? ""
      const b = base(`nfl:return:${l.player_id}:${l.season}:${l.week}`, ctx, l.player_id, l.player_id, team)
      const at = ctx.kickoff(l.season, l.week!, team) ?? weekInstant(l.season, l.week!)
      const role = roleBefore(ctx, l.player_id, l.season, from.week!)
      const weeks = spell.map((r) => r.week!)
      out.push({
        ...b,
        signal_type: "return_from_injury",
        severity: Signals.severityOf(role, "moderate"),
        title: `${b.player_name} back in action in week ${l.week}`,
        summary:
          `${b.player_name} (${team}) played in week ${l.week} of ${l.season} (${
            snapPct(l) ?? "?"
          }% snap share) after being reported Out in week${weeks.length > 1 ? "s" : ""} ${weeks.join(", ")}` +
          (from.primary_injury === null ? "." : ` (${from.primary_injury}).`),
        source: nflSources.snaps,
        source_url: null,
        published_at: null,
        reported_at: null,
        effective_at: at,
        season: l.season,
        week: l.week,
        details: {
          out_weeks: weeks,
          game_id: l.game_id,
          snap_pct: snapPct(l) ?? null,
          injury: from.primary_injury,
          role
        }
      })
    }
  }
  return out
}

/** True when a report names a real injury (not a rest day or a personal matter). */
const isInjury = (r: InjuryReport): boolean =>
  r.primary_injury !== null && !/not injury related/i.test(r.primary_injury)

/** The `role_expansion` / `role_reduction` signals of the snap counts (module doc). */
export const roleShiftSignals = (
  ctx: NflContext,
  statLines: ReadonlyArray<StatLine>,
  reports: ReadonlyArray<InjuryReport>
): ReadonlyArray<StoredSignal> => {
  const injuredWeeks = new Set<string>()
  for (const r of reports) if (r.week !== null && isInjury(r)) injuredWeeks.add(`${r.player_id}|${r.season}|${r.week}`)
  const byPlayerSeason = new Map<string, Array<StatLine>>()
  for (const l of statLines) {
    if (l.week === null || snapPct(l) === undefined || !skillPositions.has((l.position ?? "").toUpperCase())) continue
    const k = `${l.player_id}|${l.season}`
    const list = byPlayerSeason.get(k)
    if (list === undefined) byPlayerSeason.set(k, [l])
    else list.push(l)
  }
  const out: Array<StoredSignal> = []
  for (const list of byPlayerSeason.values()) {
    list.sort((a, b) => a.week! - b.week!)
    for (let i = 3; i < list.length; i++) {
      const l = list[i]!
      const trailing = list.slice(i - 3, i).map((x) => snapPct(x)!)
      const avg = mean(trailing)!
      const share = snapPct(l)!
      const delta = share - avg
      if (Math.abs(delta) < Signals.ROLE_SHIFT_POINTS) continue
      const up = delta > 0
      if (
        !up &&
        (injuredWeeks.has(`${l.player_id}|${l.season}|${l.week! + 1}`) ||
          injuredWeeks.has(`${l.player_id}|${l.season}|${l.week! + 2}`))
      ) continue
      const team = l.team ?? ""
      const b = base(
        `nfl:role:${l.player_id}:${l.game_id ?? `${l.season}:${l.week}`}`,
        ctx,
        l.player_id,
        l.player_id,
        team
      )
      const role = Signals.nflRole(Math.max(avg, share))
      const at = (l.game_id === null ? undefined : ctx.game(l.game_id)?.start_time) ??
        ctx.kickoff(l.season, l.week!, team) ?? weekInstant(l.season, l.week!)
      const round1 = Math.round(avg * 10) / 10
      out.push({
        ...b,
        signal_type: up ? "role_expansion" : "role_reduction",
        severity: Signals.severityOf(role, Signals.shiftGravity(delta)),
        title: `${b.player_name} snap share ${up ? "up" : "down"} to ${share}% in week ${l.week}`,
        summary: `${b.player_name} (${team}) played ${share}% of the offensive snaps in ${l.season} week ${l.week}` +
          `${l.opponent === null ? "" : ` against ${l.opponent}`}, against ${round1}% over his previous three games ` +
          `(${trailing.join("%, ")}%): ${up ? "+" : ""}${Math.round(delta * 10) / 10} percentage points.`,
        source: nflSources.snaps,
        source_url: null,
        published_at: null,
        reported_at: null,
        effective_at: at,
        season: l.season,
        week: l.week,
        details: {
          game_id: l.game_id,
          snap_pct: share,
          trailing_mean: round1,
          trailing: trailing,
          delta_points: Math.round(delta * 10) / 10,
          fantasy_points: l.fantasy_points,
          role
        }
      })
    }
  }
  return out
}

/** Depth chart slots whose changes make signals (fantasy positions). */
const depthSlots = new Set(["QB", "RB", "WR", "TE", "PK"])

/** A depth chart row with its canonical player. */
export interface PlacedDepthRow {
  readonly row: DepthRow
  readonly player_id: string
}

/** Change types of depth-chart changes (the `change_type` of /v1/nfl/depth-chart/changes). */
export type DepthChangeType = "dropped" | "added" | "promoted" | "demoted"

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`

/**
 * How `depth_charts.csv` reads: one row per (season, team, player, slot) with `dt` the LAST time
 * that slot was seen, not weekly snapshots. The rows of a (season, team) on its latest date (every
 * team: 2025-12-31 for 2025, 2026-04-21 for 2026) are its chart as last seen; an earlier row is a
 * slot the player held until `dt` and had lost by that date. Hence, for the slots QB, RB, WR, TE
 * and PK:
 * - `dropped`: an earlier row: dropped from the slot between `dt` and the season's last date
 *   (key `nfl:depth:<player>:<season>:<team>:<formation>:<slot>:dropped`);
 * - off-season moves, the 2025 chart as last seen against the 2026 one (same team and slot):
 *   `promoted` / `demoted` when the rank changed, `dropped` when a 2025 slot has no 2026 row at
 *   all, `added` when a 2026 slot had no 2025 row (key `...:<2025-2026>:...`), each with the
 *   range 2025's last date to 2026's.
 * Every change carries its range (`details.range_start`, `range_end`, dates) and is ordered by its
 * end. Severity: a starter (rank 1) gained or lost is major, rank 2 moderate, deeper minor, for
 * a featured role (these are the fantasy slots).
 */
export const depthChangeSignals = (
  ctx: NflContext,
  rows: ReadonlyArray<PlacedDepthRow>
): ReadonlyArray<StoredSignal> => {
  const lastDate = new Map<string, string>()
  for (const { row } of rows) {
    const k = `${row.season}|${row.team}`
    if ((lastDate.get(k) ?? "") < row.date) lastDate.set(k, row.date)
  }
  const lastAt = new Map<string, Date>()
  for (const { row } of rows) {
    const k = `${row.season}|${row.team}`
    if (row.date === lastDate.get(k) && (lastAt.get(k)?.getTime() ?? 0) < row.at.getTime()) lastAt.set(k, row.at)
  }
  const slot = (p: PlacedDepthRow) =>
    `${p.player_id}|${p.row.team}|${p.row.formationId ?? p.row.formation ?? ""}|${p.row.slot}`
  const isFinal = (p: PlacedDepthRow) => p.row.date === lastDate.get(`${p.row.season}|${p.row.team}`)
  const relevant = rows.filter((p) => depthSlots.has(p.row.slot))
  const out: Array<StoredSignal> = []
  const emit = (
    p: PlacedDepthRow,
    change: DepthChangeType,
    seasonLabel: string,
    from: number | null,
    to: number | null,
    start: Date,
    end: Date
  ) => {
    const r = p.row
    const key = `nfl:depth:${p.player_id}:${seasonLabel}:${r.team}:${
      r.formationId ?? r.formation ?? ""
    }:${r.slot}:${change}`
    const b = base(key, ctx, p.player_id, r.name, r.team)
    const top = Math.min(from ?? 99, to ?? 99)
    const gravity: Signals.Gravity = top === 1 ? "major" : top === 2 ? "moderate" : "minor"
    const range = `between ${start.toISOString().slice(0, 10)} and ${end.toISOString().slice(0, 10)}`
    const text = change === "dropped"
      ? `no longer on the ${r.team} depth chart at ${r.slot} (was ${ordinal(from!)})`
      : change === "added"
      ? `added to the ${r.team} depth chart at ${r.slot} (${ordinal(to!)})`
      : `${change} from ${ordinal(from!)} to ${ordinal(to!)} at ${r.slot} on the ${r.team} depth chart`
    out.push({
      ...b,
      signal_type: "depth_chart_change",
      severity: Signals.severityOf("featured", gravity),
      title: `${b.player_name} ${text}`,
      summary: `${b.player_name} ${text}, ${range} (${r.formation ?? "depth chart"}).`,
      source: nflSources.depth,
      source_url: null,
      published_at: null,
      reported_at: null,
      effective_at: end,
      season: r.season,
      week: null,
      details: {
        change_type: change,
        position: r.slot,
        formation: r.formation ?? null,
        from_depth: from,
        to_depth: to,
        range_start: start.toISOString().slice(0, 10),
        range_end: end.toISOString().slice(0, 10)
      }
    })
  }
  // dropped during a season
  for (const p of relevant) {
    if (isFinal(p)) continue
    const end = lastAt.get(`${p.row.season}|${p.row.team}`)!
    emit(p, "dropped", String(p.row.season), p.row.rank, null, p.row.at, end)
  }
  // off-season moves: each season's chart as last seen against the next season's
  const seasons = [...new Set(relevant.map((p) => p.row.season))].sort((a, b) => a - b)
  for (const season of seasons) {
    const next = season + 1
    if (!seasons.includes(next)) continue
    const label = `${season}-${next}`
    const older = new Map(relevant.filter((p) => p.row.season === season && isFinal(p)).map((p) => [slot(p), p]))
    const newer = new Map(relevant.filter((p) => p.row.season === next).map((p) => [slot(p), p]))
    for (const [k, p] of older) {
      const end = lastAt.get(`${next}|${p.row.team}`)
      if (end === undefined) continue
      const start = lastAt.get(`${season}|${p.row.team}`)!
      const n = newer.get(k)
      if (n === undefined) emit(p, "dropped", label, p.row.rank, null, start, end)
      else if (isFinal(n) && n.row.rank !== p.row.rank) {
        emit(n, n.row.rank < p.row.rank ? "promoted" : "demoted", label, p.row.rank, n.row.rank, start, end)
      }
    }
    for (const [k, n] of newer) {
      if (!isFinal(n) || older.has(k)) continue
      const start = lastAt.get(`${season}|${n.row.team}`)
      if (start === undefined) continue
      emit(n, "added", label, null, n.row.rank, start, lastAt.get(`${next}|${n.row.team}`)!)
    }
  }
  return out
}

/** Source name of the news signals. */
export const NEWS_SOURCE_DATASET = "32BeatWriters (dynastyprocess fantasy tweet archive)"

/** Team by its nickname as hashtags write it (`#Bills` → BUF), from the current team names. */
const teamByNickname = new Map(
  Object.entries(currentTeamNames).map(([abbr, name]) => [name.split(" ").pop()!.toLowerCase(), abbr])
)

/** The distinct player ids named in `text`: 2- to 4-word windows matched by name key; a name of several players counts them all. */
export const playersNamed = (
  text: string,
  idsNamed: (name: string) => ReadonlySet<string>
): { readonly ids: ReadonlySet<string>; readonly ambiguous: boolean } => {
  const words = text.split(/\s+/).map((w) => w.replace(/^[#@("“'‘]+/, "").replace(/(['’]s)?[^\p{L}\p{N}.]*$/u, ""))
  const ids = new Set<string>()
  let ambiguous = false
  for (let i = 0; i < words.length; i++) {
    for (let n = 2; n <= 4 && i + n <= words.length; n++) {
      const window = words.slice(i, i + n)
      if (window.some((w) => w === "")) break
      const found = idsNamed(window.join(" "))
      if (found.size > 1) ambiguous = true
      for (const id of found) ids.add(id)
    }
  }
  return { ids, ambiguous }
}

/**
 * News signals from the 32BeatWriters archive (2020-12 to 2022-07). A row is a retweet (its
 * author `retweet_screen_name`, text `retweet_text`, time `retweet_created_at`) or the account's
 * own tweet. Rules:
 * - the text is classified by the keyword rules of Signals.newsRules (first match wins); a text
 *   matching none is no signal;
 * - players are found by name (Names.ts `nameKey` of 2-4 word windows) against every player the
 *   crosswalks and sources know; the tweet must name exactly one player, and that name must be
 *   one player's: a tweet naming none, two or more, or a name several players share, is no
 *   signal (nothing is guessed);
 * - `source` is the original author, `source_url` the archived status url, `published_at` the
 *   original time (UTC); `team` the team of the tweet's hashtags when they name exactly one
 *   (`#Bills` → BUF), else "";
 * - severity: the rule's gravity against the player's role before the tweet (snap counts start
 *   in 2022, so most archive items have an unknown role).
 * Key `nfl:news:<status_id>`.
 */
export const newsSignals = (
  ctx: NflContext,
  players: ReadonlyArray<Player>,
  tweets: ReadonlyArray<TweetRow>
): ReadonlyArray<StoredSignal> => {
  const named = idsByName(players.map((p) => [p.full_name, p.id] as const))
  const idsNamed = (name: string): ReadonlySet<string> => (nameKey(name).includes(" ") ? named(name) : new Set())
  return tweets.flatMap((t): Array<StoredSignal> => {
    const classified = Signals.classifyNews(t.text)
    if (classified === undefined) return []
    const { ambiguous, ids } = playersNamed(t.text, idsNamed)
    if (ambiguous || ids.size !== 1) return []
    const playerId = [...ids][0]!
    const teams = new Set(t.hashtags.flatMap((h) => {
      const abbr = teamByNickname.get(h.toLowerCase())
      return abbr === undefined ? [] : [abbr]
    }))
    const team = teams.size === 1 ? [...teams][0]! : ""
    const b = base(`nfl:news:${t.statusId}`, ctx, playerId, playerId, team)
    const before = ctx.lines(playerId).filter((l) => l.game_date !== null && l.game_date < t.publishedAt.toISOString())
    const role = Signals.nflRole(mean(before.slice(-3).flatMap((l) => (snapPct(l) === undefined ? [] : [snapPct(l)!]))))
    const type: Resources.SignalType = classified.type
    const firstLine = t.text.split("\n")[0]!.trim()
    return [{
      ...b,
      signal_type: type,
      severity: Signals.severityOf(role, classified.gravity),
      title: firstLine.length > 120 ? `${firstLine.slice(0, 117)}...` : firstLine,
      summary: t.text,
      source: t.author,
      source_url: t.url,
      published_at: t.publishedAt,
      reported_at: null,
      effective_at: t.publishedAt,
      season: null,
      week: null,
      details: { dataset: NEWS_SOURCE_DATASET, status_id: t.statusId, role }
    }]
  })
}

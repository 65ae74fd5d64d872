/**
 * Live games: what a live-score upstream reports of a game (LiveFeed port), how an upstream game
 * is matched to the service's own game (teams and date, never guessed), what one poll changes in
 * a stored game and the ONE outbox event that change writes, and the health of a sport's feed
 * (backoff after failures, a circuit that opens after repeated failures). Pure: no I/O, no clock
 * (every function takes `now`).
 * @module
 */
import type { Game, Team } from "./Canonical.js"
import type { NewServiceEvent } from "./Signals.js"
import type { TeamSport } from "./Sport.js"
import * as Sports from "./sports/Registry.js"

/**
 * A team as the upstream names it: its abbreviation, display name, other names the upstream gives
 * (ESPN's `location` and short name: "Purdue" for "Purdue Boilermakers") and upstream team id.
 */
export interface LiveTeam {
  readonly abbr: string | null
  readonly name: string | null
  readonly aliases?: ReadonlyArray<string> | undefined
  readonly id: string | null
}

/**
 * One game as a live-score upstream reports it, already in the service's terms:
 * - `upstream`: `nhl-web`, `mlb-statsapi` or `espn`; `upstream_id` its game id there (NHL game id,
 *   MLB game_pk, ESPN event id);
 * - `date`: the game's local calendar date (`YYYY-MM-DD`: NHL `gameDate`, MLB `officialDate`,
 *   ESPN's start instant in US Eastern time), the date the service's `game_date` holds;
 * - `state`: the service's value set (mlb: pre_game | scheduled | in_progress | final |
 *   completed | postponed; other sports: scheduled | in_progress | final);
 * - scores: runs, goals or points, null before the game starts where the upstream gives none;
 * - `period` (quarter, period, half; innings are in `inning`), `period_label` (`1st`, `OT`,
 *   `SO`, `Q2`, `2nd half`), `clock` (`mm:ss` remaining as the upstream shows it, soccer the
 *   minute such as `45'+2'`; null when not running or not given), `inning` and `inning_state`
 *   (`Top`, `Middle`, `Bottom`, `End`), `lineup_posted` (mlb: both batting orders given; null
 *   where the upstream does not say), `status_detail` the upstream's own status text.
 */
export interface LiveGame {
  readonly upstream: string
  readonly upstream_id: string
  readonly sport: TeamSport
  readonly league: string
  readonly date: string
  readonly start_time: Date | null
  readonly home: LiveTeam
  readonly away: LiveTeam
  readonly state: string
  readonly home_score: number | null
  readonly away_score: number | null
  readonly period: number | null
  readonly period_label: string | null
  readonly clock: string | null
  readonly inning: number | null
  readonly inning_state: string | null
  readonly lineup_posted: boolean | null
  readonly status_detail: string | null
}

/**
 * What the store keeps of a polled game, in `games.attributes.live`: the upstream and its id,
 * the live fields of {@link LiveGame} and `last_polled` (ISO instant of the poll that wrote it).
 */
export interface LiveDetails extends
  Pick<
    LiveGame,
    | "upstream"
    | "upstream_id"
    | "period"
    | "period_label"
    | "clock"
    | "inning"
    | "inning_state"
    | "lineup_posted"
    | "status_detail"
  >
{
  readonly last_polled: string
}

/** The attribute key of {@link LiveDetails} in `Game.attributes`. */
export const LIVE_ATTRIBUTE = "live"

/** The live details a stored game carries, undefined for a game never polled. */
export const liveOf = (game: Game): LiveDetails | undefined => {
  const live = game.attributes[LIVE_ATTRIBUTE]
  return typeof live === "object" && live !== null && !Array.isArray(live) ? live as unknown as LiveDetails : undefined
}

/** True for a finished game (final, or mlb completed). */
export const isFinal = (state: string): boolean => state === "final" || state === "completed"

/** One poll's update of one stored game (the game id is the service's). */
export interface LiveUpdate {
  readonly game_id: string
  readonly sport: TeamSport
  readonly state: string
  readonly home_score: number | null
  readonly away_score: number | null
  readonly live: LiveDetails
}

/** The update of `game` from `upstream` polled at `now`. */
export const updateOf = (game: Game, upstream: LiveGame, now: Date): LiveUpdate => ({
  game_id: game.id,
  sport: game.sport,
  state: upstream.state,
  // a feed that gives no score yet keeps the stored one
  home_score: upstream.home_score ?? game.home_score,
  away_score: upstream.away_score ?? game.away_score,
  live: {
    upstream: upstream.upstream,
    upstream_id: upstream.upstream_id,
    period: upstream.period,
    period_label: upstream.period_label,
    clock: upstream.clock,
    inning: upstream.inning,
    inning_state: upstream.inning_state,
    lineup_posted: upstream.lineup_posted,
    status_detail: upstream.status_detail,
    last_polled: now.toISOString()
  }
})

/** Live event names: a score change, a state change (not to final), the end of a game. */
export type LiveEventName = "game.score_updated" | "game.state_changed" | "game.final"

/**
 * The ONE event a poll's update of a stored game writes, undefined when neither its state nor its
 * score changed (a clock or period change alone writes none: it would be an event every poll).
 * The game turning final → `game.final`; else a state change → `game.state_changed`; else a score
 * change → `game.score_updated`. Payload: the specification's (game_id, home_team, away_team,
 * home_score, away_score, status) with `previous_status`, `period`, `period_label`, `clock`,
 * `inning` and `inning_state` after the change.
 */
export const eventOfUpdate = (before: Game, update: LiveUpdate): NewServiceEvent | undefined => {
  const stateChanged = before.state !== update.state
  const scoreChanged = before.home_score !== update.home_score || before.away_score !== update.away_score
  if (!stateChanged && !scoreChanged) return undefined
  const name: LiveEventName = stateChanged
    ? (isFinal(update.state) ? "game.final" : "game.state_changed")
    : "game.score_updated"
  return {
    name,
    sport: before.sport,
    payload: {
      game_id: before.id,
      home_team: before.home_team,
      away_team: before.away_team,
      home_score: update.home_score,
      away_score: update.away_score,
      status: update.state,
      previous_status: before.state,
      period: update.live.period,
      period_label: update.live.period_label,
      clock: update.live.clock,
      inning: update.live.inning,
      inning_state: update.live.inning_state
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Matching upstream games to the service's games
// ---------------------------------------------------------------------------------------------

const normal = (s: string): string => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim()

/**
 * The service's abbreviation of an upstream team among `teams` (one sport's): the team whose
 * abbreviation equals the upstream's (case-insensitive), else whose `external_id` equals the
 * upstream team id (mlb: MLBAM ids), else whose name, or a name the sport's team directory lists
 * for it (SportModule `teams` aliases), equals the upstream's display name, else one of its other
 * names (accents and case ignored). Undefined when none does, or when a rule finds several.
 */
export const teamOf = (upstream: LiveTeam, teams: ReadonlyArray<Team>): string | undefined => {
  const one = (hits: ReadonlyArray<Team>) => hits.length === 1 ? hits[0]!.abbr : undefined
  const abbr = upstream.abbr
  const byAbbr = abbr === null ? undefined : one(teams.filter((t) => t.abbr.toUpperCase() === abbr.toUpperCase()))
  if (byAbbr !== undefined) return byAbbr
  const id = upstream.id
  const byId = id === null ? undefined : one(teams.filter((t) => t.external_id === id))
  if (byId !== undefined) return byId
  const sport = teams[0]?.sport
  const directory = sport === undefined ? [] : Sports.moduleOf(sport).teams
  const namesOf = (t: Team): ReadonlyArray<string> => [
    normal(t.name),
    ...directory.filter((d) => d.abbr === t.abbr).flatMap((d) => [d.name, ...d.aliases].map(normal))
  ]
  for (const name of [upstream.name, ...(upstream.aliases ?? [])]) {
    if (name === null) continue
    const hit = one(teams.filter((t) => namesOf(t).includes(normal(name))))
    if (hit !== undefined) return hit
  }
  return undefined
}

/** An upstream game the poller could not match, and why (for logs and `/v1/data/status`). */
export interface Unmatched {
  readonly upstream_id: string
  readonly date: string
  readonly away: string
  readonly home: string
  readonly reason: string
}

/** What {@link matchGames} found. */
export interface Matching {
  readonly matched: ReadonlyArray<readonly [LiveGame, Game]>
  readonly unmatched: ReadonlyArray<Unmatched>
}

/**
 * Matches upstream games to `stored` games (one sport's) by teams and date: the stored game with
 * the same home and away team (Team abbreviations through {@link teamOf}) on the same date. Where
 * several stored games fit (a doubleheader), the one whose id is the upstream id (mlb game_pk)
 * wins, else none. An upstream game matching none is reported with the reason, never guessed.
 */
export const matchGames = (
  upstream: ReadonlyArray<LiveGame>,
  stored: ReadonlyArray<Game>,
  teams: ReadonlyArray<Team>
): Matching => {
  const matched: Array<readonly [LiveGame, Game]> = []
  const unmatched: Array<Unmatched> = []
  for (const u of upstream) {
    const home = teamOf(u.home, teams)
    const away = teamOf(u.away, teams)
    const report = (reason: string) =>
      unmatched.push({
        upstream_id: u.upstream_id,
        date: u.date,
        away: u.away.abbr ?? u.away.name ?? "?",
        home: u.home.abbr ?? u.home.name ?? "?",
        reason
      })
    if (home === undefined || away === undefined) {
      report(`team not known: ${home === undefined ? (u.home.abbr ?? u.home.name) : (u.away.abbr ?? u.away.name)}`)
      continue
    }
    const fits = stored.filter((g) => g.game_date === u.date && g.home_team === home && g.away_team === away)
    const hit = fits.length === 1 ? fits[0] : fits.find((g) => g.id === u.upstream_id)
    if (hit === undefined) {
      report(fits.length === 0 ? `no stored game ${away} at ${home} on ${u.date}` : `${fits.length} stored games fit`)
    } else matched.push([u, hit])
  }
  return { matched, unmatched }
}

// ---------------------------------------------------------------------------------------------
// Which stored games are watched
// ---------------------------------------------------------------------------------------------

/** The window of {@link watchOf}: how far ahead a scheduled start makes a game watched. */
export interface WatchWindow {
  /** Milliseconds before a known start time from which the game is polled (e.g. one hour). */
  readonly aheadMs: number
}

/**
 * How a stored game is watched at `now`: `live` (in progress, or a known start time within
 * `aheadMs` from now and not more than 12 hours past), `today` (not started, no start time known
 * and dated today or yesterday in UTC: its start may be near, so it is polled at the slow
 * interval), or undefined (final, postponed, or not near).
 */
export const watchOf = (game: Game, now: Date, window: WatchWindow): "live" | "today" | undefined => {
  if (game.state === "in_progress") return "live"
  if (isFinal(game.state) || game.state === "postponed") return undefined
  const t = game.start_time?.getTime()
  if (t !== undefined) {
    return t <= now.getTime() + window.aheadMs && t >= now.getTime() - 12 * 3_600_000 ? "live" : undefined
  }
  return game.game_date !== null && candidateDates(now).includes(game.game_date) ? "today" : undefined
}

/** The UTC dates a poller looks at around `now`: yesterday and today (late games end after midnight UTC). */
export const candidateDates = (now: Date): ReadonlyArray<string> => {
  const today = now.toISOString().slice(0, 10)
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10)
  return [yesterday, today]
}

// ---------------------------------------------------------------------------------------------
// Feed health: backoff and circuit
// ---------------------------------------------------------------------------------------------

/**
 * The health of one sport's feed, stored so that every instance shows it and the next poller
 * holder resumes its backoff:
 * - `status`: `idle` (no watched game: nothing polled), `ok` (last poll succeeded), `degraded`
 *   (failing, retried with backoff), `open` (circuit open after `failure_threshold` failures in a
 *   row: no poll until `circuit_open_until`, then one trial poll);
 * - `consecutive_failures`, `last_error` (reason and message of the last failure);
 * - `last_success_at`, `last_failure_at`, `last_polled_at` (ISO or null), `next_poll_at` (ISO:
 *   no upstream call before it);
 * - `polls`, `failures`: counts since the store was created;
 * - `unmatched`: upstream games of the last successful poll that matched no stored game.
 */
export interface FeedHealth {
  readonly sport: TeamSport
  readonly upstream: string
  readonly status: "idle" | "ok" | "degraded" | "open"
  readonly consecutive_failures: number
  readonly last_error: string | null
  readonly last_success_at: string | null
  readonly last_failure_at: string | null
  readonly last_polled_at: string | null
  readonly next_poll_at: string | null
  readonly circuit_open_until: string | null
  readonly polls: number
  readonly failures: number
  readonly unmatched: ReadonlyArray<Unmatched>
}

/** The health of a feed never polled. */
export const initialHealth = (sport: TeamSport, upstream: string): FeedHealth => ({
  sport,
  upstream,
  status: "idle",
  consecutive_failures: 0,
  last_error: null,
  last_success_at: null,
  last_failure_at: null,
  last_polled_at: null,
  next_poll_at: null,
  circuit_open_until: null,
  polls: 0,
  failures: 0,
  unmatched: []
})

/** Backoff and circuit policy (settings). */
export interface FailurePolicy {
  /** First retry delay after a failure, ms; doubled per further failure. */
  readonly backoffMs: number
  /** Longest retry delay, ms. */
  readonly maxBackoffMs: number
  /** Failures in a row that open the circuit. */
  readonly failureThreshold: number
  /** How long an open circuit stays open, ms. */
  readonly circuitOpenMs: number
}

/** True when no upstream call may be made at `now` (backing off, or circuit open). */
export const waiting = (health: FeedHealth, now: Date): boolean =>
  health.next_poll_at !== null && Date.parse(health.next_poll_at) > now.getTime()

/** The health after a successful poll at `now`, next poll after `nextMs`. */
export const afterSuccess = (
  health: FeedHealth,
  now: Date,
  nextMs: number,
  unmatched: ReadonlyArray<Unmatched>
): FeedHealth => ({
  ...health,
  status: "ok",
  consecutive_failures: 0,
  last_error: null,
  last_success_at: now.toISOString(),
  last_polled_at: now.toISOString(),
  next_poll_at: new Date(now.getTime() + nextMs).toISOString(),
  circuit_open_until: null,
  polls: health.polls + 1,
  unmatched
})

/**
 * The health after a failed poll at `now`: the next poll after `backoffMs · 2^(failures−1)`
 * capped at `maxBackoffMs`, and not before the upstream's Retry-After (`retryAfterMs`); from
 * `failureThreshold` failures in a row the circuit opens for `circuitOpenMs` (or the Retry-After
 * when longer). A failure of the trial poll of an open circuit opens it again.
 */
export const afterFailure = (
  health: FeedHealth,
  now: Date,
  error: string,
  retryAfterMs: number | null,
  policy: FailurePolicy
): FeedHealth => {
  const failures = health.consecutive_failures + 1
  const open = failures >= policy.failureThreshold
  const backoff = Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** Math.min(30, failures - 1))
  const wait = Math.max(open ? policy.circuitOpenMs : backoff, retryAfterMs ?? 0)
  const next = new Date(now.getTime() + wait).toISOString()
  return {
    ...health,
    status: open ? "open" : "degraded",
    consecutive_failures: failures,
    last_error: error,
    last_failure_at: now.toISOString(),
    last_polled_at: now.toISOString(),
    next_poll_at: next,
    circuit_open_until: open ? next : null,
    polls: health.polls + 1,
    failures: health.failures + 1
  }
}

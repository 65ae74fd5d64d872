/**
 * Signals: the stored row behind the specification's Signal resource, its stable id, the rules
 * that give it a severity, the keyword rules that classify a news item, the news filter's type
 * groups (decisions.md, "Signals") and the service events a new signal writes (specification,
 * "Events"; decisions.md, "Delivery"). Pure: the derivations from each source are in the ingest
 * package (ingest/src/signals), the storage behind the SignalReader port and SportsWriter.
 *
 * Severity is a rule, not a model: {@link severityOf} crosses the player's role in his team's
 * usage ({@link Role}) with how much the news takes away or gives ({@link Gravity}). The
 * thresholds are this service's own convention, stated where they are defined; no validated
 * signal model produces a confidence: a Signal row's `confidence_score` is its player's from the
 * ACTIVE confidence model of the registry (app ModelFields.ts), null while none is ACTIVE.
 * @module
 */
import { Schema } from "effect"
import { Severity, SignalType } from "./Resources.js"
import { sportsWith } from "./sports/Registry.js"

/** The sports a Signal may carry: the registry's `signals` (specification, Signal: nfl, mlb or nba). */
export const SignalSport = Schema.Literal(...sportsWith("signals"))
export type SignalSport = typeof SignalSport.Type

/**
 * A stored signal.
 * - `id`: {@link signalId} of `key`, a positive integer below 2^48, the same on every run.
 * - `key`: the source's own identity of the fact (`nfl:injury:<player>:<season>:<week>`,
 *   `nba:status:<player>:<first seen>`, `nfl:news:<status id>`...), documented per derivation.
 * - `player_id`: canonical player id, or null when the source names a player the store lacks.
 * - `team`: abbreviation, or "" when the source does not resolve one (as the specification allows).
 * - `published_at`: when a news item was published (news signals); `reported_at`: when a
 *   report was filed, null when the source has no time (nfl weekly reports carry season and week).
 * - `effective_at`: the instant the signal is ordered by ("newest first"): published_at or
 *   reported_at when known, else the kickoff of the team's game that week, or the end of a
 *   depth chart date range.
 * - `details`: the numbers behind the signal (snap shares, depth ranks, date ranges, statuses).
 */
export const StoredSignal = Schema.Struct({
  id: Schema.Int,
  key: Schema.String,
  sport: SignalSport,
  player_id: Schema.NullOr(Schema.String),
  player_name: Schema.String,
  team: Schema.String,
  position: Schema.NullOr(Schema.String),
  signal_type: SignalType,
  severity: Severity,
  title: Schema.String,
  summary: Schema.String,
  source: Schema.String,
  source_url: Schema.NullOr(Schema.String),
  published_at: Schema.NullOr(Schema.DateFromSelf),
  reported_at: Schema.NullOr(Schema.DateFromSelf),
  effective_at: Schema.DateFromSelf,
  season: Schema.NullOr(Schema.Int),
  week: Schema.NullOr(Schema.Int),
  details: Schema.Record({ key: Schema.String, value: Schema.Unknown })
})
export type StoredSignal = typeof StoredSignal.Type

/**
 * The stable integer id of a signal key: 48 bits of two 32-bit FNV-1a hashes of its UTF-16 code
 * units (offset bases 2166136261 and 3735928559), so the same key gives the same id on every
 * run and in every adapter. Collisions: at 10^6 signals the chance of any is about 2 in 10^3
 * (birthday bound n²/2^49); the key is stored beside it.
 */
export const signalId = (key: string): number => {
  let a = 0x811c9dc5
  let b = 0xdeadbeef
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193) >>> 0
    b = Math.imul(b ^ c, 0x01000193) >>> 0
    b = (b ^ (b >>> 15)) >>> 0
  }
  const id = (b & 0xffff) * 2 ** 32 + a
  return id === 0 ? 1 : id
}

/** Severity rank, high first (decisions.md: "Order: severity (high, medium, low), then newest first"). */
export const severityRank: Readonly<Record<Severity, number>> = { high: 0, medium: 1, low: 2 }

/** The severities at or above `minimum` (decisions.md: `/intelligence/injuries?severity=` is a minimum). */
export const severitiesAtLeast = (minimum: Severity): ReadonlyArray<Severity> =>
  Severity.literals.filter((s) => severityRank[s] <= severityRank[minimum])

/**
 * A player's role in his team's usage before the signal:
 * - nfl: mean offensive (or his unit's) snap share of his last three games of the season before
 *   the signal: `featured` at 60% or more (an every-down player), `rotation` at 25% or more,
 *   else `reserve`;
 * - nba: mean minutes of his last five games before the signal: `featured` at 28 or more (starter
 *   minutes), `rotation` at 15 or more, else `reserve`;
 * - `unknown` when no game precedes the signal (news before the snap counts begin, rookies).
 */
export type Role = "featured" | "rotation" | "reserve" | "unknown"

/** {@link Role} from a mean nfl snap share (percent 0-100), undefined = no games. */
export const nflRole = (meanSnapPct: number | undefined): Role =>
  meanSnapPct === undefined ? "unknown" : meanSnapPct >= 60 ? "featured" : meanSnapPct >= 25 ? "rotation" : "reserve"

/** {@link Role} from nba mean minutes per game, undefined = no games. */
export const nbaRole = (meanMinutes: number | undefined): Role =>
  meanMinutes === undefined ? "unknown" : meanMinutes >= 28 ? "featured" : meanMinutes >= 15 ? "rotation" : "reserve"

/**
 * How much a signal takes from (or gives to) the player's fantasy value:
 * - `major`: will not play (Out, Doubtful, injured reserve, nba O/D), a snap share move of 30
 *   points or more, a starter (depth 1) gained or lost;
 * - `moderate`: may not play (Questionable, did not practice), a return from injury, a move of
 *   20-29 points, a second-string change;
 * - `minor`: everything else (limited or full practice, probable, a move of 15-19 points, deeper
 *   depth changes).
 */
export type Gravity = "major" | "moderate" | "minor"

/**
 * The severity rule: `high` = a major signal about a featured player; `medium` = a major signal
 * about a rotation player or one of unknown role, or a moderate one about a featured player;
 * `low` = everything else (reserves, minor news).
 */
export const severityOf = (role: Role, gravity: Gravity): Severity =>
  gravity === "major" && role === "featured"
    ? "high"
    : (gravity === "major" && (role === "rotation" || role === "unknown")) ||
        (gravity === "moderate" && role === "featured")
    ? "medium"
    : "low"

/** {@link Gravity} of an nfl game status (report_status: Out, Doubtful, Questionable). */
export const reportGravity = (status: string): Gravity | undefined =>
  status === "Out" || status === "Doubtful" ? "major" : status === "Questionable" ? "moderate" : undefined

/**
 * {@link Gravity} of an nfl weekly practice status: did not participate = moderate; limited or
 * full participation = minor.
 */
export const practiceGravity = (status: string): Gravity => /did not participate/i.test(status) ? "moderate" : "minor"

/** {@link Gravity} of a snap share move of `delta` percentage points (either sign; at least 15 by the role rule). */
export const shiftGravity = (delta: number): Gravity =>
  Math.abs(delta) >= 30 ? "major" : Math.abs(delta) >= 20 ? "moderate" : "minor"

/** Smallest move of a game's snap share against the trailing three-game mean that is a role shift (percentage points). */
export const ROLE_SHIFT_POINTS = 15

/**
 * The news filter's `signal_type` values and the stored types each stands for (decisions.md,
 * "Signals").
 */
export const newsTypeGroups = {
  injury: ["injury_update", "ir_placement"],
  depth_chart: ["depth_chart_change"],
  role_shift: ["role_expansion", "role_reduction"],
  practice_report: ["practice_report"],
  return_to_practice: ["return_from_injury"]
} as const satisfies Record<string, ReadonlyArray<SignalType>>
export type NewsTypeGroup = keyof typeof newsTypeGroups

/** The stored types of injury signals (what `/intelligence/injuries` lists and `player.injured` reports). */
export const injuryTypes: ReadonlyArray<SignalType> = newsTypeGroups.injury

/**
 * The keyword rules of news items, tried in this order; the first that matches gives the type
 * and its gravity (a text matching none is not a signal):
 * 1. ir_placement (major): injured reserve, "placed on/to/on the IR", PUP, season-ending.
 * 2. return_from_injury (moderate): activated, returns/returned to practice, back at practice,
 *    cleared, designated to return, will return, "is back".
 * 3. injury_update: major when the player will not play (ruled out, out for, will not / won't
 *    play, torn, surgery, fracture); moderate for other injury words (injury, injured,
 *    questionable, doubtful, hamstring, ankle, knee, concussion, sprain, strain, MRI, hurt, limp).
 * 4. practice_report (minor): practice participation (did not practice, DNP, limited, full
 *    participant, "practiced", "not at practice", "not present", "absent").
 * 5. depth_chart_change (moderate): starter, starting, first team / 1st team, depth chart, QB1,
 *    RB1, WR1, TE1, backup, demoted, promoted, benched.
 */
export const newsRules: ReadonlyArray<{
  readonly type: SignalType
  readonly pattern: RegExp
  readonly gravity: (text: string) => Gravity
}> = [
  {
    type: "ir_placement",
    pattern:
      /\b(injured reserve|(placed|put|moved|going|goes|landed|lands) (on|to) (the )?IR|PUP list|season[- ]ending)/i,
    gravity: () => "major"
  },
  {
    type: "return_from_injury",
    pattern:
      /\b(activated|(returns?|returned|returning) to practice|back at practice|cleared|designated to return|will return|is back)\b/i,
    gravity: () => "moderate"
  },
  {
    type: "injury_update",
    pattern:
      /\b(injur(y|ed|ies)|ruled out|out for|will not play|won'?t play|questionable|doubtful|hamstring|ankle|knee|concussion|sprain(ed)?|strain(ed)?|torn|tore|surgery|fracture[ds]?|MRI|hurt|limp(ed|ing)?)\b/i,
    gravity: (text) =>
      /\b(ruled out|out for|will not play|won'?t play|torn|tore|surgery|fracture[ds]?)\b/i.test(text)
        ? "major"
        : "moderate"
  },
  {
    type: "practice_report",
    pattern:
      /\b(did not (practice|participate)|DNP|limited (participa\w*|practice|in practice)|full(y)? participa\w*|practiced|not at practice)\b/i,
    gravity: () => "minor"
  },
  {
    type: "depth_chart_change",
    pattern:
      /\b(starter|starting|first[- ]team|1st[- ]team|depth chart|QB1|RB1|WR1|TE1|backup|demoted|promoted|benched)\b/i,
    gravity: () => "moderate"
  }
]

/** The first of {@link newsRules} that `text` matches, with its gravity; undefined when none does. */
export const classifyNews = (text: string): { readonly type: SignalType; readonly gravity: Gravity } | undefined => {
  for (const rule of newsRules) if (rule.pattern.test(text)) return { type: rule.type, gravity: rule.gravity(text) }
  return undefined
}

/**
 * Service event names (decisions.md, "Delivery"), and the live games' `game.state_changed` and
 * `game.final` (Live.ts `eventOfUpdate`).
 */
export const EventName = Schema.Literal(
  "player.injured",
  "game.score_updated",
  "game.state_changed",
  "game.final",
  "anomaly.detected",
  "signal.created"
)
export type EventName = typeof EventName.Type

/**
 * An event of the outbox (`service_events`): a monotonically increasing `id` (assigned by the
 * store), its name, sport, JSON payload and when it was written. The stream and webhooks deliver
 * them (not built yet).
 */
export interface ServiceEvent {
  readonly id: number
  readonly name: EventName
  readonly sport: string
  readonly payload: Readonly<Record<string, unknown>>
  readonly created_at: Date
}

/** An event before the store numbers and times it. */
export type NewServiceEvent = Omit<ServiceEvent, "id" | "created_at">

/**
 * The canonical ids of a signal's event payload (docs/vocabulary.md): `player_id` (null when the
 * signal names no player the service holds), `player_name`, `team_id` (null when no team) and
 * `team_abbr` (the team keys of the signal sports are their abbreviations).
 */
const signalRefs = (s: StoredSignal) => ({
  player_id: s.player_id,
  player_name: s.player_name,
  team_id: s.team === "" ? null : s.team,
  team_abbr: s.team === "" ? null : s.team
})

/**
 * The events a newly stored signal writes, in order: `signal.created` (payload: id, player,
 * team, sport, signal_type, severity, title), and for an injury signal (injury_update,
 * ir_placement) of severity high or medium also `player.injured` with the specification's
 * payload (player, team, severity, signal_type, sport). Both add the canonical ids
 * (player_id, player_name, team_id, team_abbr).
 */
export const eventsOfSignal = (s: StoredSignal): ReadonlyArray<NewServiceEvent> => {
  const created: NewServiceEvent = {
    name: "signal.created",
    sport: s.sport,
    payload: {
      ...signalRefs(s),
      id: s.id,
      player: s.player_name,
      team: s.team,
      sport: s.sport,
      signal_type: s.signal_type,
      severity: s.severity,
      title: s.title
    }
  }
  return injuryTypes.includes(s.signal_type) && s.severity !== "low"
    ? [created, {
      name: "player.injured",
      sport: s.sport,
      payload: {
        ...signalRefs(s),
        player: s.player_name,
        team: s.team,
        severity: s.severity,
        signal_type: s.signal_type,
        sport: s.sport
      }
    }]
    : [created]
}

/**
 * The `game.score_updated` event of a game whose score or state changed (specification payload:
 * game_id, home_team, away_team, home_score, away_score, status).
 */
export const scoreUpdatedEvent = (g: {
  readonly id: string
  readonly sport: string
  readonly home_team: string
  readonly away_team: string
  readonly home_score: number | null
  readonly away_score: number | null
  readonly state: string
}): NewServiceEvent => ({
  name: "game.score_updated",
  sport: g.sport,
  payload: {
    game_id: g.id,
    home_team: g.home_team,
    away_team: g.away_team,
    home_score: g.home_score,
    away_score: g.away_score,
    status: g.state
  }
})

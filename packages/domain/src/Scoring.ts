/**
 * Fantasy scoring. Every format is data (a list of points per unit of a stat key of
 * {@link StatKeys}), as decided in `spec/decisions.md`, section "Fantasy scoring"; `score` applies
 * them to one stat line.
 *
 * ## Missing stats
 * A rule is either `required` or optional:
 * - an optional stat that the line lacks (absent, null or NaN) counts as 0 (for example a source
 *   without two-point conversions or return touchdowns still scores);
 * - a required stat that the line lacks makes that format uncomputable: the format is left out of
 *   `formats`, and `fantasy_points` is null when the default format is the one left out. A missing
 *   yardage never silently scores as 0.
 *
 * Rules come in groups (nfl offense / kicking, mlb hitting / pitching, nhl skater / goalie). A group
 * applies to a line when the line has any of the group's stats, or when `position` is one of the
 * group's positions (then its required stats must be there, and a line with none of its stats is
 * null, not 0). A line to which no group applies (no scoring stat at all, e.g. an individual
 * defensive player's line in nfl) has `fantasy_points` null and no formats.
 *
 * Totals are rounded to 2 decimals (half away from zero on the hundredth).
 * @module
 */
import type { SportKey } from "./Sport.js"

/** Points per unit of one stat key. */
export interface Rule {
  readonly stat: string
  readonly points: number
  /** When true, a line lacking this stat cannot be scored in the format (see module doc). */
  readonly required: boolean
}

/** A set of rules that applies to one kind of line (offense, kicking, hitting, pitching...). */
export interface RuleGroup {
  readonly name: string
  /** Positions whose lines must be scored by this group (upper case), even when its stats are missing. */
  readonly positions: ReadonlyArray<string>
  readonly rules: ReadonlyArray<Rule>
}

/** A named scoring format of a sport. */
export interface Format {
  readonly name: string
  readonly sport: SportKey
  readonly description: string
  readonly groups: ReadonlyArray<RuleGroup>
}

/** Result of {@link score}: default-format points (or null) and points by every computable format. */
export interface ScoreResult {
  readonly fantasy_points: number | null
  readonly formats: Record<string, number>
}

const req = (stat: string, points: number): Rule => ({ stat, points, required: true })
const opt = (stat: string, points: number): Rule => ({ stat, points, required: false })

/**
 * NFL kicking, used by every nfl format. decisions.md names no kicker rules, so without them a
 * kicker would score 0; these are the common "standard" kicking values: PAT made 1, FG made 0-39
 * yards 3, 40-49 yards 4, 50+ yards 5, and -1 for each missed PAT or field goal. All optional
 * (a source without a distance bucket scores it 0).
 */
const nflKicking: RuleGroup = {
  name: "kicking",
  positions: ["K", "PK"],
  rules: [
    opt("xp_made", 1),
    opt("xp_missed", -1),
    opt("fg_made_0_19", 3),
    opt("fg_made_20_29", 3),
    opt("fg_made_30_39", 3),
    opt("fg_made_40_49", 4),
    opt("fg_made_50_plus", 5),
    opt("fg_missed_0_19", -1),
    opt("fg_missed_20_29", -1),
    opt("fg_missed_30_39", -1)
  ]
}

/** NFL offense with `perReception` points per catch (decisions.md: ppr 1, half_ppr 0.5, standard 0). */
const nflOffense = (perReception: number): RuleGroup => ({
  name: "offense",
  positions: ["QB", "RB", "WR", "TE", "FB", "HB"],
  rules: [
    req("passing_yards", 0.04),
    req("passing_tds", 4),
    req("interceptions", -2),
    req("rushing_yards", 0.1),
    req("rushing_tds", 6),
    req("receiving_yards", 0.1),
    req("receiving_tds", 6),
    ...(perReception === 0 ? [] : [req("receptions", perReception)]),
    opt("two_point_conversions", 2),
    opt("fumbles_lost", -2),
    opt("return_tds", 6),
    // Not listed in decisions.md: a fumble recovered by an offensive player for a touchdown.
    // Every major platform (NFL.com, ESPN, Sleeper) scores it as a touchdown, 6.
    opt("fumble_recovery_tds", 6)
  ]
})

const nflDescription = (label: string) =>
  `NFL ${label} (decisions.md "Fantasy scoring"): pass yd 0.04, pass TD 4, INT -2, rush yd 0.1, rush TD 6, ` +
  `rec yd 0.1, rec TD 6, 2-pt 2, fumble lost -2, return TD 6, fumble recovery TD 6; kicking PAT 1, FG 0-39 3, ` +
  `40-49 4, 50+ 5, miss -1. Individual defensive (IDP) lines have no format and score null.`

/**
 * NFL `ppr` (the nfl default), `half_ppr` and `standard`.
 *
 * Checked against Fantasy.NFL.com's own `TotalPoints` of the hvpkod_nfl_data weekly files
 * (test/domain/scoring-nfl-check.test.ts). That league (the repository owner's "MML" league) scores
 * receptions at 0.5 and passing at 0.04/yd, so `half_ppr` is the comparable format; the systematic
 * differences, from that league's own settings and from stats the files do not carry, are listed
 * in that test's docstring with the agreement measured.
 * The measured agreement is asserted in that test.
 */
export const nflFormats: ReadonlyArray<Format> = [
  { name: "ppr", sport: "nfl", description: nflDescription("PPR (reception 1)"), groups: [nflOffense(1), nflKicking] },
  {
    name: "half_ppr",
    sport: "nfl",
    description: nflDescription("half PPR (reception 0.5)"),
    groups: [nflOffense(0.5), nflKicking]
  },
  {
    name: "standard",
    sport: "nfl",
    description: nflDescription("standard (reception 0)"),
    groups: [nflOffense(0), nflKicking]
  }
]

/** NBA as FanDuel (decisions.md): point 1, rebound 1.2, assist 1.5, steal 3, block 3, turnover -1; all required. */
export const nbaFormats: ReadonlyArray<Format> = [
  {
    name: "fanduel",
    sport: "nba",
    description: "NBA FanDuel (decisions.md): point 1, rebound 1.2, assist 1.5, steal 3, block 3, turnover -1.",
    groups: [
      {
        name: "player",
        positions: [],
        rules: [
          req("points", 1),
          req("rebounds", 1.2),
          req("assists", 1.5),
          req("steals", 3),
          req("blocks", 3),
          req("turnovers", -1)
        ]
      }
    ]
  }
]

/**
 * MLB as FanDuel (decisions.md). Hitters: 1B 3, 2B 6, 3B 9, HR 12, RBI 3.5, R 3.2, BB 3, HBP 3,
 * SB 6 (HBP optional). Pitchers: W 6, QS 4, ER -3, K 3, out 1 (= IP 3) (W and QS optional).
 * Singles are derived as H - 2B - 3B - HR and a quality start as (outs >= 18 and ER <= 3 in a
 * start) when the line lacks them (see {@link score}). A two-way line scores both groups.
 */
export const mlbFormats: ReadonlyArray<Format> = [
  {
    name: "fanduel",
    sport: "mlb",
    description: "MLB FanDuel (decisions.md): hitters 1B 3, 2B 6, 3B 9, HR 12, RBI 3.5, R 3.2, BB 3, HBP 3, SB 6; " +
      "pitchers W 6, QS 4, ER -3, K 3, out 1 (IP 3).",
    groups: [
      {
        name: "hitting",
        positions: ["C", "1B", "2B", "3B", "SS", "LF", "CF", "RF", "OF", "DH", "IF", "UT"],
        rules: [
          req("batting_1b", 3),
          req("batting_2b", 6),
          req("batting_3b", 9),
          req("batting_hr", 12),
          req("batting_rbi", 3.5),
          req("batting_r", 3.2),
          req("batting_bb", 3),
          opt("batting_hbp", 3),
          req("batting_sb", 6)
        ]
      },
      {
        name: "pitching",
        positions: ["P", "SP", "RP"],
        rules: [
          opt("pitching_w", 6),
          opt("pitching_qs", 4),
          req("pitching_er", -3),
          req("pitching_k", 3),
          req("pitching_outs", 1)
        ]
      }
    ]
  }
]

/**
 * NHL (decisions.md): skaters goal 12, assist 8, shot 1.6, blocked shot 1.6 (blocked shots
 * optional); goalies win 12 (optional), save 0.8, goal against -4.
 */
export const nhlFormats: ReadonlyArray<Format> = [
  {
    name: "default",
    sport: "nhl",
    description:
      "NHL (decisions.md): goal 12, assist 8, shot 1.6, blocked shot 1.6, goalie win 12, save 0.8, goal against -4.",
    groups: [
      {
        name: "skater",
        positions: ["C", "LW", "RW", "W", "F", "D"],
        rules: [req("goals", 12), req("assists", 8), req("shots", 1.6), opt("blocked_shots", 1.6)]
      },
      {
        name: "goalie",
        positions: ["G"],
        rules: [opt("goalie_wins", 12), req("saves", 0.8), req("goals_against", -4)]
      }
    ]
  }
]

type Stats = Readonly<Record<string, number | null | undefined>>

const value = (stats: Stats, key: string): number | undefined => {
  const v = stats[key]
  return typeof v === "number" && Number.isFinite(v) ? v : undefined
}

/** Rounds to 2 decimals, half away from zero (e.g. 12.345 -> 12.35, -0.005 -> -0.01). */
export const round2 = (x: number): number => {
  const r = Math.sign(x) * Math.round(Math.abs(x) * 100 + 1e-9) / 100
  return r === 0 ? 0 : r
}

const scoreFormat = (format: Format, stats: Stats, position: string | undefined): number | null | undefined => {
  let total = 0
  let applied = false
  for (const group of format.groups) {
    const byPosition = position !== undefined && group.positions.includes(position)
    const hasAny = group.rules.some((r) => value(stats, r.stat) !== undefined)
    if (!byPosition && !hasAny) continue
    // A group required by position but without any of its stats has nothing to score from.
    if (!hasAny) return null
    applied = true
    for (const rule of group.rules) {
      const v = value(stats, rule.stat)
      if (v === undefined) {
        if (rule.required) return null
        continue
      }
      total += v * rule.points
    }
  }
  return applied ? round2(total) : undefined
}

/**
 * Scores one stat line in every format of `formats` (the sport's, default first).
 *
 * `stats` holds the sport's stat keys (counts, yards, outs); `position` (case-insensitive)
 * decides which rule groups must apply (see the module doc for missing stats). Returns the default
 * format's points as `fantasy_points` (null when the line cannot be scored in it) and every
 * computable format in `formats`, each rounded to 2 decimals. No formats (e.g. cfb) gives
 * `{ fantasy_points: null, formats: {} }`. Never fails. Use `Sports.score(sport, ...)`.
 */
export const scoreWith = (
  formats: ReadonlyArray<Format>,
  stats: Stats,
  position?: string | null
): ScoreResult => {
  const pos = position === null || position === undefined ? undefined : position.trim().toUpperCase()
  const out: Record<string, number> = {}
  for (const format of formats) {
    const points = scoreFormat(format, stats, pos)
    if (typeof points === "number") out[format.name] = points
  }
  const def = formats[0]?.name
  return { fantasy_points: def !== undefined && def in out ? out[def]! : null, formats: out }
}

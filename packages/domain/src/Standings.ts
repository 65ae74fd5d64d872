/**
 * Standings computed from game results, with each league's own tiebreak procedure. Pure.
 *
 * Counted games: regular season (`season_type` null or `REG`), `state` final or completed, both
 * scores present, both teams among the given teams of the sport. Everything else (postseason,
 * preseason, All-Star games, unscored games) is ignored.
 *
 * Win percentage is (2W + T) / 2G for every sport: a tie counts half a win and half a loss (NFL
 * Record & Fact Book, "Tie-breaking procedures": "Tie games count as one-half win and one-half
 * loss for both clubs"); nba and mlb games have no ties, so this is W / (W + L) there. Teams level
 * on win percentage (exact: equal integer ratios give equal doubles) are ordered by the tiebreak
 * procedure of the league:
 *
 * **NFL, division** (NFL, "Tie-breaking procedures", to break a tie within a division; mode
 * *eliminate*: the steps name one club, the others revert to step 1 for the next place; when a step
 * leaves two clubs of three or more, they revert to step 1 of the two-club format; three or more
 * remaining continue with the next step). Steps, two clubs and three or more alike:
 * 1. `head_to_head`: W-L-T percentage in games among the tied clubs.
 * 2. `division_record`: W-L-T percentage in division games.
 * 3. `common_games`: W-L-T percentage in games against opponents every tied club played.
 * 4. `conference_record`: W-L-T percentage in conference games.
 * 5. `strength_of_victory`: combined W-L-T percentage of the opponents beaten (once per win).
 * 6. `strength_of_schedule`: combined W-L-T percentage of all opponents (once per game).
 * 7. `combined_rank_conference`: best sum of the ranks among conference teams in points scored and
 *    points allowed (competition ranking: equal values share the better rank).
 * 8. `combined_rank_league`: the same among all teams.
 * 9. `net_points_common`: points scored minus allowed in common games.
 * 10. `net_points`: points scored minus allowed in all games.
 * Not applied: 11. net touchdowns in all games (no touchdown counts per team game are ingested);
 * 12. coin toss (replaced by the abbreviation, alphabetical, reported as `unresolved`).
 * Conference seeding and the wild-card procedure are not computed.
 *
 * **NBA** (NBA tie-break procedures for playoff positions, subparagraphs a. two teams, b. more than
 * two, c. guidelines; mode *partition*: a step that splits the tied teams orders the groups and each
 * remaining tie is broken again from the beginning, with the two-team list when two remain).
 * Division ties are broken first, without the division-winner step; conference places then use:
 * - two teams: `head_to_head`; `division_winner` (whether or not in the same division);
 *   `division_record` (same division only); `conference_record`; `vs_playoff_teams_own_conference`;
 *   `vs_playoff_teams_other_conference`; `point_differential`.
 * - more than two: `division_winner`; `head_to_head` (all games among the tied teams);
 *   `division_record` (all in the same division only); `conference_record`;
 *   `vs_playoff_teams_own_conference`; `point_differential`.
 * "Teams eligible for the playoffs" is taken as the top 10 of each conference by win percentage
 * (the teams that reach at least the play-in), teams level with the 10th included, as the rule
 * includes "teams that finished the regular season tied for a playoff position". Not applied: the
 * random drawing (replaced by the abbreviation, reported as `unresolved`).
 *
 * **MLB, division** (MLB tiebreaker rules since 2022, when tiebreaker games were abolished; mode
 * *partition*): `head_to_head`; `division_record` (intradivision); `league_record` (intraleague);
 * `last_half_league` (W-L percentage in the last half of intraleague games, extended by one game
 * at a time until the tie breaks). Teams still level are ordered by abbreviation (`unresolved`).
 *
 * @module
 */
import type { Game, Team } from "./Canonical.js"
import type { StandingsRules } from "./sports/SportModule.js"

/** Wins, losses and ties. */
export interface WLT {
  readonly wins: number
  readonly losses: number
  readonly ties: number
}

/**
 * One team's standing.
 * - `win_pct`: (2W + T) / 2G, 0 when no game counted (not rounded).
 * - `points_for` / `points_against`: points (runs for mlb) in counted games.
 * - `home`, `away`, `conference_record` (mlb: league), `division_record`: W-L-T splits.
 * - `streak`: current run of identical results, `W3`, `L1`, `T1`; null before any game.
 * - `division_rank`: place in the division after tiebreaks (1 = leader).
 * - `conference_rank`: place in the conference (nba only; null for nfl and mlb).
 * - `rank`: place in the group the sport is listed by (nfl, mlb: division; nba: conference).
 * - `games_back`: ((leader W - W) + (L - leader L)) / 2 against the group's rank 1.
 * - `tiebreaker`: the step that placed this team above the next team of equal win_pct in its
 *   group (see the module docs for step names), `unresolved` when none did, null when the next
 *   team had a different win_pct.
 * - Leagues ranked by points (nhl, soccer); null in the others:
 *   - `ot_losses`: losses in overtime or a shootout (nhl), null where the source cannot tell;
 *   - `regulation_wins`: wins in regulation (nhl), null where unknown;
 *   - `standings_points`: table points after any deduction (nhl 2/1/0, soccer 3/1/0);
 *   - `points_deducted`: points taken off by the league body (soccer; 0 when none).
 */
export interface TeamStanding {
  readonly team: Team
  readonly games_played: number
  readonly wins: number
  readonly losses: number
  readonly ties: number
  readonly win_pct: number
  readonly points_for: number
  readonly points_against: number
  readonly home: WLT
  readonly away: WLT
  readonly conference_record: WLT
  readonly division_record: WLT
  readonly streak: string | null
  readonly division_rank: number
  readonly conference_rank: number | null
  readonly rank: number
  readonly games_back: number
  readonly tiebreaker: string | null
  readonly ot_losses: number | null
  readonly regulation_wins: number | null
  readonly standings_points: number | null
  readonly points_deducted: number | null
}

/** True when a game counts in the standings: regular season, final or completed, scored. */
export const countsInStandings = (game: Game): boolean =>
  (game.season_type === null || game.season_type.toUpperCase() === "REG") &&
  (game.state === "final" || game.state === "completed") &&
  game.home_score !== null &&
  game.away_score !== null

/** "W-L", or "W-L-T" when `withTies`. */
export const formatRecord = (r: WLT, withTies: boolean): string =>
  withTies ? `${r.wins}-${r.losses}-${r.ties}` : `${r.wins}-${r.losses}`

/** Games behind as a string with one decimal ("3.5"), "-" for the leader (0). */
export const formatGamesBack = (gamesBack: number): string => (gamesBack === 0 ? "-" : gamesBack.toFixed(1))

// ---------------------------------------------------------------------------------------------
// Results and records
// ---------------------------------------------------------------------------------------------

/** One counted game from one team's side: opponent abbr, points for and against, at home or not. */
export interface Result {
  readonly opp: string
  readonly pf: number
  readonly pa: number
  readonly home: boolean
}

/** W, L or T of one result by the score. */
export const outcome = (r: Result): "W" | "L" | "T" => (r.pf > r.pa ? "W" : r.pf < r.pa ? "L" : "T")

/** W-L-T of a list of results by the score. */
export const record = (results: ReadonlyArray<Result>): WLT => {
  let wins = 0
  let losses = 0
  let ties = 0
  for (const r of results) {
    const o = outcome(r)
    if (o === "W") wins++
    else if (o === "L") losses++
    else ties++
  }
  return { wins, losses, ties }
}

const games = (r: WLT): number => r.wins + r.losses + r.ties

/** (2W + T) / 2G; undefined when no game. */
export const pctOf = (
  r: WLT
): number | undefined => (games(r) === 0 ? undefined : (2 * r.wins + r.ties) / (2 * games(r)))

interface Ctx {
  readonly teams: ReadonlyMap<string, Team>
  readonly results: ReadonlyMap<string, ReadonlyArray<Result>>
  readonly divisionRank: ReadonlyMap<string, number> | undefined
  readonly eligible: ReadonlyMap<string, ReadonlySet<string>> | undefined
}

const divisionKey = (t: Team | undefined): string | null =>
  t === undefined || t.division === null ? null : `${t.conference ?? ""}|${t.division}`

const resultsOf = (ctx: Ctx, abbr: string): ReadonlyArray<Result> => ctx.results.get(abbr) ?? []

const sameDivision = (ctx: Ctx, a: string, b: string): boolean => {
  const ka = divisionKey(ctx.teams.get(a))
  return ka !== null && ka === divisionKey(ctx.teams.get(b))
}

const sameConference = (ctx: Ctx, a: string, b: string): boolean => {
  const ca = ctx.teams.get(a)?.conference ?? null
  return ca !== null && ca === (ctx.teams.get(b)?.conference ?? null)
}

// ---------------------------------------------------------------------------------------------
// Criteria
// ---------------------------------------------------------------------------------------------

/**
 * A tiebreak step: a score per tied team, higher is better; undefined when the step does not
 * apply to this set of teams (then it is skipped).
 */
/**
 * A tiebreak step over a context `C` (each league's rules keep their own): a score per tied team,
 * higher is better; undefined when the step does not apply to this set of teams (then it is
 * skipped).
 */
export interface TieStep<C> {
  readonly name: string
  readonly score: (tied: ReadonlyArray<string>, ctx: C) => ReadonlyMap<string, number> | undefined
}

type Criterion = TieStep<Ctx>

/** Scores each team by its win pct over the results `filter` keeps; undefined if one has none. */
const pctCriterion = (
  name: string,
  filter: (team: string, r: Result, tied: ReadonlyArray<string>, ctx: Ctx) => boolean,
  applies: (tied: ReadonlyArray<string>, ctx: Ctx) => boolean = () => true
): Criterion => ({
  name,
  score: (tied, ctx) => {
    if (!applies(tied, ctx)) return undefined
    const out = new Map<string, number>()
    for (const team of tied) {
      const p = pctOf(record(resultsOf(ctx, team).filter((r) => filter(team, r, tied, ctx))))
      if (p === undefined) return undefined
      out.set(team, p)
    }
    return out
  }
})

const allSameDivision = (tied: ReadonlyArray<string>, ctx: Ctx): boolean =>
  tied.every((t) => sameDivision(ctx, t, tied[0]!))

const headToHead = pctCriterion("head_to_head", (team, r, tied) => r.opp !== team && tied.includes(r.opp))

const divisionRecord = pctCriterion(
  "division_record",
  (team, r, _tied, ctx) => sameDivision(ctx, team, r.opp),
  allSameDivision
)

const conferenceRecord = (name: string): Criterion =>
  pctCriterion(name, (team, r, _tied, ctx) => sameConference(ctx, team, r.opp))

/** Opponents every tied team played (the tied teams themselves drop out naturally). */
const commonOpponents = (tied: ReadonlyArray<string>, ctx: Ctx): ReadonlySet<string> => {
  let common: Set<string> | undefined
  for (const team of tied) {
    const opps = new Set(resultsOf(ctx, team).map((r) => r.opp))
    common = common === undefined ? opps : new Set([...common].filter((o) => opps.has(o)))
  }
  return common ?? new Set()
}

const commonGames: Criterion = {
  name: "common_games",
  score: (tied, ctx) => {
    const common = commonOpponents(tied, ctx)
    if (common.size === 0) return undefined
    return pctCriterion("common_games", (_t, r) => common.has(r.opp)).score(tied, ctx)
  }
}

/** Combined (2W + T) / 2G of the opponents in `pick` results, each counted once per result. */
const combinedOpponentPct = (ctx: Ctx, results: ReadonlyArray<Result>): number => {
  let num = 0
  let den = 0
  for (const r of results) {
    const rec = record(resultsOf(ctx, r.opp))
    num += 2 * rec.wins + rec.ties
    den += 2 * games(rec)
  }
  return den === 0 ? 0 : num / den
}

const strengthOfVictory: Criterion = {
  name: "strength_of_victory",
  score: (tied, ctx) =>
    new Map(tied.map((t) => [t, combinedOpponentPct(ctx, resultsOf(ctx, t).filter((r) => outcome(r) === "W"))]))
}

const strengthOfSchedule: Criterion = {
  name: "strength_of_schedule",
  score: (tied, ctx) => new Map(tied.map((t) => [t, combinedOpponentPct(ctx, resultsOf(ctx, t))]))
}

/** Competition ranking (1 = best; equal values share the better rank) of `value` over `pool`. */
const competitionRank = (
  pool: ReadonlyArray<string>,
  value: (team: string) => number,
  higherIsBetter: boolean
): ReadonlyMap<string, number> => {
  const out = new Map<string, number>()
  for (const t of pool) {
    const v = value(t)
    const better = pool.filter((o) => (higherIsBetter ? value(o) > v : value(o) < v)).length
    out.set(t, better + 1)
  }
  return out
}

const pointsFor = (ctx: Ctx, t: string): number => resultsOf(ctx, t).reduce((s, r) => s + r.pf, 0)
const pointsAgainst = (ctx: Ctx, t: string): number => resultsOf(ctx, t).reduce((s, r) => s + r.pa, 0)

const combinedRank = (name: string, conferenceOnly: boolean): Criterion => ({
  name,
  score: (tied, ctx) => {
    const pool = [...ctx.teams.keys()].filter((t) => !conferenceOnly || sameConference(ctx, t, tied[0]!))
    if (conferenceOnly && !tied.every((t) => sameConference(ctx, t, tied[0]!))) return undefined
    const pf = competitionRank(pool, (t) => pointsFor(ctx, t), true)
    const pa = competitionRank(pool, (t) => pointsAgainst(ctx, t), false)
    return new Map(tied.map((t) => [t, -((pf.get(t) ?? 0) + (pa.get(t) ?? 0))]))
  }
})

const netPoints = (
  name: string,
  keep: (tied: ReadonlyArray<string>, ctx: Ctx) => ((r: Result) => boolean) | undefined
): Criterion => ({
  name,
  score: (tied, ctx) => {
    const filter = keep(tied, ctx)
    if (filter === undefined) return undefined
    return new Map(tied.map((t) => [t, resultsOf(ctx, t).filter(filter).reduce((s, r) => s + r.pf - r.pa, 0)]))
  }
})

const netPointsCommon = netPoints("net_points_common", (tied, ctx) => {
  const common = commonOpponents(tied, ctx)
  return common.size === 0 ? undefined : (r) => common.has(r.opp)
})

const netPointsAll = (name: string) => netPoints(name, () => () => true)

const divisionWinner: Criterion = {
  name: "division_winner",
  score: (tied, ctx) =>
    ctx.divisionRank === undefined ? undefined : new Map(tied.map((t) => [t, ctx.divisionRank!.get(t) === 1 ? 1 : 0]))
}

const vsPlayoffTeams = (name: string, own: boolean): Criterion =>
  pctCriterion(name, (team, r, _tied, ctx) => {
    if (ctx.eligible === undefined) return false
    const conf = ctx.teams.get(team)?.conference ?? null
    const oppConf = ctx.teams.get(r.opp)?.conference ?? null
    if (conf === null || oppConf === null || (oppConf === conf) !== own) return false
    return ctx.eligible.get(oppConf)?.has(r.opp) ?? false
  }, (_tied, ctx) => ctx.eligible !== undefined)

/** MLB: W-L percentage in the last half of intraleague games, plus one game at a time. */
const lastHalfLeague: Criterion = {
  name: "last_half_league",
  score: (tied, ctx) => {
    const league = new Map(tied.map((t) => [t, resultsOf(ctx, t).filter((r) => sameConference(ctx, t, r.opp))]))
    for (let extra = 0;; extra++) {
      const scores = new Map<string, number>()
      for (const t of tied) {
        const all = league.get(t)!
        const k = Math.max(1, Math.floor(all.length / 2)) + extra
        if (k > all.length) return undefined
        scores.set(t, pctOf(record(all.slice(all.length - k)))!)
      }
      if (new Set(scores.values()).size > 1) return scores
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Procedures
// ---------------------------------------------------------------------------------------------

interface Procedure {
  /** eliminate: steps name one club, the others restart (NFL); partition: groups ordered, each re-broken (NBA, MLB). */
  readonly mode: "eliminate" | "partition"
  readonly two: ReadonlyArray<Criterion>
  readonly many: ReadonlyArray<Criterion>
}

const nflSteps: ReadonlyArray<Criterion> = [
  headToHead,
  divisionRecord,
  commonGames,
  conferenceRecord("conference_record"),
  strengthOfVictory,
  strengthOfSchedule,
  combinedRank("combined_rank_conference", true),
  combinedRank("combined_rank_league", false),
  netPointsCommon,
  netPointsAll("net_points")
]

const nflDivision: Procedure = { mode: "eliminate", two: nflSteps, many: nflSteps }

const nbaDivision: Procedure = {
  mode: "partition",
  two: [
    headToHead,
    divisionRecord,
    conferenceRecord("conference_record"),
    vsPlayoffTeams("vs_playoff_teams_own_conference", true),
    vsPlayoffTeams("vs_playoff_teams_other_conference", false),
    netPointsAll("point_differential")
  ],
  many: [
    headToHead,
    divisionRecord,
    conferenceRecord("conference_record"),
    vsPlayoffTeams("vs_playoff_teams_own_conference", true),
    netPointsAll("point_differential")
  ]
}

const nbaConference: Procedure = {
  mode: "partition",
  two: [
    headToHead,
    divisionWinner,
    divisionRecord,
    conferenceRecord("conference_record"),
    vsPlayoffTeams("vs_playoff_teams_own_conference", true),
    vsPlayoffTeams("vs_playoff_teams_other_conference", false),
    netPointsAll("point_differential")
  ],
  many: [
    divisionWinner,
    headToHead,
    divisionRecord,
    conferenceRecord("conference_record"),
    vsPlayoffTeams("vs_playoff_teams_own_conference", true),
    netPointsAll("point_differential")
  ]
}

const mlbSteps: ReadonlyArray<Criterion> = [
  headToHead,
  divisionRecord,
  conferenceRecord("league_record"),
  lastHalfLeague
]
const mlbDivision: Procedure = { mode: "partition", two: mlbSteps, many: mlbSteps }

/** A team placed in a tied group, and the step that placed it above the next one (null: none needed). */
export interface Placed {
  readonly abbr: string
  step: string | null
}

/** Code-unit order of two strings (abbreviations, names). */
export const byAbbr = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Teams no step separates: by abbreviation, each above the next `unresolved`. */
const unresolved = (set: ReadonlyArray<string>): Array<Placed> =>
  [...set].sort(byAbbr).map((abbr, i, all) => ({ abbr, step: i < all.length - 1 ? "unresolved" : null }))

/** Groups teams by score, best first. */
const groupsByScore = (set: ReadonlyArray<string>, scores: ReadonlyMap<string, number>): Array<Array<string>> => {
  const values = [...new Set(set.map((t) => scores.get(t)!))].sort((a, b) => b - a)
  return values.map((v) => set.filter((t) => scores.get(t) === v))
}

/** NFL: the club a step names first, and the step; the others revert to step 1 afterwards. */
const pickBest = (set: ReadonlyArray<string>, proc: Procedure, ctx: Ctx): { winner: string; step: string } => {
  let current = set
  let list = current.length === 2 ? proc.two : proc.many
  let i = 0
  while (i < list.length) {
    const crit = list[i]!
    const scores = crit.score(current, ctx)
    if (scores !== undefined) {
      const top = groupsByScore(current, scores)[0]!
      if (top.length === 1) return { winner: top[0]!, step: crit.name }
      if (top.length < current.length) {
        current = top
        if (current.length === 2) {
          list = proc.two
          i = 0
          continue
        }
      }
    }
    i++
  }
  return { winner: [...current].sort(byAbbr)[0]!, step: "unresolved" }
}

const resolveTie = (set: ReadonlyArray<string>, proc: Procedure, ctx: Ctx): Array<Placed> => {
  if (set.length === 1) return [{ abbr: set[0]!, step: null }]
  if (proc.mode === "eliminate") {
    const out: Array<Placed> = []
    let rest = [...set]
    while (rest.length > 1) {
      const { step, winner } = pickBest(rest, proc, ctx)
      out.push({ abbr: winner, step })
      rest = rest.filter((t) => t !== winner)
    }
    out.push({ abbr: rest[0]!, step: null })
    return out
  }
  return breakTie(set, (size) => (size === 2 ? proc.two : proc.many), ctx)
}

/**
 * Orders teams level on the primary key in *partition* mode: the first step (of those
 * `stepsFor(tied count)` lists) that splits them orders the groups, and each group still tied
 * starts the steps again among itself; teams no step separates are {@link unresolved}. The last
 * team of each separated group carries the step's name. Used by every league whose procedure
 * works this way (nba, mlb, nhl, soccer).
 */
export const breakTie = <C>(
  set: ReadonlyArray<string>,
  stepsFor: (size: number) => ReadonlyArray<TieStep<C>>,
  ctx: C
): Array<Placed> => {
  if (set.length === 1) return [{ abbr: set[0]!, step: null }]
  for (const step of stepsFor(set.length)) {
    const scores = step.score(set, ctx)
    if (scores === undefined) continue
    const groups = groupsByScore(set, scores)
    if (groups.length === 1) continue
    return groups.flatMap((group, gi) => {
      const placed = breakTie(group, stepsFor, ctx)
      if (gi < groups.length - 1) placed[placed.length - 1]!.step = step.name
      return placed
    })
  }
  return unresolved(set)
}

/** Orders a group of teams by win pct, breaking equal win pct with `proc`. */
const rankGroup = (
  abbrs: ReadonlyArray<string>,
  pct: ReadonlyMap<string, number>,
  proc: Procedure,
  ctx: Ctx
): Array<Placed> => {
  const values = [...new Set(abbrs.map((t) => pct.get(t)!))].sort((a, b) => b - a)
  return values.flatMap((v) => resolveTie(abbrs.filter((t) => pct.get(t) === v), proc, ctx))
}

/** Teams (abbreviations) grouped by `key`, groups and members in first-seen order. */
export const groupBy = <K>(items: ReadonlyArray<string>, key: (t: string) => K): Map<K, Array<string>> => {
  const out = new Map<K, Array<string>>()
  for (const i of items) {
    const k = key(i)
    const list = out.get(k)
    if (list === undefined) out.set(k, [i])
    else list.push(i)
  }
  return out
}

/** The NBA's playoff-eligible teams per conference: top 10 by win pct, ties at the 10th included. */
export const NBA_PLAYOFF_ELIGIBLE_PER_CONFERENCE = 10

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/**
 * How a win-percentage league ranks its teams: the division procedure, and for leagues listed by
 * conference (nba) the conference procedure and the playoff-eligible count its steps refer to.
 */
interface WinPctConfig {
  readonly division: Procedure
  readonly conference: Procedure | undefined
  readonly eligiblePerConference: number | undefined
}

/**
 * Standings of one season of a win-percentage league (nfl, nba, mlb) from its teams and games
 * (any games may be passed; only those {@link countsInStandings} between two of the given teams
 * count). Every given team appears, including teams with no counted game. Rows are ordered by
 * conference, then (when ranked by division) division, then rank; conference and division order
 * is alphabetical, null last.
 */
const computeWinPct = (
  config: WinPctConfig,
  teams: ReadonlyArray<Team>,
  gameRows: ReadonlyArray<Game>
): ReadonlyArray<TeamStanding> => {
  const teamMap = new Map(teams.map((t) => [t.abbr, t]))
  const abbrs = [...teamMap.keys()].sort(byAbbr)
  const counted = countedGames(gameRows, teamMap)
  const results = new Map<string, Array<Result>>(abbrs.map((a) => [a, []]))
  for (const g of counted) {
    results.get(g.home_team)!.push({ opp: g.away_team, pf: g.home_score!, pa: g.away_score!, home: true })
    results.get(g.away_team)!.push({ opp: g.home_team, pf: g.away_score!, pa: g.home_score!, home: false })
  }
  const totals = new Map(abbrs.map((a) => [a, record(results.get(a)!)]))
  const pct = new Map(abbrs.map((a) => [a, pctOf(totals.get(a)!) ?? 0]))
  const baseCtx: Ctx = { teams: teamMap, results, divisionRank: undefined, eligible: undefined }

  const conferenceOf = (a: string) => teamMap.get(a)!.conference
  const byConference = groupBy(abbrs, conferenceOf)

  // Playoff-eligible teams per conference (the nba steps that compare records against them).
  const eligible = new Map<string, ReadonlySet<string>>()
  if (config.eligiblePerConference !== undefined) {
    for (const [conf, members] of byConference) {
      if (conf === null) continue
      const sorted = [...members].sort((a, b) => pct.get(b)! - pct.get(a)!)
      const line = pct.get(sorted[Math.min(config.eligiblePerConference, sorted.length) - 1]!)!
      eligible.set(conf, new Set(sorted.filter((t) => pct.get(t)! >= line)))
    }
  }

  const divisionCtx: Ctx = { ...baseCtx, eligible }
  const divisionPlaces = new Map<string, { rank: number; step: string | null }>()
  const divisionOrder: Array<Array<string>> = []
  for (const members of groupBy(abbrs, (a) => divisionKey(teamMap.get(a))).values()) {
    const placed = rankGroup(members, pct, config.division, divisionCtx)
    placed.forEach((p, i) => divisionPlaces.set(p.abbr, { rank: i + 1, step: p.step }))
    divisionOrder.push(placed.map((p) => p.abbr))
  }

  const conferencePlaces = new Map<string, { rank: number; step: string | null }>()
  const conferenceOrder: Array<Array<string>> = []
  if (config.conference !== undefined) {
    const ctx: Ctx = {
      ...baseCtx,
      eligible,
      divisionRank: new Map([...divisionPlaces].map(([a, p]) => [a, p.rank]))
    }
    for (const members of byConference.values()) {
      const placed = rankGroup(members, pct, config.conference, ctx)
      placed.forEach((p, i) => conferencePlaces.set(p.abbr, { rank: i + 1, step: p.step }))
      conferenceOrder.push(placed.map((p) => p.abbr))
    }
  }

  const byConferenceRank = config.conference !== undefined
  const listing = byConferenceRank ? conferenceOrder : divisionOrder
  const places = byConferenceRank ? conferencePlaces : divisionPlaces

  const rows: Array<TeamStanding> = []
  for (const group of listing) {
    const leader = totals.get(group[0]!)!
    for (const abbr of group) {
      const team = teamMap.get(abbr)!
      const rs = results.get(abbr)!
      const total = totals.get(abbr)!
      rows.push({
        ...splits(baseCtx, abbr, rs),
        team,
        games_played: games(total),
        wins: total.wins,
        losses: total.losses,
        ties: total.ties,
        win_pct: pct.get(abbr)!,
        division_rank: divisionPlaces.get(abbr)!.rank,
        conference_rank: byConferenceRank ? conferencePlaces.get(abbr)!.rank : null,
        rank: places.get(abbr)!.rank,
        games_back: (leader.wins - total.wins + (total.losses - leader.losses)) / 2,
        tiebreaker: places.get(abbr)!.step,
        ...NO_POINTS
      })
    }
  }
  const orderKey = (r: TeamStanding) => [r.team.conference, byConferenceRank ? null : r.team.division] as const
  return rows.sort((a, b) => {
    const [ca, da] = orderKey(a)
    const [cb, db] = orderKey(b)
    return compareNullable(ca, cb) || compareNullable(da, db) || a.rank - b.rank
  })
}

/**
 * Placeholder rules of a league whose procedure is not written yet: no rows. Replaced by each
 * league's rules in this change; kept only while they land.
 */
export const pendingRules: StandingsRules = {
  name: "pending",
  rankedBy: "league",
  withTies: false,
  compute: () => []
}

/** The points fields of a league that does not rank by points (nfl, nba, mlb, cfb). */
export const NO_POINTS = {
  ot_losses: null,
  regulation_wins: null,
  standings_points: null,
  points_deducted: null
} as const

/**
 * The counted games ({@link countsInStandings}, both teams in `teams`) in the order they were
 * played: game date, start time, id.
 */
export const countedGames = (gameRows: ReadonlyArray<Game>, teams: ReadonlyMap<string, Team>): ReadonlyArray<Game> =>
  gameRows
    .filter((g) => countsInStandings(g) && teams.has(g.home_team) && teams.has(g.away_team))
    .slice()
    .sort((a, b) => {
      const ka = `${a.game_date ?? ""}|${a.start_time?.toISOString() ?? ""}|${a.id}`
      const kb = `${b.game_date ?? ""}|${b.start_time?.toISOString() ?? ""}|${b.id}`
      return ka < kb ? -1 : ka > kb ? 1 : 0
    })

const splits = (ctx: Ctx, abbr: string, rs: ReadonlyArray<Result>) => ({
  points_for: pointsFor(ctx, abbr),
  points_against: pointsAgainst(ctx, abbr),
  home: record(rs.filter((r) => r.home)),
  away: record(rs.filter((r) => !r.home)),
  conference_record: record(rs.filter((r) => sameConference(ctx, abbr, r.opp))),
  division_record: record(rs.filter((r) => sameDivision(ctx, abbr, r.opp))),
  streak: streakOf(rs)
})

/** NFL standings: W-L-T, ties half a win, ranked within divisions by the NFL's division procedure. */
export const nflRules: StandingsRules = {
  name: "nfl-wlt",
  rankedBy: "division",
  withTies: true,
  compute: ({ games: g, teams }) =>
    computeWinPct({ division: nflDivision, conference: undefined, eligiblePerConference: undefined }, teams, g)
}

/** NBA standings: W-L, ranked within conferences by the NBA's procedure (division ties first). */
export const nbaRules: StandingsRules = {
  name: "nba-wl",
  rankedBy: "conference",
  withTies: false,
  compute: ({ games: g, teams }) =>
    computeWinPct(
      { division: nbaDivision, conference: nbaConference, eligiblePerConference: NBA_PLAYOFF_ELIGIBLE_PER_CONFERENCE },
      teams,
      g
    )
}

/** MLB standings: W-L, ranked within divisions by MLB's tiebreaker rules. */
export const mlbRules: StandingsRules = {
  name: "mlb-wl",
  rankedBy: "division",
  withTies: false,
  compute: ({ games: g, teams }) =>
    computeWinPct({ division: mlbDivision, conference: undefined, eligiblePerConference: undefined }, teams, g)
}

/** Code-unit order of two nullable names (conference, division), null last. */
export const compareNullable = (a: string | null, b: string | null): number =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : byAbbr(a, b)

/** The current run of identical outcomes of results in played order: `W3`, `L1`, `T1`; null when none. */
export const streakOf = (rs: ReadonlyArray<Result>): string | null => {
  const last = rs[rs.length - 1]
  if (last === undefined) return null
  const kind = outcome(last)
  let n = 0
  for (let i = rs.length - 1; i >= 0 && outcome(rs[i]!) === kind; i--) n++
  return `${kind}${n}`
}

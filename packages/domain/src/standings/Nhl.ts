/**
 * NHL standings: the points system and the NHL's tie-breaking procedure. Pure.
 *
 * ## Results
 * A counted game (`Standings.countsInStandings`: regular season, final, both scores, both teams
 * known) is read from each team's side with the game's `attributes.result_type`
 * ("regulation" | "overtime" | "shootout", absent when the source cannot tell):
 * - different scores: a win or a loss in regulation, in overtime or by shootout, or, without a
 *   `result_type`, a win or a loss of unknown kind;
 * - level scores with `result_type` "shootout": a shootout whose winner is unknown (a source that
 *   leaves the deciding goal out of the score and does not name the winner, as
 *   bettormanpicks 2025-26 does); such a game counts in `games_played` and in nothing else;
 * - level scores otherwise: not counted (the NHL has had no tied games since 2005-06).
 *
 * ## Fields (see `Standings.TeamStanding`)
 * A team's overtime results are *known* when each of its decided games has a `result_type`.
 * - `wins`: games won (every kind); `losses`: regulation losses when overtime results are known,
 *   else every loss; `ties`: 0. Unresolved shootouts are in neither, so
 *   GP = W + L + OTL + unresolved shootouts.
 * - `ot_losses`: overtime and shootout losses, null when overtime results are not known.
 * - `regulation_wins` (RW): wins in regulation, null when overtime results are not known.
 * - `standings_points`: 2 per win, 1 per overtime or shootout loss, 0 per regulation loss (NHL
 *   points system since 2005-06); null unless overtime results are known and no shootout is
 *   unresolved (never guessed). `points_deducted`: 0 when points are known (the NHL deducts
 *   none), else null.
 * - `win_pct` (fraction 0-1): the NHL's points percentage (P%), points / (2 x games), over the
 *   games of known outcome (unresolved shootouts left out) when overtime results are known;
 *   otherwise wins / decided games (an overtime loss then counts as a loss).
 * - `games_back`: ((leader's points - points) + (points lost - leader's points lost)) / 4, where
 *   points are 2 per win and 1 per overtime loss over the games of known outcome (2 per win only
 *   when overtime results are unknown) and points lost = 2 x those games - points; the leader is
 *   rank 1 of the division. It is (leader points - points) / 2, points back in wins, for equal
 *   games played, and the usual ((LW - W) + (L - LL)) / 2 when overtime results are unknown.
 * - `points_for` / `points_against`: goals in the games' scores. The NHL counts a shootout win
 *   as one goal for and a shootout loss as one against in the standings; scores that credit the
 *   shootout winner with a goal (the NHL's official final score, as twinfield10 writes it) do so,
 *   scores without the shootout goal (bettormanpicks 2025-26) do not.
 * - `home`, `away`, `division_record`, `conference_record`: W-L with losses as in `losses`
 *   (regulation losses when known); WLT has no overtime-loss slot, so those are not shown there.
 * - `streak`: `W<n>`, `L<n>` (regulation loss, or any loss when overtime results are unknown) or
 *   `OT<n>` (overtime or shootout loss), as NHL.com writes them; an unresolved shootout ends the
 *   run, and the streak is null when the latest game is one.
 * - `division_rank` and `rank`: place in the division; `conference_rank`: place in the conference
 *   by the same procedure (the order the wild-card race starts from; the wild-card seeding itself
 *   is not computed).
 *
 * ## Order (the NHL's published "Tie-breaking procedure", NHL.com standings; regulation wins
 * became the second criterion in 2019-20)
 * When every counted game of the season has a known outcome, teams are ordered by points; teams
 * level on points are ordered by (mode *partition*: a step that separates the tied teams orders
 * the groups, and each group still level is broken again from the first step):
 * 1. `points_percentage`: the higher points percentage (fewer games played, during the season);
 * 2. `regulation_wins`: more regulation wins (RW);
 * 3. `regulation_plus_overtime_wins`: more regulation plus overtime wins (ROW: shootout wins excluded);
 * 4. `wins`: more wins of any kind;
 * 5. `head_to_head`: points in games among the tied clubs, as a percentage of the points
 *    available when more than two are tied; for each pair of tied clubs that did not play the
 *    same number of home games against each other, the earliest games in the city with the
 *    extra games are left out until the counts are equal (the NHL's "odd games" rule);
 * 6. `goal_differential`: goals for minus goals against over the season;
 * 7. `goals_for`: goals scored over the season.
 * Teams still level are ordered by abbreviation (reported as `unresolved`).
 *
 * Otherwise (a season whose source has no overtime flag, such as twinfield10 2021-22 to 2023-24,
 * or one with unresolved shootouts, such as bettormanpicks 2025-26) teams are ordered by
 * `win_pct` as defined above, and ties by the steps 2-7 that can be computed (RW and ROW only
 * when every tied team's overtime results are known; head-to-head compares wins only when a game
 * among them is of unknown kind, and leaves unresolved shootouts out).
 *
 * Teams listed: the given teams that play in a given game of the season (so the Arizona
 * Coyotes appear up to 2023-24 and Utah from 2024-25), or every given team when no game is given.
 * Rows are ordered by conference, division (alphabetical) and rank.
 * @module
 */
import type { Game, Team } from "../Canonical.js"
import type { StandingsInput, StandingsRules } from "../sports/SportModule.js"
import {
  breakTie,
  byAbbr,
  compareNullable,
  countedGames,
  groupBy,
  type Placed,
  type TeamStanding,
  type TieStep,
  type WLT
} from "../Standings.js"

/** How a game ended, as `attributes.result_type` writes it. */
export type NhlResultType = "regulation" | "overtime" | "shootout"

/** The `result_type` of a game, or undefined when absent or not one of the three values. */
export const resultTypeOf = (game: Game): NhlResultType | undefined => {
  const v = game.attributes.result_type
  return v === "regulation" || v === "overtime" || v === "shootout" ? v : undefined
}

/**
 * One team's result in one game: win or loss in regulation (RW, RL), in overtime (OTW, OTL), by
 * shootout (SOW, SOL), of unknown kind (W, L), or a shootout of unknown winner (SO).
 */
type Kind = "RW" | "OTW" | "SOW" | "W" | "RL" | "OTL" | "SOL" | "L" | "SO"

/** One counted game from one team's side. */
interface Played {
  readonly game: Game
  readonly opp: string
  readonly gf: number
  readonly ga: number
  readonly home: boolean
  readonly kind: Kind
}

/** The kind of `team`'s result in `game` (a counted game), or undefined when it does not count. */
const kindOf = (game: Game, team: string): Kind | undefined => {
  const home = game.home_team === team
  const gf = (home ? game.home_score : game.away_score)!
  const ga = (home ? game.away_score : game.home_score)!
  const type = resultTypeOf(game)
  if (gf === ga) return type === "shootout" ? "SO" : undefined
  const win = gf > ga
  switch (type) {
    case "regulation":
      return win ? "RW" : "RL"
    case "overtime":
      return win ? "OTW" : "OTL"
    case "shootout":
      return win ? "SOW" : "SOL"
    default:
      return win ? "W" : "L"
  }
}

const isWin = (k: Kind) => k === "RW" || k === "OTW" || k === "SOW" || k === "W"
const isOtLoss = (k: Kind) => k === "OTL" || k === "SOL"
const isLoss = (k: Kind) => k === "RL" || k === "OTL" || k === "SOL" || k === "L"

/** Totals of a list of results. */
interface Tally {
  readonly gp: number
  readonly w: number
  readonly rw: number
  readonly otw: number
  readonly rl: number
  readonly otl: number
  /** Wins and losses of unknown kind. */
  readonly unknownKind: number
  /** Shootouts of unknown winner. */
  readonly so: number
  readonly gf: number
  readonly ga: number
}

const tally = (rs: ReadonlyArray<Played>): Tally => {
  const n = (p: (k: Kind) => boolean) => rs.filter((r) => p(r.kind)).length
  return {
    gp: rs.length,
    w: n(isWin),
    rw: n((k) => k === "RW"),
    otw: n((k) => k === "OTW"),
    rl: n((k) => k === "RL"),
    otl: n(isOtLoss),
    unknownKind: n((k) => k === "W" || k === "L"),
    so: n((k) => k === "SO"),
    gf: rs.reduce((s, r) => s + r.gf, 0),
    ga: rs.reduce((s, r) => s + r.ga, 0)
  }
}

/** Overtime results known: every decided game has a kind. */
const otKnown = (t: Tally): boolean => t.unknownKind === 0
/** Every counted game has a known outcome. */
const complete = (t: Tally): boolean => otKnown(t) && t.so === 0
/** Losses as `TeamStanding.losses` counts them. */
const lossesOf = (t: Tally): number => (otKnown(t) ? t.rl : t.gp - t.so - t.w)
/** Games of known outcome. */
const decided = (t: Tally): number => t.gp - t.so
/** Points over the games of known outcome (2 per win only when overtime results are unknown). */
const knownPoints = (t: Tally): number => 2 * t.w + (otKnown(t) ? t.otl : 0)
const winPct = (t: Tally): number => (decided(t) === 0 ? 0 : knownPoints(t) / (2 * decided(t)))

/** W-L of a list of results, losses as {@link lossesOf} counts them for a team with `known` overtime. */
const split = (rs: ReadonlyArray<Played>, known: boolean): WLT => ({
  wins: rs.filter((r) => isWin(r.kind)).length,
  losses: rs.filter((r) => (known ? r.kind === "RL" : isLoss(r.kind))).length,
  ties: 0
})

/** `W3`, `L1`, `OT2` over the results in played order; null when none or the latest is an unresolved shootout. */
const streakOf = (rs: ReadonlyArray<Played>, known: boolean): string | null => {
  const label = (k: Kind): string | null => k === "SO" ? null : isWin(k) ? "W" : known && isOtLoss(k) ? "OT" : "L"
  const last = rs[rs.length - 1]
  if (last === undefined) return null
  const kind = label(last.kind)
  if (kind === null) return null
  let n = 0
  for (let i = rs.length - 1; i >= 0 && label(rs[i]!.kind) === kind; i--) n++
  return `${kind}${n}`
}

interface Ctx {
  readonly results: ReadonlyMap<string, ReadonlyArray<Played>>
  readonly tallies: ReadonlyMap<string, Tally>
  /** The season is complete (every counted game of known outcome): order by points. */
  readonly byPoints: boolean
}

type Criterion = TieStep<Ctx>

const byTally = (
  name: string,
  value: (t: Tally) => number,
  applies: (t: Tally, ctx: Ctx) => boolean = () => true
): Criterion => ({
  name,
  score: (tied, ctx) => {
    const ts = tied.map((a) => [a, ctx.tallies.get(a)!] as const)
    return ts.every(([, t]) => applies(t, ctx)) ? new Map(ts.map(([a, t]) => [a, value(t)])) : undefined
  }
})

/**
 * Games among `tied` in played order, after the NHL's odd-games rule: for each pair that did not
 * play the same number of home games against each other, the earliest games in the city with the
 * extra games are left out until the counts are equal.
 */
const headToHeadGames = (tied: ReadonlyArray<string>, ctx: Ctx): ReadonlyArray<Game> => {
  const set = new Set(tied)
  const byPair = new Map<string, Array<Game>>()
  for (const team of tied) {
    for (const r of ctx.results.get(team) ?? []) {
      if (!r.home || !set.has(r.opp)) continue
      const key = [team, r.opp].sort(byAbbr).join("|")
      const list = byPair.get(key) ?? []
      list.push(r.game)
      byPair.set(key, list)
    }
  }
  const kept: Array<Game> = []
  for (const [key, unsorted] of byPair) {
    const [a, b] = key.split("|") as [string, string]
    // results lists are in played order; merge the two hosts' lists back into played order
    const order = new Map([...(ctx.results.get(a) ?? [])].map((r, i) => [r.game.id, i]))
    const games = [...unsorted].sort((x, y) => order.get(x.id)! - order.get(y.id)!)
    const hosted = (t: string) => games.filter((g) => g.home_team === t).length
    while (hosted(a) !== hosted(b)) {
      const extra = hosted(a) > hosted(b) ? a : b
      games.splice(games.findIndex((g) => g.home_team === extra), 1)
    }
    kept.push(...games)
  }
  return kept
}

/**
 * NHL step 5: points in games among the tied clubs over the points available (2 per game), odd
 * games left out; wins only when one of those games is of unknown kind; unresolved shootouts
 * left out. Undefined when a tied club has no such game.
 */
const headToHead: Criterion = {
  name: "head_to_head",
  score: (tied, ctx) => {
    const games = headToHeadGames(tied, ctx)
    const kinds = games.flatMap((g) => [g.home_team, g.away_team].map((t) => ({ t, k: kindOf(g, t)! })))
    const winsOnly = kinds.some(({ k }) => k === "W" || k === "L")
    const earned = new Map(tied.map((t) => [t, 0]))
    const played = new Map(tied.map((t) => [t, 0]))
    for (const { k, t } of kinds) {
      if (k === "SO") continue
      played.set(t, played.get(t)! + 1)
      earned.set(t, earned.get(t)! + (isWin(k) ? 2 : !winsOnly && isOtLoss(k) ? 1 : 0))
    }
    if (tied.some((t) => played.get(t)! === 0)) return undefined
    return new Map(tied.map((t) => [t, earned.get(t)! / (2 * played.get(t)!)]))
  }
}

const steps: ReadonlyArray<Criterion> = [
  byTally("points_percentage", (t) => winPct(t), (_t, ctx) => ctx.byPoints),
  byTally("regulation_wins", (t) => t.rw, otKnown),
  byTally("regulation_plus_overtime_wins", (t) => t.rw + t.otw, otKnown),
  byTally("wins", (t) => t.w),
  headToHead,
  byTally("goal_differential", (t) => t.gf - t.ga),
  byTally("goals_for", (t) => t.gf)
]

/** Orders a group: by points (complete season) or win_pct, ties by {@link steps}. */
const rankGroup = (abbrs: ReadonlyArray<string>, ctx: Ctx): Array<Placed> => {
  const key = (a: string) => {
    const t = ctx.tallies.get(a)!
    return ctx.byPoints ? knownPoints(t) : winPct(t)
  }
  const values = [...new Set(abbrs.map(key))].sort((a, b) => b - a)
  return values.flatMap((v) => breakTie(abbrs.filter((a) => key(a) === v), () => steps, ctx))
}

/** See the module doc for every rule. */
const compute = ({ games, season, teams }: StandingsInput): ReadonlyArray<TeamStanding> => {
  const seasonGames = games.filter((g) => g.season === season)
  const playing = new Set(seasonGames.flatMap((g) => [g.home_team, g.away_team]))
  const listed = seasonGames.length === 0 ? teams : teams.filter((t) => playing.has(t.abbr))
  const teamMap = new Map<string, Team>(listed.map((t) => [t.abbr, t]))
  const abbrs = [...teamMap.keys()].sort(byAbbr)

  const results = new Map<string, Array<Played>>(abbrs.map((a) => [a, []]))
  for (const g of countedGames(seasonGames, teamMap)) {
    const home = kindOf(g, g.home_team)
    const away = kindOf(g, g.away_team)
    if (home === undefined || away === undefined) continue
    results.get(g.home_team)!.push({
      game: g,
      opp: g.away_team,
      gf: g.home_score!,
      ga: g.away_score!,
      home: true,
      kind: home
    })
    results.get(g.away_team)!.push({
      game: g,
      opp: g.home_team,
      gf: g.away_score!,
      ga: g.home_score!,
      home: false,
      kind: away
    })
  }
  const tallies = new Map(abbrs.map((a) => [a, tally(results.get(a)!)]))
  const ctx: Ctx = { results, tallies, byPoints: [...tallies.values()].every(complete) }

  const divisionOf = (a: string) => `${teamMap.get(a)!.conference ?? ""}|${teamMap.get(a)!.division ?? ""}`
  const divisionPlaces = new Map<string, { rank: number; step: string | null }>()
  const leaders = new Map<string, string>()
  for (const [division, members] of groupBy(abbrs, divisionOf)) {
    const placed = rankGroup(members, ctx)
    placed.forEach((p, i) => divisionPlaces.set(p.abbr, { rank: i + 1, step: p.step }))
    leaders.set(division, placed[0]!.abbr)
  }
  const conferenceRank = new Map<string, number>()
  for (const members of groupBy(abbrs, (a) => teamMap.get(a)!.conference ?? "").values()) {
    rankGroup(members, ctx).forEach((p, i) => conferenceRank.set(p.abbr, i + 1))
  }

  const sameDivision = (a: string, b: string) => divisionOf(a) === divisionOf(b) && teamMap.get(a)!.division !== null
  const sameConference = (a: string, b: string) =>
    teamMap.get(a)!.conference !== null && teamMap.get(a)!.conference === teamMap.get(b)?.conference

  const rows = abbrs.map((abbr): TeamStanding => {
    const t = tallies.get(abbr)!
    const rs = results.get(abbr)!
    const known = otKnown(t)
    const leader = tallies.get(leaders.get(divisionOf(abbr))!)!
    const lost = (x: Tally) => 2 * decided(x) - knownPoints(x)
    const points = complete(t) ? knownPoints(t) : null
    return {
      team: teamMap.get(abbr)!,
      games_played: t.gp,
      wins: t.w,
      losses: lossesOf(t),
      ties: 0,
      win_pct: winPct(t),
      points_for: t.gf,
      points_against: t.ga,
      home: split(rs.filter((r) => r.home), known),
      away: split(rs.filter((r) => !r.home), known),
      conference_record: split(rs.filter((r) => sameConference(abbr, r.opp)), known),
      division_record: split(rs.filter((r) => sameDivision(abbr, r.opp)), known),
      streak: streakOf(rs, known),
      division_rank: divisionPlaces.get(abbr)!.rank,
      conference_rank: conferenceRank.get(abbr)!,
      rank: divisionPlaces.get(abbr)!.rank,
      games_back: (knownPoints(leader) - knownPoints(t) + (lost(t) - lost(leader))) / 4,
      tiebreaker: divisionPlaces.get(abbr)!.step,
      ot_losses: known ? t.otl : null,
      regulation_wins: known ? t.rw : null,
      standings_points: points,
      points_deducted: points === null ? null : 0
    }
  })
  return rows.sort((a, b) =>
    compareNullable(a.team.conference, b.team.conference) ||
    compareNullable(a.team.division, b.team.division) ||
    a.rank - b.rank
  )
}

/**
 * NHL standings: 2 points per win, 1 per overtime or shootout loss, ranked within divisions by
 * points and the NHL's tie-breaking procedure (see the module doc, which also says what is
 * computed when the source does not tell overtime results).
 */
/**
 * Why a table lacks overtime losses: a season whose source has no overtime flag (twinfield10
 * 2021-22 to 2023-24) leaves `ot_losses`, `standings_points` and `regulation_wins` null and
 * counts overtime and shootout losses in `losses` (the answer's `meta.coverage.reason`).
 */
export const OVERTIME_UNKNOWN =
  "the source of this season has no overtime flag: overtime and shootout losses are counted in losses, and ot_losses, points and regulation_wins are null"

export const nhlRules: StandingsRules = {
  name: "nhl-points",
  rankedBy: "division",
  withTies: false,
  compute,
  incomplete: (rows) => (rows.some((r) => r.ot_losses === null) ? OVERTIME_UNKNOWN : undefined)
}

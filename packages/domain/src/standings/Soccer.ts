/**
 * Soccer league tables: 3 points for a win, 1 for a draw, 0 for a defeat (the points of every
 * league here, in the regulations cited per league below), less any points a league body
 * deducted, with ties in points broken by each league's own published order.
 *
 * ## What counts
 * Games of the league and season (`Game.league`, `Game.season`) of the regular season
 * (`season_type` REG or null: domestic seasons, the Champions League league phase, the MLS
 * regular season), final and scored, between teams given in `teams`. A team is in the table when
 * it appears in any regular-season game of the league and season (played or not), so a table
 * in progress lists every club of the season. Before counting, the official adjustments of
 * `sports/soccer/Adjustments.ts` are applied:
 * - an awarded result replaces the game's score (and counts even if the game has no score);
 * - a points deduction is taken off the team's points (net of appeals, whatever the date);
 * - a play-off that separated two clubs level on points places its winner first, at the step
 *   where the league's rule puts play-offs (listed per league below).
 *
 * ## Rows
 * `ties` = draws; `points_for` / `points_against` = goals scored / conceded; `standings_points`
 * = 3W + D - deduction, `points_deducted` = the deduction (0 when none); `ot_losses` and
 * `regulation_wins` null (soccer has neither). `win_pct` = (2W + D) / 2GP, a draw counting half
 * a win as in every other table here (Standings.ts), 0 before any game. `games_back` = points
 * behind the group's leader / 3 (the wins needed to draw level; a fraction when the gap is not a
 * multiple of 3). `streak` runs of W, L and T (draw). `rank` is the place in the group the
 * league ranks by (the whole league; MLS: the conference), `division_rank` the same place (soccer
 * has no divisions), `conference_rank` the place in the conference for MLS, null otherwise;
 * `home`, `away`, `conference_record` (MLS: against the own conference) are W-L-D records and
 * `division_record` is 0-0-0. Places are never shared: teams the applied steps cannot separate
 * are ordered by team key and marked `unresolved`. `tiebreaker` names the step that placed the
 * team above the next team on equal points (null when the next team has fewer points).
 *
 * ## Head-to-head steps
 * The steps over games among the tied clubs (`head_to_head_*`) apply only when those clubs have
 * played every home-and-away game among them (each club at home to each other once); until then
 * they are skipped. The Bundesliga's rule says so in terms (DFL: during a season the place "is
 * determined exclusively by the first two criteria"); for the other leagues, whose rules speak
 * of the final table, the same choice keeps a table in progress from ranking on half a
 * mini-league. When a step splits the tied clubs, each group still tied starts the league's
 * order again among itself (RFEF Reglamento General art. 201 for La Liga; the same reading for
 * the other leagues; for criteria over all games it changes nothing).
 *
 * ## Order per league (after points)
 * - **epl** (Premier League Handbook, Section C, in force since 2019-20): goal difference, goals
 *   scored, head-to-head points, head-to-head away goals, play-off.
 * - **bundesliga** (DFL Spielordnung): goal difference, goals scored, aggregate score of the two
 *   games between the clubs ("Gesamtergebnis aus Hin- und Rückspiel", as head-to-head goal
 *   difference), head-to-head away goals, all away goals, play-off on neutral ground.
 * - **la_liga** (RFEF Reglamento General art. 201): head-to-head points, head-to-head goal
 *   difference (for two clubs the same as the aggregate score of their two games), goal
 *   difference, goals scored. Not applied: the fair-play table (no source has cards per club).
 * - **serie_a** (Lega Serie A rule approved by the FIGC Consiglio federale from 2022-23): play-off
 *   for a tie on points for the title or for 17th place (two clubs); otherwise the "classifica
 *   avulsa": head-to-head points, head-to-head goal difference, goal difference, goals scored.
 *   Not applied: the drawing of lots.
 * - **mls**, ranked by conference (MLS, "Tiebreakers for 2025 MLS regular season standings"):
 *   wins, goal difference, goals scored, away goal difference, away goals scored, home goal
 *   difference, home goals scored. Not applied: fewest disciplinary points per match (no source
 *   has fouls and cards) and the coin toss or drawing of lots.
 * - **champions_league**, league phase (UEFA Champions League Regulations 2024-27, Article 17):
 *   goal difference, goals scored, away goals scored, wins, away wins, points of the league-phase
 *   opponents together, their goal difference, their goals scored. Not applied: disciplinary
 *   points and the UEFA club coefficient (not in the sources).
 * @module
 */
import type { Game, Team } from "../Canonical.js"
import { adjustmentsOf, type SeasonAdjustments } from "../sports/soccer/Adjustments.js"
import type { StandingsInput, StandingsRules } from "../sports/SportModule.js"
import {
  breakTie,
  byAbbr,
  countedGames,
  record,
  type Result,
  streakOf,
  type TeamStanding,
  type TieStep,
  type WLT
} from "../Standings.js"

/** Points for a win (3; a defeat gives 0). */
export const POINTS_PER_WIN = 3
/** Points for a draw (1). */
export const POINTS_PER_DRAW = 1

/** One team's totals over the counted games of the table. */
interface Line {
  readonly abbr: string
  /** Results in the order played. */
  readonly results: ReadonlyArray<Result>
  readonly wins: number
  readonly draws: number
  readonly losses: number
  readonly goalsFor: number
  readonly goalsAgainst: number
  /** Points after deduction. */
  readonly points: number
  readonly deducted: number
}

interface Ctx {
  readonly lines: ReadonlyMap<string, Line>
  readonly adjustments: SeasonAdjustments
}

/** A tiebreak step: a score per tied team (higher is better), or undefined when it does not apply. */
type Criterion = TieStep<Ctx>

const lineOf = (ctx: Ctx, abbr: string): Line => ctx.lines.get(abbr)!

const sum = (rs: ReadonlyArray<Result>, f: (r: Result) => number): number => rs.reduce((s, r) => s + f(r), 0)

const pointsOf = (r: Result): number => (r.pf > r.pa ? POINTS_PER_WIN : r.pf === r.pa ? POINTS_PER_DRAW : 0)

/** A step over each team's own counted games (`value` may look at other teams' lines through `ctx`). */
const overall = (name: string, value: (line: Line, ctx: Ctx) => number): Criterion => ({
  name,
  score: (tied, ctx) => new Map(tied.map((t) => [t, value(lineOf(ctx, t), ctx)]))
})

const goalDifference = overall("goal_difference", (l) => l.goalsFor - l.goalsAgainst)
const goalsScored = overall("goals_scored", (l) => l.goalsFor)
const wins = overall("wins", (l) => l.wins)
const awayGoalsScored = overall("away_goals_scored", (l) => sum(l.results, (r) => (r.home ? 0 : r.pf)))
const awayGoalDifference = overall("away_goal_difference", (l) => sum(l.results, (r) => (r.home ? 0 : r.pf - r.pa)))
const homeGoalsScored = overall("home_goals_scored", (l) => sum(l.results, (r) => (r.home ? r.pf : 0)))
const homeGoalDifference = overall("home_goal_difference", (l) => sum(l.results, (r) => (r.home ? r.pf - r.pa : 0)))
const awayWins = overall("away_wins", (l) => l.results.filter((r) => !r.home && r.pf > r.pa).length)
const opponents = (name: string, value: (opponent: Line) => number): Criterion =>
  overall(name, (l, ctx) => sum(l.results, (r) => value(lineOf(ctx, r.opp))))
const opponentsPoints = opponents("opponents_points", (o) => o.points)
const opponentsGoalDifference = opponents("opponents_goal_difference", (o) => o.goalsFor - o.goalsAgainst)
const opponentsGoalsScored = opponents("opponents_goals_scored", (o) => o.goalsFor)

/** True when each tied club has played at home against each other tied club (a complete mini-league). */
const headToHeadComplete = (tied: ReadonlyArray<string>, ctx: Ctx): boolean =>
  tied.every((a) => tied.every((b) => a === b || lineOf(ctx, a).results.some((r) => r.home && r.opp === b)))

/** A step over the games among the tied clubs; applies only to a complete mini-league. */
const headToHead = (name: string, value: (r: Result) => number): Criterion => ({
  name,
  score: (tied, ctx) =>
    headToHeadComplete(tied, ctx)
      ? new Map(tied.map((t) => [t, sum(lineOf(ctx, t).results.filter((r) => tied.includes(r.opp)), value)]))
      : undefined
})

const headToHeadPoints = headToHead("head_to_head_points", pointsOf)
const headToHeadGoalDifference = headToHead("head_to_head_goal_difference", (r) => r.pf - r.pa)
const headToHeadAwayGoals = headToHead("head_to_head_away_goals", (r) => (r.home ? 0 : r.pf))

/** `step`, applied only once the tied clubs' mini-league is complete (Bundesliga in-season rule). */
const afterHeadToHead = (step: Criterion): Criterion => ({
  name: step.name,
  score: (tied, ctx) => (headToHeadComplete(tied, ctx) ? step.score(tied, ctx) : undefined)
})

/** A play-off recorded in the adjustments between exactly the two tied clubs: its winner first. */
const playOff: Criterion = {
  name: "play_off",
  score: (tied, ctx) => {
    if (tied.length !== 2) return undefined
    const p = ctx.adjustments.playOffs.find((x) => tied.includes(x.winner) && tied.includes(x.loser))
    return p === undefined ? undefined : new Map([[p.winner, 1], [p.loser, 0]])
  }
}

const isRegularSeason = (g: Game): boolean => g.season_type === null || g.season_type.toUpperCase() === "REG"

/** The season's games with the awarded results of `adjustments` in place of the sources' scores. */
const withAwardedResults = (games: ReadonlyArray<Game>, adjustments: SeasonAdjustments): ReadonlyArray<Game> =>
  games.map((g) => {
    const a = adjustments.awarded.find((x) =>
      x.date === g.game_date && x.home === g.home_team && x.away === g.away_team
    )
    return a === undefined ? g : { ...g, state: "final", home_score: a.awarded.home, away_score: a.awarded.away }
  })

const EMPTY: WLT = { wins: 0, losses: 0, ties: 0 }

/** How a league ranks its table after points. */
interface TableConfig {
  readonly rankedBy: "league" | "conference"
  readonly steps: ReadonlyArray<Criterion>
}

/** The table of one league season under `config` (see the module docs). */
const computeTable = (config: TableConfig, input: StandingsInput): ReadonlyArray<TeamStanding> => {
  const adjustments = adjustmentsOf(input.league, input.season)
  const season = input.games.filter((g) => g.league === input.league && g.season === input.season && isRegularSeason(g))
  const inSeason = new Set(season.flatMap((g) => [g.home_team, g.away_team]))
  const teamMap = new Map<string, Team>(
    input.teams.filter((t) => inSeason.has(t.abbr)).map((t) => [t.abbr, t])
  )
  const abbrs = [...teamMap.keys()].sort(byAbbr)
  const results = new Map<string, Array<Result>>(abbrs.map((a) => [a, []]))
  for (const g of countedGames(withAwardedResults(season, adjustments), teamMap)) {
    results.get(g.home_team)!.push({ opp: g.away_team, pf: g.home_score!, pa: g.away_score!, home: true })
    results.get(g.away_team)!.push({ opp: g.home_team, pf: g.away_score!, pa: g.home_score!, home: false })
  }
  const lines = new Map<string, Line>(abbrs.map((abbr) => {
    const rs = results.get(abbr)!
    const r = record(rs)
    const deducted = adjustments.deductions.filter((d) => d.team === abbr).reduce((s, d) => s + d.points, 0)
    return [abbr, {
      abbr,
      results: rs,
      wins: r.wins,
      draws: r.ties,
      losses: r.losses,
      goalsFor: sum(rs, (x) => x.pf),
      goalsAgainst: sum(rs, (x) => x.pa),
      points: POINTS_PER_WIN * r.wins + POINTS_PER_DRAW * r.ties - deducted,
      deducted
    }]
  }))
  const ctx: Ctx = { lines, adjustments }

  const groupOf = (abbr: string): string | null =>
    config.rankedBy === "conference" ? teamMap.get(abbr)!.conference : null
  const groups = new Map<string | null, Array<string>>()
  for (const a of abbrs) groups.set(groupOf(a), [...(groups.get(groupOf(a)) ?? []), a])
  const groupKeys = [...groups.keys()].sort((a, b) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : byAbbr(a, b)))

  const rows: Array<TeamStanding> = []
  for (const key of groupKeys) {
    const members = groups.get(key)!
    const points = [...new Set(members.map((a) => lines.get(a)!.points))].sort((a, b) => b - a)
    const placed = points.flatMap((p) =>
      breakTie(members.filter((a) => lines.get(a)!.points === p), () => config.steps, ctx)
    )
    const leader = lines.get(placed[0]!.abbr)!
    placed.forEach(({ abbr, step }, i) => {
      const team = teamMap.get(abbr)!
      const line = lines.get(abbr)!
      const rs = line.results
      const played = line.wins + line.draws + line.losses
      rows.push({
        team,
        games_played: played,
        wins: line.wins,
        losses: line.losses,
        ties: line.draws,
        win_pct: played === 0 ? 0 : (2 * line.wins + line.draws) / (2 * played),
        points_for: line.goalsFor,
        points_against: line.goalsAgainst,
        home: record(rs.filter((r) => r.home)),
        away: record(rs.filter((r) => !r.home)),
        conference_record: team.conference === null
          ? EMPTY
          : record(rs.filter((r) => teamMap.get(r.opp)?.conference === team.conference)),
        division_record: EMPTY,
        streak: streakOf(rs),
        division_rank: i + 1,
        conference_rank: config.rankedBy === "conference" ? i + 1 : null,
        rank: i + 1,
        games_back: (leader.points - line.points) / POINTS_PER_WIN,
        tiebreaker: step,
        ot_losses: null,
        regulation_wins: null,
        standings_points: line.points,
        points_deducted: line.deducted
      })
    })
  }
  return rows
}

const rules = (name: string, config: TableConfig): StandingsRules => ({
  name,
  rankedBy: config.rankedBy,
  withTies: true,
  football: true,
  compute: (input) => computeTable(config, input)
})

/** Premier League: points, goal difference, goals scored, head-to-head points and away goals, play-off. */
export const eplRules: StandingsRules = rules("epl-points", {
  rankedBy: "league",
  steps: [goalDifference, goalsScored, headToHeadPoints, headToHeadAwayGoals, playOff]
})

/** Bundesliga: points, goal difference, goals scored, head-to-head aggregate and away goals, away goals, play-off. */
export const bundesligaRules: StandingsRules = rules("bundesliga-points", {
  rankedBy: "league",
  steps: [
    goalDifference,
    goalsScored,
    headToHeadGoalDifference,
    headToHeadAwayGoals,
    afterHeadToHead(awayGoalsScored),
    playOff
  ]
})

/** La Liga: points, head-to-head points and goal difference, goal difference, goals scored. */
export const laLigaRules: StandingsRules = rules("la-liga-points", {
  rankedBy: "league",
  steps: [headToHeadPoints, headToHeadGoalDifference, goalDifference, goalsScored]
})

/** Serie A: points, play-off (title, 17th place), head-to-head points and goal difference, goal difference, goals scored. */
export const serieARules: StandingsRules = rules("serie-a-points", {
  rankedBy: "league",
  steps: [playOff, headToHeadPoints, headToHeadGoalDifference, goalDifference, goalsScored]
})

/** MLS: points per conference, wins, goal difference, goals scored, away then home goal difference and goals. */
export const mlsRules: StandingsRules = rules("mls-points", {
  rankedBy: "conference",
  steps: [
    wins,
    goalDifference,
    goalsScored,
    awayGoalDifference,
    awayGoalsScored,
    homeGoalDifference,
    homeGoalsScored
  ]
})

/** Champions League league phase: points, then UEFA Article 17 a-h (goals, away goals, wins, opponents). */
export const championsLeagueRules: StandingsRules = rules("champions-league-points", {
  rankedBy: "league",
  steps: [
    goalDifference,
    goalsScored,
    awayGoalsScored,
    wins,
    awayWins,
    opponentsPoints,
    opponentsGoalDifference,
    opponentsGoalsScored
  ]
})

/** The rules of each soccer league key. */
export const soccerRules = {
  epl: eplRules,
  mls: mlsRules,
  la_liga: laLigaRules,
  bundesliga: bundesligaRules,
  serie_a: serieARules,
  champions_league: championsLeagueRules
} as const satisfies Record<string, StandingsRules>

/**
 * College football standings: one table per conference, ranked by conference record. Pure.
 *
 * **Basis.** There is no single NCAA procedure: each FBS conference publishes its own
 * tiebreakers (e.g. the SEC's 2024 steps: head-to-head, record against common conference
 * opponents, record against the highest-placed common opponent, cumulative conference win
 * percentage of conference opponents, a computer-ranking composite, coin toss). These rules apply
 * a SIMPLIFICATION shared by every conference, the order in which conference tables are printed
 * (ESPN, the conferences' own standings pages):
 * 1. conference win percentage (W / (W + L); the primary order, so `tiebreaker` is null between
 *    teams whose conference records differ);
 * 2. `overall_record`: overall win percentage in counted games;
 * 3. `head_to_head`: win percentage in games among the tied teams, applied when every tied team
 *    played at least one of the others; a step that splits the tie orders the groups and each
 *    remaining group is broken again by head-to-head among its own teams (partition mode);
 * 4. teams still level are ordered by school name (`unresolved`).
 * The conference's own later steps (common opponents, opponents' records, rankings, coin toss)
 * are not applied, so the order among teams level after step 3 can differ from the published one;
 * records are exact.
 *
 * **Counted games** (`countsInStandings` of Standings.ts): regular season (`season_type` REG or
 * null), final, both scores present, both teams among the given teams. Conference championship
 * games (`attributes.conference_championship` true) are regular-season games: they count in the
 * overall record and the streak, not in the conference record (as every conference prints its
 * table). Bowls and playoffs (POST) are not counted.
 *
 * **Conference of a team** in the season: the conference the game rows name for its side
 * (`attributes.home_conference` / `away_conference`, as CollegeFootballData writes it for that
 * season), else `Team.conference`. Teams change conferences between seasons (2024: Texas and
 * Oklahoma to the SEC, four Pac-12 schools to the Big Ten), so the season's own value is used.
 * The standing's `team` carries that conference.
 *
 * **Conference game**: `attributes.conference_game` when the source gives it (CFBD
 * `conference_game`, ESPN `conference_competition`), else both teams in the same conference that
 * season, neither of them an independent (a conference name containing "Independent").
 *
 * **Splits.** `conference_record` = W-L in conference games; `home` / `away` exclude neutral-site
 * games (`attributes.neutral_site` true); `division_record` is 0-0: no source ingested names the
 * conferences' divisions (the SEC and Big Ten still had them through 2023), so no division game is
 * known; `division_rank` equals the conference rank. `games_back` is measured on conference
 * records against the conference leader: ((leader W - W) + (L - leader L)) / 2.
 *
 * Only teams with at least one counted game in the season get a row (the team directory holds
 * teams of every season and division). Rows are ordered by conference (alphabetical, null last),
 * then rank.
 * @module
 */
import type { Game, Team } from "../Canonical.js"
import type { StandingsRules } from "../sports/SportModule.js"
import {
  byAbbr,
  countsInStandings,
  NO_POINTS,
  pctOf,
  record,
  type Result,
  streakOf,
  type TeamStanding,
  type WLT
} from "../Standings.js"

/** True when a conference name denotes independents ("FBS Independents", "Independent DII"...). */
export const isIndependent = (conference: string | null): boolean =>
  conference !== null && /independent/i.test(conference)

const stringAttr = (g: Game, key: string): string | null => {
  const v = g.attributes[key]
  return typeof v === "string" && v !== "" ? v : null
}

const boolAttr = (g: Game, key: string): boolean | undefined => {
  const v = g.attributes[key]
  return typeof v === "boolean" ? v : undefined
}

/** Played order: week, then date (null first), then id. */
const playedOrder = (a: Game, b: Game): number =>
  (a.week ?? 0) - (b.week ?? 0) || byAbbr(a.game_date ?? "", b.game_date ?? "") || byAbbr(a.id, b.id)

/** (2W + T) / 2G ({@link pctOf}), 0 when no game. */
const pct = (r: WLT): number => pctOf(r) ?? 0

interface TeamSeason {
  readonly team: Team
  readonly all: Array<Result>
  readonly conference: Array<Result>
  readonly neutral: Array<boolean>
}

/**
 * Standings of one season from the league's teams and games (see the module docs for every
 * rule). `games` may hold games of any season type and state; only counted ones are used.
 */
export const cfbStandings = (
  teams: ReadonlyArray<Team>,
  games: ReadonlyArray<Game>
): ReadonlyArray<TeamStanding> => {
  const teamMap = new Map(teams.map((t) => [t.abbr, t]))
  // the predicate reads season type, state and scores only (not the date)
  const counted = games
    .filter((g) => teamMap.has(g.home_team) && teamMap.has(g.away_team) && countsInStandings(g))
    .slice()
    .sort(playedOrder)

  // the conference each team's games name for it this season (the first one written)
  const seasonConference = new Map<string, string>()
  for (const g of counted) {
    const home = stringAttr(g, "home_conference")
    const away = stringAttr(g, "away_conference")
    if (home !== null && !seasonConference.has(g.home_team)) seasonConference.set(g.home_team, home)
    if (away !== null && !seasonConference.has(g.away_team)) seasonConference.set(g.away_team, away)
  }
  const conferenceOf = (abbr: string): string | null =>
    seasonConference.get(abbr) ?? teamMap.get(abbr)?.conference ?? null

  const isConferenceGame = (g: Game): boolean => {
    if (boolAttr(g, "conference_championship") === true) return false
    const flag = boolAttr(g, "conference_game")
    if (flag !== undefined) return flag
    const c = conferenceOf(g.home_team)
    return c !== null && !isIndependent(c) && c === conferenceOf(g.away_team)
  }

  const seasons = new Map<string, TeamSeason>()
  const seasonOf = (abbr: string): TeamSeason => {
    let s = seasons.get(abbr)
    if (s === undefined) {
      const team = teamMap.get(abbr)!
      s = { team: { ...team, conference: conferenceOf(abbr) }, all: [], conference: [], neutral: [] }
      seasons.set(abbr, s)
    }
    return s
  }
  for (const g of counted) {
    const neutral = boolAttr(g, "neutral_site") === true
    const conference = isConferenceGame(g)
    const sides: ReadonlyArray<readonly [string, Result]> = [
      [g.home_team, { opp: g.away_team, pf: g.home_score!, pa: g.away_score!, home: true }],
      [g.away_team, { opp: g.home_team, pf: g.away_score!, pa: g.home_score!, home: false }]
    ]
    for (const [abbr, result] of sides) {
      const s = seasonOf(abbr)
      s.all.push(result)
      s.neutral.push(neutral)
      if (conference) s.conference.push(result)
    }
  }

  const groups = new Map<string | null, Array<TeamSeason>>()
  for (const s of seasons.values()) {
    const list = groups.get(s.team.conference) ?? []
    list.push(s)
    groups.set(s.team.conference, list)
  }

  const rows: Array<TeamStanding> = []
  const conferences = [...groups.keys()].sort((a, b) => a === b ? 0 : a === null ? 1 : b === null ? -1 : byAbbr(a, b))
  for (const conference of conferences) {
    const members = groups.get(conference)!
    const placed = rankConference(members)
    const leader = record(placed[0]!.season.conference)
    placed.forEach(({ season: s, step }, i) => {
      const total = record(s.all)
      const conf = record(s.conference)
      const at = (home: boolean) => record(s.all.filter((r, k) => r.home === home && !s.neutral[k]))
      rows.push({
        team: s.team,
        games_played: s.all.length,
        wins: total.wins,
        losses: total.losses,
        ties: total.ties,
        win_pct: pct(total),
        points_for: s.all.reduce((n, r) => n + r.pf, 0),
        points_against: s.all.reduce((n, r) => n + r.pa, 0),
        home: at(true),
        away: at(false),
        conference_record: conf,
        division_record: { wins: 0, losses: 0, ties: 0 },
        streak: streakOf(s.all),
        division_rank: i + 1,
        conference_rank: i + 1,
        rank: i + 1,
        games_back: (leader.wins - conf.wins + (conf.losses - leader.losses)) / 2,
        tiebreaker: step,
        ...NO_POINTS
      })
    })
  }
  return rows
}

interface Placed {
  readonly season: TeamSeason
  step: string | null
}

const byName = (a: TeamSeason, b: TeamSeason): number =>
  byAbbr(a.team.name, b.team.name) || byAbbr(a.team.abbr, b.team.abbr)

/** Groups by a score, best first. */
const groupsBy = (set: ReadonlyArray<TeamSeason>, score: (s: TeamSeason) => number): Array<Array<TeamSeason>> => {
  const values = [...new Set(set.map(score))].sort((a, b) => b - a)
  return values.map((v) => set.filter((s) => score(s) === v))
}

/** Head-to-head among `set`, broken again within each group it leaves level; then by name. */
const headToHead = (set: ReadonlyArray<TeamSeason>): Array<Placed> => {
  if (set.length === 1) return [{ season: set[0]!, step: null }]
  const abbrs = new Set(set.map((s) => s.team.abbr))
  const among = (s: TeamSeason) => s.all.filter((r) => r.opp !== s.team.abbr && abbrs.has(r.opp))
  const applies = set.every((s) => among(s).length > 0)
  const groups = applies ? groupsBy(set, (s) => pct(record(among(s)))) : [set]
  if (groups.length === 1) {
    return [...set].sort(byName).map((season, i, all) => ({ season, step: i < all.length - 1 ? "unresolved" : null }))
  }
  return groups.flatMap((group, gi) => {
    const placed = headToHead(group)
    if (gi < groups.length - 1) placed[placed.length - 1]!.step = "head_to_head"
    return placed
  })
}

/** Orders one conference: conference pct, then overall pct, then head-to-head, then name. */
const rankConference = (members: ReadonlyArray<TeamSeason>): Array<Placed> =>
  groupsBy(members, (s) => pct(record(s.conference))).flatMap((level) => {
    const byOverall = groupsBy(level, (s) => pct(record(s.all)))
    return byOverall.flatMap((group, gi) => {
      const placed = headToHead(group)
      if (gi < byOverall.length - 1) placed[placed.length - 1]!.step = "overall_record"
      return placed
    })
  })

/** College football standings rules (see the module docs for the basis and every step). */
export const cfbRules: StandingsRules = {
  name: "cfb-conference",
  rankedBy: "conference",
  withTies: false,
  compute: ({ games, teams }) => cfbStandings(teams, games)
}

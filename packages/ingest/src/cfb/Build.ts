/**
 * Joins the parsed college football records into canonical teams, games, players, stat lines and
 * poll rankings, in named phases. Pure: the same inputs always give the same rows (sorted by id).
 *
 * ## Ids
 * - Team: `abbr` = `external_id` = the CFBD (= ESPN) team id as a string (`333` Alabama). No
 *   source has a school abbreviation for 2022-2024 (ESPN's 2025 abbreviations cover only the
 *   teams of its 958 games), so the id is the key games and polls use; the 2025 abbreviation,
 *   when known, is `attributes.abbreviation`. Names resolve through {@link ./Teams.ts}.
 * - Game: the CFBD / ESPN game id. 2022 games (and any noahpbrown game no CFBD game matches) have
 *   no id: they get `cfb-<season>-w<week>-<away>-at-<home>` (team ids).
 * - Player: `svc_cfb_<ESPN athlete id>`, `platform_ids.espn` = that id.
 * - Stat line: `<player id>:<game id>`. Poll ranking: `<season>:<poll>:<week>:<team>`.
 *
 * ## Games (phase `games`)
 * - 2023, 2024 from jhatfiel_cfbd_games. `season_type` REG or POST as the source writes it,
 *   except that regular-season rows whose notes name a playoff round ("FCS Championship - First
 *   Round", "Division III Championship - Quarterfinal": CFBD files the 2024 FCS, Division II and
 *   III playoffs under the regular season) are POST. `state` final when completed with both
 *   scores, else scheduled (a past regular-season game without a score was not played: cancelled
 *   or abandoned; a postseason one may be unplayed at the snapshot). `game_date` is the kickoff's
 *   date in US Eastern time (every kickoff in the data falls between 11:00 and 23:59 Eastern, so
 *   this is also the local date of the venue, Hawaii to Dublin; CFBD writes a TBD kickoff as
 *   midnight Eastern of the game day, which keeps its date), `start_time` the kickoff (null when
 *   TBD).
 * - noahpbrown_cfb_games 2023 and 2024 repeat the CFBD regular season without ids or dates: each
 *   row is matched to the CFBD game of the same season and week between the same two teams
 *   (either way round), else to the only unmatched CFBD game of the season between them, else to
 *   the only unmatched CFBD game of that week with one of its teams on the same side and the same
 *   score (a name the directory resolves to another school: noahpbrown's "Lakeland" for CFBD's
 *   Southeastern University, of Lakeland, Florida; reported as `matchedByScore`); the
 *   CFBD row is kept (it has the id and date) and differing scores are reported
 *   (`scoreDifferences`). Where both have scores and they differ, noahpbrown's score is taken
 *   (`attributes.score_source`, line scores dropped): its pull is two years later, and every such
 *   CFBD row (2023 weeks 11-12, FCS) has line scores that stop before the end: the 2023 snapshot
 *   caught those games in progress (VMI-Western Carolina 20-10 after three quarters, final 27-24).
 *   Where CFBD has no score, none is taken from noahpbrown: its scores there are 0-0
 *   (cancelled), 1-0 (a forfeit notation) or one 14-13 that CFBD never completed. Unmatched rows, and every 2022 row (the only 2022 game source), become
 *   undated games: `undatedGames`, Game rows with `game_date` null (no source has their date),
 *   stored beside the dated ones and used for standings and poll records. 2022 lower-division playoff games cannot be
 *   told from regular-season ones (no notes, no season type) and count as REG.
 * - 2025 from the sportsdataverse (ESPN) schedule: season type 2 REG, 3 POST (the source writes
 *   week 1 for every postseason game; kept). `state` from ESPN's status (FINAL final, IN_PROGRESS
 *   / HALFTIME / END_PERIOD in_progress, else scheduled).
 * - Attributes: `source`, `neutral_site`, `conference_game` (where the source has the flag),
 *   `home_conference` / `away_conference` and `home_classification` / `away_classification`
 *   (where given), `notes`, `attendance`, line scores (`home_line_scores`: points per quarter then
 *   overtime period), `start_time_tbd`, `conference_championship`.
 *
 * ## Conference championship games (phase `championships`)
 * Regular-season games that count in the overall record but not in the conference table. Marked
 * `conference_championship: true` when CFBD's notes name a championship ("SEC Championship") in a
 * REG game between two members of one conference, or, for every season (2022 has no notes;
 * CFBD 2023 left the SWAC's unnamed), by the schedule: a conference game in the conference's last
 * week of conference games in which both teams had already played the conference's most common
 * number of conference games (`conference_championship_inferred: true`). Checked on 2023-2024
 * against CFBD's notes: every FBS championship game found, no FBS false positive (Army-Navy 2024,
 * flagged a conference game by CFBD although the AAC did not count it, is excluded as well, which
 * matches the AAC table); lower divisions have a few misses and false positives. ESPN 2025 writes
 * championship games as non-conference games, so they stay out of conference records anyway.
 *
 * ## Teams (phase `teams`)
 * Every team of a game or poll. `name`: the newest CFBD name, else the newest noahpbrown name,
 * else the `cfb_teams.csv` school. `conference`: the conference of the newest season with one
 * (CFBD first, then noahpbrown; 2025 has none, so 2025 realignment such as Delaware and Missouri
 * State joining Conference USA is not reflected); per season in `attributes.conferences`.
 * `division`: the CFBD classification of the newest season (FBS, FCS, Division II, Division III),
 * per season in `attributes.classifications`; null for teams only in 2022. Attributes from
 * `cfb_teams.csv` (mascot, colours, city, state) and ESPN 2025 (abbreviation, display name);
 * `former_ids` (merged ids), `aliases` (other names the sources write).
 *
 * ## Players and stat lines (phase `players`)
 * 2025 only, from the player box scores: one line per player per game merging the player's
 * category rows; stats under the cfb stat keys (units in the cfb sport module), null where the
 * player has no row of the category. `position` null (no source has it), `is_starter` null,
 * `fantasy_points` null (no cfb format). Player: name, team and jersey (`attributes.jersey`) of the
 * latest game; `status` active (every player is from the newest season).
 *
 * ## Poll rankings (phase `rankings`)
 * Polls and keys in Sources.ts (`pollKeys`). `week`: the source's week for weekly releases (week 1
 * is the preseason poll); the final poll, which the source files as postseason week 1, gets the
 * poll's last regular week + 1 (2024 AP: 17), so it does not collide with the preseason poll.
 * `points` as given (null for `cfp`: the committee gives none, the source writes 0);
 * `first_place_votes` null (the source has none). `record`: W-L derived from the games (dated and
 * undated): for a weekly release of week N the team's scored REG games of weeks before N; for the
 * final poll every scored game of the season, or null when the season has no postseason source
 * (2022) or the team has an unscored postseason game (the result is unknown to the sources).
 * `prev_rank`: the team's rank in the previous release of the same poll, null when unranked there
 * or for the first release. Rows whose school no directory rule resolves are reported; a row the
 * source repeats for the same team, poll and week is reported and kept once (the FCS Coaches Poll
 * of 2022 week 6 is listed twice).
 *
 * ## Known source errors, kept as given
 * - The final AP poll of 2023 lists No. 9 as "Mississippi State" (1,030 points); AP's No. 9 was
 *   Ole Miss (11-2). The derived record (5-7) shows the mismatch.
 * - The week of bowls, the CFP and the division title games is 1 in CFBD (ESPN 2025 writes 1
 *   for every postseason game); lower-division playoff rounds keep their calendar week. Kept:
 *   `season_type` POST tells them apart from week 1 of the regular season.
 * @module
 */
import { Cfb, type Game, type Player, type PollRanking, Sports, type StatLine, type Team } from "@sports-data/domain"
import { splitName } from "../Names.js"
import type { SkippedRow } from "../Report.js"
import { easternDate } from "../Time.js"
import type {
  BoxLine,
  CfbdGame,
  CfbSeasonType,
  CfbStatKey,
  NoahGame,
  PollRow,
  ScheduleGame,
  TeamsCsvRow
} from "./Sources.js"
import { buildTeamDirectory, type MergedId, type TeamDirectory } from "./Teams.js"

/** Parsed inputs, each list in file order. */
export interface CfbInputs {
  readonly cfbdGames: ReadonlyArray<CfbdGame>
  readonly noahGames: ReadonlyArray<NoahGame>
  readonly schedule: ReadonlyArray<ScheduleGame>
  readonly boxLines: ReadonlyArray<BoxLine>
  readonly polls: ReadonlyArray<PollRow>
  readonly teamsCsv: ReadonlyArray<TeamsCsvRow>
}

/**
 * A game both CFBD and noahpbrown have, with different scores (`home-away` points, `-` for none),
 * and the source whose score the game row keeps.
 */
export interface ScoreDifference {
  readonly game_id: string
  readonly season: number
  readonly week: number
  readonly cfbd: string
  readonly noahpbrown: string
  readonly kept: "cfbd" | "noahpbrown"
}

/** A noahpbrown row matched to CFBD game `game_id` by week, one team and the score (names as written). */
export interface NameMismatch {
  readonly game_id: string
  readonly file: string
  readonly line: number
  readonly home: string
  readonly away: string
}

/** A school name no directory rule resolves: the season and the rows that wrote it. */
export interface UnresolvedName {
  readonly name: string
  readonly season: number
  readonly rows: number
}

/** Canonical rows and what could not be joined (reported, not written). */
export interface CfbBuild {
  readonly teams: ReadonlyArray<Team>
  readonly games: ReadonlyArray<Game>
  /** Games without a date (2022, unmatched noahpbrown rows): for standings and poll records only. */
  readonly undatedGames: ReadonlyArray<Game>
  readonly players: ReadonlyArray<Player>
  readonly statLines: ReadonlyArray<StatLine>
  readonly rankings: ReadonlyArray<PollRanking>
  readonly skippedGames: ReadonlyArray<SkippedRow>
  readonly skippedLines: ReadonlyArray<SkippedRow>
  readonly skippedRankings: ReadonlyArray<SkippedRow>
  readonly merged: ReadonlyArray<MergedId>
  readonly unresolved: ReadonlyArray<UnresolvedName>
  /** noahpbrown rows matched to a CFBD game. */
  readonly matchedNoah: number
  /** noahpbrown rows matched by step 3 (a name that resolved to another school). */
  readonly matchedByScore: ReadonlyArray<NameMismatch>
  readonly scoreDifferences: ReadonlyArray<ScoreDifference>
}

/** The player id of the canonical form. */
export const cfbPlayerId = (athleteId: string): string => `svc_cfb_${athleteId}`

/** The id of a game no source has an id for. */
export const undatedGameId = (season: number, week: number, away: string, home: string): string =>
  `cfb-${season}-w${week}-${away}-at-${home}`

/** CFBD notes of a playoff round filed as regular season ("FCS Championship - First Round"). */
const PLAYOFF_ROUND = /Championship\s+-\s+\S/

/** CFBD classification codes to the NCAA's names. */
const classificationNames: Readonly<Record<string, string>> = {
  fbs: "FBS",
  fcs: "FCS",
  ii: "Division II",
  iii: "Division III"
}

/** ESPN status names of a game under way. */
const IN_PROGRESS = new Set(["STATUS_IN_PROGRESS", "STATUS_HALFTIME", "STATUS_END_PERIOD"])

interface Draft {
  readonly id: string
  readonly season: number
  readonly week: number
  readonly seasonType: CfbSeasonType
  readonly date: string | null
  readonly start: Date | null
  readonly state: string
  readonly home: string
  readonly away: string
  homeScore: number | null
  awayScore: number | null
  readonly venue: string | null
  readonly attributes: Record<string, unknown>
}

const byId = <A extends { readonly id: string }>(a: A, b: A): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const scored = (d: Draft): boolean => d.state === "final" && d.homeScore !== null && d.awayScore !== null

const score = (home: number | null, away: number | null): string => `${home ?? "-"}-${away ?? "-"}`

/** Builds the canonical cfb rows from parsed inputs (see the module doc for every rule). */
export const buildCfb = (input: CfbInputs): CfbBuild => {
  const skippedGames: Array<SkippedRow> = []
  const skippedLines: Array<SkippedRow> = []
  const skippedRankings: Array<SkippedRow> = []
  const directory = buildTeamDirectory(input.cfbdGames, input.teamsCsv)
  const unresolvedCounts = new Map<string, UnresolvedName>()
  const resolveName = (name: string, season: number, at: { file: string; line: number }, out: Array<SkippedRow>) => {
    const id = directory.resolve(name, season)
    if (id === undefined) {
      const k = `${season}|${name}`
      const prev = unresolvedCounts.get(k)
      unresolvedCounts.set(k, { name, season, rows: (prev?.rows ?? 0) + 1 })
      out.push({
        file: at.file,
        line: at.line,
        reason: `team ${JSON.stringify(name)} (${season}) is not in the team directory`
      })
    }
    return id
  }

  const { dated, undated, matchedByScore, matchedNoah, scoreDifferences } = gamesPhase(
    input,
    directory,
    resolveName,
    skippedGames
  )
  championshipsPhase([...dated.values(), ...undated.values()])

  const rankingRows = rankingsPhase(input.polls, [...dated.values(), ...undated.values()], resolveName, skippedRankings)
  const teams = teamsPhase(input, directory, [...dated.values(), ...undated.values()], rankingRows)
  const teamNames = new Map(teams.map((t) => [t.abbr, t.name]))
  const rankings = rankingRows.map((r): PollRanking => ({ ...r, team_name: teamNames.get(r.team) ?? r.team_name }))

  const { players, statLines } = playersPhase(input.boxLines, dated, directory, skippedLines)

  const games = [...dated.values()].map((d): Game => ({
    id: d.id,
    sport: "cfb",
    league: "cfb",
    season: d.season,
    week: d.week,
    season_type: d.seasonType,
    game_date: d.date!,
    start_time: d.start,
    state: d.state,
    home_team: d.home,
    away_team: d.away,
    home_score: d.homeScore,
    away_score: d.awayScore,
    venue: d.venue,
    attributes: d.attributes
  })).sort(byId)
  const undatedGames = [...undated.values()].map((d): Game => ({
    id: d.id,
    sport: "cfb",
    league: "cfb",
    season: d.season,
    week: d.week,
    season_type: d.seasonType,
    game_date: null,
    start_time: null,
    state: d.state,
    home_team: d.home,
    away_team: d.away,
    home_score: d.homeScore,
    away_score: d.awayScore,
    venue: null,
    attributes: d.attributes
  })).sort(byId)

  return {
    teams,
    games,
    undatedGames,
    players,
    statLines,
    rankings: rankings.sort(byId),
    skippedGames,
    skippedLines,
    skippedRankings,
    merged: directory.merged,
    unresolved: [...unresolvedCounts.values()],
    matchedNoah,
    matchedByScore,
    scoreDifferences
  }
}

type Resolver = (
  name: string,
  season: number,
  at: { file: string; line: number },
  out: Array<SkippedRow>
) => string | undefined

// ---------------------------------------------------------------------------------------------
// games
// ---------------------------------------------------------------------------------------------

const gamesPhase = (input: CfbInputs, directory: TeamDirectory, resolveName: Resolver, skipped: Array<SkippedRow>) => {
  const dated = new Map<string, Draft>()
  const add = (d: Draft, at: { file: string; line: number }) => {
    if (dated.has(d.id)) skipped.push({ file: at.file, line: at.line, reason: `repeats game ${d.id}` })
    else dated.set(d.id, d)
  }

  for (const g of input.cfbdGames) {
    const playoffRound = g.seasonType === "REG" && g.notes !== null && PLAYOFF_ROUND.test(g.notes)
    const seasonType: CfbSeasonType = playoffRound ? "POST" : g.seasonType
    const final = g.completed && g.home.points !== null && g.away.points !== null
    const attributes: Record<string, unknown> = { source: "jhatfiel_cfbd_games", start_time_tbd: g.startTimeTbd }
    if (g.neutralSite !== null) attributes.neutral_site = g.neutralSite
    if (g.conferenceGame !== null) attributes.conference_game = g.conferenceGame
    if (g.home.conference !== null) attributes.home_conference = g.home.conference
    if (g.away.conference !== null) attributes.away_conference = g.away.conference
    if (g.home.classification !== null) {
      attributes.home_classification = classificationNames[g.home.classification] ?? g.home.classification
    }
    if (g.away.classification !== null) {
      attributes.away_classification = classificationNames[g.away.classification] ?? g.away.classification
    }
    if (g.notes !== null) attributes.notes = g.notes
    if (g.attendance !== null) attributes.attendance = g.attendance
    if (g.home.lineScores !== null) attributes.home_line_scores = g.home.lineScores
    if (g.away.lineScores !== null) attributes.away_line_scores = g.away.lineScores
    if (
      seasonType === "REG" && g.notes !== null && /Championship/.test(g.notes) && g.home.conference !== null &&
      g.home.conference === g.away.conference
    ) attributes.conference_championship = true
    add({
      id: g.id,
      season: g.season,
      week: g.week,
      seasonType,
      date: easternDate(g.start),
      start: g.startTimeTbd ? null : g.start,
      state: final ? "final" : "scheduled",
      home: directory.canonical(g.home.id),
      away: directory.canonical(g.away.id),
      homeScore: final ? g.home.points : null,
      awayScore: final ? g.away.points : null,
      venue: g.venue,
      attributes
    }, g)
  }

  // noahpbrown: match to the games CFBD files as regular season (playoff rounds included), else undated
  const cfbdSeasons = new Set(input.cfbdGames.map((g) => g.season))
  const sourceRegular = new Set(input.cfbdGames.filter((g) => g.seasonType === "REG").map((g) => g.id))
  const regular = [...dated.values()].filter((d) => sourceRegular.has(d.id))
  const byWeek = new Map<string, Draft>()
  const byPair = new Map<string, Array<Draft>>()
  for (const d of regular) {
    byWeek.set(`${d.season}|${d.week}|${d.home}|${d.away}`, d)
    const pair = `${d.season}|${[d.home, d.away].sort().join("|")}`
    byPair.set(pair, [...(byPair.get(pair) ?? []), d])
  }
  const matched = new Set<string>()
  const undated = new Map<string, Draft>()
  const scoreDifferences: Array<ScoreDifference> = []
  const matchedByScore: Array<NameMismatch> = []
  let matchedNoah = 0
  const match = (n: NoahGame, d: Draft, home: string) => {
    matched.add(d.id)
    matchedNoah++
    const [h, a] = d.home === home ? [n.homePoints, n.awayPoints] : [n.awayPoints, n.homePoints]
    if (h === d.homeScore && a === d.awayScore) return
    const replace = scored(d) && h !== null && a !== null
    scoreDifferences.push({
      game_id: d.id,
      season: d.season,
      week: d.week,
      cfbd: score(d.homeScore, d.awayScore),
      noahpbrown: score(h, a),
      kept: replace ? "noahpbrown" : "cfbd"
    })
    if (replace) {
      d.homeScore = h
      d.awayScore = a
      delete d.attributes.home_line_scores
      delete d.attributes.away_line_scores
      d.attributes.score_source = "noahpbrown_cfb_games"
    }
  }

  // steps 1 and 2: same week and teams; else the only open game of the season between them
  const pending: Array<{ readonly n: NoahGame; readonly home: string; readonly away: string }> = []
  for (const n of input.noahGames) {
    const home = resolveName(n.home, n.season, n, skipped)
    const away = resolveName(n.away, n.season, n, skipped)
    if (home === undefined || away === undefined) continue
    if (cfbdSeasons.has(n.season)) {
      let d = byWeek.get(`${n.season}|${n.week}|${home}|${away}`) ?? byWeek.get(`${n.season}|${n.week}|${away}|${home}`)
      if (d === undefined || matched.has(d.id)) {
        const open = (byPair.get(`${n.season}|${[home, away].sort().join("|")}`) ?? []).filter((x) =>
          !matched.has(x.id)
        )
        d = open.length === 1 ? open[0] : undefined
      }
      if (d !== undefined) {
        match(n, d, home)
        continue
      }
    }
    pending.push({ n, home, away })
  }
  // step 3: one name resolved to another school ("Lakeland" for Southeastern University of
  // Lakeland, FL): the only open game of that week with one of the teams and the same score
  for (const { away, home, n } of pending) {
    if (cfbdSeasons.has(n.season) && n.homePoints !== null && n.awayPoints !== null) {
      const candidates = regular.filter((d) =>
        !matched.has(d.id) && d.season === n.season && d.week === n.week && (
          (d.homeScore === n.homePoints && d.awayScore === n.awayPoints && (d.home === home || d.away === away)) ||
          (d.homeScore === n.awayPoints && d.awayScore === n.homePoints && (d.home === away || d.away === home))
        )
      )
      if (candidates.length === 1) {
        const d = candidates[0]!
        match(n, d, d.home === home || d.away === away ? d.home : d.away)
        matchedByScore.push({ game_id: d.id, file: n.file, line: n.line, home: n.home, away: n.away })
        continue
      }
    }
    const id = undatedGameId(n.season, n.week, away, home)
    if (undated.has(id)) {
      skipped.push({ file: n.file, line: n.line, reason: `repeats game ${id}` })
      continue
    }
    const final = n.homePoints !== null && n.awayPoints !== null
    const attributes: Record<string, unknown> = { source: "noahpbrown_cfb_games" }
    if (n.neutralSite !== null) attributes.neutral_site = n.neutralSite
    if (n.homeConference !== null) attributes.home_conference = n.homeConference
    if (n.awayConference !== null) attributes.away_conference = n.awayConference
    undated.set(id, {
      id,
      season: n.season,
      week: n.week,
      seasonType: "REG",
      date: null,
      start: null,
      state: final ? "final" : "scheduled",
      home,
      away,
      homeScore: n.homePoints,
      awayScore: n.awayPoints,
      venue: null,
      attributes
    })
  }

  for (const g of input.schedule) {
    const final = g.status === "STATUS_FINAL" && g.home.score !== null && g.away.score !== null
    const attributes: Record<string, unknown> = { source: "sportsdataverse_cfbfastr_cfb_data", status: g.status }
    if (g.neutralSite !== null) attributes.neutral_site = g.neutralSite
    if (g.conferenceGame !== null) attributes.conference_game = g.conferenceGame
    if (g.attendance !== null) attributes.attendance = g.attendance
    add({
      id: g.id,
      season: g.season,
      week: g.week,
      seasonType: g.seasonType,
      date: easternDate(g.start),
      start: g.start,
      state: final ? "final" : IN_PROGRESS.has(g.status) ? "in_progress" : "scheduled",
      home: directory.canonical(g.home.id),
      away: directory.canonical(g.away.id),
      homeScore: g.home.score,
      awayScore: g.away.score,
      venue: g.venue,
      attributes
    }, g)
  }
  return { dated, undated, matchedNoah, matchedByScore, scoreDifferences }
}

// ---------------------------------------------------------------------------------------------
// championships
// ---------------------------------------------------------------------------------------------

/** The conference a game names for one side, or undefined. */
const sideConference = (d: Draft, side: "home" | "away"): string | undefined => {
  const v = d.attributes[`${side}_conference`]
  return typeof v === "string" ? v : undefined
}

/** The latest conference each team's games name (for games that name none, i.e. 2025). */
const latestConferences = (drafts: ReadonlyArray<Draft>): Map<string, string> => {
  const latest = new Map<string, { season: number; conference: string }>()
  for (const d of drafts) {
    for (const side of ["home", "away"] as const) {
      const conference = sideConference(d, side)
      const team = side === "home" ? d.home : d.away
      const prev = latest.get(team)
      if (conference !== undefined && (prev === undefined || d.season > prev.season)) {
        latest.set(team, { season: d.season, conference })
      }
    }
  }
  return new Map([...latest].map(([t, v]) => [t, v.conference]))
}

/** Marks conference championship games found by the schedule (see the module docs). Mutates attributes. */
const championshipsPhase = (drafts: ReadonlyArray<Draft>) => {
  const fallback = latestConferences(drafts)
  const conferenceOf = (d: Draft, side: "home" | "away"): string | null =>
    sideConference(d, side) ?? fallback.get(side === "home" ? d.home : d.away) ?? null
  const groups = new Map<string, Array<Draft>>()
  for (const d of drafts) {
    if (d.seasonType !== "REG" || !scored(d) || d.attributes.conference_championship === true) continue
    const home = conferenceOf(d, "home")
    const flag = d.attributes.conference_game
    const isConference = typeof flag === "boolean"
      ? flag
      : home !== null && !Cfb.isIndependent(home) && home === conferenceOf(d, "away")
    if (!isConference || home === null || home !== conferenceOf(d, "away")) continue
    const k = `${d.season}|${home}`
    groups.set(k, [...(groups.get(k) ?? []), d])
  }
  for (const games of groups.values()) {
    const perTeam = new Map<string, number>()
    for (const g of games) for (const t of [g.home, g.away]) perTeam.set(t, (perTeam.get(t) ?? 0) + 1)
    // the most common count of conference games per team (ties: the larger count)
    const freq = new Map<number, number>()
    for (const n of perTeam.values()) freq.set(n, (freq.get(n) ?? 0) + 1)
    const mode = [...freq].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]![0]
    const lastWeek = Math.max(...games.map((g) => g.week))
    const played = new Map<string, number>()
    for (const week of [...new Set(games.map((g) => g.week))].sort((a, b) => a - b)) {
      const ofWeek = games.filter((g) => g.week === week)
      if (week === lastWeek) {
        for (const g of ofWeek) {
          if ((played.get(g.home) ?? 0) >= mode && (played.get(g.away) ?? 0) >= mode) {
            g.attributes.conference_championship = true
            g.attributes.conference_championship_inferred = true
          }
        }
      }
      for (const g of ofWeek) for (const t of [g.home, g.away]) played.set(t, (played.get(t) ?? 0) + 1)
    }
  }
}

// ---------------------------------------------------------------------------------------------
// rankings
// ---------------------------------------------------------------------------------------------

type RankingDraft = Omit<PollRanking, "team_name"> & { readonly team_name: string }

const rankingsPhase = (
  polls: ReadonlyArray<PollRow>,
  drafts: ReadonlyArray<Draft>,
  resolveName: Resolver,
  skipped: Array<SkippedRow>
): Array<RankingDraft> => {
  // results per season and team
  const gamesOf = new Map<string, Array<Draft>>()
  const postseasonCovered = new Set<number>()
  for (const d of drafts) {
    if (d.seasonType === "POST") postseasonCovered.add(d.season)
    for (const t of [d.home, d.away]) {
      const k = `${d.season}|${t}`
      gamesOf.set(k, [...(gamesOf.get(k) ?? []), d])
    }
  }
  const recordOf = (team: string, games: ReadonlyArray<Draft>): string => {
    let w = 0
    let l = 0
    for (const g of games) {
      const [pf, pa] = g.home === team ? [g.homeScore!, g.awayScore!] : [g.awayScore!, g.homeScore!]
      if (pf > pa) w++
      else if (pf < pa) l++
    }
    return `${w}-${l}`
  }

  // last regular week per season and poll (the final poll comes after it)
  const lastRegular = new Map<string, number>()
  for (const p of polls) {
    if (p.postseason) continue
    const k = `${p.season}|${p.poll}`
    lastRegular.set(k, Math.max(lastRegular.get(k) ?? 0, p.week))
  }

  interface Entry {
    readonly row: PollRow
    readonly team: string
    readonly week: number
  }
  const entries = new Map<string, Entry>()
  for (const p of polls) {
    const team = resolveName(p.school, p.season, p, skipped)
    if (team === undefined) continue
    const week = p.postseason ? (lastRegular.get(`${p.season}|${p.poll}`) ?? 0) + p.week : p.week
    const id = `${p.season}:${p.poll}:${week}:${team}`
    const prev = entries.get(id)
    if (prev !== undefined) {
      const same = prev.row.rank === p.rank && prev.row.points === p.points
      skipped.push({
        file: p.file,
        line: p.line,
        reason: same
          ? `repeats line ${prev.row.line}`
          : `second rank of ${p.school} in ${p.poll} ${p.season} week ${week}`
      })
      continue
    }
    entries.set(id, { row: p, team, week })
  }

  // releases per season and poll, in order, for prev_rank
  const releases = new Map<string, Map<number, Map<string, number>>>()
  for (const e of entries.values()) {
    const k = `${e.row.season}|${e.row.poll}`
    const weeks = releases.get(k) ?? new Map<number, Map<string, number>>()
    const ranks = weeks.get(e.week) ?? new Map<string, number>()
    ranks.set(e.team, e.row.rank)
    weeks.set(e.week, ranks)
    releases.set(k, weeks)
  }

  const out: Array<RankingDraft> = []
  for (const [id, e] of entries) {
    const { row: p, team, week } = e
    const weeks = releases.get(`${p.season}|${p.poll}`)!
    const previousWeek = [...weeks.keys()].filter((w) => w < week).sort((a, b) => b - a)[0]
    const prevRank = previousWeek === undefined ? null : (weeks.get(previousWeek)!.get(team) ?? null)
    const games = gamesOf.get(`${p.season}|${team}`) ?? []
    let record: string | null
    if (p.postseason) {
      const unknown = !postseasonCovered.has(p.season) || games.some((g) => g.seasonType === "POST" && !scored(g))
      record = unknown ? null : recordOf(team, games.filter(scored))
    } else {
      record = recordOf(team, games.filter((g) => g.seasonType === "REG" && g.week < week && scored(g)))
    }
    out.push({
      id,
      sport: "cfb",
      season: p.season,
      poll: p.poll,
      week,
      rank: p.rank,
      team,
      team_name: p.school,
      points: p.poll === "cfp" ? null : p.points,
      first_place_votes: null,
      record,
      prev_rank: prevRank
    })
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// teams
// ---------------------------------------------------------------------------------------------

const teamsPhase = (
  input: CfbInputs,
  directory: TeamDirectory,
  drafts: ReadonlyArray<Draft>,
  rankings: ReadonlyArray<RankingDraft>
): Array<Team> => {
  interface Facts {
    cfbdName?: { season: number; name: string }
    noahName?: { season: number; name: string }
    readonly conferences: Map<number, string>
    readonly fromCfbd: Set<number>
    readonly classifications: Map<number, string>
    readonly names: Set<string>
    readonly formerIds: Set<string>
    abbreviation?: string
    displayName?: string
  }
  const facts = new Map<string, Facts>()
  const of = (id: string): Facts => {
    let f = facts.get(id)
    if (f === undefined) {
      f = {
        conferences: new Map(),
        fromCfbd: new Set(),
        classifications: new Map(),
        names: new Set(),
        formerIds: new Set()
      }
      facts.set(id, f)
    }
    return f
  }

  for (const g of input.cfbdGames) {
    for (const side of [g.home, g.away]) {
      const id = directory.canonical(side.id)
      const f = of(id)
      if (id !== side.id) f.formerIds.add(side.id)
      f.names.add(side.name)
      if (f.cfbdName === undefined || g.season >= f.cfbdName.season) f.cfbdName = { season: g.season, name: side.name }
      if (side.conference !== null && !f.fromCfbd.has(g.season)) {
        f.conferences.set(g.season, side.conference)
        f.fromCfbd.add(g.season)
      }
      if (side.classification !== null) {
        f.classifications.set(g.season, classificationNames[side.classification] ?? side.classification)
      }
    }
  }
  for (const n of input.noahGames) {
    for (const [name, conf] of [[n.home, n.homeConference], [n.away, n.awayConference]] as const) {
      const id = directory.resolve(name, n.season)
      if (id === undefined) continue
      const f = of(id)
      f.names.add(name)
      if (f.noahName === undefined || n.season >= f.noahName.season) f.noahName = { season: n.season, name }
      if (conf !== null && !f.conferences.has(n.season)) f.conferences.set(n.season, conf)
    }
  }
  for (const g of input.schedule) {
    for (const side of [g.home, g.away]) {
      const f = of(directory.canonical(side.id))
      if (side.abbreviation !== null) f.abbreviation = side.abbreviation
      f.displayName = side.displayName
    }
  }

  const used = new Set<string>([...drafts.flatMap((d) => [d.home, d.away]), ...rankings.map((r) => r.team)])
  const teams: Array<Team> = []
  for (const id of used) {
    const f = of(id)
    const csv = directory.teamsCsv(id)
    const name = f.cfbdName?.name ?? f.noahName?.name ?? csv?.school ?? f.displayName ?? id
    const newest = <V>(m: ReadonlyMap<number, V>): V | null => m.size === 0 ? null : m.get(Math.max(...m.keys()))!
    const bySeason = (m: ReadonlyMap<number, string>) =>
      Object.fromEntries([...m].sort((a, b) => a[0] - b[0]).map(([s, v]) => [String(s), v]))
    const attributes: Record<string, unknown> = {}
    if (f.abbreviation !== undefined) attributes.abbreviation = f.abbreviation
    if (f.displayName !== undefined) attributes.display_name = f.displayName
    if (csv?.mascot != null) attributes.mascot = csv.mascot
    if (csv?.color != null) attributes.color = csv.color
    if (csv?.alternateColor != null) attributes.alternate_color = csv.alternateColor
    if (csv?.city != null) attributes.city = csv.city
    if (csv?.state != null) attributes.state = csv.state
    if (f.conferences.size > 0) attributes.conferences = bySeason(f.conferences)
    if (f.classifications.size > 0) attributes.classifications = bySeason(f.classifications)
    if (f.formerIds.size > 0) attributes.former_ids = [...f.formerIds].sort()
    const aliases = [...f.names].filter((n) => n !== name).sort()
    if (aliases.length > 0) attributes.aliases = aliases
    teams.push({
      sport: "cfb",
      abbr: id,
      name,
      conference: newest(f.conferences),
      division: newest(f.classifications),
      external_id: id,
      attributes
    })
  }
  return teams.sort((a, b) => (a.abbr < b.abbr ? -1 : a.abbr > b.abbr ? 1 : 0))
}

// ---------------------------------------------------------------------------------------------
// players
// ---------------------------------------------------------------------------------------------

const playersPhase = (
  boxLines: ReadonlyArray<BoxLine>,
  games: ReadonlyMap<string, Draft>,
  directory: TeamDirectory,
  skipped: Array<SkippedRow>
) => {
  interface LineDraft {
    readonly first: BoxLine
    readonly game: Draft
    readonly team: string
    readonly categories: Set<string>
    readonly stats: Partial<Record<CfbStatKey, number | null>>
  }
  const lines = new Map<string, LineDraft>()
  for (const b of boxLines) {
    const game = games.get(b.gameId)
    if (game === undefined) {
      skipped.push({ file: b.file, line: b.line, reason: `no game ${b.gameId} in the schedule` })
      continue
    }
    const team = directory.canonical(b.teamId)
    if (team !== game.home && team !== game.away) {
      skipped.push({ file: b.file, line: b.line, reason: `team ${b.teamId} does not play in game ${b.gameId}` })
      continue
    }
    const id = `${cfbPlayerId(b.athleteId)}:${b.gameId}`
    const existing = lines.get(id)
    if (existing === undefined) {
      lines.set(id, { first: b, game, team, categories: new Set([b.category]), stats: { ...b.stats } })
      continue
    }
    if (existing.categories.has(b.category)) {
      skipped.push({
        file: b.file,
        line: b.line,
        reason: `second ${b.category} row of athlete ${b.athleteId} in game ${b.gameId}`
      })
      continue
    }
    existing.categories.add(b.category)
    Object.assign(existing.stats, b.stats)
  }

  const statLines: Array<StatLine> = []
  interface Latest {
    readonly line: BoxLine
    readonly team: string
    readonly date: string
  }
  const latest = new Map<string, Latest>()
  for (const [id, d] of lines) {
    const stats: Record<string, number | null> = {}
    for (const k of Sports.StatKeys.cfb) stats[k] = d.stats[k] ?? null
    const scoredLine = Sports.score("cfb", stats, null)
    statLines.push({
      id,
      sport: "cfb",
      player_id: cfbPlayerId(d.first.athleteId),
      game_id: d.game.id,
      season: d.game.season,
      week: d.game.week,
      game_date: d.game.date,
      team: d.team,
      opponent: d.game.home === d.team ? d.game.away : d.game.home,
      position: null,
      is_starter: null,
      stats,
      fantasy_points: scoredLine.fantasy_points,
      fantasy_points_formats: scoredLine.formats
    })
    const date = `${d.game.date ?? ""}|${d.game.id}`
    const prev = latest.get(d.first.athleteId)
    if (prev === undefined || date > prev.date) latest.set(d.first.athleteId, { line: d.first, team: d.team, date })
  }

  const players: Array<Player> = [...latest].map(([athleteId, { line, team }]): Player => {
    const { first, last } = splitName(line.name)
    const attributes: Record<string, unknown> = {}
    if (line.jersey !== null) attributes.jersey = line.jersey
    return {
      id: cfbPlayerId(athleteId),
      sport: "cfb",
      full_name: line.name,
      first_name: first,
      last_name: last,
      position: null,
      team,
      status: "active",
      birth_date: null,
      platform_ids: { espn: athleteId },
      attributes
    }
  })
  return { players: players.sort(byId), statLines: statLines.sort(byId) }
}

/**
 * Joins the parsed nfl source records (Sources.ts) into canonical teams, games, players, weekly
 * stat lines, injury reports and depth chart entries. Pure: the same inputs always give the same
 * rows in the same order, so a re-run writes nothing new.
 *
 * {@link buildNfl} runs named phases, each a function of what it needs that returns immutable
 * results: {@link teams}, {@link schedule}, {@link closingLines}, {@link games}, identities
 * (Identity.resolveIdentities), {@link weeklyLines}, {@link joinSnaps}, {@link dropUnplayed},
 * {@link fillTargetShare}, {@link injuryReports}, {@link depthCharts}, {@link players},
 * {@link statLines}.
 *
 * Rules (documented here because the API shows their results):
 * - Teams: the 32 canonical clubs from spreadspoke nfl_teams.csv (the first row of each code
 *   with a division), current names where spreadspoke lacks them (Teams.currentTeamNames).
 * - Games: the nflverse schedule (game id, kickoff in US Eastern converted to UTC, scores, lines);
 *   state `final` when both scores exist, else `scheduled`. spreadspoke's closing spread, total
 *   and weather fill what the schedule lacks.
 * - A stat line is one player in one game, id `<player id>:<nflverse game id>`. hvpkod values win
 *   for the scoring stats; nflverse weekly stats fill what hvpkod lacks (attempts, completions,
 *   air yards, target share; week 18 and playoffs, which hvpkod lacks). `snap_pct` (0-100,
 *   integer) is the share of the player's unit: offense for offensive positions, defense for
 *   defensive ones, special teams for kickers and punters. `target_share` (0-1) is nflverse's,
 *   or, for weeks nflverse lacks (2025), the player's targets over the sum of his team's targets
 *   that game. `air_yards` is receiving air yards (`passing_air_yards` for passers). Fantasy
 *   points come from Sports.score on the merged line.
 * - A player's `team` is the team of his latest record (stat line, injury report, depth chart
 *   entry, by date) when that record is from the newest season of the data; otherwise the
 *   crosswalk team when he was drafted that season or later (a rookie with no games yet); else
 *   null.
 * - `status` is `injured` when his latest injury report (season, week) says Out or Doubtful and
 *   he has no stat line after that week (players on injured reserve drop off the weekly report,
 *   so their last report stays Out); otherwise `active` with a team, `inactive` without one.
 *   Questionable is not injured.
 * - Depth charts: the file keeps the last time each slot was seen, so only each team's chart as
 *   last seen in a season is an entry ({@link depthCharts}); the slots lost before become depth
 *   chart change signals.
 * - Signals (Signals.ts): injury, practice, return, role shift, depth chart change and news
 *   signals derived from these rows, each rule documented there.
 * - Rows that cannot be joined (a spreadspoke game or a weekly line whose game is not in the
 *   schedule, an opponent the schedule contradicts) are reported with file and line and skipped.
 * @module
 */
import {
  type DepthChartEntry,
  type Game,
  type InjuryReport,
  type Player,
  type PlayerStatus,
  Sports,
  type StatLine,
  type StoredSignal,
  type Team
} from "@sports-data/domain"
import { splitName } from "../Names.js"
import type { SkippedRow } from "../Report.js"
import { sortKeys } from "../Rows.js"
import { zonedToUtc } from "../Time.js"
import { type IdentityCounts, type NflPerson, resolveIdentities } from "./Identity.js"
import {
  depthChangeSignals,
  injurySignals,
  newsSignals,
  nflContext,
  returnSignals,
  roleShiftSignals
} from "./Signals.js"
import type {
  DepthRow,
  DpRow,
  FfbRow,
  HvKind,
  HvRow,
  InjuryRow,
  Located,
  ScheduleRow,
  ScoreKeys,
  ScoreRow,
  SnapRow,
  TeamRow,
  TweetRow,
  WeeklyRow
} from "./Sources.js"
import { canonicalTeams, currentTeamNames } from "./Teams.js"

/** A schedule game's date: every nfl game has one (schedule rows without a date are skipped). */
const gameDate = (game: Game): string => game.game_date ?? ""

/** Parsed inputs, each list in file order (files in name order). */
export interface NflInputs {
  readonly teams: ReadonlyArray<TeamRow>
  readonly schedules: ReadonlyArray<ScheduleRow>
  readonly scores: ReadonlyArray<Located<ScoreRow>>
  readonly dpIds: ReadonlyArray<DpRow>
  readonly ffbIds: ReadonlyArray<FfbRow>
  readonly weekly: ReadonlyArray<Located<WeeklyRow>>
  readonly snaps: ReadonlyArray<SnapRow>
  readonly injuries: ReadonlyArray<InjuryRow>
  readonly depthCharts: ReadonlyArray<DepthRow>
  /** hvpkod rows of the offense, kicker and idp files, in that order. */
  readonly hv: ReadonlyArray<Located<HvRow>>
  /** News items of the tweet archive (none when its folder is absent). */
  readonly tweets?: ReadonlyArray<TweetRow> | undefined
}

/** Canonical rows (in write order), the rows that could not be joined, and identity counts. */
export interface NflBuild {
  readonly teams: ReadonlyArray<Team>
  readonly games: ReadonlyArray<Game>
  readonly players: ReadonlyArray<Player>
  readonly statLines: ReadonlyArray<StatLine>
  readonly injuries: ReadonlyArray<InjuryReport>
  readonly depthCharts: ReadonlyArray<DepthChartEntry>
  /** Signals derived from the rows above and the news items (Signals.ts). */
  readonly signals: ReadonlyArray<StoredSignal>
  /** spreadspoke rows matching no scheduled game of a season the schedule covers. */
  readonly skippedGames: ReadonlyArray<SkippedRow>
  /** hvpkod rows, then nflverse weekly rows, whose game is not in the schedule. */
  readonly skippedLines: ReadonlyArray<SkippedRow>
  readonly identities: IdentityCounts
}

/** Builds the canonical nfl rows from parsed inputs (see the module doc for every rule). */
export const buildNfl = (input: NflInputs): NflBuild => {
  const sched = schedule(input.schedules)
  const closing = closingLines(sched, input.scores)
  const built = games(sched, closing.attributes)
  const ids = resolveIdentities({ ...input, minSeason: sched.minSeason })
  const weekly = weeklyLines(built, ids, input.hv, input.weekly)
  const merged = fillTargetShare(dropUnplayed(joinSnaps(weekly.lines, ids, input.snaps)))
  const injuries = injuryReports(ids, input.injuries)
  const playerRows = players({ ids, lines: merged, injuries: injuries.entries, depth: input.depthCharts, games: built })
  const lineRows = statLines(merged)
  const ctx = nflContext({ players: playerRows, statLines: lineRows, games: built.list })
  return {
    teams: teams(input.teams),
    games: built.list,
    players: playerRows,
    statLines: lineRows,
    injuries: injuries.rows,
    depthCharts: depthCharts(built, ids, input.depthCharts),
    signals: [
      ...injurySignals(ctx, injuries.rows),
      ...returnSignals(ctx, injuries.rows),
      ...roleShiftSignals(ctx, lineRows, injuries.rows),
      ...depthChangeSignals(ctx, input.depthCharts.map((row, i) => ({ row, player_id: ids.depth[i]!.id }))),
      ...newsSignals(ctx, playerRows, input.tweets ?? [])
    ],
    skippedGames: closing.skipped,
    skippedLines: weekly.skipped,
    identities: ids.counts
  }
}

// -------------------------------------------------------------------------------------------
// Teams
// -------------------------------------------------------------------------------------------

/**
 * What the spreadspoke scores parser needs from the teams and schedule files: every team name
 * (each nfl_teams.csv row, later rows winning, then the current names) and the schedule's first
 * season (Infinity without a schedule: then no spreadspoke row is read).
 */
export const scoreKeys = (teamRows: ReadonlyArray<TeamRow>, schedules: ReadonlyArray<ScheduleRow>): ScoreKeys => {
  const teamByName = new Map<string, string>()
  for (const r of teamRows) teamByName.set(r.fullName, r.abbr)
  for (const [abbr, name] of Object.entries(currentTeamNames)) teamByName.set(name, abbr)
  return { minSeason: Math.min(...schedules.map((r) => r.season)), teamByName }
}

/**
 * Phase teams: one row per canonical club (Teams.canonicalTeams order), from the first
 * nfl_teams.csv row of its code that has a division; the name (and short name) from
 * Teams.currentTeamNames when spreadspoke only has a former one. A club without such a row is
 * left out.
 */
export const teams = (rows: ReadonlyArray<TeamRow>): ReadonlyArray<Team> => {
  const current = new Map<string, TeamRow>()
  for (const r of rows) if (r.division !== undefined && !current.has(r.abbr)) current.set(r.abbr, r)
  return canonicalTeams.flatMap((abbr) => {
    const r = current.get(abbr)
    if (r === undefined) return []
    const renamed = currentTeamNames[abbr]
    const attributes: Record<string, unknown> = {}
    const short = renamed !== undefined ? renamed.split(" ").pop() : r.shortName
    if (short !== undefined) attributes.short_name = short
    return [{
      sport: "nfl" as const,
      abbr,
      name: renamed ?? r.fullName,
      conference: r.conference ?? null,
      division: r.division ?? null,
      external_id: r.pfrId ?? null,
      attributes
    }]
  })
}

// -------------------------------------------------------------------------------------------
// Schedule and games
// -------------------------------------------------------------------------------------------

/** The schedule with one row per game id, and the seasons it covers. */
export interface Schedule {
  /** The last row of each game id, at the place of its first row. */
  readonly rows: ReadonlyArray<ScheduleRow>
  /** First and last season (Infinity and -Infinity when empty). */
  readonly minSeason: number
  readonly maxSeason: number
}

/** Phase schedule: the nflverse schedule rows, one per game id (a later row replaces an earlier one). */
export const schedule = (rows: ReadonlyArray<ScheduleRow>): Schedule => {
  const byId = new Map<string, ScheduleRow>()
  for (const r of rows) byId.set(r.gameId, r)
  const list = [...byId.values()]
  const seasons = list.map((r) => r.season)
  return { rows: list, minSeason: Math.min(...seasons), maxSeason: Math.max(...seasons) }
}

/**
 * Phase closing lines: each game's attributes, the schedule's own plus what spreadspoke adds
 * where the schedule lacks it: `spread_line` (converted to points the home team is favoured by:
 * spreadspoke gives the favourite's negative spread), `total_line` (both with `line_source:
 * "spreadspoke"`) and weather (temp, wind, humidity, weather_detail). A spreadspoke row joins the
 * game of its two teams on its date, else the season's one game of the two within 3 days
 * (spreadspoke dates are sometimes a day off for flexed games); a row of a season the schedule
 * covers that joins none is skipped.
 */
export const closingLines = (
  sched: Schedule,
  scores: ReadonlyArray<Located<ScoreRow>>
): {
  readonly attributes: ReadonlyMap<string, Readonly<Record<string, unknown>>>
  readonly skipped: ReadonlyArray<SkippedRow>
} => {
  const attributes = new Map<string, Record<string, unknown>>()
  for (const r of sched.rows) attributes.set(r.gameId, { ...r.attributes })
  const byDateTeams = new Map<string, ScheduleRow>()
  const bySeasonTeams = new Map<string, Array<ScheduleRow>>()
  for (const r of sched.rows) {
    const pair = [r.home, r.away].sort().join("|")
    byDateTeams.set(`${r.gameday}|${pair}`, r)
    const k = `${r.season}|${pair}`
    bySeasonTeams.set(k, [...(bySeasonTeams.get(k) ?? []), r])
  }
  const match = (season: number, date: string, a: string, b: string): ScheduleRow | undefined => {
    const pair = [a, b].sort().join("|")
    const same = byDateTeams.get(`${date}|${pair}`)
    if (same !== undefined) return same
    const near = (bySeasonTeams.get(`${season}|${pair}`) ?? []).filter((r) =>
      Math.abs(Date.parse(r.gameday) - Date.parse(date)) <= 3 * 86_400_000
    )
    return near.length === 1 ? near[0] : undefined
  }
  const skipped: Array<SkippedRow> = []
  for (const s of scores) {
    const g = match(s.season, s.date, s.home, s.away)
    if (g === undefined) {
      if (s.season <= sched.maxSeason) {
        skipped.push({
          file: s.file,
          line: s.line,
          reason: `no nflverse game on ${s.date} between ${s.home} and ${s.away}`
        })
      }
      continue
    }
    const attrs = attributes.get(g.gameId)!
    if (attrs.spread_line === undefined && s.spreadFavorite !== undefined && s.favorite !== undefined) {
      // spreadspoke: the favourite's spread (negative); nflverse: points the home team is favoured by.
      attrs.spread_line = s.favorite === g.home ? -s.spreadFavorite : s.favorite === g.away ? s.spreadFavorite : 0
      attrs.line_source = "spreadspoke"
    }
    if (attrs.total_line === undefined && s.overUnder !== undefined) {
      attrs.total_line = s.overUnder
      attrs.line_source = "spreadspoke"
    }
    for (const [k, v] of Object.entries(s.weather)) if (attrs[k] === undefined) attrs[k] = v
  }
  return { attributes, skipped }
}

/** The games in schedule order, and the game of each (season, week, team). */
export interface Games {
  readonly list: ReadonlyArray<Game>
  /** Key `<season>|<week>|<team>`. */
  readonly byTeamWeek: ReadonlyMap<string, Game>
}

/** The game of `team` (or, when it has none or is undefined, of `opponent`) in a season's week. */
const gameOf = (g: Games, season: number, week: number, team: string | undefined, opponent?: string) => {
  const game = team !== undefined ? g.byTeamWeek.get(`${season}|${week}|${team}`) : undefined
  return game !== undefined || opponent === undefined ? game : g.byTeamWeek.get(`${season}|${week}|${opponent}`)
}

/**
 * Phase games: canonical games from the schedule (kickoff: US Eastern `gameday` + `gametime` to
 * UTC; `season_type` REG, PRE, or POST for every playoff round) with the attributes of
 * {@link closingLines}, keys sorted.
 */
export const games = (sched: Schedule, attributes: ReadonlyMap<string, Readonly<Record<string, unknown>>>): Games => {
  const list: Array<Game> = []
  const byTeamWeek = new Map<string, Game>()
  for (const r of sched.rows) {
    const final = r.homeScore !== undefined && r.awayScore !== undefined
    const game: Game = {
      id: r.gameId,
      sport: "nfl",
      league: "nfl",
      season: r.season,
      week: r.week,
      season_type: r.gameType === "REG" ? "REG" : r.gameType === "PRE" ? "PRE" : "POST",
      game_date: r.gameday,
      start_time: r.gametime === undefined ? null : (zonedToUtc(r.gameday, r.gametime) ?? null),
      state: final ? "final" : "scheduled",
      home_team: r.home,
      away_team: r.away,
      home_score: r.homeScore ?? null,
      away_score: r.awayScore ?? null,
      venue: r.stadium ?? null,
      attributes: sortKeys(attributes.get(r.gameId)!)
    }
    list.push(game)
    byTeamWeek.set(`${r.season}|${r.week}|${r.home}`, game)
    byTeamWeek.set(`${r.season}|${r.week}|${r.away}`, game)
  }
  return { list, byTeamWeek }
}

// -------------------------------------------------------------------------------------------
// Weekly lines
// -------------------------------------------------------------------------------------------

/** One player's merged line in one game, before it becomes a StatLine. */
export interface Line {
  readonly person: NflPerson
  readonly game: Game
  readonly team: string
  readonly opponent: string
  readonly position: string | undefined
  /** Stat key -> value (null when unknown); keys of its sources plus {@link commonKeys}. */
  readonly stats: Readonly<Record<string, number | null>>
  readonly fromHv: boolean
  readonly fromWeekly: boolean
}

/** Stat keys every line carries (null when unknown), beside the keys of its sources. */
const commonKeys = ["offense_snaps", "defense_snaps", "st_snaps", "snap_pct", "target_share", "air_yards"] as const

const hvOrder: Record<HvKind, number> = { offense: 0, kicker: 1, idp: 2 }

const kindOf = (position: string): HvKind => {
  const p = position.toUpperCase()
  return p === "K" ? "kicker" : ["DB", "DL", "LB"].includes(p) ? "idp" : "offense"
}

/**
 * Phase weekly lines: hvpkod rows (bye weeks and rows of no known person left out) then nflverse
 * weekly rows, merged per (player, game). hvpkod values are assigned as they come; nflverse
 * values only fill keys a line lacks or has null. A two-way player keeps his offensive or
 * kicking position on the merged line. Lines come grouped by player (in order of his first row),
 * then by game. An hvpkod row of only zeros whose game is not in the schedule (the cancelled 2022
 * BUF-CIN game) is no line; other rows without a game, or whose opponent contradicts the
 * schedule, are skipped.
 */
export const weeklyLines = (
  g: Games,
  ids: { readonly byGsis: (gsis: string) => NflPerson | undefined; readonly byHvId: ReadonlyMap<string, NflPerson> },
  hv: ReadonlyArray<Located<HvRow>>,
  weekly: ReadonlyArray<Located<WeeklyRow>>
): { readonly lines: ReadonlyArray<Line>; readonly skipped: ReadonlyArray<SkippedRow> } => {
  interface Draft {
    readonly person: NflPerson
    readonly game: Game
    readonly team: string
    readonly opponent: string
    position: string | undefined
    readonly stats: Record<string, number | null>
    fromHv: boolean
    fromWeekly: boolean
  }
  const byPlayer = new Map<NflPerson, Map<string, Draft>>()
  const skipped: Array<SkippedRow> = []
  const lineFor = (person: NflPerson, game: Game, team: string, position: string | undefined): Draft => {
    let perPlayer = byPlayer.get(person)
    if (perPlayer === undefined) byPlayer.set(person, perPlayer = new Map())
    let line = perPlayer.get(game.id)
    if (line === undefined) {
      const opponent = game.home_team === team ? game.away_team : game.home_team
      line = { person, game, team, opponent, position, stats: {}, fromHv: false, fromWeekly: false }
      for (const k of commonKeys) line.stats[k] = null
      perPlayer.set(game.id, line)
    }
    return line
  }
  for (const r of hv) {
    if (r.opponent === undefined) continue // bye week: no game, no line
    const person = ids.byHvId.get(r.nflId)
    if (person === undefined) continue
    const game = gameOf(g, r.season, r.week, r.team, r.opponent)
    if (game === undefined) {
      if (Object.values(r.stats).every((v) => v === 0)) continue
      skipped.push({
        file: r.file,
        line: r.line,
        reason: `no game for ${r.team ?? "FA"} v ${r.opponent} in ${r.season} week ${r.week}`
      })
      continue
    }
    const team = r.team ?? (game.home_team === r.opponent ? game.away_team : game.home_team)
    const opponent = game.home_team === team ? game.away_team : game.home_team
    if (opponent !== r.opponent || (game.home_team !== team && game.away_team !== team)) {
      skipped.push({
        file: r.file,
        line: r.line,
        reason: `opponent ${r.opponent} does not match the schedule (${game.id})`
      })
      continue
    }
    const line = lineFor(person, game, team, r.position)
    if (!line.fromHv || line.position === undefined || hvOrder[kindOf(line.position)] > hvOrder[r.kind]) {
      line.position = r.position
    }
    line.fromHv = true
    Object.assign(line.stats, r.stats)
  }
  for (const r of weekly) {
    const person = ids.byGsis(r.gsis)!
    const game = gameOf(g, r.season, r.week, r.team)
    if (game === undefined) {
      skipped.push({ file: r.file, line: r.line, reason: `no game for ${r.team} in ${r.season} week ${r.week}` })
      continue
    }
    const line = lineFor(person, game, r.team, r.position)
    line.fromWeekly = true
    if (line.position === undefined) line.position = r.position
    for (const [k, v] of Object.entries(r.stats)) {
      if (line.stats[k] === undefined || (line.stats[k] === null && v !== null)) line.stats[k] = v
    }
  }
  const lines = [...byPlayer.values()].flatMap((perPlayer) => [...perPlayer.values()].map((d): Line => ({ ...d })))
  return { lines, skipped }
}

const offensePositions = new Set(["QB", "RB", "WR", "TE", "FB", "HB"])
const specialPositions = new Set(["K", "PK", "P", "LS"])

/**
 * Phase snaps join: snap counts (by PFR id and game; the last row of a pair wins) set
 * `offense_snaps`, `defense_snaps`, `st_snaps` and `snap_pct` (percent 0-100, rounded) of the
 * line's unit: special teams for K/PK/P/LS, offense for QB/RB/WR/TE/FB/HB or no position,
 * defense otherwise. Snaps of a player without a line (e.g. linemen) are not kept.
 */
export const joinSnaps = (
  lines: ReadonlyArray<Line>,
  ids: { readonly byPfr: (pfr: string) => NflPerson | undefined },
  snaps: ReadonlyArray<SnapRow>
): ReadonlyArray<Line> => {
  const index = new Map<NflPerson, Map<string, Line>>()
  for (const l of lines) {
    let perPlayer = index.get(l.person)
    if (perPlayer === undefined) index.set(l.person, perPlayer = new Map())
    perPlayer.set(l.game.id, l)
  }
  const snapOf = new Map<Line, SnapRow>()
  for (const r of snaps) {
    const person = ids.byPfr(r.pfr)
    const line = person === undefined ? undefined : index.get(person)?.get(r.gameId)
    if (line !== undefined) snapOf.set(line, r)
  }
  return lines.map((l) => {
    const r = snapOf.get(l)
    if (r === undefined) return l
    const pos = l.position?.toUpperCase()
    const share = pos !== undefined && specialPositions.has(pos)
      ? r.stPct
      : pos !== undefined && !offensePositions.has(pos)
      ? r.defensePct
      : r.offensePct
    return {
      ...l,
      stats: {
        ...l.stats,
        offense_snaps: r.offenseSnaps ?? null,
        defense_snaps: r.defenseSnaps ?? null,
        st_snaps: r.stSnaps ?? null,
        snap_pct: share === undefined ? null : Math.round(share * 100)
      }
    }
  })
}

/**
 * Phase drop unplayed: hvpkod lists rostered players who did not play with blank (= 0) stats; a
 * line with only zeros and nulls, no nflverse row and no snaps is not a game played, and is
 * dropped.
 */
export const dropUnplayed = (lines: ReadonlyArray<Line>): ReadonlyArray<Line> =>
  lines.filter((l) => !(l.fromHv && !l.fromWeekly && Object.values(l.stats).every((v) => v === null || v === 0)))

const round = (x: number, digits: number) => {
  const f = 10 ** digits
  return Math.round(x * f) / f
}

/**
 * Phase target share: where nflverse gives none, a line's `target_share` is its targets over the
 * targets of every line of its team in that game (fraction 0-1, 4 decimals), when that sum is
 * positive.
 */
export const fillTargetShare = (lines: ReadonlyArray<Line>): ReadonlyArray<Line> => {
  const teamTargets = new Map<string, number>()
  for (const l of lines) {
    const t = l.stats.targets
    if (typeof t === "number") {
      teamTargets.set(`${l.game.id}|${l.team}`, (teamTargets.get(`${l.game.id}|${l.team}`) ?? 0) + t)
    }
  }
  return lines.map((l) => {
    const t = l.stats.targets
    const total = teamTargets.get(`${l.game.id}|${l.team}`) ?? 0
    return l.stats.target_share === null && typeof t === "number" && total > 0
      ? { ...l, stats: { ...l.stats, target_share: round(t / total, 4) } }
      : l
  })
}

/** Phase stat lines: canonical rows of the merged lines (stats keys sorted, fantasy points by Sports.score). */
export const statLines = (lines: ReadonlyArray<Line>): ReadonlyArray<StatLine> =>
  lines.map((l) => {
    const pid = l.person.id
    const scored = Sports.score("nfl", l.stats, l.position)
    return {
      id: `${pid}:${l.game.id}`,
      sport: "nfl",
      player_id: pid,
      game_id: l.game.id,
      season: l.game.season,
      week: l.game.week,
      game_date: l.game.game_date,
      team: l.team,
      opponent: l.opponent,
      position: l.position ?? l.person.position ?? null,
      is_starter: null,
      stats: sortKeys(l.stats),
      fantasy_points: scored.fantasy_points,
      fantasy_points_formats: scored.formats
    }
  })

// -------------------------------------------------------------------------------------------
// Injuries and depth charts
// -------------------------------------------------------------------------------------------

/** An injury report entry with its person. */
export interface InjuryEntry {
  readonly person: NflPerson
  readonly row: InjuryRow
}

/**
 * Phase injuries: one report per (player, season, week, team), the last row of the file
 * winning, id `<player id>:<season>:<week>:<team>`.
 */
export const injuryReports = (
  ids: { readonly byGsis: (gsis: string) => NflPerson | undefined },
  rows: ReadonlyArray<InjuryRow>
): { readonly entries: ReadonlyArray<InjuryEntry>; readonly rows: ReadonlyArray<InjuryReport> } => {
  const byKey = new Map<string, InjuryEntry>()
  for (const row of rows) {
    const person = ids.byGsis(row.gsis)!
    byKey.set(`${person.id}|${row.season}|${row.week}|${row.team}`, { row, person })
  }
  const entries = [...byKey.values()]
  return {
    entries,
    rows: entries.map(({ person, row }): InjuryReport => ({
      id: `${person.id}:${row.season}:${row.week}:${row.team}`,
      sport: "nfl",
      player_id: person.id,
      season: row.season,
      week: row.week,
      team: row.team,
      report_status: row.reportStatus ?? null,
      practice_status: row.practiceStatus ?? null,
      primary_injury: row.primaryInjury ?? null,
      secondary_injury: row.secondaryInjury ?? null,
      reported_at: null
    }))
  }
}

/**
 * Phase depth charts. `depth_charts.csv` is not a series of weekly snapshots: it keeps, per
 * (season, team, player, slot), the LAST time the slot was seen (`dt`). The rows of a (season,
 * team) on its latest date (2025-12-31 for every 2025 team, 2026-04-21 for 2026) are the team's
 * chart as last seen; an earlier row is a slot the player had lost by then (a depth chart change,
 * Signals.ts `depthChangeSignals`), not part of any chart. So only the charts as last seen are
 * entries, with `week` the week of the season whose games span that date (the first week whose
 * last game is on or after it, when the season's first game is on or before it), else null (an
 * off-season chart). Id `<player id>:<season>:<week or off>:<team>:<formation id or
 * formation>:<slot>` (the last row of an id wins); `position` is the player's.
 */
export const depthCharts = (
  g: Games,
  ids: { readonly depth: ReadonlyArray<NflPerson> },
  rows: ReadonlyArray<DepthRow>
): ReadonlyArray<DepthChartEntry> => {
  const weekEnds = new Map<number, Array<{ readonly week: number; readonly first: string; readonly last: string }>>()
  for (const game of g.list) {
    if (game.week === null) continue
    let list = weekEnds.get(game.season)
    if (list === undefined) weekEnds.set(game.season, list = [])
    const e = list.find((x) => x.week === game.week)
    const date = gameDate(game)
    if (e === undefined) list.push({ week: game.week, first: date, last: date })
    else {
      list[list.indexOf(e)] = {
        week: game.week,
        first: date < e.first ? date : e.first,
        last: date > e.last ? date : e.last
      }
    }
  }
  for (const list of weekEnds.values()) list.sort((a, b) => a.week - b.week)
  const weekOf = (season: number, date: string): number | null => {
    const list = weekEnds.get(season)
    if (list === undefined || list.length === 0 || list[0]!.first > date) return null
    return list.find((w) => w.last >= date)?.week ?? null
  }
  const lastDate = new Map<string, string>()
  for (const r of rows) {
    const k = `${r.team}|${r.season}`
    if ((lastDate.get(k) ?? "") < r.date) lastDate.set(k, r.date)
  }
  const byId = new Map<string, DepthChartEntry>()
  rows.forEach((r, i) => {
    if (r.date !== lastDate.get(`${r.team}|${r.season}`)) return
    const week = weekOf(r.season, r.date)
    const person = ids.depth[i]!
    const id = `${person.id}:${r.season}:${week ?? "off"}:${r.team}:${r.formationId ?? r.formation ?? ""}:${r.slot}`
    byId.set(id, {
      id,
      sport: "nfl",
      player_id: person.id,
      season: r.season,
      week,
      team: r.team,
      position: person.position ?? null,
      depth_position: r.slot,
      depth: r.rank,
      formation: r.formation ?? null
    })
  })
  return [...byId.values()]
}

// -------------------------------------------------------------------------------------------
// Players
// -------------------------------------------------------------------------------------------

/**
 * Phase players: every person as a canonical player, with the team and status rules of the
 * module doc. The newest season is the newest of the stat lines and injury reports; a player's
 * latest record is his latest stat line, injury report (dated by his team's game that week) or
 * depth chart row (a later source wins a tie on the date).
 */
export const players = (input: {
  readonly ids: { readonly persons: ReadonlyArray<NflPerson>; readonly depth: ReadonlyArray<NflPerson> }
  readonly lines: ReadonlyArray<Line>
  readonly injuries: ReadonlyArray<InjuryEntry>
  readonly depth: ReadonlyArray<DepthRow>
  readonly games: Games
}): ReadonlyArray<Player> => {
  interface Seen {
    readonly date: string
    readonly season: number
    readonly team: string
  }
  const latest = new Map<NflPerson, Seen>()
  const see = (p: NflPerson, s: Seen) => {
    const cur = latest.get(p)
    if (cur === undefined || s.date >= cur.date) latest.set(p, s)
  }
  let newestSeason = -Infinity
  const lastPlayed = new Map<NflPerson, number>()
  for (const l of input.lines) {
    newestSeason = Math.max(newestSeason, l.game.season)
    see(l.person, { date: gameDate(l.game), season: l.game.season, team: l.team })
    const w = l.game.season * 100 + (l.game.week ?? 0)
    lastPlayed.set(l.person, Math.max(lastPlayed.get(l.person) ?? 0, w))
  }
  const lastReport = new Map<NflPerson, InjuryRow>()
  for (const { person, row } of input.injuries) {
    newestSeason = Math.max(newestSeason, row.season)
    const g = input.games.byTeamWeek.get(`${row.season}|${row.week}|${row.team}`)
    if (g !== undefined) see(person, { date: gameDate(g), season: row.season, team: row.team })
    const cur = lastReport.get(person)
    if (cur === undefined || row.season * 100 + row.week >= cur.season * 100 + cur.week) lastReport.set(person, row)
  }
  input.depth.forEach((r, i) => see(input.ids.depth[i]!, { date: r.date, season: r.season, team: r.team }))

  return input.ids.persons.map((p): Player => {
    const seen = latest.get(p)
    const team = seen !== undefined && seen.season >= newestSeason
      ? seen.team
      : p.draftYear !== undefined && p.draftYear >= newestSeason
      ? (p.crosswalkTeam ?? null)
      : null
    const report = lastReport.get(p)
    const injured = report !== undefined &&
      (report.reportStatus === "Out" || report.reportStatus === "Doubtful") &&
      (lastPlayed.get(p) ?? 0) <= report.season * 100 + report.week
    const status: PlayerStatus = injured ? "injured" : team !== null ? "active" : "inactive"
    const split = splitName(p.name)
    return {
      id: p.id,
      sport: "nfl",
      full_name: p.name,
      first_name: p.firstName ?? split.first,
      last_name: p.lastName ?? split.last,
      position: p.position ?? null,
      team,
      status,
      birth_date: p.birthDate ?? null,
      platform_ids: { ...p.platformIds },
      attributes: { ...p.attributes }
    }
  })
}

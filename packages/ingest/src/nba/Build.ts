/**
 * Joins the parsed NBA source records into canonical games, stat lines and players. Pure: the
 * same inputs always give the same rows (sorted by id), so a re-run writes nothing new.
 *
 * ## Ids
 * - Player: `svc_nba_<NBA.com person id>` (`PLAYER_ID` / `player_id`), `platform_ids.nba` = that id.
 * - Game: the NBA.com game id (`0022400061`). A game that no source gives an id for (2025-26
 *   games after 2026-02-20, known only from meharpalbasi team logs) gets
 *   `<YYYYMMDD>_<AWAY>_<HOME>` (two teams never meet twice on one date), which stays stable
 *   across runs; it would change only if a later source supplied the NBA.com id.
 * - Stat line: `<player id>:<game id>`.
 *
 * ## Games (phase `games`)
 * Sources in order of precedence: millxing team_game_logs (id, home/road, scores, game type;
 * with linescores and box_score_advanced as attributes), bettormanpicks team totals (id and
 * scores; home/road taken from a matchup `vs.`/`@` of the same team and date), meharpalbasi team
 * logs (no id). `season` is the start year (2024-25 -> 2024). `season_type` is REG (including NBA
 * Cup group and knockout games before the final, which count in the standings), POST
 * (playoffs), PLAY_IN, or CUP_FINAL (the NBA Cup final, which does not count in the standings).
 * `state` is `final` when both scores are known, else `scheduled`.
 *
 * ## Stat lines (phases `lines`, `statLines`)
 * meharpalbasi player_game_logs (2022-23 to 2025-26) joined to a game by (date, team); for
 * 2025-26 to 2026-02-20 bettormanpicks lines (with GAME_ID) are de-duplicated against them by
 * (player, game): the meharpalbasi values are kept and the bettormanpicks line only fills what
 * meharpalbasi lacks (rebound split, fouls, shooting counts).
 * - `usage_rate`: the player's SEASON usage rate (player_index `USG_PCT` x 100, percent 0-100)
 *   for the line's season and season type (regular season for play-in and Cup final lines); the
 *   sources have no per-game player usage (box_score_advanced is team-level only).
 * - `is_back_to_back`: 1 when the line's team played a game (any type) the day before, else 0.
 * - `is_starter`: null; no NBA source here has a starter flag.
 * - `fantasy_points`: Sports.score("nba", ...) (FanDuel); null when a scoring stat is missing.
 *
 * ## Players (phase `players`)
 * Name and team are those of the player's most recent line. `position` from
 * bettormanpicks nba_player_positions as NBA.com short codes (G, F, C, G-F, F-C, ...).
 * Status rule (bettormanpicks nba_player_status_history, a log of injury-report entries):
 * - the player's latest entry (by Last_Updated) has code O (out), D (doubtful) or Q
 *   (questionable) and he has no game line on or after that entry's date -> `injured`;
 *   (P probable and A, used by the source both for "available" and "unavailable", never injure);
 * - else `active` when he has a line in the newest season in the data, or has no line at all but
 *   is listed in the positions file or the status history (current-season roster lists);
 * - else `inactive`, and his team is null (no current team is known).
 * The latest entry is kept in `attributes.injury` ({ code, comment, updated_at }). Entries
 * without a player_id are matched by name (accents, case, punctuation and Jr./III suffixes
 * ignored) when exactly one player has that name.
 * @module
 */
import type { Player, StatLine } from "@sports-data/domain"
import { splitName } from "../Names.js"
import { idsByName, injuryAttribute, isInjured, latestStatuses, type StatusRow } from "../PlayerStatus.js"
import type { SkippedRow } from "../Report.js"
import { addDays } from "../Rows.js"
import { byId, type GameDraft, gameRow, nullStats, pushTo, scoredLine, type TeamBuild } from "../TeamRows.js"
import type {
  Advanced,
  Linescore,
  LineStats,
  MillxingGame,
  PlayerLine,
  PositionRow,
  TeamGameLog,
  TeamGameTotal,
  UsageRow
} from "./Sources.js"
import { seasonTypeOfGameId } from "./Sources.js"

/** Parsed inputs, each list in file order. */
export interface NbaInputs {
  readonly millxingGames: ReadonlyArray<MillxingGame>
  readonly linescores: ReadonlyArray<Linescore>
  readonly advanced: ReadonlyArray<Advanced>
  readonly teamTotals: ReadonlyArray<TeamGameTotal & { readonly file: string; readonly line: number }>
  readonly teamLogs: ReadonlyArray<TeamGameLog & { readonly file: string; readonly line: number }>
  readonly lines: ReadonlyArray<PlayerLine>
  readonly usage: ReadonlyArray<UsageRow>
  readonly positions: ReadonlyArray<PositionRow>
  readonly statuses: ReadonlyArray<StatusRow>
}

/** Canonical rows and the rows that could not be joined (reported, not written). */
export interface NbaBuild extends TeamBuild {
  /** Status entries without a player id that name no single player. */
  readonly skippedPlayers: ReadonlyArray<SkippedRow>
  /** Lines found in both line sources whose shared values differ (the meharpalbasi value is kept). */
  readonly conflictingLines: number
}

/** The player id of the canonical form. */
export const nbaPlayerId = (personId: string): string => `svc_nba_${personId}`

/** The id given to a game no source has an NBA.com id for: `<YYYYMMDD>_<AWAY>_<HOME>`. */
export const syntheticGameId = (date: string, away: string, home: string): string =>
  `${date.replaceAll("-", "")}_${away}_${home}`

const injuringCodes = new Set(["O", "D", "Q"])

const key = (date: string, team: string) => `${date}|${team}`

/** Builds the canonical NBA rows from parsed inputs (see the module doc for every rule), phase after phase. */
export const buildNba = (input: NbaInputs): NbaBuild => {
  const games = gamesPhase(input)
  const lines = linesPhase(input.lines, games)
  const players = playersPhase(lines.lines, input.positions, input.statuses)
  return {
    games: [...games.games.values()].map((g) => gameRow("nba", g)).sort(byId),
    statLines: statLinesPhase(lines.lines, games.games, input.usage, input.positions),
    players: players.players,
    skippedGames: games.skipped,
    skippedLines: lines.skipped,
    skippedPlayers: players.skipped,
    conflictingLines: lines.conflicting
  }
}

// ---------------------------------------------------------------------------------------------
// games
// ---------------------------------------------------------------------------------------------

/** The games by id, the game each team played on each date (`<date>|<team>`), and the rows skipped. */
export interface NbaGames {
  readonly games: ReadonlyMap<string, GameDraft>
  readonly byDateTeam: ReadonlyMap<string, string>
  readonly skipped: ReadonlyArray<SkippedRow>
}

/**
 * Phase `games`. Inputs, in order of precedence: millxing team_game_logs (with linescores and
 * box_score_advanced as attributes: quarters, overtime points, possessions, overtime periods from
 * team minutes), bettormanpicks team totals (home or road from a `vs.`/`@` matchup of the same team
 * and date in the meharpalbasi team logs or the player lines), meharpalbasi team logs (no id: a
 * {@link syntheticGameId}). Output: one game per id; a team plays one game a date, so a game of a
 * later source whose team already plays that date is reported (`skipped`), as is a bettormanpicks
 * game no source tells home from road for.
 */
export const gamesPhase = (
  input: Pick<NbaInputs, "millxingGames" | "linescores" | "advanced" | "teamTotals" | "teamLogs" | "lines">
): NbaGames => {
  const skipped: Array<SkippedRow> = []
  const games = new Map<string, GameDraft>()
  const byDateTeam = new Map<string, string>()
  /** Adds `g` unless one of its teams already plays that date in another game (whose id is returned). */
  const claim = (g: GameDraft): string | undefined => {
    const taken = byDateTeam.get(key(g.date, g.home)) ?? byDateTeam.get(key(g.date, g.away))
    if (taken !== undefined && taken !== g.id) return taken
    games.set(g.id, g)
    byDateTeam.set(key(g.date, g.home), g.id)
    byDateTeam.set(key(g.date, g.away), g.id)
    return undefined
  }

  const linescores = new Map(input.linescores.map((l) => [l.id, l]))
  const advanced = new Map(input.advanced.map((a) => [a.id, a]))
  for (const m of input.millxingGames) {
    if (games.has(m.id)) continue
    const attributes: Record<string, unknown> = { source: "millxing_nba_data", game_type: m.gameType }
    if (m.neutralSite !== null) attributes.neutral_site = m.neutralSite
    const ls = linescores.get(m.id)
    if (ls !== undefined) {
      attributes.home_quarters = ls.homeQuarters
      attributes.away_quarters = ls.awayQuarters
      attributes.home_overtime_points = ls.homeOvertime
      attributes.away_overtime_points = ls.awayOvertime
    }
    const adv = advanced.get(m.id)
    if (adv !== undefined) {
      attributes.home_possessions = adv.homePossessions
      attributes.away_possessions = adv.awayPossessions
      // A regulation game is 240 team minutes; each overtime adds 25 (5 minutes x 5 players).
      if (adv.minutes !== null && adv.minutes >= 240) attributes.overtime_periods = Math.round((adv.minutes - 240) / 25)
    }
    claim({
      id: m.id,
      season: m.season,
      seasonType: m.seasonType,
      date: m.date,
      startTime: null,
      home: m.home,
      away: m.away,
      homeScore: m.homeScore,
      awayScore: m.awayScore,
      attributes
    })
  }

  // Home or road for (date, team), from every source that writes a matchup.
  const isHome = new Map<string, boolean>()
  for (const l of input.teamLogs) isHome.set(key(l.date, l.team), l.home)
  for (const l of input.lines) if (!isHome.has(key(l.date, l.team))) isHome.set(key(l.date, l.team), l.home)

  const totalsById = new Map<string, Array<NbaInputs["teamTotals"][number]>>()
  for (const t of input.teamTotals) pushTo(totalsById, t.id, t)
  for (const [id, sides] of totalsById) {
    if (games.has(id)) continue
    const first = sides[0]!
    const home = isHome.get(key(first.date, first.team))
    if (home === undefined) {
      for (const s of sides) {
        skipped.push({ file: s.file, line: s.line, reason: `no source tells home from road for game ${id}` })
      }
      continue
    }
    const homeTeam = home ? first.team : first.opponent
    const awayTeam = home ? first.opponent : first.team
    const points = (team: string) => sides.find((s) => s.team === team)?.points ?? null
    const taken = claim({
      id,
      season: 2000 + Number(id.slice(3, 5)),
      seasonType: seasonTypeOfGameId(id),
      date: first.date,
      startTime: null,
      home: homeTeam,
      away: awayTeam,
      homeScore: points(homeTeam),
      awayScore: points(awayTeam),
      attributes: { source: "bettormanpicks_bmp_app" }
    })
    if (taken !== undefined) {
      skipped.push({
        file: first.file,
        line: first.line,
        reason: `game ${id} clashes with game ${taken} on the same date`
      })
    }
  }

  const logsByGame = new Map<string, Array<NbaInputs["teamLogs"][number]>>()
  for (const l of input.teamLogs) {
    if (byDateTeam.has(key(l.date, l.team))) continue
    const home = l.home ? l.team : l.opponent
    const away = l.home ? l.opponent : l.team
    pushTo(logsByGame, `${l.date}|${away}|${home}`, l)
  }
  for (const [k, sides] of logsByGame) {
    const [date, away, home] = k.split("|") as [string, string, string]
    const first = sides[0]!
    const points = (team: string) => sides.find((s) => s.team === team)?.points ?? null
    const id = syntheticGameId(date, away, home)
    const taken = claim({
      id,
      season: first.season,
      seasonType: first.seasonType,
      date,
      startTime: null,
      home,
      away,
      homeScore: points(home),
      awayScore: points(away),
      attributes: { source: "meharpalbasi_nba_data", synthetic_id: true }
    })
    if (taken !== undefined) {
      for (const s of sides) {
        skipped.push({ file: s.file, line: s.line, reason: `home/road of ${k} contradicts game ${taken}` })
      }
    }
  }
  return { games, byDateTeam, skipped }
}

// ---------------------------------------------------------------------------------------------
// lines
// ---------------------------------------------------------------------------------------------

/** One player's line of one game, merged from the sources that have it. */
export interface LineDraft {
  /** The first source line read (meharpalbasi where both have it). */
  readonly first: PlayerLine
  readonly game: GameDraft
  readonly sources: ReadonlySet<PlayerLine["source"]>
  readonly stats: Partial<LineStats>
}

/**
 * Phase `lines`. Inputs: the player lines of meharpalbasi player_game_logs and bettormanpicks (in
 * that order) and the games. Output: one line per `<player id>:<game id>` in the order first read:
 * a line joins its game by GAME_ID when known, else by (date, team); a player's line of the other
 * source adds only the values the first lacks (a differing shared value is counted in
 * `conflicting`, the first value kept). Skipped: a line of no game, of a team not in its game, a
 * second line of one source.
 */
export const linesPhase = (
  playerLines: ReadonlyArray<PlayerLine>,
  games: Pick<NbaGames, "games" | "byDateTeam">
): {
  readonly lines: ReadonlyMap<string, LineDraft>
  readonly skipped: ReadonlyArray<SkippedRow>
  readonly conflicting: number
} => {
  const skipped: Array<SkippedRow> = []
  interface Merging {
    readonly first: PlayerLine
    readonly game: GameDraft
    readonly sources: Set<PlayerLine["source"]>
    stats: Partial<LineStats>
  }
  const lines = new Map<string, Merging>()
  let conflicting = 0
  for (const l of playerLines) {
    const gameId = l.gameId !== null && games.games.has(l.gameId) ? l.gameId : games.byDateTeam.get(key(l.date, l.team))
    const game = gameId === undefined ? undefined : games.games.get(gameId)
    if (game === undefined) {
      skipped.push({ file: l.file, line: l.line, reason: `no game of ${l.team} on ${l.date}` })
      continue
    }
    if (game.home !== l.team && game.away !== l.team) {
      skipped.push({ file: l.file, line: l.line, reason: `${l.team} does not play in game ${game.id}` })
      continue
    }
    const id = `${nbaPlayerId(l.playerId)}:${game.id}`
    const existing = lines.get(id)
    if (existing === undefined) {
      lines.set(id, { first: l, game, sources: new Set([l.source]), stats: { ...l.stats } })
      continue
    }
    if (existing.sources.has(l.source)) {
      skipped.push({
        file: l.file,
        line: l.line,
        reason: `second line of player ${l.playerId} in game ${game.id}`
      })
      continue
    }
    existing.sources.add(l.source)
    let conflict = false
    const merged: Partial<LineStats> = { ...existing.stats }
    for (const [k, v] of Object.entries(l.stats) as Array<[keyof LineStats, number | null]>) {
      const have = merged[k]
      if (have === undefined || have === null) merged[k] = v
      else if (v !== null && v !== have) conflict = true
    }
    if (conflict) conflicting++
    existing.stats = merged
  }
  return { lines, skipped, conflicting }
}

// ---------------------------------------------------------------------------------------------
// statLines
// ---------------------------------------------------------------------------------------------

/**
 * Phase `statLines`. Inputs: the merged lines, the games, the player_index season usage rates and
 * bettormanpicks nba_player_positions. Output: the stat lines, sorted by id, with every nba stat
 * key (null where no source has it), `usage_rate` the player's season rate for the line's season
 * and season type (regular season for play-in and Cup final lines), `is_back_to_back` 1 when his
 * team played a game the day before, the position of the positions file and FanDuel points.
 */
export const statLinesPhase = (
  lines: ReadonlyMap<string, LineDraft>,
  games: ReadonlyMap<string, GameDraft>,
  usageRows: ReadonlyArray<UsageRow>,
  positionRows: ReadonlyArray<PositionRow>
): ReadonlyArray<StatLine> => {
  // Each team's game dates, for back-to-backs.
  const teamDates = new Map<string, Set<string>>()
  for (const g of games.values()) {
    for (const team of [g.home, g.away]) {
      const set = teamDates.get(team) ?? new Set<string>()
      set.add(g.date)
      teamDates.set(team, set)
    }
  }
  const backToBack = (team: string, date: string): boolean => teamDates.get(team)?.has(addDays(date, -1)) ?? false
  const usage = new Map(usageRows.map((u) => [`${u.playerId}|${u.season}|${u.seasonType}`, u.usageRate]))
  const positions = new Map(positionRows.map((p) => [p.playerId, p]))

  const statLines: Array<StatLine> = []
  for (const [id, d] of lines) {
    const g = d.game
    const team = d.first.team
    const usageType = d.first.seasonType === "POST" || g.seasonType === "POST" ? "POST" : "REG"
    const stats = nullStats("nba")
    for (const [k, v] of Object.entries(d.stats)) stats[k] = v ?? null
    stats.usage_rate = usage.get(`${d.first.playerId}|${g.season}|${usageType}`) ?? null
    stats.is_back_to_back = backToBack(team, g.date) ? 1 : 0
    statLines.push(scoredLine("nba", {
      id,
      player_id: nbaPlayerId(d.first.playerId),
      game_id: g.id,
      season: g.season,
      week: null,
      game_date: g.date,
      team,
      opponent: g.home === team ? g.away : g.home,
      position: positions.get(d.first.playerId)?.position ?? null,
      is_starter: null,
      stats
    }))
  }
  return statLines.sort(byId)
}

// ---------------------------------------------------------------------------------------------
// players
// ---------------------------------------------------------------------------------------------

/**
 * Phase `players`. Inputs: the merged lines, bettormanpicks nba_player_positions and
 * nba_player_status_history. Output: every player of a line, the positions file or the status
 * history, sorted by id: name and team of his latest line, position of the positions file, status
 * by the rule of the module doc (injured: latest entry O, D or Q and no line on or after its
 * date; active: a line in the newest season, or no line but listed; else inactive, team null);
 * status entries without an id that match no single player by name are skipped.
 */
export const playersPhase = (
  lines: ReadonlyMap<string, LineDraft>,
  positionRows: ReadonlyArray<PositionRow>,
  statuses: ReadonlyArray<StatusRow>
): { readonly players: ReadonlyArray<Player>; readonly skipped: ReadonlyArray<SkippedRow> } => {
  const positions = new Map(positionRows.map((p) => [p.playerId, p]))
  interface Seen {
    name: string
    team: string
    date: string
    season: number
  }
  const latest = new Map<string, Seen>()
  const lastDate = new Map<string, string>()
  for (const d of lines.values()) {
    const pid = d.first.playerId
    const date = d.game.date
    const prev = latest.get(pid)
    if (prev === undefined || date >= prev.date) {
      latest.set(pid, { name: d.first.name, team: d.first.team, date, season: d.game.season })
    }
    if ((lastDate.get(pid) ?? "") < date) lastDate.set(pid, date)
  }
  const newestSeason = Math.max(...[...latest.values()].map((s) => s.season))

  // Each player's latest status; entries without an id are matched by name.
  const statusOf = latestStatuses(
    statuses,
    idsByName([
      ...[...latest].map(([pid, s]) => [s.name, pid] as const),
      ...positionRows.map((p) => [p.name, p.playerId] as const)
    ])
  )
  const latestStatus = statusOf.latest

  const playerIds = new Set<string>([...latest.keys(), ...positions.keys(), ...latestStatus.keys()])
  const players: Array<Player> = []
  for (const pid of playerIds) {
    const seen = latest.get(pid)
    const pos = positions.get(pid)
    const status = latestStatus.get(pid)
    const name = seen?.name ?? pos?.name ?? statusOf.names.get(pid) ?? ""
    const injured = isInjured(status, injuringCodes, lastDate.get(pid))
    const current = seen === undefined ? (pos !== undefined || status !== undefined) : seen.season === newestSeason
    const { first, last } = splitName(name)
    const attributes: Record<string, unknown> = {}
    if (status !== undefined) attributes.injury = injuryAttribute(status)
    players.push({
      id: nbaPlayerId(pid),
      sport: "nba",
      full_name: name,
      first_name: first,
      last_name: last,
      position: pos?.position ?? null,
      team: current && seen !== undefined ? seen.team : null,
      status: injured ? "injured" : current ? "active" : "inactive",
      birth_date: null,
      platform_ids: { nba: pid },
      attributes
    })
  }
  return { players: players.sort(byId), skipped: statusOf.skipped }
}

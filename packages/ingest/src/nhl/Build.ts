/**
 * Joins the parsed NHL source records into canonical games, stat lines and players. Pure: the
 * same inputs always give the same rows (sorted by id), so a re-run writes nothing new.
 *
 * ## Ids
 * - Player: `svc_nhl_<NHL player id>` (every source uses the NHL's player id), `platform_ids.nhl`.
 * - Game: the NHL game id (`2022020005`). Stat line: `<player id>:<game id>`.
 *
 * ## Games (phases `scheduleGames`, `teamGames`)
 * - 2021-22 to 2023-24 from twinfield10 schedules (phase `scheduleGames`): id, date, start time
 *   (UTC), REG or POST, home/away and final scores (the NHL API's: the shootout winner is
 *   credited with one goal). No source says how these games ended, so `attributes.result_type`
 *   is absent.
 * - 2025-26 from bettormanpicks team games (GF, GA, SF, SA per team; phase `teamGames`): home and
 *   away from the player lines' `home_away` (the team games file has none; a game no line tells
 *   it for is reported and skipped). Scores are the teams' GF. A game listed with 0-0 and no shot
 *   on either side has not been played: scores null. `attributes.home_shots` / `away_shots` are SF.
 * - `state`: `final` when both scores are known, else `scheduled` (twinfield10's
 *   `game_schedule_state` is kept in `attributes.schedule_state`).
 * - `season`: the start year (2022 = 2022-23); `season_type`: REG or POST.
 *
 * ### How a 2025-26 game ended (`attributes.result_type`)
 * - `shootout`: the two teams' GF are level. The source's GF counts goals in regulation and
 *   overtime only, so a game decided by a shootout shows a level score; which team won the
 *   shootout is in no source here, so the scores stay level (as written) and nobody is credited
 *   with the win (see standings/Nhl.ts).
 * - `overtime`: one team's goalies together played more than 60.01 minutes (a regulation game is
 *   60:00; toi_minutes has two decimals, so two goalies' rounding adds at most 0.01) and the score
 *   differs by one goal (overtime is sudden death).
 * - `regulation`: both teams have goalie lines and neither team's goalies played more than
 *   60.01 minutes.
 * - absent otherwise (no goalie lines, or lines that contradict the score).
 * Measured on the real 2025-26 files: 908 games, 675 regulation, 150 overtime, 83 shootouts;
 * every overtime game is won by one goal.
 *
 * ## Stat lines (2025-26 only; phase `lines`)
 * From bettormanpicks player game logs, joined to the game by GAME_ID; the line's team must play
 * in the game on the side its `home_away` says. Skater counts as written for every line (the
 * faceoff counts are null: Sources.parsePlayerLine); goalie
 * counts (`shots_against`, `goals_against`, `saves`, `save_pct`) only on goalie lines (null on
 * skaters, where the source writes 0); `save_pct` null when no shot was faced. Goalies who
 * dressed but did not play are not lines (Sources.parsePlayerLine).
 * - Goalie decisions: the goalie of record is taken to be the team's only goalie with time on
 *   ice; when two goalies played, `goalie_wins`, `goalie_losses` and `goalie_ot_losses` are null
 *   (the NHL credits the one in net at the deciding goal, which no source here says). For the
 *   sole goalie: a win gives wins 1 (losses 0, OT losses 0); a regulation loss losses 1; an
 *   overtime or shootout loss OT losses 1; a loss of unknown kind wins 0, the others null; a
 *   shootout of unknown winner all null.
 * - `is_starter`: null (no source says who started in goal).
 * - `fantasy_points`: `Sports.score("nhl", stats, position)`.
 *
 * ## Players (phase `players`)
 * Every NHL player id in the rosters (2021-22 to 2023-24), the current player list, the game
 * lines and the status history.
 * - Name: current player list, else the latest roster (first and last name), else the status
 *   history, else the game lines' "F. Lastname" (first_name null: only the initial is known).
 * - Position: current player list, else the latest line, else the latest roster (C, LW, RW, D, G).
 * - Team: current player list (newest: it lists trades made after a player's last line), else the
 *   team of his latest 2025-26 line, else null (a player only on 2021-22 to 2023-24 rosters: no
 *   current team is known, 2024-25 being absent).
 * - Birth date and attributes from the latest roster that lists him (when he is on two teams'
 *   rosters in that season, the row read last): `shoots_catches` (L/R), `jersey_number`,
 *   `height_inches`, `weight_pounds`, `height_cm`, `weight_kg`, `birth_city`,
 *   `birth_state_province`, `birth_country`, `headshot_url`; `rosters`: every [season, team]
 *   roster listing; `injury`: the latest status entry { code, comment, updated_at }.
 * - Status: `injured` when the latest status entry (by Last_Updated) has code IR, LTIR, O or GTD
 *   (injured reserve, long-term IR, out, game-time decision) and he has no line on or after that
 *   entry's date; else `active` when he is on the current player list or has a 2025-26 line; else
 *   `inactive`. Entries without a player_id are matched by name (accents, case, punctuation and
 *   suffixes ignored) when exactly one player has that full name, else reported and skipped.
 * @module
 */
import { canonicalPlayerId, type Player, type StatLine } from "@sports-data/domain"
import { splitName } from "../Names.js"
import { idsByName, injuryAttribute, isInjured, latestStatuses, type StatusRow } from "../PlayerStatus.js"
import type { SkippedRow } from "../Report.js"
import { byId, type GameDraft, gameRow, nullStats, pushTo, scoredLine, type TeamBuild } from "../TeamRows.js"
import type { LineCounts, PlayerLine, PlayerRow, RosterRow, ScheduleGame, TeamGame } from "./Sources.js"

/** Parsed inputs, each list in file order. */
export interface NhlInputs {
  readonly schedules: ReadonlyArray<ScheduleGame>
  readonly rosters: ReadonlyArray<RosterRow>
  readonly teamGames: ReadonlyArray<TeamGame>
  readonly lines: ReadonlyArray<PlayerLine>
  readonly players: ReadonlyArray<PlayerRow>
  readonly statuses: ReadonlyArray<StatusRow>
}

/** Canonical rows and the rows that could not be joined (reported, not written). */
export interface NhlBuild extends TeamBuild {
  /** Status entries without a player id that name no single player. */
  readonly skippedPlayers: ReadonlyArray<SkippedRow>
}

/** The canonical player id of an NHL player id. */
export const nhlPlayerId = (id: string): string => canonicalPlayerId("nhl", id)

/** Minutes of a regulation game, plus the most two goalies' rounded toi_minutes can add. */
export const REGULATION_GOALIE_MINUTES = 60.01

/** Status codes that make a player `injured` (see the module doc). */
const injuringCodes = new Set(["IR", "LTIR", "O", "GTD"])

/** How a game ended (`attributes.result_type`). */
export type ResultType = "regulation" | "overtime" | "shootout"

/**
 * How a game ended from its scores and each team's goalies' total time on ice (minutes; a team
 * without a goalie line is absent from `goalieMinutes`), by the rule of the module doc.
 */
export const resultTypeFromGoalies = (
  homeScore: number | null,
  awayScore: number | null,
  goalieMinutes: ReadonlyMap<string, number>
): ResultType | undefined => {
  if (homeScore === null || awayScore === null) return undefined
  if (homeScore === awayScore) return "shootout"
  const minutes = [...goalieMinutes.values()]
  if (minutes.length === 0) return undefined
  const most = Math.max(...minutes)
  if (most > REGULATION_GOALIE_MINUTES) return Math.abs(homeScore - awayScore) === 1 ? "overtime" : undefined
  return minutes.length === 2 ? "regulation" : undefined
}

/** Builds the canonical NHL rows from parsed inputs (see the module doc for every rule), phase after phase. */
export const buildNhl = (input: NhlInputs): NhlBuild => {
  const scheduled = scheduleGamesPhase(input.schedules)
  const fromTeams = teamGamesPhase(input.teamGames, input.lines, scheduled.games)
  const games = new Map([...scheduled.games, ...fromTeams.games])
  const lines = linesPhase(input.lines, games)
  const players = playersPhase(input.players, input.rosters, input.statuses, lines.joined)
  return {
    games: [...games.values()].map((g) => gameRow("nhl", g)).sort(byId),
    statLines: lines.statLines,
    players: players.players,
    skippedGames: [...scheduled.skipped, ...fromTeams.skipped],
    skippedLines: lines.skipped,
    skippedPlayers: players.skipped
  }
}

/** Games drafted by a games phase, by id, and the rows it skipped. */
export interface GameDrafts {
  readonly games: ReadonlyMap<string, GameDraft>
  readonly skipped: ReadonlyArray<SkippedRow>
}

// ---------------------------------------------------------------------------------------------
// scheduleGames
// ---------------------------------------------------------------------------------------------

/**
 * Phase `scheduleGames`. Input: the twinfield10 schedules (`NHL_Schedule_<date>.csv`, 2021-22 to
 * 2023-24). Output: one game per NHL game id with the schedule's date, UTC start, season type and
 * scores (`attributes.source`, `schedule_state`); a game id listed twice is skipped.
 */
export const scheduleGamesPhase = (schedules: ReadonlyArray<ScheduleGame>): GameDrafts => {
  const skipped: Array<SkippedRow> = []
  const games = new Map<string, GameDraft>()
  for (const s of schedules) {
    if (games.has(s.id)) {
      skipped.push({ file: s.file, line: s.line, reason: `game ${s.id} is listed twice` })
      continue
    }
    const attributes: Record<string, unknown> = { source: "twinfield10_nhl_data" }
    if (s.scheduleState !== null) attributes.schedule_state = s.scheduleState
    games.set(s.id, {
      id: s.id,
      season: s.season,
      seasonType: s.seasonType,
      date: s.date,
      startTime: s.startTime,
      home: s.home,
      away: s.away,
      homeScore: s.homeScore,
      awayScore: s.awayScore,
      attributes
    })
  }
  return { games, skipped }
}

// ---------------------------------------------------------------------------------------------
// teamGames
// ---------------------------------------------------------------------------------------------

/**
 * Phase `teamGames`. Inputs: the bettormanpicks team games (`nhl_team_games_<season>.csv`, one row
 * per team and game), the player game logs (`nhl_player_game_logs_<season>.csv`: which side is home,
 * each team's goalie minutes) and the games already read (`taken`). Output: one game per id whose
 * two rows agree, home and away from the lines, scores the teams' GF (null for an unplayed 0-0
 * without shots), shots as attributes and `result_type` by {@link resultTypeFromGoalies}. Skipped,
 * every row of: a game already read, rows that disagree, a game no line tells home from away for.
 */
export const teamGamesPhase = (
  teamGames: ReadonlyArray<TeamGame>,
  lines: ReadonlyArray<PlayerLine>,
  taken: ReadonlyMap<string, GameDraft>
): GameDrafts => {
  const skipped: Array<SkippedRow> = []
  const games = new Map<string, GameDraft>()
  // Home team and each team's goalie minutes per game, from the player lines.
  const homeOf = new Map<string, string>()
  const goalieMinutes = new Map<string, Map<string, number>>()
  for (const l of lines) {
    if (l.home && !homeOf.has(l.gameId)) homeOf.set(l.gameId, l.team)
    if (!l.home && !homeOf.has(l.gameId)) homeOf.set(l.gameId, l.opponent)
    if (l.isGoalie) {
      const m = goalieMinutes.get(l.gameId) ?? new Map<string, number>()
      m.set(l.team, (m.get(l.team) ?? 0) + (l.counts.toi_minutes ?? 0))
      goalieMinutes.set(l.gameId, m)
    }
  }
  const sidesById = new Map<string, Array<TeamGame>>()
  for (const t of teamGames) pushTo(sidesById, t.id, t)
  for (const [id, sides] of sidesById) {
    const first = sides[0]!
    const skipAll = (reason: string) => sides.forEach((s) => skipped.push({ file: s.file, line: s.line, reason }))
    if (taken.has(id)) {
      skipAll(`game ${id} is already read from another source`)
      continue
    }
    const contradiction = sides.find((s) =>
      !((s.team === first.team && s.opponent === first.opponent && s.goalsFor === first.goalsFor &&
        s.goalsAgainst === first.goalsAgainst && s.date === first.date) ||
        (s.team === first.opponent && s.opponent === first.team && s.goalsFor === first.goalsAgainst &&
          s.goalsAgainst === first.goalsFor && s.date === first.date))
    )
    if (contradiction !== undefined || sides.length > 2) {
      skipAll(`the rows of game ${id} disagree on teams, date or goals`)
      continue
    }
    const home = homeOf.get(id)
    if (home === undefined || (home !== first.team && home !== first.opponent)) {
      skipAll(`no player line tells home from away for game ${id}`)
      continue
    }
    const away = home === first.team ? first.opponent : first.team
    const goals = (team: string) => (first.team === team ? first.goalsFor : first.goalsAgainst)
    const shots = (team: string) => (first.team === team ? first.shotsFor : first.shotsAgainst)
    const unplayed = goals(home) === 0 && goals(away) === 0 && shots(home) === 0 && shots(away) === 0
    const homeScore = unplayed ? null : goals(home)
    const awayScore = unplayed ? null : goals(away)
    const attributes: Record<string, unknown> = {
      source: "bettormanpicks_bmp_app",
      home_shots: shots(home),
      away_shots: shots(away)
    }
    const result = resultTypeFromGoalies(homeScore, awayScore, goalieMinutes.get(id) ?? new Map())
    if (result !== undefined) attributes.result_type = result
    games.set(id, {
      id,
      season: first.season,
      seasonType: first.seasonType,
      date: first.date,
      startTime: null,
      home,
      away,
      homeScore,
      awayScore,
      attributes
    })
  }
  return { games, skipped }
}

// ---------------------------------------------------------------------------------------------
// lines
// ---------------------------------------------------------------------------------------------

/** A goalie's decision counts: wins, losses, overtime (or shootout) losses; null where unknown. */
export interface GoalieDecision {
  readonly wins: number | null
  readonly losses: number | null
  readonly ot: number | null
}

/**
 * The decision of `team`'s goalie of record in `game` (module doc, Goalie decisions): a win 1-0-0;
 * a regulation loss 0-1-0; an overtime or shootout loss 0-0-1; a loss of unknown kind 0 wins, the
 * others null; a level score (a shootout of unknown winner) or a game without scores all null.
 */
export const goalieDecision = (game: GameDraft, team: string): GoalieDecision => {
  const none = { wins: null, losses: null, ot: null }
  if (game.homeScore === null || game.awayScore === null) return none
  const gf = team === game.home ? game.homeScore : game.awayScore
  const ga = team === game.home ? game.awayScore : game.homeScore
  const type = game.attributes.result_type as ResultType | undefined
  if (gf === ga) return none
  if (gf > ga) return { wins: 1, losses: 0, ot: 0 }
  if (type === "regulation") return { wins: 0, losses: 1, ot: 0 }
  if (type === "overtime" || type === "shootout") return { wins: 0, losses: 0, ot: 1 }
  return { wins: 0, losses: null, ot: null }
}

/** A player line joined to its game. */
export interface JoinedLine {
  readonly line: PlayerLine
  readonly game: GameDraft
}

/** The counts only a goalie's line carries (a skater's are null: the source writes 0). */
const goalieCounts: ReadonlySet<string> = new Set(["shots_against", "goals_against", "saves", "save_pct"])

/**
 * Phase `lines`. Inputs: the bettormanpicks player game logs (2025-26) and the games. Output: one
 * stat line per (player, game), sorted by id; the lines joined to their games (for phase
 * `players`); skipped, a line of no game, of a team or side the game contradicts, or a player's
 * second line of a game. Goalie counts only on goalie lines (`save_pct` null without shots
 * faced); decisions ({@link goalieDecision}) only for a team's only goalie with time on ice.
 */
export const linesPhase = (
  playerLines: ReadonlyArray<PlayerLine>,
  games: ReadonlyMap<string, GameDraft>
): {
  readonly statLines: ReadonlyArray<StatLine>
  readonly joined: ReadonlyArray<JoinedLine>
  readonly skipped: ReadonlyArray<SkippedRow>
} => {
  const skipped: Array<SkippedRow> = []
  const lines = new Map<string, JoinedLine>()
  for (const l of playerLines) {
    const game = games.get(l.gameId)
    const skip = (reason: string) => skipped.push({ file: l.file, line: l.line, reason })
    if (game === undefined) {
      skip(`no game ${l.gameId}`)
      continue
    }
    if ((l.home ? game.home : game.away) !== l.team || (l.home ? game.away : game.home) !== l.opponent) {
      skip(`${l.team} ${l.home ? "vs" : "at"} ${l.opponent} contradicts game ${game.id} (${game.away} at ${game.home})`)
      continue
    }
    const id = `${nhlPlayerId(l.playerId)}:${game.id}`
    if (lines.has(id)) {
      skip(`second line of player ${l.playerId} in game ${game.id}`)
      continue
    }
    lines.set(id, { line: l, game })
  }
  // Goalies with time on ice per (game, team): the goalie of record when there is exactly one.
  const goaliesPlayed = new Map<string, number>()
  for (const { game, line } of lines.values()) {
    if (line.isGoalie && (line.counts.toi_minutes ?? 0) > 0) {
      const k = `${game.id}|${line.team}`
      goaliesPlayed.set(k, (goaliesPlayed.get(k) ?? 0) + 1)
    }
  }

  const statLines: Array<StatLine> = []
  for (const [id, { game, line: l }] of lines) {
    const c: LineCounts = l.counts
    const stats = nullStats("nhl")
    for (const [k, v] of Object.entries(c)) if (!goalieCounts.has(k)) stats[k] = v
    if (l.isGoalie) {
      stats.shots_against = c.shots_against
      stats.goals_against = c.goals_against
      stats.saves = c.saves
      stats.save_pct = (c.shots_against ?? 0) > 0 ? c.save_pct : null
      if (goaliesPlayed.get(`${game.id}|${l.team}`) === 1 && (c.toi_minutes ?? 0) > 0) {
        const d = goalieDecision(game, l.team)
        stats.goalie_wins = d.wins
        stats.goalie_losses = d.losses
        stats.goalie_ot_losses = d.ot
      }
    }
    statLines.push(scoredLine("nhl", {
      id,
      player_id: nhlPlayerId(l.playerId),
      game_id: game.id,
      season: game.season,
      week: null,
      game_date: game.date,
      team: l.team,
      opponent: l.opponent,
      position: l.position,
      is_starter: null,
      stats
    }))
  }
  return { statLines: statLines.sort(byId), joined: [...lines.values()], skipped }
}

// ---------------------------------------------------------------------------------------------
// players
// ---------------------------------------------------------------------------------------------

/**
 * Phase `players`. Inputs: the current player list (bettormanpicks `nhl_players.csv`), the
 * twinfield10 rosters (`NHL_Roster_Full_<date>.csv`), the status history
 * (`nhl_player_status_history.csv`) and the joined lines. Output: every player id of those
 * sources, sorted by id, with name, position, team, status and attributes by the rules of the
 * module doc (injured: latest entry IR, LTIR, O or GTD and no line since); status entries
 * without an id that match no single player by name are skipped.
 */
export const playersPhase = (
  listedPlayers: ReadonlyArray<PlayerRow>,
  rosterRows: ReadonlyArray<RosterRow>,
  statuses: ReadonlyArray<StatusRow>,
  joined: ReadonlyArray<JoinedLine>
): { readonly players: ReadonlyArray<Player>; readonly skipped: ReadonlyArray<SkippedRow> } => {
  const current = new Map(listedPlayers.map((p) => [p.playerId, p]))
  const rosters = new Map<string, Array<RosterRow>>()
  for (const r of rosterRows) pushTo(rosters, r.playerId, r)
  const latestRoster = (pid: string): RosterRow | undefined =>
    (rosters.get(pid) ?? []).reduce<RosterRow | undefined>(
      (a, r) => (a === undefined || r.season >= a.season ? r : a),
      undefined
    )

  const latestLine = new Map<string, PlayerLine>()
  for (const { game, line } of joined) {
    const prev = latestLine.get(line.playerId)
    if (prev === undefined || `${game.date}|${game.id}` > `${prev.date}|${prev.gameId}`) {
      latestLine.set(line.playerId, line)
    }
  }
  const newestSeason = Math.max(0, ...[...latestLine.values()].map((l) => l.season))

  // Each player's latest status; entries without an id are matched by full name.
  const statusOf = latestStatuses(
    statuses,
    idsByName([
      ...listedPlayers.map((p) => [p.name, p.playerId] as const),
      ...rosterRows.map((r) => [`${r.firstName} ${r.lastName}`, r.playerId] as const)
    ])
  )
  const latestStatus = statusOf.latest

  const ids = new Set<string>([...rosters.keys(), ...current.keys(), ...latestLine.keys(), ...latestStatus.keys()])
  const players: Array<Player> = []
  for (const pid of ids) {
    const listed = current.get(pid)
    const roster = latestRoster(pid)
    const seen = latestLine.get(pid)
    const status = latestStatus.get(pid)
    const rosterName = roster === undefined ? undefined : `${roster.firstName} ${roster.lastName}`
    const fullName = listed?.name ?? rosterName ?? status?.name ?? seen?.name ?? ""
    const names = listed === undefined && roster !== undefined
      ? { first: roster.firstName, last: roster.lastName }
      : splitName(fullName)
    const first = names.first !== null && /^\p{L}\.$/u.test(names.first) ? null : names.first
    const hasCurrentLine = seen !== undefined && seen.season === newestSeason
    const injured = isInjured(status, injuringCodes, seen?.date)
    const isCurrent = listed !== undefined || hasCurrentLine
    const attributes: Record<string, unknown> = {}
    if (roster !== undefined) {
      const put = (key: string, v: unknown) => {
        if (v !== null) attributes[key] = v
      }
      put("shoots_catches", roster.shootsCatches)
      put("jersey_number", roster.sweaterNumber)
      put("height_inches", roster.heightInches)
      put("weight_pounds", roster.weightPounds)
      put("height_cm", roster.heightCm)
      put("weight_kg", roster.weightKg)
      put("birth_city", roster.birthCity)
      put("birth_state_province", roster.birthStateProvince)
      put("birth_country", roster.birthCountry)
      put("headshot_url", roster.headshot)
      attributes.rosters = (rosters.get(pid) ?? []).map((r) => [r.season, r.team])
    }
    if (status !== undefined) attributes.injury = injuryAttribute(status)
    players.push({
      id: nhlPlayerId(pid),
      sport: "nhl",
      full_name: fullName,
      first_name: first,
      last_name: names.last,
      position: listed?.position ?? seen?.position ?? roster?.position ?? null,
      team: listed?.team ?? (hasCurrentLine ? seen.team : null),
      status: injured ? "injured" : isCurrent ? "active" : "inactive",
      birth_date: roster?.birthDate ?? null,
      platform_ids: { nhl: pid },
      attributes
    })
  }
  return { players: players.sort(byId), skipped: statusOf.skipped }
}

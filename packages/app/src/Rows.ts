/**
 * Canonical rows (packages/domain Canonical.ts) to response rows (Resources.ts). Pure.
 *
 * Stat values come from `StatLine.stats` under the keys of `StatKeys`; a missing key is null.
 * Integer fields are rounded (sources write counts as floats such as `12.0`).
 * @module
 */
import type { Game, Player, PollRanking, Resources, StatLine, Team, TeamRoster, TeamSport } from "@sports-data/domain"
import { Live, Sports, Standings } from "@sports-data/domain"

/** `YYYY-MM-DD` as the date-time at 00:00 UTC of that day. */
export const dateTime = (date: string): string => `${date}T00:00:00.000Z`

/** An instant as ISO 8601, or null. */
export const iso = (
  d: Date | null | undefined
): string | null => (d === null || d === undefined ? null : d.toISOString())

/** A stat value, or null when absent. */
export const stat = (line: StatLine, key: string): number | null => {
  const v = line.stats[key]
  return v === undefined || v === null || !Number.isFinite(v) ? null : v
}

/** A stat value rounded to an integer, or null. */
export const intStat = (line: StatLine, key: string): number | null => {
  const v = stat(line, key)
  return v === null ? null : Math.round(v)
}

/** Rounds to `digits` decimals (for averages and percentages). */
export const round = (v: number, digits: number): number => {
  const f = 10 ** digits
  return Math.round(v * f) / f
}

/** Fantasy points as the decimal string of the mlb resources ("12.50"), or null. */
export const pointsString = (v: number | null): string | null => (v === null ? null : v.toFixed(2))

/** Outs recorded as innings in baseball notation: 20 outs = "6.2" (6 innings and 2 outs). */
export const inningsString = (outs: number): string => `${Math.floor(outs / 3)}.${outs % 3}`

// ---------------------------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------------------------

/**
 * The abbreviation a team is shown with: its `attributes.abbreviation` where the team is keyed by
 * an id (cfb: the CFBD id; the school's abbreviation from the box scores when known), else its
 * key. The key stays the team's id everywhere (`team_id`, `home_team.id`, roster paths).
 */
export const displayAbbr = (team: Team | undefined, key: string): string => {
  const a = team?.attributes?.["abbreviation"] // rows of other stores may lack attributes
  return typeof a === "string" && a !== "" ? a : key
}

/**
 * The canonical team fields (Resources.TeamRef, docs/vocabulary.md) of a row naming the team keyed
 * `key`: `team_id` the key, `team_abbr` its shown abbreviation ({@link displayAbbr} of `team` when
 * given, else `abbr` when given, else the key); both null when the row names no team (`key` null or "").
 */
export const teamRef = (
  key: string | null | undefined,
  team?: Team | undefined,
  abbr?: string | undefined
): { readonly team_id: string | null; readonly team_abbr: string | null } =>
  key === null || key === undefined || key === ""
    ? { team_id: null, team_abbr: null }
    : { team_id: key, team_abbr: team === undefined && abbr !== undefined ? abbr : displayAbbr(team, key) }

/**
 * The canonical fields of a row naming player `p` (Resources.PlayerRef and TeamRef): its id, full
 * name and team. The team's abbreviation is `team`'s when given, else the one ingest recorded on
 * the player (`attributes.team_abbr`, where the team key is not an abbreviation: cfb), else the key.
 */
export const playerRef = (p: Player, team?: Team | undefined) => {
  const recorded = p.attributes?.["team_abbr"]
  return {
    player_id: p.id,
    player_name: p.full_name,
    ...teamRef(p.team, team, typeof recorded === "string" && recorded !== "" ? recorded : undefined)
  }
}

/**
 * TeamRow of a team: its abbreviation (the shown one, {@link displayAbbr}), name, conference,
 * division, players held and roster path (by key).
 */
export const teamRow = (sport: TeamSport, t: Team, playerCount: number): Resources.TeamRow => ({
  ...teamRef(t.abbr, t),
  abbreviation: displayAbbr(t, t.abbr),
  full_name: t.name,
  conference: t.conference,
  division: t.division,
  player_count: playerCount,
  roster_url: `/v1/${sport}/teams/${t.abbr}/roster`
})

/**
 * Mlb team row (specification): roster size, active players and the distinct positions of the
 * team's roster (PlayerReader `teamRosters`); `league` is the team's conference (AL, NL).
 */
export const mlbTeamRow = (t: Team, roster: TeamRoster): Resources.MLBTeamRow => ({
  ...teamRef(t.abbr, t),
  abbreviation: t.abbr,
  full_name: t.name,
  league: t.conference,
  division: t.division,
  roster_size: roster.players,
  active_players: roster.active,
  positions: roster.positions
})

/**
 * True when a team's division matches a filter: equal to the stored division, or to
 * "<conference> <division>", or the stored division ends with the filter as a word
 * ("East" matches "AFC East"). Case-insensitive.
 */
export const divisionMatches = (team: Team, filter: string): boolean => {
  if (team.division === null) return false
  const f = filter.trim().toLowerCase()
  const d = team.division.toLowerCase()
  const full = `${(team.conference ?? "").toLowerCase()} ${d}`
  return d === f || full === f || d.endsWith(` ${f}`)
}

/** True when a team's conference matches a filter: equal, or starts with it ("east" ~ "Eastern"). */
export const conferenceMatches = (team: Team, filter: string): boolean =>
  team.conference !== null && team.conference.toLowerCase().startsWith(filter.trim().toLowerCase())

// ---------------------------------------------------------------------------------------------
// Players
// ---------------------------------------------------------------------------------------------

/** PlayerIdentity of a player; nfl detail adds team_name, conference, division from `team`. */
export const playerIdentity = (p: Player, team?: Team | undefined): Resources.PlayerIdentity => ({
  ...playerRef(p, team),
  playcaller_id: p.id,
  full_name: p.full_name,
  position: p.position ?? "",
  team: p.team ?? "",
  sport_key: p.sport,
  status: p.status,
  platform_ids: p.platform_ids,
  ...(team === undefined ? {} : { team_name: team.name }),
  ...(team?.conference == null ? {} : { conference: team.conference }),
  ...(team?.division == null ? {} : { division: team.division })
})

/** Cross-sport search row. */
export const searchRow = (p: Player): Resources.PlayerSearchRow => ({
  ...playerRef(p),
  playcaller_id: p.id,
  full_name: p.full_name,
  position: p.position ?? "",
  team: p.team ?? "",
  sport: p.sport,
  status: p.status
})

/** MLBPlayer of a player. */
export const mlbPlayer = (p: Player): Resources.MLBPlayer => ({
  ...playerRef(p),
  id: p.id,
  full_name: p.full_name,
  ...(p.first_name === null ? {} : { first_name: p.first_name }),
  ...(p.last_name === null ? {} : { last_name: p.last_name }),
  position: p.position ?? "",
  team: p.team ?? "",
  status: p.status
})

/** The player summary of a stats response. */
export const playerSummary = (p: Player): Resources.PlayerSummary => ({
  ...playerRef(p),
  id: p.id,
  full_name: p.full_name,
  team: p.team ?? "",
  position: p.position ?? ""
})

// ---------------------------------------------------------------------------------------------
// Stat lines
// ---------------------------------------------------------------------------------------------

/** Nfl per-game stats row. */
export const nflStatsRow = (l: StatLine): Resources.NflStatsRow => ({
  ...teamRef(l.team),
  game_id: l.game_id,
  season: l.season,
  week: l.week,
  team: l.team,
  opponent: l.opponent,
  passing_yards: intStat(l, "passing_yards"),
  passing_tds: intStat(l, "passing_tds"),
  rushing_yards: intStat(l, "rushing_yards"),
  rushing_tds: intStat(l, "rushing_tds"),
  receiving_yards: intStat(l, "receiving_yards"),
  receiving_tds: intStat(l, "receiving_tds"),
  receptions: intStat(l, "receptions"),
  snap_pct: stat(l, "snap_pct"),
  target_share: stat(l, "target_share"),
  air_yards: stat(l, "air_yards"),
  passing_completions: intStat(l, "passing_completions"),
  passing_attempts: intStat(l, "passing_attempts"),
  interceptions: intStat(l, "interceptions"),
  rushing_attempts: intStat(l, "rushing_attempts"),
  targets: intStat(l, "targets"),
  fumbles_lost: intStat(l, "fumbles_lost"),
  fantasy_points: l.fantasy_points,
  fantasy_points_formats: l.fantasy_points_formats
})

/** Nba per-game row. `is_back_to_back` is false when the line does not say. */
export const nbaStatsRow = (l: StatLine): Resources.NbaStatsRow => ({
  ...teamRef(l.team),
  game_id: l.game_id,
  game_date: l.game_date,
  season: l.season,
  team: l.team,
  opponent: l.opponent,
  points: intStat(l, "points"),
  rebounds: intStat(l, "rebounds"),
  assists: intStat(l, "assists"),
  steals: intStat(l, "steals"),
  blocks: intStat(l, "blocks"),
  turnovers: intStat(l, "turnovers"),
  minutes_played: stat(l, "minutes_played"),
  usage_rate: stat(l, "usage_rate"),
  is_starter: l.is_starter,
  is_back_to_back: stat(l, "is_back_to_back") === 1,
  fantasy_points: l.fantasy_points
})

/**
 * Nba game-log row: the per-game row, shooting lines, and the result from the player's team's
 * side when the game is in the store (`game`).
 */
export const nbaGameLogRow = (l: StatLine, game: Game | undefined): Resources.NbaGameLogRow => {
  const r = lineResult(l, game)
  return {
    ...nbaStatsRow(l),
    home: r.home,
    result: r.result === "T" ? null : r.result,
    team_score: r.team_score,
    opponent_score: r.opponent_score,
    field_goals_made: intStat(l, "field_goals_made"),
    field_goals_attempted: intStat(l, "field_goals_attempted"),
    three_pointers_made: intStat(l, "three_pointers_made"),
    three_pointers_attempted: intStat(l, "three_pointers_attempted"),
    free_throws_made: intStat(l, "free_throws_made"),
    free_throws_attempted: intStat(l, "free_throws_attempted"),
    offensive_rebounds: intStat(l, "offensive_rebounds"),
    defensive_rebounds: intStat(l, "defensive_rebounds"),
    personal_fouls: intStat(l, "personal_fouls"),
    plus_minus: intStat(l, "plus_minus")
  }
}

/**
 * The result of a line's game from the player's team's side: home or away, W/L/T and both scores;
 * nulls when the game is not held, not scored, or the line has no team.
 */
export const lineResult = (l: StatLine, game: Game | undefined) => {
  const home = game === undefined || l.team === null ? null : game.home_team === l.team
  const scored = game !== undefined && game.home_score !== null && game.away_score !== null && home !== null
  const teamScore = scored ? (home ? game.home_score : game.away_score) : null
  const oppScore = scored ? (home ? game.away_score : game.home_score) : null
  const result: "W" | "L" | "T" | null = teamScore === null || oppScore === null
    ? null
    : teamScore > oppScore
    ? "W"
    : teamScore < oppScore
    ? "L"
    : "T"
  return { home, result, team_score: teamScore, opponent_score: oppScore }
}

/** NHL per-game row (Resources.NhlStatsRow). */
export const nhlStatsRow = (l: StatLine): Resources.NhlStatsRow => ({
  ...teamRef(l.team),
  game_id: l.game_id,
  game_date: l.game_date,
  season: l.season,
  team: l.team,
  opponent: l.opponent,
  position: l.position,
  goals: intStat(l, "goals"),
  assists: intStat(l, "assists"),
  points: intStat(l, "points"),
  shots: intStat(l, "shots"),
  hits: intStat(l, "hits"),
  blocked_shots: intStat(l, "blocked_shots"),
  pp_points: intStat(l, "pp_points"),
  toi_minutes: stat(l, "toi_minutes"),
  shots_against: intStat(l, "shots_against"),
  saves: intStat(l, "saves"),
  goals_against: intStat(l, "goals_against"),
  save_pct: stat(l, "save_pct"),
  fantasy_points: l.fantasy_points
})

/** Game-log row of a sport without a specified shape (cfb): the game, its result, and every stat of the line. */
export const gameLogRow = (l: StatLine, game: Game | undefined): Resources.GameLogRow => ({
  ...teamRef(l.team),
  game_id: l.game_id,
  game_date: l.game_date,
  season: l.season,
  week: l.week,
  team: l.team,
  opponent: l.opponent,
  position: l.position,
  ...lineResult(l, game),
  stats: l.stats
})

/** Batting object of an mlb line; `withPlateAppearances` adds ab and pa (player-stats endpoint). */
export const mlbBatting = (l: StatLine, withPlateAppearances: boolean): Resources.MLBBatting => ({
  h: intStat(l, "batting_h"),
  r: intStat(l, "batting_r"),
  hr: intStat(l, "batting_hr"),
  rbi: intStat(l, "batting_rbi"),
  sb: intStat(l, "batting_sb"),
  bb: intStat(l, "batting_bb"),
  ...(withPlateAppearances ? { ab: intStat(l, "batting_ab"), pa: intStat(l, "batting_pa") } : {})
})

/** Pitching object of an mlb line, null when the player recorded no pitching line. */
export const mlbPitching = (l: StatLine): Resources.MLBPitching | null => {
  const outs = intStat(l, "pitching_outs")
  if (outs === null) return null
  return {
    ip: inningsString(outs),
    w: intStat(l, "pitching_w"),
    k: intStat(l, "pitching_k"),
    sv: intStat(l, "pitching_sv"),
    hld: intStat(l, "pitching_hld"),
    er: intStat(l, "pitching_er")
  }
}

/** MLBPlayerStats row of the player-stats endpoint. */
export const mlbStatsRow = (
  l: StatLine,
  player: Player,
  isFinal: boolean,
  lastUpdated: string | null
): Resources.MLBPlayerStats => ({
  ...playerRef(player),
  ...teamRef(l.team ?? player.team),
  game_id: l.game_id,
  rank: null,
  id: null,
  player_name: null,
  team: l.team ?? player.team ?? "",
  position: l.position ?? player.position ?? "",
  stat_date: dateTime(l.game_date ?? `${l.season}-01-01`),
  game_pk: l.game_id,
  fantasy_points: pointsString(l.fantasy_points),
  is_final: isFinal,
  is_starter: l.is_starter,
  last_updated: lastUpdated,
  batting: mlbBatting(l, true),
  pitching: mlbPitching(l)
})

/** MLBPlayerStats row of the leaders endpoint (rank, id and player_name set). */
export const mlbLeaderRow = (
  l: StatLine,
  rank: number,
  player: Player | undefined,
  isFinal: boolean
): Resources.MLBPlayerStats => ({
  player_id: l.player_id,
  player_name: player?.full_name ?? l.player_id,
  ...teamRef(l.team ?? player?.team),
  game_id: l.game_id,
  rank,
  id: l.player_id,
  team: l.team ?? player?.team ?? "",
  position: l.position ?? player?.position ?? "",
  stat_date: dateTime(l.game_date ?? `${l.season}-01-01`),
  game_pk: null,
  fantasy_points: pointsString(l.fantasy_points),
  is_final: isFinal,
  is_starter: null,
  last_updated: null,
  batting: mlbBatting(l, false),
  pitching: mlbPitching(l)
})

// ---------------------------------------------------------------------------------------------
// Games
// ---------------------------------------------------------------------------------------------

/** True for a finished game (final, or mlb completed). */
export const isFinalState = (state: string): boolean => state === "final" || state === "completed"

const gameTeam = (
  abbr: string,
  score: number | null,
  teams: ReadonlyMap<string, Team>
): Resources.Game["home_team"] => {
  const t = teams.get(abbr)
  return { ...teamRef(abbr, t), id: abbr, name: t?.name ?? abbr, abbr: displayAbbr(t, abbr), logo: null, score }
}

/**
 * Game row (nba; the base of nfl rows). `period`, `period_label`, `clock` and `last_polled` come
 * from the live poll of the game (`attributes.live`, domain Live.ts) when it was polled; else
 * null and `lastPolled` (the sport's last refresh).
 */
export const gameRow = (g: Game, teams: ReadonlyMap<string, Team>, lastPolled: string): Resources.Game => {
  const live = Live.liveOf(g)
  return {
    game_id: g.id,
    event_id: g.id,
    league: Sports.moduleOf(g.sport).leagues.length > 1 ? g.league : null,
    game_date: g.game_date === null ? null : dateTime(g.game_date),
    game_time: iso(g.start_time),
    state: g.state,
    home_team: gameTeam(g.home_team, g.home_score, teams),
    away_team: gameTeam(g.away_team, g.away_score, teams),
    period: live?.period ?? null,
    period_label: live?.period_label ?? null,
    clock: live?.clock ?? null,
    venue: g.venue,
    broadcast: null,
    is_final: isFinalState(g.state),
    last_polled: live?.last_polled ?? lastPolled
  }
}

const numberAttribute = (g: Game, key: string): number | null => {
  const v = g.attributes[key]
  return typeof v === "number" && Number.isFinite(v) ? v : null
}

/** Nfl game row. */
export const nflGameRow = (g: Game, teams: ReadonlyMap<string, Team>, lastPolled: string): Resources.NflGame => ({
  ...gameRow(g, teams, lastPolled),
  season: g.season,
  week: g.week,
  season_type: g.season_type,
  spread_line: numberAttribute(g, "spread_line"),
  total_line: numberAttribute(g, "total_line")
})

/** MLB Stats API abstract game status codes by state. */
export const MLB_STATUS_CODES: Readonly<Record<string, string>> = {
  scheduled: "S",
  pre_game: "P",
  in_progress: "I",
  final: "F",
  completed: "O",
  postponed: "D"
}

const mlbTeam = (
  abbr: string,
  score: number | null,
  teams: ReadonlyMap<string, Team>
): Resources.MLBGame["home_team"] => {
  const t = teams.get(abbr)
  const id = t?.external_id === null || t?.external_id === undefined ? NaN : Number(t.external_id)
  return { ...teamRef(abbr, t), id: Number.isSafeInteger(id) ? id : null, name: t?.name ?? abbr, score }
}

/**
 * MLBGame row. `lineup_posted` is the live poll's when it says, else the game's `lineup_posted`
 * attribute when the source sets it, else true once the game has started (in progress, final,
 * completed). `inning`, `inning_state` and `last_polled` come from the live poll when the game
 * was polled (`attributes.live`), else null and `lastPolled`.
 */
export const mlbGameRow = (g: Game, teams: ReadonlyMap<string, Team>, lastPolled: string): Resources.MLBGame => {
  const live = Live.liveOf(g)
  const posted = live?.lineup_posted ?? g.attributes["lineup_posted"]
  return {
    game_id: g.id,
    game_pk: g.id,
    game_date: g.game_date === null ? null : dateTime(g.game_date),
    game_time: iso(g.start_time),
    state: g.state,
    home_team: mlbTeam(g.home_team, g.home_score, teams),
    away_team: mlbTeam(g.away_team, g.away_score, teams),
    inning: live?.inning ?? null,
    inning_state: live?.inning_state ?? null,
    lineup_posted: typeof posted === "boolean" ? posted : g.state === "in_progress" || isFinalState(g.state),
    is_final: isFinalState(g.state),
    status_code: MLB_STATUS_CODES[g.state] ?? g.state,
    last_polled: live?.last_polled ?? lastPolled
  }
}

// ---------------------------------------------------------------------------------------------
// Standings
// ---------------------------------------------------------------------------------------------

/**
 * Standing row of a computed standing. Records are W-L-T where the league's rules count ties
 * (nfl, soccer); leagues ranked by points (nhl, soccer) add `points`, `ot_losses` (nhl),
 * `points_deducted` (soccer) and `league` (soccer). `team_id` is the team id `/teams` lists.
 */
export const standingRow = (
  sport: TeamSport,
  league: string,
  s: Standings.TeamStanding,
  lastUpdated: string | null
): Resources.Standing => {
  const rules = Sports.standingsRules(sport, league)
  const withTies = rules?.withTies ?? false
  const multiLeague = Sports.moduleOf(sport).leagues.length > 1
  if (rules?.football === true) return footballRow(league, s, lastUpdated)
  return {
    rank: s.rank,
    ...(multiLeague ? { league } : {}),
    ...(withTies ? { ties: s.ties } : {}),
    team_id: s.team.abbr,
    team_name: s.team.name,
    team_abbr: displayAbbr(s.team, s.team.abbr),
    team_logo: null,
    conference: s.team.conference,
    division: s.team.division,
    wins: s.wins,
    losses: s.losses,
    win_pct: round(s.win_pct, 3),
    games_back: Standings.formatGamesBack(s.games_back),
    streak: s.streak,
    home_record: Standings.formatRecord(s.home, withTies),
    away_record: Standings.formatRecord(s.away, withTies),
    conf_record: Standings.formatRecord(s.conference_record, withTies),
    div_record: Standings.formatRecord(s.division_record, withTies),
    points_for: s.points_for,
    points_against: s.points_against,
    ...(s.standings_points !== null || s.ot_losses !== null || s.regulation_wins !== null
      ? { points: s.standings_points, ot_losses: s.ot_losses, regulation_wins: s.regulation_wins }
      : {}),
    ...(s.points_deducted !== null ? { points_deducted: s.points_deducted } : {}),
    tiebreaker: s.tiebreaker,
    last_updated: lastUpdated
  }
}

/** A record written W-D-L (association football). */
const wdl = (r: Standings.WLT): string => `${r.wins}-${r.ties}-${r.losses}`

/**
 * Standing row of an association football table (Resources.Standing, soccer terms): the
 * specification's fields with W-D-L records and null conference records and games back, plus
 * played, draws, goals and goal difference.
 */
const footballRow = (league: string, s: Standings.TeamStanding, lastUpdated: string | null): Resources.Standing => ({
  rank: s.rank,
  league,
  ties: s.ties,
  team_id: s.team.abbr,
  team_name: s.team.name,
  team_abbr: displayAbbr(s.team, s.team.abbr),
  team_logo: null,
  conference: null,
  division: null,
  wins: s.wins,
  losses: s.losses,
  win_pct: round(s.win_pct, 3),
  games_back: null,
  streak: s.streak,
  home_record: wdl(s.home),
  away_record: wdl(s.away),
  conf_record: null,
  div_record: null,
  points_for: s.points_for,
  points_against: s.points_against,
  points: s.standings_points,
  points_deducted: s.points_deducted ?? 0,
  played: s.games_played,
  draws: s.ties,
  goals_for: s.points_for,
  goals_against: s.points_against,
  goal_difference: s.points_for - s.points_against,
  record: wdl(s),
  tiebreaker: s.tiebreaker,
  last_updated: lastUpdated
})

/** CFBRanking row of a poll entry, `teams` giving the shown abbreviation ({@link displayAbbr}). */
export const rankingRow = (r: PollRanking, teams: ReadonlyMap<string, Team>): Resources.CFBRanking => ({
  rank: r.rank,
  team_id: r.team,
  team_name: r.team_name,
  team_abbr: displayAbbr(teams.get(r.team), r.team),
  record: r.record ?? "",
  points: r.points,
  first_place_votes: r.first_place_votes,
  prev_rank: r.prev_rank,
  week: r.week
})

/**
 * The nba projection model's pure parts (issue 23): the features of a player-game from what is
 * known before its tip-off, the walk-forward windows, the judged player-games and the comparison
 * of a set of predictions with the trailing 10-game mean. The fit (a numeric library) runs in
 * ingest ProjectionNba.ts (the training job in ingest Models.ts); this module imports types only.
 * The nfl model's parts are Projection.ts; the two share the registry's `projection` type.
 *
 * Known before tip-off, and so allowed as features (each from games dated strictly before the
 * predicted game's date): the player's earlier lines (FanDuel points and their parts, minutes,
 * games played and missed), his previous season's usage rate (the stored `usage_rate` is the
 * season's whole rate, so the predicted game's own season's value would read later games: only
 * the season before is read), his team's and his opponent's earlier games (points, possessions,
 * FanDuel points allowed, teammates absent from the team's latest game), and the predicted game's
 * own schedule facts (home or away, the game type, the team's game the day before: the
 * back-to-back is read from the team's games, never from the line's `is_back_to_back`). The
 * predicted game's own line and score are never an input. Closing lines are not used: the stored
 * nba odds are of 2026 only, none of the windows.
 *
 * Points: FanDuel (Scoring `nbaFormats`, the only nba format of the service: point 1, rebound 1.2,
 * assist 1.5, steal 3, block 3, turnover -1). DraftKings nba scoring needs three-pointers made and
 * double-doubles; the service has no such format and the 2022-23 to 2024-25 lines carry no
 * three-pointers made (meharpalbasi logs), so no DraftKings projection is made.
 * @module
 */
import type { Game, Player, StatLine } from "./Canonical.js"
import type { ModelResult } from "./Models.js"
import { byDate, firstOnOrAfter } from "./Projection.js"

/** The scoring formats an nba projection predicts (keys of `fantasy_points_formats`). */
export const nbaProjectionFormats = ["fanduel"] as const
export type NbaProjectionFormat = typeof nbaProjectionFormats[number]

/**
 * Settings of the feature builder: `window` games of the long trailing means (the baseline's
 * too), `recent` games of the short ones, `team` games of the team and opponent means, and
 * `halfLife` games of the exponentially weighted mean.
 */
export interface NbaProjectionWindows {
  readonly window: number
  readonly recent: number
  readonly team: number
  readonly halfLife: number
}

/** The windows of the model (chosen on the 2023-24 validation split; see the card). */
export const nbaProjectionWindows: NbaProjectionWindows = { window: 10, recent: 3, team: 10, halfLife: 4 }

/** Earlier games a judged player-game needs: 10, so that the trailing-10 baseline is a full 10-game mean. */
export const NBA_JUDGED_MIN_GAMES = 10

/** Names of the features, in the order of {@link NbaProjectionExample.features}; N etc. per {@link NbaProjectionWindows}. */
export const nbaProjectionFeatureNames = (w: NbaProjectionWindows): ReadonlyArray<string> => [
  `mean FanDuel points over his last ${w.window} games`,
  `mean FanDuel points over his last ${w.recent} games`,
  `exponentially weighted mean of his FanDuel points (half-life ${w.halfLife} games, his last 40)`,
  `mean FanDuel points over his earlier games this season (his last ${w.window} when none)`,
  "mean FanDuel points over his games of the previous season (his last 10 when none)",
  `mean minutes over his last ${w.window} games`,
  `mean minutes over his last ${w.recent} games`,
  "minutes in his previous game",
  `exponentially weighted mean of his minutes (half-life ${w.halfLife} games)`,
  "mean minutes over his earlier games this season (his last 10 when none)",
  `FanDuel points per minute over his last ${w.window} games`,
  "FanDuel points per minute over his earlier games this season (his last 10 when none)",
  `FanDuel points per minute over his last ${w.window} games × his weighted mean minutes`,
  `FanDuel points per minute this season × his mean minutes over his last ${w.recent} games`,
  `mean points over his last ${w.window} games`,
  `mean rebounds over his last ${w.window} games`,
  `mean assists over his last ${w.window} games`,
  `mean steals + blocks over his last ${w.window} games`,
  `mean turnovers over his last ${w.window} games`,
  `standard deviation of his FanDuel points over his last ${w.window} games`,
  "his usage rate of the previous season (percent 0-100; 0 when none)",
  "1 when he has no usage rate of the previous season, else 0",
  `games in his last-${w.window} window / ${w.window}`,
  "ln(1 + his earlier games)",
  "days since his previous game, capped at 10 (10 when none)",
  "1 when his team played the day before (back-to-back, from the team's games), else 0",
  "1 at home, else 0",
  "1 in the playoffs or the play-in, else 0",
  "share of his team's last 5 games (before this one) he played in",
  "1 when his previous game was for another team, else 0",
  "1 when he has no earlier game this season, else 0",
  `his opponent's mean FanDuel points allowed over its last ${w.team} games / the league's mean`,
  `mean FanDuel points over his last ${w.window} × his opponent's allowed / the league's mean`,
  `his team's and his opponent's mean possessions over their last ${w.team} games / the league's mean (pace)`,
  `mean FanDuel points over his last ${w.window} × the pace ratio`,
  `FanDuel points his team's absent players took per game: teammates with 5 of the team's last ${w.team} games, not in its latest game (their mean)`,
  `the absent players' FanDuel points × his share of his team's FanDuel points over his last ${w.window} games`
]

/**
 * One predicted player-game: who, which game, the newest date the features read (`as_of`, before
 * the game's date), his team, the features (see {@link nbaProjectionFeatureNames}), the trailing
 * baseline (mean FanDuel points over his last `window` games; null with no earlier game), how many
 * earlier games he has (`prior_games`), his minutes in the game (null for a game not played) and
 * the actual points per format (null for a game he has not played).
 */
export interface NbaProjectionExample {
  readonly player_id: string
  readonly game_id: string
  readonly season: number
  readonly game_date: string
  readonly as_of: string | null
  readonly team: string
  readonly features: ReadonlyArray<number>
  readonly baseline: number | null
  readonly prior_games: number
  readonly minutes: number | null
  readonly actual: Readonly<Record<NbaProjectionFormat, number>> | null
}

/** A player-game to predict: the player, his team and the game; the line is absent for a future game. */
export interface NbaProjectionTarget {
  readonly player_id: string
  readonly team: string
  readonly game: Game
}

const num = (v: number | null | undefined): number => (typeof v === "number" && Number.isFinite(v) ? v : 0)
const sum = (xs: ReadonlyArray<number>): number => xs.reduce((s, x) => s + x, 0)
const mean = (xs: ReadonlyArray<number>): number => (xs.length === 0 ? 0 : sum(xs) / xs.length)
const meanOr = (xs: ReadonlyArray<number>, fallback: number): number => (xs.length === 0 ? fallback : mean(xs))
const ewma = (xs: ReadonlyArray<number>, halfLife: number): number => {
  if (xs.length === 0) return 0
  const decay = Math.pow(0.5, 1 / halfLife)
  let w = 1
  let s = 0
  let t = 0
  for (let i = xs.length - 1; i >= 0; i--) {
    s += w * xs[i]!
    t += w
    w *= decay
  }
  return s / t
}

/** The FanDuel points of a line (0 when the line lacks them). */
const fanduel = (l: StatLine): number => num(l.fantasy_points_formats["fanduel"] ?? l.fantasy_points)

interface PlayerGame {
  readonly date: string
  readonly id: string
  readonly line: StatLine
  readonly points: number
  readonly minutes: number
}

interface TeamGame {
  readonly date: string
  readonly id: string
  /** Points scored and the FanDuel points of the opponent's players. */
  readonly scored: number
  readonly fdAllowed: number
  /** FanDuel points of the team's own players. */
  readonly fdScored: number
  /** Possessions (box_score_advanced), else null. */
  readonly possessions: number | null
  /** The team's players in the game and their FanDuel points. */
  readonly roster: ReadonlyArray<{ readonly player: string; readonly points: number }>
}

/**
 * The history every feature reads, built once from all stored lines and games: each player's
 * dated lines, each team's dated games (points, FanDuel points scored and allowed, possessions,
 * its players), every team-game in date order (the league means), every game's own schedule facts
 * and each player's season usage rate by season. Lines without a game id, date, team or known game
 * are left out; a game without both scores is schedule only (never a team-game of the means).
 */
export interface NbaProjectionHistory {
  readonly players: ReadonlyMap<string, ReadonlyArray<PlayerGame>>
  readonly teams: ReadonlyMap<string, ReadonlyArray<TeamGame>>
  readonly schedule: ReadonlyMap<string, ReadonlyArray<{ readonly date: string }>>
  readonly league: ReadonlyArray<TeamGame>
  readonly games: ReadonlyMap<string, Game>
  readonly usage: ReadonlyMap<string, number>
}

/** Builds the {@link NbaProjectionHistory} of nba `lines` and `games`. */
export const nbaProjectionHistory = (
  lines: ReadonlyArray<StatLine>,
  games: ReadonlyArray<Game>
): NbaProjectionHistory => {
  const gameById = new Map(games.map((g) => [g.id, g] as const))
  const rosters = new Map<string, Array<{ player: string; points: number }>>()
  const players = new Map<string, Array<PlayerGame>>()
  const usage = new Map<string, number>()
  for (const l of lines) {
    const g = l.game_id === null ? undefined : gameById.get(l.game_id)
    if (g === undefined || g.game_date === null || l.team === null) continue
    const points = fanduel(l)
    const k = `${g.id}|${l.team}`
    const roster = rosters.get(k) ?? []
    roster.push({ player: l.player_id, points })
    rosters.set(k, roster)
    const list = players.get(l.player_id) ?? []
    list.push({ date: g.game_date, id: g.id, line: l, points, minutes: num(l.stats["minutes_played"]) })
    players.set(l.player_id, list)
    const u = l.stats["usage_rate"]
    const uk = `${l.player_id}|${l.season}`
    if (typeof u === "number" && (g.season_type === "REG" || !usage.has(uk))) usage.set(uk, u)
  }
  for (const list of players.values()) list.sort(byDate)
  const teams = new Map<string, Array<TeamGame>>()
  const schedule = new Map<string, Array<{ readonly date: string }>>()
  const league: Array<TeamGame> = []
  for (const g of games) {
    if (g.game_date === null) continue
    for (const team of [g.home_team, g.away_team]) {
      const dates = schedule.get(team) ?? []
      dates.push({ date: g.game_date })
      schedule.set(team, dates)
    }
    if (g.home_score === null || g.away_score === null) continue
    const sides = [[g.home_team, g.away_team, g.home_score, "home_possessions"], [
      g.away_team,
      g.home_team,
      g.away_score,
      "away_possessions"
    ]] as const
    for (const [team, opponent, scored, possessionsKey] of sides) {
      const own = rosters.get(`${g.id}|${team}`) ?? []
      const poss = g.attributes[possessionsKey]
      const row: TeamGame = {
        date: g.game_date,
        id: g.id,
        scored,
        fdScored: sum(own.map((r) => r.points)),
        fdAllowed: sum((rosters.get(`${g.id}|${opponent}`) ?? []).map((r) => r.points)),
        possessions: typeof poss === "number" && poss > 0 ? poss : null,
        roster: own
      }
      const list = teams.get(team) ?? []
      list.push(row)
      teams.set(team, list)
      league.push(row)
    }
  }
  for (const list of teams.values()) list.sort(byDate)
  for (const list of schedule.values()) list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  league.sort(byDate)
  return { players, teams, schedule, league, games: gameById, usage }
}

/** The day before an ISO date (`YYYY-MM-DD`). */
const dayBefore = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)

/** League team-games the league means read: the last this many before the date (about 30 teams × 10 games). */
const LEAGUE_SPAN = 300

/**
 * What the features read of a team before a date: its last `window` games, its absent players
 * (those with 5 of these games, not in the newest one: their mean FanDuel points; their sum), and
 * the means of the FanDuel points it allowed and of its possessions (null with no such game).
 */
interface TeamContext {
  readonly earlier: ReadonlyArray<TeamGame>
  readonly absent: ReadonlyMap<string, number>
  readonly absentTotal: number
  readonly allowed: number | null
  readonly possessions: number | null
}

/** The league means before a date: FanDuel points allowed and possessions per team-game, and the newest date read. */
interface LeagueContext {
  readonly allowed: number
  readonly pace: number
  readonly newest: string | undefined
}

/** Contexts computed once per history (team and date, or date): the players of a team on a date share them. */
const contexts = new WeakMap<NbaProjectionHistory, Map<string, TeamContext | LeagueContext>>()

const cached = <A extends TeamContext | LeagueContext>(
  history: NbaProjectionHistory,
  key: string,
  make: () => A
): A => {
  let map = contexts.get(history)
  if (map === undefined) {
    map = new Map()
    contexts.set(history, map)
  }
  const hit = map.get(key)
  if (hit !== undefined) return hit as A
  const made = make()
  map.set(key, made)
  return made
}

const possessionsOf = (ts: ReadonlyArray<TeamGame>) =>
  ts.flatMap((t) => (t.possessions === null ? [] : [t.possessions]))

const teamContext = (history: NbaProjectionHistory, team: string, date: string, window: number): TeamContext =>
  cached(history, `${window}|${team}|${date}`, () => {
    const games = history.teams.get(team) ?? []
    const earlier = games.slice(Math.max(0, firstOnOrAfter(games, date) - window), firstOnOrAfter(games, date))
    const absent = new Map<string, number>()
    const newest = earlier[earlier.length - 1]
    if (newest !== undefined) {
      const inNewest = new Set(newest.roster.map((r) => r.player))
      const seen = new Map<string, { games: number; points: number }>()
      for (const t of earlier) {
        for (const r of t.roster) {
          if (inNewest.has(r.player)) continue
          const s = seen.get(r.player) ?? { games: 0, points: 0 }
          s.games += 1
          s.points += r.points
          seen.set(r.player, s)
        }
      }
      for (const [player, s] of seen) if (s.games >= 5) absent.set(player, s.points / s.games)
    }
    const possessions = possessionsOf(earlier)
    return {
      earlier,
      absent,
      absentTotal: sum([...absent.values()]),
      allowed: earlier.length === 0 ? null : mean(earlier.map((t) => t.fdAllowed)),
      possessions: possessions.length === 0 ? null : mean(possessions)
    }
  })

const leagueContext = (history: NbaProjectionHistory, date: string): LeagueContext =>
  cached(history, date, () => {
    const end = firstOnOrAfter(history.league, date)
    const earlier = history.league.slice(Math.max(0, end - LEAGUE_SPAN), end)
    return {
      allowed: meanOr(earlier.map((t) => t.fdAllowed), 0),
      pace: meanOr(possessionsOf(earlier), 0),
      newest: earlier[earlier.length - 1]?.date
    }
  })

/**
 * The features of one player-game (see {@link nbaProjectionFeatureNames}) from `history`,
 * reading only what is dated strictly before the game's date (and the game's own schedule facts),
 * with the baseline, the number of earlier games and `as_of` (the newest date read). Pure: the
 * team and league parts are memoised per history object, which is never changed once built.
 */
export const nbaProjectionFeatures = (
  history: NbaProjectionHistory,
  target: NbaProjectionTarget,
  w: NbaProjectionWindows = nbaProjectionWindows
): {
  readonly features: ReadonlyArray<number>
  readonly baseline: number | null
  readonly prior_games: number
  readonly as_of: string | null
} => {
  const game = target.game
  const date = game.game_date ?? ""
  const all = history.players.get(target.player_id) ?? []
  const earlier = all.slice(0, firstOnOrAfter(all, date))
  const last = earlier.slice(-w.window)
  const recent = earlier.slice(-w.recent)
  const season = earlier.filter((p) => p.line.season === game.season)
  const previousSeason = earlier.filter((p) => p.line.season === game.season - 1)
  const pts = (gs: ReadonlyArray<PlayerGame>) => mean(gs.map((p) => p.points))
  const mins = (gs: ReadonlyArray<PlayerGame>) => mean(gs.map((p) => p.minutes))
  const stat = (gs: ReadonlyArray<PlayerGame>, key: string) => mean(gs.map((p) => num(p.line.stats[key])))
  const perMinute = (gs: ReadonlyArray<PlayerGame>) => {
    const m = sum(gs.map((p) => p.minutes))
    return m > 0 ? sum(gs.map((p) => p.points)) / m : 0
  }
  const m = pts(last)
  const seasonOr = season.length === 0 ? last : season
  const weighted = earlier.slice(-40)
  const ewPoints = ewma(weighted.map((p) => p.points), w.halfLife)
  const ewMinutes = ewma(weighted.map((p) => p.minutes), w.halfLife)
  const sd = Math.sqrt(mean(last.map((p) => (p.points - m) ** 2)))
  const previous = earlier[earlier.length - 1]
  const usage = history.usage.get(`${target.player_id}|${game.season - 1}`)
  const restDays = previous === undefined
    ? 10
    : Math.min(10, (Date.parse(date) - Date.parse(previous.date)) / 86_400_000)
  const teamDates = history.schedule.get(target.team) ?? []
  const yesterday = dayBefore(date)
  const backToBack = teamDates[firstOnOrAfter(teamDates, yesterday)]?.date === yesterday ? 1 : 0
  const opponent = game.home_team === target.team ? game.away_team : game.home_team
  const own = teamContext(history, target.team, date, w.team)
  const opp = teamContext(history, opponent, date, w.team)
  const teamEarlier = own.earlier
  const league = leagueContext(history, date)
  const oppAllowed = opp.allowed ?? league.allowed
  const allowedRatio = league.allowed > 0 ? oppAllowed / league.allowed : 1
  const pace = league.pace > 0
    ? ((own.possessions ?? league.pace) + (opp.possessions ?? league.pace)) / (2 * league.pace)
    : 1
  const lately = earlier.slice(-2 * w.team)
  const played = new Set(lately.map((p) => p.id))
  const teamIds = new Set(teamEarlier.map((t) => t.id))
  const lastFive = teamEarlier.slice(-5)
  const shareOfLastFive = lastFive.length === 0 ? 1 : lastFive.filter((t) => played.has(t.id)).length / lastFive.length
  const absent = own.absentTotal - (own.absent.get(target.player_id) ?? 0)
  const teamFd = sum(teamEarlier.filter((t) => played.has(t.id)).map((t) => t.fdScored))
  const ownFd = sum(lately.filter((p) => teamIds.has(p.id)).map((p) => p.points))
  const share = teamFd > 0 ? ownFd / teamFd : 0
  const dates = [
    previous?.date,
    teamEarlier[teamEarlier.length - 1]?.date,
    opp.earlier[opp.earlier.length - 1]?.date,
    league.newest
  ]
    .filter((d): d is string => d !== undefined)
    .sort()
  const playoff = game.season_type === "POST" || game.season_type === "PLAY_IN" ? 1 : 0
  return {
    baseline: last.length === 0 ? null : m,
    prior_games: earlier.length,
    as_of: dates[dates.length - 1] ?? null,
    features: [
      m,
      pts(recent),
      ewPoints,
      pts(seasonOr),
      previousSeason.length === 0 ? m : pts(previousSeason),
      mins(last),
      mins(recent),
      previous?.minutes ?? 0,
      ewMinutes,
      mins(seasonOr),
      perMinute(last),
      perMinute(seasonOr),
      perMinute(last) * ewMinutes,
      perMinute(seasonOr) * mins(recent),
      stat(last, "points"),
      stat(last, "rebounds"),
      stat(last, "assists"),
      stat(last, "steals") + stat(last, "blocks"),
      stat(last, "turnovers"),
      sd,
      usage ?? 0,
      usage === undefined ? 1 : 0,
      last.length / w.window,
      Math.log(1 + earlier.length),
      restDays,
      backToBack,
      game.home_team === target.team ? 1 : 0,
      playoff,
      shareOfLastFive,
      previous !== undefined && previous.line.team !== target.team ? 1 : 0,
      season.length === 0 ? 1 : 0,
      allowedRatio,
      m * allowedRatio,
      pace,
      m * pace,
      absent,
      absent * share
    ]
  }
}

/**
 * Every player-game of a line in `history` whose game is known and dated, with its features from
 * earlier data only ({@link nbaProjectionFeatures}), its minutes and actual FanDuel points.
 * Ordered by game date, then player id.
 */
export const buildNbaProjectionExamples = (
  history: NbaProjectionHistory,
  w: NbaProjectionWindows = nbaProjectionWindows
): ReadonlyArray<NbaProjectionExample> => {
  const out: Array<NbaProjectionExample> = []
  for (const [player_id, games] of history.players) {
    for (const p of games) {
      const game = history.games.get(p.id)
      if (game === undefined) continue
      const team = p.line.team!
      const f = nbaProjectionFeatures(history, { player_id, team, game }, w)
      out.push({
        player_id,
        game_id: game.id,
        season: game.season,
        game_date: p.date,
        as_of: f.as_of,
        team,
        features: f.features,
        baseline: f.baseline,
        prior_games: f.prior_games,
        minutes: p.minutes,
        actual: { fanduel: p.points }
      })
    }
  }
  return out.sort((a, b) =>
    a.game_date < b.game_date
      ? -1
      : a.game_date > b.game_date
      ? 1
      : a.player_id < b.player_id
      ? -1
      : a.player_id > b.player_id
      ? 1
      : 0
  )
}

/**
 * A walk-forward window of nba games: every game of `season` (every game type), each game date
 * predicted by a model fitted only on the player-games dated before it.
 */
export interface NbaWalkForward {
  readonly season: number
  readonly label: string
  readonly role: "validation" | "held_out"
}

/** The validation split (features and settings chosen here only): 2023-24, history from 2022-23 on. */
export const nbaProjectionValidation: NbaWalkForward = {
  season: 2023,
  label: "nba 2023-24 (every game, walk-forward by date)",
  role: "validation"
}

/** The held-out window, frozen settings: 2024-25 (issue 23). */
export const nbaProjectionHeldOut: NbaWalkForward = {
  season: 2024,
  label: "nba 2024-25 (every game, walk-forward by date)",
  role: "held_out"
}

/**
 * Whether a predicted player-game is judged: the player has at least {@link NBA_JUDGED_MIN_GAMES}
 * earlier games (a full trailing-10 baseline) and played in it (a line with minutes above 0).
 */
export const nbaJudged = (e: NbaProjectionExample): boolean =>
  e.actual !== null && e.baseline !== null && e.prior_games >= NBA_JUDGED_MIN_GAMES && (e.minutes ?? 0) > 0

/** The MAE of a window: the model's and the trailing-10 mean's FanDuel errors on the same judged player-games. */
export interface NbaWindowResult {
  readonly window: string
  readonly role: "validation" | "held_out"
  /** Judged player-games of the window and how many the model predicted. */
  readonly player_games: number
  readonly predicted: number
  readonly mae_model: number
  readonly mae_trailing: number
  /** (trailing − model) / trailing · 100, percent. */
  readonly improvement_pct: number
}

/** The improvement over the trailing-10 mean a projection needs on the held-out window (issue 23), percent. */
export const NBA_PROJECTION_MIN_IMPROVEMENT = 8

const r3 = (x: number) => Math.round(x * 1000) / 1000

/**
 * The MAE of `predicted` (points of the judged player-games of `window`, by
 * `<player_id>|<game_id>`) beside the trailing-10 mean's, on the judged player-games of the
 * window's season in `examples` ({@link nbaJudged}) that the model predicted. Points, 3 decimals.
 */
export const compareNbaWindow = (
  window: NbaWalkForward,
  examples: ReadonlyArray<NbaProjectionExample>,
  predicted: ReadonlyMap<string, number>
): NbaWindowResult => {
  const judged = examples.filter((e) => e.season === window.season && nbaJudged(e))
  const model: Array<number> = []
  const trailing: Array<number> = []
  for (const e of judged) {
    const p = predicted.get(`${e.player_id}|${e.game_id}`)
    if (p === undefined) continue
    model.push(Math.abs(p - e.actual!.fanduel))
    trailing.push(Math.abs(e.baseline! - e.actual!.fanduel))
  }
  const mm = mean(model)
  const mt = mean(trailing)
  return {
    window: window.label,
    role: window.role,
    player_games: judged.length,
    predicted: model.length,
    mae_model: r3(mm),
    mae_trailing: r3(mt),
    improvement_pct: mt === 0 ? 0 : Math.round(((mt - mm) / mt) * 10_000) / 100
  }
}

/**
 * For scale, never a feature: the MAE on the judged player-games of `window` ({@link nbaJudged})
 * of a hindsight mean, each player's mean FanDuel points over all his player-games of that season
 * in `examples` (the judged game itself and every later one included). What a model that knew
 * each player's whole season, but nothing of the night, would miss by. Points, 3 decimals.
 */
export const hindsightSeasonMae = (window: NbaWalkForward, examples: ReadonlyArray<NbaProjectionExample>): number => {
  const totals = new Map<string, { n: number; points: number }>()
  for (const e of examples) {
    if (e.season !== window.season || e.actual === null) continue
    const t = totals.get(e.player_id) ?? { n: 0, points: 0 }
    t.n += 1
    t.points += e.actual.fanduel
    totals.set(e.player_id, t)
  }
  const errors = examples.filter((e) => e.season === window.season && nbaJudged(e)).map((e) => {
    const t = totals.get(e.player_id)!
    return Math.abs(t.points / t.n - e.actual!.fanduel)
  })
  return r3(mean(errors))
}

/** The {@link ModelResult} of a window result: passed when its improvement reaches {@link NBA_PROJECTION_MIN_IMPROVEMENT} and it predicted every judged player-game. */
export const nbaProjectionResult = (r: NbaWindowResult, observationsTrain: number): ModelResult => ({
  metric_model: r.mae_model,
  metric_baseline: r.mae_trailing,
  improvement_pct: r.improvement_pct,
  calibration_error: null,
  observations_train: observationsTrain,
  observations_held_out: r.predicted,
  passed: r.predicted > 0 && r.predicted === r.player_games && r.improvement_pct >= NBA_PROJECTION_MIN_IMPROVEMENT
})

/** The pass rule as the card states it. */
export const nbaProjectionRule = {
  metric:
    `mean absolute error of FanDuel points per player-game (lower is better), on the player-games of players with at least ${NBA_JUDGED_MIN_GAMES} earlier games who played (minutes > 0)`,
  naive_baseline: "the player's trailing 10-game mean of FanDuel points (the specification's projection)",
  pass_rule:
    `MAE at least ${NBA_PROJECTION_MIN_IMPROVEMENT}% below the trailing 10-game mean's on the same player-games of 2024-25 (walk-forward), predicting all of them`
}

/** The players of `players` who are active and on a team (those the future games are projected for). */
export const activeOnTeam = (players: ReadonlyArray<Player>): ReadonlyArray<Player> =>
  players.filter((p) => p.status === "active" && p.team !== null)

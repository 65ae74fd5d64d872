/**
 * LiveFeed adapter of the MLB Stats API: `GET {base}/api/v1/schedule?sportId=1&date=YYYY-MM-DD&
 * hydrate=linescore` (`dates[].games[]`: `gamePk`, `gameDate`, `officialDate`, `status`, `teams.
 * {home,away}.{score,team}`, `linescore`), and for a watched game the schedule does not list
 * (a game moved to another date, a suspended game resumed) `GET {base}/api/v1.1/game/{game_pk}/
 * feed/live` (`gameData.status`, `gameData.datetime`, `gameData.teams`, `liveData.linescore`,
 * `liveData.boxscore`), the shapes of the recordings in `live_feeds_recorded/mlb_statsapi/`.
 * The service's mlb game id is the game_pk, so such a game is fetched by its own id.
 *
 * State (from `status`): Postponed or Cancelled → postponed; abstract Final → completed for coded
 * `O` (Game Over), else final; coded `P` (Pre-Game, Warmup) → pre_game; abstract Live →
 * in_progress; else scheduled. `inning` and `inning_state` (Top, Middle, Bottom, End) from the
 * linescore; `lineup_posted` from the feed's boxscore (both batting orders given), null from the
 * schedule (it does not say).
 * @module
 */
import type { HttpClient } from "@effect/platform"
import type { Game, LiveFeedError, LiveGame, TeamSport } from "@sports-data/domain"
import { type Duration, Effect, Schema } from "effect"
import { decodeWith, getJson } from "./Http.js"

/** The upstream name of this adapter. */
export const MLB_UPSTREAM = "mlb-statsapi"

const GameStatus = Schema.Struct({
  abstractGameState: Schema.String,
  codedGameState: Schema.String,
  detailedState: Schema.String
})

const Linescore = Schema.Struct({
  currentInning: Schema.optional(Schema.Number),
  inningState: Schema.optional(Schema.String),
  teams: Schema.optional(Schema.Struct({
    home: Schema.optional(Schema.Struct({ runs: Schema.optional(Schema.Number) })),
    away: Schema.optional(Schema.Struct({ runs: Schema.optional(Schema.Number) }))
  }))
})

const ScheduleSide = Schema.Struct({
  score: Schema.optional(Schema.Number),
  team: Schema.Struct({ id: Schema.Number, name: Schema.String, abbreviation: Schema.optional(Schema.String) })
})

/** One game of the schedule (the fields read). */
export const ScheduleGame = Schema.Struct({
  gamePk: Schema.Number,
  gameDate: Schema.String,
  officialDate: Schema.String,
  status: GameStatus,
  teams: Schema.Struct({ home: ScheduleSide, away: ScheduleSide }),
  linescore: Schema.optional(Linescore)
})

/** The schedule response (the fields read). */
export const Schedule = Schema.Struct({
  dates: Schema.Array(Schema.Struct({ games: Schema.Array(ScheduleGame) }))
})

const FeedTeam = Schema.Struct({ id: Schema.Number, name: Schema.String, abbreviation: Schema.optional(Schema.String) })
const BoxSide = Schema.Struct({ battingOrder: Schema.optional(Schema.Array(Schema.Number)) })

/** The `feed/live` response (the fields read). */
export const FeedLive = Schema.Struct({
  gamePk: Schema.Number,
  gameData: Schema.Struct({
    status: GameStatus,
    datetime: Schema.Struct({ dateTime: Schema.String, officialDate: Schema.String }),
    teams: Schema.Struct({ home: FeedTeam, away: FeedTeam })
  }),
  liveData: Schema.Struct({
    linescore: Linescore,
    boxscore: Schema.optional(Schema.Struct({ teams: Schema.Struct({ home: BoxSide, away: BoxSide }) }))
  })
})

/** The service's mlb state of an MLB Stats API game status (see the module description). */
export const mlbState = (s: typeof GameStatus.Type): string => {
  if (/postponed|cancel/i.test(s.detailedState) || s.codedGameState === "D" || s.codedGameState === "C") {
    return "postponed"
  }
  if (s.abstractGameState === "Final") return s.codedGameState === "O" ? "completed" : "final"
  if (s.codedGameState === "P") return "pre_game"
  return s.abstractGameState === "Live" ? "in_progress" : "scheduled"
}

const started = (state: string) => state === "in_progress" || state === "final" || state === "completed"

const inningOf = (state: string, l: typeof Linescore.Type | undefined) => {
  const live = state === "in_progress"
  return {
    inning: started(state) ? l?.currentInning ?? null : null,
    inning_state: live ? l?.inningState ?? null : null
  }
}

const base = (g: { readonly pk: number; readonly start: string; readonly date: string; readonly detail: string }) => ({
  upstream: MLB_UPSTREAM,
  upstream_id: String(g.pk),
  sport: "mlb" as const,
  league: "mlb",
  date: g.date,
  start_time: Number.isNaN(Date.parse(g.start)) ? null : new Date(g.start),
  period: null,
  period_label: null,
  clock: null,
  status_detail: g.detail
})

/** A schedule game as a LiveGame. */
export const scheduleLiveGame = (g: typeof ScheduleGame.Type): LiveGame => {
  const state = mlbState(g.status)
  const team = (s: typeof ScheduleSide.Type) => ({
    abbr: s.team.abbreviation ?? null,
    name: s.team.name,
    id: String(s.team.id)
  })
  return {
    ...base({ pk: g.gamePk, start: g.gameDate, date: g.officialDate, detail: g.status.detailedState }),
    home: team(g.teams.home),
    away: team(g.teams.away),
    state,
    home_score: started(state) ? g.teams.home.score ?? g.linescore?.teams?.home?.runs ?? null : null,
    away_score: started(state) ? g.teams.away.score ?? g.linescore?.teams?.away?.runs ?? null : null,
    ...inningOf(state, g.linescore),
    lineup_posted: null
  }
}

/** A `feed/live` response as a LiveGame. */
export const feedLiveGame = (f: typeof FeedLive.Type): LiveGame => {
  const state = mlbState(f.gameData.status)
  const l = f.liveData.linescore
  const team = (t: typeof FeedTeam.Type) => ({ abbr: t.abbreviation ?? null, name: t.name, id: String(t.id) })
  const box = f.liveData.boxscore?.teams
  return {
    ...base({
      pk: f.gamePk,
      start: f.gameData.datetime.dateTime,
      date: f.gameData.datetime.officialDate,
      detail: f.gameData.status.detailedState
    }),
    home: team(f.gameData.teams.home),
    away: team(f.gameData.teams.away),
    state,
    home_score: started(state) ? l.teams?.home?.runs ?? 0 : null,
    away_score: started(state) ? l.teams?.away?.runs ?? 0 : null,
    ...inningOf(state, l),
    lineup_posted: box === undefined
      ? null
      : (box.home.battingOrder?.length ?? 0) > 0 && (box.away.battingOrder?.length ?? 0) > 0
  }
}

/**
 * The MLB adapter's scoreboard: the schedule of `date`, plus `feed/live` of each watched game
 * whose id is a game_pk the schedule does not list.
 */
export const mlbScoreboard = (baseUrl: string, timeout: Duration.DurationInput) =>
(
  sport: TeamSport,
  date: string,
  watched: ReadonlyArray<Game>
): Effect.Effect<ReadonlyArray<LiveGame>, LiveFeedError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    if (sport !== "mlb") return []
    const url = `${baseUrl}/api/v1/schedule?sportId=1&date=${date}&hydrate=linescore`
    const schedule = yield* getJson(MLB_UPSTREAM, url, timeout).pipe(
      Effect.flatMap(decodeWith(Schedule, MLB_UPSTREAM, url))
    )
    const games = schedule.dates.flatMap((d) => d.games.map(scheduleLiveGame))
    const listed = new Set(games.map((g) => g.upstream_id))
    const missing = watched.filter((g) => /^\d+$/.test(g.id) && !listed.has(g.id))
    const fetched = yield* Effect.forEach(missing, (g) => {
      const feedUrl = `${baseUrl}/api/v1.1/game/${g.id}/feed/live`
      return getJson(MLB_UPSTREAM, feedUrl, timeout).pipe(
        Effect.flatMap(decodeWith(FeedLive, MLB_UPSTREAM, feedUrl)),
        Effect.map(feedLiveGame)
      )
    })
    return [...games, ...fetched]
  })

/**
 * LiveFeed adapter of ESPN's site API scoreboards: `GET {base}/apis/site/v2/sports/{sport}/{league}/
 * scoreboard?dates=YYYYMMDD` (football/nfl, football/college-football, basketball/nba,
 * baseball/mlb, hockey/nhl, soccer/{eng.1, esp.1, ger.1, ita.1, usa.1, uefa.champions}), the shape
 * of the recorded scoreboards in `live_feeds_recorded/espn_site_api/`: `events[]`, each with
 * `competitions[0].competitors[]` (`homeAway`, `score` as a string, `team.abbreviation`,
 * `team.displayName`, `team.id`) and `competitions[0].status` (`period`, `displayClock`,
 * `type.state` pre | in | post, `type.name`, `type.completed`, `type.shortDetail`).
 *
 * State: `in` → in_progress; `post` and completed → final; `post` not completed (postponed,
 * canceled) → mlb postponed, scheduled elsewhere; `pre` → scheduled. Scores are null before the
 * game. Date: the start instant's calendar date in the league's time zone (US leagues Eastern,
 * European leagues their own). Labels: quarters `Q1`..`Q4` and `OT` (`2OT`…), hockey `1st`..`3rd`,
 * `OT`, `SO`, soccer `1st half`, `2nd half`, `ET`, `PEN`, halftime `Halftime`; mlb games give
 * `inning` and `inning_state` (Top, Middle, Bottom, End) instead of a period.
 * @module
 */
import type { HttpClient } from "@effect/platform"
import type { LiveFeedError, LiveGame, TeamSport } from "@sports-data/domain"
import { type Duration, Effect, Schema } from "effect"
import { decodeWith, getJson } from "./Http.js"

/** The upstream name of this adapter. */
export const ESPN_UPSTREAM = "espn"

/** ESPN's path and time zone of a service league (soccer league keys; the sport key elsewhere). */
export const espnLeagues: Readonly<Record<string, { readonly path: string; readonly zone: string }>> = {
  nfl: { path: "football/nfl", zone: "America/New_York" },
  cfb: { path: "football/college-football", zone: "America/New_York" },
  nba: { path: "basketball/nba", zone: "America/New_York" },
  mlb: { path: "baseball/mlb", zone: "America/New_York" },
  nhl: { path: "hockey/nhl", zone: "America/New_York" },
  epl: { path: "soccer/eng.1", zone: "Europe/London" },
  la_liga: { path: "soccer/esp.1", zone: "Europe/Madrid" },
  bundesliga: { path: "soccer/ger.1", zone: "Europe/Berlin" },
  serie_a: { path: "soccer/ita.1", zone: "Europe/Rome" },
  champions_league: { path: "soccer/uefa.champions", zone: "Europe/Paris" },
  mls: { path: "soccer/usa.1", zone: "America/New_York" }
}

/** The leagues of the soccer sport, in the order they are polled. */
export const soccerLeagues = ["epl", "la_liga", "bundesliga", "serie_a", "champions_league", "mls"] as const

const Competitor = Schema.Struct({
  homeAway: Schema.Literal("home", "away"),
  score: Schema.optional(Schema.String),
  team: Schema.Struct({
    id: Schema.optional(Schema.String),
    abbreviation: Schema.optional(Schema.String),
    displayName: Schema.optional(Schema.String),
    shortDisplayName: Schema.optional(Schema.String),
    location: Schema.optional(Schema.String)
  })
})

const Status = Schema.Struct({
  period: Schema.optional(Schema.Number),
  displayClock: Schema.optional(Schema.String),
  type: Schema.Struct({
    name: Schema.String,
    state: Schema.String,
    completed: Schema.Boolean,
    shortDetail: Schema.optional(Schema.String)
  })
})

/** One event of a scoreboard (the fields read). */
export const EspnEvent = Schema.Struct({
  id: Schema.String,
  date: Schema.String,
  competitions: Schema.NonEmptyArray(Schema.Struct({
    competitors: Schema.Array(Competitor),
    status: Status
  }))
})
export type EspnEvent = typeof EspnEvent.Type

/** A scoreboard response (the fields read). */
export const EspnScoreboard = Schema.Struct({ events: Schema.Array(EspnEvent) })

/** `YYYY-MM-DD` of `instant` in time zone `zone`. */
export const localDate = (instant: Date, zone: string): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant
  )

const ordinal = (n: number): string => n === 1 ? "1st" : n === 2 ? "2nd" : n === 3 ? "3rd" : `${n}th`

const periodLabel = (sport: TeamSport, period: number, statusName: string): string => {
  if (statusName === "STATUS_HALFTIME") return "Halftime"
  switch (sport) {
    case "nhl":
      return period <= 3 ? ordinal(period) : period === 4 ? "OT" : "SO"
    case "soccer":
      return period === 1 ? "1st half" : period === 2 ? "2nd half" : period <= 4 ? "ET" : "PEN"
    default:
      return period <= 4 ? `Q${period}` : period === 5 ? "OT" : `${period - 4}OT`
  }
}

const inningStates: Readonly<Record<string, string>> = { Top: "Top", Bot: "Bottom", Mid: "Middle", End: "End" }

/** An ESPN event of `sport` in `league` as a LiveGame (see the module description). */
export const espnLiveGame = (sport: TeamSport, league: string, e: EspnEvent): LiveGame => {
  const c = e.competitions[0]
  const s = c.status
  const completed = s.type.state === "post" && s.type.completed
  const state = s.type.state === "in"
    ? "in_progress"
    : completed
    ? "final"
    : s.type.state === "post" && sport === "mlb"
    ? "postponed"
    : "scheduled"
  const started = state === "in_progress" || state === "final"
  const side = (homeAway: "home" | "away") => c.competitors.find((x) => x.homeAway === homeAway)
  const score = (homeAway: "home" | "away") => {
    const raw = side(homeAway)?.score
    const n = raw === undefined ? NaN : Number(raw)
    return started && Number.isInteger(n) ? n : null
  }
  const team = (homeAway: "home" | "away") => {
    const t = side(homeAway)?.team
    const aliases = [t?.location, t?.shortDisplayName].filter((n): n is string => n !== undefined)
    return { abbr: t?.abbreviation ?? null, name: t?.displayName ?? null, aliases, id: t?.id ?? null }
  }
  const start = new Date(e.date)
  const zone = espnLeagues[league]?.zone ?? "America/New_York"
  const period = started && s.period !== undefined && s.period > 0 ? s.period : null
  const inning = sport === "mlb" ? period : null
  const inningWord = s.type.shortDetail?.split(" ")[0]
  return {
    upstream: ESPN_UPSTREAM,
    upstream_id: e.id,
    sport,
    league,
    date: Number.isNaN(start.getTime()) ? e.date.slice(0, 10) : localDate(start, zone),
    start_time: Number.isNaN(start.getTime()) ? null : start,
    home: team("home"),
    away: team("away"),
    state,
    home_score: score("home"),
    away_score: score("away"),
    period: sport === "mlb" ? null : period,
    period_label: sport === "mlb" || period === null ? null : periodLabel(sport, period, s.type.name),
    clock: state === "in_progress" && sport !== "mlb" && s.type.name !== "STATUS_HALFTIME"
      ? s.displayClock ?? null
      : null,
    inning,
    inning_state: inning !== null && state === "in_progress" && inningWord !== undefined
      ? inningStates[inningWord] ?? null
      : null,
    lineup_posted: null,
    status_detail: s.type.shortDetail ?? s.type.name
  }
}

/** The ESPN league keys polled for `sport`: the leagues of the watched games (soccer), else the sport. */
export const espnLeaguesOf = (sport: TeamSport, watchedLeagues: ReadonlyArray<string>): ReadonlyArray<string> =>
  sport !== "soccer"
    ? [sport]
    : soccerLeagues.filter((l) => watchedLeagues.length === 0 || watchedLeagues.includes(l))

/** The ESPN adapter's scoreboard of `sport` on `date`, one request per league (see {@link espnLeaguesOf}). */
export const espnScoreboard = (base: string, timeout: Duration.DurationInput) =>
(
  sport: TeamSport,
  date: string,
  watchedLeagues: ReadonlyArray<string>
): Effect.Effect<ReadonlyArray<LiveGame>, LiveFeedError, HttpClient.HttpClient> =>
  Effect.map(
    Effect.forEach(espnLeaguesOf(sport, watchedLeagues), (league) => {
      const url = `${base}/apis/site/v2/sports/${espnLeagues[league]!.path}/scoreboard?dates=${
        date.replaceAll("-", "")
      }`
      return getJson(ESPN_UPSTREAM, url, timeout).pipe(
        Effect.flatMap(decodeWith(EspnScoreboard, ESPN_UPSTREAM, url)),
        Effect.map((board) => board.events.map((e) => espnLiveGame(sport, league, e)))
      )
    }),
    (lists) => lists.flat()
  )

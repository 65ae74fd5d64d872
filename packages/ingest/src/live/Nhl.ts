/**
 * LiveFeed adapter of the NHL web API: `GET {base}/v1/score/{YYYY-MM-DD}` answers `games[]`, one
 * object per game of that date (the objects of the recorded scoreboard snapshots in
 * `live_feeds_recorded/nhl_api_web/`: `id`, `gameDate`, `startTimeUTC`, `gameState`, `awayTeam`
 * and `homeTeam` with `abbrev` and `score`, `periodDescriptor`, `clock`).
 *
 * `gameState`: FUT and PRE → scheduled; LIVE and CRIT (the last minutes of a close game) →
 * in_progress; FINAL and OFF (official) → final. Period labels: `1st`, `2nd`, `3rd`, `OT` (playoff
 * overtimes `2OT`, `3OT`…), `SO`; during an intermission the label ends in ` intermission` and
 * `clock` is the intermission clock. The shootout winner's score includes the one goal the NHL
 * credits it.
 * @module
 */
import type { HttpClient } from "@effect/platform"
import type { LiveFeedError, LiveGame, TeamSport } from "@sports-data/domain"
import { type Duration, Effect, Schema } from "effect"
import { decodeWith, getJson } from "./Http.js"

/** The upstream name of this adapter. */
export const NHL_UPSTREAM = "nhl-web"

const Localized = Schema.Struct({ default: Schema.String })

const NhlTeam = Schema.Struct({
  id: Schema.Number,
  abbrev: Schema.String,
  name: Schema.optional(Localized),
  score: Schema.optional(Schema.Number)
})

/** One game object of `/v1/score/{date}` (the fields read; others are ignored). */
export const NhlGame = Schema.Struct({
  id: Schema.Number,
  gameDate: Schema.String,
  startTimeUTC: Schema.optional(Schema.String),
  gameState: Schema.String,
  gameScheduleState: Schema.optional(Schema.String),
  awayTeam: NhlTeam,
  homeTeam: NhlTeam,
  period: Schema.optional(Schema.Number),
  periodDescriptor: Schema.optional(Schema.Struct({ number: Schema.Number, periodType: Schema.String })),
  clock: Schema.optional(Schema.Struct({
    timeRemaining: Schema.String,
    running: Schema.Boolean,
    inIntermission: Schema.Boolean
  }))
})
export type NhlGame = typeof NhlGame.Type

/** The `/v1/score/{date}` response (the fields read). */
export const NhlScore = Schema.Struct({ games: Schema.Array(NhlGame) })

const stateOf = (gameState: string): string => {
  switch (gameState) {
    case "LIVE":
    case "CRIT":
      return "in_progress"
    case "FINAL":
    case "OFF":
      return "final"
    default:
      return "scheduled"
  }
}

const ordinal = (n: number): string => n === 1 ? "1st" : n === 2 ? "2nd" : n === 3 ? "3rd" : `${n}th`

/** The period label of a period descriptor: `1st`..`3rd`, `OT` (`2OT`… in the playoffs), `SO`. */
export const nhlPeriodLabel = (d: { readonly number: number; readonly periodType: string }): string =>
  d.periodType === "SO"
    ? "SO"
    : d.periodType === "OT"
    ? (d.number <= 4 ? "OT" : `${d.number - 3}OT`)
    : ordinal(d.number)

/** A game object of the NHL web API as a LiveGame (see the module description). */
export const nhlLiveGame = (g: NhlGame): LiveGame => {
  const state = stateOf(g.gameState)
  const started = state !== "scheduled"
  const d = g.periodDescriptor
  const label = started && d !== undefined ? nhlPeriodLabel(d) : null
  const live = state === "in_progress"
  const team = (t: typeof NhlTeam.Type) => ({ abbr: t.abbrev, name: t.name?.default ?? null, id: String(t.id) })
  return {
    upstream: NHL_UPSTREAM,
    upstream_id: String(g.id),
    sport: "nhl",
    league: "nhl",
    date: g.gameDate,
    start_time: g.startTimeUTC === undefined ? null : new Date(g.startTimeUTC),
    home: team(g.homeTeam),
    away: team(g.awayTeam),
    state,
    home_score: started ? g.homeTeam.score ?? null : null,
    away_score: started ? g.awayTeam.score ?? null : null,
    period: started ? d?.number ?? g.period ?? null : null,
    period_label: label !== null && live && g.clock?.inIntermission === true ? `${label} intermission` : label,
    clock: live ? g.clock?.timeRemaining ?? null : null,
    inning: null,
    inning_state: null,
    lineup_posted: null,
    status_detail: g.gameScheduleState !== undefined && g.gameScheduleState !== "OK"
      ? `${g.gameState} ${g.gameScheduleState}`
      : g.gameState
  }
}

/** The NHL adapter's scoreboard: every game of `/v1/score/{date}` under `base`. */
export const nhlScoreboard = (base: string, timeout: Duration.DurationInput) =>
(
  sport: TeamSport,
  date: string
): Effect.Effect<ReadonlyArray<LiveGame>, LiveFeedError, HttpClient.HttpClient> => {
  const url = `${base}/v1/score/${date}`
  return getJson(NHL_UPSTREAM, url, timeout).pipe(
    Effect.flatMap(decodeWith(NhlScore, NHL_UPSTREAM, url)),
    Effect.map((score) => sport === "nhl" ? score.games.map(nhlLiveGame) : [])
  )
}

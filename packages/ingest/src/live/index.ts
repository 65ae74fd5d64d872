/**
 * The LiveFeed adapters (NHL web API, MLB Stats API, ESPN site API) and the layer that routes each
 * sport to its upstream: nhl → NHL web API, mlb → MLB Stats API, nfl, nba, cfb and soccer → ESPN
 * (and nhl or mlb too when the options list them in `espnSports`).
 * @module
 */
import * as HttpClient from "@effect/platform/HttpClient"
import {
  LiveFeed,
  type LiveFeedError,
  type LiveGame,
  type ScoreboardRequest,
  type TeamSport
} from "@sports-data/domain"
import { type Duration, Effect, Layer } from "effect"
import { normaliseMlbTeam } from "../mlb/Teams.js"
import { normaliseNbaTeam } from "../nba/Teams.js"
import { normaliseTeam as normaliseNflTeam } from "../nfl/Teams.js"
import { normaliseNhlTeam } from "../nhl/Teams.js"
import { ESPN_UPSTREAM, espnScoreboard } from "./Espn.js"
import { MLB_UPSTREAM, mlbScoreboard } from "./Mlb.js"
import { NHL_UPSTREAM, nhlScoreboard } from "./Nhl.js"

export * as Espn from "./Espn.js"
export * as Http from "./Http.js"
export * as Mlb from "./Mlb.js"
export * as Nhl from "./Nhl.js"

/** Base URLs of the three upstreams (no trailing slash) and the timeout of one request. */
export interface LiveFeedOptions {
  /** NHL web API, e.g. `https://api-web.nhle.com`. */
  readonly nhl: string
  /** MLB Stats API, e.g. `https://statsapi.mlb.com`. */
  readonly mlb: string
  /** ESPN site API, e.g. `https://site.api.espn.com`. */
  readonly espn: string
  /** Longest wait for one response. */
  readonly timeout: Duration.DurationInput
  /** Sports polled from ESPN even where their league's own API has an adapter (nhl, mlb); default none. */
  readonly espnSports?: ReadonlyArray<TeamSport> | undefined
}

/** The upstream of each team sport by default: the league's own API where there is an adapter, else ESPN. */
export const upstreamOfSport: Readonly<Record<TeamSport, string>> = {
  nhl: NHL_UPSTREAM,
  mlb: MLB_UPSTREAM,
  nfl: ESPN_UPSTREAM,
  nba: ESPN_UPSTREAM,
  cfb: ESPN_UPSTREAM,
  soccer: ESPN_UPSTREAM
}

/**
 * The service's code of an upstream team abbreviation, through the sport's own alias table (the
 * one its ingest uses: ESPN's `WSH` is the nfl `WAS`, its `GS` the nba `GSW`, its `CHW` the mlb
 * `CWS`); the abbreviation as given where the sport has no table or the table does not know it.
 */
const normalisers: Partial<Record<TeamSport, (raw: string | undefined) => string | undefined>> = {
  nfl: normaliseNflTeam,
  nba: normaliseNbaTeam,
  mlb: normaliseMlbTeam,
  nhl: normaliseNhlTeam
}

/** `game` with its teams' abbreviations in the service's codes (see {@link normalisers}). */
export const withServiceCodes = (game: LiveGame): LiveGame => {
  const normalise = normalisers[game.sport]
  if (normalise === undefined) return game
  const code = (abbr: string | null) => abbr === null ? null : normalise(abbr) ?? abbr
  return {
    ...game,
    home: { ...game.home, abbr: code(game.home.abbr) },
    away: { ...game.away, abbr: code(game.away.abbr) }
  }
}

/** The LiveFeed routing each sport to its upstream (see the module description), over the context's HttpClient. */
export const makeLiveFeed = (options: LiveFeedOptions) =>
  Effect.map(HttpClient.HttpClient, (client) => {
    const trim = (url: string) => url.replace(/\/+$/, "")
    const nhl = nhlScoreboard(trim(options.nhl), options.timeout)
    const mlb = mlbScoreboard(trim(options.mlb), options.timeout)
    const espn = espnScoreboard(trim(options.espn), options.timeout)
    const upstreamOf = (sport: TeamSport) =>
      options.espnSports?.includes(sport) === true ? ESPN_UPSTREAM : upstreamOfSport[sport]
    const scoreboard = (r: ScoreboardRequest): Effect.Effect<ReadonlyArray<LiveGame>, LiveFeedError> => {
      const upstream = upstreamOf(r.sport)
      const call = upstream === NHL_UPSTREAM
        ? nhl(r.sport, r.date)
        : upstream === MLB_UPSTREAM
        ? mlb(r.sport, r.date, r.watched)
        : espn(r.sport, r.date, [...new Set(r.watched.map((g) => g.league))])
      return Effect.provideService(call, HttpClient.HttpClient, client).pipe(
        Effect.map((games) => games.map(withServiceCodes))
      )
    }
    return LiveFeed.of({ upstreamOf, scoreboard })
  })

/** {@link makeLiveFeed} as a layer (needs an HttpClient, e.g. `FetchHttpClient.layer`). */
export const layer = (options: LiveFeedOptions): Layer.Layer<LiveFeed, never, HttpClient.HttpClient> =>
  Layer.effect(LiveFeed, makeLiveFeed(options))

/**
 * The LiveFeed port: the games of one sport on one date as a public live-score API reports them
 * (Live.ts `LiveGame`). Adapters (packages/ingest/src/live/): the NHL web API
 * (`GET {base}/v1/score/{YYYY-MM-DD}`), the MLB Stats API (`GET {base}/api/v1/schedule?sportId=1&
 * date=…&hydrate=linescore`, then `GET {base}/api/v1.1/game/{game_pk}/feed/live` for a watched
 * game the schedule does not give) and ESPN's site API scoreboards (`GET {base}/apis/site/v2/
 * sports/{sport}/{league}/scoreboard?dates=YYYYMMDD`: nfl, nba, cfb, mlb, nhl, soccer), and one
 * that routes each sport to its upstream. A response that is not the expected JSON (malformed,
 * truncated, another shape) is a {@link LiveFeedError} `malformed`, never a partial answer.
 * @module
 */
import { Context, type Effect, Schema } from "effect"
import type { Game } from "../Canonical.js"
import type { LiveGame } from "../Live.js"
import type { TeamSport } from "../Sport.js"

/**
 * A failed upstream call: `reason` `timeout` (no answer within the timeout), `unavailable` (no
 * connection), `http_status` (a status other than 2xx; `status` says which), `rate_limited` (429;
 * `retry_after_ms` from its Retry-After when given) or `malformed` (the body is not the expected
 * JSON). `url` is the URL called (no secret: these APIs take none).
 */
export class LiveFeedError extends Schema.TaggedError<LiveFeedError>()("LiveFeedError", {
  upstream: Schema.String,
  url: Schema.String,
  reason: Schema.Literal("timeout", "unavailable", "http_status", "rate_limited", "malformed"),
  status: Schema.NullOr(Schema.Int),
  retry_after_ms: Schema.NullOr(Schema.Number),
  message: Schema.String
}) {}

/** What a poller asks of a feed: a sport's games on a date, knowing the stored games it watches. */
export interface ScoreboardRequest {
  readonly sport: TeamSport
  /** `YYYY-MM-DD`, the local game date. */
  readonly date: string
  /**
   * The stored games of that date the poller watches; an adapter whose schedule may leave a game
   * out (mlb) fetches such a game by its id where the id is the upstream's (mlb game_pk).
   */
  readonly watched: ReadonlyArray<Game>
}

/** The {@link LiveFeed} service. */
export interface LiveFeedService {
  /** The upstream serving `sport` (`nhl-web`, `mlb-statsapi`, `espn`), undefined when none does. */
  readonly upstreamOf: (sport: TeamSport) => string | undefined
  /** Every upstream game of the request's sport and date (and the watched games fetched one by one). */
  readonly scoreboard: (request: ScoreboardRequest) => Effect.Effect<ReadonlyArray<LiveGame>, LiveFeedError>
}

/** The {@link LiveFeedService} port. */
export class LiveFeed extends Context.Tag("@sports-data/LiveFeed")<LiveFeed, LiveFeedService>() {}

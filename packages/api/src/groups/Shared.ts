/**
 * Response envelopes and endpoints shared by the data groups, built on the domain's envelope and
 * resources.
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as OpenApi from "@effect/platform/OpenApi"
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import {
  leagueListFields,
  type LimitSpec,
  listPageFields,
  PlayerIdPath,
  TeamKeyPath,
  TeamPath
} from "../params/Common.js"
import { requiredTier } from "../Security.js"

/** Endpoints every tier may call (endpoints.json `tier_resolved` "all" = sandbox, the lowest rank). */
export const everyTier = requiredTier("sandbox")

/**
 * Per-game stat lines of one player: the envelope plus `player`, the player summary (id,
 * full_name, team, position) that the specification gives for mlb player stats; nfl and nba
 * stats carry it too.
 */
export const StatsEnvelope = <S extends Schema.Schema.Any>(data: S) =>
  Schema.Struct({
    ...Resources.Envelope(data).fields,
    player: Resources.PlayerSummary
  })

/** {@link StatsEnvelope} of `/players/:id/stats`, which pages by cursor: plus `next_cursor`. */
export const CursorStatsEnvelope = <S extends Schema.Schema.Any>(data: S) =>
  Schema.Struct({ ...StatsEnvelope(data).fields, next_cursor: Resources.NextCursor })

/**
 * Standings: the paginated envelope (total, offset, limit: {@link Params.LeagueListLimit}) plus
 * `season`, the season computed (null when none is held).
 */
export const StandingsEnvelope = Schema.Struct({
  ...Resources.PagedEnvelope(Schema.Array(Resources.Standing)).fields,
  season: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "StandingsResponse" })

/** The paging fields of an answer that pages by offset: `total` (rows before paging), `offset`, `limit`. */
const pagedFields = {
  total: Schema.Int,
  offset: Schema.Int,
  limit: Schema.Int
}

/**
 * The game log's envelope of `row`: the stats envelope plus `season` (the season listed, null
 * when the player has no lines) and the paging fields (`total`, `offset`, `limit`:
 * Params.ListLimits.gameLog).
 */
const gameLogEnvelope = <Row extends Schema.Schema.Any>(row: Row) =>
  Schema.Struct({ ...StatsEnvelope(Schema.Array(row)).fields, ...pagedFields, season: Schema.NullOr(Schema.Int) })

/** Nba game log ({@link gameLogEnvelope}). */
export const GameLogEnvelope = gameLogEnvelope(Resources.NbaGameLogRow).annotations({
  identifier: "NbaGameLogResponse"
})

/** The envelope (Resources `Envelope`) of a list that pages by offset: plus `total`, `offset` and `limit`. */
export const withPaging = <F extends Schema.Struct.Fields>(envelope: Schema.Struct<F>) =>
  Schema.Struct({ ...envelope.fields, ...pagedFields })

// ---------------------------------------------------------------------------------------------
// Endpoints every sport group has (nfl, mlb, nba): same path, name, envelope and errors; each
// sport gives its parameters, its row resource and its summary.
// ---------------------------------------------------------------------------------------------

/** A url-params schema as `setUrlParams` accepts it (encodes to strings). */
type UrlParams<P extends Schema.Schema.Any> = P & HttpApiEndpoint.HttpApiEndpoint.ValidateUrlParams<P>

/**
 * The sport's filters `params` with the paging fields of a league's list (`limit`, `offset`,
 * Params.LeagueListLimit): the url params of `/teams` and `/standings`.
 */
export const withLeaguePage = <F extends Schema.Struct.Fields>(params: Schema.Struct<F>) =>
  Schema.Struct({ ...params.fields, ...leagueListFields })

/** `GET /players`: the sport's players, filtered by `params`, in the paginated envelope with `next_cursor`. */
export const playersEndpoint = <P extends Schema.Schema.Any, Row extends Schema.Schema.Any>(
  params: UrlParams<P>,
  row: Row,
  summary: string
) =>
  HttpApiEndpoint.get("players", "/players")
    .setUrlParams(params)
    .addSuccess(Resources.CursorPagedEnvelope(Schema.Array(row)))
    .annotate(OpenApi.Summary, summary)
    .pipe(everyTier)

/** `GET /players/:id`: one player by canonical id; 404 RESOURCE_NOT_FOUND. */
export const playerEndpoint = <Row extends Schema.Schema.Any>(row: Row, summary: string) =>
  HttpApiEndpoint.get("player", "/players/:id")
    .setPath(PlayerIdPath)
    .addSuccess(Resources.Envelope(row))
    .addError(ResourceNotFoundError)
    .annotate(OpenApi.Summary, summary)
    .pipe(everyTier)

/** `GET /players/:id/stats`: a player's per-game lines in the {@link CursorStatsEnvelope}; 404 RESOURCE_NOT_FOUND. */
export const playerStatsEndpoint = <P extends Schema.Schema.Any, Row extends Schema.Schema.Any>(
  params: UrlParams<P>,
  row: Row,
  summary: string
) =>
  HttpApiEndpoint.get("playerStats", "/players/:id/stats")
    .setPath(PlayerIdPath)
    .setUrlParams(params)
    .addSuccess(CursorStatsEnvelope(Schema.Array(row)))
    .addError(ResourceNotFoundError)
    .annotate(OpenApi.Summary, summary)
    .pipe(everyTier)

/**
 * The sport's filters `params` with the paging fields of a bounded list computed whole
 * (`limit` of `spec` and `offset`, Params.listPageFields).
 */
export const withListPage = <F extends Schema.Struct.Fields>(params: Schema.Struct<F>, spec: LimitSpec) =>
  Schema.Struct({ ...params.fields, ...listPageFields(spec) })

/**
 * `GET /teams/:team/roster`: a team's players under the sport's filters and paging `params`
 * ({@link withListPage} of Params.ListLimits.roster: `limit` from `offset`), in the paginated envelope (`total`: the roster's size
 * under the filters); 404 RESOURCE_NOT_FOUND for an unknown team. `path` is the sport's team path
 * (an abbreviation by default; cfb and soccer use team keys).
 */
export const rosterEndpoint = <P extends Schema.Schema.Any, Row extends Schema.Schema.Any>(
  params: UrlParams<P>,
  row: Row,
  summary: string,
  path: typeof TeamPath | typeof TeamKeyPath = TeamPath
) =>
  HttpApiEndpoint.get("roster", "/teams/:team/roster")
    .setPath(path)
    .setUrlParams(params)
    .addSuccess(Resources.PagedEnvelope(Schema.Array(row)))
    .addError(ResourceNotFoundError)
    .annotate(OpenApi.Summary, summary)
    .pipe(everyTier)

/**
 * `GET /teams` with the sport's filters and paging `params` ({@link withLeaguePage}): team rows
 * in the paginated envelope.
 */
export const teamsEndpoint = <P extends Schema.Schema.Any>(
  params: UrlParams<P>,
  summary: string
) =>
  HttpApiEndpoint.get("teams", "/teams")
    .setUrlParams(params)
    .addSuccess(Resources.PagedEnvelope(Schema.Array(Resources.TeamRow)))
    .annotate(OpenApi.Summary, summary)
    .pipe(everyTier)

/** `GET /games`: the sport's games, with `next_cursor`. */
export const gamesEndpoint = <P extends Schema.Schema.Any, Row extends Schema.Schema.Any>(
  params: UrlParams<P>,
  row: Row,
  summary: string
) =>
  HttpApiEndpoint.get("games", "/games")
    .setUrlParams(params)
    .addSuccess(Resources.CursorEnvelope(Schema.Array(row)))
    .annotate(OpenApi.Summary, summary)
    .pipe(everyTier)

/**
 * `GET /standings`: standings computed from game results, with the sport's filters and paging
 * `params` ({@link withLeaguePage}), in the {@link StandingsEnvelope}.
 */
export const standingsEndpoint = <P extends Schema.Schema.Any>(
  params: UrlParams<P>,
  summary: string
) =>
  HttpApiEndpoint.get("standings", "/standings")
    .setUrlParams(params)
    .addSuccess(StandingsEnvelope)
    .annotate(OpenApi.Summary, summary)
    .pipe(everyTier)

/**
 * `GET /players/:id/game-log`: one season of a player's lines in date order, under the sport's
 * filters and paging `params` ({@link withListPage} of Params.ListLimits.gameLog: `limit` from `offset`), in the stats envelope plus `season` (null when the
 * player has no lines) and `total`; 404 RESOURCE_NOT_FOUND; build tier.
 */
export const gameLogEndpoint = <P extends Schema.Schema.Any, Row extends Schema.Schema.Any>(
  params: UrlParams<P>,
  row: Row,
  identifier: string,
  summary: string
) =>
  HttpApiEndpoint.get("gameLog", "/players/:id/game-log")
    .setPath(PlayerIdPath)
    .setUrlParams(params)
    .addSuccess(gameLogEnvelope(row).annotations({ identifier }))
    .addError(ResourceNotFoundError)
    .annotate(OpenApi.Summary, summary)
    .pipe(requiredTier("build"))

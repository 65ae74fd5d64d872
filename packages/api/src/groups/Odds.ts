/**
 * Odds endpoints (specification, "Cross-sport, intelligence, DFS and bulk"): `/v1/{sport}/odds`
 * (growth) and `/v1/{sport}/odds/history/{gameId}` (pro_insights), tiers from endpoints.json
 * `tier_resolved`. Lines come from the sources listed by `/v1/meta/coverage`; a sport without a
 * source answers empty data with `meta.coverage`. Implied probabilities are domain Odds.ts
 * `noVigPair` (vig removed by proportional normalisation).
 * @module
 */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Odds, Resources } from "@sports-data/domain"
import { Schema } from "effect"
import { ResourceNotFoundError } from "../Errors.js"
import { OddsHistoryParams, OddsHistoryPath, OddsParams, OddsPath } from "../params/Odds.js"
import { requiredTier } from "../Security.js"

/** `/v1/{sport}/odds` response: games with their latest line per source and bookmaker, and the probability method. */
export const OddsEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(Odds.GameOdds)).fields,
  method: Schema.String
}).annotations({ identifier: "OddsResponse" })

/** `/v1/{sport}/odds/history/{gameId}` response: one page of the game's stored lines in time order. */
export const OddsHistoryEnvelope = Schema.Struct({
  ...Resources.CursorPagedEnvelope(Schema.Array(Odds.OddsLineRow)).fields,
  game: Schema.NullOr(Schema.Struct(Odds.GameOdds.omit("lines", "lines_total").fields)),
  method: Schema.String
}).annotations({ identifier: "OddsHistoryResponse" })

/** The `odds` group (paths absolute: `/v1/{sport}/...`). */
export class OddsGroup extends HttpApiGroup.make("odds")
  .add(
    HttpApiEndpoint.get("odds", "/v1/:sport/odds")
      .setPath(OddsPath)
      .setUrlParams(OddsParams)
      .addSuccess(OddsEnvelope)
      .annotate(OpenApi.Summary, "Moneyline, spread and total per game, with bookmaker, time and no-vig probabilities")
      .annotate(
        OpenApi.Description,
        "Upcoming games (game date today UTC or later) by default; date, season and week look back. Each game lists its latest line per source and bookmaker (the first lines_limit of them, default 50, at most 500, of bookmaker and market when given; lines_total counts them all): American odds, the home handicap (negative when the home side is favoured) and the total, each with implied probabilities whose vig is removed by proportional normalisation (each side's implied probability divided by the sum of both). Sources: nfl nflverse schedules 2022-2026 and spreadspoke (spread and total); nhl The Odds API 2023-10 to 2026; nba The Odds API 2026; cfb cfbfastR 2025 (spread and total); tennis tennis-data.co.uk closing odds 2025-26 (moneyline, converted from decimal); golf 2026 PGA Tour outright odds (925sports_pga_tour_data; home_team and away_team null, each line an `outright` price per bookmaker, market and golfer, its no-vig probability normalised over the bookmaker's field of the market to the market's places: win and frl 1, top_N N; none for make_cut and mc). Other sports: no source."
      )
      .pipe(requiredTier("growth"))
  )
  .add(
    HttpApiEndpoint.get("history", "/v1/:sport/odds/history/:gameId")
      .setPath(OddsHistoryPath)
      .setUrlParams(OddsHistoryParams)
      .addSuccess(OddsHistoryEnvelope)
      .addError(ResourceNotFoundError)
      .annotate(OpenApi.Summary, "Every stored line of one game in time order (one line where the source has one)")
      .annotate(
        OpenApi.Description,
        "Snapshots ordered by snapshot date, then time of the line (lines without a time first). nhl and nba 2026: open, morning and close snapshots by bookmaker; nhl 2023-2026 noon pulls; single lines for nfl, cfb and tennis; golf: every changed outright price of the 2026 snapshots, the no-vig probability over the field as known at that time. `bookmaker` and `market` (golf outrights) select rows; the no-vig probabilities stay those over the whole field. `limit` (default 100, at most 2,000) lines from `offset`, or after `cursor` (the `next_cursor` of the previous page; null on the last); `total` counts the selected lines (the bulk export gives everything). 404 RESOURCE_NOT_FOUND when the sport holds no such game."
      )
      .pipe(requiredTier("pro_insights"))
  )
  .annotate(OpenApi.Title, "Odds")
{}

/**
 * Handlers of the feed group: decode, call the Feed application service, encode. A feed call is
 * counted against the feed's own per-minute cap after admission (Feed.admit; decisions.md:
 * pro_insights 60 feed calls per minute, syndicate_alpha uncapped).
 * @module
 */
import { Api, Params, Security } from "@sports-data/api"
import { Feed } from "@sports-data/app"
import { Effect } from "effect"
import { requestPath } from "../Errors.js"
import { envelope, meta } from "./Common.js"
import { group } from "./Group.js"

/** Why mlb has no waiver articles (meta.coverage). */
const MLB_ARTICLES_REASON =
  "mlb lines carry no playing-time share, so mlb has no momentum_delta: waiver articles are composed for nfl, nba and nhl"

/** The feed handlers. Requires the application services. */
export const FeedLive = group(Api, "feed", (handlers) =>
  handlers
    .handle("feed", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const caller = yield* Security.Caller
        yield* (yield* Feed).admit(caller.key.key_hash, caller.plan.rank, caller.now)
        return yield* Effect.gen(function*() {
          const service = yield* Feed
          const { player, warnings } = yield* service.resolveWithWarnings(urlParams.player, {
            sport: urlParams.sport,
            team: urlParams.team
          })
          const dossier = yield* service.dossier(player)
          return yield* envelope(
            { endpoint: requestPath(request), sport: player.sport, operation: "feed.feed" },
            dossier,
            warnings.length === 0 ? {} : { warnings }
          )
        })
      }))
    .handle("waiverArticles", ({ request, urlParams }) =>
      Effect.gen(function*() {
        const ctx = { endpoint: requestPath(request), sport: urlParams.sport, operation: "feed.waiverArticles" }
        if (urlParams.sport === "mlb") {
          return {
            success: true,
            endpoint: requestPath(request),
            count: 0,
            season: null,
            week: null,
            data: [],
            meta: yield* meta("mlb", ctx.operation, { coverage: { available: false, reason: MLB_ARTICLES_REASON } })
          }
        }
        const { articles, season, week } = yield* (yield* Feed).waiverArticles(urlParams.sport, {
          season: urlParams.season,
          week: urlParams.week,
          limit: Params.withDefault(urlParams.limit, Params.ArticlesLimit)
        })
        return yield* envelope(ctx, articles, { season, week })
      }))
    .handle("batchSignals", ({ payload, request }) =>
      Effect.gen(function*() {
        const { notFound, rows } = yield* (yield* Feed).batchSignals(payload.ids)
        return yield* envelope({ endpoint: requestPath(request), sport: "all", operation: "feed.batchSignals" }, rows, {
          not_found: notFound
        })
      })))

/**
 * Handlers of the data endpoints of `Api` (packages/api Api.ts): one layer per group, each a thin
 * edge over the application services (packages/app), and {@link HandlersLive}, all of them.
 *
 * Guarded handlers read the admitted caller (`Security.Caller`, provided per request by the
 * Authorization middleware) for the envelope's meta. Every group is built by `group` (Group.ts),
 * which maps each handler's domain errors (ResourceNotFound → 404, StoreUnavailable → 503,
 * StoreFailure → 500) once for all of them.
 * @module
 */
import { Layer } from "effect"
import { StreamLive } from "../EventStream.js"
import { AccountLive } from "./Account.js"
import { AnalyticsLive } from "./Analytics.js"
import { BulkLive } from "./Bulk.js"
import { CfbLive } from "./Cfb.js"
import { DfsLive } from "./Dfs.js"
import { F1Live } from "./F1.js"
import { FeedLive } from "./Feed.js"
import { GolfLive } from "./Golf.js"
import { IntelligenceLive } from "./Intelligence.js"
import { MetaLive, PublicLive } from "./Meta.js"
import { MlbLive } from "./Mlb.js"
import { ModelsLive } from "./Models.js"
import { NascarLive } from "./Nascar.js"
import { NbaLive } from "./Nba.js"
import { NflLive } from "./Nfl.js"
import { NflExtrasLive } from "./NflExtras.js"
import { NhlLive } from "./Nhl.js"
import { OddsLive } from "./Odds.js"
import { PlayersLive } from "./Players.js"
import { SoccerLive } from "./Soccer.js"
import { TennisLive } from "./Tennis.js"
import { UfcLive } from "./Ufc.js"
import { UnavailableLive } from "./Unavailable.js"
import { WebhooksLive } from "./Webhooks.js"

export {
  AccountLive,
  AnalyticsLive,
  CfbLive,
  F1Live,
  FeedLive,
  GolfLive,
  IntelligenceLive,
  MetaLive,
  MlbLive,
  ModelsLive,
  NascarLive,
  NbaLive,
  NflLive,
  NhlLive,
  OddsLive,
  PlayersLive,
  PublicLive,
  SoccerLive,
  TennisLive,
  UfcLive
}

/** Every group's handlers: provide it to `HttpApiBuilder.api(Api)` (see Server.ts `makeApiLive`). */
export const HandlersLive = Layer.mergeAll(
  NflLive,
  MlbLive,
  NbaLive,
  NhlLive,
  CfbLive,
  SoccerLive,
  TennisLive,
  UfcLive,
  GolfLive,
  F1Live,
  NascarLive,
  PlayersLive,
  AnalyticsLive,
  DfsLive,
  IntelligenceLive,
  ModelsLive,
  OddsLive,
  FeedLive,
  MetaLive,
  AccountLive,
  StreamLive,
  WebhooksLive,
  PublicLive,
  NflExtrasLive,
  UnavailableLive,
  BulkLive
)

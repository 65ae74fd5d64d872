/**
 * The HttpApi of the service: every group, finished by {@link serviceContract} (the errors any
 * endpoint may answer, title, version). Shared by the server (runtimes/http), the OpenAPI
 * document and the typed client (`HttpApiClient.make(Api)`).
 *
 * Each endpoint declares its lowest tier from shared/spec/endpoints.json `tier_resolved`
 * (`requiredTier`, or `noKey` for `/api/public/stats`).
 * @module
 */
import * as HttpApi from "@effect/platform/HttpApi"
import { AccountGroup } from "./groups/Account.js"
import { AnalyticsGroup } from "./groups/Analytics.js"
import { BulkGroup } from "./groups/Bulk.js"
import { CfbGroup } from "./groups/Cfb.js"
import { DfsGroup } from "./groups/Dfs.js"
import { F1Group } from "./groups/F1.js"
import { FeedGroup } from "./groups/Feed.js"
import { GolfGroup } from "./groups/Golf.js"
import { IntelligenceGroup } from "./groups/Intelligence.js"
import { MetaGroup, PublicGroup } from "./groups/Meta.js"
import { MlbGroup } from "./groups/Mlb.js"
import { ModelsGroup } from "./groups/Models.js"
import { NascarGroup } from "./groups/Nascar.js"
import { NbaGroup } from "./groups/Nba.js"
import { NflGroup } from "./groups/Nfl.js"
import { NflExtrasGroup } from "./groups/NflExtras.js"
import { NhlGroup } from "./groups/Nhl.js"
import { OddsGroup } from "./groups/Odds.js"
import { PlayersGroup } from "./groups/Players.js"
import { SoccerGroup } from "./groups/Soccer.js"
import { StreamGroup } from "./groups/Stream.js"
import { TennisGroup } from "./groups/Tennis.js"
import { UfcGroup } from "./groups/Ufc.js"
import { UnavailableGroup } from "./groups/Unavailable.js"
import { WebhooksGroup } from "./groups/Webhooks.js"
import { serviceContract } from "./Security.js"

/** The service's HttpApi: the nfl, mlb, nba, nhl, cfb, soccer, tennis, golf, ufc, f1, nascar, players, analytics, intelligence, meta, account and public groups under {@link serviceContract}. */
export class Api extends HttpApi.make("sports-data")
  .add(NflGroup)
  .add(MlbGroup)
  .add(NbaGroup)
  .add(NhlGroup)
  .add(CfbGroup)
  .add(SoccerGroup)
  .add(TennisGroup)
  .add(UfcGroup)
  .add(GolfGroup)
  .add(F1Group)
  .add(NascarGroup)
  .add(PlayersGroup)
  .add(AnalyticsGroup)
  .add(DfsGroup)
  .add(IntelligenceGroup)
  .add(ModelsGroup)
  .add(OddsGroup)
  .add(FeedGroup)
  .add(MetaGroup)
  .add(AccountGroup)
  .add(StreamGroup)
  .add(WebhooksGroup)
  .add(PublicGroup)
  .add(NflExtrasGroup)
  .add(UnavailableGroup)
  .add(BulkGroup)
  .pipe(serviceContract)
{}

/**
 * The application layer: one Effect service per feature (players, teams, games, standings,
 * rankings, leaders, catalog, account, signals) holding the reads and rules that REST, MCP, SSE and the feed share.
 * Services read through the domain's read ports and fail with domain errors (ResourceNotFound,
 * StoreError); each edge maps them once. `Rows` turns canonical rows into the specification's
 * resources.
 * @module
 */
import { Layer } from "effect"
import { Account } from "./Account.js"
import { Analytics } from "./Analytics.js"
import { Bulk } from "./Bulk.js"
import { Catalog } from "./Catalog.js"
import { Dfs } from "./Dfs.js"
import { F1 } from "./F1.js"
import { Feed } from "./Feed.js"
import { Games, Teams } from "./Games.js"
import { Golf } from "./Golf.js"
import { Leaders } from "./Leaders.js"
import { Models } from "./Models.js"
import { Nascar } from "./Nascar.js"
import { Odds } from "./Odds.js"
import { Players } from "./Players.js"
import { Signals } from "./Signals.js"
import { Stacks } from "./Stacks.js"
import { Rankings, Standings } from "./Standings.js"
import { Tennis } from "./Tennis.js"
import { Ufc } from "./Ufc.js"

export { Account, type AccountCaller, BREAKDOWN_DAYS, shownPrefix } from "./Account.js"
export {
  Analytics,
  AVAILABILITY,
  type FilterQuery,
  type HistoryQuery,
  type HistorySport,
  historySports,
  PROJECTION_MAX_WEEKS,
  PROJECTION_METHOD
} from "./Analytics.js"
export { Bulk, EXPORT_PAGE_SIZE, exportLine } from "./Bulk.js"
export { Catalog } from "./Catalog.js"
export {
  Dfs,
  type Lineup,
  modelProjectionMethod,
  NO_DFS_SOURCE,
  type OptimizeInput,
  type OptimizeResult,
  type SalaryRow,
  SERVICE_PROJECTION_METHOD
} from "./Dfs.js"
export * as Events from "./Events.js"
export { F1 } from "./F1.js"
export { DOSSIER_SIGNALS, Feed, FEED_MINUTE_CAP_BY_RANK, synthesisSentence } from "./Feed.js"
export { Games, type TeamFilter, Teams } from "./Games.js"
export { Golf } from "./Golf.js"
export { Leaders } from "./Leaders.js"
export * as ModelFields from "./ModelFields.js"
export { Models, type ServedCard } from "./Models.js"
export { Nascar } from "./Nascar.js"
export { Odds, type OddsListQuery } from "./Odds.js"
export * as Optimizer from "./Optimizer.js"
export { GAME_LOG_MAX, type PlayerListQuery, Players } from "./Players.js"
export * as Reads from "./Reads.js"
export * as Rows from "./Rows.js"
export { Signals, type SignalView, toSignal } from "./Signals.js"
export { type CustomRankingView, Stacks, type StackView } from "./Stacks.js"
export { Rankings, Standings } from "./Standings.js"
export { Tennis } from "./Tennis.js"
export { Ufc } from "./Ufc.js"

/** Every application service, over the read ports (and the KeyStore and UsageStore for the account and public counters). */
export const layer = Layer.mergeAll(
  Account.Default,
  Players.Default,
  Teams.Default,
  Games.Default,
  Standings.Default,
  Rankings.Default,
  Leaders.Default,
  Catalog.Default,
  Tennis.Default,
  Ufc.Default,
  Analytics.Default,
  Signals.Default,
  Golf.Default,
  F1.Default,
  Nascar.Default,
  Models.Default,
  Stacks.Default,
  Bulk.Default,
  Odds.Default,
  Feed.Default,
  Dfs.Default
)
export * as Dashboard from "./Dashboard.js"
export * as Keys from "./Keys.js"

/**
 * Handlers of the data endpoints of `Api` (packages/api Api.ts): one layer per group over the
 * read ports (through LegacyStore.ts, until the application layer replaces them; and the KeyStore
 * for `/api/public/stats`), and {@link HandlersLive}, all of them.
 *
 * Guarded handlers read the admitted caller (`Security.Caller`, provided per request by the
 * Authorization middleware) for the envelope's meta. Store errors become 503 / 500 through
 * `mapStoreErrors`; unknown ids answer 404 RESOURCE_NOT_FOUND.
 * @module
 */
import { Layer } from "effect"
import { MetaLive, PublicLive } from "./Meta.js"
import { MlbLive } from "./Mlb.js"
import { NbaLive } from "./Nba.js"
import { NflLive } from "./Nfl.js"
import { PlayersLive } from "./Players.js"

export { MetaLive, MlbLive, NbaLive, NflLive, PlayersLive, PublicLive }

/** Every group's handlers: provide it to `HttpApiBuilder.api(Api)` (see Server.ts `makeApiLive`). */
export const HandlersLive = Layer.mergeAll(NflLive, MlbLive, NbaLive, PlayersLive, MetaLive, PublicLive)

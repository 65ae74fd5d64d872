/**
 * Parameters of the model registry endpoints (specification, "Cross-sport, intelligence, DFS and
 * bulk"): `/v1/model/metadata` (sport, status) and `/v1/model/predictions/{playerId}` (limit,
 * season, model_type).
 * @module
 */
import { Models, TeamSport } from "@sports-data/domain"
import { Schema } from "effect"
import {
  isPlainText,
  limitParam,
  type LimitSpec,
  ListLimits,
  listPageFields,
  NOT_PLAIN_TEXT,
  oneOf,
  seasonParam,
  TeamAbbr,
  Text
} from "./Common.js"

/** `/v1/model/metadata` query: sport (optional), status `active` (default) or `all`. */
export const ModelMetadataParams = Schema.Struct({
  sport: Schema.optional(oneOf(TeamSport.literals)),
  status: Schema.optional(oneOf(["active", "all"])),
  ...listPageFields(ListLimits.models)
})

/** Page size of `/v1/model/predictions/{playerId}`: default 20, at most 200. */
export const PredictionsLimit: LimitSpec = { default: 20, max: 200 }

/** `/v1/model/predictions/{playerId}` path: the canonical player id. */
export const PredictionsPath = Schema.Struct({
  playerId: Schema.String.pipe(
    Schema.filter((s) => isPlainText(s) || NOT_PLAIN_TEXT, {
      jsonSchema: { description: "canonical player id svc_<sport>_<id>" }
    })
  )
})

/** `/v1/model/predictions/{playerId}` query: limit, season, model_type. */
export const PredictionsParams = Schema.Struct({
  limit: limitParam(PredictionsLimit),
  season: seasonParam,
  model_type: Schema.optional(oneOf(Models.ModelType.literals))
})

/** Page size of `/v1/nba/confidence`: default 20 (endpoints.json), at most 200. */
export const ConfidenceLimit: LimitSpec = { default: 20, max: 200 }

/** `/v1/nba/confidence` query: player (partial name), team (abbreviation), limit. */
export const ConfidenceParams = Schema.Struct({
  player: Schema.optional(Text),
  team: Schema.optional(TeamAbbr),
  limit: limitParam(ConfidenceLimit)
})

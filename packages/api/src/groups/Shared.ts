/**
 * Response envelopes shared by the data groups, built on the domain's envelope and resources.
 * @module
 */
import { Resources } from "@sports-data/domain"
import { Schema } from "effect"
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

/** Standings: the envelope plus `season`, the season computed (null when none is held). */
export const StandingsEnvelope = Schema.Struct({
  ...Resources.Envelope(Schema.Array(Resources.Standing)).fields,
  season: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "StandingsResponse" })

/** Nba game log: the stats envelope plus `season`, the season listed (null when the player has no lines). */
export const GameLogEnvelope = Schema.Struct({
  ...StatsEnvelope(Schema.Array(Resources.NbaGameLogRow)).fields,
  season: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "NbaGameLogResponse" })

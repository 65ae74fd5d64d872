/**
 * Parameters and bodies of the DFS endpoints: `/v1/{sport}/dfs/slates` (platform, days),
 * `/v1/{sport}/dfs/slates/{slateId}/salaries` (position) and `POST /v1/lineup/optimize`.
 * @module
 */
import { SportKey } from "@sports-data/domain"
import { Schema } from "effect"
import {
  intBetween,
  isPlainText,
  limitParam,
  type LimitSpec,
  ListLimits,
  listPageFields,
  NOT_PLAIN_TEXT,
  offsetParam,
  oneOf,
  Text
} from "./Common.js"

/** `{sport}` of the DFS paths: any sport key (sports without slates answer empty, with meta.coverage). */
export const DfsSportPath = Schema.Struct({ sport: oneOf(SportKey.literals) })

/** Most days `days` looks back. */
export const DFS_DAYS_MAX = 3650

/**
 * `/dfs/slates` parameters: `platform` (draftkings; the only platform held), `days` (1 to 3650):
 * only slates starting on or after today minus `days` days (UTC); without it, every slate held;
 * `limit` (ListLimits.slates) and `offset`.
 */
export const DfsSlatesParams = Schema.Struct({
  ...listPageFields(ListLimits.slates),
  platform: Schema.optional(oneOf(["draftkings"])),
  days: Schema.optional(
    intBetween(1, DFS_DAYS_MAX, {
      description: `slates starting at most this many days ago, or later (1 to ${DFS_DAYS_MAX}; default: every slate)`
    })
  )
})

/** `{sport}` and `{slateId}` of the salaries path. */
export const DfsSalariesPath = Schema.Struct({ sport: oneOf(SportKey.literals), slateId: Text })

/**
 * `/dfs/slates/{slateId}/salaries` rows per answer: default 100, max 1,000 (a DraftKings nfl
 * main slate lists about 600 players; the specification states no limit).
 */
export const DfsSalariesLimit = { default: 100, max: 1000 } as const satisfies LimitSpec

/**
 * `/dfs/slates/{slateId}/salaries` parameters: `position` (QB, RB, WR, TE, FLEX, DST; G for
 * golf), `limit` rows (default 100, max 1,000) from `offset`, highest salary first.
 */
export const DfsSalariesParams = Schema.Struct({
  position: Schema.optional(oneOf(["QB", "RB", "WR", "TE", "FLEX", "DST", "G"])),
  limit: limitParam(DfsSalariesLimit),
  offset: offsetParam
})

/** Most lineups per call. */
export const LINEUPS_MAX = 150

/** A player id of a body: canonical (`svc_nfl_...`) or the platform's id on the slate; plain text, 1 to 100 characters. */
const PlayerKey = Schema.String.pipe(
  Schema.filter((s) =>
    isPlainText(s) ? (s.length >= 1 && s.length <= 100) || "must be 1 to 100 characters" : NOT_PLAIN_TEXT
  )
)

/** A projection in fantasy points: a finite number from -1000 to 1000. */
const Points = Schema.Number.pipe(
  Schema.filter((n) => (Number.isFinite(n) && n >= -1000 && n <= 1000) || "must be a number from -1000 to 1000")
)

/**
 * `POST /v1/lineup/optimize` body:
 * - `slate_id` (required): a slate of `/v1/{sport}/dfs/slates`;
 * - `lineups`: 1 to 150 (default 1);
 * - `projections`: "service" (default) or an object of player id → projected points (players
 *   missing from it have no projection and are left out unless locked);
 * - `locks`, `excludes`: player ids in every lineup / in none (at most 150 each);
 * - `max_exposure`: the largest share of the lineups a player may be in, above 0 and at most 1
 *   (default 1; locked players are exempt);
 * - `min_salary`: the least total salary of a lineup, US$ (0 to 50,000).
 * Player ids are canonical ids or the platform's ids on the slate.
 */
export const OptimizeBody = Schema.Struct({
  slate_id: Text,
  lineups: Schema.optional(
    Schema.Int.pipe(Schema.filter((n) => (n >= 1 && n <= LINEUPS_MAX) || `must be an integer from 1 to ${LINEUPS_MAX}`))
  ),
  projections: Schema.optional(
    Schema.Union(
      Schema.Literal("service"),
      Schema.Record({ key: PlayerKey, value: Points }).pipe(
        Schema.filter((m) => Object.keys(m).length <= 5000 || "must hold at most 5000 players")
      )
    )
  ),
  locks: Schema.optional(Schema.Array(PlayerKey).pipe(Schema.maxItems(LINEUPS_MAX))),
  excludes: Schema.optional(Schema.Array(PlayerKey).pipe(Schema.maxItems(5000))),
  max_exposure: Schema.optional(
    Schema.Number.pipe(Schema.filter((n) => (n > 0 && n <= 1) || "must be a number above 0 and at most 1"))
  ),
  min_salary: Schema.optional(
    Schema.Int.pipe(Schema.filter((n) => (n >= 0 && n <= 50_000) || "must be an integer from 0 to 50000"))
  )
})

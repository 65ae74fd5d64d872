/**
 * Plans and tiers as data (shared/spec/decisions.md, "Tiers, plans and keys").
 *
 * A plan is a row of numbers, not code: an operator can replace the catalog (see
 * {@link PlanCatalog}) without a release. `null` means "no ceiling".
 * @module
 */
import { Schema } from "effect"

/** Current tiers, lowest first. */
export const CurrentTier = Schema.Literal("sandbox", "starter", "build", "growth", "pro_insights", "syndicate_alpha")
export type CurrentTier = typeof CurrentTier.Type

/** Legacy tiers issued before the current structure; they keep working and report their own name. */
export const LegacyTier = Schema.Literal("hobbyist", "pro", "enterprise")
export type LegacyTier = typeof LegacyTier.Type

/** Any tier a key may carry. */
export const Tier = Schema.Literal(...CurrentTier.literals, ...LegacyTier.literals)
export type Tier = typeof Tier.Type

/**
 * One plan.
 * - `rank`: 0 (sandbox) to 5 (syndicate_alpha); a tier includes every lower rank.
 * - `key_prefix`: the prefix of keys issued on the plan (e.g. `svc_sbx_`).
 * - `per_minute`, `per_day`, `per_month`: call ceilings; `null` = unlimited.
 * - `trial_days`: length of the free trial in days, or null for paid plans.
 * - `ranks_as`: for a legacy tier, the current tier whose rank it takes.
 */
export const Plan = Schema.Struct({
  tier: Tier,
  rank: Schema.Int.pipe(Schema.between(0, 5)),
  key_prefix: Schema.String,
  per_minute: Schema.NullOr(Schema.Int.pipe(Schema.positive())),
  per_day: Schema.NullOr(Schema.Int.pipe(Schema.positive())),
  per_month: Schema.NullOr(Schema.Int.pipe(Schema.positive())),
  trial_days: Schema.NullOr(Schema.Int.pipe(Schema.positive())),
  ranks_as: Schema.NullOr(CurrentTier)
})
export type Plan = typeof Plan.Type

/** A full catalog: one plan per tier. */
export const PlanCatalog = Schema.Array(Plan)
export type PlanCatalog = ReadonlyArray<Plan>

/**
 * The default catalog, from decisions.md. Legacy tiers carry the reference limits that
 * `/daas/usage` reports in `tier_limits` (hobbyist 30/min, 1,000/day, 15,000/month; pro
 * 300/min, 20,000/day, 600,000/month; enterprise 1,000/min, no daily or monthly ceiling).
 */
export const defaultPlans: PlanCatalog = [
  plan("sandbox", 0, "svc_sbx_", 20, 200, 3_000, 14, null),
  plan("starter", 1, "svc_str_", 30, 500, 15_000, null, null),
  plan("build", 2, "svc_bld_", 60, 2_000, 60_000, null, null),
  plan("growth", 3, "svc_grw_", 180, 6_000, 180_000, null, null),
  plan("pro_insights", 4, "svc_pri_", 300, 20_000, 600_000, null, null),
  plan("syndicate_alpha", 5, "svc_syn_", null, null, null, null, null),
  plan("hobbyist", 1, "svc_hob_", 30, 1_000, 15_000, null, "starter"),
  plan("pro", 4, "svc_pro_", 300, 20_000, 600_000, null, "pro_insights"),
  plan("enterprise", 5, "svc_ent_", 1_000, null, null, null, "syndicate_alpha")
]

function plan(
  tier: Tier,
  rank: number,
  key_prefix: string,
  per_minute: number | null,
  per_day: number | null,
  per_month: number | null,
  trial_days: number | null,
  ranks_as: CurrentTier | null
): Plan {
  return { tier, rank, key_prefix, per_minute, per_day, per_month, trial_days, ranks_as }
}

/** The plan of a tier in a catalog. Every catalog holds every tier (checked by {@link validateCatalog}). */
export const planOf = (catalog: PlanCatalog, tier: Tier): Plan => {
  const found = catalog.find((p) => p.tier === tier)
  if (found === undefined) throw new Error(`plan catalog has no plan for tier ${tier}`)
  return found
}

/** The tier whose keys carry this prefix, if any (the prefix is the first 8 characters, e.g. `svc_pri_`). */
export const tierOfKey = (catalog: PlanCatalog, key: string): Tier | undefined =>
  catalog.find((p) => key.startsWith(p.key_prefix))?.tier

/** True when `tier` may call an endpoint whose lowest tier is `required` (rank comparison). */
export const tierIncludes = (catalog: PlanCatalog, tier: Tier, required: Tier): boolean =>
  planOf(catalog, tier).rank >= planOf(catalog, required).rank

/**
 * Checks an operator-supplied catalog: every tier present once, prefixes distinct, and each legacy
 * tier with the rank of the current tier it ranks as. Returns the list of problems (empty when valid).
 */
export const validateCatalog = (catalog: PlanCatalog): ReadonlyArray<string> => {
  const problems: Array<string> = []
  for (const tier of Tier.literals) {
    const n = catalog.filter((p) => p.tier === tier).length
    if (n !== 1) problems.push(`tier ${tier} appears ${n} times`)
  }
  const prefixes = new Set(catalog.map((p) => p.key_prefix))
  if (prefixes.size !== catalog.length) problems.push("key prefixes are not distinct")
  for (const p of catalog) {
    const current = p.ranks_as === null ? undefined : catalog.find((q) => q.tier === p.ranks_as)
    if (current !== undefined && current.rank !== p.rank) {
      problems.push(`tier ${p.tier} ranks as ${current.tier} (rank ${current.rank}) but has rank ${p.rank}`)
    }
  }
  return problems
}

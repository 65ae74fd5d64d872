/**
 * Plans as data (packages/domain/src/Plans.ts): the default catalog matches decisions.md, and an
 * operator-supplied catalog is checked before use.
 */
import { describe, expect, it } from "@effect/vitest"
import { Plans } from "@sports-data/domain"
import { Either, Schema } from "effect"

const catalog = Plans.defaultPlans

describe("default catalog", () => {
  it("is valid", () => {
    expect(Plans.validateCatalog(catalog)).toEqual([])
  })

  it("holds the numbers of decisions.md", () => {
    const row = (tier: Plans.Tier) => {
      const p = Plans.planOf(catalog, tier)
      return [p.rank, p.key_prefix, p.per_minute, p.per_day, p.per_month]
    }
    expect(row("sandbox")).toEqual([0, "svc_sbx_", 20, 200, 3_000])
    expect(row("starter")).toEqual([1, "svc_str_", 30, 500, 15_000])
    expect(row("build")).toEqual([2, "svc_bld_", 60, 2_000, 60_000])
    expect(row("growth")).toEqual([3, "svc_grw_", 180, 6_000, 180_000])
    expect(row("pro_insights")).toEqual([4, "svc_pri_", 300, 20_000, 600_000])
    expect(row("syndicate_alpha")).toEqual([5, "svc_syn_", null, null, null])
    expect(row("hobbyist")).toEqual([1, "svc_hob_", 30, 1_000, 15_000])
    expect(row("pro")).toEqual([4, "svc_pro_", 300, 20_000, 600_000])
    expect(row("enterprise")).toEqual([5, "svc_ent_", 1_000, null, null])
    expect(Plans.planOf(catalog, "sandbox").trial_days).toBe(14)
  })

  it("tiers include every lower rank; legacy tiers rank as their current tier", () => {
    expect(Plans.tierIncludes(catalog, "growth", "build")).toBe(true)
    expect(Plans.tierIncludes(catalog, "build", "growth")).toBe(false)
    expect(Plans.tierIncludes(catalog, "hobbyist", "starter")).toBe(true)
    expect(Plans.tierIncludes(catalog, "hobbyist", "build")).toBe(false)
    expect(Plans.tierIncludes(catalog, "enterprise", "syndicate_alpha")).toBe(true)
  })

  it("tierOfKey reads the tier from the prefix, undefined for a foreign key", () => {
    expect(Plans.tierOfKey(catalog, "svc_pri_abc")).toBe("pro_insights")
    expect(Plans.tierOfKey(catalog, "sk_live_abc")).toBeUndefined()
  })
})

describe("validateCatalog", () => {
  it("reports a missing tier", () => {
    const problems = Plans.validateCatalog(catalog.filter((p) => p.tier !== "growth"))
    expect(problems).toEqual(["tier growth appears 0 times"])
  })

  it("reports a tier listed twice", () => {
    const starter = Plans.planOf(catalog, "starter")
    const problems = Plans.validateCatalog([...catalog, { ...starter, key_prefix: "svc_st2_" }])
    expect(problems).toEqual(["tier starter appears 2 times"])
  })

  it("reports prefixes that are not distinct", () => {
    const problems = Plans.validateCatalog(
      catalog.map((p) => p.tier === "build" ? { ...p, key_prefix: "svc_str_" } : p)
    )
    expect(problems).toEqual(["key prefixes are not distinct"])
  })

  it("reports a legacy tier whose rank differs from the tier it ranks as", () => {
    const problems = Plans.validateCatalog(catalog.map((p) => p.tier === "pro" ? { ...p, rank: 3 } : p))
    expect(problems).toEqual(["tier pro ranks as pro_insights (rank 4) but has rank 3"])
  })

  it("lets an operator change a plan's numbers", () => {
    const changed = catalog.map((p) => p.tier === "growth" ? { ...p, per_day: 9_000 } : p)
    expect(Plans.validateCatalog(changed)).toEqual([])
    expect(Plans.planOf(changed, "growth").per_day).toBe(9_000)
  })

  it("planOf fails loudly for a catalog without the tier", () => {
    expect(() => Plans.planOf([], "growth")).toThrow(/no plan for tier growth/)
  })
})

describe("PlanCatalog schema", () => {
  it("decodes the default catalog from JSON and rejects out-of-range numbers", () => {
    const decode = Schema.decodeUnknownEither(Plans.PlanCatalog)
    expect(decode(JSON.parse(JSON.stringify(catalog)))).toEqual(Either.right(catalog))
    expect(Either.isLeft(decode([{ ...catalog[0], rank: 9 }]))).toBe(true)
    expect(Either.isLeft(decode([{ ...catalog[0], per_day: -1 }]))).toBe(true)
    expect(Either.isLeft(decode([{ ...catalog[0], tier: "platinum" }]))).toBe(true)
  })
})

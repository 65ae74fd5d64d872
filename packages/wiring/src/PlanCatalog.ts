/**
 * The plan catalog in force (one plan per tier: limits, key prefixes, trials): by default
 * `Plans.defaultPlans` of the domain (decisions.md), replaced by the JSON file named in the
 * SPORTS_DATA_PLANS setting, so an operator changes limits without a release. The HTTP runtime
 * admits with it; the CLI issues keys against it.
 * @module
 */
import { Plans } from "@sports-data/domain"
import { Config, Context, Effect, Layer, Option, Schema } from "effect"
import { readFile } from "node:fs/promises"

/** The plan catalog in force (one plan per tier). */
export class PlanCatalogService extends Context.Tag("@sports-data/wiring/PlanCatalog")<
  PlanCatalogService,
  Plans.PlanCatalog
>() {}

/** An operator-supplied plan catalog that cannot be used; `problems` says why. */
export class PlanCatalogError extends Schema.TaggedError<PlanCatalogError>()("PlanCatalogError", {
  source: Schema.String,
  problems: Schema.Array(Schema.String)
}) {
  override get message(): string {
    return `plan catalog ${this.source} is not usable: ${this.problems.join("; ")}`
  }
}

/**
 * Checks a catalog (schema and `Plans.validateCatalog`). `source` names it in the error.
 */
export const checkCatalog = (
  input: unknown,
  source: string
): Effect.Effect<Plans.PlanCatalog, PlanCatalogError> =>
  Schema.decodeUnknown(Plans.PlanCatalog)(input).pipe(
    Effect.mapError((e) => new PlanCatalogError({ source, problems: [e.message] })),
    Effect.flatMap((catalog) => {
      const problems = Plans.validateCatalog(catalog)
      return problems.length === 0 ? Effect.succeed(catalog) : Effect.fail(new PlanCatalogError({ source, problems }))
    })
  )

/** The catalog given in code (checked). */
export const planCatalogLayer = (catalog: Plans.PlanCatalog): Layer.Layer<PlanCatalogService, PlanCatalogError> =>
  Layer.effect(PlanCatalogService, checkCatalog(catalog, "given in code"))

/** The operator setting naming a JSON file that replaces the default plan catalog. */
export const plansFileConfig = Config.option(
  Config.string("SPORTS_DATA_PLANS").pipe(
    Config.withDescription(
      "Path to a JSON file with the plan catalog (an array of plans: tier, rank, key_prefix, per_minute, " +
        "per_day, per_month, trial_days, ranks_as; null = no ceiling). Unset: the default plans of decisions.md."
    )
  )
)

/**
 * The catalog from the SPORTS_DATA_PLANS setting, or `Plans.defaultPlans` when unset. Fails with
 * PlanCatalogError when the file cannot be read, is not JSON, or is not a valid catalog.
 */
export const PlanCatalogFromEnv = Layer.effect(
  PlanCatalogService,
  Effect.gen(function*() {
    const file = yield* plansFileConfig
    if (Option.isNone(file)) return Plans.defaultPlans
    const path = file.value
    const text = yield* Effect.tryPromise({
      try: () => readFile(path, "utf8"),
      catch: (e) => new PlanCatalogError({ source: path, problems: [`cannot read: ${String(e)}`] })
    })
    const json = yield* Effect.try({
      try: () => JSON.parse(text) as unknown,
      catch: () => new PlanCatalogError({ source: path, problems: ["not JSON"] })
    })
    const catalog = yield* checkCatalog(json, path)
    yield* Effect.logInfo("plan catalog loaded from SPORTS_DATA_PLANS").pipe(
      Effect.annotateLogs({ plans: catalog.length })
    )
    return catalog
  })
)

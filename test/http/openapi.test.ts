/**
 * The OpenAPI document of the contract (specification, "Versioning"): snapshotted so a contract
 * change shows in review; version 1.4.0; the X-Service-Key scheme on every guarded operation;
 * every error response in the standard error object; each operation's `x-required-tier` equal to
 * endpoints.json `tier_resolved`.
 */
import { OpenApi } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Api, Security } from "@sports-data/api"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

const spec = OpenApi.fromApi(Api) as any
const endpointsJson = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../../shared/spec/endpoints.json", import.meta.url)), "utf8")
) as ReadonlyArray<{ method: string; path: string; tier_resolved: string }>

/** `/v1/nfl/players/{id}` and `/v1/nfl/players/:id` both as `/v1/nfl/players/{}`. */
const shape = (path: string) => path.replace(/\{[^}]+\}|:\w+/g, "{}")
/** decisions.md: `/v1/intelligence/*` and `/v1/analytics/trends` alias the unversioned paths. */
const unaliased = (path: string) => path.replace(/^\/v1\/(intelligence|analytics)\//, "/$1/")
/** endpoints.json says "all" for every tier: the lowest rank, sandbox. */
const tierOf = (resolved: string) => (resolved === "all" ? "sandbox" : resolved)

const operations = Object.entries(spec.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op }))
)

describe("OpenAPI document", () => {
  it("matches the snapshot", async () => {
    await expect(JSON.stringify(spec, null, 2) + "\n").toMatchFileSnapshot("./__snapshots__/openapi.json")
  })

  it("carries version 1.4.0 and the X-Service-Key api key scheme", () => {
    expect(spec.info.version).toBe("1.4.0")
    expect(spec.components.securitySchemes.serviceKey).toMatchObject({
      type: "apiKey",
      name: "X-Service-Key",
      in: "header"
    })
  })

  it("declares the lowest tier of every operation as endpoints.json tier_resolved", () => {
    expect(operations.length).toBeGreaterThan(0)
    for (const { method, op, path } of operations) {
      // a /v1 alias is listed under its unversioned path, except /v1/intelligence/signals, listed as is
      const listed = endpointsJson.find((e) => e.method === method && shape(e.path) === shape(path)) ??
        endpointsJson.find((e) => e.method === method && shape(e.path) === shape(unaliased(path)))
      expect(listed, `${method} ${path} is not in endpoints.json`).toBeDefined()
      expect(op["x-required-tier"], `${method} ${path}`).toBe(tierOf(listed!.tier_resolved))
    }
  })

  it("guards every operation that needs a key with the scheme, and documents every admission error", () => {
    for (const { method, op, path } of operations) {
      const label = `${method} ${path}`
      if (op["x-required-tier"] === "none") {
        expect(op.security, label).toEqual([])
        continue
      }
      expect(op.security, label).toEqual([{ serviceKey: [] }])
      for (const status of ["400", "401", "402", "403", "404", "405", "413", "429", "500", "503"]) {
        expect(op.responses[status], `${label} ${status}`).toBeDefined()
      }
    }
  })

  it("describes every error as the standard error object, with no _tag and no library decode error", () => {
    const schemas = spec.components.schemas as Record<string, any>
    expect(schemas.HttpApiDecodeError).toBeUndefined()
    const errorNames = Object.keys(schemas).filter((n) => schemas[n].properties?.error_code !== undefined)
    // every error of decisions.md and the specification (409 CONFLICT appears once an endpoint answers it)
    expect(errorNames).toEqual(expect.arrayContaining([
      "InvalidParameterError",
      "MissingApiKeyError",
      "InvalidApiKeyError",
      "TrialExpiredError",
      "TierInsufficientError",
      "NotFoundError",
      "ResourceNotFoundError",
      "MethodNotAllowedError",
      "PayloadTooLargeError",
      "RateLimitExceededError",
      "DailyLimitExceededError",
      "MonthlyQuotaExceededError",
      "InternalError",
      "ServiceUnavailableError"
    ]))
    for (const name of errorNames) {
      const s = schemas[name]
      expect(s.required, name).toEqual(
        expect.arrayContaining(["error_code", "message", "documentation_url", "upgrade_url"])
      )
      expect(s.properties._tag, name).toBeUndefined()
    }
    expect(JSON.stringify(spec)).not.toContain("HttpApiDecodeError")
  })

  it("lists every served endpoint with its declared tier (the same table admission uses)", () => {
    const tiers = Security.endpointTiers(Api)
    expect(tiers.length).toBe(operations.length)
    for (const t of tiers) {
      const op = spec.paths[Security.openApiPath(t.path)]?.[t.method.toLowerCase()]
      expect(op?.["x-required-tier"], `${t.method} ${t.path}`).toBe(t.tier._tag === "Some" ? t.tier.value : undefined)
      expect(t.guarded).toBe(t.tier._tag === "Some" && t.tier.value !== "none")
    }
  })
})

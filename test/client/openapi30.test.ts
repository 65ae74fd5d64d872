/**
 * The OpenAPI 3.0.3 rendering (`OpenApi30.toOpenApi30`, served at /openapi-3.0.json) that the
 * Python client is generated from: the schema rewrites 3.0 needs, the served document against the
 * served 3.1 one (same operations), and, where python3 has `openapi-spec-validator`, validity
 * against the OpenAPI 3.0 schema.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { OpenApi30 } from "@sports-data/api"
import { Effect } from "effect"
import { execFile, spawnSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { get } from "../http/fixtures.js"
import { Harness } from "../http/harness.js"

describe("OpenApi30.toOpenApi30", () => {
  const doc = (schemas: Record<string, unknown>) => ({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {},
    components: { schemas }
  })
  const schemasOf = (schemas: Record<string, unknown>) =>
    (OpenApi30.toOpenApi30(doc(schemas)) as any).components.schemas

  it("turns a union with null into nullable: a $ref under allOf, a plain schema merged, several kept", () => {
    const out = schemasOf({
      A: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
      B: {
        type: "object",
        required: ["r", "s", "u"],
        properties: {
          r: { anyOf: [{ $ref: "#/components/schemas/A" }, { type: "null" }], description: "ref or null" },
          s: { anyOf: [{ type: "string", minLength: 1 }, { type: "null" }] },
          u: { anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }] }
        }
      }
    })
    expect(out.B.properties.r).toEqual({
      allOf: [{ $ref: "#/components/schemas/A" }],
      nullable: true,
      description: "ref or null"
    })
    expect(out.B.properties.s).toEqual({ type: "string", minLength: 1, nullable: true })
    expect(out.B.properties.u).toEqual({ anyOf: [{ type: "string" }, { type: "number" }], nullable: true })
  })

  it("writes an always-null field as nullable with enum [null], drops empty required lists, sets 3.0.3", () => {
    const converted = OpenApi30.toOpenApi30(doc({
      G: { type: "object", required: [], properties: { rounds: { type: "null" }, t: { type: ["string", "null"] } } }
    })) as any
    expect(converted.openapi).toBe("3.0.3")
    const g = converted.components.schemas.G
    expect(g.required).toBeUndefined()
    expect(g.properties.rounds).toEqual({ nullable: true, enum: [null] })
    expect(g.properties.t).toEqual({ type: "string", nullable: true })
  })

  it("writes a numeric exclusive bound as 3.0's boolean beside minimum / maximum, keeping a stricter inclusive one", () => {
    const out = schemasOf({
      P: { type: "number", exclusiveMinimum: 0 },
      Q: { type: "integer", exclusiveMaximum: 10, minimum: 1 },
      R: { type: "number", exclusiveMinimum: 0, minimum: 5 }
    })
    expect(out.P).toEqual({ type: "number", minimum: 0, exclusiveMinimum: true })
    expect(out.Q).toEqual({ type: "integer", minimum: 1, maximum: 10, exclusiveMaximum: true })
    expect(out.R).toEqual({ type: "number", minimum: 5 })
  })
})

/** Whether python3 has openapi-spec-validator (a well-known OpenAPI 3.0/3.1 schema validator). */
const validatorReady = spawnSync("python3", ["-c", "import openapi_spec_validator"]).status === 0

describe("GET /openapi-3.0.json", () => {
  layer(Harness.layer(), { excludeTestServices: true, timeout: 60_000 })((it) => {
    it.effect("is served without a key: OpenAPI 3.0.3 with the same operations as /openapi.json and no null type", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const res30 = yield* h.request("GET", "/openapi-3.0.json")
        expect(res30.status).toBe(200)
        const res31 = yield* get("/openapi.json")
        const doc30 = res30.body
        const doc31 = res31.body
        expect(doc30.openapi).toBe("3.0.3")
        expect(doc31.openapi).toBe("3.1.0")
        expect(doc30.info).toEqual(doc31.info)
        const operations = (doc: any) =>
          Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
            Object.entries(item).map(([method, op]) => `${method} ${path} ${op.operationId} ${op["x-required-tier"]}`)
          ).sort()
        expect(operations(doc30)).toEqual(operations(doc31))
        expect(operations(doc30).length).toBeGreaterThan(100)
        expect(doc30.components.securitySchemes).toEqual(doc31.components.securitySchemes)
        expect(res30.text).not.toMatch(/"type":"null"/)
        expect(res31.text).toMatch(/"type":"null"/)
      }))

    it.effect.skipIf(!validatorReady)(
      "validates against the OpenAPI 3.0 schema (python3 openapi-spec-validator)",
      () =>
        Effect.gen(function*() {
          const h = yield* Harness
          const res = yield* h.request("GET", "/openapi-3.0.json")
          const dir = mkdtempSync(join(tmpdir(), "openapi30-"))
          const file = join(dir, "openapi-3.0.json")
          writeFileSync(file, res.text)
          const script = "import sys\nfrom openapi_spec_validator import validate\n" +
            "from openapi_spec_validator.readers import read_from_filename\n" +
            "validate(read_from_filename(sys.argv[1])[0])\nprint('valid')"
          const run = yield* Effect.promise(() =>
            promisify(execFile)("python3", ["-c", script, file], { timeout: 60_000 }).then(
              (r) => ({ ok: true, out: r.stdout }),
              (e: { stderr?: string }) => ({ ok: false, out: String(e.stderr ?? e) })
            )
          ).pipe(Effect.ensuring(Effect.sync(() => rmSync(dir, { recursive: true, force: true }))))
          expect(run.out.slice(-2000)).toContain("valid")
          expect(run.ok).toBe(true)
        })
    )
  })
})

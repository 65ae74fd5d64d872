/**
 * Error answers of the HTTP runtime (decisions.md, "Errors not shown in the specification"):
 * shapes and statuses of 400, 404, 405, 413, 500 and 503; 404 and 405 before any key check; no
 * stack, SQL or driver detail in a body; and a graceful shutdown that lets an in-flight request
 * finish after SIGTERM.
 */
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { describe, expect, it, layer } from "@effect/vitest"
import { Security } from "@sports-data/api"
import { KeyStore, PlayerReader, StoreFailure, StoreUnavailable } from "@sports-data/domain"
import { makeApiLive } from "@sports-data/http"
import { make as makeMemoryStores } from "@sports-data/store-memory"
import { Context, Effect, Layer, Schema } from "effect"
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { Harness, start, type Stores, type TestResponse } from "./harness.js"

const standardError = (res: TestResponse, status: number, code: string) => {
  expect(res.status).toBe(status)
  expect(res.headers.get("content-type")).toMatch(/application\/json/)
  expect(res.body.error_code).toBe(code)
  expect(typeof res.body.message).toBe("string")
  expect(res.body.documentation_url).toMatch(/^https:\/\//)
  expect(res.body).toHaveProperty("upgrade_url")
  expect(res.body).not.toHaveProperty("_tag")
}

/** The memory stores with some methods replaced. */
const storesWith = (patch: (context: Context.Context<Stores>) => Context.Context<Stores>): Layer.Layer<Stores> =>
  Layer.effectContext(Effect.map(makeMemoryStores, patch))

const unavailable = new StoreUnavailable({ retry_after_seconds: 7, detail: "connect ECONNREFUSED 10.0.0.5:5432" })
const failure = new StoreFailure({
  operation: "findPlayers",
  detail: "syntax error at SELECT secret_column FROM players"
})

/**
 * A one-endpoint API that reads a JSON body, served by the same runtime (admission, error
 * middleware), to test body limits independently of which POST endpoints the service has.
 */
class BodyApi extends HttpApi.make("body-test")
  .add(
    HttpApiGroup.make("body").add(
      HttpApiEndpoint.post("echo", "/v1/echo")
        .setPayload(Schema.Struct({ pad: Schema.String }))
        .addSuccess(Schema.Struct({ length: Schema.Number }))
        .pipe(Security.requiredTier("sandbox"))
    )
  )
  .pipe(Security.serviceContract)
{}
const BodyHandlers = HttpApiBuilder.group(
  BodyApi,
  "body",
  (handlers) => handlers.handle("echo", ({ payload }) => Effect.succeed({ length: payload.pad.length }))
)
const BodyHarness = Harness.layer({ seed: false, apiLive: makeApiLive(BodyApi, BodyHandlers) })

describe("errors: paths and methods", () => {
  layer(Harness.layer(), { excludeTestServices: true })((it) => {
    it.effect("an unknown path is 404 NOT_FOUND with the path, before any key check", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        for (const init of [{}, { key: "svc_sbx_bogus" }, { key: h.keys.sandbox }]) {
          const res = yield* h.request("GET", "/v1/nfl/nope?x=1", init)
          standardError(res, 404, "NOT_FOUND")
          expect(res.body.path).toBe("/v1/nfl/nope")
          expect(res.body.upgrade_url).toBeNull()
        }
        standardError(yield* h.request("GET", "/"), 404, "NOT_FOUND")
        // a segment that is not valid percent-encoding: no route, not "GET not allowed"
        const undecodable = yield* h.request("GET", "/v1/nfl/players/%zz", { key: h.keys.sandbox })
        standardError(undecodable, 404, "NOT_FOUND")
      }))

    it.effect("a known path with another method is 405 METHOD_NOT_ALLOWED listing the allowed methods", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        for (const method of ["DELETE", "PUT", "PATCH", "POST"]) {
          const res = yield* h.request(method, "/v1/nfl/players")
          standardError(res, 405, "METHOD_NOT_ALLOWED")
          expect(res.body.allowed).toEqual(["GET"])
          expect(res.headers.get("allow")).toBe("GET")
        }
        const withParam = yield* h.request("DELETE", "/v1/nfl/players/svc_nfl_00-0033873")
        standardError(withParam, 405, "METHOD_NOT_ALLOWED")
        expect(withParam.body.allowed).toContain("GET")
      }))

    it.effect("a malformed parameter is 400 INVALID_PARAMETER naming it, after admission", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        for (const query of ["limit=abc", "limit=0", "limit=100000", "limit=1.5"]) {
          const res = yield* h.request("GET", `/v1/nfl/players?${query}`, { key: h.keys.growth })
          standardError(res, 400, "INVALID_PARAMETER")
          expect(res.body.parameter).toBe("limit")
          expect(typeof res.body.reason).toBe("string")
          expect(res.body.reason.length).toBeGreaterThan(0)
          expect(res.headers.get("x-service-tier")).toBe("growth")
        }
        // without a key the answer is the key error: parameters are validated after admission
        standardError(yield* h.request("GET", "/v1/nfl/players?limit=abc"), 401, "MISSING_API_KEY")
      }))

    it.effect("unknown query parameters are ignored", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const res = yield* h.request("GET", "/v1/nfl/players?frobnicate=yes", { key: h.keys.growth })
        expect(res.status).toBe(200)
      }))

    it.effect("the OpenAPI document and the docs page are served without a key", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const doc = yield* h.request("GET", "/openapi.json")
        expect(doc.status).toBe(200)
        expect(doc.body.info.version).toBe("1.4.0")
        const page = yield* h.request("GET", "/docs")
        expect(page.status).toBe(200)
        expect(page.headers.get("content-type")).toMatch(/text\/html/)
      }))
  })
})

describe("errors: request bodies", () => {
  layer(BodyHarness, { excludeTestServices: true })((it) => {
    it.effect("a request body over 1 MiB is 413 PAYLOAD_TOO_LARGE, with or without Content-Length", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const path = "/v1/echo"
        const big = JSON.stringify({ pad: "x".repeat(1024 * 1024 + 10) })
        const declared = yield* h.request("POST", path, {
          key: h.keys.syndicate_alpha,
          headers: { "content-type": "application/json" },
          body: big
        })
        standardError(declared, 413, "PAYLOAD_TOO_LARGE")
        const chunked = yield* Effect.promise(() =>
          fetch(
            h.baseUrl + path,
            {
              method: "POST",
              headers: { "content-type": "application/json", "x-service-key": h.keys.syndicate_alpha },
              body: new Blob([big]).stream(),
              duplex: "half"
            } as RequestInit & { duplex: "half" }
          ).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))
        )
        expect(chunked.status).toBe(413)
        expect(chunked.body.error_code).toBe("PAYLOAD_TOO_LARGE")
      }))

    it.effect("a body under the limit is read and decoded; a wrong field is 400 naming it", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const ok = yield* h.request("POST", "/v1/echo", {
          key: h.keys.sandbox,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ pad: "x".repeat(1000) })
        })
        expect(ok.status).toBe(200)
        expect(ok.body).toEqual({ length: 1000 })
        const wrong = yield* h.request("POST", "/v1/echo", {
          key: h.keys.sandbox,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ pad: 12 })
        })
        standardError(wrong, 400, "INVALID_PARAMETER")
        expect(wrong.body.parameter).toBe("pad")
      }))

    it.effect("a body that is not JSON is 400 INVALID_PARAMETER on body", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const path = "/v1/echo"
        const res = yield* h.request("POST", path, {
          key: h.keys.syndicate_alpha,
          headers: { "content-type": "application/json" },
          body: "{not json"
        })
        standardError(res, 400, "INVALID_PARAMETER")
        expect(res.body.parameter).toBe("body")
      }))
  })

  it.live("a declared Content-Length over 1 MiB is 413 on any path, before routing and admission", () =>
    Effect.gen(function*() {
      const h = yield* start({ seed: false })
      const res = yield* h.request("POST", "/v1/nfl/players", {
        headers: { "content-type": "application/json" },
        body: "x".repeat(1024 * 1024 + 1)
      })
      standardError(res, 413, "PAYLOAD_TOO_LARGE")
    }).pipe(Effect.scoped))
})

describe("errors: the store", () => {
  it.live("a store that cannot be reached during admission is 503 SERVICE_UNAVAILABLE with Retry-After, no detail", () =>
    Effect.gen(function*() {
      const h = yield* start({
        seed: false,
        stores: storesWith((ctx) => {
          const keys = Context.get(ctx, KeyStore)
          return Context.add(ctx, KeyStore, { ...keys, findByHash: () => Effect.fail(unavailable) })
        })
      })
      const res = yield* h.request("GET", "/v1/nfl/players", { key: "svc_grw_" + "a".repeat(43) })
      standardError(res, 503, "SERVICE_UNAVAILABLE")
      expect(res.body.retry_after_seconds).toBe(7)
      expect(res.headers.get("retry-after")).toBe("7")
      expect(res.text).not.toContain("ECONNREFUSED")
      expect(res.text).not.toContain("10.0.0.5")
    }).pipe(Effect.scoped))

  it.live("a store that cannot be reached by a handler is 503 with Retry-After and the rate-limit headers", () =>
    Effect.gen(function*() {
      const h = yield* start({
        seed: false,
        stores: storesWith((ctx) => {
          const players = Context.get(ctx, PlayerReader)
          return Context.add(ctx, PlayerReader, { ...players, find: () => Effect.fail(unavailable) })
        })
      })
      const res = yield* h.request("GET", "/v1/nfl/players", { key: h.keys.growth })
      standardError(res, 503, "SERVICE_UNAVAILABLE")
      expect(res.headers.get("retry-after")).toBe("7")
      expect(res.headers.get("x-service-tier")).toBe("growth")
      expect(res.text).not.toContain("ECONNREFUSED")
    }).pipe(Effect.scoped))

  it.live("any other failure is 500 INTERNAL_ERROR with a request_id, never the SQL or a stack", () =>
    Effect.gen(function*() {
      const h = yield* start({
        seed: false,
        stores: storesWith((ctx) => {
          return Context.add(ctx, PlayerReader, {
            find: () => Effect.fail(failure),
            get: () => Effect.die(new Error("boom at /srv/app/src/Secret.ts:12")),
            getMany: () => Effect.fail(failure),
            platformNames: Effect.fail(failure),
            teamRosters: () => Effect.fail(failure)
          })
        })
      })
      const list = yield* h.request("GET", "/v1/nfl/players", { key: h.keys.growth })
      standardError(list, 500, "INTERNAL_ERROR")
      expect(list.body.request_id).toMatch(/^[0-9a-f-]{36}$/)
      expect(list.headers.get("x-service-tier")).toBe("growth")
      const one = yield* h.request("GET", "/v1/nfl/players/svc_nfl_00-0033873", { key: h.keys.growth })
      standardError(one, 500, "INTERNAL_ERROR")
      expect(one.body.request_id).not.toBe(list.body.request_id)
      for (const text of [list.text, one.text]) {
        expect(text).not.toMatch(/SELECT|secret|syntax error|\.ts:|at /)
      }
      expect(Object.keys(list.body).sort()).toEqual(
        ["documentation_url", "error_code", "message", "request_id", "upgrade_url"]
      )
    }).pipe(Effect.scoped))
})

describe("graceful shutdown", () => {
  it.live("SIGTERM lets an in-flight slow request finish, then the process exits 0", () =>
    Effect.promise(async () => {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "-e", "import('./test/http/harness.ts').then((m) => m.slowServerMain(1500))"],
        { cwd: process.cwd(), stdio: ["ignore", "pipe", "pipe"] }
      )
      let stderr = ""
      child.stderr.on("data", (d) => (stderr += String(d)))
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
      const lines = createInterface({ input: child.stdout })
      const ready = await new Promise<{ port: number; key: string }>((resolve, reject) => {
        lines.on("line", (line) => {
          if (line.startsWith("{")) resolve(JSON.parse(line))
        })
        void exited.then((code) => reject(new Error(`server exited early (${code}): ${stderr}`)))
      })
      const inStore = new Promise<void>((resolve) => lines.on("line", (line) => line === "slow:start" && resolve()))
      const inFlight = fetch(`http://127.0.0.1:${ready.port}/v1/nfl/players`, {
        headers: { "x-service-key": ready.key }
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))
      // SIGTERM once the request is inside the (slow) store
      await inStore
      child.kill("SIGTERM")
      const res = await inFlight
      expect(res.status).toBe(200)
      expect(res.body.success).toBe(true)
      expect(await exited).toBe(0)
    }), 60_000)
})

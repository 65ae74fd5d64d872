/**
 * The API's documents, served without a key: the OpenAPI document at `/openapi.json` (from
 * `OpenApi.fromApi` of the served API: version 1.4.0, the X-Service-Key scheme, every error
 * response), its OpenAPI 3.0.3 rendering at `/openapi-3.0.json` (for client generators that do
 * not read 3.1; `OpenApi30.toOpenApi30` of `@sports-data/api`) and a page rendering it at `/docs`
 * (Scalar, bundled: no CDN needed).
 * @module
 */
import * as HttpApi from "@effect/platform/HttpApi"
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpApiScalar from "@effect/platform/HttpApiScalar"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as OpenApi from "@effect/platform/OpenApi"
import { OpenApi30 } from "@sports-data/api"
import { Effect, Layer } from "effect"
import type { RouteShape } from "./Errors.js"

/** Path of the OpenAPI document. */
export const OPENAPI_PATH = "/openapi.json"
/** Path of the OpenAPI 3.0.3 rendering of the same document. */
export const OPENAPI_30_PATH = "/openapi-3.0.json"
/** Path of the documentation page. */
export const DOCS_PATH = "/docs"

/** Routes the documents add (for telling 405 from 404). */
export const docsRoutes: ReadonlyArray<RouteShape> = [
  { method: "GET", path: OPENAPI_PATH },
  { method: "GET", path: OPENAPI_30_PATH },
  { method: "GET", path: DOCS_PATH }
]

/**
 * Serves the OpenAPI 3.0.3 rendering of the API in context, built on the first request and kept
 * (the conversion takes a few hundred milliseconds: not paid at every server start).
 */
const openApi30Live = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const { api } = yield* HttpApi.Api
    const response = yield* Effect.cached(
      Effect.suspend(() => HttpServerResponse.json(OpenApi30.toOpenApi30(OpenApi.fromApi(api)))).pipe(Effect.orDie)
    )
    yield* router.get(OPENAPI_30_PATH, response)
  })
)

/** Serves `/openapi.json`, `/openapi-3.0.json` and `/docs` for the API in context. */
export const DocsLive = Layer.mergeAll(
  HttpApiBuilder.middlewareOpenApi({ path: OPENAPI_PATH }),
  openApi30Live,
  HttpApiScalar.layer({ path: DOCS_PATH })
)

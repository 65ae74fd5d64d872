/**
 * The API's documents, served without a key: the OpenAPI document at `/openapi.json` (from
 * `OpenApi.fromApi` of the served API: version 1.4.0, the X-Service-Key scheme, every error
 * response) and a page rendering it at `/docs` (Scalar, bundled: no CDN needed).
 * @module
 */
import { HttpApiBuilder, HttpApiScalar } from "@effect/platform"
import { Layer } from "effect"
import type { RouteShape } from "./Errors.js"

/** Path of the OpenAPI document. */
export const OPENAPI_PATH = "/openapi.json"
/** Path of the documentation page. */
export const DOCS_PATH = "/docs"

/** Routes the documents add (for telling 405 from 404). */
export const docsRoutes: ReadonlyArray<RouteShape> = [
  { method: "GET", path: OPENAPI_PATH },
  { method: "GET", path: DOCS_PATH }
]

/** Serves `/openapi.json` and `/docs` for the API in context. */
export const DocsLive = Layer.mergeAll(
  HttpApiBuilder.middlewareOpenApi({ path: OPENAPI_PATH }),
  HttpApiScalar.layer({ path: DOCS_PATH })
)

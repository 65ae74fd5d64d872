/**
 * The HTTP contract shared by the server, the OpenAPI document and the typed client.
 * @module
 */
export { Api } from "./Api.js"
export * as ApiErrors from "./Errors.js"
export { TrendsResponse } from "./groups/Analytics.js"
export * as OpenApi30 from "./OpenApi30.js"
export * as Params from "./params/index.js"
export * as Security from "./Security.js"

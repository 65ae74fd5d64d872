#!/usr/bin/env node
/**
 * Prints the OpenAPI document of the contract (`OpenApi.fromApi(Api)`, the document the server
 * serves at /openapi.json) on stdout; with `--3.0`, its OpenAPI 3.0.3 rendering (the one served at
 * /openapi-3.0.json, `OpenApi30.toOpenApi30`). Needs no server and no data. Runs the TypeScript
 * sources through tsx's loader, like bin/sports-data.mjs.
 *
 *   node bin/openapi.mjs --3.0 > openapi-3.0.json
 */
import { register } from "tsx/esm/api"

register()
const { OpenApi } = await import("@effect/platform")
const { Api, OpenApi30 } = await import("../packages/api/src/index.ts")
const spec = OpenApi.fromApi(Api)
const doc = process.argv.includes("--3.0") ? OpenApi30.toOpenApi30(spec) : spec
process.stdout.write(JSON.stringify(doc, null, 2) + "\n")

/**
 * The generated Python client (clients/python, OpenAPI Generator's `python` generator over
 * /openapi-3.0.json; regenerate with `npm run generate:python`) against the real node server over
 * the nfl fixture cut: `python3 clients/python/smoke.py <base_url> <key>` calls the server through
 * the generated `sports_data_client` and prints what it decoded, which must equal the fixture's
 * source lines (the same rows as test/client/client.test.ts checks: Josh Allen `00-0034857` QB BUF
 * in player_ids.csv; 2024_01_ARI_BUF ARI 28 at BUF 34, spread_line 6.5, total_line 46 in
 * schedules_2022_2026.csv) and the service's 401 and 400 error objects.
 *
 * Skipped, saying so, where `python3` with pydantic is not installed. Apart from that, the
 * committed client must have been generated from the current contract: the SHA-256 that
 * generate.sh records (clients/python/openapi-3.0.sha256) equals the hash of today's 3.0.3 document.
 */
import { OpenApi } from "@effect/platform"
import { describe, expect, it, layer } from "@effect/vitest"
import { Api, OpenApi30 } from "@sports-data/api"
import { Effect } from "effect"
import { execFile, spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { fixturesLayer } from "../http/fixtures.js"
import { Harness } from "../http/harness.js"

const smokeScript = fileURLToPath(new URL("../../clients/python/smoke.py", import.meta.url))

const recordedHash = fileURLToPath(new URL("../../clients/python/openapi-3.0.sha256", import.meta.url))

describe("clients/python", () => {
  it("was generated from the current contract (else run `npm run generate:python`)", () => {
    // the document as bin/openapi.mjs --3.0 writes it for generate.sh
    const doc = JSON.stringify(OpenApi30.toOpenApi30(OpenApi.fromApi(Api)), null, 2) + "\n"
    const hash = createHash("sha256").update(doc).digest("hex")
    expect(hash, "the contract changed since clients/python was generated: run `npm run generate:python`").toBe(
      readFileSync(recordedHash, "utf8").trim()
    )
  })
})

/** Whether `python3` runs and has pydantic (1, or 2 with its bundled `pydantic.v1`) and urllib3. */
const pythonReady = spawnSync("python3", ["-c", "import pydantic, urllib3, dateutil"]).status === 0

describe.skipIf(!pythonReady)("generated Python client (python3 with pydantic and urllib3)", () => {
  layer(fixturesLayer(["nfl"]), { excludeTestServices: true, timeout: 60_000 })((it) => {
    it.effect("decodes real fixture rows and raises the service's 401 and 400 error objects", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        // asynchronous: the server answering the script runs in this process
        const { stdout } = yield* Effect.promise(() =>
          promisify(execFile)("python3", [smokeScript, h.baseUrl, h.keys.syndicate_alpha], { timeout: 60_000 })
        )
        const out = JSON.parse(stdout)
        expect(out.players.length).toBeGreaterThan(0)
        expect(out.players.every((p: any) => p.team === "BUF")).toBe(true)
        expect(out.players).toContainEqual(
          expect.objectContaining({ playcaller_id: "svc_nfl_00-0034857", full_name: "Josh Allen", position: "QB" })
        )
        expect(out.game).toMatchObject({
          event_id: "2024_01_ARI_BUF",
          away_team: { abbr: "ARI", score: 28 },
          home_team: { abbr: "BUF", score: 34 },
          spread_line: 6.5,
          total_line: 46
        })
        expect(out.unauthorized).toEqual({ status: 401, error_code: "INVALID_API_KEY", parameter: null })
        expect(out.bad_parameter).toEqual({ status: 400, error_code: "INVALID_PARAMETER", parameter: "scoring" })
      }))
  })
})

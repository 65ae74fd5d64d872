/**
 * The dependency direction of DESIGN.md is enforced by `npm run lint` (eslint.config.js). These
 * tests lint small in-memory sources with ESLint's API, as if they were files at the given paths,
 * and assert which rules report.
 */
import { ESLint } from "eslint"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))
const eslint = new ESLint({ cwd: root })

/** Rule ids reported for `code` linted as the file `filePath` (relative to the repository root). */
const rulesReported = async (code: string, filePath: string): Promise<ReadonlyArray<string | null>> => {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => m.ruleId)
}

const restricted = "@typescript-eslint/no-restricted-imports"

describe("dependency rule", () => {
  it("reports a domain file importing node:fs", async () => {
    const rules = await rulesReported(
      "import { readFileSync } from \"node:fs\"\n\nexport const read = readFileSync\n",
      "packages/domain/src/Bad.ts"
    )
    expect(rules).toContain(restricted)
  })

  it("reports a domain file importing @effect/platform or another workspace package", async () => {
    expect(
      await rulesReported(
        "import { HttpClient } from \"@effect/platform\"\n\nexport const c = HttpClient\n",
        "packages/domain/src/Bad.ts"
      )
    ).toContain(restricted)
    expect(
      await rulesReported(
        "import { layer } from \"@sports-data/store-memory\"\n\nexport const l = layer\n",
        "packages/domain/src/Bad.ts"
      )
    ).toContain(restricted)
  })

  it("accepts a domain file importing effect and its own modules", async () => {
    const rules = await rulesReported(
      "import { Schema } from \"effect\"\nimport { Tier } from \"./Plans.js\"\n\nexport const T = Schema.Array(Tier)\n",
      "packages/domain/src/Good.ts"
    )
    expect(rules).toEqual([])
  })

  it("reports a package importing a runtime by name or by relative path", async () => {
    expect(
      await rulesReported(
        "import { HttpServerLive } from \"@sports-data/http\"\n\nexport const h = HttpServerLive\n",
        "packages/ingest/src/Bad.ts"
      )
    ).toContain(restricted)
    expect(
      await rulesReported(
        "import { x } from \"../../../runtimes/embedded/src/index.js\"\n\nexport const y = x\n",
        "packages/api/src/Bad.ts"
      )
    ).toContain(restricted)
  })

  it("lets a runtime import packages", async () => {
    const rules = await rulesReported(
      "import { layer } from \"@sports-data/store-memory\"\n\nexport const l = layer\n",
      "runtimes/embedded/src/Good.ts"
    )
    expect(rules).toEqual([])
  })

  it("reports console in package sources", async () => {
    expect(await rulesReported("export const f = () => console.log(\"x\")\n", "packages/ingest/src/Bad.ts"))
      .toContain("no-console")
  })
})

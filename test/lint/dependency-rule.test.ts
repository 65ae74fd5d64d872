/**
 * The dependency direction of DESIGN.md is enforced by `npm run lint` (eslint.config.js). These
 * tests lint small in-memory sources with ESLint's API, as if they were files at the given paths,
 * and assert which rules report: each rule fails on a bad import (static, re-export or dynamic)
 * and lets the allowed ones through.
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
const restrictedSyntax = "no-restricted-syntax"

/** The messages of the dependency rules for a file at `filePath` importing `specifier` statically. */
const importMessages = async (specifier: string, filePath: string): Promise<ReadonlyArray<string>> => {
  const [result] = await eslint.lintText(`import { x } from "${specifier}"\n\nexport const y = x\n`, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === restricted).map((m) => m.message)
}

/** The messages of the dependency rules for a file at `filePath` importing `specifier` dynamically. */
const dynamicImportMessages = async (specifier: string, filePath: string): Promise<ReadonlyArray<string>> => {
  const [result] = await eslint.lintText(`export const load = () => import("${specifier}")\n`, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === restrictedSyntax).map((m) => m.message)
}

/** Asserts that importing `specifier` from `filePath` is reported with a message containing `fragment`. */
const expectReported = async (specifier: string, filePath: string, fragment: string) =>
  expect((await importMessages(specifier, filePath)).join("\n")).toContain(fragment)

/** Asserts that importing `specifier` from `filePath` is not reported. */
const expectAllowed = async (specifier: string, filePath: string) =>
  expect(await importMessages(specifier, filePath)).toEqual([])

describe("dependency rule: the domain imports only effect", () => {
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

  it("reports a dynamic import in the domain", async () => {
    expect(await dynamicImportMessages("node:fs", "packages/domain/src/Bad.ts")).not.toEqual([])
  })

  it("accepts a domain file importing effect and its own modules", async () => {
    const rules = await rulesReported(
      "import { Schema } from \"effect\"\nimport { Tier } from \"./Plans.js\"\n\nexport const T = Schema.Array(Tier)\n",
      "packages/domain/src/Good.ts"
    )
    expect(rules).toEqual([])
  })
})

describe("dependency rule: no package imports a runtime", () => {
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

  it("reports a package importing a runtime dynamically or re-exporting it", async () => {
    expect(await dynamicImportMessages("@sports-data/worker", "packages/wiring/src/Bad.ts")).not.toEqual([])
    expect(await rulesReported("export * from \"@sports-data/embedded\"\n", "packages/store-sql/src/Bad.ts"))
      .toContain(restricted)
  })

  it("lets a runtime import packages", async () => {
    const rules = await rulesReported(
      "import { layer } from \"@sports-data/store-memory\"\n\nexport const l = layer\n",
      "runtimes/embedded/src/Good.ts"
    )
    expect(rules).toEqual([])
  })
})

describe("dependency rule: a runtime never imports another runtime", () => {
  it.each([
    ["@sports-data/embedded", "runtimes/worker/src/main.ts"],
    ["@sports-data/http", "runtimes/worker/src/main.ts"],
    ["@sports-data/embedded", "runtimes/http/src/Server.ts"],
    ["@sports-data/worker", "runtimes/http/src/Server.ts"],
    ["@sports-data/worker", "runtimes/embedded/src/Serve.ts"],
    ["../../embedded/src/Store.js", "runtimes/worker/src/main.ts"],
    ["../../../runtimes/worker/src/main.js", "runtimes/http/src/Server.ts"],
    ["@sports-data/embedded", "runtimes/http/src/handlers/Nfl.ts"]
  ])("reports %s imported from %s", async (specifier, file) => {
    await expectReported(specifier, file, "must not import another runtime")
  })

  it("reports a dynamic import of another runtime", async () => {
    expect(await dynamicImportMessages("@sports-data/embedded", "runtimes/worker/src/main.ts")).not.toEqual([])
  })

  it("lets runtimes share what they need through @sports-data/wiring", async () => {
    await expectAllowed("@sports-data/wiring", "runtimes/worker/src/main.ts")
    await expectAllowed("@sports-data/wiring", "runtimes/http/src/Admission.ts")
    await expectAllowed("@sports-data/wiring", "runtimes/embedded/src/cli.ts")
  })

  it("lets embedded host the HTTP runtime through its index (the one exception)", async () => {
    await expectAllowed("@sports-data/http", "runtimes/embedded/src/Serve.ts")
    expect(await dynamicImportMessages("@sports-data/http", "runtimes/embedded/src/Engine.ts")).toEqual([])
  })
})

describe("dependency rule: packages are imported through their index", () => {
  it.each([
    ["@sports-data/ingest/Runner", "runtimes/embedded/src/cli.ts"],
    ["@sports-data/embedded/Settings", "runtimes/worker/src/main.ts"],
    ["@sports-data/store-memory/Json", "runtimes/http/src/Server.ts"],
    ["@sports-data/api/params/Common", "runtimes/http/src/Admission.ts"],
    ["@sports-data/domain/Plans", "packages/wiring/src/Settings.ts"],
    ["@sports-data/ingest/nfl/Read", "test/domain/scoring-nfl-check.test.ts"],
    ["@sports-data/ingest/Progress", "bench/ingest.ts"]
  ])("reports %s imported from %s", async (specifier, file) => {
    await expectReported(specifier, file, "through its index")
  })

  it("reports a dynamic deep import", async () => {
    expect((await dynamicImportMessages("@sports-data/http/Admission", "runtimes/embedded/src/cli.ts")).join())
      .toContain("through its index")
  })

  it("reports a relative path into another workspace member", async () => {
    await expectReported("../../store-memory/src/Json.js", "packages/wiring/src/Store.ts", "another workspace member")
    await expectReported("../../../packages/api/src/Api.js", "runtimes/http/src/Server.ts", "another workspace member")
  })

  it("accepts the index and a package's own relative modules", async () => {
    await expectAllowed("@sports-data/ingest", "runtimes/embedded/src/cli.ts")
    await expectAllowed("../Csv.js", "packages/ingest/src/nfl/Read.ts")
    await expectAllowed("./Settings.js", "packages/wiring/src/Store.ts")
  })

  it("holds in the HTTP handlers and the store cache too", async () => {
    await expectReported("@sports-data/api/params/Common", "runtimes/http/src/handlers/Sport.ts", "through its index")
    await expectReported("@sports-data/store-memory/Json", "runtimes/http/src/StoreCache.ts", "through its index")
    await expectAllowed("@sports-data/app", "runtimes/http/src/handlers/Sport.ts")
  })
})

describe("dependency rule: packages/api imports no adapter", () => {
  it.each(["@sports-data/store-memory", "@sports-data/store-sql", "@sports-data/ingest", "@sports-data/wiring"])(
    "reports %s",
    async (specifier) => {
      await expectReported(specifier, "packages/api/src/Api.ts", "packages/api must not import an adapter")
    }
  )

  it("accepts the domain and the platform", async () => {
    await expectAllowed("@sports-data/domain", "packages/api/src/Api.ts")
    await expectAllowed("@effect/platform", "packages/api/src/Api.ts")
  })
})

describe("dependency rule: packages/app imports effect and the domain only", () => {
  it.each([
    "@effect/platform",
    "@sports-data/api",
    "@sports-data/store-sql",
    "@sports-data/ingest",
    "@sports-data/wiring",
    "node:fs"
  ])("reports %s", async (specifier) => {
    await expectReported(specifier, "packages/app/src/Players.ts", "packages/app imports only")
  })

  it("accepts effect, the domain and its own modules", async () => {
    await expectAllowed("effect", "packages/app/src/Players.ts")
    await expectAllowed("@sports-data/domain", "packages/app/src/Players.ts")
    await expectAllowed("./Errors.js", "packages/app/src/Players.ts")
  })
})

describe("dependency rule: adapters import neither api nor app", () => {
  it.each([
    ["@sports-data/api", "packages/store-memory/src/Readers.ts"],
    ["@sports-data/app", "packages/store-memory/src/Readers.ts"],
    ["@sports-data/api", "packages/store-sql/src/Readers.ts"],
    ["@sports-data/app", "packages/store-sql/src/Readers.ts"],
    ["@sports-data/api", "packages/ingest/src/Runner.ts"],
    ["@sports-data/app", "packages/ingest/src/Runner.ts"],
    ["@sports-data/wiring", "packages/ingest/src/Runner.ts"]
  ])("reports %s imported from %s", async (specifier, file) => {
    await expectReported(specifier, file, "An adapter")
  })

  it("accepts the domain", async () => {
    await expectAllowed("@sports-data/domain", "packages/store-sql/src/Readers.ts")
  })
})

describe("dependency rule: packages/wiring imports the domain, adapters and ingest only", () => {
  it.each(["@sports-data/api", "@sports-data/app"])("reports %s", async (specifier) => {
    await expectReported(specifier, "packages/wiring/src/Store.ts", "packages/wiring may import")
  })

  it.each(["@sports-data/http", "@sports-data/embedded", "@sports-data/worker"])(
    "reports the runtime %s",
    async (s) => {
      await expectReported(s, "packages/wiring/src/Store.ts", "must not import a runtime")
    }
  )

  it("accepts the domain, the adapters and ingest", async () => {
    for (const specifier of ["@sports-data/domain", "@sports-data/store-memory", "@sports-data/store-sql"]) {
      await expectAllowed(specifier, "packages/wiring/src/Store.ts")
    }
    await expectAllowed("@sports-data/ingest", "packages/wiring/src/Refresh.ts")
  })
})

describe("console", () => {
  it("reports console in package sources", async () => {
    expect(await rulesReported("export const f = () => console.log(\"x\")\n", "packages/ingest/src/Bad.ts"))
      .toContain("no-console")
  })
})

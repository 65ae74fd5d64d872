/**
 * Only the HTTP server builds an `HttpServerRequest` (issue 24): an edge that needs a request to
 * call a helper (the MCP tools once built one to reach the REST envelope) should call the
 * application services and build its answer from plain values instead (handlers/Common.ts
 * `EnvelopeContext` carries the endpoint path). This test fails when source under packages/ or
 * runtimes/ builds a request (`HttpServerRequest.fromWeb`, a web `new Request(`, or a request
 * provided in place of the server's) outside {@link ALLOWED}.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))

/** The ways a request is built or substituted: the web constructor, the platform's converter, a provided one. */
const BUILT = [
  /\bHttpServerRequest\.fromWeb\s*\(/g,
  /\bnew\s+Request\s*\(/g,
  /provideService\(\s*[^,]*,\s*HttpServerRequest\.HttpServerRequest\s*,/g
]

/** How many requests `source` builds (comments included: a pattern in a comment is cheap to reword). */
const builtIn = (source: string): number => BUILT.reduce((n, re) => n + (source.match(re)?.length ?? 0), 0)

/**
 * Files of the HTTP server allowed to build one, with how many. Errors.ts: the 1 MiB body cap
 * reads a chunked body itself (draining up to 16 MiB so the client reads its 413) and hands the
 * handlers a request over the bytes it read (`withBody`: a web `Request`, its `fromWeb`, and the
 * request provided in place of the server's).
 */
const ALLOWED: Readonly<Record<string, number>> = {
  "runtimes/http/src/Errors.ts": 3
}

/** Source files to scan: `.ts` under `dir`, outside dist and node_modules. */
const sourceFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return ["node_modules", "dist"].includes(entry.name) ? [] : sourceFiles(path)
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : []
  })

describe("only the HTTP server builds a request", () => {
  it("finds a planted request and ignores reading the server's", () => {
    expect(builtIn(`request: HttpServerRequest.fromWeb(new Request(\`http://localhost\${path}\`))`)).toBe(2)
    expect(builtIn(`Effect.provideService(answer, HttpServerRequest.HttpServerRequest, fake)`)).toBe(1)
    expect(builtIn(`const request = yield* HttpServerRequest.HttpServerRequest; requestPath(request)`)).toBe(0)
  })

  it("no source outside the allowed server modules builds one", () => {
    const found: Record<string, number> = {}
    for (const dir of ["packages", "runtimes"]) {
      for (const file of sourceFiles(join(root, dir))) {
        const n = builtIn(readFileSync(file, "utf8"))
        if (n > 0) found[relative(root, file).split("\\").join("/")] = n
      }
    }
    expect(found).toEqual(ALLOWED)
  })
})

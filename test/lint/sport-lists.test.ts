/**
 * Lists of sports belong to the sport registry (packages/domain/src/sports): a hard-coded array
 * of two or more sport keys elsewhere is a capability that should be a `SportModule` field
 * (issue 24). The lists that exist today are counted per file in {@link PENDING}, to be moved to
 * the registry; this test fails when a file gains one (a new list) and when a file has fewer than
 * its count (a list moved: lower the count so it cannot come back).
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))

const KEY = `"(?:nfl|nba|mlb|nhl|cfb|soccer|tennis|golf|ufc|f1|nascar)"`
/** An array literal whose first two elements are sport keys (`["nfl", "nba"`, spaces and new lines allowed). */
const LIST = new RegExp(`\\[\\s*${KEY}\\s*,\\s*${KEY}`, "g")

/** How many hard-coded sport lists `source` holds. */
const sportListsIn = (source: string): number => source.match(LIST)?.length ?? 0

/** Source files to scan: `.ts` under packages/ and runtimes/, outside dist, node_modules and the registry. */
const sourceFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      return ["node_modules", "dist"].includes(entry.name) || path.endsWith(join("domain", "src", "sports"))
        ? []
        : sourceFiles(path)
    }
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : []
  })

/** Lists still to be moved into the registry: file → count today. */
const PENDING: Readonly<Record<string, number>> = {
  "packages/app/src/Feed.ts": 2,
  "packages/app/src/Analytics.ts": 1,
  "packages/api/src/params/Unavailable.ts": 2,
  "packages/api/src/params/Intelligence.ts": 1,
  "packages/api/src/params/Feed.ts": 1,
  "packages/api/src/params/Analytics.ts": 4,
  "packages/ingest/src/Models.ts": 1,
  "packages/domain/src/Anomaly.ts": 1,
  "packages/domain/src/Analytics.ts": 3,
  "runtimes/http/src/handlers/Sport.ts": 1,
  "runtimes/http/src/mcp/Tools.ts": 3
}

describe("sport lists live in the registry", () => {
  it("finds a planted list and ignores a single sport or a registry-derived one", () => {
    expect(sportListsIn(`const alphaSports = ["nfl", "nba", "nhl"]`)).toBe(1)
    expect(sportListsIn(`oneOf([\n  "tennis",\n  "golf"\n])`)).toBe(1)
    expect(sportListsIn(`const s = ["nfl"]; const t = Object.keys(Sports.modules)`)).toBe(0)
  })

  it("no file outside the registry holds more hard-coded sport lists than recorded", () => {
    const found: Record<string, number> = {}
    for (const dir of ["packages", "runtimes"]) {
      for (const file of sourceFiles(join(root, dir))) {
        const n = sportListsIn(readFileSync(file, "utf8"))
        if (n > 0) found[relative(root, file).split("\\").join("/")] = n
      }
    }
    expect(found).toEqual(PENDING)
  })
})

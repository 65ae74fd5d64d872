/**
 * Lists of sports belong to the sport registry (packages/domain/src/sports): a hard-coded array
 * of two or more sport keys elsewhere is a capability that should be a `SportModule` field
 * (issue 24), read with `Sports.sportsWith(capability)`. This test fails on any such array in a
 * source file outside the registry.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))

const KEY = `"(?:nfl|nba|mlb|nhl|cfb|soccer|tennis|golf|ufc|f1|nascar)"`
/**
 * An array literal or a `Schema.Literal(...)` whose first two elements are sport keys
 * (`["nfl", "nba"`, `Literal("nfl", "golf"`; spaces and new lines allowed).
 */
const LIST = new RegExp(`(?:\\[|Literal\\()\\s*${KEY}\\s*,\\s*${KEY}`, "g")

/** How many hard-coded sport lists `source` holds. */
const sportListsIn = (source: string): number => source.match(LIST)?.length ?? 0

/**
 * Source files to scan: `.ts` under packages/ and runtimes/, outside dist, node_modules, the
 * registry and domain `Sport.ts` (where the sport keys themselves are defined).
 */
const sourceFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      return ["node_modules", "dist"].includes(entry.name) || path.endsWith(join("domain", "src", "sports"))
        ? []
        : sourceFiles(path)
    }
    if (path.endsWith(join("domain", "src", "Sport.ts"))) return []
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : []
  })

/** Hard-coded sport lists per file (path relative to `base`) under `base`'s packages/ and runtimes/. */
const listsUnder = (base: string): Record<string, number> => {
  const found: Record<string, number> = {}
  for (const dir of ["packages", "runtimes"]) {
    for (const file of sourceFiles(join(base, dir))) {
      const n = sportListsIn(readFileSync(file, "utf8"))
      if (n > 0) found[relative(base, file).split("\\").join("/")] = n
    }
  }
  return found
}

describe("sport lists live in the registry", () => {
  it("finds a planted list and ignores a single sport or a registry-derived one", () => {
    expect(sportListsIn(`const alphaSports = ["nfl", "nba", "nhl"]`)).toBe(1)
    expect(sportListsIn(`oneOf([\n  "tennis",\n  "golf"\n])`)).toBe(1)
    expect(sportListsIn(`export const DfsSport = Schema.Literal("nfl", "golf")`)).toBe(1)
    expect(sportListsIn(`const s = ["nfl"]; const t = Sports.sportsWith("alpha")`)).toBe(0)
  })

  it("fails on a list planted in a source file, not on one in the registry", () => {
    const base = mkdtempSync(join(tmpdir(), "sport-lists-"))
    try {
      const plant = (path: string, text: string) => {
        mkdirSync(dirname(join(base, path)), { recursive: true })
        writeFileSync(join(base, path), text)
      }
      plant("packages/app/src/Planted.ts", `export const projectionSports = ["nfl", "nba", "mlb"]\n`)
      plant("packages/domain/src/sports/Registry.ts", `export const order = ["nfl", "mlb"]\n`)
      plant("runtimes/http/src/Fine.ts", `export const s = Sports.sportsWith("stats")\n`)
      plant("packages/domain/src/Sport.ts", `export const TeamSport = Schema.Literal("nfl", "mlb")\n`)
      plant("packages/api/src/groups/Planted.ts", `const sport = Schema.Literal("nfl", "mlb", "nba")\n`)
      expect(listsUnder(base)).toEqual({ "packages/app/src/Planted.ts": 1, "packages/api/src/groups/Planted.ts": 1 })
    } finally {
      rmSync(base, { recursive: true, force: true })
    }
  })

  it("no file outside the registry holds a hard-coded sport list", () => {
    expect(listsUnder(root)).toEqual({})
  })
})

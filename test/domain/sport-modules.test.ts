/**
 * The sport registry: every team sport has a module with standings rules for each of its leagues,
 * positions, stat keys and coverage, and a sport added without them does not compile.
 */
import { describe, expect, it } from "@effect/vitest"
import { Sports, teamSports } from "@sports-data/domain"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..")

/**
 * Type-checks each of `sources` as a module placed in packages/domain/src, in one program;
 * returns each one's error messages.
 */
const typeErrors = (sources: Readonly<Record<string, string>>): Readonly<Record<string, ReadonlyArray<string>>> => {
  const files = new Map(
    Object.entries(sources).map((
      [name, text]
    ) => [join(root, "packages", "domain", "src", `__check_${name}__.ts`), text])
  )
  const options: ts.CompilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    types: []
  }
  const host = ts.createCompilerHost(options)
  const read = host.readFile.bind(host)
  host.readFile = (name) => files.get(name) ?? read(name)
  const exists = host.fileExists.bind(host)
  host.fileExists = (name) => files.has(name) || exists(name)
  const program = ts.createProgram([...files.keys()], options, host)
  return Object.fromEntries(
    [...files.keys()].map((file, i) => [
      Object.keys(sources)[i]!,
      ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) =>
        ts.flattenDiagnosticMessageText(d.messageText, "\n")
      )
    ])
  )
}

describe("Sport registry", () => {
  it("has a module per team sport whose standings cover each of its leagues", () => {
    expect(Object.keys(Sports.modules).sort()).toEqual([...teamSports].sort())
    for (const sport of teamSports) {
      const module = Sports.moduleOf(sport)
      expect(module.key).toBe(sport)
      expect(module.positions.length).toBeGreaterThan(0)
      for (const league of module.leagues) expect(Sports.standingsRules(sport, league)).toBeDefined()
    }
    expect(Sports.moduleOf("soccer").leagues).toEqual([
      "epl",
      "mls",
      "la_liga",
      "bundesliga",
      "serie_a",
      "champions_league"
    ])
  })

  it("derives each list of sports from the modules' capabilities, in the service's order", () => {
    // the value sets the API accepts (parameter enums) and the jobs run over, as users see them
    expect(Sports.sportsWith("alpha")).toEqual(["nfl", "nba", "nhl"])
    expect(Sports.sportsWith("metrics")).toEqual(["nfl", "mlb", "nba", "nhl"])
    expect(Sports.sportsWith("projection")).toEqual(["nfl", "mlb", "nba"])
    expect(Sports.sportsWith("signals")).toEqual(["nfl", "mlb", "nba"])
    expect(Sports.sportsWith("plays")).toEqual(teamSports)
    expect(Sports.sportsWith("schedule")).toEqual(["nfl", "mlb", "nba", "nhl"])
    expect(Sports.dfsSports).toEqual(["nfl", "golf"])
    for (const capability of Object.keys(Sports.modules.nfl.capabilities) as Array<Sports.Capability>) {
      const held = Sports.sportsWith(capability)
      expect(held.length, capability).toBeGreaterThan(0)
      expect(held, capability).toEqual(teamSports.filter((s) => held.includes(s as never)))
      for (const sport of teamSports) {
        expect(Sports.hasCapability(sport, capability)).toBe(Sports.modules[sport].capabilities[capability])
      }
    }
    expect(Sports.hasCapability("golf", "stats")).toBe(false)
    expect(Sports.orList(["nfl", "mlb", "nba"])).toBe("nfl, mlb or nba")
    expect(Sports.shortNameOf("cfb")).toBe("College Football")
    expect(Sports.shortNameOf("f1")).toBe("Formula 1")
  })

  it("matches stored positions to filter positions through each module's aliases", () => {
    expect(Sports.positionMatches("nba", "PG", "Guard-Forward")).toBe(true)
    expect(Sports.positionMatches("nba", "C", "Guard-Forward")).toBe(false)
    expect(Sports.positionMatches("mlb", "OF", "CF")).toBe(true)
    expect(Sports.positionMatches("nfl", "K", "PK")).toBe(true)
    expect(Sports.positionMatches("nfl", "QB", null)).toBe(false)
  })

  it("types a module without standings rules as an error (checked by tsc -b)", () => {
    const { standings: _standings, ...withoutStandings } = Sports.modules.nfl
    // @ts-expect-error a sport module without standings rules is not a SportModule
    const incomplete: Sports.SportModule<"nfl"> = withoutStandings
    expect("standings" in incomplete).toBe(false)
  })

  it("refuses to compile a sport module without standings rules, positions, scoring or capabilities", {
    timeout: 60_000
  }, () => {
    const module = (omit: string) => {
      const fields: Record<string, string> = {
        key: `"nfl"`,
        name: `"x"`,
        shortName: `"X"`,
        capabilities: `{ stats: true, metrics: true, alpha: true, similarity: true, projection: true, history: true, ` +
          `anomaly: true, models: true, signals: true, ecr: true, plays: true, schedule: true, dfs: true }`,
        leagues: `["nfl"]`,
        positions: `["QB"]`,
        positionAliases: `{}`,
        statKeys: `[]`,
        scoring: `[]`,
        gameStates: `["final"]`,
        standings: `{ nfl: nflRules }`,
        teams: `[]`
      }
      delete fields[omit]
      return `import { nflRules } from "./Standings.js"
import type { SportModule } from "./sports/SportModule.js"
export const m = { ${Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join(", ")} } satisfies SportModule<"nfl">
`
    }
    // A registry missing a sport fails too: `modules` is typed satisfies Record<TeamSport, SportModule>.
    const registry = `import { nfl } from "./sports/Nfl.js"
import type { SportModule } from "./sports/SportModule.js"
import type { TeamSport } from "./Sport.js"
export const modules = { nfl } satisfies Record<TeamSport, SportModule>
`
    const errors = typeErrors({
      complete: module("none"),
      standings: module("standings"),
      positions: module("positions"),
      scoring: module("scoring"),
      capabilities: module("capabilities"),
      registry
    })
    expect(errors["complete"]).toEqual([])
    for (const field of ["standings", "positions", "scoring", "capabilities"]) {
      expect(errors[field]!.join("\n"), field).toContain(`'${field}'`)
    }
    expect(errors["registry"]!.join("\n")).toContain("is missing the following properties")
  })
})

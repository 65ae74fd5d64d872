/**
 * packages/ingest has no import circle, and the Runner names no sport: the sports are registered
 * once (Ingesters.ts) and walked.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { describe, expect, it } from "vitest"

const root = resolve(__dirname, "../../packages/ingest/src")

const sourceFiles = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : []
  })

/** Relative imports (value or type, and re-exports) of each module, resolved to .ts paths. */
const graph = (): Map<string, Array<string>> =>
  new Map(
    sourceFiles(root).map((file) => {
      const text = readFileSync(file, "utf8")
      const targets = [...text.matchAll(/(?:import|export)\s[^"';]*?from\s+"(\.[^"]+)"/g)].map((m) =>
        resolve(dirname(file), m[1]!.replace(/\.js$/, ".ts"))
      )
      return [file, targets]
    })
  )

/** The first import circle found by a depth-first walk (as module paths relative to src), or none. */
const findCycle = (edges: Map<string, Array<string>>): Array<string> | undefined => {
  const state = new Map<string, "open" | "done">()
  const stack: Array<string> = []
  const visit = (node: string): Array<string> | undefined => {
    if (state.get(node) === "done") return undefined
    if (state.get(node) === "open") return [...stack.slice(stack.indexOf(node)), node]
    state.set(node, "open")
    stack.push(node)
    for (const next of edges.get(node) ?? []) {
      const found = visit(next)
      if (found !== undefined) return found
    }
    stack.pop()
    state.set(node, "done")
    return undefined
  }
  for (const node of edges.keys()) {
    const found = visit(node)
    if (found !== undefined) return found.map((f) => f.slice(root.length + 1))
  }
  return undefined
}

describe("packages/ingest imports", () => {
  it("form no circle", () => {
    expect(findCycle(graph())).toBeUndefined()
  })

  it("the walk finds a circle when there is one", () => {
    const edges = new Map([[`${root}/a.ts`, [`${root}/b.ts`]], [`${root}/b.ts`, [`${root}/a.ts`]]])
    expect(findCycle(edges)).toEqual(["a.ts", "b.ts", "a.ts"])
  })

  it("the Runner imports no sport's module and names no sport", () => {
    const runner = readFileSync(join(root, "Runner.ts"), "utf8")
    const code = runner.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "")
    const sports = ["nfl", "nba", "mlb", "nhl", "cfb", "soccer", "tennis", "ufc", "golf", "f1", "nascar"]
    for (const sport of sports) {
      expect(code).not.toMatch(new RegExp(`["'/]${sport}["'/]`))
    }
  })
})

describe("the source registry", () => {
  it("lists every dataset folder a sport reads, each with a publisher, an upstream, a licence and its files", async () => {
    const { Runner } = await import("@sports-data/ingest")
    const { SourceRegistry } = await import("@sports-data/domain")
    const registered = new Set(SourceRegistry.datasets.map((d) => d.folder))
    for (const sport of Runner.ingestedSports) {
      for (const folder of Runner.ingesters[sport]!.sources) expect(registered, `${sport}: ${folder}`).toContain(folder)
    }
    for (const d of SourceRegistry.datasets) {
      expect(d.upstream).toMatch(/https:\/\//)
      expect(d.licence.length).toBeGreaterThan(0)
      expect(d.files.length).toBeGreaterThan(0)
    }
  })
})

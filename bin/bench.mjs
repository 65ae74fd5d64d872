#!/usr/bin/env node
/**
 * Runs every benchmark script bench/*.ts in turn (alphabetical), each in its own Node process
 * through tsx, and exits non-zero if any of them fails. `npm run bench -- http` runs only the
 * scripts whose file name contains "http". Benchmarks report ratios; none fails on timing.
 */
import { spawnSync } from "node:child_process"
import { readdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const benchDir = join(root, "bench")
const filters = process.argv.slice(2)

const scripts = readdirSync(benchDir)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && f !== "index.ts")
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort()

if (scripts.length === 0) {
  process.stdout.write("no benchmark scripts matched in bench/\n")
  process.exit(0)
}

const failed = []
for (const script of scripts) {
  process.stdout.write(`\n=== bench/${script}\n`)
  const run = spawnSync(process.execPath, ["--import", "tsx", join(benchDir, script)], { cwd: root, stdio: "inherit" })
  if (run.status !== 0) failed.push(script)
}

process.stdout.write(`\nbenchmarks: ${scripts.length - failed.length} ran, ${failed.length} failed\n`)
if (failed.length > 0) {
  process.stdout.write(`failed: ${failed.join(", ")}\n`)
  process.exit(1)
}

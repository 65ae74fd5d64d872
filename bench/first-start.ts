/**
 * A newcomer's first `npm start`, timed: the real bin (`bin/sports-data.mjs serve`) on a fresh
 * PGlite folder and the real datasets (SPORTS_DATA_DIR, default ../shared/data), as a child
 * process. Prints:
 * - launch → first answer: from spawning the process until `GET /v1/sports` first answers
 *   (polled every 100 ms on the port given with `--port`, with the growth demo key the server
 *   prints before it listens);
 * - launch → all sports ingested: until the server prints `data: all sports ingested` (or the
 *   line naming the sports that failed), with each sport's own time as the server printed it;
 * - a later start on the same (now current) folder: launch → first answer.
 * The folder is removed at the end. Nothing fails on timing; the process exits non-zero only if
 * the server exits or does not finish within BENCH_FIRST_START_TIMEOUT_S (default 1800 s).
 *
 * Run: `npx tsx bench/first-start.ts` (or `npm run bench -- first-start`).
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { freePort } from "./index.js"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const bin = join(root, "bin", "sports-data.mjs")
const dataDir = resolve(process.env["SPORTS_DATA_DIR"] ?? join(root, "..", "shared", "data"))
const timeoutMs = Number(process.env["BENCH_FIRST_START_TIMEOUT_S"] ?? 1800) * 1000

/** A `serve` child with its stdout so far. */
interface Run {
  readonly child: ChildProcess
  readonly out: () => string
  /** How it exited and the end of its stderr. */
  readonly err: () => string
  readonly launched: number
  readonly exited: Promise<number | null>
}

/** Every child started, stopped at the end whatever happened. */
const children: Array<ChildProcess> = []

const launch = (store: string, port: number): Run => {
  const { DATABASE_URL: _ignored, ...env } = process.env
  const launched = performance.now()
  const child = spawn(process.execPath, [bin, "serve", "--port", String(port)], {
    cwd: root,
    env: { ...env, SPORTS_DATA_STORE: store, SPORTS_DATA_DIR: dataDir }
  })
  children.push(child)
  let out = ""
  child.stdout?.on("data", (d) => (out += String(d)))
  let err = ""
  child.stderr?.on("data", (d) => (err = (err + String(d)).slice(-4000)))
  const exited = new Promise<number | null>((done) =>
    child.on("exit", (code, signal) => {
      exitedWith = `exit code ${code}, signal ${signal}`
      done(code)
    })
  )
  let exitedWith = ""
  return { child, out: () => out, err: () => `${exitedWith}\n${err}`, launched, exited }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** Polls until `f` gives a value; fails when the child exits or the timeout passes. */
const until = async <A>(run: Run, what: string, f: () => Promise<A | undefined> | A | undefined): Promise<A> => {
  let exited = false
  void run.exited.then(() => (exited = true))
  for (;;) {
    const value = await f()
    if (value !== undefined) return value
    if (exited) throw new Error(`serve exited before ${what} (${run.err()}):\n${run.out().slice(-2000)}`)
    if (performance.now() - run.launched > timeoutMs) throw new Error(`no ${what} within the timeout`)
    await sleep(100)
  }
}

/** Seconds since launch when `GET /v1/sports` first answers, and its status. */
const firstAnswer = (run: Run, port: number, key: () => string | undefined) =>
  until(run, "an answer", async () => {
    const k = key()
    if (k === undefined) return undefined
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/sports`, { headers: { "X-Service-Key": k } })
      await res.arrayBuffer()
      return { seconds: (performance.now() - run.launched) / 1000, status: res.status }
    } catch {
      return undefined
    }
  })

const stop = async (run: Run) => {
  run.child.kill("SIGINT")
  await run.exited
}

const main = async () => {
  if (!existsSync(dataDir)) throw new Error(`data directory not found: ${dataDir} (set SPORTS_DATA_DIR)`)
  const folder = mkdtempSync(join(tmpdir(), "first-start-"))
  const store = join(folder, "pglite")
  try {
    const port = await freePort()
    const first = launch(store, port)
    let growthKey: string | undefined
    const keyOf = () => {
      growthKey ??= /^ {2}growth\s+(svc_\S+)$/m.exec(first.out())?.[1]
      return growthKey
    }
    const answer = await firstAnswer(first, port, keyOf)
    process.stdout.write(`launch → first answer: ${answer.seconds.toFixed(1)} s (GET /v1/sports ${answer.status})\n`)
    const done = await until(first, "the end of the ingestion", () => {
      const m = /^data: (all sports ingested|\d+ of \d+ sports ingested) in [\d.]+ s.*$/m.exec(first.out())
      return m === null ? undefined : { seconds: (performance.now() - first.launched) / 1000, line: m[0] }
    })
    const perSport = [...first.out().matchAll(/^data: (\w+) (ingested in|failed after) ([\d.]+) s/gm)]
      .map((m) => `${m[1]} ${m[3]} s${m[2] === "failed after" ? " (failed)" : ""}`)
    process.stdout.write(`launch → all sports ingested: ${done.seconds.toFixed(1)} s (${done.line})\n`)
    process.stdout.write(`  per sport: ${perSport.join(", ")}\n`)
    await stop(first)

    const laterPort = await freePort()
    const later = launch(store, laterPort)
    const again = await firstAnswer(later, laterPort, () => growthKey)
    process.stdout.write(
      `later start, store current: launch → first answer: ${
        again.seconds.toFixed(1)
      } s (GET /v1/sports ${again.status})\n`
    )
    await stop(later)
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGINT")
    await Promise.all(children.map((c) => c.exitCode === null ? new Promise((done) => c.on("exit", done)) : undefined))
    rmSync(folder, { recursive: true, force: true })
  }
}

process.stdout.write(`first start: the real bin on a fresh PGlite folder, data ${dataDir}\n`)
main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  }
)

/**
 * Issue 22's "refreshes never stall serving" bench: the hot path of `sports-data serve` (the real
 * bin, as the README starts it) idle, then while the server ingests a sport and trains its
 * models in the background, on both stores in one run (PostgreSQL, then PGlite). Prints per store
 * req/s and p99 of each phase and the ratio of the loaded phases to idle; the target is a ratio of
 * at least 0.70 with p99 ≤ 50 ms.
 *
 * Per store:
 * 1. A base store holding nfl only is made once (a `serve` over a data directory of symbolic
 *    links to nfl's dataset folders, until its first ingestion ends) and kept in
 *    /tmp/bench-serve-under-ingest (a PGlite folder; a PostgreSQL database used as a template),
 *    with the syndicate_alpha demo key it printed. Each run starts from a copy of it.
 * 2. `serve --port N` on the copy, the data directory holding nfl's folders, a refresh every 2 s.
 * 3. idle: autocannon on `GET /v1/nfl/players?team=KC` (one key, BENCH_CONNECTIONS connections)
 *    for BENCH_SECONDS.
 * 4. nba's dataset folders are linked into the data directory: the next refresh pass ingests nba
 *    (about 140,000 source rows) and then trains its models (wiring Jobs.ts). The same load runs in
 *    windows of BENCH_SECONDS while nba is `ingesting` (/v1/data/status), then while its training
 *    runs (until the server logs `post-ingest job done ... sport=nba`), at most BENCH_WINDOWS
 *    windows per phase; then the load stops and the bench waits for the training to end.
 * 5. Once the pass is over (nba, nhl and tennis refreshed), idle again: the idle figure is that of
 *    the windows before and after, so that a change in a shared machine's load during the run
 *    weighs on both sides of the ratio.
 * The loaded figures: requests over seconds of all windows, and the highest p99 of a window.
 * Nothing fails on timing; the process fails when a server exits or a phase never comes.
 *
 * Run: `npx tsx bench/serve-under-ingest.ts` (or `npm run bench -- serve-under-ingest`). Options:
 * BENCH_SECONDS (default 5), BENCH_WINDOWS (default 4), BENCH_CONNECTIONS (default 50),
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_TARGETS (pg,pglite),
 * SPORTS_DATA_DIR (the real data, default ../shared/data), BENCH_SERVE_LOG (a file that receives each
 * server's whole output; a server that exits early is reported with its exit code or signal).
 * @module
 */
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon"
import { type ChildProcess, spawn } from "node:child_process"
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"
import { freePort, writeHighLimitPlans } from "./index.js"

const seconds = Number(process.env["BENCH_SECONDS"] ?? 5)
const maxWindows = Number(process.env["BENCH_WINDOWS"] ?? 4)
const connections = Number(process.env["BENCH_CONNECTIONS"] ?? 50)
const serverUrl = process.env["BENCH_PG_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres"
const targets = (process.env["BENCH_TARGETS"] ?? "pg,pglite").split(",")
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const bin = join(root, "bin", "sports-data.mjs")
const dataDir = resolve(process.env["SPORTS_DATA_DIR"] ?? join(root, "..", "shared", "data"))
const work = "/tmp/bench-serve-under-ingest"
const path = "/v1/nfl/players?team=KC"

/** The dataset folders each sport reads (ingest Runner `sourceFiles`). */
const NFL_FOLDERS = [
  "spreadspoke_nfl",
  "urwishpatel2003_nflverse_data",
  "jtyran_nfl_team_fantasy_dashboard",
  "mayscopeland_ffb_ids",
  "hvpkod_nfl_data",
  "dynastyprocess_fantasytweetarchives",
  "uruley_4horsemendfs"
]
const NBA_FOLDERS = ["bettormanpicks_bmp_app", "meharpalbasi_nba_data", "millxing_nba_data", "nielsenz_odds_api"]

mkdirSync(work, { recursive: true })
const plansFile = join(work, "plans.json")
writeHighLimitPlans(plansFile)

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** A data directory of links to `folders` of the real data. */
const linkedDataDir = (folders: ReadonlyArray<string>) => {
  const dir = mkdtempSync(join(work, "data-"))
  link(dir, folders)
  return dir
}
const link = (dir: string, folders: ReadonlyArray<string>) => {
  for (const f of folders) if (!existsSync(join(dir, f))) symlinkSync(join(dataDir, f), join(dir, f))
}

/** A `serve` child with its output so far. */
interface Serve {
  readonly child: ChildProcess
  readonly port: number
  readonly output: () => string
  readonly exited: Promise<void>
}

/** Every child started, stopped at the end whatever happened. */
const children: Array<ChildProcess> = []

const launch = async (store: Record<string, string>, data: string): Promise<Serve> => {
  const port = await freePort()
  const { DATABASE_URL: _ignored, ...env } = process.env
  const child = spawn(process.execPath, [bin, "serve", "--port", String(port)], {
    cwd: root,
    env: {
      ...env,
      ...store,
      SPORTS_DATA_DIR: data,
      SPORTS_DATA_PLANS: plansFile,
      SPORTS_DATA_REFRESH_INTERVAL: "2 seconds"
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  children.push(child)
  let out = ""
  child.stdout!.on("data", (d) => (out = (out + String(d)).slice(-200_000)))
  child.stderr!.on("data", (d) => (out = (out + String(d)).slice(-200_000)))
  if (process.env["BENCH_SERVE_LOG"]) {
    const log = process.env["BENCH_SERVE_LOG"]
    writeFileSync(log, "")
    child.stdout!.on("data", (d) => appendFileSync(log, d))
    child.stderr!.on("data", (d) => appendFileSync(log, d))
  }
  const exited = new Promise<void>((done) => child.on("exit", () => done()))
  return { child, port, output: () => out, exited }
}

/** Polls `f` every 250 ms until it gives a value; fails when the server exits or after `timeoutS`. */
const until = async <A>(
  serve: Serve,
  what: string,
  f: () => Promise<A | undefined> | A | undefined,
  timeoutS = 1800
) => {
  const started = Date.now()
  for (;;) {
    const value = await f()
    if (value !== undefined) return value
    if (serve.child.exitCode !== null) {
      const how = serve.child.signalCode ?? `code ${serve.child.exitCode}`
      throw new Error(`serve exited (${how}) before ${what}:\n${serve.output().slice(-3000)}`)
    }
    if (Date.now() - started > timeoutS * 1000) {
      throw new Error(`no ${what} within ${timeoutS} s; the server's last output:\n${serve.output().slice(-3000)}`)
    }
    await sleep(250)
  }
}

const stop = async (serve: Serve) => {
  if (serve.child.exitCode === null) serve.child.kill("SIGINT")
  await serve.exited
}

/** The state of `sport` in /v1/data/status. */
const stateOf = async (serve: Serve, key: string, sport: string) => {
  try {
    const res = await fetch(`http://127.0.0.1:${serve.port}/v1/data/status`, { headers: { "x-service-key": key } })
    const body = (await res.json()) as { data?: Array<{ sport: string; state: string }> }
    return body.data?.find((r) => r.sport === sport)?.state
  } catch {
    return undefined
  }
}

interface Window {
  readonly requests: number
  readonly seconds: number
  readonly p99: number
  readonly bad: number
}

const drive = async (port: number, key: string, duration = seconds): Promise<Window> => {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections,
    duration,
    headers: { "x-service-key": key }
  })
  return { requests: r.requests.total, seconds: duration, p99: r.latency.p99, bad: r.errors + r.timeouts + r.non2xx }
}

/** Requests over seconds, the highest p99 and the failed requests of `windows`. */
const summary = (windows: ReadonlyArray<Window>) => {
  const requests = windows.reduce((n, w) => n + w.requests, 0)
  const secs = windows.reduce((n, w) => n + w.seconds, 0)
  return {
    rps: secs === 0 ? 0 : requests / secs,
    p99: Math.max(0, ...windows.map((w) => w.p99)),
    bad: windows.reduce((n, w) => n + w.bad, 0),
    windows: windows.length
  }
}

/** The base store of `label` (nfl ingested) and its key, made once. */
const baseStore = async (label: string, store: Record<string, string>) => {
  const keyFile = join(work, `base-${label}.key`)
  if (existsSync(keyFile)) return readFileSync(keyFile, "utf8").trim()
  const data = linkedDataDir(NFL_FOLDERS)
  console.log(`${label}: making the base store (nfl only; kept for later runs)...`)
  const t0 = Date.now()
  const serve = await launch(store, data)
  const key = await until(serve, "the demo keys", () => /^ {2}syndicate_alpha\s+(svc_\S+)$/m.exec(serve.output())?.[1])
  await until(
    serve,
    "the end of the first ingestion",
    () => /^data: (all sports ingested|\d+ of \d+ sports ingested)/m.test(serve.output()) || undefined
  )
  await stop(serve)
  rmSync(data, { recursive: true, force: true })
  writeFileSync(keyFile, key)
  console.log(`${label}: base store made in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
  return key
}

const admin = async <A>(f: (client: pg.Client) => Promise<A>) => {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await f(client)
  } finally {
    await client.end()
  }
}

const dbUrl = (name: string) => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** A fresh copy of the base store of `label`: its settings and how to remove it. */
const storeCopy = async (label: string) => {
  if (label === "pg") {
    const base = "bench_sui_base"
    await admin(async (c) => {
      const found = await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [base])
      if (found.rowCount === 0) await c.query(`CREATE DATABASE ${base}`)
    })
    const key = await baseStore(label, { DATABASE_URL: dbUrl(base) })
    await admin((c) => c.query("DROP DATABASE IF EXISTS bench_sui_run"))
    await admin((c) => c.query(`CREATE DATABASE bench_sui_run TEMPLATE ${base}`))
    return {
      key,
      store: { DATABASE_URL: dbUrl("bench_sui_run") },
      remove: () => admin((c) => c.query("DROP DATABASE IF EXISTS bench_sui_run WITH (FORCE)")).then(() => undefined)
    }
  }
  const base = join(work, "base-pglite")
  const key = await baseStore(label, { SPORTS_DATA_STORE: base })
  const copy = join(work, "run-pglite")
  rmSync(copy, { recursive: true, force: true })
  cpSync(base, copy, { recursive: true })
  return {
    key,
    store: { SPORTS_DATA_STORE: copy },
    remove: async () => rmSync(copy, { recursive: true, force: true })
  }
}

const trained = (serve: Serve) => /post-ingest job done.*job=models\.train.*sport=nba/.test(serve.output())

const runStore = async (label: string) => {
  const copy = await storeCopy(label)
  const data = linkedDataDir(NFL_FOLDERS)
  const serve = await launch(copy.store, data)
  try {
    await until(serve, "the hot path", async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${serve.port}${path}`, { headers: { "x-service-key": copy.key } })
        await res.arrayBuffer()
        return res.status === 200 || undefined
      } catch {
        return undefined
      }
    })
    await drive(serve.port, copy.key, 3) // warm-up
    const idleBefore = [await drive(serve.port, copy.key), await drive(serve.port, copy.key)]

    // nba's folders (one of them also nhl's and tennis's): the next refresh pass ingests them
    link(data, NBA_FOLDERS)
    const t0 = Date.now()
    await until(serve, "nba's ingestion", async () => {
      const state = await stateOf(serve, copy.key, "nba")
      return state === "pending" || state === "ingesting" || undefined
    }, 300)
    const ingesting: Array<Window> = []
    while (ingesting.length < maxWindows && (await stateOf(serve, copy.key, "nba")) !== "ready") {
      ingesting.push(await drive(serve.port, copy.key))
    }
    await until(
      serve,
      "the end of nba's ingestion",
      async () => (await stateOf(serve, copy.key, "nba")) === "ready" || undefined
    )
    const ingestS = (Date.now() - t0) / 1000
    const training: Array<Window> = []
    while (training.length < maxWindows && !trained(serve)) training.push(await drive(serve.port, copy.key))
    await until(serve, "the end of nba's training", () => trained(serve) || undefined)
    const totalS = (Date.now() - t0) / 1000
    await until(
      serve,
      "the end of the refresh pass",
      () => /message="sport refresh(ed| failed)" sport=tennis/.test(serve.output()) || undefined
    )
    const idleAfter = [await drive(serve.port, copy.key), await drive(serve.port, copy.key)]
    return {
      label,
      idle: summary([...idleBefore, ...idleAfter]),
      idleBefore: summary(idleBefore),
      idleAfter: summary(idleAfter),
      ingesting: summary(ingesting),
      training: summary(training),
      loaded: summary([...ingesting, ...training]),
      ingestS,
      totalS
    }
  } finally {
    await stop(serve)
    rmSync(data, { recursive: true, force: true })
    await copy.remove()
  }
}

const main = async () => {
  if (!existsSync(dataDir)) throw new Error(`data directory not found: ${dataDir} (set SPORTS_DATA_DIR)`)
  const results = []
  for (const label of targets) {
    console.log(`${label}: running...`)
    results.push(await runStore(label))
  }
  console.log(
    `\nGET ${path} on \`sports-data serve\` (${connections} connections, 1 key; windows of ${seconds} s, at most ${maxWindows} per phase)`
  )
  for (const r of results) {
    const line = (phase: string, s: ReturnType<typeof summary>) =>
      `  ${r.label.padEnd(7)} ${phase.padEnd(26)} ${s.rps.toFixed(0).padStart(7)} req/s  p99 ${
        String(s.p99).padStart(4)
      } ms  bad ${s.bad}` + (phase.startsWith("idle") ? "" : `  x idle ${(s.rps / r.idle.rps).toFixed(2)}`)
    console.log(line("idle before", r.idleBefore))
    console.log(line("idle after", r.idleAfter))
    console.log(line("nba ingesting", r.ingesting))
    console.log(line("nba models training", r.training))
    console.log(line("ingest + training (all)", r.loaded))
    console.log(
      `  ${r.label.padEnd(7)} background work under that load: nba ingested in ${r.ingestS.toFixed(0)} s, trained ${
        (r.totalS - r.ingestS).toFixed(0)
      } s later (${r.ingesting.windows} + ${r.training.windows} windows); x idle is against idle before and after`
    )
  }
}

main().catch((e) => {
  console.error(e)
  process.exitCode = 1
}).finally(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGINT")
})

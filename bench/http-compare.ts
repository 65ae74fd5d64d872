/**
 * Issue 9's HTTP bench: in one run, each server in its own process, driven one after the other
 * by autocannon from this process with the same load:
 * - `raw`: node:http answering the service's own bytes (bench/servers/raw.ts);
 * - `peer`: the hand-written Fastify + node-postgres peer (bench/servers/peer.ts);
 * - `service pg`: the service on PostgreSQL; `service pglite`: on the embedded store
 *   (bench/servers/service.ts), and with BENCH_BASE=<checkout> the same two from that checkout
 *   (e.g. the commit before a change) for a before/after in the same run.
 * Every service key is of a plan whose minute, day and month ceilings are far above the load
 * (SPORTS_DATA_PLANS, written here), so every request goes through exact counting.
 * Cases: one key; 1,000 distinct keys in rotation (a header list). Prints req/s, p50, p99, the
 * ratios to the peer and to raw, and each service's RSS after its run.
 *
 * Every server is started first; then the cases run in rounds, each round driving every server
 * in turn (so that the changing load of a shared machine falls on all alike), and the medians
 * are printed.
 *
 * Run: `npx tsx bench/http-compare.ts`. Options: BENCH_SECONDS (per case and round, default 3),
 * BENCH_ROUNDS (default 3), BENCH_CONNECTIONS
 * (default 50), BENCH_PG_URL (server, default postgres://postgres@127.0.0.1:5432/postgres; the
 * bench creates databases `bench_http_<label>` there and keeps them, so a re-run skips the
 * ingest), BENCH_TARGETS (comma list of raw,peer,service-pg,service-pglite), SPORTS_DATA_DIR.
 * @module
 */
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon"
import { type ChildProcess, spawn } from "node:child_process"
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"
import { writeHighLimitPlans } from "./index.js"

const seconds = Number(process.env["BENCH_SECONDS"] ?? 3)
const rounds = Number(process.env["BENCH_ROUNDS"] ?? 3)
const connections = Number(process.env["BENCH_CONNECTIONS"] ?? 50)
const serverUrl = process.env["BENCH_PG_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres"
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const base = process.env["BENCH_BASE"]
const work = "/tmp/bench-http-compare"
const targets = (process.env["BENCH_TARGETS"] ?? "raw,peer,service-pg,service-pglite").split(",")
const path = "/v1/nfl/players?team=KC"
mkdirSync(work, { recursive: true })

const plansFile = join(work, "plans.json")
writeHighLimitPlans(plansFile)

const dbUrl = (name: string) => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const ensureDatabase = async (name: string) => {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])
  if (found.rowCount === 0) await client.query(`CREATE DATABASE ${name}`)
  await client.end()
}

interface Started {
  readonly child: ChildProcess
  readonly port: number
}

/** Spawns `script` with tsx and waits for its `READY <port>` line. */
const start = (script: string, env: Record<string, string>, cwd = root): Promise<Started> =>
  new Promise((ok, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let out = ""
    let err = ""
    child.stderr.on("data", (d: Buffer) => (err += d.toString()))
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString()
      const m = /READY (\d+)/.exec(out)
      if (m !== null) ok({ child, port: Number(m[1]) })
    })
    child.on("exit", (code) => fail(new Error(`${script} exited ${code}: ${err.slice(-2000)}`)))
  })

const stop = (s: Started) =>
  new Promise<void>((ok) => {
    if (s.child.exitCode !== null) return ok()
    s.child.removeAllListeners("exit")
    s.child.on("exit", () => ok())
    s.child.kill("SIGTERM")
  })

const rssMiB = (pid: number | undefined): number => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8")
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
  } catch {
    return 0
  }
}

interface Result {
  readonly label: string
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly bad: number
}

const drive = async (label: string, port: number, keys: ReadonlyArray<string>, duration = seconds) => {
  const url = `http://127.0.0.1:${port}${path}`
  const requests = keys.map((key) => ({ method: "GET", path, headers: { "x-service-key": key } }))
  const r = await autocannon({ url, connections, duration, requests })
  return {
    label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.errors + r.timeouts + r.non2xx
  } satisfies Result
}

const rss: Array<string> = []
let body = ""

/** A started server and the keys it accepts. */
interface Target {
  readonly label: string
  readonly server: Started
  readonly keys: ReadonlyArray<string>
  readonly service: boolean
}

const service = async (label: string, checkout: string, store: string): Promise<Target> => {
  const keysFile = join(work, `keys-${label}.json`)
  // the same server script, run against the checkout's packages
  const script = checkout === root ? join(root, "bench/servers/service.ts") : join(checkout, "bench/service.bench.ts")
  if (checkout !== root) copyFileSync(join(root, "bench/servers/service.ts"), script)
  const t0 = Date.now()
  const server = await start(script, {
    BENCH_STORE: store,
    BENCH_KEYS_FILE: keysFile,
    SPORTS_DATA_PLANS: plansFile
  }, checkout)
  console.log(`${label}: ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  const keys = JSON.parse(readFileSync(keysFile, "utf8")) as Array<string>
  const sample = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers: { "x-service-key": keys[0]! } })
  const text = await sample.text()
  if (sample.status !== 200) throw new Error(`${label} answered ${sample.status}: ${text.slice(0, 300)}`)
  if (body === "") body = text
  return { label, server, keys, service: true }
}

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

const main = async () => {
  const checkouts: Array<[string, string]> = [["new", root]]
  if (base !== undefined) checkouts.push(["base", resolve(base)])
  const all: Array<Target> = []
  for (const [name, checkout] of checkouts) {
    if (targets.includes("service-pg")) {
      await ensureDatabase(`bench_http_${name}`)
      all.push(await service(`${name} pg`, checkout, `postgres:${dbUrl(`bench_http_${name}`)}`))
    }
    if (targets.includes("service-pglite")) {
      all.push(await service(`${name} pglite`, checkout, `pglite:${join(work, `pglite-${name}`)}`))
    }
  }
  const peerKeys = all[0]?.keys ?? []
  if (targets.includes("peer")) {
    const peer = await start(join(root, "bench/servers/peer.ts"), {
      BENCH_PG: dbUrl("bench_http_new"),
      BENCH_KEYS_FILE: join(work, `keys-${all[0]?.label}.json`)
    })
    all.push({ label: "peer", server: peer, keys: peerKeys, service: false })
  }
  if (targets.includes("raw")) {
    writeFileSync(join(work, "body.json"), body)
    const raw = await start(join(root, "bench/servers/raw.ts"), { BENCH_BODY_FILE: join(work, "body.json") })
    all.push({ label: "raw", server: raw, keys: peerKeys, service: false })
  }

  // rounds in rotation, so that a change in the machine's load falls on every server alike
  const runs = new Map<string, Array<Result>>()
  for (const t of all) await drive("warm-up", t.server.port, t.keys.slice(0, 1), 2)
  for (let round = 0; round < rounds; round++) {
    for (
      const [suffix, pick] of [["1 key", (k: ReadonlyArray<string>) => k.slice(0, 1)], [
        "1000 keys",
        (k: ReadonlyArray<string>) => k.slice(1, 1001)
      ]] as const
    ) {
      for (const t of all) {
        const label = `${t.label} ${suffix}`
        const r = await drive(label, t.server.port, pick(t.keys))
        runs.set(label, [...(runs.get(label) ?? []), r])
      }
    }
  }
  for (const t of all) {
    if (t.service) rss.push(`${t.label}: RSS ${rssMiB(t.server.child.pid).toFixed(0)} MiB after the run`)
    await stop(t.server)
  }

  const results = [...runs].map(([label, rs]): Result => ({
    label,
    rps: median(rs.map((r) => r.rps)),
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
    bad: rs.reduce((n, r) => n + r.bad, 0)
  }))
  const find = (label: string) => results.find((r) => r.label === label)
  console.log(
    `\nGET ${path}  (${connections} connections; medians of ${rounds} rounds of ${seconds} s per case; body ${body.length} bytes)`
  )
  for (const r of results) {
    const keysCase = r.label.endsWith("1000 keys") ? "1000 keys" : "1 key"
    const peer = find(`peer ${keysCase}`)
    const raw = find(`raw ${keysCase}`)
    console.log(
      `  ${r.label.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${
        String(r.p99).padStart(4)
      } ms  bad ${r.bad}` +
        (peer === undefined ? "" : `  x peer ${(r.rps / peer.rps).toFixed(2)}`) +
        (raw === undefined ? "" : `  x raw ${(r.rps / raw.rps).toFixed(3)}`)
    )
  }
  for (const line of rss) console.log(`  ${line}`)
}

main().catch((e) => {
  console.error(e)
  process.exitCode = 1
})

/**
 * The whole API under a realistic mix: `sports-data serve` as the README starts it (the real bin,
 * its background ingestion and jobs), once per store, driven with every documented GET operation
 * for every sport it takes, in random order, by 32 concurrent callers.
 *
 * The server runs with the node flags and environment of `npm start` (package.json;
 * `MALLOC_ARENA_MAX=2`, `--max-old-space-size=1024`; a variable set for the bench wins).
 * For each store (BENCH_STORES, default `postgres,pglite`):
 * - postgres: DATABASE_URL = BENCH_DATABASE_URL (default
 *   postgres://postgres@127.0.0.1:5432/sports_bench_mixed, created when missing);
 * - pglite: SPORTS_DATA_STORE = BENCH_PGLITE_DIR (default `<tmpdir>/sports-bench-mixed-pglite`).
 * Both are kept after the run, so only the first run ingests (later starts find the store
 * current, as the README says); delete them to measure on a fresh store.
 *
 * Steps: start the server on a free port; issue BENCH_KEYS syndicate_alpha keys with
 * `sports-data keys create` (no monthly or daily ceiling, so admission runs in full but does not
 * refuse; the callers share them round robin, as several clients would); wait until
 * `/v1/data/status` shows all eleven sports serving; read `/openapi.json` and build the request
 * list: every GET operation (but the event stream and the bulk export, which stream) for every
 * sport its path or `sport` parameter takes, once with its required parameters only and once with
 * the common filters (team, season, position, week, league, tour, series, limit) it documents,
 * path parameters filled with real ids read from the service's own lists. Then wait until the
 * server is quiet (its process used under 5% of one core over 2 s, read from /proc: the jobs that
 * follow an ingestion, such as model training, have ended), at most BENCH_QUIET_TIMEOUT_S (default
 * 600), and print how long that took. Then:
 * - alone: each request BENCH_ALONE_REPS times (default 3) one after another; prints the routes
 *   whose p95 is over 50 ms (the slowest BENCH_ALONE_SHOWN, default 15), each with its slowest request,
 *   and the slowest requests of the first pass (every answer made for the first time: the headroom);
 * - hot path: `GET /v1/nfl/players?team=KC` with autocannon, 32 connections, BENCH_HOT_SECONDS
 *   (default 10);
 * - mixed: the list shuffled, 32 callers (undici, one connection each) for BENCH_SECONDS (default
 *   30): req/s, p50/p95/p99, non-2xx by status, the slowest routes (mean), the server's RSS after
 *   (and its peak during the mix, read every 500 ms).
 * Memory: the server's RSS and its per-thread figures from `/metrics` (heap used / reserved per
 * thread, external memory, PGlite's WebAssembly memory, the caches' bytes) are printed once every
 * sport is served and after the mix. BENCH_HEAP_SNAPSHOT=<folder>: the server is started with
 * `--heapsnapshot-signal=SIGUSR2` and, after the mix, writes a heap snapshot of its HTTP thread
 * there (a full collection first: the memory line printed after it shows the live heap).
 * The ratio mixed/hot is printed beside. Nothing fails on timing: the process exits non-zero only
 * when the server cannot be started or does not serve every sport within BENCH_READY_TIMEOUT_S
 * (default 1800 s).
 *
 * Run: `npx tsx bench/mixed.ts` (or `npm run bench -- mixed`); BENCH_PORT fixes the server's port
 * (default: a free one). For diagnosis: BENCH_NODE_FLAGS adds node flags to the server's (e.g.
 * `--trace-gc`), BENCH_SERVER_LOG=<path> writes its output to `<path>.<store>`; the first pass's
 * slowest requests show when they were sent, in seconds after the launch.
 * @module
 */
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon"
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { createWriteStream, readdirSync, readFileSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"
import { Pool } from "undici"
import { freePort } from "./index.js"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const bin = join(root, "bin", "sports-data.mjs")
const dataDir = resolve(process.env["SPORTS_DATA_DIR"] ?? join(root, "..", "shared", "data"))
const stores = (process.env["BENCH_STORES"] ?? "postgres,pglite").split(",").map((s) => s.trim())
const databaseUrl = process.env["BENCH_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/sports_bench_mixed"
const pgliteDir = process.env["BENCH_PGLITE_DIR"] ?? join(tmpdir(), "sports-bench-mixed-pglite")
const seconds = Number(process.env["BENCH_SECONDS"] ?? 30)
const hotSeconds = Number(process.env["BENCH_HOT_SECONDS"] ?? 10)
const aloneReps = Number(process.env["BENCH_ALONE_REPS"] ?? 3)
const keyCount = Number(process.env["BENCH_KEYS"] ?? 4)
/** Routes over 50 ms printed from the alone phase (BENCH_ALONE_SHOWN, default 15). */
const aloneShown = Number(process.env["BENCH_ALONE_SHOWN"] ?? 15)
const readyTimeoutMs = Number(process.env["BENCH_READY_TIMEOUT_S"] ?? 1800) * 1000
/** Extra node flags of the server (BENCH_NODE_FLAGS, e.g. `--trace-gc`), for diagnosis. */
const serverFlags = (process.env["BENCH_NODE_FLAGS"] ?? "").split(" ").filter((f) => f !== "")
/** BENCH_SERVER_LOG=<path>: the server's output is also written to `<path>.<store>`. */
const serverLog = process.env["BENCH_SERVER_LOG"]
const quietTimeoutMs = Number(process.env["BENCH_QUIET_TIMEOUT_S"] ?? 600) * 1000
const callers = 32
const snapshotDir = process.env["BENCH_HEAP_SNAPSHOT"]
/** package.json `start`: `[NAME=value ...] node <flags> bin/sports-data.mjs serve`, as the README starts it. */
const startScript = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } })
  .scripts.start.match(/^((?:[A-Z_][A-Z0-9_]*=\S* )*)node((?: --\S+)*) /)
/** The environment assignments in front of `node` in `npm start` (MALLOC_ARENA_MAX), given to the server. */
const startEnv: Record<string, string> = Object.fromEntries(
  (startScript?.[1] ?? "").split(" ").filter((a) => a !== "").map((
    a
  ) => [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)])
)
/** The node flags of `npm start`. */
const startFlags = (startScript?.[2] ?? "").split(" ").filter((f) => f !== "")
const SPORTS = ["nfl", "mlb", "nba", "nhl", "cfb", "soccer", "tennis", "golf", "ufc", "f1", "nascar"] as const
/** Operations left out of the mix: they stream (the bulk export is the documented exception). */
const STREAMING = new Set(["/v1/events/stream", "/v1/bulk/export"])

/** Common filter values per sport, as a client sends them (seasons the datasets hold). */
const FILTERS: Record<string, Record<string, string>> = {
  nfl: { season: "2024", week: "5", position: "WR" },
  mlb: { season: "2024", position: "SP" },
  nba: { season: "2024", position: "PG" },
  nhl: { season: "2024", position: "C" },
  cfb: { season: "2024", week: "5", position: "QB" },
  soccer: { season: "2023", league: "epl" },
  tennis: { tour: "atp" },
  golf: { season: "2026", tour: "pga" },
  ufc: {},
  f1: { season: "2023" },
  nascar: { season: "2024", series: "cup" }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** The percentile `p` (0-100) of sorted `xs`, nearest rank. */
const percentile = (xs: ReadonlyArray<number>, p: number) =>
  xs.length === 0 ? NaN : xs[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))]!

/** Creates the PostgreSQL database of `url` when it is not there. */
const ensureDatabase = async (url: string) => {
  const target = new URL(url)
  const name = target.pathname.slice(1)
  const admin = new URL(url)
  admin.pathname = "/postgres"
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name])
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll("\"", "\"\"")}"`)
  } finally {
    await client.end()
  }
}

/** Host and port of the bench's webhook: the discard port of this machine, where nothing listens. */
const BENCH_HOOK_HOST = "127.0.0.1:9"

/** The environment of a `sports-data` command on `store`. */
const envOf = (store: string): NodeJS.ProcessEnv => {
  const { DATABASE_URL: _ignored, ...inherited } = process.env
  // the bench's webhook (for its deliveries list) targets a local port nothing listens on
  const env = { ...startEnv, ...inherited, SPORTS_DATA_WEBHOOK_ALLOW_HOSTS: BENCH_HOOK_HOST }
  return store === "postgres"
    ? { ...env, DATABASE_URL: databaseUrl, SPORTS_DATA_DIR: dataDir }
    : { ...env, SPORTS_DATA_STORE: pgliteDir, SPORTS_DATA_DIR: dataDir }
}

/** A running `serve`. */
interface Served {
  readonly child: ChildProcess
  readonly port: number
  readonly out: () => string
  readonly exited: Promise<void>
}

const children: Array<ChildProcess> = []

const serve = async (store: string): Promise<Served> => {
  const port = process.env["BENCH_PORT"] === undefined ? await freePort() : Number(process.env["BENCH_PORT"])
  const env = envOf(store)
  if (snapshotDir !== undefined) {
    env["NODE_OPTIONS"] = `${env["NODE_OPTIONS"] ?? ""} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshotDir}`
  }
  const child = spawn(process.execPath, [...startFlags, ...serverFlags, bin, "serve", "--port", String(port)], {
    cwd: root,
    env
  })
  children.push(child)
  let out = ""
  const log = serverLog === undefined ? undefined : createWriteStream(`${serverLog}.${store}`)
  child.stdout?.on("data", (d) => {
    out += String(d)
    log?.write(d)
  })
  child.stderr?.on("data", (d) => {
    out = (out + String(d)).slice(-20_000)
    log?.write(d)
  })
  let gone = false
  const exited = new Promise<void>((done) =>
    child.on("exit", () => {
      gone = true
      done()
    })
  )
  const started = performance.now()
  while (!/listening on/.test(out)) {
    if (gone) throw new Error(`serve exited:\n${out.slice(-3000)}`)
    if (performance.now() - started > readyTimeoutMs) throw new Error("serve did not listen in time")
    await sleep(100)
  }
  return { child, port, out: () => out, exited }
}

/** A new syndicate_alpha key from `sports-data keys create` (the key is the last line of stdout). */
const createKey = (store: string): string => {
  const run = spawnSync(process.execPath, [bin, "keys", "create", "--tier", "syndicate_alpha"], {
    cwd: root,
    env: envOf(store),
    encoding: "utf8"
  })
  const key = run.stdout.trim().split("\n").at(-1)?.trim() ?? ""
  if (run.status !== 0 || !key.startsWith("svc_")) throw new Error(`keys create failed: ${run.stdout}${run.stderr}`)
  return key
}

/** The server's resident set size in MiB (Linux /proc). */
const rssMiB = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
  return m === null ? NaN : Number(m[1]) / 1024
}

/** CPU seconds (user and system, every thread) the process `pid` has used (Linux /proc). */
const cpuSeconds = (pid: number) => {
  // fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "").split(" ")
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/**
 * Waits until the process `pid` is quiet: under 5% of one core over a 2 s window. Returns the
 * seconds waited, or undefined when it was still busy after `timeoutMs`.
 */
const quiet = async (pid: number, timeoutMs: number) => {
  const started = performance.now()
  let before = cpuSeconds(pid)
  for (;;) {
    await sleep(2000)
    const now = cpuSeconds(pid)
    if (now - before < 0.1) return (performance.now() - started) / 1000
    if (performance.now() - started > timeoutMs) return undefined
    before = now
  }
}

type Json = Record<string, unknown>

const MiB = (bytes: number) => (bytes / 2 ** 20).toFixed(0)

/**
 * The server's memory as `/metrics` shows it, one line: per thread heap used/reserved, external
 * (of which ArrayBuffers), WebAssembly memory; the caches' bytes.
 */
const memoryLine = async (base: string, pid: number) => {
  const text = await fetch(`${base}/metrics`).then((r) => r.text(), () => "")
  const threads = new Map<string, Record<string, number>>()
  for (const m of text.matchAll(/^thread_(\w+)_bytes\{thread="(\w+)"\} (\S+)$/gm)) {
    const t = threads.get(m[2]!) ?? {}
    t[m[1]!] = Number(m[3])
    threads.set(m[2]!, t)
  }
  const parts = [...threads.entries()].map(([thread, t]) =>
    `${thread} heap ${MiB(t["heap_used"] ?? NaN)}/${MiB(t["heap_total"] ?? NaN)} ext ${MiB(t["external"] ?? NaN)} (ab ${
      MiB(t["array_buffers"] ?? NaN)
    })${t["wasm_memory"] === undefined ? "" : ` wasm ${MiB(t["wasm_memory"])}`}`
  )
  const caches = [...text.matchAll(/^cache_bytes\{cache="(\w+)"\} (\S+)$/gm)].map((m) => `${m[1]} ${MiB(Number(m[2]))}`)
  return `RSS ${rssMiB(pid).toFixed(0)} MiB = ${parts.join("; ")}; caches ${caches.join(", ")} (MiB)`
}

/**
 * One request of the mix: its route template (for the report), its path with query, and whether
 * it names the first key's own resources (its webhook, its key prefix), so that only that key asks.
 */
interface Call {
  readonly route: string
  readonly path: string
  readonly own?: boolean
}

/** The first string field of `row` named `id` or ending in `_id`, else undefined. */
const idOf = (row: Json | undefined, prefer?: string): string | undefined => {
  if (row === undefined) return undefined
  if (prefer !== undefined && typeof row[prefer] === "string") return row[prefer]
  for (const [k, v] of Object.entries(row)) if ((k === "id" || k.endsWith("_id")) && typeof v === "string") return v
  return undefined
}

/** Builds the list of requests from the OpenAPI document and real ids read through `get`. */
const buildCalls = async (
  get: (path: string) => Promise<{ status: number; body: Json }>,
  keyPrefix: string,
  webhookId: string | undefined
) => {
  const rows = async (path: string): Promise<Array<Json>> => {
    const r = await get(path)
    return r.status === 200 && Array.isArray(r.body["data"]) ? (r.body["data"] as Array<Json>) : []
  }
  // real ids per sport
  const ids: Record<string, Record<string, string>> = {}
  for (const sport of SPORTS) ids[sport] = {}
  for (const sport of ["nfl", "mlb", "nba", "nhl", "cfb", "soccer"]) {
    // a player first, and his team: the sport's first team may have no players (cfb lists
    // Division III colleges first); a sport without players takes its first team
    const players = await rows(`/v1/${sport}/players?limit=20`)
    const first = players.find((p) => typeof p["team"] === "string" && p["team"] !== "") ?? players[0]
    const player = idOf(first)
    if (player !== undefined) ids[sport]!["id"] = player
    const name = first?.["full_name"]
    if (typeof name === "string") ids[sport]!["player_name"] = name
    const teams = first?.["team"]
      ? []
      : await rows(`/v1/${sport}/teams?limit=20${sport === "soccer" ? "&league=epl" : ""}`)
    const team = first?.["team"] || (teams[0]?.["abbreviation"] ?? teams[0]?.["team"] ?? teams[0]?.["id"])
    if (typeof team === "string") ids[sport]!["team"] = team
    const games = await rows(
      `/v1/${sport}/games?limit=3${FILTERS[sport]?.["season"] ? `&season=${FILTERS[sport]!["season"]}` : ""}`
    )
    const game = idOf(games[0], "event_id")
    if (game !== undefined) ids[sport]!["gameId"] = game
  }
  const ranked = await rows("/v1/tennis/rankings?tour=atp&limit=2")
  const names = ranked.map((r) => r["player_name"] ?? r["full_name"] ?? r["name"]).filter((x) => typeof x === "string")
  if (names[0] !== undefined) ids["tennis"]!["name"] = names[0] as string
  if (names[1] !== undefined) ids["tennis"]!["player2"] = names[1] as string
  const fighters = await rows("/v1/ufc/fighters?limit=1")
  const fighter = fighters[0]?.["full_name"] ?? fighters[0]?.["name"]
  if (typeof fighter === "string") ids["ufc"]!["name"] = fighter
  const leaderboard = await rows("/v1/golf/leaderboard?tour=pga&limit=3")
  const golfer = idOf(leaderboard[0], "player_id")
  if (golfer !== undefined) ids["golf"]!["id"] = golfer
  for (const sport of SPORTS) {
    const slates = await rows(`/v1/${sport}/dfs/slates?days=3650`)
    const slate = idOf(slates[0], "slate_id")
    if (slate !== undefined) ids[sport]!["slateId"] = slate
    // a game with lines: the seasons the odds sources hold, newest first
    let oddsGame: string | undefined
    for (const season of [FILTERS[sport]?.["season"], "2026", "2025", "2024", "2023"]) {
      if (season === undefined || oddsGame !== undefined) continue
      const odds = await rows(`/v1/${sport}/odds?season=${season}&limit=3`)
      oddsGame = idOf(odds[0], "event_id") ?? idOf(odds[0], "game_id")
    }
    if (oddsGame !== undefined) ids[sport]!["oddsGameId"] = oddsGame
  }
  const players2: Record<string, string> = {}
  for (const sport of ["nfl", "mlb", "nba", "nhl", "cfb", "soccer"]) {
    const more = await rows(`/v1/${sport}/players?limit=2&offset=1`)
    const p2 = idOf(more[0])
    if (p2 !== undefined) players2[sport] = p2
  }

  const doc = (await get("/openapi.json")).body as {
    paths: Record<
      string,
      { get?: { parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Json }> } }
    >
    components?: { schemas?: Record<string, Json> }
  }
  const resolveSchema = (s: Json | undefined): Json | undefined =>
    s !== undefined && typeof s["$ref"] === "string"
      ? resolveSchema(doc.components?.schemas?.[(s["$ref"] as string).split("/").at(-1)!])
      : s
  const calls: Array<Call> = []
  const skipped: Array<string> = []
  for (const [template, item] of Object.entries(doc.paths)) {
    const op = item.get
    if (op === undefined || STREAMING.has(template)) continue
    const params = op.parameters ?? []
    const sportParam = params.find((p) => p.name === "sport")
    const sportEnum = (resolveSchema(sportParam?.schema)?.["enum"] as Array<string> | undefined)?.filter((s) =>
      s !== "all"
    )
    const fixed = /^\/v1\/([a-z0-9]+)\//.exec(template)?.[1]
    const sports = fixed !== undefined && (SPORTS as ReadonlyArray<string>).includes(fixed)
      ? [fixed]
      : sportEnum ?? ["nfl"]
    for (const sport of sports) {
      const known = ids[sport] ?? {}
      const values: Record<string, string> = {
        sport,
        team: known["team"] ?? "",
        key: keyPrefix,
        q: known["player_name"]?.split(" ")[0] ?? "smith",
        player: known["id"] ?? known["name"] ?? "",
        player1: sport === "tennis" ? known["name"] ?? "" : known["id"] ?? "",
        player2: sport === "tennis" ? known["player2"] ?? "" : players2[sport] ?? "",
        playerId: known["id"] ?? "",
        id: known["id"] ?? "",
        name: known["name"] ?? "",
        slateId: known["slateId"] ?? "",
        webhookId: webhookId ?? "",
        gameId: template.includes("/odds/history/") ? known["oddsGameId"] ?? "" : known["gameId"] ?? ""
      }
      let path = template
      let missing: string | undefined
      for (const p of params.filter((x) => x.in === "path")) {
        const v = values[p.name]
        if (v === undefined || v === "") missing = p.name
        else path = path.replace(`{${p.name}}`, encodeURIComponent(v))
      }
      if (template.startsWith("/daas/webhooks/{id}")) {
        path = template.replace("{id}", encodeURIComponent(webhookId ?? ""))
        missing = webhookId === undefined ? "a webhook" : undefined
      }
      if (missing !== undefined) {
        skipped.push(`${template} (${sport}: no ${missing})`)
        continue
      }
      const required = new URLSearchParams()
      for (const p of params.filter((x) => x.in === "query" && x.required === true)) {
        const v = values[p.name] ?? ""
        if (v === "") missing = p.name
        required.set(p.name, v)
      }
      if (missing !== undefined) {
        skipped.push(`${template} (${sport}: no ${missing})`)
        continue
      }
      if (sportParam?.in === "query" && !required.has("sport") && sportEnum !== undefined) required.set("sport", sport)
      const filtered = new URLSearchParams(required)
      const filters: Record<string, string> = { ...FILTERS[sport], limit: "10" }
      if (known["team"] !== undefined) filters["team"] = known["team"]
      for (const p of params.filter((x) => x.in === "query")) {
        const v = filters[p.name]
        if (v !== undefined && !filtered.has(p.name)) filtered.set(p.name, v)
      }
      const route = template.includes("{sport}") ? `${template} [${sport}]` : template
      const a = required.toString()
      const b = filtered.toString()
      const own = template.startsWith("/daas/webhooks/{id}") || params.some((p) => p.name === "key")
      calls.push({ route, path: a === "" ? path : `${path}?${a}`, own })
      if (b !== a) calls.push({ route, path: `${path}?${b}`, own })
    }
  }
  return { calls, skipped }
}

/** A latency sample: route, status, milliseconds. */
interface Sample {
  readonly route: string
  readonly path: string
  readonly status: number
  readonly ms: number
  /** When it was sent, ms since the server was launched (to read beside a server log). */
  readonly at?: number
}

const summarise = (samples: ReadonlyArray<Sample>, elapsedS: number) => {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b)
  const statuses = new Map<number, number>()
  for (const s of samples) {
    if (s.status < 200 || s.status > 299) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1)
  }
  const byRoute = new Map<string, Array<number>>()
  for (const s of samples) {
    const ms = byRoute.get(s.route) ?? []
    ms.push(s.ms)
    byRoute.set(s.route, ms)
  }
  const slowest = [...byRoute.entries()]
    .map(([route, ms]) => ({ route, mean: ms.reduce((a, b) => a + b, 0) / ms.length, n: ms.length }))
    .sort((a, b) => b.mean - a.mean)
    .slice(0, 10)
  return {
    rps: samples.length / elapsedS,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    non2xx: [...statuses.entries()].map(([s, n]) => `${s}×${n}`).join(", ") || "none",
    fivexx: [...statuses.entries()].filter(([s]) => s >= 500 || s === 0).reduce((a, [, n]) => a + n, 0),
    slowest
  }
}

const benchStore = async (store: string) => {
  if (store === "postgres") await ensureDatabase(databaseUrl)
  else if (store !== "pglite") throw new Error(`unknown store ${store} (postgres or pglite)`)
  const launched = performance.now()
  const served = await serve(store)
  const base = `http://127.0.0.1:${served.port}`
  try {
    const keys = Array.from({ length: keyCount }, () => createKey(store))
    const pool = new Pool(base, { connections: callers + 2, pipelining: 1 })
    const get = async (path: string, key = keys[0]!) => {
      const started = performance.now()
      const res = await pool.request({ method: "GET", path, headers: { "x-service-key": key } })
      const text = await res.body.text()
      const ms = performance.now() - started
      let body: Json = {}
      try {
        body = JSON.parse(text) as Json
      } catch {
        // not JSON
      }
      return { status: res.statusCode, body, ms }
    }
    // every sport served
    for (;;) {
      const status = await get("/v1/data/status").catch(() => undefined)
      const data = status?.body["data"]
      const serving = Array.isArray(data) ? data.filter((s: Json) => s["serving"] === true).length : 0
      if (serving === SPORTS.length) break
      if (!served.child.pid || served.child.exitCode !== null) throw new Error(`serve exited:\n${served.out()}`)
      if (performance.now() - launched > readyTimeoutMs) throw new Error("not every sport served in time")
      await sleep(1000)
    }
    const readyS = (performance.now() - launched) / 1000
    const readyMemory = await memoryLine(base, served.child.pid!)
    // a webhook of the first key, for its deliveries list (removed when the run ends)
    const hook = await pool.request({
      method: "POST",
      path: "/daas/webhooks",
      headers: { "x-service-key": keys[0]!, "content-type": "application/json" },
      body: JSON.stringify({ url: `http://${BENCH_HOOK_HOST}/sports-bench`, events: ["game.final"] })
    })
    const hookBody = await hook.body.json().catch(() => ({})) as Json
    const webhookId = idOf(hookBody["data"] as Json | undefined) ?? idOf(hookBody)
    const { calls, skipped } = await buildCalls(get, keys[0]!.slice(0, 12), webhookId)
    const routes = new Set(calls.map((c) => c.route))
    console.log(
      `\n== ${store}: every sport served ${
        readyS.toFixed(1)
      } s after launch; ${calls.length} requests over ${routes.size} (operation, sport) pairs`
    )
    if (skipped.length > 0) console.log(`  skipped (no id to fill): ${skipped.join("; ")}`)
    console.log(`  memory when every sport is served: ${readyMemory}`)
    const waited = await quiet(served.child.pid!, quietTimeoutMs)
    console.log(
      waited === undefined
        ? `  the server was still busy after ${quietTimeoutMs / 1000} s; measuring anyway`
        : `  the server was quiet (under 5% of a core over 2 s) ${waited.toFixed(0)} s later`
    )

    // alone
    const alone: Array<Sample> = []
    for (let rep = 0; rep < aloneReps; rep++) {
      for (const c of calls) {
        const at = performance.now() - launched
        const r = await get(c.path)
        alone.push({ route: c.route, path: c.path, status: r.status, ms: r.ms, at })
      }
    }
    const aloneBy = new Map<string, Array<number>>()
    for (const s of alone) {
      const ms = aloneBy.get(s.route) ?? []
      ms.push(s.ms)
      aloneBy.set(s.route, ms)
    }
    const over = [...aloneBy.entries()]
      .map(([route, ms]) => ({
        route,
        p95: percentile(ms.sort((a, b) => a - b), 95),
        slowest: alone.filter((s) => s.route === route).reduce((a, b) => (b.ms > a.ms ? b : a))
      }))
      .filter((r) => r.p95 > 50)
      .sort((a, b) => b.p95 - a.p95)
    const aloneSummary = summarise(alone, 1)
    // what each route costs once its answer has been made (every pass after the first)
    const warm = summarise(alone.slice(calls.length), 1)
    console.log(
      `alone (${aloneReps} passes, one at a time): p95 ${
        aloneSummary.p95.toFixed(1)
      } ms, non-2xx ${aloneSummary.non2xx}; ${over.length} of ${aloneBy.size} routes over 50 ms at p95`
    )
    for (const r of over.slice(0, aloneShown)) {
      console.log(
        `  ${r.p95.toFixed(0).padStart(6)} ms  ${r.route} (slowest: ${r.slowest.path}, ${r.slowest.ms.toFixed(0)} ms)`
      )
    }
    // the headroom: the slowest requests of the first pass (each answer made for the first time)
    const first = alone.slice(0, calls.length).sort((a, b) => b.ms - a.ms)
    console.log(`  first pass: p95 ${summarise(first, 1).p95.toFixed(1)} ms; slowest requests:`)
    for (const s of first.slice(0, 8)) {
      console.log(
        `  ${s.ms.toFixed(1).padStart(8)} ms  ${s.path} (sent ${((s.at ?? 0) / 1000).toFixed(2)} s after launch)`
      )
    }
    if (aloneReps > 1) {
      console.log(`  passes after the first: p95 ${warm.p95.toFixed(1)} ms; slowest (mean):`)
      for (const r of warm.slowest.slice(0, 8)) console.log(`  ${r.mean.toFixed(1).padStart(8)} ms  ${r.route}`)
    }
    for (const path of new Set(alone.filter((s) => s.status >= 300).map((f) => f.path))) {
      console.log(`  non-2xx ${alone.find((s) => s.path === path)!.status}: ${path}`)
    }

    // hot path
    const hot = await autocannon({
      url: `${base}/v1/nfl/players?team=KC`,
      connections: callers,
      duration: hotSeconds,
      headers: { "x-service-key": keys[0]! }
    }) as { requests: { average: number }; latency: { p99: number }; non2xx: number }

    // the mix
    const order = calls.map((c) => c)
    const samples: Array<Sample> = []
    const deadline = performance.now() + seconds * 1000
    let next = 0
    const shuffle = () => {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1))
        ;[order[i], order[j]] = [order[j]!, order[i]!]
      }
    }
    shuffle()
    const started = performance.now()
    let peakRss = 0
    const watch = setInterval(() => (peakRss = Math.max(peakRss, rssMiB(served.child.pid!))), 500)
    await Promise.all(Array.from({ length: callers }, async (_, caller) => {
      const key = keys[caller % keys.length]!
      while (performance.now() < deadline) {
        if (next >= order.length) {
          next = 0
          shuffle()
        }
        const c = order[next++]!
        const t = performance.now()
        try {
          const r = await get(c.path, c.own === true ? keys[0]! : key)
          samples.push({ route: c.route, path: c.path, status: r.status, ms: r.ms })
        } catch {
          samples.push({ route: c.route, path: c.path, status: 0, ms: performance.now() - t })
        }
      }
    }))
    const elapsed = (performance.now() - started) / 1000
    clearInterval(watch)
    const rss = rssMiB(served.child.pid!)
    const afterMemory = await memoryLine(base, served.child.pid!)
    const mix = summarise(samples, elapsed)
    if (webhookId !== undefined) {
      const removed = await pool.request({
        method: "DELETE",
        path: `/daas/webhooks/${encodeURIComponent(webhookId)}`,
        headers: { "x-service-key": keys[0]! }
      })
      await removed.body.dump()
    }
    await pool.close()
    console.log(
      `hot path GET /v1/nfl/players?team=KC: ${
        hot.requests.average.toFixed(0)
      } req/s, p99 ${hot.latency.p99} ms, non-2xx ${hot.non2xx}`
    )
    console.log(
      `mixed (${callers} callers, ${seconds} s): ${mix.rps.toFixed(0)} req/s, p50 ${mix.p50.toFixed(1)} ms, p95 ${
        mix.p95.toFixed(1)
      } ms, p99 ${mix.p99.toFixed(1)} ms, non-2xx ${mix.non2xx} (5xx or dropped: ${mix.fivexx}), RSS after ${
        rss.toFixed(0)
      } MiB (peak ${peakRss.toFixed(0)}); mixed/hot req/s ${(mix.rps / hot.requests.average).toFixed(3)}`
    )
    console.log(`  memory after the mix: ${afterMemory}`)
    if (snapshotDir !== undefined) {
      const before = new Set(readdirSync(snapshotDir))
      process.kill(served.child.pid!, "SIGUSR2")
      // written when its size stops changing
      let file: string | undefined
      let size = -1
      for (let i = 0; i < 600; i++) {
        await sleep(1000)
        file ??= readdirSync(snapshotDir).find((f) => !before.has(f) && f.endsWith(".heapsnapshot"))
        if (file === undefined) continue
        const now = statSync(join(snapshotDir, file)).size
        if (now === size && now > 0) break
        size = now
      }
      console.log(`  heap snapshot ${file === undefined ? "not written" : join(snapshotDir, file)}`)
      console.log(`  memory after the snapshot (a full collection): ${await memoryLine(base, served.child.pid!)}`)
    }
    // the server's own view (GET /metrics, answered on the loopback address): event-loop delay and caches
    const text = await fetch(`${base}/metrics`).then((r) => r.text(), () => "")
    const metric = (re: RegExp) => [...text.matchAll(re)].map((m) => `${m[1]} ${Number(m[2]).toFixed(3)}`).join(", ")
    console.log(
      `  server: event-loop delay (s) ${
        metric(/^nodejs_eventloop_lag_(p50|p99|max)_seconds (\S+)$/gm)
      }; cache lookups ${metric(/^cache_lookups_total\{cache="(\w+",result="\w+)"\} (\S+)$/gm)}`
    )
    console.log("  slowest routes (mean under the mix):")
    for (const s of mix.slowest) console.log(`  ${s.mean.toFixed(1).padStart(8)} ms  ${s.route} (${s.n})`)
  } finally {
    served.child.kill("SIGINT")
    await served.exited
  }
}

const main = async () => {
  console.log(`mixed workload: sports-data serve on ${stores.join(", ")}, data ${dataDir} (the machine may be shared)`)
  for (const store of stores) await benchStore(store)
}

main().then(
  () => process.exit(0),
  (e) => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGINT")
    process.stderr.write(`${e instanceof Error ? e.stack ?? e.message : String(e)}\n`)
    process.exit(1)
  }
)

/**
 * HTTP throughput of the real service against a raw node:http server, in the same run.
 *
 * For each store (BENCH_STORES, default `memory,pglite`):
 * - memory: the in-memory store with nfl and nba ingested from SPORTS_DATA_DIR (a handful of
 *   seeded rows when the directory is not there);
 * - pglite: a COPY of the prepared PGlite folder BENCH_PGLITE_SOURCE (default /tmp/pgl1, all
 *   three sports ingested; the source folder itself is never opened), or, without it, an
 *   in-memory PGlite with nfl and nba ingested.
 * it starts the service (HttpServerLive), issues a syndicate_alpha key (no ceilings, so admission
 * runs in full but never refuses) and drives each endpoint with autocannon:
 * - `GET /v1/nfl/players?team=KC` (a filtered, sorted list),
 * - `GET /v1/nfl/players/{id}` (player detail: a lookup by id plus the team map),
 * - `GET /v1/nba/games` (the newest 30 nba games, with teams and the last refresh).
 * Then it serves the very same body from a bare node:http handler and drives that. Prints req/s
 * and p99 latency of both and their ratio.
 *
 * Run: `npx tsx bench/http.ts` (options: BENCH_SECONDS, default 8; BENCH_CONNECTIONS, default 20;
 * BENCH_STORES; BENCH_ENDPOINTS, a comma list of `players,player,nba-games`; BENCH_CACHE=off serves
 * without the read cache of StoreCache.ts, for a before/after comparison).
 * @module
 */
import { HttpServer } from "@effect/platform"
import {
  type AllStores,
  ApiKey,
  KeyStore,
  Plans,
  type Player,
  SportsWriter,
  type StoreError,
  type StoreUnavailable
} from "@sports-data/domain"
import { HttpServerLive } from "@sports-data/http"
import { Progress, Runner } from "@sports-data/ingest"
import { layer as memoryStore } from "@sports-data/store-memory"
import { layerPglite } from "@sports-data/store-sql"
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon"
import { Context, Effect, Layer, Logger, LogLevel, Redacted } from "effect"
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const seconds = Number(process.env["BENCH_SECONDS"] ?? 8)
const connections = Number(process.env["BENCH_CONNECTIONS"] ?? 20)
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const dataDir = process.env["SPORTS_DATA_DIR"] ?? resolve(root, "../shared/data")
const pgliteSource = process.env["BENCH_PGLITE_SOURCE"] ?? "/tmp/pgl1"
const stores = (process.env["BENCH_STORES"] ?? "memory,pglite").split(",").map((s) => s.trim())
const cache = process.env["BENCH_CACHE"] !== "off"
const endpointNames = (process.env["BENCH_ENDPOINTS"] ?? "players,player,nba-games").split(",").map((s) => s.trim())

interface Result {
  readonly label: string
  readonly rps: number
  readonly p99: number
  readonly errors: number
  readonly non2xx: number
}

/** Runs autocannon against `url` for `duration` seconds and summarises it. */
const drive = (label: string, url: string, headers: Record<string, string>, duration = seconds) =>
  Effect.promise(async (): Promise<Result> => {
    const result = await autocannon({ url, connections, duration, headers })
    return {
      label,
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx
    }
  })

const kc = (id: string, full_name: string, position: string): Player => ({
  id: `svc_nfl_${id}`,
  sport: "nfl",
  full_name,
  first_name: full_name.split(" ")[0] ?? null,
  last_name: full_name.split(" ").slice(1).join(" ") || null,
  position,
  team: "KC",
  status: "active",
  birth_date: null,
  platform_ids: {},
  attributes: {}
})

/** Fills an empty store: real nfl and nba data when the data directory is there, else a few KC rows. */
const fill = Effect.gen(function*() {
  if (existsSync(dataDir)) {
    const ok = yield* Runner.runIngest({ sports: ["nfl", "nba"], dataDir }).pipe(
      Effect.provide(Progress.silent),
      Effect.as(true),
      Effect.catchAll((e) => Effect.as(Effect.logWarning(`ingest failed (${e._tag}); seeding rows`), false))
    )
    if (ok) return "real nfl+nba data"
  }
  const writer = yield* SportsWriter
  yield* writer.upsertPlayers([
    kc("00-0033873", "Patrick Mahomes", "QB"),
    kc("00-0030506", "Travis Kelce", "TE"),
    kc("00-0036389", "Isiah Pacheco", "RB"),
    kc("00-0039894", "Xavier Worthy", "WR")
  ])
  return "seeded rows"
})

type Stores = AllStores

/** A store to bench: its layer, a description of its data and how to fill it. */
interface StoreSetup {
  readonly layer: Layer.Layer<Stores, StoreUnavailable>
  readonly prepare: Effect.Effect<string, StoreError, Stores>
  readonly cleanup: () => void
}

const setupOf = (name: string): StoreSetup => {
  if (name === "memory") return { layer: memoryStore, prepare: fill, cleanup: () => undefined }
  if (name === "pglite") {
    if (existsSync(pgliteSource)) {
      const copy = mkdtempSync(join(tmpdir(), "bench-pglite-"))
      cpSync(pgliteSource, copy, { recursive: true })
      return {
        layer: layerPglite({ dataDir: copy }),
        prepare: Effect.succeed(`copy of ${pgliteSource}`),
        cleanup: () => rmSync(copy, { recursive: true, force: true })
      }
    }
    return { layer: layerPglite({}), prepare: fill, cleanup: () => undefined }
  }
  throw new Error(`unknown store ${name} (memory or pglite)`)
}

const row = (r: Result) =>
  `  ${r.label.padEnd(14)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${
    String(r.p99).padStart(4)
  } ms   errors ${r.errors}   non-2xx ${r.non2xx}`

/** Benches every endpoint on the store named `name`. */
const benchStore = (name: string) => {
  const setup = setupOf(name)
  return Effect.gen(function*() {
    const started = Date.now()
    const source = yield* setup.prepare
    console.log(
      `\n== store ${name}, cache ${cache ? "on" : "off"} (${source}; ready in ${
        ((Date.now() - started) / 1000).toFixed(1)
      } s)`
    )
    const context = yield* Layer.build(
      HttpServerLive({ port: 0, host: "127.0.0.1", ...(cache ? {} : { cache: false }) })
    )
    const server = Context.get(context, HttpServer.HttpServer)
    const port = server.address._tag === "TcpAddress" ? server.address.port : 0
    const issued = yield* ApiKey.issueKey({ catalog: Plans.defaultPlans, tier: "syndicate_alpha", now: new Date() })
    yield* (yield* KeyStore).create(issued.record)
    const headers = { "x-service-key": Redacted.value(issued.key) }
    const get = (path: string) =>
      Effect.promise(() =>
        fetch(`http://127.0.0.1:${port}${path}`, { headers }).then(async (r) => ({
          status: r.status,
          body: await r.text()
        }))
      )

    const kcPlayers = yield* get("/v1/nfl/players?team=KC")
    const firstId =
      (JSON.parse(kcPlayers.body) as { data?: Array<{ playcaller_id?: string }> }).data?.[0]?.playcaller_id ??
        "svc_nfl_none"
    const paths: Record<string, string> = {
      "players": "/v1/nfl/players?team=KC",
      "player": `/v1/nfl/players/${firstId}`,
      "nba-games": "/v1/nba/games"
    }

    for (const endpoint of endpointNames) {
      const path = paths[endpoint]
      if (path === undefined) return yield* Effect.dieMessage(`unknown endpoint ${endpoint}`)
      const sample = yield* get(path)
      if (sample.status !== 200) return yield* Effect.dieMessage(`service answered ${sample.status}: ${sample.body}`)
      const url = `http://127.0.0.1:${port}${path}`
      yield* drive("warm-up", url, headers, Math.min(3, seconds)).pipe(Effect.asVoid)
      const service = yield* drive("service", url, headers)

      // the same body from a bare node:http handler
      const raw = createServer((_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(sample.body) })
        res.end(sample.body)
      })
      yield* Effect.async<void>((resume) => void raw.listen(0, "127.0.0.1", () => resume(Effect.void)))
      const rawPort = (raw.address() as { port: number }).port
      const bare = yield* drive("raw node:http", `http://127.0.0.1:${rawPort}${path}`, {})
      yield* Effect.async<void>((resume) => void raw.close(() => resume(Effect.void)))

      console.log(`GET ${path}  (body ${sample.body.length} bytes; ${connections} connections, ${seconds} s each)`)
      console.log(row(service))
      console.log(row(bare))
      console.log(
        `  service / raw: ${(service.rps / bare.rps).toFixed(3)} of the throughput, p99 ${
          (service.p99 / Math.max(1, bare.p99)).toFixed(1)
        }x`
      )
    }
  }).pipe(
    Effect.scoped,
    Effect.provide(setup.layer),
    Effect.ensuring(Effect.sync(setup.cleanup))
  )
}

const program = Effect.forEach(stores, benchStore, { discard: true }).pipe(
  Effect.provide(Logger.minimumLogLevel(LogLevel.Warning))
)

Effect.runPromise(program).catch((e) => {
  console.error(e)
  process.exitCode = 1
})

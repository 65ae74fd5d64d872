/**
 * HTTP throughput of the real service against a raw node:http server, in the same run.
 *
 * Starts the service (HttpServerLive over the in-memory store, nfl data ingested from
 * SPORTS_DATA_DIR when it is there, else a handful of seeded rows), issues a syndicate_alpha key
 * (no ceilings, so admission runs in full but never refuses), and drives
 * `GET /v1/nfl/players?team=KC` with autocannon. Then serves the very same body from a bare
 * node:http handler and drives that. Prints req/s and p99 latency of both and their ratio.
 *
 * Run: `npx tsx bench/http.ts` (options: BENCH_SECONDS, default 8; BENCH_CONNECTIONS, default 20).
 * @module
 */
import { HttpServer } from "@effect/platform"
import { ApiKey, KeyStore, Plans, type Player, SportsStore } from "@sports-data/domain"
import { HttpServerLive } from "@sports-data/http"
import { silent } from "@sports-data/ingest/Progress"
import { runIngest } from "@sports-data/ingest/Runner"
import { layer as memoryStore } from "@sports-data/store-memory"
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon"
import { Context, Effect, Layer, Logger, LogLevel, Redacted } from "effect"
import { existsSync } from "node:fs"
import { createServer } from "node:http"
import { dirname, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const seconds = Number(process.env["BENCH_SECONDS"] ?? 8)
const connections = Number(process.env["BENCH_CONNECTIONS"] ?? 20)
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const dataDir = process.env["SPORTS_DATA_DIR"] ?? resolve(root, "../shared/data")
const PATH = "/v1/nfl/players?team=KC"

interface Result {
  readonly label: string
  readonly rps: number
  readonly p99: number
  readonly errors: number
  readonly non2xx: number
}

/** Runs autocannon against `url` and summarises it. */
const drive = (label: string, url: string, headers: Record<string, string>) =>
  Effect.promise(async (): Promise<Result> => {
    const result = await autocannon({ url, connections, duration: seconds, headers })
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

/** Fills the store: real nfl data when the data directory is there, else a few KC rows. */
const fill = Effect.gen(function*() {
  if (existsSync(dataDir)) {
    yield* Effect.log(`ingesting nfl from ${dataDir}`)
    const ok = yield* runIngest({ sports: ["nfl"], dataDir }).pipe(
      Effect.provide(silent),
      Effect.as(true),
      Effect.catchAll((e) => Effect.as(Effect.logWarning(`ingest failed (${e._tag}); seeding rows`), false))
    )
    if (ok) return "real nfl data"
  }
  const store = yield* SportsStore
  yield* store.upsertPlayers([
    kc("00-0033873", "Patrick Mahomes", "QB"),
    kc("00-0030506", "Travis Kelce", "TE"),
    kc("00-0036389", "Isiah Pacheco", "RB"),
    kc("00-0039894", "Xavier Worthy", "WR")
  ])
  return "seeded rows"
})

const program = Effect.gen(function*() {
  const source = yield* fill
  const context = yield* Layer.build(HttpServerLive({ port: 0, host: "127.0.0.1" }))
  const server = Context.get(context, HttpServer.HttpServer)
  const port = server.address._tag === "TcpAddress" ? server.address.port : 0
  const issued = yield* ApiKey.issueKey({ catalog: Plans.defaultPlans, tier: "syndicate_alpha", now: new Date() })
  yield* (yield* KeyStore).create(issued.record)
  const headers = { "x-service-key": Redacted.value(issued.key) }
  const url = `http://127.0.0.1:${port}${PATH}`

  const sample = yield* Effect.promise(() =>
    fetch(url, { headers }).then(async (r) => ({ status: r.status, body: await r.text() }))
  )
  if (sample.status !== 200) return yield* Effect.dieMessage(`service answered ${sample.status}: ${sample.body}`)

  // warm up, then measure the service
  yield* drive("warm-up", url, headers).pipe(Effect.asVoid)
  const service = yield* drive("service", url, headers)

  // the same body from a bare node:http handler
  const raw = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(sample.body) })
    res.end(sample.body)
  })
  yield* Effect.async<void>((resume) => void raw.listen(0, "127.0.0.1", () => resume(Effect.void)))
  const rawPort = (raw.address() as { port: number }).port
  const bare = yield* drive("raw node:http", `http://127.0.0.1:${rawPort}${PATH}`, {})
  yield* Effect.async<void>((resume) => void raw.close(() => resume(Effect.void)))

  const row = (r: Result) =>
    `${r.label.padEnd(16)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${
      String(r.p99).padStart(4)
    } ms   errors ${r.errors}   non-2xx ${r.non2xx}`
  console.log(
    `\nGET ${PATH}  (${source}; body ${sample.body.length} bytes; ${connections} connections, ${seconds} s each)`
  )
  console.log(row(service))
  console.log(row(bare))
  console.log(
    `service / raw: ${(service.rps / bare.rps).toFixed(3)} of the throughput, p99 ${
      (service.p99 / Math.max(1, bare.p99)).toFixed(1)
    }x`
  )
}).pipe(Effect.scoped, Effect.provide(Layer.merge(memoryStore, Logger.minimumLogLevel(LogLevel.Warning))))

Effect.runPromise(program).catch((e) => {
  console.error(e)
  process.exitCode = 1
})

/**
 * The service as a bench subject, in its own process (started by bench/http-compare.ts).
 *
 * Settings (environment):
 * - BENCH_STORE: `memory`, `pglite:<folder>` or `postgres:<url>`;
 * - BENCH_KEYS_FILE: where to write the issued keys (a JSON array of `BENCH_KEYS` keys, default
 *   1,001), all of tier syndicate_alpha, whose ceilings SPORTS_DATA_PLANS sets;
 * - SPORTS_DATA_DIR: the source data of nfl, nba and mlb, ingested once into the store (issue 9
 *   measures the RSS with all three sports loaded; later runs on the same store skip it).
 * Prints `READY <port>` once serving; a SIGTERM stops it gracefully (the store's scope closes).
 * @module
 */
import { HttpServer } from "@effect/platform"
import { ApiKey, KeyStore, Plans } from "@sports-data/domain"
import { HttpServerLive } from "@sports-data/http"
import { Progress, Runner } from "@sports-data/ingest"
import { layer as memoryStore } from "@sports-data/store-memory"
import { layerPglite, layerPostgres } from "@sports-data/store-sql"
import { Context, Effect, Exit, Fiber, Layer, Logger, LogLevel, Redacted } from "effect"
import { existsSync, writeFileSync } from "node:fs"

const store = process.env["BENCH_STORE"] ?? "memory"
const keysFile = process.env["BENCH_KEYS_FILE"] ?? "/tmp/bench-keys.json"
const keyCount = Number(process.env["BENCH_KEYS"] ?? 1001)
const dataDir = process.env["SPORTS_DATA_DIR"] ?? "/work/shared/data"

const storeLayer = store === "memory"
  ? memoryStore
  : store.startsWith("pglite:")
  ? layerPglite({ dataDir: store.slice("pglite:".length) })
  : layerPostgres({ url: store.slice("postgres:".length) })

/** The sports the store holds. */
const sports = ["nfl", "nba", "mlb"] as const

// the store keeps its data between runs: ingested once (a marker beside the keys file)
const ingested = `${keysFile}.ingested-${sports.join("-")}`

const program = Effect.gen(function*() {
  if (store === "memory" || !existsSync(ingested)) {
    yield* Runner.runIngest({ sports, dataDir }).pipe(Effect.provide(Progress.silent))
    writeFileSync(ingested, new Date().toISOString())
  }
  const keys = yield* KeyStore
  const issued: Array<string> = []
  for (let i = 0; i < keyCount; i++) {
    const key = yield* ApiKey.issueKey({ catalog: Plans.defaultPlans, tier: "syndicate_alpha", now: new Date() })
    yield* keys.create(key.record)
    issued.push(Redacted.value(key.key))
  }
  writeFileSync(keysFile, JSON.stringify(issued))
  const context = yield* Layer.build(HttpServerLive({ port: 0, host: "127.0.0.1" }))
  const server = Context.get(context, HttpServer.HttpServer)
  const port = server.address._tag === "TcpAddress" ? server.address.port : 0
  console.log(`READY ${port}`)
  return yield* Effect.never
}).pipe(
  Effect.scoped,
  Effect.provide(storeLayer),
  Effect.provide(Logger.minimumLogLevel(LogLevel.Warning))
)

const fiber = Effect.runFork(program)
process.on("SIGTERM", () => {
  Effect.runPromise(Fiber.interrupt(fiber)).then(() => process.exit(0), () => process.exit(1))
})
fiber.addObserver((exit) => {
  if (Exit.isFailure(exit) && !Exit.isInterrupted(exit)) {
    console.error(String(exit.cause))
    process.exit(1)
  }
})

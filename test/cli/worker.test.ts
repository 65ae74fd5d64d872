/**
 * The worker on one PostgreSQL: several workers never run one job twice (the refresh pass holds a
 * job lease; the ingestion is followed by model training), `sports-data worker` exits 0 on
 * SIGTERM and releases the lease it held, and a worker killed (SIGKILL) in the middle of a webhook
 * delivery leaves the delivery to another worker once its lease expires: same delivery id, no loss.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import { CatalogReader, JobLeases, ModelRegistryReader, Plans, SportsWriter } from "@sports-data/domain"
import { ApiLiveWith } from "@sports-data/http"
import { Progress, Runner } from "@sports-data/ingest"
import * as MemoryStore from "@sports-data/store-memory"
import { layerPostgres } from "@sports-data/store-sql"
import { newOwner, REFRESH_JOB, refreshPass } from "@sports-data/wiring"
import { Context, Effect, Layer, Option } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { postgresAvailable, testDatabaseUrl } from "../harness/postgres.js"
import { startWorker } from "../harness/serve.js"
import { seedGames, start } from "../http/harness.js"
import { receiver } from "../http/receiver.js"

const root = fileURLToPath(new URL("../..", import.meta.url))
const nflFixtures = join(root, "test", "fixtures", "nfl")
const available = await Effect.runPromise(postgresAvailable)

/** A fresh PostgreSQL database (dropped with the scope) and the stores on it, migrated. */
const database = Effect.gen(function*() {
  const url = Option.getOrThrow(yield* testDatabaseUrl)
  const stores = yield* Layer.build(layerPostgres({ url })).pipe(Effect.orDie)
  return { url, stores }
})

/** Polls `check` every 50 ms until it is true. */
const poll = <E, R>(check: Effect.Effect<boolean, E, R>) =>
  Effect.gen(function*() {
    while (!(yield* check)) yield* Effect.sleep("50 millis")
  })

const leaseHolders = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) =>
    sql<{ readonly name: string }>`SELECT name FROM job_leases`.pipe(Effect.map((rows) => rows.map((r) => r.name)))
)

describe("the worker's jobs", () => {
  it.live(
    "a sport ingested without its jobs (worker killed in between): the next pass trains its models",
    () =>
      Effect.gen(function*() {
        const stores = yield* Layer.build(MemoryStore.layer)
        const versions = Effect.flatMap(ModelRegistryReader, (r) => r.versions({ sport: "nfl" })).pipe(
          Effect.provide(stores)
        )
        // the ingestion alone, as a worker killed right after it leaves the store
        yield* Runner.runIngest({ sports: ["nfl"], dataDir: nflFixtures }).pipe(
          Effect.provide(Layer.merge(Layer.succeedContext(stores), Progress.silent))
        )
        expect(yield* versions).toEqual([])
        // the next pass does not ingest nfl again (the fixture folder has no other sport's files, so
        // those count as ingested empty), yet trains the nfl models that were lost
        const pass = refreshPass({ dataDir: nflFixtures, interval: "1 hour", owner: newOwner() }).pipe(
          Effect.provide(stores)
        )
        expect(Option.getOrThrow(yield* pass)).not.toContain("nfl")
        const trained = yield* versions
        expect(trained.length).toBeGreaterThan(0)
        // and only once: a further pass trains nothing more
        yield* pass
        expect((yield* versions).map((v) => v.id)).toEqual(trained.map((v) => v.id))
        expect((yield* versions).map((v) => v.trained_at)).toEqual(trained.map((v) => v.trained_at))
      }).pipe(Effect.scoped),
    60_000
  )
})

describe.skipIf(!available)("the worker on PostgreSQL", () => {
  it.live(
    "two workers refreshing at once: each sport is ingested once, then its models are trained",
    () =>
      Effect.gen(function*() {
        const { stores, url } = yield* database
        // a second worker: its own pool on the same database, like another process
        const other = yield* Layer.build(layerPostgres({ url })).pipe(Effect.orDie)
        const pass = (ctx: Context.Context<any>) =>
          refreshPass({ dataDir: nflFixtures, interval: "1 hour", owner: newOwner(), lease: "30 seconds" }).pipe(
            Effect.provide(ctx)
          )
        const [a, b] = yield* Effect.all([pass(stores), pass(other)], { concurrency: "unbounded" })
        // each pass either skipped (the other held the lease) or ingested what was stale: each sport once in all
        const ingested = [a, b].flatMap((r) => Option.getOrElse(r, () => []))
        expect(ingested).toContain("nfl")
        expect(new Set(ingested).size).toBe(ingested.length)
        expect(
          Option.isSome(yield* Effect.flatMap(CatalogReader, (c) => c.ingestState("nfl")).pipe(Effect.provide(stores)))
        )
          .toBe(true)
        // later passes of either worker find nothing to do
        expect(yield* pass(other)).toEqual(Option.some([]))
        expect(yield* pass(stores)).toEqual(Option.some([]))
        // after the ingestion the nfl models were trained and recorded (ACTIVE or not, each with its card)
        const versions = yield* Effect.flatMap(ModelRegistryReader, (r) => r.versions({ sport: "nfl" })).pipe(
          Effect.provide(stores)
        )
        expect(versions.length).toBeGreaterThan(0)
        // the lease was released after the pass
        expect(yield* leaseHolders.pipe(Effect.provide(stores))).toEqual([])
      }).pipe(Effect.scoped),
    120_000
  )

  it.live("SIGTERM in the middle of a refresh: exit 0 and the refresh lease released", () =>
    Effect.gen(function*() {
      const { stores, url } = yield* database
      const worker = yield* Effect.promise(() =>
        startWorker({ DATABASE_URL: url, SPORTS_DATA_DIR: nflFixtures, SPORTS_DATA_REFRESH_INTERVAL: "1 hour" })
      )
      const ingested = Effect.map(
        Effect.flatMap(CatalogReader, (c) => c.ingestState("nfl")),
        Option.isSome
      ).pipe(Effect.provide(stores))
      // wait until the worker holds the refresh lease (it is ingesting) or has already finished
      let sawLease = false
      yield* poll(Effect.gen(function*() {
        sawLease = (yield* leaseHolders.pipe(Effect.provide(stores))).includes(REFRESH_JOB)
        return sawLease || (yield* ingested)
      }))
      worker.child.kill("SIGTERM")
      expect(yield* Effect.promise(() => worker.exited)).toBe(0)
      // released, not left to expire: another worker takes the job at once
      expect(yield* leaseHolders.pipe(Effect.provide(stores))).toEqual([])
      const leases = Context.get(stores, JobLeases)
      expect(yield* leases.claim({ job: REFRESH_JOB, owner: "next", now: new Date(), leaseMs: 1000 })).toBe(true)
      expect(sawLease || (yield* ingested)).toBe(true)
    }).pipe(Effect.scoped), 120_000)

  it.live(
    "a worker killed (SIGKILL) while its receiver hangs: another worker delivers it after the lease",
    () =>
      Effect.gen(function*() {
        const { url } = yield* database
        const r = yield* receiver
        const allow = `127.0.0.1:${r.port}`
        process.env["SPORTS_DATA_WEBHOOK_ALLOW_HOSTS"] = allow
        const h = yield* start({
          stores: layerPostgres({ url }),
          apiLive: ApiLiveWith({ plans: Plans.defaultPlans }),
          plans: Plans.defaultPlans
        })
        delete process.env["SPORTS_DATA_WEBHOOK_ALLOW_HOSTS"]
        const key = h.keys.syndicate_alpha
        const created = yield* h.request("POST", "/daas/webhooks", {
          key,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ url: `http://${allow}/hook`, events: ["game.score_updated"] })
        })
        expect(created.status).toBe(201)
        r.secret.value = created.body.secret
        // the first POST never gets an answer; any later one gets 204
        let calls = 0
        r.status.next = () => (++calls === 1 ? 0 : 204)
        const env = {
          DATABASE_URL: url,
          SPORTS_DATA_DIR: mkdtempSync(join(tmpdir(), "worker-data-")),
          SPORTS_DATA_WEBHOOK_ALLOW_HOSTS: allow,
          SPORTS_DATA_WEBHOOK_RETRY_SCHEDULE: "0 seconds,0 seconds,0 seconds",
          SPORTS_DATA_WORKER_LEASE: "2 seconds"
        }
        const a = yield* Effect.acquireRelease(
          Effect.promise(() => startWorker(env)),
          (w) => Effect.sync(() => w.child.kill("SIGKILL"))
        )
        yield* Effect.flatMap(
          SportsWriter,
          (w) => w.upsertGames([{ ...seedGames.nfl, home_score: seedGames.nfl.home_score! + 3 }])
        ).pipe(Effect.provide(h.stores))
        // worker A has sent the POST and waits for the answer: kill it there
        yield* poll(Effect.sync(() => r.got.length >= 1))
        a.child.kill("SIGKILL")
        expect(yield* Effect.promise(() => a.exited)).toBe("SIGKILL")
        r.held[0]?.socket?.destroy()
        const b = yield* Effect.acquireRelease(
          Effect.promise(() => startWorker(env)),
          (w) => Effect.sync(() => w.child.kill("SIGTERM"))
        )
        // B takes the delivery over once A's lease has expired, and the receiver answers it
        yield* poll(Effect.sync(() => r.got.length >= 2))
        expect(r.got.length).toBe(2)
        expect(r.got.every((g) => g.valid)).toBe(true)
        expect(r.got[1]!.headers["x-service-delivery-id"]).toBe(r.got[0]!.headers["x-service-delivery-id"])
        expect(r.got[1]!.body).toBe(r.got[0]!.body)
        expect(JSON.parse(r.got[1]!.body)).toMatchObject({
          event: "game.score_updated",
          data: { game_id: seedGames.nfl.id, home_score: seedGames.nfl.home_score! + 3 }
        })
        // the delivery log: succeeded, with B's 204 (A died before it could record its attempt)
        yield* poll(Effect.map(
          h.request("GET", `/daas/webhooks/${created.body.id}/deliveries`, { key }),
          (log) => log.body.data?.[0]?.state === "succeeded"
        ))
        const log = yield* h.request("GET", `/daas/webhooks/${created.body.id}/deliveries`, { key })
        expect(log.body.data.map((d: any) => [d.state, d.history.map((x: any) => x.status_code)])).toEqual([
          ["succeeded", [204]]
        ])
        b.child.kill("SIGTERM")
        expect(yield* Effect.promise(() => b.exited)).toBe(0)
      }).pipe(Effect.scoped),
    120_000
  )
})

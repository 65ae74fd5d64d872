/**
 * `sources sync` against a local upstream (node:http on 127.0.0.1) serving a copy of the tennis
 * fixture folders in a data directory's layout, with ETag, Last-Modified, 304 and injected faults;
 * and the cadence job of serve and the worker (wiring SourceSync.ts) over it, driven by TestClock.
 */
import { FetchHttpClient, HttpClient, HttpClientError } from "@effect/platform"
import { CatalogReader } from "@sports-data/domain"
import { createEngine } from "@sports-data/embedded"
import { Runner, Sync } from "@sports-data/ingest"
import { layer as memoryStore } from "@sports-data/store-memory"
import { layerPostgres } from "@sports-data/store-sql"
import { initialSyncJobState, syncTick, type SyncTickOutcome } from "@sports-data/wiring"
import { Duration, Effect, Layer, Logger, LogLevel, Option, Ref, TestClock, TestContext } from "effect"
import { createHash } from "node:crypto"
import { existsSync } from "node:fs"
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { postgresAvailable, testDatabaseUrl } from "../harness/postgres.js"

const FOLDER = "jeffsackmann_tennis_atp"
const MATCHES = "atp_matches_2024.csv"
const fixture = join(__dirname, "../fixtures/tennis")

/** What the upstream answers next for a path, before serving the file. */
type Fault = "500" | "429" | "truncated"

let upstream: string
let server: Server
let base: string
const faults = new Map<string, Array<Fault>>()
const hits: Array<{ path: string; status: number }> = []
/** Requests the upstream is answering now, and the most at once. */
const inFlight = { now: 0, max: 0 }
let slow = false

beforeAll(async () => {
  upstream = mkdtempSync(join(tmpdir(), "upstream-"))
  cpSync(fixture, upstream, { recursive: true })
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)
    inFlight.now++
    inFlight.max = Math.max(inFlight.max, inFlight.now)
    res.on("close", () => inFlight.now--)
    const answer = (status: number, headers: Record<string, string> = {}, body?: Buffer) => {
      hits.push({ path, status })
      res.writeHead(status, headers)
      // held a little while `slow` is set, so that requests overlap when the client allows it
      setTimeout(() => res.end(body), slow ? 30 : 0)
    }
    const fault = faults.get(path)?.shift()
    if (fault === "500") return answer(500)
    if (fault === "429") return answer(429, { "retry-after": "1" })
    let body: Buffer
    try {
      body = readFileSync(join(upstream, path))
    } catch {
      return answer(404)
    }
    const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"`
    const lastModified = statSync(join(upstream, path)).mtime.toUTCString()
    if (req.headers["if-none-match"] === etag) return answer(304, { etag })
    if (fault === "truncated") {
      hits.push({ path, status: 200 })
      res.writeHead(200, { "content-length": String(body.length), etag })
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy())
      return
    }
    answer(200, { etag, "last-modified": lastModified, "content-length": String(body.length) }, body)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  base = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`
})

afterAll(() => {
  server.close()
  rmSync(upstream, { recursive: true, force: true })
})

beforeEach(() => {
  faults.clear()
  hits.length = 0
})

const sync = (dataDir: string, extra: Partial<Sync.SyncOptions> = {}) =>
  Effect.runPromise(
    Sync.syncSources({
      dataDir,
      mirror: base,
      folders: [FOLDER],
      userAgent: "sports-data-test",
      attempts: 3,
      ...extra
    }).pipe(Effect.provide(FetchHttpClient.layer))
  )

const outcome = (report: Sync.SyncReport, file: string) => report.files.find((f) => f.file === file)!

describe("sources sync", () => {
  it("fetches every file, then an unchanged upstream costs one 304 per file and writes nothing; a changed file is written and makes its sport stale", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "data-"))
    const first = await sync(dataDir)
    expect(outcome(first, MATCHES).status).toBe("written")
    expect(readFileSync(join(dataDir, FOLDER, MATCHES))).toEqual(readFileSync(join(fixture, FOLDER, MATCHES)))
    expect(first.changed).toEqual([FOLDER])
    const state = JSON.parse(readFileSync(join(dataDir, Sync.SYNC_STATE_FILE), "utf8"))
    expect(state[`${FOLDER}/${MATCHES}`].etag).toMatch(/^"[0-9a-f]{16}"$/)
    expect(state[`${FOLDER}/${MATCHES}`].sha256).toBe(
      createHash("sha256").update(readFileSync(join(fixture, FOLDER, MATCHES))).digest("hex")
    )

    const mtimes = () =>
      [MATCHES, "atp_players.csv", Sync.SYNC_STATE_FILE].map((f) =>
        statSync(join(dataDir, f === Sync.SYNC_STATE_FILE ? "" : FOLDER, f)).mtimeMs
      )
    const before = mtimes()
    const ingestedAt = await Effect.runPromise(Runner.sourceMtime(dataDir, "tennis"))
    hits.length = 0
    const second = await sync(dataDir)
    expect(second.changed).toEqual([])
    const fetched = hits.filter((h) => h.status !== 404)
    expect(fetched.length).toBe(first.files.filter((f) => f.status === "written").length)
    expect(fetched.every((h) => h.status === 304)).toBe(true)
    expect(mtimes()).toEqual(before)

    appendFileSync(
      join(upstream, FOLDER, MATCHES),
      readFileSync(join(upstream, FOLDER, MATCHES), "utf8").split("\n")[1] + "\n"
    )
    const third = await sync(dataDir)
    expect(third.changed).toEqual([FOLDER])
    expect(outcome(third, MATCHES).status).toBe("written")
    expect(readFileSync(join(dataDir, FOLDER, MATCHES), "utf8")).toBe(
      readFileSync(join(upstream, FOLDER, MATCHES), "utf8")
    )
    const state2 = { sport: "tennis" as const, finished_at: new Date(), source_mtime_ms: ingestedAt }
    expect(Runner.isStale(Option.some(state2), await Effect.runPromise(Runner.sourceMtime(dataDir, "tennis")))).toBe(
      true
    )
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("sends at most two requests at a time to one host", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "data-"))
    slow = true
    inFlight.max = 0
    try {
      const report = await sync(dataDir, { folders: [FOLDER, "jeffsackmann_tennis_wta", "bettormanpicks_bmp_app"] })
      expect(report.files.filter((f) => f.status === "written").length).toBeGreaterThan(10)
      expect(inFlight.max).toBe(2)
    } finally {
      slow = false
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it("through a swapped HttpClient: a host with no such name fails its files with the reason, is asked at most twice, and counts as unreachable", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "data-"))
    let calls = 0
    // what fetch reports for a name DNS does not know
    const noSuchName = HttpClient.make((request) =>
      Effect.suspend(() => {
        calls++
        const cause = Object.assign(new Error("getaddrinfo ENOTFOUND mirror.invalid"), { code: "ENOTFOUND" })
        return Effect.fail(
          new HttpClientError.RequestError({
            request,
            reason: "Transport",
            cause: new TypeError("fetch failed", { cause })
          })
        )
      })
    )
    const report = await Effect.runPromise(
      Sync.syncSources({ dataDir, mirror: "http://mirror.invalid", folders: [FOLDER] }).pipe(
        Effect.provideService(HttpClient.HttpClient, noSuchName)
      )
    )
    expect(report.files.length).toBeGreaterThan(2)
    for (const f of report.files) {
      expect(f).toMatchObject({ status: "failed", reason: "fetch failed: getaddrinfo ENOTFOUND mirror.invalid" })
    }
    // the two permits of the host may both be asking when the first answer comes back; no more after it
    expect(calls).toBeLessThanOrEqual(2)
    expect(Sync.answered(report)).toBe(false)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("retries a 500 and a 429 (waiting its Retry-After) and a truncated body, and keeps the old file when the faults persist", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "data-"))
    const path = `/${FOLDER}/${MATCHES}`
    faults.set(path, ["500", "429", "truncated"])
    const started = Date.now()
    const report = await sync(dataDir, { attempts: 4 })
    expect(outcome(report, MATCHES).status).toBe("written")
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(hits.filter((h) => h.path === path).map((h) => h.status)).toEqual([500, 429, 200, 200])

    const old = readFileSync(join(dataDir, FOLDER, MATCHES))
    writeFileSync(
      join(upstream, FOLDER, MATCHES),
      Buffer.concat([old, Buffer.from(old.toString().split("\n")[1] + "\n")])
    )
    faults.set(path, ["truncated", "truncated"])
    const failed = await sync(dataDir, { attempts: 2 })
    expect(outcome(failed, MATCHES).status).toBe("failed")
    expect(outcome(failed, MATCHES).reason).toMatch(/truncated/)
    expect(readFileSync(join(dataDir, FOLDER, MATCHES))).toEqual(old)
    writeFileSync(join(upstream, FOLDER, MATCHES), readFileSync(join(fixture, FOLDER, MATCHES)))
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("rejects a body missing a column or losing most of its rows, keeping the old file; --force accepts the shrink", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "data-"))
    await sync(dataDir)
    const old = readFileSync(join(dataDir, FOLDER, MATCHES), "utf8")
    const [header, ...rows] = old.trimEnd().split("\n")

    writeFileSync(
      join(upstream, FOLDER, MATCHES),
      [header!.replace("winner_name", "winner"), ...rows].join("\n") + "\n"
    )
    const missing = await sync(dataDir)
    expect(outcome(missing, MATCHES)).toMatchObject({ status: "rejected", reason: "missing columns: winner_name" })
    expect(readFileSync(join(dataDir, FOLDER, MATCHES), "utf8")).toBe(old)

    writeFileSync(join(upstream, FOLDER, MATCHES), [header, rows[0]].join("\n") + "\n")
    const shrunk = await sync(dataDir)
    expect(outcome(shrunk, MATCHES).status).toBe("rejected")
    expect(outcome(shrunk, MATCHES).reason).toMatch(/rows would shrink from \d+ to 1/)
    expect(readFileSync(join(dataDir, FOLDER, MATCHES), "utf8")).toBe(old)
    const forced = await sync(dataDir, { force: true })
    expect(outcome(forced, MATCHES).status).toBe("written")
    expect(readFileSync(join(dataDir, FOLDER, MATCHES), "utf8")).toBe([header, rows[0]].join("\n") + "\n")
    writeFileSync(join(upstream, FOLDER, MATCHES), readFileSync(join(fixture, FOLDER, MATCHES)))
    rmSync(dataDir, { recursive: true, force: true })
  })
})

describe("the cadence sync job (serve's background thread, the worker)", () => {
  /** Runs `program` over a memory store, the fetch client and a TestClock, keeping the warning lines logged. */
  const run = <A, E>(program: (warnings: Array<string>) => Effect.Effect<A, E, any>) => {
    const warnings: Array<string> = []
    const logger = Logger.make(({ logLevel, message }) => {
      if (logLevel._tag === "Warning") warnings.push(String(message))
    })
    return Effect.runPromise(
      program(warnings).pipe(
        Effect.provide(Layer.mergeAll(memoryStore, FetchHttpClient.layer, TestContext.TestContext)),
        Effect.provide(Logger.replace(Logger.defaultLogger, logger)),
        Logger.withMinimumLogLevel(LogLevel.Warning)
      ) as Effect.Effect<A, E, never>
    )
  }
  const tag = (o: SyncTickOutcome) => o._tag
  const options = (dataDir: string, mirror: string) => ({
    dataDir,
    mirror,
    interval: Duration.minutes(5),
    lease: Duration.seconds(60),
    owner: "test"
  })

  it("one of two instances syncs the due datasets and ingests the changed sport; within the cadence nothing is fetched; after it an unchanged upstream costs 304s and writes nothing; a changed file is ingested again", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "data-"))
    await run(() =>
      Effect.gen(function*() {
        const state = yield* Ref.make(initialSyncJobState)
        const tick = syncTick(options(dataDir, base), state)
        const catalog = yield* CatalogReader

        // two instances tick at once: one holds the lease and syncs, the other does nothing
        const other = syncTick({ ...options(dataDir, base), owner: "other" }, yield* Ref.make(initialSyncJobState))
        const [first, second0] = yield* Effect.all([tick, other], { concurrency: 2 })
        expect(tag(second0)).toBe("NotHeld")
        if (first._tag !== "Synced") throw new Error(`first tick: ${first._tag}`)
        expect(first.report.changed).toContain(FOLDER)
        // a first pass over an empty store records every sport (those without files as empty)
        expect(first.ingested).toContain("tennis")
        const ingested = Option.getOrThrow(yield* catalog.ingestState("tennis"))
        const version = yield* catalog.dataVersion
        expect((yield* catalog.summary).find((s) => s.sport === "tennis")!.games).toBeGreaterThan(0)

        // within every cadence (6 hours at the least): nothing is due, no request
        hits.length = 0
        yield* TestClock.adjust(Duration.hours(5))
        expect(tag(yield* tick)).toBe("NothingDue")
        expect(hits).toEqual([])

        // a week later every dataset is due: the tennis files answer 304, nothing is written or ingested
        const stateFile = readFileSync(join(dataDir, Sync.SYNC_STATE_FILE), "utf8")
        const stateMtime = statSync(join(dataDir, Sync.SYNC_STATE_FILE)).mtimeMs
        yield* TestClock.adjust(Duration.days(31))
        const second = yield* tick
        if (second._tag !== "Synced") throw new Error(`second tick: ${second._tag}`)
        expect(second.report.changed).toEqual([])
        expect(second.ingested).toEqual([])
        const tennisHits = hits.filter((h) => h.path.startsWith(`/${FOLDER}/`) && h.status !== 404)
        expect(tennisHits.length).toBe(
          first.report.files.filter((f) => f.folder === FOLDER && f.status === "written").length
        )
        expect(tennisHits.every((h) => h.status === 304)).toBe(true)
        expect(readFileSync(join(dataDir, Sync.SYNC_STATE_FILE), "utf8")).toBe(stateFile)
        expect(statSync(join(dataDir, Sync.SYNC_STATE_FILE)).mtimeMs).toBe(stateMtime)
        expect(yield* catalog.dataVersion).toBe(version)
        expect(Option.getOrThrow(yield* catalog.ingestState("tennis")).finished_at).toEqual(ingested.finished_at)

        // a changed upstream file: written, the sport ingested again, the store's data moves
        const matches = readFileSync(join(upstream, FOLDER, MATCHES), "utf8")
        const [header, firstRow] = matches.split("\n")
        writeFileSync(join(upstream, FOLDER, MATCHES), matches + firstRow!.replace(",300,", ",301,") + "\n")
        yield* TestClock.adjust(Duration.days(31))
        const third = yield* tick
        if (third._tag !== "Synced") throw new Error(`third tick: ${third._tag}`)
        expect(third.report.files.filter((f) => f.status === "written").map((f) => f.file)).toEqual([MATCHES])
        expect(third.ingested).toEqual(["tennis"])
        expect(yield* catalog.dataVersion).not.toBe(version)
        expect(header).toMatch(/^tourney_id,/)
        writeFileSync(join(upstream, FOLDER, MATCHES), readFileSync(join(fixture, FOLDER, MATCHES)))
      })
    )
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("an unreachable upstream costs one warning line and backs off, doubling the wait", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "data-"))
    // a port nothing listens on: connection refused
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const address = closed.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    await run((warnings) =>
      Effect.gen(function*() {
        const state = yield* Ref.make(initialSyncJobState)
        const tick = syncTick(options(dataDir, `http://127.0.0.1:${port}`), state)
        const first = yield* tick
        expect(first).toMatchObject({ _tag: "Unreachable", retryAt: Duration.toMillis("10 minutes") })
        expect(warnings.length).toBe(1)
        expect(warnings[0]).toMatch(/no upstream reachable .*ECONNREFUSED.*backing off/)
        expect(tag(yield* tick)).toBe("BackingOff")
        yield* TestClock.adjust(Duration.minutes(10))
        expect(yield* tick).toMatchObject({ _tag: "Unreachable", retryAt: Duration.toMillis("30 minutes") })
        expect(warnings.length).toBe(1)
      })
    )
    rmSync(dataDir, { recursive: true, force: true })
  })
})

describe("dueFolders (the cadence)", () => {
  const at = Date.parse("2026-11-01T00:00:00Z")
  const records = Sync.recordsByFolder({
    "hvpkod_nfl_data/nfl_weekly_qb_2024.csv": {
      etag: "\"a\"",
      last_modified: null,
      sha256: "0".repeat(64),
      synced_at: new Date(at).toISOString()
    }
  })
  const due = (hours: number, inSeason: boolean, checked = new Map<string, number>()) =>
    Sync.dueFolders({
      records,
      checked,
      mirror: "http://mirror",
      now: at + hours * 3_600_000,
      inSeason: () => inSeason
    })
      .includes("hvpkod_nfl_data")

  it("checks a dataset after its in-season cadence while in season, after its off-season cadence otherwise, and from its last check when one is kept", () => {
    // hvpkod_nfl_data: every 24 h in season, every 168 h off season
    expect(due(23, true)).toBe(false)
    expect(due(24, true)).toBe(true)
    expect(due(167, false)).toBe(false)
    expect(due(168, false)).toBe(true)
    // a check answered 304 writes no record: the job's own memory of it counts
    expect(due(30, true, new Map([["hvpkod_nfl_data", at + 20 * 3_600_000]]))).toBe(false)
    // a dataset never synced is due at once; one no URL reaches is never due
    expect(Sync.dueFolders({ records, checked: new Map(), mirror: "http://mirror", now: at, inSeason: () => true }))
      .toContain("spreadspoke_nfl")
    expect(Sync.dueFolders({ records, checked: new Map(), mirror: undefined, now: at, inSeason: () => true }))
      .toEqual(["chadwickbureau_retrosplits", "jeffsackmann_tennis_atp", "jeffsackmann_tennis_wta"])
  })
})

const onPostgres = await Effect.runPromise(postgresAvailable)

describe.skipIf(!onPostgres)("the sync records on PostgreSQL, shared by every instance", () => {
  it(
    "of two workers ticking at once on one database one syncs; an HTTP instance on that database with an empty data directory of its own shows that sync's records in /v1/meta/coverage, without the mirror's URL",
    async () => {
      const workerDirs = [mkdtempSync(join(tmpdir(), "worker-a-")), mkdtempSync(join(tmpdir(), "worker-b-"))]
      const httpDir = mkdtempSync(join(tmpdir(), "http-"))
      try {
        await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
          const url = Option.getOrThrow(yield* testDatabaseUrl)
          // two worker processes: each its own store connection pool and data directory, one database
          const worker = (dataDir: string, owner: string) =>
            Effect.gen(function*() {
              const state = yield* Ref.make(initialSyncJobState)
              return yield* syncTick(
                { dataDir, mirror: base, interval: Duration.minutes(5), lease: Duration.seconds(60), owner },
                state
              )
            }).pipe(
              Effect.provide(Layer.mergeAll(layerPostgres({ url }), FetchHttpClient.layer, TestContext.TestContext))
            )
          const outcomes = yield* Effect.all([worker(workerDirs[0]!, "worker-a"), worker(workerDirs[1]!, "worker-b")], {
            concurrency: 2
          })
          expect(outcomes.map((o) => o._tag).sort()).toEqual(["NotHeld", "Synced"])
          const syncedDir = workerDirs[outcomes.findIndex((o) => o._tag === "Synced")]!
          const state = JSON.parse(readFileSync(join(syncedDir, Sync.SYNC_STATE_FILE), "utf8"))
          const recorded = state[`${FOLDER}/${MATCHES}`]
          expect(recorded.url).toContain(base)

          // the HTTP instance: same database, a data directory the worker never wrote
          const engine = createEngine({ store: { postgres: url }, dataDir: httpDir })
          try {
            const { key } = yield* Effect.promise(() => engine.keys.create({ tier: "growth" }))
            const response = yield* Effect.promise(() =>
              engine.webHandler(new Request("http://local/v1/meta/coverage", { headers: { "x-service-key": key } }))
            )
            expect(response.status).toBe(200)
            const text = yield* Effect.promise(() => response.text())
            const tennis = (JSON.parse(text) as { data: ReadonlyArray<any> }).data.find((r) => r.sport === "tennis")
            const source = tennis.sources.find((s: any) => s.id === FOLDER)
            expect(source.sync_reason).toBeNull()
            expect(source.sync.files.find((f: any) => f.file === MATCHES)).toEqual({
              file: MATCHES,
              etag: recorded.etag,
              last_modified: recorded.last_modified,
              sha256: recorded.sha256,
              synced_at: recorded.synced_at
            })
            expect(source.sync.files.length).toBe(Object.keys(state).filter((k) => k.startsWith(`${FOLDER}/`)).length)
            expect(text).not.toContain(base)
            expect(existsSync(join(httpDir, Sync.SYNC_STATE_FILE))).toBe(false)
          } finally {
            yield* Effect.promise(() => engine.dispose())
          }
        })))
      } finally {
        for (const dir of [...workerDirs, httpDir]) rmSync(dir, { recursive: true, force: true })
      }
    },
    120_000
  )
})

/**
 * `sports-data sources sync` and `serve` as a user runs them, with the real bin: a static file
 * server on 127.0.0.1 over a small data directory (a copy of the nfl fixtures) is the mirror
 * (SPORTS_DATA_MIRROR); the data directory and the PGlite store are fresh temporary folders.
 * - The first sync fetches the files the mirror holds and ingests nfl; `serve` answers its rows and
 *   shows each dataset's validators and hashes in `/v1/meta/coverage`.
 * - A second sync costs one 304 per file and writes nothing: the state file keeps its bytes and
 *   time, nothing is ingested (the sport's `last_ingested_at` stays).
 * - A changed score in the mirror is synced (one file written), nfl is ingested again, `serve`
 *   answers the new score, and the outbox holds its `game.score_updated` (replayed on the event
 *   stream from the start).
 * - On PostgreSQL (DATABASE_URL), `sources sync` keeps the same records, without the mirror's URL,
 *   in the store, where every instance on it reads them.
 */
import { SourceSyncStore } from "@sports-data/domain"
import { layerPostgres } from "@sports-data/store-sql"
import { Effect, Option } from "effect"
import { execFile } from "node:child_process"
import { createHash } from "node:crypto"
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { postgresAvailable, testDatabaseUrl } from "../harness/postgres.js"
import { bin, startServe } from "../harness/serve.js"

const root = fileURLToPath(new URL("../..", import.meta.url))
const fixtures = join(root, "test", "fixtures", "nfl")
const SCHEDULE = join("urwishpatel2003_nflverse_data", "schedules_2022_2026.csv")
const STATE = ".sources-sync.json"
/** The game whose score changes: ARI at BUF, 2024 week 1, 28-34 in the fixture. */
const GAME = "2024_01_ARI_BUF"

let mirrorDir: string
let server: Server
let mirror: string
const hits: Array<{ readonly path: string; readonly status: number }> = []

beforeAll(async () => {
  mirrorDir = mkdtempSync(join(tmpdir(), "mirror-"))
  cpSync(fixtures, mirrorDir, { recursive: true })
  // a static file server: ETag (content hash), Last-Modified, 304 on If-None-Match, 404 otherwise
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)
    let body: Buffer
    try {
      body = readFileSync(join(mirrorDir, path))
    } catch {
      hits.push({ path, status: 404 })
      res.writeHead(404).end()
      return
    }
    const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 20)}"`
    const status = req.headers["if-none-match"] === etag ? 304 : 200
    hits.push({ path, status })
    res.writeHead(status, {
      etag,
      "last-modified": statSync(join(mirrorDir, path)).mtime.toUTCString(),
      ...(status === 200 ? { "content-length": String(body.length) } : {})
    })
    res.end(status === 200 ? body : undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  mirror = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`
})

afterAll(() => {
  server.close()
  rmSync(mirrorDir, { recursive: true, force: true })
})

/** Runs the bin with `args` and `env` (DATABASE_URL removed) to completion. */
const runBin = (args: ReadonlyArray<string>, env: Record<string, string>) =>
  new Promise<{ readonly code: number; readonly out: string }>((resolve) => {
    const { DATABASE_URL: _ignored, ...base } = process.env
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd: root, env: { ...base, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : Number((error as { code?: number }).code ?? 1), out: stdout + stderr })
    )
  })

/** The `game.score_updated` events of the outbox, replayed on the event stream from id 0, until `until` holds (30 s at most). */
const scoreEvents = async (base: string, key: string, until: (events: ReadonlyArray<any>) => boolean) => {
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), 30_000)
  const events: Array<any> = []
  try {
    const res = await fetch(`${base}/v1/events/stream?sport=nfl`, {
      headers: { "x-service-key": key, "last-event-id": "0" },
      signal: abort.signal
    })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = ""
    while (!until(events)) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
      const blocks = text.split("\n\n")
      text = blocks.pop()!
      for (const block of blocks) {
        const type = /^event: (.*)$/m.exec(block)?.[1]
        const data = /^data: (.*)$/m.exec(block)?.[1]
        if (type === "game.score_updated" && data !== undefined) events.push(JSON.parse(data))
      }
    }
  } finally {
    clearTimeout(timer)
    abort.abort()
  }
  return events
}

describe("sources sync and serve over a mirror (the real bin)", () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cli-sync-"))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it(
    "syncs and ingests; serves the rows and the sync records; an unchanged mirror costs 304s and writes nothing; a changed score is synced, ingested, served and reaches the outbox",
    async () => {
      const data = join(dir, "data")
      const store = join(dir, "store")
      const env = { SPORTS_DATA_DIR: data, SPORTS_DATA_STORE: store, SPORTS_DATA_MIRROR: mirror }

      // 1. the first sync: every file the mirror holds is written, nfl is ingested
      const first = await runBin(["sources", "sync", "--sport", "nfl"], env)
      const held = hits.filter((h) => h.status === 200).length
      expect(held).toBeGreaterThan(10)
      expect(first.out).toMatch(new RegExp(`sources sync from ${mirror}: ${held} written, 0 unchanged, 0 rejected`))
      expect(first.out).toMatch(/re-ingesting nfl/)
      expect(first.out).toMatch(/^nfl\s+players\s+\d+\s+\d+/m)
      // files the registry lists and this small mirror lacks are reported, and make the exit code 1
      for (const line of first.out.split("\n").filter((l) => l.trimStart().startsWith("failed"))) {
        expect(line).toMatch(/: HTTP 404$/)
      }
      expect(first.code).toBe(hits.some((h) => h.status === 404) ? 1 : 0)
      expect(readFileSync(join(data, SCHEDULE))).toEqual(readFileSync(join(mirrorDir, SCHEDULE)))
      const state = JSON.parse(readFileSync(join(data, STATE), "utf8"))
      expect(state[SCHEDULE.replace("\\", "/")]).toMatchObject({
        etag: expect.stringMatching(/^"[0-9a-f]{20}"$/),
        sha256: createHash("sha256").update(readFileSync(join(mirrorDir, SCHEDULE))).digest("hex")
      })

      // 2. serve answers the rows, and the coverage shows the dataset's validators and hashes
      const serve1 = await startServe(store, data, { SPORTS_DATA_MIRROR: mirror })
      let key = ""
      let ingestedAt = ""
      try {
        expect(serve1.stdout()).toMatch(
          /synced from http:\/\/127\.0\.0\.1:\d+ in the background, each dataset on its cadence/
        )
        key = /^ {2}syndicate_alpha\s+(svc_syn_\w+)$/m.exec(serve1.stdout())![1]!
        const base = `http://127.0.0.1:${serve1.port}`
        const games = (await (await fetch(`${base}/v1/nfl/games?season=2024&week=1&limit=100`, {
          headers: { "x-service-key": key }
        })).json()) as { data: ReadonlyArray<any> }
        expect(games.data.find((g) => g.game_id === GAME)).toMatchObject({
          home_team: { score: 34 },
          away_team: { score: 28 }
        })
        const coverage = (await (await fetch(`${base}/v1/meta/coverage`, { headers: { "x-service-key": key } }))
          .json()) as { data: ReadonlyArray<any> }
        const nflverse = coverage.data.find((r) => r.sport === "nfl").sources.find((s: any) =>
          s.id === "urwishpatel2003_nflverse_data"
        )
        const schedule = nflverse.sync.files.find((f: any) => f.file === "schedules_2022_2026.csv")
        expect(schedule).toMatchObject({ etag: state[`urwishpatel2003_nflverse_data/schedules_2022_2026.csv`].etag })
        expect(schedule.sha256).toBe(state[`urwishpatel2003_nflverse_data/schedules_2022_2026.csv`].sha256)
        expect(nflverse).toMatchObject({
          sync_reason: null,
          licence: expect.any(String),
          publisher: expect.any(String)
        })
        expect(nflverse.sync.sha256).toMatch(/^[0-9a-f]{64}$/)
        const status = (await (await fetch(`${base}/v1/data/status`, { headers: { "x-service-key": key } }))
          .json()) as { data: ReadonlyArray<any> }
        ingestedAt = status.data.find((r) => r.sport === "nfl").last_ingested_at
        expect(ingestedAt).toMatch(/^\d{4}-/)

        // 3. a second sync beside the running server: one 304 per file held, nothing written, the
        // state file untouched, nothing ingested (it needs no store), no timestamp moves
        const stateBytes = readFileSync(join(data, STATE))
        const stateMtime = statSync(join(data, STATE)).mtimeMs
        hits.length = 0
        const second = await runBin(["sources", "sync", "--sport", "nfl"], env)
        expect(second.out).toMatch(new RegExp(`0 written, ${held} unchanged, 0 rejected`))
        expect(second.out).not.toMatch(/re-ingesting/)
        expect(hits.filter((h) => h.status !== 404).map((h) => h.status)).toEqual(Array(held).fill(304))
        expect(readFileSync(join(data, STATE))).toEqual(stateBytes)
        expect(statSync(join(data, STATE)).mtimeMs).toBe(stateMtime)
        const after = (await (await fetch(`${base}/v1/data/status`, { headers: { "x-service-key": key } }))
          .json()) as { data: ReadonlyArray<any> }
        expect(after.data.find((r) => r.sport === "nfl").last_ingested_at).toBe(ingestedAt)
        const gamesAfter = (await (await fetch(`${base}/v1/nfl/games?season=2024&week=1&limit=100`, {
          headers: { "x-service-key": key }
        })).json()) as { data: ReadonlyArray<any> }
        expect(gamesAfter.data.map((g) => g.last_polled)).toEqual(games.data.map((g) => g.last_polled))
      } finally {
        expect(await serve1.stop()).toBe(0)
      }

      // 4. the mirror's schedule changes (BUF 34 → 37 in that game): one file written, nfl ingested again
      const lines = readFileSync(join(mirrorDir, SCHEDULE), "utf8").split("\n")
      const at = lines[0]!.split(",").indexOf("home_score")
      const row = lines.findIndex((l) => l.startsWith(`${GAME},`))
      const cells = lines[row]!.split(",")
      expect(cells[at]).toBe("34")
      cells[at] = "37"
      lines[row] = cells.join(",")
      writeFileSync(join(mirrorDir, SCHEDULE), lines.join("\n"))
      const third = await runBin(["sources", "sync", "--sport", "nfl"], env)
      expect(third.out).toMatch(new RegExp(`1 written, ${held - 1} unchanged, 0 rejected`))
      expect(third.out).toMatch(/written\s+urwishpatel2003_nflverse_data\/schedules_2022_2026\.csv/)
      expect(third.out).toMatch(/re-ingesting nfl/)

      // 5. serve answers the new score from an ingestion after the first, and the outbox holds the change
      const serve2 = await startServe(store, data, { SPORTS_DATA_MIRROR: mirror })
      try {
        const base = `http://127.0.0.1:${serve2.port}`
        const games = (await (await fetch(`${base}/v1/nfl/games?season=2024&week=1&limit=100`, {
          headers: { "x-service-key": key }
        })).json()) as { data: ReadonlyArray<any> }
        expect(games.data.find((g) => g.game_id === GAME)).toMatchObject({
          home_team: { score: 37 },
          away_team: { score: 28 }
        })
        const status = (await (await fetch(`${base}/v1/data/status`, { headers: { "x-service-key": key } }))
          .json()) as { data: ReadonlyArray<any> }
        expect(status.data.find((r) => r.sport === "nfl").last_ingested_at > ingestedAt).toBe(true)
        const ofChange = (e: any) => e.game_id === GAME && e.home_score === 37
        const events = await scoreEvents(base, key, (es) => es.some(ofChange))
        expect(events.filter(ofChange)).toHaveLength(1)
        expect(events.find(ofChange)).toMatchObject({ home_team: "BUF", away_team: "ARI", away_score: 28 })
      } finally {
        expect(await serve2.stop()).toBe(0)
      }
    },
    300_000
  )
})

const onPostgres = await Effect.runPromise(postgresAvailable)

describe.skipIf(!onPostgres)("sources sync on PostgreSQL (the real bin)", () => {
  it("keeps the state file's records, without the mirror's URL, in the store", async () => {
    const data = mkdtempSync(join(tmpdir(), "cli-sync-pg-"))
    try {
      await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
        const url = Option.getOrThrow(yield* testDatabaseUrl)
        const folder = "urwishpatel2003_nflverse_data"
        const run = yield* Effect.promise(() =>
          runBin(["sources", "sync", "--source", folder], {
            SPORTS_DATA_DIR: data,
            DATABASE_URL: url,
            SPORTS_DATA_MIRROR: mirror
          })
        )
        expect(run.out).toMatch(/re-ingesting nfl/)
        const state = JSON.parse(readFileSync(join(data, STATE), "utf8"))
        const held = yield* Effect.flatMap(SourceSyncStore, (s) => s.all).pipe(Effect.provide(layerPostgres({ url })))
        expect(held.length).toBeGreaterThan(0)
        expect(held).toEqual(
          Object.entries(state).map(([key, r]: [string, any]) => ({
            folder: key.slice(0, key.indexOf("/")),
            file: key.slice(key.indexOf("/") + 1),
            etag: r.etag,
            last_modified: r.last_modified,
            sha256: r.sha256,
            synced_at: r.synced_at
          })).sort((a, b) => a.file < b.file ? -1 : 1)
        )
        expect(JSON.stringify(held)).not.toContain(mirror)
      })))
    } finally {
      rmSync(data, { recursive: true, force: true })
    }
  }, 180_000)
})

/**
 * `sports-data serve` as an operator runs it: the real bin in a child process on a fresh PGlite
 * folder and the nfl fixture datasets. The first start ingests, prints one demo key per current
 * tier and serves them, ingesting in the background after it listens (its coverage says that no
 * dataset of that hand-made data directory was synced); Ctrl+C stops it cleanly; a restart ingests nothing, mints no new keys
 * and says that the earlier keys are not shown again. Two instances started together on one empty
 * PostgreSQL: the one that does not ingest serves each sport once the other has put it in.
 */
import { Effect, Exit, Option, Scope } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { networkInterfaces, tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { postgresAvailable, testDatabaseUrl } from "../harness/postgres.js"
import { startServe } from "../harness/serve.js"

const root = fileURLToPath(new URL("../..", import.meta.url))
const fixtures = join(root, "test", "fixtures", "nfl")
const withPostgres = await Effect.runPromise(postgresAvailable)
const tiers = ["sandbox", "starter", "build", "growth", "pro_insights", "syndicate_alpha"]

describe("sports-data serve", () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "serve-"))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("first start: ingests, prints demo keys that work; restart: nothing new, keys not shown again", async () => {
    const store = join(dir, "store")
    const first = await startServe(store, fixtures)
    let keys: Record<string, string> = {}
    try {
      // it listens first and ingests in the background: wait for the ingestion to end
      await first.waitFor(/data: all sports ingested in [\d.]+ s/)
      expect(first.stdout()).toMatch(/data: ingesting nfl \(never ingested\).* in the background/)
      expect(first.stdout()).toMatch(/data: nfl ingested in [\d.]+ s, now served/)
      expect(first.stdout()).toMatch(/^nfl\s+players\s+\d+\s+\d+/m)
      keys = Object.fromEntries(
        [...first.stdout().matchAll(/^ {2}(\w+)\s+(svc_[a-z]{3}_[0-9A-Za-z]{43})$/gm)].map((m) => [m[1]!, m[2]!])
      )
      expect(Object.keys(keys).sort()).toEqual([...tiers].sort())

      const base = `http://localhost:${first.port}`
      const ok = await fetch(`${base}/v1/nfl/players`, { headers: { "X-Service-Key": keys.growth! } })
      expect(ok.status).toBe(200)
      expect(ok.headers.get("x-service-tier")).toBe("growth")
      const body = (await ok.json()) as { total: number }
      expect(body.total).toBeGreaterThan(0)
      expect((await fetch(`${base}/v1/nfl/players`)).status).toBe(401)
      // a data directory assembled by hand (the fixtures, never synced): each source says so
      const coverage = (await (await fetch(`${base}/v1/meta/coverage`, { headers: { "X-Service-Key": keys.growth! } }))
        .json()) as { data: ReadonlyArray<{ sport: string; sources: ReadonlyArray<any> }> }
      const nfl = coverage.data.find((r) => r.sport === "nfl")!
      expect(nfl.sources.length).toBeGreaterThan(0)
      for (const source of nfl.sources) {
        expect(source.sync).toBeNull()
        expect(source.sync_reason).toMatch(/^never synced: the data directory has no sync records/)
      }
    } finally {
      expect(await first.stop()).toBe(0)
    }

    const second = await startServe(store, fixtures)
    try {
      const out = second.stdout()
      expect(out).toMatch(/data: the store is current/)
      expect(out).toMatch(/demo keys from an earlier start: sandbox svc_sbx_/)
      expect(out).not.toMatch(/svc_[a-z]{3}_[0-9A-Za-z]{43}/)
      // the keys printed at the first start still work
      const res = await fetch(`http://localhost:${second.port}/v1/nfl/players`, {
        headers: { "X-Service-Key": keys.build! }
      })
      expect(res.status).toBe(200)
    } finally {
      expect(await second.stop()).toBe(0)
    }
  }, 240_000)

  it("HOST=127.0.0.1: listens on this machine only and says so", async () => {
    const server = await startServe(join(dir, "store-host"), fixtures, { HOST: "127.0.0.1" })
    try {
      expect(server.stdout()).toMatch(new RegExp(`listening on http://127\\.0\\.0\\.1:${server.port} `))
      expect((await fetch(`http://127.0.0.1:${server.port}/openapi.json`)).status).toBe(200)
      // another address of this machine is not served (when the machine has one)
      const external = Object.values(networkInterfaces()).flat().find((a) => a?.family === "IPv4" && !a.internal)
      if (external !== undefined) {
        const refused = await fetch(`http://${external.address}:${server.port}/openapi.json`).then(
          () => "answered",
          (e: { cause?: { code?: string } }) => e.cause?.code
        )
        expect(refused).toBe("ECONNREFUSED")
      }
    } finally {
      expect(await server.stop()).toBe(0)
    }
  }, 120_000)
})

describe.skipIf(!withPostgres)("sports-data serve, two instances on one PostgreSQL", () => {
  it("started together on an empty database, both serve each sport once one of them has ingested it", async () => {
    const scope = Effect.runSync(Scope.make())
    const url = Option.getOrThrow(await Effect.runPromise(Scope.extend(testDatabaseUrl, scope)))
    const dir = mkdtempSync(join(tmpdir(), "serve-pg-"))
    const [a, b] = await Promise.all([
      startServe(join(dir, "a"), fixtures, { DATABASE_URL: url }),
      startServe(join(dir, "b"), fixtures, { DATABASE_URL: url })
    ])
    try {
      // one of them holds the refresh lease and ingests; the other waits for it
      await Promise.race([a.waitFor(/data: all sports ingested/), b.waitFor(/data: all sports ingested/)])
      const key = /^ {2}growth\s+(svc_grw_[0-9A-Za-z]{43})$/m.exec(a.stdout() + b.stdout())?.[1]
      expect(key).toBeDefined()
      const statusWithin = async (port: number) => {
        let status = 0
        for (let i = 0; i < 100 && status !== 200; i++) {
          status = (await fetch(`http://localhost:${port}/v1/nfl/players`, { headers: { "X-Service-Key": key! } }))
            .status
          if (status !== 200) await new Promise((r) => setTimeout(r, 100))
        }
        return status
      }
      expect(await statusWithin(a.port)).toBe(200)
      expect(await statusWithin(b.port)).toBe(200)
    } finally {
      await Promise.all([a.stop(), b.stop()])
      rmSync(dir, { recursive: true, force: true })
      await Effect.runPromise(Scope.close(scope, Exit.void))
    }
  }, 240_000)
})

/**
 * The embedded engine (runtimes/embedded/src/Engine.ts) as an application would use it: keys,
 * ingestion of the fixture datasets, and queries, on the memory store and on PGlite (including
 * that a PGlite folder keeps its data across engines).
 */
import { createEngine, type Engine } from "@sports-data/embedded"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** The hand-cut nfl datasets (same folder layout as SPORTS_DATA_DIR). */
const fixtures = fileURLToPath(new URL("../fixtures/nfl", import.meta.url))

const stores: ReadonlyArray<readonly [string, () => { engine: Engine; cleanup: () => void }]> = [
  ["memory", () => ({ engine: createEngine({ store: "memory", dataDir: fixtures }), cleanup: () => {} })],
  ["pglite", () => {
    const dir = mkdtempSync(join(tmpdir(), "engine-pglite-"))
    return {
      engine: createEngine({ store: { pglite: dir }, dataDir: fixtures }),
      cleanup: () => rmSync(dir, { recursive: true, force: true })
    }
  }]
]

describe.each(stores)("engine on %s", (_label, make) => {
  let engine: Engine
  let cleanup: () => void
  beforeAll(() => {
    ;({ cleanup, engine } = make())
  })
  afterAll(async () => {
    await engine.dispose()
    cleanup()
  })

  it("issues a key once, lists it without the key or hash, and revokes it", async () => {
    const created = await engine.keys.create({ tier: "growth", email: "dev@example.test" })
    expect(created.key).toMatch(/^svc_grw_[0-9A-Za-z]{43}$/)
    expect(created.info).toMatchObject({ prefix: created.key.slice(0, 12), tier: "growth", state: "active" })

    const listed = await engine.keys.list()
    const mine = listed.find((k) => k.prefix === created.info.prefix)
    expect(mine).toMatchObject({ tier: "growth", state: "active" })
    const shown = JSON.stringify(listed)
    expect(shown).not.toContain(created.key)
    expect(shown).not.toContain("key_hash")

    expect(await engine.keys.revoke(created.info.prefix)).toBe(1)
    expect((await engine.keys.list()).find((k) => k.prefix === created.info.prefix)?.state).toBe("revoked")
    await expect(engine.keys.revoke(created.info.prefix)).rejects.toMatchObject({ _tag: "KeyNotFound" })
  })

  it("revokes by the whole key without echoing it", async () => {
    const { info, key } = await engine.keys.create({ tier: "starter" })
    expect(await engine.keys.revoke(key)).toBe(1)
    const error = await engine.keys.revoke(key).catch((e: unknown) => e)
    expect(error).toMatchObject({ _tag: "KeyNotFound", prefix: info.prefix })
    expect(String((error as Error).message)).not.toContain(key)
  })

  it("refuses an unknown tier and a malformed e-mail with typed errors", async () => {
    await expect(engine.keys.create({ tier: "platinum" })).rejects.toMatchObject({ _tag: "UnknownTier" })
    await expect(engine.keys.create({ tier: "build", email: "not-an-address" })).rejects.toMatchObject({
      _tag: "InvalidEmail"
    })
  })

  it("a sandbox key starts a 14-day trial", async () => {
    const { info } = await engine.keys.create({ tier: "sandbox" })
    expect(info.trial_ends_at).not.toBeNull()
    const days = (info.trial_ends_at!.getTime() - info.created_at.getTime()) / 86_400_000
    expect(days).toBe(14)
  })

  it("ingests the nfl fixtures and answers queries over them; a second ingest changes nothing", async () => {
    const [first] = await engine.ingest({ sports: ["nfl"] })
    expect(first?.sport).toBe("nfl")
    const players = first?.counts.players
    expect(players?.read).toBeGreaterThan(0)
    expect((players?.inserted ?? 0) + (players?.updated ?? 0)).toBeGreaterThan(0)

    const all = await engine.players({ sport: "nfl", limit: 5 })
    expect(all.total).toBeGreaterThan(0)
    expect(all.rows.length).toBeLessThanOrEqual(5)
    const team = all.rows.find((p) => p.team !== null)?.team
    expect(team).toBeDefined()
    const onTeam = await engine.players({ sport: "nfl", team: team! })
    expect(onTeam.rows.length).toBeGreaterThan(0)
    expect(onTeam.rows.every((p) => p.team?.toUpperCase() === team!.toUpperCase())).toBe(true)

    const player = await engine.player(all.rows[0]!.id)
    expect(player?.id).toBe(all.rows[0]!.id)
    expect(await engine.player("svc_nfl_no_such_player")).toBeUndefined()

    const summary = (await engine.summary()).find((s) => s.sport === "nfl")
    expect(summary?.players).toBe(all.total)
    expect((await engine.ingestState("nfl"))?.sport).toBe("nfl")

    const [again] = await engine.ingest({ sports: ["nfl"] })
    expect(again?.counts.players?.inserted).toBe(0)
    expect(again?.counts.players?.updated).toBe(0)
    expect(again?.counts.players?.unchanged).toBe(players?.inserted)
  })

  it("answers game and stat line queries after ingestion", async () => {
    const games = await engine.games({ sport: "nfl", limit: 3 })
    const lines = await engine.statLines({ sport: "nfl", limit: 3, order: "fantasy_points" })
    expect(games.total + lines.total).toBeGreaterThan(0)
    const points = lines.rows.map((l) => l.fantasy_points ?? -Infinity)
    expect([...points].sort((a, b) => b - a)).toEqual(points)
  })
})

describe("engine reads of rankings", () => {
  const cfbFixtures = fileURLToPath(new URL("../fixtures/cfb", import.meta.url))
  let engine: Engine
  beforeAll(() => {
    engine = createEngine({ store: "memory", dataDir: cfbFixtures })
  })
  afterAll(() => engine.dispose())

  it("answers the cfb polls it ingested: the final 2024 AP poll, Ohio State first with 1,400 points", async () => {
    await engine.ingest({ sports: ["cfb"] })
    const final = await engine.rankings({ sport: "cfb", season: 2024, poll: "ap", week: 17 })
    expect(final.slice(0, 3).map((r) => [r.rank, r.team_name, r.points])).toEqual([
      [1, "Ohio State", 1400],
      [2, "Notre Dame", 1342],
      [3, "Oregon", 1255]
    ])
    expect(await engine.rankings({ sport: "cfb", season: 1990 })).toEqual([])
    expect(await engine.events({ sport: "golf" })).toEqual({ rows: [], total: 0 })
  })
})

describe("engine.webHandler", () => {
  it("serves the HTTP API over the engine's own store, with admission", async () => {
    const engine = createEngine({ store: "memory", dataDir: fixtures })
    try {
      await engine.ingest({ sports: ["nfl"] })
      const { key } = await engine.keys.create({ tier: "build" })
      const players = await engine.players({ sport: "nfl" })

      const res = await engine.webHandler(
        new Request("http://localhost/v1/nfl/players", { headers: { "X-Service-Key": key } })
      )
      expect(res.status).toBe(200)
      expect(res.headers.get("x-service-tier")).toBe("build")
      const body = (await res.json()) as { total: number }
      expect(body.total).toBe(players.total)

      const anonymous = await engine.webHandler(new Request("http://localhost/v1/nfl/players"))
      expect(anonymous.status).toBe(401)
      expect(((await anonymous.json()) as { error_code: string }).error_code).toBe("MISSING_API_KEY")
    } finally {
      await engine.dispose()
    }
  })
})

describe("engine on a PGlite folder", () => {
  it("keeps keys across engines (the folder is the database)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "engine-persist-"))
    try {
      const first = createEngine({ store: { pglite: dir } })
      const { info } = await first.keys.create({ tier: "starter" })
      await first.dispose()

      const second = createEngine({ store: { pglite: dir } })
      try {
        const listed = await second.keys.list()
        expect(listed.map((k) => k.prefix)).toContain(info.prefix)
      } finally {
        await second.dispose()
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("rejects with a typed error when the store cannot be opened", async () => {
    const engine = createEngine({ store: { postgres: "postgres://nobody@127.0.0.1:1/none" } })
    try {
      await expect(engine.keys.list()).rejects.toMatchObject({ _tag: "StoreUnavailable" })
    } finally {
      await engine.dispose()
    }
  })
})

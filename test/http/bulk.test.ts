/**
 * `GET /v1/bulk/export` end to end over the nfl and nba fixtures (test/fixtures) read by the real
 * ingest adapters: the newline-delimited JSON has one line per stored row, as many per kind as
 * `/v1/data/status` counts (signals: as many as the store holds for the sport), each kind in key
 * order; `include` selects kinds; gzip is sent when accepted and decodes to the same lines; a bad
 * `include` or `sport` is 400; syndicate_alpha is the only tier.
 */
import { describe, expect, layer } from "@effect/vitest"
import { SignalReader } from "@sports-data/domain"
import { Effect } from "effect"
import { request as httpRequest } from "node:http"
import { gunzipSync } from "node:zlib"
import { countBy, expectError, fixturesLayer, get, ndjsonLines, ok } from "./fixtures.js"
import { Harness } from "./harness.js"

/** GET `path` with node:http (no transparent decompression): status, headers and the raw body bytes. */
const raw = (path: string, headers: Record<string, string>) =>
  Effect.flatMap(
    Harness,
    (h) =>
      Effect.async<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resume) => {
        const req = httpRequest(`${h.baseUrl}${path}`, {
          headers: { "x-service-key": h.keys.syndicate_alpha, ...headers }
        }, (res) => {
          const chunks: Array<Buffer> = []
          res.on("data", (c: Buffer) => chunks.push(c))
          res.on(
            "end",
            () =>
              resume(Effect.succeed({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
          )
        })
        req.end()
      })
  )

layer(fixturesLayer(["nfl", "nba"]), { timeout: 120_000 })("GET /v1/bulk/export", (it) => {
  describe("lines", () => {
    for (const sport of ["nfl", "nba"] as const) {
      it.effect(`${sport}: one line per row, as many per kind as /v1/data/status reports`, () =>
        Effect.gen(function*() {
          const h = yield* Harness
          const status = (yield* ok("/v1/data/status")).data.find((r: any) => r.sport === sport)
          const res = yield* raw(`/v1/bulk/export?sport=${sport}`, {})
          expect(res.status).toBe(200)
          expect(res.headers["content-type"]).toMatch(/^application\/x-ndjson/)
          expect(res.headers["content-encoding"]).toBeUndefined()
          const lines = ndjsonLines(res.body.toString("utf8"))
          const signals = yield* Effect.flatMap(
            SignalReader,
            (r) => r.find({ sports: [sport], order: "recent", limit: 1, offset: 0 })
          ).pipe(Effect.provide(h.stores))
          expect(status.stat_lines).toBeGreaterThan(0)
          // the nba fixture's status history yields signals (test/contract/Signals.contract.test.ts)
          if (sport === "nba") expect(signals.total).toBeGreaterThan(0)
          expect(countBy(lines)).toEqual({
            players: status.players,
            teams: status.teams,
            games: status.games,
            stat_lines: status.stat_lines,
            ...(signals.total > 0 ? { signals: signals.total } : {})
          })
          // kinds in order, each row once
          const kinds = lines.map((l) => l.type)
          expect([...new Set(kinds)]).toEqual(
            ["players", "teams", "games", "stat_lines", "signals"].filter((k) => kinds.includes(k))
          )
          const ids = lines.filter((l) => l.type === "stat_lines").map((l) => l.data.id)
          expect(new Set(ids).size).toBe(ids.length)
          expect(lines.every((l) => l.data.sport === sport)).toBe(true)
        }))
    }

    it.effect("a row is the stored canonical row: Josh Allen's 2024 week 1 line", () =>
      Effect.gen(function*() {
        const res = yield* raw("/v1/bulk/export?sport=nfl&include=stat_lines", {})
        const lines = ndjsonLines(res.body.toString("utf8"))
        expect(new Set(lines.map((l) => l.type))).toEqual(new Set(["stat_lines"]))
        const allen = lines.find((l) =>
          l.data.player_id === "svc_nfl_00-0034857" && l.data.game_id === "2024_01_ARI_BUF"
        )
        expect(allen?.data).toMatchObject({ season: 2024, week: 1, team: "BUF", fantasy_points: 31.18 })
        expect(allen?.data.stats).toMatchObject({ passing_yards: 232, passing_tds: 2, rushing_tds: 2 })
      }))

    it.effect("rows carry the canonical ids every endpoint uses (docs/vocabulary.md)", () =>
      Effect.gen(function*() {
        const res = yield* raw("/v1/bulk/export?sport=nfl&include=players,teams,games,stat_lines", {})
        const lines = ndjsonLines(res.body.toString("utf8"))
        const of = (type: string) => lines.filter((l) => l.type === type).map((l) => l.data)
        expect(of("players").find((p) => p.id === "svc_nfl_00-0034857")).toMatchObject({
          player_id: "svc_nfl_00-0034857",
          player_name: "Josh Allen",
          team_id: "BUF",
          team_abbr: "BUF"
        })
        expect(of("teams").find((t) => t.abbr === "KC")).toMatchObject({ team_id: "KC", team_abbr: "KC" })
        expect(of("games").every((g) => g.game_id === g.id)).toBe(true)
        expect(of("stat_lines").every((l) => l.team_id === l.team)).toBe(true)
        // a game id of the export is accepted by odds history
        const game = of("games").find((g) => g.id === "2024_01_ARI_BUF")
        expect((yield* ok(`/v1/nfl/odds/history/${game.game_id}`)).success).toBe(true)
      }))

    it.effect("include picks kinds (any case, repeats once)", () =>
      Effect.gen(function*() {
        const status = (yield* ok("/v1/data/status")).data.find((r: any) => r.sport === "nfl")
        const res = yield* raw("/v1/bulk/export?sport=NFL&include=Teams,%20games,teams", {})
        expect(countBy(ndjsonLines(res.body.toString("utf8")))).toEqual({ teams: status.teams, games: status.games })
      }))
  })

  it.effect("gzip when the client accepts it; it decodes to the same lines", () =>
    Effect.gen(function*() {
      const plain = yield* raw("/v1/bulk/export?sport=nfl", {})
      const zipped = yield* raw("/v1/bulk/export?sport=nfl", { "accept-encoding": "gzip, deflate" })
      expect(zipped.status).toBe(200)
      expect(zipped.headers["content-encoding"]).toBe("gzip")
      expect(zipped.body.length).toBeLessThan(plain.body.length)
      expect(gunzipSync(zipped.body).toString("utf8")).toBe(plain.body.toString("utf8"))
      // gzip refused (q=0): identity
      const refused = yield* raw("/v1/bulk/export?sport=nfl&include=teams", { "accept-encoding": "gzip;q=0" })
      expect(refused.headers["content-encoding"]).toBeUndefined()
      expect(ndjsonLines(refused.body.toString("utf8")).length).toBeGreaterThan(0)
    }))

  it.effect("a bad include or sport is 400 INVALID_PARAMETER; only syndicate_alpha may export", () =>
    Effect.gen(function*() {
      const h = yield* Harness
      expectError(yield* get("/v1/bulk/export?sport=nfl&include=players,odds"), 400, "INVALID_PARAMETER", "include")
      expectError(yield* get("/v1/bulk/export?sport=nfl&include="), 400, "INVALID_PARAMETER", "include")
      expectError(yield* get("/v1/bulk/export?sport=cricket"), 400, "INVALID_PARAMETER", "sport")
      expectError(yield* get("/v1/bulk/export"), 400, "INVALID_PARAMETER", "sport")
      expectError(yield* get("/v1/bulk/export?sport=nfl", h.keys.pro_insights), 403, "TIER_INSUFFICIENT")
      expect((yield* get("/v1/bulk/export?sport=nfl&include=teams", h.keys.enterprise)).status).toBe(200)
    }))
})

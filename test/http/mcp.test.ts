/**
 * The agent tool server at /mcp end to end: the real node server over an in-memory store filled
 * by the nfl, nba and mlb ingest adapters from the fixture cuts, called with the official MCP
 * TypeScript SDK client (Client + StreamableHTTPClientTransport) for each protocol revision, and
 * with raw requests for what the SDK does not send (malformed JSON, invalid requests, batches).
 * Each tool's data is compared with its REST endpoint's.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { McpError } from "@modelcontextprotocol/sdk/types.js"
import { Plans } from "@sports-data/domain"
import { Effect, Layer } from "effect"
import { fixturesLayer } from "./fixtures.js"
import { Harness, start } from "./harness.js"

const TestLayer = fixturesLayer(["nfl", "nba", "mlb"])

/** The ten tools of the specification, in its order. */
const TOOLS = [
  "get_injury_signals",
  "get_player_identity",
  "get_anomaly_scores",
  "get_prediction_markets",
  "get_player_projections",
  "get_player_stats",
  "get_team_roster",
  "get_games",
  "get_standings",
  "get_player_dossier"
]

/** An SDK client connected to `baseUrl`/mcp with `key`, and what it sent. */
interface Connected {
  readonly client: Client
  readonly transport: StreamableHTTPClientTransport
  /** The MCP-Protocol-Version header of each POST after initialize. */
  readonly versionHeaders: Array<string | null>
}

/**
 * Connects the official SDK client. `revision` makes it ask for that revision in initialize
 * (the SDK asks for its newest, 2025-11-25, by default): the request body is rewritten on the
 * way out, everything else is the SDK's own doing.
 */
const connect = (baseUrl: string, key: string | undefined, revision?: string) =>
  Effect.acquireRelease(
    Effect.promise(async (): Promise<Connected> => {
      const versionHeaders: Array<string | null> = []
      const fetchWith = async (input: string | URL | Request, init?: RequestInit) => {
        let body = init?.body
        if (typeof body === "string") {
          const message = JSON.parse(body)
          if (message.method === "initialize") {
            if (revision !== undefined) message.params.protocolVersion = revision
            body = JSON.stringify(message)
          } else if (init?.method === "POST") {
            versionHeaders.push(new Headers(init.headers).get("mcp-protocol-version"))
          }
        }
        return fetch(input, { ...init, ...(body === undefined ? {} : { body }) })
      }
      const transport = new StreamableHTTPClientTransport(new URL("/mcp", baseUrl), {
        requestInit: { headers: key === undefined ? {} : { "x-service-key": key } },
        fetch: fetchWith
      })
      const client = new Client({ name: "mcp-test", version: "1.0.0" })
      await client.connect(transport)
      return { client, transport, versionHeaders }
    }),
    (c) => Effect.promise(() => c.client.close())
  )

/** The data of a tool result: structuredContent when the revision has it, else the text content parsed. */
const resultBody = (result: any, structured: boolean): any => {
  expect(result.content[0].type).toBe("text")
  const parsed = JSON.parse(result.content[0].text)
  if (structured) expect(result.structuredContent).toEqual(parsed)
  else expect(result.structuredContent).toBeUndefined()
  return parsed
}

const call = (c: Connected, name: string, args: Record<string, unknown>) =>
  Effect.promise(() => c.client.callTool({ name, arguments: args }))

/** A tool call that the server refuses with a JSON-RPC error: the McpError. */
const refused = (c: Connected, name: string, args: Record<string, unknown>) =>
  Effect.promise(() =>
    c.client.callTool({ name, arguments: args }).then(
      (r) => {
        throw new Error(`expected an error, got ${JSON.stringify(r)}`)
      },
      (e: unknown) => e as McpError
    )
  )

/** A REST answer's body (status 200 asserted). */
const rest = (path: string, key?: string) =>
  Effect.gen(function*() {
    const h = yield* Harness
    const res = yield* h.request("GET", path, { key: key ?? h.keys.syndicate_alpha })
    expect(res.status, `${path}: ${res.text}`).toBe(200)
    return res.body
  })

const post = (body: string, key?: string | null, headers?: Record<string, string>) =>
  Effect.flatMap(Harness, (h) =>
    h.request("POST", "/mcp", {
      key: key === null ? undefined : key ?? h.keys.syndicate_alpha,
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body
    }))

describe("MCP tool server", () => {
  layer(TestLayer, { excludeTestServices: true, timeout: 120_000 })((it) => {
    const revisions = [
      { asked: "2024-11-05", answered: "2024-11-05" },
      { asked: "2025-03-26", answered: "2025-03-26" },
      { asked: "2025-06-18", answered: "2025-06-18" },
      // the SDK's own newest revision is not served: the newest served one is answered
      { asked: undefined, answered: "2025-06-18" }
    ] as const

    for (const { answered, asked } of revisions) {
      const structured = answered >= "2025-06-18"
      it.scoped(`SDK client asking ${asked ?? "its newest revision"}: initialize, list, every tool, errors`, () =>
        Effect.gen(function*() {
          const h = yield* Harness
          const c = yield* connect(h.baseUrl, h.keys.syndicate_alpha, asked)
          // initialize: the revision echoed (or the newest served), the server's name
          expect(c.transport.protocolVersion).toBe(answered)
          expect(c.client.getServerVersion()?.name).toBe("sports-data")
          expect(c.client.getServerCapabilities()?.tools).toBeDefined()
          yield* Effect.promise(() => c.client.ping())

          // tools/list: the ten tools with their input schemas and limits
          const { tools } = yield* Effect.promise(() => c.client.listTools())
          expect(tools.map((t) => t.name)).toEqual(TOOLS)
          const byName = new Map(tools.map((t) => [t.name, t]))
          expect((byName.get("get_injury_signals")!.inputSchema.properties as any).limit.maximum).toBe(50)
          expect((byName.get("get_team_roster")!.inputSchema.properties as any).limit.maximum).toBe(100)
          expect(byName.get("get_player_stats")!.inputSchema.required).toEqual(["player_name", "sport"])
          expect(byName.get("get_games")!.inputSchema.required).toEqual(["sport"])
          // every later POST says the negotiated revision
          expect(c.versionHeaders.length).toBeGreaterThan(0)
          expect(new Set(c.versionHeaders)).toEqual(new Set([answered]))

          // get_injury_signals: the same rows as /intelligence/injuries
          const injuries = resultBody(yield* call(c, "get_injury_signals", { sport: "nfl" }), structured)
          expect(injuries.data.map((s: any) => s.player_name)).toEqual(expect.arrayContaining(["Tyler Bass"]))
          expect(injuries.data).toEqual((yield* rest("/intelligence/injuries?sport=nfl&limit=50")).data)
          expect(injuries.endpoint).toBe("/intelligence/injuries")
          const high = resultBody(yield* call(c, "get_injury_signals", { sport: "nfl", severity: "high" }), structured)
          expect(high.data.every((s: any) => s.severity === "high")).toBe(true)

          // get_player_identity: by name, by a typo'd first name (falls back to the surname), by platform id
          const allen = resultBody(
            yield* call(c, "get_player_identity", { name: "josh allen", sport: "nfl" }),
            structured
          )
          expect(allen.data[0]).toMatchObject({ full_name: "Josh Allen", sport_key: "nfl", team: "BUF" })
          const id = allen.data[0].playcaller_id as string
          expect(id).toMatch(/^svc_nfl_/)
          const fuzzy = resultBody(
            yield* call(c, "get_player_identity", { name: "Joshua Allen", sport: "nfl" }),
            structured
          )
          expect(fuzzy.data.map((p: any) => p.full_name)).toContain("Josh Allen")
          const [platform, platformId] = Object.entries(allen.data[0].platform_ids as Record<string, string>)[0]!
          const byPlatform = resultBody(
            yield* call(c, "get_player_identity", { platform, platform_id: platformId }),
            structured
          )
          expect(byPlatform.data.map((p: any) => p.playcaller_id)).toEqual([id])

          // get_prediction_markets: no rows, and why
          const none = resultBody(yield* call(c, "get_prediction_markets", { sport: "nfl" }), structured)
          expect(none.data).toEqual([])
          expect(none.meta.coverage.available).toBe(false)
          expect(none.meta.coverage.reason.length).toBeGreaterThan(20)
          // get_anomaly_scores: the stored scores (none: the anomaly job has not run over this store), and the formula
          const anomalies = resultBody(yield* call(c, "get_anomaly_scores", { sport: "nfl" }), structured)
          expect(anomalies.data).toEqual([])
          expect(anomalies.method).toContain("formula, not a model")

          // get_player_projections: the same projection as the REST endpoint, a plain average
          const projection = resultBody(
            yield* call(c, "get_player_projections", { player_name: "Josh Allen", sport: "nfl", scoring: "half_ppr" }),
            structured
          )
          expect(projection.data).toMatchObject({
            player_name: "Josh Allen",
            scoring: "half_ppr",
            is_prediction: false
          })
          expect(projection.data).toEqual(
            (yield* rest(`/v1/nfl/players/${id}/projection?scoring=half_ppr`)).data
          )

          // get_player_stats: nfl and mlb lines as their REST endpoints show them
          const stats = resultBody(
            yield* call(c, "get_player_stats", { player_name: "Josh Allen", sport: "nfl" }),
            structured
          )
          expect(stats.player.full_name).toBe("Josh Allen")
          expect(stats.data.length).toBeGreaterThan(0)
          expect(stats.data).toEqual((yield* rest(`/v1/nfl/players/${id}/stats`)).data)
          const judge = resultBody(
            yield* call(c, "get_player_stats", { player_name: "Aaron Judge", sport: "mlb" }),
            structured
          )
          expect(judge.player.full_name).toBe("Aaron Judge")
          expect(judge.data).toEqual((yield* rest(`/v1/mlb/players/${judge.player.id}/stats`)).data)

          // get_team_roster: the roster of the REST endpoint, cut at limit with the total
          const roster = resultBody(yield* call(c, "get_team_roster", { team: "buf", sport: "nfl" }), structured)
          expect(roster.data.map((p: any) => p.full_name)).toEqual(expect.arrayContaining(["Josh Allen", "James Cook"]))
          expect(roster.data).toEqual((yield* rest("/v1/nfl/teams/BUF/roster")).data)
          const two = resultBody(yield* call(c, "get_team_roster", { team: "BUF", sport: "nfl", limit: 2 }), structured)
          expect(two.data).toEqual(roster.data.slice(0, 2))
          expect(two.total).toBe(roster.data.length)

          // get_games: final nfl games as /v1/nfl/games?status=final
          const games = resultBody(yield* call(c, "get_games", { sport: "nfl", status: "final" }), structured)
          expect(games.data.length).toBeGreaterThan(0)
          // last_polled is the time of the call when the store was never refreshed by the worker
          const unpolled = (rows: ReadonlyArray<any>) => rows.map(({ last_polled: _, ...g }) => g)
          expect(unpolled(games.data)).toEqual(unpolled((yield* rest("/v1/nfl/games?status=final")).data))
          const week1 = resultBody(yield* call(c, "get_games", { sport: "nfl", week: 1 }), structured)
          expect(week1.data.every((g: any) => g.week === 1)).toBe(true)

          // get_standings: the AFC of /v1/nfl/standings
          const standings = resultBody(yield* call(c, "get_standings", { sport: "nfl", conference: "AFC" }), structured)
          expect(standings.data.map((s: any) => s.team_abbr)).toContain("BUF")
          expect(standings.data).toEqual((yield* rest("/v1/nfl/standings?conference=AFC")).data)

          // get_player_dossier: the /v1/feed dossier: the player's signals, model fields null (no ACTIVE model),
          // no synthesis (no stored metrics to check it against)
          const dossier = resultBody(
            yield* call(c, "get_player_dossier", { player_name: "Tyler Bass", sport: "nfl" }),
            structured
          )
          expect(dossier.data).toMatchObject({
            player_name: "Tyler Bass",
            team: "BUF",
            confidence_score: null,
            heat_signal: null,
            synthesis: null
          })
          expect(dossier.data.signals.length).toBeGreaterThan(0)
          expect(dossier.data.signals.every((s: any) => s.player_name === "Tyler Bass")).toBe(true)
          expect(dossier.data._audit).toMatchObject({ model_version: null, signals_validated: false })
          const { _audit: _a, ...restDossier } = (yield* rest(`/v1/feed?player=${dossier.data.playcaller_id}`)).data
          const { _audit: _b, ...toolDossier } = dossier.data
          expect(toolDossier).toEqual(restDossier)

          // an unknown tool: -32602 with the available tools
          const unknown = yield* refused(c, "get_weather", {})
          expect(unknown).toBeInstanceOf(McpError)
          expect(unknown.code).toBe(-32602)
          expect((unknown.data as any).available).toEqual(TOOLS)

          // a bad argument and an unknown player: a tool result with isError and the reason
          const bad = yield* call(c, "get_injury_signals", { limit: 51 })
          expect(bad.isError).toBe(true)
          const badBody = resultBody(bad, structured)
          expect(badBody).toMatchObject({ error_code: "INVALID_PARAMETER", parameter: "limit" })
          expect(badBody.reason).toContain("from 1 to 50")
          const missing = yield* call(c, "get_player_stats", { sport: "nfl" })
          expect(missing.isError).toBe(true)
          expect(resultBody(missing, structured)).toMatchObject({ parameter: "player_name" })
          const nobody = yield* call(c, "get_player_stats", { player_name: "Nobody At All", sport: "nfl" })
          expect(nobody.isError).toBe(true)
          expect(resultBody(nobody, structured)).toMatchObject({ error_code: "RESOURCE_NOT_FOUND", resource: "player" })
        }))
    }

    it.effect("GET /mcp is the discovery document, without a key; with Accept: text/event-stream it is 405", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const res = yield* h.request("GET", "/mcp")
        expect(res.status).toBe(200)
        expect(res.body.serverInfo.name).toBe("sports-data")
        expect(res.body.protocolVersions).toEqual(["2024-11-05", "2025-03-26", "2025-06-18"])
        expect(res.body.tools.map((t: any) => t.name)).toEqual(TOOLS)
        for (const t of res.body.tools) {
          expect(t.inputSchema.type).toBe("object")
          expect(typeof t.description).toBe("string")
        }
        expect(res.body.tools.find((t: any) => t.name === "get_player_dossier").required_tier).toBe("pro_insights")
        const sse = yield* h.request("GET", "/mcp", { headers: { accept: "text/event-stream" } })
        expect(sse.status).toBe(405)
        expect(sse.body.error_code).toBe("METHOD_NOT_ALLOWED")
        expect((yield* h.request("DELETE", "/mcp")).status).toBe(405)
      }))

    it.effect("POST /mcp needs a key: missing 401, unknown 401, ended trial 402; the SDK client cannot connect", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })
        const none = yield* post(init, null)
        expect(none.status).toBe(401)
        expect(none.body.error_code).toBe("MISSING_API_KEY")
        const bogus = yield* post(init, "svc_syn_notakey")
        expect(bogus.status).toBe(401)
        expect(bogus.body.error_code).toBe("INVALID_API_KEY")
        const ended = yield* h.issueKey({ tier: "sandbox", issuedAt: new Date(Date.now() - 15 * 86_400_000) })
        const expired = yield* post(init, ended)
        expect(expired.status).toBe(402)
        expect(expired.body.error_code).toBe("TRIAL_EXPIRED")
        const failed = yield* Effect.promise(() =>
          Effect.runPromise(Effect.scoped(connect(h.baseUrl, undefined))).then(() => "connected", (e) => String(e))
        )
        expect(failed).toContain("MISSING_API_KEY")
      }))

    it.scoped("a tool above the key's tier is refused with TIER_INSUFFICIENT and not counted; lower tools work", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const key = yield* h.issueKey({ tier: "sandbox" })
        const c = yield* connect(h.baseUrl, key)
        const refusal = yield* refused(c, "get_player_projections", { player_name: "Josh Allen", sport: "nfl" })
        expect(refusal.code).toBe(-32003)
        expect(refusal.data).toMatchObject({
          error_code: "TIER_INSUFFICIENT",
          current_tier: "sandbox",
          required_tier: "growth"
        })
        const dossier = yield* refused(c, "get_player_dossier", { player_name: "Josh Allen", sport: "nfl" })
        expect((dossier.data as any).required_tier).toBe("pro_insights")
        const games = resultBody(yield* call(c, "get_games", { sport: "nba" }), true)
        expect(games.meta.tier).toBe("sandbox")
        const usage = yield* h.request("GET", "/daas/usage", { key })
        // the one admitted tool call, then this usage call; the refusals, initialize and list are not counted
        expect(usage.body.requests_today).toBe(2)
      }))

    it.scoped("each tools/call counts one call: usage, rate-limit headers and the endpoint breakdown", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const key = yield* h.issueKey({ tier: "growth" })
        const c = yield* connect(h.baseUrl, key)
        yield* call(c, "get_standings", { sport: "nba" })
        yield* call(c, "get_standings", { sport: "nba" })
        yield* call(c, "get_injury_signals", { limit: 500 }) // a bad argument still counts (decisions.md)
        const raw = yield* post(
          JSON.stringify({
            jsonrpc: "2.0",
            id: 9,
            method: "tools/call",
            params: { name: "get_games", arguments: { sport: "mlb" } }
          }),
          key
        )
        expect(raw.status).toBe(200)
        expect(raw.headers.get("x-service-tier")).toBe("growth")
        const plan = Plans.planOf(h.plans, "growth")
        expect(raw.headers.get("x-ratelimit-remaining")).toBe(String(plan.per_day! - 4))
        yield* Effect.sleep("1500 millis") // usage analytics are flushed every second
        const usage = yield* h.request("GET", "/daas/usage", { key })
        expect(usage.body.requests_today).toBe(5)
        const rows = usage.body.endpoint_breakdown as ReadonlyArray<any>
        expect(rows).toContainEqual(expect.objectContaining({ endpoint: "/mcp tools/call get_standings", calls: 2 }))
        expect(rows).toContainEqual(expect.objectContaining({ endpoint: "/mcp tools/call get_games", calls: 1 }))
      }))

    it.effect("JSON-RPC errors: malformed JSON -32700, invalid requests -32600, unknown method -32601, unsupported revision header 400", () =>
      Effect.gen(function*() {
        const malformed = yield* post("{\"jsonrpc\": \"2.0\", ")
        expect(malformed.status).toBe(400)
        expect(malformed.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } })
        const wrongVersion = yield* post(JSON.stringify({ jsonrpc: "1.0", id: 3, method: "ping" }))
        expect(wrongVersion.body).toMatchObject({ id: 3, error: { code: -32600 } })
        expect((yield* post("42")).body.error.code).toBe(-32600)
        expect((yield* post("[]")).body.error.code).toBe(-32600)
        const method = yield* post(JSON.stringify({ jsonrpc: "2.0", id: "a", method: "resources/list" }))
        expect(method.status).toBe(200)
        expect(method.body).toMatchObject({ id: "a", error: { code: -32601 } })
        const params = yield* post(JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/list", params: [1] }))
        expect(params.body).toMatchObject({ id: 4, error: { code: -32600 } })
        const nullId = yield* post(JSON.stringify({ jsonrpc: "2.0", id: null, method: "ping" }))
        expect(nullId.body).toMatchObject({ id: null, error: { code: -32600 } })
        const noName = yield* post(JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params: {} }))
        expect(noName.body).toMatchObject({ id: 5, error: { code: -32602, data: { available: TOOLS } } })
        // arguments that are not an object, or a sport the tool does not know: the tool's error result
        const callGames = (args: unknown) =>
          post(
            JSON.stringify({
              jsonrpc: "2.0",
              id: 6,
              method: "tools/call",
              params: { name: "get_games", arguments: args }
            })
          )
        const notObject = yield* callGames("nfl")
        expect(notObject.body.result.isError).toBe(true)
        expect(JSON.parse(notObject.body.result.content[0].text)).toMatchObject({ parameter: "arguments" })
        const sport = yield* callGames({ sport: "xfl" })
        expect(sport.body.result.isError).toBe(true)
        expect(JSON.parse(sport.body.result.content[0].text)).toMatchObject({
          error_code: "INVALID_PARAMETER",
          parameter: "sport"
        })
        expect(JSON.parse(sport.body.result.content[0].text).reason).toContain("nfl, mlb, nba, nhl, cfb, soccer")
        const header = yield* post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }), undefined, {
          "mcp-protocol-version": "1999-01-01"
        })
        expect(header.status).toBe(400)
        expect(header.body.error.code).toBe(-32600)
      }))

    it.effect("notifications get 202 with no body; a batch gets one response per request, in order", () =>
      Effect.gen(function*() {
        const note = yield* post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }))
        expect(note.status).toBe(202)
        expect(note.text).toBe("")
        const batch = yield* post(JSON.stringify([
          { jsonrpc: "2.0", method: "notifications/initialized" },
          { jsonrpc: "2.0", id: 1, method: "ping" },
          {
            jsonrpc: "2.0",
            id: 2,
            method: "tools/call",
            params: { name: "get_player_identity", arguments: { name: "Shohei Ohtani" } }
          },
          { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "nope" } }
        ]))
        expect(batch.status).toBe(200)
        expect(batch.body.map((r: any) => r.id)).toEqual([1, 2, 3])
        expect(batch.body[0].result).toEqual({})
        // no MCP-Protocol-Version header: 2025-03-26 assumed, so text content only
        expect(batch.body[1].result.structuredContent).toBeUndefined()
        expect(JSON.parse(batch.body[1].result.content[0].text).data[0].full_name).toBe("Shohei Ohtani")
        expect(batch.body[2].error).toMatchObject({ code: -32602, data: { available: TOOLS } })
      }))
  })

  layer(Layer.empty, { excludeTestServices: true, timeout: 60_000 })((it) => {
    it.scoped("over the per-minute limit a tools/call is refused with RATE_LIMIT_EXCEEDED, limit_per_minute and retry_after_seconds", () =>
      Effect.gen(function*() {
        const plans = Plans.defaultPlans.map((p) => p.tier === "build" ? { ...p, per_minute: 2 } : p)
        const h = yield* start({ plans })
        const key = yield* h.issueKey({ tier: "build" })
        const c = yield* connect(h.baseUrl, key)
        yield* call(c, "get_games", { sport: "nfl" })
        yield* call(c, "get_games", { sport: "nfl" })
        const limited = yield* refused(c, "get_games", { sport: "nfl" })
        expect(limited.code).toBe(-32029)
        expect(limited.data).toMatchObject({ error_code: "RATE_LIMIT_EXCEEDED", limit_per_minute: 2 })
        const retry = (limited.data as any).retry_after_seconds
        expect(retry).toBeGreaterThan(0)
        // one-second resolution of the minute window (domain UsageCounter.ts): at most 61 s
        expect(retry).toBeLessThanOrEqual(61)
      }))

    it.scoped("with the monthly quota used up a tools/call is refused with MONTHLY_QUOTA_EXCEEDED, quota, used, upgrade_url", () =>
      Effect.gen(function*() {
        const plans = Plans.defaultPlans.map((p) => p.tier === "build" ? { ...p, per_month: 1 } : p)
        const h = yield* start({ plans })
        const key = yield* h.issueKey({ tier: "build" })
        const c = yield* connect(h.baseUrl, key)
        const first = resultBody(yield* call(c, "get_team_roster", { team: "KC", sport: "nfl" }), true)
        expect(first.data.map((p: any) => p.full_name)).toEqual(["Patrick Mahomes", "Travis Kelce"])
        const over = yield* refused(c, "get_team_roster", { team: "KC", sport: "nfl" })
        expect(over.code).toBe(-32029)
        expect(over.data).toMatchObject({ error_code: "MONTHLY_QUOTA_EXCEEDED", quota: 1, used: 1 })
        expect(typeof (over.data as any).upgrade_url).toBe("string")
      }))
  })
})

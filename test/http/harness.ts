/**
 * Test harness for the HTTP runtime: starts the real node server on a free port over a store
 * (by default the in-memory store of `@sports-data/store-memory`), seeds a few canonical rows of
 * nfl, nba and mlb, issues one active key per tier into the KeyStore, and hands back the base
 * URL, the keys, a raw `request` helper (headers and status as sent) and a typed client.
 *
 * ```ts
 * it.layer(Harness.layer())("players", (it) => {
 *   it.effect("lists KC", () => Effect.gen(function*() {
 *     const h = yield* Harness
 *     const res = yield* h.request("GET", "/v1/nfl/players?team=KC", { key: h.keys.sandbox })
 *     expect(res.status).toBe(200)
 *   }))
 * })
 * ```
 *
 * Everything is scoped: the server stops and the store is released when the scope closes.
 * @module
 */
import { HttpServer } from "@effect/platform"
import type { HttpApi } from "@effect/platform"
import { NodeRuntime } from "@effect/platform-node"
import * as Client from "@sports-data/client"
import {
  type AllStores,
  ApiKey,
  type Game,
  KeyStore,
  Mailer,
  type MailMessage,
  Plans,
  type Player,
  PlayerReader,
  Sports,
  SportsWriter,
  type StatLine,
  type Team
} from "@sports-data/domain"
import { ApiLiveWith, makeHttpServer } from "@sports-data/http"
import { layer as memoryStore, make as makeMemoryStores } from "@sports-data/store-memory"
import { mailLayer } from "@sports-data/wiring"
import { Context, Effect, Layer, Queue, Redacted, type Scope } from "effect"

/** The stores the server runs on. */
export type Stores = AllStores

/** A response as the client saw it. `body` is the parsed JSON, or the text when not JSON. */
export interface TestResponse {
  readonly status: number
  readonly headers: Headers
  readonly body: any
  readonly text: string
}

/** Options of a raw request. `key` is sent as X-Service-Key; `headers` are added as given. */
export interface RequestInit {
  readonly key?: string | undefined
  readonly headers?: Record<string, string> | undefined
  readonly body?: string | undefined
}

/** Options of a key issued by {@link HttpHarness.issueKey}. */
export interface IssueOptions {
  readonly tier: Plans.Tier
  /** Issue time (default now). A sandbox key issued 15 days ago has an ended trial. */
  readonly issuedAt?: Date | undefined
  readonly state?: "active" | "pending_activation" | undefined
  /** Revoke it right after issuing. */
  readonly revoked?: boolean | undefined
  /** The owner's e-mail address (default none). */
  readonly email?: string | undefined
}

/** What a test gets. */
export interface HttpHarness {
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string
  readonly port: number
  /** One active key per tier (current and legacy), issued at start. */
  readonly keys: Readonly<Record<Plans.Tier, string>>
  /** The plan catalog in force. */
  readonly plans: Plans.PlanCatalog
  /** Issues another key into the KeyStore and returns it. */
  readonly issueKey: (options: IssueOptions) => Effect.Effect<string>
  /** Sends a raw request (for status and headers exactly as sent). */
  readonly request: (method: string, path: string, init?: RequestInit) => Effect.Effect<TestResponse>
  /** A typed client of `Api` that sends `key` (the sandbox key by default). */
  readonly client: (key?: string) => Effect.Effect<ApiClient>
  /** The stores, for seeding more rows or inspecting counters. */
  readonly stores: Context.Context<Stores>
  /** The e-mail the server sent (with the default `apiLive`): kept here, never delivered. */
  readonly mail: Queue.Queue<MailMessage>
}

/** Options of {@link start}. */
export interface HarnessOptions {
  /** Stores to run on (default: a fresh in-memory store). */
  readonly stores?: Layer.Layer<Stores, unknown> | undefined
  /** Plan catalog (default: the SPORTS_DATA_PLANS setting, else the default plans). */
  readonly plans?: Plans.PlanCatalog | undefined
  /** The served API layer (default: `ApiLive` of `@sports-data/http` with `plans`). */
  readonly apiLive?: Layer.Layer<HttpApi.Api, unknown, Stores> | undefined
  /** Seed the canonical rows below (default true). */
  readonly seed?: boolean | undefined
}

// ---------------------------------------------------------------------------------------------
// Seed rows: a few real players of each core sport, their teams, one game and a stat line each.
// ---------------------------------------------------------------------------------------------

/**
 * Seed-row builders, also for tests that seed more rows. A player is active with no platform
 * ids; a team has no conference, division or external id; a game is a final regular-season
 * game; a stat line takes the player's team and position and is scored by the domain's scoring
 * (with the line's position). `extra` overrides any field.
 */
export const player = (
  sport: Player["sport"],
  local: string,
  full_name: string,
  position: string,
  team: string,
  extra: Partial<Player> = {}
): Player => {
  const [first, ...rest] = full_name.split(" ")
  return {
    id: `svc_${sport}_${local}`,
    sport,
    full_name,
    first_name: first ?? null,
    last_name: rest.length === 0 ? null : rest.join(" "),
    position,
    team,
    status: "active",
    birth_date: null,
    platform_ids: {},
    attributes: {},
    ...extra
  }
}

/** See {@link player}. */
export const team = (sport: Team["sport"], abbr: string, name: string, extra: Partial<Team> = {}): Team => ({
  sport,
  abbr,
  name,
  conference: null,
  division: null,
  external_id: null,
  attributes: {},
  ...extra
})

/** See {@link player}. */
export const game = (
  sport: Game["sport"],
  id: string,
  season: number,
  week: number | null,
  game_date: string,
  away_team: string,
  home_team: string,
  away_score: number | null,
  home_score: number | null,
  extra: Partial<Game> = {}
): Game => ({
  id,
  sport,
  league: sport,
  season,
  week,
  season_type: "REG",
  game_date,
  start_time: null,
  state: "final",
  home_team,
  away_team,
  home_score,
  away_score,
  venue: null,
  attributes: {},
  ...extra
})

/** See {@link player}. */
export const statLine = (
  p: Player,
  g: Game,
  stats: Record<string, number>,
  extra: Partial<StatLine> = {}
): StatLine => {
  const position = extra.position === undefined ? p.position : extra.position
  const scored = Sports.score(p.sport, stats, position)
  return {
    id: `${g.id}_${p.id}`,
    sport: p.sport,
    player_id: p.id,
    game_id: g.id,
    season: g.season,
    week: g.week,
    game_date: g.game_date,
    team: p.team,
    opponent: p.team === g.home_team ? g.away_team : g.home_team,
    position,
    is_starter: true,
    stats,
    fantasy_points: scored.fantasy_points,
    fantasy_points_formats: scored.formats,
    ...extra
  }
}

/** The seeded players (nfl: KC and BUF; nba: LAL and BOS; mlb: NYY and LAD). */
export const seedPlayers = {
  mahomes: player("nfl", "00-0033873", "Patrick Mahomes", "QB", "KC"),
  kelce: player("nfl", "00-0030506", "Travis Kelce", "TE", "KC"),
  allen: player("nfl", "00-0034857", "Josh Allen", "QB", "BUF"),
  lebron: player("nba", "2544", "LeBron James", "SF", "LAL"),
  tatum: player("nba", "1628369", "Jayson Tatum", "PF", "BOS"),
  judge: player("mlb", "592450", "Aaron Judge", "RF", "NYY"),
  ohtani: player("mlb", "660271", "Shohei Ohtani", "DH", "LAD")
} as const

/** The seeded teams. */
export const seedTeams: ReadonlyArray<Team> = [
  team("nfl", "KC", "Kansas City Chiefs"),
  team("nfl", "BUF", "Buffalo Bills"),
  team("nba", "LAL", "Los Angeles Lakers"),
  team("nba", "BOS", "Boston Celtics"),
  team("mlb", "NYY", "New York Yankees"),
  team("mlb", "LAD", "Los Angeles Dodgers")
]

/** The seeded games (one per sport, final). */
export const seedGames = {
  nfl: game("nfl", "2024_11_BUF_KC", 2024, 11, "2024-11-17", "KC", "BUF", 21, 30),
  nba: game("nba", "0022400061", 2024, null, "2024-10-22", "BOS", "LAL", 132, 109),
  mlb: game("mlb", "775296", 2024, null, "2024-10-30", "LAD", "NYY", 7, 6)
} as const

/** The seeded stat lines (one per player, in the game of its sport). */
export const seedStatLines: ReadonlyArray<StatLine> = [
  statLine(seedPlayers.mahomes, seedGames.nfl, {
    passing_attempts: 38,
    passing_completions: 24,
    passing_yards: 196,
    passing_tds: 2,
    interceptions: 2,
    rushing_yards: 33
  }),
  statLine(seedPlayers.kelce, seedGames.nfl, { targets: 7, receptions: 6, receiving_yards: 48 }),
  statLine(seedPlayers.allen, seedGames.nfl, {
    passing_attempts: 27,
    passing_completions: 18,
    passing_yards: 262,
    passing_tds: 1,
    rushing_yards: 55,
    rushing_tds: 1
  }),
  statLine(seedPlayers.lebron, seedGames.nba, { points: 16, rebounds: 5, assists: 5, steals: 1, turnovers: 4 }),
  statLine(seedPlayers.tatum, seedGames.nba, { points: 37, rebounds: 10, assists: 4, blocks: 1, turnovers: 2 }),
  statLine(seedPlayers.judge, seedGames.mlb, { batting_ab: 4, batting_h: 1, batting_1b: 1, batting_r: 1 }),
  statLine(seedPlayers.ohtani, seedGames.mlb, { batting_ab: 4, batting_h: 0, batting_bb: 1 })
]

/** Writes the seed rows through the SportsWriter. */
export const seed = Effect.gen(function*() {
  const writer = yield* SportsWriter
  yield* writer.upsertTeams(seedTeams)
  yield* writer.upsertPlayers(Object.values(seedPlayers))
  yield* writer.upsertGames(Object.values(seedGames))
  yield* writer.upsertStatLines(seedStatLines)
})

// ---------------------------------------------------------------------------------------------
// The harness
// ---------------------------------------------------------------------------------------------

/** Issues a key into the KeyStore (see {@link IssueOptions}) and returns the key. */
export const issueKeyInto = (plans: Plans.PlanCatalog, options: IssueOptions) =>
  Effect.gen(function*() {
    const keys = yield* KeyStore
    const issuedAt = options.issuedAt ?? new Date()
    const issued = yield* ApiKey.issueKey({
      catalog: plans,
      tier: options.tier,
      now: issuedAt,
      state: options.state,
      email: options.email ?? null
    })
    yield* keys.create(issued.record)
    if (options.revoked === true) yield* keys.revoke(issued.record.key_prefix, issuedAt)
    return Redacted.value(issued.key)
  })

/** A typed client of `Api` at `baseUrl` sending `key` as X-Service-Key (fetch-based): `@sports-data/client`'s. */
export const makeClient = (baseUrl: string, key: string) => Client.makeClient({ baseUrl, apiKey: key })

/** The typed client of `Api`. */
export type ApiClient = Client.Client

/** Sends a raw HTTP request with fetch. */
export const rawRequest = (baseUrl: string, method: string, path: string, init?: RequestInit) =>
  Effect.promise(async (): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...init?.headers }
    if (init?.key !== undefined) headers["x-service-key"] = init.key
    const res = await fetch(baseUrl + path, {
      method,
      headers,
      ...(init?.body === undefined ? {} : { body: init.body })
    })
    const text = await res.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body, text }
  })

/**
 * Starts the server on a free port (see the module description). Fails the test (dies) when the
 * server or the store cannot start.
 */
export const start = (options?: HarnessOptions): Effect.Effect<HttpHarness, never, Scope.Scope> =>
  Effect.gen(function*() {
    const plans = options?.plans ?? Plans.defaultPlans
    const stores = options?.stores ?? memoryStore
    const mail = yield* Queue.unbounded<MailMessage>()
    const mailer = Layer.succeed(Mailer, { send: (m) => Queue.offer(mail, m).pipe(Effect.asVoid) })
    const mailOption = { mail: mailLayer({ mailer, publicUrl: "http://localhost:8080" }) }
    // without `plans`, the server reads SPORTS_DATA_PLANS like in production (defaults when unset)
    const apiLive = options?.apiLive ??
      ApiLiveWith(options?.plans === undefined ? mailOption : { plans, ...mailOption })
    const context = yield* Layer.build(
      makeHttpServer(apiLive, { port: 0, host: "127.0.0.1" }).pipe(Layer.provideMerge(stores))
    ).pipe(Effect.orDie)
    const server = Context.get(context, HttpServer.HttpServer)
    const port = server.address._tag === "TcpAddress" ? server.address.port : 0
    const baseUrl = `http://127.0.0.1:${port}`
    const storeContext = context as Context.Context<Stores>

    const issueKey = (o: IssueOptions) => issueKeyInto(plans, o).pipe(Effect.provide(storeContext), Effect.orDie)
    if (options?.seed !== false) yield* seed.pipe(Effect.provide(storeContext), Effect.orDie)
    const keys = {} as Record<Plans.Tier, string>
    for (const tier of Plans.Tier.literals) keys[tier] = yield* issueKey({ tier })

    const client = (key?: string) => makeClient(baseUrl, key ?? keys.sandbox)

    return {
      baseUrl,
      port,
      keys,
      plans,
      issueKey,
      request: (method, path, init) => rawRequest(baseUrl, method, path, init),
      client,
      stores: storeContext,
      mail
    } satisfies HttpHarness
  })

/** The harness as a service, for `it.layer(Harness.layer(options))`. */
export class Harness extends Context.Tag("test/http/Harness")<Harness, HttpHarness>() {
  static layer(options?: HarnessOptions): Layer.Layer<Harness> {
    return Layer.scoped(Harness, start(options))
  }
}

/**
 * A server process for the shutdown test: memory store whose PlayerReader reads take `delayMs`
 * (printing `slow:start` when one begins), one growth key. Prints `{"port":..,"key":".."}` once
 * listening and serves until SIGTERM (NodeRuntime.runMain interrupts it; exit code 0).
 */
export const slowServerMain = (delayMs: number): void => {
  const slowStores = Layer.effectContext(Effect.map(makeMemoryStores, (ctx) => {
    const players = Context.get(ctx, PlayerReader)
    const slow = <A, E>(effect: Effect.Effect<A, E>) =>
      Effect.sync(() => console.log("slow:start")).pipe(Effect.zipRight(Effect.sleep(delayMs)), Effect.zipRight(effect))
    return Context.add(ctx, PlayerReader, {
      find: (q) => slow(players.find(q)),
      get: (id) => slow(players.get(id)),
      getMany: (ids) => slow(players.getMany(ids)),
      platformNames: slow(players.platformNames),
      teamRosters: (sport) => slow(players.teamRosters(sport))
    })
  }))
  const program = Effect.gen(function*() {
    const h = yield* start({ stores: slowStores })
    console.log(JSON.stringify({ port: h.port, key: h.keys.growth }))
    return yield* Effect.never
  }).pipe(Effect.scoped)
  NodeRuntime.runMain(program)
}

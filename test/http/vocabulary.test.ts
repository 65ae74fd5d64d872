/**
 * One vocabulary across the API (issue 24, docs/vocabulary.md): every GET operation of the
 * OpenAPI document is called over the real-data fixtures of every sport, and
 * - every `player_id`, `team_id` and `game_id` in any answer resolves at that sport's detail
 *   endpoint (a player at `/v1/<sport>/players/{id}`, a team at `/v1/<sport>/teams/{team}/roster`,
 *   a game at `/v1/<sport>/odds/history/{gameId}`: 200, not 404);
 * - every answer whose `data` is an empty list says why in `meta.coverage.reason`.
 */
import { OpenApi } from "@effect/platform"
import { describe, expect, layer } from "@effect/vitest"
import { Api } from "@sports-data/api"
import { Effect } from "effect"
import { fixturesLayer, get } from "./fixtures.js"

const spec = OpenApi.fromApi(Api) as any

/** The sports whose fixtures are ingested, and those with the team-sport player and team endpoints. */
const sports = ["nfl", "nba", "mlb", "nhl", "cfb", "soccer", "tennis", "golf", "ufc", "f1", "nascar"] as const
const teamSports = new Set(["nfl", "nba", "mlb", "nhl", "cfb", "soccer"])

/** Operations not walked: account and key management, server-sent events, MCP (no sport data rows). */
const skipped = (path: string) =>
  path.startsWith("/daas") || path.startsWith("/mcp") || path === "/v1/events/stream" || path === "/v1/audit/events" ||
  path === "/api/public/stats"

/** Sample values per sport: a player id and name, a team key, a game id, found from the list endpoints. */
interface Samples {
  player?: string | undefined
  playerName?: string | undefined
  player2Name?: string | undefined
  team?: string | undefined
  game?: string | undefined
  name?: string | undefined
  slate?: string | undefined
}

const firstOf = (body: any): any => (Array.isArray(body?.data) ? body.data[0] : undefined)

/**
 * Samples of `sport`: a player with stat lines (from the games history when the sport has one, else
 * the first listed player with a team), his team, and a game.
 */
const samplesOf = (sport: string) =>
  Effect.gen(function*() {
    const s: Samples = {}
    s.slate = firstOf((yield* get(`/v1/${sport}/dfs/slates`)).body)?.id
    if (sport === "tennis") {
      const ranked = (yield* get("/v1/tennis/rankings?limit=2")).body?.data ?? []
      s.playerName = ranked[0]?.player_name
      s.player2Name = ranked[1]?.player_name
      s.name = s.playerName
    }
    if (sport === "ufc") s.name = firstOf((yield* get("/v1/ufc/fighters")).body)?.name
    if (sport === "golf") s.player = firstOf((yield* get("/v1/golf/leaderboard")).body)?.player_id
    if (!teamSports.has(sport)) return s
    const players = (yield* get(`/v1/${sport}/players?limit=200`)).body?.data ?? []
    const withTeam = players.filter((p: any) => p.team_id !== null)
    const history = firstOf((yield* get(`/v1/${sport}/games/history?limit=1`)).body)
    const p = history === undefined ? withTeam[0] : history.all_games?.[0] ?? history
    s.player = p?.player_id
    s.playerName = p?.player_name
    s.player2Name = withTeam.find((q: any) => q.player_id !== s.player)?.player_name
    s.team = p?.team_id ?? withTeam[0]?.team_id ?? firstOf((yield* get(`/v1/${sport}/teams`)).body)?.team_id
    s.game = firstOf((yield* get(`/v1/${sport}/games`)).body)?.game_id
    return s
  })

/** Fills the path parameters of `path` for `sport`; undefined when a sample is missing. */
const fill = (path: string, sport: string, s: Samples): string | undefined => {
  let missing = false
  const out = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = name === "sport" ? sport : name === "team" ? s.team : name === "gameId" ?
      s.game :
      name === "name"
      ? s.name
      : name === "slateId"
      ? s.slate
      : s.player
    if (v === undefined) missing = true
    return encodeURIComponent(v ?? "")
  })
  return missing ? undefined : out
}

/** Required query parameters; undefined when a sample is missing. */
const query = (op: any, sport: string, s: Samples): string | undefined => {
  const parts: Array<string> = []
  for (const p of op.parameters ?? []) {
    if (p.in !== "query" || (p.required !== true && p.name !== "sport")) continue
    const v = p.name === "sport" ?
      sport :
      p.name === "q" ?
      s.playerName?.slice(0, 4) :
      p.name === "player" || p.name === "player1" ?
      s.playerName :
      p.name === "player2"
      ? s.player2Name
      : undefined
    if (v === undefined) return undefined
    parts.push(`${p.name}=${encodeURIComponent(v)}`)
  }
  return parts.length === 0 ? "" : `?${parts.join("&")}`
}

/**
 * The vocabulary rule for one row: a row naming a player (`playcaller_id`, `player_name`,
 * `full_name` of a player row, `driver_id`) has `player_id` and `player_name`; a row naming a team
 * of a team sport (`team`, `team_name`, `abbreviation`) has `team_id` and `team_abbr`; a game row (`event_id`,
 * `game_pk`, `match_id`) has `game_id`. The missing field names, or [].
 */
const missingOf = (row: Record<string, unknown>, sport: string): Array<string> => {
  const has = (k: string) => Object.hasOwn(row, k)
  const out: Array<string> = []
  const namesPlayer = has("playcaller_id") || has("player_name") || has("driver_id") ||
    (has("full_name") && (has("position") || has("status")))
  if (namesPlayer && !(has("player_id") && has("player_name"))) out.push("player_id/player_name")
  const namesTeam = teamSports.has(sport) && (typeof row.team === "string") || has("team_name") || has("abbreviation")
  if (namesTeam && !(has("team_id") && has("team_abbr"))) out.push("team_id/team_abbr")
  if ((has("event_id") || has("game_pk")) && !has("game_id") && !has("session")) out.push("game_id")
  return out
}

type Ref = { kind: "player_id" | "team_id" | "game_id" | "missing"; sport: string; id: string; from: string }

/** Every id field of `value` (walked deeply), with the sport of its row (the row's own, else `sport`). */
const refsOf = (value: unknown, sport: string, from: string, out: Array<Ref>) => {
  if (Array.isArray(value)) {
    for (const v of value) refsOf(v, sport, from, out)
    return
  }
  if (value === null || typeof value !== "object") return
  const row = value as Record<string, unknown>
  const missing = missingOf(row, sport)
  if (missing.length > 0) {
    out.push({ kind: "missing", sport, id: `${missing.join(",")} in ${Object.keys(row).join(",")}`, from })
  }
  const own = typeof row.sport === "string" ? row.sport : typeof row.sport_key === "string" ? row.sport_key : sport
  for (const kind of ["player_id", "team_id", "game_id"] as const) {
    const id = row[kind]
    if (typeof id === "string" && id !== "") out.push({ kind, sport: own, id, from })
  }
  for (const v of Object.values(row)) refsOf(v, own, from, out)
}

const detailPath = (r: Ref): string | undefined =>
  !teamSports.has(r.sport) || r.kind === "missing" ? undefined : r.kind === "player_id" ?
    `/v1/${r.sport}/players/${encodeURIComponent(r.id)}` :
    r.kind === "team_id" ?
    `/v1/${r.sport}/teams/${encodeURIComponent(r.id)}/roster` :
    `/v1/${r.sport}/odds/history/${encodeURIComponent(r.id)}`

const operations = Object.entries(spec.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  item.get === undefined || skipped(path) ? [] : [{ path, op: item.get }]
)

describe("one vocabulary over every operation", () => {
  layer(fixturesLayer(sports), { excludeTestServices: true, timeout: 300_000 })((it) => {
    it.effect("ids resolve at their sport's detail endpoint; every empty data says why", () =>
      Effect.gen(function*() {
        const samples: Record<string, Samples> = {}
        for (const sport of sports) samples[sport] = yield* samplesOf(sport)
        const refs: Array<Ref> = []
        const problems: Array<string> = []
        let called = 0
        for (const { op, path } of operations) {
          const own = /^\/v1\/(nfl|nba|mlb|nhl|cfb|soccer|tennis|golf|ufc|f1|nascar)\//.exec(path)?.[1]
          const perSport = path.includes("{sport}") ||
            (op.parameters ?? []).some((p: any) => p.name === "sport" && p.in === "query")
          const targets = own !== undefined ? [own] : perSport ? sports : ["nfl"]
          for (const sport of targets) {
            const filled = fill(path, sport, samples[sport]!)
            const q = query(op, sport, samples[sport]!)
            if (filled === undefined || q === undefined) continue
            const url = filled + q
            const res = yield* get(url)
            called++
            // an endpoint serving some sports answers 400 on parameter `sport` for the others
            if (res.status === 400 && res.body?.parameter === "sport" && perSport) continue
            if (res.status !== 200) {
              problems.push(`${url}: ${res.status} ${res.body?.error_code ?? ""} ${res.body?.message ?? ""}`)
              continue
            }
            refsOf(res.body?.data, sport, url, refs)
            if (Array.isArray(res.body?.data) && res.body.data.length === 0) {
              const reason = res.body?.meta?.coverage?.reason
              if (typeof reason !== "string" || reason === "") {
                problems.push(`${url}: empty data without meta.coverage.reason`)
              }
            }
          }
        }
        const checked = new Map<string, number>()
        for (const r of refs) {
          if (r.kind === "missing") {
            problems.push(`${r.from}: a row lacks ${r.id}`)
            continue
          }
          const path = detailPath(r)
          if (path === undefined) continue
          if (!checked.has(path)) checked.set(path, (yield* get(path)).status)
          const status = checked.get(path)!
          if (status !== 200) problems.push(`${r.kind} ${r.id} (${r.sport}) from ${r.from}: ${path} answers ${status}`)
        }
        expect([...new Set(problems)]).toEqual([])
        expect(called).toBeGreaterThan(150)
        expect(new Set(refs.map((r) => r.kind))).toEqual(new Set(["player_id", "team_id", "game_id"]))
      }))
  })
})

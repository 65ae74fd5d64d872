/**
 * The data endpoints end to end: the real node server (test/http/harness.ts) over the in-memory
 * store seeded with the harness rows plus the hand-made rows below, called with the client derived
 * from the contract (`HttpApiClient.make(Api)`) and, for what that client refuses to send
 * (out-of-range values), with raw requests. Every endpoint, every filter, paging edges, 400 on
 * bad parameters, 404 on unknown ids, the envelope and its meta, and each endpoint's tier as
 * endpoints.json resolves it.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { Api, ApiErrors, Security } from "@sports-data/api"
import {
  CatalogReader,
  type Game,
  type Player,
  SportKey,
  SportsWriter,
  type StatLine,
  type Team,
  type TeamSport
} from "@sports-data/domain"
import { Effect, Layer } from "effect"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { expectError, get } from "./fixtures.js"
import {
  game,
  Harness,
  player as harnessPlayer,
  seedGames,
  seedPlayers,
  seedStatLines,
  statLine,
  team as harnessTeam
} from "./harness.js"

// ---------------------------------------------------------------------------------------------
// Seed rows (added to the harness's own)
// ---------------------------------------------------------------------------------------------

const team = (
  sport: TeamSport,
  abbr: string,
  name: string,
  conference: string,
  division: string,
  external_id: string | null = null
): Team => harnessTeam(sport, abbr, name, { conference, division, external_id })

const player = (
  sport: TeamSport,
  local: string,
  full_name: string,
  position: string,
  team: string,
  status: Player["status"] = "active"
): Player =>
  harnessPlayer(sport, local, full_name, position, team, {
    status,
    platform_ids: { [sport === "nfl" ? "sleeper" : sport]: local }
  })

const line = (p: Player, g: Game, stats: Record<string, number>, position = p.position): StatLine =>
  statLine(p, g, stats, { position, is_starter: null })

const teams: ReadonlyArray<Team> = [
  team("nfl", "KC", "Kansas City Chiefs", "AFC", "AFC West"),
  team("nfl", "LV", "Las Vegas Raiders", "AFC", "AFC West"),
  team("nfl", "BUF", "Buffalo Bills", "AFC", "AFC East"),
  team("nfl", "MIA", "Miami Dolphins", "AFC", "AFC East"),
  team("nfl", "PHI", "Philadelphia Eagles", "NFC", "NFC East"),
  team("nfl", "DAL", "Dallas Cowboys", "NFC", "NFC East"),
  team("mlb", "NYY", "New York Yankees", "AL", "AL East", "147"),
  team("mlb", "BOS", "Boston Red Sox", "AL", "AL East", "111"),
  team("mlb", "LAD", "Los Angeles Dodgers", "NL", "NL West", "119"),
  team("nba", "LAL", "Los Angeles Lakers", "West", "Pacific", "1610612747"),
  team("nba", "GSW", "Golden State Warriors", "West", "Pacific", "1610612744"),
  team("nba", "BOS", "Boston Celtics", "East", "Atlantic", "1610612738"),
  team("nba", "NYK", "New York Knicks", "East", "Atlantic", "1610612752")
]

const extra = {
  adams: player("nfl", "00-0031381", "Davante Adams", "WR", "LV"),
  hill: player("nfl", "00-0033040", "Tyreek Hill", "WR", "MIA"),
  hurts: player("nfl", "00-0036389", "Jalen Hurts", "QB", "PHI"),
  lamb: player("nfl", "00-0036358", "CeeDee Lamb", "WR", "DAL"),
  billsDef: player("nfl", "BUF", "Buffalo Bills", "DEF", "BUF"),
  cole: player("mlb", "543037", "Gerrit Cole", "P", "NYY"),
  holmes: player("mlb", "605280", "Clay Holmes", "RP", "NYY", "injured"),
  devers: player("mlb", "646240", "Rafael Devers", "3B", "BOS"),
  curry: player("nba", "201939", "Stephen Curry", "Guard", "GSW"),
  brunson: player("nba", "1628973", "Jalen Brunson", "G", "NYK"),
  towns: player("nba", "1626157", "Karl-Anthony Towns", "Center-Forward", "NYK")
} as const

const games = {
  lvKc: game("nfl", "2023_02_KC_LV", 2023, 2, "2023-09-17", "KC", "LV", 10, 24),
  kcBuf: game("nfl", "2023_03_BUF_KC", 2023, 3, "2023-09-24", "BUF", "KC", 17, 27),
  miaLv: game("nfl", "2023_04_LV_MIA", 2023, 4, "2023-10-01", "LV", "MIA", 14, 31),
  phiDal: game("nfl", "2023_05_DAL_PHI", 2023, 5, "2023-10-08", "DAL", "PHI", 20, 28),
  tie: game("nfl", "2023_06_PHI_DAL", 2023, 6, "2023-10-15", "PHI", "DAL", 17, 17),
  nflPost: game("nfl", "2023_20_BUF_KC", 2023, 20, "2024-01-21", "BUF", "KC", 24, 27, { season_type: "POST" }),
  nflScheduled: game("nfl", "2024_18_KC_LV", 2024, 18, "2025-01-05", "KC", "LV", null, null, { state: "scheduled" }),
  mlb1: game("mlb", "745001", 2024, null, "2024-06-01", "BOS", "NYY", 3, 5),
  mlb2: game("mlb", "745002", 2024, null, "2024-06-02", "NYY", "BOS", 2, 4),
  mlbPostponed: game("mlb", "745003", 2024, null, "2024-06-03", "BOS", "NYY", null, null, { state: "postponed" }),
  nba1: game("nba", "0022400070", 2024, null, "2024-10-24", "GSW", "LAL", 100, 110),
  nba2: game("nba", "0022400080", 2024, null, "2024-10-25", "NYK", "BOS", 105, 120),
  nbaLive: game("nba", "0022400090", 2024, null, "2024-10-26", "LAL", "GSW", 50, 48, { state: "in_progress" }),
  nbaPost: game("nba", "0042400101", 2024, null, "2025-04-20", "BOS", "NYK", 99, 101, { season_type: "POST" })
} as const

const lebronOld: Game = game("nba", "0022300500", 2023, null, "2024-01-15", "LAL", "MEM", 120, 110)

/** Every stat a ppr line needs, at zero (a quarterback who caught no pass). */
const qbLine = {
  passing_yards: 0,
  passing_tds: 0,
  interceptions: 0,
  rushing_yards: 0,
  rushing_tds: 0,
  receptions: 0,
  receiving_yards: 0,
  receiving_tds: 0
}

const lines: ReadonlyArray<StatLine> = [
  line(seedPlayers.mahomes, games.lvKc, {
    ...qbLine,
    passing_yards: 210,
    passing_tds: 1,
    rushing_yards: 12,
    snap_pct: 100
  }),
  line(seedPlayers.mahomes, games.kcBuf, {
    ...qbLine,
    passing_yards: 272,
    passing_tds: 3,
    interceptions: 1,
    rushing_yards: 20,
    snap_pct: 98.5
  }),
  line(extra.cole, games.mlb1, {
    pitching_outs: 20,
    pitching_k: 9,
    pitching_er: 1,
    pitching_w: 1,
    pitching_sv: 0,
    pitching_qs: 1,
    pitching_gs: 1,
    pitching_l: 0,
    pitching_bb: 1,
    pitching_h: 4
  }, "SP"),
  line(extra.holmes, games.mlb1, {
    pitching_outs: 3,
    pitching_k: 2,
    pitching_er: 0,
    pitching_w: 0,
    pitching_sv: 1,
    pitching_qs: 0,
    pitching_gs: 0,
    pitching_l: 0,
    pitching_bb: 0,
    pitching_h: 1
  }, "RP"),
  line(seedPlayers.lebron, games.nba1, {
    points: 28,
    rebounds: 8,
    assists: 10,
    steals: 1,
    blocks: 1,
    turnovers: 3,
    minutes_played: 35.5,
    usage_rate: 29.1,
    is_back_to_back: 0,
    field_goals_made: 11,
    field_goals_attempted: 20
  }),
  {
    ...line(seedPlayers.lebron, lebronOld, {
      points: 25,
      rebounds: 7,
      assists: 8,
      steals: 2,
      blocks: 0,
      turnovers: 4,
      is_back_to_back: 1
    }),
    opponent: "MEM"
  }
]

const seedMore = Effect.gen(function*() {
  const h = yield* Harness
  yield* Effect.gen(function*() {
    const writer = yield* SportsWriter
    yield* writer.upsertTeams(teams)
    yield* writer.upsertPlayers(Object.values(extra))
    yield* writer.upsertGames(Object.values(games))
    yield* writer.upsertStatLines(lines)
  }).pipe(Effect.provide(h.stores), Effect.orDie)
})

const TestLayer = Layer.effectDiscard(seedMore).pipe(Layer.provideMerge(Harness.layer()))

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const invalid = (path: string, parameter: string, key?: string) =>
  Effect.map(get(path, key), (res) => {
    const body = expectError(res, 400, "INVALID_PARAMETER")
    expect(body.parameter).toBe(parameter)
    return body
  })

/** The typed client, with the syndicate_alpha key unless another is given. */
const client = (key?: string) => Effect.flatMap(Harness, (h) => h.client(key ?? h.keys.syndicate_alpha))

const names = (rows: ReadonlyArray<{ readonly full_name: string }>) => rows.map((r) => r.full_name)

const nflPlayers = [...Object.values(seedPlayers), ...Object.values(extra)].filter((p) => p.sport === "nfl")

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe("data endpoints", () => {
  layer(TestLayer, { excludeTestServices: true })((it) => {
    describe("envelope and meta", () => {
      it.effect("a list answers {success, endpoint, count, data, meta} with the caller's tier and remaining calls", () =>
        Effect.gen(function*() {
          const h = yield* Harness
          const first = yield* get("/v1/nfl/teams", h.keys.build)
          const second = yield* get("/v1/nfl/teams?conference=AFC", h.keys.build)
          expect(first.status).toBe(200)
          expect(first.body).toMatchObject({ success: true, endpoint: "/v1/nfl/teams", count: 6 })
          expect(first.body.data).toHaveLength(6)
          const plan = h.plans.find((p) => p.tier === "build")!
          expect(first.body.meta).toMatchObject({ sport: "nfl", tier: "build" })
          expect(first.body.meta.documentation_url).toMatch(/^https:\/\//)
          expect(first.body.meta.calls_remaining_today).toBeLessThan(plan.per_day!)
          // one more call, one fewer remaining
          expect(second.body.meta.calls_remaining_today).toBe(first.body.meta.calls_remaining_today - 1)
          expect(second.body.meta.calls_remaining_this_month).toBe(first.body.meta.calls_remaining_this_month - 1)
          // a plan without ceilings reports null rather than a made-up number
          const unlimited = yield* get("/v1/nfl/teams", h.keys.syndicate_alpha)
          expect(unlimited.body.meta).toMatchObject({
            tier: "syndicate_alpha",
            calls_remaining_today: null,
            calls_remaining_this_month: null
          })
        }))

      it.effect("the endpoint field is the path that served the call", () =>
        Effect.gen(function*() {
          const res = yield* get(`/v1/nfl/players/${seedPlayers.mahomes.id}?x=1`)
          expect(res.body.endpoint).toBe(`/v1/nfl/players/${seedPlayers.mahomes.id}`)
          expect(res.body.count).toBe(1)
        }))

      it.effect("unknown query parameters are ignored", () =>
        Effect.gen(function*() {
          const res = yield* get("/v1/mlb/games?colour=blue&limit=1")
          expect(res.status).toBe(200)
          expect(res.body.count).toBe(1)
        }))
    })

    describe("nfl", () => {
      it.effect("teams: conference and division filters", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const all = yield* c.nfl.teams({ urlParams: {} })
          expect(all.data.map((t) => t.abbreviation)).toEqual(["BUF", "DAL", "KC", "LV", "MIA", "PHI"])
          const kc = all.data.find((t) => t.abbreviation === "KC")!
          expect(kc).toEqual({
            team_id: "KC",
            team_abbr: "KC",
            abbreviation: "KC",
            full_name: "Kansas City Chiefs",
            conference: "AFC",
            division: "AFC West",
            player_count: 2,
            roster_url: "/v1/nfl/teams/KC/roster"
          })
          const afc = yield* c.nfl.teams({ urlParams: { conference: "AFC" } })
          expect(afc.data.map((t) => t.abbreviation)).toEqual(["BUF", "KC", "LV", "MIA"])
          const east = yield* c.nfl.teams({ urlParams: { division: "East" } })
          expect(east.data.map((t) => t.abbreviation)).toEqual(["BUF", "DAL", "MIA", "PHI"])
          const afcEast = yield* get("/v1/nfl/teams?division=afc%20east&conference=afc")
          expect(afcEast.body.data.map((t: any) => t.abbreviation)).toEqual(["BUF", "MIA"])
          yield* invalid("/v1/nfl/teams?conference=XFL", "conference")
        }))

      it.effect("roster: the team's players, a position filter, 404 for an unknown team, 400 for a malformed one", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const roster = yield* c.nfl.roster({ path: { team: "kc" }, urlParams: {} })
          expect(names(roster.data)).toEqual(["Patrick Mahomes", "Travis Kelce"])
          const te = yield* c.nfl.roster({ path: { team: "KC" }, urlParams: { position: "te" } })
          expect(names(te.data)).toEqual(["Travis Kelce"])
          const missing = yield* c.nfl.roster({ path: { team: "ZZZ" }, urlParams: {} }).pipe(Effect.flip)
          expect(missing).toBeInstanceOf(ApiErrors.ResourceNotFoundError)
          expect(missing).toMatchObject({ error_code: "RESOURCE_NOT_FOUND", resource: "team", id: "ZZZ" })
          yield* invalid("/v1/nfl/teams/KANSAS/roster", "team")
        }))

      it.effect("players: total/count/offset/limit, search, position, team", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const all = yield* c.nfl.players({ urlParams: {} })
          expect(all).toMatchObject({ total: nflPlayers.length, count: nflPlayers.length, offset: 0, limit: 50 })
          expect(names(all.data)).toEqual(names(nflPlayers).sort())
          const qbs = yield* c.nfl.players({ urlParams: { position: "QB" } })
          expect(names(qbs.data)).toEqual(["Jalen Hurts", "Josh Allen", "Patrick Mahomes"])
          const def = yield* get("/v1/nfl/players?position=def")
          expect(def.body.data.map((p: any) => p.playcaller_id)).toEqual(["svc_nfl_BUF"])
          const kc = yield* c.nfl.players({ urlParams: { team: "kc" } })
          expect(names(kc.data)).toEqual(["Patrick Mahomes", "Travis Kelce"])
          const search = yield* c.nfl.players({ urlParams: { search: "MAH" } })
          expect(search.data.map((p) => p.playcaller_id)).toEqual([seedPlayers.mahomes.id])
          expect(search.data[0]).toMatchObject({ position: "QB", team: "KC", sport_key: "nfl", status: "active" })
          yield* invalid("/v1/nfl/players?position=XX", "position")
          yield* invalid("/v1/nfl/players?team=K1", "team")
        }))

      it.effect("players: paging edges (offset past the end, limit bounds)", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const n = nflPlayers.length
          const page = yield* c.nfl.players({ urlParams: { limit: 3, offset: 6 } })
          expect(page).toMatchObject({ total: n, count: n - 6, offset: 6, limit: 3 })
          expect(names(page.data)).toEqual(names(nflPlayers).sort().slice(6, 9))
          const past = yield* c.nfl.players({ urlParams: { offset: 100 } })
          expect(past).toMatchObject({ total: n, count: 0, offset: 100, limit: 50, data: [] })
          const max = yield* c.nfl.players({ urlParams: { limit: 200 } })
          expect(max.count).toBe(n)
          for (const q of ["limit=0", "limit=201", "limit=abc", "limit=2.5", "limit="]) {
            const body = yield* invalid(`/v1/nfl/players?${q}`, "limit")
            expect(body.reason.length).toBeGreaterThan(0)
          }
          yield* invalid("/v1/nfl/players?offset=-1", "offset")
        }))

      it.effect("player detail adds team_name, conference and division; unknown or other-sport ids are 404", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const res = yield* c.nfl.player({ path: { id: seedPlayers.mahomes.id } })
          expect(res.data).toMatchObject({
            playcaller_id: seedPlayers.mahomes.id,
            full_name: "Patrick Mahomes",
            team: "KC",
            team_name: "Kansas City Chiefs",
            conference: "AFC",
            division: "AFC West"
          })
          for (const id of ["svc_nfl_nobody", seedPlayers.judge.id, "42"]) {
            const e = yield* c.nfl.player({ path: { id } }).pipe(Effect.flip)
            expect(e).toMatchObject({ error_code: "RESOURCE_NOT_FOUND", resource: "player", id })
          }
        }))

      it.effect("player stats: most recent first, season, week and limit filters", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const id = seedPlayers.mahomes.id
          const all = yield* c.nfl.playerStats({ path: { id }, urlParams: {} })
          expect(all.data.map((r) => [r.season, r.week])).toEqual([[2024, 11], [2023, 3], [2023, 2]])
          // the counting stats of the nflverse weekly files (issue 24): completions, attempts, interceptions
          expect(all.data[0]).toMatchObject({
            passing_completions: 24,
            passing_attempts: 38,
            interceptions: 2,
            rushing_attempts: null,
            targets: null,
            fumbles_lost: null
          })
          expect(all.player).toEqual({
            player_id: id,
            player_name: "Patrick Mahomes",
            team_id: "KC",
            team_abbr: "KC",
            id,
            full_name: "Patrick Mahomes",
            team: "KC",
            position: "QB"
          })
          const week3 = yield* c.nfl.playerStats({ path: { id }, urlParams: { season: 2023, week: 3 } })
          expect(week3.data).toHaveLength(1)
          expect(week3.data[0]).toMatchObject({
            passing_yards: 272,
            passing_tds: 3,
            rushing_yards: 20,
            snap_pct: 98.5,
            target_share: null,
            opponent: "BUF",
            fantasy_points: lines[1]!.fantasy_points
          })
          // 272 * 0.04 + 3 * 4 - 2 + 20 * 0.1 (decisions.md, ppr)
          expect(week3.data[0]!.fantasy_points).toBeCloseTo(22.88, 2)
          expect(week3.data[0]!.fantasy_points_formats).toMatchObject({ ppr: 22.88, half_ppr: 22.88, standard: 22.88 })
          const limited = yield* c.nfl.playerStats({ path: { id }, urlParams: { limit: 1 } })
          expect(limited.data.map((r) => r.season)).toEqual([2024])
          yield* invalid(`/v1/nfl/players/${id}/stats?week=19`, "week")
          yield* invalid(`/v1/nfl/players/${id}/stats?season=twenty`, "season")
          const e = yield* c.nfl.playerStats({ path: { id: "svc_nfl_nobody" }, urlParams: {} }).pipe(Effect.flip)
          expect(e).toMatchObject({ error_code: "RESOURCE_NOT_FOUND", resource: "player" })
        }))

      it.effect("games: newest first, season, week, status and limit", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const all = yield* c.nfl.games({ urlParams: {} })
          expect(all.data[0]!.event_id).toBe(games.nflScheduled.id)
          expect(all.data).toHaveLength(8)
          const s2023 = yield* c.nfl.games({ urlParams: { season: 2023 } })
          expect(s2023.data).toHaveLength(6)
          const w3 = yield* c.nfl.games({ urlParams: { season: 2023, week: 3 } })
          expect(w3.data).toHaveLength(1)
          expect(w3.data[0]).toMatchObject({
            event_id: "2023_03_BUF_KC",
            game_date: "2023-09-24T00:00:00.000Z",
            state: "final",
            is_final: true,
            season: 2023,
            week: 3,
            home_team: { abbr: "KC", name: "Kansas City Chiefs", score: 27 },
            away_team: { abbr: "BUF", name: "Buffalo Bills", score: 17 }
          })
          const scheduled = yield* c.nfl.games({ urlParams: { status: "scheduled" } })
          expect(scheduled.data.map((g) => g.event_id)).toEqual([games.nflScheduled.id])
          expect(scheduled.data[0]).toMatchObject({ is_final: false, home_team: { score: null } })
          const two = yield* c.nfl.games({ urlParams: { limit: 2 } })
          expect(two.data).toHaveLength(2)
          yield* invalid("/v1/nfl/games?status=live", "status")
          yield* invalid("/v1/nfl/games?limit=101", "limit")
        }))

      it.effect("standings: regular season only, ties count half, head-to-head tiebreak, filters, default season", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const s2023 = yield* c.nfl.standings({ urlParams: { season: 2023 } })
          expect(s2023.season).toBe(2023)
          const by = new Map(s2023.data.map((r) => [r.team_abbr, r]))
          // LV and KC are 1-1; LV won their game. The postseason KC win does not count.
          expect(s2023.data.filter((r) => r.division === "AFC West").map((r) => r.team_abbr)).toEqual(["LV", "KC"])
          expect(by.get("LV")).toMatchObject({
            rank: 1,
            wins: 1,
            losses: 1,
            tiebreaker: "head_to_head",
            games_back: "-"
          })
          expect(by.get("KC")).toMatchObject({
            rank: 2,
            wins: 1,
            losses: 1,
            ties: 0,
            home_record: "1-0-0",
            away_record: "0-1-0",
            streak: "W1"
          })
          expect(by.get("PHI")).toMatchObject({
            rank: 1,
            wins: 1,
            losses: 0,
            ties: 1,
            win_pct: 0.75,
            points_for: 45,
            points_against: 37
          })
          expect(by.get("DAL")).toMatchObject({
            rank: 2,
            ties: 1,
            win_pct: 0.25,
            games_back: "1.0",
            streak: "T1",
            conf_record: "0-1-1"
          })
          const nfc = yield* c.nfl.standings({ urlParams: { season: 2023, conference: "NFC" } })
          expect(nfc.data.map((r) => r.team_abbr)).toEqual(["PHI", "DAL"])
          const lower = yield* get("/v1/nfl/standings?season=2023&conference=nfc")
          expect(lower.body.data.map((r: any) => r.team_abbr)).toEqual(["PHI", "DAL"])
          const west = yield* c.nfl.standings({ urlParams: { season: 2023, division: "AFC West" } })
          expect(west.data.map((r) => r.team_abbr)).toEqual(["LV", "KC"])
          // default: the latest season with results (2024: BUF beat KC; the 2024 LV game is scheduled)
          const current = yield* c.nfl.standings({ urlParams: {} })
          expect(current.season).toBe(2024)
          const current2024 = new Map(current.data.map((r) => [r.team_abbr, r]))
          expect(current2024.get("BUF")).toMatchObject({ wins: 1, losses: 0 })
          expect(current2024.get("LV")).toMatchObject({ wins: 0, losses: 0 })
        }))
    })

    describe("mlb", () => {
      it.effect("players: position (P covers SP, RF covers OF), team, status, search, paging", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const all = yield* c.mlb.players({ urlParams: {} })
          expect(names(all.data)).toEqual([
            "Aaron Judge",
            "Clay Holmes",
            "Gerrit Cole",
            "Rafael Devers",
            "Shohei Ohtani"
          ])
          expect(all).toMatchObject({ total: 5, count: 5, offset: 0, limit: 50 })
          expect(all.data[0]).toEqual({
            player_id: seedPlayers.judge.id,
            player_name: "Aaron Judge",
            team_id: "NYY",
            team_abbr: "NYY",
            id: seedPlayers.judge.id,
            full_name: "Aaron Judge",
            first_name: "Aaron",
            last_name: "Judge",
            position: "RF",
            team: "NYY",
            status: "active"
          })
          expect(names((yield* c.mlb.players({ urlParams: { position: "SP" } })).data)).toEqual(["Gerrit Cole"])
          expect(names((yield* c.mlb.players({ urlParams: { position: "RP" } })).data)).toEqual([
            "Clay Holmes",
            "Gerrit Cole"
          ])
          expect(names((yield* c.mlb.players({ urlParams: { position: "OF" } })).data)).toEqual(["Aaron Judge"])
          expect(names((yield* c.mlb.players({ urlParams: { team: "NYY", status: "injured" } })).data)).toEqual([
            "Clay Holmes"
          ])
          expect(names((yield* c.mlb.players({ urlParams: { search: "ohta" } })).data)).toEqual(["Shohei Ohtani"])
          const paged = yield* c.mlb.players({ urlParams: { position: "RP", limit: 1, offset: 1 } })
          expect(paged).toMatchObject({ total: 2, count: 1, offset: 1, limit: 1 })
          expect(names(paged.data)).toEqual(["Gerrit Cole"])
          yield* invalid("/v1/mlb/players?status=retired", "status")
          yield* invalid("/v1/mlb/players?limit=201", "limit")
          yield* invalid("/v1/mlb/players?position=P", "position")
        }))

      it.effect("player detail and 404", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const res = yield* c.mlb.player({ path: { id: extra.devers.id } })
          expect(res.data).toMatchObject({ id: extra.devers.id, position: "3B", team: "BOS" })
          const e = yield* c.mlb.player({ path: { id: seedPlayers.mahomes.id } }).pipe(Effect.flip)
          expect(e).toMatchObject({ error_code: "RESOURCE_NOT_FOUND", resource: "player", id: seedPlayers.mahomes.id })
        }))

      it.effect("player stats: pitching line with innings in baseball notation, batting null, date filter", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const res = yield* c.mlb.playerStats({ path: { id: extra.cole.id }, urlParams: {} })
          expect(res.player).toEqual({
            player_id: extra.cole.id,
            player_name: "Gerrit Cole",
            team_id: "NYY",
            team_abbr: "NYY",
            id: extra.cole.id,
            full_name: "Gerrit Cole",
            team: "NYY",
            position: "P"
          })
          expect(res.data).toHaveLength(1)
          expect(res.data[0]).toMatchObject({
            rank: null,
            id: null,
            player_name: null,
            team: "NYY",
            position: "SP",
            stat_date: "2024-06-01T00:00:00.000Z",
            game_pk: "745001",
            is_final: true,
            batting: { h: null, r: null, hr: null, rbi: null, sb: null, bb: null, ab: null, pa: null },
            pitching: { ip: "6.2", w: 1, k: 9, sv: 0, hld: null, er: 1 }
          })
          expect(res.data[0]!.fantasy_points).toBe(lines[2]!.fantasy_points!.toFixed(2))
          const judge = yield* c.mlb.playerStats({ path: { id: seedPlayers.judge.id }, urlParams: {} })
          expect(judge.data[0]).toMatchObject({ pitching: null, batting: { h: 1, r: 1, ab: 4 } })
          const none = yield* c.mlb.playerStats({ path: { id: extra.cole.id }, urlParams: { date: "2024-06-02" } })
          expect(none.data).toEqual([])
          yield* invalid(`/v1/mlb/players/${extra.cole.id}/stats?date=2024-02-30`, "date")
          yield* invalid(`/v1/mlb/players/${extra.cole.id}/stats?limit=201`, "limit")
        }))

      it.effect("teams and roster", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const res = yield* c.mlb.teams({ urlParams: {} })
          expect(res.data.map((t) => t.abbreviation)).toEqual(["BOS", "LAD", "NYY"])
          expect(res.data.find((t) => t.abbreviation === "NYY")).toEqual({
            team_id: "NYY",
            team_abbr: "NYY",
            abbreviation: "NYY",
            full_name: "New York Yankees",
            league: "AL",
            division: "AL East",
            roster_size: 3,
            active_players: 2,
            positions: ["P", "RF", "RP"]
          })
          const roster = yield* c.mlb.roster({ path: { team: "nyy" }, urlParams: { position: "OF" } })
          expect(names(roster.data)).toEqual(["Aaron Judge"])
          const e = yield* c.mlb.roster({ path: { team: "NYM" }, urlParams: {} }).pipe(Effect.flip)
          expect(e).toMatchObject({ error_code: "RESOURCE_NOT_FOUND", resource: "team", id: "NYM" })
        }))

      it.effect("games: newest first, date and state filters, MLBAM team ids, status codes", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const all = yield* c.mlb.games({ urlParams: {} })
          expect(all.data.map((g) => g.game_pk)).toEqual([seedGames.mlb.id, "745003", "745002", "745001"])
          const day = yield* c.mlb.games({ urlParams: { date: "2024-06-01" } })
          expect(day.data).toEqual([
            expect.objectContaining({
              game_id: "745001",
              game_pk: "745001",
              game_date: "2024-06-01T00:00:00.000Z",
              state: "final",
              is_final: true,
              status_code: "F",
              lineup_posted: true,
              // the MLBAM id as the specification gives it, and the key every other endpoint uses
              home_team: { team_id: "NYY", team_abbr: "NYY", id: 147, name: "New York Yankees", score: 5 },
              away_team: { team_id: "BOS", team_abbr: "BOS", id: 111, name: "Boston Red Sox", score: 3 }
            })
          ])
          const postponed = yield* c.mlb.games({ urlParams: { state: "postponed" } })
          expect(postponed.data.map((g) => [g.game_pk, g.status_code, g.is_final, g.lineup_posted])).toEqual([
            ["745003", "D", false, false]
          ])
          expect((yield* c.mlb.games({ urlParams: { limit: 1 } })).data).toHaveLength(1)
          yield* invalid("/v1/mlb/games?state=live", "state")
          yield* invalid("/v1/mlb/games?limit=101", "limit")
          yield* invalid("/v1/mlb/games?date=06-01-2024", "date")
        }))

      it.effect("standings: division ranks and games back, division filter", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const res = yield* c.mlb.standings({ urlParams: {} })
          expect(res.season).toBe(2024)
          const alEast = res.data.filter((r) => r.division === "AL East")
          // BOS 1-1; NYY 1-2 (beat BOS, lost to BOS and LAD); the postponed game does not count
          expect(alEast.map((r) => [r.team_abbr, r.rank, r.wins, r.losses, r.games_back])).toEqual([
            ["BOS", 1, 1, 1, "-"],
            ["NYY", 2, 1, 2, "0.5"]
          ])
          expect(alEast[0]).not.toHaveProperty("ties")
          // team_id is the id /v1/mlb/teams lists (its abbreviation), not the league's numeric id.
          expect(alEast[0]).toMatchObject({ team_id: "BOS", home_record: "1-0", conf_record: "1-1" })
          const nlWest = yield* c.mlb.standings({ urlParams: { division: "NL West" } })
          expect(nlWest.data.map((r) => r.team_abbr)).toEqual(["LAD"])
        }))

      it.effect("scoring leaders: pro_insights and up; date, position, team, limit", () =>
        Effect.gen(function*() {
          const h = yield* Harness
          expectError(yield* get("/v1/mlb/scoring/leaders", h.keys.growth), 403, "TIER_INSUFFICIENT")
          const c = yield* client(h.keys.pro_insights)
          const day = yield* c.mlb.scoringLeaders({ urlParams: { date: "2024-06-01" } })
          expect(day.stat_date).toBe("2024-06-01T00:00:00.000Z")
          expect(lines[2]!.fantasy_points).not.toBeNull()
          expect(lines[3]!.fantasy_points).not.toBeNull()
          const byPoints = [lines[2]!, lines[3]!].sort((a, b) => b.fantasy_points! - a.fantasy_points!)
          expect(day.data.map((r) => [r.rank, r.id, r.player_name])).toEqual(
            byPoints.map((l, i) => [i + 1, l.player_id, l.player_id === extra.cole.id ? "Gerrit Cole" : "Clay Holmes"])
          )
          expect(day.data[0]).toMatchObject({ game_pk: null, is_final: true, team: "NYY" })
          expect(day.data[0]!.batting).not.toHaveProperty("ab")
          const rp = yield* c.mlb.scoringLeaders({ urlParams: { date: "2024-06-01", position: "RP" } })
          expect(rp.data.map((r) => r.player_name)).toEqual(["Clay Holmes"])
          const bos = yield* c.mlb.scoringLeaders({ urlParams: { date: "2024-06-01", team: "BOS" } })
          expect(bos.data).toEqual([])
          const one = yield* c.mlb.scoringLeaders({ urlParams: { date: "2024-06-01", limit: 1 } })
          expect(one.data).toHaveLength(1)
          // default: the most recent date with lines, lines without points left out
          const latest = yield* c.mlb.scoringLeaders({ urlParams: {} })
          expect(latest.stat_date).toBe(`${seedGames.mlb.game_date}T00:00:00.000Z`)
          const expected = seedStatLines.filter((l) => l.sport === "mlb" && l.fantasy_points !== null)
          expect(latest.data.map((r) => r.id).sort()).toEqual(expected.map((l) => l.player_id).sort())
          yield* invalid("/v1/mlb/scoring/leaders?limit=101", "limit", h.keys.pro_insights)
          yield* invalid("/v1/mlb/scoring/leaders?position=XX", "position", h.keys.pro_insights)
        }))

      it.effect("scoring categories: top rows of each category; batting categories empty without batting lines", () =>
        Effect.gen(function*() {
          const h = yield* Harness
          expectError(yield* get("/v1/mlb/scoring/categories", h.keys.sandbox), 403, "TIER_INSUFFICIENT")
          const c = yield* client(h.keys.pro_insights)
          const res = yield* c.mlb.scoringCategories({ urlParams: { date: "2024-06-01" } })
          const d = res.data
          expect(d.stat_date).toBe("2024-06-01T00:00:00.000Z")
          expect(d.innings_pitched.map((r) => [r.rank, r.player_name, r.value])).toEqual([[1, "Gerrit Cole", 6.2], [
            2,
            "Clay Holmes",
            1
          ]])
          expect(d.strikeouts.map((r) => [r.player_name, r.value])).toEqual([["Gerrit Cole", 9], ["Clay Holmes", 2]])
          expect(d.saves.map((r) => [r.player_name, r.value])).toEqual([["Clay Holmes", 1]])
          expect(d.saves[0]).toMatchObject({
            id: extra.holmes.id,
            team: "NYY",
            position: "RP",
            stat_date: "2024-06-01T00:00:00.000Z"
          })
          for (const k of ["home_runs", "rbi", "stolen_bases", "runs", "walks"] as const) expect(d[k]).toEqual([])
        }))
    })

    describe("nba", () => {
      it.effect("games: date (and today), state, Cache-Control 30 s while live, 120 s otherwise", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const live = yield* get("/v1/nba/games?date=2024-10-26")
          expect(live.headers.get("cache-control")).toBe("max-age=30")
          expect(live.body.data.map((g: any) => [g.event_id, g.state, g.is_final])).toEqual([[
            "0022400090",
            "in_progress",
            false
          ]])
          const done = yield* get("/v1/nba/games?date=2024-10-24")
          expect(done.headers.get("cache-control")).toBe("max-age=120")
          expect(done.body.data[0]).toMatchObject({
            event_id: "0022400070",
            league: null,
            home_team: { id: "LAL", abbr: "LAL", name: "Los Angeles Lakers", score: 110, logo: null },
            away_team: { id: "GSW", abbr: "GSW", score: 100 }
          })
          // A game's team ids are the ids /v1/nba/teams lists.
          const teamIds = new Set((yield* c.nba.teams({ urlParams: {} })).data.map((t) => t.abbreviation))
          for (const g of done.body.data) {
            expect(teamIds.has(g.home_team.id) && teamIds.has(g.away_team.id)).toBe(true)
          }
          const finals = yield* c.nba.games({ urlParams: { state: "final" } })
          expect(finals.data.map((g) => g.event_id)).toEqual(["0042400101", "0022400080", "0022400070", "0022400061"])
          const today = yield* c.nba.games({ urlParams: { date: "today" } })
          const todayDate = new Date().toISOString().slice(0, 10)
          expect(today.data.every((g) => g.game_date?.startsWith(todayDate) === true)).toBe(true)
          yield* invalid("/v1/nba/games?date=tomorrow", "date")
          yield* invalid("/v1/nba/games?state=completed", "state")
        }))

      it.effect("standings: conference ranks, regular season only, conference filter", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const res = yield* c.nba.standings({ urlParams: {} })
          expect(res.season).toBe(2024)
          const east = res.data.filter((r) => r.conference === "East")
          // BOS 2-0, NYK 0-1 (the playoff game is left out); LAL 1-1 (the live game is not final), GSW 0-1
          expect(east.map((r) => [r.team_abbr, r.rank, r.wins, r.losses])).toEqual([["BOS", 1, 2, 0], ["NYK", 2, 0, 1]])
          const west = yield* c.nba.standings({ urlParams: { conference: "west" } })
          expect(west.data.map((r) => [r.team_abbr, r.wins, r.losses, r.games_back])).toEqual([
            ["LAL", 1, 1, "-"],
            ["GSW", 0, 1, "0.5"]
          ])
          yield* invalid("/v1/nba/standings?conference=north", "conference")
        }))

      it.effect("teams: conference filter, player_count and roster_url", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const east = yield* c.nba.teams({ urlParams: { conference: "east" } })
          expect(east.data).toEqual([
            {
              team_id: "BOS",
              team_abbr: "BOS",
              abbreviation: "BOS",
              full_name: "Boston Celtics",
              conference: "East",
              division: "Atlantic",
              player_count: 1,
              roster_url: "/v1/nba/teams/BOS/roster"
            },
            expect.objectContaining({ abbreviation: "NYK", player_count: 2 })
          ])
        }))

      it.effect("players: position filter covers Guard / Forward / Center, team, search, paging", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const all = yield* c.nba.players({ urlParams: {} })
          expect(all.total).toBe(5)
          expect(names((yield* c.nba.players({ urlParams: { position: "PG" } })).data)).toEqual([
            "Jalen Brunson",
            "Stephen Curry"
          ])
          expect(names((yield* c.nba.players({ urlParams: { position: "C" } })).data)).toEqual(["Karl-Anthony Towns"])
          expect(names((yield* c.nba.players({ urlParams: { position: "PF" } })).data)).toEqual([
            "Jayson Tatum",
            "Karl-Anthony Towns"
          ])
          expect(names((yield* c.nba.players({ urlParams: { team: "NYK" } })).data)).toEqual([
            "Jalen Brunson",
            "Karl-Anthony Towns"
          ])
          const page = yield* c.nba.players({ urlParams: { position: "SF", limit: 1, offset: 5 } })
          expect(page).toMatchObject({ total: 2, count: 0, offset: 5 })
          yield* invalid("/v1/nba/players?position=QB", "position")
        }))

      it.effect("player, stats (season filter) and roster", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const id = seedPlayers.lebron.id
          expect((yield* c.nba.player({ path: { id } })).data).toMatchObject({
            full_name: "LeBron James",
            sport_key: "nba"
          })
          const stats = yield* c.nba.playerStats({ path: { id }, urlParams: {} })
          expect(stats.data.map((r) => r.game_date)).toEqual(["2024-10-24", "2024-10-22", "2024-01-15"])
          expect(stats.data[0]).toMatchObject({
            season: 2024,
            points: 28,
            rebounds: 8,
            assists: 10,
            minutes_played: 35.5,
            usage_rate: 29.1,
            is_back_to_back: false,
            is_starter: null,
            fantasy_points: lines[4]!.fantasy_points
          })
          expect(stats.data[2]!.is_back_to_back).toBe(true)
          const s2023 = yield* c.nba.playerStats({ path: { id }, urlParams: { season: 2023 } })
          expect(s2023.data.map((r) => r.game_date)).toEqual(["2024-01-15"])
          expect((yield* c.nba.playerStats({ path: { id }, urlParams: { limit: 2 } })).data).toHaveLength(2)
          const roster = yield* c.nba.roster({ path: { team: "NYK" }, urlParams: { position: "PG" } })
          expect(names(roster.data)).toEqual(["Jalen Brunson"])
          const e = yield* c.nba.roster({ path: { team: "SEA" }, urlParams: {} }).pipe(Effect.flip)
          expect(e).toMatchObject({ error_code: "RESOURCE_NOT_FOUND", resource: "team" })
        }))

      it.effect("game log: build and up; the player's latest season in date order with results", () =>
        Effect.gen(function*() {
          const h = yield* Harness
          const id = seedPlayers.lebron.id
          expectError(yield* get(`/v1/nba/players/${id}/game-log`, h.keys.starter), 403, "TIER_INSUFFICIENT")
          const c = yield* client(h.keys.build)
          const log = yield* c.nba.gameLog({ path: { id }, urlParams: {} })
          expect(log.season).toBe(2024)
          expect(log.data.map((r) => [r.game_date, r.home, r.result, r.team_score, r.opponent_score])).toEqual([
            ["2024-10-22", true, "L", 109, 132],
            ["2024-10-24", true, "W", 110, 100]
          ])
          expect(log.data[1]).toMatchObject({
            field_goals_made: 11,
            field_goals_attempted: 20,
            three_pointers_made: null
          })
          const old = yield* c.nba.gameLog({ path: { id }, urlParams: { season: 2023 } })
          expect(old.data.map((r) => [r.game_date, r.result])).toEqual([["2024-01-15", null]])
          const e = yield* c.nba.gameLog({ path: { id: "svc_nba_0" }, urlParams: {} }).pipe(Effect.flip)
          expect(e).toMatchObject({ error_code: "RESOURCE_NOT_FOUND", resource: "player", id: "svc_nba_0" })
        }))
    })

    describe("cross-sport", () => {
      it.effect("search: q of at least 2 characters, case-insensitive, alphabetical, sport, position and limit", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const res = yield* c.players.search({ urlParams: { q: "JA" } })
          expect(res.query).toBe("JA")
          expect(res.meta.sport).toBe("all")
          expect(names(res.data)).toEqual(["Jalen Brunson", "Jalen Hurts", "Jayson Tatum", "LeBron James"])
          expect(res.data[1]).toEqual({
            player_id: extra.hurts.id,
            player_name: "Jalen Hurts",
            team_id: "PHI",
            team_abbr: "PHI",
            playcaller_id: extra.hurts.id,
            full_name: "Jalen Hurts",
            position: "QB",
            team: "PHI",
            sport: "nfl",
            status: "active"
          })
          const nba = yield* c.players.search({ urlParams: { q: "ja", sport: "nba" } })
          expect(names(nba.data)).toEqual(["Jalen Brunson", "Jayson Tatum", "LeBron James"])
          expect(nba.meta.sport).toBe("nba")
          expect(names((yield* c.players.search({ urlParams: { q: "ja", position: "qb" } })).data)).toEqual([
            "Jalen Hurts"
          ])
          expect((yield* c.players.search({ urlParams: { q: "ja", limit: 2 } })).count).toBe(2)
          yield* invalid("/v1/players/search?q=j", "q")
          yield* invalid("/v1/players/search?q=%20j%20", "q")
          yield* invalid("/v1/players/search", "q")
          yield* invalid("/v1/players/search?q=jalen&limit=101", "limit")
          // Event sports have no player search yet: only the team sports are accepted.
          yield* invalid("/v1/players/search?q=jalen&sport=tennis", "sport")
        }))

      it.effect("compare: two players by name or id, their latest season; 404 for an unknown one", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const res = yield* c.players.compare({
            urlParams: { player1: "patrick mahomes", player2: seedPlayers.allen.id }
          })
          expect(res.count).toBe(2)
          expect(res.meta.sport).toBe("nfl")
          const [a, b] = res.data
          expect(a).toMatchObject({ player: { playcaller_id: seedPlayers.mahomes.id }, season: 2024, games: 1 })
          const mahomes2024 = seedStatLines.find((l) => l.player_id === seedPlayers.mahomes.id)!
          expect(a!.fantasy_points_total).toBe(mahomes2024.fantasy_points)
          expect(a!.averages["passing_yards"]).toBe(196)
          expect(b).toMatchObject({
            player: { playcaller_id: seedPlayers.allen.id, full_name: "Josh Allen" },
            season: 2024
          })
          const noLines = yield* c.players.compare({ urlParams: { player1: "Tyreek Hill", player2: "Davante Adams" } })
          expect(noLines.data[0]).toMatchObject({ season: null, games: 0, fantasy_points_avg: null, averages: {} })
          const unknown = yield* c.players.compare({ urlParams: { player1: "Nobody At All", player2: "Josh Allen" } })
            .pipe(Effect.flip)
          expect(unknown).toMatchObject({ error_code: "RESOURCE_NOT_FOUND", resource: "player", id: "Nobody At All" })
          const wrongSport = yield* c.players.compare({
            urlParams: { player1: seedPlayers.mahomes.id, player2: "Josh Allen", sport: "mlb" }
          }).pipe(Effect.flip)
          expect(wrongSport).toMatchObject({ error_code: "RESOURCE_NOT_FOUND", id: seedPlayers.mahomes.id })
          yield* invalid("/v1/players/compare?player1=Josh%20Allen", "player2")
        }))

      it.effect("sports: every sport key, the served ones with their endpoint paths", () =>
        Effect.gen(function*() {
          const c = yield* client()
          const res = yield* c.meta.sports({ urlParams: {} })
          expect(res.data.map((s) => s.sport)).toEqual([
            "nfl",
            "mlb",
            "nba",
            "nhl",
            "cfb",
            "soccer",
            "tennis",
            "golf",
            "ufc",
            "f1",
            "nascar"
          ])
          const nfl = res.data.find((s) => s.sport === "nfl")!
          expect(nfl.available).toBe(true)
          expect(nfl.endpoints).toContain("/v1/nfl/players/{id}/stats")
          const nhl = res.data.find((s) => s.sport === "nhl")!
          expect(nhl.available).toBe(true)
          expect(nhl.endpoints).toContain("/v1/nhl/standings")
          expect(res.data.find((s) => s.sport === "tennis")?.endpoints).toEqual([
            "/v1/tennis/matches",
            "/v1/tennis/rankings",
            "/v1/tennis/players/h2h",
            "/v1/tennis/players/{name}/game-log"
          ])
        }))

      it.effect("data status and coverage: per-sport counts, seasons and dates from the store", () =>
        Effect.gen(function*() {
          const h = yield* Harness
          const c = yield* client()
          const summary = yield* Effect.flatMap(CatalogReader, (s) => s.summary).pipe(Effect.provide(h.stores))
          const status = yield* c.meta.dataStatus({ urlParams: {} })
          expect(status.data.map((r) => r.sport)).toEqual([...SportKey.literals])
          const nfl = status.data.find((r) => r.sport === "nfl")!
          expect(nfl).toMatchObject({
            players: nflPlayers.length,
            teams: 6,
            last_ingested_at: null,
            last_signal_update: null,
            last_game_date: "2025-01-05"
          })
          for (const row of status.data) {
            const s = summary.find((x) => x.sport === row.sport)!
            expect([row.players, row.teams, row.games, row.stat_lines]).toEqual([
              s.players,
              s.teams,
              s.games,
              s.stat_lines
            ])
          }
          const coverage = yield* c.meta.coverage({ urlParams: {} })
          expect(coverage.data.find((r) => r.sport === "nfl")).toMatchObject({
            seasons: [2023, 2024],
            first_game_date: "2023-09-17",
            last_game_date: "2025-01-05"
          })
          // Every endpoint of a sport is listed with what it can answer, and every source with its licence.
          const soccer = coverage.data.find((r) => r.sport === "soccer")!
          expect(soccer.endpoints.find((e) => e.endpoint === "/v1/soccer/players")).toMatchObject({
            available: false,
            reason: "no source has soccer players"
          })
          expect(soccer.endpoints.find((e) => e.endpoint === "/v1/soccer/standings")?.available).toBe(true)
          expect(soccer.sources.find((x) => x.id === "openfootball_football_json")).toEqual({
            id: "openfootball_football_json",
            publisher: "openfootball",
            repository: "https://github.com/openfootball/football.json",
            upstream: "https://raw.githubusercontent.com/openfootball/football.json/master/{season}/{code}.json",
            licence: "Public domain",
            attribution: "openfootball (https://github.com/openfootball/football.json)",
            attribution_required: false,
            commercial_use: true,
            cadence: { in_season_hours: 24, off_season_hours: 168 },
            manual: null,
            // this harness serves a store without a data directory: no sync record, and why
            sync: null,
            sync_reason: "no data directory is known to this service, so no sync record can be read"
          })
          const cfbSources = coverage.data.find((r) => r.sport === "cfb")!.sources
          expect(cfbSources.find((x) => x.id === "sportsdataverse_cfbfastr_cfb_data")).toMatchObject({
            licence: "CC BY 4.0",
            attribution_required: true
          })
          // An endpoint no source supplies is still served: empty data and meta.coverage, never a row.
          const players = yield* c.soccer.players({ urlParams: {} })
          expect(players.data).toEqual([])
          expect(players.meta.coverage).toEqual({ available: false, reason: "no source has soccer players" })
          const changes = yield* c.nhl.depthChartChanges({ urlParams: {} })
          expect(changes.data).toEqual([])
          expect(changes.meta.coverage?.available).toBe(false)
          // Event sports are listed with their sources and licences, non-commercial ones marked.
          const tennis = coverage.data.find((r) => r.sport === "tennis")!
          expect(tennis.sources.find((x) => x.id === "jeffsackmann_tennis_atp")).toMatchObject({
            licence: "CC BY-NC-SA 4.0",
            attribution_required: true,
            commercial_use: false
          })
        }))

      it.effect("public stats need no key", () =>
        Effect.gen(function*() {
          const h = yield* Harness
          const res = yield* h.request("GET", "/api/public/stats")
          expect(res.status).toBe(200)
          const players = [...Object.values(seedPlayers), ...Object.values(extra)]
          expect(res.body).toMatchObject({
            active_signals: 0,
            players_tracked: players.length,
            sports_covered: 3,
            platforms: new Set(players.flatMap((p) => Object.keys(p.platform_ids))).size
          })
          expect(res.body.active_users).toBeGreaterThanOrEqual(Object.keys(h.keys).length)
        }))

      it.effect("a missing key is 401 on data endpoints", () =>
        Effect.gen(function*() {
          const h = yield* Harness
          expectError(yield* h.request("GET", "/v1/sports"), 401, "MISSING_API_KEY")
        }))
    })
  })
})

describe("data endpoints: tiers", () => {
  it("every endpoint's lowest tier is endpoints.json tier_resolved ('all' = sandbox)", () => {
    const spec: ReadonlyArray<{ method: string; path: string; tier_resolved: string }> = JSON.parse(
      readFileSync(join(process.cwd(), "..", "shared", "spec", "endpoints.json"), "utf8")
    )
    const declared = Security.endpointTiers(Api)
    expect(declared.length).toBeGreaterThan(0)
    for (const e of declared) {
      const path = Security.openApiPath(e.path)
      // decisions.md: /v1/intelligence/* aliases the unversioned path (/v1/intelligence/signals is listed as is)
      const unversioned = path.replace(/^\/v1\/(intelligence|analytics)\//, "/$1/")
      const row = spec.find((s) => s.method === e.method && s.path === path) ??
        spec.find((s) => s.method === e.method && s.path === unversioned)
      expect(row, `${e.method} ${path} is in endpoints.json`).toBeDefined()
      const expected = row!.tier_resolved === "all" ? "sandbox" : row!.tier_resolved
      expect({ path, tier: e.tier._tag === "Some" ? e.tier.value : "missing" }).toEqual({ path, tier: expected })
      expect(e.guarded).toBe(expected !== "none")
    }
  })
})

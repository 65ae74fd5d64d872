/**
 * DFS end to end over the real node server (test/http/harness.ts) on fixture cuts of the real
 * salary files (test/fixtures/nfl/uruley_4horsemendfs, test/fixtures/golf/925sports_pga_tour_data),
 * ingested by the nfl and golf adapters and then the DFS ingest as the runner does: slates and
 * salaries as the files give them, players linked to the service's ids, and the optimizer's
 * lineups checked against every roster rule, the cap, and an exhaustive search over the same pool.
 */
import { describe, expect, layer } from "@effect/vitest"
import { ModelRegistryWriter, Models, PlayerReader, SportsWriter, StatLineReader } from "@sports-data/domain"
import { Dfs as DfsIngest, Progress } from "@sports-data/ingest"
import { parse } from "csv-parse/sync"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { eventually, expectError, fixturesDir, fixturesLayer, get, ok } from "./fixtures.js"
import { Harness } from "./harness.js"

const TestLayer = Layer.effectDiscard(Effect.gen(function*() {
  const h = yield* Harness
  for (const sport of ["nfl", "golf"] as const) {
    yield* { nfl: DfsIngest.nflDfs, golf: DfsIngest.golfDfs }[sport].run(join(fixturesDir, sport)).pipe(
      Effect.provide(h.stores),
      Effect.provide(Progress.silent),
      Logger.withMinimumLogLevel(LogLevel.Error),
      Effect.orDie
    )
  }
  // a Kyler Murray game a week after the slate (2025-09-14, 60 points): what a projection
  // without hindsight must not see
  yield* Effect.gen(function*() {
    const found = yield* (yield* PlayerReader).find({ sport: "nfl", search: "Kyler Murray", limit: 2, offset: 0 })
    expect(found.rows).toHaveLength(1)
    MURRAY = found.rows[0]!.id
    const lines = yield* StatLineReader
    const [last] = (yield* lines.find({ sport: "nfl", player_id: MURRAY, order: "recent", limit: 1, offset: 0 })).rows
    yield* (yield* SportsWriter).upsertStatLines([{
      ...last!,
      id: `${MURRAY}:2025:2`,
      game_id: null,
      season: 2025,
      week: 2,
      game_date: AFTER_SLATE,
      fantasy_points: 60,
      fantasy_points_formats: { ...last!.fantasy_points_formats, ppr: 60 }
    }])
  }).pipe(Effect.provide(h.stores), Effect.orDie)
})).pipe(Layer.provideMerge(fixturesLayer(["nfl", "golf"])))

const NFL_SLATE = "draftkings-nfl-2025-09-07-classic"
/** Kyler Murray's canonical id (linked from the slate; see the salaries test). */
let MURRAY = ""
/** A date after the slate's (2025-09-07). */
const AFTER_SLATE = "2025-09-14"
const GOLF_SLATE = "draftkings-golf-2026-07-30-rocket-classic-classic"

/** The nfl fixture's rows as the file gives them. */
const nflRows: ReadonlyArray<Record<string, string>> = parse(
  readFileSync(join(fixturesDir, "nfl", "uruley_4horsemendfs", "DKSalaries.csv")),
  { columns: true }
)
/** Projections for the tests: DraftKings' own AvgPointsPerGame of each row, by DraftKings id. */
const avgProjections = Object.fromEntries(nflRows.map((r) => [r["ID"]!, Number(r["AvgPointsPerGame"])]))
const rowById = new Map(nflRows.map((r) => [r["ID"]!, r]))
const gameOf = (r: Record<string, string>) => r["Game Info"]!.split(" ")[0]!

/** The golf fixture's Rocket Classic Classic golfers (one row per draftable id). */
const golfRows: ReadonlyArray<Record<string, string>> = [
  ...new Map(
    (parse(readFileSync(join(fixturesDir, "golf", "925sports_pga_tour_data", "dk_salaries_history.csv")), {
      columns: true
    }) as Array<Record<string, string>>)
      .filter((r) => r["tournament"] === "Rocket Classic" && r["game_start"]!.startsWith("07/30"))
      .map((r) => [r["draftable_id"]!, r])
  ).values()
]
/** Test projections of the golfers: a spread unrelated to salary (draftable id modulo 37, plus 40). */
const golfProjections = Object.fromEntries(
  golfRows.map((r) => [r["draftable_id"]!, 40 + Number(r["draftable_id"]) % 37])
)

const post = (body: unknown, tier: "growth" | "build" = "growth") =>
  Effect.flatMap(Harness, (h) =>
    h.request("POST", "/v1/lineup/optimize", {
      key: h.keys[tier],
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body)
    }))

const optimize = (body: unknown) =>
  Effect.map(post(body), (res) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  })

const r2 = (x: number) => Math.round(x * 100) / 100

/** Every nfl Classic rule on a served lineup, checked against the source rows. */
const expectNflClassic = (lineup: any) => {
  const ids: Array<string> = lineup.players.map((p: any) => p.platform_player_id)
  expect(new Set(ids).size).toBe(9)
  const slots = lineup.players.map((p: any) => p.slot)
  expect(slots).toEqual(["QB", "RB", "RB", "WR", "WR", "WR", "TE", "FLEX", "DST"])
  for (const p of lineup.players) {
    const source = rowById.get(p.platform_player_id)!
    expect(Number(source["Salary"])).toBe(p.salary)
    const position = source["Position"]
    const allowed = p.slot === "FLEX" ? ["RB", "WR", "TE"] : [p.slot]
    expect(allowed).toContain(position)
  }
  const salary = ids.reduce((t, id) => t + Number(rowById.get(id)!["Salary"]), 0)
  expect(lineup.salary_total).toBe(salary)
  expect(salary).toBeLessThanOrEqual(50_000)
  expect(lineup.salary_remaining).toBe(50_000 - salary)
  expect(new Set(ids.map((id) => gameOf(rowById.get(id)!))).size).toBeGreaterThanOrEqual(2)
  return ids
}

/** The best total of AvgPointsPerGame over every legal nfl Classic lineup of the fixture, by enumeration. */
const exhaustiveNflBest = (): number => exhaustiveNflTop()[0]!
/**
 * The totals of the best legal nfl Classic lineups of the fixture, best first, one per distinct
 * set of players (within 12 points of the best), by enumeration.
 */
const exhaustiveNflTop = (): ReadonlyArray<number> => (topNfl ??= enumerateNfl())
let topNfl: ReadonlyArray<number> | undefined
const enumerateNfl = (): ReadonlyArray<number> => {
  const players = nflRows.map((r) => ({
    position: r["Position"]!,
    salary: Number(r["Salary"]),
    points: Number(r["AvgPointsPerGame"]),
    game: gameOf(r)
  }))
  const idx = (pos: string) => players.flatMap((p, i) => (p.position === pos ? [i] : []))
  const [qbs, rbs, wrs, tes, dsts] = [idx("QB"), idx("RB"), idx("WR"), idx("TE"), idx("DST")]
  const combos = (xs: ReadonlyArray<number>, k: number): Array<Array<number>> =>
    k === 0 ? [[]] : xs.flatMap((x, i) => combos(xs.slice(i + 1), k - 1).map((rest) => [x, ...rest]))
  const rbPairs = combos(rbs, 2)
  const wrTriples = combos(wrs, 3)
  const flexes = [...rbs, ...wrs, ...tes]
  let best = -Infinity
  const near = new Map<string, number>()
  for (const qb of qbs) {
    for (const dst of dsts) {
      for (const te of tes) {
        for (const rb of rbPairs) {
          for (const wr of wrTriples) {
            const base = [qb, dst, te, ...rb, ...wr]
            for (const flex of flexes) {
              if (base.includes(flex)) continue
              const team = [...base, flex]
              let salary = 0
              let points = 0
              for (const p of team) {
                salary += players[p]!.salary
                points += players[p]!.points
              }
              if (salary > 50_000 || points < best - 12) continue
              if (new Set(team.map((p) => players[p]!.game)).size < 2) continue
              best = Math.max(best, points)
              near.set([...team].sort((a, b) => a - b).join(","), points)
            }
          }
        }
      }
    }
  }
  return [...near.values()].filter((p) => p >= best - 12).sort((a, b) => b - a).map(r2)
}

describe("DFS", () => {
  layer(TestLayer, { excludeTestServices: true, timeout: 120_000 })((it) => {
    it.effect("slates: the nfl 2025 week 1 slate and the golf 2026 slates as the files give them", () =>
      Effect.gen(function*() {
        const nfl = yield* ok("/v1/nfl/dfs/slates")
        expect(nfl.data).toHaveLength(1)
        const slate = nfl.data[0]
        expect(slate).toMatchObject({
          id: NFL_SLATE,
          sport: "nfl",
          platform: "draftkings",
          game_type: "classic",
          start_date: "2025-09-07",
          // 1:00 PM US Eastern (daylight time) on 2025-09-07
          start_time: "2025-09-07T17:00:00.000Z",
          season: 2025,
          week: 1,
          salary_cap: 50000,
          player_count: nflRows.length,
          source: "uruley_4horsemendfs"
        })
        const golf = yield* ok("/v1/golf/dfs/slates?platform=DraftKings")
        // the fixture's Classic rows: Rocket Classic and AIG Women's Open (07/30), Wyndham and LIV New York (08/06)
        expect(golf.data.map((s: any) => s.id)).toEqual([
          "draftkings-golf-2026-08-06-liv-golf-new-york-classic",
          "draftkings-golf-2026-08-06-wyndham-championship-classic",
          "draftkings-golf-2026-07-30-aig-womens-open-classic",
          GOLF_SLATE
        ])
        const rocket = golf.data.find((s: any) => s.id === GOLF_SLATE)
        // Cameron Young's row appears in two versions of the file: one golfer
        expect(rocket).toMatchObject({ player_count: golfRows.length, start_time: null, week: null, salary_cap: 50000 })
        // Aldrich Potgieter is not among the fixture's golfers: the only unlinked row (Højgaard links by name key)
        expect(rocket.linked_count).toBe(golfRows.length - 1)
        expect((yield* ok("/v1/golf/dfs/slates?days=3650")).data).toHaveLength(4)
      }))

    it.effect("slates: other sports answer empty with meta.coverage; bad parameters 400; growth tier", () =>
      Effect.gen(function*() {
        const nba = yield* ok("/v1/nba/dfs/slates")
        expect(nba.data).toEqual([])
        expect(nba.meta.coverage.available).toBe(false)
        expect(nba.meta.coverage.reason).toContain("no source has DFS slates")
        expectError(yield* get("/v1/nfl/dfs/slates?platform=fanduel"), 400, "INVALID_PARAMETER", "platform")
        expectError(yield* get("/v1/nfl/dfs/slates?days=0"), 400, "INVALID_PARAMETER", "days")
        expectError(yield* get("/v1/xfl/dfs/slates"), 400, "INVALID_PARAMETER")
        const h = yield* Harness
        expectError(yield* get("/v1/nfl/dfs/slates", h.keys.build), 403, "TIER_INSUFFICIENT")
        expect((yield* get("/v1/nfl/dfs/slates", h.keys.growth)).status).toBe(200)
      }))

    it.effect("salaries: every row of the slate, highest salary first, linked by name, team and position", () =>
      Effect.gen(function*() {
        const body = yield* ok(`/v1/nfl/dfs/slates/${NFL_SLATE}/salaries`)
        expect(body.slate.id).toBe(NFL_SLATE)
        expect(body.data).toHaveLength(nflRows.length)
        const salaries = body.data.map((r: any) => r.salary)
        expect(salaries).toEqual([...salaries].sort((a, b) => b - a))
        expect(body.data[0]).toMatchObject({
          name: "Bijan Robinson",
          platform_player_id: "39505777",
          salary: 8000,
          position: "RB",
          roster_positions: ["RB", "FLEX"],
          team: "ATL",
          game: "TB@ATL",
          avg_points_per_game: 20.98
        })
        for (const dst of body.data.filter((r: any) => r.position === "DST")) expect(dst.player_id).toBeNull()
        // Kyler Murray and A.J. Henning are players of the nfl fixture: linked to their canonical ids
        for (const name of ["Kyler Murray", "A.J. Henning"]) {
          const row = body.data.find((r: any) => r.name === name)
          expect(row.player_id, name).toMatch(/^svc_nfl_/)
          const player = (yield* ok(`/v1/nfl/players/${row.player_id}`)).data
          // the service spells him "AJ Henning": the same name without the dots
          expect((player.name ?? player.full_name).replace(/\./g, "")).toBe(name.replace(/\./g, ""))
          expect(player.position).toBe(row.position)
        }
        const qbs = yield* ok(`/v1/nfl/dfs/slates/${NFL_SLATE}/salaries?position=qb`)
        expect(qbs.data.map((r: any) => r.name).sort()).toEqual(
          nflRows.filter((r) => r["Position"] === "QB").map((r) => r["Name"]).sort()
        )
        const flex = yield* ok(`/v1/nfl/dfs/slates/${NFL_SLATE}/salaries?position=FLEX`)
        expect(flex.count).toBe(nflRows.filter((r) => r["Roster Position"]!.includes("FLEX")).length)
        expectError(yield* get(`/v1/nfl/dfs/slates/nope/salaries`), 404, "RESOURCE_NOT_FOUND")
        expectError(yield* get(`/v1/nfl/dfs/slates/${GOLF_SLATE}/salaries`), 404, "RESOURCE_NOT_FOUND")
        expectError(yield* get(`/v1/nfl/dfs/slates/${NFL_SLATE}/salaries?position=K`), 400, "INVALID_PARAMETER")
        // bounded: limit rows from offset, total counting the slate's rows
        const whole = yield* ok(`/v1/nfl/dfs/slates/${NFL_SLATE}/salaries?limit=1000`)
        const page = yield* ok(`/v1/nfl/dfs/slates/${NFL_SLATE}/salaries?limit=3&offset=2`)
        expect(page.data).toEqual(whole.data.slice(2, 5))
        expect([page.total, page.count]).toEqual([whole.data.length, 3])
        expectError(
          yield* get(`/v1/nfl/dfs/slates/${NFL_SLATE}/salaries?limit=1001`),
          400,
          "INVALID_PARAMETER",
          "limit"
        )
      }))

    it.effect("salary rows name the linked player and the team as the rest of the API does (issue 24)", () =>
      Effect.gen(function*() {
        const rows = (yield* ok(`/v1/nfl/dfs/slates/${NFL_SLATE}/salaries`)).data
        const murray = rows.find((r: any) => r.player_id === MURRAY)
        const held = (yield* ok(`/v1/nfl/players/${MURRAY}`)).data
        expect(murray).toMatchObject({ player_name: held.player_name, team_id: "ARI", team_abbr: "ARI" })
        // every team the slate names is a key /teams accepts; a defense keeps its team, not a player
        const teams = new Set(rows.map((r: any) => r.team_id))
        for (const team of teams) expect((yield* get(`/v1/nfl/teams/${team}/roster`)).status, String(team)).toBe(200)
        expect(rows.every((r: any) => r.team_id === r.team)).toBe(true)
        for (const r of rows) expect(r.player_name === null, r.name).toBe(r.player_id === null)
        const dst = rows.find((r: any) => r.position === "DST")
        expect(dst).toMatchObject({ player_id: null, player_name: null, team_id: dst.team })
        // golf: linked golfers carry their name; no team
        const golf = (yield* ok(`/v1/golf/dfs/slates/${GOLF_SLATE}/salaries`)).data
        const linked = golf.filter((r: any) => r.player_id !== null)
        expect(linked.length).toBeGreaterThan(0)
        for (const r of linked) expect(typeof r.player_name).toBe("string")
        expect(golf.every((r: any) => r.team_id === null && r.team_abbr === null)).toBe(true)
        // the optimizer's lineups carry the same fields
        const lineup = (yield* optimize({ slate_id: NFL_SLATE, projections: "service" })).data[0]
        for (const p of lineup.players) {
          expect(p, p.name).toMatchObject(rows.find((r: any) => r.platform_player_id === p.platform_player_id))
        }
      }))

    it.effect("optimize nfl: one lineup obeys every Classic rule and equals the exhaustive best", () =>
      Effect.gen(function*() {
        const body = yield* optimize({ slate_id: NFL_SLATE, projections: avgProjections })
        expect(body.count).toBe(1)
        expect(body.projections).toBe("custom")
        expect(body.players_without_projection).toEqual([])
        const lineup = body.data[0]
        const ids = expectNflClassic(lineup)
        for (const p of lineup.players) expect(p.projection).toBe(avgProjections[p.platform_player_id])
        expect(lineup.projected_points).toBe(r2(ids.reduce((t, id) => t + avgProjections[id]!, 0)))
        expect(lineup.projected_points).toBe(exhaustiveNflBest())
      }))

    it.effect("optimize nfl: several lineups are distinct, legal, best first; exposure is capped", () =>
      Effect.gen(function*() {
        const body = yield* optimize({ slate_id: NFL_SLATE, projections: avgProjections, lineups: 6 })
        expect(body.count).toBe(6)
        expect(body.stopped_reason).toBeNull()
        const sets = body.data.map((l: any) => expectNflClassic(l).sort().join(","))
        expect(new Set(sets).size).toBe(6)
        const totals = body.data.map((l: any) => l.projected_points)
        expect(totals).toEqual([...totals].sort((a, b) => b - a))
        // lineup n is the best lineup differing from the n - 1 before it: the n-th best set of players
        expect(totals).toEqual(exhaustiveNflTop().slice(0, 6))
        const capped = yield* optimize({
          slate_id: NFL_SLATE,
          projections: avgProjections,
          lineups: 5,
          max_exposure: 0.4
        })
        const uses = new Map<string, number>()
        for (const l of capped.data) {
          expectNflClassic(l)
          for (const p of l.players) uses.set(p.platform_player_id, (uses.get(p.platform_player_id) ?? 0) + 1)
        }
        // floor(0.4 x 5) = 2 lineups at most per player, or fewer lineups with the reason
        for (const n of uses.values()) expect(n).toBeLessThanOrEqual(2)
        if (capped.count < 5) expect(capped.stopped_reason).toContain("lineups")
      }))

    it.effect("optimize nfl: locks are in every lineup, excludes in none; ids canonical or DraftKings'", () =>
      Effect.gen(function*() {
        const best = (yield* optimize({ slate_id: NFL_SLATE, projections: avgProjections })).data[0]
        const top = best.players[0].platform_player_id
        const salaries = (yield* ok(`/v1/nfl/dfs/slates/${NFL_SLATE}/salaries`)).data
        const murray = salaries.find((r: any) => r.name === "Kyler Murray")
        const body = yield* optimize({
          slate_id: NFL_SLATE,
          projections: avgProjections,
          lineups: 3,
          locks: [murray.player_id, "39506565"],
          excludes: [top]
        })
        for (const l of body.data) {
          const ids = expectNflClassic(l)
          expect(ids).toContain(murray.platform_player_id)
          expect(ids).toContain("39506565")
          expect(ids).not.toContain(top)
        }
      }))

    it.effect("optimize nfl: min_salary is a floor of every lineup's salary", () =>
      Effect.gen(function*() {
        const body = yield* optimize({
          slate_id: NFL_SLATE,
          projections: avgProjections,
          lineups: 3,
          min_salary: 49_900
        })
        for (const l of body.data) {
          expectNflClassic(l)
          expect(l.salary_total).toBeGreaterThanOrEqual(49_900)
        }
      }))

    it.effect("optimize nfl: players missing from the projections map are listed and left out", () =>
      Effect.gen(function*() {
        const { [nflRows[0]!["ID"]!]: _a, [nflRows[1]!["ID"]!]: _b, ...partial } = avgProjections
        const body = yield* optimize({ slate_id: NFL_SLATE, projections: partial, lineups: 2 })
        expect(body.players_without_projection.map((p: any) => p.platform_player_id).sort()).toEqual(
          [nflRows[0]!["ID"], nflRows[1]!["ID"]].sort()
        )
        for (const l of body.data) {
          const ids = expectNflClassic(l)
          expect(ids).not.toContain(nflRows[0]!["ID"])
          expect(ids).not.toContain(nflRows[1]!["ID"])
        }
      }))

    it.effect("optimize golf: six golfers under the cap, equal to the exhaustive best", () =>
      Effect.gen(function*() {
        const body = yield* optimize({ slate_id: GOLF_SLATE, projections: golfProjections, lineups: 3 })
        const salary = new Map(golfRows.map((r) => [r["draftable_id"]!, Number(r["salary"])]))
        let best = -Infinity
        const ids = [...salary.keys()]
        const choose = (from: number, picked: Array<string>): void => {
          if (picked.length === 6) {
            if (picked.reduce((t, id) => t + salary.get(id)!, 0) <= 50_000) {
              best = Math.max(best, picked.reduce((t, id) => t + golfProjections[id]!, 0))
            }
            return
          }
          for (let i = from; i < ids.length; i++) choose(i + 1, [...picked, ids[i]!])
        }
        choose(0, [])
        expect(body.data[0].projected_points).toBe(r2(best))
        const seen = new Set<string>()
        for (const l of body.data) {
          expect(l.players.map((p: any) => p.slot)).toEqual(["G", "G", "G", "G", "G", "G"])
          const picked = l.players.map((p: any) => p.platform_player_id)
          expect(new Set(picked).size).toBe(6)
          expect(picked.reduce((t: number, id: string) => t + salary.get(id)!, 0)).toBe(l.salary_total)
          expect(l.salary_total).toBeLessThanOrEqual(50_000)
          seen.add(picked.sort().join(","))
        }
        expect(seen.size).toBe(body.count)
      }))

    it.effect("optimize: infeasible requests answer 400 with the reason", () =>
      Effect.gen(function*() {
        const qbs = nflRows.filter((r) => r["Position"] === "QB").map((r) => r["ID"])
        const twoQbs = expectError(
          yield* post({ slate_id: NFL_SLATE, projections: avgProjections, locks: qbs.slice(0, 2) }),
          400,
          "INVALID_PARAMETER",
          "locks"
        )
        expect(twoQbs.reason).toContain("no lineup satisfies")
        const dsts = nflRows.filter((r) => r["Position"] === "DST").map((r) => r["ID"])
        const noDst = expectError(
          yield* post({ slate_id: NFL_SLATE, projections: avgProjections, excludes: dsts }),
          400,
          "INVALID_PARAMETER",
          "slate_id"
        )
        expect(noDst.reason).toContain("slot DST needs 1")
        // the service holds no DraftKings golf points: every golfer lacks a projection, none is invented
        const golf = expectError(yield* post({ slate_id: GOLF_SLATE }), 400, "INVALID_PARAMETER", "projections")
        expect(golf.reason).toContain("have no projection")
        expect(golf.reason).toContain("no DraftKings golf points")
      }))

    it.effect("optimize nfl, service projections: as of the slate, without hindsight; players without one count 0", () =>
      Effect.gen(function*() {
        const body = yield* optimize({ slate_id: NFL_SLATE, projections: "service", lineups: 2 })
        expect(body.projections).toBe("service")
        expect(body.count).toBe(2)
        for (const l of body.data) {
          expectNflClassic(l)
          // the total is the sum of the projections used, a player without one counting 0
          expect(l.projected_points).toBe(r2(l.players.reduce((t: number, p: any) => t + (p.projection ?? 0), 0)))
        }
        const without = new Set(body.players_without_projection.map((p: any) => p.platform_player_id))
        // team defenses (the service holds no DST stats) and unlinked rows have none: listed, not refused
        for (const r of nflRows.filter((r) => r["Position"] === "DST")) expect(without.has(r["ID"])).toBe(true)
        const salaries = (yield* ok(`/v1/nfl/dfs/slates/${NFL_SLATE}/salaries`)).data
        for (const r of salaries.filter((r: any) => r.player_id === null)) {
          expect(without.has(r.platform_player_id)).toBe(true)
        }
        // Kyler Murray: the mean of his fixture games before the slate's date (2025-09-07), the
        // nflverse weekly file's PPR points of 2024 weeks 1 and 2; no injury report of his
        const weekly: ReadonlyArray<Record<string, string>> = parse(
          readFileSync(join(fixturesDir, "nfl", "urwishpatel2003_nflverse_data", "player_stats_weekly_2024.csv")),
          { columns: true }
        )
        const murrayGames = weekly.filter((r) => r["player_display_name"] === "Kyler Murray")
        expect(murrayGames.map((r) => r["week"])).toEqual(["1", "2"])
        const expected = r2(murrayGames.reduce((t, r) => t + Number(r["fantasy_points_ppr"]), 0) / murrayGames.length)
        const murray = salaries.find((r: any) => r.name === "Kyler Murray")
        const locked = yield* optimize({ slate_id: NFL_SLATE, projections: "service", locks: [murray.player_id] })
        const used = locked.data[0].players.find((p: any) => p.platform_player_id === murray.platform_player_id)
        expect(used.projection).toBe(expected)
        // no hindsight: the layer stored a Murray game of 2025-09-14 (60 points), after the slate;
        // the projection endpoint (as of today) averages it in, the slate's projection does not
        expect(murray.player_id).toBe(MURRAY)
        const today = (yield* ok(`/v1/nfl/players/${MURRAY}/projection`)).data
        expect(today.games_used).toBe(3)
        expect(today.trailing_average).toBe(r2((expected * 2 + 60) / 3))
      }))

    it.effect("optimize: the server keeps answering while many lineups are being solved", () =>
      Effect.gen(function*() {
        // a GET sent after a 12-lineup optimize is answered first. (That each solve leaves the
        // event loop free is test/wiring/solver.test.ts; here the server as a whole.)
        const h = yield* Harness
        const done: Array<string> = []
        const optimizing = yield* Effect.fork(
          post({ slate_id: NFL_SLATE, projections: avgProjections, lineups: 12 }).pipe(
            Effect.tap((res) => Effect.sync(() => done.push(`optimize ${res.status}`)))
          )
        )
        const sports = yield* h.request("GET", "/v1/sports", { key: h.keys.growth })
        done.push(`sports ${sports.status}`)
        yield* optimizing.await
        expect(done).toEqual(["sports 200", "optimize 200"])
      }))

    it.effect("optimize: a malformed body answers 400 INVALID_PARAMETER; growth tier", () =>
      Effect.gen(function*() {
        for (
          const bad of [
            {},
            { slate_id: NFL_SLATE, lineups: 0 },
            { slate_id: NFL_SLATE, lineups: 151 },
            { slate_id: NFL_SLATE, lineups: 2.5 },
            { slate_id: NFL_SLATE, projections: "magic" },
            { slate_id: NFL_SLATE, projections: { "39505777": "lots" } },
            { slate_id: NFL_SLATE, max_exposure: 0 },
            { slate_id: NFL_SLATE, max_exposure: 1.5 },
            { slate_id: NFL_SLATE, locks: "39505777" }
          ]
        ) {
          expectError(yield* post(bad), 400, "INVALID_PARAMETER")
        }
        expectError(yield* post({ slate_id: "nope" }), 400, "INVALID_PARAMETER", "slate_id")
        expectError(yield* post({ slate_id: NFL_SLATE, locks: ["svc_nfl_nobody"] }), 400, "INVALID_PARAMETER", "locks")
        expectError(
          yield* post({ slate_id: NFL_SLATE, locks: ["39505777"], excludes: ["39505777"] }),
          400,
          "INVALID_PARAMETER",
          "excludes"
        )
        expectError(yield* post({ slate_id: NFL_SLATE }, "build"), 403, "TIER_INSUFFICIENT")
      }))

    it.effect("optimize nfl, service projections: an ACTIVE projection model's PPR points of the slate's week, said in projection_method", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        const before = yield* optimize({ slate_id: NFL_SLATE, projections: "service", locks: [MURRAY] })
        expect(before.projection_method).not.toMatch(/projection model/)
        const version: Models.ModelVersion = {
          id: "nfl.projection.1.dfs-test",
          sport: "nfl",
          model_type: "projection",
          version: "1.dfs-test",
          status: "ACTIVE",
          trained_at: "2026-01-01T00:00:00.000Z",
          card: { ...Models.mlbConfidenceCard, target: "next game's fantasy points" }
        }
        const prediction = (week: number, ppr: number): Models.ModelPrediction => ({
          model_id: version.id,
          sport: "nfl",
          player_id: MURRAY,
          season: 2025,
          game_id: `2025_0${week}_ARI_TEST`,
          game_date: week === 1 ? "2025-09-07" : AFTER_SLATE,
          model_type: "projection",
          model_version: version.version,
          as_of: "2025-01-05",
          probability: null,
          confidence_score: null,
          heat_signal: null,
          expected: ppr - 2,
          threshold: null,
          actual: null,
          week,
          projection: {
            points: { standard: ppr - 4, half_ppr: ppr - 2, ppr },
            interval_80: { ppr: { low: ppr - 8, high: ppr + 8 } },
            actual_points: null
          }
        })
        yield* Effect.flatMap(ModelRegistryWriter, (w) => w.record(version, [prediction(1, 31.5), prediction(2, 90)]))
          .pipe(Effect.provide(h.stores))
        const body = yield* eventually(
          optimize({ slate_id: NFL_SLATE, projections: "service", locks: [MURRAY] }),
          (b) => String(b.projection_method).includes("nfl.projection")
        )
        expect(body.projection_method).toContain("nfl.projection.1.dfs-test")
        const used = body.data[0].players.find((p: any) => p.player_id === MURRAY)
        // the slate is 2025 week 1: that week's prediction, not the week 2 one
        expect(used.projection).toBe(31.5)
        // players without a prediction of the week keep the trailing average they had before
        const had = new Map(before.data[0].players.map((p: any) => [p.platform_player_id, p.projection]))
        for (
          const p of body.data[0].players.filter((p: any) => p.player_id !== MURRAY && had.has(p.platform_player_id))
        ) {
          expect(p.projection).toBe(had.get(p.platform_player_id))
        }
        yield* Effect.flatMap(ModelRegistryWriter, (w) => w.record({ ...version, status: "RETIRED" }, []))
          .pipe(Effect.provide(h.stores))
      }))
  })
})

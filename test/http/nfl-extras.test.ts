/**
 * NFL stacks and custom rankings end to end, over the nfl fixtures (test/fixtures/nfl) read by
 * the real ingest adapter.
 *
 * Buffalo 2024 in the fixture (urwishpatel2003_nflverse_data/player_stats_weekly_2024.csv, the
 * service's PPR per decisions.md worked out from each row):
 * - Josh Allen (QB, 00-0034857), weeks 1, 2, 19: wk1 232 pass yd, 2 pass TD, 39 rush yd, 2 rush TD,
 *   1 fumble lost = 9.28 + 8 + 3.9 + 12 - 2 = 31.18; wk2 139 yd, 1 TD, 2 rush yd and a fumble lost
 *   (hvpkod `Fum` 1) = 5.56 + 4 + 0.2 - 2 = 7.76; wk19 272 yd, 2 TD, 46 rush yd, a two-point pass
 *   = 10.88 + 8 + 4.6 + 2 = 25.48. He sat week 18.
 * - Khalil Shakir (WR, 00-0037261): wk1 3 rec 42 yd 1 TD = 13.2; wk2 5 rec 54 yd, 2 rush yd = 10.6;
 *   wk19 6 rec 61 yd = 12.1.
 * - Dalton Kincaid (TE, 00-0038933): 1-11 = 2.1; 4-33 = 7.3; 3-47 = 7.7.
 * - James Cook (RB, 00-0037248): wk1 71 rush, 3-32 = 13.3; wk2 78 rush 2 TD, 1-17 1 TD = 28.5;
 *   wk18 8.8 (without Allen); wk19 120 rush 1 TD = 18.
 * Pearson's r, computed by hand (Σ(x−x̄)(y−ȳ) / √(Σ(x−x̄)²Σ(y−ȳ)²)) over the shared weeks 1, 2, 19:
 * Allen-Shakir 0.9802, Allen-Kincaid -0.6404, Allen-Cook -0.9975.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { expectError, fixturesLayer, get, ok } from "./fixtures.js"
import { Harness } from "./harness.js"

const ALLEN = "svc_nfl_00-0034857"
const SHAKIR = "svc_nfl_00-0037261"
const KINCAID = "svc_nfl_00-0038933"
const COOK = "svc_nfl_00-0037248"

const post = (path: string, body: unknown, tier: "pro_insights" | "growth" = "pro_insights") =>
  Effect.flatMap(Harness, (h) =>
    h.request("POST", path, {
      key: h.keys[tier],
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body)
    }))

layer(fixturesLayer(["nfl"]), { timeout: 60_000 })("nfl stacks and custom rankings", (it) => {
  describe("GET /v1/nfl/stacks", () => {
    it.effect("pairs Buffalo's quarterback with his WR and TE, by the correlation of their PPR points", () =>
      Effect.gen(function*() {
        const body = yield* ok("/v1/nfl/stacks?team=buf&season=2024&min_games=3")
        expect(body.season).toBe(2024)
        expect(body.scoring).toBe("ppr")
        expect(body.data.map((s: any) => [s.qb_id, s.pass_catcher_id, s.games, s.correlation])).toEqual([
          [ALLEN, SHAKIR, 3, 0.9802],
          [ALLEN, KINCAID, 3, -0.6404]
        ])
        const [shakir] = body.data
        expect(shakir.qb_name).toBe("Josh Allen")
        expect(shakir.pass_catcher_name).toBe("Khalil Shakir")
        expect(shakir.pass_catcher_position).toBe("WR")
        // (31.18 + 7.76 + 25.48) / 3 and (13.2 + 10.6 + 12.1) / 3
        expect(shakir.qb_fantasy_points_avg).toBe(21.47)
        expect(shakir.pass_catcher_fantasy_points_avg).toBe(11.97)
      }))

    it.effect("position=RB pairs the running back over the games both played (week 18 without Allen)", () =>
      Effect.gen(function*() {
        const body = yield* ok("/v1/nfl/stacks?team=BUF&season=2024&position=rb&min_games=3")
        expect(body.data.map((s: any) => [s.pass_catcher_id, s.games, s.correlation])).toEqual([[COOK, 3, -0.9975]])
      }))

    it.effect("min_games drops pairs with fewer shared games; limit caps the rows", () =>
      Effect.gen(function*() {
        expect((yield* ok("/v1/nfl/stacks?team=BUF&season=2024&min_games=4")).data).toEqual([])
        expect((yield* ok("/v1/nfl/stacks?season=2024&limit=1&min_games=3")).data.map((s: any) => s.pass_catcher_id))
          .toEqual([
            SHAKIR
          ])
      }))

    it.effect("defaults to the latest season with stat lines (2025: two Buffalo games, under the default min_games)", () =>
      Effect.gen(function*() {
        const body = yield* ok("/v1/nfl/stacks?team=BUF")
        expect(body.season).toBe(2025)
        expect(body.data).toEqual([])
        const two = yield* ok("/v1/nfl/stacks?team=BUF&min_games=2")
        // two games: r is -1 or 1 by construction; Allen 38.76, 11.82; Shakir 12.4, 2.2 move together
        expect(two.data.find((s: any) => s.pass_catcher_id === SHAKIR)?.correlation).toBe(1)
      }))

    it.effect("bad parameters are 400 INVALID_PARAMETER; growth is the lowest tier", () =>
      Effect.gen(function*() {
        const h = yield* Harness
        expectError(yield* get("/v1/nfl/stacks?position=QB"), 400, "INVALID_PARAMETER", "position")
        expectError(yield* get("/v1/nfl/stacks?min_games=1"), 400, "INVALID_PARAMETER", "min_games")
        expectError(yield* get("/v1/nfl/stacks?team=BUFF"), 400, "INVALID_PARAMETER", "team")
        expectError(yield* get("/v1/nfl/stacks", h.keys.build), 403, "TIER_INSUFFICIENT")
        expect((yield* get("/v1/nfl/stacks", h.keys.growth)).status).toBe(200)
      }))
  })

  describe("POST /v1/nfl/rankings/custom", () => {
    it.effect("ranks by the caller's points per stat over the weeks asked", () =>
      Effect.gen(function*() {
        const res = yield* post("/v1/nfl/rankings/custom", {
          scoring: { receptions: 1, receiving_yards: 0.1 },
          season: 2024,
          weeks: [1, 2],
          position: "WR"
        })
        expect(res.status, res.text).toBe(200)
        expect(res.body.season).toBe(2024)
        expect(res.body.weeks).toEqual([1, 2])
        const shakir = res.body.data.find((r: any) => r.player_id === SHAKIR)
        // weeks 1-2: 3 + 5 receptions, 42 + 54 yards: 8 + 9.6
        expect(shakir).toMatchObject({ games: 2, fantasy_points: 17.6, fantasy_points_per_game: 8.8, team: "BUF" })
        const points = res.body.data.map((r: any) => r.fantasy_points)
        expect(points).toEqual([...points].sort((a: number, b: number) => b - a))
        expect(res.body.data.map((r: any) => r.rank)).toEqual(points.map((_: number, i: number) => i + 1))
        expect(res.body.data.every((r: any) => r.position === "WR")).toBe(true)
      }))

    it.effect("a quarterback's touchdown-only scoring over the whole season", () =>
      Effect.gen(function*() {
        const res = yield* post("/v1/nfl/rankings/custom", {
          scoring: { passing_tds: 10, interceptions: -5 },
          season: 2024,
          position: "QB",
          limit: 1
        })
        expect(res.status, res.text).toBe(200)
        // regular season only (the default): Murray's 4 passing touchdowns of weeks 1-2 lead Allen's 3;
        // with his wild-card game Allen would lead (see season_type below)
        expect(res.body.season_type).toBe("REG")
        expect(res.body.data).toEqual([
          expect.objectContaining({ rank: 1, full_name: "Kyler Murray", games: 2, fantasy_points: 40 })
        ])
      }))

    it.effect("season_type chooses regular season, playoffs or both (issue 24: playoff games were always counted)", () =>
      Effect.gen(function*() {
        const allen = (seasonType: string) =>
          Effect.map(
            post("/v1/nfl/rankings/custom", {
              scoring: { passing_tds: 10 },
              season: 2024,
              position: "QB",
              season_type: seasonType
            }),
            (res) => {
              expect(res.status, res.text).toBe(200)
              expect(res.body.season_type).toBe(seasonType)
              return res.body.data.find((r: any) => r.player_id === ALLEN)
            }
          )
        // the wild-card game of week 19: 2 passing touchdowns
        expect(yield* allen("POST")).toMatchObject({ games: 1, fantasy_points: 20 })
        expect(yield* allen("ALL")).toMatchObject({ games: 3, fantasy_points: 50 })
        expect(yield* allen("REG")).toMatchObject({ games: 2, fantasy_points: 30 })
        expectError(
          yield* post("/v1/nfl/rankings/custom", { scoring: { passing_tds: 1 }, season_type: "PRE" }),
          400,
          "INVALID_PARAMETER"
        )
      }))

    it.effect("an unknown stat key is 400 naming it and listing the known keys", () =>
      Effect.gen(function*() {
        const body = expectError(
          yield* post("/v1/nfl/rankings/custom", { scoring: { receptions: 1, catches: 2 } }),
          400,
          "INVALID_PARAMETER",
          "scoring"
        )
        expect(body.reason).toContain("catches")
        expect(body.reason).toContain("receiving_yards")
      }))

    it.effect("a malformed body is 400; pro_insights is the lowest tier", () =>
      Effect.gen(function*() {
        expect((yield* post("/v1/nfl/rankings/custom", { scoring: {} })).status).toBe(400)
        expect((yield* post("/v1/nfl/rankings/custom", { scoring: { receptions: "one" } })).status).toBe(400)
        expect((yield* post("/v1/nfl/rankings/custom", { scoring: { receptions: 1 }, weeks: [0] })).status).toBe(400)
        expectError(
          yield* post("/v1/nfl/rankings/custom", { scoring: { receptions: 1 } }, "growth"),
          403,
          "TIER_INSUFFICIENT"
        )
      }))
  })
})

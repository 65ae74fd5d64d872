/**
 * The endpoints no source answers, end to end over the nfl and mlb fixtures: each is routed with
 * its tier (endpoints.json `tier_resolved`), validates its parameters, answers 404 for a player or
 * game the service does not hold, and otherwise empty data with `meta.coverage` unavailable and
 * its reason.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { expectError, fixturesLayer, get, ok } from "./fixtures.js"
import { Harness } from "./harness.js"

const ALLEN = "svc_nfl_00-0034857"
const NFL_GAME = "2024_01_ARI_BUF"

/** Expects the answer of an endpoint without a source: no rows, coverage unavailable with `reason`. */
const expectNoSource = (body: any, reason: string) => {
  expect(body.success).toBe(true)
  expect(body.count).toBe(0)
  expect(body.data).toEqual([])
  expect(body.meta.coverage).toEqual({ available: false, reason })
}

layer(fixturesLayer(["nfl", "mlb"]), { timeout: 120_000 })("endpoints without a source", (it) => {
  describe("answers empty data with meta.coverage", () => {
    it.effect("play-by-play of a held game; 404 for a game not held; sports outside the six are 400", () =>
      Effect.gen(function*() {
        // this server has no play-by-play files (with them: test/http/plays.test.ts)
        expectNoSource(
          yield* ok(`/v1/nfl/games/${NFL_GAME}/plays`),
          "no source has play-by-play data for this season; an operator can add nflverse " +
            "play_by_play_<season>.csv files under <data dir>/nflverse_pbp/"
        )
        const [mlbGame] = (yield* ok("/v1/mlb/games?limit=1")).data
        expectNoSource(
          yield* ok(`/v1/mlb/games/${mlbGame.id ?? mlbGame.game_pk}/plays`),
          "no source has play-by-play data"
        )
        expectError(yield* get("/v1/nfl/games/2024_01_XXX_YYY/plays"), 404, "RESOURCE_NOT_FOUND")
        expectError(yield* get(`/v1/tennis/games/${NFL_GAME}/plays`), 400, "INVALID_PARAMETER", "sport")
      }))

    it.effect("ecr for nfl, nba and mlb, validating position and limit", () =>
      Effect.gen(function*() {
        for (const sport of ["nfl", "nba", "mlb"]) {
          expectNoSource(yield* ok(`/v1/${sport}/ecr?limit=10`), "no source has expert consensus rankings")
        }
        expectError(yield* get("/v1/nhl/ecr"), 400, "INVALID_PARAMETER", "sport")
        expectError(yield* get("/v1/nfl/ecr?limit=0"), 400, "INVALID_PARAMETER", "limit")
      }))

    it.effect("nfl draft rankings and camp intel (404 for an unknown player)", () =>
      Effect.gen(function*() {
        expectNoSource(
          yield* ok("/v1/nfl/players/rankings?position=WR&format=half_ppr&limit=5&offset=0"),
          "no source has consensus draft rankings"
        )
        expectError(yield* get("/v1/nfl/players/rankings?format=superflex"), 400, "INVALID_PARAMETER", "format")
        expectNoSource(yield* ok(`/v1/nfl/players/${ALLEN}/camp-intel`), "no source has training camp reports")
        expectError(yield* get("/v1/nfl/players/svc_nfl_nobody/camp-intel"), 404, "RESOURCE_NOT_FOUND")
      }))

    it.effect("mlb splits (both paths), transactions and depth-chart changes of mlb and nba", () =>
      Effect.gen(function*() {
        const [first] = (yield* ok("/v1/mlb/players?limit=1")).data
        const splits = "no source has pitch-level data for pitch-type mix splits"
        expectNoSource(yield* ok(`/v1/mlb/players/${first.id}/splits?season=2024&player_type=batter`), splits)
        expectError(yield* get(`/v1/mlb/players/${first.id}/splits?player_type=fielder`), 400, "INVALID_PARAMETER")
        expectError(yield* get("/v1/mlb/players/svc_mlb_nobody/splits"), 404, "RESOURCE_NOT_FOUND")
        expectError(yield* get(`/v1/nfl/players/${ALLEN}/splits`), 400, "INVALID_PARAMETER", "sport")
        expectNoSource(
          yield* ok("/v1/mlb/transactions?startDate=2024-04-01&endDate=2024-04-30&type=trade"),
          "no source has mlb transactions"
        )
        expectError(yield* get("/v1/mlb/transactions?startDate=2024-13-01"), 400, "INVALID_PARAMETER", "startDate")
        expectNoSource(yield* ok("/v1/mlb/depth-chart/changes?team=NYY&limit=5"), "no source has MLB depth charts")
        expectNoSource(yield* ok("/v1/nba/depth-chart/changes?since=2026-01-01"), "no source has NBA depth charts")
        expectError(yield* get("/v1/nba/depth-chart/changes?since=yesterday"), 400, "INVALID_PARAMETER", "since")
      }))
  })

  it.effect("each checks its tier: pro_insights for plays, growth for ecr and rankings, build for the rest", () =>
    Effect.gen(function*() {
      const h = yield* Harness
      const cases: ReadonlyArray<readonly [string, "pro_insights" | "growth" | "build", "growth" | "starter"]> = [
        [`/v1/nfl/games/${NFL_GAME}/plays`, "pro_insights", "growth"],
        ["/v1/nfl/ecr", "growth", "starter"],
        ["/v1/nfl/players/rankings", "growth", "starter"],
        ["/v1/nba/depth-chart/changes", "growth", "starter"],
        ["/v1/mlb/depth-chart/changes", "growth", "starter"],
        [`/v1/nfl/players/${ALLEN}/camp-intel`, "build", "starter"],
        ["/v1/mlb/transactions", "build", "starter"]
      ]
      for (const [path, tier, below] of cases) {
        expectError(yield* get(path, h.keys[below]), 403, "TIER_INSUFFICIENT")
        expect((yield* get(path, h.keys[tier])).status, path).toBe(200)
      }
    }))
})

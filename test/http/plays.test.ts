/**
 * `GET /v1/{sport}/games/{gameId}/plays` with the nflverse play-by-play adapter: a server whose
 * PlayReader reads test/fixtures/nfl/nflverse_pbp (a FORMAT fixture written by hand in the public
 * column layout, see its README) answers the plays of a 2024 game in play order; a 2024 game the
 * file does not list answers no rows with coverage available; a 2025 game (no file for 2025) and
 * every other sport answer unavailable. Without the adapter, test/http/unavailable.test.ts.
 */
import { describe, expect, layer } from "@effect/vitest"
import { ApiLiveWith } from "@sports-data/http"
import { NflversePlays } from "@sports-data/ingest"
import { Effect, Layer } from "effect"
import { join } from "node:path"
import { expectError, fixturesDir, fixturesLayer, get, ok } from "./fixtures.js"

const nflDir = join(fixturesDir, "nfl")

/** A harness serving the nfl fixtures with the PlayReader over the fixture folder. */
const TestLayer = fixturesLayer(["nfl"], { apiLive: ApiLiveWith().pipe(Layer.provide(NflversePlays.layer(nflDir))) })

layer(TestLayer, { timeout: 60_000 })("plays from nflverse play-by-play files", (it) => {
  describe("GET /v1/nfl/games/{gameId}/plays", () => {
    it.effect("the plays of a game in the file, in play order, with the nflverse fields", () =>
      Effect.gen(function*() {
        const body = yield* ok("/v1/nfl/games/2024_01_ARI_BUF/plays")
        expect(body.meta.coverage).toBeUndefined()
        expect(body.data.map((p: any) => p.play_id)).toEqual([1, 40, 61, 85])
        expect(body.data[2]).toEqual({
          game_id: "2024_01_ARI_BUF",
          play_id: 61,
          qtr: 1,
          time: "14:55",
          down: 1,
          ydstogo: 10,
          yardline_100: 70,
          posteam: "ARI",
          defteam: "BUF",
          play_type: "pass",
          yards_gained: 6,
          desc: "FORMAT FIXTURE: pass short right for 6 yards"
        })
        // NA fields are null
        expect(body.data[0]).toMatchObject({ down: null, posteam: null, play_type: null })
        // the next game's rows, after another game's
        expect((yield* ok("/v1/nfl/games/2024_02_BUF_MIA/plays")).data.map((p: any) => p.play_id)).toEqual([1, 42])
        // bounded: limit plays from offset, total counting them all
        const page = yield* ok("/v1/nfl/games/2024_01_ARI_BUF/plays?limit=2&offset=1")
        expect(page.data.map((p: any) => p.play_id)).toEqual([40, 61])
        expect([page.total, page.offset, page.limit]).toEqual([4, 1, 2])
        expect((yield* ok("/v1/nfl/games/2024_01_ARI_BUF/plays")).limit).toBe(100)
        expectError(yield* get("/v1/nfl/games/2024_01_ARI_BUF/plays?limit=501"), 400, "INVALID_PARAMETER", "limit")
      }))

    it.effect("a held game the file does not list: no rows, coverage available with the reason", () =>
      Effect.gen(function*() {
        const body = yield* ok("/v1/nfl/games/2024_02_LA_ARI/plays")
        expect(body.data).toEqual([])
        expect(body.meta.coverage).toEqual({
          available: true,
          reason: "the play-by-play file of this season has no play of this game"
        })
      }))

    it.effect("a season without a file is unavailable; an unknown game is 404", () =>
      Effect.gen(function*() {
        const body = yield* ok("/v1/nfl/games/2025_01_BAL_BUF/plays")
        expect(body.data).toEqual([])
        expect(body.meta.coverage.available).toBe(false)
        expect(body.meta.coverage.reason).toContain("nflverse_pbp")
        expectError(yield* get("/v1/nfl/games/2024_01_XXX_YYY/plays"), 404, "RESOURCE_NOT_FOUND")
      }))
  })
})

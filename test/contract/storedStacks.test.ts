/**
 * The stored nfl stacks (StackReader, the read model of `/v1/nfl/stacks` the stacks job writes
 * after each nfl ingest) on every store: after an ingest of the nfl fixtures the app answers
 * from the stored sets, and its answers equal those it computes from the stat lines when no set
 * is stored (the code path the read model replaced), for the filters clients send; after the
 * lines change and nfl is ingested again, the stored sets follow.
 */
import { describe, expect, it } from "@effect/vitest"
import { Stacks } from "@sports-data/app"
import { GameReader, PlayerReader, SportsWriter, StackReader, Stacks as S, StatLineReader } from "@sports-data/domain"
import { Progress, Runner, StoredStacks } from "@sports-data/ingest"
import { Effect, Layer, Option } from "effect"
import { fileURLToPath } from "node:url"
import { storeLayers } from "../harness/stores.js"

const nflFixtures = fileURLToPath(new URL("../fixtures/nfl", import.meta.url))

/** The stacks service without stored sets: every answer computed from the stat lines, as before. */
const computed = Stacks.Default.pipe(
  Layer.provide(Layer.succeed(StackReader, { find: () => Effect.succeed(Option.none()), sets: Effect.succeed(0) }))
)

/** The queries clients send: default and single positions, teams in any case, min_games and limits. */
const queries = (season: number | undefined, team: string) =>
  [season].flatMap((s) =>
    [S.DEFAULT_STACK_POSITIONS, ["WR"], ["TE"], ["RB"], ["RB", "WR"]].flatMap((positions) =>
      [undefined, team, team.toLowerCase()].flatMap((t) =>
        [2, 3].flatMap((minGames) => [1, 100].map((limit) => ({ season: s, team: t, positions, minGames, limit })))
      )
    )
  )

const layers = await storeLayers()

describe.each(layers.filter(([label]) => label !== "pglite thread"))("stored stacks on %s", (_label, stores) => {
  it.scopedLive(
    "the stored sets answer as the per-request computation, and follow a re-ingest",
    () =>
      Effect.gen(function*() {
        const ingest = Runner.runIngest({ sports: ["nfl"], dataDir: nflFixtures }).pipe(
          Effect.provide(Progress.silent)
        )
        yield* ingest
        const reader = yield* StackReader
        const lines = yield* StatLineReader
        const newest = (yield* lines.find({ sport: "nfl", order: "recent", limit: 1, offset: 0 })).rows[0]!
        const seasons = [
          ...new Set((yield* lines.find({ sport: "nfl", order: "recent", limit: 5000, offset: 0 })).rows
            .map((l) => l.season))
        ]
        expect(yield* reader.sets).toBe(seasons.length * S.STORED_POSITION_SETS.length)
        const held = yield* reader.find({
          season: newest.season,
          positions: S.positionsKey(S.DEFAULT_STACK_POSITIONS),
          minGames: 2,
          limit: 100
        })
        expect(Option.isSome(held)).toBe(true)

        const stacks = yield* Stacks
        const readers = yield* Effect.context<StatLineReader | PlayerReader | GameReader>()
        const reference = yield* Stacks.pipe(Effect.provide(computed), Effect.provide(readers))
        const compare = Effect.gen(function*() {
          let rows = 0
          for (const season of [undefined, ...seasons]) {
            for (const q of queries(season, "BUF")) {
              const got = yield* stacks.stacks(q)
              expect(got, JSON.stringify(q)).toEqual(yield* reference.stacks(q))
              rows += got.rows.length
            }
          }
          return rows
        })
        expect(yield* compare).toBeGreaterThan(0)

        // new points for a quarterback's game (as a changed source file): after the stacks job
        // (which the ingest runs when the lines changed) the stored sets answer with them
        const qb = (yield* lines.find({ sport: "nfl", position: "QB", order: "recent", limit: 1, offset: 0 })).rows[0]!
        const before = yield* stacks.stacks({ season: qb.season, positions: ["WR"], minGames: 2, limit: 100 })
        yield* (yield* SportsWriter).upsertStatLines([{ ...qb, fantasy_points: (qb.fantasy_points ?? 0) + 40 }])
        yield* StoredStacks.recomputeStacks("nfl")
        const moved = yield* stacks.stacks({ season: qb.season, positions: ["WR"], minGames: 2, limit: 100 })
        expect(moved).not.toEqual(before)
        expect(moved).toEqual(
          yield* reference.stacks({ season: qb.season, positions: ["WR"], minGames: 2, limit: 100 })
        )
        // the ingest of the unchanged files writes the source's points back and recomputes the sets
        yield* ingest
        expect(yield* stacks.stacks({ season: qb.season, positions: ["WR"], minGames: 2, limit: 100 })).toEqual(before)
        yield* compare
      }).pipe(Effect.provide(Stacks.Default.pipe(Layer.provideMerge(stores)))),
    { timeout: 600_000 }
  )
})

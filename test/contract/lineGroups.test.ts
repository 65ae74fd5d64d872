/**
 * The stored line groups of the SQL stores (store-sql LineGroups.ts, the read model of a whole
 * season's StatLineReader `leaders`): after an ingest every season is fresh, its players are
 * stored ranked, and its leaders equal those of the grouping of its lines (every player, the first
 * three, with a position filter, and one team's, named in any case, with its own ranks); a write to a season's lines makes it stale in the same transaction
 * (the reader then groups the lines, so it answers the new lines at once); the next ingest of the
 * sport (a re-ingest that writes the source's rows back) makes it fresh again, with the groups
 * of the lines it holds.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import { SportsWriter, StatLineReader } from "@sports-data/domain"
import { Progress, Runner } from "@sports-data/ingest"
import { Effect } from "effect"
import { fileURLToPath } from "node:url"
import { sqlStoreLayers } from "../harness/stores.js"

const nbaFixtures = fileURLToPath(new URL("../fixtures/nba", import.meta.url))

/** PGlite and, when a server answers, PostgreSQL, each with its SqlClient (harness stores.ts). */
const layers = await sqlStoreLayers()

/** The (sport, season) rows of `line_group_seasons` and whether each is fresh. */
const seasons = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.map(
    sql<{ sport: string; season: number; fresh: boolean }>`SELECT sport, season, fresh FROM line_group_seasons
      ORDER BY sport, season`,
    (rows) => rows.map((r) => [r.sport, Number(r.season), r.fresh] as const)
  ))

/**
 * Every player of a whole nba season ranked (or the first `limit`), as the reader answers (while
 * fresh: the stored ranked players, or with positions the stored groups).
 */
const groupsOf = (season: number, positions?: ReadonlyArray<string>, limit = 10_000, team?: string) =>
  Effect.flatMap(StatLineReader, (lines) => lines.leaders({ sport: "nba", season, team, positions, limit }))

/** The stored ranked players of an nba season (`line_leaders`), in rank order. */
const storedLeaders = (season: number) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<{ player_id: string }>`SELECT player_id FROM line_leaders WHERE sport = 'nba' AND season = ${season}
      ORDER BY rank`.pipe(Effect.map((rows) => rows.map((r) => r.player_id)))
  )

/** The same from the season's lines grouped per request: the reader with every player id of the season. */
const groupedLines = (season: number, positions?: ReadonlyArray<string>, team?: string) =>
  Effect.gen(function*() {
    const lines = yield* StatLineReader
    const all = (yield* lines.find({ sport: "nba", season, order: "recent", limit: 100_000, offset: 0 })).rows
    const ids = [...new Set(all.map((l) => l.player_id))]
    // with player ids the reader groups the lines per request (never the stored groups)
    return yield* lines.leaders({ sport: "nba", season, team, player_ids: ids, positions, limit: 10_000 })
  })

/** The teams of an nba season's lines, as the lines spell them. */
const teamsOf = (season: number) =>
  Effect.flatMap(StatLineReader, (lines) =>
    Effect.map(
      lines.find({ sport: "nba", season, order: "recent", limit: 100_000, offset: 0 }),
      (page) => [...new Set(page.rows.flatMap((l) => (l.team === null ? [] : [l.team])))]
    ))

describe.each(layers)("line groups on %s", (_label, stores) => {
  it.scopedLive(
    "fresh after an ingest, stale after a write, fresh again after a re-ingest",
    () =>
      Effect.gen(function*() {
        const ingest = Runner.runIngest({ sports: ["nba"], dataDir: nbaFixtures }).pipe(Effect.provide(Progress.silent))
        yield* ingest
        const held = yield* seasons
        expect(held.length).toBeGreaterThan(0)
        let teamsHeld = 0
        expect(held.every(([, , fresh]) => fresh)).toBe(true)
        for (const [, season] of held) {
          const whole = yield* groupsOf(season)
          expect(whole.leaders.length).toBeGreaterThan(0)
          expect(whole).toEqual(yield* groupedLines(season))
          // the whole season's ranking is stored, and a short list is its head
          expect(yield* storedLeaders(season)).toEqual(whole.leaders.map((l) => l.player_id))
          expect(yield* groupsOf(season, undefined, 3)).toEqual({ ...whole, leaders: whole.leaders.slice(0, 3) })
          const guards = whole.positions.filter((p) => p.includes("G"))
          expect(guards.length).toBeGreaterThan(0)
          const kept = yield* groupsOf(season, guards)
          expect(kept.total).toBeLessThan(whole.total)
          expect(kept).toEqual(yield* groupedLines(season, guards))
          // one team's season (the team in any case): its stored groups, ranked among its own lines
          const teams = yield* teamsOf(season)
          teamsHeld = Math.max(teamsHeld, teams.length)
          let teamLines = 0
          for (const team of teams) {
            const ofTeam = yield* groupsOf(season, undefined, 10_000, team.toLowerCase())
            expect(ofTeam.total).toBeGreaterThan(0)
            teamLines += ofTeam.total
            expect(ofTeam).toEqual(yield* groupedLines(season, undefined, team))
            const teamGuards = ofTeam.positions.filter((p) => p.includes("G"))
            expect(yield* groupsOf(season, teamGuards, 2, team)).toEqual(
              yield* Effect.map(
                groupedLines(season, teamGuards, team),
                (g) => ({ ...g, leaders: g.leaders.slice(0, 2) })
              )
            )
          }
          expect(teamLines).toBe(whole.total)
        }
        expect(teamsHeld).toBeGreaterThan(1)

        const lines = yield* StatLineReader
        const newest = (yield* lines.find({ sport: "nba", order: "recent", limit: 1, offset: 0 })).rows[0]!
        yield* (yield* SportsWriter).upsertStatLines([{
          ...newest,
          fantasy_points: (newest.fantasy_points ?? 0) + 100
        }])
        expect((yield* seasons).find(([, season]) => season === newest.season)?.[2]).toBe(false)
        const moved = yield* groupsOf(newest.season)
        expect(moved).toEqual(yield* groupedLines(newest.season))
        expect(moved.leaders.find((g) => g.player_id === newest.player_id)?.fantasy_points).toBeGreaterThan(100)

        yield* ingest
        expect((yield* seasons).every(([, , fresh]) => fresh)).toBe(true)
        const back = yield* groupsOf(newest.season)
        expect(back).toEqual(yield* groupedLines(newest.season))
        expect(back).not.toEqual(moved)
      }).pipe(Effect.provide(stores)),
    { timeout: 300_000 }
  )
})

/**
 * The standings tables (GameReader `standings`; store-sql keeps them in `standings_tables`,
 * Standings.ts) on every store: after an ingest of the fixtures, the table of every league's
 * season held, and the app's answer for the default season, equal what the per-request
 * computation over the season's games (the code they replaced, written out below as the
 * reference) answered, and so does the default season (the latest with a result), and the cfb
 * polls of the newest week (or of the season and week asked for); on the SQL
 * stores each table is read from its stored row. After a result is
 * rewritten, a team renamed or a live poll ends a game, the answers move with the data at once
 * (a SQL table older than its games is not read) and the stored row is current again after the
 * sport's ingest ends (SportsWriter `setIngestState`) or after the poll.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import { Rankings, Standings } from "@sports-data/app"
import {
  type Game,
  GameReader,
  LiveGameStore,
  Paging,
  RankingReader,
  Sports,
  SportsWriter,
  Standings as S,
  TeamReader,
  type TeamSport
} from "@sports-data/domain"
import { Progress, Runner } from "@sports-data/ingest"
import { storedStandings } from "@sports-data/store-sql"
import { Effect, Layer, Option } from "effect"
import { fileURLToPath } from "node:url"
import { storeLayers } from "../harness/stores.js"

const fixtures = (sport: string) => fileURLToPath(new URL(`../fixtures/${sport}`, import.meta.url))

/** The sports whose standings are compared (each has fixtures). */
const SPORTS = ["mlb", "nba", "nhl", "soccer", "cfb"] as const satisfies ReadonlyArray<TeamSport>

/** The reference: the season's games and the league's teams read and tabled per request (the replaced code). */
const referenceTable = (sport: TeamSport, league: string, season: number) =>
  Effect.gen(function*() {
    const games = yield* GameReader
    const played = yield* Paging.allRows((page) => games.find({ sport, league, season, order: "asc", ...page }))
    const held = played.length === 0
      ? []
      : (yield* (yield* TeamReader).find(sport)).filter((t) => Sports.inLeague(t, league))
    return Sports.computeStandings(sport, held, played, { league, season })
  })

/** The reference default season: per finished state, the season of its newest game, the greatest (the replaced code). */
const referenceSeason = (sport: TeamSport, league: string) =>
  Effect.gen(function*() {
    const games = yield* GameReader
    let best: number | null = null
    for (const state of ["final", "completed"]) {
      const season = (yield* games.find({ sport, league, state, order: "desc", limit: 1, offset: 0 })).rows[0]?.season
      if (season !== undefined && (best === null || season > best)) best = season
    }
    return best
  })

/** The reference poll: every row of the poll (of the season asked for) read and filtered per request (the replaced code). */
const referencePoll = (options: { poll: string; season?: number | undefined; week?: number | undefined }) =>
  Effect.gen(function*() {
    const all = yield* (yield* RankingReader).find({ sport: "cfb", poll: options.poll, season: options.season })
    const season = options.season ??
      all.reduce<number | null>((m, r) => (m === null || r.season > m ? r.season : m), null)
    const ofSeason = all.filter((r) => r.season === season)
    const week = options.week ??
      ofSeason.reduce<number | null>((m, r) => (m === null || r.week > m ? r.week : m), null)
    const rows = ofSeason.filter((r) => r.week === week).sort((a, b) => a.rank - b.rank)
    return { season, week, poll: options.poll, rows }
  })

/** Every game of `sport` held. */
const gamesOf = (sport: TeamSport) =>
  Effect.flatMap(GameReader, (games) => Paging.allRows((page) => games.find({ sport, order: "asc", ...page })))

/** The (league, season) pairs of `sport` held in the games. */
const keysOf = (sport: TeamSport) =>
  Effect.map(gamesOf(sport), (rows) =>
    [...new Set(rows.map((g) => `${g.league}\u0000${g.season}`))].map((k) => {
      const [league, season] = k.split("\u0000")
      return { sport, league: league!, season: Number(season) }
    }))

/**
 * On a SQL store: whether the stored row of the key is read (current) and, when it is, that it
 * equals `expected`. Undefined on the memory store (it computes every read).
 */
const stored = (key: { sport: TeamSport; league: string; season: number }, expected: unknown) =>
  Effect.gen(function*() {
    const sql = yield* Effect.serviceOption(SqlClient.SqlClient)
    if (Option.isNone(sql)) return undefined
    const row = yield* storedStandings(key).pipe(Effect.provideService(SqlClient.SqlClient, sql.value))
    if (Option.isSome(row)) expect(row.value, `stored ${JSON.stringify(key)}`).toEqual(expected)
    return Option.isSome(row)
  })

const endIngest = (sport: TeamSport) =>
  Effect.flatMap(SportsWriter, (w) => w.setIngestState({ sport, finished_at: new Date(0), source_mtime_ms: 0 }))

const layers = await storeLayers()

describe.each(layers)("standings tables on %s", (_label, stores) => {
  it.scopedLive(
    "tables, default seasons and cfb polls equal the per-request computation; tables move with results, teams and live polls",
    () =>
      Effect.gen(function*() {
        for (const sport of SPORTS) {
          yield* Runner.runIngest({ sports: [sport], dataDir: fixtures(sport) }).pipe(Effect.provide(Progress.silent))
        }
        const games = yield* GameReader
        const standings = yield* Standings
        for (const sport of SPORTS) {
          const keys = yield* keysOf(sport)
          expect(keys.length, `${sport} fixtures hold games`).toBeGreaterThan(0)
          for (const key of keys) {
            const expected = yield* referenceTable(key.sport, key.league, key.season)
            expect(yield* games.standings(key), JSON.stringify(key)).toEqual(expected)
            expect(yield* stored(key, expected), `stored ${JSON.stringify(key)}`).not.toBe(false)
          }
          for (const league of new Set(keys.map((k) => k.league))) {
            const season = yield* referenceSeason(sport, league)
            expect(season, `${sport} ${league} has results`).not.toBeNull()
            expect(yield* games.latestSeason({ sport, league, states: ["final", "completed"] })).toBe(season)
            const table = yield* standings.table(sport, { league })
            expect(table.season).toBe(season)
            expect(table.rows).toEqual(yield* referenceTable(sport, league, table.season!))
          }
        }
        expect(yield* games.standings({ sport: "nba", league: "nba", season: 1990 })).toEqual([])
        expect(yield* games.latestSeason({ sport: "soccer", league: "no_such_league", states: ["final"] })).toBeNull()

        // the cfb polls: the newest week by default, read alone
        const polls = yield* (yield* RankingReader).find({ sport: "cfb" })
        expect(polls.length, "cfb fixtures hold polls").toBeGreaterThan(0)
        const rankings = yield* Rankings
        for (const poll of [...new Set(polls.map((r) => r.poll)), "no_such_poll"]) {
          const sample = polls.find((r) => r.poll === poll)
          const asked = [
            { poll },
            { poll, season: sample?.season },
            { poll, week: sample?.week },
            { poll, season: sample?.season, week: sample?.week },
            { poll, season: 1990 },
            { poll, season: 1990, week: 3 }
          ]
          for (const options of asked) {
            const { teams: _teams, ...answer } = yield* rankings.poll("cfb", options)
            expect(answer, `${JSON.stringify(options)}`).toEqual(yield* referencePoll(options))
          }
        }
        const newest = polls.reduce((
          m,
          r
        ) => (r.season > m.season || (r.season === m.season && r.week > m.week) ? r : m))
        expect((yield* rankings.poll("cfb", { poll: newest.poll })).week).toBe(
          Math.max(...polls.filter((r) => r.poll === newest.poll && r.season === newest.season).map((r) => r.week))
        )

        // a result rewritten (as a corrected re-ingest writes it): the table moves at once
        const final = (yield* gamesOf("mlb")).find((g) => S.countsInStandings(g) && g.home_score !== g.away_score)!
        const key = { sport: "mlb" as const, league: final.league, season: final.season }
        const before = yield* games.standings(key)
        expect(before.find((s) => s.team.abbr === final.home_team)?.games_played).toBeGreaterThan(0)
        const flipped: Game = { ...final, home_score: final.away_score, away_score: final.home_score }
        yield* (yield* SportsWriter).upsertGames([flipped])
        const after = yield* games.standings(key)
        expect(after).not.toEqual(before)
        expect(after).toEqual(yield* referenceTable(key.sport, key.league, key.season))
        expect(yield* stored(key, after)).not.toBe(true)
        yield* endIngest("mlb")
        expect(yield* stored(key, after)).not.toBe(false)

        // a team renamed: its standing carries the new name
        const team = before[0]!.team
        yield* (yield* SportsWriter).upsertTeams([{ ...team, name: `${team.name} Renamed` }])
        const renamed = yield* games.standings(key)
        expect(renamed.find((s) => s.team.abbr === team.abbr)?.team.name).toBe(`${team.name} Renamed`)
        expect(renamed).toEqual(yield* referenceTable(key.sport, key.league, key.season))
        yield* endIngest("mlb")
        expect(yield* stored(key, renamed)).not.toBe(false)

        // a live poll ends a game that was scheduled: the table counts it once the poll is written
        const nba = (yield* gamesOf("nba")).find(S.countsInStandings)!
        const nbaKey = { sport: "nba" as const, league: nba.league, season: nba.season }
        const scheduled: Game = { ...nba, id: `${nba.id}-live`, state: "scheduled", home_score: null, away_score: null }
        yield* (yield* SportsWriter).upsertGames([scheduled])
        yield* endIngest("nba")
        const beforePoll = yield* games.standings(nbaKey)
        const applied = yield* (yield* LiveGameStore).apply([{
          game_id: scheduled.id,
          sport: "nba",
          state: "final",
          home_score: 101,
          away_score: 99,
          live: {
            upstream: "test",
            upstream_id: scheduled.id,
            period: 4,
            period_label: "4th",
            clock: null,
            inning: null,
            inning_state: null,
            lineup_posted: null,
            status_detail: "Final",
            last_polled: "2025-01-01T00:00:00.000Z"
          }
        }], new Date("2025-01-01T00:00:00Z"))
        expect(applied.map((a) => a.game_id)).toEqual([scheduled.id])
        const afterPoll = yield* games.standings(nbaKey)
        const playedOf = (rows: typeof afterPoll) => rows.find((s) => s.team.abbr === nba.home_team)?.games_played
        expect(playedOf(afterPoll)).toBe(playedOf(beforePoll)! + 1)
        expect(afterPoll).toEqual(yield* referenceTable(nbaKey.sport, nbaKey.league, nbaKey.season))
        expect(yield* stored(nbaKey, afterPoll)).not.toBe(false)
      }).pipe(Effect.provide(Layer.mergeAll(Standings.Default, Rankings.Default).pipe(Layer.provideMerge(stores)))),
    { timeout: 600_000 }
  )
})

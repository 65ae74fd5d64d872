/**
 * The odds phase of a sport's ingest: after the sport's own rows are written, reads the sport's
 * betting-line files (Sources.ts), matches each line to the service's stored games or matches
 * (Match.ts; games read back through the GameReader, tennis matches through the EventReader), and
 * replaces the sport's stored lines through the OddsWriter. Lines whose game is not found are
 * reported as skipped (file, line, reason) and counted, never stored.
 *
 * Sources by sport: nfl nflverse schedules (2022-2026, moneylines, spread, total) and spreadspoke
 * (spread and total); nhl and nba The Odds API snapshots (nielsenz_odds_api: nhl 2023-10 to 2026,
 * nba 2026); cfb cfbfastR betting 2025; tennis the tennis-data.co.uk odds files of 2025-26; golf
 * the 2026 outright odds of 925sports_pga_tour_data (Golf.ts: snapshots matched to stored events).
 * @module
 */
import {
  EventReader,
  GameReader,
  OddsWriter,
  type SportKey,
  Sports,
  type StoreError,
  TeamReader,
  type TeamSport
} from "@sports-data/domain"
import { Effect, Either } from "effect"
import { join } from "node:path"
import { easternDate } from "../cfb/Build.js"
import type { CsvFileError, CsvRow } from "../Csv.js"
import { allGolfers } from "../Dfs.js"
import { compactKey } from "../Names.js"
import { scoreKeys } from "../nfl/Build.js"
import { parseSchedule, parseScore, parseTeam } from "../nfl/Sources.js"
import { allRows } from "../Paging.js"
import type { ProgressReporter } from "../Progress.js"
import type { EntityCounts, SkippedRow } from "../Report.js"
import { type FileRows, keptRows, listFiles, readEach, type RowParser } from "../Rows.js"
import { oddsMatchId } from "../tennis/Build.js"
import { seasonOf, tourOf } from "../tennis/index.js"
import { parseOddsMatch } from "../tennis/Sources.js"
import { type GolfEventRef, golfOddsFolder, matchGolfOdds, parseGolfOdds } from "./Golf.js"
import { type GameRef, matchLines } from "./Match.js"
import {
  oddsFolders,
  parseCfbLine,
  parseNflverseLine,
  parseOddsApiLine,
  type SourceLine,
  spreadspokeLine,
  tennisLines
} from "./Sources.js"

export * from "./Golf.js"
export { type GameRef, matchLines } from "./Match.js"
export * from "./Sources.js"

/** What the odds phase reports: counts (inserted = lines stored), every skipped row, and the files read. */
export interface OddsIngestResult {
  readonly counts: EntityCounts
  readonly skipped: ReadonlyArray<SkippedRow>
  readonly files: ReadonlyArray<string>
}

/** The result of an odds phase that read `read` (rows per file), stored `stored` lines and skipped `skipped`. */
const oddsResult = (
  read: ReadonlyArray<{ readonly read: number }>,
  stored: number,
  skipped: ReadonlyArray<SkippedRow>,
  files: ReadonlyArray<string>
): OddsIngestResult => ({
  counts: {
    read: read.reduce((n, f) => n + f.read, 0),
    inserted: stored,
    updated: 0,
    unchanged: 0,
    skipped: skipped.length
  },
  skipped,
  files
})

/** The services the odds phase reads and writes through. */
export type OddsIngestServices = GameReader | TeamReader | EventReader | OddsWriter | ProgressReporter

/** One sport's odds sources: the files it reads, and how their rows become lines. */
interface SportOdds {
  readonly files: (dataDir: string) => Effect.Effect<ReadonlyArray<string>>
  readonly read: (
    files: ReadonlyArray<string>
  ) => Effect.Effect<ReadonlyArray<FileRows<SourceLine>>, CsvFileError, ProgressReporter>
}

/**
 * Team names The Odds API writes that the team directory spells otherwise (its 2024-25 name of
 * the Utah club; the Clippers' full city name).
 */
export const oddsApiNames: Readonly<Partial<Record<TeamSport, Readonly<Record<string, string>>>>> = {
  nhl: { "Utah Hockey Club": "UTA" },
  nba: { "Los Angeles Clippers": "LAC" }
}

const oddsApiFile = (dataDir: string) =>
  listFiles(join(dataDir, oddsFolders.oddsApi), /^(nhl_odds_|odds_daily_).*\.csv$/)

/** A parser returning several values per row, flattened (a row with none is not kept). */
const many = <A>(parse: (row: CsvRow) => Either.Either<ReadonlyArray<A>, string>) => (row: CsvRow) =>
  Either.map(parse(row), (xs) => (xs.length === 0 ? null : xs))

const oddsApi = (label: string): SportOdds => ({
  files: oddsApiFile,
  read: (files) => readEach(files, () => parseOddsApiLine(label, easternDate))
})

/** The odds sources of each sport that has any. */
export const sportOdds: Readonly<Partial<Record<SportKey, SportOdds>>> = {
  nfl: {
    files: (dataDir) =>
      Effect.gen(function*() {
        const schedules = yield* listFiles(join(dataDir, oddsFolders.nflverse), /^schedules_.*\.csv$/)
        const spreadspoke = yield* listFiles(
          join(dataDir, oddsFolders.spreadspoke),
          /^(nfl_teams|spreadspoke_scores)\.csv$/
        )
        return [...schedules, ...spreadspoke]
      }),
    read: (files) =>
      Effect.gen(function*() {
        const schedules = files.filter((f) => /schedules_[^/]*\.csv$/.test(f))
        const teamsFile = files.filter((f) => f.endsWith("nfl_teams.csv"))
        const scoresFile = files.filter((f) => f.endsWith("spreadspoke_scores.csv"))
        const nflverse = yield* readEach(schedules, () => parseNflverseLine)
        if (teamsFile.length === 0 || scoresFile.length === 0) return nflverse
        // the spreadspoke names and first season come from its team list and the schedule
        const teams = keptRows(yield* readEach(teamsFile, () => parseTeam))
        const sched = keptRows(yield* readEach(schedules, () => parseSchedule))
        if (sched.length === 0) return nflverse
        const parse = parseScore(scoreKeys(teams, sched))
        const spreadspoke = yield* readEach(scoresFile, () => (row) =>
          Either.map(parse(row), (s) => (s === null ? null : spreadspokeLine(s))))
        return [...nflverse, ...spreadspoke]
      })
  },
  nhl: oddsApi("NHL"),
  nba: oddsApi("NBA"),
  cfb: {
    files: (dataDir) => listFiles(join(dataDir, oddsFolders.cfbfastr), /^betting_\d{4}\.csv(\.gz)?$/),
    read: (files) => readEach(files, () => parseCfbLine((id) => id))
  },
  tennis: {
    files: (dataDir) => listFiles(join(dataDir, oddsFolders.bmp), /^tennis_(atp|wta)_matches_odds_\d{4}\.csv$/),
    read: (files) =>
      Effect.gen(function*() {
        const nested = yield* readEach(files, (f): RowParser<ReadonlyArray<SourceLine>> =>
          many((row) =>
            Either.flatMap(parseOddsMatch(tourOf(f), seasonOf(f))(row), (m) =>
              tennisLines(row, oddsMatchId(m)))
          ))
        return nested.map((f) => ({ ...f, rows: f.rows.flat() }))
      })
  }
}

/** The golf outright odds file under `dataDir` (Golf.ts), if present. */
const golfOddsFiles = (dataDir: string) => listFiles(join(dataDir, golfOddsFolder), /^betting_odds_history\.csv$/)

/** The betting-line files `sport` reads under `dataDir` (none for a sport without an odds source). */
export const oddsSourceFiles = (dataDir: string, sport: SportKey): Effect.Effect<ReadonlyArray<string>> =>
  sport === "golf" ? golfOddsFiles(dataDir) : sportOdds[sport]?.files(dataDir) ?? Effect.succeed([])

/** Every stored golf event, as outright matching needs it. */
const golfEvents: Effect.Effect<ReadonlyArray<GolfEventRef>, StoreError, EventReader> = Effect.gen(function*() {
  const reader = yield* EventReader
  const out: Array<GolfEventRef> = []
  for (let offset = 0;; offset += PAGE) {
    const page = yield* reader.events({ sport: "golf", limit: PAGE, offset, order: "asc" })
    for (const e of page.rows) {
      out.push({ id: e.id, league: e.league, season: e.season, start_date: e.start_date, end_date: e.end_date })
    }
    if (page.rows.length < PAGE) return out
  }
})

/**
 * The golf odds phase: reads the outright odds file (Golf.ts), matches its snapshots to the
 * stored golf events, links the golfers and replaces golf's stored lines.
 */
const ingestGolfOdds = (dataDir: string) =>
  Effect.gen(function*() {
    const files = yield* golfOddsFiles(dataDir)
    const read = yield* readEach(files, () => parseGolfOdds)
    const events = yield* golfEvents
    const golfers = yield* allGolfers
    const matched = matchGolfOdds(events, golfers, keptRows(read))
    yield* (yield* OddsWriter).replaceSport("golf", matched.lines)
    const malformed = read.flatMap((f) => f.skipped)
    const skipped = [...malformed, ...matched.unmatched]
    yield* Effect.logInfo("golf odds ingested").pipe(
      Effect.annotateLogs({
        lines: matched.lines.length,
        unmatched: matched.unmatched.length,
        unlinked: matched.unlinked,
        malformed: malformed.length
      })
    )
    return oddsResult(read, matched.lines.length, skipped, files)
  }).pipe(Effect.withSpan("Odds.ingest", { attributes: { sport: "golf" } }))

const PAGE = 1000

/** Every stored game of a team sport, as matching needs it (Paging.ts `allRows`). */
const teamGames = (sport: TeamSport): Effect.Effect<ReadonlyArray<GameRef>, StoreError, GameReader> =>
  Effect.flatMap(GameReader, (reader) =>
    Effect.map(
      allRows((page) => reader.find({ sport, order: "asc", ...page })),
      (games) =>
        games.map((g) => ({
          id: g.id,
          season: g.season,
          week: g.week,
          game_date: g.game_date,
          home: g.home_team,
          away: g.away_team
        }))
    ))

const tennisMatches: Effect.Effect<ReadonlyArray<GameRef>, StoreError, EventReader> = Effect.gen(function*() {
  const reader = yield* EventReader
  const events: Array<{ id: string; season: number; date: string | null }> = []
  for (let offset = 0;; offset += PAGE) {
    const page = yield* reader.events({ sport: "tennis", limit: PAGE, offset, order: "asc" })
    for (const e of page.rows) events.push({ id: e.id, season: e.season, date: e.start_date })
    if (page.rows.length < PAGE) break
  }
  const sides = new Map<string, { winner?: string; loser?: string }>()
  for (let i = 0; i < events.length; i += PAGE) {
    const ids = events.slice(i, i + PAGE).map((e) => e.id)
    for (let offset = 0;; offset += 2 * PAGE) {
      const page = yield* reader.entries({ sport: "tennis", event_ids: ids, limit: 2 * PAGE, offset })
      for (const en of page.rows) {
        const s = sides.get(en.event_id) ?? {}
        if (en.position === 1) s.winner = en.participant_id
        else s.loser = en.participant_id
        sides.set(en.event_id, s)
      }
      if (page.rows.length < 2 * PAGE) break
    }
  }
  return events.flatMap((e) => {
    const s = sides.get(e.id)
    return s?.winner === undefined || s.loser === undefined
      ? []
      : [{ id: e.id, season: e.season, week: null, game_date: e.date, home: s.winner, away: s.loser }]
  })
})

/** The team resolver of a team sport: stored team names and abbreviations, directory aliases, {@link oddsApiNames}. */
const teamResolver = (sport: TeamSport): Effect.Effect<(raw: string) => string | undefined, StoreError, TeamReader> =>
  Effect.map(Effect.flatMap(TeamReader, (r) => r.find(sport)), (teams) => {
    const byKey = new Map<string, string>()
    for (const t of Sports.modules[sport].teams) {
      byKey.set(compactKey(t.name), t.abbr)
      for (const a of t.aliases) byKey.set(compactKey(a), t.abbr)
    }
    for (const t of teams) {
      byKey.set(compactKey(t.name), t.abbr)
      byKey.set(compactKey(t.abbr), t.abbr)
    }
    for (const [name, abbr] of Object.entries(oddsApiNames[sport] ?? {})) byKey.set(compactKey(name), abbr)
    return (raw: string) => byKey.get(compactKey(raw))
  })

const isTeamSport = (sport: SportKey): sport is TeamSport => sport in Sports.modules

/**
 * Runs the odds phase of `sport` over the files under `dataDir`: reads its sources, matches their
 * lines to the stored games and replaces the sport's lines. Undefined for a sport without an odds
 * source (its lines are left as they are). Fails with CsvFileError when a file cannot be read,
 * StoreError when the store fails.
 */
export const ingestOdds = (
  sport: SportKey,
  dataDir: string
): Effect.Effect<OddsIngestResult | undefined, CsvFileError | StoreError, OddsIngestServices> =>
  Effect.gen(function*() {
    if (sport === "golf") return yield* ingestGolfOdds(dataDir)
    const source = sportOdds[sport]
    if (source === undefined) return undefined
    const files = yield* source.files(dataDir)
    const read = yield* source.read(files)
    const lines = keptRows(read)
    const games = isTeamSport(sport) ? yield* teamGames(sport) : yield* tennisMatches
    const team = isTeamSport(sport) ? yield* teamResolver(sport) : (raw: string) => raw
    const matched = matchLines(sport, games, lines, team)
    yield* (yield* OddsWriter).replaceSport(sport, matched.lines)
    const malformed = read.flatMap((f) => f.skipped)
    const skipped = [...malformed, ...matched.unmatched]
    yield* Effect.logInfo(`${sport} odds ingested`).pipe(
      Effect.annotateLogs({
        lines: matched.lines.length,
        unmatched: matched.unmatched.length,
        malformed: malformed.length
      })
    )
    return oddsResult(read, matched.lines.length, skipped, files)
  }).pipe(Effect.withSpan("Odds.ingest", { attributes: { sport } }))

/**
 * The odds phase of a sport's ingest: after the sport's own rows are written, reads the sport's
 * betting-line files (Sources.ts), matches each line to the service's stored games or matches
 * (Match.ts; games read back through the GameReader, tennis matches through the EventReader), and
 * replaces the sport's stored lines through the OddsWriter. Lines whose game is not found are
 * reported as skipped (file, line, reason) and counted, never stored.
 *
 * A sport registers its odds phase (Ingesters.ts) built here from its source ({@link SportOdds}):
 * nfl nflverse schedules (2022-2026, moneylines, spread, total) and spreadspoke (spread and total;
 * nfl/Odds.ts); nhl and nba The Odds API snapshots (nielsenz_odds_api: nhl 2023-10 to 2026,
 * nba 2026); cfb cfbfastR betting 2025; tennis the tennis-data.co.uk odds files of 2025-26 (tennis/Odds.ts); golf
 * the 2026 outright odds of 925sports_pga_tour_data (Golf.ts: snapshots matched to stored events).
 * @module
 */
import {
  EventReader,
  type EventSport,
  GameReader,
  OddsWriter,
  Paging,
  type SportKey,
  Sports,
  type StoreError,
  TeamReader,
  type TeamSport
} from "@sports-data/domain"
import { Effect } from "effect"
import { join } from "node:path"
import type { CsvFileError } from "../Csv.js"
import { allGolfers } from "../Dfs.js"
import type { Phase, PhaseResult } from "../Ingester.js"
import { compactKey } from "../Names.js"
import type { ProgressReporter } from "../Progress.js"
import type { SkippedRow } from "../Report.js"
import { type FileRows, keptRows, listFiles, readEach } from "../Rows.js"
import { easternDate } from "../Time.js"
import { type GolfEventRef, golfOddsFolder, matchGolfOdds, parseGolfOdds } from "./Golf.js"
import { type GameRef, matchLines } from "./Match.js"
import { oddsFolders, parseCfbLine, parseOddsApiLine, type SourceLine } from "./Sources.js"

export * from "./Golf.js"
export { type GameRef, matchLines } from "./Match.js"
export * from "./Sources.js"

/** The result of an odds phase that read `read` (rows per file), stored `stored` lines and skipped `skipped`. */
const oddsResult = (
  read: ReadonlyArray<{ readonly read: number }>,
  stored: number,
  skipped: ReadonlyArray<SkippedRow>,
  files: ReadonlyArray<string>
): PhaseResult => ({
  counts: {
    odds: {
      read: read.reduce((n, f) => n + f.read, 0),
      inserted: stored,
      updated: 0,
      unchanged: 0,
      skipped: skipped.length
    }
  },
  skipped,
  files
})

/** The services the odds phase reads and writes through. */
export type OddsIngestServices = GameReader | TeamReader | EventReader | OddsWriter | ProgressReporter

/** One sport's odds sources: the files it reads, and how their rows become lines. */
export interface SportOdds {
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

/** The Odds API snapshots of the league `label` (NHL, NBA) in nielsenz_odds_api, dated in US Eastern time. */
export const oddsApi = (label: string): SportOdds => ({
  files: oddsApiFile,
  read: (files) => readEach(files, () => parseOddsApiLine(label, easternDate))
})

/** The cfbfastR betting lines (`betting_<season>.csv`, optionally gzipped; game ids are CFBD's). */
export const cfbfastrOdds: SportOdds = {
  files: (dataDir) => listFiles(join(dataDir, oddsFolders.cfbfastr), /^betting_\d{4}\.csv(\.gz)?$/),
  read: (files) => readEach(files, () => parseCfbLine((id) => id))
}

/** The golf outright odds file under `dataDir` (Golf.ts), if present. */
const golfOddsFiles = (dataDir: string) => listFiles(join(dataDir, golfOddsFolder), /^betting_odds_history\.csv$/)

/** Every stored golf event, as outright matching needs it. */
const golfEvents: Effect.Effect<ReadonlyArray<GolfEventRef>, StoreError, EventReader> = Effect.gen(function*() {
  const reader = yield* EventReader
  const events = yield* Paging.allRows((page) => reader.events({ sport: "golf", order: "asc", ...page }))
  return events.map((e) => ({
    id: e.id,
    league: e.league,
    season: e.season,
    start_date: e.start_date,
    end_date: e.end_date
  }))
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

/** Event ids per entries read (one jsonb parameter each; keeps each statement's id list bounded). */
const IDS_PER_READ = 1000

/** Every stored game of a team sport, as matching needs it (domain Paging `allRows`). */
export const teamGames = (sport: TeamSport): Effect.Effect<ReadonlyArray<GameRef>, StoreError, GameReader> =>
  Effect.flatMap(GameReader, (reader) =>
    Effect.map(
      Paging.allRows((page) => reader.find({ sport, order: "asc", ...page })),
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

/**
 * Every stored event of a two-sided event sport (tennis) as a GameRef: the winner (entry position 1)
 * as `home`, the loser as `away`; events without both sides are left out.
 */
export const twoSidedEvents = (
  sport: EventSport
): Effect.Effect<ReadonlyArray<GameRef>, StoreError, EventReader> =>
  Effect.gen(function*() {
    const reader = yield* EventReader
    const events = yield* Paging.allRows((page) => reader.events({ sport, order: "asc", ...page }))
    const sides = new Map<string, { winner?: string; loser?: string }>()
    for (let i = 0; i < events.length; i += IDS_PER_READ) {
      const ids = events.slice(i, i + IDS_PER_READ).map((e) => e.id)
      for (const en of yield* Paging.allRows((page) => reader.entries({ sport, event_ids: ids, ...page }))) {
        const s = sides.get(en.event_id) ?? {}
        if (en.position === 1) s.winner = en.participant_id
        else s.loser = en.participant_id
        sides.set(en.event_id, s)
      }
    }
    return events.flatMap((e) => {
      const s = sides.get(e.id)
      return s?.winner === undefined || s.loser === undefined
        ? []
        : [{ id: e.id, season: e.season, week: null, game_date: e.start_date, home: s.winner, away: s.loser }]
    })
  })

/** The team resolver of a team sport: stored team names and abbreviations, directory aliases, {@link oddsApiNames}. */
export const teamResolver = (
  sport: TeamSport
): Effect.Effect<(raw: string) => string | undefined, StoreError, TeamReader> =>
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

/**
 * The odds phase of a sport whose lines come from `source`: reads its files, matches their lines
 * to the stored games (`games`, e.g. {@link teamGames} or {@link twoSidedEvents}; team names
 * resolved by `team`, e.g. {@link teamResolver}) and replaces the sport's stored lines. Lines whose
 * game is not found are reported as skipped (file, line, reason), never stored.
 */
export const linesPhase = (
  sport: SportKey,
  source: SportOdds,
  games: Effect.Effect<ReadonlyArray<GameRef>, StoreError, OddsIngestServices>,
  team: Effect.Effect<(raw: string) => string | undefined, StoreError, OddsIngestServices> = Effect.succeed((
    raw: string
  ) => raw)
): Phase => ({
  files: source.files,
  run: (dataDir) =>
    Effect.gen(function*() {
      const files = yield* source.files(dataDir)
      const read = yield* source.read(files)
      const matched = matchLines(sport, yield* games, keptRows(read), yield* team)
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
})

/** The odds phase of a team sport: its lines matched to its stored games, team names resolved by {@link teamResolver}. */
export const teamLinesPhase = (sport: TeamSport, source: SportOdds): Phase =>
  linesPhase(sport, source, teamGames(sport), teamResolver(sport))

/** The golf odds phase: outright odds snapshots matched to the stored events (Golf.ts). */
export const golfOddsPhase: Phase = { files: golfOddsFiles, run: ingestGolfOdds }

/**
 * Tennis ingestion: reads the Sackmann ATP and WTA files (2022-2024 matches, players, 2024 weekly
 * rankings) and the bettormanpicks odds files (2025 to February 2026 matches, the February 2026
 * lists), links the odds files' names to Sackmann ids (Build.ts) and upserts athletes, ranking
 * rows, matches and entries through the SportsWriter.
 * @module
 */
import type { SportsWriter, StoreError } from "@sports-data/domain"
import { Effect } from "effect"
import { join } from "node:path"
import type { CsvFileError } from "../Csv.js"
import { writeEventSport } from "../EventSports.js"
import type { ProgressReporter } from "../Progress.js"
import type { SportIngestResult } from "../Report.js"
import { allListed, keptRows as rows, listFiles, readEach, sourceCounts } from "../Rows.js"
import { buildTennis } from "./Build.js"
import {
  parseCurrentRanking,
  parseOddsMatch,
  parseSackmannMatch,
  parseSackmannPlayer,
  parseSackmannRanking,
  type Tour
} from "./Sources.js"

export {
  athletesPhase,
  buildTennis,
  CURRENT_LIST_DATE,
  type Matches,
  type NameLinks,
  namesPhase,
  oddsMatchesPhase,
  oddsMatchId,
  rankingsPhase,
  sackmannAthleteId,
  sackmannMatchesPhase,
  splitOddsName
} from "./Build.js"
export * as Sources from "./Sources.js"

/** The tennis source files under `dataDir`, by role (each list sorted by name). */
export interface TennisFiles {
  readonly matches: ReadonlyArray<string>
  readonly players: ReadonlyArray<string>
  readonly rankings: ReadonlyArray<string>
  readonly oddsMatches: ReadonlyArray<string>
  readonly currentRankings: ReadonlyArray<string>
}

/** The tour a file's name starts with (`atp_...`, `tennis_wta_...`). */
export const tourOf = (file: string): Tour => (/(^|[/_])wta_[^/]*$/.test(file) ? "wta" : "atp")

/** The season in a file's name (`..._2025.csv`: 2025). */
export const seasonOf = (file: string): number => Number(/_(\d{4})\.csv$/.exec(file)?.[1] ?? 0)

/** Finds the tennis source files under `dataDir` (missing folders give no files). */
export const tennisFiles = (dataDir: string): Effect.Effect<TennisFiles> =>
  Effect.gen(function*() {
    const bmp = join(dataDir, "bettormanpicks_bmp_app")
    const both = (f: (dir: string) => Effect.Effect<ReadonlyArray<string>>) =>
      Effect.map(
        Effect.all([f(join(dataDir, "jeffsackmann_tennis_atp")), f(join(dataDir, "jeffsackmann_tennis_wta"))]),
        ([a, w]) => [...a, ...w]
      )
    return {
      matches: yield* both((dir) => listFiles(dir, /^(atp|wta)_matches_\d{4}\.csv$/)),
      players: yield* both((dir) => listFiles(dir, /^(atp|wta)_players\.csv$/)),
      rankings: yield* both((dir) => listFiles(dir, /^(atp|wta)_rankings_current\.csv$/)),
      oddsMatches: yield* listFiles(bmp, /^tennis_(atp|wta)_matches_odds_\d{4}\.csv$/),
      currentRankings: yield* listFiles(bmp, /^tennis_(atp|wta)_rankings_current\.csv$/)
    }
  })

/** Every tennis source file under `dataDir`, sorted. */
export const tennisSourceFiles = (dataDir: string): Effect.Effect<ReadonlyArray<string>> =>
  Effect.map(tennisFiles(dataDir), allListed)

/**
 * Ingests the tennis data under `dataDir`. Malformed rows are reported in `skipped` (file, line,
 * reason) and not written; rows are written after every file is read. Re-running over unchanged
 * files reports every row unchanged. Fails with CsvFileError when a file cannot be read,
 * StoreError when the store fails.
 */
export const ingestTennis = (
  dataDir: string
): Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsWriter | ProgressReporter> =>
  Effect.gen(function*() {
    const files = yield* tennisFiles(dataDir)
    const matches = yield* readEach(files.matches, (f) => parseSackmannMatch(tourOf(f)))
    const players = yield* readEach(files.players, (f) => parseSackmannPlayer(tourOf(f)))
    const rankings = yield* readEach(files.rankings, (f) => parseSackmannRanking(tourOf(f)))
    const odds = yield* readEach(files.oddsMatches, (f) => parseOddsMatch(tourOf(f), seasonOf(f)))
    const current = yield* readEach(files.currentRankings, (f) => parseCurrentRanking(tourOf(f)))

    const built = buildTennis({
      players: rows(players),
      matches: rows(matches),
      rankings: rows(rankings),
      oddsMatches: rows(odds),
      currentRankings: rows(current)
    })

    const matchSrc = sourceCounts([matches, odds])
    const playerSrc = sourceCounts([players])
    const rankingSrc = sourceCounts([rankings, current])
    return yield* writeEventSport("tennis", allListed(files), {
      athletes: { rows: built.athletes, read: playerSrc.read, skipped: playerSrc.skipped },
      rankings: {
        rows: built.rankings,
        read: rankingSrc.read,
        skipped: [...rankingSrc.skipped, ...built.skippedRankings]
      },
      events: { rows: built.events, read: matchSrc.read, skipped: [...matchSrc.skipped, ...built.skipped] },
      event_entries: { rows: built.entries, read: matchSrc.read, skipped: [] }
    }, { linked_names: built.linked, unlinked_names: built.unlinked.length })
  }).pipe(Effect.withSpan("Ingest.tennis"))

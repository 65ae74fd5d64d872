/**
 * College football ingestion: reads the cfb files of the data directory (jhatfiel_cfbd_games,
 * noahpbrown_cfb_games, sportsdataverse_cfbfastr_cfb_data, llizima_college_football_dashboard),
 * joins them (see {@link ./Build.ts} for ids and rules, the cfb sport module for what each season
 * covers) and upserts teams, players, games, stat lines and poll rankings through the SportsWriter.
 * @module
 */
import { SportsWriter, type StoreError } from "@sports-data/domain"
import { Effect } from "effect"
import { join } from "node:path"
import type { CsvFileError } from "../Csv.js"
import type { ProgressReporter } from "../Progress.js"
import { type SportIngestResult, upsertAll, writeTeamSport } from "../Report.js"
import { allListed, keptRows as rows, listFiles, readEach as readAll, sourceCounts } from "../Rows.js"
import { buildCfb } from "./Build.js"
import {
  parseBoxLine,
  parseCfbdGame,
  parseNoahGame,
  parsePollRow,
  parseScheduleGame,
  parseTeamsCsvRow
} from "./Sources.js"

export { easternDate } from "../Time.js"
export { buildCfb, cfbPlayerId, undatedGameId } from "./Build.js"
export {
  parseBoxLine,
  parseCfbdGame,
  parseNoahGame,
  parsePollRow,
  parseScheduleGame,
  parseTeamsCsvRow
} from "./Sources.js"
export { buildTeamDirectory } from "./Teams.js"

/** The cfb source files found under `dataDir`, by role (each list sorted by name). */
export interface CfbFiles {
  readonly cfbdGames: ReadonlyArray<string>
  readonly noahGames: ReadonlyArray<string>
  readonly schedules: ReadonlyArray<string>
  readonly playerBoxes: ReadonlyArray<string>
  readonly polls: ReadonlyArray<string>
  readonly teams: ReadonlyArray<string>
}

/** Finds the cfb source files under `dataDir` (a missing folder gives no files). */
export const cfbFiles = (dataDir: string): Effect.Effect<CfbFiles> =>
  Effect.gen(function*() {
    const cfbd = join(dataDir, "jhatfiel_cfbd_games")
    const noah = join(dataDir, "noahpbrown_cfb_games")
    const sdv = join(dataDir, "sportsdataverse_cfbfastr_cfb_data")
    const dash = join(dataDir, "llizima_college_football_dashboard")
    return {
      cfbdGames: yield* listFiles(cfbd, /^cfbd_games_\d{4}\.csv$/),
      noahGames: yield* listFiles(noah, /^games_\d{4}\.csv$/),
      schedules: yield* listFiles(sdv, /^cfb_schedule_\d{4}\.csv\.gz$/),
      playerBoxes: yield* listFiles(sdv, /^player_box_\d{4}\.csv\.gz$/),
      polls: yield* listFiles(dash, /^cfb_poll_rankings_[\d_]+\.csv$/),
      teams: yield* listFiles(dash, /^cfb_teams\.csv$/)
    }
  })

/** Every cfb source file under `dataDir`, sorted (for freshness checks such as `sourceMtime`). */
export const cfbSourceFiles = (dataDir: string): Effect.Effect<ReadonlyArray<string>> =>
  Effect.map(cfbFiles(dataDir), allListed)

/**
 * Ingests the cfb data under `dataDir` through the SportsWriter: teams, players, games (2023-2025;
 * 2022 games have no date and are used for standings and poll records only, see Build.ts), stat
 * lines (2025) and poll rankings (2022-2024). Malformed rows and rows that cannot be joined are
 * reported in `skipped` (file, line, reason) and not written; rows are written only after every
 * file is read. Poll rankings are written with `upsertRankings` and their counts logged (the run
 * report has no rankings entity yet). Re-running over unchanged files reports every row
 * unchanged. Fails with CsvFileError when a file cannot be read, StoreError when the store fails.
 */
export const ingestCfb = (
  dataDir: string
): Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsWriter | ProgressReporter> =>
  Effect.gen(function*() {
    const writer = yield* SportsWriter
    const files = yield* cfbFiles(dataDir)

    const cfbdGames = yield* readAll(files.cfbdGames, () => parseCfbdGame)
    const noahGames = yield* readAll(files.noahGames, () => parseNoahGame)
    const schedules = yield* readAll(files.schedules, () => parseScheduleGame)
    const boxLines = yield* readAll(files.playerBoxes, () => parseBoxLine)
    const polls = yield* readAll(files.polls, () => parsePollRow)
    const teamRows = yield* readAll(files.teams, () => parseTeamsCsvRow)

    const built = buildCfb({
      cfbdGames: rows(cfbdGames),
      noahGames: rows(noahGames),
      schedule: rows(schedules),
      boxLines: rows(boxLines),
      polls: rows(polls),
      teamsCsv: rows(teamRows)
    })
    for (const m of built.merged) {
      yield* Effect.logInfo("cfb team ids merged (CFBD re-keyed the school)").pipe(
        Effect.annotateLogs({ name: m.name, from: m.from, into: m.into })
      )
    }
    for (const u of built.unresolved) {
      yield* Effect.logWarning("cfb team name not in the team directory; its rows are skipped").pipe(
        Effect.annotateLogs({ name: u.name, season: u.season, rows: u.rows })
      )
    }
    yield* Effect.logInfo("cfb noahpbrown games checked against CFBD").pipe(
      Effect.annotateLogs({
        matched: built.matchedNoah,
        differing_scores: built.scoreDifferences.length,
        undated_games: built.undatedGames.length
      })
    )
    for (const m of built.matchedByScore) {
      yield* Effect.logInfo("cfb noahpbrown row matched to a CFBD game by week, one team and the score").pipe(
        Effect.annotateLogs({ ...m })
      )
    }
    for (const d of built.scoreDifferences) {
      yield* Effect.logInfo("cfb score differs between CFBD and noahpbrown (kept names the score stored)").pipe(
        Effect.annotateLogs({ ...d })
      )
    }

    const gameSrc = sourceCounts([cfbdGames, noahGames, schedules])
    const lineSrc = sourceCounts([boxLines])
    const teamSrc = sourceCounts([teamRows])
    const pollSrc = sourceCounts([polls])

    const result = yield* writeTeamSport("cfb", allListed(files), {
      teams: { rows: built.teams, read: teamSrc.read, skipped: teamSrc.skipped },
      players: { rows: built.players, read: lineSrc.read, skipped: [] },
      games: {
        rows: [...built.games, ...built.undatedGames],
        read: gameSrc.read,
        skipped: [...gameSrc.skipped, ...built.skippedGames]
      },
      stat_lines: {
        rows: built.statLines,
        read: lineSrc.read,
        skipped: [...lineSrc.skipped, ...built.skippedLines]
      }
    })
    // Rankings are not an entity of the run report (Report.Entity); their counts are logged.
    const rankingsSkipped = [...pollSrc.skipped, ...built.skippedRankings]
    const rankingsResult = yield* upsertAll(built.rankings, writer.upsertRankings)
    yield* Effect.logInfo("cfb rankings written").pipe(
      Effect.annotateLogs({
        rankings: built.rankings.length,
        inserted: rankingsResult.inserted,
        updated: rankingsResult.updated,
        unchanged: rankingsResult.unchanged,
        skipped: rankingsSkipped.length
      })
    )
    return { ...result, skipped: [...result.skipped, ...rankingsSkipped] }
  }).pipe(Effect.withSpan("Ingest.cfb"))

/**
 * NBA ingestion: reads the NBA files of the data directory (meharpalbasi_nba_data,
 * millxing_nba_data, bettormanpicks_bmp_app), joins them (see {@link ./Build.ts} for ids and
 * rules) and upserts teams, players, games, stat lines and the signals of the status history
 * (Signals.ts) through the SportsWriter.
 * @module
 */
import { SportsWriter, type StoreError } from "@sports-data/domain"
import { Effect, Either } from "effect"
import { join } from "node:path"
import type { CsvFileError } from "../Csv.js"
import { parseStatus } from "../PlayerStatus.js"
import type { ProgressReporter } from "../Progress.js"
import { type SportIngestResult, writeTeamSport } from "../Report.js"
import { allListed, keptRows as rows, listFiles, readEach as readAll, sourceCounts } from "../Rows.js"
import { buildNba } from "./Build.js"
import { nbaSignals } from "./Signals.js"
import {
  parseAdvanced,
  parseBmpPlayerLine,
  parseLinescore,
  parseMehPlayerLine,
  parseMillxingGame,
  parsePosition,
  parseTeamGameLog,
  parseTeamGameTotal,
  parseUsage,
  seasonOfFile
} from "./Sources.js"
import { nbaTeamRows } from "./Teams.js"

export {
  buildNba,
  gamesPhase,
  type LineDraft,
  linesPhase,
  type NbaGames,
  nbaPlayerId,
  playersPhase,
  statLinesPhase,
  syntheticGameId
} from "./Build.js"
export type * as Sources from "./Sources.js"
export { nbaTeamAliases, nbaTeams, normaliseNbaTeam } from "./Teams.js"

/** The NBA source files found under `dataDir`, by role (each list sorted by name). */
export interface NbaFiles {
  readonly millxingGames: ReadonlyArray<string>
  readonly linescores: ReadonlyArray<string>
  readonly advanced: ReadonlyArray<string>
  readonly teamLogs: ReadonlyArray<string>
  readonly playerLogs: ReadonlyArray<string>
  readonly playerIndex: ReadonlyArray<string>
  readonly bmpPlayerLogs: ReadonlyArray<string>
  readonly bmpTeamTotals: ReadonlyArray<string>
  readonly positions: ReadonlyArray<string>
  readonly statuses: ReadonlyArray<string>
}

const season = /\d{4}-\d{2}\.csv$/.source

/** Finds the NBA source files under `dataDir` (a missing folder gives no files). */
export const nbaFiles = (dataDir: string): Effect.Effect<NbaFiles> =>
  Effect.gen(function*() {
    const mx = join(dataDir, "millxing_nba_data")
    const meh = join(dataDir, "meharpalbasi_nba_data")
    const bmp = join(dataDir, "bettormanpicks_bmp_app")
    return {
      millxingGames: yield* listFiles(mx, new RegExp(`^team_game_logs_${season}`)),
      linescores: yield* listFiles(mx, new RegExp(`^linescores_${season}`)),
      advanced: yield* listFiles(mx, new RegExp(`^box_score_advanced_${season}`)),
      teamLogs: yield* listFiles(meh, new RegExp(`^team_game_logs_${season}`)),
      playerLogs: yield* listFiles(meh, new RegExp(`^player_game_logs_${season}`)),
      playerIndex: yield* listFiles(meh, new RegExp(`^player_index_${season}`)),
      bmpPlayerLogs: yield* listFiles(bmp, /^nba_player_game_logs_\d{4}_\d{2}\.csv$/),
      bmpTeamTotals: yield* listFiles(bmp, /^nba_team_game_totals_\d{4}_\d{2}\.csv$/),
      positions: yield* listFiles(bmp, /^nba_player_positions\.csv$/),
      statuses: yield* listFiles(bmp, /^nba_player_status_history\.csv$/)
    }
  })

/** Every NBA source file under `dataDir`, sorted (for freshness checks such as `sourceMtime`). */
export const nbaSourceFiles = (dataDir: string): Effect.Effect<ReadonlyArray<string>> =>
  Effect.map(nbaFiles(dataDir), allListed)

const seasonFromName = (file: string): number => seasonOfFile(file) ?? 0

/**
 * Ingests the NBA data under `dataDir` through the SportsWriter: 30 teams, players, games, stat
 * lines. Malformed rows are reported in `skipped` (file, line, reason) and not written; rows
 * are written only after every file is read, in batches, so a run never leaves partial rows.
 * Re-running over unchanged files reports every row unchanged. Fails with CsvFileError when a
 * file cannot be read, StoreError when the store fails.
 */
export const ingestNba = (
  dataDir: string
): Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsWriter | ProgressReporter> =>
  Effect.gen(function*() {
    const files = yield* nbaFiles(dataDir)

    const millxingGames = yield* readAll(files.millxingGames, () => parseMillxingGame)
    const linescores = yield* readAll(files.linescores, () => parseLinescore)
    const advanced = yield* readAll(files.advanced, () => parseAdvanced)
    const teamTotals = yield* readAll(
      files.bmpTeamTotals,
      () => (row) => Either.map(parseTeamGameTotal(row), (t) => ({ ...t, file: row.file, line: row.line }))
    )
    const teamLogs = yield* readAll(
      files.teamLogs,
      (file) => (row) =>
        Either.map(parseTeamGameLog(seasonFromName(file))(row), (t) => ({ ...t, file: row.file, line: row.line }))
    )
    const mehLines = yield* readAll(files.playerLogs, (file) => parseMehPlayerLine(seasonFromName(file)))
    const bmpLines = yield* readAll(files.bmpPlayerLogs, () => parseBmpPlayerLine)
    const usage = yield* readAll(files.playerIndex, (file) => parseUsage(seasonFromName(file)))
    const positions = yield* readAll(files.positions, () => parsePosition)
    const statuses = yield* readAll(files.statuses, () => parseStatus("a person id"))

    const built = buildNba({
      millxingGames: rows(millxingGames),
      linescores: rows(linescores),
      advanced: rows(advanced),
      teamTotals: rows(teamTotals),
      teamLogs: rows(teamLogs),
      lines: [...rows(mehLines), ...rows(bmpLines)],
      usage: rows(usage),
      positions: rows(positions),
      statuses: rows(statuses)
    })
    if (built.conflictingLines > 0) {
      yield* Effect.logInfo("nba lines in both sources with differing values; meharpalbasi values kept").pipe(
        Effect.annotateLogs({ lines: built.conflictingLines })
      )
    }

    const signals = nbaSignals({ statuses: rows(statuses), players: built.players, statLines: built.statLines })
    const gameSrc = sourceCounts([millxingGames, linescores, advanced, teamTotals, teamLogs])
    const lineSrc = sourceCounts([mehLines, bmpLines, usage])
    const playerSrc = sourceCounts([positions, statuses])

    return yield* writeTeamSport("nba", allListed(files), {
      teams: { rows: nbaTeamRows, read: nbaTeamRows.length, skipped: [] },
      players: { rows: built.players, read: playerSrc.read, skipped: [...playerSrc.skipped, ...built.skippedPlayers] },
      games: { rows: built.games, read: gameSrc.read, skipped: [...gameSrc.skipped, ...built.skippedGames] },
      stat_lines: { rows: built.statLines, read: lineSrc.read, skipped: [...lineSrc.skipped, ...built.skippedLines] },
      signals: { rows: signals, read: rows(statuses).length, skipped: [] }
    })
  }).pipe(Effect.withSpan("Ingest.nba"))

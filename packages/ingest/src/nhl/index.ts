/**
 * NHL ingestion: reads the NHL files of the data directory (twinfield10_nhl_data schedules and
 * rosters, bettormanpicks_bmp_app 2025-26 team games, player game logs, player list and status
 * history), joins them (see {@link ./Build.ts} for ids and rules) and upserts teams, players,
 * games and stat lines through the SportsWriter.
 * @module
 */
import { SportsWriter, type StoreError } from "@sports-data/domain"
import { Effect } from "effect"
import { join } from "node:path"
import type { CsvFileError } from "../Csv.js"
import { parseStatus } from "../PlayerStatus.js"
import type { ProgressReporter } from "../Progress.js"
import { type SportIngestResult, writeTeamSport } from "../Report.js"
import { allListed, keptRows as rows, listFiles, readEach as readAll, sourceCounts } from "../Rows.js"
import { buildNhl } from "./Build.js"
import {
  parsePlayerLine,
  parsePlayerRow,
  parseRosterRow,
  parseScheduleRow,
  parseTeamGame,
  seasonOfFile
} from "./Sources.js"
import { nhlTeamRows } from "./Teams.js"

export {
  buildNhl,
  type GameDrafts,
  type GoalieDecision,
  goalieDecision,
  type JoinedLine,
  linesPhase,
  nhlPlayerId,
  playersPhase,
  REGULATION_GOALIE_MINUTES,
  type ResultType,
  resultTypeFromGoalies,
  scheduleGamesPhase,
  teamGamesPhase
} from "./Build.js"
export { parseScheduleRow } from "./Sources.js"
export type * as Sources from "./Sources.js"
export { nhlTeamIds, nhlTeamRows, normaliseNhlTeam } from "./Teams.js"

/** The NHL source files found under `dataDir`, by role (each list sorted by name). */
export interface NhlFiles {
  readonly schedules: ReadonlyArray<string>
  readonly rosters: ReadonlyArray<string>
  readonly teamGames: ReadonlyArray<string>
  readonly playerLogs: ReadonlyArray<string>
  readonly players: ReadonlyArray<string>
  readonly statuses: ReadonlyArray<string>
}

/** Finds the NHL source files under `dataDir` (a missing folder gives no files). */
export const nhlFiles = (dataDir: string): Effect.Effect<NhlFiles> =>
  Effect.gen(function*() {
    const tw = join(dataDir, "twinfield10_nhl_data")
    const bmp = join(dataDir, "bettormanpicks_bmp_app")
    return {
      schedules: yield* listFiles(tw, /^NHL_Schedule_\d{8}\.csv$/),
      rosters: yield* listFiles(tw, /^NHL_Roster_Full_\d{8}\.csv$/),
      teamGames: yield* listFiles(bmp, /^nhl_team_games_\d{4}_\d{2}\.csv$/),
      playerLogs: yield* listFiles(bmp, /^nhl_player_game_logs_\d{4}_\d{2}\.csv$/),
      players: yield* listFiles(bmp, /^nhl_players\.csv$/),
      statuses: yield* listFiles(bmp, /^nhl_player_status_history\.csv$/)
    }
  })

/** Every NHL source file under `dataDir`, sorted (for freshness checks such as `sourceMtime`). */
export const nhlSourceFiles = (dataDir: string): Effect.Effect<ReadonlyArray<string>> =>
  Effect.map(nhlFiles(dataDir), allListed)

/**
 * Ingests the NHL data under `dataDir` through the SportsWriter: 33 teams (the 32 clubs and the
 * Arizona Coyotes), players, games (2021-22 to 2023-24 and 2025-26) and 2025-26 stat lines.
 * Malformed rows are reported in `skipped` (file, line, reason) and not written; rows are written
 * only after every file is read, in batches, so a run never leaves partial rows. Re-running over
 * unchanged files reports every row unchanged. Fails with CsvFileError when a file cannot be
 * read, StoreError when the store fails.
 */
export const ingestNhl = (
  dataDir: string
): Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsWriter | ProgressReporter> =>
  Effect.gen(function*() {
    const files = yield* nhlFiles(dataDir)

    const schedules = yield* readAll(files.schedules, () => parseScheduleRow)
    const rosters = yield* readAll(files.rosters, (file) => parseRosterRow(seasonOfFile(file)))
    const teamGames = yield* readAll(files.teamGames, () => parseTeamGame)
    const playerLogs = yield* readAll(files.playerLogs, () => parsePlayerLine)
    const playerList = yield* readAll(files.players, () => parsePlayerRow)
    const statuses = yield* readAll(files.statuses, () => parseStatus("an NHL player id"))

    const built = buildNhl({
      schedules: rows(schedules),
      rosters: rows(rosters),
      teamGames: rows(teamGames),
      lines: rows(playerLogs),
      players: rows(playerList),
      statuses: rows(statuses)
    })

    const gameSrc = sourceCounts([schedules, teamGames])
    const lineSrc = sourceCounts([playerLogs])
    const playerSrc = sourceCounts([rosters, playerList, statuses])

    return yield* writeTeamSport("nhl", allListed(files), {
      teams: { rows: nhlTeamRows, read: nhlTeamRows.length, skipped: [] },
      players: { rows: built.players, read: playerSrc.read, skipped: [...playerSrc.skipped, ...built.skippedPlayers] },
      games: { rows: built.games, read: gameSrc.read, skipped: [...gameSrc.skipped, ...built.skippedGames] },
      stat_lines: { rows: built.statLines, read: lineSrc.read, skipped: [...lineSrc.skipped, ...built.skippedLines] }
    })
  }).pipe(Effect.withSpan("Ingest.nhl"))

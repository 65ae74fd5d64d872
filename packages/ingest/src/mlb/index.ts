/**
 * MLB ingestion: reads the MLB files of the data directory (chadwickbureau_register,
 * alejandrochaveza_mml_mlb, chadwickbureau_retrosplits, ehv6_retrosheet_mlb_2024), joins them
 * (see {@link ./Build.ts} for ids, states and rules) and upserts teams, players, games and stat
 * lines through the SportsWriter.
 * @module
 */
import type { SportsWriter, StoreError } from "@sports-data/domain"
import { Clock, Effect } from "effect"
import { join } from "node:path"
import type { CsvFileError } from "../Csv.js"
import type { ProgressReporter } from "../Progress.js"
import { type SportIngestResult, writeTeamSport } from "../Report.js"
import { allListed, keptRows as rows, listFiles, readEach, type RowParser, sourceCounts } from "../Rows.js"
import { buildMlb } from "./Build.js"
import {
  parseAppearanceRow,
  parseCrosswalk,
  parseGameInfo,
  parsePitchingRow,
  parsePlayingRow,
  parseRegisterPerson,
  parseRetroTeamRow,
  parseScheduleRow
} from "./Sources.js"
import { mlbTeamRows } from "./Teams.js"

export {
  buildMlb,
  type GameLinks,
  gamesPhase,
  linesPhase,
  linksPhase,
  mlbPlayerId,
  playersPhase,
  type RetroGame,
  retroGamesPhase,
  retroIdsPhase,
  type Schedule,
  schedulePhase
} from "./Build.js"
export { mlbCalendar, seasonTypeByCalendar } from "./Calendar.js"
export type * as Sources from "./Sources.js"
export { mlbTeamAliases, mlbTeamOfMlbam, mlbTeams, normaliseMlbTeam } from "./Teams.js"

/** The MLB source files found under `dataDir`, by role (each list sorted by name). */
export interface MlbFiles {
  readonly register: ReadonlyArray<string>
  readonly schedule: ReadonlyArray<string>
  readonly retroTeams: ReadonlyArray<string>
  readonly playing: ReadonlyArray<string>
  readonly crosswalk: ReadonlyArray<string>
  readonly gameInfo: ReadonlyArray<string>
  readonly pitching: ReadonlyArray<string>
  readonly appearances: ReadonlyArray<string>
}

/** Finds the MLB source files under `dataDir` (a missing folder gives no files). */
export const mlbFiles = (dataDir: string): Effect.Effect<MlbFiles> =>
  Effect.gen(function*() {
    const register = join(dataDir, "chadwickbureau_register")
    const schedule = join(dataDir, "alejandrochaveza_mml_mlb")
    const splits = join(dataDir, "chadwickbureau_retrosplits")
    const retro = join(dataDir, "ehv6_retrosheet_mlb_2024")
    return {
      register: yield* listFiles(register, /^people.*\.csv$/),
      schedule: yield* listFiles(schedule, /^games_\d{4}\.csv$/),
      retroTeams: yield* listFiles(splits, /^teams-\d{4}\.csv$/),
      playing: yield* listFiles(splits, /^playing-\d{4}\.csv$/),
      crosswalk: yield* listFiles(retro, /^derived_retro_gid_to_game_pk_\d{4}\.csv$/),
      gameInfo: yield* listFiles(retro, /^\d{4}gameinfo\.csv$/),
      pitching: yield* listFiles(retro, /^\d{4}pitching\.csv$/),
      appearances: yield* listFiles(retro, /^\d{4}allplayers\.csv$/)
    }
  })

/** Every MLB source file under `dataDir`, sorted (for freshness checks such as `sourceMtime`). */
export const mlbSourceFiles = (dataDir: string): Effect.Effect<ReadonlyArray<string>> =>
  Effect.map(mlbFiles(dataDir), allListed)

/** Reads each of `files` with the one parser of their role. */
const readAll = <A>(files: ReadonlyArray<string>, parse: RowParser<A>) => readEach(files, () => parse)

/**
 * Ingests the MLB data under `dataDir` through the SportsWriter: 30 clubs, players (register people
 * who played in MLB), games with game_pk and states, and per-game pitching lines (batting null:
 * no per-batter game lines exist in these datasets, unless retrosplits `playing-<year>.csv`
 * files are present). The ingest day (for `postponed` vs `scheduled`) comes from Effect's Clock.
 * Malformed rows are reported in `skipped` (file, line, reason) and not written; rows are written
 * only after every file is read, so a run never leaves partial rows; a re-run over unchanged
 * files reports every row unchanged (on the same day). Fails with CsvFileError when a file cannot
 * be read, StoreError when the store fails.
 */
export const ingestMlb = (
  dataDir: string
): Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsWriter | ProgressReporter> =>
  Effect.gen(function*() {
    const files = yield* mlbFiles(dataDir)
    const today = new Date(yield* Clock.currentTimeMillis).toISOString().slice(0, 10)

    const people = yield* readAll(files.register, parseRegisterPerson)
    const schedule = yield* readAll(files.schedule, parseScheduleRow)
    const retroTeams = yield* readAll(files.retroTeams, parseRetroTeamRow)
    const crosswalk = yield* readAll(files.crosswalk, parseCrosswalk)
    const gameInfo = yield* readAll(files.gameInfo, parseGameInfo)
    const pitching = yield* readAll(files.pitching, parsePitchingRow)
    const playing = yield* readAll(files.playing, parsePlayingRow)
    const appearances = yield* readAll(files.appearances, parseAppearanceRow)

    const built = buildMlb({
      people: rows(people),
      schedule: rows(schedule),
      retroTeams: rows(retroTeams),
      crosswalk: rows(crosswalk),
      gameInfo: rows(gameInfo),
      pitching: rows(pitching),
      playing: rows(playing),
      appearances: rows(appearances),
      today
    })

    const playerSrc = sourceCounts([people, appearances])
    const gameSrc = sourceCounts([schedule, retroTeams, crosswalk, gameInfo])
    const lineSrc = sourceCounts([pitching, playing])
    return yield* writeTeamSport("mlb", allListed(files), {
      teams: { rows: mlbTeamRows, read: mlbTeamRows.length, skipped: [] },
      players: { rows: built.players, read: playerSrc.read, skipped: playerSrc.skipped },
      games: { rows: built.games, read: gameSrc.read, skipped: [...gameSrc.skipped, ...built.skippedGames] },
      stat_lines: { rows: built.statLines, read: lineSrc.read, skipped: [...lineSrc.skipped, ...built.skippedLines] }
    })
  }).pipe(Effect.withSpan("Ingest.mlb"))

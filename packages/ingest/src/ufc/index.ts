/**
 * UFC ingestion: reads the greco1899_ufc_stats files (cards, fight results, fighter directory,
 * tale of the tape), resolves bout names to fighters (Build.ts) and upserts fighters, cards and
 * each fighter's entry per bout through the SportsWriter.
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
import { buildUfc } from "./Build.js"
import { parseEvent, parseFight, parseFighter, parseTape } from "./Sources.js"

export { buildUfc, unresolvedFighterId } from "./Build.js"
export * as Sources from "./Sources.js"

/** The UFC source files under `dataDir`, by role. */
export interface UfcFiles {
  readonly events: ReadonlyArray<string>
  readonly fights: ReadonlyArray<string>
  readonly fighters: ReadonlyArray<string>
  readonly tapes: ReadonlyArray<string>
}

/** Finds the UFC source files under `dataDir` (a missing folder gives none). */
export const ufcFiles = (dataDir: string): Effect.Effect<UfcFiles> =>
  Effect.gen(function*() {
    const dir = join(dataDir, "greco1899_ufc_stats")
    return {
      events: yield* listFiles(dir, /^ufc_event_details\.csv$/),
      fights: yield* listFiles(dir, /^ufc_fight_results\.csv$/),
      fighters: yield* listFiles(dir, /^ufc_fighter_details\.csv$/),
      tapes: yield* listFiles(dir, /^ufc_fighter_tott\.csv$/)
    }
  })

/** Every UFC source file under `dataDir`, sorted. */
export const ufcSourceFiles = (dataDir: string): Effect.Effect<ReadonlyArray<string>> =>
  Effect.map(ufcFiles(dataDir), allListed)

/**
 * Ingests the UFC data under `dataDir`. Malformed rows are reported in `skipped` (file, line,
 * reason) and not written; names left unresolved are logged (`unresolved_names`). Re-running
 * over unchanged files reports every row unchanged. Fails with CsvFileError when a file cannot
 * be read, StoreError when the store fails.
 */
export const ingestUfc = (
  dataDir: string
): Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsWriter | ProgressReporter> =>
  Effect.gen(function*() {
    const files = yield* ufcFiles(dataDir)
    const events = yield* readEach(files.events, () => parseEvent)
    const fights = yield* readEach(files.fights, () => parseFight)
    const fighters = yield* readEach(files.fighters, () => parseFighter)
    const tapes = yield* readEach(files.tapes, () => parseTape)
    const built = buildUfc({ events: rows(events), fights: rows(fights), fighters: rows(fighters), tapes: rows(tapes) })
    const athleteSrc = sourceCounts([fighters, tapes])
    const eventSrc = sourceCounts([events])
    const fightSrc = sourceCounts([fights])
    return yield* writeEventSport("ufc", allListed(files), {
      athletes: { rows: built.athletes, read: athleteSrc.read, skipped: athleteSrc.skipped },
      events: { rows: built.events, read: eventSrc.read, skipped: eventSrc.skipped },
      event_entries: { rows: built.entries, read: fightSrc.read, skipped: [...fightSrc.skipped, ...built.skipped] }
    }, { unresolved_names: built.unresolved.length })
  }).pipe(Effect.withSpan("Ingest.ufc"))

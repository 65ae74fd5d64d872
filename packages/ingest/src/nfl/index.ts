/**
 * NFL ingestion: finds and reads the nfl files of the data directory (hvpkod_nfl_data,
 * jtyran_nfl_team_fantasy_dashboard, mayscopeland_ffb_ids, spreadspoke_nfl,
 * urwishpatel2003_nflverse_data; each folder's PROVENANCE.md describes its files), parses each
 * row (Sources.ts), joins the records (Build.ts, which documents ids and rules; Identity.ts for
 * player identities) and upserts teams, games, players, weekly stat lines, injury reports and
 * depth chart entries, and the signals derived from them and from the news archive
 * (dynastyprocess_fantasytweetarchives; Signals.ts), through the SportsWriter.
 * @module
 */
import { SportsWriter, type StoreError, type UpsertResult } from "@sports-data/domain"
import { Effect } from "effect"
import { join } from "node:path"
import type { CsvFileError } from "../Csv.js"
import type { ProgressReporter } from "../Progress.js"
import {
  type Entity,
  type EntityCounts,
  entityCounts,
  type SkippedRow,
  type SportIngestResult,
  upsertAll
} from "../Report.js"
import { type FileRows, keptRows as rows, listFiles, readRows, type RowParser, sourceCounts } from "../Rows.js"
import { buildNfl, type NflInputs, scoreKeys } from "./Build.js"
import {
  parseDepth,
  parseDp,
  parseFfb,
  parseHv,
  parseInjury,
  parseSchedule,
  parseScore,
  parseSnap,
  parseTeam,
  parseTweet,
  parseWeekly
} from "./Sources.js"

export { buildNfl, type NflBuild, type NflInputs } from "./Build.js"
export { idPreference, localId } from "./Identity.js"
export {
  depthChangeSignals,
  injurySignals,
  newsSignals,
  nflContext,
  playersNamed,
  returnSignals,
  roleShiftSignals
} from "./Signals.js"
export { type HvRow, type InjuryRow, parseHv, parseInjury, parseSnap, parseTweet, type SnapRow } from "./Sources.js"
export { canonicalTeams, normaliseTeam, teamAliases } from "./Teams.js"

/** Dataset folders the nfl adapter reads (each has a PROVENANCE.md). */
export const folders = {
  hvpkod: "hvpkod_nfl_data",
  jtyran: "jtyran_nfl_team_fantasy_dashboard",
  mayscopeland: "mayscopeland_ffb_ids",
  spreadspoke: "spreadspoke_nfl",
  nflverse: "urwishpatel2003_nflverse_data",
  news: "dynastyprocess_fantasytweetarchives"
} as const

/** The files of one run, grouped by layout. Seasonal files are found by name, so a folder may hold fewer seasons. */
export interface NflFiles {
  readonly dpIds: string
  readonly ffbIds: string
  readonly teams: string
  readonly scores: string
  readonly schedules: ReadonlyArray<string>
  readonly offense: ReadonlyArray<string>
  readonly kicker: ReadonlyArray<string>
  readonly idp: ReadonlyArray<string>
  readonly weekly: ReadonlyArray<string>
  readonly snaps: ReadonlyArray<string>
  readonly injuries: string
  readonly depthCharts: string
  /** The news archive (none when its folder is absent: news is optional). */
  readonly tweets: ReadonlyArray<string>
}

/**
 * Finds the nfl input files under `dataDir`: fixed names for the crosswalks, teams, scores,
 * injuries and depth charts; `nfl_weekly_{offense,kicker,idp}_<season>.csv` (not the projected
 * ones), `player_stats_weekly_<season>.csv`, `snap_counts_<season>.csv` and `schedules_*.csv`
 * (a missing folder gives none of its seasonal files; a missing fixed file fails the run when it
 * is read).
 */
export const nflFiles = (dataDir: string): Effect.Effect<NflFiles> =>
  Effect.gen(function*() {
    const d = (f: keyof typeof folders) => join(dataDir, folders[f])
    return {
      dpIds: join(d("jtyran"), "player_ids.csv"),
      ffbIds: join(d("mayscopeland"), "player_ids.csv"),
      teams: join(d("spreadspoke"), "nfl_teams.csv"),
      scores: join(d("spreadspoke"), "spreadspoke_scores.csv"),
      schedules: yield* listFiles(d("nflverse"), /^schedules_.*\.csv$/),
      offense: yield* listFiles(d("hvpkod"), /^nfl_weekly_offense_\d{4}\.csv$/),
      kicker: yield* listFiles(d("hvpkod"), /^nfl_weekly_kicker_\d{4}\.csv$/),
      idp: yield* listFiles(d("hvpkod"), /^nfl_weekly_idp_\d{4}\.csv$/),
      weekly: yield* listFiles(d("nflverse"), /^player_stats_weekly_\d{4}\.csv$/),
      snaps: yield* listFiles(d("nflverse"), /^snap_counts_\d{4}\.csv$/),
      injuries: join(d("jtyran"), "injuries.csv"),
      depthCharts: join(d("jtyran"), "depth_charts.csv"),
      tweets: yield* listFiles(d("news"), /^tweets_.*\.csv$/)
    }
  })

/** Every file of {@link NflFiles}, in reading order. */
export const allFiles = (f: NflFiles): ReadonlyArray<string> =>
  [
    f.teams,
    f.schedules,
    f.scores,
    f.dpIds,
    f.ffbIds,
    f.weekly,
    f.snaps,
    f.injuries,
    f.depthCharts,
    f.offense,
    f.kicker,
    f.idp,
    f.tweets
  ].flat()

/** Reads `files` in order with Rows.readRows, logging a warning for each file with malformed rows. */
const readAll = <A>(
  files: ReadonlyArray<string>,
  parse: RowParser<A>
): Effect.Effect<ReadonlyArray<FileRows<A>>, CsvFileError, ProgressReporter> =>
  Effect.forEach(files, (file) =>
    readRows(file, parse).pipe(
      Effect.tap((f) =>
        f.skipped.length === 0 ? Effect.void : Effect.logWarning("malformed rows skipped").pipe(
          Effect.annotateLogs({ file, skipped: f.skipped.length })
        )
      ),
      Effect.withSpan("Nfl.readFile", { attributes: { file } })
    ))

/** The entities the nfl adapter writes. */
type NflEntity = Extract<Entity, "players" | "teams" | "games" | "stat_lines" | "injuries" | "depth_charts" | "signals">

/** The parsed inputs of one run, and the malformed rows of each entity's files (in reading order). */
export interface NflRead {
  readonly inputs: NflInputs
  readonly malformed: Readonly<Record<NflEntity, ReadonlyArray<SkippedRow>>>
}

/**
 * Reads and parses the files of {@link nflFiles} in {@link allFiles} order (the spreadspoke
 * scores after the teams and the schedule, whose team names and first season their parser
 * needs). Fails with CsvFileError when a file cannot be read at all.
 */
export const readNfl = (files: NflFiles): Effect.Effect<NflRead, CsvFileError, ProgressReporter> =>
  Effect.gen(function*() {
    const teams = yield* readAll([files.teams], parseTeam)
    const schedules = yield* readAll(files.schedules, parseSchedule)
    const scores = yield* readAll([files.scores], parseScore(scoreKeys(rows(teams), rows(schedules))))
    const dpIds = yield* readAll([files.dpIds], parseDp)
    const ffbIds = yield* readAll([files.ffbIds], parseFfb)
    const weekly = yield* readAll(files.weekly, parseWeekly)
    const snaps = yield* readAll(files.snaps, parseSnap)
    const injuries = yield* readAll([files.injuries], parseInjury)
    const depthCharts = yield* readAll([files.depthCharts], parseDepth)
    const offense = yield* readAll(files.offense, parseHv("offense"))
    const kicker = yield* readAll(files.kicker, parseHv("kicker"))
    const idp = yield* readAll(files.idp, parseHv("idp"))
    const tweets = yield* readAll(files.tweets, parseTweet)
    return {
      inputs: {
        teams: rows(teams),
        schedules: rows(schedules),
        scores: rows(scores),
        dpIds: rows(dpIds),
        ffbIds: rows(ffbIds),
        weekly: rows(weekly),
        snaps: rows(snaps),
        injuries: rows(injuries),
        depthCharts: rows(depthCharts),
        hv: [...rows(offense), ...rows(kicker), ...rows(idp)],
        tweets: rows(tweets)
      },
      malformed: {
        players: sourceCounts([dpIds, ffbIds]).skipped,
        teams: sourceCounts([teams]).skipped,
        games: sourceCounts([schedules, scores]).skipped,
        stat_lines: sourceCounts([weekly, snaps, offense, kicker, idp]).skipped,
        injuries: sourceCounts([injuries]).skipped,
        depth_charts: sourceCounts([depthCharts]).skipped,
        signals: sourceCounts([tweets]).skipped
      }
    }
  })

/**
 * Ingests the nfl datasets under `dataDir` through the SportsWriter: reads every file
 * ({@link readNfl}), builds the canonical rows (Build.buildNfl: ids and rules), then writes them
 * (teams, games, players, stat lines, injuries, depth charts, in batches), so a run never leaves
 * partial rows. Idempotent: a second run over unchanged files reports every row unchanged.
 * Malformed rows and rows that cannot be joined are reported in the result's `skipped` (file,
 * line, reason) and left out; an entity's `read` counts the rows written. Fails with
 * CsvFileError when a file or folder cannot be read at all, StoreError when the store fails.
 */
export const ingestNfl = (
  dataDir: string
): Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsWriter | ProgressReporter> =>
  Effect.gen(function*() {
    const files = yield* nflFiles(dataDir)
    const writer = yield* SportsWriter
    const { inputs, malformed } = yield* readNfl(files)
    const built = buildNfl(inputs)
    const skippedBy: Readonly<Record<NflEntity, ReadonlyArray<SkippedRow>>> = {
      ...malformed,
      games: [...malformed.games, ...built.skippedGames],
      stat_lines: [...malformed.stat_lines, ...built.skippedLines]
    }
    const ids = built.identities
    yield* Effect.logInfo("nfl identities resolved").pipe(Effect.annotateLogs({
      persons: ids.persons,
      id_conflicts: ids.idConflicts,
      hv_linked_by_evidence: ids.hvLinkedByEvidence,
      hv_linked_by_name: ids.hvLinkedByName,
      hv_new_persons: ids.hvNewPersons,
      merged_by_team_and_name: ids.mergedByTeamAndName,
      ffb_linked_by_name: ids.ffbLinkedByName
    }))

    const counts: Partial<Record<Entity, EntityCounts>> = {}
    const write = <A>(
      entity: NflEntity,
      rows: ReadonlyArray<A>,
      upsert: (batch: ReadonlyArray<A>) => Effect.Effect<UpsertResult, StoreError>
    ) =>
      upsertAll(rows, upsert).pipe(
        Effect.map((r) => {
          counts[entity] = entityCounts(rows.length, skippedBy[entity].length, r)
        })
      )
    yield* write("teams", built.teams, writer.upsertTeams)
    yield* write("games", built.games, writer.upsertGames)
    yield* write("players", built.players, writer.upsertPlayers)
    yield* write("stat_lines", built.statLines, writer.upsertStatLines)
    yield* write("injuries", built.injuries, writer.upsertInjuries)
    yield* write("depth_charts", built.depthCharts, writer.upsertDepthCharts)
    yield* write("signals", built.signals, writer.upsertSignals)

    const skipped = Object.values(skippedBy).flat()
    yield* Effect.logInfo("nfl ingested").pipe(Effect.annotateLogs(Object.fromEntries(
      Object.entries(counts).map((
        [k, c]
      ) => [
        k,
        `${c.read} rows: ${c.inserted} new, ${c.updated} updated, ${c.unchanged} unchanged; ${c.skipped} skipped`
      ])
    )))
    return { sport: "nfl" as const, counts, skipped, files: allFiles(files) }
  }).pipe(Effect.withSpan("Nfl.ingest", { attributes: { dataDir } }))

/**
 * NASCAR ingestion from `nascar_data_kylegrealis/<series>_series_2022_2025.csv` (series `cup`,
 * `xfinity`, `truck`; one row per driver per race: `Season, Race, Track, Name, Length, Surface,
 * Finish, Start, Car, Driver, Make, Pts, Laps, Led, Status, Team, S1, S2, Rating, Win,
 * Seg Points`), written as events and entries (domain `Nascar` module for ids and shapes).
 *
 * The source has no driver ids (drivers are keyed by the slug of their name) and no race dates
 * (see the `Nascar` module on `start_date`).
 * @module
 */
import { type EventEntry, Nascar, type SportEvent, type SportsWriter, type StoreError } from "@sports-data/domain"
import { Effect, Either } from "effect"
import { basename, join } from "node:path"
import { type CsvFileError, type CsvRow, field } from "../Csv.js"
import { writeEventSport } from "../EventSports.js"
import type { ProgressReporter } from "../Progress.js"
import type { SkippedRow, SportIngestResult } from "../Report.js"
import { keptRows, listFiles, numbers, readRows, required, sourceCounts } from "../Rows.js"

const FILE = /^(cup|xfinity|truck)_series_\d{4}_\d{4}\.csv$/

/** Every NASCAR source file under `dataDir` (a missing folder gives none), sorted. */
export const nascarSourceFiles = (dataDir: string): Effect.Effect<ReadonlyArray<string>> =>
  listFiles(join(dataDir, "nascar_data_kylegrealis"), FILE)

/** One driver's line in one race. */
interface ResultRow {
  readonly file: string
  readonly line: number
  readonly series: Nascar.NascarSeries
  readonly season: number
  readonly race: number
  readonly track: string | null
  readonly name: string
  readonly length: number | null
  readonly surface: string | null
  readonly driver: string
  readonly team: string | null
  readonly car: string | null
  readonly make: string | null
  readonly status: string | null
  readonly stats: Readonly<Record<string, number | null>>
}

const parseRow = (series: Nascar.NascarSeries) => (row: CsvRow): Either.Either<ResultRow, string> =>
  Either.gen(function*() {
    const n = yield* numbers(row, {
      season: "Season",
      race: "Race",
      length: "Length",
      finish: "Finish",
      start: "Start",
      points: "Pts",
      laps: "Laps",
      laps_led: "Led",
      stage_1: "S1",
      stage_2: "S2",
      rating: "Rating",
      win: "Win",
      segment_points: "Seg Points"
    })
    if (n.season === null || n.race === null || !Number.isInteger(n.season) || !Number.isInteger(n.race)) {
      return yield* Either.left("Season and Race must be whole numbers")
    }
    if (n.finish !== null && (!Number.isInteger(n.finish) || n.finish < 1)) {
      return yield* Either.left(`Finish is not a place: ${n.finish}`)
    }
    return {
      file: row.file,
      line: row.line,
      series,
      season: n.season,
      race: n.race,
      track: field(row, "Track") ?? null,
      name: yield* required(row, "Name"),
      length: n.length,
      surface: field(row, "Surface") ?? null,
      driver: yield* required(row, "Driver"),
      team: field(row, "Team") ?? null,
      car: field(row, "Car") ?? null,
      make: field(row, "Make") ?? null,
      status: field(row, "Status") ?? null,
      stats: {
        finish: n.finish,
        start: n.start,
        points: n.points,
        laps: n.laps,
        laps_led: n.laps_led,
        stage_1: n.stage_1,
        stage_2: n.stage_2,
        rating: n.rating,
        win: n.win,
        segment_points: n.segment_points
      }
    }
  })

/** Builds the NASCAR race events and entries from the parsed rows (pure). */
export const buildNascar = (rows: ReadonlyArray<ResultRow>) => {
  const skipped: Array<SkippedRow> = []
  const races = new Map<string, Array<ResultRow>>()
  for (const r of rows) {
    const id = Nascar.raceEventId(r.series, r.season, r.race)
    races.set(id, [...(races.get(id) ?? []), r])
  }
  const events: Array<SportEvent> = []
  const entries: Array<EventEntry> = []
  for (const [id, lines] of races) {
    const first = lines[0]!
    const cars: Record<string, { car: string | null; make: string | null }> = {}
    const seen = new Set<string>()
    for (const r of lines) {
      const slug = Nascar.driverSlug(r.driver)
      const driver = `svc_nascar_${slug}`
      if (slug === "" || seen.has(driver)) {
        skipped.push({
          file: r.file,
          line: r.line,
          reason: slug === "" ? "Driver has no letters or digits" : `driver ${r.driver} is listed twice in ${id}`
        })
        continue
      }
      seen.add(driver)
      cars[driver] = { car: r.car, make: r.make }
      const { finish, points, ...stats } = r.stats
      entries.push({
        id: `${id}:${driver}`,
        sport: "nascar",
        event_id: id,
        participant_id: driver,
        participant_name: r.driver,
        team: r.team,
        position: finish ?? null,
        status: r.status,
        score: points ?? null,
        stats
      })
    }
    const laps = lines.reduce<number | null>((m, r) => {
      const l = r.stats["laps"] ?? null
      return l === null ? m : Math.max(m ?? 0, l)
    }, null)
    events.push({
      id,
      sport: "nascar",
      league: first.series,
      season: first.season,
      name: first.name,
      // no race dates in the source: 1 January of the season, so races sort by season then number
      start_date: null,
      end_date: null,
      state: "final",
      venue: first.track,
      attributes: {
        race_number: first.race,
        track: first.track,
        length_miles: first.length,
        surface: first.surface,
        laps,
        date_known: false,
        cars
      }
    })
  }
  return { events, entries, skipped }
}

/**
 * Ingests the NASCAR files under `dataDir`: every race of the three series as an event and every
 * driver's result as an entry. Malformed rows are reported with file and line and skipped;
 * re-running over unchanged files reports every row unchanged. Fails with CsvFileError when a
 * file cannot be read, StoreError when the store fails.
 */
export const ingestNascar = (
  dataDir: string
): Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsWriter | ProgressReporter> =>
  Effect.gen(function*() {
    const files = yield* nascarSourceFiles(dataDir)
    const read = yield* Effect.forEach(
      files,
      (f) => readRows(f, parseRow(FILE.exec(basename(f))![1] as Nascar.NascarSeries))
    )
    const built = buildNascar(keptRows(read))
    const src = sourceCounts([read])
    return yield* writeEventSport("nascar", files, {
      events: { rows: built.events, read: built.events.length, skipped: [] },
      event_entries: { rows: built.entries, read: src.read, skipped: [...src.skipped, ...built.skipped] }
    })
  }).pipe(Effect.withSpan("Ingest.nascar"))

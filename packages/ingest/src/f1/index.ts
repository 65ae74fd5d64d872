/**
 * Formula 1 ingestion from F1DB (`f1db/`, CSV tables flattened from its YAML; see PROVENANCE.md):
 * the calendar (`races.csv`), results of races, qualifying, sprints and sprint qualifying, and the
 * reference tables of drivers, constructors, grands prix and circuits. Written as events (one per
 * session; domain `F1` module) and entries.
 *
 * Ids: race events `svc_f1_<F1DB race id>` (sessions add `_qualifying`, `_sprint`,
 * `_sprint_qualifying`), drivers `svc_f1_<F1DB driver id>` (`svc_f1_max-verstappen`); an entry's
 * `team` is the F1DB constructor id (`red-bull`), named in the event's `attributes.constructors`.
 *
 * Times are stored as milliseconds in `stats` (`time_ms`, `gap_ms`, `q1_ms`...) and written back
 * as F1DB writes them by `F1.formatDuration`. The source's points are stored as they are; each
 * is compared with the regulations' points (`F1.regulationPoints`) and a difference is logged.
 * @module
 */
import { type EventEntry, F1, type SportEvent, type SportsWriter, type StoreError } from "@sports-data/domain"
import { Effect, Either } from "effect"
import { join } from "node:path"
import { type CsvFileError, type CsvRow, field } from "../Csv.js"
import { writeEventSport } from "../EventSports.js"
import type { ProgressReporter } from "../Progress.js"
import type { SkippedRow, SportIngestResult } from "../Report.js"
import {
  type FileRows,
  keptRows,
  listFiles,
  optionalNumber as number,
  readRows,
  required,
  requiredDate,
  sourceCounts
} from "../Rows.js"

/** The result tables and the session each holds. */
const resultTables = {
  "race_results.csv": "race",
  "qualifying_results.csv": "qualifying",
  "sprint_race_results.csv": "sprint",
  "sprint_qualifying_results.csv": "sprint_qualifying"
} as const satisfies Record<string, F1.F1Session>

const referenceTables = ["races.csv", "drivers.csv", "constructors.csv", "grands_prix.csv", "circuits.csv"]

/** Every F1 source file under `dataDir` (a missing folder gives none), sorted. */
export const f1SourceFiles = (dataDir: string): Effect.Effect<ReadonlyArray<string>> =>
  listFiles(
    join(dataDir, "f1db"),
    new RegExp(`^(${[...referenceTables, ...Object.keys(resultTables), "fastest_laps.csv"].join("|")})$`)
  )

const duration = (row: CsvRow, column: string): Either.Either<number | null, string> => {
  const v = field(row, column)
  if (v === undefined) return Either.right(null)
  const ms = F1.parseDuration(v)
  return ms === undefined ? Either.left(`${column} is not a time: ${JSON.stringify(v)}`) : Either.right(ms)
}

/** A grand prix of the calendar. */
interface RaceRow {
  readonly season: number
  readonly slug: string
  readonly id: string
  readonly round: number
  readonly date: string
  readonly fields: Readonly<Record<string, string>>
}

const parseRace = (row: CsvRow): Either.Either<RaceRow, string> =>
  Either.gen(function*() {
    const season = yield* number(row, "season")
    const round = yield* number(row, "round")
    if (season === null || round === null) return yield* Either.left("season or round is missing")
    return {
      season,
      slug: yield* required(row, "race_slug"),
      id: yield* required(row, "id"),
      round,
      date: yield* requiredDate(row, "date"),
      fields: row.fields
    }
  })

/** One row of a result table. */
interface ResultRow {
  readonly file: string
  readonly line: number
  readonly session: F1.F1Session
  readonly season: number
  readonly slug: string
  readonly positionText: string
  readonly driverId: string
  readonly constructorId: string
  readonly number: number | null
  readonly stats: Readonly<Record<string, number | null>>
  readonly reason: string | null
}

const parseResult = (session: F1.F1Session) => (row: CsvRow): Either.Either<ResultRow, string> =>
  Either.gen(function*() {
    const season = yield* number(row, "season")
    if (season === null) return yield* Either.left("season is missing")
    const positionText = yield* required(row, "position")
    if (!/^\d+$/.test(positionText) && !/^[A-Z]{2,3}$/.test(positionText)) {
      return yield* Either.left(`position is neither a place nor a status: ${JSON.stringify(positionText)}`)
    }
    const qualifying = session === "qualifying" || session === "sprint_qualifying"
    // gap: "+5.598" (time behind the winner) or "+1 lap" / "+2 laps"
    const gap = field(row, "gap")?.replace(/^\+/, "")
    const lapsBehind = gap === undefined ? undefined : /^(\d+) laps?$/.exec(gap)?.[1]
    const gapMs = gap === undefined || lapsBehind !== undefined ? undefined : F1.parseDuration(gap)
    if (gap !== undefined && lapsBehind === undefined && gapMs === undefined) {
      return yield* Either.left(`gap is neither a time nor laps: ${JSON.stringify(gap)}`)
    }
    const stats: Record<string, number | null> = qualifying
      ? {
        q1_ms: yield* duration(row, "q1"),
        q2_ms: yield* duration(row, "q2"),
        q3_ms: yield* duration(row, "q3"),
        laps: yield* number(row, "laps")
      }
      : {
        laps: yield* number(row, "laps"),
        // gridPosition "PL": started from the pit lane
        grid: field(row, "gridPosition") === "PL" ? null : yield* number(row, "gridPosition"),
        pit_lane_start: field(row, "gridPosition") === "PL" ? 1 : 0,
        time_ms: yield* duration(row, "time"),
        gap_ms: gapMs ?? null,
        laps_behind: lapsBehind === undefined ? null : Number(lapsBehind),
        time_penalty_ms: yield* duration(
          { ...row, fields: { p: field(row, "timePenalty")?.replace(/^\+/, "") ?? "" } },
          "p"
        ),
        points: yield* number(row, "points")
      }
    return {
      file: row.file,
      line: row.line,
      session,
      season,
      slug: yield* required(row, "race_slug"),
      positionText,
      driverId: yield* required(row, "driverId"),
      constructorId: yield* required(row, "constructorId"),
      number: yield* number(row, "driverNumber"),
      stats,
      reason: field(row, "reasonRetired") ?? null
    }
  })

/** A row of a reference table, keyed by its `id`. */
const parseReference = (row: CsvRow): Either.Either<Readonly<Record<string, string>>, string> =>
  Either.map(required(row, "id"), () => row.fields)

/** A fastest lap of a race (only the first place is kept). */
const parseFastest = (row: CsvRow): Either.Either<{ key: string; driverId: string } | null, string> =>
  field(row, "position") === "1"
    ? Either.all({
      season: required(row, "season"),
      slug: required(row, "race_slug"),
      driverId: required(row, "driverId")
    })
      .pipe(Either.map((r) => ({ key: `${r.season}/${r.slug}`, driverId: r.driverId })))
    : Either.right(null)

const STATUS: Readonly<Record<string, string>> = { DSQ: "dsq", DNS: "dns", NC: "nc", DNQ: "dnq", DNPQ: "dnq", EX: "ex" }

const orNull = (v: string | undefined): string | null => v ?? null
const numOrNull = (v: string | undefined): number | null => {
  const n = v === undefined || v === "" ? Number.NaN : Number(v)
  return Number.isFinite(n) ? n : null
}

/** Inputs of {@link buildF1}: the parsed tables. */
export interface F1Tables {
  readonly races: ReadonlyArray<RaceRow>
  readonly results: ReadonlyArray<ResultRow>
  readonly drivers: ReadonlyMap<string, Readonly<Record<string, string>>>
  readonly constructors: ReadonlyMap<string, Readonly<Record<string, string>>>
  readonly grandsPrix: ReadonlyMap<string, Readonly<Record<string, string>>>
  readonly circuits: ReadonlyMap<string, Readonly<Record<string, string>>>
  readonly fastestLaps: ReadonlyMap<string, string>
}

/** Builds the F1 session events and entries (pure), and the points that differ from the regulations. */
export const buildF1 = (t: F1Tables) => {
  const skipped: Array<SkippedRow> = []
  const pointsDiffer: Array<string> = []
  const raceByKey = new Map(t.races.map((r) => [`${r.season}/${r.slug}`, r] as const))
  const bySession = new Map<string, Array<ResultRow>>()
  for (const r of t.results) {
    const race = raceByKey.get(`${r.season}/${r.slug}`)
    if (race === undefined) {
      skipped.push({ file: r.file, line: r.line, reason: `race ${r.season} ${r.slug} is not in races.csv` })
      continue
    }
    const id = F1.sessionEventId(`svc_f1_${race.id}`, r.session)
    bySession.set(id, [...(bySession.get(id) ?? []), r])
  }
  const events: Array<SportEvent> = []
  const entries: Array<EventEntry> = []
  for (const race of t.races) {
    const f = race.fields
    const raceId = `svc_f1_${race.id}`
    const gp = t.grandsPrix.get(f["grandPrixId"] ?? "")
    const circuit = t.circuits.get(f["circuitId"] ?? "")
    const name = gp?.["fullName"] ?? f["officialName"] ?? race.slug
    // the race event always exists (a grand prix of the calendar); other sessions once they have results
    const held = (Object.values(resultTables) as ReadonlyArray<F1.F1Session>).filter((s) =>
      bySession.has(F1.sessionEventId(raceId, s))
    )
    const sessions = held.includes("race") ? held : ["race" as const, ...held]
    const sprintWeekend = (f["sprintRaceDate"] ?? "") !== "" || bySession.has(F1.sessionEventId(raceId, "sprint"))
    for (const session of sessions) {
      const id = F1.sessionEventId(raceId, session)
      const rows = bySession.get(id) ?? []
      const dateColumn = {
        race: "date",
        qualifying: "qualifyingDate",
        sprint: "sprintRaceDate",
        sprint_qualifying: "sprintQualifyingDate"
      }[session]
      const timeColumn = {
        race: "time",
        qualifying: "qualifyingTime",
        sprint: "sprintRaceTime",
        sprint_qualifying: "sprintQualifyingTime"
      }[session]
      const date = f[dateColumn] !== undefined && f[dateColumn] !== "" ? f[dateColumn]! : race.date
      const constructors: Record<string, string> = {}
      const retirements: Record<string, string> = {}
      const codes: Record<string, string> = {}
      const seen = new Set<string>()
      for (const r of rows) {
        const driver = `svc_f1_${r.driverId}`
        if (seen.has(driver)) {
          skipped.push({ file: r.file, line: r.line, reason: `driver ${r.driverId} is listed twice in ${id}` })
          continue
        }
        seen.add(driver)
        constructors[r.constructorId] = t.constructors.get(r.constructorId)?.["name"] ?? r.constructorId
        const code = t.drivers.get(r.driverId)?.["abbreviation"]
        if (code !== undefined && code !== "") codes[driver] = code
        if (r.reason !== null) retirements[driver] = r.reason
        const position = /^\d+$/.test(r.positionText) ? Number(r.positionText) : null
        const points = r.stats["points"] ?? null
        const scoring = session === "race" || session === "sprint"
        if (scoring) {
          const expected = F1.regulationPoints(
            race.season,
            session,
            position,
            t.fastestLaps.get(`${race.season}/${race.slug}`) === r.driverId && session === "race"
          )
          if (expected !== undefined && expected !== (points ?? 0)) {
            pointsDiffer.push(
              `${race.season} ${race.slug} ${session} ${r.driverId}: ${points ?? 0} (rules ${expected})`
            )
          }
        }
        entries.push({
          id: `${id}:${driver}`,
          sport: "f1",
          event_id: id,
          participant_id: driver,
          participant_name: t.drivers.get(r.driverId)?.["name"] ?? r.driverId,
          team: r.constructorId,
          position,
          status: STATUS[r.positionText] ?? (scoring ? (r.reason === null ? "finished" : "dnf") : null),
          score: scoring ? (points ?? 0) : null,
          stats: { ...r.stats, number: r.number }
        })
      }
      events.push({
        id,
        sport: "f1",
        league: "f1",
        season: race.season,
        name: session === "race" ? name : `${name} - ${session.replace("_", " ")}`,
        start_date: date,
        end_date: null,
        state: rows.length > 0 ? "final" : "scheduled",
        venue: orNull(circuit?.["fullName"]),
        attributes: {
          session,
          grand_prix_event_id: raceId,
          round: race.round,
          slug: race.slug,
          official_name: orNull(f["officialName"]),
          grand_prix_id: orNull(f["grandPrixId"]),
          circuit_id: orNull(f["circuitId"]),
          circuit_name: orNull(circuit?.["name"]),
          circuit_type: orNull(f["circuitType"]),
          circuit_place: orNull(circuit?.["placeName"]),
          circuit_length_km: numOrNull(f["courseLength"]),
          laps: numOrNull(session === "sprint" ? f["sprintRaceLaps"] : f["laps"]),
          distance_km: numOrNull(session === "sprint" ? f["sprintRaceDistance"] : f["distance"]),
          time: f[timeColumn] === undefined || f[timeColumn] === "" ? null : f[timeColumn],
          date_from_race_day: f[dateColumn] === undefined || f[dateColumn] === "",
          sprint_weekend: sprintWeekend,
          sessions: held,
          constructors,
          retirements,
          driver_codes: codes
        }
      })
    }
  }
  return { events, entries, skipped, pointsDiffer }
}

const byId = (files: ReadonlyArray<FileRows<Readonly<Record<string, string>>>>) =>
  new Map(keptRows(files).map((r) => [r["id"]!, r] as const))

/**
 * Ingests F1DB under `dataDir`: every grand prix (a race event, held or not) and an event per
 * other session with results, and every driver's result. Malformed rows are reported with file
 * and line and skipped; points that differ from the regulations are logged (a warning with
 * examples). Re-running over unchanged files reports every row unchanged. Fails with
 * CsvFileError when a file cannot be read, StoreError when the store fails.
 */
export const ingestF1 = (
  dataDir: string
): Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsWriter | ProgressReporter> =>
  Effect.gen(function*() {
    const files = yield* f1SourceFiles(dataDir)
    const named = (name: string) => files.filter((f) => f.endsWith(`/${name}`))
    const races = yield* Effect.forEach(named("races.csv"), (f) => readRows(f, parseRace))
    const reference = (name: string) => Effect.forEach(named(name), (f) => readRows(f, parseReference))
    const drivers = yield* reference("drivers.csv")
    const constructors = yield* reference("constructors.csv")
    const grandsPrix = yield* reference("grands_prix.csv")
    const circuits = yield* reference("circuits.csv")
    const fastest = yield* Effect.forEach(named("fastest_laps.csv"), (f) => readRows(f, parseFastest))
    const results = yield* Effect.forEach(
      Object.entries(resultTables).flatMap(([name, session]) => named(name).map((f) => [f, session] as const)),
      ([f, session]) => readRows(f, parseResult(session))
    )
    const built = buildF1({
      races: keptRows(races),
      results: keptRows(results),
      drivers: byId(drivers),
      constructors: byId(constructors),
      grandsPrix: byId(grandsPrix),
      circuits: byId(circuits),
      fastestLaps: new Map(keptRows(fastest).map((r) => [r.key, r.driverId] as const))
    })
    if (built.pointsDiffer.length > 0) {
      yield* Effect.logWarning("f1 points differ from the regulations; the source's points are kept").pipe(
        Effect.annotateLogs({ count: built.pointsDiffer.length, examples: built.pointsDiffer.slice(0, 5) })
      )
    }
    const refs = sourceCounts([drivers, constructors, grandsPrix, circuits, fastest])
    const eventSrc = sourceCounts([races])
    const entrySrc = sourceCounts([results])
    return yield* writeEventSport("f1", files, {
      events: { rows: built.events, read: eventSrc.read, skipped: [...eventSrc.skipped, ...refs.skipped] },
      event_entries: { rows: built.entries, read: entrySrc.read, skipped: [...entrySrc.skipped, ...built.skipped] }
    })
  }).pipe(Effect.withSpan("Ingest.f1"))

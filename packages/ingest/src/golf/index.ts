/**
 * Golf ingestion: PGA Tour tournaments and final leaderboards from three datasets (see each
 * folder's PROVENANCE.md), written as events and entries (domain `Golf` module for the storage
 * shape and the placing rules).
 *
 * - `array_carpenter_golfastr/pga_schedule_2025.csv` (`event_id, tournament_name, start_date,
 *   end_date`) and `pga_leaderboards_2025.csv` (`position` running order, `full_name`,
 *   `total_score` strokes, `score_display` to par, `amateur`, ESPN `athlete_id`, `event_id`).
 * - `rtelmore_isar_golf/pga_tournaments_2021_22.csv`: one row per golfer per 2021-22 event
 *   (ESPN `tournament.id` and `player.id`, `hole_par`, `strokes`, `n_rounds`, `pos`, `date` m/d/yy
 *   = the final day, `course`, `purse` US$ millions, `season`, `Finish` the official finish).
 *   The official finish is kept where given (the file lacks some golfers of the field, so places
 *   derived from it would be too high); blank finishes are derived like the 2025 leaderboards.
 * - `925sports_pga_tour_data/dk_salaries_history.csv`: the 2026 tournaments with DraftKings salary
 *   slates (`tournament`, `game_start` MM/DD/YYYY h:mm AM); no results. LIV events are not a tour
 *   of the specification and are ignored; a name with "Women" is an LPGA event.
 *
 * Ids: events `svc_golf_<ESPN event id>` (`svc_golf_dk-<season>-<slug>` for a slate), golfers
 * `svc_golf_<ESPN athlete id>` (both result sources use ESPN ids, so a golfer has one id).
 * @module
 */
import { type EventEntry, Golf, slugOf, type SportEvent, type SportsWriter, type StoreError } from "@sports-data/domain"
import { Effect, Either } from "effect"
import { join } from "node:path"
import { type CsvFileError, type CsvRow, field } from "../Csv.js"
import { writeEventSport } from "../EventSports.js"
import type { ProgressReporter } from "../Progress.js"
import type { SkippedRow, SportIngestResult } from "../Report.js"
import {
  addDays,
  allListed,
  keptRows,
  listFiles,
  optionalNumber as int,
  readRows,
  required,
  sourceCounts
} from "../Rows.js"

/** The golf source files found under `dataDir`, by source. */
export interface GolfFiles {
  readonly golfastr: ReadonlyArray<string>
  readonly isar: ReadonlyArray<string>
  readonly salaries: ReadonlyArray<string>
}

/** Finds the golf files under `dataDir` (a missing folder gives none). */
export const golfFiles = (dataDir: string): Effect.Effect<GolfFiles> =>
  Effect.all({
    golfastr: listFiles(join(dataDir, "array_carpenter_golfastr"), /^pga_(schedule|leaderboards)_\d{4}\.csv$/),
    isar: listFiles(join(dataDir, "rtelmore_isar_golf"), /^pga_tournaments_\d{4}_\d{2}\.csv$/),
    salaries: listFiles(join(dataDir, "925sports_pga_tour_data"), /^dk_salaries_history\.csv$/)
  })

/** Every golf source file under `dataDir`, sorted. */
export const golfSourceFiles = (dataDir: string): Effect.Effect<ReadonlyArray<string>> =>
  Effect.map(golfFiles(dataDir), allListed)

const where = (row: CsvRow) => ({ file: row.file, line: row.line })

const espnId = (row: CsvRow, column: string): Either.Either<string, string> =>
  Either.flatMap(
    required(row, column),
    (v) => /^\d{1,12}$/.test(v) ? Either.right(v) : Either.left(`${column} is not an ESPN id: ${JSON.stringify(v)}`)
  )

/** `2025-01-02 08:00:00` (or a bare date) as `2025-01-02`. */
const isoDay = (row: CsvRow, column: string): Either.Either<string, string> =>
  Either.flatMap(required(row, column), (v) => {
    const m = /^(\d{4}-\d{2}-\d{2})/.exec(v)
    return m === null ? Either.left(`${column} is not a date: ${JSON.stringify(v)}`) : Either.right(m[1]!)
  })

/** A day written month/day/year (`6/5/22`, `07/30/2026 6:00 AM`) as `YYYY-MM-DD`. */
const usDay = (row: CsvRow, column: string): Either.Either<string, string> =>
  Either.flatMap(required(row, column), (v) => {
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})\b/.exec(v)
    if (m === null) return Either.left(`${column} is not a month/day/year date: ${JSON.stringify(v)}`)
    const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3])
    return Either.right(`${year}-${m[1]!.padStart(2, "0")}-${m[2]!.padStart(2, "0")}`)
  })

/** A scheduled tournament (golfastr schedule). */
interface ScheduleRow {
  readonly eventId: string
  readonly name: string
  readonly start: string
  readonly end: string
}

const parseSchedule = (row: CsvRow): Either.Either<ScheduleRow, string> =>
  Either.all({
    eventId: espnId(row, "event_id"),
    name: required(row, "tournament_name"),
    start: isoDay(row, "start_date"),
    end: isoDay(row, "end_date")
  })

/** One golfer's final line in a 2025 leaderboard (golfastr). */
interface LeaderboardRow {
  readonly file: string
  readonly line: number
  readonly eventId: string
  readonly tournament: string
  readonly season: number
  readonly athleteId: string
  readonly name: string
  readonly order: number
  readonly strokes: number | null
  readonly toPar: number | null
  readonly amateur: boolean
}

const parseLeaderboard = (row: CsvRow): Either.Either<LeaderboardRow, string> =>
  Either.gen(function*() {
    const display = field(row, "score_display")
    const toPar = display === undefined ? null : Golf.parseToPar(display)
    if (toPar === undefined) {
      return yield* Either.left(`score_display is not a score to par: ${JSON.stringify(display)}`)
    }
    const order = yield* int(row, "position")
    const season = yield* int(row, "year")
    if (season === null) return yield* Either.left("year is missing")
    return {
      ...where(row),
      eventId: yield* espnId(row, "event_id"),
      tournament: yield* required(row, "tournament_name"),
      season,
      athleteId: yield* espnId(row, "athlete_id"),
      name: yield* required(row, "full_name"),
      order: order ?? Number.MAX_SAFE_INTEGER,
      strokes: yield* int(row, "total_score"),
      toPar,
      amateur: field(row, "amateur") === "true"
    }
  })

/** One golfer's line in a 2021-22 event (ISAR / Data Golf). */
interface IsarRow {
  readonly file: string
  readonly line: number
  readonly eventId: string
  readonly tournament: string
  readonly course: string | null
  readonly end: string
  readonly purse: number | null
  readonly season: number
  readonly noCut: boolean
  readonly playerId: string
  readonly name: string
  readonly holePar: number
  readonly strokes: number
  readonly rounds: number
  readonly pos: number | null
  readonly finish: (Golf.GolfPlacing & { readonly tied: boolean }) | null
}

/** The official finish (`Finish`: `T32`, `CUT`, `WD`, `MDF`, `DQ`), null when blank. */
const finishOf = (row: CsvRow) => {
  const text = field(row, "Finish")
  if (text === undefined) return Either.right(null)
  const finish = Golf.parseFinish(text)
  return finish === undefined ? Either.left(`Finish is not a finish: ${JSON.stringify(text)}`) : Either.right(finish)
}

const parseIsar = (row: CsvRow): Either.Either<IsarRow, string> =>
  Either.gen(function*() {
    const need = (column: string) =>
      Either.flatMap(int(row, column), (n) => (n === null ? Either.left(`${column} is missing`) : Either.right(n)))
    return {
      ...where(row),
      eventId: yield* espnId(row, "tournament.id"),
      tournament: yield* required(row, "tournament.name"),
      course: field(row, "course") ?? null,
      end: yield* usDay(row, "date"),
      purse: yield* int(row, "purse"),
      season: yield* need("season"),
      noCut: field(row, "no_cut") === "1",
      playerId: yield* espnId(row, "player.id"),
      name: yield* required(row, "player"),
      holePar: yield* need("hole_par"),
      strokes: yield* need("strokes"),
      rounds: yield* need("n_rounds"),
      pos: yield* int(row, "pos"),
      finish: yield* finishOf(row)
    }
  })

/** A 2026 DFS slate's tournament (one salary row), or null for a LIV event. */
interface SlateRow {
  readonly tournament: string
  readonly start: string
}

const parseSlate = (row: CsvRow): Either.Either<SlateRow | null, string> =>
  Either.gen(function*() {
    const tournament = yield* required(row, "tournament")
    if (/^LIV\b/i.test(tournament)) return null
    return { tournament, start: yield* usDay(row, "game_start") }
  })

const slug = (s: string) => slugOf(s, /['’]/g)

const eventId = (espn: string) => `svc_golf_${espn}`
const golferId = (espn: string) => `svc_golf_${espn}`

/** A golfer's result before placing: the card the rules need and the entry's other fields. */
interface Card {
  readonly participantId: string
  readonly name: string
  readonly strokes: number | null
  /** The par of playoff holes the source counted in the total and the score to par, or null. */
  readonly playoffPar?: number | null
  readonly toPar: number | null
  readonly rounds: number | null
  readonly order: number
  readonly amateur: boolean | null
  /** True on the cards of a Stableford event (see {@link stablefordCut}). */
  readonly stableford?: boolean
  /** The source's official finish, which wins over the derived placing when given. */
  readonly finish?: (Golf.GolfPlacing & { readonly tied: boolean }) | null
  readonly where: { readonly file: string; readonly line: number }
}

/**
 * Places one event's cards (domain `Golf.placings`) and builds its entries; a golfer listed twice
 * keeps the first line, the other reported as skipped.
 */
const placeEvent = (
  id: string,
  cards: ReadonlyArray<Card>,
  format: "stroke_play" | "stableford"
): { entries: ReadonlyArray<EventEntry>; skipped: ReadonlyArray<SkippedRow> } => {
  const seen = new Set<string>()
  const skipped: Array<SkippedRow> = []
  const kept = cards.filter((c) => {
    if (!seen.has(c.participantId)) return seen.add(c.participantId)
    skipped.push({ ...c.where, reason: `golfer ${c.participantId} is listed twice in event ${id}` })
    return false
  })
  const placed = Golf.placings(
    kept.map((c) => ({
      // a card with an official finish that is not a place does not compete for places
      score: c.finish !== undefined && c.finish !== null && c.finish.position === null && c.stableford === true
        ? null
        : c.toPar,
      rounds: c.rounds ?? 0,
      order: c.order,
      playoff: c.playoffPar !== undefined && c.playoffPar !== null
    })),
    { higherWins: format === "stableford" }
  )
  const entries = kept.map((c, i): EventEntry => {
    const placing = c.finish ?? placed[i]!
    return {
      id: `${id}:${c.participantId}`,
      sport: "golf",
      event_id: id,
      participant_id: c.participantId,
      participant_name: c.name,
      team: null,
      position: placing.position,
      status: placing.status,
      score: c.strokes,
      stats: {
        to_par: format === "stableford" ? null : c.toPar,
        points: format === "stableford" ? c.toPar : null,
        rounds: c.rounds,
        order: c.order,
        amateur: c.amateur === null ? null : c.amateur ? 1 : 0,
        playoff_par: c.playoffPar ?? null,
        ...(c.finish === undefined || c.finish === null ? {} : { tied: c.finish.tied ? 1 : 0 })
      }
    }
  })
  return { entries, skipped }
}

/**
 * Where the missed cuts start in a Stableford leaderboard: the source lists the finishers by
 * points, then the missed cuts by points; the first line with more points than the line before
 * starts them (the length when none does).
 */
const stablefordCut = (rows: ReadonlyArray<LeaderboardRow>): number => {
  const sorted = [...rows].sort((a, b) => a.order - b.order)
  const i = sorted.findIndex((r, k) => k > 0 && (r.toPar ?? 0) > (sorted[k - 1]!.toPar ?? 0))
  return i < 0 ? rows.length : rows.indexOf(sorted[i]!)
}

/**
 * The cards of one 2025 leaderboard: rounds played by `Golf.roundsPlayed` from (strokes - to par).
 * A Stableford event (every line's total equals its "to par", which are points) has no strokes
 * and no rounds; its missed cuts are told by the source's order ({@link stablefordCut}).
 */
const golfastrEvent = (rows: ReadonlyArray<LeaderboardRow>) => {
  const full = rows.filter((r) => r.strokes !== null && r.toPar !== null)
  const stableford = full.length > 0 && full.every((r) => r.strokes === r.toPar)
  const played = Golf.roundsPlayed(
    rows.map((r) => (stableford || r.strokes === null || r.toPar === null ? null : r.strokes - r.toPar))
  )
  const cut = stableford ? stablefordCut(rows) : rows.length
  const cards = rows.map((r, i): Card => ({
    participantId: golferId(r.athleteId),
    name: r.name,
    stableford,
    ...(i >= cut ? { finish: { position: null, status: "cut" as const, tied: false } } : {}),
    strokes: stableford ? null : r.strokes,
    // a playoff's holes counted in the total and the score to par (ESPN does so for some playoffs)
    playoffPar: stableford || !played.extra[i] ? null : played.extra[i]!,
    toPar: r.toPar,
    rounds: played.rounds[i] ?? null,
    order: r.order,
    amateur: r.amateur,
    where: { file: r.file, line: r.line }
  }))
  return { cards, par: played.par, format: stableford ? "stableford" as const : "stroke_play" as const }
}

const groupBy = <A>(rows: ReadonlyArray<A>, key: (a: A) => string): Map<string, Array<A>> => {
  const out = new Map<string, Array<A>>()
  for (const r of rows) {
    const k = key(r)
    const list = out.get(k)
    if (list === undefined) out.set(k, [r])
    else list.push(r)
  }
  return out
}

/** Builds the golf events and entries from the parsed rows of the three sources (pure). */
export const buildGolf = (input: {
  readonly schedule: ReadonlyArray<ScheduleRow>
  readonly leaderboards: ReadonlyArray<LeaderboardRow>
  readonly isar: ReadonlyArray<IsarRow>
  readonly slates: ReadonlyArray<SlateRow>
}): { events: ReadonlyArray<SportEvent>; entries: ReadonlyArray<EventEntry>; skipped: ReadonlyArray<SkippedRow> } => {
  const events: Array<SportEvent> = []
  const entries: Array<EventEntry> = []
  const skipped: Array<SkippedRow> = []
  const boards = groupBy(input.leaderboards, (r) => r.eventId)
  const scheduled = new Map(input.schedule.map((s) => [s.eventId, s] as const))
  for (const espn of new Set([...scheduled.keys(), ...boards.keys()])) {
    const s = scheduled.get(espn)
    const rows = boards.get(espn) ?? []
    const id = eventId(espn)
    const built = rows.length === 0 ? undefined : golfastrEvent(rows)
    const start = s?.start ?? null
    if (start === null) {
      for (const r of rows) skipped.push({ file: r.file, line: r.line, reason: `event ${espn} is not in the schedule` })
      continue
    }
    events.push({
      id,
      sport: "golf",
      league: "pga",
      season: rows[0]?.season ?? Number(start.slice(0, 4)),
      name: s?.name ?? rows[0]!.tournament,
      start_date: start,
      end_date: s?.end ?? null,
      state: built === undefined ? "scheduled" : "final",
      venue: null,
      attributes: {
        source: "array_carpenter_golfastr",
        has_results: built !== undefined,
        par: built?.par ?? null,
        format: built?.format ?? null
      }
    })
    if (built !== undefined) {
      const placed = placeEvent(id, built.cards, built.format)
      entries.push(...placed.entries)
      skipped.push(...placed.skipped)
    }
  }
  for (const [espn, rows] of groupBy(input.isar, (r) => r.eventId)) {
    const id = eventId(espn)
    const first = rows[0]!
    const finisher = rows.reduce((m, r) => (r.rounds > m.rounds ? r : m), first)
    events.push({
      id,
      sport: "golf",
      league: "pga",
      season: first.season,
      name: first.tournament,
      // the source gives the final day only; a four-round event starts three days before
      start_date: addDays(first.end, -3),
      end_date: first.end,
      state: "final",
      venue: first.course,
      attributes: {
        source: "rtelmore_isar_golf",
        has_results: true,
        par: finisher.rounds > 0 ? finisher.holePar / finisher.rounds : null,
        format: "stroke_play",
        purse_musd: first.purse,
        no_cut: first.noCut,
        start_date_derived: true
      }
    })
    const placed = placeEvent(
      id,
      rows.map((r) => ({
        participantId: golferId(r.playerId),
        name: r.name,
        strokes: r.strokes,
        toPar: r.strokes - r.holePar,
        rounds: r.rounds,
        order: r.pos ?? Number.MAX_SAFE_INTEGER,
        amateur: null,
        finish: r.finish,
        where: { file: r.file, line: r.line }
      })),
      "stroke_play"
    )
    entries.push(...placed.entries)
    skipped.push(...placed.skipped)
  }
  for (const [name, rows] of groupBy(input.slates, (r) => r.tournament)) {
    const start = rows.map((r) => r.start).sort()[0]!
    const season = Number(start.slice(0, 4))
    events.push({
      id: `svc_golf_dk-${season}-${slug(name)}`,
      sport: "golf",
      league: /women/i.test(name) ? "lpga" : "pga",
      season,
      name,
      start_date: start,
      end_date: addDays(start, 3),
      state: "scheduled",
      venue: null,
      attributes: { source: "925sports_pga_tour_data", has_results: false, par: null, format: null }
    })
  }
  return { events, entries, skipped }
}

/**
 * Ingests the golf data under `dataDir`: tournaments as events, final leaderboard lines as entries
 * (positions and cut status derived by the domain's rules). Malformed rows are reported with file
 * and line and skipped; re-running over unchanged files reports every row unchanged. Fails with
 * CsvFileError when a file cannot be read, StoreError when the store fails.
 */
export const ingestGolf = (
  dataDir: string
): Effect.Effect<SportIngestResult, CsvFileError | StoreError, SportsWriter | ProgressReporter> =>
  Effect.gen(function*() {
    const files = yield* golfFiles(dataDir)
    const schedule = yield* Effect.forEach(
      files.golfastr.filter((f) => f.includes("schedule")),
      (f) => readRows(f, parseSchedule)
    )
    const boards = yield* Effect.forEach(
      files.golfastr.filter((f) => f.includes("leaderboards")),
      (f) => readRows(f, parseLeaderboard)
    )
    const isar = yield* Effect.forEach(files.isar, (f) => readRows(f, parseIsar))
    const slates = yield* Effect.forEach(files.salaries, (f) => readRows(f, parseSlate))
    const built = buildGolf({
      schedule: keptRows(schedule),
      leaderboards: keptRows(boards),
      isar: keptRows(isar),
      slates: keptRows(slates)
    })
    const eventSources = sourceCounts([schedule, slates])
    const entrySources = sourceCounts([boards, isar])
    return yield* writeEventSport("golf", allListed(files), {
      events: { rows: built.events, read: eventSources.read, skipped: eventSources.skipped },
      event_entries: {
        rows: built.entries,
        read: entrySources.read,
        skipped: [...entrySources.skipped, ...built.skipped]
      }
    })
  }).pipe(Effect.withSpan("Ingest.golf"))

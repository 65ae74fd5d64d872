/**
 * Row parsers of the UFC source files (greco1899_ufc_stats, scraped from ufcstats.com; see its
 * PROVENANCE.md). Join keys are names and ufcstats URLs; the hash at the end of a URL is the id.
 * - `ufc_event_details.csv`: EVENT, URL, DATE ("August 01, 2026"), LOCATION.
 * - `ufc_fight_results.csv`: EVENT, BOUT ("A vs. B"), OUTCOME (W/L, L/W, D/D, NC/NC; the first
 *   for the fighter named first), WEIGHTCLASS, METHOD, ROUND, TIME (m:ss into the round), TIME
 *   FORMAT, REFEREE, DETAILS, URL of the fight. Cells may carry trailing spaces.
 * - `ufc_fighter_details.csv`: FIRST, LAST, NICKNAME, URL of the fighter.
 * - `ufc_fighter_tott.csv` (tale of the tape): FIGHTER, HEIGHT (5' 11"), WEIGHT (155 lbs.),
 *   REACH (66"), STANCE, DOB (Jul 13, 1978), URL; `--` where unknown.
 * `ufc_fight_details.csv` repeats EVENT, BOUT and URL of the results and is not read.
 * @module
 */
import { Ufc } from "@sports-data/domain"
import { Either } from "effect"
import { type CsvRow, field } from "../Csv.js"
import { required, requiredAs } from "../Rows.js"

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

/** "August 01, 2026" or "Jul 13, 1978" as `YYYY-MM-DD`, or undefined. */
export const longDate = (value: string): string | undefined => {
  const m = /^([A-Za-z]+)\.?\s+(\d{1,2}),\s*(\d{4})$/.exec(value.trim())
  if (m === null) return undefined
  const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase())
  if (month < 0) return undefined
  const iso = `${m[3]}-${String(month + 1).padStart(2, "0")}-${m[2]!.padStart(2, "0")}`
  const t = Date.parse(`${iso}T00:00:00Z`)
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === iso ? iso : undefined
}

/** The id at the end of a ufcstats URL (`.../fighter-details/93fe7332d16c6ad9`), or undefined. */
export const urlId = (url: string): string | undefined => /\/([0-9a-f]{8,})\/?$/.exec(url.trim())?.[1]

/** `5' 11"` as inches (71), or null. */
export const inches = (value: string | undefined): number | null => {
  if (value === undefined) return null
  const feet = /^(\d+)'\s*(\d+)"?$/.exec(value.trim())
  if (feet !== null) return Number(feet[1]) * 12 + Number(feet[2])
  const only = /^(\d+(?:\.\d+)?)"$/.exec(value.trim())
  return only === null ? null : Number(only[1])
}

/** `m:ss` as seconds, or undefined. */
export const clockSeconds = (value: string): number | undefined => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim())
  return m === null ? undefined : Number(m[1]) * 60 + Number(m[2])
}

const known = (row: CsvRow, column: string): string | undefined => {
  const v = field(row, column)
  return v === undefined || v === "--" ? undefined : v
}

/** A fight card. */
export interface UfcEventRow {
  readonly id: string
  readonly name: string
  readonly date: string
  readonly location: string | null
  readonly url: string
}

/** Parser of `ufc_event_details.csv`. */
export const parseEvent = (row: CsvRow): Either.Either<UfcEventRow, string> =>
  Either.gen(function*() {
    const url = yield* required(row, "URL")
    return {
      id: yield* requiredAs(row, "URL", "a ufcstats URL", urlId),
      name: yield* required(row, "EVENT"),
      date: yield* requiredAs(row, "DATE", "a date such as \"August 01, 2026\"", longDate),
      location: field(row, "LOCATION") ?? null,
      url
    }
  })

/** A fight of `ufc_fight_results.csv`. */
export interface UfcFightRow {
  readonly file: string
  readonly line: number
  readonly id: string
  readonly event: string
  readonly names: readonly [string, string]
  readonly results: readonly [Ufc.FightResult, Ufc.FightResult]
  /** The weight class name of the module, or the cell as written when it names none. */
  readonly weightClass: string
  readonly limitLb: number | null
  readonly title: boolean
  readonly method: string | null
  readonly round: number | null
  readonly timeSeconds: number | null
  readonly time: string | null
  readonly timeFormat: string | null
  readonly referee: string | null
  readonly details: string | null
}

/** Parser of `ufc_fight_results.csv`. */
export const parseFight = (row: CsvRow): Either.Either<UfcFightRow, string> =>
  Either.gen(function*() {
    const bout = yield* required(row, "BOUT")
    const parts = bout.split(/\s+vs\.?\s+/i)
    if (parts.length !== 2 || parts[0]!.trim() === "" || parts[1]!.trim() === "") {
      return yield* Either.left(`BOUT is not "A vs. B": ${JSON.stringify(bout)}`)
    }
    const results = yield* requiredAs(row, "OUTCOME", "W/L, L/W, D/D or NC/NC", Ufc.outcomeOf)
    const cell = yield* required(row, "WEIGHTCLASS")
    const weight = Ufc.weightClassOf(cell)
    const time = field(row, "TIME") ?? null
    const round = field(row, "ROUND")
    return {
      file: row.file,
      line: row.line,
      id: yield* requiredAs(row, "URL", "a ufcstats URL", urlId),
      event: yield* required(row, "EVENT"),
      names: [parts[0]!.trim(), parts[1]!.trim()] as const,
      results,
      weightClass: weight?.name ?? cell,
      limitLb: weight?.limit_lb ?? null,
      title: /title/i.test(cell),
      method: field(row, "METHOD") ?? null,
      round: round !== undefined && /^\d+$/.test(round) ? Number(round) : null,
      timeSeconds: time === null ? null : clockSeconds(time) ?? null,
      time,
      timeFormat: field(row, "TIME FORMAT") ?? null,
      referee: field(row, "REFEREE") ?? null,
      details: field(row, "DETAILS") ?? null
    }
  })

/** A fighter of `ufc_fighter_details.csv`. */
export interface UfcFighterRow {
  readonly id: string
  readonly first: string | null
  readonly last: string | null
  readonly nickname: string | null
  readonly url: string
}

/** Parser of `ufc_fighter_details.csv`; a row without any name is malformed. */
export const parseFighter = (row: CsvRow): Either.Either<UfcFighterRow, string> =>
  Either.gen(function*() {
    const url = yield* required(row, "URL")
    const id = yield* requiredAs(row, "URL", "a ufcstats URL", urlId)
    const first = field(row, "FIRST") ?? null
    const last = field(row, "LAST") ?? null
    if (first === null && last === null) return yield* Either.left("FIRST and LAST are missing")
    return { id, first, last, nickname: field(row, "NICKNAME") ?? null, url }
  })

/** A tale of the tape of `ufc_fighter_tott.csv`. */
export interface UfcTapeRow {
  readonly id: string
  readonly heightIn: number | null
  readonly weightLb: number | null
  readonly reachIn: number | null
  readonly stance: string | null
  readonly birthDate: string | null
}

/** Parser of `ufc_fighter_tott.csv`. */
export const parseTape = (row: CsvRow): Either.Either<UfcTapeRow, string> =>
  Either.gen(function*() {
    const id = yield* requiredAs(row, "URL", "a ufcstats URL", urlId)
    const weight = known(row, "WEIGHT")
    const w = weight === undefined ? undefined : /^(\d+(?:\.\d+)?)\s*lbs?\.?$/.exec(weight)
    const dob = known(row, "DOB")
    return {
      id,
      heightIn: inches(known(row, "HEIGHT")),
      weightLb: w === undefined || w === null ? null : Number(w[1]),
      reachIn: inches(known(row, "REACH")),
      stance: known(row, "STANCE") ?? null,
      birthDate: dob === undefined ? null : longDate(dob) ?? null
    }
  })

/**
 * Parsers of the soccer source files. Each turns one match (a JSON element or a CSV row) into a
 * typed record with canonical team keys, or a reason the match is malformed; merging the two
 * sources is left to {@link ./Build.ts}.
 *
 * Files (under the data directory; see each folder's PROVENANCE.md):
 * - `openfootball_football_json/json/<season>/<code>.json`, season `2024-25` (or `2025` for MLS),
 *   code `en.1` (epl), `es.1` (la_liga), `de.1` (bundesliga), `it.1` (serie_a), `uefa.cl`
 *   (champions_league), `mls` (mls): `{ name, matches: [{ round, date, time?, team1 (home), team2
 *   (away), score: { ht?, ft?, et?, p? }, status? }] }`. The flattened
 *   `matches_2022_2026.csv` beside it holds the same matches without `status`, so it is not read.
 * - `datasets_football_datasets/<league>_season-<YYZZ>.csv`, league `premier-league`, `la-liga`,
 *   `bundesliga`, `serie-a`, season `2324` = 2023-24: `Date, HomeTeam, AwayTeam, FTHG, FTAG, FTR,
 *   HTHG, HTAG, HTR, Referee` and per side shots (HS/AS), shots on target (HST/AST), fouls
 *   (HF/AF), corners (HC/AC), yellow (HY/AY) and red cards (HR/AR) (football-data.co.uk columns).
 *
 * Team names go through the one soccer team directory (`Soccer.soccerTeamByName`); a name it does not
 * list, or a club the directory does not place in the file's league, makes the match malformed.
 * @module
 */
import { isCalendarDate, Soccer } from "@sports-data/domain"
import { Either, ParseResult, Schema } from "effect"
import { basename, dirname } from "node:path"
import { type CsvRow, field } from "../Csv.js"
import { numbers, required, requiredDate } from "../Rows.js"

/** Home and away goals. */
export interface Goals {
  readonly home: number
  readonly away: number
}

/** Where a source file belongs: league key and season (start year). */
export interface LeagueSeason {
  readonly league: string
  readonly season: number
}

/** The openfootball competition codes (file names) and their league keys. */
export const openfootballLeagues: Readonly<Record<string, string>> = {
  "en.1": "epl",
  "es.1": "la_liga",
  "de.1": "bundesliga",
  "it.1": "serie_a",
  "uefa.cl": "champions_league",
  "mls": "mls"
}

/** The football-datasets league names (file name prefixes) and their league keys. */
export const datasetsLeagues: Readonly<Record<string, string>> = {
  "premier-league": "epl",
  "la-liga": "la_liga",
  "bundesliga": "bundesliga",
  "serie-a": "serie_a"
}

/**
 * League and season of an openfootball file from its path, `.../json/2024-25/en.1.json` (season
 * 2024) or `.../json/2025/mls.json` (season 2025); undefined for another file.
 */
export const openfootballFileOf = (file: string): LeagueSeason | undefined => {
  const league = openfootballLeagues[basename(file).replace(/\.json$/, "")]
  const m = /^(\d{4})(-\d{2})?$/.exec(basename(dirname(file)))
  return league === undefined || m === null ? undefined : { league, season: Number(m[1]) }
}

/**
 * League and season of a football-datasets file from its name, `premier-league_season-2324.csv`
 * (epl, 2023); undefined for another file.
 */
export const datasetsFileOf = (file: string): LeagueSeason | undefined => {
  const m = /^([a-z-]+)_season-(\d{2})(\d{2})\.csv$/.exec(basename(file))
  const league = m === null ? undefined : datasetsLeagues[m[1]!]
  if (m === null || league === undefined || Number(m[3]) !== (Number(m[2]) + 1) % 100) return undefined
  return { league, season: 2000 + Number(m[2]) }
}

/**
 * A match as openfootball gives it, with team keys. `seasonType` REG for a league matchday
 * (domestic, Champions League league phase, MLS), POST for the Champions League knockout play-offs
 * and finals; `week` the matchday of a REG match, else null. Scores as the file has them:
 * `fullTime` after 90 minutes, `extraTime` after 120 (knockouts), `penalties` the shoot-out.
 */
export interface OpenfootballMatch {
  readonly file: string
  readonly line: number
  readonly league: string
  readonly season: number
  readonly round: string
  readonly seasonType: "REG" | "POST"
  readonly week: number | null
  readonly date: string
  /** Local kick-off time `HH:MM` as the file writes it (no time zone given). */
  readonly time: string | null
  readonly home: string
  readonly away: string
  readonly halfTime: Goals | null
  readonly fullTime: Goals | null
  readonly extraTime: Goals | null
  readonly penalties: Goals | null
  /** `awarded`, `postponed`, ... when the file marks the match. */
  readonly status: string | null
}

/** Per side counts of a football-datasets row (null where blank). */
export interface TeamMatchStats {
  readonly shots: number | null
  readonly shots_on_target: number | null
  readonly fouls: number | null
  readonly corners: number | null
  readonly yellow_cards: number | null
  readonly red_cards: number | null
}

/** A match as football-datasets gives it, with team keys. */
export interface DatasetsMatch {
  readonly file: string
  readonly line: number
  readonly league: string
  readonly season: number
  readonly date: string
  readonly home: string
  readonly away: string
  readonly fullTime: Goals | null
  readonly halfTime: Goals | null
  readonly referee: string | null
  readonly homeStats: TeamMatchStats
  readonly awayStats: TeamMatchStats
}

const Pair = Schema.Tuple(Schema.NonNegativeInt, Schema.NonNegativeInt)

/** One element of an openfootball `matches` array (unknown keys are ignored). */
export const OpenfootballMatchJson = Schema.Struct({
  round: Schema.String,
  date: Schema.String,
  time: Schema.optional(Schema.String),
  team1: Schema.String,
  team2: Schema.String,
  score: Schema.optional(Schema.Struct({
    ht: Schema.optional(Pair),
    ft: Schema.optional(Pair),
    et: Schema.optional(Pair),
    p: Schema.optional(Pair)
  })),
  status: Schema.optional(Schema.String)
})

/** An openfootball file: its competition name and the matches, each decoded on its own. */
export const OpenfootballFileJson = Schema.Struct({
  name: Schema.String,
  matches: Schema.Array(Schema.Unknown)
})

/**
 * The `matches` of an openfootball file's text, each still to be decoded on its own; `Left` with
 * the reason when the text is not JSON or has no `name` and `matches` array.
 */
export const parseOpenfootballFile = (text: string): Either.Either<ReadonlyArray<unknown>, string> => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return Either.left(`not JSON: ${e instanceof Error ? e.message : String(e)}`)
  }
  return Schema.decodeUnknownEither(OpenfootballFileJson)(json).pipe(
    Either.mapBoth({ onLeft: (e) => `not a football.json file: ${decodeProblem(e)}`, onRight: (f) => f.matches })
  )
}

/** The first problem of a schema decode, as `path: message`. */
export const decodeProblem = (e: ParseResult.ParseError): string => {
  const [first] = ParseResult.ArrayFormatter.formatErrorSync(e)
  return first === undefined
    ? e.message
    : `${first.path.length === 0 ? "" : `${first.path.join(".")}: `}${first.message}`
}

/**
 * The 1-based line on which each element of the top-level `matches` array starts in `text` (a
 * JSON object whose only array member is `matches`, as openfootball writes it), in order; used
 * to report a malformed match by its line. Strings are skipped, so braces inside names do not count.
 */
export const matchLines = (text: string): ReadonlyArray<number> => {
  const lines: Array<number> = []
  let line = 1
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === "\n") line++
    if (inString) {
      if (c === "\\") i++
      else if (c === "\"") inString = false
      continue
    }
    if (c === "\"") inString = true
    else if (c === "{" || c === "[") {
      if (depth === 2) lines.push(line)
      depth++
    } else if (c === "}" || c === "]") depth--
  }
  return lines
}

/** Stage, season type and matchday of an openfootball `round`. */
export const parseRound = (
  round: string
): Either.Either<{ readonly seasonType: "REG" | "POST"; readonly week: number | null }, string> => {
  const day = /^(?:League, )?Matchday (\d+)$/.exec(round.trim())
  if (day !== null) return Either.right({ seasonType: "REG", week: Number(day[1]) })
  if (/^(Playoffs|Finals), \S/.test(round.trim())) return Either.right({ seasonType: "POST", week: null })
  return Either.left(`round is not a matchday or a knockout round: ${JSON.stringify(round)}`)
}

/**
 * The team a source name stands for, checked to play in `league` (directory `leagues`). The
 * Champions League writes the country after the name, "Arsenal FC (ENG)": it is split off and
 * must equal the directory's country.
 */
export const resolveTeam = (
  raw: string,
  league: string,
  column: string
): Either.Either<Soccer.SoccerTeamEntry, string> => {
  const m = /^(.*\S)\s+\(([A-Z]{3})\)$/.exec(raw.trim())
  const name = m === null ? raw : m[1]!
  const team = Soccer.soccerTeamByName(name)
  if (team === undefined) return Either.left(`${column} is not a team of the soccer directory: ${JSON.stringify(raw)}`)
  if (m !== null && m[2] !== team.country) {
    return Either.left(`${column} ${JSON.stringify(raw)}: country ${m[2]} differs from ${team.name}'s ${team.country}`)
  }
  if (!team.leagues.includes(league)) {
    return Either.left(`${column} ${JSON.stringify(raw)} (${team.abbr}) is not listed in ${league}`)
  }
  return Either.right(team)
}

const goals = (pair: readonly [number, number] | undefined): Goals | null =>
  pair === undefined ? null : { home: pair[0], away: pair[1] }

/** Parses one element of an openfootball `matches` array found at `line` of `file`. */
export const parseOpenfootballMatch = (where: LeagueSeason & { readonly file: string }) =>
(
  raw: unknown,
  line: number
): Either.Either<OpenfootballMatch, string> =>
  Either.gen(function*() {
    const m = yield* Schema.decodeUnknownEither(OpenfootballMatchJson)(raw).pipe(Either.mapLeft(decodeProblem))
    if (!isCalendarDate(m.date)) return yield* Either.left(`date is not a date: ${JSON.stringify(m.date)}`)
    if (m.time !== undefined && !/^([01]\d|2[0-3]):[0-5]\d$/.test(m.time)) {
      return yield* Either.left(`time is not HH:MM: ${JSON.stringify(m.time)}`)
    }
    const round = yield* parseRound(m.round)
    const home = yield* resolveTeam(m.team1, where.league, "team1")
    const away = yield* resolveTeam(m.team2, where.league, "team2")
    if (home.abbr === away.abbr) return yield* Either.left(`team1 and team2 are both ${home.abbr}`)
    const s = m.score ?? {}
    if (s.ft === undefined && (s.et !== undefined || s.p !== undefined)) {
      return yield* Either.left("score has extra time or penalties but no full time")
    }
    return {
      file: where.file,
      line,
      league: where.league,
      season: where.season,
      round: m.round,
      seasonType: round.seasonType,
      week: round.week,
      date: m.date,
      time: m.time ?? null,
      home: home.abbr,
      away: away.abbr,
      halfTime: goals(s.ht),
      fullTime: goals(s.ft),
      extraTime: goals(s.et),
      penalties: goals(s.p),
      status: m.status ?? null
    }
  })

const side = (row: CsvRow, p: "H" | "A"): Either.Either<TeamMatchStats, string> =>
  numbers(row, {
    shots: `${p}S`,
    shots_on_target: `${p}ST`,
    fouls: `${p}F`,
    corners: `${p}C`,
    yellow_cards: `${p}Y`,
    red_cards: `${p}R`
  })

/** Both goal columns, both blank (null) or both whole numbers of goals. */
const goalColumns = (row: CsvRow, home: string, away: string): Either.Either<Goals | null, string> =>
  Either.flatMap(numbers(row, { home, away }), (n) => {
    if (n.home === null && n.away === null) return Either.right(null)
    if (n.home === null || n.away === null) return Either.left(`${n.home === null ? home : away} is missing`)
    if (!Number.isInteger(n.home) || !Number.isInteger(n.away) || n.home < 0 || n.away < 0) {
      return Either.left(`${home}/${away} are not goal counts: ${n.home}, ${n.away}`)
    }
    return Either.right({ home: n.home, away: n.away })
  })

/** Parses a football-datasets row of a file of `where` (league and season from the file name). */
export const parseDatasetsRow = (where: LeagueSeason) => (row: CsvRow): Either.Either<DatasetsMatch, string> =>
  Either.gen(function*() {
    const date = yield* requiredDate(row, "Date")
    const home = yield* resolveTeam(yield* required(row, "HomeTeam"), where.league, "HomeTeam")
    const away = yield* resolveTeam(yield* required(row, "AwayTeam"), where.league, "AwayTeam")
    if (home.abbr === away.abbr) return yield* Either.left(`HomeTeam and AwayTeam are both ${home.abbr}`)
    const fullTime = yield* goalColumns(row, "FTHG", "FTAG")
    const ftr = field(row, "FTR")
    if (fullTime !== null && ftr !== undefined) {
      const expected = fullTime.home > fullTime.away ? "H" : fullTime.home < fullTime.away ? "A" : "D"
      if (ftr !== expected) {
        return yield* Either.left(`FTR ${JSON.stringify(ftr)} contradicts the score ${fullTime.home}-${fullTime.away}`)
      }
    }
    return {
      file: row.file,
      line: row.line,
      league: where.league,
      season: where.season,
      date,
      home: home.abbr,
      away: away.abbr,
      fullTime,
      halfTime: yield* goalColumns(row, "HTHG", "HTAG"),
      referee: field(row, "Referee") ?? null,
      homeStats: yield* side(row, "H"),
      awayStats: yield* side(row, "A")
    }
  })

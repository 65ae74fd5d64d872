/**
 * The nfl betting-line sources of the odds phase (odds/index.ts): the nflverse schedules
 * (moneylines, spread, total) and spreadspoke's closing spread and total, whose team names and
 * first season come from the nfl team list and schedule (Sources.ts, Build.ts `scoreKeys`).
 * @module
 */
import { Effect, Either } from "effect"
import { join } from "node:path"
import type { SportOdds } from "../odds/index.js"
import { isBlank, type LineValues, noValues, oddsFolders, parseNflverseLine, type SourceLine } from "../odds/Sources.js"
import { keptRows, listFiles, readEach } from "../Rows.js"
import { scoreKeys } from "./Build.js"
import { parseSchedule, parseScore, parseTeam, type ScoreRow } from "./Sources.js"

/**
 * The spreadspoke line of a parsed score row (nfl Sources.ts `parseScore`): the home handicap is
 * the favourite's spread when the home team is the favourite, its negation when the away team is,
 * 0 for a pick'em; null when the row has neither spread nor total. Joined within 3 days (the
 * source's dates of flexed games are sometimes a day off).
 */
export const spreadspokeLine = (s: ScoreRow & { readonly file: string; readonly line: number }): SourceLine | null => {
  const home_spread = s.spreadFavorite === undefined || s.favorite === undefined
    ? null
    : s.favorite === s.home
    ? s.spreadFavorite
    : s.favorite === s.away
    ? (s.spreadFavorite === 0 ? 0 : -s.spreadFavorite)
    : 0
  const values: LineValues = { ...noValues, home_spread, total: s.overUnder ?? null }
  if (isBlank(values)) return null
  return {
    file: s.file,
    line: s.line,
    source: oddsFolders.spreadspoke,
    key: { kind: "teams", date: s.date, home: s.home, away: s.away, window: 3 },
    bookmaker: null,
    snapshot: "single",
    snapshot_date: undefined,
    line_time: null,
    values
  }
}
/** The nfl odds sources: nflverse schedules, then spreadspoke scores (when its team list and a schedule are present). */
export const nflOdds: SportOdds = {
  files: (dataDir) =>
    Effect.gen(function*() {
      const schedules = yield* listFiles(join(dataDir, oddsFolders.nflverse), /^schedules_.*\.csv$/)
      const spreadspoke = yield* listFiles(
        join(dataDir, oddsFolders.spreadspoke),
        /^(nfl_teams|spreadspoke_scores)\.csv$/
      )
      return [...schedules, ...spreadspoke]
    }),
  read: (files) =>
    Effect.gen(function*() {
      const schedules = files.filter((f) => /schedules_[^/]*\.csv$/.test(f))
      const teamsFile = files.filter((f) => f.endsWith("nfl_teams.csv"))
      const scoresFile = files.filter((f) => f.endsWith("spreadspoke_scores.csv"))
      const nflverse = yield* readEach(schedules, () => parseNflverseLine)
      if (teamsFile.length === 0 || scoresFile.length === 0) return nflverse
      // the spreadspoke names and first season come from its team list and the schedule
      const teams = keptRows(yield* readEach(teamsFile, () => parseTeam))
      const sched = keptRows(yield* readEach(schedules, () => parseSchedule))
      if (sched.length === 0) return nflverse
      const parse = parseScore(scoreKeys(teams, sched))
      const spreadspoke = yield* readEach(scoresFile, () => (row) =>
        Either.map(parse(row), (s) => (s === null ? null : spreadspokeLine(s))))
      return [...nflverse, ...spreadspoke]
    })
}

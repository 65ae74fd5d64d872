/**
 * The bettormanpicks player status history (`nba_player_status_history.csv`,
 * `nhl_player_status_history.csv`: one layout for both sports): the parser of a row, and the latest
 * entry of each player, entries without an id matched to a player by name.
 * @module
 */
import { isCalendarDate } from "@sports-data/domain"
import { Either } from "effect"
import { type CsvRow, field } from "./Csv.js"
import { nameKey } from "./Names.js"
import type { SkippedRow } from "./Report.js"
import { positiveIntId, required, requiredAs } from "./Rows.js"

/**
 * One status entry: the league's player id (null when the source left it blank), name, status
 * code as written (upper case: O, IR, GTD...), free-text comment, `lastUpdated` (the source's
 * `Last_Updated`, `YYYY-MM-DD HH:MM[:SS]`) and `firstSeen` (the commit time the entry first
 * appeared in the source's history, ISO), with its file and line.
 */
export interface StatusRow {
  readonly file: string
  readonly line: number
  readonly playerId: string | null
  readonly name: string
  readonly code: string
  readonly comment: string | null
  readonly lastUpdated: string
  readonly firstSeen: string | null
}

/**
 * The parser of a status row; `idName` names the sport's player id in the reason of a malformed
 * `player_id` ("a person id", "an NHL player id"). A blank `player_id` gives `playerId` null.
 */
export const parseStatus = (idName: string) => (row: CsvRow): Either.Either<StatusRow, string> =>
  Either.gen(function*() {
    const name = yield* required(row, "Player")
    const code = (yield* required(row, "Status_norm")).toUpperCase()
    const id = field(row, "player_id") === undefined ? null : yield* requiredAs(row, "player_id", idName, positiveIntId)
    const lastUpdated = yield* required(row, "Last_Updated")
    if (!/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?/.test(lastUpdated) || !isCalendarDate(lastUpdated.slice(0, 10))) {
      return yield* Either.left(`Last_Updated is not a date and time: ${JSON.stringify(lastUpdated)}`)
    }
    return {
      file: row.file,
      line: row.line,
      playerId: id,
      name,
      code,
      comment: field(row, "Comment") ?? null,
      lastUpdated,
      firstSeen: field(row, "first_seen_commit_time") ?? null
    }
  })

/**
 * The player ids known under each name (Names.ts `nameKey`: accents, case, punctuation and suffixes
 * ignored), from
 * `[name, player id]` pairs; a name may stand for several players.
 */
export const idsByName = (entries: Iterable<readonly [name: string, playerId: string]>) => {
  const byName = new Map<string, Set<string>>()
  for (const [name, pid] of entries) byName.set(nameKey(name), (byName.get(nameKey(name)) ?? new Set()).add(pid))
  return (name: string): ReadonlySet<string> => byName.get(nameKey(name)) ?? new Set()
}

/**
 * The latest status entry of each player id: the greatest `lastUpdated`, then `firstSeen` (a
 * later entry wins a tie). An entry without an id takes the one player `idsNamed` gives for its
 * name; with none or several it is reported in `skipped` and left out. `names` holds, per id,
 * the name of its first entry in file order.
 */
export const latestStatuses = (
  statuses: ReadonlyArray<StatusRow>,
  idsNamed: (name: string) => ReadonlySet<string>
) => {
  const latest = new Map<string, StatusRow>()
  const names = new Map<string, string>()
  const skipped: Array<SkippedRow> = []
  for (const s of statuses) {
    let pid = s.playerId
    if (pid === null) {
      const candidates = [...idsNamed(s.name)]
      if (candidates.length !== 1) {
        skipped.push({
          file: s.file,
          line: s.line,
          reason: candidates.length === 0
            ? `status entry without player_id; no player is named ${JSON.stringify(s.name)}`
            : `status entry without player_id; ${candidates.length} players are named ${JSON.stringify(s.name)}`
        })
        continue
      }
      pid = candidates[0]!
    }
    if (!names.has(pid)) names.set(pid, s.name)
    const prev = latest.get(pid)
    if (
      prev === undefined || s.lastUpdated > prev.lastUpdated ||
      (s.lastUpdated === prev.lastUpdated && (s.firstSeen ?? "") >= (prev.firstSeen ?? ""))
    ) latest.set(pid, s)
  }
  return { latest, names, skipped } as const
}

/**
 * Whether a player's latest status entry makes him `injured`: its code is one of `codes` (the
 * sport's codes of a player out, e.g. O, D, Q for the NBA) and he has no game line on or after the
 * entry's date. `lastLineDate`: the date of his latest line (`YYYY-MM-DD`), undefined when none.
 */
export const isInjured = (
  status: StatusRow | undefined,
  codes: ReadonlySet<string>,
  lastLineDate: string | undefined
): boolean => status !== undefined && codes.has(status.code) && (lastLineDate ?? "") < status.lastUpdated.slice(0, 10)

/** A player's `attributes.injury`: his latest status entry's code, comment and `Last_Updated` as written. */
export const injuryAttribute = (status: StatusRow) => ({
  code: status.code,
  comment: status.comment,
  updated_at: status.lastUpdated
})

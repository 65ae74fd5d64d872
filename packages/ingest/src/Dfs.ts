/**
 * DFS ingestion: DraftKings salary files as slates and salary rows (domain Dfs.ts), each row
 * linked to the service's canonical player or golfer, run after the nfl and golf ingest (Runner.ts).
 *
 * - nfl: `uruley_4horsemendfs/DKSalaries.csv`, DraftKings' salary export of one slate (2025 week 1
 *   Sunday): `Position`, `Name`, `ID` (DraftKings id), `Roster Position` (`WR/FLEX`; `CPT` marks a
 *   showdown slate), `Salary` US$, `Game Info` (`CIN@CLE 09/07/2025 01:00PM ET`), `TeamAbbrev`,
 *   `AvgPointsPerGame`. Linked to a stored nfl player by name key (Names.ts `nameKey`) + team +
 *   position; when no player matches all three, by name key + position when exactly one player
 *   has them (the stored team is the current one, which may have changed since the slate).
 *   Team defenses (DST) are not players: kept with a null player id.
 * - golf: `925sports_pga_tour_data/dk_salaries_history.csv`, every committed version of
 *   DraftKings' golf salaries: `player_name`, `salary`, `tournament`, `slate_type` (Classic,
 *   Showdown Captain Mode), `draftable_id`, `game_start` (`07/30/2026 6:00 AM`, no time zone).
 *   A slate is one (tournament, slate_type, game_start date); a golfer's row is the newest
 *   version's (latest `snapshot_commit_time`). Linked to a golfer of the stored leaderboards
 *   (event entries, ESPN ids) by name key when exactly one golfer has it.
 * Rows that cannot be linked are kept with a null `player_id` and counted (slate `linked_count`
 * against `player_count`, and the log line of the run).
 * @module
 */
import {
  Dfs,
  DfsWriter,
  EventReader,
  GameReader,
  Paging,
  PlayerReader,
  slugOf,
  type StoreError
} from "@sports-data/domain"
import { Effect, Either } from "effect"
import { join } from "node:path"
import { type CsvFileError, type CsvRow, field, num } from "./Csv.js"
import type { Phase, PhaseResult } from "./Ingester.js"
import { nameKey } from "./Names.js"
import type { ProgressReporter } from "./Progress.js"
import { keptRows, listFiles, readRows, required, sourceCounts } from "./Rows.js"
import { zonedToUtc } from "./Time.js"

/** The nfl DFS salary file under `dataDir` (uruley_4horsemendfs `DKSalaries.csv`; none when absent). */
const nflDfsFiles = (dataDir: string) => listFiles(join(dataDir, "uruley_4horsemendfs"), /^DKSalaries\.csv$/)

/** The golf DFS salary file under `dataDir` (925sports_pga_tour_data `dk_salaries_history.csv`; none when absent). */
const golfDfsFiles = (dataDir: string) =>
  listFiles(join(dataDir, "925sports_pga_tour_data"), /^dk_salaries_history\.csv$/)

/** One parsed nfl salary row. */
export interface NflSalaryRow {
  readonly dkId: string
  readonly name: string
  readonly position: string
  readonly rosterPositions: ReadonlyArray<string>
  readonly salary: number
  readonly team: string
  readonly game: string
  readonly date: string
  readonly time: string
  readonly avg: number | null
}

const salaryOf = (row: CsvRow, column: string): Either.Either<number, string> =>
  Either.flatMap(required(row, column), (v) => {
    const n = Number(v)
    return Number.isInteger(n) && n > 0
      ? Either.right(n)
      : Either.left(`${column} is not a positive whole number: ${v}`)
  })

/** `MM/DD/YYYY` to `YYYY-MM-DD`, or undefined. */
const usDate = (v: string): string | undefined => {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v)
  return m === null ? undefined : `${m[3]}-${m[1]!.padStart(2, "0")}-${m[2]!.padStart(2, "0")}`
}

/** `01:00PM` / `6:00 AM` to 24-hour `HH:MM`, or undefined. */
const usTime = (v: string): string | undefined => {
  const m = /^(\d{1,2}):(\d{2})\s*([AP]M)$/i.exec(v)
  if (m === null) return undefined
  const h = Number(m[1]) % 12 + (m[3]!.toUpperCase() === "PM" ? 12 : 0)
  return `${String(h).padStart(2, "0")}:${m[2]}`
}

/** Parses one row of DraftKings' nfl salary export. */
export const parseNflSalary = (row: CsvRow): Either.Either<NflSalaryRow, string> =>
  Either.gen(function*() {
    const info = yield* required(row, "Game Info")
    const m = /^(\S+@\S+)\s+(\S+)\s+(\S+)\s+ET$/.exec(info)
    const date = m === null ? undefined : usDate(m[2]!)
    const time = m === null ? undefined : usTime(m[3]!)
    if (m === null || date === undefined || time === undefined) {
      return yield* Either.left(`Game Info is not "AWAY@HOME MM/DD/YYYY hh:mmAM ET": ${info}`)
    }
    return {
      dkId: yield* required(row, "ID"),
      name: yield* required(row, "Name"),
      position: (yield* required(row, "Position")).toUpperCase(),
      rosterPositions: (yield* required(row, "Roster Position")).toUpperCase().split("/"),
      salary: yield* salaryOf(row, "Salary"),
      team: yield* required(row, "TeamAbbrev"),
      game: m[1]!,
      date,
      time,
      avg: num(row, "AvgPointsPerGame") ?? null
    }
  })

/** One parsed golf salary row (one version of one golfer's salary on one slate). */
export interface GolfSalaryRow {
  readonly draftableId: string
  readonly name: string
  readonly salary: number
  readonly tournament: string
  readonly slateType: string
  readonly date: string
  readonly version: string
}

/** Parses one row of the golf salary history. */
export const parseGolfSalary = (row: CsvRow): Either.Either<GolfSalaryRow, string> =>
  Either.gen(function*() {
    const start = yield* required(row, "game_start")
    const date = usDate(start.split(/\s+/)[0]!)
    if (date === undefined) return yield* Either.left(`game_start is not "MM/DD/YYYY h:mm AM": ${start}`)
    return {
      draftableId: yield* required(row, "draftable_id"),
      name: yield* required(row, "player_name"),
      salary: yield* salaryOf(row, "salary"),
      tournament: yield* required(row, "tournament"),
      slateType: yield* required(row, "slate_type"),
      date,
      version: field(row, "snapshot_commit_time") ?? field(row, "updated_at") ?? ""
    }
  })

/** A player to link to: canonical id, name, and (nfl) current team and position. */
export interface LinkTarget {
  readonly id: string
  readonly name: string
  readonly team?: string | null | undefined
  readonly position?: string | null | undefined
}

const uniqueIndex = (targets: ReadonlyArray<LinkTarget>, key: (t: LinkTarget) => string) => {
  const index = new Map<string, string | null>()
  for (const t of targets) {
    const k = key(t)
    index.set(k, index.has(k) && index.get(k) !== t.id ? null : t.id)
  }
  return (k: string): string | null => index.get(k) ?? null
}

/**
 * Builds the nfl slate(s) of DraftKings rows: one slate per file (classic, or
 * `showdown_captain_mode` when a row has the CPT roster position), linked to `players` (see the
 * module doc). `week` is the nfl week of the slate's first date when the store holds its games.
 */
export const buildNflSlate = (
  rows: ReadonlyArray<NflSalaryRow>,
  players: ReadonlyArray<LinkTarget>,
  week: number | null
): { readonly slates: ReadonlyArray<Dfs.DfsSlate>; readonly salaries: ReadonlyArray<Dfs.DfsSalary> } => {
  if (rows.length === 0) return { slates: [], salaries: [] }
  const full = uniqueIndex(players, (p) => `${nameKey(p.name)}|${p.team ?? ""}|${p.position ?? ""}`)
  const loose = uniqueIndex(players, (p) => `${nameKey(p.name)}|${p.position ?? ""}`)
  const firsts = rows.map((r) => ({ date: r.date, at: zonedToUtc(r.date, r.time) }))
  const startDate = firsts.map((f) => f.date).sort()[0]!
  const startTime = firsts.flatMap((f) => (f.at === undefined ? [] : [f.at.getTime()])).sort((a, b) => a - b)[0]
  const gameType = rows.some((r) => r.rosterPositions.includes("CPT")) ? "showdown_captain_mode" : "classic"
  const month = Number(startDate.slice(5, 7))
  const season = Number(startDate.slice(0, 4)) - (month <= 3 ? 1 : 0)
  const id = `draftkings-nfl-${startDate}-${gameType}`
  const salaries = rows.map((r): Dfs.DfsSalary => {
    const key = nameKey(r.name)
    const playerId = r.position === "DST"
      ? null
      : full(`${key}|${r.team}|${r.position}`) ?? loose(`${key}|${r.position}`)
    return {
      slate_id: id,
      platform_player_id: r.dkId,
      player_id: playerId,
      name: r.name,
      position: r.position,
      roster_positions: r.rosterPositions,
      salary: r.salary,
      team: r.team,
      game: r.game,
      avg_points_per_game: r.avg
    }
  })
  const slate: Dfs.DfsSlate = {
    id,
    sport: "nfl",
    platform: "draftkings",
    name: `NFL ${season}${week === null ? "" : ` week ${week}`} ${gameType === "classic" ? "Classic" : "Showdown"}`,
    game_type: gameType,
    start_date: startDate,
    start_time: startTime === undefined ? null : new Date(startTime),
    season,
    week,
    salary_cap: Dfs.rulesOf({ platform: "draftkings", sport: "nfl", game_type: gameType })?.salary_cap ?? null,
    player_count: salaries.length,
    linked_count: salaries.filter((s) => s.player_id !== null).length,
    source: "uruley_4horsemendfs"
  }
  return { slates: [slate], salaries }
}

/** Builds the golf slates of the salary history, linked to `golfers` by name key (see the module doc). */
export const buildGolfSlates = (
  rows: ReadonlyArray<GolfSalaryRow>,
  golfers: ReadonlyArray<LinkTarget>
): { readonly slates: ReadonlyArray<Dfs.DfsSlate>; readonly salaries: ReadonlyArray<Dfs.DfsSalary> } => {
  const link = uniqueIndex(golfers, (g) => nameKey(g.name))
  const groups = new Map<string, { readonly first: GolfSalaryRow; readonly byPlayer: Map<string, GolfSalaryRow> }>()
  for (const r of rows) {
    const gameType = slugOf(r.slateType).replace(/-/g, "_")
    const id = `draftkings-golf-${r.date}-${slugOf(r.tournament, /['’]/g)}-${gameType}`
    const group = groups.get(id) ?? { first: r, byPlayer: new Map() }
    groups.set(id, group)
    const seen = group.byPlayer.get(r.draftableId)
    if (seen === undefined || r.version >= seen.version) group.byPlayer.set(r.draftableId, r)
  }
  const slates: Array<Dfs.DfsSlate> = []
  const salaries: Array<Dfs.DfsSalary> = []
  for (const [id, { byPlayer, first }] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const gameType = slugOf(first.slateType).replace(/-/g, "_")
    const rowsOf = [...byPlayer.values()].map((r): Dfs.DfsSalary => ({
      slate_id: id,
      platform_player_id: r.draftableId,
      player_id: link(nameKey(r.name)),
      name: r.name,
      position: "G",
      roster_positions: ["G"],
      salary: r.salary,
      team: null,
      game: null,
      avg_points_per_game: null
    }))
    salaries.push(...rowsOf)
    slates.push({
      id,
      sport: "golf",
      platform: "draftkings",
      name: `${first.tournament} (${first.slateType})`,
      game_type: gameType,
      start_date: first.date,
      start_time: null,
      season: Number(first.date.slice(0, 4)),
      week: null,
      salary_cap: Dfs.rulesOf({ platform: "draftkings", sport: "golf", game_type: gameType })?.salary_cap ?? null,
      player_count: rowsOf.length,
      linked_count: rowsOf.filter((s) => s.player_id !== null).length,
      source: "925sports_pga_tour_data"
    })
  }
  return { slates, salaries }
}

/** Every stored nfl player, as linking needs it (domain Paging `allRows`). */
const allNflPlayers = Effect.flatMap(PlayerReader, (reader) =>
  Effect.map(
    Paging.allRows((page) => reader.find({ sport: "nfl", ...page })),
    (players): ReadonlyArray<LinkTarget> =>
      players.map((p) => ({ id: p.id, name: p.full_name, team: p.team, position: p.position }))
  ))

/** Every golfer of the stored leaderboards (event entries), once per participant id (domain Paging `allRows`). */
export const allGolfers = Effect.gen(function*() {
  const reader = yield* EventReader
  const out = new Map<string, LinkTarget>()
  for (const e of yield* Paging.allRows((page) => reader.entries({ sport: "golf", ...page }))) {
    if (e.participant_id !== null && !out.has(e.participant_id)) {
      out.set(e.participant_id, { id: e.participant_id, name: e.participant_name })
    }
  }
  return [...out.values()]
})

/** The parsed rows of a DraftKings nfl salary file (malformed rows dropped). Fails with CsvFileError. */
export const readNfl = (file: string): Effect.Effect<ReadonlyArray<NflSalaryRow>, CsvFileError, ProgressReporter> =>
  Effect.map(readRows(file, parseNflSalary), (f) => f.rows)

/** The parsed rows of the golf salary history (malformed rows dropped). Fails with CsvFileError. */
export const readGolf = (file: string): Effect.Effect<ReadonlyArray<GolfSalaryRow>, CsvFileError, ProgressReporter> =>
  Effect.map(readRows(file, parseGolfSalary), (f) => f.rows)

/** Replaces `sport`'s stored slates with `built` and reports the phase (counts under `dfs_salaries`). */
const storeSlates = (
  sport: "nfl" | "golf",
  built: ReturnType<typeof buildGolfSlates>,
  counts: ReturnType<typeof sourceCounts>,
  files: ReadonlyArray<string>
): Effect.Effect<PhaseResult, StoreError, DfsWriter> =>
  Effect.gen(function*() {
    const stored = yield* (yield* DfsWriter).replaceSport(sport, built.slates, built.salaries)
    const unlinked = built.salaries.filter((s) => s.player_id === null).length
    yield* Effect.logInfo("dfs slates ingested").pipe(
      Effect.annotateLogs({ sport, slates: stored.slates, salaries: stored.salaries, unlinked })
    )
    return {
      counts: counts.read === 0 ? {} : {
        dfs_salaries: {
          read: counts.read,
          inserted: stored.salaries,
          updated: 0,
          unchanged: 0,
          skipped: counts.skipped.length
        }
      },
      skipped: counts.skipped,
      files
    }
  })

/**
 * The nfl DFS phase: reads the DraftKings salary file, links each row to the stored player and the
 * slate to its week (the stored game on the slate's first date) and replaces nfl's stored slates
 * (none when the file is absent: the old slates are dropped). Malformed rows are reported and
 * skipped. Fails with CsvFileError when the file cannot be read, StoreError when the store fails.
 */
export const nflDfs: Phase = {
  files: nflDfsFiles,
  run: (dataDir) =>
    Effect.gen(function*() {
      const files = yield* nflDfsFiles(dataDir)
      const read = yield* Effect.forEach(files, (f) => readRows(f, parseNflSalary))
      const players = yield* allNflPlayers
      const parts = yield* Effect.forEach(read, (file) =>
        Effect.gen(function*() {
          const first = file.rows.map((r) => r.date).sort()[0]
          const games = first === undefined
            ? []
            : (yield* (yield* GameReader).find({ sport: "nfl", date: first, limit: 1, offset: 0, order: "asc" })).rows
          return buildNflSlate(file.rows, players, games[0]?.week ?? null)
        }))
      const built = { slates: parts.flatMap((p) => p.slates), salaries: parts.flatMap((p) => p.salaries) }
      return yield* storeSlates("nfl", built, sourceCounts([read]), files)
    }).pipe(Effect.withSpan("Ingest.dfs", { attributes: { sport: "nfl" } }))
}

/**
 * The golf DFS phase: reads every committed version of DraftKings' golf salaries, links each row
 * to the stored golfer and event and replaces golf's stored slates (see the module comment).
 */
export const golfDfs: Phase = {
  files: golfDfsFiles,
  run: (dataDir) =>
    Effect.gen(function*() {
      const files = yield* golfDfsFiles(dataDir)
      const read = yield* Effect.forEach(files, (f) => readRows(f, parseGolfSalary))
      const built = buildGolfSlates(keptRows(read), yield* allGolfers)
      return yield* storeSlates("golf", built, sourceCounts([read]), files)
    }).pipe(Effect.withSpan("Ingest.dfs", { attributes: { sport: "golf" } }))
}

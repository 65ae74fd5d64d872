/**
 * The college football team directory: one canonical id per school across sources, and the names
 * each source writes resolved to it. Pure.
 *
 * Ids are CollegeFootballData (CFBD) team ids, which are ESPN's team ids (the 2025 ESPN schedule
 * uses the same ids as CFBD's 2023-2024 games for every team it has). The sources disagree on
 * names: CFBD's 2023 snapshot writes "Sam Houston State", "UT San Antonio", "Connecticut", later
 * files "Sam Houston", "UTSA", "UConn"; noahpbrown_cfb_games and the polls write the names of
 * their later pulls; `cfb_teams.csv` has the current list but lacks some teams (Troy's FBS id
 * 2653: its "Troy" row is id 3237, another school) and has stale ids for others.
 *
 * Rules:
 * 1. **Merged ids.** A name that CFBD games write with two ids, which never play in the same
 *    season and week (a school plays once a week), is one school under a stray second id: Long
 *    Island University (2341 in 14 games, 112358 in 9 of 2023) and Adrian (2003 in 20 games,
 *    2562 in one of 2024). The id with the most games is canonical (ties: the one seen in the
 *    newest season), the other maps to it. Two ids playing in one week stay two teams.
 * 2. **Resolving a name** written for season S (case-insensitive, trimmed): the id CFBD games of
 *    season S give that name; else the id of the newest other CFBD season with that name; else
 *    the id of the one `cfb_teams.csv` row with that school name (a name on several rows, like
 *    "Glenville State", resolves only through CFBD games); else unresolved (reported by the
 *    caller). The result is canonical (rule 1).
 * @module
 */
import type { CfbdGame, TeamsCsvRow } from "./Sources.js"

/** Two ids of one school merged: `from` (older) now reads as `into`. */
export interface MergedId {
  readonly name: string
  readonly from: string
  readonly into: string
}

/** The directory built from the sources (see the module docs). */
export interface TeamDirectory {
  /** The canonical id of a source id (itself unless merged). */
  readonly canonical: (id: string) => string
  /** The canonical id of `name` as a source writes it for `season`, or undefined when unknown. */
  readonly resolve: (name: string, season: number) => string | undefined
  /** Ids merged by rule 1. */
  readonly merged: ReadonlyArray<MergedId>
  /** The `cfb_teams.csv` row of a canonical id (the row with that exact id first, else a merged one). */
  readonly teamsCsv: (id: string) => TeamsCsvRow | undefined
}

const key = (name: string): string => name.trim().toLowerCase()

/** Builds the directory from the CFBD games and `cfb_teams.csv` (see the module docs). */
export const buildTeamDirectory = (
  cfbdGames: ReadonlyArray<CfbdGame>,
  teamsCsv: ReadonlyArray<TeamsCsvRow>
): TeamDirectory => {
  // name -> ids -> (season|week) keys of their games
  const names = new Map<string, { readonly display: string; readonly ids: Map<string, Array<string>> }>()
  for (const g of cfbdGames) {
    for (const side of [g.home, g.away]) {
      const k = key(side.name)
      let entry = names.get(k)
      if (entry === undefined) {
        entry = { display: side.name, ids: new Map() }
        names.set(k, entry)
      }
      entry.ids.set(side.id, [...(entry.ids.get(side.id) ?? []), `${g.season}|${String(g.week).padStart(2, "0")}`])
    }
  }

  const alias = new Map<string, string>()
  const merged: Array<MergedId> = []
  for (const { display, ids } of names.values()) {
    if (ids.size < 2) continue
    // two ids playing in one week are two schools
    const owner = new Map<string, string>()
    let overlap = false
    for (const [id, weeks] of ids) {
      for (const w of weeks) {
        if ((owner.get(w) ?? id) !== id) overlap = true
        owner.set(w, id)
      }
    }
    if (overlap) continue
    const newest = (w: ReadonlyArray<string>) => w.reduce((a, b) => (a > b ? a : b), "")
    const ranked = [...ids.entries()].sort((a, b) =>
      b[1].length - a[1].length || (newest(b[1]) > newest(a[1]) ? 1 : newest(b[1]) < newest(a[1]) ? -1 : 0)
    )
    const into = ranked[0]![0]
    for (const [from] of ranked.slice(1)) {
      if (!alias.has(from)) {
        alias.set(from, into)
        merged.push({ name: display, from, into })
      }
    }
  }
  const canonical = (id: string): string => {
    let current = id
    for (let hops = 0; hops < 10 && alias.has(current); hops++) current = alias.get(current)!
    return current
  }

  const csvByName = new Map<string, Array<TeamsCsvRow>>()
  const csvById = new Map<string, TeamsCsvRow>()
  for (const row of teamsCsv) {
    const list = csvByName.get(key(row.school)) ?? []
    list.push(row)
    csvByName.set(key(row.school), list)
  }
  for (const row of teamsCsv) if (!csvById.has(row.id)) csvById.set(row.id, row)
  for (const row of teamsCsv) {
    const c = canonical(row.id)
    if (!csvById.has(c)) csvById.set(c, row)
  }

  // name -> season -> canonical ids written that season
  const seasonsOf = new Map<string, Map<number, Set<string>>>()
  for (const g of cfbdGames) {
    for (const side of [g.home, g.away]) {
      const bySeason = seasonsOf.get(key(side.name)) ?? new Map<number, Set<string>>()
      const set = bySeason.get(g.season) ?? new Set<string>()
      set.add(canonical(side.id))
      bySeason.set(g.season, set)
      seasonsOf.set(key(side.name), bySeason)
    }
  }

  const resolve = (name: string, season: number): string | undefined => {
    const bySeason = seasonsOf.get(key(name))
    if (bySeason !== undefined) {
      const same = bySeason.get(season)
      if (same !== undefined && same.size === 1) return [...same][0]!
      const newest = [...bySeason.entries()].filter(([, ids]) => ids.size === 1).sort((a, b) => b[0] - a[0])[0]
      if (newest !== undefined) return [...newest[1]][0]!
    }
    const rows = csvByName.get(key(name))
    return rows !== undefined && rows.length === 1 ? canonical(rows[0]!.id) : undefined
  }

  return { canonical, resolve, merged, teamsCsv: (id) => csvById.get(id) }
}

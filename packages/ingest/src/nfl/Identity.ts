/**
 * NFL player identities across sources.
 *
 * ## The canonical id
 * `svc_nfl_<id>` where `<id>` is the person's most stable public id, in this order:
 * 1. the GSIS id (`00-0033873`): the league's own id, the key of every nflverse table (weekly
 *    stats, injuries, depth charts) and of the DynastyProcess crosswalk; unprefixed;
 * 2. `pfr-<id>`: Pro-Football-Reference (permanent, the key of the snap counts);
 * 3. `sportradar-<uuid>`; 4. `nfl-<id>` (NFL.com fantasy id, hvpkod `PlayerId`); 5. `espn-<id>`;
 * 6. `sleeper-<id>`; 7. `mfl-<id>`; 8. `yahoo-<id>`; then any other platform, by name.
 * The id is computed from the ids known for the person once every source has been read, so the
 * same inputs always give the same id, whichever source a row came from. A person gets a
 * different id only if the sources add a better-ranked id (e.g. a later crosswalk snapshot, or
 * a depth chart naming him under a GSIS id: see Merging).
 *
 * ## Linking
 * Crosswalk rows (DynastyProcess, then mayscopeland ffb_ids) create persons; a later row joins
 * an existing person when it shares an id with it (GSIS first for DynastyProcess rows; sleeper,
 * espn, yahoo, fantasypros, cbs, then NFL.com for ffb_ids rows). Two DynastyProcess rows are the
 * same person only when they share a GSIS id (or, both lacking one, a PFR id). An id already held
 * by one person is never moved to another (first row wins; the conflict is counted).
 * An ffb_ids row that shares no id with a DynastyProcess person is kept aside until the other
 * sources are read (see the adapter), so that a name-only row cannot make a name ambiguous.
 * Note: DynastyProcess `nfl_id` is a different number from the NFL.com fantasy id for most
 * players, so it is kept as platform `nfl_dp`; platform `nfl` is the NFL.com fantasy id.
 *
 * ## Merging
 * Sources without a shared id (hvpkod's NFL.com ids, snap counts' PFR ids, depth charts' and
 * injury reports' GSIS ids of players the crosswalk lacks) can still create two persons for one
 * player. Two persons are merged (`Registry.merge`) when the adapter finds them under the same
 * name key (Names.nameKey: case, accents, periods, apostrophes and Jr/II-V suffixes ignored) on
 * the same team in the same season, then on the same team in any season of the data, and no
 * two persons of that group hold different ids on one platform (else the group is left alone:
 * two GSIS ids, two ESPN ids are namesakes). The merged person keeps the better-ranked canonical
 * id, so a person with a GSIS id keeps it.
 *
 * ## The phase
 * {@link resolveIdentities} runs the steps below in order over one local {@link Registry} and
 * returns an immutable snapshot ({@link Identities}): crosswalk rows, ffb_ids rows matched by id,
 * GSIS-keyed rows (weekly stats, injuries), depth chart rows, hvpkod ids, merging, then the
 * ffb_ids rows kept aside.
 * @module
 */
import { canonicalPlayerId } from "@sports-data/domain"
import { initialKey, nameKey } from "../Names.js"
import { sortKeys } from "../Rows.js"
import type { DepthRow, DpRow, FfbRow, HvRow, InjuryRow, SnapRow, WeeklyRow } from "./Sources.js"

/** Platforms in the order of preference for the canonical id (see module doc). */
export const idPreference: ReadonlyArray<string> = [
  "gsis",
  "pfr",
  "sportradar",
  "nfl",
  "espn",
  "sleeper",
  "mfl",
  "yahoo"
]

/** One person as assembled from the sources. */
export interface Person {
  readonly ids: Map<string, string>
  name: string
  position: string | undefined
  /** Team on the crosswalk (may be stale); see the adapter for the team rule. */
  crosswalkTeam: string | undefined
  birthDate: string | undefined
  draftYear: number | undefined
  firstName: string | undefined
  lastName: string | undefined
  attributes: Record<string, unknown>
}

const key = (platform: string, id: string) => `${platform}\u0000${id}`

/** Registry of the persons of one ingestion run (mutable, local to the run). */
export class Registry {
  private readonly index = new Map<string, Person>()
  /** The registry keys each person holds (more than `ids` when a platform gave them two ids). */
  private readonly held = new Map<Person, Array<string>>()
  private readonly mergedInto = new Map<Person, Person>()
  readonly persons: Array<Person> = []
  /** Ids that another person already held and were therefore not attached. */
  conflicts = 0
  /** Persons merged into another (see `merge`). */
  merged = 0

  /** The person holding `id` on `platform`, if any. */
  find(platform: string, id: string | undefined): Person | undefined {
    return id === undefined ? undefined : this.index.get(key(platform, id))
  }

  /**
   * Creates a person with the given ids. Ids already held by someone else are not attached; when
   * none is left the row is a duplicate and no person is created (undefined).
   */
  create(ids: Readonly<Record<string, string>>, name: string): Person | undefined {
    if (Object.entries(ids).every(([platform, id]) => this.index.has(key(platform, id)))) return undefined
    const person: Person = {
      ids: new Map(),
      name,
      position: undefined,
      crosswalkTeam: undefined,
      birthDate: undefined,
      draftYear: undefined,
      firstName: undefined,
      lastName: undefined,
      attributes: {}
    }
    this.persons.push(person)
    this.held.set(person, [])
    this.attach(person, ids)
    return person
  }

  /**
   * Attaches ids to a person: an id held by nobody is registered to them (and recorded in their
   * platform ids when they have none for that platform); an id held by another person is left
   * there and counted as a conflict.
   */
  attach(person: Person, ids: Readonly<Record<string, string>>): void {
    for (const [platform, id] of Object.entries(ids)) {
      const k = key(platform, id)
      const holder = this.index.get(k)
      if (holder === undefined) {
        this.index.set(k, person)
        this.held.get(person)!.push(k)
        if (!person.ids.has(platform)) person.ids.set(platform, id)
      } else if (holder !== person) {
        this.conflicts++
      }
    }
  }

  /**
   * True when `ids` cannot belong to `person`: he has a different id on one of their platforms,
   * or one of them is held by someone else.
   */
  contradicts(person: Person, ids: Readonly<Record<string, string>>): boolean {
    return Object.entries(ids).some(([platform, id]) => {
      const own = person.ids.get(platform)
      const holder = this.index.get(key(platform, id))
      return (own !== undefined && own !== id) || (holder !== undefined && holder !== person)
    })
  }

  /**
   * Merges `from` into `into` (the same player found under two persons): every id `from` holds
   * moves to `into`, fields `into` lacks are taken from `from`, and `from` leaves `persons`
   * (`resolve` maps it to `into`). Returns false, merging nothing, when the two contradict each
   * other (different ids on one platform: two people).
   */
  merge(into: Person, from: Person): boolean {
    if (into === from || differ(into, from)) return false
    const keys = this.held.get(into)!
    for (const k of this.held.get(from)!) {
      this.index.set(k, into)
      keys.push(k)
    }
    this.held.delete(from)
    for (const [platform, id] of from.ids) if (!into.ids.has(platform)) into.ids.set(platform, id)
    into.position ??= from.position
    into.crosswalkTeam ??= from.crosswalkTeam
    into.birthDate ??= from.birthDate
    into.draftYear ??= from.draftYear
    into.firstName ??= from.firstName
    into.lastName ??= from.lastName
    into.attributes = { ...from.attributes, ...into.attributes }
    this.persons.splice(this.persons.indexOf(from), 1)
    this.mergedInto.set(from, into)
    this.merged++
    return true
  }

  /** The person `p` is now (itself unless it was merged into another). */
  resolve(p: Person): Person {
    let cur = p
    for (let next = this.mergedInto.get(cur); next !== undefined; next = this.mergedInto.get(cur)) cur = next
    return cur
  }
}

/** True when the two persons have different ids on one platform (then they are two people). */
export const differ = (a: Person, b: Person): boolean =>
  [...b.ids].some(([platform, id]) => {
    const own = a.ids.get(platform)
    return own !== undefined && own !== id
  })

/**
 * The rank of a person's canonical id in `idPreference` (0 = GSIS, best); persons with none of
 * those platforms rank last.
 */
export const idRank = (person: Person): number => {
  const i = idPreference.findIndex((platform) => person.ids.has(platform))
  return i < 0 ? idPreference.length : i
}

/** The `<id>` part of the canonical id of a person (see module doc for the order). */
export const localId = (person: Person): string => {
  const gsis = person.ids.get("gsis")
  if (gsis !== undefined) return gsis
  for (const platform of idPreference.slice(1)) {
    const id = person.ids.get(platform)
    if (id !== undefined) return `${platform}-${id}`
  }
  const [platform, id] = [...person.ids.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))[0]!
  return `${platform}-${id}`
}

// -------------------------------------------------------------------------------------------
// The identity phase
// -------------------------------------------------------------------------------------------

/** What the identity phase reads: the crosswalks and every source row that names a player. */
export interface IdentityInputs {
  readonly dpIds: ReadonlyArray<DpRow>
  readonly ffbIds: ReadonlyArray<FfbRow>
  readonly weekly: ReadonlyArray<WeeklyRow>
  readonly snaps: ReadonlyArray<SnapRow>
  readonly injuries: ReadonlyArray<InjuryRow>
  readonly depthCharts: ReadonlyArray<DepthRow>
  /** hvpkod rows of the offense, kicker and idp files, in that order. */
  readonly hv: ReadonlyArray<HvRow>
  /** The schedule's first season: ffb_ids rows link by name to players drafted since (see step 7). */
  readonly minSeason: number
}

/** One player as the sources give him once every source is read (immutable). */
export interface NflPerson {
  /** Canonical player id, `svc_nfl_<localId>`. */
  readonly id: string
  readonly name: string
  readonly firstName: string | undefined
  readonly lastName: string | undefined
  readonly position: string | undefined
  /** Team on the crosswalk (may be stale); see Build.ts for the team rule. */
  readonly crosswalkTeam: string | undefined
  /** `YYYY-MM-DD`. */
  readonly birthDate: string | undefined
  readonly draftYear: number | undefined
  /** Platform -> id, keys sorted. */
  readonly platformIds: Readonly<Record<string, string>>
  /** Crosswalk facts (height in inches, weight in pounds, draft, college, ...), keys sorted. */
  readonly attributes: Readonly<Record<string, unknown>>
}

/** How persons were found: counts for the run's log. */
export interface IdentityCounts {
  readonly persons: number
  /** Ids another person already held (not attached). */
  readonly idConflicts: number
  readonly hvLinkedByEvidence: number
  readonly hvLinkedByName: number
  readonly hvNewPersons: number
  readonly mergedByTeamAndName: number
  readonly ffbLinkedByName: number
}

/** The result of the identity phase: every person, and the person behind each source's key. */
export interface Identities {
  /** Every person, in the order the sources introduced them. */
  readonly persons: ReadonlyArray<NflPerson>
  /** The person holding a GSIS id (every GSIS id of weekly stats and injuries has one). */
  readonly byGsis: (gsis: string) => NflPerson | undefined
  /** The person holding a PFR id (snap counts), if any. */
  readonly byPfr: (pfr: string) => NflPerson | undefined
  /** The person of each hvpkod NFL.com id (absent when every id of the row was taken). */
  readonly byHvId: ReadonlyMap<string, NflPerson>
  /** The person of each depth chart row, by index in `IdentityInputs.depthCharts`. */
  readonly depth: ReadonlyArray<NflPerson>
  readonly counts: IdentityCounts
}

/** The platforms by which an ffb_ids row joins an existing person, in order. */
const ffbLinkOrder = ["sleeper", "espn", "yahoo", "fantasypros", "cbs", "nfl"]

/** Coarse position group for name matching (DL and LB overlap: edge rushers are listed as either). */
const positionGroup = (pos: string | undefined): string | undefined => {
  if (pos === undefined) return undefined
  const p = pos.toUpperCase()
  if (["CB", "S", "SS", "FS", "DB", "SAF"].includes(p)) return "DB"
  if (["DE", "DT", "NT", "DL", "EDGE", "LB", "ILB", "OLB", "MLB"].includes(p)) return "FRONT"
  if (["RB", "FB", "HB"].includes(p)) return "RB"
  if (["K", "PK"].includes(p)) return "K"
  return p
}

/**
 * The position a depth chart slot implies (LDT -> DT, RCB -> CB, WLB -> LB, FS -> S), or
 * undefined for roles that are not positions (KR, PR, H = holder).
 */
const slotPosition = (slot: string): string | undefined => {
  const s = slot.toUpperCase()
  if (["KR", "PR", "H"].includes(s)) return undefined
  if (["WLB", "SLB", "MLB", "LILB", "RILB", "LOLB", "ROLB", "ILB", "OLB"].includes(s)) return "LB"
  if (["SS", "FS"].includes(s)) return "S"
  if (["NB", "LCB", "RCB"].includes(s)) return "CB"
  if (["LT", "RT"].includes(s)) return "T"
  if (["LG", "RG"].includes(s)) return "G"
  const m = /^[LR](DT|DE|CB|WR)$/.exec(s)
  return m !== null ? m[1] : s
}

/** Appends `value` to the list under `key`. */
const push = <K, V>(index: Map<K, Array<V>>, key: K, value: V): void => {
  const list = index.get(key)
  if (list === undefined) index.set(key, [value])
  else list.push(value)
}

/** The person of an ffb_ids row by one of its ids (in {@link ffbLinkOrder}), if any. */
const ffbById = (reg: Registry, r: FfbRow): Person | undefined =>
  ffbLinkOrder.map((p) => reg.find(p, r.ids[p])).find((p) => p !== undefined)

/**
 * Step 1: DynastyProcess rows create persons. A row joins an earlier one by GSIS id, or, lacking
 * a GSIS id, by PFR id when that person has no GSIS id either; a row whose ids are all taken
 * is a duplicate.
 */
const linkCrosswalk = (reg: Registry, rows: ReadonlyArray<DpRow>): void => {
  const noGsis = (p: Person | undefined) => (p !== undefined && !p.ids.has("gsis") ? p : undefined)
  for (const r of rows) {
    const gsis = r.ids.gsis
    const existing = reg.find("gsis", gsis) ?? (gsis === undefined ? noGsis(reg.find("pfr", r.ids.pfr)) : undefined)
    const person = existing ?? reg.create(r.ids, r.name)
    if (person === undefined) continue // every id already held: a duplicate row
    if (existing !== undefined) {
      reg.attach(existing, r.ids)
      continue
    }
    person.position = r.position
    person.crosswalkTeam = r.team
    person.birthDate = r.birthDate
    person.draftYear = r.draftYear
    person.attributes = r.attributes
  }
}

/**
 * Step 2: ffb_ids rows sharing an id with a person join him; the others are returned, to wait
 * until every other source is read (step 7), so a name-only row cannot make a name ambiguous.
 */
const linkFfbById = (reg: Registry, rows: ReadonlyArray<FfbRow>): ReadonlyArray<FfbRow> => {
  const pending: Array<FfbRow> = []
  for (const r of rows) {
    const person = ffbById(reg, r)
    if (person !== undefined) reg.attach(person, r.ids)
    else pending.push(r)
  }
  return pending
}

/**
 * Step 3: every GSIS id of the weekly stats and the injury reports gets a person (created when
 * no crosswalk row has it), with the row's position when he has none; injury reports also give
 * first and last name.
 */
const linkGsisRows = (reg: Registry, weekly: ReadonlyArray<WeeklyRow>, injuries: ReadonlyArray<InjuryRow>): void => {
  const byGsis = (gsis: string, name: string, position: string | undefined): Person => {
    const p = reg.find("gsis", gsis) ?? reg.create({ gsis }, name)!
    if (p.position === undefined) p.position = position
    return p
  }
  for (const r of weekly) byGsis(r.gsis, r.name, r.position)
  for (const r of injuries) {
    const p = byGsis(r.gsis, r.fullName, r.position)
    if (r.firstName !== undefined) p.firstName = r.firstName
    if (r.lastName !== undefined) p.lastName = r.lastName
  }
}

/**
 * Step 4: the person of each depth chart row, by GSIS then ESPN id (the row's ids are attached),
 * else a new person with the slot's position.
 */
const linkDepthRows = (reg: Registry, rows: ReadonlyArray<DepthRow>): Array<Person> =>
  rows.map((r) => {
    const ids: Record<string, string> = {}
    if (r.gsis !== undefined) ids.gsis = r.gsis
    if (r.espn !== undefined) ids.espn = r.espn
    const found = reg.find("gsis", r.gsis) ?? reg.find("espn", r.espn)
    if (found !== undefined) {
      reg.attach(found, ids)
      return found
    }
    const p = reg.create(ids, r.name)!
    p.position = slotPosition(r.slot)
    return p
  })

/** A person, or a PFR id of the snap counts that no person holds yet. */
type Candidate = Person | { readonly pfr: string }

/**
 * Step 5: the person of each hvpkod NFL.com id: the crosswalk's (`nfl`, or DynastyProcess's
 * `nfl_dp`); else the one that the rows of GSIS/PFR-keyed sources (weekly stats, injuries, snap
 * counts) name on the same team in the same season and week, by most such weeks (exact name key
 * first, then first initial + last name in the same position group: Jesse Matthews, a receiver,
 * is not the tackle Jake Matthews); else the only person of that name key without an NFL.com id
 * in the same position group; else a new person.
 */
const linkHvIds = (
  reg: Registry,
  input: Pick<IdentityInputs, "weekly" | "injuries" | "snaps" | "hv">
): {
  readonly byHvId: Map<string, Person>
  readonly byEvidence: number
  readonly byName: number
  readonly created: number
} => {
  const exact = new Map<string, Set<Candidate>>()
  const loose = new Map<string, Set<Candidate>>()
  const pfrCandidates = new Map<string, Candidate>()
  const looseKey = (name: string, position: string | undefined) =>
    `${initialKey(name)}|${positionGroup(position) ?? ""}`
  const addEvidence = (
    season: number,
    week: number,
    team: string,
    name: string,
    position: string | undefined,
    c: Candidate
  ) => {
    for (const [index, k] of [[exact, nameKey(name)], [loose, looseKey(name, position)]] as const) {
      const key = `${season}|${week}|${team}|${k}`
      let set = index.get(key)
      if (set === undefined) index.set(key, set = new Set())
      set.add(c)
    }
  }
  for (const r of input.weekly) addEvidence(r.season, r.week, r.team, r.name, r.position, reg.find("gsis", r.gsis)!)
  for (const r of input.injuries) {
    addEvidence(r.season, r.week, r.team, r.fullName, r.position, reg.find("gsis", r.gsis)!)
  }
  for (const r of input.snaps) {
    let c: Candidate | undefined = reg.find("pfr", r.pfr) ?? pfrCandidates.get(r.pfr)
    if (c === undefined) pfrCandidates.set(r.pfr, c = { pfr: r.pfr })
    addEvidence(r.season, r.week, r.team, r.name, r.position, c)
  }
  const byName = new Map<string, Array<Person>>()
  for (const p of reg.persons) push(byName, nameKey(p.name), p)

  const hvByPlayer = new Map<string, Array<HvRow>>()
  for (const r of input.hv) push(hvByPlayer, r.nflId, r)
  const byHvId = new Map<string, Person>()
  let byEvidence = 0
  let byNameCount = 0
  let created = 0
  for (const [nflId, rows] of hvByPlayer) {
    const first = rows[0]!
    let person = reg.find("nfl", nflId) ?? reg.find("nfl_dp", nflId)
    if (person === undefined) {
      const vote = (index: Map<string, Set<Candidate>>, keyOf: (r: HvRow) => string) => {
        const votes = new Map<Candidate, number>()
        for (const r of rows) {
          if (r.team === undefined || r.opponent === undefined) continue
          const set = index.get(`${r.season}|${r.week}|${r.team}|${keyOf(r)}`)
          if (set !== undefined && set.size === 1) {
            const c = [...set][0]!
            votes.set(c, (votes.get(c) ?? 0) + 1)
          }
        }
        const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1])
        return ranked.length > 0 && (ranked.length === 1 || ranked[0]![1] > ranked[1]![1]) ? ranked[0]![0] : undefined
      }
      const c = vote(exact, (r) => nameKey(r.name)) ?? vote(loose, (r) => looseKey(r.name, r.position))
      if (c !== undefined) {
        person = "pfr" in c ? (reg.find("pfr", c.pfr) ?? reg.create({ pfr: c.pfr }, first.name)) : c
        if (person !== undefined) byEvidence++
      }
    }
    if (person === undefined) {
      const group = positionGroup(first.position)
      const same = (byName.get(nameKey(first.name)) ?? []).filter((p) =>
        p.ids.get("nfl") === undefined && (p.position === undefined || positionGroup(p.position) === group)
      )
      if (same.length === 1) {
        person = same[0]!
        byNameCount++
      }
    }
    if (person === undefined) {
      person = reg.create({ nfl: nflId }, first.name)
      created++
    }
    if (person === undefined) continue
    reg.attach(person, { nfl: nflId })
    if (person.position === undefined) person.position = first.position
    byHvId.set(nflId, person)
  }
  return { byHvId, byEvidence, byName: byNameCount, created }
}

/**
 * Step 6 (see Merging above): persons under the same name key on the same team in the same
 * season are one player unless their ids say otherwise (then the whole group is left alone);
 * then likewise on the same team in any season of the data (a player the crosswalk lacks, in
 * the snap counts one season and on the depth chart the next). Returns the persons seen in any
 * source row (for step 7).
 */
const mergeNamesakes = (
  reg: Registry,
  input: Pick<IdentityInputs, "weekly" | "injuries" | "depthCharts" | "snaps" | "hv">,
  depthPersons: ReadonlyArray<Person>,
  byHvId: ReadonlyMap<string, Person>
): Set<Person> => {
  const sameSeason = new Map<string, Array<Person>>()
  const sameTeam = new Map<string, Array<Person>>()
  const seen = new Set<Person>()
  const sighting = (season: number, team: string | undefined, name: string, p: Person | undefined) => {
    if (p === undefined) return
    seen.add(p)
    if (team === undefined) return
    const key = nameKey(name)
    for (const [index, k] of [[sameSeason, `${season}|${team}|${key}`], [sameTeam, `${team}|${key}`]] as const) {
      const list = index.get(k)
      if (list === undefined) index.set(k, [p])
      else if (!list.includes(p)) list.push(p)
    }
  }
  for (const r of input.weekly) sighting(r.season, r.team, r.name, reg.find("gsis", r.gsis))
  for (const r of input.injuries) sighting(r.season, r.team, r.fullName, reg.find("gsis", r.gsis))
  input.depthCharts.forEach((r, i) => sighting(r.season, r.team, r.name, depthPersons[i]))
  for (const r of input.snaps) sighting(r.season, r.team, r.name, reg.find("pfr", r.pfr))
  for (const r of input.hv) sighting(r.season, r.team, r.name, byHvId.get(r.nflId))
  for (const group of [...sameSeason.values(), ...sameTeam.values()]) {
    const persons = [...new Set(group.map((p) => reg.resolve(p)))]
    if (persons.length < 2) continue
    if (persons.some((a, i) => persons.slice(i + 1).some((b) => differ(a, b)))) continue
    persons.sort((a, b) => idRank(a) - idRank(b))
    const [into, ...rest] = persons
    for (const p of rest) reg.merge(into!, p)
  }
  return seen
}

/**
 * Step 7: the ffb_ids rows no crosswalk person matched: by an id another source has since given
 * a person (ESPN from depth charts, NFL.com from hvpkod); else by name, when exactly one person
 * seen in the sources (or drafted in `minSeason` or later) has the name key and no
 * contradicting id, and no other waiting row has that name key; else a new person. Returns how
 * many joined by name.
 */
const linkPendingFfb = (
  reg: Registry,
  pending: ReadonlyArray<FfbRow>,
  seen: ReadonlySet<Person>,
  minSeason: number
): number => {
  const pendingByName = new Map<string, number>()
  for (const r of pending) pendingByName.set(nameKey(r.name), (pendingByName.get(nameKey(r.name)) ?? 0) + 1)
  const recent = new Map<string, Array<Person>>()
  for (const p of reg.persons) {
    if (!seen.has(p) && !(p.draftYear !== undefined && p.draftYear >= minSeason)) continue
    push(recent, nameKey(p.name), p)
  }
  let byName = 0
  for (const r of pending) {
    const byId = ffbById(reg, r)
    if (byId !== undefined) {
      reg.attach(byId, r.ids)
      continue
    }
    const k = nameKey(r.name)
    const same = (recent.get(k) ?? []).filter((p) => !reg.contradicts(p, r.ids))
    if (same.length === 1 && pendingByName.get(k) === 1) {
      reg.attach(same[0]!, r.ids)
      byName++
    } else {
      reg.create(r.ids, r.name)
    }
  }
  return byName
}

/** The immutable form of a person whose sources are all read. */
const snapshot = (p: Person): NflPerson => ({
  id: canonicalPlayerId("nfl", localId(p)),
  name: p.name,
  firstName: p.firstName,
  lastName: p.lastName,
  position: p.position,
  crosswalkTeam: p.crosswalkTeam,
  birthDate: p.birthDate,
  draftYear: p.draftYear,
  platformIds: sortKeys(Object.fromEntries(p.ids)),
  attributes: sortKeys(p.attributes)
})

/**
 * The identity phase: one person per player across every source (steps 1-7 above, in order),
 * each with his canonical id. Pure: the same inputs give the same persons in the same order.
 */
export const resolveIdentities = (input: IdentityInputs): Identities => {
  const reg = new Registry()
  linkCrosswalk(reg, input.dpIds)
  const pending = linkFfbById(reg, input.ffbIds)
  linkGsisRows(reg, input.weekly, input.injuries)
  const depthPersons = linkDepthRows(reg, input.depthCharts)
  const hv = linkHvIds(reg, input)
  const seen = mergeNamesakes(reg, input, depthPersons, hv.byHvId)
  const ffbLinkedByName = linkPendingFfb(reg, pending, seen, input.minSeason)

  const frozen = new Map(reg.persons.map((p) => [p, snapshot(p)]))
  const of = (p: Person | undefined) => (p === undefined ? undefined : frozen.get(reg.resolve(p)))
  return {
    persons: [...frozen.values()],
    byGsis: (gsis) => of(reg.find("gsis", gsis)),
    byPfr: (pfr) => of(reg.find("pfr", pfr)),
    byHvId: new Map([...hv.byHvId].map(([nflId, p]) => [nflId, of(p)!])),
    depth: depthPersons.map((p) => of(p)!),
    counts: {
      persons: reg.persons.length,
      idConflicts: reg.conflicts,
      hvLinkedByEvidence: hv.byEvidence,
      hvLinkedByName: hv.byName,
      hvNewPersons: hv.created,
      mergedByTeamAndName: reg.merged,
      ffbLinkedByName
    }
  }
}

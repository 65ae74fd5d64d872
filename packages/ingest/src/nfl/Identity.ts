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
 * @module
 */

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

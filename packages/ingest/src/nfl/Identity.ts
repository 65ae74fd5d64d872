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
 * different id only if a later snapshot of the crosswalk adds a better-ranked id (e.g. a GSIS id
 * for a player who had none).
 *
 * ## Linking
 * Crosswalk rows (DynastyProcess, then mayscopeland ffb_ids) create persons; a later row joins
 * an existing person when it shares an id with it (GSIS first for DynastyProcess rows; sleeper,
 * espn, yahoo, fantasypros, cbs, then NFL.com for ffb_ids rows). Two DynastyProcess rows are the
 * same person only when they share a GSIS id (or, both lacking one, a PFR id). An id already held
 * by one person is never moved to another (first row wins; the conflict is counted).
 * Note: DynastyProcess `nfl_id` is a different number from the NFL.com fantasy id for most
 * players, so it is kept as platform `nfl_dp`; platform `nfl` is the NFL.com fantasy id.
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
  readonly persons: Array<Person> = []
  /** Ids that another person already held and were therefore not attached. */
  conflicts = 0

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
      const holder = this.index.get(key(platform, id))
      if (holder === undefined) {
        this.index.set(key(platform, id), person)
        if (!person.ids.has(platform)) person.ids.set(platform, id)
      } else if (holder !== person) {
        this.conflicts++
      }
    }
  }
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

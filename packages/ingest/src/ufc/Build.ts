/**
 * Builds the canonical UFC rows from the parsed source records (Sources.ts).
 *
 * - A card is a `SportEvent` (id: the ufcstats event hash; `state` final when it has results,
 *   scheduled otherwise); its `attributes.fights` lists its bouts in the source's order (main
 *   event first) with fighters, outcome, weight class, method, round, time and referee.
 * - Each fighter of each bout is an `EventEntry` (id `<fight hash>:<fighter id>`, event_id the
 *   card; position 1 for a win, 2 for a loss, null for a draw or no contest; status win, loss,
 *   draw or no_contest; stats round, time_seconds, bout_order).
 * - A fighter is an `Athlete` `svc_ufc_<fighter hash>` with the tale of the tape.
 *
 * Bouts name fighters as "A vs. B". A name is resolved to the directory by its name key
 * (Names.ts): one fighter of that name: that fighter; several: the one whose listed weight is
 * the bout's weight-class limit, when exactly one is; otherwise (no fighter of that name, or
 * still several) the entry keeps the name's own id (domain `Ufc.unresolvedFighterId`), no athlete row, and
 * the name is reported as unresolved, never attributed by guess.
 * @module
 */
import type { Athlete, EventEntry, SportEvent } from "@sports-data/domain"
import { canonicalPlayerId, Ufc } from "@sports-data/domain"
import { nameKey } from "../Names.js"
import type { SkippedRow } from "../Report.js"
import { sortKeys } from "../Rows.js"
import type { UfcEventRow, UfcFighterRow, UfcFightRow, UfcTapeRow } from "./Sources.js"

/** The id of a name that could not be resolved to one fighter (the domain's rule). */
export const unresolvedFighterId = Ufc.unresolvedFighterId

/** What {@link buildUfc} reads. */
export interface UfcInput {
  readonly events: ReadonlyArray<UfcEventRow>
  readonly fights: ReadonlyArray<UfcFightRow>
  readonly fighters: ReadonlyArray<UfcFighterRow>
  readonly tapes: ReadonlyArray<UfcTapeRow>
}

/** What {@link buildUfc} makes. `unresolved`: each name left unresolved, with why. */
export interface UfcBuilt {
  readonly athletes: ReadonlyArray<Athlete>
  readonly events: ReadonlyArray<SportEvent>
  readonly entries: ReadonlyArray<EventEntry>
  readonly skipped: ReadonlyArray<SkippedRow>
  readonly unresolved: ReadonlyArray<{ readonly name: string; readonly reason: string }>
}

const fullName = (f: UfcFighterRow): string => [f.first, f.last].filter((x) => x !== null).join(" ")

/** Builds every canonical UFC row (see the module documentation). Pure. */
export const buildUfc = (input: UfcInput): UfcBuilt => {
  const tapes = new Map(input.tapes.map((t) => [t.id, t] as const))
  const athletes = new Map<string, Athlete>()
  const byName = new Map<string, Array<Athlete>>()
  for (const f of input.fighters) {
    const tape = tapes.get(f.id)
    const a: Athlete = {
      id: canonicalPlayerId("ufc", f.id),
      sport: "ufc",
      league: "ufc",
      name: fullName(f),
      first_name: f.first,
      last_name: f.last,
      country: null,
      birth_date: tape?.birthDate ?? null,
      attributes: sortKeys({
        nickname: f.nickname,
        height_in: tape?.heightIn ?? null,
        weight_lb: tape?.weightLb ?? null,
        reach_in: tape?.reachIn ?? null,
        stance: tape?.stance ?? null,
        url: f.url
      })
    }
    athletes.set(a.id, a)
    const key = nameKey(a.name)
    const list = byName.get(key)
    if (list === undefined) byName.set(key, [a])
    else list.push(a)
  }

  const unresolved = new Map<string, string>()
  const resolve = (name: string, limit: number | null): string => {
    const candidates = byName.get(nameKey(name)) ?? []
    if (candidates.length === 1) return candidates[0]!.id
    if (candidates.length > 1 && limit !== null) {
      const fit = candidates.filter((c) => c.attributes["weight_lb"] === limit)
      if (fit.length === 1) return fit[0]!.id
    }
    if (!unresolved.has(name)) {
      unresolved.set(
        name,
        candidates.length === 0
          ? "no fighter of this name in the directory"
          : `${candidates.length} fighters of this name: ${candidates.map((c) => c.id).join(", ")}`
      )
    }
    return unresolvedFighterId(name)
  }

  const cards = new Map(input.events.map((e) => [e.name.trim(), e] as const))
  const skipped: Array<SkippedRow> = []
  const fightsOf = new Map<string, Array<Record<string, unknown>>>()
  const entries: Array<EventEntry> = []
  const seen = new Set<string>()
  // the source lists a few fights twice, once under a card's former name
  const listedUnder = new Map<string, string>()
  for (const f of input.fights) if (cards.has(f.event.trim())) listedUnder.set(f.id, f.event.trim())
  for (const f of input.fights) {
    const card = cards.get(f.event.trim())
    if (card === undefined) {
      const listed = listedUnder.get(f.id)
      skipped.push({
        file: f.file,
        line: f.line,
        reason: `EVENT is not in ufc_event_details.csv: ${JSON.stringify(f.event)}` +
          (listed === undefined ? "" : `; the same fight is listed under ${JSON.stringify(listed)}`)
      })
      continue
    }
    if (seen.has(f.id)) {
      skipped.push({ file: f.file, line: f.line, reason: `the same fight appears twice (${f.id})` })
      continue
    }
    seen.add(f.id)
    const ids = [resolve(f.names[0], f.limitLb), resolve(f.names[1], f.limitLb)] as const
    const list = fightsOf.get(card.id) ?? []
    fightsOf.set(card.id, list)
    const order = list.length + 1
    list.push(sortKeys({
      fight_id: f.id,
      bout_order: order,
      fighters: [
        { id: ids[0], name: f.names[0], result: f.results[0] },
        { id: ids[1], name: f.names[1], result: f.results[1] }
      ],
      weight_class: f.weightClass,
      title_fight: f.title,
      method: f.method,
      round: f.round,
      time: f.time,
      time_format: f.timeFormat,
      referee: f.referee,
      details: f.details
    }))
    for (const i of [0, 1] as const) {
      const result = f.results[i]
      entries.push({
        id: `${f.id}:${ids[i]}`,
        sport: "ufc",
        event_id: card.id,
        participant_id: ids[i],
        participant_name: f.names[i],
        team: null,
        position: result === "win" ? 1 : result === "loss" ? 2 : null,
        status: result,
        score: null,
        stats: sortKeys({ round: f.round, time_seconds: f.timeSeconds, bout_order: order })
      })
    }
  }

  const events = input.events.map((e): SportEvent => {
    const fights = fightsOf.get(e.id) ?? []
    return {
      id: e.id,
      sport: "ufc",
      league: "ufc",
      season: Number(e.date.slice(0, 4)),
      name: e.name.trim(),
      start_date: e.date,
      end_date: null,
      state: fights.length > 0 ? "final" : "scheduled",
      venue: e.location,
      attributes: sortKeys({ url: e.url, fights })
    }
  })

  return {
    athletes: Array.from(athletes.values()),
    events,
    entries,
    skipped,
    unresolved: Array.from(unresolved, ([name, reason]) => ({ name, reason })).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0
    )
  }
}

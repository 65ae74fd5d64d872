/**
 * The UFC feature: cards with their bouts, the fighter directory, and a fighter's UFC record,
 * as the specification's resources (domain `UfcResources`), over the EventReader and the
 * AthleteReader through the event-sport helpers (Events.ts).
 * @module
 */
import {
  type Athlete,
  AthleteReader,
  EventReader,
  type SportEvent,
  Ufc as UfcRules,
  UfcResources as R
} from "@sports-data/domain"
import { Effect } from "effect"
import { attrString, eventsPage, participantEvents, resolveAthlete } from "./Events.js"

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null)
const results: ReadonlyArray<string> = UfcRules.ufc.results

/** The bouts a card's `attributes.fights` holds (written by the UFC ingest), main event first. */
export const boutsOf = (event: SportEvent): ReadonlyArray<R.Bout> => {
  const fights = event.attributes["fights"]
  if (!Array.isArray(fights)) return []
  return fights.map((f: Record<string, unknown>): R.Bout => ({
    game_id: String(f["fight_id"]),
    fight_id: String(f["fight_id"]),
    bout_order: num(f["bout_order"]) ?? 0,
    weight_class: attrString(f["weight_class"]) ?? "",
    title_fight: f["title_fight"] === true,
    fighters: (Array.isArray(f["fighters"]) ? f["fighters"] : []).map((x: Record<string, unknown>) => ({
      player_id: String(x["id"]),
      player_name: String(x["name"]),
      id: String(x["id"]),
      name: String(x["name"]),
      result:
        (results.includes(String(x["result"])) ? x["result"] : "no_contest") as R.Bout["fighters"][number]["result"],
      resolved: !String(x["id"]).startsWith(UfcRules.unresolvedFighterId(""))
    })),
    method: attrString(f["method"]),
    round: num(f["round"]),
    time: attrString(f["time"]),
    time_format: attrString(f["time_format"]),
    referee: attrString(f["referee"]),
    details: attrString(f["details"])
  }))
}

/** The event resource of a card. */
export const eventRow = (event: SportEvent): R.Event => {
  const fights = boutsOf(event)
  return {
    id: event.id,
    name: event.name,
    date: event.start_date,
    location: event.venue,
    state: event.state,
    fight_count: fights.length,
    fights
  }
}

/** The fighter resource of an athlete. */
export const fighterRow = (a: Athlete): R.Fighter => ({
  player_id: a.id,
  player_name: a.name,
  id: a.id,
  name: a.name,
  first_name: a.first_name,
  last_name: a.last_name,
  nickname: attrString(a.attributes["nickname"]),
  date_of_birth: a.birth_date,
  height_in: num(a.attributes["height_in"]),
  reach_in: num(a.attributes["reach_in"]),
  weight_lb: num(a.attributes["weight_lb"]),
  stance: attrString(a.attributes["stance"])
})

/** The UFC feature. */
export class Ufc extends Effect.Service<Ufc>()("@sports-data/app/Ufc", {
  effect: Effect.gen(function*() {
    const events = yield* EventReader
    const athletes = yield* AthleteReader

    /** The first `limit` cards, newest first, in `state` (scheduled | final) when given. */
    const listEvents = Effect.fn("Ufc.events")(function*(query: {
      readonly state?: string | undefined
      readonly limit: number
    }) {
      const page = yield* eventsPage(events, "ufc", { state: query.state, limit: query.limit })
      return page.rows.map(eventRow)
    })

    /** The first `limit` fighters by name, whose name contains `search` when given, with the total. */
    const fighters = Effect.fn("Ufc.fighters")(function*(query: {
      readonly search?: string | undefined
      readonly limit: number
    }) {
      const page = yield* athletes.find({ sport: "ufc", search: query.search, limit: query.limit, offset: 0 })
      return { total: page.total, rows: page.rows.map(fighterRow) }
    })

    /** A fighter's bouts (as entries with their cards) as record fights, newest first. */
    const fightsOf = (participantId: string) =>
      Effect.map(
        participantEvents(events, "ufc", participantId),
        (played) =>
          played.flatMap(({ entry, event }): ReadonlyArray<R.RecordFight> => {
            const fightId = entry.id.slice(0, entry.id.indexOf(":"))
            const bout = boutsOf(event).find((b) => b.fight_id === fightId)
            if (bout === undefined) return []
            const me = bout.fighters.findIndex((f) => f.id === participantId)
            const opponent = bout.fighters[me === 0 ? 1 : 0]
            return [{
              game_id: fightId,
              fight_id: fightId,
              event_id: event.id,
              event: event.name,
              date: event.start_date,
              opponent: {
                player_id: opponent?.id ?? "",
                player_name: opponent?.name ?? "",
                id: opponent?.id ?? "",
                name: opponent?.name ?? ""
              },
              result: bout.fighters[me]?.result ?? "no_contest",
              method: bout.method,
              round: bout.round,
              time: bout.time,
              weight_class: bout.weight_class,
              title_fight: bout.title_fight
            }]
          }).sort((a, b) =>
            (a.date ?? "") < (b.date ?? "")
              ? 1
              : (a.date ?? "") > (b.date ?? "")
              ? -1
              : b.fight_id < a.fight_id
              ? -1
              : 1
          )
      )

    /**
     * The UFC record of the fighter `name` (a name or an id): wins, losses, draws and no contests
     * over the bouts attributed to them, each bout newest first, and the bouts under the same name
     * that could not be attributed (namesakes), uncounted. ResourceNotFound for an unknown
     * fighter; InvalidParameter (name) listing the candidates when a name matches several.
     */
    const record = Effect.fn("Ufc.record")(function*(name: string) {
      const fighter = yield* resolveAthlete(athletes, "ufc", name, { parameter: "name", resource: "fighter" })
      const fights = yield* fightsOf(fighter.id)
      const unresolved = yield* fightsOf(UfcRules.unresolvedFighterId(fighter.name))
      const count = (r: string) => fights.filter((f) => f.result === r).length
      const out: R.FighterRecord = {
        fighter: fighterRow(fighter),
        wins: count("win"),
        losses: count("loss"),
        draws: count("draw"),
        no_contests: count("no_contest"),
        fights,
        unresolved_fights: unresolved
      }
      return out
    })

    return { events: listEvents, fighters, record } as const
  })
}) {}

/**
 * Sport keys of the specification ("What the service does", item 1).
 * @module
 */
import { Schema } from "effect"

/** Every sport key the interface names. */
export const SportKey = Schema.Literal(
  "nfl",
  "mlb",
  "nba",
  "nhl",
  "cfb",
  "soccer",
  "tennis",
  "golf",
  "ufc",
  "f1",
  "nascar"
)
export type SportKey = typeof SportKey.Type

/**
 * Team sports: games between a home and an away team, standings, teams with rosters. Each has a
 * `SportModule` (sports/Registry.ts) and ingested real data.
 */
export const TeamSport = Schema.Literal("nfl", "mlb", "nba", "nhl", "cfb", "soccer")
export type TeamSport = typeof TeamSport.Type

/** The team sports in the order the service lists them. */
export const teamSports: ReadonlyArray<TeamSport> = TeamSport.literals

/** True when `u` is a team sport key. */
export const isTeamSport = Schema.is(TeamSport)

/**
 * Individual and event sports: an event (a match, a tournament, a fight card, a race) with
 * participants and their results (Canonical.ts `SportEvent`, `EventEntry`).
 */
export const EventSport = Schema.Literal("tennis", "golf", "ufc", "f1", "nascar")
export type EventSport = typeof EventSport.Type

/** The event sports in the order the service lists them. */
export const eventSports: ReadonlyArray<EventSport> = EventSport.literals

/** Soccer league keys (specification, "What the service does", item 2). */
export const SoccerLeague = Schema.Literal("epl", "mls", "la_liga", "bundesliga", "serie_a", "champions_league")
export type SoccerLeague = typeof SoccerLeague.Type

/**
 * Canonical player id: `svc_<sport>_<id>` (specification, "Canonical player identities").
 * The `<id>` part is the most stable public id of the person (see each ingest adapter).
 */
export const canonicalPlayerId = (sport: SportKey, id: string): string => `svc_${sport}_${id}`

/** Splits a canonical id into sport and local id, or returns undefined when it is not of the form. */
export const parseCanonicalPlayerId = (
  id: string
): { readonly sport: SportKey; readonly local: string } | undefined => {
  const match = /^svc_([a-z0-9]+)_(.+)$/.exec(id)
  if (match === null) return undefined
  const sport = match[1]!
  if (!(SportKey.literals as ReadonlyArray<string>).includes(sport)) return undefined
  return { sport: sport as SportKey, local: match[2]! }
}
